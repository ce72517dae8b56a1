//! A loaded dictionary and the prepared forms each codec needs.
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

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
    // `None`: the bytes are not a dictionary zstd accepts (see `check_content`).
    ddict: OnceLock<Option<DecoderDictionary<'static>>>,
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

    /// Prepared zstd decompression dictionary (built once, shared by all
    /// threads); `None` when zstd refuses the bytes.
    pub fn zstd_ddict(&self) -> Option<&DecoderDictionary<'static>> {
        self.ddict
            .get_or_init(|| {
                // The zstd crate's `copy` panics where zstd returns NULL;
                // `try_create` first turns that into `None`.
                zstd::zstd_safe::DDict::try_create(&self.bytes)?;
                Some(DecoderDictionary::copy(&self.bytes))
            })
            .as_ref()
    }

    /// Prepared zstd compression dictionary for `level` (built once per
    /// level); `None` when zstd refuses the bytes.
    pub fn zstd_cdict(&self, level: i32) -> Option<Arc<EncoderDictionary<'static>>> {
        // A panic while the lock was held left no partial entry behind.
        let mut map = self.cdicts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(d) = map.get(&level) {
            return Some(d.clone());
        }
        zstd::zstd_safe::CDict::try_create(&self.bytes, level)?;
        let d = Arc::new(EncoderDictionary::copy(&self.bytes, level));
        map.insert(level, d.clone());
        Some(d)
    }
}

/// zstd's dictionary magic (little endian 0xEC30A437): bytes starting with
/// it are parsed as a structured dictionary (entropy tables); any other
/// bytes are raw content, which zstd always accepts.
const ZSTD_DICT_MAGIC: [u8; 4] = [0x37, 0xa4, 0x30, 0xec];

/// Why `bytes` cannot serve as a dictionary, if they cannot: empty, or a
/// zstd dictionary header zstd refuses (garbage or truncated tables). Any
/// codec may read a value with any dictionary, so every one is checked.
pub fn check_content(bytes: &[u8]) -> Result<(), String> {
    if bytes.is_empty() {
        return Err("content is empty".into());
    }
    if bytes.starts_with(&ZSTD_DICT_MAGIC) {
        if zstd::zstd_safe::DDict::try_create(bytes).is_none() {
            return Err("content has a zstd dictionary header but zstd cannot load it for decompression (corrupt or truncated entropy tables)".into());
        }
        if zstd::zstd_safe::CDict::try_create(bytes, 3).is_none() {
            return Err("content has a zstd dictionary header but zstd cannot load it for compression (corrupt or truncated entropy tables)".into());
        }
    }
    Ok(())
}

fn tail(b: &[u8], n: usize) -> &[u8] {
    &b[b.len().saturating_sub(n)..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zstd_dictionary_header_over_garbage_is_refused_and_never_panics() {
        let mut bytes = ZSTD_DICT_MAGIC.to_vec();
        bytes.extend_from_slice(&[7, 0, 0, 0]);
        bytes.extend((0..4000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8));
        assert!(check_content(&bytes).is_err());
        assert!(check_content(b"").is_err());
        assert!(check_content(b"raw content is always accepted").is_ok());
        let d = Dictionary::new(7, "x", CodecKind::Zstd, bytes);
        assert!(d.zstd_ddict().is_none());
        assert!(d.zstd_cdict(3).is_none());
    }
}
