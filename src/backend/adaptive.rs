//! Adaptive wire compression for bulk-load backend connections.
//!
//! A bulk connection negotiates the compressed protocol (`CLIENT_COMPRESS`,
//! zlib: MariaDB offers no zstd). Its write half is owned by a writer task
//! fed through a bounded channel of framed chunks (64 KiB of packet stream
//! each). The session frames chunk after chunk; for each one it looks at the
//! queue depth (chunks waiting in the channel plus the one being written)
//! and compresses the chunk only while the depth is above a threshold
//! (default 4, as MemSQL did). The kernel's unsent bytes count too (see
//! [`crate::net::SendQueueProbe`]): otherwise a multi-megabyte socket
//! buffer hides the backlog. On a fast link the writer keeps up, the
//! queue stays short and chunks go out in frames marked uncompressed (7
//! bytes of header per chunk, no CPU); on a slow link the kernel's queue
//! fills, then ours, and spare CPU buys bandwidth.
//!
//! The framing (compression sequence ids, the 50-byte rule, 16 MiB limits)
//! stays in [`crate::net::PacketConn`], so reads and writes share one
//! sequence and the read half keeps working while the writer drains.

use std::io;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
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
    /// Least expected speed-up for the adaptive policy to compress.
    pub min_gain: f64,
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
    /// SO_SNDBUF to set on the socket (0 = leave it).
    pub send_buffer_bytes: usize,
}

/// Counters shared between the session side and the writer task.
#[derive(Debug, Default)]
struct Shared {
    /// Chunks handed to the channel and not yet fully written.
    depth: AtomicUsize,
    /// Wire bytes the writer task has handed to the socket.
    written: AtomicU64,
    failed: AtomicBool,
}

/// The session-side handle of a writer task.
pub struct AdaptiveWriter {
    tx: Option<mpsc::Sender<Bytes>>,
    /// The kernel's part of the queue (absent in tests over pipes).
    socket: Option<crate::net::SendQueueProbe>,
    shared: Arc<Shared>,
    task: Option<JoinHandle<io::Result<()>>>,
    pub settings: WriterSettings,
    /// Whether bulk traffic is flowing (compression decisions apply); when
    /// false every chunk goes out raw (OLTP commands on a bulk connection).
    pub active: bool,
    /// Highest queue depth observed (for tests and reports).
    pub max_depth_seen: usize,
    /// When to deflate (adaptive mode).
    policy: super::policy::CompressPolicy,
}

impl AdaptiveWriter {
    /// Spawn the writer task that owns `half`.
    pub fn spawn<W>(
        half: W,
        socket: Option<crate::net::SendQueueProbe>,
        settings: WriterSettings,
    ) -> AdaptiveWriter
    where
        W: AsyncWrite + Unpin + Send + 'static,
    {
        let (tx, rx) = mpsc::channel::<Bytes>(settings.queue_capacity.max(1));
        let policy =
            super::policy::CompressPolicy::new(settings.queue_threshold, settings.min_gain);
        let shared = Arc::new(Shared::default());
        let task = tokio::spawn(writer_task(
            half,
            rx,
            shared.clone(),
            settings.shard.clone(),
        ));
        AdaptiveWriter {
            tx: Some(tx),
            socket,
            shared,
            task: Some(task),
            active: settings.start_active,
            settings,
            max_depth_seen: 0,
            policy,
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
        let queued = self.depth();
        self.max_depth_seen = self.max_depth_seen.max(queued);
        if !self.active {
            return false;
        }
        match self.settings.mode {
            CompressMode::Always => true,
            CompressMode::Never => false,
            CompressMode::Adaptive => {
                // The kernel's part of the queue: bytes it holds unsent
                // because the network does not take them (one ioctl, only
                // when the answer is used).
                let unsent = self.socket.map_or(0, |s| s.unsent_bytes());
                let backlog = queued + unsent / self.settings.chunk_size.max(1);
                self.max_depth_seen = self.max_depth_seen.max(backlog);
                let departed = self
                    .shared
                    .written
                    .load(Ordering::Acquire)
                    .saturating_sub(unsent as u64);
                let path_limited = queued > 0 || unsent > 0;
                self.policy
                    .decide(std::time::Instant::now(), backlog, path_limited, departed)
            }
        }
    }

    /// Feedback after a chunk was deflated: `raw` stream bytes became
    /// `wire` in `took`.
    pub fn note_compressed(&mut self, raw: usize, wire: usize, took: std::time::Duration) {
        self.policy.note_compressed(raw, wire, took);
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
        shared
            .written
            .fetch_add(chunk.len() as u64, Ordering::AcqRel);
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
    /// Adaptive: compress only when the link looks this many times slower
    /// than the codec deflates (the expected speed-up). Default 3.
    pub min_gain: f64,
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
    /// SO_SNDBUF of bulk backend connections in bytes (0 = the kernel's
    /// autotuning). Default 256 KiB: a multi-megabyte send buffer delays
    /// what the adaptive policy measures by seconds on a slow link.
    pub send_buffer_bytes: usize,
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
            min_gain: 3.0,
            chunk_size: 64 * 1024,
            queue_capacity: 16,
            level: 1,
            users: Vec::new(),
            attributes,
            negotiate: Negotiate::Classified,
            load_data: true,
            statement_bytes: 1 << 20,
            send_buffer_bytes: 256 * 1024,
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
        if !(1.0..=100.0).contains(&self.min_gain) {
            v.push((
                "bulk.min_gain".into(),
                format!("{} is outside 1.0..100.0", self.min_gain),
            ));
        }
        if self.send_buffer_bytes != 0 && !(4096..=(1 << 30)).contains(&self.send_buffer_bytes) {
            v.push((
                "bulk.send_buffer_bytes".into(),
                format!(
                    "{} is outside 4096..1073741824 (or 0 for the kernel default)",
                    self.send_buffer_bytes
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
            min_gain: self.min_gain,
            chunk_size: self.chunk_size,
            queue_capacity: self.queue_capacity,
            level: self.level,
            shard: shard.to_string(),
            start_active,
            send_buffer_bytes: self.send_buffer_bytes,
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
        for min_gain in [0.5, 101.0, f64::NAN] {
            let c = BulkConfig {
                min_gain,
                ..Default::default()
            };
            assert_eq!(c.validate().len(), 1, "{min_gain}");
        }
    }

    #[tokio::test]
    async fn queue_depth_rises_when_the_reader_is_slow() {
        let (a, mut b) = tokio::io::duplex(64 * 1024);
        let mut w = AdaptiveWriter::spawn(
            a,
            None,
            WriterSettings {
                mode: CompressMode::Adaptive,
                queue_threshold: 4,
                min_gain: 3.0,
                chunk_size: 65536,
                queue_capacity: 16,
                level: 1,
                shard: "test".into(),
                start_active: true,
                send_buffer_bytes: 0,
            },
        );
        // Nobody reads: the duplex buffer fills and chunks pile up.
        let mut decisions = Vec::new();
        for _ in 0..12 {
            decisions.push(w.should_compress());
            w.send(Bytes::from(vec![b'x'; 65536])).await.unwrap();
        }
        // No backlog yet, and nothing measured while backlogged: raw (the
        // policy's own tests cover when it turns compression on).
        assert!(decisions.iter().all(|&d| !d), "{decisions:?}");
        assert!(
            w.max_depth_seen > 4,
            "queue never backed up: {}",
            w.max_depth_seen
        );
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
