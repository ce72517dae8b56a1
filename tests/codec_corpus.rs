//! Every document of the shipped corpora (tests/data) round-trips through
//! every codec, with and without the shipped dictionary, and the shipped
//! dictionary keeps its promise on Reddit comments.
use std::path::Path;

use squeeze::codec::train::measure;
use squeeze::codec::{
    decode_value, CodecKind, Decoded, DictionaryRegistry, EncodeOutcome, ValueEncoder,
};

const CORPORA: [&str; 3] = [
    "reddit_comments_t1.ndjson",
    "gsoc2018_projects.ndjson",
    "usgs_earthquakes.ndjson",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn docs(name: &str) -> Vec<Vec<u8>> {
    let text = std::fs::read(root().join("tests/data").join(name)).expect("tests/data corpus");
    text.split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

fn shipped() -> DictionaryRegistry {
    DictionaryRegistry::load_dir(root().join("dictionaries")).expect("shipped dictionaries load")
}

#[test]
fn every_document_round_trips_through_every_codec() {
    let reg = shipped();
    let dict = reg
        .latest_by_name("reddit_comments")
        .expect("shipped reddit_comments dictionary");
    let mut out = Vec::new();
    for name in CORPORA {
        let docs = docs(name);
        assert!(docs.len() >= 100, "{name}");
        for codec in CodecKind::ALL {
            let levels: &[i32] = match codec {
                CodecKind::Zstd => &[1, 3, 9],
                CodecKind::Zlib => &[1, 6],
                CodecKind::Lz4 => &[1],
            };
            for &level in levels {
                for d in [None, Some(dict.clone())] {
                    let enc = ValueEncoder::new(codec, level, d, 64).unwrap();
                    for doc in &docs {
                        let mut stored = Vec::new();
                        let stored = match enc.encode(doc, &mut stored) {
                            EncodeOutcome::Compressed(_) => stored,
                            _ => doc.clone(),
                        };
                        out.clear();
                        let back = match decode_value(&stored, &reg, 1 << 20, &mut out) {
                            Ok(Decoded::Inflated(_)) => &out[..],
                            Ok(Decoded::Legacy) => &stored[..],
                            Err(e) => panic!("{name} {enc:?}: {e}"),
                        };
                        assert!(back == &doc[..], "{name} {enc:?}: document changed");
                    }
                }
            }
        }
    }
}

#[test]
fn shipped_dictionary_compresses_reddit_comments() {
    let reg = shipped();
    let dict = reg.get(1).cloned().expect("dictionary 1");
    let enc = ValueEncoder::new(CodecKind::Zstd, 3, Some(dict), 64).unwrap();
    let m = measure(&enc, &reg, &docs("reddit_comments_t1.ndjson"), 1).unwrap();
    // The manifest records 5.6 on the held-out half of the full corpus.
    assert!(m.ratio() > 5.0, "ratio {}", m.ratio());
    let plain = ValueEncoder::new(CodecKind::Zstd, 3, None, 64).unwrap();
    let p = measure(&plain, &reg, &docs("reddit_comments_t1.ndjson"), 1).unwrap();
    assert!(
        m.ratio() > 2.0 * p.ratio(),
        "{} vs {}",
        m.ratio(),
        p.ratio()
    );
}
