//! Arbitrary bytes as the client side of the compressed protocol: frames
//! read and inflated the way a session reads a client that negotiated
//! `CLIENT_COMPRESS`, under an arbitrary `max_packet_size`. Never panics,
//! every frame inflates to exactly its declared length, and what is
//! buffered never exceeds one incomplete packet of at most the limit plus
//! one frame (see `squeeze::protocol::fuzz::client_compressed`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    squeeze::protocol::fuzz::client_compressed(data);
});
