//! Splicing replacement literals into the original statement bytes, and
//! encoding binary values as SQL literals.
//!
//! We never re-print a statement: only the spans we replace change, so
//! comments, whitespace, optimizer hints and anything we did not understand
//! reach the server exactly as the client wrote them.

use std::ops::Range;

use super::lexer::LexOptions;

/// Replace each `range` of `original` by its bytes. Edits must be sorted by
/// start and must not overlap (checked: violating edits panic in debug builds
/// and are skipped in release builds, so the output is still well-formed).
/// Every byte outside the edited ranges is copied unchanged.
pub fn splice(original: &[u8], edits: &[(Range<usize>, Vec<u8>)]) -> Vec<u8> {
    let grow: usize = edits.iter().map(|(_, b)| b.len()).sum();
    let mut out = Vec::with_capacity(original.len() + grow);
    let mut pos = 0;
    for (range, bytes) in edits {
        let valid = range.start >= pos && range.start <= range.end && range.end <= original.len();
        debug_assert!(
            valid,
            "splice edits must be sorted, non-overlapping and in bounds"
        );
        if !valid {
            continue;
        }
        out.extend_from_slice(&original[pos..range.start]);
        out.extend_from_slice(bytes);
        pos = range.end;
    }
    out.extend_from_slice(&original[pos..]);
    out
}

/// `text` as a string literal quoted with `quote` (`'` or `"`) that the
/// server decodes back to exactly `text` under `opts`: the quote doubled,
/// and with backslash escapes on, a backslash doubled too. Every other byte
/// stands for itself inside quotes.
pub fn quote_string(text: &[u8], quote: u8, opts: LexOptions) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 2);
    out.push(quote);
    for &b in text {
        if b == quote || (b == b'\\' && !opts.no_backslash_escapes) {
            out.push(b);
        }
        out.push(b);
    }
    out.push(quote);
    out
}

/// The prefix every [`binary_literal`] starts with.
const BINARY_PREFIX: &[u8] = b"_binary'";

/// Encode `bytes` as a `_binary'...'` literal that decodes back to exactly
/// `bytes` under `opts`.
///
/// With backslash escapes on, `\0`, `'`, `\` and 0x1A are escaped (`\0`,
/// `\'`, `\\`, `\Z`): NUL and Ctrl-Z are not strictly required but some
/// tools mishandle them raw. With `NO_BACKSLASH_ESCAPES` only `'` is doubled;
/// raw NUL bytes are fine inside quotes on the wire.
pub fn binary_literal(bytes: &[u8], opts: LexOptions) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + binary_literal_overhead(bytes, opts));
    out.extend_from_slice(BINARY_PREFIX);
    for &b in bytes {
        if opts.no_backslash_escapes {
            if b == b'\'' {
                out.push(b'\'');
            }
            out.push(b);
        } else {
            match b {
                0 => out.extend_from_slice(b"\\0"),
                b'\'' => out.extend_from_slice(b"\\'"),
                b'\\' => out.extend_from_slice(b"\\\\"),
                0x1a => out.extend_from_slice(b"\\Z"),
                _ => out.push(b),
            }
        }
    }
    out.push(b'\'');
    out
}

/// How many bytes longer than `bytes.len()` [`binary_literal`] output is.
pub fn binary_literal_overhead(bytes: &[u8], opts: LexOptions) -> usize {
    let escaped = if opts.no_backslash_escapes {
        bytes.iter().filter(|&&b| b == b'\'').count()
    } else {
        bytes
            .iter()
            .filter(|&&b| matches!(b, 0 | b'\'' | b'\\' | 0x1a))
            .count()
    };
    BINARY_PREFIX.len() + 1 + escaped
}

/// Encode `bytes` as `X'..'` (uppercase hex). Valid in every sql_mode and
/// charset, at twice the size.
pub fn hex_literal(bytes: &[u8]) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = Vec::with_capacity(hex_literal_overhead(bytes) + bytes.len());
    out.extend_from_slice(b"X'");
    for &b in bytes {
        out.push(HEX[(b >> 4) as usize]);
        out.push(HEX[(b & 15) as usize]);
    }
    out.push(b'\'');
    out
}

/// How many bytes longer than `bytes.len()` [`hex_literal`] output is.
pub fn hex_literal_overhead(bytes: &[u8]) -> usize {
    3 + bytes.len()
}

/// The shorter of [`binary_literal`] and [`hex_literal`] for `bytes`.
///
/// Prefer this unless the statement will be re-encoded to another character
/// set on the way (it is not: the proxy forwards bytes), since compressed
/// payloads are mostly high bytes that need no escaping.
pub fn shortest_literal(bytes: &[u8], opts: LexOptions) -> Vec<u8> {
    if binary_literal_overhead(bytes, opts) <= hex_literal_overhead(bytes) {
        binary_literal(bytes, opts)
    } else {
        hex_literal(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::super::lexer::{decode_binary_literal, decode_string, lex, TokenKind};
    use super::*;
    use proptest::prelude::*;

    fn modes() -> [LexOptions; 4] {
        [
            LexOptions::default(),
            LexOptions {
                no_backslash_escapes: true,
                ansi_quotes: false,
            },
            LexOptions {
                no_backslash_escapes: false,
                ansi_quotes: true,
            },
            LexOptions {
                no_backslash_escapes: true,
                ansi_quotes: true,
            },
        ]
    }

    #[test]
    fn splicing_replaces_the_spans_and_keeps_every_other_byte() {
        let s = b"INSERT INTO t VALUES ('a', 'bb')";
        let out = splice(
            s,
            &[(22..25, b"X'00'".to_vec()), (27..31, b"NULL".to_vec())],
        );
        assert_eq!(out, b"INSERT INTO t VALUES (X'00', NULL)");
        assert_eq!(splice(s, &[]), s);
    }

    #[test]
    fn binary_literals_escape_as_the_sql_mode_requires() {
        let o = LexOptions::default();
        assert_eq!(
            binary_literal(b"a'\\\0\x1az", o),
            b"_binary'a\\'\\\\\\0\\Zz'"
        );
        let nb = LexOptions {
            no_backslash_escapes: true,
            ..o
        };
        assert_eq!(binary_literal(b"a'\\\0", nb), b"_binary'a''\\\0'");
        assert_eq!(hex_literal(&[0, 0xab]), b"X'00AB'");
        assert_eq!(
            binary_literal_overhead(b"''", o),
            binary_literal(b"''", o).len() - 2
        );
        assert_eq!(
            shortest_literal(&[0xff; 20], o),
            binary_literal(&[0xff; 20], o)
        );
        assert_eq!(shortest_literal(&[0; 40], o), hex_literal(&[0; 40]));
    }

    proptest! {
        #[test]
        fn binary_literal_roundtrips(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            for o in modes() {
                let lit = binary_literal(&bytes, o);
                prop_assert_eq!(lit.len(), bytes.len() + binary_literal_overhead(&bytes, o));
                let toks = lex(&lit, o);
                prop_assert_eq!(toks.len(), 1);
                let is_str = matches!(toks[0].kind, TokenKind::Str { .. });
                prop_assert!(is_str);
                let dec = decode_string(&lit, &toks[0], o).unwrap();
                prop_assert_eq!(dec.as_ref(), &bytes[..]);
            }
            let hex = hex_literal(&bytes);
            let toks = lex(&hex, LexOptions::default());
            prop_assert_eq!(toks.len(), 1);
            prop_assert_eq!(decode_binary_literal(&hex, &toks[0]).unwrap(), bytes);
        }

        #[test]
        fn splice_preserves_outside(
            src in proptest::collection::vec(any::<u8>(), 0..200),
            cuts in proptest::collection::vec((any::<u16>(), any::<u16>(), proptest::collection::vec(any::<u8>(), 0..8)), 0..6),
        ) {
            // Build sorted, non-overlapping edits from random cut points.
            let n = src.len();
            let mut pts: Vec<(usize, usize, Vec<u8>)> = cuts
                .into_iter()
                .map(|(a, b, r)| {
                    let (a, b) = (a as usize % (n + 1), b as usize % (n + 1));
                    (a.min(b), a.max(b), r)
                })
                .collect();
            pts.sort_by_key(|p| p.0);
            let mut edits = Vec::new();
            let mut last = 0;
            for (a, b, r) in pts {
                if a >= last {
                    edits.push((a..b, r));
                    last = b;
                }
            }
            let out = splice(&src, &edits);
            // Walk both buffers: unedited stretches must match byte for byte.
            let (mut i, mut o) = (0, 0);
            for (range, rep) in &edits {
                prop_assert_eq!(&out[o..o + (range.start - i)], &src[i..range.start]);
                o += range.start - i;
                prop_assert_eq!(&out[o..o + rep.len()], &rep[..]);
                o += rep.len();
                i = range.end;
            }
            prop_assert_eq!(&out[o..], &src[i..]);
        }
    }

    proptest! {
        #[test]
        fn a_quoted_statement_text_decodes_back_to_exactly_the_text(
            text in proptest::collection::vec(any::<u8>(), 0..64),
            double in any::<bool>(),
            mode in 0usize..4,
        ) {
            let opts = modes()[mode];
            let quote = if double && !opts.ansi_quotes { b'"' } else { b'\'' };
            let lit = quote_string(&text, quote, opts);
            let toks = lex(&lit, opts);
            prop_assert_eq!(toks.len(), 1);
            let is_str = matches!(toks[0].kind, TokenKind::Str { .. });
            prop_assert!(is_str);
            let back = decode_string(&lit, &toks[0], opts).unwrap().into_owned();
            prop_assert_eq!(back, text);
        }
    }
}
