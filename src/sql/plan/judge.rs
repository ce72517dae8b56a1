//! The generic reference scan: every reference to a compressed column
//! not accounted for by its statement's clauses is judged by where it
//! stands (its clause, the function or operator around it).

use super::{refuse, Analyzer, Clause, ColumnRef, Frame, FrameKind, Refusal, RefuseReason};
use crate::sql::classify::StatementKind;
use crate::sql::lexer::{Token, TokenKind};
use crate::sql::tokens::is_expression_keyword;

/// Functions whose use on a compressed column is harmless.
const HARMLESS_FUNCTIONS: &[&str] = &["COUNT", "ISNULL"];

const COMPARISON_OPS: &[&str] = &["=", "<", ">", "<=", ">=", "<>", "!=", "<=>"];

impl<'a: 't, 't> Analyzer<'a, 't> {
    /// Walk every token; judge each compressed-column reference not already
    /// accounted for by its context.
    pub(in crate::sql) fn generic(&mut self, kind: &StatementKind<'a>) -> Result<(), Refusal> {
        let ddl = matches!(kind, StatementKind::Ddl | StatementKind::Other);
        let mut stack = vec![Frame {
            kind: FrameKind::Top,
            clause: Clause::None,
            distinct: false,
        }];
        let mut i = 0;
        while i < self.toks.len() {
            let t = self.toks[i];
            let top = *stack.last().expect("stack never empty");
            match t.kind {
                TokenKind::LParen => {
                    let prev = i.checked_sub(1).map(|p| self.toks[p]);
                    let kind = if self.is_query_start(i + 1) && !self.kw(i + 1, "VALUES") {
                        FrameKind::Query
                    } else if prev.is_some_and(|p| p.is_keyword(self.src, "IN")) {
                        FrameKind::InList
                    } else if prev.is_some_and(|p| {
                        p.kind == TokenKind::Ident
                            && !self.skip[i - 1]
                            && ![
                                "AS", "ON", "USING", "AND", "OR", "NOT", "WHERE", "SELECT", "IN",
                                "BY", "SET", "WHEN", "THEN", "ELSE", "ROW", "KEY", "INDEX",
                                "CHECK", "VALUES", "VALUE", "XOR", "HAVING",
                            ]
                            .iter()
                            .any(|w| p.is_keyword(self.src, w))
                    }) {
                        FrameKind::Function(i - 1)
                    } else {
                        FrameKind::Group
                    };
                    let clause = if kind == FrameKind::Query {
                        Clause::None
                    } else {
                        top.clause
                    };
                    stack.push(Frame {
                        kind,
                        clause,
                        distinct: kind != FrameKind::Query && top.distinct,
                    });
                }
                TokenKind::RParen if stack.len() > 1 => {
                    stack.pop();
                }
                TokenKind::Ident | TokenKind::QuotedIdent => {
                    if t.kind == TokenKind::Ident
                        && !matches!(top.kind, FrameKind::Function(_) | FrameKind::InList)
                    {
                        if let Some(c) = self.clause_keyword(i) {
                            let f = stack.last_mut().expect("stack never empty");
                            f.clause = c;
                            if c == Clause::SelectList {
                                f.distinct =
                                    self.kw(i + 1, "DISTINCT") || self.kw(i + 1, "DISTINCTROW");
                            }
                            i += 1;
                            continue;
                        }
                    }
                    let qualified_part = i > 0 && self.toks[i - 1].kind == TokenKind::Dot;
                    let in_call = matches!(top.kind, FrameKind::Function(_) | FrameKind::InList);
                    if !self.skip[i] && !qualified_part && (in_call || !self.alias_position(i)) {
                        if let Some((parts, end)) = self.chain(i) {
                            if let Some(col) = self.resolve(&parts) {
                                if let Err(r) = self.judge(i, end, col, &stack, ddl) {
                                    self.read_by_server(i, end, &parts, &stack, r)?;
                                }
                            }
                            i = end;
                            continue;
                        }
                    }
                }
                _ => {}
            }
            i += 1;
        }
        Ok(())
    }

    /// Is the name at `i` in alias position (`SELECT x AS doc`, `SELECT
    /// COUNT(*) doc`, `SELECT a.b doc`)? Then it names no column.
    pub(super) fn alias_position(&self, i: usize) -> bool {
        let Some(p) = i.checked_sub(1).map(|p| self.toks[p]) else {
            return false;
        };
        match p.kind {
            TokenKind::QuotedIdent
            | TokenKind::Str { .. }
            | TokenKind::Number
            | TokenKind::HexLit
            | TokenKind::BitLit
            | TokenKind::RParen => true,
            TokenKind::Ident => {
                p.is_keyword(self.src, "AS") || !is_expression_keyword(self.src, &p)
            }
            _ => false,
        }
    }

    fn clause_keyword(&self, i: usize) -> Option<Clause> {
        let t = &self.toks[i];
        let is = |w: &str| t.is_keyword(self.src, w);
        Some(if is("SELECT") || is("RETURNING") {
            Clause::SelectList
        } else if is("FROM") || is("JOIN") || is("STRAIGHT_JOIN") {
            Clause::From
        } else if is("WHERE")
            || is("ON")
            || is("HAVING")
            || (is("USING") && self.kind(i + 1) == Some(TokenKind::LParen))
        {
            if is("ON") && self.kw(i + 1, "DUPLICATE") {
                Clause::Set
            } else {
                Clause::Where
            }
        } else if is("GROUP") && self.kw(i + 1, "BY") {
            Clause::GroupBy
        } else if (is("ORDER") || is("PARTITION")) && self.kw(i + 1, "BY") {
            Clause::OrderBy
        } else if is("SET") {
            Clause::Set
        } else if is("VALUES") || is("VALUE") {
            let prev = i.checked_sub(1).and_then(|p| self.kind(p));
            if self.kind(i + 1) == Some(TokenKind::LParen)
                && matches!(
                    prev,
                    Some(TokenKind::Op | TokenKind::Comma | TokenKind::LParen)
                )
            {
                // VALUES(col) function in ON DUPLICATE KEY UPDATE.
                return None;
            }
            Clause::Values
        } else if is("LIMIT")
            || is("INTO")
            || is("WINDOW")
            || is("UNION")
            || is("EXCEPT")
            || is("INTERSECT")
        {
            Clause::Other
        } else {
            return None;
        })
    }

    /// Decide whether the reference `toks[s..e]` to compressed column `col`
    /// is acceptable where it stands.
    fn judge(
        &self,
        s: usize,
        e: usize,
        col: ColumnRef,
        stack: &[Frame],
        ddl: bool,
    ) -> Result<(), Refusal> {
        let src = self.src;
        let prev = s.checked_sub(1).map(|p| self.toks[p]);
        let next = self.toks.get(e).copied();
        let next_kw = |w: &str| next.is_some_and(|t| t.is_keyword(src, w));
        // `doc IS [NOT] NULL` is evaluated without looking inside the value.
        if next_kw("IS") {
            let k = if self.kw(e + 1, "NOT") { e + 2 } else { e + 1 };
            if self.kw(k, "NULL") {
                return Ok(());
            }
            return Err(refuse(col, RefuseReason::Comparison, "IS TRUE/FALSE"));
        }
        if let Some(n) = next {
            if n.is_op(src, "->") || n.is_op(src, "->>") {
                let op = String::from_utf8_lossy(n.text(src));
                return Err(refuse(
                    col,
                    RefuseReason::JsonFunction,
                    format!("the `{op}` operator"),
                ));
            }
        }
        // Innermost non-grouping frame.
        let frame = stack
            .iter()
            .rev()
            .find(|f| f.kind != FrameKind::Group)
            .copied()
            .unwrap_or(stack[0]);
        match frame.kind {
            FrameKind::Function(name_at) => return self.judge_argument(name_at, prev, next, col),
            FrameKind::InList => return Err(refuse(col, RefuseReason::Comparison, "IN (...)")),
            _ => {}
        }
        // Operators on either side.
        for (tok, after) in [(next, true), (prev, false)] {
            let Some(t) = tok else { continue };
            self.judge_neighbour(t, after, e, frame, &col)?;
        }
        self.judge_clause(frame, ddl, col)
    }

    /// A reference that is an argument of the function named at `name_at`
    /// (`prev` and `next` are the tokens around it): only the whole
    /// argument of a harmless function is acceptable.
    fn judge_argument(
        &self,
        name_at: usize,
        prev: Option<Token>,
        next: Option<Token>,
        col: ColumnRef,
    ) -> Result<(), Refusal> {
        let name = self.toks[name_at].text(self.src);
        let name_s = String::from_utf8_lossy(name).to_ascii_uppercase();
        let whole_arg = prev.is_some_and(|p| p.kind == TokenKind::LParen)
            && next.is_some_and(|n| n.kind == TokenKind::RParen);
        if whole_arg
            && HARMLESS_FUNCTIONS
                .iter()
                .any(|f| name.eq_ignore_ascii_case(f.as_bytes()))
        {
            return Ok(());
        }
        if name_s.starts_with("JSON_") {
            return Err(refuse(col, RefuseReason::JsonFunction, name_s));
        }
        Err(refuse(col, RefuseReason::Function, format!("{name_s}()")))
    }

    /// The operator or keyword `t` just after (`after`) or before the
    /// reference ending at `e`: a comparison, a computation or a condition
    /// on it is refused.
    fn judge_neighbour(
        &self,
        t: Token,
        after: bool,
        e: usize,
        frame: Frame,
        col: &ColumnRef,
    ) -> Result<(), Refusal> {
        let src = self.src;
        let text = t.text(src);
        let text_s = String::from_utf8_lossy(text).to_ascii_uppercase();
        if t.kind == TokenKind::Op {
            if COMPARISON_OPS.iter().any(|o| text == o.as_bytes()) {
                if !after && frame.clause == Clause::Set {
                    return Err(refuse(
                        col.clone(),
                        RefuseReason::ComputedUpdate,
                        "an assignment of its value to another column",
                    ));
                }
                return Err(refuse(
                    col.clone(),
                    RefuseReason::Comparison,
                    format!("a comparison (`{text_s}`)"),
                ));
            }
            if text == b"," || text == b"{" || text == b"}" {
                return Ok(());
            }
            return Err(refuse(
                col.clone(),
                RefuseReason::Function,
                format!("the `{text_s}` operator"),
            ));
        }
        if t.kind == TokenKind::Ident {
            let like = ["LIKE", "REGEXP", "RLIKE", "SOUNDS"];
            let cmp = ["IN", "BETWEEN", "COLLATE"];
            let logic = [
                "AND", "OR", "XOR", "NOT", "DIV", "MOD", "CASE", "WHEN", "THEN", "ELSE",
                "INTERVAL", "BINARY", "ESCAPE",
            ];
            if like.iter().any(|w| t.is_keyword(src, w)) {
                return Err(refuse(col.clone(), RefuseReason::Like, text_s));
            }
            if after && t.is_keyword(src, "NOT") {
                let n2 = self.toks.get(e + 1);
                if n2.is_some_and(|n| like.iter().any(|w| n.is_keyword(src, w))) {
                    return Err(refuse(col.clone(), RefuseReason::Like, "NOT LIKE/REGEXP"));
                }
            }
            if cmp.iter().any(|w| t.is_keyword(src, w)) {
                return Err(refuse(col.clone(), RefuseReason::Comparison, text_s));
            }
            if t.is_keyword(src, "MEMBER") {
                return Err(refuse(col.clone(), RefuseReason::JsonFunction, "MEMBER OF"));
            }
            if logic.iter().any(|w| t.is_keyword(src, w)) {
                return Err(refuse(
                    col.clone(),
                    RefuseReason::Comparison,
                    format!("a condition or expression (`{text_s}`)"),
                ));
            }
        }
        Ok(())
    }

    /// A reference with no operator around it: acceptable as a whole value
    /// of a select list (unless DISTINCT or copied by INSERT ... SELECT) or
    /// of a DDL statement, refused in any other clause.
    fn judge_clause(&self, frame: Frame, ddl: bool, col: ColumnRef) -> Result<(), Refusal> {
        match frame.clause {
            Clause::SelectList => {
                if frame.distinct {
                    Err(refuse(col, RefuseReason::Distinct, "DISTINCT"))
                } else if self.insert_select {
                    Err(refuse(
                        col,
                        RefuseReason::InsertSelect,
                        "INSERT ... SELECT of it",
                    ))
                } else {
                    Ok(())
                }
            }
            Clause::None if ddl || frame.kind != FrameKind::Top => Ok(()),
            Clause::None => Err(refuse(col, RefuseReason::Other, "this statement")),
            Clause::Where => Err(refuse(
                col,
                RefuseReason::Comparison,
                "a WHERE/ON/HAVING condition",
            )),
            Clause::GroupBy => Err(refuse(col, RefuseReason::GroupBy, "GROUP BY")),
            Clause::OrderBy => Err(refuse(col, RefuseReason::OrderBy, "ORDER BY")),
            Clause::Set => Err(refuse(
                col,
                RefuseReason::ComputedUpdate,
                "an assignment computed from it",
            )),
            Clause::From | Clause::Values | Clause::Other => {
                Err(refuse(col, RefuseReason::Other, "this use"))
            }
        }
    }
}
