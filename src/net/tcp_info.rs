//! What the kernel knows about why a TCP socket is not sending faster
//! (Linux `TCP_INFO`), as a plain struct the adaptive policy consumes.
//!
//! The fields are read by offset from the kernel's `struct tcp_info`
//! (include/uapi/linux/tcp.h; checked against the headers of this machine
//! with offsetof) rather than through a libc binding: the libc crate's
//! struct stops before the chrono counters, and the kernel fills only as
//! many bytes as it knows, reporting that length, so a field is used only
//! when the returned length covers it (`tcpi_snd_wnd` exists since Linux
//! 5.4, the chrono counters since 4.10). Older kernels, other systems and
//! sockets that are not TCP give `None`, and the policy falls back to its
//! rule that needs no kernel help.

use std::os::fd::RawFd;

/// One reading of a socket's counters. Times are cumulative microseconds
/// since the connection began (the kernel counts them in jiffies, so they
/// move in steps of 1-10 ms); the policy works on differences.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SocketStats {
    /// Time with data outstanding (in flight or unsent): sending, or
    /// limited by the congestion window, the pacing, the peer's receive
    /// window or our send buffer.
    pub busy_us: u64,
    /// Part of `busy_us` spent waiting for the peer's receive window: the
    /// receiver (the server not reading, or a window still growing) is the
    /// limit.
    pub rwnd_limited_us: u64,
    /// Part of `busy_us` spent with the send buffer full.
    pub sndbuf_limited_us: u64,
    /// The kernel's latest delivery-rate estimate, bytes per second.
    pub delivery_rate: u64,
    /// Bytes written by us and not yet sent.
    pub notsent_bytes: u64,
    /// The peer's advertised receive window, bytes; None on kernels before
    /// 5.4.
    pub snd_wnd: Option<u64>,
    /// Smoothed round-trip time, microseconds.
    pub rtt_us: u64,
    /// The path's base round-trip time (the least seen over the last
    /// minutes), microseconds; None before the first sample. Unlike the
    /// smoothed one a server that stalls its reads does not inflate it.
    pub min_rtt_us: Option<u64>,
    /// Congestion window, bytes (segments x MSS).
    pub cwnd_bytes: u64,
}

// Offsets in the kernel's struct tcp_info.
const SND_MSS: usize = 16;
const RTT: usize = 68;
const SND_CWND: usize = 80;
const NOTSENT_BYTES: usize = 144;
const MIN_RTT: usize = 148;
const DELIVERY_RATE: usize = 160;
const BUSY_TIME: usize = 168;
const RWND_LIMITED: usize = 176;
const SNDBUF_LIMITED: usize = 184;
const SND_WND: usize = 228;
/// Bytes asked for: through `tcpi_snd_wnd`, with room to spare.
const BUF: usize = 256;

/// Parse what the kernel returned (`len` valid bytes of `buf`). None when
/// the counters the policy needs are missing.
pub fn parse(buf: &[u8]) -> Option<SocketStats> {
    let u32_at = |off: usize| -> Option<u64> {
        let b = buf.get(off..off + 4)?;
        Some(u32::from_ne_bytes(b.try_into().ok()?) as u64)
    };
    let u64_at = |off: usize| -> Option<u64> {
        let b = buf.get(off..off + 8)?;
        Some(u64::from_ne_bytes(b.try_into().ok()?))
    };
    Some(SocketStats {
        busy_us: u64_at(BUSY_TIME)?,
        rwnd_limited_us: u64_at(RWND_LIMITED)?,
        sndbuf_limited_us: u64_at(SNDBUF_LIMITED)?,
        delivery_rate: u64_at(DELIVERY_RATE)?,
        notsent_bytes: u32_at(NOTSENT_BYTES)?,
        snd_wnd: u32_at(SND_WND),
        rtt_us: u32_at(RTT)?,
        // The kernel reports ~0 (u32::MAX) until it has an RTT sample.
        min_rtt_us: u32_at(MIN_RTT).filter(|&r| r > 0 && r < u32::MAX as u64),
        cwnd_bytes: u32_at(SND_CWND)?.saturating_mul(u32_at(SND_MSS)?),
    })
}

/// Read `TCP_INFO` of socket `fd`; None when unavailable.
pub fn read(fd: RawFd) -> Option<SocketStats> {
    #[cfg(target_os = "linux")]
    {
        let mut buf = [0u8; BUF];
        let mut len = BUF as libc::socklen_t;
        // SAFETY: getsockopt writes at most `len` bytes into `buf`, a live
        // local of that size, and stores the length it wrote in `len`.
        let rc = unsafe {
            libc::getsockopt(
                fd,
                libc::IPPROTO_TCP,
                libc::TCP_INFO,
                buf.as_mut_ptr().cast(),
                &mut len,
            )
        };
        if rc != 0 {
            return None;
        }
        parse(&buf[..(len as usize).min(BUF)])
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = fd;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kernel_without_chrono_counters_gives_no_stats() {
        // Linux < 4.10 returns 160 bytes or fewer.
        assert_eq!(parse(&[0u8; 160]), None);
        assert_eq!(parse(&[]), None);
    }

    #[test]
    fn a_kernel_before_5_4_gives_stats_without_the_window() {
        let mut buf = vec![0u8; 192];
        buf[RWND_LIMITED..RWND_LIMITED + 8].copy_from_slice(&7000u64.to_ne_bytes());
        let s = parse(&buf).unwrap();
        assert_eq!(s.rwnd_limited_us, 7000);
        assert_eq!(s.snd_wnd, None);
    }

    #[tokio::test]
    async fn a_live_socket_reports_its_window_and_counters() {
        use std::os::fd::AsRawFd;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let client = tokio::net::TcpStream::connect(addr).await.unwrap();
        let _server = listener.accept().await.unwrap();
        let stats = read(client.as_raw_fd());
        if cfg!(not(target_os = "linux")) {
            assert_eq!(stats, None);
            return;
        }
        let s = stats.expect("TCP_INFO on Linux");
        assert!(s.snd_wnd.is_some_and(|w| w > 0), "{s:?}");
        // The handshake gave an RTT sample; loopback's is microseconds.
        assert!(s.min_rtt_us.is_some_and(|r| r < 100_000), "{s:?}");
        assert!(s.cwnd_bytes > 0, "{s:?}");
        assert_eq!(s.notsent_bytes, 0);
    }
}
