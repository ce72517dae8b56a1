//! Claims about the adaptive policy, each driven by a synthetic clock and
//! synthetic socket counters (see `policy.rs`).

use super::*;

/// A path that takes `link(ms)` wire bytes in millisecond `ms`, fed one
/// 64 KiB chunk per millisecond that deflates 4:1 in 0.5 ms (the first
/// one, cold, in 2 ms); always backlogged. Returns (compressed, raw)
/// chunk counts over `millis`.
fn simulate(link: impl Fn(u64) -> f64, millis: u64) -> (u64, u64) {
    simulate_codec(link, millis, 500)
}

/// `simulate` with chunks deflating in `took_us` microseconds.
fn simulate_codec(link: impl Fn(u64) -> f64, millis: u64, took_us: u64) -> (u64, u64) {
    simulate_deflates(link, millis, |_, z| if z == 0 { 2000 } else { took_us })
}

/// `simulate` with the `z`th deflated chunk, in millisecond `ms`,
/// taking `took(ms, z)` microseconds.
fn simulate_deflates(
    link: impl Fn(u64) -> f64,
    millis: u64,
    took: impl Fn(u64, u64) -> u64,
) -> (u64, u64) {
    let mut p = CompressPolicy::new(4, 3.0);
    let t0 = Instant::now();
    let (mut z, mut raw) = (0, 0);
    let mut departed = 0f64;
    for ms in 0..millis {
        let now = t0 + Duration::from_millis(ms);
        departed += link(ms);
        if p.decide(now, 16, true, departed as u64, None) {
            p.note_compressed(65536, 16384, Duration::from_micros(took(ms, z)));
            z += 1;
        } else {
            raw += 1;
        }
    }
    (z, raw)
}

#[test]
fn a_tiny_chunk_is_no_evidence_of_incompressible_data() {
    let mut p = CompressPolicy::new(4, 3.0);
    // A 30-byte flush remainder goes out raw (50-byte rule): 37 wire bytes.
    p.note_compressed(30, 37, Duration::from_micros(3));
    assert_eq!(p.cooldown, 0);
    assert_eq!(p.deflated, 0);
    assert!(p.ratio.is_none() && p.deflate_rate.is_none());
    // Whole chunks that do not shrink still are, once the calibration's
    // few agree.
    for _ in 0..CALIBRATION_CHUNKS {
        p.note_compressed(65536, 65543, Duration::from_micros(400));
    }
    assert_eq!(p.cooldown, COOLDOWN_CHUNKS);
}

/// Chunks deflated only to learn the codec's speed over `millis`.
fn calibration_only(millis: u64) -> u64 {
    CALIBRATION_CHUNKS as u64 + millis / RECHECK_CODEC.as_millis() as u64 + 1
}

#[test]
fn a_slow_codec_phase_does_not_keep_a_slow_link_raw_for_long() {
    // 12.5 MB/s link; for the first 300 ms chunks deflate at 44 MB/s
    // (the path looks only 3.5x slower than the codec), then at 131
    // MB/s: compressing starts at the next re-check, not after the 2 s
    // recalibration.
    let slow_phase = |ms, _| if ms < 300 { 1500 } else { 500 };
    let (z, raw) = simulate_deflates(|_| 12_500.0, 2_000, slow_phase);
    assert!(
        raw < 300 + 2 * RECHECK_CODEC.as_millis() as u64,
        "z={z} raw={raw}"
    );
    // Slow throughout: the codec really is that slow, so stay raw.
    let (z, raw) = simulate_deflates(|_| 12_500.0, 2_000, |_, _| 1500);
    assert!(z <= calibration_only(2_000), "z={z} raw={raw}");
    assert!(raw > 1_900, "z={z} raw={raw}");
}

#[test]
fn slow_link_settles_on_compression() {
    // 12.5 MB/s link, deflate at 131 MB/s: compress, raw only in probes
    // of ~125 ms every 10 s (despite a cold first chunk that reads 33 MB/s).
    let (z, raw) = simulate(|_| 12_500.0, 10_000);
    assert!(z > 10 * raw, "z={z} raw={raw}");
}

#[test]
fn fast_path_stays_raw() {
    // 90 MB/s leave the socket: deflating at 131 MB/s cannot double it.
    let (z, raw) = simulate(|_| 90_000.0, 10_000);
    assert!(z <= calibration_only(10_000), "z={z} raw={raw}");
    // 50 MB/s (a server parsing LOAD DATA): an apparent gain of 2.6.
    let (z, raw) = simulate(|_| 50_000.0, 10_000);
    assert!(z <= calibration_only(10_000), "z={z} raw={raw}");
}

#[test]
fn a_server_slower_than_a_fast_codec_is_not_a_slow_link() {
    // 50 MB/s (MariaDB's LOAD DATA thread) against deflate at 175 MB/s
    // with a 4:1 ratio: 3.5x "slower than the codec", a tripled
    // throughput on paper, but the server, not the link, is the limit.
    let (z, raw) = simulate_codec(|_| 50_000.0, 10_000, 375);
    assert!(z <= calibration_only(10_000), "z={z} raw={raw}");
    // The same codec on a 100 Mbit/s link: compress.
    let (z, raw) = simulate_codec(|_| 12_500.0, 10_000, 375);
    assert!(z > 10 * raw, "z={z} raw={raw}");
}

#[test]
fn a_stalling_server_is_not_a_slow_link() {
    // Averages 48 MB/s in bursts (70 MB/s) and stalls (26 MB/s) of
    // 100 ms, as MariaDB's LOAD DATA thread does: some windows alone
    // would look like a link 5x slower than deflate.
    for stall_first in [0, 1] {
        let (z, raw) = simulate(
            |ms| {
                if ms / 100 % 2 == stall_first {
                    26_000.0
                } else {
                    70_000.0
                }
            },
            10_000,
        );
        assert!(
            z <= calibration_only(10_000),
            "stall_first={stall_first} z={z} raw={raw}"
        );
    }
}

#[test]
fn a_dry_queue_does_not_end_compression_on_a_slow_link() {
    // Compressing on a 12.5 MB/s link; then the queue runs dry for a
    // while (the compressed stream outruns the producer) and fills up
    // again: every chunk stays compressed until the re-probe is due.
    let mut p = CompressPolicy::new(4, 3.0);
    let t0 = Instant::now();
    let mut departed = 0u64;
    let mut ms = 0u64;
    while !p.compressing {
        if p.decide(t0 + Duration::from_millis(ms), 16, true, departed, None) {
            p.note_compressed(65536, 16384, Duration::from_micros(500));
        }
        departed += 12_500;
        ms += 1;
        assert!(ms < 1_000, "never compressed");
    }
    for (i, backlog) in [0, 0, 1, 0, 3, 8, 16, 0, 16].into_iter().enumerate() {
        let now = t0 + Duration::from_millis(ms + i as u64);
        assert!(
            p.decide(now, backlog, backlog > 0, departed, None),
            "chunk {i}"
        );
    }
}

#[test]
fn no_backlog_means_raw() {
    let mut p = CompressPolicy::new(4, 3.0);
    let now = Instant::now();
    p.note_compressed(65536, 16384, Duration::from_micros(500));
    assert!(!p.decide(now, 0, false, 0, None));
    assert!(!p.decide(now, 4, true, 0, None));
    assert!(!p.decide(now, 5, true, 0, None), "nothing measured yet");
}

#[test]
fn incompressible_data_cools_down() {
    let mut p = CompressPolicy::new(4, 3.0);
    let now = Instant::now();
    for _ in 0..20 {
        p.note_compressed(65536, 65000, Duration::from_micros(500));
    }
    for _ in 0..COOLDOWN_CHUNKS {
        assert!(!p.decide(now, 10, true, 0, None));
    }
}

/// Round-trip time of the simulated sockets: a fast link.
fn rtt_us() -> u64 {
    100
}

/// `simulate` on a socket whose `TCP_INFO` says: busy throughout, the
/// share `rwnd(ms)` of each millisecond limited by the receive window,
/// which is `wnd(ms)` bytes, RTT 0.1 ms; chunks deflate in `took_us`.
fn simulate_kernel(
    link: impl Fn(u64) -> f64,
    rwnd: impl Fn(u64) -> f64,
    wnd: impl Fn(u64) -> u64,
    millis: u64,
    took_us: u64,
) -> (u64, u64) {
    simulate_kernel_data(link, rwnd, wnd, millis, took_us, 16384)
}

/// `simulate_kernel` with each 64 KiB chunk deflating to `wire` bytes.
fn simulate_kernel_data(
    link: impl Fn(u64) -> f64,
    rwnd: impl Fn(u64) -> f64,
    wnd: impl Fn(u64) -> u64,
    millis: u64,
    took_us: u64,
    wire: usize,
) -> (u64, u64) {
    let p = CompressPolicy::new(4, 3.0);
    let (z, raw, _) = drive_kernel(p, Instant::now(), link, rwnd, wnd, millis, (took_us, wire));
    (z, raw)
}

/// Drive `p` from `t0` over the socket `simulate_kernel` describes, its
/// chunks deflating as `codec` (microseconds, wire bytes) says; returns
/// the chunk counts and the policy.
fn drive_kernel(
    mut p: CompressPolicy,
    t0: Instant,
    link: impl Fn(u64) -> f64,
    rwnd: impl Fn(u64) -> f64,
    wnd: impl Fn(u64) -> u64,
    millis: u64,
    (took_us, wire): (u64, usize),
) -> (u64, u64, CompressPolicy) {
    let (mut z, mut raw) = (0, 0);
    let mut departed = 0f64;
    let mut st = SocketStats {
        rtt_us: rtt_us(),
        min_rtt_us: Some(rtt_us()),
        ..SocketStats::default()
    };
    for ms in 0..millis {
        let now = t0 + Duration::from_millis(ms);
        departed += link(ms);
        st.busy_us += 1000;
        st.rwnd_limited_us += (rwnd(ms) * 1000.0) as u64;
        st.snd_wnd = Some(wnd(ms));
        st.delivery_rate = (link(ms) * 1000.0) as u64;
        if p.decide(now, 16, true, departed as u64, Some(st)) {
            let us = if z == 0 { 2000 } else { took_us };
            p.note_compressed(65536, wire, Duration::from_micros(us));
            z += 1;
        } else {
            raw += 1;
        }
    }
    (z, raw, p)
}

/// A receive window that opened to 3 MB and then closed to 200 KB: a
/// server whose socket buffer is full.
fn closing_window(ms: u64) -> u64 {
    if ms < 20 {
        3 << 20
    } else {
        200 << 10
    }
}

#[test]
fn a_slow_server_on_a_fast_link_stays_raw() {
    // A server throttled to a third of a core drains 20 MB/s, limited
    // by its receive window 90% of the time: without TCP_INFO that
    // path is 6.5x slower than the codec and looks like a slow link.
    let (z, _) = simulate(|_| 20_000.0, 10_000);
    assert!(z > 9_000, "the fallback rule compresses: z={z}");
    let (z, raw) = simulate_kernel(|_| 20_000.0, |_| 0.9, closing_window, 10_000, 500);
    assert!(z <= calibration_only(10_000), "z={z} raw={raw}");
}

#[test]
fn a_cwnd_limited_shared_1gbit_link_with_a_4x_ratio_compresses() {
    // 65 MB/s leave the socket (issue 23), never limited by the
    // receiver, deflate at 175 MB/s with 4:1: 2.7x the throughput. The
    // fallback rule (which cannot tell this link from a server) stays
    // raw.
    let (z, _) = simulate_codec(|_| 65_000.0, 10_000, 375);
    assert!(z <= calibration_only(10_000), "fallback: z={z}");
    let (z, raw) = simulate_kernel(|_| 65_000.0, |_| 0.0, |_| 3 << 20, 10_000, 375);
    assert!(z > 10 * raw, "z={z} raw={raw}");
}

#[test]
fn a_network_bound_link_at_under_half_the_codec_speed_stays_raw() {
    // 87 MB/s against deflate at 131 MB/s: 1.5x on paper, less than
    // the codec gets of a shared CPU.
    let (z, raw) = simulate_kernel(|_| 87_000.0, |_| 0.0, |_| 3 << 20, 10_000, 500);
    assert!(z <= calibration_only(10_000), "z={z} raw={raw}");
}

#[test]
fn a_slow_server_whose_reads_widen_its_window_at_the_start_stays_raw() {
    // A throttled server reading in bursts: for the first 300 ms each
    // burst leaves a new largest window (as autotuning on a long path
    // would), 90% of the time the socket waits for it, 20 MB/s leave.
    // Growth alone would read as the network's and compress the load.
    let bursts = |ms: u64| {
        if ms < 300 {
            (128 << 10) + ms * 2048
        } else {
            200 << 10
        }
    };
    let (z, raw) = simulate_kernel(|_| 20_000.0, |_| 0.9, bursts, 10_000, 500);
    assert!(z <= calibration_only(10_000), "z={z} raw={raw}");
}

#[test]
fn a_receiver_limited_fast_link_stays_raw() {
    // 65 MB/s, but the server's window is what the socket waits for.
    let (z, raw) = simulate_kernel(|_| 65_000.0, |_| 0.8, closing_window, 10_000, 500);
    assert!(z <= calibration_only(10_000), "z={z} raw={raw}");
}

#[test]
fn a_slow_server_whose_window_reopens_between_reads_stays_raw() {
    // The window read at decision time is wide open (the server just
    // read), yet 90% of the time the socket waits for it.
    let (z, raw) = simulate_kernel(|_| 20_000.0, |_| 0.9, |_| 3 << 20, 10_000, 500);
    assert!(z <= calibration_only(10_000), "z={z} raw={raw}");
}

#[test]
fn a_growing_window_on_a_long_path_is_not_a_slow_server() {
    // WAN, 40 ms RTT: for the first 2 s autotuning widens the window
    // from 128 KB and the socket moves a window per round trip, limited
    // by it; then the 12.5 MB/s link is the limit. Compress.
    let mut p = CompressPolicy::new(4, 3.0);
    let t0 = Instant::now();
    let (mut z, mut raw) = (0u64, 0u64);
    let mut departed = 0f64;
    let mut st = SocketStats {
        rtt_us: 40_000,
        min_rtt_us: Some(40_000),
        ..SocketStats::default()
    };
    for ms in 0..10_000u64 {
        let wnd = (128 << 10) + ms.min(2_000) * 200;
        let window_rate = wnd as f64 / 0.04;
        let rate = window_rate.min(12.5e6);
        departed += rate / 1000.0;
        st.busy_us += 1000;
        if window_rate < 12.5e6 {
            st.rwnd_limited_us += 900;
        }
        st.snd_wnd = Some(wnd);
        let now = t0 + Duration::from_millis(ms);
        if p.decide(now, 16, true, departed as u64, Some(st)) {
            p.note_compressed(65536, 16384, Duration::from_micros(500));
            z += 1;
        } else {
            raw += 1;
        }
    }
    assert!(z > 10 * raw, "z={z} raw={raw}");
}

#[test]
fn a_network_bound_link_as_fast_as_the_codec_stays_raw() {
    // 120 MB/s against deflate at 131 MB/s: compressing would gain
    // less than NET_MARGIN.
    let (z, raw) = simulate_kernel(|_| 120_000.0, |_| 0.0, |_| 3 << 20, 10_000, 500);
    assert!(z <= calibration_only(10_000), "z={z} raw={raw}");
}

#[test]
fn already_compressed_values_on_a_network_bound_slow_link_compress() {
    // The compressed-column table as LOAD DATA: 64 KiB deflate to 62 KB
    // (1.06:1) at 80 MB/s; the 100 Mbit/s link is the limit, so 6% fewer
    // bytes are 6% less time.
    let (z, raw) = simulate_kernel_data(|_| 12_500.0, |_| 0.0, |_| 3 << 20, 10_000, 800, 61_800);
    assert!(z > 10 * raw, "z={z} raw={raw}");
}

#[test]
fn chunks_that_shrink_unevenly_are_judged_by_their_bytes_together() {
    // Of every 16 chunks 4 deflate 1.25:1 and 12 only 1.007:1 (already
    // compressed values with the rows' other columns): 1.058:1
    // together, worth compressing on a slow link, although a run of
    // weak ones pulls an average over the last 8 chunks to 1.01.
    let mut p = CompressPolicy::new(4, 3.0);
    for i in 0..400 {
        let wire = if i % 16 < 4 { 52_429 } else { 65_080 };
        p.note_compressed(65_536, wire, Duration::from_micros(800));
        assert_eq!(p.cooldown, 0, "chunk {i}: ratio {:?}", p.ratio);
    }
}

#[test]
fn compressible_data_after_a_cooldown_is_noticed_at_the_next_deflate() {
    let mut p = CompressPolicy::new(4, 3.0);
    for _ in 0..40 {
        p.note_compressed(65_536, 65_500, Duration::from_micros(800));
    }
    assert!(p.cooldown > 0 && p.ratio.is_none());
    p.note_compressed(65_536, 16_384, Duration::from_micros(500));
    assert!(
        p.ratio.is_some_and(|r| r >= MIN_USEFUL_RATIO),
        "{:?}",
        p.ratio
    );
}

#[test]
fn already_compressed_values_stay_raw_where_the_codec_barely_outruns_the_link() {
    // The same data on a 1 Gbit/s link at 65 MB/s: deflating at 80 MB/s
    // would take most of a core for 6%.
    let (z, raw) = simulate_kernel_data(|_| 65_000.0, |_| 0.0, |_| 3 << 20, 10_000, 800, 61_800);
    assert!(z <= calibration_only(10_000), "z={z} raw={raw}");
}

#[test]
fn data_that_does_not_shrink_stays_raw_even_on_a_slow_link() {
    // 1.004:1 (random bytes): nothing to gain for the server's inflating.
    let (z, raw) = simulate_kernel_data(|_| 12_500.0, |_| 0.0, |_| 3 << 20, 10_000, 800, 65_300);
    assert!(z <= calibration_only(10_000), "z={z} raw={raw}");
}

#[test]
fn a_load_after_one_that_found_a_slow_link_compresses_from_its_first_backlog() {
    let t0 = Instant::now();
    let first = CompressPolicy::new(4, 3.0);
    let (_, _, first) = drive_kernel(
        first,
        t0,
        |_| 12_500.0,
        |_| 0.0,
        |_| 3 << 20,
        3_000,
        (500, 16384),
    );
    let verdict = first.verdict().expect("a verdict");
    assert!(verdict.compress);
    // The next connection, a minute later, over the same link.
    let next = CompressPolicy::new(4, 3.0).remembering(Some(verdict));
    let t1 = t0 + Duration::from_secs(60);
    let (z, raw, _) = drive_kernel(
        next,
        t1,
        |_| 12_500.0,
        |_| 0.0,
        |_| 3 << 20,
        2_000,
        (500, 16384),
    );
    assert!(raw < 5, "z={z} raw={raw}");
    // Without the verdict the first ~100 ms go raw.
    let fresh = CompressPolicy::new(4, 3.0);
    let (_, raw, _) = drive_kernel(
        fresh,
        t1,
        |_| 12_500.0,
        |_| 0.0,
        |_| 3 << 20,
        2_000,
        (500, 16384),
    );
    assert!(raw > 50, "raw={raw}");
}

#[test]
fn a_stale_or_raw_verdict_changes_nothing() {
    let t0 = Instant::now();
    let old = PathVerdict {
        compress: true,
        at: t0,
    };
    let raw_verdict = PathVerdict {
        compress: false,
        at: t0 + REMEMBER,
    };
    for v in [old, raw_verdict] {
        let mut p = CompressPolicy::new(4, 3.0).remembering(Some(v));
        let now = t0 + REMEMBER + Duration::from_secs(1);
        assert!(!p.decide(now, 16, true, 0, None), "{v:?}");
    }
}

#[test]
fn a_remembered_verdict_on_a_server_now_the_limit_ends_at_the_first_probe() {
    // The last load found a slow link; this one meets a throttled server
    // (receiver-limited 90% of the time, 20 MB/s): it compresses for the
    // first probe only (5 s), then stays raw, and says so to the next.
    let t0 = Instant::now();
    let verdict = PathVerdict {
        compress: true,
        at: t0,
    };
    let p = CompressPolicy::new(4, 3.0).remembering(Some(verdict));
    let (z, raw, p) = drive_kernel(
        p,
        t0,
        |_| 20_000.0,
        |_| 0.9,
        closing_window,
        10_000,
        (500, 16384),
    );
    let probe_ms = REMEMBERED_PROBE.as_millis() as u64;
    assert!(z <= probe_ms + calibration_only(10_000), "z={z} raw={raw}");
    assert!(raw > 10_000 - probe_ms - 100, "z={z} raw={raw}");
    assert_eq!(p.verdict().map(|v| v.compress), Some(false));
}

#[test]
fn a_stalling_server_with_kernel_stats_stays_raw() {
    // Bursts and stalls of 100 ms; in the stalls the receive window
    // closes (the server's buffer is full).
    let (z, raw) = simulate_kernel(
        |ms| {
            if ms / 100 % 2 == 0 {
                26_000.0
            } else {
                70_000.0
            }
        },
        |ms| if ms / 100 % 2 == 0 { 1.0 } else { 0.3 },
        closing_window,
        10_000,
        500,
    );
    assert!(z <= calibration_only(10_000), "z={z} raw={raw}");
}

#[test]
fn oltp_with_kernel_stats_never_pays() {
    // No backlog (one chunk at a time, nothing waiting): raw, whatever
    // the socket says.
    let mut p = CompressPolicy::new(4, 3.0);
    let t0 = Instant::now();
    let mut st = SocketStats::default();
    p.note_compressed(65536, 16384, Duration::from_micros(500));
    for ms in 0..5_000u64 {
        st.busy_us += 1000;
        let now = t0 + Duration::from_millis(ms);
        assert!(!p.decide(now, 0, false, ms * 1000, Some(st)), "ms {ms}");
    }
}

#[test]
fn classify_reads_the_window_counters() {
    let a = SocketStats::default();
    let wall = Duration::from_millis(25);
    let rate = 20e6;
    let mut b = a;
    b.busy_us = 25_000;
    assert_eq!(classify(&a, &b, wall, rate, 0), Limit::Network);
    // Receiver-limited with the window at its largest so far: server.
    b.rwnd_limited_us = 20_000;
    b.snd_wnd = Some(1_000_000);
    assert_eq!(classify(&a, &b, wall, rate, 1_000_000), Limit::Server);
    // ... with a window that grew past it, and no base RTT to weigh the
    // rate against (an older kernel): autotuning, the network.
    b.snd_wnd = Some(1_200_000);
    assert_eq!(classify(&a, &b, wall, rate, 1_000_000), Limit::Network);
    // A 1 MB window per 40 ms allows 25 MB/s: 20 move, the window is
    // the limit, and it grows: the network.
    let a_wnd = SocketStats {
        snd_wnd: Some(1_000_000),
        ..a
    };
    b.min_rtt_us = Some(40_000);
    assert_eq!(classify(&a_wnd, &b, wall, rate, 1_000_000), Limit::Network);
    // The same per 0.1 ms allows 10 GB/s: the reader, not the window,
    // holds the 20 MB/s back, whatever its window does.
    b.min_rtt_us = Some(100);
    assert_eq!(classify(&a_wnd, &b, wall, rate, 1_000_000), Limit::Unclear);
    // Without the window (kernel < 5.4) a receiver limit is the server.
    b.snd_wnd = None;
    assert_eq!(classify(&a, &b, wall, rate, 0), Limit::Server);
    let mut idle = a;
    idle.busy_us = 2_000;
    assert_eq!(classify(&a, &idle, wall, rate, 0), Limit::Unclear);
}
