//! Arbitrary bytes into the in-server library's decode path (what mariadbd
//! runs for `squeeze_inflate(value)`): the exact document or an error
//! naming squeeze, never a panic, never more than the cap. Valid values of
//! every codec are built from the input too and corrupted by it.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use squeeze_format::{CodecKind, Contexts, Dictionary, EncodeOutcome, ValueEncoder};
use squeeze_udf::inflate::{inflate, Inflated};
use squeeze_udf::store::{file_name, limits_text, sha256_hex, Store, LIMITS_FILE};

const CAP: usize = 1 << 16;

fn dictionary() -> Vec<u8> {
    br#"{"kind":"t1","data":{"author":"user","body":"comment","score":1,"subreddit":"rust"}}"#.repeat(50)
}

fn store() -> &'static Store {
    static STORE: OnceLock<Store> = OnceLock::new();
    STORE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("squeeze-udf-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let d = dictionary();
        std::fs::write(dir.join(file_name(1, &sha256_hex(&d))), &d).unwrap();
        std::fs::write(dir.join(LIMITS_FILE), limits_text(CAP)).unwrap();
        Store::open(&dir)
    })
}

fn check(ctx: &mut Contexts, stored: &[u8], original: Option<&[u8]>) {
    let mut out = Vec::new();
    match inflate(ctx, store(), stored, &mut out) {
        Ok(Inflated::Document) => {
            assert!(out.len() <= CAP);
            if let Some(o) = original {
                assert_eq!(out, o);
            }
        }
        Ok(Inflated::AsStored) => {}
        Err(e) => assert!(e.starts_with("squeeze_inflate:")),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut ctx = Contexts::default();
    check(&mut ctx, data, None);
    let dict = std::sync::Arc::new(Dictionary::new(1, "fuzz", CodecKind::Zstd, dictionary()));
    for codec in CodecKind::ALL {
        let enc = ValueEncoder::new(codec, codec.default_level(), Some(dict.clone()), 0).unwrap();
        let mut stored = Vec::new();
        if let EncodeOutcome::Compressed(_) = enc.encode(data, &mut stored) {
            if data.len() <= CAP {
                check(&mut ctx, &stored, Some(data));
            }
            let i = data.len() % stored.len();
            stored[i] ^= 0x5a;
            check(&mut ctx, &stored, if data.len() <= CAP { Some(data) } else { None });
        }
    }
});
