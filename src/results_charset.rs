//! What MariaDB sends a utf8mb4 text column as, under the session's
//! `character_set_results`: the text converted to that character set (a
//! character it lacks becomes `?`) and described in its default collation;
//! unconverted for `binary` and NULL. squeeze presents an inflated document
//! as the uncompressed LONGTEXT utf8mb4_bin copy would be presented, so it
//! converts as the server does for the character sets below, measured on
//! MariaDB 10.11 (`CONVERT(_utf8mb4 x USING latin1)` for every code point
//! U+0080..U+00FF and cp1252's), and refuses the others. Pure.

/// `character_set_results` as far as squeeze converts to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultsCharset {
    /// utf8mb4, in this collation (the handshake's, or utf8mb4's default
    /// after a SET): sent as stored.
    Utf8mb4 { collation: u16 },
    /// utf8mb3: characters beyond the BMP become `?`.
    Utf8mb3,
    /// MariaDB's latin1 (cp1252, with 0x81, 0x8D, 0x8F, 0x90 and 0x9D as
    /// the C1 controls of those numbers).
    Latin1,
    /// US-ASCII: every character above U+007F becomes `?`.
    Ascii,
    /// `binary`: the bytes as stored, in the binary collation.
    Binary,
    /// NULL: no conversion, in the column's own collation (utf8mb4_bin).
    Unconverted,
    /// A character set squeeze does not convert to: reads of a compressed
    /// column are refused.
    Unsupported,
}

/// utf8mb4_general_ci, utf8mb4's default collation in MariaDB 10.11.
const UTF8MB4_DEFAULT: u16 = 45;
/// utf8mb4_bin, the uncompressed copy's collation.
const UTF8MB4_BIN: u16 = 46;

impl ResultsCharset {
    /// From the collation a client's handshake names.
    pub fn of_handshake(collation: u16) -> Self {
        if crate::charset::is_utf8mb4_collation(collation) {
            return ResultsCharset::Utf8mb4 { collation };
        }
        match collation {
            33 | 83 | 192..=215 => ResultsCharset::Utf8mb3,
            8 | 31 | 47 | 48 | 49 | 94 => ResultsCharset::Latin1,
            11 | 65 => ResultsCharset::Ascii,
            crate::charset::BINARY_COLLATION => ResultsCharset::Binary,
            _ => ResultsCharset::Unsupported,
        }
    }

    /// From `character_set_results` as the server reports it (a character
    /// set name; empty or `NULL` for none).
    pub fn of_name(name: &str) -> Self {
        let name = name.trim().to_ascii_lowercase();
        match name.as_str() {
            "" | "null" => ResultsCharset::Unconverted,
            "utf8mb4" => ResultsCharset::Utf8mb4 {
                collation: UTF8MB4_DEFAULT,
            },
            "utf8mb3" | "utf8" => ResultsCharset::Utf8mb3,
            "latin1" => ResultsCharset::Latin1,
            "ascii" => ResultsCharset::Ascii,
            "binary" => ResultsCharset::Binary,
            _ => ResultsCharset::Unsupported,
        }
    }

    /// The collation id a converted text column is described with.
    pub fn collation(self) -> u16 {
        match self {
            ResultsCharset::Utf8mb4 { collation } => collation,
            ResultsCharset::Utf8mb3 => 33,
            ResultsCharset::Latin1 => 8,
            ResultsCharset::Ascii => 11,
            ResultsCharset::Binary => crate::charset::BINARY_COLLATION,
            ResultsCharset::Unconverted | ResultsCharset::Unsupported => UTF8MB4_BIN,
        }
    }

    /// Whether text is sent in other bytes than stored.
    pub fn converts(self) -> bool {
        matches!(
            self,
            ResultsCharset::Utf8mb3 | ResultsCharset::Latin1 | ResultsCharset::Ascii
        )
    }

    /// Append utf8mb4 `text` converted to this character set to `out`. A
    /// byte sequence that is not UTF-8 (a value written past squeeze) is
    /// one `?` per byte, as MariaDB converts it.
    pub fn convert(self, text: &[u8], out: &mut Vec<u8>) {
        if !self.converts() {
            out.extend_from_slice(text);
            return;
        }
        out.reserve(text.len());
        let mut rest = text;
        while !rest.is_empty() {
            // The ASCII run first: the same bytes in every target.
            let ascii = rest.iter().take_while(|b| b.is_ascii()).count();
            out.extend_from_slice(&rest[..ascii]);
            rest = &rest[ascii..];
            let Some(&lead) = rest.first() else { break };
            let len = match lead {
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF4 => 4,
                _ => 1,
            };
            let ch = rest
                .get(..len)
                .and_then(|s| std::str::from_utf8(s).ok())
                .and_then(|s| s.chars().next());
            let Some(ch) = ch else {
                out.push(b'?');
                rest = &rest[1..];
                continue;
            };
            match self {
                ResultsCharset::Utf8mb3 if len < 4 => out.extend_from_slice(&rest[..len]),
                ResultsCharset::Latin1 => out.push(latin1_byte(ch).unwrap_or(b'?')),
                _ => out.push(b'?'),
            }
            rest = &rest[len..];
        }
    }
}

/// cp1252's characters at 0x80..=0x9F (the five undefined there are the C1
/// controls of the same number in MariaDB's latin1).
const CP1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}',
    '\u{0090}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
];

/// The latin1 byte of a non-ASCII character, if latin1 has it.
fn latin1_byte(ch: char) -> Option<u8> {
    let cp = ch as u32;
    if (0xA0..=0xFF).contains(&cp) {
        return Some(cp as u8);
    }
    CP1252_HIGH
        .iter()
        .position(|&c| c == ch)
        .map(|i| 0x80 + i as u8)
}

/// MariaDB's latin1 bytes as utf8mb4 (every byte is a character; the
/// reverse of [`ResultsCharset::Latin1`]'s conversion).
pub fn latin1_to_utf8(bytes: &[u8]) -> Vec<u8> {
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 2);
    for &b in bytes {
        out.push(match b {
            0x80..=0x9F => CP1252_HIGH[(b - 0x80) as usize],
            b => char::from(b),
        });
    }
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::ResultsCharset::{self, *};

    fn conv(to: ResultsCharset, s: &str) -> Vec<u8> {
        let mut out = Vec::new();
        to.convert(s.as_bytes(), &mut out);
        out
    }

    #[test]
    fn latin1_takes_its_own_letters_and_cp1252s_and_questions_the_rest() {
        assert_eq!(conv(Latin1, "é"), [0xE9]);
        assert_eq!(conv(Latin1, "a€b’"), [b'a', 0x80, b'b', 0x92]);
        assert_eq!(conv(Latin1, "\u{81}\u{80}"), [0x81, b'?']);
        assert_eq!(conv(Latin1, "😀Ā"), b"??");
        assert_eq!(conv(Latin1, "(Ð, Ý)"), [b'(', 0xD0, b',', b' ', 0xDD, b')']);
    }

    #[test]
    fn utf8mb3_questions_characters_beyond_the_bmp_and_ascii_everything_above_7f() {
        assert_eq!(conv(Utf8mb3, "é😀"), "é?".as_bytes());
        assert_eq!(conv(Ascii, "é😀x"), b"??x");
        assert_eq!(conv(Utf8mb4 { collation: 45 }, "😀"), "😀".as_bytes());
        assert_eq!(conv(Binary, "é"), "é".as_bytes());
    }

    #[test]
    fn latin1_bytes_read_as_their_characters_and_back() {
        let bytes: Vec<u8> = (0u8..=255).collect();
        let text = super::latin1_to_utf8(&bytes);
        assert!(std::str::from_utf8(&text).is_ok());
        assert_eq!(super::latin1_to_utf8(&[0xE9, 0x80]), "é€".as_bytes());
        let mut back = Vec::new();
        Latin1.convert(&text, &mut back);
        assert_eq!(back, bytes);
    }

    #[test]
    fn bytes_that_are_not_utf8_become_one_question_mark_each() {
        let mut out = Vec::new();
        Latin1.convert(b"a\xFF\xC3", &mut out);
        assert_eq!(out, b"a??");
    }

    #[test]
    fn names_and_handshake_collations_map_to_what_squeeze_converts_to() {
        assert_eq!(ResultsCharset::of_name("LATIN1"), Latin1);
        assert_eq!(ResultsCharset::of_name(""), Unconverted);
        assert_eq!(ResultsCharset::of_name("cp1251"), Unsupported);
        assert_eq!(ResultsCharset::of_name("utf8mb4").collation(), 45);
        assert_eq!(
            ResultsCharset::of_handshake(224),
            Utf8mb4 { collation: 224 }
        );
        assert_eq!(ResultsCharset::of_handshake(8), Latin1);
        assert_eq!(ResultsCharset::of_handshake(63), Binary);
    }
}
