//! Typed errors of the stored-value format.
use super::CodecKind;

/// Why a stored value could not be decoded. Every variant means "do not trust
/// these bytes"; decoding never returns wrong data instead of an error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error(
        "first byte 0x{0:02x} is reserved for binary formats but is not the squeeze magic 0xf5"
    )]
    UnknownMagic(u8),
    #[error("stored value has format version {0}, this build reads version 1 only")]
    UnsupportedVersion(u8),
    #[error("stored value uses unknown codec id {0}")]
    UnknownCodec(u8),
    #[error("stored value header is truncated")]
    TruncatedHeader,
    #[error("stored value header has a malformed {0} field")]
    MalformedHeader(&'static str),
    #[error("stored value references dictionary id {0}, which is not in the registry")]
    UnknownDictionary(u32),
    #[error("stored value declares {len} bytes, above the limit of {max}")]
    TooLarge { len: u64, max: usize },
    #[error("stored value declares {len} bytes, but its {payload}-byte payload can inflate to at most {max}")]
    ImplausibleLength { len: u64, payload: usize, max: u64 },
    #[error("{codec} payload is corrupt or truncated: {reason}")]
    CorruptPayload { codec: CodecKind, reason: String },
    #[error("payload inflated to {actual} bytes, header declares {expected}")]
    LengthMismatch { expected: usize, actual: usize },
    #[error("checksum mismatch: header crc32 {expected:08x}, inflated bytes crc32 {actual:08x}")]
    ChecksumMismatch { expected: u32, actual: u32 },
}

/// Invalid `ValueEncoder` configuration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncoderConfigError {
    #[error("level {level} is out of range for {codec} (accepted: {min}..={max})")]
    LevelOutOfRange {
        codec: CodecKind,
        level: i32,
        min: i32,
        max: i32,
    },
    #[error("dictionary {0} is empty")]
    EmptyDictionary(u32),
    #[error("dictionary {0} has a zstd dictionary header zstd cannot load (corrupt or truncated)")]
    UnusableDictionary(u32),
}
