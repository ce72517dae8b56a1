//! Codec layer: the stored-value format, codecs, encoder and decoder (the
//! `squeeze-format` crate, re-exported here), the dictionary registry and
//! dictionary training.
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

pub mod error;
pub mod registry;
pub mod train;

pub use squeeze_format::{
    decoder, dictionary, encoder, format, lz4, varint, zlib, zstd, CodecKind, DEFAULT_CODEC,
    DEFAULT_LEVEL,
};

pub use decoder::{decode_payload, decode_value, max_inflated_len, Decoded};
pub use dictionary::Dictionary;
pub use encoder::{EncodeOutcome, ValueEncoder, DEFAULT_MIN_SIZE};
pub use error::{DecodeError, EncoderConfigError, RegistryError};
pub use format::{is_compressed_value, parse_header, Header, FORMAT_VERSION, MAGIC};
pub use registry::{DictionaryRegistry, ManifestEntry};

#[cfg(test)]
mod tests;
