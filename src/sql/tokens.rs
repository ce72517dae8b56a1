//! Token predicates every SQL analyzer shares: names, keywords, and the
//! one table of keywords each analysis stops at. One copy, so that the
//! read analyzer, the write analyzer and the table walk agree on what a
//! word is.

use std::ops::Range;

use super::lexer::{Token, TokenKind};

/// An identifier token, quoted or not (a keyword spelled as an unquoted
/// identifier included: callers that must exclude reserved words use
/// [`is_reserved`]).
pub fn is_name(t: &Token) -> bool {
    matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent)
}

/// Whether token `i` of `toks` is the keyword `word` (any case).
pub fn keyword_at(src: &[u8], toks: &[Token], i: usize, word: &str) -> bool {
    toks.get(i).is_some_and(|t| t.is_keyword(src, word))
}

/// Whether `t` is present and is the keyword `word` (any case).
pub fn is_keyword(src: &[u8], t: Option<&Token>, word: &str) -> bool {
    t.is_some_and(|t| t.is_keyword(src, word))
}

/// Whether `t` is one of the keywords after which a name is an
/// expression, not an alias.
pub fn is_expression_keyword(src: &[u8], t: &Token) -> bool {
    EXPRESSION_KEYWORDS.iter().any(|w| t.is_keyword(src, w))
}

/// Words that are never an alias or column name (MariaDB reserved words a
/// statement's structure hangs on).
pub fn is_reserved(word: &[u8]) -> bool {
    const RESERVED: &[&str] = &[
        "ALL",
        "AND",
        "AS",
        "ASC",
        "BETWEEN",
        "BY",
        "CASE",
        "CROSS",
        "DESC",
        "DISTINCT",
        "DISTINCTROW",
        "DIV",
        "ELSE",
        "END",
        "EXCEPT",
        "EXISTS",
        "FETCH",
        "FOR",
        "FORCE",
        "FROM",
        "FULL",
        "GROUP",
        "HAVING",
        "IGNORE",
        "IN",
        "INNER",
        "INTERSECT",
        "INTERVAL",
        "INTO",
        "IS",
        "JOIN",
        "KEY",
        "LATERAL",
        "LEFT",
        "LIKE",
        "LIMIT",
        "LOCK",
        "MINUS",
        "MOD",
        "NATURAL",
        "NOT",
        "NULL",
        "OFFSET",
        "ON",
        "OR",
        "ORDER",
        "OUTER",
        "OVER",
        "PARTITION",
        "PROCEDURE",
        "REGEXP",
        "RETURNING",
        "RIGHT",
        "RLIKE",
        "SELECT",
        "SET",
        "STRAIGHT_JOIN",
        "THEN",
        "UNION",
        "USE",
        "USING",
        "VALUES",
        "WHEN",
        "WHERE",
        "WINDOW",
        "WITH",
        "XOR",
    ];
    RESERVED
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w.as_bytes()))
}

/// Keywords after which a name is an expression, not an alias.
const EXPRESSION_KEYWORDS: &[&str] = &[
    "SELECT",
    "WHERE",
    "AND",
    "OR",
    "NOT",
    "XOR",
    "ON",
    "BY",
    "HAVING",
    "SET",
    "WHEN",
    "THEN",
    "ELSE",
    "CASE",
    "DISTINCT",
    "DISTINCTROW",
    "ALL",
    "IS",
    "IN",
    "LIKE",
    "BETWEEN",
    "REGEXP",
    "RLIKE",
    "INTERVAL",
    "BINARY",
    "USING",
    "VALUES",
    "VALUE",
    "ROW",
    "RETURNING",
    "HIGH_PRIORITY",
    "STRAIGHT_JOIN",
    "SQL_CALC_FOUND_ROWS",
    "SQL_NO_CACHE",
    "SQL_CACHE",
    "SQL_BIG_RESULT",
    "SQL_SMALL_RESULT",
    "SQL_BUFFER_RESULT",
    "DIV",
    "MOD",
    "SOUNDS",
    "EXISTS",
    "ANY",
    "SOME",
    "MEMBER",
    "OF",
    "ESCAPE",
    "UPDATE",
    "LIMIT",
    "OFFSET",
    "UNION",
    "ASC",
    "DESC",
    "WITH",
    "ROLLUP",
    "COLLATE",
    "SEPARATOR",
    "AGAINST",
    "FOR",
    "FROM",
    "RETURN",
    "DEFAULT",
    "ALTER",
    "MODIFY",
    "CHANGE",
    "ADD",
    "COLUMN",
    "DROP",
    "AFTER",
    "FIRST",
    "KEY",
    "INDEX",
    "TABLE",
    "CHECK",
    "PRIMARY",
    "UNIQUE",
    "RENAME",
    "TO",
];

/// The token ranges of the items of a comma-separated list over `range`
/// (commas inside parentheses do not split).
pub fn split_commas(toks: &[Token], range: Range<usize>) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = range.start;
    for i in range.clone() {
        match toks[i].kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.saturating_sub(1),
            TokenKind::Comma if depth == 0 => {
                out.push(start..i);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < range.end || !out.is_empty() {
        out.push(start..range.end);
    }
    out
}
