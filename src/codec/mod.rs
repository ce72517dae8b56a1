//! Codec layer: the self-describing stored-value format (see `docs/FORMAT.md`),
//! the zstd / zlib / lz4 codecs, the dictionary registry and dictionary training.
//!
//! Pure: no I/O except [`DictionaryRegistry::load_dir`] and
//! [`registry::add_dictionary`] which read/write the dictionary directory.
//!
//! Public API used by the proxy:
//! - [`DictionaryRegistry::load_dir`]`(path) -> Result<DictionaryRegistry, RegistryError>`,
//!   [`DictionaryRegistry::empty`], [`DictionaryRegistry::get`]`(id) -> Option<Arc<Dictionary>>`,
//!   [`DictionaryRegistry::latest_by_name`]`(name) -> Option<Arc<Dictionary>>`.
//! - [`ValueEncoder::new`]`(codec, level, dict, min_size) -> Result<ValueEncoder, EncoderConfigError>`,
//!   [`ValueEncoder::encode`]`(&self, value, out: &mut Vec<u8>) -> EncodeOutcome`
//!   (`Compressed` appends the stored value to `out`; `Small` / `Incompressible`
//!   leave `out` untouched and the caller stores the original bytes).
//! - [`decode_value`]`(stored, registry, max_len, out: &mut Vec<u8>) -> Result<Decoded, DecodeError>`
//!   (`Inflated` appends the original bytes to `out`; `Legacy` leaves `out`
//!   untouched and the caller keeps `stored`; on error `out` is left as it was).
//!   [`decode_payload`] does the same for a header the caller already parsed.
//! - [`is_compressed_value`]`(&[u8]) -> bool`, [`parse_header`]`(&[u8]) -> Result<Option<(Header, usize)>, DecodeError>`
//!   (`None` for bytes without the magic: a legacy value).
//!
//! Encoders and decoders are `Send + Sync`; the zstd/zlib contexts they use are
//! thread-local, so calling them from many tokio tasks costs no locking.

pub mod decoder;
pub mod dictionary;
pub mod encoder;
pub mod error;
pub mod format;
pub mod lz4;
pub mod registry;
pub mod train;
pub mod varint;
pub mod zlib;
pub mod zstd;

pub use decoder::{decode_payload, decode_value, max_inflated_len, Decoded};
pub use dictionary::Dictionary;
pub use encoder::{EncodeOutcome, ValueEncoder, DEFAULT_MIN_SIZE};
pub use error::{DecodeError, EncoderConfigError, RegistryError};
pub use format::{is_compressed_value, parse_header, Header, FORMAT_VERSION, MAGIC};
pub use registry::{DictionaryRegistry, ManifestEntry};

use std::fmt;
use std::str::FromStr;

/// Default codec and level for new values: measured by `bench/codec.rs`
/// (see docs/FORMAT.md "Defaults").
pub const DEFAULT_CODEC: CodecKind = CodecKind::Zstd;
pub const DEFAULT_LEVEL: i32 = 3;

/// A compression codec. The numeric id is part of the stored format and never changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CodecKind {
    /// zstd frame in magicless format, no content size / checksum / dictID.
    Zstd,
    /// Raw deflate (no zlib header or adler32), preset dictionary = last 32 KiB of the dictionary.
    Zlib,
    /// lz4 block (lz4_flex), external dictionary = last 16 KiB of the dictionary.
    Lz4,
}

impl CodecKind {
    pub const ALL: [CodecKind; 3] = [CodecKind::Zstd, CodecKind::Zlib, CodecKind::Lz4];

    /// Id stored in the low nibble of header byte 1.
    pub fn id(self) -> u8 {
        match self {
            CodecKind::Zstd => 1,
            CodecKind::Zlib => 2,
            CodecKind::Lz4 => 3,
        }
    }

    pub fn from_id(id: u8) -> Option<CodecKind> {
        match id {
            1 => Some(CodecKind::Zstd),
            2 => Some(CodecKind::Zlib),
            3 => Some(CodecKind::Lz4),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            CodecKind::Zstd => "zstd",
            CodecKind::Zlib => "zlib",
            CodecKind::Lz4 => "lz4",
        }
    }

    /// Accepted compression levels (lz4_flex has a single level).
    pub fn level_range(self) -> std::ops::RangeInclusive<i32> {
        match self {
            CodecKind::Zstd => 1..=22,
            CodecKind::Zlib => 0..=9,
            CodecKind::Lz4 => 0..=1,
        }
    }

    /// A sensible level when the user gives none.
    pub fn default_level(self) -> i32 {
        match self {
            CodecKind::Zstd => DEFAULT_LEVEL,
            CodecKind::Zlib => 6,
            CodecKind::Lz4 => 1,
        }
    }
}

impl fmt::Display for CodecKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CodecKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "zstd" => Ok(CodecKind::Zstd),
            "zlib" | "deflate" => Ok(CodecKind::Zlib),
            "lz4" => Ok(CodecKind::Lz4),
            other => Err(format!(
                "unknown codec {other:?} (expected zstd, zlib or lz4)"
            )),
        }
    }
}

#[cfg(test)]
mod tests;
