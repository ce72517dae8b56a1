// Over 600 lines: one precedence-climbing parser of MariaDB expressions, a method per operator, primary form and function-call family.
//! Expressions: a precedence-climbing parser (MariaDB's operator
//! precedence) that tracks whether a value is a compressed column's stored
//! bytes and refuses every operator, function or condition that would make
//! MariaDB evaluate them.

use super::{refusal, Parser, Stop, R};
use crate::sql::json::eval::{ArithOp, Candidate, CastTo};
use crate::sql::json::{parse_path, JsonCall};
use crate::sql::lexer::TokenKind;
use crate::sql::refusal::{ColumnRef, RefuseReason};

/// What an expression evaluates to, as far as compression goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Val {
    /// Not a compressed value.
    Plain,
    /// The literal `NULL` (a pass-through function may mix it with a
    /// compressed value: the result is that value or NULL).
    Null,
    /// Exactly the stored value of a compressed column (or NULL).
    Blob(ColumnRef),
    /// A function of a compressed value that is NULL exactly when the value
    /// is (`JSON_UNQUOTE(doc)`): fine under `IS [NOT] NULL`, nowhere else.
    NullProbe(ColumnRef),
    /// A JSON function squeeze can evaluate itself on the inflated value
    /// (`JSON_VALUE(doc, '$.a')`): answered as a top-level select item,
    /// refused anywhere else.
    Json(ColumnRef, Box<JsonItem>),
}

/// A select-list JSON function over a compressed column, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonItem {
    pub call: JsonCall,
    /// The call's text as written (for messages and the column name).
    pub text: String,
    /// Byte span of the whole call in the statement.
    pub item: std::ops::Range<usize>,
    /// Byte span of the column reference argument.
    pub arg: std::ops::Range<usize>,
    /// Every span of the column reference in the item (`arg` first): the
    /// definition probe replaces each.
    pub args: Vec<std::ops::Range<usize>>,
    /// The result column's name (its alias, else its text).
    pub name: String,
}

impl Val {
    pub(super) fn column(&self) -> Option<&ColumnRef> {
        match self {
            Val::Plain | Val::Null => None,
            Val::Blob(c) | Val::NullProbe(c) | Val::Json(c, _) => Some(c),
        }
    }
}

/// How many JSON calls squeeze evaluates composed around one another
/// (`COALESCE(CAST(JSON_EXTRACT(..) AS ..), ..)`); deeper is the server's
/// to answer, or refused.
const MAX_COMPOSED_CALLS: usize = 8;

// Binding powers, loosest first (MariaDB's operator precedence).
const ASSIGN: u8 = 1;
const OR: u8 = 2;
const XOR: u8 = 3;
const AND: u8 = 4;
const NOT: u8 = 5;
/// `NOT`'s binding power: a bound parsed just above it stops before `AND`.
pub(super) const NOT_BP: u8 = NOT;
/// `AND`'s binding power: a bound parsed just above it stops before `AND`.
pub(super) const AND_BP: u8 = AND;
const BETWEEN: u8 = 6;
const COMPARE: u8 = 7;
const BIT_OR: u8 = 8;
const BIT_AND: u8 = 9;
const SHIFT: u8 = 10;
const ADD: u8 = 11;
const MUL: u8 = 12;
const BIT_XOR: u8 = 13;
const UNARY: u8 = 14;
const COLLATE: u8 = 15;

/// The infix forms of an expression, each parsed by its own method.
#[derive(Debug, Clone, Copy)]
enum Infix {
    /// `IS [NOT] NULL|TRUE|FALSE|UNKNOWN`.
    Is,
    /// `[NOT] LIKE|REGEXP|RLIKE`.
    Like,
    /// `SOUNDS LIKE`.
    SoundsLike,
    /// `[NOT] IN (...)`.
    In,
    /// `MEMBER OF (...)`.
    MemberOf,
    /// `[NOT] BETWEEN a AND b`.
    Between,
    /// `COLLATE name`.
    Collate,
    /// `->`, `->>`.
    JsonArrow,
    /// `:=`.
    Assign,
    /// Any other binary operator.
    Binary,
}

pub(super) const COMPARISONS: &[&str] = &["=", "<", ">", "<=", ">=", "<>", "!=", "<=>"];

/// Functions that never look inside their argument's bytes.
const COUNTING: &[&str] = &["COUNT", "ISNULL"];

impl Parser<'_, '_> {
    /// One expression.
    pub(super) fn expr(&mut self) -> R<Val> {
        self.expr_bp(0)
    }

    /// An expression that must not be a compressed value (a condition, an
    /// operand, a sort key...).
    pub(super) fn plain_expr(&mut self, reason: RefuseReason, what: &str) -> R<()> {
        let v = self.expr()?;
        self.reject(&v, reason, what)
    }

    /// A WHERE clause's condition: a value that must not be compressed,
    /// unless it is a JSON condition a declared path answers.
    pub(super) fn where_condition(&mut self) -> R<()> {
        if !self.filtering() {
            return self.where_condition_plain();
        }
        let m = self.mark();
        match self.where_condition_plain() {
            // Conditions squeeze evaluates itself on each row (`filter`).
            Err(Stop::Refuse(r)) => {
                self.reset(&m);
                if self.where_filters() {
                    Ok(())
                } else {
                    Err(Stop::Refuse(r))
                }
            }
            other => other,
        }
    }

    fn where_condition_plain(&mut self) -> R<()> {
        let v = self.expr()?;
        if self.take_condition(&v) {
            return Ok(());
        }
        self.reject(&v, RefuseReason::Comparison, "a WHERE condition")
    }

    pub(super) fn reject(&self, v: &Val, reason: RefuseReason, what: &str) -> R<()> {
        // The server reads every reference through the in-server function.
        if self.server_evaluates() {
            return Ok(());
        }
        if let Val::Json(c, item) = v {
            return Err(refusal(
                c.clone(),
                RefuseReason::JsonFunction,
                format!("`{}` in {what}{}", item.text, self.extract_hint(c, item)),
            ));
        }
        match v.column() {
            Some(c) => Err(refusal(c.clone(), reason, what)),
            None => Ok(()),
        }
    }

    pub(super) fn expr_bp(&mut self, min: u8) -> R<Val> {
        self.enter()?;
        let r = self.expr_bp_inner(min);
        self.leave();
        r
    }

    fn expr_bp_inner(&mut self, min: u8) -> R<Val> {
        let start = self.pos;
        let mut lhs = self.prefix()?;
        while let Some(t) = self.peek().copied() {
            let text = t.text(self.src);
            if t.kind != TokenKind::Ident && t.kind != TokenKind::Op {
                break;
            }
            let upper = String::from_utf8_lossy(text).to_ascii_uppercase();
            // `NOT LIKE`, `NOT IN`, `NOT BETWEEN`, `NOT REGEXP`.
            let negated = upper == "NOT"
                && ["LIKE", "IN", "BETWEEN", "REGEXP", "RLIKE"]
                    .iter()
                    .any(|w| self.kw_at(1, w));
            let word = if negated {
                String::from_utf8_lossy(self.toks[self.pos + 1].text(self.src)).to_ascii_uppercase()
            } else {
                upper.clone()
            };
            let skip = if negated { 2 } else { 1 };
            // Stop when the operator binds less tightly than `min`, else
            // consume it and its right operand.
            let Some((op, bp)) = self.infix_at(t.kind, &word) else {
                break;
            };
            if bp < min {
                break;
            }
            // A select-list item squeeze evaluates, composed further.
            if let Some(v) = self.composed_item(&lhs, op, &word)? {
                lhs = v;
                continue;
            }
            match op {
                Infix::Is => {
                    // `doc IS [NOT] NULL` reads no document: not wrapped.
                    if matches!(lhs, Val::Blob(_))
                        && (self.kw_at(1, "NULL")
                            || (self.kw_at(1, "NOT") && self.kw_at(2, "NULL")))
                    {
                        self.unnote_reference(self.toks[start].start..self.toks[self.pos - 1].end);
                    }
                    self.is_test(&lhs)?
                }
                Infix::Like => self.like(&lhs, &word, skip)?,
                Infix::SoundsLike => self.sounds_like(&lhs)?,
                Infix::In => {
                    if self.extracted(&lhs).is_some() {
                        self.pos += skip;
                        let list = self.pos;
                        self.in_list()?;
                        let items = self.list_items(list..self.pos);
                        if !self.take_extracted(&lhs, &items) {
                            self.reject(&lhs, RefuseReason::Comparison, "IN (...)")?;
                        }
                    } else {
                        self.reject(&lhs, RefuseReason::Comparison, "IN (...)")?;
                        self.pos += skip;
                        self.in_list()?;
                    }
                }
                Infix::MemberOf => self.member_of(&lhs)?,
                Infix::Between => self.between(&lhs, skip)?,
                Infix::Collate => self.collate(&lhs)?,
                Infix::JsonArrow => self.json_arrow(&lhs, &word)?,
                Infix::Assign => self.variable_assignment()?,
                Infix::Binary => self.binary_operator(&lhs, &word, bp, start)?,
            }
            lhs = Val::Plain;
        }
        Ok(lhs)
    }

    /// `item IS [NOT] NULL` and `item + n`, `item - n`, `item * n` (an
    /// integer constant) of a select-list item squeeze evaluates, at the
    /// operator: the composed item, or `None` (the operator is judged as
    /// any other).
    fn composed_item(&mut self, lhs: &Val, op: Infix, word: &str) -> R<Option<Val>> {
        let Val::Json(c, item) = lhs else {
            return Ok(None);
        };
        if !(self.in_select_item && self.allow_json) {
            return Ok(None);
        }
        let (call, end) = match op {
            Infix::Is => {
                let not = self.kw_at(1, "NOT");
                let at = 1 + usize::from(not);
                if !self.kw_at(at, "NULL") {
                    return Ok(None);
                }
                (
                    JsonCall::IsNull(Box::new(item.call.clone()), not),
                    self.pos + at + 1,
                )
            }
            Infix::Binary if item.call.small_integer() => {
                let op = match word {
                    "+" => ArithOp::Add,
                    "-" => ArithOp::Sub,
                    "*" => ArithOp::Mul,
                    _ => return Ok(None),
                };
                let Some(k) = self.toks.get(self.pos + 1).and_then(|t| {
                    let digits = t.text(self.src);
                    (t.kind == TokenKind::Number
                        && digits.len() <= 9
                        && digits.iter().all(u8::is_ascii_digit))
                    .then(|| std::str::from_utf8(digits).ok()?.parse::<i64>().ok())
                    .flatten()
                }) else {
                    return Ok(None);
                };
                // The constant must be the whole right operand: nothing
                // binding tighter than the operator follows it.
                let tighter = self.toks.get(self.pos + 2).is_some_and(|t| {
                    let w = String::from_utf8_lossy(t.text(self.src)).to_ascii_uppercase();
                    match t.kind {
                        TokenKind::Op => {
                            !(matches!(w.as_str(), "+" | "-") || (op == ArithOp::Mul && w == "*"))
                        }
                        TokenKind::Ident => matches!(
                            w.as_str(),
                            "DIV"
                                | "MOD"
                                | "COLLATE"
                                | "IS"
                                | "LIKE"
                                | "IN"
                                | "BETWEEN"
                                | "NOT"
                                | "REGEXP"
                                | "RLIKE"
                                | "SOUNDS"
                                | "MEMBER"
                        ),
                        _ => false,
                    }
                });
                if tighter {
                    return Ok(None);
                }
                (
                    JsonCall::Arith(Box::new(item.call.clone()), op, k),
                    self.pos + 2,
                )
            }
            _ => return Ok(None),
        };
        self.pos = end;
        Ok(Some(self.recomposed(c, item, call, item.item.start)))
    }

    /// `-item` of an integer select-list item squeeze evaluates (the `-`
    /// at token `minus_at`), the item just read.
    fn negated_item(&self, v: &Val, minus_at: usize) -> Option<Val> {
        let Val::Json(c, item) = v else {
            return None;
        };
        if !(self.in_select_item && self.allow_json && item.call.small_integer()) {
            return None;
        }
        // Only when the item ends the operand (`-JSON_DEPTH(doc)`).
        if self.pos == 0 || self.toks[self.pos - 1].end != item.item.end {
            return None;
        }
        let call = JsonCall::Negate(Box::new(item.call.clone()));
        Some(self.recomposed(c, item, call, self.toks[minus_at].start))
    }

    /// `item` composed into `call`, its text from byte `start` to the
    /// token before the cursor.
    fn recomposed(&self, c: &ColumnRef, item: &JsonItem, call: JsonCall, start: usize) -> Val {
        let span = start..self.toks[self.pos - 1].end;
        let text = String::from_utf8_lossy(&self.src[span.clone()]).into_owned();
        Val::Json(
            c.clone(),
            Box::new(JsonItem {
                call,
                name: text.clone(),
                text,
                item: span,
                arg: item.arg.clone(),
                args: item.args.clone(),
            }),
        )
    }

    /// The infix form `word` (a token of `kind` at the cursor, after a
    /// `NOT` for the negated forms) starts, and its binding power; `None`:
    /// not an infix operator (the expression ends). `->` and `->>` bind
    /// tighter than anything.
    fn infix_at(&self, kind: TokenKind, word: &str) -> Option<(Infix, u8)> {
        let ident = kind == TokenKind::Ident;
        Some(match word {
            "IS" if ident => (Infix::Is, COMPARE),
            "LIKE" | "REGEXP" | "RLIKE" if ident => (Infix::Like, COMPARE),
            "SOUNDS" if ident && self.kw_at(1, "LIKE") => (Infix::SoundsLike, COMPARE),
            "IN" if ident => (Infix::In, COMPARE),
            "MEMBER" if ident && self.kw_at(1, "OF") => (Infix::MemberOf, COMPARE),
            "BETWEEN" if ident => (Infix::Between, BETWEEN),
            "COLLATE" if ident => (Infix::Collate, COLLATE),
            "->" | "->>" if kind == TokenKind::Op => (Infix::JsonArrow, u8::MAX),
            ":=" => (Infix::Assign, ASSIGN),
            _ => (Infix::Binary, binary_power(kind, word)?),
        })
    }

    /// `lhs IS [NOT] NULL|TRUE|FALSE|UNKNOWN` at `IS`.
    fn is_test(&mut self, lhs: &Val) -> R<()> {
        self.pos += 1;
        self.eat_kw("NOT");
        if self.eat_kw("NULL") {
            // A JSON function squeeze evaluates is NULL or not by what it
            // finds in the document, which MariaDB cannot see.
            if matches!(lhs, Val::Json(..))
                && !self.take_extracted_for(lhs, &[], super::extracted::Use::IsNull)
            {
                return self.reject(lhs, RefuseReason::Comparison, "IS [NOT] NULL");
            }
            Ok(())
        } else if self.any_kw(&["TRUE", "FALSE", "UNKNOWN"]) {
            self.pos += 1;
            self.reject(lhs, RefuseReason::Comparison, "IS TRUE/FALSE/UNKNOWN")
        } else {
            Err(self.unparsed("expected NULL/TRUE/FALSE after IS"))
        }
    }

    /// `lhs [NOT] LIKE|REGEXP|RLIKE rhs [ESCAPE e]`, the operator `skip`
    /// tokens long.
    fn like(&mut self, lhs: &Val, word: &str, skip: usize) -> R<()> {
        let declared = self.extracted(lhs).is_some();
        if !declared {
            self.reject(lhs, RefuseReason::Like, word)?;
        }
        self.pos += skip;
        let rhs_start = self.pos;
        let rhs = self.expr_bp(COMPARE + 1)?;
        let mut operands = Vec::with_capacity(2);
        operands.push(rhs_start..self.pos);
        self.reject(&rhs, RefuseReason::Like, word)?;
        if self.eat_kw("ESCAPE") {
            let at = self.pos;
            self.plain_expr_bp(COMPARE + 1, RefuseReason::Like, "ESCAPE")?;
            operands.push(at..self.pos);
        }
        if declared && !self.take_extracted_for(lhs, &operands, super::extracted::Use::Like) {
            self.reject(lhs, RefuseReason::Like, word)?;
        }
        Ok(())
    }

    /// `lhs SOUNDS LIKE rhs`.
    fn sounds_like(&mut self, lhs: &Val) -> R<()> {
        self.reject(lhs, RefuseReason::Like, "SOUNDS LIKE")?;
        self.pos += 2;
        self.plain_expr_bp(COMPARE + 1, RefuseReason::Like, "SOUNDS LIKE")
    }

    /// `lhs MEMBER OF (json)`.
    fn member_of(&mut self, lhs: &Val) -> R<()> {
        self.reject(lhs, RefuseReason::JsonFunction, "MEMBER OF")?;
        self.pos += 2;
        self.expect_kind(TokenKind::LParen, "(")?;
        self.plain_expr(RefuseReason::JsonFunction, "MEMBER OF")?;
        self.expect_kind(TokenKind::RParen, ")")
    }

    /// `lhs [NOT] BETWEEN a AND b`, the operator `skip` tokens long.
    fn between(&mut self, lhs: &Val, skip: usize) -> R<()> {
        let declared = self.extracted(lhs).is_some();
        if !declared {
            self.reject(lhs, RefuseReason::Comparison, "BETWEEN")?;
        }
        self.pos += skip;
        let low = self.pos;
        self.plain_expr_bp(COMPARE, RefuseReason::Comparison, "BETWEEN")?;
        let low = low..self.pos;
        self.expect_kw("AND")?;
        let high = self.pos;
        self.plain_expr_bp(BETWEEN + 1, RefuseReason::Comparison, "BETWEEN")?;
        if declared && !self.take_extracted(lhs, &[low, high..self.pos]) {
            self.reject(lhs, RefuseReason::Comparison, "BETWEEN")?;
        }
        Ok(())
    }

    /// `lhs COLLATE name`.
    fn collate(&mut self, lhs: &Val) -> R<()> {
        self.reject(lhs, RefuseReason::Function, "COLLATE")?;
        self.pos += 1;
        if matches!(self.kind_at(0), Some(TokenKind::Str { .. })) || self.is_name() {
            self.pos += 1;
        } else {
            self.take_name()?;
        }
        Ok(())
    }

    /// `lhs -> path` or `lhs ->> path` (`word` is the operator).
    fn json_arrow(&mut self, lhs: &Val, word: &str) -> R<()> {
        if self.catalog.json_arrow_is_syntax_error() {
            // MariaDB has no such operator: the statement goes to the
            // server as written and fails there as it would directly.
            self.server_rejects = true;
            self.pos += 1;
            return self.expr_bp(COLLATE + 1).map(drop);
        }
        self.reject(
            lhs,
            RefuseReason::JsonFunction,
            &format!("the `{word}` operator"),
        )?;
        self.pos += 1;
        self.plain_expr_bp(COLLATE + 1, RefuseReason::JsonFunction, word)
    }

    /// `@var := rhs`: a compressed value cannot go into a variable.
    fn variable_assignment(&mut self) -> R<()> {
        self.pos += 1;
        let rhs = self.expr_bp(ASSIGN)?;
        self.reject(
            &rhs,
            RefuseReason::Copy,
            "an assignment to a variable (squeeze cannot inflate a variable's value)",
        )
    }

    /// `lhs op rhs` for an operator of power `bp`, including the
    /// comparisons with `ANY|SOME|ALL (subquery)`.
    fn binary_operator(&mut self, lhs: &Val, word: &str, bp: u8, lhs_start: usize) -> R<()> {
        let (reason, what) = operator_reason(word);
        let comparison = COMPARISONS.contains(&word);
        let subquery = self.any_kw_at(1, &["ANY", "SOME", "ALL"]) && self.query_starts_at(3);
        if comparison && !subquery && self.extracted(lhs).is_some() {
            // `JSON_UNQUOTE(JSON_EXTRACT(doc, '$.a')) = 'x'` on a declared path.
            self.pos += 1;
            let rhs_start = self.pos;
            let rhs = self.expr_bp(bp + 1)?;
            if self.take_extracted_with(lhs, rhs_start..self.pos) {
                return Ok(());
            }
            self.reject(lhs, reason, &what)?;
            return self.reject(&rhs, reason, &what);
        }
        let lhs_range = lhs_start..self.pos;
        if word == "<=>" {
            // `doc <=> NULL` is `doc IS NULL`: only NULL-ness is looked at.
            self.pos += 1;
            let rhs = self.expr_bp(bp + 1)?;
            if self.take_extracted_with(&rhs, lhs_range.clone()) {
                return Ok(());
            }
            return match (lhs, &rhs) {
                (Val::Null, _) | (_, Val::Null)
                    if !matches!(lhs, Val::Json(..)) && !matches!(rhs, Val::Json(..)) =>
                {
                    Ok(())
                }
                _ => {
                    self.reject(lhs, reason, &what)?;
                    self.reject(&rhs, reason, &what)
                }
            };
        }
        // Django's `has_key` as an operand of AND / OR.
        let joins = matches!(word, "AND" | "OR");
        if !(joins && self.take_condition(lhs)) {
            self.reject(lhs, reason, &what)?;
        }
        self.pos += 1;
        if bp == COMPARE && self.any_kw(&["ANY", "SOME", "ALL"]) && self.query_starts_at(2) {
            self.pos += 1;
            self.subquery_operand(reason, &what)?;
        } else {
            let rhs = self.expr_bp(bp + 1)?;
            // `'x' = JSON_UNQUOTE(JSON_EXTRACT(doc, '$.a'))`.
            if comparison && self.take_extracted_with(&rhs, lhs_range.clone()) {
                return Ok(());
            }
            if !(joins && self.take_condition(&rhs)) {
                self.reject(&rhs, reason, &what)?;
            }
        }
        Ok(())
    }

    pub(super) fn plain_expr_bp(&mut self, bp: u8, reason: RefuseReason, what: &str) -> R<()> {
        let v = self.expr_bp(bp)?;
        self.reject(&v, reason, what)
    }

    /// `( subquery )` whose rows are compared with something.
    fn subquery_operand(&mut self, reason: RefuseReason, what: &str) -> R<()> {
        self.expect_kind(TokenKind::LParen, "(")?;
        let keep = std::mem::replace(&mut self.keep_bare, false);
        let outs = self.query_expression();
        self.keep_bare = keep;
        let outs = outs?;
        self.expect_kind(TokenKind::RParen, ")")?;
        if let Some(c) = outs.into_iter().find_map(|o| o.blob) {
            return Err(refusal(c, reason, what));
        }
        Ok(())
    }

    /// After `IN`: `(subquery)` or `(expr, ...)`.
    fn in_list(&mut self) -> R<()> {
        if self.is_kind(TokenKind::LParen) && self.query_starts_at(1) {
            return self.subquery_operand(RefuseReason::Comparison, "IN (SELECT ...)");
        }
        self.expect_kind(TokenKind::LParen, "(")?;
        loop {
            self.plain_expr(RefuseReason::Comparison, "IN (...)")?;
            if !self.eat_kind(TokenKind::Comma) {
                break;
            }
        }
        self.expect_kind(TokenKind::RParen, ")")
    }

    fn prefix(&mut self) -> R<Val> {
        let Some(t) = self.peek().copied() else {
            return Err(self.unparsed("expected an expression"));
        };
        match t.kind {
            TokenKind::Str { .. } => {
                while matches!(self.kind_at(0), Some(TokenKind::Str { .. })) {
                    self.pos += 1;
                }
                Ok(Val::Plain)
            }
            TokenKind::Number
            | TokenKind::HexLit
            | TokenKind::BitLit
            | TokenKind::Placeholder
            | TokenKind::Variable => {
                self.pos += 1;
                Ok(Val::Plain)
            }
            TokenKind::LParen => self.parenthesised(),
            TokenKind::Op => {
                let text = t.text(self.src);
                match text {
                    b"-" | b"+" | b"~" | b"!" => {
                        let minus_at = self.pos;
                        self.pos += 1;
                        let v = self.expr_bp(UNARY)?;
                        if text == b"-" {
                            if let Some(v) = self.negated_item(&v, minus_at) {
                                return Ok(v);
                            }
                        }
                        let what =
                            format!("the unary `{}` operator", String::from_utf8_lossy(text));
                        self.reject(&v, RefuseReason::Function, &what)?;
                        Ok(Val::Plain)
                    }
                    _ => Err(self.unparsed("unexpected operator")),
                }
            }
            TokenKind::QuotedIdent => self.name_or_call(),
            TokenKind::Ident => self.word(),
            _ => Err(self.unparsed("expected an expression")),
        }
    }

    /// `( subquery )`, `( expr )` or a row `( expr, expr ... )`.
    fn parenthesised(&mut self) -> R<Val> {
        if self.query_starts_at(1) {
            let open = self.pos;
            self.pos += 1;
            let keep = std::mem::replace(&mut self.keep_bare, false);
            let outs = self.query_expression();
            self.keep_bare = keep;
            let outs = outs?;
            self.expect_kind(TokenKind::RParen, ")")?;
            // Stored bytes a `*` passes out: the whole subquery is read
            // through the function.
            if outs.iter().any(|o| o.blob.is_some()) {
                self.note_reference(self.toks[open].start..self.toks[self.pos - 1].end);
            }
            // A scalar subquery passes its value through; a row subquery is
            // only ever compared, so any compressed column in it counts.
            return Ok(match outs.into_iter().find_map(|o| o.blob) {
                Some(c) => Val::Blob(c),
                None => Val::Plain,
            });
        }
        self.pos += 1;
        let first = self.expr()?;
        if self.is_kind(TokenKind::Comma) {
            let mut row = first;
            while self.eat_kind(TokenKind::Comma) {
                let v = self.expr()?;
                if row.column().is_none() {
                    row = v;
                }
            }
            self.expect_kind(TokenKind::RParen, ")")?;
            // A row is only ever compared.
            return Ok(match row.column() {
                Some(c) => Val::Blob(c.clone()),
                None => Val::Plain,
            });
        }
        self.expect_kind(TokenKind::RParen, ")")?;
        Ok(first)
    }

    /// An unquoted word: keyword-led expression, function call or name.
    fn word(&mut self) -> R<Val> {
        let kw = |p: &Self, w: &str| p.kw(w);
        if kw(self, "NOT") {
            self.pos += 1;
            self.plain_expr_bp(NOT, RefuseReason::Comparison, "a condition (`NOT`)")?;
            return Ok(Val::Plain);
        }
        if self.kw("NULL") {
            self.pos += 1;
            return Ok(Val::Null);
        }
        if self.any_kw(&["TRUE", "FALSE", "UNKNOWN"]) {
            self.pos += 1;
            return Ok(Val::Plain);
        }
        if kw(self, "DEFAULT") && self.kind_at(1) != Some(TokenKind::LParen) {
            self.pos += 1;
            return Ok(Val::Plain);
        }
        if kw(self, "EXISTS") {
            self.pos += 1;
            self.expect_kind(TokenKind::LParen, "(")?;
            // EXISTS looks at whether rows exist, never at their values.
            let keep = std::mem::replace(&mut self.keep_bare, false);
            let r = self.query_expression();
            self.keep_bare = keep;
            r?;
            self.expect_kind(TokenKind::RParen, ")")?;
            return Ok(Val::Plain);
        }
        if kw(self, "CASE") {
            return self.case_expr();
        }
        if kw(self, "INTERVAL") && self.kind_at(1) != Some(TokenKind::LParen) {
            self.pos += 1;
            self.plain_expr_bp(UNARY, RefuseReason::Function, "INTERVAL")?;
            self.take_name()?;
            return Ok(Val::Plain);
        }
        if kw(self, "BINARY") && self.kind_at(1) != Some(TokenKind::LParen) {
            self.pos += 1;
            self.plain_expr_bp(COLLATE, RefuseReason::Function, "BINARY")?;
            return Ok(Val::Plain);
        }
        if self.any_kw(&["DATE", "TIME", "TIMESTAMP"])
            && matches!(self.kind_at(1), Some(TokenKind::Str { .. }))
        {
            self.pos += 2;
            return Ok(Val::Plain);
        }
        if kw(self, "ROW") && self.kind_at(1) == Some(TokenKind::LParen) {
            self.pos += 1;
            return self.parenthesised();
        }
        if kw(self, "MATCH") && self.kind_at(1) == Some(TokenKind::LParen) {
            self.pos += 1;
            // Its columns are names a FULLTEXT index must match, never
            // expressions: a compressed one is refused, server or not.
            let server = self.server.take();
            let scanned = self.scan_group(RefuseReason::Function, "MATCH ... AGAINST");
            self.server = server;
            scanned?;
            self.expect_kw("AGAINST")?;
            self.scan_group(RefuseReason::Function, "MATCH ... AGAINST")?;
            return Ok(Val::Plain);
        }
        let t = self.toks[self.pos];
        if super::is_reserved(t.text(self.src)) && self.kind_at(1) != Some(TokenKind::LParen) {
            return Err(self.unparsed("unexpected keyword"));
        }
        self.name_or_call()
    }

    /// `CASE [x] WHEN c THEN v ... [ELSE v] END`: conditions must be plain;
    /// the result passes a compressed value through when every branch is
    /// that value or NULL.
    fn case_expr(&mut self) -> R<Val> {
        if let Some(v) = self.json_null_case()? {
            return Ok(v);
        }
        self.pos += 1;
        let what = "CASE";
        if !self.kw("WHEN") {
            self.plain_expr(RefuseReason::Comparison, what)?;
        }
        let mut branches = Vec::new();
        while self.eat_kw("WHEN") {
            self.plain_expr(RefuseReason::Comparison, what)?;
            self.expect_kw("THEN")?;
            branches.push(self.expr()?);
        }
        if self.eat_kw("ELSE") {
            branches.push(self.expr()?);
        }
        self.expect_kw("END")?;
        self.pass_through(&branches, "CASE")
    }

    /// SQLAlchemy's typed JSON accessors, evaluated by squeeze: `CASE
    /// JSON_EXTRACT(col, path) WHEN 'null' THEN NULL ELSE f END`, where `f`
    /// is a JSON function squeeze evaluates over the same column
    /// (`JSON_UNQUOTE(JSON_EXTRACT(..))`, `CAST(JSON_EXTRACT(..) AS SIGNED
    /// INTEGER | DECIMAL(m, d))`, ...) or `JSON_EXTRACT(..) + 0.0...`. The
    /// cursor is on `CASE`; `None` (cursor unmoved) for any other CASE.
    fn json_null_case(&mut self) -> R<Option<Val>> {
        if !self.catalog.json_functions_accept_binary() {
            return Ok(None);
        }
        let save = self.pos;
        match self.json_null_case_at() {
            Ok(Some(v)) => Ok(Some(v)),
            Err(Stop::Refuse(r))
                if r.reason == RefuseReason::JsonFunction && !self.server_evaluates() =>
            {
                Err(Stop::Refuse(r))
            }
            _ => {
                self.pos = save;
                Ok(None)
            }
        }
    }

    fn json_null_case_at(&mut self) -> R<Option<Val>> {
        let case_tok = self.pos;
        self.pos += 1;
        let call_name = |p: &Self| {
            (p.is_name() && p.kind_at(1) == Some(TokenKind::LParen))
                .then(|| p.name_text(p.pos).to_ascii_uppercase())
        };
        if call_name(self).as_deref() != Some("JSON_EXTRACT") {
            return Ok(None);
        }
        self.pos += 1;
        let Some(Val::Json(c, operand)) = self.json_select_call_at("JSON_EXTRACT")? else {
            return Ok(None);
        };
        let JsonCall::Extract(path) = operand.call.clone() else {
            return Ok(None);
        };
        if !self.eat_kw("WHEN") || self.plain_string().as_deref() != Some(b"null") {
            return Ok(None);
        }
        self.pos += 1;
        if !(self.eat_kw("THEN") && self.eat_kw("NULL")) {
            return Ok(None);
        }
        if self.eat_kw("WHEN") {
            // `.as_boolean()`: `WHEN true THEN true ELSE false END`, over a
            // path without wildcards (SQLAlchemy's; a wildcard's match list
            // converts to DECIMAL otherwise).
            let tail = ["TRUE", "THEN", "TRUE", "ELSE", "FALSE", "END"];
            if !tail.iter().all(|w| self.eat_kw(w)) || path.wildcard() {
                return Ok(None);
            }
            let item = self.toks[case_tok].start..self.toks[self.pos - 1].end;
            let text = String::from_utf8_lossy(&self.src[item.clone()]).into_owned();
            return Ok(Some(Val::Json(
                c,
                Box::new(JsonItem {
                    call: JsonCall::BoolCase(path),
                    name: text.clone(),
                    text,
                    item,
                    arg: operand.arg.clone(),
                    args: operand.args.clone(),
                }),
            )));
        }
        if !self.eat_kw("ELSE") {
            return Ok(None);
        }
        let Some(name) = call_name(self) else {
            return Ok(None);
        };
        self.pos += 1;
        let Some(Val::Json(c2, value)) = self.json_select_call(&name)? else {
            return Ok(None);
        };
        if c2 != c {
            return Ok(None);
        }
        let mut call = value.call.clone();
        if self.op("+") {
            // `+ 0.0...` (a zero decimal literal) over JSON_EXTRACT only.
            let zero = self.toks.get(self.pos + 1).is_some_and(|t| {
                let text = t.text(self.src);
                t.kind == TokenKind::Number
                    && text.contains(&b'.')
                    && text.iter().all(|b| matches!(b, b'0' | b'.'))
            });
            if !zero || !matches!(call, JsonCall::Extract(_)) {
                return Ok(None);
            }
            self.pos += 2;
            call = JsonCall::PlusZero(Box::new(call));
        }
        if !self.eat_kw("END") {
            return Ok(None);
        }
        let item = self.toks[case_tok].start..self.toks[self.pos - 1].end;
        let text = String::from_utf8_lossy(&self.src[item.clone()]).into_owned();
        let mut args = operand.args.clone();
        args.extend(value.args.iter().cloned());
        Ok(Some(Val::Json(
            c,
            Box::new(JsonItem {
                call: JsonCall::NullCase(path, Box::new(call)),
                name: text.clone(),
                text,
                item,
                arg: operand.arg.clone(),
                args,
            }),
        )))
    }

    /// The value of a function that returns one of `values` unchanged (or
    /// NULL): a compressed value when each is one, or the literal NULL (the
    /// result is then exactly that value, and the client sees the column's
    /// type, as on the uncompressed copy); plain when none is compressed;
    /// refused when a compressed value is mixed with any other value (the
    /// result type would change, and with it the bytes).
    fn pass_through(&self, values: &[Val], what: &str) -> R<Val> {
        let Some(c) = values.iter().find_map(|v| match v {
            Val::Blob(c) => Some(c.clone()),
            _ => None,
        }) else {
            for v in values {
                self.reject(v, RefuseReason::Function, what)?;
            }
            return Ok(Val::Plain);
        };
        for v in values {
            match v {
                Val::Null => {}
                Val::Blob(b) if *b == c => {}
                // Each reference is the document (wrapped): plain text.
                _ if self.server_evaluates() => return Ok(Val::Plain),
                other => {
                    let col = other.column().cloned().unwrap_or(c.clone());
                    return Err(refusal(
                        col,
                        RefuseReason::Function,
                        format!("{what} mixing it with another value"),
                    ));
                }
            }
        }
        Ok(Val::Blob(c))
    }

    /// `IFNULL`, `COALESCE`, `IF`, `ELT` and the window value functions
    /// (`LAG`, `LEAD`, `FIRST_VALUE`, `LAST_VALUE`, `NTH_VALUE`), which
    /// return one of their value arguments unchanged; `None` for any other
    /// function. The cursor is on `(`.
    fn pass_through_call(&mut self, name: &str) -> R<Option<Val>> {
        // Which argument positions are values (the rest must be plain).
        let values: fn(usize) -> bool = match name {
            "IFNULL" | "COALESCE" => |_| true,
            "IF" => |i| i > 0,
            "ELT" => |i| i > 0,
            "LAG" | "LEAD" => |i| i != 1,
            "FIRST_VALUE" | "LAST_VALUE" | "NTH_VALUE" => |i| i == 0,
            _ => return Ok(None),
        };
        let window = matches!(
            name,
            "LAG" | "LEAD" | "FIRST_VALUE" | "LAST_VALUE" | "NTH_VALUE"
        );
        let what = format!("{name}()");
        self.pos += 1;
        let mut vals = Vec::new();
        let mut i = 0;
        loop {
            let v = self.expr()?;
            if values(i) {
                vals.push(v);
            } else {
                self.reject(&v, RefuseReason::Function, &what)?;
            }
            i += 1;
            if !self.eat_kind(TokenKind::Comma) {
                break;
            }
        }
        self.expect_kind(TokenKind::RParen, ")")?;
        if window && !self.kw("OVER") {
            return Err(self.unparsed("a window function without OVER"));
        }
        self.pass_through(&vals, &what).map(Some)
    }

    /// A column reference (`c`, `t.c`, `db.t.c`) or a call (`f(...)`,
    /// `db.f(...)`).
    fn name_or_call(&mut self) -> R<Val> {
        let mut parts = vec![self.pos];
        self.pos += 1;
        while self.is_kind(TokenKind::Dot)
            && matches!(
                self.kind_at(1),
                Some(TokenKind::Ident | TokenKind::QuotedIdent)
            )
        {
            parts.push(self.pos + 1);
            self.pos += 2;
        }
        if parts.len() > 3 {
            return Err(self.unparsed("a name with more than three parts"));
        }
        if self.is_kind(TokenKind::LParen) {
            let name = self
                .name_text(*parts.last().expect("one part"))
                .to_ascii_uppercase();
            return self.call(&name, parts.len() > 1);
        }
        let names: Vec<String> = parts.iter().map(|&i| self.name_text(i)).collect();
        Ok(match self.resolve_names(&names) {
            Some(c) => {
                let last = *parts.last().expect("one part");
                self.note_reference(self.toks[parts[0]].start..self.toks[last].end);
                Val::Blob(c)
            }
            None => Val::Plain,
        })
    }

    pub(super) fn resolve_names(&self, names: &[String]) -> Option<ColumnRef> {
        let parts: Vec<&str> = names.iter().map(String::as_str).collect();
        super::scope::resolve(
            &self.scopes,
            self.catalog,
            self.current_db.as_deref(),
            &parts,
        )
    }

    /// A function call; the cursor is on `(`.
    fn call(&mut self, name: &str, qualified: bool) -> R<Val> {
        self.check_routine(qualified)?;
        let json = if qualified {
            None
        } else {
            self.json_select_call(name)?
        };
        let passed = if qualified || json.is_some() {
            None
        } else {
            self.pass_through_call(name)?
        };
        let result = if let Some(v) = json.or(passed) {
            v
        } else if !qualified && COUNTING.contains(&name) {
            self.counting_call(name)?
        } else if !qualified
            && matches!(name, "LOWER" | "UPPER" | "LCASE" | "UCASE")
            && self.case_of_declared_path()?
        {
            Val::Plain
        } else if !qualified && name == "JSON_UNQUOTE" && self.single_name_arg() {
            // Django's `filter(doc__isnull=True)`: NULL exactly when doc is.
            self.pos += 1;
            let v = self.expr()?;
            self.expect_kind(TokenKind::RParen, ")")?;
            match v {
                Val::Blob(c) if self.catalog.json_functions_accept_binary() => Val::NullProbe(c),
                other => {
                    self.reject(&other, RefuseReason::JsonFunction, "JSON_UNQUOTE")?;
                    Val::Plain
                }
            }
        } else {
            let (reason, what) = if name.starts_with("JSON_") {
                (RefuseReason::JsonFunction, name.to_string())
            } else {
                (RefuseReason::Function, format!("{name}()"))
            };
            self.ordinary_args(reason, &what)?;
            Val::Plain
        };
        if self.kw("OVER") {
            self.pos += 1;
            if self.is_kind(TokenKind::LParen) {
                self.scan_group(RefuseReason::OrderBy, "a window's PARTITION BY / ORDER BY")?;
            } else {
                self.take_name()?;
            }
        }
        Ok(result)
    }

    /// A JSON function squeeze evaluates itself, over a compressed column
    /// named plainly, with constant arguments: `JSON_EXTRACT` (one path or
    /// more), `JSON_VALUE`, `JSON_QUERY`, `JSON_EXISTS`, `JSON_LENGTH`,
    /// `JSON_DEPTH`, `JSON_VALID`, `JSON_TYPE`, `JSON_KEYS`,
    /// `JSON_CONTAINS` (any constant candidate or target, or over a
    /// `JSON_EXTRACT`), `JSON_CONTAINS_PATH`,
    /// `JSON_UNQUOTE` of a `JSON_EXTRACT`, and `CAST`, `COALESCE` or
    /// `IFNULL` of one of those. The cursor is on `(`, the name just
    /// before it. `None` (cursor unmoved) for any other shape: the caller
    /// judges it as an ordinary function.
    pub(super) fn json_select_call(&mut self, name: &str) -> R<Option<Val>> {
        const NAMES: &[&str] = &[
            "JSON_EXTRACT",
            "JSON_UNQUOTE",
            "JSON_VALUE",
            "JSON_QUERY",
            "JSON_EXISTS",
            "JSON_LENGTH",
            "JSON_DEPTH",
            "JSON_VALID",
            "JSON_TYPE",
            "JSON_KEYS",
            "JSON_CONTAINS",
            "JSON_CONTAINS_PATH",
            "CAST",
            "COALESCE",
            "IFNULL",
            "CHARSET",
            "COLLATION",
        ];
        if !NAMES.contains(&name) || !self.catalog.json_functions_accept_binary() {
            return Ok(None);
        }
        let save = self.pos;
        match self.json_select_call_at(name) {
            Ok(Some(v)) => Ok(Some(v)),
            // A call squeeze would not evaluate is the server's to answer.
            Err(Stop::Refuse(r))
                if r.reason == RefuseReason::JsonFunction && !self.server_evaluates() =>
            {
                Err(Stop::Refuse(r))
            }
            _ => {
                self.pos = save;
                Ok(None)
            }
        }
    }

    fn json_select_call_at(&mut self, name: &str) -> R<Option<Val>> {
        // A call that is not a JSON item squeeze evaluates is parsed again
        // as an ordinary call: an attempt must not parse its arguments as
        // expressions (every level of `JSON_EXTRACT(JSON_EXTRACT(..))`
        // would then be parsed twice, 2^n), and compositions (`CAST(CAST(
        // ..))`, each attempted around the next) are looked for only a few
        // levels deep (applications compose two or three): n levels are
        // read in linear time.
        if self.json_call_depth >= MAX_COMPOSED_CALLS {
            return Ok(None);
        }
        self.json_call_depth += 1;
        let item = self.json_select_call_at_depth(name);
        self.json_call_depth -= 1;
        item
    }

    fn json_select_call_at_depth(&mut self, name: &str) -> R<Option<Val>> {
        let name_tok = self.pos - 1;
        self.expect_kind(TokenKind::LParen, "(")?;
        if matches!(name, "JSON_UNQUOTE" | "CAST" | "COALESCE" | "IFNULL") {
            return self.json_composed_call(name, name_tok);
        }
        if let Some(v) = self.json_of_json_text(name, name_tok)? {
            return Ok(Some(v));
        }
        // `JSON_CONTAINS('constant', doc [, path])`: the document is the
        // candidate (Django's `contained_by`).
        let mut target = None;
        if name == "JSON_CONTAINS" && self.kind_at(1) == Some(TokenKind::Comma) {
            if let Some(bytes) = self.plain_string() {
                self.pos += 2;
                target = Some(bytes);
            }
        }
        if name == "JSON_CONTAINS"
            && self.is_name()
            && self.kind_at(1) == Some(TokenKind::LParen)
            && self
                .name_text(self.pos)
                .eq_ignore_ascii_case("JSON_EXTRACT")
        {
            return self.json_contains_extract(name_tok, target);
        }
        // The document argument is a column named plainly (`doc`,
        // `t.doc`): told from the tokens before anything is parsed.
        let arg_start = self.pos;
        let chain = self.toks[arg_start..]
            .iter()
            .take_while(|t| {
                matches!(
                    t.kind,
                    TokenKind::Ident | TokenKind::QuotedIdent | TokenKind::Dot
                )
            })
            .count();
        if chain == 0
            || !matches!(
                self.kind_at(chain),
                Some(TokenKind::Comma | TokenKind::RParen)
            )
        {
            return Ok(None);
        }
        let Val::Blob(c) = self.expr()? else {
            return Ok(None);
        };
        if self.pos != arg_start + chain {
            return Ok(None);
        }
        let arg = self.toks[arg_start].start..self.toks[self.pos - 1].end;
        let mut strs = Vec::new();
        while self.eat_kind(TokenKind::Comma) {
            let Some(bytes) = self.plain_string() else {
                return Ok(None);
            };
            strs.push(bytes);
            self.pos += 1;
        }
        self.expect_kind(TokenKind::RParen, ")")?;
        let item = self.toks[name_tok].start..self.toks[self.pos - 1].end;
        let text = String::from_utf8_lossy(&self.src[item.clone()]).into_owned();
        let refuse = |why: String| {
            Err(refusal(
                c.clone(),
                RefuseReason::JsonFunction,
                format!("`{text}` ({why})"),
            ))
        };
        // The arguments before the paths: JSON_CONTAINS's candidate,
        // JSON_CONTAINS_PATH's mode.
        let lead = match name {
            "JSON_CONTAINS" if target.is_some() => 0,
            "JSON_CONTAINS" | "JSON_CONTAINS_PATH" if !strs.is_empty() => 1,
            _ => 0,
        };
        let mut parsed = Vec::new();
        for p in &strs[lead..] {
            match parse_path(p) {
                Ok(path) => parsed.push(path),
                Err(e) => {
                    return refuse(format!(
                        "its path `{}` uses {}, which squeeze does not evaluate",
                        String::from_utf8_lossy(p),
                        e.0
                    ))
                }
            }
        }
        // Only JSON_EXTRACT's and JSON_CONTAINS_PATH's handling of
        // wildcards and ranges was checked (JSON_VALUE, JSON_QUERY and
        // JSON_EXISTS treat `$.*` and `[0 to 2]` in ways of their own;
        // JSON_KEYS, JSON_CONTAINS and JSON_LENGTH answer NULL with a
        // warning).
        if !matches!(name, "JSON_EXTRACT" | "JSON_CONTAINS_PATH")
            && parsed.iter().any(|p| p.wildcard())
        {
            return refuse(
                "squeeze evaluates wildcards and ranges only in JSON_EXTRACT and JSON_CONTAINS_PATH"
                    .into(),
            );
        }
        let n = parsed.len();
        let mut parsed = parsed.into_iter();
        let call = match (name, n) {
            ("JSON_EXTRACT", 1) => JsonCall::Extract(parsed.next().expect("one")),
            ("JSON_EXTRACT", 2..) => JsonCall::ExtractMany(parsed.collect()),
            ("JSON_VALUE", 1) => JsonCall::Value(parsed.next().expect("one")),
            ("JSON_QUERY", 1) => JsonCall::Query(parsed.next().expect("one")),
            ("JSON_EXISTS", 1) => JsonCall::Exists(parsed.next().expect("one")),
            ("JSON_LENGTH", 0 | 1) => JsonCall::Length(parsed.next()),
            ("JSON_DEPTH", 0) => JsonCall::Depth,
            ("JSON_VALID", 0) => JsonCall::Valid,
            ("JSON_TYPE", 0) => JsonCall::Type,
            ("CHARSET", 0) => JsonCall::Charset,
            ("COLLATION", 0) => JsonCall::Collation,
            ("JSON_KEYS", 0 | 1) => JsonCall::Keys(parsed.next()),
            ("JSON_CONTAINS", 0 | 1) if target.is_some() => {
                let Some(t) = target.as_deref().and_then(Candidate::parse) else {
                    return refuse(invalid_constant("target"));
                };
                JsonCall::ContainedIn(t, parsed.next())
            }
            ("JSON_CONTAINS", 0 | 1) if lead == 1 => {
                let Some(cand) = Candidate::parse(&strs[0]) else {
                    return refuse(invalid_constant("candidate"));
                };
                JsonCall::Contains(cand, parsed.next())
            }
            ("JSON_CONTAINS_PATH", 1..) if lead == 1 => {
                // MariaDB compares the mode ASCII case-insensitively.
                let all = match strs[0].to_ascii_lowercase().as_slice() {
                    b"all" => true,
                    b"one" => false,
                    _ => return refuse(
                        "its mode is neither 'one' nor 'all': MariaDB answers NULL with a warning"
                            .into(),
                    ),
                };
                JsonCall::ContainsPath {
                    all,
                    paths: parsed.collect(),
                }
            }
            _ => return Ok(None),
        };
        Ok(Some(Val::Json(
            c,
            Box::new(JsonItem {
                call,
                name: text.clone(),
                text,
                item,
                args: vec![arg.clone()],
                arg,
            }),
        )))
    }

    /// `JSON_CONTAINS(JSON_EXTRACT(doc, p...), 'candidate')` and
    /// `JSON_CONTAINS('target', JSON_EXTRACT(doc, p...))` (Django's
    /// `doc__key__contains` / `doc__key__contained_by`): the extracted
    /// value's text is the target or the candidate. The cursor is on
    /// `JSON_EXTRACT`; `target` the constant before it, if any.
    fn json_contains_extract(
        &mut self,
        name_tok: usize,
        target: Option<Vec<u8>>,
    ) -> R<Option<Val>> {
        self.pos += 1;
        let Some(Val::Json(c, inner)) = self.json_select_call_at("JSON_EXTRACT")? else {
            return Ok(None);
        };
        if !matches!(inner.call, JsonCall::Extract(_) | JsonCall::ExtractMany(_)) {
            return Ok(None);
        }
        let candidate = if target.is_none() {
            if !self.eat_kind(TokenKind::Comma) {
                return Ok(None);
            }
            let Some(bytes) = self.plain_string() else {
                return Ok(None);
            };
            self.pos += 1;
            Some(bytes)
        } else {
            None
        };
        // A path argument as well is not evaluated.
        if !self.is_kind(TokenKind::RParen) {
            return Ok(None);
        }
        self.pos += 1;
        let item = self.toks[name_tok].start..self.toks[self.pos - 1].end;
        let text = String::from_utf8_lossy(&self.src[item.clone()]).into_owned();
        let (which, constant) = match (&target, &candidate) {
            (Some(t), _) => ("target", t),
            (None, Some(c)) => ("candidate", c),
            (None, None) => return Ok(None),
        };
        let Some(constant) = Candidate::parse(constant) else {
            return Err(refusal(
                c,
                RefuseReason::JsonFunction,
                format!("`{text}` ({})", invalid_constant(which)),
            ));
        };
        let call = if target.is_some() {
            JsonCall::ValueContainedIn(constant, Box::new(inner.call.clone()))
        } else {
            JsonCall::ValueContains(Box::new(inner.call.clone()), constant)
        };
        Ok(Some(Val::Json(
            c,
            Box::new(JsonItem {
                call,
                name: text.clone(),
                text,
                item,
                arg: inner.arg.clone(),
                args: inner.args.clone(),
            }),
        )))
    }

    /// `JSON_TYPE(JSON_EXTRACT(..))` and the other one-argument document
    /// functions (`JSON_DEPTH`, `JSON_VALID`, `JSON_LENGTH`, `JSON_KEYS`)
    /// over the JSON text of a `JSON_EXTRACT` or `JSON_QUERY` squeeze
    /// evaluates; the cursor is after `(`. `None` (cursor moved) when the
    /// call is not that.
    fn json_of_json_text(&mut self, name: &str, name_tok: usize) -> R<Option<Val>> {
        let outer = match name {
            "JSON_TYPE" => JsonCall::Type,
            "JSON_DEPTH" => JsonCall::Depth,
            "JSON_VALID" => JsonCall::Valid,
            "JSON_LENGTH" => JsonCall::Length(None),
            "JSON_KEYS" => JsonCall::Keys(None),
            _ => return Ok(None),
        };
        if !(self.is_name() && self.kind_at(1) == Some(TokenKind::LParen)) {
            return Ok(None);
        }
        let inner_name = self.name_text(self.pos).to_ascii_uppercase();
        if !matches!(inner_name.as_str(), "JSON_EXTRACT" | "JSON_QUERY") {
            return Ok(None);
        }
        let at = self.pos;
        self.pos += 1;
        let Some(Val::Json(c, mut item)) = self.json_select_call_at(&inner_name)? else {
            self.pos = at;
            return Ok(None);
        };
        if !matches!(
            item.call,
            JsonCall::Extract(_) | JsonCall::ExtractMany(_) | JsonCall::Query(_)
        ) || !self.is_kind(TokenKind::RParen)
        {
            self.pos = at;
            return Ok(None);
        }
        self.pos += 1;
        item.call = JsonCall::Of(Box::new(outer), Box::new(item.call.clone()));
        item.item = self.toks[name_tok].start..self.toks[self.pos - 1].end;
        item.text = String::from_utf8_lossy(&self.src[item.item.clone()]).into_owned();
        item.name = item.text.clone();
        Ok(Some(Val::Json(c, item)))
    }

    /// The bytes of the plain string literal at the cursor (no charset
    /// introducer), not consumed.
    fn plain_string(&self) -> Option<Vec<u8>> {
        let t = self.toks.get(self.pos).copied()?;
        if !matches!(t.kind, TokenKind::Str { quote_at } if quote_at == t.start) {
            return None;
        }
        crate::sql::lexer::decode_string(self.src, &t, self.opts).map(|b| b.into_owned())
    }

    /// `JSON_UNQUOTE(JSON_EXTRACT(..))`, `CAST(f(..) AS type)`,
    /// `COALESCE(f(..), constant)`, `IFNULL(f(..), constant)` over a JSON
    /// function squeeze evaluates; the cursor is after `(`.
    fn json_composed_call(&mut self, name: &str, name_tok: usize) -> R<Option<Val>> {
        if !(self.is_name() && self.kind_at(1) == Some(TokenKind::LParen)) {
            return Ok(None);
        }
        let inner_name = self.name_text(self.pos).to_ascii_uppercase();
        if name == "JSON_UNQUOTE" && inner_name != "JSON_EXTRACT" {
            return Ok(None);
        }
        // Casts nest (`COALESCE(CAST(..))`); other compositions do not.
        let nested_cast = name != "JSON_UNQUOTE" && inner_name == "CAST";
        if !(inner_name.starts_with("JSON_") || nested_cast) {
            return Ok(None);
        }
        self.pos += 1;
        let Some(Val::Json(c, mut item)) = self.json_select_call_at(&inner_name)? else {
            return Ok(None);
        };
        let inner = Box::new(item.call.clone());
        item.call = match name {
            "JSON_UNQUOTE" => match *inner {
                JsonCall::Extract(path) => JsonCall::UnquoteExtract(path),
                _ => return Ok(None),
            },
            "CAST" => {
                if !self.eat_kw("AS") {
                    return Ok(None);
                }
                let Some(to) = self.cast_type() else {
                    return Ok(None);
                };
                JsonCall::Cast(inner, to)
            }
            _ => {
                // A constant of the call's own kind, so the result's type
                // (asked from the server) formats the value as the call
                // does: a string for a text result, digits for a number.
                if !self.eat_kind(TokenKind::Comma)
                    || matches!(
                        *inner,
                        JsonCall::Cast(_, CastTo::Double | CastTo::Decimal(..))
                    )
                {
                    return Ok(None);
                }
                let constant = if inner.integer() {
                    let t = self.toks.get(self.pos).copied();
                    match t {
                        Some(t)
                            if t.kind == TokenKind::Number
                                && t.text(self.src).iter().all(u8::is_ascii_digit) =>
                        {
                            t.text(self.src).to_vec()
                        }
                        _ => return Ok(None),
                    }
                } else {
                    match self.plain_string() {
                        Some(b) => b,
                        None => return Ok(None),
                    }
                };
                self.pos += 1;
                JsonCall::OrElse(inner, constant)
            }
        };
        self.expect_kind(TokenKind::RParen, ")")?;
        item.item = self.toks[name_tok].start..self.toks[self.pos - 1].end;
        item.text = String::from_utf8_lossy(&self.src[item.item.clone()]).into_owned();
        item.name = item.text.clone();
        Ok(Some(Val::Json(c, item)))
    }

    /// The CAST target types squeeze reproduces: `CHAR` (no length or
    /// charset), `SIGNED [INTEGER]`, `UNSIGNED [INTEGER]`, `DOUBLE`,
    /// `DECIMAL[(m[, d])]`.
    fn cast_type(&mut self) -> Option<CastTo> {
        let word = self
            .is_name()
            .then(|| self.name_text(self.pos).to_ascii_uppercase())?;
        self.pos += 1;
        let to = match word.as_str() {
            "CHAR" => CastTo::Char,
            "SIGNED" | "UNSIGNED" => {
                if self.kw("INTEGER") || self.kw("INT") {
                    self.pos += 1;
                }
                if word == "SIGNED" {
                    CastTo::Signed
                } else {
                    CastTo::Unsigned
                }
            }
            "DOUBLE" => CastTo::Double,
            "DECIMAL" => {
                let (mut m, mut d) = (10u32, 0u32);
                if self.eat_kind(TokenKind::LParen) {
                    m = self.small_number()?;
                    if self.eat_kind(TokenKind::Comma) {
                        d = self.small_number()?;
                    }
                    if !self.eat_kind(TokenKind::RParen) {
                        return None;
                    }
                }
                if m == 0 || m > 65 || d > 38 || d > m {
                    return None;
                }
                CastTo::Decimal(m as u8, d as u8)
            }
            _ => return None,
        };
        Some(to)
    }

    fn small_number(&mut self) -> Option<u32> {
        let t = self.toks.get(self.pos).copied()?;
        if t.kind != TokenKind::Number {
            return None;
        }
        let text = t.text(self.src);
        if text.is_empty() || text.len() > 3 || !text.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.pos += 1;
        std::str::from_utf8(text).ok()?.parse().ok()
    }

    /// The arguments of a function that may look at its arguments' bytes:
    /// parsed as expressions where they are plain ones (so `IF(doc IS NULL,
    /// 1, 2)` is understood), else scanned conservatively (`CAST(x AS ..)`,
    /// `TRIM(LEADING ..)`, ...). A compressed argument is refused.
    fn ordinary_args(&mut self, reason: RefuseReason, what: &str) -> R<()> {
        let open = self.pos;
        self.pos += 1;
        // Where the arguments stop being expressions (`AS` in `CAST(x AS
        // ..)`, `USING`, `CONVERT(x, CHAR)`): the arguments before were
        // parsed and judged, so only the rest is scanned. Scanning the
        // whole group again would rescan every level below at each of n
        // nested CASTs (quadratic).
        let mut judged_to = None;
        let parsed = (|| {
            if self.eat_kind(TokenKind::RParen) {
                return Ok(());
            }
            loop {
                let v = self.expr()?;
                self.reject(&v, reason, what)?;
                if !self.eat_kind(TokenKind::Comma) {
                    break;
                }
                judged_to = Some(self.pos);
            }
            if !self.is_kind(TokenKind::RParen) {
                judged_to = Some(self.pos);
            }
            self.expect_kind(TokenKind::RParen, ")")
        })();
        match parsed {
            Err(Stop::Unparsed(_)) => {
                self.pos = open;
                self.scan_group_from(judged_to, reason, what)
            }
            other => other,
        }
    }

    /// A stored function whose body reads compressed columns is refused.
    /// The cursor is on `(`; the name is the one or two tokens before it.
    fn check_routine(&self, qualified: bool) -> R<()> {
        let name = self.name_text(self.pos - 1);
        let db = if qualified {
            Some(self.name_text(self.pos - 3))
        } else {
            self.current_db.clone()
        };
        if let Some(db) = db {
            if self.catalog.routine_reads_compressed(&db, &name) {
                return Err(Stop::Refuse(crate::sql::refusal::routine_refusal(
                    &db, &name,
                )));
            }
        }
        Ok(())
    }

    /// `f( name )` exactly (one bare or qualified column as the argument)?
    fn single_name_arg(&self) -> bool {
        let mut k = 1;
        loop {
            if !matches!(
                self.kind_at(k),
                Some(TokenKind::Ident | TokenKind::QuotedIdent)
            ) {
                return false;
            }
            k += 1;
            if self.kind_at(k) == Some(TokenKind::Dot) {
                k += 1;
                continue;
            }
            return self.kind_at(k) == Some(TokenKind::RParen);
        }
    }

    /// `COUNT(...)` / `ISNULL(x)`: a compressed argument is fine (only its
    /// NULL-ness is used), except `COUNT(DISTINCT doc)`.
    fn counting_call(&mut self, name: &str) -> R<Val> {
        self.pos += 1;
        if self.eat_op("*") {
            self.expect_kind(TokenKind::RParen, ")")?;
            return Ok(Val::Plain);
        }
        let distinct = self.eat_kw("DISTINCT");
        self.eat_kw("ALL");
        loop {
            let v = self.expr()?;
            if distinct {
                self.reject(&v, RefuseReason::Distinct, &format!("{name}(DISTINCT ...)"))?;
            }
            // A JSON function's NULL-ness is what it finds in the document.
            if matches!(v, Val::Json(..)) {
                self.reject(&v, RefuseReason::JsonFunction, &format!("{name}()"))?;
            }
            if !self.eat_kind(TokenKind::Comma) {
                break;
            }
        }
        self.expect_kind(TokenKind::RParen, ")")?;
        Ok(Val::Plain)
    }

    /// Walk a parenthesised group whose grammar the analyzer does not model
    /// (function arguments, window specifications, MATCH columns): every
    /// name in it that could be a compressed column, and every subquery
    /// that outputs one, is refused. Over-refuses, never under-refuses.
    pub(super) fn scan_group(&mut self, reason: RefuseReason, what: &str) -> R<()> {
        self.scan_group_from(None, reason, what)
    }

    /// [`Self::scan_group`] from `from` (inside the group, at depth 0 of
    /// it: what is before was analysed already), or from the start.
    fn scan_group_from(&mut self, from: Option<usize>, reason: RefuseReason, what: &str) -> R<()> {
        if !self.is_kind(TokenKind::LParen) {
            return Err(self.unparsed("expected ("));
        }
        let close = self.matching_paren(self.pos);
        if close >= self.toks.len() {
            return Err(self.unparsed("unbalanced parenthesis"));
        }
        self.pos = match from {
            Some(at) if at > self.pos && at <= close => at,
            _ => self.pos + 1,
        };
        while self.pos < close {
            let t = self.toks[self.pos];
            match t.kind {
                TokenKind::LParen if self.query_starts_at(1) => {
                    self.subquery_operand(reason, what)?;
                }
                TokenKind::Ident | TokenKind::QuotedIdent => {
                    let mut names = vec![self.name_text(self.pos)];
                    self.pos += 1;
                    while self.is_kind(TokenKind::Dot)
                        && matches!(
                            self.kind_at(1),
                            Some(TokenKind::Ident | TokenKind::QuotedIdent)
                        )
                    {
                        names.push(self.name_text(self.pos + 1));
                        self.pos += 2;
                    }
                    if names.len() <= 3 && !self.is_kind(TokenKind::LParen) {
                        if let Some(c) = self.resolve_names(&names) {
                            if !self.server_evaluates() {
                                return Err(refusal(c, reason, what));
                            }
                            self.note_reference(t.start..self.toks[self.pos - 1].end);
                        }
                    }
                }
                _ => self.pos += 1,
            }
        }
        if self.pos != close {
            return Err(self.unparsed("unbalanced group"));
        }
        self.pos = close + 1;
        Ok(())
    }

    /// `SET a = expr, b := expr ...` / `DO expr, ...`.
    pub(super) fn assignment_list(&mut self) -> R<()> {
        let what = "an assignment to a variable (squeeze cannot inflate a variable's value)";
        while !self.at_end() {
            // Find this item's `=` / `:=` at depth 0, if any.
            let mut k = self.pos;
            let mut depth = 0usize;
            let mut eq = None;
            while k < self.toks.len() {
                let t = self.toks[k];
                match t.kind {
                    TokenKind::LParen => depth += 1,
                    TokenKind::RParen => depth = depth.saturating_sub(1),
                    TokenKind::Comma if depth == 0 => break,
                    TokenKind::Op
                        if depth == 0 && (t.is_op(self.src, "=") || t.is_op(self.src, ":=")) =>
                    {
                        eq = Some(k);
                        break;
                    }
                    _ => {}
                }
                k += 1;
            }
            match eq {
                Some(eq) => self.pos = eq + 1,
                None if k == self.toks.len() || self.toks[k].kind == TokenKind::Comma => {
                    // `DO expr` (no `=`), or `SET NAMES x` and friends.
                    let v = self.expr();
                    match v {
                        Ok(v) => self.reject(&v, RefuseReason::Copy, what)?,
                        Err(Stop::Unparsed(_)) => self.pos = k,
                        Err(other) => return Err(other),
                    }
                    if !self.eat_kind(TokenKind::Comma) && !self.at_end() {
                        self.pos = k;
                        self.eat_kind(TokenKind::Comma);
                    }
                    continue;
                }
                None => self.pos = k,
            }
            let v = self.expr()?;
            self.reject(&v, RefuseReason::Copy, what)?;
            if !self.eat_kind(TokenKind::Comma) {
                break;
            }
        }
        if !self.at_end() {
            return Err(self.unparsed("unexpected token in SET/DO"));
        }
        Ok(())
    }
}

/// The binding power of a binary operator token, if it is one.
fn binary_power(kind: TokenKind, word: &str) -> Option<u8> {
    Some(match (kind, word) {
        (TokenKind::Ident, "OR") | (TokenKind::Op, "||") => OR,
        (TokenKind::Ident, "XOR") => XOR,
        (TokenKind::Ident, "AND") | (TokenKind::Op, "&&") => AND,
        (TokenKind::Op, w) if COMPARISONS.contains(&w) => COMPARE,
        (TokenKind::Op, "|") => BIT_OR,
        (TokenKind::Op, "&") => BIT_AND,
        (TokenKind::Op, "<<" | ">>") => SHIFT,
        (TokenKind::Op, "+" | "-") => ADD,
        (TokenKind::Op, "*" | "/" | "%") | (TokenKind::Ident, "DIV" | "MOD") => MUL,
        (TokenKind::Op, "^") => BIT_XOR,
        _ => return None,
    })
}

fn operator_reason(word: &str) -> (RefuseReason, String) {
    if COMPARISONS.contains(&word) {
        (RefuseReason::Comparison, format!("a comparison (`{word}`)"))
    } else if ["AND", "OR", "XOR", "&&", "||"].contains(&word) {
        (RefuseReason::Comparison, format!("a condition (`{word}`)"))
    } else {
        (RefuseReason::Function, format!("the `{word}` operator"))
    }
}

/// Why a JSON_CONTAINS constant that is not valid JSON is refused.
fn invalid_constant(which: &str) -> String {
    format!(
        "its {which} is not valid JSON, or has a member name whose escapes squeeze does not resolve: MariaDB reads an invalid constant only as far as each document needs, answering NULL with a warning for some rows and 0 or 1 for others"
    )
}
