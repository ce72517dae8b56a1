// Over 600 lines: the policy is about 500 lines; the rest is its synthetic-clock tests, kept beside it.
//! When an adaptive bulk connection deflates its chunks: pure decision
//! logic fed with the send backlog, the bytes that have left the socket and
//! the codec's measured speed; no I/O, so tests drive it with a synthetic
//! clock.
//!
//! A backlog alone does not say that the network is the bottleneck: a
//! server that parses LOAD DATA slower than the link delivers fills the
//! same queues, and deflating then only costs CPU (and the server's single
//! load thread has to inflate). Comparing a compressed window with a raw
//! one does not tell them apart either: buffers downstream (relay, server
//! socket) hold megabytes of the previous mode and skew any sub-second
//! measurement. What can be measured without that lag is how fast raw
//! bytes leave our own socket while bytes wait for the path (`departed`,
//! i.e. written minus unsent), how fast the codec deflates this data and
//! how well.
//! If the link is the limit, compressing moves min(deflate speed, raw rate
//! x ratio) instead of the raw rate. The policy compresses when the path,
//! at the upper confidence bound of its raw rate, drains at most
//! 1/(2 x `min_gain`) of the codec's deflate speed, and the ratio reaches
//! `min_gain` too (`bulk.min_gain`, default 3: at least a tripled
//! throughput). The factor 2 is headroom for servers: MariaDB's single
//! LOAD DATA thread is CPU-bound like the codec and drains raw bytes 3-4x
//! slower than zlib level 1 deflates on the same CPU (measured here: 45-56
//! MB/s leaving the socket against 175 MB/s deflate; compressing for it
//! costs 10-20%), while a 100 Mbit/s link reads 12-14x slower. Both speeds
//! scale with the CPU, so the margin holds on other machines; links in
//! between stay raw. While compressing it sends a short raw window every
//! `REPROBE` (10 s) to see whether the link got faster.
//!
//! That rule has to guess, and it guesses wrong both ways: a link of
//! ~65 MB/s (1 Gbit/s shared) stays raw although deflating would move
//! 1.4x more, and a server throttled to a third of a core drains 20 MB/s,
//! which looks like a slow link. Where the kernel says why the socket is
//! not sending faster (Linux `TCP_INFO`, read per chunk by the writer, see
//! [`crate::net::tcp_info`]), the policy asks it instead, per raw-rate
//! window: time limited by the peer's receive window means the server
//! does not read fast enough (server-bound: stay raw, whatever the rates),
//! unless that window is still growing (autotuning at the start of a load
//! on a long path); busy without receive-window limits (the congestion
//! window, the pacing or a qdisc holds the bytes) means the network is
//! the limit, and then compressing pays whenever the
//! expected throughput min(deflate speed, raw rate x ratio) beats the raw
//! rate by `NET_MARGIN`. Without `TCP_INFO` (other systems, tests over
//! pipes) the rule above applies.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use super::tcp_info::SocketStats;

/// After a mode switch, chunks of the old mode still wait in the socket's
/// unsent queue (kept small by TCP_NOTSENT_LOWAT); departures are not
/// scored for this long.
const SETTLE: Duration = Duration::from_millis(50);
/// One raw-rate sample is the departures over at least this long.
const MEASURE: Duration = Duration::from_millis(25);
/// Raw-rate samples kept (the last ~0.8 s of path-limited raw sending).
const WINDOWS: usize = 32;
/// Samples needed before the spread of the raw rate means anything; enough
/// to compress when the path is, even at the upper bound, slower than the
/// codec by three times `min_gain`.
const MIN_WINDOWS: usize = 3;
/// Samples (200 ms) needed to compress on a path nearer the limit: a
/// server's stalls last tens of milliseconds, a slow link does not end.
const SURE_WINDOWS: usize = 8;
/// While compressing, how often the raw rate is measured again. A probe
/// sends ~125 ms raw (settling plus three samples), on a 100 Mbit/s link
/// ~0.1 s lost each time; links rarely change speed by the second.
const REPROBE: Duration = Duration::from_secs(10);
/// Chunks deflated to learn the codec's speed before deciding (the first
/// one runs with cold caches and reads slow).
const CALIBRATION_CHUNKS: u32 = 3;
/// While raw, one chunk is deflated this often to keep the speed current.
const RECALIBRATE: Duration = Duration::from_secs(2);
/// ... and this often while the codec's measured speed is all that keeps
/// a backlogged connection raw. The codec can read 2-3x slow for a while
/// (measured: 12 chunks over 80 ms at 33-69 MB/s, in thread CPU time,
/// where the same data deflated at 130-200 in the loads before and 2 s
/// later); with only `RECALIBRATE`, 1 to 3 of 9 loads at 100 Mbit/s in a
/// benchmark run stayed raw for 2 s (~380 chunks). Costs one deflated
/// chunk per interval on a path near the limit (<1% of the chunks).
const RECHECK_CODEC: Duration = Duration::from_millis(250);
/// Below this raw/wire ratio compression buys almost no bandwidth (already
/// compressed column values): skip it for `COOLDOWN_CHUNKS` chunks.
const MIN_USEFUL_RATIO: f64 = 1.15;
const COOLDOWN_CHUNKS: u32 = 256;
/// Chunks shorter than this say nothing about the data or the codec: a
/// flush's remainder of a few bytes cannot shrink (the compressed
/// protocol's 50-byte rule sends it raw) and deflates at a fixed cost. As
/// the first calibration chunk one of them used to read as incompressible
/// data and cost a 100 Mbit/s load 256 raw chunks (~1.5 s).
const MIN_FEEDBACK_BYTES: usize = 4096;
/// With the kernel's word that the network is the limit: the least
/// expected speed-up worth compressing for. Not `min_gain` (whose factor
/// covers the risk that the server is the limit); what remains is the
/// server's inflating and the codec sharing two cores with the server and
/// the client, and the deflate speed being measured in the writer's CPU
/// time, which a busy machine does not give it in full. Measured on the
/// bench's 1 Gbit/s link on this VM while other work ran: raw left at
/// ~87 MB/s, deflate read 150-200 MB/s (an expected 1.5-2x), yet `always`
/// took 3.56 s against `never`'s 1.25 s; with a margin of 1.3 adaptive
/// deflated 524 of 1,670 chunks and took 3.14 s. Where the link is 2.7x
/// slower than the codec (issue 23's relay: 65 MB/s) `always` won 1.38x.
const NET_MARGIN: f64 = 2.0;
/// Share of a window's time limited by the peer's receive window above
/// which the window counts as receiver-bound.
const RWND_SHARE: f64 = 0.25;
// A receive-window-limited window counts as the network's only while the
// receiver's window is still growing (a new largest window by its end):
// autotuning widening the buffer of a receiver that keeps up, at the start
// of a load on a long path. The window's size says nothing else: read at
// a random moment a slow server's window is as often wide open (it just
// read) as closed, and comparing the rate with window / RTT failed too
// (the slow-server bench case, 88-95% of the busy time receiver-limited,
// passed for window-bound in 3 of 5 loads: a stalling reader inflates the
// RTT estimate).

/// What limited the socket during one raw-rate window, from `TCP_INFO`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// The peer's receive window closed: the server reads slower than the
    /// path delivers.
    Server,
    /// Congestion window, pacing or a qdisc (or an open but still growing
    /// receive window): the path is the limit.
    Network,
    /// Neither clearly (little busy time: the producer).
    Unclear,
}

/// Classify one window from the counters at its start and end;
/// `max_wnd`: the largest receive window seen before it began (0:
/// unknown).
pub fn classify(start: &SocketStats, end: &SocketStats, wall: Duration, max_wnd: u64) -> Limit {
    let wall_us = wall.as_micros().max(1) as f64;
    let busy = end.busy_us.saturating_sub(start.busy_us) as f64 / wall_us;
    let rwnd = end.rwnd_limited_us.saturating_sub(start.rwnd_limited_us) as f64 / wall_us;
    if rwnd >= RWND_SHARE {
        let growing = max_wnd > 0 && end.snd_wnd.is_some_and(|w| w > max_wnd);
        return if growing {
            Limit::Network
        } else {
            Limit::Server
        };
    }
    // The counters move in jiffies (1-10 ms) against 25 ms windows: half
    // the window busy is as sure as they get.
    if busy >= 0.5 {
        Limit::Network
    } else {
        Limit::Unclear
    }
}

/// Decision state of one connection in `adaptive` mode.
#[derive(Debug)]
pub struct CompressPolicy {
    threshold: usize,
    /// Least expected speed-up (if the link is the limit) worth compressing
    /// for; below it the risk (the server, not the link, is the limit, and
    /// compression only costs CPU) outweighs the gain.
    min_gain: f64,
    /// Set when the backlog exceeds the threshold, cleared when it is empty.
    backlogged: bool,
    compressing: bool,
    /// When the current mode began (set by switches).
    mode_since: Option<Instant>,
    /// Start of the current raw measurement: time, departed bytes, the
    /// socket's counters and the largest receive window seen by then.
    sample: Option<(Instant, u64, Option<SocketStats>, u64)>,
    /// Raw bytes per second leaving the socket while bytes wait for it, one
    /// sample per `MEASURE` window, newest last, with what limited the
    /// socket then (None without `TCP_INFO`).
    raw_windows: VecDeque<(f64, Option<Limit>)>,
    /// Largest receive window the peer advertised so far.
    max_wnd: u64,
    /// Raw bytes per CPU second the codec deflates: the best recent chunk
    /// (a chunk reads slower than the codec when its caches were cold or
    /// the CPU's other threads competed for them).
    deflate_rate: Option<f64>,
    /// Chunks deflated so far (calibration counts them).
    deflated: u32,
    /// When a chunk was last deflated.
    last_deflate: Option<Instant>,
    /// While compressing: when to measure the raw rate again.
    probe_due: Option<Instant>,
    /// Recent deflate ratio (raw / wire) of compressed chunks.
    ratio: Option<f64>,
    /// Chunks left before an unrewarding codec is tried again.
    cooldown: u32,
    /// The last decision stayed raw only because the codec's measured
    /// speed fell short (by less than 2x): measure it again sooner.
    codec_in_doubt: bool,
}

impl CompressPolicy {
    pub fn new(threshold: usize, min_gain: f64) -> CompressPolicy {
        CompressPolicy {
            threshold,
            min_gain,
            backlogged: false,
            compressing: false,
            mode_since: None,
            sample: None,
            raw_windows: VecDeque::with_capacity(WINDOWS),
            max_wnd: 0,
            deflate_rate: None,
            deflated: 0,
            last_deflate: None,
            probe_due: None,
            ratio: None,
            cooldown: 0,
            codec_in_doubt: false,
        }
    }

    /// Should the next chunk be deflated? `backlog`: chunks waiting (ours
    /// plus the kernel's unsent bytes in chunks); `path_limited`: anything
    /// at all is waiting for the path (so departures measure the path, not
    /// the producer); `departed`: wire bytes that have left the socket;
    /// `stats`: the socket's `TCP_INFO` counters, where available.
    pub fn decide(
        &mut self,
        now: Instant,
        backlog: usize,
        path_limited: bool,
        departed: u64,
        stats: Option<SocketStats>,
    ) -> bool {
        if backlog > self.threshold {
            self.backlogged = true;
        } else if backlog == 0 {
            self.backlogged = false;
        }
        // The raw rate is measured whenever raw bytes wait for the path, so
        // it is known by the time a backlog builds up.
        if !self.compressing {
            self.measure(now, path_limited, departed, stats);
        }
        if let Some(w) = stats.and_then(|s| s.snd_wnd) {
            self.max_wnd = self.max_wnd.max(w);
        }
        if self.compressing {
            // A slow link stays slow when the queue runs dry for a moment
            // (the compressed stream can outrun the producer): going raw
            // then would put 64 KiB chunks on it that cost 4-6x the link
            // time and forget what was measured. Only a re-probe, which
            // needs a backlog to measure, tells whether the link got faster.
            if self.backlogged && self.probe_due.is_some_and(|t| now >= t) {
                self.switch(now, false);
            }
            return self.compressing;
        }
        if !self.backlogged {
            // The producer is the limit: nothing to gain.
            return false;
        }
        if self.cooldown > 0 {
            self.cooldown -= 1;
            return false;
        }
        if self.raw_windows.is_empty() {
            return false;
        }
        // Learn (and keep current) the codec's speed and ratio on this data.
        let every = if self.codec_in_doubt {
            RECHECK_CODEC
        } else {
            RECALIBRATE
        };
        let stale = self.last_deflate.is_none_or(|t| now >= t + every);
        if self.deflated < CALIBRATION_CHUNKS || self.ratio.is_none() || stale {
            self.last_deflate = Some(now);
            return true;
        }
        let (Some(deflate), Some(ratio), Some(raw_high)) =
            (self.deflate_rate, self.ratio, self.raw_rate_upper())
        else {
            return false;
        };
        if let Some((server, network)) = self.limits() {
            return self.decide_with_kernel(now, server, network, deflate, ratio, raw_high);
        }
        self.decide_without_kernel(now, deflate, ratio, raw_high)
    }

    /// The rule when the kernel cannot say what limits the socket (no
    /// `TCP_INFO`): compress only when the path is far slower than the codec.
    fn decide_without_kernel(
        &mut self,
        now: Instant,
        deflate: f64,
        ratio: f64,
        raw_high: f64,
    ) -> bool {
        // From the highest raw rate the samples allow: a server-limited
        // path is noisy (it stalls and bursts) and must not pass for a slow
        // link on a few slow windows.
        let slower_than_codec = deflate / raw_high.max(1.0);
        let slow_path = slower_than_codec >= 2.0 * self.min_gain;
        let sure =
            self.raw_windows.len() >= SURE_WINDOWS || slower_than_codec >= 3.0 * self.min_gain;
        // On a slow path the speed-up is min(slower_than_codec, ratio);
        // slow_path already puts the first above min_gain.
        if slow_path && sure && ratio >= self.min_gain {
            tracing::debug!(
                raw_upper_mb_s = raw_high / 1e6,
                deflate_mb_s = deflate / 1e6,
                ratio,
                slower_than_codec,
                "adaptive: the link is the bottleneck, compressing"
            );
            self.switch(now, true);
        }
        self.codec_in_doubt =
            !slow_path && slower_than_codec >= self.min_gain && ratio >= self.min_gain;
        self.compressing
    }

    /// The decision when the kernel says what limits the socket:
    /// `server` and `network` windows among the recent raw ones.
    fn decide_with_kernel(
        &mut self,
        now: Instant,
        server: usize,
        network: usize,
        deflate: f64,
        ratio: f64,
        raw_high: f64,
    ) -> bool {
        self.codec_in_doubt = false;
        if server * 2 >= server + network {
            // However slow the path looks, the server is what it waits
            // for: deflating would only cost CPU, here and in the server.
            tracing::trace!(
                server,
                network,
                raw_upper_mb_s = raw_high / 1e6,
                "adaptive: receiver-bound, staying raw"
            );
            return false;
        }
        let slower_than_codec = deflate / raw_high.max(1.0);
        // Throughput compressed over throughput raw, if the path stays the
        // limit: min(deflate, raw x ratio) / raw.
        let gain = slower_than_codec.min(ratio);
        // A clear gain is sure after a few windows; a marginal one needs
        // `SURE_WINDOWS` of them to outweigh a burst of slow windows.
        let sure = network >= SURE_WINDOWS || gain >= 2.0 * NET_MARGIN;
        if gain >= NET_MARGIN && sure && network >= MIN_WINDOWS {
            tracing::debug!(
                raw_upper_mb_s = raw_high / 1e6,
                deflate_mb_s = deflate / 1e6,
                ratio,
                gain,
                server,
                network,
                "adaptive: network-bound (TCP_INFO), compressing"
            );
            self.switch(now, true);
            return true;
        }
        self.codec_in_doubt = ratio >= NET_MARGIN && slower_than_codec >= 1.0;
        false
    }

    /// Server- and network-bound windows among the recent raw-rate
    /// samples; None when the kernel gave no counters for them.
    fn limits(&self) -> Option<(usize, usize)> {
        let mut known = false;
        let (mut server, mut network) = (0, 0);
        for (_, limit) in &self.raw_windows {
            match limit {
                Some(Limit::Server) => server += 1,
                Some(Limit::Network) => network += 1,
                Some(Limit::Unclear) => {}
                None => continue,
            }
            known = true;
        }
        known.then_some((server, network))
    }

    /// Mean plus two standard errors of the raw-rate samples; None until
    /// there are enough of them.
    fn raw_rate_upper(&self) -> Option<f64> {
        let n = self.raw_windows.len();
        if n < MIN_WINDOWS {
            return None;
        }
        let rates = || self.raw_windows.iter().map(|(r, _)| *r);
        let mean = rates().sum::<f64>() / n as f64;
        let var = rates().map(|r| (r - mean) * (r - mean)).sum::<f64>() / (n - 1) as f64;
        Some(mean + 2.0 * (var / n as f64).sqrt())
    }

    /// Add a raw departure-rate sample (raw mode only).
    fn measure(
        &mut self,
        now: Instant,
        path_limited: bool,
        departed: u64,
        stats: Option<SocketStats>,
    ) {
        let settled = self.mode_since.is_none_or(|t| now >= t + SETTLE);
        if !settled || !path_limited {
            self.sample = None;
            return;
        }
        match self.sample {
            None => self.sample = Some((now, departed, stats, self.max_wnd)),
            Some((t, d, start, max_before)) if now >= t + MEASURE => {
                let wall = now.duration_since(t);
                let rate = departed.saturating_sub(d) as f64 / wall.as_secs_f64();
                let limit = match (&start, &stats) {
                    (Some(a), Some(b)) => Some(classify(a, b, wall, max_before)),
                    _ => None,
                };
                if self.raw_windows.len() == WINDOWS {
                    self.raw_windows.pop_front();
                }
                self.raw_windows.push_back((rate, limit));
                if let (Some(a), Some(b)) = (&start, &stats) {
                    let us = wall.as_micros().max(1) as f64;
                    tracing::trace!(
                        raw_mb_s = rate / 1e6,
                        ?limit,
                        busy = b.busy_us.saturating_sub(a.busy_us) as f64 / us,
                        rwnd_limited =
                            b.rwnd_limited_us.saturating_sub(a.rwnd_limited_us) as f64 / us,
                        sndbuf_limited =
                            b.sndbuf_limited_us.saturating_sub(a.sndbuf_limited_us) as f64 / us,
                        snd_wnd = b.snd_wnd,
                        max_wnd = self.max_wnd,
                        delivery_mb_s = b.delivery_rate as f64 / 1e6,
                        rtt_us = b.rtt_us,
                        cwnd = b.cwnd_bytes,
                        notsent = b.notsent_bytes,
                        "adaptive: raw-rate sample"
                    );
                } else {
                    tracing::trace!(
                        raw_mb_s = rate / 1e6,
                        samples = self.raw_windows.len(),
                        "adaptive: raw-rate sample"
                    );
                }
                self.sample = Some((now, departed, stats, self.max_wnd));
            }
            Some(_) => {}
        }
    }

    fn switch(&mut self, now: Instant, compress: bool) {
        self.compressing = compress;
        self.mode_since = Some(now);
        self.sample = None;
        if !compress {
            // Samples from before compressing no longer describe the path.
            self.raw_windows.clear();
        }
        self.probe_due = compress.then_some(now + REPROBE);
    }

    /// Feedback after a chunk was deflated: `raw` stream bytes became
    /// `wire` in `took` of the writer thread's CPU time.
    pub fn note_compressed(&mut self, raw: usize, wire: usize, took: Duration) {
        if raw < MIN_FEEDBACK_BYTES {
            return;
        }
        let speed = raw as f64 / took.as_secs_f64().max(1e-6);
        tracing::trace!(
            deflate_mb_s = speed / 1e6,
            raw_bytes = raw,
            wire_bytes = wire,
            "adaptive: deflated a chunk"
        );
        self.deflated = self.deflated.saturating_add(1);
        // The best recent chunk, decaying so a machine that got busier is
        // noticed within a few dozen chunks.
        self.deflate_rate = Some(self.deflate_rate.map_or(speed, |s| speed.max(s * 0.95)));
        let ratio = raw as f64 / wire.max(1) as f64;
        let ratio = match self.ratio {
            // Exponential average over roughly the last 8 compressed chunks.
            Some(r) => (r * 7.0 + ratio) / 8.0,
            None => ratio,
        };
        self.ratio = Some(ratio);
        if ratio < MIN_USEFUL_RATIO {
            tracing::debug!(
                ratio,
                chunks = COOLDOWN_CHUNKS,
                "adaptive: the data barely shrinks, sending raw"
            );
            self.cooldown = COOLDOWN_CHUNKS;
            self.ratio = None;
            self.compressing = false;
        }
    }
}

#[cfg(test)]
mod tests {
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
        // A whole chunk that does not shrink still is.
        p.note_compressed(65536, 65543, Duration::from_micros(400));
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
        let mut p = CompressPolicy::new(4, 3.0);
        let t0 = Instant::now();
        let (mut z, mut raw) = (0, 0);
        let mut departed = 0f64;
        let mut st = SocketStats {
            rtt_us: rtt_us(),
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
                p.note_compressed(65536, 16384, Duration::from_micros(us));
                z += 1;
            } else {
                raw += 1;
            }
        }
        (z, raw)
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
        let mut b = a;
        b.busy_us = 25_000;
        assert_eq!(classify(&a, &b, wall, 0), Limit::Network);
        // Receiver-limited with the window at its largest so far: server.
        b.rwnd_limited_us = 20_000;
        b.snd_wnd = Some(1_000_000);
        assert_eq!(classify(&a, &b, wall, 1_000_000), Limit::Server);
        // ... with a window that grew past it: autotuning, the network.
        b.snd_wnd = Some(1_200_000);
        assert_eq!(classify(&a, &b, wall, 1_000_000), Limit::Network);
        // Without the window (kernel < 5.4) a receiver limit is the server.
        b.snd_wnd = None;
        assert_eq!(classify(&a, &b, wall, 0), Limit::Server);
        let mut idle = a;
        idle.busy_us = 2_000;
        assert_eq!(classify(&a, &idle, wall, 0), Limit::Unclear);
    }
}
