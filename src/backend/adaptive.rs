//! Adaptive wire compression for bulk-load backend connections.
//!
//! A bulk connection negotiates the compressed protocol (`CLIENT_COMPRESS`,
//! zlib: MariaDB offers no zstd). Its write half is owned by a writer task
//! fed through a bounded channel of framed chunks (64 KiB of packet stream
//! each). The session frames chunk after chunk; for each one it looks at the
//! queue depth (chunks waiting in the channel plus the one being written)
//! and compresses the chunk only while the depth is above a threshold
//! (default 4, as MemSQL did). On a fast link the writer keeps up, the
//! queue stays short and chunks go out in frames marked uncompressed (7
//! bytes of header per chunk, no CPU); on a slow link the socket's send
//! buffer fills, the writer blocks, the queue grows, and spare CPU buys
//! bandwidth.
//!
//! The framing (compression sequence ids, the 50-byte rule, 16 MiB limits)
//! stays in [`crate::net::PacketConn`], so reads and writes share one
//! sequence and the read half keeps working while the writer drains.

use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use bytes::Bytes;
use serde::Deserialize;
use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::admin::metrics::METRICS;

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
    /// Bytes of packet stream per chunk (one compressed frame each).
    pub chunk_size: usize,
    /// Chunks the channel holds before the session waits.
    pub queue_capacity: usize,
    /// zlib level.
    pub level: u32,
    /// Metrics label.
    pub shard: String,
    /// Whether compression decisions apply from the start (sessions
    /// classified bulk at login); otherwise per bulk command.
    pub start_active: bool,
}

/// Counters shared between the session side and the writer task.
#[derive(Debug, Default)]
struct Shared {
    /// Chunks handed to the channel and not yet fully written.
    depth: AtomicUsize,
    failed: AtomicBool,
}

/// The session-side handle of a writer task.
pub struct AdaptiveWriter {
    tx: Option<mpsc::Sender<Bytes>>,
    shared: Arc<Shared>,
    task: Option<JoinHandle<io::Result<()>>>,
    pub settings: WriterSettings,
    /// Whether bulk traffic is flowing (compression decisions apply); when
    /// false every chunk goes out raw (OLTP commands on a bulk connection).
    pub active: bool,
    /// Highest queue depth observed (for tests and reports).
    pub max_depth_seen: usize,
    /// Hysteresis: set when the queue exceeds the threshold, cleared only
    /// when it has drained completely. Deciding per chunk on the threshold
    /// alone settles at the threshold, with most chunks raw, because each
    /// compressed chunk empties the queue faster than it was filled.
    backlogged: bool,
    /// Consecutive decisions that found the queue empty while backlogged.
    idle_streak: u32,
    /// Recent deflate ratio (raw / wire) of compressed chunks, x1000.
    recent_ratio_milli: u32,
    /// Chunks left before an unrewarding codec is tried again.
    cooldown: u32,
}

/// Decisions with an empty queue before a backlog counts as over. Measured:
/// holding the backlog for 16 empty decisions compressed on loopback too
/// (a busy server also fills the queue) and cost 29% there; clearing at the
/// first empty queue kept loopback overhead at noise level.
const IDLE_TO_CLEAR: u32 = 1;
/// Below this raw/wire ratio compression buys almost no bandwidth (already
/// compressed column values): skip it for `COOLDOWN_CHUNKS` chunks.
const MIN_USEFUL_RATIO_MILLI: u32 = 1150;
const COOLDOWN_CHUNKS: u32 = 256;

impl AdaptiveWriter {
    /// Spawn the writer task that owns `half`.
    pub fn spawn<W>(half: W, settings: WriterSettings) -> AdaptiveWriter
    where
        W: AsyncWrite + Unpin + Send + 'static,
    {
        let (tx, rx) = mpsc::channel::<Bytes>(settings.queue_capacity.max(1));
        let shared = Arc::new(Shared::default());
        let task = tokio::spawn(writer_task(
            half,
            rx,
            shared.clone(),
            settings.shard.clone(),
        ));
        AdaptiveWriter {
            tx: Some(tx),
            shared,
            task: Some(task),
            active: settings.start_active,
            settings,
            max_depth_seen: 0,
            backlogged: false,
            idle_streak: 0,
            recent_ratio_milli: 2000,
            cooldown: 0,
        }
    }

    /// Chunks queued or being written right now.
    pub fn depth(&self) -> usize {
        self.shared.depth.load(Ordering::Acquire)
    }

    pub fn chunk_size(&self) -> usize {
        self.settings.chunk_size
    }

    /// Should the next chunk be deflated?
    pub fn should_compress(&mut self) -> bool {
        let depth = self.depth();
        self.max_depth_seen = self.max_depth_seen.max(depth);
        if !self.active {
            return false;
        }
        match self.settings.mode {
            CompressMode::Always => true,
            CompressMode::Never => false,
            CompressMode::Adaptive => {
                if depth > self.settings.queue_threshold {
                    self.backlogged = true;
                    self.idle_streak = 0;
                } else if depth == 0 && self.backlogged {
                    self.idle_streak += 1;
                    if self.idle_streak >= IDLE_TO_CLEAR {
                        self.backlogged = false;
                    }
                }
                if self.cooldown > 0 {
                    self.cooldown -= 1;
                    return false;
                }
                self.backlogged
            }
        }
    }

    /// Feedback after a chunk was deflated: `raw` stream bytes became `wire`.
    pub fn note_compressed(&mut self, raw: usize, wire: usize) {
        let ratio = (raw as u64 * 1000 / wire.max(1) as u64).min(100_000) as u32;
        // Exponential average over roughly the last 8 compressed chunks.
        self.recent_ratio_milli = (self.recent_ratio_milli * 7 + ratio) / 8;
        if self.recent_ratio_milli < MIN_USEFUL_RATIO_MILLI {
            self.cooldown = COOLDOWN_CHUNKS;
            self.recent_ratio_milli = 2000;
        }
    }

    /// Queue one framed chunk; waits while the channel is full.
    pub async fn send(&mut self, framed: Bytes) -> io::Result<()> {
        let Some(tx) = &self.tx else {
            return Err(closed());
        };
        if self.shared.failed.load(Ordering::Acquire) {
            return Err(self.task_error().await);
        }
        let d = self.shared.depth.fetch_add(1, Ordering::AcqRel) + 1;
        METRICS
            .adaptive_queue_depth
            .with_label_values(&[&self.settings.shard])
            .set(d as i64);
        if tx.send(framed).await.is_err() {
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

async fn writer_task<W>(
    mut half: W,
    mut rx: mpsc::Receiver<Bytes>,
    shared: Arc<Shared>,
    shard: String,
) -> io::Result<()>
where
    W: AsyncWrite + Unpin,
{
    let gauge = METRICS.adaptive_queue_depth.with_label_values(&[&shard]);
    while let Some(chunk) = rx.recv().await {
        if let Err(e) = half.write_all(&chunk).await {
            shared.failed.store(true, Ordering::Release);
            return Err(e);
        }
        let d = shared.depth.fetch_sub(1, Ordering::AcqRel) - 1;
        if d == 0 {
            if let Err(e) = half.flush().await {
                shared.failed.store(true, Ordering::Release);
                return Err(e);
            }
        }
        gauge.set(d as i64);
    }
    let _ = half.flush().await;
    let _ = half.shutdown().await;
    Ok(())
}

/// `[bulk]`: which sessions count as bulk loads and how their backend
/// connections compress.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BulkConfig {
    /// Master switch. Default true.
    pub enabled: bool,
    /// Compression mode of bulk sessions: adaptive, always or never.
    pub mode: CompressMode,
    /// Adaptive: compress while more than this many chunks are queued. Default 4.
    pub queue_threshold: usize,
    /// Bytes of packet stream per chunk (one frame each). Default 65536.
    pub chunk_size: usize,
    /// Chunks the queue holds before the session waits. Default 16.
    pub queue_capacity: usize,
    /// zlib level of compressed chunks (1..9). Default 1.
    pub level: u32,
    /// Client users whose sessions are bulk loads.
    pub users: Vec<String>,
    /// Connect attributes marking a bulk session: name = [values].
    pub attributes: std::collections::BTreeMap<String, Vec<String>>,
    /// Which sessions negotiate the compressed protocol with the backend:
    /// "classified" (only sessions classified bulk at login by user or
    /// attribute) or "all" (every session; LOAD DATA LOCAL and big
    /// statements then switch compression on per command).
    pub negotiate: Negotiate,
    /// Treat LOAD DATA LOCAL INFILE as bulk traffic (on connections that
    /// negotiated compression). Default true.
    pub load_data: bool,
    /// Statements at least this long are bulk traffic (0 = off). Default 1 MiB.
    pub statement_bytes: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Negotiate {
    #[default]
    Classified,
    All,
}

impl Default for BulkConfig {
    fn default() -> Self {
        let mut attributes = std::collections::BTreeMap::new();
        attributes.insert(
            "program_name".to_string(),
            vec![
                "mysqldump".to_string(),
                "mysqlimport".to_string(),
                "mariadb-dump".to_string(),
                "mariadb-import".to_string(),
            ],
        );
        BulkConfig {
            enabled: true,
            mode: CompressMode::Adaptive,
            queue_threshold: 4,
            chunk_size: 64 * 1024,
            queue_capacity: 16,
            level: 1,
            users: Vec::new(),
            attributes,
            negotiate: Negotiate::Classified,
            load_data: true,
            statement_bytes: 1 << 20,
        }
    }
}

impl BulkConfig {
    /// Is a session with this user and these connect attributes a bulk load?
    pub fn classify(&self, user: &str, attributes: &[(Vec<u8>, Vec<u8>)]) -> bool {
        if !self.enabled {
            return false;
        }
        if self.users.iter().any(|u| u == user) {
            return true;
        }
        attributes.iter().any(|(k, v)| {
            let k = String::from_utf8_lossy(k);
            let v = String::from_utf8_lossy(v);
            self.attributes
                .get(k.as_ref())
                .is_some_and(|vals| vals.iter().any(|x| x == v.as_ref()))
        })
    }

    /// Should a session's backend connection negotiate CLIENT_COMPRESS?
    pub fn negotiate_for(&self, bulk_session: bool) -> bool {
        self.enabled && (bulk_session || self.negotiate == Negotiate::All)
    }

    /// Problems with the settings, as (key, message).
    pub fn validate(&self) -> Vec<(String, String)> {
        let mut v = Vec::new();
        if self.chunk_size < 1024 || self.chunk_size > (1 << 24) - 1 {
            v.push((
                "bulk.chunk_size".into(),
                format!("{} is outside 1024..16777215", self.chunk_size),
            ));
        }
        if self.queue_capacity == 0 || self.queue_capacity > 4096 {
            v.push((
                "bulk.queue_capacity".into(),
                format!("{} is outside 1..4096", self.queue_capacity),
            ));
        }
        if self.queue_threshold > self.queue_capacity && self.mode == CompressMode::Adaptive {
            v.push((
                "bulk.queue_threshold".into(),
                format!(
                    "{} can never be exceeded with queue_capacity {}; lower it",
                    self.queue_threshold, self.queue_capacity
                ),
            ));
        }
        if !(1..=9).contains(&self.level) {
            v.push((
                "bulk.level".into(),
                format!("{} is outside 1..9", self.level),
            ));
        }
        v
    }

    pub fn writer_settings(&self, shard: &str, start_active: bool) -> WriterSettings {
        WriterSettings {
            mode: self.mode,
            queue_threshold: self.queue_threshold,
            chunk_size: self.chunk_size,
            queue_capacity: self.queue_capacity,
            level: self.level,
            shard: shard.to_string(),
            start_active,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classification() {
        let mut c = BulkConfig::default();
        c.users.push("loader".into());
        assert!(c.classify("loader", &[]));
        assert!(!c.classify("app", &[]));
        let attrs = vec![(b"program_name".to_vec(), b"mysqlimport".to_vec())];
        assert!(c.classify("app", &attrs));
        let attrs = vec![(b"program_name".to_vec(), b"myapp".to_vec())];
        assert!(!c.classify("app", &attrs));
        c.enabled = false;
        assert!(!c.classify("loader", &[]));
    }

    #[test]
    fn defaults_are_valid() {
        assert!(BulkConfig::default().validate().is_empty());
        let c = BulkConfig {
            queue_threshold: 100,
            ..Default::default()
        };
        assert_eq!(c.validate().len(), 1);
    }

    #[tokio::test]
    async fn queue_depth_rises_when_the_reader_is_slow() {
        let (a, mut b) = tokio::io::duplex(64 * 1024);
        let mut w = AdaptiveWriter::spawn(
            a,
            WriterSettings {
                mode: CompressMode::Adaptive,
                queue_threshold: 4,
                chunk_size: 65536,
                queue_capacity: 16,
                level: 1,
                shard: "test".into(),
                start_active: true,
            },
        );
        // Nobody reads: the duplex buffer fills and chunks pile up.
        let mut decisions = Vec::new();
        for _ in 0..12 {
            decisions.push(w.should_compress());
            w.send(Bytes::from(vec![b'x'; 65536])).await.unwrap();
        }
        assert!(!decisions[0]);
        assert!(decisions.iter().any(|&d| d), "{decisions:?}");
        // Now read everything: the queue drains.
        let reader = tokio::spawn(async move {
            let mut sink = Vec::new();
            tokio::io::AsyncReadExt::read_to_end(&mut b, &mut sink)
                .await
                .unwrap();
            sink.len()
        });
        w.drain().await.unwrap();
        assert_eq!(w.depth(), 0);
        assert!(!w.should_compress());
        w.shutdown().await;
        assert_eq!(reader.await.unwrap(), 12 * 65536);
    }
}
