//! A JSON document as MariaDB 10.11's json_lib reads it, kept as spans of
//! the source bytes (MariaDB returns scalars exactly as stored). The
//! reader is strict where MariaDB's answer was checked against the server
//! and says `Unsure` where it was not: the caller refuses rather than
//! guess.

use std::ops::Range;

use super::path::Step;

/// MariaDB's limit on nesting (`JSON_DEPTH_LIMIT`, 32): 33 nested arrays
/// are invalid (checked), but objects count differently near the limit
/// (31 arrays around an object are refused by 10.11), so anything nested
/// deeper than this is not judged.
pub const DEPTH_LIMIT: usize = 30;

/// Scalar kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    String,
    Number,
    True,
    False,
    Null,
}

/// A value: its span in the source, and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    pub span: Range<usize>,
    pub kind: Kind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    Scalar(Scalar),
    Array(Vec<Node>),
    /// Members in document order, duplicates kept; each name is the span
    /// of its raw bytes between the quotes.
    Object(Vec<(Range<usize>, Node)>),
}

/// Why a document was not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocError {
    /// MariaDB rejects it too (checked against the server).
    Invalid,
    /// A form whose MariaDB reading was not checked.
    Unsure,
}

/// Read a whole document.
pub fn parse(src: &[u8]) -> Result<Node, DocError> {
    if std::str::from_utf8(src).is_err() {
        return Err(DocError::Invalid);
    }
    let mut r = Reader { src, pos: 0 };
    r.ws();
    let node = r.value(1)?;
    r.ws();
    if r.pos != src.len() {
        return Err(DocError::Invalid);
    }
    Ok(node)
}

/// What [`find`] learnt of a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The span of the value the path selects, if any.
    pub span: Option<Range<usize>>,
    /// Some member name in the document holds an escape.
    pub escaped_names: bool,
}

/// Validate a whole document as [`parse`] does, keeping only the span of
/// the value a path without wildcards or ranges selects (its first match,
/// as MariaDB's single-value paths take): no tree is built, so a point
/// read of one field costs one pass over the bytes.
pub fn find(src: &[u8], steps: &[Step]) -> Result<Found, DocError> {
    if std::str::from_utf8(src).is_err() {
        return Err(DocError::Invalid);
    }
    let mut r = Reader { src, pos: 0 };
    let mut scan = Scan {
        steps,
        found: None,
        escaped_names: false,
    };
    r.ws();
    r.skip(&mut scan, 1, Some(0))?;
    r.ws();
    if r.pos != src.len() {
        return Err(DocError::Invalid);
    }
    Ok(Found {
        span: scan.found,
        escaped_names: scan.escaped_names,
    })
}

struct Scan<'s> {
    steps: &'s [Step],
    found: Option<Range<usize>>,
    escaped_names: bool,
}

/// A value begun by [`Reader::open`].
enum Open {
    Object,
    Array,
    Scalar(Scalar),
}

/// Whether `b` ends a run of plain string bytes: a quote, a backslash or
/// a control character.
fn ends_plain(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// The length of the leading run of plain string bytes of `s` (up to the
/// first byte `ends_plain` holds for). Eight bytes at a time: documents'
/// long strings (comment bodies, HTML) made the byte loop the largest cost
/// of a select-list path (~10 instructions a byte, callgrind).
fn plain_run(s: &[u8]) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // Some byte of `w` is zero / below 0x20 (exact for "some byte").
    let zero = |w: u64| w.wrapping_sub(ONES) & !w & HIGH;
    let mut i = 0;
    while let Some(chunk) = s.get(i..i + 8) {
        let w = u64::from_ne_bytes(chunk.try_into().expect("eight bytes"));
        let stop = zero(w ^ (ONES * u64::from(b'"')))
            | zero(w ^ (ONES * u64::from(b'\\')))
            | (w.wrapping_sub(ONES * 0x20) & !w & HIGH);
        if stop != 0 {
            break;
        }
        i += 8;
    }
    i + s[i..]
        .iter()
        .position(|&b| ends_plain(b))
        .unwrap_or(s.len() - i)
}

struct Reader<'a> {
    src: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// Start reading the value at the cursor: a scalar is read whole, a
    /// container is left at its bracket for the caller.
    fn open(&mut self, depth: usize) -> Result<Open, DocError> {
        Ok(match self.peek() {
            None => return Err(DocError::Invalid),
            Some(b'{') | Some(b'[') if depth > 33 => return Err(DocError::Invalid),
            Some(b'{') | Some(b'[') if depth > DEPTH_LIMIT => {
                // Read on to tell 33 nested arrays (invalid) from others.
                return Err(
                    if self.src[self.pos..]
                        .iter()
                        .take_while(|&&b| b == b'[')
                        .count()
                        + depth
                        > 33
                    {
                        DocError::Invalid
                    } else {
                        DocError::Unsure
                    },
                );
            }
            Some(b'{') => Open::Object,
            Some(b'[') => Open::Array,
            Some(b'"') => {
                self.string()?;
                Open::Scalar(Scalar::String)
            }
            Some(b'-' | b'0'..=b'9') => {
                self.number()?;
                Open::Scalar(Scalar::Number)
            }
            Some(b't') => self.literal(b"true", Scalar::True)?,
            Some(b'f') => self.literal(b"false", Scalar::False)?,
            Some(b'n') => self.literal(b"null", Scalar::Null)?,
            Some(b'.' | b'+' | b'T' | b'F' | b'N' | b']' | b'}' | b',' | b':') => {
                return Err(DocError::Invalid)
            }
            Some(0xEF) => return Err(DocError::Invalid), // a byte-order mark
            Some(b) if b.is_ascii_alphabetic() => return Err(DocError::Invalid),
            Some(_) => return Err(DocError::Unsure),
        })
    }

    fn value(&mut self, depth: usize) -> Result<Node, DocError> {
        let start = self.pos;
        let kind = match self.open(depth)? {
            Open::Object => self.object(depth)?,
            Open::Array => self.array(depth)?,
            Open::Scalar(s) => Kind::Scalar(s),
        };
        Ok(Node {
            span: start..self.pos,
            kind,
        })
    }

    /// Read a value without building it, noting in `scan` the span of the
    /// value its path selects. `at`: how many steps of the path lead to
    /// this value (`None`: off the path).
    fn skip(
        &mut self,
        scan: &mut Scan<'_>,
        depth: usize,
        at: Option<usize>,
    ) -> Result<(), DocError> {
        let steps = scan.steps;
        // `[0]` on a non-array selects the value itself (autowrap).
        let at = at.map(|mut k| {
            while k < steps.len()
                && matches!(steps[k], Step::Index(0) | Step::Range(0, _))
                && self.peek() != Some(b'[')
            {
                k += 1;
            }
            k
        });
        let hit = at == Some(steps.len());
        let inner = at.filter(|_| !hit);
        let start = self.pos;
        match self.open(depth)? {
            Open::Scalar(_) => {}
            Open::Array => {
                self.pos += 1;
                self.ws();
                if self.peek() == Some(b']') {
                    self.pos += 1;
                } else {
                    let mut i = 0u32;
                    loop {
                        self.ws();
                        let child = inner.filter(|&k| steps[k] == Step::Index(i)).map(|k| k + 1);
                        self.skip(scan, depth + 1, child)?;
                        i = i.saturating_add(1);
                        self.ws();
                        match self.peek() {
                            Some(b',') => self.pos += 1,
                            Some(b']') => {
                                self.pos += 1;
                                break;
                            }
                            _ => return Err(DocError::Invalid),
                        }
                    }
                }
            }
            Open::Object => {
                self.pos += 1;
                self.ws();
                if self.peek() == Some(b'}') {
                    self.pos += 1;
                } else {
                    // A name leads into every member of that name (MariaDB
                    // searches on past the first); the first hit is kept.
                    loop {
                        self.ws();
                        if self.peek() != Some(b'"') {
                            return Err(DocError::Invalid);
                        }
                        let name_start = self.pos + 1;
                        scan.escaped_names |= self.string()?;
                        let name = &self.src[name_start..self.pos - 1];
                        let child = match inner {
                            Some(k)
                                if scan.found.is_none()
                                    && matches!(&steps[k], Step::Key(key) if key[..] == *name) =>
                            {
                                Some(k + 1)
                            }
                            _ => None,
                        };
                        self.ws();
                        if self.peek() != Some(b':') {
                            return Err(DocError::Invalid);
                        }
                        self.pos += 1;
                        self.ws();
                        self.skip(scan, depth + 1, child)?;
                        self.ws();
                        match self.peek() {
                            Some(b',') => self.pos += 1,
                            Some(b'}') => {
                                self.pos += 1;
                                break;
                            }
                            _ => return Err(DocError::Invalid),
                        }
                    }
                }
            }
        }
        if hit && scan.found.is_none() {
            scan.found = Some(start..self.pos);
        }
        Ok(())
    }

    fn literal(&mut self, word: &[u8], s: Scalar) -> Result<Open, DocError> {
        if self.src[self.pos..].starts_with(word) {
            self.pos += word.len();
            if self.peek().is_some_and(|b| b.is_ascii_alphanumeric()) {
                return Err(DocError::Unsure);
            }
            Ok(Open::Scalar(s))
        } else {
            // Any other word is no JSON value (checked: `tRue`, `not json`).
            Err(DocError::Invalid)
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        self.pos - start
    }

    /// RFC 8259 numbers, plus MariaDB's `1.` (a dot without digits, checked).
    fn number(&mut self) -> Result<(), DocError> {
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let int_start = self.pos;
        let n = self.digits();
        if n == 0 {
            return Err(DocError::Invalid);
        }
        if n > 1 && self.src[int_start] == b'0' {
            return Err(DocError::Invalid);
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if self.digits() == 0 && matches!(self.peek(), Some(b'e' | b'E' | b'.')) {
                return Err(DocError::Unsure);
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(DocError::Invalid);
            }
        }
        match self.peek() {
            None | Some(b' ' | b'\t' | b'\n' | b'\r' | b',' | b']' | b'}') => Ok(()),
            _ => Err(DocError::Unsure),
        }
    }

    /// A string; the cursor is on its opening quote. Whether it holds an
    /// escape.
    fn string(&mut self) -> Result<bool, DocError> {
        self.pos += 1;
        let mut escaped = false;
        loop {
            // Plain bytes in one run (the common case).
            self.pos += plain_run(&self.src[self.pos..]);
            match self.peek() {
                None => return Err(DocError::Invalid),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(escaped);
                }
                Some(b'\\') => {
                    escaped = true;
                    self.pos += 1;
                    match self.peek() {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                            self.pos += 1
                        }
                        Some(b'u') => {
                            let unit = hex4(&self.src[self.pos + 1..]).ok_or(DocError::Invalid)?;
                            self.pos += 5;
                            if (0xDC00..0xE000).contains(&unit) {
                                return Err(DocError::Unsure);
                            }
                            if (0xD800..0xDC00).contains(&unit) {
                                // A high surrogate must pair with a low one.
                                let low = self.src[self.pos..]
                                    .strip_prefix(b"\\u")
                                    .and_then(hex4)
                                    .ok_or(DocError::Invalid)?;
                                if !(0xDC00..0xE000).contains(&low) {
                                    return Err(DocError::Unsure);
                                }
                                self.pos += 6;
                            }
                        }
                        // MariaDB accepts any escaped character (`"\x"`
                        // is valid); what it means when unquoted is for
                        // the unquoting code to judge.
                        Some(b) if (0x20..0x80).contains(&b) => self.pos += 1,
                        _ => return Err(DocError::Unsure),
                    }
                }
                Some(b) if b < 0x20 => return Err(DocError::Invalid),
                Some(_) => self.pos += 1,
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Kind, DocError> {
        self.pos += 1;
        let mut items = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Kind::Array(items));
        }
        loop {
            self.ws();
            items.push(self.value(depth + 1)?);
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Kind::Array(items));
                }
                _ => return Err(DocError::Invalid),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Kind, DocError> {
        self.pos += 1;
        let mut members = Vec::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Kind::Object(members));
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return Err(DocError::Invalid);
            }
            let start = self.pos + 1;
            self.string()?;
            let name = start..self.pos - 1;
            self.ws();
            if self.peek() != Some(b':') {
                return Err(DocError::Invalid);
            }
            self.pos += 1;
            self.ws();
            members.push((name, self.value(depth + 1)?));
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Kind::Object(members));
                }
                _ => return Err(DocError::Invalid),
            }
        }
    }
}

fn hex4(b: &[u8]) -> Option<u32> {
    let h = b.get(..4)?;
    if !h.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    u32::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok()
}

/// The text of a JSON string (its raw bytes between the quotes) with
/// escapes resolved as MariaDB's JSON_UNQUOTE / JSON_VALUE do; `None` for
/// an escape whose MariaDB result was not checked (surrogate pairs, which
/// 10.11 turns into `?`, and non-standard escapes).
pub fn unescape(raw: &[u8]) -> Option<Vec<u8>> {
    unescape_with(raw, false)
}

/// [`unescape`] of a string *value* (JSON_UNQUOTE, JSON_VALUE), where a
/// surrogate pair is its character, as MariaDB 10.11 unquotes it
/// (`"\ud83d\ude00"` is F0 9F 98 80). Member names keep declining
/// them: how MariaDB matches such a name was not checked.
pub fn unescape_value(raw: &[u8]) -> Option<Vec<u8>> {
    unescape_with(raw, true)
}

fn unescape_with(raw: &[u8], pairs: bool) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let b = raw[i];
        if b != b'\\' {
            out.push(b);
            i += 1;
            continue;
        }
        let e = *raw.get(i + 1)?;
        i += 2;
        let c = match e {
            b'"' => b'"',
            b'\\' => b'\\',
            b'/' => b'/',
            b'b' => 0x08,
            b'f' => 0x0C,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => {
                let mut unit = hex4(&raw[i..])?;
                i += 4;
                if pairs && (0xD800..0xDC00).contains(&unit) {
                    // A surrogate pair (JSON's escape of a character
                    // outside the BMP, as Python's json.dumps writes one)
                    // is that character in MariaDB; a lone half is a
                    // document MariaDB refuses.
                    if !raw[i..].starts_with(b"\\u") {
                        return None;
                    }
                    let low = hex4(&raw[i + 2..])?;
                    if !(0xDC00..0xE000).contains(&low) {
                        return None;
                    }
                    i += 6;
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                } else if (0xD800..0xE000).contains(&unit) {
                    return None;
                }
                let ch = char::from_u32(unit)?;
                let mut buf = [0u8; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                continue;
            }
            _ => return None,
        };
        out.push(c);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The word-at-a-time scan stops exactly where the byte loop it
        /// replaced stopped, for any bytes (every position of every stop
        /// byte, UTF-8 and not, lengths across the eight-byte words).
        #[test]
        fn plain_run_stops_at_the_first_quote_backslash_or_control_byte_like_the_byte_loop(
            s in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::strategy::Just(b'"'),
                    proptest::strategy::Just(b'\\'),
                    0u8..0x20,
                    0x20u8..=0xff,
                    0x20u8..=0xff,
                    0x20u8..=0xff,
                ],
                0..40,
            )
        ) {
            let want = s.iter().position(|&b| b < 0x20 || b == b'"' || b == b'\\').unwrap_or(s.len());
            proptest::prop_assert_eq!(plain_run(&s), want);
        }
    }

    #[test]
    fn plain_run_finds_each_stop_byte_at_every_offset_of_a_long_run() {
        for stop in [b'"', b'\\', 0u8, 0x1f] {
            for at in 0..40 {
                let mut s = vec![b'a'; 40];
                s.extend_from_slice("\u{e9}\u{1F600}".as_bytes());
                s[at] = stop;
                assert_eq!(plain_run(&s), at, "stop byte {stop:#x} at {at}");
            }
        }
        // Bytes just above the stops, and 0x7f/0xff, are plain.
        let plain = [0x20u8, b'!', b'#', b'[', b']', 0x7f, 0x80, 0xff, 0xa2, 0xdc];
        let s: Vec<u8> = plain.iter().cycle().take(50).copied().collect();
        assert_eq!(plain_run(&s), 50);
    }

    #[test]
    fn documents_mariadb_accepts_are_read_and_those_it_rejects_are_invalid() {
        for ok in [
            "1",
            "-0",
            "1.",
            "1e5",
            "1E+5",
            " [1] ",
            "\"\\x\"",
            "\"\\/\"",
            "{\"\":1}",
            "null",
            "\"\\u00E9\"",
            "{\"a\":[1,{\"b\":[]},{}]}",
            "\"\\ud83d\\ude00\"",
        ] {
            assert!(parse(ok.as_bytes()).is_ok(), "{ok} should be read");
        }
        let deep_ok = format!("{}1{}", "[".repeat(30), "]".repeat(30));
        assert!(parse(deep_ok.as_bytes()).is_ok());
        let deep_unsure = format!("{}{{\"a\":1}}{}", "[".repeat(31), "]".repeat(31));
        assert_eq!(parse(deep_unsure.as_bytes()), Err(DocError::Unsure));
        let deep_bad = format!("{}1{}", "[".repeat(33), "]".repeat(33));
        assert_eq!(parse(deep_bad.as_bytes()), Err(DocError::Invalid));
        for bad in [
            "01",
            ".5",
            "-",
            "\"a\\u00\"",
            "\"\\ud800\"",
            "tRue",
            "",
            "1 2",
            "{\"a\":1,}",
            "[1,]",
            "\"\t\"",
            "1.5e",
            "{\"a\" 1}",
            "\u{feff}1",
        ] {
            assert_eq!(parse(bad.as_bytes()), Err(DocError::Invalid), "{bad:?}");
        }
        assert_eq!(parse(b"\"\xff\""), Err(DocError::Invalid));
    }

    #[test]
    fn scalars_keep_their_source_spans() {
        let src = br#"{"a" :  1.50e0 , "b":"q\"z"}"#;
        let Kind::Object(m) = parse(src).unwrap().kind else {
            panic!()
        };
        assert_eq!(&src[m[0].1.span.clone()], b"1.50e0");
        assert_eq!(&src[m[1].1.span.clone()], br#""q\"z""#);
        assert_eq!(&src[m[1].0.clone()], b"b");
    }

    #[test]
    fn unescaping_resolves_standard_escapes_and_declines_unchecked_ones() {
        assert_eq!(
            unescape(br#"x\ny\u00e9\"\/\\\u0000"#).unwrap(),
            "x\ny\u{e9}\"/\\\0".as_bytes()
        );
        // A surrogate pair is its character, as MariaDB 10.11 unquotes it
        // (F09F9880); a lone or reversed half is declined.
        assert_eq!(
            unescape_value(br#"x\ud83d\ude00y"#).unwrap(),
            "x\u{1f600}y".as_bytes()
        );
        assert_eq!(unescape(br#"\ud83d\ude00"#), None);
        for lone in [
            &br#"\ud83d"#[..],
            br#"\ud83dx"#,
            br#"\ud83d\u0041"#,
            br#"\ude00\ud83d"#,
        ] {
            assert_eq!(unescape_value(lone), None);
        }
        assert_eq!(unescape(br#"\x"#), None);
    }
}
