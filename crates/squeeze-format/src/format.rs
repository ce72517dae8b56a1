//! Stored-value header, format v1 (byte layout in docs/FORMAT.md).
//!
//! ```text
//! 0xF5 | version<<4 | codec | varint dict_id | varint len | crc32 LE (4) | payload
//! ```
use super::error::DecodeError;
use super::varint::{self, VarintError};
use super::CodecKind;

/// First byte of every compressed value. 0xF5..=0xFF never start valid UTF-8,
/// so JSON text (the legacy, uncompressed values) can never be mistaken for it.
pub const MAGIC: u8 = 0xF5;
/// Lowest byte that cannot start UTF-8; bytes from here up are reserved.
pub const RESERVED_FIRST_BYTE: u8 = 0xF5;
pub const FORMAT_VERSION: u8 = 1;
/// Dictionary id meaning "no dictionary".
pub const NO_DICTIONARY: u32 = 0;
/// Smallest possible header: magic, version/codec, 1-byte dict id, 1-byte length, crc32.
pub const MIN_HEADER_LEN: usize = 8;

/// Decoded header fields of a stored value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub version: u8,
    pub codec: CodecKind,
    /// 0 = no dictionary.
    pub dict_id: u32,
    /// Length of the original (uncompressed) value.
    pub len: u64,
    /// crc32 (IEEE, as crc32fast) of the original value.
    pub crc32: u32,
}

impl Header {
    /// Appends the encoded header to `out`.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.push(MAGIC);
        out.push((self.version << 4) | self.codec.id());
        varint::put(out, u64::from(self.dict_id));
        varint::put(out, self.len);
        out.extend_from_slice(&self.crc32.to_le_bytes());
    }

    /// Encoded size of this header.
    pub fn encoded_len(&self) -> usize {
        2 + varint::len(u64::from(self.dict_id)) + varint::len(self.len) + 4
    }
}

/// True when `stored` starts with the squeeze magic (it may still be corrupt).
pub fn is_compressed_value(stored: &[u8]) -> bool {
    stored.first() == Some(&MAGIC)
}

/// Parses the header of `stored`.
///
/// `Ok(None)`: a legacy value (first byte below 0xF5, or empty), to be passed through.
/// `Ok(Some((header, n)))`: the payload starts at `stored[n..]`.
pub fn parse_header(stored: &[u8]) -> Result<Option<(Header, usize)>, DecodeError> {
    let Some(&first) = stored.first() else {
        return Ok(None);
    };
    if first < RESERVED_FIRST_BYTE {
        return Ok(None);
    }
    if first != MAGIC {
        return Err(DecodeError::UnknownMagic(first));
    }
    let vc = *stored.get(1).ok_or(DecodeError::TruncatedHeader)?;
    let version = vc >> 4;
    if version != FORMAT_VERSION {
        return Err(DecodeError::UnsupportedVersion(version));
    }
    let codec = CodecKind::from_id(vc & 0x0f).ok_or(DecodeError::UnknownCodec(vc & 0x0f))?;
    let mut pos = 2;
    let (dict_id, n) = read_varint(&stored[pos..], "dictionary id")?;
    let dict_id =
        u32::try_from(dict_id).map_err(|_| DecodeError::MalformedHeader("dictionary id"))?;
    pos += n;
    let (len, n) = read_varint(&stored[pos..], "length")?;
    pos += n;
    let crc = stored
        .get(pos..pos + 4)
        .ok_or(DecodeError::TruncatedHeader)?;
    let crc32 = u32::from_le_bytes([crc[0], crc[1], crc[2], crc[3]]);
    pos += 4;
    let header = Header {
        version,
        codec,
        dict_id,
        len,
        crc32,
    };
    Ok(Some((header, pos)))
}

fn read_varint(buf: &[u8], field: &'static str) -> Result<(u64, usize), DecodeError> {
    varint::get(buf).map_err(|e| match e {
        VarintError::Truncated => DecodeError::TruncatedHeader,
        VarintError::Malformed => DecodeError::MalformedHeader(field),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Header {
        Header {
            version: 1,
            codec: CodecKind::Zstd,
            dict_id: 1,
            len: 1034,
            crc32: 0xdead_beef,
        }
    }

    #[test]
    fn the_header_layout_is_byte_for_byte_stable() {
        let mut b = Vec::new();
        sample().write(&mut b);
        assert_eq!(b, [0xf5, 0x11, 0x01, 0x8a, 0x08, 0xef, 0xbe, 0xad, 0xde]);
        assert_eq!(sample().encoded_len(), b.len());
        assert_eq!(parse_header(&b), Ok(Some((sample(), b.len()))));
    }

    #[test]
    fn legacy_and_reserved_first_bytes() {
        assert_eq!(parse_header(b""), Ok(None));
        assert_eq!(parse_header(b"{\"a\":1}"), Ok(None));
        assert_eq!(parse_header(&[0xf4, 0x8f]), Ok(None));
        for b in 0xf6..=0xffu8 {
            assert_eq!(parse_header(&[b, 0x11]), Err(DecodeError::UnknownMagic(b)));
        }
        assert!(is_compressed_value(&[0xf5]));
        assert!(!is_compressed_value(b"[]"));
    }

    #[test]
    fn bad_version_codec_and_truncation() {
        assert_eq!(
            parse_header(&[0xf5, 0x21]),
            Err(DecodeError::UnsupportedVersion(2))
        );
        assert_eq!(
            parse_header(&[0xf5, 0x01]),
            Err(DecodeError::UnsupportedVersion(0))
        );
        assert_eq!(
            parse_header(&[0xf5, 0x1f]),
            Err(DecodeError::UnknownCodec(15))
        );
        assert_eq!(
            parse_header(&[0xf5, 0x10]),
            Err(DecodeError::UnknownCodec(0))
        );
        let mut b = Vec::new();
        sample().write(&mut b);
        for cut in 1..b.len() {
            assert_eq!(
                parse_header(&b[..cut]),
                Err(DecodeError::TruncatedHeader),
                "cut {cut}"
            );
        }
    }

    #[test]
    fn dictionary_id_must_fit_u32() {
        let mut b = vec![0xf5, 0x11];
        varint::put(&mut b, u64::from(u32::MAX) + 1);
        b.extend_from_slice(&[0x01, 0, 0, 0, 0]);
        assert_eq!(
            parse_header(&b),
            Err(DecodeError::MalformedHeader("dictionary id"))
        );
    }
}
