//! The compressed protocol (`CLIENT_COMPRESS`): frames of a 3-byte
//! compressed length, a 1-byte compression sequence id and a 3-byte
//! uncompressed length, followed by zlib data, or raw data when the
//! uncompressed length is 0. Frames carry a byte stream of ordinary packets:
//! one frame may hold several packets and one packet may span frames.

use bytes::{Bytes, BytesMut};
use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};
use std::cell::RefCell;

use super::packet::{ProtocolError, MAX_PAYLOAD};

pub const FRAME_HEADER_LEN: usize = 7;
/// MySQL sends payloads shorter than this uncompressed (the "50-byte rule").
pub const MIN_COMPRESS_LEN: usize = 50;

/// One decoded frame: its compression sequence id and the stream bytes it
/// carried (already inflated), plus how many bytes it took on the wire.
#[derive(Debug)]
pub struct Frame {
    pub seq: u8,
    pub data: Bytes,
    pub wire_len: usize,
    pub was_compressed: bool,
}

/// Take one frame off `buf`, or `None` if more bytes are needed.
pub fn decode_frame(buf: &mut BytesMut, max_frame: usize) -> Result<Option<Frame>, ProtocolError> {
    if buf.len() < FRAME_HEADER_LEN {
        return Ok(None);
    }
    let comp_len = u32::from_le_bytes([buf[0], buf[1], buf[2], 0]) as usize;
    let seq = buf[3];
    let raw_len = u32::from_le_bytes([buf[4], buf[5], buf[6], 0]) as usize;
    if comp_len > max_frame || raw_len > max_frame {
        return Err(ProtocolError::TooLarge {
            size: comp_len.max(raw_len),
            max: max_frame,
        });
    }
    if buf.len() < FRAME_HEADER_LEN + comp_len {
        buf.reserve(FRAME_HEADER_LEN + comp_len - buf.len());
        return Ok(None);
    }
    let mut frame = buf.split_to(FRAME_HEADER_LEN + comp_len);
    let body = frame.split_off(FRAME_HEADER_LEN);
    let wire_len = FRAME_HEADER_LEN + comp_len;
    if raw_len == 0 {
        return Ok(Some(Frame {
            seq,
            data: body.freeze(),
            wire_len,
            was_compressed: false,
        }));
    }
    let data = inflate_exact(&body, raw_len)?;
    Ok(Some(Frame {
        seq,
        data: Bytes::from(data),
        wire_len,
        was_compressed: true,
    }))
}

/// Inflate a zlib stream that must produce exactly `raw_len` bytes.
pub fn inflate_exact(input: &[u8], raw_len: usize) -> Result<Vec<u8>, ProtocolError> {
    let mut out = Vec::with_capacity(raw_len);
    let mut d = Decompress::new(true);
    match d.decompress_vec(input, &mut out, FlushDecompress::Finish) {
        Ok(Status::StreamEnd) if out.len() == raw_len => Ok(out),
        Ok(Status::StreamEnd) => Err(ProtocolError::BadCompression(
            "inflated length differs from header",
        )),
        Ok(_) => Err(ProtocolError::BadCompression(
            "zlib stream longer than the header says",
        )),
        Err(_) => Err(ProtocolError::BadCompression("invalid zlib data")),
    }
}

/// Deflate `input` as one zlib stream; `None` if it did not shrink.
pub fn deflate(input: &[u8], level: u32) -> Option<Vec<u8>> {
    thread_local! {
        // A zlib stream allocates and clears ~300 KB of state; bulk
        // connections deflate a chunk at a time, so keep one per thread.
        static DEFLATER: RefCell<Option<(u32, Compress)>> = const { RefCell::new(None) };
    }
    DEFLATER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let c = match &mut *slot {
            Some((l, c)) if *l == level => {
                c.reset();
                c
            }
            other => {
                &mut other
                    .insert((level, Compress::new(Compression::new(level), true)))
                    .1
            }
        };
        let mut out = Vec::with_capacity(input.len() + 64);
        match c.compress_vec(input, &mut out, FlushCompress::Finish) {
            Ok(Status::StreamEnd) if out.len() < input.len() => Some(out),
            _ => None,
        }
    })
}

/// Append one frame holding `data` (at most `MAX_PAYLOAD` bytes). `compress`
/// asks for zlib; short or incompressible data still goes raw.
pub fn encode_frame(out: &mut BytesMut, seq: u8, data: &[u8], compress: bool, level: u32) -> bool {
    debug_assert!(data.len() <= MAX_PAYLOAD);
    let deflated = if compress && data.len() >= MIN_COMPRESS_LEN {
        deflate(data, level)
    } else {
        None
    };
    match deflated {
        Some(z) => {
            put_header(out, z.len(), seq, data.len());
            out.extend_from_slice(&z);
            true
        }
        None => {
            put_header(out, data.len(), seq, 0);
            out.extend_from_slice(data);
            false
        }
    }
}

fn put_header(out: &mut BytesMut, comp_len: usize, seq: u8, raw_len: usize) {
    out.reserve(FRAME_HEADER_LEN + comp_len);
    out.extend_from_slice(&(comp_len as u32).to_le_bytes()[..3]);
    out.extend_from_slice(&[seq]);
    out.extend_from_slice(&(raw_len as u32).to_le_bytes()[..3]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_and_compressed_frames_round_trip() {
        let small = b"\x01\x00\x00\x00\x0e";
        let big: Vec<u8> = b"{\"key\":\"value\"},"
            .iter()
            .cycle()
            .take(5000)
            .copied()
            .collect();
        let mut wire = BytesMut::new();
        assert!(!encode_frame(&mut wire, 0, small, true, 6));
        assert!(encode_frame(&mut wire, 1, &big, true, 6));
        let f0 = decode_frame(&mut wire, 1 << 24).unwrap().unwrap();
        assert_eq!(
            (f0.seq, &f0.data[..], f0.was_compressed),
            (0, &small[..], false)
        );
        let f1 = decode_frame(&mut wire, 1 << 24).unwrap().unwrap();
        assert_eq!((f1.seq, f1.was_compressed), (1, true));
        assert_eq!(&f1.data[..], &big[..]);
        assert!(f1.wire_len < 1000);
        assert!(wire.is_empty());
    }

    #[test]
    fn corrupt_zlib_is_an_error() {
        let mut wire = BytesMut::new();
        put_header(&mut wire, 5, 0, 100);
        wire.extend_from_slice(b"junk!");
        assert!(matches!(
            decode_frame(&mut wire, 1 << 24),
            Err(ProtocolError::BadCompression(_))
        ));
    }

    #[test]
    fn lying_length_is_an_error() {
        let data = vec![b'a'; 1000];
        let z = deflate(&data, 6).unwrap();
        let mut wire = BytesMut::new();
        put_header(&mut wire, z.len(), 0, 999);
        wire.extend_from_slice(&z);
        assert!(decode_frame(&mut wire, 1 << 24).is_err());
    }
}
