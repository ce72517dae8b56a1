//! A loaded dictionary and the prepared forms each codec needs.
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use parking_lot::Mutex;

use zstd::dict::{DecoderDictionary, EncoderDictionary};

use super::CodecKind;

/// zlib only looks back 32 KiB, so only the tail of a dictionary is useful.
pub const ZLIB_WINDOW: usize = 32 * 1024;
/// lz4_flex re-hashes the whole external dictionary on every compress call,
/// so a smaller tail keeps lz4 fast (16 KiB costs ~5k hash inserts per value).
pub const LZ4_WINDOW: usize = 16 * 1024;

/// Dictionary bytes plus lazily prepared zstd dictionaries.
///
/// zstd dictionaries (trained by `zstd::dict`) keep their most useful content
/// at the end, so the zlib/lz4 codecs use the tail of the same bytes.
pub struct Dictionary {
    pub id: u32,
    pub name: String,
    /// The codec the dictionary was trained for (any codec can still use it).
    pub codec: CodecKind,
    bytes: Vec<u8>,
    ddict: OnceLock<DecoderDictionary<'static>>,
    // Prepared per compression level: a zstd CDict bakes its level in.
    cdicts: Mutex<HashMap<i32, Arc<EncoderDictionary<'static>>>>,
}

impl std::fmt::Debug for Dictionary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dictionary")
            .field("id", &self.id)
            .field("name", &self.name)
            .field("codec", &self.codec)
            .field("len", &self.bytes.len())
            .finish()
    }
}

impl Dictionary {
    pub fn new(id: u32, name: impl Into<String>, codec: CodecKind, bytes: Vec<u8>) -> Self {
        Dictionary {
            id,
            name: name.into(),
            codec,
            bytes,
            ddict: OnceLock::new(),
            cdicts: Mutex::new(HashMap::new()),
        }
    }

    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The bytes the zlib codec uses as preset dictionary.
    pub fn zlib_window(&self) -> &[u8] {
        tail(&self.bytes, ZLIB_WINDOW)
    }

    /// The bytes the lz4 codec uses as external dictionary.
    pub fn lz4_window(&self) -> &[u8] {
        tail(&self.bytes, LZ4_WINDOW)
    }

    /// Prepared zstd decompression dictionary (built once, shared by all threads).
    pub fn zstd_ddict(&self) -> &DecoderDictionary<'static> {
        self.ddict
            .get_or_init(|| DecoderDictionary::copy(&self.bytes))
    }

    /// Prepared zstd compression dictionary for `level` (built once per level).
    pub fn zstd_cdict(&self, level: i32) -> Arc<EncoderDictionary<'static>> {
        let mut map = self.cdicts.lock();
        map.entry(level)
            .or_insert_with(|| Arc::new(EncoderDictionary::copy(&self.bytes, level)))
            .clone()
    }
}

fn tail(b: &[u8], n: usize) -> &[u8] {
    &b[b.len().saturating_sub(n)..]
}
