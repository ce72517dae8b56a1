//! Adaptive wire compression for bulk-load backend connections.
//!
//! A bulk connection negotiates the compressed protocol (`CLIENT_COMPRESS`,
//! zlib: MariaDB offers no zstd). Its write half is owned by a writer task
//! fed through a bounded channel of chunks (64 KiB of packet stream each,
//! with the frame's sequence id). The writer takes chunk after chunk off
//! the queue and deflates the one at the head only while the queue behind
//! it is longer than a threshold (default 4, as MemSQL's sender did) and,
//! in `adaptive` mode, the policy ([`super::policy`]) has measured that the
//! path, not the server, is the limit. The kernel's unsent bytes count as
//! queue too (see [`crate::net::SendQueueProbe`]): otherwise a
//! multi-megabyte socket buffer hides the backlog. On a fast link the
//! writer keeps up, the queue stays short and chunks go out in frames
//! marked uncompressed (7 bytes of header per chunk, no CPU); on a slow
//! link the kernel's queue fills, then ours, and spare CPU buys bandwidth.
//!
//! Sequence ids, the 50-byte rule and 16 MiB limits stay with
//! [`crate::net::PacketConn`] and [`crate::protocol::compress`], so reads
//! and writes share one sequence and the read half keeps working while the
//! writer drains.

use std::collections::HashMap;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

use bytes::{Bytes, BytesMut};
use serde::Deserialize;
use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use super::policy::PathVerdict;
use crate::metrics::METRICS;
use crate::protocol::compress::{encode_frame, WireCodec};

/// When outbound chunks of a compressed-protocol connection are deflated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum CompressMode {
    /// Only while the send queue is longer than the threshold.
    #[default]
    Adaptive,
    /// Every chunk (that the 50-byte rule allows).
    Always,
    /// No chunk: frames are marked uncompressed.
    Never,
}

impl CompressMode {
    pub fn as_str(self) -> &'static str {
        match self {
            CompressMode::Adaptive => "adaptive",
            CompressMode::Always => "always",
            CompressMode::Never => "never",
        }
    }
}

/// Settings of one adaptive writer.
#[derive(Debug, Clone)]
pub struct WriterSettings {
    pub mode: CompressMode,
    /// Compress while more than this many chunks are queued.
    pub queue_threshold: usize,
    /// Least expected speed-up for the adaptive policy to compress.
    pub min_gain: f64,
    /// Bytes of packet stream per chunk (one compressed frame each).
    pub chunk_size: usize,
    /// Chunks the channel holds before the session waits.
    pub queue_capacity: usize,
    /// zlib level.
    pub level: u32,
    /// Negotiate zstd (at this level) where the backend offers it.
    pub zstd_level: Option<i32>,
    /// Metrics label.
    pub shard: String,
    /// Whether compression decisions apply from the start (sessions
    /// classified bulk at login); otherwise per bulk command.
    pub start_active: bool,
    /// SO_SNDBUF to set on the socket (0 = leave it).
    pub send_buffer_bytes: usize,
    /// TCP_NOTSENT_LOWAT to set on the socket (0 = leave it).
    pub unsent_low_water_bytes: usize,
}

/// The latest verdict on the path to each shard's backend, from whichever
/// bulk connection reached one last; the next connection starts from it
/// (see [`PathVerdict`]). Keyed by the shard's metrics label.
static PATH_VERDICTS: LazyLock<Mutex<HashMap<String, PathVerdict>>> =
    LazyLock::new(Default::default);

fn remembered_verdict(shard: &str) -> Option<PathVerdict> {
    let verdicts = PATH_VERDICTS.lock().unwrap_or_else(|e| e.into_inner());
    verdicts.get(shard).copied()
}

fn remember_verdict(shard: &str, verdict: PathVerdict) {
    let mut verdicts = PATH_VERDICTS.lock().unwrap_or_else(|e| e.into_inner());
    verdicts.insert(shard.to_string(), verdict);
}

/// Counters shared between the session side and the writer task.
#[derive(Debug, Default)]
struct Shared {
    /// Chunks handed to the channel and not yet fully written.
    depth: AtomicUsize,
    failed: AtomicBool,
}

/// One chunk of packet stream on its way to the writer task: the
/// compressed-protocol sequence id of its frame (assigned by the session, so
/// reads and writes share one sequence) and whether bulk traffic was flowing
/// when it was cut (only then may it be compressed).
#[derive(Debug)]
struct Chunk {
    seq: u8,
    bulk: bool,
    data: Bytes,
}

/// The session-side handle of a writer task.
pub struct AdaptiveWriter {
    tx: Option<mpsc::Sender<Chunk>>,
    shared: Arc<Shared>,
    task: Option<JoinHandle<io::Result<()>>>,
    pub settings: WriterSettings,
    /// Whether bulk traffic is flowing (compression decisions apply); when
    /// false every chunk goes out raw (OLTP commands on a bulk connection).
    pub active: bool,
    /// Highest number of chunks seen queued (for tests and reports).
    pub max_depth_seen: usize,
}

impl AdaptiveWriter {
    /// Spawn the writer task that owns `half`, framing with `codec` (what
    /// the connection negotiated).
    pub fn spawn<W>(
        half: W,
        socket: Option<crate::net::SendQueueProbe>,
        settings: WriterSettings,
        codec: WireCodec,
    ) -> AdaptiveWriter
    where
        W: AsyncWrite + Unpin + Send + 'static,
    {
        let (tx, rx) = mpsc::channel::<Chunk>(settings.queue_capacity.max(1));
        let shared = Arc::new(Shared::default());
        let writer = WriterTask::new(half, socket, shared.clone(), &settings, codec);
        let task = tokio::spawn(writer.run(rx));
        AdaptiveWriter {
            tx: Some(tx),
            shared,
            task: Some(task),
            active: settings.start_active,
            settings,
            max_depth_seen: 0,
        }
    }

    /// Chunks queued or being written right now.
    pub fn depth(&self) -> usize {
        self.shared.depth.load(Ordering::Acquire)
    }

    pub fn chunk_size(&self) -> usize {
        self.settings.chunk_size
    }

    /// Queue one chunk of packet stream for the frame with sequence id
    /// `seq`; waits while the channel is full. The writer task decides
    /// whether to deflate it when it takes it off the queue.
    pub async fn send(&mut self, seq: u8, data: Bytes) -> io::Result<()> {
        let Some(tx) = &self.tx else {
            return Err(closed());
        };
        if self.shared.failed.load(Ordering::Acquire) {
            return Err(self.task_error().await);
        }
        let d = self.shared.depth.fetch_add(1, Ordering::AcqRel) + 1;
        self.max_depth_seen = self.max_depth_seen.max(d);
        let chunk = Chunk {
            seq,
            bulk: self.active,
            data,
        };
        if tx.send(chunk).await.is_err() {
            self.shared.depth.fetch_sub(1, Ordering::AcqRel);
            return Err(self.task_error().await);
        }
        Ok(())
    }

    /// Wait until everything queued has been written to the socket.
    pub async fn drain(&mut self) -> io::Result<()> {
        while self.depth() > 0 {
            if self.shared.failed.load(Ordering::Acquire) {
                return Err(self.task_error().await);
            }
            tokio::time::sleep(std::time::Duration::from_micros(200)).await;
        }
        Ok(())
    }

    async fn task_error(&mut self) -> io::Error {
        self.tx = None;
        match self.task.take() {
            Some(t) => match t.await {
                Ok(Err(e)) => e,
                Ok(Ok(())) => closed(),
                Err(e) => io::Error::other(format!("adaptive writer task failed: {e}")),
            },
            None => closed(),
        }
    }

    /// Close the channel and let the task write what is queued, then shut
    /// the write side down.
    pub async fn shutdown(&mut self) {
        self.tx = None;
        if let Some(t) = self.task.take() {
            let _ = tokio::time::timeout(std::time::Duration::from_secs(5), t).await;
        }
    }
}

impl Drop for AdaptiveWriter {
    fn drop(&mut self) {
        // Dropping the sender ends the task once the queue is written.
        self.tx = None;
    }
}

fn closed() -> io::Error {
    io::Error::new(io::ErrorKind::BrokenPipe, "backend write side closed")
}

/// The task that owns the write half: frames each chunk as it takes it off
/// the queue, deflated or not. Deciding at the head of the queue (as
/// MemSQL's sender did) rather than when the session cuts the chunk means a
/// decision to compress applies to everything still queued, not only to
/// chunks cut after it: on a slow link the queue holds a megabyte that
/// would otherwise go out raw at the start of every load.
struct WriterTask<W> {
    half: W,
    /// The kernel's part of the queue (absent in tests over pipes).
    socket: Option<crate::net::SendQueueProbe>,
    shared: Arc<Shared>,
    mode: CompressMode,
    codec: WireCodec,
    chunk_size: usize,
    policy: super::policy::CompressPolicy,
    /// Metrics label, and the key of this path's verdict.
    shard: String,
    /// The policy's verdict as last published.
    published: Option<PathVerdict>,
    /// Wire bytes handed to the socket so far.
    written: u64,
    depth_gauge: prometheus::IntGauge,
    chunks_compressed: prometheus::IntCounter,
    chunks_raw: prometheus::IntCounter,
    bytes_before: prometheus::IntCounter,
    bytes_after: prometheus::IntCounter,
    /// CPU spent compressing and the bytes it was spent on, per algorithm:
    /// the codec's throughput as the policy sees it.
    compress_seconds: prometheus::Counter,
    compress_input_bytes: prometheus::IntCounter,
    /// TCP_INFO's busy, receive-window-limited and send-buffer-limited
    /// time, as counted up to the last reading.
    socket_seconds: [prometheus::Counter; 3],
    last_stats: Option<super::tcp_info::SocketStats>,
}

impl<W: AsyncWrite + Unpin> WriterTask<W> {
    fn new(
        half: W,
        socket: Option<crate::net::SendQueueProbe>,
        shared: Arc<Shared>,
        settings: &WriterSettings,
        codec: WireCodec,
    ) -> Self {
        let shard = settings.shard.as_str();
        let m = &METRICS;
        let algorithm = codec.algorithm.label();
        WriterTask {
            half,
            socket,
            shared,
            mode: settings.mode,
            codec,
            chunk_size: settings.chunk_size.max(1),
            policy: super::policy::CompressPolicy::new(settings.queue_threshold, settings.min_gain)
                .remembering(remembered_verdict(shard)),
            shard: shard.to_string(),
            published: None,
            written: 0,
            depth_gauge: m.adaptive_queue_depth.with_label_values(&[shard]),
            chunks_compressed: m
                .adaptive_chunks_total
                .with_label_values(&[shard, "compressed"]),
            chunks_raw: m.adaptive_chunks_total.with_label_values(&[shard, "raw"]),
            bytes_before: m
                .adaptive_wire_bytes_total
                .with_label_values(&[shard, "before"]),
            bytes_after: m
                .adaptive_wire_bytes_total
                .with_label_values(&[shard, "after"]),
            compress_seconds: m
                .adaptive_compress_seconds_total
                .with_label_values(&[shard, algorithm]),
            compress_input_bytes: m
                .adaptive_compress_input_bytes_total
                .with_label_values(&[shard, algorithm]),
            socket_seconds: ["busy", "rwnd_limited", "sndbuf_limited"].map(|state| {
                m.adaptive_socket_seconds_total
                    .with_label_values(&[shard, state])
            }),
            last_stats: None,
        }
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Chunk>) -> io::Result<()> {
        let mut framed = BytesMut::new();
        while let Some(chunk) = rx.recv().await {
            framed.clear();
            self.frame(&chunk, &mut framed);
            if let Err(e) = self.half.write_all(&framed).await {
                self.shared.failed.store(true, Ordering::Release);
                return Err(e);
            }
            self.written += framed.len() as u64;
            let d = self.shared.depth.fetch_sub(1, Ordering::AcqRel) - 1;
            if d == 0 {
                if let Err(e) = self.half.flush().await {
                    self.shared.failed.store(true, Ordering::Release);
                    return Err(e);
                }
            }
            self.depth_gauge.set(d as i64);
        }
        let _ = self.half.flush().await;
        let _ = self.half.shutdown().await;
        Ok(())
    }

    /// Frame `chunk` into `out`, deflated when the mode (and, adaptive, the
    /// policy) says so and it shrinks.
    fn frame(&mut self, chunk: &Chunk, out: &mut BytesMut) {
        // What limits the socket, in every mode (the metrics compare the
        // modes' sockets); one getsockopt per 64 KiB chunk, ~1 us.
        let stats = if chunk.bulk {
            self.socket.and_then(|s| super::tcp_info::read(s.raw_fd()))
        } else {
            None
        };
        if let Some(now) = &stats {
            self.count_socket_time(now);
        }
        let want = chunk.bulk && self.should_compress(stats);
        // A syscall (no vDSO for thread CPU clocks): only when deflating.
        let started = want.then(thread_cpu_time);
        let compressed = encode_frame(out, chunk.seq, &chunk.data, want.then_some(self.codec));
        if let Some(started) = started {
            let took = thread_cpu_time().saturating_sub(started);
            self.compress_seconds.inc_by(took.as_secs_f64());
            self.compress_input_bytes.inc_by(chunk.data.len() as u64);
            self.policy
                .note_compressed(chunk.data.len(), out.len(), took);
        }
        if compressed {
            self.chunks_compressed.inc();
        } else {
            self.chunks_raw.inc();
        }
        self.bytes_before.inc_by(chunk.data.len() as u64);
        self.bytes_after.inc_by(out.len() as u64);
    }

    /// Add the time the socket spent busy (and limited by what) since the
    /// last reading to the metrics.
    fn count_socket_time(&mut self, now: &super::tcp_info::SocketStats) {
        if let Some(last) = self.last_stats {
            let deltas = [
                now.busy_us.saturating_sub(last.busy_us),
                now.rwnd_limited_us.saturating_sub(last.rwnd_limited_us),
                now.sndbuf_limited_us.saturating_sub(last.sndbuf_limited_us),
            ];
            for (c, us) in self.socket_seconds.iter().zip(deltas) {
                c.inc_by(us as f64 / 1e6);
            }
        }
        self.last_stats = Some(*now);
    }

    /// Should the chunk at the head of the queue be deflated?
    fn should_compress(&mut self, stats: Option<super::tcp_info::SocketStats>) -> bool {
        match self.mode {
            CompressMode::Always => true,
            CompressMode::Never => false,
            CompressMode::Adaptive => {
                // Chunks behind this one, plus the kernel's bytes that the
                // network has not taken yet (one ioctl per chunk).
                let behind = self.shared.depth.load(Ordering::Acquire).saturating_sub(1);
                let unsent = self.socket.map_or(0, |s| s.unsent_bytes());
                let backlog = behind + unsent / self.chunk_size;
                let departed = self.written.saturating_sub(unsent as u64);
                let path_limited = behind > 0 || unsent > 0;
                let compress = self.policy.decide(
                    std::time::Instant::now(),
                    backlog,
                    path_limited,
                    departed,
                    stats,
                );
                let verdict = self.policy.verdict();
                if verdict != self.published {
                    self.published = verdict;
                    if let Some(v) = verdict {
                        remember_verdict(&self.shard, v);
                    }
                }
                compress
            }
        }
    }
}

/// CPU time this thread has used. A chunk's deflate is timed with it, not
/// with the wall clock: on a busy machine (server, client and squeeze on
/// two cores) the thread is often preempted mid-chunk, and a 0.4 ms
/// deflate then read as 15-60 MB/s instead of ~150. Three such readings as
/// the calibration chunks kept a 100 Mbit/s load raw until the next
/// recalibration, 2 s (~380 chunks) later.
fn thread_cpu_time() -> std::time::Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_cpu_time_counts_work_not_waiting() {
        let t0 = thread_cpu_time();
        std::thread::sleep(std::time::Duration::from_millis(100));
        let slept = thread_cpu_time().saturating_sub(t0);
        assert!(slept < std::time::Duration::from_millis(20), "{slept:?}");
        // Work shows up: spinning reaches 30 ms of CPU time. The wall
        // clock only bounds the wait, since a loaded machine may give the
        // thread a small share of each 100 ms (it did, with other tests
        // running on both cores).
        let t0 = thread_cpu_time();
        let wall = std::time::Instant::now();
        let mut x = 0u64;
        let mut busy = std::time::Duration::ZERO;
        while busy < std::time::Duration::from_millis(30)
            && wall.elapsed() < std::time::Duration::from_secs(20)
        {
            for _ in 0..10_000 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
            }
            busy = thread_cpu_time().saturating_sub(t0);
        }
        assert!(busy >= std::time::Duration::from_millis(30), "{busy:?}");
    }

    fn settings(mode: CompressMode) -> WriterSettings {
        WriterSettings {
            mode,
            queue_threshold: 4,
            min_gain: 3.0,
            chunk_size: 65536,
            queue_capacity: 16,
            level: 1,
            zstd_level: None,
            shard: "test".into(),
            start_active: true,
            send_buffer_bytes: 0,
            unsent_low_water_bytes: 0,
        }
    }

    /// Queues `chunks` chunks of JSON-like text (sequence ids from 0) on a
    /// writer over a pipe nobody reads until all are queued, then reads the
    /// wire and decodes it: (frames compressed, frames raw, stream bytes,
    /// highest depth seen).
    async fn run_writer(mode: CompressMode, chunks: usize) -> (usize, usize, Vec<u8>, usize) {
        run_writer_with(mode, chunks, WireCodec::zlib(1)).await
    }

    async fn run_writer_with(
        mode: CompressMode,
        chunks: usize,
        codec: WireCodec,
    ) -> (usize, usize, Vec<u8>, usize) {
        let (a, mut b) = tokio::io::duplex(64 * 1024);
        let mut w = AdaptiveWriter::spawn(a, None, settings(mode), codec);
        let text: Vec<u8> = b"{\"id\": 1, \"body\": \"some text\"}\n"
            .iter()
            .cycle()
            .take(65536)
            .copied()
            .collect();
        for i in 0..chunks {
            w.send(i as u8, Bytes::from(text.clone())).await.unwrap();
        }
        let max_depth = w.max_depth_seen;
        let reader = tokio::spawn(async move {
            let mut wire = Vec::new();
            tokio::io::AsyncReadExt::read_to_end(&mut b, &mut wire)
                .await
                .unwrap();
            wire
        });
        w.drain().await.unwrap();
        assert_eq!(w.depth(), 0);
        w.shutdown().await;
        let mut wire = BytesMut::from(&reader.await.unwrap()[..]);
        let (mut z, mut raw, mut stream) = (0, 0, Vec::new());
        let mut expected_seq = 0u8;
        while let Some(f) =
            crate::protocol::compress::decode_frame(&mut wire, 1 << 24, codec.algorithm).unwrap()
        {
            assert_eq!(
                f.seq, expected_seq,
                "frames keep the session's sequence ids"
            );
            expected_seq = expected_seq.wrapping_add(1);
            if f.was_compressed {
                z += 1;
            } else {
                raw += 1;
            }
            stream.extend_from_slice(&f.data);
        }
        assert!(wire.is_empty(), "trailing bytes after the last frame");
        assert_eq!(stream.len(), chunks * 65536);
        assert!(stream.chunks(65536).all(|c| c == &text[..]));
        (z, raw, stream, max_depth)
    }

    #[tokio::test]
    async fn queue_backs_up_behind_a_slow_reader_and_adaptive_stays_raw_unmeasured() {
        // Nobody reads while 12 chunks are queued: the pipe fills and chunks
        // pile up. Without a socket nothing measures the path, so adaptive
        // mode sends everything raw (the policy's tests cover when it
        // compresses).
        let (z, raw, _, max_depth) = run_writer(CompressMode::Adaptive, 12).await;
        assert!(max_depth > 4, "queue never backed up: {max_depth}");
        assert_eq!((z, raw), (0, 12));
    }

    #[tokio::test]
    async fn always_and_never_frame_every_chunk_as_told() {
        let (z, raw, _, _) = run_writer(CompressMode::Always, 6).await;
        assert_eq!((z, raw), (6, 0));
        let (z, raw, _, _) = run_writer(CompressMode::Never, 6).await;
        assert_eq!((z, raw), (0, 6));
    }

    #[tokio::test]
    async fn a_zstd_connection_gets_zstd_frames_with_the_same_stream_and_sequence() {
        let (z, raw, stream, _) =
            run_writer_with(CompressMode::Always, 6, WireCodec::zstd(1)).await;
        assert_eq!((z, raw), (6, 0));
        assert_eq!(stream.len(), 6 * 65536);
    }
}
