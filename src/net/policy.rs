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

use std::collections::VecDeque;
use std::time::{Duration, Instant};

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
    /// Start of the current raw measurement: time and departed bytes.
    sample: Option<(Instant, u64)>,
    /// Raw bytes per second leaving the socket while bytes wait for it, one
    /// sample per `MEASURE` window, newest last.
    raw_windows: VecDeque<f64>,
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
    /// the producer); `departed`: wire bytes that have left the socket.
    pub fn decide(
        &mut self,
        now: Instant,
        backlog: usize,
        path_limited: bool,
        departed: u64,
    ) -> bool {
        if backlog > self.threshold {
            self.backlogged = true;
        } else if backlog == 0 {
            self.backlogged = false;
        }
        // The raw rate is measured whenever raw bytes wait for the path, so
        // it is known by the time a backlog builds up.
        if !self.compressing {
            self.measure(now, path_limited, departed);
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

    /// Mean plus two standard errors of the raw-rate samples; None until
    /// there are enough of them.
    fn raw_rate_upper(&self) -> Option<f64> {
        let n = self.raw_windows.len();
        if n < MIN_WINDOWS {
            return None;
        }
        let mean = self.raw_windows.iter().sum::<f64>() / n as f64;
        let var = self
            .raw_windows
            .iter()
            .map(|r| (r - mean) * (r - mean))
            .sum::<f64>()
            / (n - 1) as f64;
        Some(mean + 2.0 * (var / n as f64).sqrt())
    }

    /// Add a raw departure-rate sample (raw mode only).
    fn measure(&mut self, now: Instant, path_limited: bool, departed: u64) {
        let settled = self.mode_since.is_none_or(|t| now >= t + SETTLE);
        if !settled || !path_limited {
            self.sample = None;
            return;
        }
        match self.sample {
            None => self.sample = Some((now, departed)),
            Some((t, d)) if now >= t + MEASURE => {
                let rate = departed.saturating_sub(d) as f64 / now.duration_since(t).as_secs_f64();
                if self.raw_windows.len() == WINDOWS {
                    self.raw_windows.pop_front();
                }
                self.raw_windows.push_back(rate);
                tracing::trace!(
                    raw_mb_s = rate / 1e6,
                    samples = self.raw_windows.len(),
                    "adaptive: raw-rate sample"
                );
                self.sample = Some((now, departed));
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
            if p.decide(now, 16, true, departed as u64) {
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
            if p.decide(t0 + Duration::from_millis(ms), 16, true, departed) {
                p.note_compressed(65536, 16384, Duration::from_micros(500));
            }
            departed += 12_500;
            ms += 1;
            assert!(ms < 1_000, "never compressed");
        }
        for (i, backlog) in [0, 0, 1, 0, 3, 8, 16, 0, 16].into_iter().enumerate() {
            let now = t0 + Duration::from_millis(ms + i as u64);
            assert!(p.decide(now, backlog, backlog > 0, departed), "chunk {i}");
        }
    }

    #[test]
    fn no_backlog_means_raw() {
        let mut p = CompressPolicy::new(4, 3.0);
        let now = Instant::now();
        p.note_compressed(65536, 16384, Duration::from_micros(500));
        assert!(!p.decide(now, 0, false, 0));
        assert!(!p.decide(now, 4, true, 0));
        assert!(!p.decide(now, 5, true, 0), "nothing measured yet");
    }

    #[test]
    fn incompressible_data_cools_down() {
        let mut p = CompressPolicy::new(4, 3.0);
        let now = Instant::now();
        for _ in 0..20 {
            p.note_compressed(65536, 65000, Duration::from_micros(500));
        }
        for _ in 0..COOLDOWN_CHUNKS {
            assert!(!p.decide(now, 10, true, 0));
        }
    }
}
