//! How many bytes the kernel holds in a socket's send queue that it has not
//! been able to put on the wire yet (Linux `SIOCOUTQNSD`).
//!
//! The adaptive writer's own queue only grows after the kernel's send
//! buffer (up to several MB with autotuning) is full, which on a slow link
//! hides the backlog for seconds. Bytes the kernel cannot send yet (peer's
//! window closed, congestion window full) are the part of that buffer that
//! says the network is the bottleneck; bytes in flight are not counted.

use std::os::fd::{AsRawFd, RawFd};

/// A handle for asking about one socket's unsent bytes.
#[derive(Debug, Clone, Copy)]
pub struct SendQueueProbe {
    fd: RawFd,
}

impl SendQueueProbe {
    /// The caller keeps the socket open for as long as it uses the probe (a
    /// stale descriptor only makes the answer meaningless, never unsafe).
    pub fn new(socket: &tokio::net::TcpStream) -> SendQueueProbe {
        SendQueueProbe {
            fd: socket.as_raw_fd(),
        }
    }

    /// The socket's descriptor (for `TCP_INFO`, see [`crate::net::tcp_info`]).
    pub fn raw_fd(&self) -> RawFd {
        self.fd
    }

    /// Bytes queued in the kernel and not sent yet; 0 when unknown.
    pub fn unsent_bytes(&self) -> usize {
        #[cfg(target_os = "linux")]
        {
            // include/uapi/linux/sockios.h
            const SIOCOUTQNSD: libc::c_ulong = 0x894B;
            let mut n: libc::c_int = 0;
            // SAFETY: SIOCOUTQNSD writes one int through the pointer, which
            // points at a live local.
            let rc = unsafe { libc::ioctl(self.fd, SIOCOUTQNSD as _, &mut n as *mut libc::c_int) };
            if rc == 0 && n > 0 {
                return n as usize;
            }
            0
        }
        #[cfg(not(target_os = "linux"))]
        {
            0
        }
    }
}

/// Cap the socket's send buffer (SO_SNDBUF; Linux doubles the value for
/// bookkeeping and turns autotuning off for the socket). The cap bounds
/// bytes in flight too: throughput <= buffer / round-trip time.
pub fn set_send_buffer(socket: &tokio::net::TcpStream, bytes: usize) -> std::io::Result<()> {
    socket2::SockRef::from(socket).set_send_buffer_size(bytes)
}

/// Let writes wait once `bytes` are queued that the kernel has not sent
/// yet (TCP_NOTSENT_LOWAT). Unlike a small SO_SNDBUF this leaves the bytes
/// in flight to the congestion window (and the send buffer to autotuning),
/// so a link with a large bandwidth-delay product still fills, while the
/// backlog of what the policy decided stays in squeeze's own queue, where
/// a switch to compression still applies to it.
pub fn set_unsent_low_water(socket: &tokio::net::TcpStream, bytes: usize) -> std::io::Result<()> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let bytes = u32::try_from(bytes)
            .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))?;
        socket2::SockRef::from(socket).set_tcp_notsent_lowat(bytes)
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    {
        let _ = (socket, bytes);
        Ok(())
    }
}

/// Apply a bulk connection's send-side settings (0 = leave that one as
/// the kernel has it). Failures only cost the policy some visibility, so
/// they are logged, not returned.
pub fn tune_bulk_socket(
    socket: &tokio::net::TcpStream,
    send_buffer: usize,
    unsent_low_water: usize,
) {
    if send_buffer != 0 {
        if let Err(e) = set_send_buffer(socket, send_buffer) {
            tracing::debug!(error = %e, "could not set SO_SNDBUF on a bulk connection");
        }
    }
    if unsent_low_water != 0 {
        if let Err(e) = set_unsent_low_water(socket, unsent_low_water) {
            tracing::debug!(error = %e, "could not set TCP_NOTSENT_LOWAT on a bulk connection");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    /// A connected client socket and the accepted side, which never reads.
    async fn pair() -> (tokio::net::TcpStream, tokio::net::TcpStream) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let client = tokio::net::TcpStream::connect(addr).await.unwrap();
        let (server, _) = listener.accept().await.unwrap();
        (client, server)
    }

    /// Writes `chunk_len`-byte chunks until a write waits 200 ms (or 64 MiB
    /// went out); returns the bytes written.
    async fn write_until_blocked(client: &mut tokio::net::TcpStream, chunk_len: usize) -> usize {
        let chunk = vec![7u8; chunk_len];
        let mut written = 0usize;
        while let Ok(Ok(n)) =
            tokio::time::timeout(std::time::Duration::from_millis(200), client.write(&chunk)).await
        {
            written += n;
            if written > 64 << 20 {
                break;
            }
        }
        written
    }

    #[tokio::test]
    async fn counts_bytes_the_peer_has_not_taken() {
        let (mut client, _server) = pair().await;
        let probe = SendQueueProbe::new(&client);
        assert_eq!(probe.unsent_bytes(), 0);
        // The peer never reads: once its receive buffer is full, what we
        // write stays unsent in our send queue.
        let written = write_until_blocked(&mut client, 1 << 20).await;
        let unsent = probe.unsent_bytes();
        assert!(
            unsent > 0,
            "nothing unsent after writing {written} bytes to a peer that does not read"
        );
        assert!(unsent <= written);
    }

    #[tokio::test]
    async fn the_low_water_mark_keeps_unsent_bytes_small() {
        // Without the mark the kernel takes megabytes that the peer has not
        // asked for; with it, writes stop at about the mark (one write may
        // overshoot it by what it carried).
        let (mut client, _server) = pair().await;
        set_unsent_low_water(&client, 128 * 1024).unwrap();
        let probe = SendQueueProbe::new(&client);
        let written = write_until_blocked(&mut client, 64 * 1024).await;
        assert!(written <= 64 << 20, "writes never stopped");
        let unsent = probe.unsent_bytes();
        assert!(unsent > 0, "nothing unsent after {written} bytes");
        assert!(
            unsent <= 128 * 1024 + 64 * 1024,
            "{unsent} bytes unsent with a 128 KiB low-water mark"
        );
    }
}
