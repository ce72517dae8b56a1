//! Character sets and collations, as far as squeeze needs them: which
//! collation ids hold UTF-8, and the character set names MySQL knows. One
//! place, so the lexer, the write path and the session agree.

/// The `binary` collation (and character set) id.
pub const BINARY_COLLATION: u16 = 63;

/// Character sets MySQL accepts, e.g. as `_charset` string introducers.
pub const NAMES: &[&str] = &[
    "armscii8", "ascii", "big5", "binary", "cp1250", "cp1251", "cp1256", "cp1257", "cp850",
    "cp852", "cp866", "cp932", "dec8", "eucjpms", "euckr", "gb18030", "gb2312", "gbk", "geostd8",
    "greek", "hebrew", "hp8", "keybcs2", "koi8r", "koi8u", "latin1", "latin2", "latin5", "latin7",
    "macce", "macroman", "sjis", "swe7", "tis620", "ucs2", "ujis", "utf16", "utf16le", "utf32",
    "utf8", "utf8mb3", "utf8mb4",
];

/// Whether `name` is a known character set (ASCII case-insensitive).
pub fn is_known(name: &[u8]) -> bool {
    NAMES
        .iter()
        .any(|cs| name.eq_ignore_ascii_case(cs.as_bytes()))
}

/// `utf8`, `utf8mb3` or `utf8mb4` (ASCII case-insensitive).
pub fn is_utf8_name(name: &str) -> bool {
    ["utf8", "utf8mb3", "utf8mb4"]
        .iter()
        .any(|u| name.eq_ignore_ascii_case(u))
}

/// utf8mb4 collation ids (utf8mb4_general_ci 45, _bin 46, the 224..247
/// unicode family, 255.. the MySQL 8 0900 family).
pub fn is_utf8mb4_collation(id: u16) -> bool {
    matches!(id, 45 | 46 | 224..=247 | 255..=323)
}

/// Collation ids whose bytes are UTF-8 (utf8mb3 and utf8mb4 families).
pub fn is_utf8_collation(id: u16) -> bool {
    is_utf8mb4_collation(id) || matches!(id, 33 | 83 | 192..=215 | 76 | 223)
}

/// The name of a collation's character set, unless its bytes are UTF-8
/// (or binary): what a client writing compressed values must be told to
/// change.
pub fn non_utf8_charset_of_collation(id: u16) -> Option<String> {
    if is_utf8_collation(id) || id == BINARY_COLLATION {
        return None;
    }
    Some(match id {
        8 | 31 | 47 | 48 | 49 | 94 => "latin1".to_string(),
        11 | 65 => "ascii".to_string(),
        other => format!("collation id {other}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_collations_are_told_from_others_by_id() {
        assert!(is_utf8mb4_collation(45));
        assert!(is_utf8mb4_collation(255));
        assert!(!is_utf8mb4_collation(8));
        assert!(is_utf8_collation(33));
        assert!(!is_utf8_collation(63));
    }

    #[test]
    fn only_non_utf8_non_binary_collations_name_a_charset_to_change() {
        assert_eq!(non_utf8_charset_of_collation(45), None);
        assert_eq!(non_utf8_charset_of_collation(63), None);
        assert_eq!(non_utf8_charset_of_collation(8).as_deref(), Some("latin1"));
        assert_eq!(
            non_utf8_charset_of_collation(28).as_deref(),
            Some("collation id 28")
        );
    }

    #[test]
    fn charset_names_match_without_regard_to_ascii_case() {
        assert!(is_known(b"UTF8MB4") && is_known(b"latin1") && !is_known(b"klingon"));
        assert!(is_utf8_name("UTF8mb3") && !is_utf8_name("latin1"));
    }
}
