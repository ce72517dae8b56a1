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
/// bookkeeping and turns autotuning off for the socket).
pub fn set_send_buffer(socket: &tokio::net::TcpStream, bytes: usize) -> std::io::Result<()> {
    socket2::SockRef::from(socket).set_send_buffer_size(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    #[tokio::test]
    async fn counts_bytes_the_peer_has_not_taken() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let mut client = tokio::net::TcpStream::connect(addr).await.unwrap();
        let (_server, _) = listener.accept().await.unwrap();
        let probe = SendQueueProbe::new(&client);
        assert_eq!(probe.unsent_bytes(), 0);
        // The peer never reads: once its receive buffer is full, what we
        // write stays unsent in our send queue.
        let chunk = vec![7u8; 1 << 20];
        let mut written = 0usize;
        while let Ok(Ok(n)) =
            tokio::time::timeout(std::time::Duration::from_millis(200), client.write(&chunk)).await
        {
            written += n;
            if written > 64 << 20 {
                break;
            }
        }
        let unsent = probe.unsent_bytes();
        assert!(
            unsent > 0,
            "nothing unsent after writing {written} bytes to a peer that does not read"
        );
        assert!(unsent <= written);
    }
}
