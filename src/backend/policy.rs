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
//! x ratio) instead of the raw rate; the policy compresses when that gain
//! is at least `MIN_GAIN`. A fast server that merely parses slower than the
//! link never reaches that gain (it drains raw data about as fast as we
//! could deflate it), a slow link does. While compressing it sends a short
//! raw window every `REPROBE` to see whether the link got faster.

use std::time::{Duration, Instant};

/// Least expected speed-up (if the link is the limit) worth compressing
/// for; below it the risk (the server, not the link, is the limit, and
/// compression only costs CPU) outweighs the gain.
const MIN_GAIN: f64 = 1.5;
/// After a mode switch, chunks of the old mode still fill the (capped)
/// socket buffer; departures are not scored for this long.
const SETTLE: Duration = Duration::from_millis(50);
/// Departures are turned into a rate over at least this long.
const MEASURE: Duration = Duration::from_millis(50);
/// While compressing, how often the raw rate is measured again.
const REPROBE: Duration = Duration::from_secs(3);
/// Below this raw/wire ratio compression buys almost no bandwidth (already
/// compressed column values): skip it for `COOLDOWN_CHUNKS` chunks.
const MIN_USEFUL_RATIO: f64 = 1.15;
const COOLDOWN_CHUNKS: u32 = 256;

/// Decision state of one connection in `adaptive` mode.
#[derive(Debug)]
pub struct CompressPolicy {
    threshold: usize,
    /// Set when the backlog exceeds the threshold, cleared when it is empty.
    backlogged: bool,
    compressing: bool,
    /// When the current mode began (set by switches).
    mode_since: Option<Instant>,
    /// Start of the current raw measurement: time and departed bytes.
    sample: Option<(Instant, u64)>,
    /// Raw bytes per second leaving the socket while bytes wait for it.
    raw_rate: Option<f64>,
    /// Raw bytes per second the codec deflates (per core, while working).
    deflate_rate: Option<f64>,
    /// While compressing: when to measure the raw rate again.
    probe_due: Option<Instant>,
    /// Recent deflate ratio (raw / wire) of compressed chunks.
    ratio: Option<f64>,
    /// Chunks left before an unrewarding codec is tried again.
    cooldown: u32,
}

impl CompressPolicy {
    pub fn new(threshold: usize) -> CompressPolicy {
        CompressPolicy {
            threshold,
            backlogged: false,
            compressing: false,
            mode_since: None,
            sample: None,
            raw_rate: None,
            deflate_rate: None,
            probe_due: None,
            ratio: None,
            cooldown: 0,
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
        if !self.backlogged {
            // The producer is the limit: nothing to gain.
            if self.compressing {
                self.switch(now, false);
            }
            return false;
        }
        if self.cooldown > 0 {
            self.cooldown -= 1;
            return false;
        }
        if self.compressing {
            if self.probe_due.is_some_and(|t| now >= t) {
                self.switch(now, false);
                self.raw_rate = None;
            }
            return self.compressing;
        }
        match (self.raw_rate, self.deflate_rate, self.ratio) {
            // One chunk deflated to learn the codec's speed and ratio here.
            (Some(_), None, _) | (Some(_), _, None) => true,
            (Some(raw), Some(deflate), Some(ratio)) => {
                let gain = deflate.min(raw * ratio) / raw.max(1.0);
                if gain >= MIN_GAIN {
                    tracing::debug!(
                        raw_mb_s = raw / 1e6,
                        deflate_mb_s = deflate / 1e6,
                        ratio,
                        gain,
                        "adaptive: the link is the bottleneck, compressing"
                    );
                    self.switch(now, true);
                }
                self.compressing
            }
            _ => false,
        }
    }

    /// Update the raw departure rate (raw mode only).
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
                self.raw_rate = Some(match self.raw_rate {
                    Some(r) => (r + rate) / 2.0,
                    None => rate,
                });
                self.sample = Some((now, departed));
            }
            Some(_) => {}
        }
    }

    fn switch(&mut self, now: Instant, compress: bool) {
        self.compressing = compress;
        self.mode_since = Some(now);
        self.sample = None;
        self.probe_due = compress.then_some(now + REPROBE);
    }

    /// Feedback after a chunk was deflated: `raw` stream bytes became
    /// `wire` in `took`.
    pub fn note_compressed(&mut self, raw: usize, wire: usize, took: Duration) {
        let speed = raw as f64 / took.as_secs_f64().max(1e-6);
        self.deflate_rate = Some(match self.deflate_rate {
            Some(s) => (s * 7.0 + speed) / 8.0,
            None => speed,
        });
        let ratio = raw as f64 / wire.max(1) as f64;
        let ratio = match self.ratio {
            // Exponential average over roughly the last 8 compressed chunks.
            Some(r) => (r * 7.0 + ratio) / 8.0,
            None => ratio,
        };
        self.ratio = Some(ratio);
        if ratio < MIN_USEFUL_RATIO {
            self.cooldown = COOLDOWN_CHUNKS;
            self.ratio = None;
            self.compressing = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path that takes `link` wire bytes per millisecond, fed one 64 KiB
    /// chunk per millisecond that deflates 4:1 in 0.5 ms; always backlogged.
    /// Returns (compressed, raw) chunk counts over `millis`.
    fn simulate(link: f64, millis: u64) -> (u64, u64) {
        let mut p = CompressPolicy::new(4);
        let t0 = Instant::now();
        let (mut z, mut raw) = (0, 0);
        let mut departed = 0f64;
        for ms in 0..millis {
            let now = t0 + Duration::from_millis(ms);
            departed += link;
            if p.decide(now, 16, true, departed as u64) {
                z += 1;
                p.note_compressed(65536, 16384, Duration::from_micros(500));
            } else {
                raw += 1;
            }
        }
        (z, raw)
    }

    #[test]
    fn slow_link_settles_on_compression() {
        // 12.5 MB/s link, deflate at 131 MB/s: compress, raw only in probes.
        let (z, raw) = simulate(12_500.0, 10_000);
        assert!(z > 15 * raw, "z={z} raw={raw}");
    }

    #[test]
    fn fast_path_stays_raw() {
        // 90 MB/s leave the socket: deflating at 131 MB/s cannot double it.
        let (z, raw) = simulate(90_000.0, 10_000);
        assert!(z <= 1, "z={z} raw={raw}");
    }

    #[test]
    fn no_backlog_means_raw() {
        let mut p = CompressPolicy::new(4);
        let now = Instant::now();
        p.note_compressed(65536, 16384, Duration::from_micros(500));
        assert!(!p.decide(now, 0, false, 0));
        assert!(!p.decide(now, 4, true, 0));
        assert!(!p.decide(now, 5, true, 0), "nothing measured yet");
    }

    #[test]
    fn incompressible_data_cools_down() {
        let mut p = CompressPolicy::new(4);
        let now = Instant::now();
        for _ in 0..20 {
            p.note_compressed(65536, 65000, Duration::from_micros(500));
        }
        for _ in 0..COOLDOWN_CHUNKS {
            assert!(!p.decide(now, 10, true, 0));
        }
    }
}
