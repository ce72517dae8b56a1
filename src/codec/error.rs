//! Typed errors of the codec layer: the format's own, and the registry's.
use std::path::PathBuf;

pub use squeeze_format::error::{DecodeError, EncoderConfigError};

/// Why a dictionary directory could not be loaded or written.
#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}: invalid manifest: {message}")]
    Manifest { path: PathBuf, message: String },
    #[error("{path}: dictionary id {id}: {message}")]
    Entry {
        path: PathBuf,
        id: u32,
        message: String,
    },
}
