//! Document -> stored value, as squeeze's write path encodes a literal:
//! the column's codec, level, dictionary and `min_size` come from squeeze
//! (it writes them into the statement), the dictionary bytes from the
//! verified store. Pure apart from the store; the tests drive it directly.
use std::sync::{Arc, Mutex};

use squeeze_format::{CodecKind, EncodeOutcome, ValueEncoder};

use crate::store::Store;

/// What [`deflate`] produced.
#[derive(Debug, PartialEq, Eq)]
pub enum Deflated {
    /// `out` holds the stored value.
    Compressed,
    /// Small or incompressible: the document is stored as it is (as
    /// squeeze keeps such a literal byte for byte).
    AsGiven,
}

/// Why a document was not encoded.
#[derive(Debug, PartialEq, Eq)]
pub enum DeflateError {
    /// Longer than `codec.max_value_size`: squeeze could never read it
    /// back (squeeze's own ERR 1406 for a literal).
    TooLong { size: usize, limit: usize },
    /// Arguments squeeze would never write, or a dictionary not installed.
    Other(String),
}

/// The column's encoding as squeeze wrote it into the statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Encoding {
    pub codec: CodecKind,
    pub level: i32,
    /// 0: no dictionary.
    pub dict_id: u32,
    pub min_size: usize,
}

impl Encoding {
    /// From the function's four text arguments (codec id, level,
    /// dictionary id, min_size), as squeeze writes them.
    pub fn parse(args: [&[u8]; 4]) -> Result<Encoding, String> {
        fn number<T: std::str::FromStr>(b: &[u8], what: &str) -> Result<T, String> {
            std::str::from_utf8(b)
                .ok()
                .and_then(|s| s.trim().parse().ok())
                .ok_or_else(|| format!("squeeze_deflate: the {what} argument is not a number"))
        }
        let id: u8 = number(args[0], "codec")?;
        let codec = CodecKind::from_id(id)
            .ok_or_else(|| format!("squeeze_deflate: no codec has id {id}"))?;
        Ok(Encoding {
            codec,
            level: number(args[1], "level")?,
            dict_id: number(args[2], "dictionary")?,
            min_size: number(args[3], "min_size")?,
        })
    }
}

/// Encoders already built (a zstd dictionary's prepared tables cost about
/// a millisecond to build and twice the dictionary's size to keep), most
/// recently used last; at most [`ENCODERS_KEPT`].
static ENCODERS: Mutex<Vec<(Encoding, Arc<ValueEncoder>)>> = Mutex::new(Vec::new());
const ENCODERS_KEPT: usize = 8;

fn encoder(store: &Store, enc: Encoding) -> Result<Arc<ValueEncoder>, String> {
    let mut kept = ENCODERS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(i) = kept.iter().position(|(e, _)| *e == enc) {
        let hit = kept.remove(i);
        let out = hit.1.clone();
        kept.push(hit);
        return Ok(out);
    }
    let dict = match enc.dict_id {
        0 => None,
        id => Some(store.get(id).map_err(|e| format!("squeeze_deflate: {e}"))?),
    };
    let built = Arc::new(
        ValueEncoder::new(enc.codec, enc.level, dict, enc.min_size)
            .map_err(|e| format!("squeeze_deflate: {e}"))?,
    );
    if kept.len() >= ENCODERS_KEPT {
        kept.remove(0);
    }
    kept.push((enc, built.clone()));
    Ok(built)
}

/// Encodes `document` into `out` (cleared first) for `enc`, refusing a
/// document longer than the store's `max_value_size`.
pub fn deflate(
    store: &Store,
    enc: Encoding,
    document: &[u8],
    out: &mut Vec<u8>,
) -> Result<Deflated, DeflateError> {
    out.clear();
    let limit = store.max_value_size();
    if document.len() > limit {
        return Err(DeflateError::TooLong {
            size: document.len(),
            limit,
        });
    }
    let encoder = encoder(store, enc).map_err(DeflateError::Other)?;
    match encoder.encode(document, out) {
        EncodeOutcome::Compressed(_) => Ok(Deflated::Compressed),
        EncodeOutcome::Small | EncodeOutcome::Incompressible => Ok(Deflated::AsGiven),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inflate::{inflate, Inflated};
    use crate::store::{file_name, limits_text, sha256_hex, LIMITS_FILE};
    use squeeze_format::Contexts;

    fn store_with(dict: &[u8], limit: usize) -> (std::path::PathBuf, Store) {
        let dir = std::env::temp_dir().join(format!(
            "squeeze-udf-deflate-{}-{limit}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(file_name(9, &sha256_hex(dict))), dict).unwrap();
        std::fs::write(dir.join(LIMITS_FILE), limits_text(limit)).unwrap();
        let store = Store::open(&dir);
        (dir, store)
    }

    #[test]
    fn every_codec_with_and_without_a_dictionary_inflates_back_to_the_document() {
        let dict: Vec<u8> = (0..200)
            .flat_map(|i| format!(r#"{{"author":"user_{i}","body":"a comment"}}"#).into_bytes())
            .collect();
        let (dir, store) = store_with(&dict, 1 << 20);
        let doc = format!(
            r#"{{"author":"user_7","body":"{}"}}"#,
            "a comment that repeats, ".repeat(20)
        );
        let doc = doc.as_bytes();
        let mut ctx = Contexts::default();
        for codec in [CodecKind::Zstd, CodecKind::Zlib, CodecKind::Lz4] {
            for dict_id in [0, 9] {
                let enc = Encoding {
                    codec,
                    level: codec.default_level(),
                    dict_id,
                    min_size: 16,
                };
                let mut stored = Vec::new();
                assert_eq!(
                    deflate(&store, enc, doc, &mut stored),
                    Ok(Deflated::Compressed),
                    "{codec:?} {dict_id}"
                );
                assert!(stored.len() < doc.len());
                let mut back = Vec::new();
                assert_eq!(
                    inflate(&mut ctx, &store, &stored, &mut back),
                    Ok(Inflated::Document)
                );
                assert_eq!(back, doc);
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_short_document_is_stored_as_given_and_a_long_one_is_refused() {
        let (dir, store) = store_with(b"some dictionary bytes", 100);
        let enc = Encoding::parse([b"1", b"3", b"0", b"64"]).unwrap();
        let mut out = Vec::new();
        assert_eq!(
            deflate(&store, enc, br#"{"a":1}"#, &mut out),
            Ok(Deflated::AsGiven)
        );
        assert_eq!(
            deflate(&store, enc, &[b' '; 101], &mut out),
            Err(DeflateError::TooLong {
                size: 101,
                limit: 100
            })
        );
        // A dictionary that is not installed is an error, never another one.
        let missing = Encoding { dict_id: 5, ..enc };
        assert!(matches!(
            deflate(&store, missing, &[b'x'; 90], &mut out),
            Err(DeflateError::Other(m)) if m.contains("dictionary 5")
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn arguments_squeeze_never_writes_are_errors() {
        assert!(Encoding::parse([b"x", b"3", b"0", b"64"]).is_err());
        assert!(Encoding::parse([b"77", b"3", b"0", b"64"]).is_err());
        assert!(Encoding::parse([b"1", b"3", b"-1", b"64"]).is_err());
    }
}
