// Over 600 lines: the decision logic alone; each constant carries the measurement behind it (tests in policy_tests.rs).
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
//! unless that window is still growing at the pace the path's base RTT
//! allows (autotuning at the start of a load on a long path); busy
//! without receive-window limits (the congestion window, the pacing or a
//! qdisc holds the bytes) means the network is
//! the limit, and then compressing pays whenever the codec deflates
//! `NET_MARGIN` times faster than the raw rate and the data shrinks at all
//! (`MIN_USEFUL_RATIO`): the expected throughput is min(deflate speed, raw
//! rate x ratio). Without `TCP_INFO` (other systems, tests over
//! pipes) the rule above applies. A verdict reached with the kernel's help
//! is the next connection's starting point on the same path
//! ([`PathVerdict`]).

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
/// How long a verdict on the path to a backend is a new bulk connection's
/// starting point ([`PathVerdict`]): bulk loads come in series, and links
/// and servers rarely change character within minutes.
const REMEMBER: Duration = Duration::from_secs(300);
/// A connection that starts compressing on a remembered verdict measures
/// the path raw this soon, in case it changed: at worst five seconds of a
/// load deflated for a server that has become the limit. Not sooner: a
/// probe costs a WAN load ~125 ms of raw chunks (+5% on a 2.5 s load, at
/// two seconds). Such a connection does not renew the verdict unless it
/// probes, so loads shorter than this measure afresh every `REMEMBER`.
const REMEMBERED_PROBE: Duration = Duration::from_secs(5);
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
/// Below this raw/wire ratio compression buys nothing worth the server's
/// inflating: skip it for `COOLDOWN_CHUNKS` chunks. Low, because on a link
/// the kernel confirms as the limit every saved byte is time: a table of
/// column values squeeze already compressed deflates 1.06:1 as LOAD DATA
/// (stretches of 1.02 between better ones), and `always` loaded it 5-8%
/// faster at 100 Mbit/s than raw; a floor of 1.02 cooled down in the weak
/// stretches and missed the rest.
const MIN_USEFUL_RATIO: f64 = 1.01;
/// Weight kept per compressed chunk by the byte-weighted ratio (a horizon
/// of ~32 chunks): single 64 KiB chunks of such a table deflate anywhere
/// from 1.01 to 1.07:1, so an average over 8 fell below the floor within
/// a second of every switch.
const SHRINK_DECAY: f64 = 31.0 / 32.0;
/// Weight left to the history when the data barely shrinks, so the one
/// chunk deflated after a cooldown can show that the data changed.
const SHRINK_AFTER_COOLDOWN: f64 = 1.0 / 8.0;
const COOLDOWN_CHUNKS: u32 = 256;
/// Chunks shorter than this say nothing about the data or the codec: a
/// flush's remainder of a few bytes cannot shrink (the compressed
/// protocol's 50-byte rule sends it raw) and deflates at a fixed cost. As
/// the first calibration chunk one of them used to read as incompressible
/// data and cost a 100 Mbit/s load 256 raw chunks (~1.5 s).
const MIN_FEEDBACK_BYTES: usize = 4096;
/// With the kernel's word that the network is the limit: how much faster
/// than the raw rate the codec has to deflate before compressing is worth
/// it. Not `min_gain` (whose factor covers the risk that the server is the
/// limit); what remains is the codec sharing two cores with the server and
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
// receiver's window is still growing (a new largest window by its end)
// and the rate is what that window allows per base RTT: autotuning
// widening the buffer of a receiver that keeps up, at the start of a load
// on a long path. Growth alone is not enough: a slow server that reads in
// bursts sets a new largest window now and then (7 of 197 windows in a
// slow-server run, the first of a load among them), and three such
// windows at a load's start once made it compress the whole load. Its rate
// is a few percent of window / base RTT (107 MB/s against 460 KB per 0.1
// ms); a WAN's start moves half to all of it (1.9-6.5 MB/s against 110-380
// KB per 40 ms). The smoothed RTT would not do: a stalling reader
// inflates it (the slow server then passed for window-bound in 3 of 5
// loads). Otherwise the window's size says nothing: read at a random
// moment a slow server's window is as often wide open (it just read) as
// closed.
/// Share of window / base RTT a growing window's rate has to reach to be
/// the path's limit rather than the reader's.
const WINDOW_BOUND_SHARE: f64 = 0.5;

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

/// Classify one window from the counters at its start and end; `rate`:
/// bytes per second that left the socket in it; `max_wnd`: the largest
/// receive window seen before it began (0: unknown).
pub fn classify(
    start: &SocketStats,
    end: &SocketStats,
    wall: Duration,
    rate: f64,
    max_wnd: u64,
) -> Limit {
    let wall_us = wall.as_micros().max(1) as f64;
    let busy = end.busy_us.saturating_sub(start.busy_us) as f64 / wall_us;
    let rwnd = end.rwnd_limited_us.saturating_sub(start.rwnd_limited_us) as f64 / wall_us;
    if rwnd >= RWND_SHARE {
        let growing = max_wnd > 0 && end.snd_wnd.is_some_and(|w| w > max_wnd);
        if !growing {
            return Limit::Server;
        }
        // The window the socket had as the window began, per base RTT.
        let window_rate = match (start.snd_wnd, end.min_rtt_us) {
            (Some(w), Some(rtt)) => Some(w as f64 / (rtt as f64 / 1e6)),
            // An older kernel: growth is all there is to go by.
            _ => None,
        };
        return match window_rate {
            Some(allowed) if rate < WINDOW_BOUND_SHARE * allowed => Limit::Unclear,
            _ => Limit::Network,
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

/// What a bulk connection's kernel-confirmed measurements said about the
/// path to its backend: whether the network was the limit and compressing
/// paid. Deciding takes ~100 ms of raw chunks (measure windows, calibrate
/// the codec), ~5% of a 2 s load at 100 Mbit/s; the next connection to the
/// same backend starts from the verdict instead, as the kernel's TCP
/// metrics cache starts a connection from the last one's RTT.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathVerdict {
    pub compress: bool,
    pub at: Instant,
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
    /// Recent deflate ratio (raw / wire) of compressed chunks; None until
    /// a chunk is deflated (again, after a cooldown).
    ratio: Option<f64>,
    /// Raw and wire bytes of the recent compressed chunks, decayed by
    /// `SHRINK_DECAY` per chunk: what `ratio` is made of.
    shrink: (f64, f64),
    /// Chunks left before an unrewarding codec is tried again.
    cooldown: u32,
    /// The verdict of an earlier connection to start from (taken at the
    /// first backlog).
    remembered: Option<PathVerdict>,
    /// This connection's latest kernel-confirmed verdict.
    verdict: Option<PathVerdict>,
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
            shrink: (0.0, 0.0),
            cooldown: 0,
            codec_in_doubt: false,
            remembered: None,
            verdict: None,
        }
    }

    /// Start from an earlier connection's verdict on the same path (only a
    /// recent one that said compress changes anything).
    pub fn remembering(mut self, verdict: Option<PathVerdict>) -> CompressPolicy {
        self.remembered = verdict;
        self
    }

    /// This connection's latest kernel-confirmed verdict on the path, for
    /// the next connection to the same backend.
    pub fn verdict(&self) -> Option<PathVerdict> {
        self.verdict
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
        if let Some(v) = self.remembered.take() {
            if v.compress && now < v.at + REMEMBER && self.mode_since.is_none() {
                tracing::debug!("adaptive: the last load found the network the limit, compressing");
                self.switch(now, true);
                self.probe_due = Some(now + REMEMBERED_PROBE);
                return true;
            }
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
            if server >= MIN_WINDOWS {
                self.conclude(now, false);
            }
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
        // The codec has to outrun the path by the margin (the CPU it gets
        // of a shared machine is less than its CPU time says); past that,
        // whatever the data shrinks by is throughput, however little.
        let codec_keeps_up = slower_than_codec >= NET_MARGIN;
        // A clear gain is sure after a few windows; a marginal one needs
        // `SURE_WINDOWS` of them to outweigh a burst of slow windows.
        let sure = network >= SURE_WINDOWS || gain >= 2.0 * NET_MARGIN;
        // ... and after two when no window at all was the server's: each
        // window costs a 100 Mbit/s load ~30 ms of raw chunks, ~1.5% of it.
        let enough = network >= MIN_WINDOWS || (server == 0 && network >= 2);
        if codec_keeps_up && ratio >= MIN_USEFUL_RATIO && sure && enough {
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
            self.conclude(now, true);
            return true;
        }
        if network >= SURE_WINDOWS {
            // The network is the limit, yet the codec or the data do not pay.
            self.conclude(now, false);
        }
        self.codec_in_doubt = !codec_keeps_up && slower_than_codec >= 1.0;
        false
    }

    /// Record this connection's verdict on the path.
    fn conclude(&mut self, now: Instant, compress: bool) {
        self.verdict = Some(PathVerdict { compress, at: now });
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
                    (Some(a), Some(b)) => Some(classify(a, b, wall, rate, max_before)),
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
                        min_rtt_us = b.min_rtt_us,
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
        self.shrink = (
            self.shrink.0 * SHRINK_DECAY + raw as f64,
            self.shrink.1 * SHRINK_DECAY + wire.max(1) as f64,
        );
        let ratio = self.shrink.0 / self.shrink.1;
        self.ratio = Some(ratio);
        // One chunk alone is no verdict on the data (a run of rows with
        // short values), a few together are.
        if ratio < MIN_USEFUL_RATIO && self.deflated >= CALIBRATION_CHUNKS {
            tracing::debug!(
                ratio,
                chunks = COOLDOWN_CHUNKS,
                "adaptive: the data barely shrinks, sending raw"
            );
            self.cooldown = COOLDOWN_CHUNKS;
            self.ratio = None;
            self.shrink.0 *= SHRINK_AFTER_COOLDOWN;
            self.shrink.1 *= SHRINK_AFTER_COOLDOWN;
            self.compressing = false;
        }
    }
}

#[cfg(test)]
#[path = "policy_tests.rs"]
mod tests;
