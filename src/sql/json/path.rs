//! MariaDB JSON paths, the subset squeeze evaluates exactly: `$`, `.key`,
//! `."quoted key"`, `.*`, `[n]`, `[*]` and `[n to m]`. Everything else
//! MariaDB 10.11 accepts (`**`, `[last]`, negative indexes, `lax`/`strict`)
//! is refused at plan time: `[last]` is resolved once per statement by
//! 10.11 (a later row sees the first row's array length), and `**` pairs
//! with autowrapping in ways not worth guessing.

/// One step of a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// `.key` / `."key"`: the member whose raw (still escaped) name is
    /// these bytes. MariaDB compares names without unescaping them.
    Key(Vec<u8>),
    /// `.*`.
    AnyKey,
    /// `[n]` (a non-array is treated as a one-element array).
    Index(u32),
    /// `[*]`.
    AnyIndex,
    /// `[n to m]`, inclusive.
    Range(u32, u32),
}

/// A parsed path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    pub steps: Vec<Step>,
}

impl Path {
    /// Can the path match more than one value? (JSON_EXTRACT then wraps
    /// whatever matched in an array.)
    pub fn wildcard(&self) -> bool {
        self.steps
            .iter()
            .any(|s| matches!(s, Step::AnyKey | Step::AnyIndex | Step::Range(..)))
    }
}

/// Why a path is not one squeeze evaluates (the text names the form).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathError(pub String);

/// Parse a path given as the bytes of a string literal.
pub fn parse_path(p: &[u8]) -> Result<Path, PathError> {
    let err = |what: &str| Err(PathError(what.to_string()));
    if p.first() != Some(&b'$') {
        return err("a path that does not start with `$` (lax/strict modes included)");
    }
    let mut i = 1;
    let mut steps = Vec::new();
    while i < p.len() {
        match p[i] {
            b'.' => {
                i += 1;
                match p.get(i) {
                    Some(b'*') => {
                        i += 1;
                        steps.push(Step::AnyKey);
                    }
                    Some(b'"') => {
                        let start = i + 1;
                        let Some(len) = p[start..].iter().position(|&b| b == b'"') else {
                            return err("an unterminated quoted key");
                        };
                        let key = &p[start..start + len];
                        if key.contains(&b'\\') || key.iter().any(|&b| b < 0x20) {
                            return err("a quoted key with escapes or control characters");
                        }
                        // MariaDB 10.11 answers a key holding a character
                        // beyond the BMP with a path syntax error (4042).
                        if key.iter().any(|&b| b >= 0xF0) {
                            return err("a key with a character beyond the BMP");
                        }
                        steps.push(Step::Key(key.to_vec()));
                        i = start + len + 1;
                    }
                    Some(c) if c.is_ascii_alphabetic() || *c == b'_' || key_utf8(*c) => {
                        let start = i;
                        while i < p.len()
                            && (p[i].is_ascii_alphanumeric() || p[i] == b'_' || key_utf8(p[i]))
                        {
                            i += 1;
                        }
                        steps.push(Step::Key(p[start..i].to_vec()));
                    }
                    _ => return err("a key other than a plain name, `*` or a quoted name"),
                }
            }
            b'[' => {
                i += 1;
                let skip_ws = |i: &mut usize| {
                    while *i < p.len() && p[*i] == b' ' {
                        *i += 1;
                    }
                };
                skip_ws(&mut i);
                let step = if p.get(i) == Some(&b'*') {
                    i += 1;
                    Step::AnyIndex
                } else {
                    let a = index(p, &mut i)?;
                    let save = i;
                    skip_ws(&mut i);
                    if p[i.min(p.len())..].starts_with(b"to ") && i > save {
                        i += 3;
                        skip_ws(&mut i);
                        let b = index(p, &mut i)?;
                        Step::Range(a, b)
                    } else {
                        i = save;
                        Step::Index(a)
                    }
                };
                skip_ws(&mut i);
                if p.get(i) != Some(&b']') {
                    return err("an array step other than `[n]`, `[*]` or `[n to m]` (`last` and negative indexes included)");
                }
                i += 1;
                steps.push(step);
            }
            b'*' => return err("the `**` wildcard"),
            _ => {
                return err(
                    "a character outside the path grammar (whitespace between steps included)",
                )
            }
        }
    }
    Ok(Path { steps })
}

/// A byte of a two- or three-byte UTF-8 character, which MariaDB takes in
/// an unquoted key (`$.ké`, `$.€`; measured on 10.11); a four-byte one is
/// a path syntax error there, and stops the key here (then refused).
fn key_utf8(b: u8) -> bool {
    (0x80..=0xEF).contains(&b)
}

/// A decimal array index without leading zeros.
fn index(p: &[u8], i: &mut usize) -> Result<u32, PathError> {
    let start = *i;
    while *i < p.len() && p[*i].is_ascii_digit() {
        *i += 1;
    }
    let digits = &p[start..*i];
    if digits.is_empty() || (digits.len() > 1 && digits[0] == b'0') || digits.len() > 9 {
        return Err(PathError(
            "an array index that is not a plain decimal number (`last`, negative, leading zeros, over 9 digits)".into(),
        ));
    }
    Ok(std::str::from_utf8(digits)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_evaluated_grammar_parses_into_steps() {
        let p = parse_path(br#"$.a."b c"[3][*].*[ 1 to 4 ]"#).unwrap();
        assert_eq!(
            p.steps,
            vec![
                Step::Key(b"a".to_vec()),
                Step::Key(b"b c".to_vec()),
                Step::Index(3),
                Step::AnyIndex,
                Step::AnyKey,
                Step::Range(1, 4),
            ]
        );
        assert!(p.wildcard());
        assert!(!parse_path(b"$.a[0]").unwrap().wildcard());
        assert_eq!(parse_path(b"$").unwrap().steps, vec![]);
        let p = parse_path("$.ké.€[1]".as_bytes()).unwrap();
        assert_eq!(
            p.steps,
            vec![
                Step::Key("ké".as_bytes().to_vec()),
                Step::Key("€".as_bytes().to_vec()),
                Step::Index(1)
            ]
        );
    }

    #[test]
    fn forms_whose_mariadb_semantics_are_not_reproduced_are_rejected() {
        for p in [
            "$**.a",
            "$[last]",
            "$[last-1]",
            "$[-1]",
            "lax $.a",
            "strict $.a",
            "a",
            "$ .a",
            "$.a b",
            "$[01]",
            "$[1 to last]",
            "$.\"a\\\"b\"",
            "$.",
            "$[",
            "$.1a",
            "$[1",
            "$.a😀",
            "$.\"a😀\"",
        ] {
            assert!(parse_path(p.as_bytes()).is_err(), "{p} should be refused");
        }
    }
}
