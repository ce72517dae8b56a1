//! What a table job does to one stored value. Pure.
use crate::codec::{decode_value, Decoded, DictionaryRegistry, EncodeOutcome, ValueEncoder};

/// The three jobs share one walk; they differ only here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Compress plain (legacy) values in place.
    Backfill,
    /// Re-encode every value with the column's current dictionary and level
    /// (plain values are compressed too).
    Compact,
    /// Inflate every compressed value back to the original bytes.
    Restore,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Backfill => "backfill",
            Mode::Compact => "compact",
            Mode::Restore => "restore",
        }
    }
}

/// Why a value is left as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Already in the form the job produces.
    Done,
    /// Too small or incompressible: squeeze stores those as they are too.
    AsIs,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Action {
    Keep(Keep),
    /// Store these bytes instead (checked to read back as the original).
    Write(Vec<u8>),
}

/// backfill --extract: each extracted column's value for the stored
/// document (`JSON_UNQUOTE(JSON_EXTRACT(doc, path))` as MariaDB computes
/// it, NULL for a missing path); an error names why a row cannot have one
/// (not JSON, longer than the column), and the row is left alone.
pub fn extracted(
    stored: &[u8],
    extracts: &[crate::transform::extract::Extract],
    reg: &DictionaryRegistry,
    max_len: usize,
) -> Result<Vec<mysql_async::Value>, String> {
    let mut original = Vec::new();
    let doc: &[u8] = match decode_value(stored, reg, max_len, &mut original) {
        Ok(Decoded::Inflated(_)) => &original,
        Ok(Decoded::Legacy) => stored,
        Err(e) => return Err(e.to_string()),
    };
    extracts
        .iter()
        .map(|e| match crate::transform::extract::derive(e, Some(doc)) {
            Ok(Some(v)) => Ok(mysql_async::Value::Bytes(v)),
            Ok(None) => Ok(mysql_async::Value::NULL),
            Err(crate::transform::extract::DeriveError::TooLong { chars }) => Err(format!(
                "{} is {chars} characters, longer than {} of `{}`",
                e.path_text,
                e.type_text(),
                e.column
            )),
            Err(crate::transform::extract::DeriveError::NotExact(w)) => {
                Err(format!("no exact value for {}: {w}", e.path_text))
            }
        })
        .collect()
}

/// The new stored form of `stored` for `mode`, or why it stays. Every
/// value written is decoded again here and compared with the original
/// document first: a job never stores bytes that would read back
/// differently. An undecodable value is an error naming why (the caller
/// reports the row and leaves it alone).
pub fn plan(
    mode: Mode,
    stored: &[u8],
    enc: &ValueEncoder,
    reg: &DictionaryRegistry,
    max_len: usize,
) -> Result<Action, String> {
    let mut original = Vec::new();
    let was_compressed = match decode_value(stored, reg, max_len, &mut original) {
        Ok(Decoded::Inflated(_)) => true,
        Ok(Decoded::Legacy) => false,
        Err(e) => return Err(e.to_string()),
    };
    let doc: &[u8] = if was_compressed { &original } else { stored };
    match mode {
        Mode::Restore if was_compressed => Ok(Action::Write(original)),
        Mode::Restore => Ok(Action::Keep(Keep::Done)),
        Mode::Backfill if was_compressed => Ok(Action::Keep(Keep::Done)),
        Mode::Backfill | Mode::Compact => {
            let mut out = Vec::with_capacity(doc.len() / 3 + 16);
            match enc.encode(doc, &mut out) {
                EncodeOutcome::Compressed(_) => {
                    if out == stored {
                        return Ok(Action::Keep(Keep::Done));
                    }
                    let mut back = Vec::with_capacity(doc.len());
                    match decode_value(&out, reg, max_len, &mut back) {
                        Ok(Decoded::Inflated(_)) if back == doc => Ok(Action::Write(out)),
                        other => Err(format!(
                            "the re-encoded value does not read back as the original ({other:?}); left as it was"
                        )),
                    }
                }
                // A compressed value the encoder would now store as is:
                // restore it (compact), so it reads the same without squeeze.
                EncodeOutcome::Small | EncodeOutcome::Incompressible if was_compressed => {
                    Ok(Action::Write(original))
                }
                EncodeOutcome::Small | EncodeOutcome::Incompressible => {
                    Ok(Action::Keep(Keep::AsIs))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{CodecKind, Dictionary};

    fn setup() -> (DictionaryRegistry, ValueEncoder, ValueEncoder) {
        let mut reg = DictionaryRegistry::empty();
        let d = reg.insert(Dictionary::new(
            7,
            "t",
            CodecKind::Zstd,
            b"{\"subreddit\":\"rust\",\"body\":\"hello world\",\"score\":1}".repeat(20),
        ));
        let plain = ValueEncoder::new(CodecKind::Zstd, 3, None, 16).unwrap();
        let dict = ValueEncoder::new(CodecKind::Zstd, 19, Some(d), 16).unwrap();
        (reg, plain, dict)
    }

    fn doc() -> Vec<u8> {
        b"{\"subreddit\":\"rust\",\"body\":\"hello world, again and again\",\"score\":12}".repeat(4)
    }

    #[test]
    fn backfill_compresses_plain_values_and_leaves_compressed_ones() {
        let (reg, plain, _) = setup();
        let Action::Write(v) = plan(Mode::Backfill, &doc(), &plain, &reg, 1 << 20).unwrap() else {
            panic!("not written")
        };
        assert!(v.len() < doc().len());
        assert_eq!(
            plan(Mode::Backfill, &v, &plain, &reg, 1 << 20).unwrap(),
            Action::Keep(Keep::Done)
        );
        assert_eq!(
            plan(Mode::Backfill, b"{}", &plain, &reg, 1 << 20).unwrap(),
            Action::Keep(Keep::AsIs)
        );
    }

    #[test]
    fn compact_moves_a_value_to_the_new_dictionary_and_restore_brings_back_the_original() {
        let (reg, plain, dict) = setup();
        let Action::Write(old) = plan(Mode::Backfill, &doc(), &plain, &reg, 1 << 20).unwrap()
        else {
            panic!()
        };
        let Action::Write(new) = plan(Mode::Compact, &old, &dict, &reg, 1 << 20).unwrap() else {
            panic!()
        };
        let hdr = crate::codec::parse_header(&new).unwrap().unwrap().0;
        assert_eq!(hdr.dict_id, 7);
        assert_eq!(
            plan(Mode::Compact, &new, &dict, &reg, 1 << 20).unwrap(),
            Action::Keep(Keep::Done)
        );
        assert_eq!(
            plan(Mode::Restore, &new, &dict, &reg, 1 << 20).unwrap(),
            Action::Write(doc())
        );
        assert_eq!(
            plan(Mode::Restore, &doc(), &dict, &reg, 1 << 20).unwrap(),
            Action::Keep(Keep::Done)
        );
    }

    #[test]
    fn a_corrupt_value_is_an_error_not_a_write() {
        let (reg, plain, _) = setup();
        let Action::Write(mut v) = plan(Mode::Backfill, &doc(), &plain, &reg, 1 << 20).unwrap()
        else {
            panic!()
        };
        let n = v.len();
        v[n - 3] ^= 0x55;
        assert!(plan(Mode::Restore, &v, &plain, &reg, 1 << 20).is_err());
    }
}
