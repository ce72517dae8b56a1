//! `decode_value`: stored value -> original bytes, verified.
use super::dictionary::Dictionary;
use super::error::DecodeError;
use super::format::{parse_header, Header, NO_DICTIONARY};
use super::{lz4, zlib, zstd as zstd_codec, CodecKind};

/// Where a decoder finds the dictionary a value's header names: the
/// proxy's registry, or the in-server function's verified files.
pub trait DictionaryLookup {
    fn dictionary(&self, id: u32) -> Option<&Dictionary>;
}

impl<T: DictionaryLookup + ?Sized> DictionaryLookup for std::sync::Arc<T> {
    fn dictionary(&self, id: u32) -> Option<&Dictionary> {
        (**self).dictionary(id)
    }
}

/// Decompression state owned by the caller instead of the thread (the
/// in-server function keeps one per statement and frees it after).
#[derive(Default)]
pub struct Contexts {
    zstd: Option<zstd_codec::DCtx<'static>>,
    zlib: Option<zlib::Decompress>,
}

/// The state a decode runs with.
enum State<'a> {
    Thread,
    Owned(&'a mut Contexts),
}

/// What `decode_value` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decoded {
    /// The original bytes were appended to `out`.
    Inflated(Header),
    /// Not a squeeze value (written before squeeze, or stored as-is):
    /// `out` untouched, the caller uses the stored bytes.
    Legacy,
}

/// The most bytes a payload of `payload_len` bytes can inflate to with
/// `codec`, whatever it holds (the format's own expansion limit, so every
/// value an encoder can write stays below it):
///
/// - zstd: after a frame header of at least 2 bytes, every block costs at
///   least 4 bytes (3-byte header plus one byte of content, as in an RLE
///   block) and regenerates at most 128 KiB;
/// - deflate: a length-258 match coded in 2 bits, 1032 bytes per input byte;
/// - lz4 block: a match grows by at most 255 bytes per length byte, and a
///   sequence of token + offset (3 bytes) yields at most 19.
pub fn max_inflated_len(codec: CodecKind, payload_len: usize) -> u64 {
    let n = payload_len as u64;
    match codec {
        CodecKind::Zstd => (n.saturating_sub(2) / 4) * (128 * 1024),
        CodecKind::Zlib => n * 1032 + 258,
        CodecKind::Lz4 => n * 255 + 64,
    }
}

/// Decodes `stored`, appending the original value to `out`.
///
/// The output is capped by the header's length and by `max_len`, and is
/// checked against the header's length and crc32; on any error `out` is left
/// as it was.
pub fn decode_value(
    stored: &[u8],
    registry: &impl DictionaryLookup,
    max_len: usize,
    out: &mut Vec<u8>,
) -> Result<Decoded, DecodeError> {
    let Some((header, hlen)) = parse_header(stored)? else {
        return Ok(Decoded::Legacy);
    };
    decode_payload(&header, &stored[hlen..], registry, max_len, out)?;
    Ok(Decoded::Inflated(header))
}

/// [`decode_value`] with the caller's decompression state.
pub fn decode_value_in(
    ctx: &mut Contexts,
    stored: &[u8],
    registry: &impl DictionaryLookup,
    max_len: usize,
    out: &mut Vec<u8>,
) -> Result<Decoded, DecodeError> {
    let Some((header, hlen)) = parse_header(stored)? else {
        return Ok(Decoded::Legacy);
    };
    decode_with(
        State::Owned(ctx),
        &header,
        &stored[hlen..],
        registry,
        max_len,
        out,
    )?;
    Ok(Decoded::Inflated(header))
}

/// Inflates the payload (`stored` after its header) of a value whose header
/// the caller has already parsed, appending the original bytes to `out`;
/// the same caps and checks as [`decode_value`].
pub fn decode_payload(
    header: &Header,
    payload: &[u8],
    registry: &impl DictionaryLookup,
    max_len: usize,
    out: &mut Vec<u8>,
) -> Result<(), DecodeError> {
    decode_with(State::Thread, header, payload, registry, max_len, out)
}

fn decode_with(
    state: State<'_>,
    header: &Header,
    payload: &[u8],
    registry: &impl DictionaryLookup,
    max_len: usize,
    out: &mut Vec<u8>,
) -> Result<(), DecodeError> {
    if header.len > max_len as u64 {
        return Err(DecodeError::TooLarge {
            len: header.len,
            max: max_len,
        });
    }
    // A hostile or corrupt header must not size the output buffer: the
    // declared length has to fit what this payload can produce at all.
    let possible = max_inflated_len(header.codec, payload.len());
    if header.len > possible {
        return Err(DecodeError::ImplausibleLength {
            len: header.len,
            payload: payload.len(),
            max: possible,
        });
    }
    let len = header.len as usize;
    let dict = if header.dict_id == NO_DICTIONARY {
        None
    } else {
        Some(
            registry
                .dictionary(header.dict_id)
                .ok_or(DecodeError::UnknownDictionary(header.dict_id))?,
        )
    };
    let start = out.len();
    let res = match header.codec {
        CodecKind::Zstd => match dict.map(|d| (d.id, d.zstd_ddict())) {
            // Refused where dictionaries are loaded; an error here all the
            // same should one reach a registry.
            Some((id, None)) => Err(format!("dictionary {id} is not one zstd can load")),
            Some((_, dd)) => zstd_inflate(state, payload, dd, len, out),
            None => zstd_inflate(state, payload, None, len, out),
        },
        CodecKind::Zlib => {
            let window = dict.map(|d| d.zlib_window());
            match state {
                State::Thread => zlib::decompress(payload, window, len, out),
                State::Owned(c) => {
                    let d = c.zlib.get_or_insert_with(zlib::decompression_state);
                    zlib::decompress_in(d, payload, window, len, out)
                }
            }
        }
        CodecKind::Lz4 => {
            lz4::decompress(payload, dict.map_or(&[][..], |d| d.lz4_window()), len, out)
        }
    };
    let produced = res.map_err(|reason| DecodeError::CorruptPayload {
        codec: header.codec,
        reason,
    })?;
    if produced != len {
        out.truncate(start);
        return Err(DecodeError::LengthMismatch {
            expected: len,
            actual: produced,
        });
    }
    let actual = crc32fast::hash(&out[start..]);
    if actual != header.crc32 {
        out.truncate(start);
        return Err(DecodeError::ChecksumMismatch {
            expected: header.crc32,
            actual,
        });
    }
    Ok(())
}

fn zstd_inflate(
    state: State<'_>,
    payload: &[u8],
    dict: Option<&zstd::dict::DecoderDictionary<'static>>,
    len: usize,
    out: &mut Vec<u8>,
) -> Result<usize, String> {
    match state {
        State::Thread => zstd_codec::decompress(payload, dict, len, out),
        State::Owned(c) => {
            if c.zstd.is_none() {
                c.zstd = zstd_codec::decompression_context();
            }
            let dctx = c
                .zstd
                .as_mut()
                .ok_or_else(|| "cannot allocate zstd context".to_string())?;
            zstd_codec::decompress_in(dctx, payload, dict, len, out)
        }
    }
}
