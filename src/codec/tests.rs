//! Property and unit tests across codecs: round trips, corruption, truncation.
use std::sync::Arc;

use proptest::prelude::*;

use super::*;

/// A raw-content dictionary (zstd accepts raw content; zlib/lz4 only use raw bytes).
fn test_registry() -> (DictionaryRegistry, Arc<Dictionary>) {
    let mut text = String::new();
    for i in 0..200 {
        text.push_str(&format!(
            r#"{{"kind":"t1","data":{{"author":"user{i}","body":"comment number {i}","score":{i},"subreddit":"rust","ups":{i},"gilded":0}}}}"#
        ));
    }
    let mut reg = DictionaryRegistry::empty();
    let d = reg.insert(Dictionary::new(
        7,
        "test",
        CodecKind::Zstd,
        text.into_bytes(),
    ));
    (reg, d)
}

fn configs(dict: &Arc<Dictionary>) -> Vec<ValueEncoder> {
    let mut v = Vec::new();
    for d in [None, Some(dict.clone())] {
        for level in [1, 3, 19] {
            v.push(ValueEncoder::new(CodecKind::Zstd, level, d.clone(), 0).unwrap());
        }
        for level in [1, 6, 9] {
            v.push(ValueEncoder::new(CodecKind::Zlib, level, d.clone(), 0).unwrap());
        }
        v.push(ValueEncoder::new(CodecKind::Lz4, 1, d.clone(), 0).unwrap());
    }
    v
}

fn json_doc() -> impl Strategy<Value = Vec<u8>> {
    (0u32..100_000, "[a-z ]{0,80}", 0i64..1_000_000).prop_map(|(i, body, score)| {
        format!(r#"{{"kind":"t1","data":{{"author":"user{i}","body":"{body}","score":{score},"subreddit":"rust","ups":{score},"gilded":0}}}}"#)
            .into_bytes()
    })
}

/// Decodes `stored` and returns the bytes the caller would hand to the client.
fn read_back(stored: &[u8], reg: &DictionaryRegistry) -> Result<Vec<u8>, DecodeError> {
    let mut out = Vec::new();
    match decode_value(stored, reg, 1 << 20, &mut out)? {
        Decoded::Inflated(_) => Ok(out),
        Decoded::Legacy => Ok(stored.to_vec()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_round_trip(value in proptest::collection::vec(any::<u8>(), 0..3000)) {
        let (reg, dict) = test_registry();
        for enc in configs(&dict) {
            let mut out = vec![0xAA]; // encode appends: existing bytes stay
            let outcome = enc.encode(&value, &mut out);
            let stored = match outcome {
                EncodeOutcome::Compressed(n) => {
                    prop_assert_eq!(n, out.len() - 1);
                    prop_assert_eq!(out[0], 0xAA);
                    out[1..].to_vec()
                }
                _ => {
                    prop_assert_eq!(&out[..], &[0xAA][..]);
                    prop_assert!(value.first().is_none_or(|&b| b < 0xF5));
                    value.clone()
                }
            };
            prop_assert_eq!(read_back(&stored, &reg)?, value.clone(), "{:?}", enc);
        }
    }

    #[test]
    fn corruption_and_truncation_never_yield_wrong_bytes(doc in json_doc(), xor in 1u8..=255) {
        let (reg, dict) = test_registry();
        for enc in configs(&dict) {
            let mut stored = Vec::new();
            let EncodeOutcome::Compressed(_) = enc.encode(&doc, &mut stored) else { continue };
            for i in 0..stored.len() {
                let mut bad = stored.clone();
                bad[i] ^= xor;
                match read_back(&bad, &reg) {
                    Err(_) => {}
                    // First byte turned into text: by design a legacy value, returned as stored.
                    Ok(v) if i == 0 && bad[0] < 0xF5 => prop_assert_eq!(v, bad),
                    // Bits the codec ignores (e.g. a larger zstd window size) may
                    // still decode, but then only to the original bytes (crc32 checked).
                    Ok(v) => prop_assert_eq!(v, doc.clone(), "byte {} of {:?}", i, enc),
                }
            }
            for cut in 1..stored.len() {
                prop_assert!(read_back(&stored[..cut], &reg).is_err(), "cut {} of {:?}", cut, enc);
            }
        }
    }
}

#[test]
fn json_documents_shrink_and_dictionary_helps() {
    let (reg, dict) = test_registry();
    let doc = br#"{"kind":"t1","data":{"author":"someone","body":"a comment about rust","score":12,"subreddit":"rust","ups":12,"gilded":0}}"#;
    let plain = ValueEncoder::new(CodecKind::Zstd, 3, None, 0).unwrap();
    let with = ValueEncoder::new(CodecKind::Zstd, 3, Some(dict), 0).unwrap();
    let (mut a, mut b) = (Vec::new(), Vec::new());
    assert!(matches!(
        plain.encode(doc, &mut a),
        EncodeOutcome::Compressed(_) | EncodeOutcome::Incompressible
    ));
    assert!(matches!(
        with.encode(doc, &mut b),
        EncodeOutcome::Compressed(_)
    ));
    assert!(b.len() < doc.len() / 2, "{} vs {}", b.len(), doc.len());
    assert_eq!(read_back(&b, &reg).unwrap(), doc);
}

#[test]
fn small_and_incompressible_leave_out_untouched() {
    let enc = ValueEncoder::new(CodecKind::Zstd, 3, None, 64).unwrap();
    let mut out = Vec::new();
    assert_eq!(enc.encode(b"{\"a\":1}", &mut out), EncodeOutcome::Small);
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut noise: Vec<u8> = (0..500)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u8
        })
        .collect();
    noise[0] = b'x'; // a reserved first byte would force wrapping
    assert_eq!(enc.encode(&noise, &mut out), EncodeOutcome::Incompressible);
    assert!(out.is_empty());
}

#[test]
fn reserved_first_byte_is_always_wrapped() {
    let enc = ValueEncoder::new(CodecKind::Zstd, 3, None, 64).unwrap();
    let mut out = Vec::new();
    assert!(matches!(
        enc.encode(&[0xF5], &mut out),
        EncodeOutcome::Compressed(_)
    ));
    assert_eq!(
        read_back(&out, &DictionaryRegistry::empty()).unwrap(),
        [0xF5]
    );
}

#[test]
fn decode_errors_are_specific() {
    let (reg, dict) = test_registry();
    let doc = br#"{"kind":"t1","data":{"author":"someone","body":"a comment about rust and more rust","score":12}}"#;
    let enc = ValueEncoder::new(CodecKind::Zstd, 3, Some(dict), 0).unwrap();
    let mut stored = Vec::new();
    enc.encode(doc, &mut stored);
    let mut out = vec![1, 2, 3];

    assert!(matches!(
        decode_value(&stored, &reg, doc.len() - 1, &mut out),
        Err(DecodeError::TooLarge { .. })
    ));
    assert!(matches!(
        decode_value(&stored, &DictionaryRegistry::empty(), 1 << 20, &mut out),
        Err(DecodeError::UnknownDictionary(7))
    ));
    let mut bad = stored.clone();
    bad[5] ^= 1; // inside the crc32: header is f5 11 07 <len> <crc32 x4>
    assert!(matches!(
        decode_value(&bad, &reg, 1 << 20, &mut out),
        Err(DecodeError::ChecksumMismatch { .. })
    ));
    let mut bad = stored.clone();
    bad[3] = bad[3].wrapping_sub(1); // declared length one shorter
    assert!(decode_value(&bad, &reg, 1 << 20, &mut out).is_err());
    assert_eq!(out, [1, 2, 3], "out untouched on errors");
    assert!(matches!(
        decode_value(&stored, &reg, 1 << 20, &mut out),
        Ok(Decoded::Inflated(_))
    ));
    assert_eq!(&out[3..], doc);
}

/// A stored value whose header declares far more than its payload could
/// ever inflate to (planted bytes, a corrupt length) is refused before any
/// output is reserved, even when `max_value_size` would allow the length.
#[test]
fn a_small_value_declaring_a_huge_length_is_refused_before_allocating() {
    for codec in CodecKind::ALL {
        let header = format::Header {
            version: FORMAT_VERSION,
            codec,
            dict_id: 0,
            len: 64 << 20,
            crc32: 0,
        };
        let mut stored = Vec::new();
        header.write(&mut stored);
        stored.extend(std::iter::repeat_n(0x55u8, 2048));
        let mut out = Vec::new();
        let err = decode_value(&stored, &DictionaryRegistry::empty(), 1 << 30, &mut out)
            .expect_err("a 2 KB value cannot hold 64 MiB");
        assert!(
            matches!(err, DecodeError::ImplausibleLength { len, payload: 2048, .. } if len == 64 << 20),
            "{codec}: {err}"
        );
        assert_eq!(out.capacity(), 0, "{codec}: nothing reserved");
        assert!(err.to_string().contains("2048-byte payload"), "{err}");
    }
}

/// The expansion bounds are the formats' own limits: the most compressible
/// values the encoders write (long runs of one byte) still decode.
#[test]
fn the_most_compressible_values_stay_within_the_expansion_bounds() {
    let mut doc = b"{\"a\":\"".to_vec();
    doc.extend(std::iter::repeat_n(b'x', 4 << 20));
    doc.extend_from_slice(b"\"}");
    let runs = vec![b' '; 4 << 20];
    for value in [&doc, &runs] {
        for enc in [
            ValueEncoder::new(CodecKind::Zstd, 1, None, 0).unwrap(),
            ValueEncoder::new(CodecKind::Zstd, 3, None, 0).unwrap(),
            ValueEncoder::new(CodecKind::Zlib, 9, None, 0).unwrap(),
            ValueEncoder::new(CodecKind::Lz4, 1, None, 0).unwrap(),
        ] {
            let mut stored = Vec::new();
            assert!(matches!(
                enc.encode(value, &mut stored),
                EncodeOutcome::Compressed(_)
            ));
            let (header, hlen) = parse_header(&stored).unwrap().unwrap();
            let bound = max_inflated_len(header.codec, stored.len() - hlen);
            assert!(
                header.len <= bound,
                "{}: {} bytes from {} (bound {bound})",
                header.codec,
                header.len,
                stored.len() - hlen
            );
            let mut out = Vec::new();
            decode_value(&stored, &DictionaryRegistry::empty(), 1 << 30, &mut out).unwrap();
            assert_eq!(&out, value);
        }
    }
}

#[test]
fn out_of_range_compression_levels_are_rejected() {
    assert!(ValueEncoder::new(CodecKind::Zstd, 23, None, 0).is_err());
    assert!(ValueEncoder::new(CodecKind::Zlib, 10, None, 0).is_err());
    assert!(ValueEncoder::new(CodecKind::Zstd, 22, None, 0).is_ok());
}

#[test]
fn encoder_is_send_sync() {
    fn check<T: Send + Sync>() {}
    check::<ValueEncoder>();
    check::<DictionaryRegistry>();
}
