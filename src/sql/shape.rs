//! Statement shapes: the significant tokens of a query with the value
//! literals of SELECT statements that are compared against (`id = 42`,
//! `name <> 'x'`, `LIMIT 10`) left out. Two queries with the same shape get
//! the same plan from [`plan_query`](super::plan_query), because the planner
//! only ever looks inside a literal it may have to compress (INSERT/UPDATE
//! values), a `PREPARE ... FROM` text or a `SET` value, and those literals
//! keep their bytes here: only literals of a statement that starts with
//! SELECT, right after a comparison operator or `LIMIT`/`OFFSET`, are
//! masked, where the planner sees nothing but "a value". The session uses
//! shapes to skip planning a read it has already planned.

use super::lexer::{LexOptions, Lexer, TokenKind};

/// Masked literals are written as this byte alone (never a token tag).
const MASKED: u8 = 0;

/// Comparison operators whose right-hand literal is a plain value.
const COMPARISONS: &[&[u8]] = &[b"=", b"<>", b"!=", b"<", b">", b"<=", b">=", b"<=>"];

/// Writes the shape of `sql` into `out` (cleared first). Trivia (whitespace,
/// comments, executable-comment markers) is dropped as the planner drops it.
pub fn shape_into(sql: &[u8], opts: LexOptions, out: &mut Vec<u8>) {
    out.clear();
    let mut masks_next = false;
    // Per statement: None until its first word, then whether it is a SELECT.
    let mut select: Option<bool> = None;
    for tok in Lexer::new(sql, opts) {
        if tok.kind.is_trivia() {
            continue;
        }
        let text = tok.text(sql);
        match tok.kind {
            TokenKind::Semicolon => select = None,
            TokenKind::LParen => {}
            _ if select.is_none() => {
                select = Some(tok.kind == TokenKind::Ident && text.eq_ignore_ascii_case(b"SELECT"))
            }
            _ => {}
        }
        let literal = matches!(
            tok.kind,
            TokenKind::Number | TokenKind::Str { .. } | TokenKind::HexLit | TokenKind::BitLit
        );
        if literal && masks_next {
            out.push(MASKED);
        } else {
            // Tag, length, bytes: no two token sequences encode alike.
            out.push(kind_tag(tok.kind));
            out.extend_from_slice(&(text.len() as u32).to_le_bytes());
            out.extend_from_slice(text);
        }
        masks_next = select == Some(true)
            && match tok.kind {
                TokenKind::Op => COMPARISONS.contains(&text),
                TokenKind::Ident => {
                    text.eq_ignore_ascii_case(b"LIMIT") || text.eq_ignore_ascii_case(b"OFFSET")
                }
                _ => false,
            };
    }
}

fn kind_tag(kind: TokenKind) -> u8 {
    match kind {
        TokenKind::Whitespace => 1,
        TokenKind::Comment => 2,
        TokenKind::ExecCommentOpen => 3,
        TokenKind::ExecCommentClose => 4,
        TokenKind::Ident => 5,
        TokenKind::QuotedIdent => 6,
        TokenKind::Str { .. } => 7,
        TokenKind::HexLit => 8,
        TokenKind::BitLit => 9,
        TokenKind::Number => 10,
        TokenKind::Placeholder => 11,
        TokenKind::Variable => 12,
        TokenKind::Op => 13,
        TokenKind::Semicolon => 14,
        TokenKind::LParen => 15,
        TokenKind::RParen => 16,
        TokenKind::Comma => 17,
        TokenKind::Dot => 18,
        TokenKind::Unterminated => 19,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(sql: &str) -> Vec<u8> {
        shape_with(sql, LexOptions::default())
    }

    fn shape_with(sql: &str, opts: LexOptions) -> Vec<u8> {
        let mut out = Vec::new();
        shape_into(sql.as_bytes(), opts, &mut out);
        out
    }

    #[test]
    fn compared_values_are_masked() {
        let a = shape("SELECT doc FROM t WHERE id = 1");
        assert_eq!(a, shape("SELECT doc FROM t WHERE id=987654"));
        assert_eq!(a, shape("SELECT  doc /* hi */ FROM t\nWHERE id = 'abc'"));
        assert_eq!(
            shape("SELECT doc FROM t WHERE id > 1 LIMIT 5 OFFSET 2"),
            shape("SELECT doc FROM t WHERE id > x'00' LIMIT 50 OFFSET 20")
        );
    }

    #[test]
    fn everything_else_keeps_its_bytes() {
        let a = shape("SELECT doc FROM t WHERE id = 1");
        for other in [
            "SELECT body FROM t WHERE id = 1",
            "SELECT doc FROM t2 WHERE id = 1",
            "SELECT doc FROM t WHERE id = 1 + 1",
            "SELECT doc FROM t WHERE id = -1",
            "SELECT doc FROM t WHERE id IN (1)",
            "select doc from t where id = 1",
        ] {
            assert_ne!(a, shape(other), "{other}");
        }
        // Positional ORDER BY, aliases, IN lists and function arguments are
        // not behind a comparison: their literals stay.
        assert_ne!(
            shape("SELECT id, doc FROM t ORDER BY 1"),
            shape("SELECT id, doc FROM t ORDER BY 2")
        );
        assert_ne!(
            shape("SELECT id AS 'doc' FROM t ORDER BY doc"),
            shape("SELECT id AS 'x' FROM t ORDER BY doc")
        );
        assert_ne!(
            shape("INSERT INTO t VALUES (1, '{}')"),
            shape("INSERT INTO t VALUES (1, '[]')")
        );
        assert_ne!(
            shape("PREPARE s FROM 'SELECT 1'"),
            shape("PREPARE s FROM 'SELECT doc->>\"$.a\" FROM t'")
        );
        // Only SELECT statements mask: `=` assigns in SET and UPDATE.
        assert_ne!(
            shape("SET sql_mode = 'ANSI_QUOTES'"),
            shape("SET sql_mode = ''")
        );
        assert_ne!(
            shape("UPDATE t SET doc = '{}' WHERE id = 1"),
            shape("UPDATE t SET doc = '[]' WHERE id = 1")
        );
        assert_ne!(
            shape("SELECT 1; UPDATE t SET doc = '{}'"),
            shape("SELECT 1; UPDATE t SET doc = '[]'")
        );
        assert_eq!(
            shape("(SELECT doc FROM t WHERE id = 1)"),
            shape("(SELECT doc FROM t WHERE id = 2)")
        );
    }

    #[test]
    fn token_boundaries_and_lexing_mode_count() {
        // `ab` + `c` vs `a` + `bc` must differ (length-prefixed tokens).
        assert_ne!(shape("SELECT `ab`.`c`"), shape("SELECT `a`.`bc`"));
        let ansi = LexOptions {
            ansi_quotes: true,
            ..Default::default()
        };
        assert_ne!(
            shape_with("SELECT \"doc\" FROM t", ansi),
            shape("SELECT \"doc\" FROM t")
        );
    }
}
