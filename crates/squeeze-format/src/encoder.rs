//! `ValueEncoder`: original bytes -> stored value (header + payload).
use std::sync::Arc;

use zstd::dict::EncoderDictionary;

use super::dictionary::Dictionary;
use super::error::EncoderConfigError;
use super::format::{Header, FORMAT_VERSION, NO_DICTIONARY, RESERVED_FIRST_BYTE};
use super::{lz4, zlib, zstd as zstd_codec, CodecKind};

/// Values shorter than this are stored as they are by default: below ~64
/// bytes the header and frame overhead eat most of the gain.
pub const DEFAULT_MIN_SIZE: usize = 64;

/// What `ValueEncoder::encode` did with a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EncodeOutcome {
    /// The stored value (this many bytes) was appended to `out`.
    Compressed(usize),
    /// Shorter than `min_size`: `out` untouched, store the original bytes.
    Small,
    /// Did not shrink (or the codec failed): `out` untouched, store the original bytes.
    Incompressible,
}

/// Encodes values with one codec, level and (optional) dictionary.
/// `Send + Sync`; share it behind an `Arc` and call `encode` from any task.
pub struct ValueEncoder {
    codec: CodecKind,
    level: i32,
    min_size: usize,
    dict: Option<Arc<Dictionary>>,
    zstd_dict: Option<Arc<EncoderDictionary<'static>>>,
}

impl std::fmt::Debug for ValueEncoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ValueEncoder")
            .field("codec", &self.codec)
            .field("level", &self.level)
            .field("min_size", &self.min_size)
            .field("dict_id", &self.dict_id())
            .finish()
    }
}

impl ValueEncoder {
    /// `level` must be in `codec.level_range()`; `min_size` is the size below
    /// which values are left as they are.
    pub fn new(
        codec: CodecKind,
        level: i32,
        dict: Option<Arc<Dictionary>>,
        min_size: usize,
    ) -> Result<Self, EncoderConfigError> {
        let range = codec.level_range();
        if !range.contains(&level) {
            return Err(EncoderConfigError::LevelOutOfRange {
                codec,
                level,
                min: *range.start(),
                max: *range.end(),
            });
        }
        if let Some(d) = &dict {
            if d.bytes().is_empty() {
                return Err(EncoderConfigError::EmptyDictionary(d.id));
            }
        }
        let zstd_dict = match (&dict, codec) {
            (Some(d), CodecKind::Zstd) => Some(
                d.zstd_cdict(level)
                    .ok_or(EncoderConfigError::UnusableDictionary(d.id))?,
            ),
            _ => None,
        };
        Ok(ValueEncoder {
            codec,
            level,
            min_size,
            dict,
            zstd_dict,
        })
    }

    pub fn codec(&self) -> CodecKind {
        self.codec
    }

    pub fn level(&self) -> i32 {
        self.level
    }

    /// Values shorter than this are stored as they are.
    pub fn min_size(&self) -> usize {
        self.min_size
    }

    pub fn dict_id(&self) -> u32 {
        self.dict.as_ref().map_or(NO_DICTIONARY, |d| d.id)
    }

    /// Encodes `value`. On `Compressed(n)` the n-byte stored value was appended
    /// to `out`; otherwise `out` is untouched and the original is stored.
    ///
    /// A value whose first byte is 0xF5..=0xFF (never JSON text, but possible
    /// for arbitrary bytes) would be misread as a stored value if kept as it
    /// is, so it is always wrapped, whatever its size.
    pub fn encode(&self, value: &[u8], out: &mut Vec<u8>) -> EncodeOutcome {
        let must_wrap = value.first().is_some_and(|&b| b >= RESERVED_FIRST_BYTE);
        if value.len() < self.min_size && !must_wrap {
            return EncodeOutcome::Small;
        }
        let header = Header {
            version: FORMAT_VERSION,
            codec: self.codec,
            dict_id: self.dict_id(),
            len: value.len() as u64,
            crc32: crc32fast::hash(value),
        };
        let hlen = header.encoded_len();
        let limit = if must_wrap {
            // Above every codec's worst-case expansion.
            value.len() + value.len() / 8 + 128
        } else {
            // The stored value must be strictly shorter than the original.
            match value.len().checked_sub(hlen + 1) {
                Some(l) => l,
                None => return EncodeOutcome::Incompressible,
            }
        };
        let start = out.len();
        header.write(out);
        let ok = match self.codec {
            CodecKind::Zstd => {
                zstd_codec::compress(value, self.level, self.zstd_dict.as_deref(), out, limit)
            }
            CodecKind::Zlib => {
                let dict = self.dict.as_ref().map(|d| d.zlib_window());
                zlib::compress(value, self.level, dict, out, limit)
            }
            CodecKind::Lz4 => {
                let dict = self.dict.as_ref().map_or(&[][..], |d| d.lz4_window());
                lz4::compress(value, dict, out, limit)
            }
        };
        if !ok {
            out.truncate(start);
            return EncodeOutcome::Incompressible;
        }
        EncodeOutcome::Compressed(out.len() - start)
    }
}
