//! Arbitrary COM_STMT_EXECUTE payloads through `ExecuteParams` and
//! `rewrite_execute` against an
//! arbitrary prepared statement (parameter count, which parameters are bound
//! to compressed columns and with which rule, remembered types, long data):
//! never panics, and a rewrite is a well-formed COM_STMT_EXECUTE: the same
//! header and NULL bitmap, types bound, every value exactly as its type says
//! and nothing after, uncompressed parameters byte for byte, compressed ones
//! bound as BLOB and decoding back to what the client sent, and one
//! COM_STMT_SEND_LONG_DATA per collected long-data parameter.
#![no_main]

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use libfuzzer_sys::fuzz_target;
use squeeze::admin::metrics::ColumnMetrics;
use squeeze::codec::{decode_value, CodecKind, Decoded, DictionaryRegistry, ValueEncoder};
use squeeze::config::{InvalidJson, PresentAs};
use squeeze::protocol::coldef::{binary_layout, BinaryLayout, TYPE_BLOB};
use squeeze::protocol::execute::ExecuteParams;
use squeeze::protocol::lenenc::Reader;
use squeeze::router::NamePattern;
use squeeze::transform::params::{rewrite_execute, ParamError};
use squeeze::transform::ColumnRule;

const MAX_VALUE: usize = 300;

fn rules() -> &'static [Arc<ColumnRule>; 4] {
    static RULES: OnceLock<[Arc<ColumnRule>; 4]> = OnceLock::new();
    RULES.get_or_init(|| {
        let rule = |codec: CodecKind, min: usize, invalid: InvalidJson, max: usize| {
            let label = format!("app.t.{codec:?}");
            Arc::new(ColumnRule {
                schema: NamePattern::parse("app").unwrap(),
                table: "t".into(),
                column: "doc".into(),
                encoder: ValueEncoder::new(codec, codec.default_level(), None, min).unwrap(),
                present_as: PresentAs::Text,
                on_invalid_json: invalid,
                metrics: ColumnMetrics::for_column(&label),
                label,
                max_value_size: max,
            })
        };
        [
            rule(CodecKind::Zstd, 0, InvalidJson::Compress, 1 << 20),
            rule(CodecKind::Zlib, 8, InvalidJson::Refuse, 1 << 20),
            rule(CodecKind::Lz4, 0, InvalidJson::Compress, MAX_VALUE),
            rule(CodecKind::Zstd, 16, InvalidJson::Compress, MAX_VALUE),
        ]
    })
}

/// Take `n` bytes off the front of `data` (fewer if it is shorter).
fn take<'a>(data: &mut &'a [u8], n: usize) -> &'a [u8] {
    let (a, b) = data.split_at(n.min(data.len()));
    *data = b;
    a
}

fn byte(data: &mut &[u8]) -> u8 {
    take(data, 1).first().copied().unwrap_or(0)
}

fuzz_target!(|input: &[u8]| {
    let mut data = input;
    // The statement: up to 20 parameters (sometimes far more), each bound
    // to one of the rules or to none.
    let shape = byte(&mut data);
    let n = if shape & 0x80 != 0 {
        u16::from_le_bytes([byte(&mut data), byte(&mut data) & 0x03]) as usize
    } else {
        (shape & 0x1f) as usize % 21
    };
    let mut param_rules = Vec::with_capacity(n);
    for i in 0..n {
        let b = if i < 20 { byte(&mut data) } else { 0 };
        param_rules.push(match b % 6 {
            k @ 0..=3 => Some(rules()[k as usize].clone()),
            _ => None,
        });
    }
    // Types remembered from an earlier execute (always 2 per parameter).
    let types = (shape & 0x40 != 0).then(|| {
        let t = take(&mut data, 2 * n);
        let mut t = t.to_vec();
        t.resize(2 * n, 0xfe);
        t
    });
    // Long data collected for some compressed parameters.
    let mut long_data = HashMap::new();
    if shape & 0x20 != 0 {
        let count = byte(&mut data) % 4;
        for _ in 0..count {
            let i = byte(&mut data) as u16;
            let len = byte(&mut data) as usize * 2;
            let chunk = take(&mut data, len).to_vec();
            if param_rules.get(i as usize).is_some_and(Option::is_some) {
                long_data.insert(i, chunk);
            }
        }
    }
    let mut payload = vec![0x17];
    payload.extend_from_slice(data);

    if payload.len() < 10 {
        return;
    }
    // As the session does: decode once, with the remembered types when the
    // packet binds none, and remember newly bound ones.
    let Ok(x) = ExecuteParams::parse(&payload[10..], n, types.as_deref()) else {
        return;
    };
    let types = if x.newly_bound {
        Some(x.types.to_vec())
    } else {
        types.clone()
    };
    let stmt = Stmt {
        num_params: n,
        param_rules,
        types,
    };
    let mut remaining = long_data.clone();
    let result = rewrite_execute(&payload[..10], &x, &stmt.param_rules, &mut remaining, |_| false);
    let Ok(rw) = result else {
        if let Err(ParamError::Write(e)) = &result {
            let _ = e.to_sql_error();
        }
        return;
    };
    let Some(out) = rw.payload else {
        // Sent as is: only when nothing is compressed.
        assert!(n == 0 || !stmt.param_rules.iter().any(Option::is_some));
        assert!(rw.long_data.is_empty());
        return;
    };
    assert!(remaining.is_empty(), "long data is consumed");
    check_execute(&payload, &out, &stmt, &long_data, &rw.long_data);
});

/// The statement as the session keeps it, for the checks.
struct Stmt {
    num_params: usize,
    param_rules: Vec<Option<Arc<ColumnRule>>>,
    types: Option<Vec<u8>>,
}

fn check_execute(
    input: &[u8],
    out: &[u8],
    stmt: &Stmt,
    long_data: &HashMap<u16, Vec<u8>>,
    sent_long: &[Vec<u8>],
) {
    let n = stmt.num_params;
    let reg = DictionaryRegistry::empty();
    let mut r = Reader::new(out);
    let head = r.take(10).expect("header");
    assert_eq!(head, &input[..10]);
    let bitmap = r.take(n.div_ceil(8)).expect("bitmap");
    assert_eq!(bitmap, &input[10..10 + n.div_ceil(8)]);
    assert_eq!(r.u8().expect("bound flag"), 1, "types are always bound");
    let types = r.take(2 * n).expect("types").to_vec();
    assert_eq!(stmt.types.as_deref().map(<[u8]>::len), Some(2 * n));
    // The input's values, read with the types the client meant.
    let in_types = stmt.types.as_deref().unwrap();
    let mut ir = Reader::new(input);
    ir.take(10 + n.div_ceil(8)).unwrap();
    if ir.u8().unwrap() == 1 {
        ir.take(2 * n).unwrap();
    }
    // Long data: one packet per collected parameter, in parameter order.
    let mut expect_long: Vec<u16> = long_data.keys().copied().collect();
    expect_long.sort_unstable();
    assert_eq!(sent_long.len(), expect_long.len());
    for (ld, i) in sent_long.iter().zip(&expect_long) {
        assert_eq!(ld[0], 0x18);
        assert_eq!(&ld[1..5], &input[1..5]);
        assert_eq!(u16::from_le_bytes([ld[5], ld[6]]), *i);
        assert_eq!(
            &types[2 * *i as usize..2 * *i as usize + 2],
            &[TYPE_BLOB, 0]
        );
        assert_same_value(&ld[7..], &long_data[i], &reg);
    }
    for i in 0..n {
        if long_data.contains_key(&(i as u16)) {
            continue;
        }
        if bitmap[i / 8] & (1 << (i % 8)) != 0 {
            continue;
        }
        let ty = types[2 * i];
        let start = r.position();
        let istart = ir.position();
        match binary_layout(in_types[2 * i]) {
            BinaryLayout::Fixed(k) => {
                assert_eq!(ty, in_types[2 * i]);
                assert_eq!(r.take(k).unwrap(), ir.take(k).unwrap());
            }
            BinaryLayout::LengthByte => {
                assert_eq!(ty, in_types[2 * i]);
                let k = r.u8().unwrap() as usize;
                r.take(k).unwrap();
                let k = ir.u8().unwrap() as usize;
                ir.take(k).unwrap();
                assert_eq!(&out[start..r.position()], &input[istart..ir.position()]);
            }
            BinaryLayout::Nothing => assert_eq!(ty, in_types[2 * i]),
            BinaryLayout::LenencString => {
                let v = r.lenenc_bytes().expect("value as its type says");
                let orig = ir.lenenc_bytes().unwrap();
                if stmt.param_rules[i].is_some() {
                    assert_eq!(&types[2 * i..2 * i + 2], &[TYPE_BLOB, 0]);
                    assert_same_value(v, orig, &reg);
                } else {
                    assert_eq!(ty, in_types[2 * i]);
                    assert_eq!(&out[start..r.position()], &input[istart..ir.position()]);
                }
            }
        }
    }
    assert!(r.is_empty(), "bytes after the last parameter");
}

/// `stored` is `orig` compressed, or `orig` itself when it was left as is.
fn assert_same_value(stored: &[u8], orig: &[u8], reg: &DictionaryRegistry) {
    if stored == orig {
        return;
    }
    let mut out = Vec::new();
    match decode_value(stored, reg, 1 << 20, &mut out) {
        Ok(Decoded::Inflated(_)) => assert_eq!(out, orig),
        r => panic!("compressed parameter does not decode: {r:?}"),
    }
}
