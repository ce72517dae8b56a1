//! The syntax of compound statements (`BEGIN NOT ATOMIC ... END`, `IF`,
//! `CASE`, `LOOP`, `WHILE`, `REPEAT`, `FOR` outside stored programs, and
//! the bodies of `CREATE PROCEDURE|FUNCTION|TRIGGER|EVENT`): where one
//! starts and which `;`-separated pieces of a query it spans. MariaDB parses
//! such a statement as one, `;`s included. What squeeze does with one is
//! decided in `plan::procedural`.

use super::lexer::{Token, TokenKind};
use super::statement::Statement;

/// Does the statement (its significant tokens) open a compound statement
/// that may run past its first `;`?
pub fn opens_block(sql: &[u8], toks: &[Token]) -> bool {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    let mut i = 0;
    // `label: BEGIN NOT ATOMIC ...`, `label: LOOP ...`.
    if toks.get(1).is_some_and(|t| t.is_op(sql, ":")) {
        i = 2;
    }
    if kw(i, "BEGIN") && kw(i + 1, "NOT") && kw(i + 2, "ATOMIC") {
        return true;
    }
    if ["IF", "CASE", "LOOP", "WHILE", "REPEAT", "FOR", "DECLARE"]
        .iter()
        .any(|w| kw(i, w))
    {
        return true;
    }
    creates_stored_program(sql, toks)
}

/// `CREATE [OR REPLACE] [DEFINER = ...] [AGGREGATE] TRIGGER|PROCEDURE|FUNCTION|EVENT`.
pub fn creates_stored_program(sql: &[u8], toks: &[Token]) -> bool {
    toks.first().is_some_and(|t| t.is_keyword(sql, "CREATE"))
        && toks.iter().take(12).any(|t| {
            ["TRIGGER", "PROCEDURE", "FUNCTION", "EVENT"]
                .iter()
                .any(|w| t.is_keyword(sql, w))
        })
}

/// The index of the last statement piece of the block opened by
/// `statements[first]`: the splitter cuts at every top-level `;`, MariaDB
/// at the `END` that closes the block. Unbalanced: the end of the query.
pub fn block_end(sql: &[u8], statements: &[Statement<'_>], first: usize) -> usize {
    let mut depth = 0isize;
    for (k, st) in statements.iter().enumerate().skip(first) {
        depth += depth_change(sql, &st.tokens);
        if depth <= 0 {
            return k;
        }
    }
    statements.len().saturating_sub(1).max(first)
}

/// How many blocks a statement piece opens minus how many it closes. Every
/// block ends with exactly one `END` (`END IF`, `END LOOP`, a CASE
/// expression's `END`); `BEGIN` and `CASE` always open one, the other
/// block words only where a statement starts.
fn depth_change(sql: &[u8], toks: &[Token]) -> isize {
    let mut d = 0isize;
    let body = bare_body_start(sql, toks);
    for (i, t) in toks.iter().enumerate() {
        if t.kind != TokenKind::Ident {
            continue;
        }
        let prev_end = i > 0 && toks[i - 1].is_keyword(sql, "END");
        if t.is_keyword(sql, "END") {
            d -= 1;
        } else if prev_end {
            // `END IF`, `END CASE`, `END LOOP`: the closer's second word.
        } else if t.is_keyword(sql, "BEGIN")
            || t.is_keyword(sql, "CASE")
            || (["IF", "LOOP", "WHILE", "REPEAT", "FOR"]
                .iter()
                .any(|w| t.is_keyword(sql, w))
                && (statement_starts_at(sql, toks, i) || body == Some(i)))
        {
            d += 1;
        }
    }
    d
}

/// A stored program whose body is a bare `IF`, `LOOP`, `WHILE`, `REPEAT`
/// or `FOR` (no `BEGIN`): the index of that word. The routine header
/// holds none of them at the top level except `IF NOT EXISTS` and a
/// trigger's `FOR EACH ROW`.
fn bare_body_start(sql: &[u8], toks: &[Token]) -> Option<usize> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    // Procedures and functions: a trigger's body follows `FOR EACH ROW`
    // and an event's `DO`, where a statement starts anyway.
    let routine = kw(0, "CREATE")
        && (1..toks.len().min(12)).any(|i| kw(i, "PROCEDURE") || kw(i, "FUNCTION"))
        && !(1..toks.len().min(12)).any(|i| kw(i, "TRIGGER") || kw(i, "EVENT"));
    if !routine {
        return None;
    }
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate() {
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            TokenKind::Ident if depth == 0 => {
                if [
                    "BEGIN", "CASE", "RETURN", "SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE",
                    "SET", "CALL", "WITH", "VALUES",
                ]
                .iter()
                .any(|w| kw(i, w))
                {
                    // A body that starts otherwise.
                    return None;
                }
                let header = (kw(i, "IF") && kw(i + 1, "NOT") && kw(i + 2, "EXISTS"))
                    || (kw(i, "FOR") && kw(i + 1, "EACH"));
                if !header
                    && ["IF", "LOOP", "WHILE", "REPEAT", "FOR"]
                        .iter()
                        .any(|w| kw(i, w))
                {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Does a statement start at `i` of a piece (after the piece's start, a
/// label, or a word after which a block holds statements)?
fn statement_starts_at(sql: &[u8], toks: &[Token], i: usize) -> bool {
    if i == 0 {
        return true;
    }
    let p = &toks[i - 1];
    p.is_op(sql, ":")
        || [
            "BEGIN", "ATOMIC", "THEN", "ELSE", "DO", "LOOP", "REPEAT", "ROW",
        ]
        .iter()
        .any(|w| p.is_keyword(sql, w))
}

/// The significant tokens of `statements[first..=last]` as one statement,
/// with the `;`s between them.
pub fn block_tokens(statements: &[Statement<'_>], first: usize, last: usize) -> Vec<Token> {
    let mut out = Vec::new();
    for (k, st) in statements[first..=last].iter().enumerate() {
        if k > 0 {
            let at = statements[first + k - 1].range.end;
            out.push(Token {
                kind: TokenKind::Semicolon,
                start: at,
                end: at + 1,
            });
        }
        out.extend_from_slice(&st.tokens);
    }
    out
}
