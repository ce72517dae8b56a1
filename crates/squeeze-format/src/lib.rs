//! squeeze's stored-value format: the header (docs/FORMAT.md), the zstd /
//! zlib / lz4 codecs, dictionaries, the encoder and the verified decoder.
//!
//! A crate of its own because two processes run it: the proxy, and the
//! in-server function library (`udf/`) that MariaDB loads into its own
//! process, which must carry nothing else (no async runtime, no TLS, no
//! allocator of its own).

pub mod decoder;
pub mod dictionary;
pub mod encoder;
pub mod error;
pub mod format;
pub mod lz4;
pub mod varint;
pub mod zlib;
pub mod zstd;

pub use decoder::{
    decode_payload, decode_value, decode_value_in, max_inflated_len, Contexts, Decoded,
    DictionaryLookup,
};
pub use dictionary::Dictionary;
pub use encoder::{EncodeOutcome, ValueEncoder, DEFAULT_MIN_SIZE};
pub use error::{DecodeError, EncoderConfigError};
pub use format::{is_compressed_value, parse_header, Header, FORMAT_VERSION, MAGIC};

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

/// What `squeeze_udf_version()` answers, and what squeeze expects of a
/// shard's in-server library: a library from another build of the format
/// or of the functions' contract is reported and never used. Bump `abi`
/// whenever a function's arguments or results change.
pub const IN_SERVER_VERSION: &str = concat!(
    "squeeze-udf ",
    env!("CARGO_PKG_VERSION"),
    "; format 1; abi 2"
);
