// Over 600 lines: the frame codec is 430 lines; the rest is its tests, kept beside it.
//! The compressed protocol (`CLIENT_COMPRESS`, or
//! `CLIENT_ZSTD_COMPRESSION_ALGORITHM` on MySQL 8 and TiDB): frames of a
//! 3-byte compressed length, a 1-byte compression sequence id and a 3-byte
//! uncompressed length, followed by zlib (or one zstd frame) data, or raw data
//! when the uncompressed length is 0. Frames carry a byte stream of ordinary
//! packets: one frame may hold several packets and one packet may span frames.

use bytes::{Bytes, BytesMut};
use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};
use std::cell::RefCell;
use zstd::stream::raw::{Decoder as ZstdDecoder, InBuffer, Operation, OutBuffer};

use super::packet::{ProtocolError, MAX_PAYLOAD};

pub const FRAME_HEADER_LEN: usize = 7;
/// MySQL sends payloads shorter than this uncompressed (the "50-byte rule").
pub const MIN_COMPRESS_LEN: usize = 50;
/// MySQL's default `protocol_compression_algorithms` zstd level.
pub const DEFAULT_WIRE_ZSTD_LEVEL: i32 = 3;
/// Most bytes `decode_frame` inflates per step.
const INFLATE_STEP: usize = 64 << 10;

/// Which algorithm a connection's compressed frames use: negotiated once at
/// login (`CLIENT_COMPRESS` = zlib, `CLIENT_ZSTD_COMPRESSION_ALGORITHM` =
/// zstd), the same both ways for the connection's life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WireAlgorithm {
    Zlib,
    Zstd,
}

impl WireAlgorithm {
    /// The metrics label.
    pub fn label(self) -> &'static str {
        match self {
            WireAlgorithm::Zlib => "zlib",
            WireAlgorithm::Zstd => "zstd",
        }
    }
}

/// An algorithm with the level squeeze compresses its own frames at (zlib
/// 0..=9, zstd 1..=22).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WireCodec {
    pub algorithm: WireAlgorithm,
    pub level: i32,
}

impl WireCodec {
    pub const fn zlib(level: u32) -> Self {
        WireCodec {
            algorithm: WireAlgorithm::Zlib,
            level: level as i32,
        }
    }

    pub const fn zstd(level: i32) -> Self {
        WireCodec {
            algorithm: WireAlgorithm::Zstd,
            level,
        }
    }

    /// What a peer that sent `capabilities` (and, with zstd, the level it
    /// asked for) gets from squeeze: zlib when it set `CLIENT_COMPRESS`
    /// (also when it set both, as MySQL's server does), zstd at the asked
    /// level when it set only `CLIENT_ZSTD_COMPRESSION_ALGORITHM`.
    pub fn negotiated(capabilities: u32, zstd_level: Option<u8>, zlib_level: u32) -> Option<Self> {
        use super::capabilities::{CLIENT_COMPRESS, CLIENT_ZSTD_COMPRESSION_ALGORITHM};
        if capabilities & CLIENT_COMPRESS != 0 {
            Some(WireCodec::zlib(zlib_level))
        } else if capabilities & CLIENT_ZSTD_COMPRESSION_ALGORITHM != 0 {
            let level = zstd_level.map_or(DEFAULT_WIRE_ZSTD_LEVEL, i32::from);
            Some(WireCodec::zstd(if level == 0 {
                DEFAULT_WIRE_ZSTD_LEVEL
            } else {
                level.min(22)
            }))
        } else {
            None
        }
    }

    /// Compress `input` as one frame body; `None` if it did not shrink.
    pub fn compress(&self, input: &[u8]) -> Option<Vec<u8>> {
        match self.algorithm {
            WireAlgorithm::Zlib => deflate(input, self.level.clamp(0, 9) as u32),
            WireAlgorithm::Zstd => zstd_compress(input, self.level),
        }
    }
}

/// One decoded frame: its compression sequence id and the stream bytes it
/// carried (already inflated), plus how many bytes it took on the wire.
#[derive(Debug)]
pub struct Frame {
    pub seq: u8,
    pub data: Bytes,
    pub wire_len: usize,
    pub was_compressed: bool,
}

/// A frame taken off the wire whose body is not inflated yet.
#[derive(Debug)]
pub struct RawFrame {
    pub seq: u8,
    /// The frame body as sent (zlib data, or the stream bytes themselves).
    pub body: Bytes,
    /// The uncompressed length the header declares; 0 = sent raw.
    pub raw_len: usize,
}

impl RawFrame {
    pub fn wire_len(&self) -> usize {
        FRAME_HEADER_LEN + self.body.len()
    }
}

/// Check a frame header's lengths against `max_frame`; `None` if fewer
/// than `FRAME_HEADER_LEN` bytes are there.
fn frame_header(buf: &[u8], max_frame: usize) -> Result<Option<(usize, u8, usize)>, ProtocolError> {
    if buf.len() < FRAME_HEADER_LEN {
        return Ok(None);
    }
    let comp_len = u32::from_le_bytes([buf[0], buf[1], buf[2], 0]) as usize;
    let raw_len = u32::from_le_bytes([buf[4], buf[5], buf[6], 0]) as usize;
    if comp_len > max_frame || raw_len > max_frame {
        return Err(ProtocolError::TooLarge {
            size: comp_len.max(raw_len),
            max: max_frame,
        });
    }
    Ok(Some((comp_len, buf[3], raw_len)))
}

/// Take one whole frame off `buf` without inflating it, or `None` if more
/// bytes are needed. Nothing is allocated on the header's word: the body
/// is taken only once it has arrived.
pub fn next_frame(buf: &mut BytesMut, max_frame: usize) -> Result<Option<RawFrame>, ProtocolError> {
    let Some((comp_len, seq, raw_len)) = frame_header(buf, max_frame)? else {
        return Ok(None);
    };
    if buf.len() < FRAME_HEADER_LEN + comp_len {
        return Ok(None);
    }
    let mut frame = buf.split_to(FRAME_HEADER_LEN + comp_len);
    let body = frame.split_off(FRAME_HEADER_LEN).freeze();
    Ok(Some(RawFrame { seq, body, raw_len }))
}

/// How many bytes `buf` must hold to complete the frame at its front, as
/// far as its header tells (0 when the header itself is incomplete or
/// invalid).
pub fn frame_end_hint(buf: &[u8]) -> usize {
    match frame_header(buf, usize::MAX) {
        Ok(Some((comp_len, _, _))) => FRAME_HEADER_LEN + comp_len,
        _ => 0,
    }
}

/// Take one frame off `buf` and inflate it whole, or `None` if more bytes
/// are needed. (Connections inflate incrementally with `FrameInflater`.)
pub fn decode_frame(
    buf: &mut BytesMut,
    max_frame: usize,
    algorithm: WireAlgorithm,
) -> Result<Option<Frame>, ProtocolError> {
    let Some(f) = next_frame(buf, max_frame)? else {
        return Ok(None);
    };
    let wire_len = f.wire_len();
    if f.raw_len == 0 {
        return Ok(Some(Frame {
            seq: f.seq,
            data: f.body,
            wire_len,
            was_compressed: false,
        }));
    }
    let mut inflater = FrameInflater::new(f.body, f.raw_len, algorithm)?;
    // Grow with what the stream really produces: a 20-byte frame declaring
    // 16 MiB fails after its first step instead of zero-filling 16 MiB.
    let mut data = BytesMut::with_capacity(f.raw_len.min(INFLATE_STEP));
    while !inflater.step(&mut data, INFLATE_STEP)? {}
    Ok(Some(Frame {
        seq: f.seq,
        data: data.freeze(),
        wire_len,
        was_compressed: true,
    }))
}

/// Inflates one compressed frame a step at a time, so the reader can check
/// the packets it produces (and its memory budget) before inflating more:
/// a frame of a few KB that declares 16 MiB costs nothing until its bytes
/// are really produced, and never more than the header declared.
pub struct FrameInflater {
    engine: InflateEngine,
    input: Bytes,
    /// Bytes still expected from the stream.
    left: usize,
}

impl std::fmt::Debug for FrameInflater {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FrameInflater")
            .field("input_left", &self.input.len())
            .field("left", &self.left)
            .finish()
    }
}

enum InflateEngine {
    Zlib(Decompress),
    Zstd(ZstdDecoder<'static>),
}

impl FrameInflater {
    pub fn new(
        body: Bytes,
        raw_len: usize,
        algorithm: WireAlgorithm,
    ) -> Result<Self, ProtocolError> {
        let engine = match algorithm {
            WireAlgorithm::Zlib => InflateEngine::Zlib(Decompress::new(true)),
            WireAlgorithm::Zstd => InflateEngine::Zstd(
                ZstdDecoder::new()
                    .map_err(|_| ProtocolError::BadCompression("zstd decoder unavailable"))?,
            ),
        };
        Ok(FrameInflater {
            engine,
            input: body,
            left: raw_len,
        })
    }

    /// Bytes the frame still has to produce.
    pub fn remaining(&self) -> usize {
        self.left
    }

    /// Append up to `max` more inflated bytes to `out`. Returns true once
    /// the frame is done (exactly the declared length, stream ended).
    pub fn step(&mut self, out: &mut BytesMut, max: usize) -> Result<bool, ProtocolError> {
        let want = self.left.min(max.max(1));
        match &mut self.engine {
            InflateEngine::Zlib(z) => zlib_step(z, &mut self.input, &mut self.left, out, want),
            InflateEngine::Zstd(d) => zstd_step(d, &mut self.input, &mut self.left, out, want),
        }
    }
}

fn zlib_step(
    z: &mut Decompress,
    input: &mut Bytes,
    left: &mut usize,
    out: &mut BytesMut,
    want: usize,
) -> Result<bool, ProtocolError> {
    let start = out.len();
    out.resize(start + want, 0);
    let (in_before, out_before) = (z.total_in(), z.total_out());
    let status = z.decompress(input, &mut out[start..], FlushDecompress::None);
    let used = (z.total_in() - in_before) as usize;
    let produced = (z.total_out() - out_before) as usize;
    out.truncate(start + produced);
    bytes::Buf::advance(input, used);
    *left -= produced;
    match status {
        Err(_) => Err(ProtocolError::BadCompression("invalid zlib data")),
        Ok(Status::StreamEnd) if *left == 0 => Ok(true),
        Ok(Status::StreamEnd) => Err(ProtocolError::BadCompression(
            "inflated length differs from header",
        )),
        Ok(_) if *left == 0 => {
            // All declared bytes are out: the stream must end here.
            let mut probe = [0u8; 1];
            match z.decompress(input, &mut probe, FlushDecompress::Finish) {
                Ok(Status::StreamEnd)
                    if z.total_out() as usize == out_before as usize + produced =>
                {
                    Ok(true)
                }
                _ => Err(ProtocolError::BadCompression(
                    "zlib stream longer than the header says",
                )),
            }
        }
        Ok(_) if produced == 0 && used == 0 => Err(ProtocolError::BadCompression(
            "zlib stream ends before the length in the header",
        )),
        Ok(_) => Ok(false),
    }
}

/// One step of a zstd frame body: exactly one zstd frame that produces the
/// declared length, no more and no trailing bytes (what MySQL's one-shot
/// `ZSTD_compress` sends).
fn zstd_step(
    d: &mut ZstdDecoder<'static>,
    input: &mut Bytes,
    left: &mut usize,
    out: &mut BytesMut,
    want: usize,
) -> Result<bool, ProtocolError> {
    let bad = |_| ProtocolError::BadCompression("invalid zstd data");
    let start = out.len();
    out.resize(start + want, 0);
    let mut src = InBuffer::around(&input[..]);
    let mut dst = OutBuffer::around(&mut out[start..]);
    let hint = d.run(&mut src, &mut dst).map_err(bad);
    let (used, produced) = (src.pos(), dst.pos());
    out.truncate(start + produced);
    let hint = hint?;
    bytes::Buf::advance(input, used);
    *left -= produced;
    if *left > 0 {
        return match (hint, used, produced) {
            (0, _, _) => Err(ProtocolError::BadCompression(
                "zstd frame ends before the length in the header",
            )),
            (_, 0, 0) => Err(ProtocolError::BadCompression(
                "zstd data ends before the length in the header",
            )),
            _ => Ok(false),
        };
    }
    // All declared bytes are out: the frame must end here, with no input left.
    let mut hint = hint;
    if hint != 0 {
        let mut probe = [0u8; 1];
        let mut src = InBuffer::around(&input[..]);
        let mut dst = OutBuffer::around(&mut probe[..]);
        hint = d.run(&mut src, &mut dst).map_err(bad)?;
        if dst.pos() > 0 {
            return Err(ProtocolError::BadCompression(
                "zstd frame longer than the header says",
            ));
        }
        let used = src.pos();
        bytes::Buf::advance(input, used);
    }
    if hint != 0 || !input.is_empty() {
        return Err(ProtocolError::BadCompression(
            "zstd data does not end where the header says",
        ));
    }
    Ok(true)
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

/// Compress `input` as one zstd frame; `None` if it did not shrink.
pub fn zstd_compress(input: &[u8], level: i32) -> Option<Vec<u8>> {
    thread_local! {
        // A zstd context costs ~1 MB at low levels; reuse one per thread.
        static COMPRESSOR: RefCell<Option<(i32, zstd::bulk::Compressor<'static>)>> =
            const { RefCell::new(None) };
    }
    COMPRESSOR.with(|cell| {
        let mut slot = cell.borrow_mut();
        let c = match &mut *slot {
            Some((l, c)) if *l == level => c,
            other => {
                &mut other
                    .insert((level, zstd::bulk::Compressor::new(level).ok()?))
                    .1
            }
        };
        match c.compress(input) {
            Ok(z) if z.len() < input.len() => Some(z),
            _ => None,
        }
    })
}

/// Append one frame holding `data` (at most `MAX_PAYLOAD` bytes), compressed
/// with `codec` when given; short or incompressible data still goes raw.
/// Returns whether the frame was compressed.
pub fn encode_frame(out: &mut BytesMut, seq: u8, data: &[u8], codec: Option<WireCodec>) -> bool {
    debug_assert!(data.len() <= MAX_PAYLOAD);
    let deflated = match codec {
        Some(codec) if data.len() >= MIN_COMPRESS_LEN => codec.compress(data),
        _ => None,
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
        assert!(!encode_frame(&mut wire, 0, small, Some(WireCodec::zlib(6))));
        assert!(encode_frame(&mut wire, 1, &big, Some(WireCodec::zlib(6))));
        let f0 = decode_frame(&mut wire, 1 << 24, WireAlgorithm::Zlib)
            .unwrap()
            .unwrap();
        assert_eq!(
            (f0.seq, &f0.data[..], f0.was_compressed),
            (0, &small[..], false)
        );
        let f1 = decode_frame(&mut wire, 1 << 24, WireAlgorithm::Zlib)
            .unwrap()
            .unwrap();
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
            decode_frame(&mut wire, 1 << 24, WireAlgorithm::Zlib),
            Err(ProtocolError::BadCompression(_))
        ));
    }

    fn inflate_in_steps(wire: &mut BytesMut, step: usize) -> Result<Vec<u8>, ProtocolError> {
        inflate_in_steps_with(wire, step, WireAlgorithm::Zlib)
    }

    fn inflate_in_steps_with(
        wire: &mut BytesMut,
        step: usize,
        algorithm: WireAlgorithm,
    ) -> Result<Vec<u8>, ProtocolError> {
        let f = next_frame(wire, 1 << 24)?.unwrap();
        let mut inf = FrameInflater::new(f.body, f.raw_len, algorithm)?;
        let mut out = BytesMut::new();
        while !inf.step(&mut out, step)? {
            assert!(out.len() <= f.raw_len);
        }
        Ok(out.to_vec())
    }

    #[test]
    fn incremental_inflation_matches_whole_inflation_and_never_overshoots() {
        let big: Vec<u8> = (0..300_000u32)
            .map(|i| (i % 251) as u8 ^ (i / 7) as u8)
            .collect();
        for step in [1usize, 1000, 65536, 1 << 20] {
            let mut wire = BytesMut::new();
            assert!(encode_frame(&mut wire, 0, &big, Some(WireCodec::zlib(6))));
            assert_eq!(inflate_in_steps(&mut wire, step).unwrap(), big);
        }
    }

    #[test]
    fn incremental_inflation_refuses_lies_and_junk() {
        let data = vec![b'a'; 1000];
        let z = deflate(&data, 6).unwrap();
        for declared in [999usize, 1001, 5000] {
            let mut wire = BytesMut::new();
            put_header(&mut wire, z.len(), 0, declared);
            wire.extend_from_slice(&z);
            assert!(
                inflate_in_steps(&mut wire, 64).is_err(),
                "declared {declared}"
            );
        }
        let mut wire = BytesMut::new();
        put_header(&mut wire, 5, 0, 100);
        wire.extend_from_slice(b"junk!");
        assert!(inflate_in_steps(&mut wire, 64).is_err());
    }

    #[test]
    fn a_frame_header_alone_allocates_nothing() {
        // 16 MiB declared, 5 bytes sent: no body, no reservation.
        let mut wire = BytesMut::new();
        put_header(&mut wire, 0xFF_FFFF, 0, 0xFF_FFFF);
        wire.extend_from_slice(b"12345");
        let cap = wire.capacity();
        assert!(next_frame(&mut wire, 1 << 24).unwrap().is_none());
        assert_eq!(wire.capacity(), cap);
        assert_eq!(frame_end_hint(&wire), FRAME_HEADER_LEN + 0xFF_FFFF);
    }

    #[test]
    fn lying_length_is_an_error() {
        let data = vec![b'a'; 1000];
        let z = deflate(&data, 6).unwrap();
        let mut wire = BytesMut::new();
        put_header(&mut wire, z.len(), 0, 999);
        wire.extend_from_slice(&z);
        assert!(decode_frame(&mut wire, 1 << 24, WireAlgorithm::Zlib).is_err());
    }

    fn zstd_frame(data: &[u8], declared: usize) -> BytesMut {
        let z = zstd_compress(data, DEFAULT_WIRE_ZSTD_LEVEL).unwrap();
        let mut wire = BytesMut::new();
        put_header(&mut wire, z.len(), 0, declared);
        wire.extend_from_slice(&z);
        wire
    }

    #[test]
    fn zstd_frames_round_trip_in_any_step_size() {
        let big: Vec<u8> = (0..300_000u32)
            .map(|i| (i % 251) as u8 ^ (i / 7) as u8)
            .collect();
        for step in [1usize, 1000, 65536, 1 << 20] {
            let mut wire = BytesMut::new();
            assert!(encode_frame(&mut wire, 3, &big, Some(WireCodec::zstd(3))));
            let out = inflate_in_steps_with(&mut wire, step, WireAlgorithm::Zstd).unwrap();
            assert_eq!(out, big, "step {step}");
        }
        let mut wire = BytesMut::new();
        encode_frame(&mut wire, 7, &big, Some(WireCodec::zstd(1)));
        let f = decode_frame(&mut wire, 1 << 24, WireAlgorithm::Zstd)
            .unwrap()
            .unwrap();
        assert_eq!((f.seq, f.was_compressed, &f.data[..]), (7, true, &big[..]));
    }

    #[test]
    fn zstd_frames_that_lie_about_their_length_or_carry_junk_are_errors() {
        let data = vec![b'a'; 1000];
        for declared in [999usize, 1001, 5000] {
            let mut wire = zstd_frame(&data, declared);
            assert!(
                inflate_in_steps_with(&mut wire, 64, WireAlgorithm::Zstd).is_err(),
                "declared {declared}"
            );
        }
        // Trailing bytes after the zstd frame.
        let z = zstd_compress(&data, 3).unwrap();
        let mut wire = BytesMut::new();
        put_header(&mut wire, z.len() + 2, 0, 1000);
        wire.extend_from_slice(&z);
        wire.extend_from_slice(b"xx");
        assert!(inflate_in_steps_with(&mut wire, 64, WireAlgorithm::Zstd).is_err());
        let mut wire = BytesMut::new();
        put_header(&mut wire, 5, 0, 100);
        wire.extend_from_slice(b"junk!");
        assert!(decode_frame(&mut wire, 1 << 24, WireAlgorithm::Zstd).is_err());
        // zlib data read as zstd is junk too.
        let mut wire = BytesMut::new();
        encode_frame(&mut wire, 0, &data, Some(WireCodec::zlib(6)));
        assert!(decode_frame(&mut wire, 1 << 24, WireAlgorithm::Zstd).is_err());
    }

    #[test]
    fn a_client_asking_for_both_gets_zlib_and_zstd_alone_gets_its_level() {
        use crate::protocol::capabilities::{CLIENT_COMPRESS, CLIENT_ZSTD_COMPRESSION_ALGORITHM};
        let both = CLIENT_COMPRESS | CLIENT_ZSTD_COMPRESSION_ALGORITHM;
        assert_eq!(
            WireCodec::negotiated(both, Some(9), 6),
            Some(WireCodec::zlib(6))
        );
        let zstd = CLIENT_ZSTD_COMPRESSION_ALGORITHM;
        assert_eq!(
            WireCodec::negotiated(zstd, Some(9), 6),
            Some(WireCodec::zstd(9))
        );
        assert_eq!(
            WireCodec::negotiated(zstd, Some(0), 6),
            Some(WireCodec::zstd(3))
        );
        assert_eq!(
            WireCodec::negotiated(zstd, Some(200), 6),
            Some(WireCodec::zstd(22))
        );
        assert_eq!(WireCodec::negotiated(0, None, 6), None);
    }

    #[test]
    fn zstd_and_zlib_leave_short_or_incompressible_data_raw() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let noise: Vec<u8> = (0..4096)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 24) as u8
            })
            .collect();
        for codec in [WireCodec::zstd(3), WireCodec::zlib(6)] {
            let mut wire = BytesMut::new();
            assert!(!encode_frame(&mut wire, 0, b"short", Some(codec)));
            assert!(!encode_frame(&mut wire, 1, &noise, Some(codec)));
            let f = decode_frame(&mut wire, 1 << 24, codec.algorithm)
                .unwrap()
                .unwrap();
            assert_eq!(&f.data[..], b"short");
            let f = decode_frame(&mut wire, 1 << 24, codec.algorithm)
                .unwrap()
                .unwrap();
            assert_eq!((&f.data[..], f.was_compressed), (&noise[..], false));
        }
    }
}
