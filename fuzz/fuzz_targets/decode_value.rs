//! Arbitrary bytes into `decode_value`: it must return Legacy, an error, or
//! (only when the bytes are a valid stored value) the original document —
//! never panic, never exceed the length cap. Valid values are also
//! re-encoded and corrupted to reach deep into the codecs.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use squeeze::codec::{
    decode_value, CodecKind, Decoded, Dictionary, DictionaryRegistry, EncodeOutcome, ValueEncoder,
};

const MAX_LEN: usize = 1 << 16;

fn registry() -> &'static DictionaryRegistry {
    static REG: OnceLock<DictionaryRegistry> = OnceLock::new();
    REG.get_or_init(|| {
        let mut reg = DictionaryRegistry::empty();
        let text = br#"{"kind":"t1","data":{"author":"user","body":"comment","score":1,"subreddit":"rust"}}"#.repeat(50);
        reg.insert(Dictionary::new(1, "fuzz", CodecKind::Zstd, text));
        reg
    })
}

fuzz_target!(|data: &[u8]| {
    let reg = registry();
    let mut out = Vec::new();
    if let Ok(Decoded::Inflated(h)) = decode_value(data, reg, MAX_LEN, &mut out) {
        assert_eq!(out.len() as u64, h.len);
        assert!(out.len() <= MAX_LEN);
    }
    // Round trip: the input as a document through every codec must come back.
    let dict = reg.get(1);
    for codec in CodecKind::ALL {
        let enc = ValueEncoder::new(codec, codec.default_level(), dict.cloned(), 0).unwrap();
        let mut stored = Vec::new();
        if let EncodeOutcome::Compressed(_) = enc.encode(data, &mut stored) {
            out.clear();
            let r = decode_value(&stored, reg, MAX_LEN.max(data.len()), &mut out);
            assert!(matches!(r, Ok(Decoded::Inflated(_))) && out == data);
            // Flip one byte chosen by the data: never wrong bytes.
            let i = data.len() % stored.len();
            stored[i] ^= 0x5a;
            out.clear();
            if let Ok(Decoded::Inflated(_)) =
                decode_value(&stored, reg, MAX_LEN.max(data.len()), &mut out)
            {
                assert_eq!(out, data);
            }
        }
    }
});
