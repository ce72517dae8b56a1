//! Row filters: boolean JSON conditions on a compressed column in the WHERE
//! of the statement's own single-table SELECT, which squeeze evaluates on
//! each row's inflated document (`JSON_CONTAINS(doc, '1')`, Django's
//! `has_keys` as `(JSON_CONTAINS_PATH(..) AND JSON_CONTAINS_PATH(..))`).
//! The condition is replaced by `(TRUE)` in the statement sent, the column
//! is appended to the select list as a hidden last item, and the result
//! side drops that column and the rows the condition does not pass (and
//! applies a LIMIT squeeze took out of the statement). Everything else
//! stays refused: a form is accepted only where dropping rows after the
//! server produced them gives MariaDB's answer on the uncompressed copy.

use std::ops::Range;

use super::expr::{Val, AND_BP};
use super::{Parser, Stop};
use crate::sql::json::JsonCall;
use crate::sql::lexer::{Token, TokenKind};
use crate::sql::refusal::{ColumnRef, RefuseReason, HINT};

/// A condition squeeze evaluates on a row's document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cond {
    /// `JSON_CONTAINS`, `JSON_CONTAINS_PATH`, `JSON_EXISTS` or `JSON_VALID`
    /// of the column: 1, 0 or NULL.
    Call(JsonCall),
    /// `f IS NULL` (`IS NOT NULL` when the flag is set) of a JSON function
    /// squeeze evaluates, or of the column itself (`None`).
    IsNull(Option<JsonCall>, bool),
    /// `c IS [NOT] TRUE|FALSE|UNKNOWN` (`Some(true)`, `Some(false)`,
    /// `None`; NOT when the flag is set): never NULL.
    Is(Box<Cond>, Option<bool>, bool),
    Not(Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
}

impl Cond {
    /// The condition's value under MariaDB's three-valued logic (`None`:
    /// NULL), given each call's. Every call is evaluated, even where the
    /// outcome is already decided: a call squeeze cannot answer exactly
    /// refuses the row whichever order MariaDB would evaluate them in.
    pub fn truth<E>(
        &self,
        call: &mut impl FnMut(&JsonCall) -> Result<Option<bool>, E>,
        null: &mut impl FnMut(Option<&JsonCall>) -> Result<bool, E>,
    ) -> Result<Option<bool>, E> {
        Ok(match self {
            Cond::Call(c) => call(c)?,
            Cond::IsNull(c, not) => Some(null(c.as_ref())? != *not),
            Cond::Is(c, target, not) => Some((c.truth(call, null)? == *target) != *not),
            Cond::Not(c) => c.truth(call, null)?.map(|b| !b),
            Cond::And(cs) => {
                let mut acc = Some(true);
                for c in cs {
                    acc = match (acc, c.truth(call, null)?) {
                        (Some(false), _) | (_, Some(false)) => Some(false),
                        (Some(true), Some(true)) => Some(true),
                        _ => None,
                    };
                }
                acc
            }
            Cond::Or(cs) => {
                let mut acc = Some(false);
                for c in cs {
                    acc = match (acc, c.truth(call, null)?) {
                        (Some(true), _) | (_, Some(true)) => Some(true),
                        (Some(false), Some(false)) => Some(false),
                        _ => None,
                    };
                }
                acc
            }
        })
    }
}

/// What squeeze does with the rows of a statement whose WHERE it partly
/// evaluates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowFilter {
    /// The compressed column the conditions read (sent as the hidden last
    /// column of the result).
    pub column: ColumnRef,
    /// Every condition squeeze evaluates (the row passes when it is TRUE).
    pub cond: Cond,
    /// The conditions as written (for messages).
    pub text: String,
    /// `LIMIT offset, count` taken out of the statement: squeeze skips
    /// `offset` passing rows and sends at most `limit` (without one, the
    /// session's sql_select_limit, sent with the rows).
    pub offset: u64,
    pub limit: Option<u64>,
}

/// Byte edits making the statement sent.
pub(super) type Edits = Vec<(Range<usize>, String)>;

/// A condition found in the statement's WHERE.
#[derive(Debug, Clone)]
pub(super) struct Found {
    pub span: Range<usize>,
    pub cond: Cond,
}

/// The statement's own SELECT, as the filter plan needs it.
#[derive(Debug, Clone)]
pub(super) struct TopSelect {
    pub relations: Vec<super::scope::Relation>,
    /// Byte offset just after the last select-list item.
    pub list_end: usize,
    /// The select list's tokens.
    pub items: Range<usize>,
}

/// What keeps squeeze from evaluating a statement's conditions itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum NoFilter {
    /// Refused, saying why.
    Refuse(String),
    /// MariaDB rejects the statement before reading a row (an ORDER BY
    /// position past the select list: ERR 1054): sent as the client wrote
    /// it, so the client gets the server's own error.
    ServerRejects,
}

impl From<String> for NoFilter {
    fn from(why: String) -> Self {
        NoFilter::Refuse(why)
    }
}

/// Parser state to restore after a failed attempt.
pub(super) struct Mark {
    pos: usize,
    rewrites: usize,
    json: usize,
    filters: usize,
    leaves: usize,
    scopes: usize,
    depth: usize,
    server_rejects: bool,
}

/// Words that end a WHERE clause of a top-level SELECT.
/// How many parentheses deep a chain of conjuncts is looked for (ORMs
/// write a handful; see `conjunct`).
const MAX_CHAIN_PARENS: usize = 16;

const WHERE_ENDS: &[&str] = &[
    "GROUP",
    "HAVING",
    "WINDOW",
    "ORDER",
    "LIMIT",
    "UNION",
    "EXCEPT",
    "INTERSECT",
    "MINUS",
    "FOR",
    "LOCK",
    "INTO",
    "PROCEDURE",
    "OFFSET",
    "FETCH",
];

/// The calls a condition may be made of (each 1, 0 or NULL).
const CALLS: &[&str] = &[
    "JSON_CONTAINS",
    "JSON_CONTAINS_PATH",
    "JSON_EXISTS",
    "JSON_VALID",
];

impl Parser<'_, '_> {
    pub(super) fn mark(&self) -> Mark {
        Mark {
            pos: self.pos,
            rewrites: self.rewrites.len(),
            json: self.json.len(),
            filters: self.filters.len(),
            leaves: self.filter_leaves.len(),
            scopes: self.scopes.len(),
            depth: self.depth,
            server_rejects: self.server_rejects,
        }
    }

    pub(super) fn reset(&mut self, m: &Mark) {
        self.pos = m.pos;
        self.rewrites.truncate(m.rewrites);
        self.json.truncate(m.json);
        self.filters.truncate(m.filters);
        self.filter_leaves.truncate(m.leaves);
        self.scopes.truncate(m.scopes);
        self.depth = m.depth;
        self.server_rejects = m.server_rejects;
    }

    /// Whether a WHERE at the cursor may hold conditions squeeze evaluates:
    /// the statement's own query level of a statement whose result squeeze
    /// relays as a COM_QUERY.
    pub(super) fn filtering(&self) -> bool {
        self.allow_filter && self.qdepth == 1 && self.views.is_empty() && !self.in_having
    }

    /// The WHERE condition at the cursor, refused as a whole (`refused`),
    /// read again as conjuncts some of which squeeze evaluates: the whole
    /// condition (`a OR b`), or each operand, through parentheses, of its
    /// top-level AND. `false` (state restored): not such a condition.
    pub(super) fn where_filters(&mut self) -> bool {
        let m = self.mark();
        // Conjuncts first: the server keeps every operand it can answer.
        if self.conjuncts(0) && self.where_ends() && self.filters.len() > m.filters {
            return true;
        }
        self.reset(&m);
        let start = self.pos;
        if let Some(cond) = self.filter_or() {
            if self.where_ends() {
                self.found(start, cond);
                return true;
            }
        }
        self.reset(&m);
        false
    }

    fn where_ends(&self) -> bool {
        self.at_end()
            || self.is_kind(TokenKind::Semicolon)
            || self.is_kind(TokenKind::RParen)
            || self.any_kw(WHERE_ENDS)
    }

    /// `c AND c ...`; `depth`: inside that many parentheses of the chain
    /// (at most [`MAX_CHAIN_PARENS`]).
    fn conjuncts(&mut self, depth: usize) -> bool {
        loop {
            if !self.conjunct(depth) {
                return false;
            }
            if !self.eat_kw("AND") {
                return true;
            }
        }
    }

    fn conjunct_ends(&self, depth: usize) -> bool {
        self.kw("AND")
            || if depth == 0 {
                self.where_ends()
            } else {
                self.is_kind(TokenKind::RParen)
            }
    }

    /// One operand of the chain: an ordinary condition the server
    /// evaluates (a declared path answered from its column included), a
    /// condition squeeze evaluates, or a parenthesised chain of them.
    fn conjunct(&mut self, depth: usize) -> bool {
        let m = self.mark();
        let plain = (|| {
            let v = self.expr_bp(AND_BP + 1)?;
            if self.take_condition(&v) {
                return Ok(());
            }
            self.reject(&v, RefuseReason::Comparison, "a WHERE condition")
        })();
        if plain.is_ok() && self.conjunct_ends(depth) {
            return true;
        }
        self.reset(&m);
        let start = self.pos;
        if let Some(cond) = self.filter_not() {
            if self.conjunct_ends(depth) {
                self.found(start, cond);
                return true;
            }
        }
        self.reset(&m);
        // Each level above already parsed what is inside twice (as a plain
        // condition, as a filter): past a few levels the chain is not
        // looked for through more parentheses, which bounds the work to
        // linear (a whole condition squeeze evaluates is still read by
        // `filter_or`, which does not backtrack).
        if depth < MAX_CHAIN_PARENS
            && self.eat_kind(TokenKind::LParen)
            && !self.query_starts_at(0)
            && self.conjuncts(depth + 1)
            && self.eat_kind(TokenKind::RParen)
            && self.conjunct_ends(depth)
        {
            return true;
        }
        self.reset(&m);
        false
    }

    fn found(&mut self, start: usize, cond: Cond) {
        let span = self.toks[start].start..self.toks[self.pos - 1].end;
        self.filters.push(Found { span, cond });
    }

    /// `f OR f ...`.
    fn filter_or(&mut self) -> Option<Cond> {
        let mut terms = vec![self.filter_and()?];
        while self.eat_kw("OR") {
            terms.push(self.filter_and()?);
        }
        Some(if terms.len() == 1 {
            terms.pop()?
        } else {
            Cond::Or(terms)
        })
    }

    /// `f AND f ...`.
    fn filter_and(&mut self) -> Option<Cond> {
        let mut terms = vec![self.filter_not()?];
        while self.eat_kw("AND") {
            terms.push(self.filter_not()?);
        }
        Some(if terms.len() == 1 {
            terms.pop()?
        } else {
            Cond::And(terms)
        })
    }

    /// `NOT f`, `( f )` or a call. (`NOT` binds tighter than AND and OR
    /// and looser than comparisons, none of which a call may carry here.)
    fn filter_not(&mut self) -> Option<Cond> {
        if self.eat_kw("NOT") {
            let inner = self.filter_not()?;
            // `NOT f IS TRUE` is `(NOT f) IS TRUE` under sql_mode
            // HIGH_NOT_PRECEDENCE, which squeeze does not follow: a test
            // under NOT only in parentheses.
            if self.filter_test_end == self.pos {
                return None;
            }
            return Some(Cond::Not(Box::new(inner)));
        }
        if self.is_kind(TokenKind::LParen) {
            if self.query_starts_at(1) {
                return None;
            }
            self.pos += 1;
            let c = self.filter_or()?;
            if !self.eat_kind(TokenKind::RParen) {
                return None;
            }
            return self.truth_test(c);
        }
        if !(self.is_name() && self.kind_at(1) == Some(TokenKind::LParen)) {
            return self.column_null_test(false);
        }
        let name = self.name_text(self.pos).to_ascii_uppercase();
        if name == "JSON_UNQUOTE" {
            // Django's `JSON_UNQUOTE(doc) IS NOT NULL`: NULL exactly when
            // the document is (as the analyzer judges it elsewhere).
            let m = self.mark();
            self.pos += 2;
            if let Some(Cond::IsNull(None, not)) = self.column_null_test(true) {
                return Some(Cond::IsNull(None, not));
            }
            self.reset(&m);
        }
        self.pos += 1;
        let Ok(Some(Val::Json(c, item))) = self.json_select_call(&name) else {
            return None;
        };
        if let Some(not) = self.is_null_test() {
            self.filter_leaves.push(c);
            return Some(Cond::IsNull(Some(item.call.clone()), not));
        }
        if !CALLS.contains(&name.as_str())
            || !matches!(
                item.call,
                JsonCall::Contains(..)
                    | JsonCall::ContainedIn(..)
                    | JsonCall::ValueContains(..)
                    | JsonCall::ValueContainedIn(..)
                    | JsonCall::ContainsPath { .. }
                    | JsonCall::Exists(_)
                    | JsonCall::Valid
            )
        {
            return None;
        }
        self.filter_leaves.push(c);
        self.truth_test(Cond::Call(item.call.clone()))
    }

    /// `c` (a condition: 1, 0 or NULL), or the test or comparison with 0
    /// or 1 that follows it (`IS [NOT] TRUE|FALSE|UNKNOWN|NULL`, `= 1`,
    /// `<> 0`); `None` when anything else follows.
    fn truth_test(&mut self, c: Cond) -> Option<Cond> {
        if self.kw("IS") {
            let not = self.kw_at(1, "NOT");
            let at = 1 + usize::from(not);
            let target = if self.kw_at(at, "TRUE") {
                Some(true)
            } else if self.kw_at(at, "FALSE") {
                Some(false)
            } else if self.kw_at(at, "UNKNOWN") || self.kw_at(at, "NULL") {
                None
            } else {
                return None;
            };
            self.pos += at + 1;
            self.filter_test_end = self.pos;
            return (!self.operand_follows()).then(|| Cond::Is(Box::new(c), target, not));
        }
        for (op, negated) in [("=", false), ("<>", true), ("!=", true)] {
            if !self.op(op) {
                continue;
            }
            let one = match self.toks.get(self.pos + 1) {
                Some(t) if t.kind == TokenKind::Number && t.text(self.src) == b"1" => true,
                Some(t) if t.kind == TokenKind::Number && t.text(self.src) == b"0" => false,
                _ => return None,
            };
            self.pos += 2;
            self.filter_test_end = self.pos;
            if self.operand_follows() {
                return None;
            }
            // On 1, 0 and NULL: `= 1` and `<> 0` are the value itself,
            // `= 0` and `<> 1` its NOT (NULL stays NULL).
            return Some(if one != negated {
                c
            } else {
                Cond::Not(Box::new(c))
            });
        }
        (!self.operand_follows()).then_some(c)
    }

    /// `IS [NOT] NULL` at the cursor, not an operand of anything after it:
    /// whether NOT.
    fn is_null_test(&mut self) -> Option<bool> {
        if !self.kw("IS") {
            return None;
        }
        let not = self.kw_at(1, "NOT");
        let at = 1 + usize::from(not);
        if !self.kw_at(at, "NULL") {
            return None;
        }
        self.pos += at + 1;
        self.filter_test_end = self.pos;
        (!self.operand_follows()).then_some(not)
    }

    /// The compressed column itself (`doc`, `t.doc`) under `IS [NOT] NULL`
    /// (Django's negated lookups on a nullable field add it); `unquoted`:
    /// inside `JSON_UNQUOTE(`, whose `)` comes first.
    fn column_null_test(&mut self, unquoted: bool) -> Option<Cond> {
        let mut names = Vec::new();
        loop {
            let named = match self.kind_at(0) {
                Some(TokenKind::QuotedIdent) => true,
                Some(TokenKind::Ident) => self.is_name(),
                _ => false,
            };
            if !named || names.len() == 3 {
                return None;
            }
            names.push(self.name_text(self.pos));
            self.pos += 1;
            if !self.eat_kind(TokenKind::Dot) {
                break;
            }
        }
        let c = self.resolve_names(&names)?;
        if unquoted && !self.eat_kind(TokenKind::RParen) {
            return None;
        }
        let not = self.is_null_test()?;
        self.filter_leaves.push(c);
        Some(Cond::IsNull(None, not))
    }

    /// An operator at the cursor that would make what precedes it an
    /// operand (of a comparison, IS, LIKE, arithmetic...), not a condition
    /// of its own.
    fn operand_follows(&self) -> bool {
        !(self.at_end()
            || self.is_kind(TokenKind::RParen)
            || self.is_kind(TokenKind::Semicolon)
            || self.any_kw(&["AND", "OR"])
            || self.any_kw(WHERE_ENDS))
    }

    /// The row filter of an analysed statement whose WHERE holds
    /// conditions squeeze evaluates, with the edits that make the statement
    /// sent, or why squeeze cannot evaluate them in this statement.
    pub(super) fn filter_plan(&self) -> Result<(RowFilter, Edits), NoFilter> {
        let Some(column) = self.filter_leaves.first().cloned() else {
            return Err(NoFilter::Refuse("no condition".into()));
        };
        if self.filter_leaves.iter().any(|c| *c != column) {
            return Err(NoFilter::Refuse(
                "the conditions read more than one compressed column".into(),
            ));
        }
        let single = "squeeze evaluates such a condition itself only in a SELECT from the one table holding the column (no join, view, derived table or CTE)";
        let Some(top) = &self.top else {
            return Err(NoFilter::Refuse(single.into()));
        };
        match top.relations.as_slice() {
            [r] if r.base == Some((column.db.clone(), column.table.clone())) => {}
            _ => return Err(NoFilter::Refuse(single.into())),
        }
        let tail = statement_form(self.src, self.toks)?;
        if tail.last_position > 0 {
            // The hidden items come after the client's: a position must
            // still name one of the client's.
            let visible = self.visible_items(top, &column).ok_or_else(|| {
                NoFilter::Refuse(
                    "an ORDER BY position with `*` of a table whose columns squeeze does not know"
                        .into(),
                )
            })?;
            if tail.last_position > visible {
                return Err(NoFilter::ServerRejects);
            }
        }
        let qualifier = &top.relations[0].qualifier;
        let (filter_alias, limit_alias) = hidden_aliases(self.src);
        let mut edits = Vec::new();
        edits.push((
            top.list_end..top.list_end,
            // The session's sql_select_limit, which MariaDB applies to the
            // rows that pass when the statement has no LIMIT: asked of the
            // server with the rows (the statement sent has a LIMIT of its
            // own, so the server applies it to none). Named so that no name
            // of the client's statement can mean them.
            format!(
                ", {}.{} AS {}, @@SESSION.sql_select_limit AS {}",
                quoted(qualifier),
                quoted(&column.column),
                quoted(&filter_alias),
                quoted(&limit_alias)
            ),
        ));
        let mut texts = Vec::new();
        let mut conds = Vec::new();
        for f in &self.filters {
            edits.push((f.span.clone(), "(TRUE)".to_string()));
            texts.push(String::from_utf8_lossy(&self.src[f.span.clone()]).into_owned());
            conds.push(f.cond.clone());
        }
        let no_limit = "LIMIT 18446744073709551615".to_string();
        match tail.limit_span {
            Some(span) => edits.push((span, no_limit)),
            None => {
                let last = self
                    .toks
                    .iter()
                    .rev()
                    .find(|t| t.kind != TokenKind::Semicolon)
                    .map_or(0, |t| t.end);
                edits.push((last..last, format!(" {no_limit}")));
            }
        }
        let cond = if conds.len() == 1 {
            conds.pop().expect("one")
        } else {
            Cond::And(conds)
        };
        Ok((
            RowFilter {
                column,
                cond,
                text: texts.join(" AND "),
                offset: tail.offset,
                limit: tail.limit,
            },
            edits,
        ))
    }

    /// How many columns the client's select list makes (`*` and `t.*`
    /// counted as the table's columns), or `None` where a `*` names a
    /// table whose columns the catalog does not know.
    fn visible_items(&self, top: &TopSelect, column: &ColumnRef) -> Option<u64> {
        let toks = &self.toks[top.items.clone()];
        let mut depth = 0usize;
        let mut items = 0u64;
        let mut start = 0usize;
        let count_item = |item: &[Token]| -> Option<u64> {
            let star = match item {
                [t] => t.is_op(self.src, "*"),
                [_, d, t] => d.kind == TokenKind::Dot && t.is_op(self.src, "*"),
                _ => false,
            };
            if !star {
                return Some(1);
            }
            let columns = self.catalog.table_columns(&column.db, &column.table)?;
            Some(columns.len() as u64)
        };
        for (i, t) in toks.iter().enumerate() {
            match t.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => depth = depth.saturating_sub(1),
                TokenKind::Comma if depth == 0 => {
                    items += count_item(&toks[start..i])?;
                    start = i + 1;
                }
                _ => {}
            }
        }
        Some(items + count_item(&toks[start..])?)
    }
}

/// Names for the hidden items that the statement spells nowhere
/// (case-insensitively, as MariaDB compares column names; a string alias
/// or a comment counts too, which costs only a suffix).
fn hidden_aliases(src: &[u8]) -> (String, String) {
    let taken = |name: &str| {
        src.windows(name.len())
            .any(|w| w.eq_ignore_ascii_case(name.as_bytes()))
    };
    let free = |base: &str| {
        (0..)
            .map(|n| {
                if n == 0 {
                    base.to_string()
                } else {
                    format!("{base}_{n}")
                }
            })
            .find(|name| !taken(name))
            .expect("an unbounded search over a finite statement ends")
    };
    (free("squeeze_filter"), free("squeeze_limit"))
}

/// Why a refusal's condition could not be evaluated by squeeze, put
/// before the refusal's hint.
pub(super) fn explain(stop: Stop, why: &str) -> Stop {
    match stop {
        Stop::Refuse(mut r) => {
            let (what, hint) = match r.what.split_once(HINT) {
                Some((w, h)) => (w.to_string(), Some(h.to_string())),
                None => (r.what.clone(), None),
            };
            r.what = format!("{what} ({why})");
            if let Some(h) = hint {
                r.what.push(HINT);
                r.what.push_str(&h);
            }
            Stop::Refuse(r)
        }
        other => other,
    }
}

fn quoted(name: &str) -> String {
    format!("`{}`", name.replace('`', "``"))
}

/// What the statement's clauses let squeeze do, read from its tokens.
#[derive(Debug, PartialEq, Eq)]
struct Tail {
    limit_span: Option<Range<usize>>,
    offset: u64,
    limit: Option<u64>,
    /// The highest select-list position ORDER BY names (`ORDER BY 2`), 0
    /// for none.
    last_position: u64,
}

/// The highest position among the ORDER BY keys starting at token `at`
/// (an integer alone, or before ASC/DESC, is a position; anything else an
/// expression), ending at LIMIT or the statement's end.
fn order_positions(src: &[u8], toks: &[Token], at: usize) -> u64 {
    let mut highest = 0;
    let mut depth = 0usize;
    let mut key_start = at;
    let mut i = at;
    loop {
        let t = toks.get(i);
        let ends_key = match t {
            None => true,
            Some(t) if depth == 0 => {
                t.kind == TokenKind::Comma
                    || t.kind == TokenKind::Semicolon
                    || t.is_keyword(src, "LIMIT")
            }
            _ => false,
        };
        if ends_key {
            let key = &toks[key_start..i];
            let key = match key {
                [k, dir] if dir.is_keyword(src, "ASC") || dir.is_keyword(src, "DESC") => {
                    std::slice::from_ref(k)
                }
                k => k,
            };
            if let [k] = key {
                if k.kind == TokenKind::Number {
                    if let Some(n) = std::str::from_utf8(k.text(src))
                        .ok()
                        .and_then(|n| n.parse::<u64>().ok())
                    {
                        highest = highest.max(n);
                    }
                }
            }
            match t {
                Some(t) if t.kind == TokenKind::Comma => key_start = i + 1,
                _ => return highest,
            }
        } else if let Some(t) = t {
            match t.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        i += 1;
    }
}

/// Functions without side effects whose value depends only on their
/// arguments (or is constant for the statement): MariaDB may evaluate them
/// on rows squeeze then drops, and nobody can tell.
const PURE: &[&str] = &[
    "ABS",
    "ASCII",
    "BIN",
    "BIT_LENGTH",
    "CAST",
    "CEIL",
    "CEILING",
    "CHAR",
    "CHAR_LENGTH",
    "CHARACTER_LENGTH",
    "COALESCE",
    "CONCAT",
    "CONCAT_WS",
    "CONV",
    "CONVERT",
    "CRC32",
    "CURDATE",
    "CURRENT_DATE",
    "CURRENT_TIME",
    "CURRENT_TIMESTAMP",
    "CURTIME",
    "DATE",
    "DATE_ADD",
    "DATE_FORMAT",
    "DATE_SUB",
    "DATEDIFF",
    "DAY",
    "DAYOFMONTH",
    "DAYOFWEEK",
    "DAYOFYEAR",
    "DEGREES",
    "ELT",
    "EXP",
    "FIELD",
    "FIND_IN_SET",
    "FLOOR",
    "FROM_UNIXTIME",
    "GREATEST",
    "HEX",
    "HOUR",
    "IF",
    "IFNULL",
    "INSTR",
    "ISNULL",
    "LCASE",
    "LEAST",
    "LEFT",
    "LENGTH",
    "LN",
    "LOCALTIME",
    "LOCALTIMESTAMP",
    "LOCATE",
    "LOG",
    "LOG10",
    "LOG2",
    "LOWER",
    "LPAD",
    "LTRIM",
    "MD5",
    "MID",
    "MINUTE",
    "MOD",
    "MONTH",
    "NOW",
    "NULLIF",
    "OCT",
    "OCTET_LENGTH",
    "ORD",
    "PI",
    "POSITION",
    "POW",
    "POWER",
    "QUARTER",
    "QUOTE",
    "RADIANS",
    "REPEAT",
    "REPLACE",
    "REVERSE",
    "RIGHT",
    "ROUND",
    "RPAD",
    "RTRIM",
    "SECOND",
    "SHA1",
    "SHA2",
    "SIGN",
    "SPACE",
    "SQRT",
    "STRCMP",
    "SUBSTR",
    "SUBSTRING",
    "SUBSTRING_INDEX",
    "TIME",
    "TIMESTAMP",
    "TIMESTAMPDIFF",
    "TO_DAYS",
    "TRIM",
    "TRUNCATE",
    "UCASE",
    "UNHEX",
    "UPPER",
    "UTC_DATE",
    "UTC_TIMESTAMP",
    "WEEK",
    "WEEKDAY",
    "YEAR",
    "ACOS",
    "ASIN",
    "ATAN",
    "ATAN2",
    "COS",
    "COT",
    "SIN",
    "TAN",
    "EXTRACT",
    "TIMESTAMPADD",
    "MAKEDATE",
    "MAKETIME",
    "STR_TO_DATE",
    "LAST_DAY",
    "MONTHNAME",
    "DAYNAME",
    "UNIX_TIMESTAMP",
    "FORMAT",
    "CHARSET",
    "COLLATION",
    "DATABASE",
    "SCHEMA",
    "USER",
    "CURRENT_USER",
    "SESSION_USER",
    "SYSTEM_USER",
    "VERSION",
    "WEEKOFYEAR",
    "YEARWEEK",
    "SEC_TO_TIME",
    "TIME_TO_SEC",
    "TIMEDIFF",
    "ADDTIME",
    "SUBTIME",
    "ADDDATE",
    "SUBDATE",
    "PERIOD_ADD",
    "PERIOD_DIFF",
    "FROM_DAYS",
    "TO_SECONDS",
];

/// Aggregates: fine inside a subquery (its own rows), not at the
/// statement's level (they would count the rows squeeze drops).
const AGGREGATES: &[&str] = &[
    "AVG",
    "BIT_AND",
    "BIT_OR",
    "BIT_XOR",
    "COUNT",
    "GROUP_CONCAT",
    "JSON_ARRAYAGG",
    "JSON_OBJECTAGG",
    "MAX",
    "MIN",
    "STD",
    "STDDEV",
    "STDDEV_POP",
    "STDDEV_SAMP",
    "SUM",
    "VAR_POP",
    "VAR_SAMP",
    "VARIANCE",
];

/// Words that may stand before `(` without being a call.
const NOT_CALLS: &[&str] = &[
    "AGAINST",
    "ALL",
    "AND",
    "ANY",
    "AS",
    "BETWEEN",
    "BINARY",
    "BY",
    "CASE",
    "DEC",
    "DECIMAL",
    "DISTINCT",
    "DOUBLE",
    "ELSE",
    "ESCAPE",
    "EXISTS",
    "FLOAT",
    "FORCE",
    "FROM",
    "IGNORE",
    "IN",
    "INDEX",
    "INTERVAL",
    "IS",
    "JOIN",
    "KEY",
    "LIKE",
    "NCHAR",
    "NOT",
    "NUMERIC",
    "ON",
    "OR",
    "PARTITION",
    "REGEXP",
    "RLIKE",
    "ROW",
    "SELECT",
    "SIGNED",
    "SOME",
    "THEN",
    "UNSIGNED",
    "USE",
    "USING",
    "VARBINARY",
    "VARCHAR",
    "WHEN",
    "WHERE",
    "XOR",
    "DIV",
    "DATETIME",
];

/// The clauses of the statement (`toks`, its significant tokens) around
/// the WHERE: a plain `SELECT` of a single table (no set operation,
/// DISTINCT, GROUP BY, HAVING, window, INTO, locking clause, user
/// variable assignment, or a function that has side effects or whose value
/// depends on the rows it is evaluated on), and its `LIMIT`, which squeeze
/// applies itself.
fn statement_form(src: &[u8], toks: &[Token]) -> Result<Tail, String> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(src, w));
    if !kw(0, "SELECT") {
        return Err("squeeze evaluates such a condition itself only in a plain SELECT (no WITH, no parenthesised query)".into());
    }
    // Open parentheses, each marked whether it opens a subquery (or is
    // inside one).
    let mut frames: Vec<bool> = Vec::new();
    let mut last_position = 0;
    let mut i = 1;
    while i < toks.len() {
        let t = &toks[i];
        let in_sub = frames.last().copied().unwrap_or(false);
        match t.kind {
            TokenKind::LParen => {
                let sub = in_sub || kw(i + 1, "SELECT") || kw(i + 1, "WITH") || kw(i + 1, "VALUES");
                frames.push(sub);
            }
            TokenKind::RParen => {
                frames.pop();
            }
            TokenKind::Op if t.is_op(src, ":=") => {
                return Err("an assignment to a variable".into());
            }
            TokenKind::Semicolon if frames.is_empty() => break,
            TokenKind::Ident | TokenKind::QuotedIdent => {
                let word = String::from_utf8_lossy(t.text(src)).to_ascii_uppercase();
                if toks.get(i + 1).map(|n| n.kind) == Some(TokenKind::LParen) {
                    call_allowed(src, toks, i, &word, in_sub)?;
                }
                if t.kind == TokenKind::Ident {
                    if (word == "NEXT" || word == "PREVIOUS") && kw(i + 1, "VALUE") {
                        return Err("a sequence (NEXT VALUE FOR)".into());
                    }
                    if word == "OVER" && !in_sub {
                        return Err("a window function".into());
                    }
                }
                if frames.is_empty() && t.kind == TokenKind::Ident {
                    if let Some(why) = top_word(&word) {
                        return Err(why.into());
                    }
                    if word == "ORDER" && kw(i + 1, "BY") {
                        last_position = order_positions(src, toks, i + 2);
                    }
                    if word == "LIMIT" {
                        return limit(src, toks, i).map(|(span, offset, limit)| Tail {
                            limit_span: Some(span),
                            offset,
                            limit: Some(limit),
                            last_position,
                        });
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    Ok(Tail {
        limit_span: None,
        offset: 0,
        limit: None,
        last_position,
    })
}

/// Why a word at the statement's level makes it ineligible.
fn top_word(word: &str) -> Option<&'static str> {
    Some(match word {
        "DISTINCT" | "DISTINCTROW" => "SELECT DISTINCT",
        "SQL_CALC_FOUND_ROWS" => "SQL_CALC_FOUND_ROWS",
        "UNION" | "EXCEPT" | "INTERSECT" | "MINUS" => "a set operation",
        "GROUP" => "GROUP BY",
        "HAVING" => "HAVING",
        "WINDOW" => "a window",
        "INTO" => "SELECT ... INTO",
        "PROCEDURE" => "PROCEDURE",
        "FOR" | "LOCK" => "a locking or FOR SYSTEM_TIME clause",
        "OFFSET" | "FETCH" => "OFFSET ... FETCH (write LIMIT)",
        "JOIN" | "STRAIGHT_JOIN" | "NATURAL" => "a join",
        _ => return None,
    })
}

/// Whether `word (` at token `i` may be evaluated on rows squeeze drops.
fn call_allowed(
    src: &[u8],
    toks: &[Token],
    i: usize,
    word: &str,
    in_sub: bool,
) -> Result<(), String> {
    let t = &toks[i];
    let qualified = i > 0 && toks[i - 1].kind == TokenKind::Dot;
    if t.kind == TokenKind::QuotedIdent || qualified {
        return Err(format!(
            "the stored function `{}`, which MariaDB would call on rows the condition rejects",
            String::from_utf8_lossy(t.text(src))
        ));
    }
    if NOT_CALLS.contains(&word) {
        return Ok(());
    }
    if AGGREGATES.contains(&word) {
        return if in_sub {
            Ok(())
        } else {
            Err(format!(
                "the aggregate {word}(), which would count the rows the condition rejects"
            ))
        };
    }
    if PURE.contains(&word) || word.starts_with("JSON_") {
        return Ok(());
    }
    Err(format!(
        "{word}(), which MariaDB would evaluate on rows the condition rejects (squeeze evaluates such a condition only where the rest of the statement calls functions without side effects)"
    ))
}

/// `LIMIT count`, `LIMIT offset, count` or `LIMIT count OFFSET offset` at
/// token `at`, ending the statement: its byte span and values.
fn limit(src: &[u8], toks: &[Token], at: usize) -> Result<(Range<usize>, u64, u64), String> {
    let num = |i: usize| -> Option<u64> {
        let t = toks.get(i)?;
        if t.kind != TokenKind::Number {
            return None;
        }
        std::str::from_utf8(t.text(src)).ok()?.parse().ok()
    };
    let bad = || "a LIMIT other than LIMIT n, LIMIT m, n or LIMIT n OFFSET m".to_string();
    let first = num(at + 1).ok_or_else(bad)?;
    let (offset, count, end) = match toks.get(at + 2) {
        Some(t) if t.kind == TokenKind::Comma => (first, num(at + 3).ok_or_else(bad)?, at + 4),
        Some(t) if t.is_keyword(src, "OFFSET") => (num(at + 3).ok_or_else(bad)?, first, at + 4),
        _ => (0, first, at + 2),
    };
    let rest_ok = match toks.get(end) {
        None => true,
        Some(t) => t.kind == TokenKind::Semicolon,
    };
    if !rest_ok {
        return Err(bad());
    }
    Ok((toks[at].start..toks[end - 1].end, offset, count))
}

#[cfg(test)]
#[path = "filter_tests.rs"]
mod tests;
