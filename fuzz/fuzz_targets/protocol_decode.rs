//! Arbitrary bytes into the packet framer, the compressed-frame decoder, the
//! handshake/auth parsers, column definitions and row walkers: errors only,
//! never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    squeeze::protocol::fuzz::decode_everything(data);
});
