//! The nesting budget of a statement squeeze analyses.
//!
//! squeeze's analyzers (the expression parser, the row-filter parser, the
//! extracted-column deriver, the table-reference walker) descend once per
//! syntactic level: a parenthesis, a `CASE .. END`, a prefix operator
//! (`NOT`, `!`, unary `-`, `BINARY`, ...). One linear pass over the tokens
//! before any of them runs bounds every such descent: a statement nested
//! deeper than [`MAX_NESTING`] is refused with ERR 1436, as MariaDB itself
//! refuses deep nesting (1436 "Thread stack overrun"), and never reaches
//! code whose stack use grows with the depth. The session workers and the
//! heavy-work thread get a stack sized against this budget
//! (`limits::stack`).

use super::lexer::{Token, TokenKind};

/// The deepest nesting squeeze analyses. MariaDB 10.11 itself answers
/// ordinary nesting up to a few hundred levels (docs/limits.md); squeeze
/// accepts more than any application writes.
pub const MAX_NESTING: usize = 1000;

/// A statement nested deeper than [`MAX_NESTING`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooDeep {
    /// The construct that went over the budget, as the client wrote it.
    pub construct: &'static str,
    /// Byte offset of the token that went over.
    pub at: usize,
}

impl TooDeep {
    /// The client's message (sent with ERR 1436).
    pub fn message(&self) -> String {
        format!(
            "Thread stack overrun: squeeze analyses statements nested at most {MAX_NESTING} levels deep (parentheses, subqueries, function calls, CASE, NOT and other prefix operators); this one nests {} deeper than that at byte {}. Write the expression with less nesting",
            self.construct, self.at
        )
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Open {
    Paren,
    Case,
}

/// Check `toks` (of `src`) against [`MAX_NESTING`]. Linear in the tokens;
/// allocates only when the statement has a parenthesis or a CASE.
pub fn check(src: &[u8], toks: &[Token]) -> Result<(), TooDeep> {
    // `base`: the levels of the open constructs (each counts itself and
    // the prefix operators in front of it) and of the NOTs whose operand
    // is being read; `run`: the prefix operators just seen, which nest
    // what follows them; `level_start`: `base` where the innermost open
    // construct began.
    let (mut base, mut run, mut level_start) = (0usize, 0usize, 0usize);
    // Whether `run` holds a NOT.
    let mut run_not = false;
    // Each open construct with the `base` and `level_start` before it.
    let mut open: Vec<(Open, usize, usize)> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        let construct = match t.kind {
            TokenKind::LParen => {
                open.push((Open::Paren, base, level_start));
                base += run + 1;
                level_start = base;
                (run, run_not) = (0, false);
                "parentheses"
            }
            TokenKind::RParen => {
                // Closes the innermost parenthesis and any CASE left open
                // inside it (the server rejects that; the bound holds).
                while let Some((kind, b, start)) = open.pop() {
                    (base, level_start) = (b, start);
                    if kind == Open::Paren {
                        break;
                    }
                }
                (run, run_not) = (0, false);
                continue;
            }
            TokenKind::Ident if t.is_keyword(src, "CASE") => {
                open.push((Open::Case, base, level_start));
                base += run + 1;
                level_start = base;
                (run, run_not) = (0, false);
                "CASE"
            }
            TokenKind::Ident if t.is_keyword(src, "END") => {
                // `END IF`/`END LOOP`/...: a block squeeze did not count.
                let block = next_word(src, toks, i).is_some_and(|w| {
                    ["IF", "LOOP", "WHILE", "REPEAT", "FOR"]
                        .iter()
                        .any(|k| w.eq_ignore_ascii_case(k.as_bytes()))
                });
                if !block && matches!(open.last(), Some((Open::Case, _, _))) {
                    if let Some((_, b, start)) = open.pop() {
                        (base, level_start) = (b, start);
                    }
                }
                (run, run_not) = (0, false);
                continue;
            }
            // What ends a NOT's operand (NOT binds looser than comparisons,
            // IN, LIKE, `=`: the parser holds its level while it reads
            // `NOT a IN (SELECT ..)`, and only these end it).
            TokenKind::Comma | TokenKind::Semicolon => {
                (base, run, run_not) = (level_start, 0, false);
                continue;
            }
            TokenKind::Ident if ends_not_operand(src, t) => {
                (base, run, run_not) = (level_start, 0, false);
                continue;
            }
            TokenKind::Op if matches!(t.text(src), b"&&" | b"||") => {
                (base, run, run_not) = (level_start, 0, false);
                continue;
            }
            TokenKind::Ident if is_prefix_word(src, t) => {
                run += 1;
                run_not |= t.is_keyword(src, "NOT");
                "prefix operators (NOT, BINARY)"
            }
            TokenKind::Op if is_prefix_op(t.text(src)) => {
                run += 1;
                "prefix operators (!, -, +, ~)"
            }
            k if k.is_trivia() => continue,
            // A function's name (`NOT ABS(`, `- db.f(`): the prefix
            // operators before it nest the call, whose `(` counts them.
            TokenKind::Ident | TokenKind::QuotedIdent | TokenKind::Dot
                if matches!(next_kind(toks, i), Some(TokenKind::LParen | TokenKind::Dot))
                    || (t.kind == TokenKind::Dot
                        && matches!(
                            next_kind(toks, i),
                            Some(TokenKind::Ident | TokenKind::QuotedIdent)
                        )) =>
            {
                continue
            }
            _ => {
                // An operand: tight prefix operators (`-`, `!`, BINARY)
                // applied to it and are done; a NOT stays open over the
                // operators that follow.
                if run_not {
                    base += run;
                }
                (run, run_not) = (0, false);
                continue;
            }
        };
        if base + run > MAX_NESTING {
            return Err(TooDeep {
                construct,
                at: t.start,
            });
        }
    }
    Ok(())
}

/// AND, OR, XOR and the CASE words: a NOT before them has its operand.
fn ends_not_operand(src: &[u8], t: &Token) -> bool {
    ["AND", "OR", "XOR", "WHEN", "THEN", "ELSE"]
        .iter()
        .any(|k| t.is_keyword(src, k))
}

fn next_kind(toks: &[Token], i: usize) -> Option<TokenKind> {
    toks[i + 1..]
        .iter()
        .find(|t| !t.kind.is_trivia())
        .map(|t| t.kind)
}

fn next_word<'s>(src: &'s [u8], toks: &[Token], i: usize) -> Option<&'s [u8]> {
    toks[i + 1..]
        .iter()
        .find(|t| !t.kind.is_trivia())
        .filter(|t| t.kind == TokenKind::Ident)
        .map(|t| t.text(src))
}

fn is_prefix_word(src: &[u8], t: &Token) -> bool {
    ["NOT", "BINARY", "EXISTS", "INTERVAL", "DISTINCT"]
        .iter()
        .any(|w| t.is_keyword(src, w))
}

/// Operators that may stand in front of an operand (`:=` chains to the
/// right, like one). A binary `-` between operands counts one level too
/// many, which only makes the bound stricter.
fn is_prefix_op(op: &[u8]) -> bool {
    matches!(op, b"!" | b"-" | b"+" | b"~" | b":=")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::lexer::{lex, LexOptions};

    fn depth_ok(sql: &str) -> bool {
        check(sql.as_bytes(), &lex(sql.as_bytes(), LexOptions::default())).is_ok()
    }

    fn nested(open: &str, inner: &str, close: &str, n: usize) -> String {
        format!("SELECT {}{inner}{}", open.repeat(n), close.repeat(n))
    }

    #[test]
    fn nesting_up_to_the_budget_passes_and_one_level_more_is_refused() {
        let n = MAX_NESTING;
        for (open, close) in [("(", ")"), ("CAST(", " AS CHAR)"), ("IF(1, ", ", 0)")] {
            assert!(depth_ok(&nested(open, "1", close, n)), "{open} x {n}");
            assert!(
                !depth_ok(&nested(open, "1", close, n + 1)),
                "{open} x {}",
                n + 1
            );
        }
        assert!(depth_ok(&nested("NOT ", "1", "", n)));
        assert!(!depth_ok(&nested("NOT ", "1", "", n + 1)));
        assert!(depth_ok(&nested("CASE WHEN 1 THEN ", "1", " END", n)));
        assert!(!depth_ok(&nested("CASE WHEN 1 THEN ", "1", " END", n + 1)));
        assert!(!depth_ok(&nested("- ", "1", "", n + 1)));
    }

    #[test]
    fn prefix_operators_in_front_of_parentheses_add_to_their_depth() {
        let half = MAX_NESTING / 2;
        assert!(depth_ok(&nested("NOT (", "1", ")", half - 1)));
        assert!(!depth_ok(&nested("NOT (", "1", ")", half + 1)));
    }

    #[test]
    fn prefix_operators_in_front_of_a_call_add_to_its_depth() {
        // A run of NOTs before each of n nested calls nests as deep as
        // the parser descends: the name between them does not end it
        // (found by the hostile_nesting fuzzer: 241 BINARY then 842
        // JSON_EXTRACT( were counted 842 deep).
        let half = MAX_NESTING / 2;
        assert!(depth_ok(&nested("NOT ABS(", "1", ")", half - 1)));
        assert!(!depth_ok(&nested("NOT ABS(", "1", ")", half + 1)));
        assert!(!depth_ok(&nested("- db.f(", "1", ")", half + 1)));
        assert!(!depth_ok(&format!(
            "SELECT {}{}1{}",
            "BINARY ".repeat(241),
            "JSON_EXTRACT(".repeat(842),
            ", '$.a')".repeat(842)
        )));
        // A column between them ends the run.
        assert!(depth_ok(&format!(
            "SELECT {}",
            vec!["NOT NOT a.b AND f(1)"; 10_000].join(" OR ")
        )));
    }

    #[test]
    fn a_not_stays_open_over_the_comparison_or_in_it_negates() {
        // `NOT a IN (SELECT .. WHERE NOT b IN (..))`: the parser holds each
        // NOT's level while it reads the IN's subquery, so runs of NOTs
        // separated by an operand add up (900 NOTs before each of 99
        // nested subqueries: 89,000 levels the parser descends).
        let level = format!("{}id IN (SELECT id FROM t WHERE ", "NOT ".repeat(900));
        let sql = format!(
            "SELECT 1 FROM t WHERE {}1{}",
            level.repeat(99),
            ")".repeat(99)
        );
        assert!(!depth_ok(&sql));
        // Tight prefix operators apply to the operand and are done.
        let level = format!("{}id IN (SELECT id FROM t WHERE ", "- ".repeat(900));
        let sql = format!(
            "SELECT 1 FROM t WHERE {}1{}",
            level.repeat(99),
            ")".repeat(99)
        );
        assert!(depth_ok(&sql));
        // AND, OR, commas and CASE words end a NOT's operand.
        let flat = vec!["NOT a = 1 AND NOT b IN (1) OR NOT c, NOT d"; 20_000].join(" OR ");
        assert!(depth_ok(&format!("SELECT {flat}")));
    }

    #[test]
    fn long_flat_statements_are_not_deep() {
        let flat = format!(
            "SELECT {}",
            vec!["(1) AND NOT (2) - -3"; 100_000].join(" OR ")
        );
        assert!(depth_ok(&flat));
        let cases = vec!["CASE WHEN 1 THEN 2 END"; 10_000].join(" + ");
        assert!(depth_ok(&format!("SELECT {cases}")));
        // Unbalanced closers never make the rest look shallower.
        let tail = format!("SELECT )) {}", "(".repeat(MAX_NESTING + 1));
        assert!(!depth_ok(&tail));
    }
}
