//! The one relation walk: every table reference a statement makes, with
//! its database, alias, tokens, byte span and the clause it sits in.
//! Routing, the write planner and the read analyzer all consume this walk
//! (cached per statement in [`Statement::relations`](super::statement::Statement::relations)),
//! so there is one grammar of a table factor: `[db.]name [PARTITION (..)]
//! [FOR SYSTEM_TIME ..] [[AS] alias] [index hints]`, a derived table
//! `(query) [AS] alias [(columns)]`, a table function and a parenthesised
//! join. [`insert_target`] reads the target of an `INSERT`/`REPLACE`.
//!
//! The walk is linear over the significant tokens, so subqueries anywhere
//! (a WHERE, an ON condition, a SET value) are covered. It may report an
//! extra name (an alias in a DELETE target list, a CTE used as a table,
//! the operand of `EXTRACT(.. FROM d)`), never fewer than a statement
//! names, except through user variables and stored programs: consumers
//! that deny by default (the read analyzer) refuse a factor the walk did
//! not record.

use std::borrow::Cow;
use std::ops::Range;

use super::classify::matching_paren;
use super::lexer::{ident_name, Token, TokenKind};
use super::tokens::{is_name, is_reserved, keyword_at as kw};

/// Where a table reference sits in its statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// A factor of a FROM (or a multi-table DELETE's USING) list.
    From,
    /// The right side of a JOIN.
    Join,
    /// A derived table or table function: only its alias names it.
    Derived,
    /// A CTE being defined (`WITH c AS (..)`).
    Cte,
    /// A table UPDATE writes.
    UpdateTarget,
    /// A table DELETE deletes from.
    DeleteTarget,
    /// The table INSERT/REPLACE writes.
    InsertTarget,
    /// Named after INTO outside INSERT (e.g. `LOAD DATA ... INTO TABLE`).
    Into,
    /// Named after TABLE/TABLES (DDL, `TABLE t`).
    Table,
    /// Locked by `LOCK TABLES`.
    Lock,
}

/// A table named by a statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRef<'a> {
    /// Explicit database qualifier, if written.
    pub db: Option<Cow<'a, str>>,
    /// The table name; `None` for a derived table, CTE or table function
    /// (only its alias is known).
    pub table: Option<Cow<'a, str>>,
    /// `AS alias` / bare alias.
    pub alias: Option<Cow<'a, str>>,
    /// Significant-token indices covering the name, alias and any
    /// PARTITION/index-hint clause (none of them are column references);
    /// for a derived table or table function, its alias and column list.
    pub tokens: Range<usize>,
    /// The bytes of the whole factor in the statement's text (a derived
    /// table's from its `(` to its alias).
    pub span: Range<usize>,
    pub context: Context,
    /// Inside a subquery or derived table (a parenthesised query).
    pub subquery: bool,
    /// A named table read `FOR SYSTEM_TIME`: the token index of `FOR`.
    /// The bound is an expression, so the walk records the name only; a
    /// consumer that parses the bound reads what follows it with
    /// [`factor_tail`].
    pub system_time: Option<usize>,
    /// A derived table's column list `(a, b)`: the token range inside the
    /// parentheses.
    pub columns: Option<Range<usize>>,
}

impl TableRef<'_> {
    /// Index of the token where the factor's name (or, for a derived
    /// table, its alias part) starts.
    pub fn start(&self) -> usize {
        self.tokens.start
    }
}

/// Words that end a table factor instead of being its alias (with the
/// reserved words of [`is_reserved`]).
const NOT_ALIAS: &[&str] = &[
    "ON",
    "USING",
    "WHERE",
    "JOIN",
    "INNER",
    "CROSS",
    "LEFT",
    "RIGHT",
    "NATURAL",
    "STRAIGHT_JOIN",
    "OUTER",
    "FULL",
    "SET",
    "GROUP",
    "ORDER",
    "LIMIT",
    "HAVING",
    "WINDOW",
    "UNION",
    "INTERSECT",
    "EXCEPT",
    "FOR",
    "LOCK",
    "USE",
    "IGNORE",
    "FORCE",
    "PARTITION",
    "VALUES",
    "VALUE",
    "SELECT",
    "INTO",
    "WITH",
    "READ",
    "WRITE",
    "AS",
    "RETURNING",
    "LATERAL",
    "TABLESAMPLE",
    "FROM",
    "AND",
    "OR",
    "DUPLICATE",
    "LOW_PRIORITY",
    "HIGH_PRIORITY",
    "DELAYED",
    "QUICK",
    "TABLE",
    "ROW",
    "LIKE",
];

/// Words that end a FROM list at its own parenthesis depth: a comma after
/// them is not another table.
const ENDS_LIST: &[&str] = &[
    "WHERE",
    "GROUP",
    "HAVING",
    "ORDER",
    "LIMIT",
    "WINDOW",
    "UNION",
    "EXCEPT",
    "INTERSECT",
    "MINUS",
    "INTO",
    "LOCK",
    "SET",
    "PROCEDURE",
    "RETURNING",
    "FETCH",
    "OFFSET",
    "VALUES",
    "SELECT",
];

/// Whether a bare name may be the alias of the factor before it.
fn may_be_alias(src: &[u8], t: &Token) -> bool {
    is_name(t)
        && (t.kind == TokenKind::QuotedIdent
            || !(NOT_ALIAS.iter().any(|w| t.is_keyword(src, w)) || is_reserved(t.text(src))))
}

/// Whether a parenthesised query starts at `k` (after any further `(`).
pub fn query_starts_at(src: &[u8], toks: &[Token], mut k: usize) -> bool {
    while toks.get(k).is_some_and(|t| t.kind == TokenKind::LParen) {
        k += 1;
    }
    toks.get(k).is_some_and(|t| {
        ["SELECT", "WITH", "VALUES", "TABLE"]
            .iter()
            .any(|w| t.is_keyword(src, w))
    })
}

/// What follows a factor's name (or a derived table's `)`), from `j`: the
/// alias (`AS a` or a bare name that is not a keyword ending the factor),
/// a derived table's column list (`derived`), and index hints. Returns the
/// alias, the column list's inner token range, and the index after them.
pub fn factor_tail<'a>(
    src: &'a [u8],
    toks: &[Token],
    mut j: usize,
    derived: bool,
) -> (Option<Cow<'a, str>>, Option<Range<usize>>, usize) {
    let mut alias = None;
    if kw(src, toks, j, "AS") && toks.get(j + 1).is_some_and(is_name) {
        alias = Some(ident_name(src, &toks[j + 1]));
        j += 2;
    } else if let Some(a) = toks.get(j).filter(|t| {
        // A derived table must have an alias: any non-reserved name is it.
        may_be_alias(src, t) || (derived && is_name(t) && !is_reserved(t.text(src)))
    }) {
        alias = Some(ident_name(src, a));
        j += 1;
    }
    let mut columns = None;
    if derived && alias.is_some() && toks.get(j).is_some_and(|t| t.kind == TokenKind::LParen) {
        let close = matching_paren(toks, j);
        columns = Some(j + 1..close.min(toks.len()));
        j = close + 1;
    }
    (alias, columns, index_hints(src, toks, j))
}

/// `{USE|IGNORE|FORCE} {INDEX|KEY} [FOR {JOIN|ORDER BY|GROUP BY}] (list)`,
/// repeated, optionally comma-separated: the index after them. A hint the
/// grammar does not know is left where it starts.
fn index_hints(src: &[u8], toks: &[Token], mut j: usize) -> usize {
    let hint_at = |k: usize| {
        (kw(src, toks, k, "USE") || kw(src, toks, k, "IGNORE") || kw(src, toks, k, "FORCE"))
            && (kw(src, toks, k + 1, "INDEX") || kw(src, toks, k + 1, "KEY"))
    };
    while hint_at(j) {
        let mut k = j + 2;
        if kw(src, toks, k, "FOR") {
            if kw(src, toks, k + 1, "JOIN") {
                k += 2;
            } else if (kw(src, toks, k + 1, "ORDER") || kw(src, toks, k + 1, "GROUP"))
                && kw(src, toks, k + 2, "BY")
            {
                k += 3;
            } else {
                return j;
            }
        }
        if toks.get(k).is_none_or(|t| t.kind != TokenKind::LParen) {
            return j;
        }
        let close = matching_paren(toks, k);
        if close >= toks.len() {
            return j;
        }
        j = close + 1;
        if toks.get(j).is_some_and(|t| t.kind == TokenKind::Comma) && hint_at(j + 1) {
            j += 1;
        }
    }
    j
}

/// The strict column-name list of a derived table, `a, b, c` (the tokens
/// inside its parentheses); `None` when it is not one.
pub fn column_names<'a>(
    src: &'a [u8],
    toks: &[Token],
    inner: Range<usize>,
) -> Option<Vec<Cow<'a, str>>> {
    let mut out = Vec::new();
    let mut k = inner.start;
    loop {
        let t = toks.get(k).filter(|t| k < inner.end && (is_name(t)))?;
        out.push(ident_name(src, t));
        k += 1;
        if k == inner.end {
            return Some(out);
        }
        if toks.get(k)?.kind != TokenKind::Comma {
            return None;
        }
        k += 1;
    }
}

/// The walk's state: what it found, and where it is.
struct Walker<'a, 't> {
    src: &'a [u8],
    toks: &'t [Token],
    out: Vec<TableRef<'a>>,
    /// Per open parenthesis at the walk's position: whether it opens a query.
    parens: Vec<bool>,
    /// How many of `parens` open a query (so `subquery` is O(1)).
    query_parens: usize,
    /// The last run of consecutive `(` looked at: its end and whether a
    /// query starts there. Every `(` of a run has the same answer, so a
    /// run of n is scanned once, not n times (60,000 `(` were quadratic).
    paren_run: Option<(usize, bool)>,
    /// FROM-style lists being walked: the depth they are at, their context
    /// and whether their factors take aliases. A comma at that depth starts
    /// another factor.
    lists: Vec<(usize, Context, bool)>,
}

impl<'a> Walker<'a, '_> {
    fn subquery(&self) -> bool {
        self.query_parens > 0
    }

    fn push(&mut self, r: TableRef<'a>) {
        self.out.push(r);
    }

    fn span(&self, from: usize, to: usize) -> Range<usize> {
        let n = self.toks.len();
        let (from, to) = (from.min(n), to.min(n));
        if from >= to {
            let at = self.toks.get(from).map_or(self.src.len(), |t| t.start);
            return at..at;
        }
        self.toks[from].start..self.toks[to - 1].end
    }

    /// Parse one table factor at `i`; returns the index where the walk goes
    /// on (inside a derived table or table function, whose body names
    /// tables and columns too; otherwise after the factor).
    fn table_factor(&mut self, mut i: usize, with_alias: bool, context: Context) -> usize {
        let (src, toks) = (self.src, self.toks);
        if kw(src, toks, i, "LATERAL") || kw(src, toks, i, "ONLY") {
            i += 1;
        }
        let Some(t) = toks.get(i) else { return i };
        let subquery = self.subquery();
        if t.kind == TokenKind::LParen {
            if query_starts_at(src, toks, i + 1) {
                return self.derived(i, i, matching_paren(toks, i), subquery);
            }
            // A parenthesised join: its factors, comma-separated, follow
            // the `(`; the JOINs inside are found by the linear walk.
            let mut j = self.table_factor(i + 1, with_alias, context);
            while toks.get(j).is_some_and(|t| t.kind == TokenKind::Comma) {
                let next = self.table_factor(j + 1, with_alias, context);
                if next == j + 1 {
                    break;
                }
                j = next;
            }
            return j;
        }
        if !is_name(t) {
            return i;
        }
        if with_alias
            && t.kind == TokenKind::Ident
            && toks.get(i + 1).is_some_and(|n| n.kind == TokenKind::LParen)
        {
            // Table function, e.g. JSON_TABLE(...): not a table.
            return self.derived(i, i + 1, matching_paren(toks, i + 1), subquery);
        }
        let (db, table, mut j) = if toks.get(i + 1).is_some_and(|n| n.kind == TokenKind::Dot)
            && toks.get(i + 2).is_some_and(is_name)
        {
            (
                Some(ident_name(src, t)),
                ident_name(src, &toks[i + 2]),
                i + 3,
            )
        } else if t.is_keyword(src, "DUAL") {
            return i + 1;
        } else {
            (None, ident_name(src, t), i + 1)
        };
        if kw(src, toks, j, "PARTITION")
            && toks.get(j + 1).is_some_and(|t| t.kind == TokenKind::LParen)
        {
            j = matching_paren(toks, j + 1) + 1;
        }
        let mut system_time = None;
        let mut alias = None;
        if kw(src, toks, j, "FOR") && kw(src, toks, j + 1, "SYSTEM_TIME") {
            // The bound is an expression: the walk goes on through it.
            system_time = Some(j);
        } else if with_alias {
            (alias, _, j) = factor_tail(src, toks, j, false);
        }
        let span = self.span(i, j);
        self.push(TableRef {
            db,
            table: Some(table),
            alias,
            tokens: i..j.min(toks.len()),
            span,
            context,
            subquery,
            system_time,
            columns: None,
        });
        j
    }

    /// A derived table (`open` is its `(`) or table function (`open` is the
    /// `(` after its name at `first`); `close` is the matching `)`.
    fn derived(&mut self, first: usize, open: usize, close: usize, subquery: bool) -> usize {
        let (alias, columns, j) = factor_tail(self.src, self.toks, close + 1, true);
        if alias.is_some() {
            let span = self.span(first, j);
            self.push(TableRef {
                db: None,
                table: None,
                alias,
                tokens: (close + 1).min(j)..j.min(self.toks.len()),
                span,
                context: Context::Derived,
                subquery,
                system_time: None,
                columns,
            });
        }
        open + 1
    }

    /// Move the walk from `from` to `to`, keeping track of parentheses and
    /// of the lists they close.
    fn advance(&mut self, from: usize, to: usize) {
        for k in from..to.min(self.toks.len()) {
            match self.toks[k].kind {
                TokenKind::LParen => {
                    let q = match self.paren_run {
                        Some((end, q)) if k < end => q,
                        _ => {
                            let mut end = k + 1;
                            while self
                                .toks
                                .get(end)
                                .is_some_and(|t| t.kind == TokenKind::LParen)
                            {
                                end += 1;
                            }
                            let q = query_starts_at(self.src, self.toks, end);
                            self.paren_run = Some((end, q));
                            q
                        }
                    };
                    self.parens.push(q);
                    self.query_parens += usize::from(q);
                }
                TokenKind::RParen => {
                    if self.parens.pop() == Some(true) {
                        self.query_parens -= 1;
                    }
                    let depth = self.parens.len();
                    while self.lists.last().is_some_and(|l| l.0 > depth) {
                        self.lists.pop();
                    }
                }
                _ => {}
            }
        }
    }

    /// Start a FROM-style list at the current depth (replacing one there).
    fn open_list(&mut self, context: Context, alias: bool) {
        let depth = self.parens.len();
        if self.lists.last().is_some_and(|l| l.0 == depth) {
            self.lists.pop();
        }
        self.lists.push((depth, context, alias));
    }

    /// End the list at the current depth, if any.
    fn close_list(&mut self) {
        let depth = self.parens.len();
        if self.lists.last().is_some_and(|l| l.0 == depth) {
            self.lists.pop();
        }
    }
}

/// What the walk does at a keyword.
enum Walk {
    /// Go on at this token.
    Skip(usize),
    /// Table factors follow the token at `at`: a comma-separated `list` of
    /// them or one, with or without aliases.
    Tables {
        at: usize,
        list: bool,
        alias: bool,
        context: Context,
    },
}

/// Every table the statement names: after FROM, JOIN, UPDATE, INTO,
/// INSERT/REPLACE, DELETE, USING, TABLE (DDL and `TABLE t`), plus CTE names
/// (`WITH c AS (...)`, recorded with `table: None`) and derived tables'
/// aliases. A FROM list is followed through its commas at its own depth
/// (`FROM a JOIN b ON .., c`).
pub fn table_refs<'a>(src: &'a [u8], toks: &[Token]) -> Vec<TableRef<'a>> {
    let mut w = Walker {
        src,
        toks,
        out: Vec::new(),
        parens: Vec::new(),
        query_parens: 0,
        paren_run: None,
        lists: Vec::new(),
    };
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        match t.kind {
            TokenKind::LParen | TokenKind::RParen => {
                w.advance(i, i + 1);
                i += 1;
                continue;
            }
            TokenKind::Comma => {
                let depth = w.parens.len();
                if let Some(&(_, context, alias)) = w.lists.last().filter(|l| l.0 == depth) {
                    let next = w.table_factor(i + 1, alias, context);
                    w.advance(i + 1, next);
                    i = next.max(i + 1);
                } else {
                    i += 1;
                }
                continue;
            }
            TokenKind::Ident => {}
            _ => {
                i += 1;
                continue;
            }
        }
        if cte_definition(src, toks, i) {
            let span = w.span(i, i + 1);
            let subquery = w.subquery();
            w.push(TableRef {
                db: None,
                table: None,
                alias: Some(ident_name(src, t)),
                tokens: i..i + 1,
                span,
                context: Context::Cte,
                subquery,
                system_time: None,
                columns: None,
            });
            i += 1;
            continue;
        }
        if ENDS_LIST.iter().any(|x| t.is_keyword(src, x))
            || (t.is_keyword(src, "FOR") && !kw(src, toks, i + 1, "SYSTEM_TIME"))
            || (t.is_keyword(src, "ON") && kw(src, toks, i + 1, "DUPLICATE"))
        {
            w.close_list();
        }
        let (list, alias, context) = match walk_keyword(src, toks, i) {
            Walk::Skip(next) => {
                w.advance(i, next);
                i = next;
                continue;
            }
            Walk::Tables {
                at,
                list,
                alias,
                context,
            } => {
                w.advance(i, at + 1);
                i = at;
                (list, alias, context)
            }
        };
        if list && context != Context::Table {
            w.open_list(context, alias);
        }
        let mut j = w.table_factor(i + 1, alias, context);
        // TABLE lists (DDL) are followed only right after a name: their
        // later commas separate other clauses.
        while list
            && context == Context::Table
            && toks.get(j).is_some_and(|t| t.kind == TokenKind::Comma)
        {
            let next = w.table_factor(j + 1, alias, context);
            if next == j + 1 {
                break;
            }
            j = next;
        }
        w.advance(i + 1, j);
        i = j.max(i + 1);
    }
    w.out
}

/// Is the name at `i` a CTE being defined: `WITH|RECURSIVE|, name [(cols)]
/// AS (`?
fn cte_definition(src: &[u8], toks: &[Token], i: usize) -> bool {
    (i > 0
        && (toks[i - 1].is_keyword(src, "WITH")
            || toks[i - 1].is_keyword(src, "RECURSIVE")
            || toks[i - 1].kind == TokenKind::Comma))
        && {
            let mut k = i + 1;
            if toks.get(k).is_some_and(|t| t.kind == TokenKind::LParen) {
                // A column list holds names and commas only: stop at the
                // first other token (a call's arguments, `IF(a = 1, ..`),
                // so nested calls are not rescanned to their end.
                k += 1;
                while toks
                    .get(k)
                    .is_some_and(|t| is_name(t) || t.kind == TokenKind::Comma)
                {
                    k += 1;
                }
                if toks.get(k).map(|t| t.kind) != Some(TokenKind::RParen) {
                    return false;
                }
                k += 1;
            }
            kw(src, toks, k, "AS") && toks.get(k + 1).is_some_and(|t| t.kind == TokenKind::LParen)
        }
}

/// Whether table names follow the keyword at `i` (FROM, USING, JOIN, the
/// DML verbs, INTO, `TABLE[S]`) and where, or where the walk goes on.
fn walk_keyword(src: &[u8], toks: &[Token], i: usize) -> Walk {
    // `FOR UPDATE`, `ON DUPLICATE KEY UPDATE`, `ON DELETE CASCADE` and
    // the INSERT()/REPLACE() functions are not DML verbs.
    let prev_blocks = i > 0
        && ["FOR", "KEY", "ON"]
            .iter()
            .any(|w| toks[i - 1].is_keyword(src, w));
    let verb = !prev_blocks && toks.get(i + 1).is_none_or(|t| t.kind != TokenKind::LParen);
    let is = |w: &str| toks[i].is_keyword(src, w);
    let tables = |at: usize, list: bool, alias: bool, context: Context| Walk::Tables {
        at,
        list,
        alias,
        context,
    };
    if is("FROM") || is("USING") {
        // `USING (col)` in a join is a column list, not tables.
        if is("USING") && toks.get(i + 1).is_some_and(|t| t.kind == TokenKind::LParen) {
            return Walk::Skip(i + 1);
        }
        tables(i, true, true, Context::From)
    } else if is("JOIN") || is("STRAIGHT_JOIN") {
        tables(i, false, true, Context::Join)
    } else if (is("UPDATE") || is("DELETE")) && verb {
        let mut k = i + 1;
        while ["LOW_PRIORITY", "QUICK", "IGNORE"]
            .iter()
            .any(|w| kw(src, toks, k, w))
        {
            k += 1;
        }
        let context = if is("UPDATE") {
            Context::UpdateTarget
        } else {
            Context::DeleteTarget
        };
        if kw(src, toks, k, "FROM") {
            // `DELETE FROM t1[, t2] [USING ...]`: the targets follow FROM.
            return tables(k, true, true, context);
        }
        tables(k - 1, true, true, context)
    } else if (is("INSERT") || is("REPLACE")) && verb {
        let mut k = i + 1;
        while ["LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "INTO"]
            .iter()
            .any(|w| kw(src, toks, k, w))
        {
            k += 1;
        }
        tables(k - 1, false, false, Context::InsertTarget)
    } else if is("INTO") {
        // SELECT ... INTO @v / OUTFILE / DUMPFILE name no table.
        if toks.get(i + 1).is_some_and(|t| {
            t.kind == TokenKind::Variable
                || t.is_keyword(src, "OUTFILE")
                || t.is_keyword(src, "DUMPFILE")
        }) {
            return Walk::Skip(i + 1);
        }
        tables(i, false, false, Context::Into)
    } else if (is("TABLE") || is("TABLES")) && i > 0 && toks[i - 1].is_keyword(src, "LOCK") {
        // `LOCK TABLES t [AS a] READ, u WRITE, ...`: a list whose factors
        // have aliases and lock types.
        tables(i, true, true, Context::Lock)
    } else if is("TABLE") || is("TABLES") {
        let mut k = i + 1;
        if kw(src, toks, k, "IF") {
            k += if kw(src, toks, k + 1, "NOT") { 3 } else { 2 };
        }
        tables(k - 1, true, false, Context::Table)
    } else {
        Walk::Skip(i + 1)
    }
}

/// The target of an `INSERT`/`REPLACE`: shared by the write planner and the
/// shard-key code, so both read the same statement the same way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsertTarget<'a> {
    /// Explicit database qualifier, if written.
    pub db: Option<Cow<'a, str>>,
    pub table: Cow<'a, str>,
    /// Token index of the table name's last part.
    pub name_at: usize,
    /// Token index after the name and any `PARTITION (...)` clause: the
    /// column list, `VALUES`, `SET` or the query.
    pub after: usize,
}

/// `INSERT|REPLACE [LOW_PRIORITY|DELAYED|HIGH_PRIORITY] [IGNORE] [INTO]
/// [db.]t [PARTITION (...)]`; `None` when `toks` is not such a statement.
pub fn insert_target<'a>(src: &'a [u8], toks: &[Token]) -> Option<InsertTarget<'a>> {
    let first = toks.first()?;
    if !(first.is_keyword(src, "INSERT") || first.is_keyword(src, "REPLACE")) {
        return None;
    }
    let mut i = 1;
    while toks.get(i).is_some_and(|t| {
        ["LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "INTO"]
            .iter()
            .any(|w| t.is_keyword(src, w))
    }) {
        i += 1;
    }
    let is_name = |k: usize| {
        toks.get(k)
            .is_some_and(|t| matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent))
    };
    if !is_name(i) {
        return None;
    }
    let (db, table, name_at) =
        if toks.get(i + 1).map(|t| t.kind) == Some(TokenKind::Dot) && is_name(i + 2) {
            (
                Some(ident_name(src, &toks[i])),
                ident_name(src, &toks[i + 2]),
                i + 2,
            )
        } else {
            (None, ident_name(src, &toks[i]), i)
        };
    let mut after = name_at + 1;
    if toks
        .get(after)
        .is_some_and(|t| t.is_keyword(src, "PARTITION"))
        && toks.get(after + 1).map(|t| t.kind) == Some(TokenKind::LParen)
    {
        after = matching_paren(toks, after + 1) + 1;
    }
    Some(InsertTarget {
        db,
        table,
        name_at,
        after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::classify::significant_tokens;
    use crate::sql::lexer::LexOptions;

    const D: LexOptions = LexOptions {
        no_backslash_escapes: false,
        ansi_quotes: false,
    };

    fn tables(s: &str) -> Vec<String> {
        let (toks, _, _) = significant_tokens(s.as_bytes(), 0, D);
        table_refs(s.as_bytes(), &toks)
            .into_iter()
            .map(|r| {
                let mut n = String::new();
                if let Some(d) = r.db {
                    n += &d;
                    n += ".";
                }
                n += r.table.as_deref().unwrap_or("-");
                if let Some(a) = r.alias {
                    n += " ";
                    n += &a;
                }
                n
            })
            .collect()
    }

    #[test]
    fn table_references_are_found_with_their_database_and_alias() {
        assert_eq!(tables("SELECT * FROM t"), ["t"]);
        assert_eq!(
            tables("SELECT * FROM db.t AS x JOIN `u` y ON x.id=y.id"),
            ["db.t x", "u y"]
        );
        assert_eq!(tables("SELECT * FROM a, b c WHERE 1"), ["a", "b c"]);
        assert_eq!(
            tables("INSERT IGNORE INTO `db`.`t` (a) VALUES (1)"),
            ["db.t"]
        );
        assert_eq!(tables("INSERT t VALUES (1)"), ["t"]);
        assert_eq!(
            tables("UPDATE LOW_PRIORITY a JOIN b ON a.x=b.x SET a.y=1"),
            ["a", "b"]
        );
        assert_eq!(tables("UPDATE t1, t2 AS z SET t1.a=1"), ["t1", "t2 z"]);
        assert_eq!(tables("DELETE FROM t WHERE id=1"), ["t"]);
        assert_eq!(
            tables("DELETE a FROM t a JOIN u USING (id)"),
            ["a", "t a", "u"]
        );
        assert_eq!(
            tables("SELECT * FROM (SELECT doc FROM t) AS d"),
            ["- d", "t"]
        );
        assert_eq!(
            tables("WITH c AS (SELECT * FROM t) SELECT * FROM c"),
            ["- c", "t", "c"]
        );
        assert_eq!(tables("DROP TABLE IF EXISTS a, b"), ["a", "b"]);
        assert_eq!(tables("CREATE TABLE t (id int)"), ["t"]);
        assert_eq!(
            tables("SELECT * FROM t PARTITION (p0) AS x FORCE INDEX (i) WHERE 1"),
            ["t x"]
        );
        assert_eq!(tables("SELECT a INTO @v FROM t"), ["t"]);
        assert_eq!(
            tables("SELECT * FROM JSON_TABLE(t.doc, '$' COLUMNS (a INT PATH '$.a')) j"),
            ["- j"]
        );
        assert_eq!(tables("SELECT * FROM t FOR UPDATE"), ["t"]);
    }

    #[test]
    fn a_from_list_goes_on_after_a_join_and_inside_parenthesised_joins() {
        assert_eq!(
            tables("SELECT * FROM a JOIN b ON a.x = b.x, c WHERE 1"),
            ["a", "b", "c"]
        );
        assert_eq!(tables("SELECT * FROM a JOIN (b, c) ON 1"), ["a", "b", "c"]);
        assert_eq!(tables("SELECT * FROM ((a JOIN b))"), ["a", "b"]);
        assert_eq!(tables("SELECT * FROM (SELECT 1) d, t"), ["- d", "t"]);
        assert_eq!(
            tables("UPDATE t JOIN u ON t.id = u.id, docs SET docs.doc = 'x', t.a = 1"),
            ["t", "u", "docs"]
        );
        assert_eq!(
            tables("SELECT * FROM a USE INDEX (i), IGNORE KEY FOR JOIN (j) JOIN b USING (id), c"),
            ["a", "b", "c"]
        );
        // Commas of other clauses are not tables.
        assert_eq!(
            tables("SELECT a, b FROM t WHERE a IN (1, 2) GROUP BY a, b ORDER BY a, b LIMIT 1, 2"),
            ["t"]
        );
        assert_eq!(
            tables("INSERT INTO t SELECT * FROM u ON DUPLICATE KEY UPDATE a = 1, b = 2"),
            ["t", "u"]
        );
        assert_eq!(
            tables("SELECT * FROM t UNION SELECT a, b FROM u"),
            ["t", "u"]
        );
        assert_eq!(tables("SELECT * FROM t a, u b INTO @x, @y"), ["t a", "u b"]);
    }

    #[test]
    fn every_table_a_lock_tables_statement_locks_is_found() {
        assert_eq!(
            tables("LOCK TABLES a READ, db2.b AS x WRITE, c LOW_PRIORITY WRITE"),
            ["a", "db2.b x", "c"]
        );
        assert_eq!(tables("LOCK TABLE a WRITE, b READ LOCAL"), ["a", "b"]);
    }

    #[test]
    fn each_reference_carries_its_context_byte_span_and_subquery_flag() {
        let sql = "INSERT INTO db.t SELECT * FROM (SELECT * FROM s) AS d \
                   JOIN u ON u.id = d.id WHERE d.a IN (SELECT a FROM v)";
        let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, D);
        let refs = table_refs(sql.as_bytes(), &toks);
        let got: Vec<_> = refs
            .iter()
            .map(|r| (&sql[r.span.clone()], r.context, r.subquery))
            .collect();
        assert_eq!(
            got,
            [
                ("db.t", Context::InsertTarget, false),
                ("(SELECT * FROM s) AS d", Context::Derived, false),
                ("s", Context::From, true),
                ("u", Context::Join, false),
                ("v", Context::From, true),
            ]
        );
        let ctx = |sql: &str| {
            let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, D);
            table_refs(sql.as_bytes(), &toks)
                .iter()
                .map(|r| r.context)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            ctx("UPDATE a JOIN b ON a.x = b.x SET a.y = 1"),
            [Context::UpdateTarget, Context::Join]
        );
        assert_eq!(
            ctx("DELETE FROM t1, t2 USING t1 JOIN t2"),
            [
                Context::DeleteTarget,
                Context::DeleteTarget,
                Context::From,
                Context::Join
            ]
        );
        assert_eq!(
            ctx("WITH c AS (SELECT 1) TABLE c"),
            [Context::Cte, Context::Table]
        );
    }

    #[test]
    fn a_table_read_for_system_time_leaves_its_bound_to_the_reader_and_shares_the_tail_grammar() {
        let sql =
            "SELECT * FROM t PARTITION (p) FOR SYSTEM_TIME AS OF NOW() x USE INDEX (i) JOIN u";
        let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, D);
        let refs = table_refs(sql.as_bytes(), &toks);
        assert_eq!(refs[0].table.as_deref(), Some("t"));
        let for_at = refs[0].system_time.expect("FOR SYSTEM_TIME recorded");
        assert!(toks[for_at].is_keyword(sql.as_bytes(), "FOR"));
        // After the reader parsed the bound `NOW()`:
        let after_bound = for_at + 7;
        let (alias, _, end) = factor_tail(sql.as_bytes(), &toks, after_bound, false);
        assert_eq!(alias.as_deref(), Some("x"));
        assert!(toks[end].is_keyword(sql.as_bytes(), "JOIN"));
        assert_eq!(refs[1].table.as_deref(), Some("u"));
    }
}
