//! One entry point that feeds arbitrary bytes to every decoder a peer can
//! reach: used by the `protocol_decode` cargo-fuzz target and by a property
//! test, so both exercise exactly the same code. Decoders must return
//! errors, never panic.

use bytes::BytesMut;

use super::coldef::ColumnDef;
use super::compress::{decode_frame, WireAlgorithm, FRAME_HEADER_LEN};
use super::handshake::{parse_auth_switch, ChangeUser, HandshakeResponse, InitialHandshake};
use super::packet::{decode_packet, PieceIds, HEADER_LEN, MAX_PAYLOAD};
use super::response::{terminator_status, ErrPacket, OkInfo};
use super::rows::{binary_row_spans, text_row_spans};

/// Run every decoder over `data` (and over the packets framed in it).
pub fn decode_everything(data: &[u8]) {
    let mut buf = BytesMut::from(data);
    while let Ok(Some(p)) = decode_packet(&mut buf, 1 << 20, PieceIds::Consecutive) {
        decode_payload(&p.payload);
    }
    for algorithm in [WireAlgorithm::Zlib, WireAlgorithm::Zstd] {
        let mut frames = BytesMut::from(data);
        while let Ok(Some(f)) = decode_frame(&mut frames, 1 << 20, algorithm) {
            decode_payload(&f.data);
        }
    }
    decode_payload(data);
}

/// Client-side compressed protocol: `data` is a stream of frames as a client
/// sends them after negotiating `CLIENT_COMPRESS`, read the way
/// `net::PacketConn::try_read_packet` reads them (inflate one buffered frame
/// into the stream buffer whenever it holds no complete packet, frame ids
/// checked, packet ids not). The first two bytes choose the configured
/// `max_packet_size`, whether sequence ids restart after every packet
/// (a new command) and zlib or zstd; the third the size of the socket reads. Returns the
/// packets decoded. Panics (a fuzz finding) if the stream buffer ever holds
/// more than one incomplete packet of at most `max_payload` bytes plus one
/// frame, if a frame inflates to other than its declared length, or if a
/// packet exceeds `max_payload`.
pub fn client_compressed(data: &[u8]) -> usize {
    let [a, b, c, rest @ ..] = data else {
        return 0;
    };
    let sel = u16::from_le_bytes([*a, *b]);
    // Mostly small limits (so the limit is what stops a stream), sometimes
    // MariaDB's default `max_allowed_packet` and squeeze's 1 GiB maximum.
    let max_payload = match sel >> 14 {
        0 | 1 => (sel & 0x3fff) as usize,
        2 => 16 << 20,
        _ => 1 << 30,
    };
    let new_command_each_packet = sel & 1 != 0;
    let algorithm = if sel & 2 != 0 {
        WireAlgorithm::Zstd
    } else {
        WireAlgorithm::Zlib
    };
    let read_size = 1 + *c as usize * 17;
    // As PacketConn::decode_buffered_frame: a frame may carry up to 16 MiB
    // of stream bytes whatever the packet limit.
    let max_frame = max_payload.max(MAX_PAYLOAD);
    let max_chunks = max_payload / MAX_PAYLOAD + 1;
    let buffered_bound = max_payload + HEADER_LEN * max_chunks + max_frame;

    let mut raw = BytesMut::new();
    let mut rbuf = BytesMut::new();
    let mut frame_seq: u8 = 0;
    let mut packets = 0;
    for chunk in rest.chunks(read_size) {
        raw.extend_from_slice(chunk);
        loop {
            match decode_packet(&mut rbuf, max_payload, PieceIds::Unchecked) {
                Ok(Some(p)) => {
                    assert!(p.payload.len() <= max_payload, "packet over the limit");
                    packets += 1;
                    if new_command_each_packet {
                        frame_seq = 0;
                    }
                    continue;
                }
                Ok(None) => {}
                Err(_) => return packets,
            }
            let declared = (raw.len() >= FRAME_HEADER_LEN).then(|| {
                let comp = u32::from_le_bytes([raw[0], raw[1], raw[2], 0]) as usize;
                let raw_len = u32::from_le_bytes([raw[4], raw[5], raw[6], 0]) as usize;
                if raw_len == 0 {
                    comp
                } else {
                    raw_len
                }
            });
            let frame = match decode_frame(&mut raw, max_frame, algorithm) {
                Ok(Some(f)) => f,
                Ok(None) => break,
                Err(_) => return packets,
            };
            assert_eq!(Some(frame.data.len()), declared, "frame length");
            assert!(
                frame.data.len() <= max_frame,
                "frame inflated past the limit"
            );
            if frame.seq != frame_seq {
                return packets;
            }
            frame_seq = frame.seq.wrapping_add(1);
            rbuf.extend_from_slice(&frame.data);
            assert!(
                rbuf.len() <= buffered_bound,
                "{} stream bytes buffered with max_payload {max_payload}",
                rbuf.len()
            );
        }
    }
    packets
}

fn decode_payload(p: &[u8]) {
    let _ = HandshakeResponse::parse(p);
    let _ = HandshakeResponse::is_ssl_request(p);
    let _ = InitialHandshake::parse(p);
    let _ = ChangeUser::parse(p, u32::MAX);
    let _ = ChangeUser::parse(p, 0);
    let _ = parse_auth_switch(p);
    for extended in [false, true] {
        let _ = ColumnDef::parse(p, extended);
        if let Ok(v) = crate::protocol::coldef::ColumnDefView::parse(p, extended) {
            let _ = v.retyped(p, 45, u32::MAX, 0xFC, 0x90, Some(b"\x01\x04json"));
        }
    }
    let _ = ErrPacket::parse(p);
    let _ = OkInfo::parse(p);
    let _ = terminator_status(p);
    let mut spans = Vec::new();
    let columns = p.first().map(|&b| b as usize % 16).unwrap_or(0);
    let _ = text_row_spans(p, columns, &mut spans);
    let types: Vec<u8> = p.iter().take(columns).copied().collect();
    let _ = binary_row_spans(p, &types, &mut spans);
    let _ = super::execute::PrepareOk::parse(p);
    // Execute parameters, with and without types remembered from before.
    let remembered: Vec<u8> = p.iter().rev().take(2 * columns).copied().collect();
    for types in [None, Some(&remembered[..])] {
        if let Ok(x) = super::execute::ExecuteParams::parse(p, columns, types) {
            let _ = x.walk(|i| i == 1, |_, _, _| Ok(()));
            let _ = x.value(columns.saturating_sub(1), |_| false);
        }
    }
}

#[cfg(test)]
mod tests {
    use bytes::BytesMut;
    use proptest::prelude::*;

    use crate::protocol::compress::{encode_frame, WireCodec};
    use crate::protocol::packet::encode_packet;

    #[test]
    fn client_compressed_reads_packets_split_across_frames() {
        let mut stream = BytesMut::new();
        let mut seq = 0;
        let query = [b"\x03SELECT '".as_slice(), &[b'x'; 3000], b"'"].concat();
        encode_packet(&mut stream, &mut seq, &query);
        encode_packet(&mut stream, &mut seq, b"\x0e");
        let mut wire = vec![0xfc, 0x3f, 5]; // max_payload 16380, one command, zlib
        let mut frames = BytesMut::new();
        for (i, part) in stream.chunks(1000).enumerate() {
            encode_frame(&mut frames, i as u8, part, Some(WireCodec::zlib(6)));
        }
        wire.extend_from_slice(&frames);
        assert_eq!(super::client_compressed(&wire), 2);
        // With a limit below the query, the stream stops at the limit.
        wire[1] = 0x01;
        assert_eq!(super::client_compressed(&wire), 0);
        // The same stream in zstd frames (selector bit 1).
        let mut wire = vec![0xfe, 0x3f, 5];
        let mut frames = BytesMut::new();
        for (i, part) in stream.chunks(1000).enumerate() {
            encode_frame(&mut frames, i as u8, part, Some(WireCodec::zstd(3)));
        }
        wire.extend_from_slice(&frames);
        assert_eq!(super::client_compressed(&wire), 2);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn decoders_never_panic(data in proptest::collection::vec(any::<u8>(), 0..600)) {
            super::decode_everything(&data);
        }

        #[test]
        fn client_compressed_frames_never_panic(data in proptest::collection::vec(any::<u8>(), 0..600)) {
            super::client_compressed(&data);
        }

        #[test]
        fn framed_garbage_never_panics(len in 0u32..300, seq in any::<u8>(), body in proptest::collection::vec(any::<u8>(), 0..300)) {
            let mut data = len.to_le_bytes()[..3].to_vec();
            data.push(seq);
            data.extend_from_slice(&body);
            super::decode_everything(&data);
        }
    }
}
