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
/// The matching `)` of every `(` of a statement's tokens, found in one
/// pass: analyzers that descend through nested calls ask for the partner
/// and the arguments of each level, which scanning for would cost a pass
/// per level (quadratic in the nesting).
pub struct Parens {
    /// For a `(` at i, its `)` (`u32::MAX`: unmatched, or not a `(`).
    close: Vec<u32>,
}

impl Parens {
    pub fn of(toks: &[Token]) -> Parens {
        let mut close = vec![u32::MAX; toks.len()];
        let mut open = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            match t.kind {
                TokenKind::LParen => open.push(i),
                TokenKind::RParen => {
                    if let Some(o) = open.pop() {
                        close[o] = i as u32;
                    }
                }
                _ => {}
            }
        }
        Parens { close }
    }

    /// Index of the `)` matching the `(` at `open`, or the token count
    /// (as `classify::matching_paren`).
    pub fn matching(&self, open: usize) -> usize {
        match self.close.get(open) {
            Some(&c) if c != u32::MAX => c as usize,
            _ => self.close.len(),
        }
    }

    /// [`split_commas`], stepping over each parenthesised group at once.
    pub fn split_commas(&self, toks: &[Token], range: Range<usize>) -> Vec<Range<usize>> {
        let mut out = Vec::new();
        let mut start = range.start;
        let mut i = range.start;
        while i < range.end {
            match toks[i].kind {
                TokenKind::LParen => {
                    let c = self.matching(i);
                    if c >= range.end {
                        // Open to the end of the range: no more commas.
                        break;
                    }
                    i = c;
                }
                TokenKind::Comma => {
                    out.push(start..i);
                    start = i + 1;
                }
                _ => {}
            }
            i += 1;
        }
        if start < range.end || !out.is_empty() {
            out.push(start..range.end);
        }
        out
    }
}

/// The tokens of `range` outside every parenthesis opened inside it (the
/// parentheses themselves excluded).
pub fn top_level(toks: &[Token], range: Range<usize>) -> impl Iterator<Item = usize> + '_ {
    let mut depth = 0usize;
    range.filter(move |&i| match toks[i].kind {
        TokenKind::LParen => {
            depth += 1;
            false
        }
        TokenKind::RParen => {
            depth = depth.saturating_sub(1);
            false
        }
        _ => depth == 0,
    })
}

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

#[cfg(test)]
mod parens_tests {
    use super::*;
    use crate::sql::classify::matching_paren;
    use crate::sql::lexer::{lex, LexOptions};

    #[test]
    fn the_one_pass_index_answers_as_the_scans_on_balanced_and_unbalanced_text() {
        let texts = [
            "IF(a, IF(b, (1, 2), c), d)",
            "f(a, (b, c), g(h(i), j), k)",
            "x) , (y, z",
            "((a, b), c",
            "a, b)), (c, d), e",
            "COALESCE(a, (SELECT x FROM t WHERE (y, z) IN ((1, 2))), b)",
            "",
            "(",
            ")",
        ];
        for text in texts {
            let toks = lex(text.as_bytes(), LexOptions::default());
            let parens = Parens::of(&toks);
            for i in 0..toks.len() {
                if toks[i].kind == TokenKind::LParen {
                    assert_eq!(
                        parens.matching(i),
                        matching_paren(&toks, i),
                        "{text} at {i}"
                    );
                }
                for j in i..=toks.len() {
                    assert_eq!(
                        parens.split_commas(&toks, i..j),
                        split_commas(&toks, i..j),
                        "{text} over {i}..{j}"
                    );
                }
            }
        }
    }
}
