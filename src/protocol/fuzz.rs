//! One entry point that feeds arbitrary bytes to every decoder a peer can
//! reach: used by the `protocol_decode` cargo-fuzz target and by a property
//! test, so both exercise exactly the same code. Decoders must return
//! errors, never panic.

use bytes::BytesMut;

use super::coldef::ColumnDef;
use super::compress::decode_frame;
use super::handshake::{parse_auth_switch, ChangeUser, HandshakeResponse, InitialHandshake};
use super::packet::decode_packet;
use super::response::{terminator_status, ErrPacket, OkInfo};
use super::rows::{binary_row_spans, text_row_spans};

/// Run every decoder over `data` (and over the packets framed in it).
pub fn decode_everything(data: &[u8]) {
    let mut buf = BytesMut::from(data);
    while let Ok(Some(p)) = decode_packet(&mut buf, 1 << 20) {
        decode_payload(&p.payload);
    }
    let mut frames = BytesMut::from(data);
    while let Ok(Some(f)) = decode_frame(&mut frames, 1 << 20) {
        decode_payload(&f.data);
    }
    decode_payload(data);
}

fn decode_payload(p: &[u8]) {
    let _ = HandshakeResponse::parse(p);
    let _ = HandshakeResponse::is_ssl_request(p);
    let _ = InitialHandshake::parse(p);
    let _ = ChangeUser::parse(p, u32::MAX);
    let _ = ChangeUser::parse(p, 0);
    let _ = parse_auth_switch(p);
    let _ = ColumnDef::parse(p);
    let _ = crate::protocol::coldef::ColumnDefView::parse(p);
    let _ = ErrPacket::parse(p);
    let _ = OkInfo::parse(p);
    let _ = terminator_status(p);
    let mut spans = Vec::new();
    let columns = p.first().map(|&b| b as usize % 16).unwrap_or(0);
    let _ = text_row_spans(p, columns, &mut spans);
    let types: Vec<u8> = p.iter().take(columns).copied().collect();
    let _ = binary_row_spans(p, &types, &mut spans);
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn decoders_never_panic(data in proptest::collection::vec(any::<u8>(), 0..600)) {
            super::decode_everything(&data);
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
