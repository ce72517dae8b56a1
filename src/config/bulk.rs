//! `[bulk]`: which sessions count as bulk loads and how their backend
//! connections compress (the adaptive writer's settings).

use serde::Deserialize;

use crate::net::adaptive::{CompressMode, WriterSettings};

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
    /// Adaptive, where the kernel gives no TCP_INFO (see
    /// `net::policy`): least expected speed-up worth compressing for; the
    /// ratio must reach it and the path must drain raw bytes at most
    /// 1/(2 x min_gain) as fast as the codec deflates. Default 3.
    pub min_gain: f64,
    /// Bytes of packet stream per chunk (one frame each). Default 65536.
    pub chunk_size: usize,
    /// Chunks the queue holds before the session waits. Default 16.
    pub queue_capacity: usize,
    /// zlib level of compressed chunks (1..9). Default 1.
    pub level: u32,
    /// Wire algorithm of bulk connections: "auto" (zstd where the backend
    /// offers `CLIENT_ZSTD_COMPRESSION_ALGORITHM`, as MySQL 8.0.18+ and
    /// TiDB do; zlib elsewhere, as on MariaDB) or "zlib". Default auto.
    pub algorithm: WireChoice,
    /// zstd level of compressed chunks (1..22). Default 1: like zlib level
    /// 1, the cheapest level, since the link, not the ratio, is the point.
    pub zstd_level: i32,
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
    /// autotuning, the default). A cap also bounds the bytes in flight
    /// (throughput <= buffer / round-trip time).
    pub send_buffer_bytes: usize,
    /// TCP_NOTSENT_LOWAT of bulk backend connections in bytes (0 = off).
    /// Default 128 KiB: the kernel queues at most about this much that it
    /// cannot send yet, so on a slow link the backlog waits in squeeze's
    /// queue, where the policy sees it and a switch to compression applies
    /// to it, instead of megabytes of raw bytes in the socket.
    pub unsent_low_water_bytes: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum WireChoice {
    #[default]
    Auto,
    Zlib,
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
            algorithm: WireChoice::Auto,
            zstd_level: 1,
            users: Vec::new(),
            attributes,
            negotiate: Negotiate::Classified,
            load_data: true,
            statement_bytes: 1 << 20,
            send_buffer_bytes: 0,
            unsent_low_water_bytes: 128 * 1024,
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
        for (key, bytes, zero) in [
            (
                "send_buffer_bytes",
                self.send_buffer_bytes,
                "the kernel default",
            ),
            (
                "unsent_low_water_bytes",
                self.unsent_low_water_bytes,
                "no limit",
            ),
        ] {
            if bytes != 0 && !(4096..=(1 << 30)).contains(&bytes) {
                v.push((
                    format!("bulk.{key}"),
                    format!("{bytes} is outside 4096..1073741824 (or 0 for {zero})"),
                ));
            }
        }
        if !(1..=9).contains(&self.level) {
            v.push((
                "bulk.level".into(),
                format!("{} is outside 1..9", self.level),
            ));
        }
        if !(1..=22).contains(&self.zstd_level) {
            v.push((
                "bulk.zstd_level".into(),
                format!("{} is outside 1..22", self.zstd_level),
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
            zstd_level: (self.algorithm == WireChoice::Auto).then_some(self.zstd_level),
            shard: shard.to_string(),
            start_active,
            send_buffer_bytes: self.send_buffer_bytes,
            unsent_low_water_bytes: self.unsent_low_water_bytes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bulk_sessions_are_classified_by_user_or_connect_attribute() {
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
    fn the_defaults_are_valid_and_each_out_of_range_setting_is_one_issue() {
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

    #[test]
    fn auto_asks_for_zstd_and_zlib_does_not() {
        let auto = BulkConfig::default().writer_settings("s", true);
        assert_eq!(auto.zstd_level, Some(1));
        let zlib = BulkConfig {
            algorithm: WireChoice::Zlib,
            ..Default::default()
        };
        assert_eq!(zlib.writer_settings("s", true).zstd_level, None);
        for zstd_level in [0, 23] {
            let c = BulkConfig {
                zstd_level,
                ..Default::default()
            };
            assert_eq!(c.validate().len(), 1, "{zstd_level}");
        }
    }
}
