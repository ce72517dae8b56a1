//! Packet framing: a 3-byte little-endian length, a sequence id, a payload.
//!
//! A logical payload of 16 MiB - 1 bytes or more travels as several physical
//! packets of exactly `MAX_PAYLOAD` bytes followed by a shorter one (possibly
//! empty). The decoder joins them; the encoder splits them.

use bytes::{Buf, Bytes, BytesMut};

/// Largest payload one physical packet carries.
pub const MAX_PAYLOAD: usize = 0xFF_FFFF;
pub const HEADER_LEN: usize = 4;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    #[error("packet truncated")]
    Truncated,
    #[error("malformed packet: {0}")]
    Malformed(&'static str),
    #[error("packet of {size} bytes exceeds the configured maximum of {max} bytes")]
    TooLarge { size: usize, max: usize },
    #[error("packets out of order: expected sequence id {expected}, got {got}")]
    OutOfOrder { expected: u8, got: u8 },
    #[error("compressed frame is corrupt: {0}")]
    BadCompression(&'static str),
}

/// One logical packet: the sequence id of its first physical packet, how
/// many physical packets carried it, and the joined payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packet {
    pub seq: u8,
    pub chunks: u8,
    pub payload: Bytes,
}

impl Packet {
    pub fn first_byte(&self) -> Option<u8> {
        self.payload.first().copied()
    }
}

/// How the sequence ids of a split packet's pieces are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceIds {
    /// Each piece one more than the one before (a plain connection).
    Consecutive,
    /// Not checked: inside compressed frames only the frame ids count, and
    /// libmariadb numbers every piece of a packet it compresses 0, which
    /// MariaDB's own reader accepts.
    Unchecked,
}

/// Take one logical packet off the front of `buf`, or `None` if more bytes
/// are needed. Payloads larger than `max_payload` are refused before they are
/// buffered in full, so a hostile length cannot make the proxy allocate.
pub fn decode_packet(
    buf: &mut BytesMut,
    max_payload: usize,
    ids: PieceIds,
) -> Result<Option<Packet>, ProtocolError> {
    if buf.len() < HEADER_LEN {
        return Ok(None);
    }
    let first_seq = buf[3];
    // Walk the physical headers without consuming anything.
    let mut offset = 0usize;
    let mut total = 0usize;
    let mut chunks = 0u32;
    loop {
        if buf.len() < offset + HEADER_LEN {
            return Ok(None);
        }
        let h = &buf[offset..offset + HEADER_LEN];
        let len = u32::from_le_bytes([h[0], h[1], h[2], 0]) as usize;
        total += len;
        chunks += 1;
        if total > max_payload {
            return Err(ProtocolError::TooLarge {
                size: total,
                max: max_payload,
            });
        }
        let expected_seq = first_seq.wrapping_add((chunks - 1) as u8);
        if ids == PieceIds::Consecutive && h[3] != expected_seq {
            return Err(ProtocolError::OutOfOrder {
                expected: expected_seq,
                got: h[3],
            });
        }
        offset += HEADER_LEN + len;
        if len < MAX_PAYLOAD {
            break;
        }
    }
    if buf.len() < offset {
        // The reader sizes its buffer from `packet_end_hint` (and charges
        // it to the memory budget first), so nothing is reserved here.
        return Ok(None);
    }
    let mut frame = buf.split_to(offset);
    if chunks == 1 {
        frame.advance(HEADER_LEN);
        return Ok(Some(Packet {
            seq: first_seq,
            chunks: 1,
            payload: frame.freeze(),
        }));
    }
    let mut joined = BytesMut::with_capacity(total);
    while !frame.is_empty() {
        let len = u32::from_le_bytes([frame[0], frame[1], frame[2], 0]) as usize;
        frame.advance(HEADER_LEN);
        joined.extend_from_slice(&frame[..len]);
        frame.advance(len);
    }
    let chunks = u8::try_from(chunks).unwrap_or(u8::MAX);
    Ok(Some(Packet {
        seq: first_seq,
        chunks,
        payload: joined.freeze(),
    }))
}

/// How many bytes `buf` must hold to complete the logical packet at its
/// front, as far as the physical headers present tell: the end of the
/// last visible chunk, plus room for the next header when that chunk is
/// a 16 MiB continuation. 0 when not even one header is there.
pub fn packet_end_hint(buf: &[u8]) -> usize {
    let mut offset = 0usize;
    while buf.len() >= offset + HEADER_LEN {
        let h = &buf[offset..offset + HEADER_LEN];
        let len = u32::from_le_bytes([h[0], h[1], h[2], 0]) as usize;
        offset += HEADER_LEN + len;
        if len < MAX_PAYLOAD {
            return offset;
        }
    }
    if offset == 0 {
        0
    } else {
        offset + HEADER_LEN
    }
}

/// Whether the chunk at the front of `buf` opens a packet split into
/// 16 MiB chunks (its header declares exactly `MAX_PAYLOAD`).
pub fn opens_split_packet(buf: &[u8]) -> bool {
    buf.len() >= HEADER_LEN
        && u32::from_le_bytes([buf[0], buf[1], buf[2], 0]) as usize == MAX_PAYLOAD
}

/// A packet split into 16 MiB chunks, gathered into its own payload as the
/// chunks arrive. The chunks are never kept with their headers and then
/// joined (which held the packet twice), and the payload is never
/// reallocated as it grows: its capacity is reserved once, at the limit,
/// and only the pages written are ever backed by memory.
#[derive(Debug)]
pub struct SplitPacket {
    seq: u8,
    chunks: u32,
    ids: PieceIds,
    payload: BytesMut,
    /// Bytes of the current chunk still to come.
    chunk_left: usize,
    /// The current chunk is shorter than `MAX_PAYLOAD`: the packet's last.
    last: bool,
}

impl SplitPacket {
    /// Starts a packet whose first chunk carries sequence id `seq`;
    /// `max_payload` is the largest it may grow to.
    pub fn new(seq: u8, ids: PieceIds, max_payload: usize) -> Self {
        SplitPacket {
            seq,
            chunks: 0,
            ids,
            payload: BytesMut::with_capacity(max_payload),
            chunk_left: 0,
            last: false,
        }
    }

    /// Bytes taken so far plus those the chunk being read has announced:
    /// what the packet holds against a memory budget.
    pub fn announced(&self) -> usize {
        self.payload.len() + self.chunk_left
    }

    /// Bytes of the current chunk still to come (0 between chunks).
    pub fn chunk_left(&self) -> usize {
        self.chunk_left
    }

    /// Room for the rest of the current chunk, to read into directly.
    pub fn chunk_room(&mut self) -> bytes::buf::Limit<&mut BytesMut> {
        let left = self.chunk_left;
        bytes::BufMut::limit(&mut self.payload, left)
    }

    /// Counts `n` bytes read into `chunk_room` as taken.
    pub fn took(&mut self, n: usize) {
        self.chunk_left -= n.min(self.chunk_left);
    }

    /// Moves what `buf` holds of the packet into its payload; the packet
    /// once its last chunk is in. A chunk whose header would take the
    /// packet past `max_payload`, or (on a plain connection) carries an id
    /// out of step, is refused before anything of it is consumed, so the
    /// caller can drain the rest of the packet from that header on.
    pub fn take_from(
        &mut self,
        buf: &mut BytesMut,
        max_payload: usize,
    ) -> Result<Option<Packet>, ProtocolError> {
        loop {
            if self.chunk_left == 0 {
                if self.last {
                    return Ok(Some(self.finish()));
                }
                if buf.len() < HEADER_LEN {
                    return Ok(None);
                }
                let len = u32::from_le_bytes([buf[0], buf[1], buf[2], 0]) as usize;
                let expected = self.seq.wrapping_add(self.chunks as u8);
                if self.ids == PieceIds::Consecutive && buf[3] != expected {
                    return Err(ProtocolError::OutOfOrder {
                        expected,
                        got: buf[3],
                    });
                }
                let size = self.payload.len() + len;
                if size > max_payload {
                    return Err(ProtocolError::TooLarge {
                        size,
                        max: max_payload,
                    });
                }
                buf.advance(HEADER_LEN);
                self.chunks += 1;
                self.chunk_left = len;
                self.last = len < MAX_PAYLOAD;
                continue;
            }
            if buf.is_empty() {
                return Ok(None);
            }
            let n = self.chunk_left.min(buf.len());
            self.payload.extend_from_slice(&buf[..n]);
            buf.advance(n);
            self.chunk_left -= n;
        }
    }

    fn finish(&mut self) -> Packet {
        Packet {
            seq: self.seq,
            chunks: u8::try_from(self.chunks).unwrap_or(u8::MAX),
            payload: std::mem::take(&mut self.payload).freeze(),
        }
    }
}

/// Append `payload` to `out` as one logical packet starting at `*seq`,
/// splitting at 16 MiB; `*seq` is advanced past every physical packet.
pub fn encode_packet(out: &mut BytesMut, seq: &mut u8, payload: &[u8]) {
    let mut rest = payload;
    loop {
        let n = rest.len().min(MAX_PAYLOAD);
        out.reserve(HEADER_LEN + n);
        out.extend_from_slice(&(n as u32).to_le_bytes()[..3]);
        out.extend_from_slice(&[*seq]);
        out.extend_from_slice(&rest[..n]);
        *seq = seq.wrapping_add(1);
        rest = &rest[n..];
        if n < MAX_PAYLOAD {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(seq: u8, payload: &[u8]) -> BytesMut {
        let mut out = BytesMut::new();
        let mut s = seq;
        encode_packet(&mut out, &mut s, payload);
        out
    }

    #[test]
    fn small_packet_round_trip() {
        let mut buf = encoded(3, b"\x03SELECT 1");
        assert_eq!(&buf[..4], &[9, 0, 0, 3]);
        let p = decode_packet(&mut buf, 1 << 30, PieceIds::Consecutive)
            .unwrap()
            .unwrap();
        assert_eq!(p.seq, 3);
        assert_eq!(&p.payload[..], b"\x03SELECT 1");
        assert!(buf.is_empty());
    }

    #[test]
    fn a_partial_packet_waits_for_more_input() {
        let full = encoded(0, b"hello");
        for cut in 0..full.len() {
            let mut buf = BytesMut::from(&full[..cut]);
            assert_eq!(
                decode_packet(&mut buf, 1 << 20, PieceIds::Consecutive).unwrap(),
                None
            );
        }
    }

    #[test]
    fn exact_multiple_of_max_gets_empty_trailer() {
        let payload = vec![7u8; MAX_PAYLOAD];
        let mut buf = encoded(0, &payload);
        assert_eq!(buf.len(), MAX_PAYLOAD + 2 * HEADER_LEN);
        let p = decode_packet(&mut buf, 1 << 30, PieceIds::Consecutive)
            .unwrap()
            .unwrap();
        assert_eq!(p.chunks, 2);
        assert_eq!(p.payload.len(), MAX_PAYLOAD);
    }

    #[test]
    fn large_payload_split_and_joined() {
        let payload: Vec<u8> = (0..MAX_PAYLOAD * 2 + 10).map(|i| i as u8).collect();
        let mut seq = 250u8;
        let mut buf = BytesMut::new();
        encode_packet(&mut buf, &mut seq, &payload);
        assert_eq!(seq, 253u8);
        let p = decode_packet(&mut buf, 1 << 30, PieceIds::Consecutive)
            .unwrap()
            .unwrap();
        assert_eq!((p.seq, p.chunks), (250, 3));
        assert_eq!(&p.payload[..], &payload[..]);
    }

    #[test]
    fn oversize_refused_from_header_alone() {
        let mut buf = BytesMut::from(&[0xFF, 0xFF, 0x0F, 0][..]);
        assert!(matches!(
            decode_packet(&mut buf, 1000, PieceIds::Consecutive),
            Err(ProtocolError::TooLarge { .. })
        ));
    }

    #[test]
    fn end_hint_follows_the_visible_headers() {
        assert_eq!(packet_end_hint(&[1, 0]), 0);
        assert_eq!(packet_end_hint(&[5, 0, 0, 0, 1]), 9);
        let mut buf = vec![0xFF, 0xFF, 0xFF, 0];
        assert_eq!(packet_end_hint(&buf), 2 * HEADER_LEN + MAX_PAYLOAD);
        buf.resize(HEADER_LEN + MAX_PAYLOAD, 0);
        buf.extend_from_slice(&[3, 0, 0, 1]);
        assert_eq!(packet_end_hint(&buf), 2 * HEADER_LEN + MAX_PAYLOAD + 3);
    }

    #[test]
    fn continuation_with_wrong_sequence_refused() {
        let mut buf = BytesMut::new();
        buf.extend_from_slice(&[0xFF, 0xFF, 0xFF, 0]);
        buf.extend_from_slice(&vec![0u8; MAX_PAYLOAD]);
        buf.extend_from_slice(&[0, 0, 0, 5]);
        assert!(matches!(
            decode_packet(&mut buf, 1 << 30, PieceIds::Consecutive),
            Err(ProtocolError::OutOfOrder {
                expected: 1,
                got: 5
            })
        ));
    }

    #[test]
    fn pieces_numbered_zero_inside_compressed_frames_are_joined() {
        // What libmariadb writes for a >16 MiB packet it compresses.
        let mut buf = BytesMut::new();
        buf.extend_from_slice(&[0xFF, 0xFF, 0xFF, 0]);
        buf.extend_from_slice(&vec![1u8; MAX_PAYLOAD]);
        buf.extend_from_slice(&[2, 0, 0, 0, 2, 3]);
        let p = decode_packet(&mut buf, 1 << 30, PieceIds::Unchecked)
            .unwrap()
            .unwrap();
        assert_eq!((p.seq, p.chunks, p.payload.len()), (0, 2, MAX_PAYLOAD + 2));
        assert_eq!(&p.payload[MAX_PAYLOAD..], &[2, 3]);
    }

    /// Feeds `wire` to a `SplitPacket` `step` bytes at a time.
    fn gather_in_steps(
        wire: &[u8],
        step: usize,
        ids: PieceIds,
        max: usize,
    ) -> Result<Option<Packet>, ProtocolError> {
        let mut g = SplitPacket::new(wire[3], ids, max);
        let mut buf = BytesMut::new();
        for piece in wire.chunks(step) {
            buf.extend_from_slice(piece);
            if let Some(p) = g.take_from(&mut buf, max)? {
                assert!(buf.is_empty(), "took bytes past the packet");
                return Ok(Some(p));
            }
        }
        Ok(None)
    }

    #[test]
    fn a_split_packet_gathered_in_reads_of_any_size_equals_the_payload_sent() {
        let payload: Vec<u8> = (0..2 * MAX_PAYLOAD + 1000)
            .map(|i| (i % 251) as u8)
            .collect();
        let wire = encoded(7, &payload);
        for step in [1 << 20, 65_536, 4093, MAX_PAYLOAD + 4] {
            let p = gather_in_steps(&wire, step, PieceIds::Consecutive, 1 << 30)
                .unwrap()
                .expect("whole");
            assert_eq!((p.seq, p.chunks), (7, 3), "step {step}");
            assert!(p.payload[..] == payload[..], "step {step}");
        }
    }

    #[test]
    fn a_split_packet_ending_in_an_empty_chunk_is_whole_after_it() {
        let payload = vec![9u8; MAX_PAYLOAD];
        let wire = encoded(0, &payload);
        assert_eq!(wire.len(), MAX_PAYLOAD + 2 * HEADER_LEN);
        let p = gather_in_steps(&wire, 1 << 20, PieceIds::Consecutive, 1 << 30)
            .unwrap()
            .expect("whole");
        assert_eq!((p.chunks, p.payload.len()), (2, MAX_PAYLOAD));
    }

    #[test]
    fn a_split_packet_is_never_reallocated_while_it_grows() {
        let payload = vec![1u8; MAX_PAYLOAD + 10];
        let wire = encoded(0, &payload);
        let mut g = SplitPacket::new(0, PieceIds::Consecutive, 1 << 26);
        let start = g.payload.as_ptr();
        let mut buf = BytesMut::from(&wire[..]);
        let p = g.take_from(&mut buf, 1 << 26).unwrap().expect("whole");
        assert_eq!(p.payload.as_ptr(), start);
    }

    #[test]
    fn a_chunk_past_the_limit_is_refused_with_its_header_left_for_the_drain() {
        let payload = vec![0u8; 2 * MAX_PAYLOAD];
        let wire = encoded(0, &payload);
        let max = MAX_PAYLOAD + 100;
        let mut g = SplitPacket::new(0, PieceIds::Consecutive, max);
        let mut buf = BytesMut::from(&wire[..]);
        let err = g.take_from(&mut buf, max).unwrap_err();
        assert_eq!(
            err,
            ProtocolError::TooLarge {
                size: 2 * MAX_PAYLOAD,
                max
            }
        );
        // The second chunk's header is still at the front.
        assert_eq!(&buf[..HEADER_LEN], &[0xFF, 0xFF, 0xFF, 1]);
        assert_eq!(g.announced(), MAX_PAYLOAD);
    }

    #[test]
    fn a_chunk_out_of_step_is_refused_on_a_plain_link_and_accepted_in_compressed_frames() {
        let mut wire = encoded(0, &vec![5u8; MAX_PAYLOAD + 3]);
        wire[HEADER_LEN + MAX_PAYLOAD + 3] = 0;
        let err = gather_in_steps(&wire, 1 << 20, PieceIds::Consecutive, 1 << 30).unwrap_err();
        assert_eq!(
            err,
            ProtocolError::OutOfOrder {
                expected: 1,
                got: 0
            }
        );
        let p = gather_in_steps(&wire, 1 << 20, PieceIds::Unchecked, 1 << 30)
            .unwrap()
            .expect("whole");
        assert_eq!(p.payload.len(), MAX_PAYLOAD + 3);
    }

    #[test]
    fn opens_split_packet_needs_a_whole_header_declaring_16_mib() {
        assert!(!opens_split_packet(&[0xFF, 0xFF, 0xFF]));
        assert!(opens_split_packet(&[0xFF, 0xFF, 0xFF, 0]));
        assert!(!opens_split_packet(&[0xFE, 0xFF, 0xFF, 0, 1]));
    }
}
