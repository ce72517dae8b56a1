// Over 600 lines: the public planning API (plan_query .. prepared_outputs, ~370 lines) and the Analyzer's state, name resolution and value checks (~320) that plan/dml.rs, plan/judge.rs and plan/writes.rs share.
//! Planning a statement: queries go to the default-deny read analyzer
//! ([`super::query`]); writes to the literal locator here (values for
//! compressed columns are compressed in place or refused, see
//! [`super::writes`]).
//!
//! Entry points: [`plan_query`] for a `COM_QUERY` (any number of `;`-separated
//! statements) and [`plan_statement`] for a `COM_STMT_PREPARE` text.
//!
//! The write locator's analysis is syntactic and deliberately conservative: it finds every
//! reference to a compressed column (`doc`, `t.doc`, `alias.doc`,
//! `db.t.doc`), classifies the context it appears in, and refuses unless the
//! context is known to be a plain read, a plain write of a literal, or
//! `IS [NOT] NULL`. When a reference cannot be tied to one table (an
//! unqualified name in a join, a derived-table alias) it is treated as
//! compressed if any table in the statement compresses a column of that name.
//!
//! Identifier comparison: column names are passed to the catalog as written
//! and the catalog must compare them case-insensitively (as MySQL does);
//! database and table names are passed as written and compared as the
//! catalog sees fit (case-sensitive on Linux with `lower_case_table_names=0`).

use std::borrow::Cow;
use std::ops::Range;

use super::classify::{classify_statement, significant_tokens, StatementKind};
use super::compound;
use super::lexer::{
    decode_binary_literal, decode_string, ident_name, string_introducer, LexOptions, Token,
    TokenKind,
};
use super::query::{analyze_expressions, QueryShape, Stop};
use super::statement::Statement;
use super::tables::{table_refs, TableRef};
use same_query::SameQuery;

mod block;
mod computed;
mod condition;
mod dml;
mod explain;
mod judge;
pub(crate) mod procedural;
mod same_query;
mod writes;

pub use super::catalog::{ColumnCatalog, TableNameFilter};
pub(crate) use super::refusal::{refuse, routine_refusal};
pub use super::refusal::{ColumnRef, Refusal, RefuseReason};
use super::tokens::is_name;

/// How a literal was written; the decoded bytes are in [`LiteralSite::value`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiteralKind {
    /// A quoted string (possibly with an introducer, possibly several
    /// adjacent strings MySQL concatenates).
    Text,
    /// `X'..'` / `0x..`, decoded to bytes.
    Hex,
    /// `B'..'` / `0b..`, decoded to bytes.
    Bit,
    /// A number (value is its text, with a leading sign if written).
    Number,
}

/// A literal that the caller should replace by the compressed value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiteralSite<'a> {
    /// Byte range in the query to replace, covering any introducer
    /// (`_utf8mb4'..'`) or sign, so the splice replaces the literal entirely.
    pub span: Range<usize>,
    /// The literal's value as raw bytes (in the connection's
    /// `character_set_client` for text without an introducer).
    pub value: Cow<'a, [u8]>,
    /// How it was written.
    pub kind: LiteralKind,
    /// Charset introducer without `_` (`utf8mb4`, `binary`; `N'..'` gives
    /// `utf8`), if any.
    pub introducer: Option<&'a str>,
    /// The column the value is written to.
    pub column: ColumnRef,
}

/// A literal for a compressed column inside a statement text held in a
/// string literal (owned: the text is decoded from the literal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InnerSite {
    /// Byte range in [`TextRewrite::text`].
    pub span: Range<usize>,
    pub value: Vec<u8>,
    pub kind: LiteralKind,
    pub introducer: Option<String>,
    pub column: ColumnRef,
}

/// `PREPARE s FROM '<text>'` or `EXECUTE IMMEDIATE '<text>'` whose text
/// writes literals to a compressed column: the string literal is written
/// anew around the text with those literals compressed in place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextRewrite {
    /// The string literal in the query.
    pub span: Range<usize>,
    /// Its quote character.
    pub quote: u8,
    /// The statement text as the server decodes it.
    pub text: Vec<u8>,
    /// Literals to replace in `text`, in byte order, non-overlapping.
    pub sites: Vec<InnerSite>,
    /// As [`Plan::Rewrite`]'s, at an offset in `text`.
    pub column_list: Option<(usize, String)>,
    /// Edits the analysis made in `text` (the in-server function's wraps,
    /// `sql::query::server_eval`), in byte order.
    pub edits: Vec<(Range<usize>, String)>,
    /// The sql_mode the literal and the text inside it are read under.
    pub opts: LexOptions,
}

impl TextRewrite {
    /// The new string literal: `text` with `edits` (sorted, in `text`)
    /// applied, quoted so that the server decodes exactly that text under
    /// [`TextRewrite::opts`].
    pub fn literal(&self, edits: &[(Range<usize>, Vec<u8>)]) -> Vec<u8> {
        super::splice::quote_string(
            &super::splice::splice(&self.text, edits),
            self.quote,
            self.opts,
        )
    }
}

/// What to do with one statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan<'a> {
    /// Send as is: no compressed column is written or inspected (plain reads
    /// of compressed columns included; result rows are inflated elsewhere).
    Untouched,
    /// Replace each site's span by the compressed value's literal, and/or
    /// bind parameters: `placeholders` has one entry per `?` in the
    /// statement, in order (empty when it has none), `Some` for a `?` that is
    /// a value of a compressed column. At least one of the two is non-empty.
    Rewrite {
        /// Literals to replace, in byte order, non-overlapping.
        sites: Vec<LiteralSite<'a>>,
        /// Column bound to each `?`.
        placeholders: Vec<Option<ColumnRef>>,
        /// For an INSERT/REPLACE without a column list: where to insert the
        /// column list squeeze assumed (` (`a`, `b`) `), so MariaDB maps the
        /// values by name and rejects a count that no longer fits: DDL this
        /// instance did not see can never put a compressed value into
        /// another column.
        column_list: Option<(usize, String)>,
    },
    /// Replace a string literal holding a statement text (see
    /// [`TextRewrite`]).
    RewriteText(Box<TextRewrite>),
    /// Do not send; answer the client with an error.
    Refuse(Refusal),
}

/// The plan for one statement of a query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementPlan<'a> {
    /// The statement's bytes in the query (without the `;` separator).
    pub range: Range<usize>,
    /// What kind of statement it is (USE/SET/DDL tell the session what to
    /// track once the server has executed it).
    pub kind: StatementKind<'a>,
    /// The lexing options in effect for this statement (a preceding `SET
    /// sql_mode` in the same query changes them).
    pub opts: LexOptions,
    /// What to do.
    pub plan: Plan<'a>,
    /// For an accepted query: which result columns carry compressed
    /// values (so they are presented as the configured type even when the
    /// server's column metadata does not name the base column).
    pub shape: Option<QueryShape>,
    /// What it does to the session's temporary tables once the server
    /// answered it with OK.
    pub temporary: Vec<super::temporary::TempChange>,
}

/// Plan every statement of a `COM_QUERY`.
///
/// Statements are split on top-level `;`; site spans are offsets into
/// `sql` (the whole query), so the caller collects the edits of every
/// statement and calls [`splice`](super::splice::splice) once. A `USE db`
/// or `SET sql_mode = '...'` inside the query is applied to the statements
/// after it. If any statement is refused the caller should refuse the whole
/// query (nothing has been sent yet).
pub fn plan_query<'a>(
    sql: &'a [u8],
    opts: LexOptions,
    current_db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Vec<StatementPlan<'a>> {
    plan_statements(
        sql,
        &super::statement::split(sql, opts),
        current_db,
        catalog,
    )
}

/// [`plan_query`] for a query already split into statements.
pub fn plan_statements<'a>(
    sql: &'a [u8],
    statements: &[Statement<'a>],
    current_db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Vec<StatementPlan<'a>> {
    let analyse = catalog.may_mention_compressed(sql);
    let mut db: Option<Cow<'_, str>> = current_db.map(Cow::Borrowed);
    let mut out = Vec::with_capacity(statements.len());
    // `PREPARE s ...; EXECUTE s USING ...` in one query: the EXECUTE is
    // planned with what the PREPARE before it bound.
    let mut same = SameQuery {
        inner: catalog,
        prepared: Vec::new(),
        server: true,
    };
    // The last piece of a compound statement being planned as one.
    let mut block_until: Option<usize> = None;
    // The result shapes of its pieces whose result sets carry compressed
    // values.
    let mut block_shapes: Vec<(usize, QueryShape)> = Vec::new();
    // What the block opened at this piece may do to temporary tables.
    let mut block_temporary: Option<Vec<super::temporary::TempChange>> = None;
    for (k, st) in statements.iter().enumerate() {
        let analysed = analyse || writes::plan_anyway(&st.kind);
        let too_deep = analysed && block_until.is_none_or(|end| k > end);
        let (plan, shape) = if block_until.is_some_and(|end| k <= end) {
            // Judged with the whole block at its first piece.
            (Plan::Untouched, take_shape(&mut block_shapes, k))
        } else if let Some(r) = too_deep
            .then(|| too_deep_refusal(sql, &st.tokens, catalog))
            .flatten()
        {
            // Before anything that descends per level (the table walk
            // included).
            (Plan::Refuse(r), None)
        } else if analyse && compound::opens_block(sql, &st.tokens) {
            let end = compound::block_end(sql, statements, k);
            block_until = Some(end);
            let toks = compound::block_tokens(statements, k, end);
            if !compound::creates_stored_program(sql, &toks) {
                block_temporary = Some(super::temporary::block_changes(sql, &toks, db.as_deref()));
            }
            let (mut plan, shapes) =
                plan_block(sql, &toks, &st.kind, st.opts, db.as_deref(), &same);
            // Statement j of the block is piece k + j; each must be one
            // whose result set squeeze can attribute.
            let pieces = super::results::block_result_pieces(sql, statements, k, end);
            for (j, shape) in shapes {
                let attributable = pieces.as_ref().is_some_and(|p| p.contains(&(k + j)));
                if !attributable && !matches!(plan, Plan::Refuse(_)) {
                    if let Some(column) = shape.outputs.iter().flatten().next() {
                        plan = Plan::Refuse(unattributable_block_read(column.clone(), j));
                    }
                }
                block_shapes.push((k + j, shape));
            }
            let shape = take_shape(&mut block_shapes, k);
            (plan, shape)
        } else if analyse || writes::plan_anyway(&st.kind) {
            plan_tokens(
                sql,
                &st.tokens,
                Some(st.relations(sql)),
                &st.kind,
                st.opts,
                db.as_deref(),
                &same,
                true,
            )
        } else {
            (Plan::Untouched, None)
        };
        if let StatementKind::Use(name) = &st.kind {
            db = Some(Cow::Owned(name.to_string()));
        }
        same.note(sql, st, &plan, db.as_deref());
        let temporary = if let Some(c) = block_temporary.take() {
            c
        } else if block_until.is_some_and(|end| k <= end) {
            Vec::new()
        } else if matches!(st.kind, StatementKind::Ddl) {
            super::temporary::changes(sql, &st.tokens, db.as_deref())
        } else if let (StatementKind::Execute, Some(name)) = (&st.kind, st.tokens.get(1)) {
            let name = ident_name(sql, name).to_ascii_lowercase();
            same.sql_prepared_temporary(&name)
                .unwrap_or_else(|| vec![super::temporary::TempChange::Unseen])
        } else {
            super::temporary::hidden_changes(sql, &st.tokens, db.as_deref(), st.opts)
        };
        for c in &temporary {
            same.note_temporary(c);
        }
        out.push(StatementPlan {
            range: st.range.clone(),
            kind: st.kind.clone(),
            opts: st.opts,
            plan,
            shape,
            temporary,
        });
    }
    out
}

/// The refusal of a statement nested deeper than squeeze analyses
/// (`sql::nesting`), if it is.
fn too_deep_refusal(sql: &[u8], toks: &[Token], catalog: &dyn ColumnCatalog) -> Option<Refusal> {
    let deep = super::nesting::check(sql, toks).err()?;
    let column = catalog.any_compressed().unwrap_or_else(|| ColumnRef {
        db: String::new(),
        table: String::new(),
        column: String::new(),
    });
    Some(super::refusal::refuse(
        column,
        RefuseReason::TooDeep,
        deep.message(),
    ))
}

/// The shape recorded for piece `k` of a block, if any.
fn take_shape(shapes: &mut Vec<(usize, QueryShape)>, k: usize) -> Option<QueryShape> {
    let at = shapes.iter().position(|(p, _)| *p == k)?;
    Some(shapes.swap_remove(at).1)
}

/// A compound statement (`toks` span the whole block, `;`s included): a
/// stored program's DDL checks first, then the procedural default deny.
/// With it, the shapes of the block's `SELECT`s whose answers carry a
/// compressed value, by statement index in the block (see
/// [`block::plan_block_writes`]): the caller refuses the block unless it
/// can tell their result sets apart.
fn plan_block<'a>(
    sql: &'a [u8],
    toks: &[Token],
    kind: &StatementKind<'a>,
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> (Plan<'a>, Vec<(usize, QueryShape)>) {
    let mut plan = Plan::Untouched;
    if compound::creates_stored_program(sql, toks) {
        plan = plan_tokens(sql, toks, None, kind, opts, db, catalog, false).0;
        if matches!(plan, Plan::Refuse(_)) {
            return (plan, Vec::new());
        }
    } else if let Some(planned) = block::plan_block_writes(sql, toks, opts, db, catalog) {
        // Plain writes and reads one after another: planned exactly.
        return planned;
    }
    match procedural::block_refusal(sql, toks, opts, db, catalog) {
        Some(r) => (Plan::Refuse(r), Vec::new()),
        None => (plan, Vec::new()),
    }
}

/// A block whose `SELECT` (statement `j` of the block) returns the
/// compressed column `column`, where squeeze cannot tell its result set
/// from the block's others.
fn unattributable_block_read(column: ColumnRef, j: usize) -> Refusal {
    Refusal {
        column,
        reason: RefuseReason::Unanalysed,
        what: format!(
            "statement {} of a compound statement returns it, and squeeze cannot tell which of the block's result sets is that statement's (a SELECT ... INTO, a RETURNING or a statement that may send results of its own is among them): run the SELECT on its own",
            j + 1
        ),
    }
}

/// Plan a single statement (e.g. a `COM_STMT_PREPARE` text, where `?`
/// placeholders are meaningful). Only the first statement is planned; a
/// prepared statement cannot contain more.
pub fn plan_statement<'a>(
    sql: &'a [u8],
    opts: LexOptions,
    current_db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Plan<'a> {
    plan_statement_shape(sql, opts, current_db, catalog).0
}

/// [`plan_statement`] with the result shape of an accepted query.
pub fn plan_statement_shape<'a>(
    sql: &'a [u8],
    opts: LexOptions,
    current_db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> (Plan<'a>, Option<QueryShape>) {
    let (toks, _, _) = significant_tokens(sql, 0, opts);
    let kind = classify_statement(sql, &toks, opts);
    if !catalog.may_mention_compressed(sql) && !writes::plan_anyway(&kind) {
        return (Plan::Untouched, None);
    }
    if compound::opens_block(sql, &toks) {
        // MariaDB prepares a compound statement, `;`s and all.
        let statements = super::statement::split(sql, opts);
        let end = compound::block_end(sql, &statements, 0);
        let block = compound::block_tokens(&statements, 0, end);
        // Its result sets are not told apart here (a prepared statement
        // has one result shape): a block returning compressed values is
        // refused.
        let (plan, shapes) = plan_block(sql, &block, &kind, opts, current_db, catalog);
        if let Some(((j, shape), false)) = shapes
            .into_iter()
            .next()
            .map(|s| (s, matches!(plan, Plan::Refuse(_))))
        {
            if let Some(column) = shape.outputs.into_iter().flatten().next() {
                return (Plan::Refuse(unattributable_block_read(column, j)), None);
            }
        }
        return (plan, None);
    }
    plan_tokens(sql, &toks, None, &kind, opts, current_db, catalog, false)
}

/// `rels`: the statement's table references, when its caller has walked
/// them (a statement of a split query caches them); walked here on first
/// use otherwise.
///
/// `relayed`: the statement is one of the client's own (COM_QUERY,
/// COM_STMT_PREPARE), whose result squeeze relays, so a JSON function it
/// evaluates itself may be in the select list; not for a text planned
/// inside another statement (PREPARE ... FROM, EXECUTE IMMEDIATE, SET
/// STATEMENT, a compound statement), which squeeze does not rewrite.
#[allow(clippy::too_many_arguments)]
pub(super) fn plan_tokens<'a>(
    sql: &'a [u8],
    toks: &[Token],
    rels: Option<&[TableRef<'a>]>,
    kind: &StatementKind<'a>,
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
    relayed: bool,
) -> (Plan<'a>, Option<QueryShape>) {
    if toks.iter().any(|t| t.kind == TokenKind::Unterminated) {
        // The server will reject it; nothing to compress.
        return (Plan::Untouched, None);
    }
    if rels.is_none() {
        // A text of its own (PREPARE .. FROM, EXECUTE IMMEDIATE) or part
        // of one plan_statements did not check.
        if let Some(r) = too_deep_refusal(sql, toks, catalog) {
            return (Plan::Refuse(r), None);
        }
    }
    let walked = std::cell::OnceCell::new();
    let rels = || rels.unwrap_or_else(|| walked.get_or_init(|| table_refs(sql, toks)));
    match kind {
        StatementKind::Select => return plan_read(sql, toks, rels(), opts, db, catalog, relayed),
        // Naming a compressed table, the expression analyzer decides
        // (`SET @j = (SELECT doc IS NULL ...)` passes); otherwise the
        // locator still looks for routines and views that read one.
        StatementKind::Set(_) if touched_column(rels(), db, catalog).is_some() => {
            return plan_assignments(sql, toks, rels(), 1, opts, db, catalog);
        }
        StatementKind::Other if toks.first().is_some_and(|t| t.is_keyword(sql, "DO")) => {
            return plan_assignments(sql, toks, rels(), 1, opts, db, catalog);
        }
        StatementKind::Other
            if toks.first().is_some_and(|t| t.is_keyword(sql, "CHECKSUM"))
                && toks.get(1).is_some_and(|t| t.is_keyword(sql, "TABLE")) =>
        {
            let plan = match super::direct_reads::checksum_refusal(sql, toks, db, catalog) {
                Some(r) => Plan::Refuse(r),
                None => Plan::Untouched,
            };
            return (plan, None);
        }
        StatementKind::Other if toks.first().is_some_and(|t| t.is_keyword(sql, "HANDLER")) => {
            let plan = match super::direct_reads::handler_refusal(sql, toks, opts, db, catalog) {
                Ok(()) => Plan::Untouched,
                Err(stop) => stopped(rels(), db, catalog, stop),
            };
            return (plan, None);
        }
        StatementKind::Other if toks.first().is_some_and(|t| t.is_keyword(sql, "CALL")) => {
            return (plan_call(sql, toks, db, catalog), None);
        }
        // `SET STATEMENT ... FOR q` answers what `q` answers: its shape too
        // (the result side needs it to present pass-through columns).
        // MariaDB parses `q` with the session's sql_mode.
        StatementKind::SetStatement { inner, at } => {
            let at = (*at).min(toks.len());
            // Not relayed: which sql_mode the server parses `q` with
            // differs between a query and a prepared statement, so the
            // server is not asked to evaluate through edits made under one.
            return plan_tokens(sql, &toks[at..], None, inner, opts, db, catalog, false);
        }
        StatementKind::ExecuteImmediate { text: Some(t), .. } if relayed => {
            if let Some(planned) = immediate_json(sql, t, opts, db, catalog) {
                return planned;
            }
        }
        StatementKind::Other if relayed => {
            if let Some(planned) = explain::explained(sql, toks)
                .and_then(|e| plan_explain(sql, toks, e, opts, db, catalog))
            {
                return planned;
            }
        }
        _ => {}
    }
    let shape = match kind {
        StatementKind::Execute => execute_shape(sql, toks, catalog),
        StatementKind::ExecuteImmediate { text: Some(t), .. } => {
            immediate_shape(sql, t, opts, db, catalog)
        }
        _ => None,
    };
    // A declared path in an UPDATE/DELETE condition, answered from its
    // extracted column, in a statement squeeze sends rewritten.
    let server_writes = relayed && catalog.server_inflates();
    let edits = if relayed {
        match condition::condition_edits(sql, toks, kind, opts, db, catalog) {
            Some(Ok(edits)) => edits,
            // The server evaluates the condition through the functions.
            Some(Err(_)) if server_writes => Vec::new(),
            Some(Err(r)) => {
                // The query analyzer's refusal names what would answer it;
                // the write analyzer still decides whether to refuse.
                return match plan_write(sql, toks, rels, kind, opts, db, catalog, &[], false).0 {
                    Plan::Refuse(_) => (Plan::Refuse(r), None),
                    plan => (plan, shape),
                };
            }
            None => Vec::new(),
        }
    } else {
        Vec::new()
    };
    let (plan, server_edits) = plan_write(
        sql,
        toks,
        rels,
        kind,
        opts,
        db,
        catalog,
        &edits,
        server_writes,
    );
    let mut edits = edits;
    if !server_edits.is_empty() {
        edits.extend(server_edits);
        edits.sort_by_key(|(r, _)| (r.start, r.end));
    }
    if edits.is_empty() || matches!(plan, Plan::Refuse(_)) {
        return (plan, shape);
    }
    let shape = QueryShape {
        rewrites: edits,
        ..QueryShape::default()
    };
    (plan, Some(shape))
}

/// `EXPLAIN stmt` / `ANALYZE stmt` (see [`explain`]): `stmt` planned as
/// the client's own statement; its edits (declared paths answered from
/// their extracted columns, compressed literals) are applied, its result
/// (the server's plan) relayed untouched. `None`: plan the whole text as
/// any other statement (`ANALYZE` of a write, or of a read whose select
/// list squeeze would evaluate).
fn plan_explain<'a>(
    sql: &'a [u8],
    toks: &[Token],
    explained: explain::Explained,
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<(Plan<'a>, Option<QueryShape>)> {
    let (at, analyze) = match explained {
        explain::Explained::Explain(at) => (at, false),
        explain::Explained::Analyze(at) => (at, true),
    };
    let inner = &toks[at..];
    let kind = classify_statement(sql, inner, opts);
    if !matches!(kind, StatementKind::Select) {
        if analyze {
            return None;
        }
        return Some(plan_tokens(
            sql, inner, None, &kind, opts, db, catalog, true,
        ));
    }
    let rels = table_refs(sql, inner);
    match plan_read(sql, inner, &rels, opts, db, catalog, true) {
        (plan @ Plan::Refuse(_), _) => Some((plan, None)),
        // A condition squeeze evaluates on the rows it relays: the plan of
        // the statement it sends (the condition replaced by TRUE) is not
        // the plan of the client's, and ANALYZE would count other rows.
        (_, Some(QueryShape {
            filter: Some(f), ..
        })) => Some((
            Plan::Refuse(Refusal {
                column: f.column,
                reason: RefuseReason::JsonFunction,
                what: format!(
                    "`{}` in the WHERE of an EXPLAIN or ANALYZE (squeeze evaluates such a condition itself on the rows of a SELECT it relays; the server's plan of the statement squeeze sends would not be this one's): EXPLAIN the statement without the condition",
                    f.text
                ),
            }),
            None,
        )),
        (_, Some(shape)) if analyze && !shape.json.is_empty() => None,
        (plan, shape) => {
            let rewrites = shape.map(|s| s.rewrites).unwrap_or_default();
            let shape = (!rewrites.is_empty()).then(|| QueryShape {
                rewrites,
                ..QueryShape::default()
            });
            Some((plan, shape))
        }
    }
}

/// A query: the default-deny analyzer decides.
fn plan_read<'a>(
    sql: &'a [u8],
    toks: &[Token],
    rels: &[TableRef<'a>],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
    relayed: bool,
) -> (Plan<'a>, Option<QueryShape>) {
    let analyzed = if relayed {
        super::query::analyze_read(sql, toks, Some(rels), opts, db, catalog)
    } else {
        super::query::analyze_query(sql, toks, Some(rels), opts, db, catalog)
    };
    match analyzed {
        Ok(shape) => (Plan::Untouched, Some(shape)),
        Err(stop) => (stopped(rels, db, catalog, stop), None),
    }
}

/// `CALL p(...)`: refused when the procedure reads compressed columns (its
/// statements run inside the server, out of squeeze's sight).
fn plan_call<'a>(
    sql: &[u8],
    toks: &[Token],
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Plan<'a> {
    let name_at = |i: usize| toks.get(i).map(|t| ident_name(sql, t).into_owned());
    let (pdb, name) = if toks.get(2).is_some_and(|t| t.kind == TokenKind::Dot) {
        (name_at(1), name_at(3))
    } else {
        (db.map(str::to_string), name_at(1))
    };
    match (pdb, name) {
        (Some(d), Some(n)) if catalog.routine_reads_compressed(&d, &n) => {
            Plan::Refuse(routine_refusal(&d, &n))
        }
        _ => Plan::Untouched,
    }
}

/// `SET`/`DO`: no compressed value may be assigned or evaluated, unless
/// the server reads it through the in-server function (the edits are the
/// shape's rewrites).
fn plan_assignments<'a>(
    sql: &'a [u8],
    toks: &[Token],
    rels: &[TableRef<'_>],
    start: usize,
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> (Plan<'a>, Option<QueryShape>) {
    if touched_column(rels, db, catalog).is_none() {
        return (Plan::Untouched, None);
    }
    match analyze_expressions(sql, toks, start, opts, db, catalog) {
        Ok(rewrites) if rewrites.is_empty() => (Plan::Untouched, None),
        Ok(rewrites) => (
            Plan::Untouched,
            Some(QueryShape {
                rewrites,
                ..QueryShape::default()
            }),
        ),
        Err(stop) => (stopped(rels, db, catalog, stop), None),
    }
}

/// Turn an analysis stop into a plan: a refusal stays one; a shape the
/// analyzer does not understand is refused only if the statement touches a
/// table with compressed columns (default deny), else sent untouched.
fn stopped<'a>(
    rels: &[TableRef<'_>],
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
    stop: Stop,
) -> Plan<'a> {
    match stop {
        Stop::Refuse(r) => Plan::Refuse(r),
        Stop::NeedColumns(d, t) => Plan::Refuse(refuse(
            ColumnRef {
                db: d,
                table: t,
                column: String::new(),
            },
            RefuseReason::ColumnOrderUnknown,
            "SELECT *",
        )),
        Stop::Unparsed(detail) => match touched_column(rels, db, catalog) {
            None => Plan::Untouched,
            Some(column) => Plan::Refuse(refuse(
                column,
                RefuseReason::Unanalysed,
                format!("a statement shape squeeze does not analyse ({detail})"),
            )),
        },
    }
}

/// The first compressed column of a table (or view over one) that the
/// statement names (`rels`: its table references), if any.
pub(super) fn touched_column(
    rels: &[TableRef<'_>],
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<ColumnRef> {
    rels.iter().find_map(|r| {
        let d = r.db.as_deref().or(db)?;
        let t = r.table.as_deref()?;
        let compressed = catalog.table_has_compressed(d, t);
        if !compressed && catalog.view_definition(d, t).is_none() {
            return None;
        }
        let column = catalog
            .compressed_columns(d, t)
            .into_iter()
            .next()
            .unwrap_or_default();
        Some(ColumnRef {
            db: d.to_string(),
            table: t.to_string(),
            column,
        })
    })
}

/// INSERT/REPLACE/UPDATE/DELETE, DDL and the rest: the literal locator.
/// `edits`: declared paths of the condition answered from their
/// extracted columns (the analyzer leaves those tokens alone).
#[allow(clippy::too_many_arguments)] // as plan_tokens: the statement and its context
fn plan_write<'a: 'w, 'w>(
    sql: &'a [u8],
    toks: &[Token],
    rels: impl Fn() -> &'w [TableRef<'a>],
    kind: &StatementKind<'a>,
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
    edits: &[(Range<usize>, String)],
    server_writes: bool,
) -> (Plan<'a>, Vec<(Range<usize>, String)>) {
    let plan = match kind {
        StatementKind::Empty | StatementKind::Use(_) | StatementKind::LoadData => Plan::Untouched,
        StatementKind::Execute => writes::plan_execute(sql, toks, opts, catalog),
        StatementKind::Set(_) => writes::plan_set(sql, toks, opts, db, catalog),
        StatementKind::SetStatement { inner, at } => {
            // MariaDB parses the inner statement with the session's
            // sql_mode (it applies the variables after parsing).
            let at = (*at).min(toks.len());
            plan_tokens(sql, &toks[at..], None, inner, opts, db, catalog, false).0
        }
        StatementKind::Prepare { text, .. } => match text {
            Some(t) => plan_prepare_text(sql, t, opts, db, catalog),
            None => writes::invisible(catalog, "PREPARE ... FROM @variable"),
        },
        StatementKind::ExecuteImmediate { text, using } => {
            writes::plan_execute_immediate(sql, toks, *text, *using, opts, db, catalog)
        }
        _ => {
            return plan_dml(
                sql,
                toks,
                rels,
                kind,
                opts,
                db,
                catalog,
                edits,
                server_writes,
            )
        }
    };
    (plan, Vec::new())
}

/// [`plan_write`] for a statement the write analyzer walks: the plan and
/// the edits of a write the server evaluates (`server_writes`).
#[allow(clippy::too_many_arguments)]
fn plan_dml<'a: 'w, 'w>(
    sql: &'a [u8],
    toks: &[Token],
    rels: impl Fn() -> &'w [TableRef<'a>],
    kind: &StatementKind<'a>,
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
    edits: &[(Range<usize>, String)],
    server_writes: bool,
) -> (Plan<'a>, Vec<(Range<usize>, String)>) {
    if let Some(r) = writes::guard(sql, toks, kind, opts, db, catalog) {
        return (Plan::Refuse(r), Vec::new());
    }
    let mut a = match Analyzer::new(sql, toks, Some(rels()), opts, db, catalog) {
        Some(a) => a,
        None => return (Plan::Untouched, Vec::new()),
    };
    a.server_writes = server_writes;
    a.skip_edited(edits);
    if let Err(r) = a.run(kind) {
        return (Plan::Refuse(r), Vec::new());
    }
    let mut server_edits = std::mem::take(&mut a.server_edits);
    // Stable: an insertion before a value stays before an edit starting
    // where the value starts.
    server_edits.sort_by_key(|(r, _)| (r.start, r.end));
    (a.finish(), server_edits)
}

/// `PREPARE s FROM '...'`: plan the text as the server will parse it.
fn plan_prepare_text<'a>(
    sql: &[u8],
    tok: &Token,
    opts: LexOptions,
    db: Option<&str>,
    session: &dyn ColumnCatalog,
) -> Plan<'a> {
    let Some(text) = decode_string(sql, tok, opts) else {
        return Plan::Untouched;
    };
    if server_reads_literal(tok, &text, opts, session) {
        // The literal is written anew with the wraps inside it.
        return match plan_for_server(&text, opts, db, session) {
            (Plan::Untouched, Some(shape)) if !shape.rewrites.is_empty() => {
                let TokenKind::Str { quote_at } = tok.kind else {
                    return Plan::Untouched;
                };
                Plan::RewriteText(Box::new(TextRewrite {
                    span: tok.start..tok.end,
                    quote: sql[quote_at],
                    text: text.into_owned(),
                    sites: Vec::new(),
                    column_list: None,
                    edits: shape.rewrites,
                    opts,
                }))
            }
            (Plan::Refuse(r), _) => Plan::Refuse(Refusal {
                what: format!("the prepared statement text is refused: {}", r.message()),
                reason: RefuseReason::PreparedText,
                column: r.column,
            }),
            _ => Plan::Untouched,
        };
    }
    // A text inside a string literal is sent as the client wrote it:
    // no edit of squeeze's reaches the server (`SameQuery::literal`).
    let literal = SameQuery::literal(session);
    let catalog: &dyn ColumnCatalog = &literal;
    match plan_statement(&text, opts, db, catalog) {
        Plan::Refuse(r) => Plan::Refuse(Refusal {
            what: format!("the prepared statement text is refused: {}", r.message()),
            reason: RefuseReason::PreparedText,
            column: r.column,
        }),
        plan @ Plan::Rewrite { .. } if has_sites(&plan) => {
            text_rewrite(sql, tok, &text, plan, opts, "PREPARE ... FROM '...'")
        }
        Plan::RewriteText(t) => writes::nested_dynamic_sql(&t, "PREPARE"),
        // A `?` bound to a compressed column takes its value from `EXECUTE
        // ... USING`, which is checked against what the session recorded
        // (see [`prepared_placeholders`]).
        _ => Plan::Untouched,
    }
}

/// Whether the SELECT in the string literal `tok` (decoded: `text`) of a
/// `PREPARE ... FROM` is planned for the server to evaluate through the
/// in-server function: the session's shard has it, and the literal has no
/// character set introducer (the server would convert the text first).
/// The text's plan, its `?`s and its recorded outputs all follow this.
fn server_reads_literal(
    tok: &Token,
    text: &[u8],
    opts: LexOptions,
    session: &dyn ColumnCatalog,
) -> bool {
    if !session.server_inflates()
        || !matches!(tok.kind, TokenKind::Str { quote_at } if quote_at == tok.start)
    {
        return false;
    }
    let (toks, _, _) = significant_tokens(text, 0, opts);
    matches!(classify_statement(text, &toks, opts), StatementKind::Select)
}

/// The plan of a literal's SELECT text the server evaluates (relayed: its
/// result reaches the client as the statement's own).
fn plan_for_server<'a>(
    text: &'a [u8],
    opts: LexOptions,
    db: Option<&str>,
    session: &dyn ColumnCatalog,
) -> (Plan<'a>, Option<QueryShape>) {
    let (toks, _, _) = significant_tokens(text, 0, opts);
    let kind = classify_statement(text, &toks, opts);
    plan_tokens(text, &toks, None, &kind, opts, db, session, true)
}

/// Whether a plan compresses literals (or inserts a column list) in place.
pub(super) fn has_sites(plan: &Plan<'_>) -> bool {
    matches!(plan, Plan::Rewrite { sites, column_list, .. } if !sites.is_empty() || column_list.is_some())
}

/// The plan of a statement whose text `text`, held in the string literal
/// `tok` of `sql` (`what`: `PREPARE ... FROM '...'`), planned as `plan`, a
/// [`Plan::Rewrite`] with sites: the literal written anew around the
/// rewritten text. Refused when the literal has a character set
/// introducer (the server converts the text; squeeze would have to too).
pub(super) fn text_rewrite<'a>(
    sql: &[u8],
    tok: &Token,
    text: &[u8],
    plan: Plan<'_>,
    opts: LexOptions,
    what: &str,
) -> Plan<'a> {
    let (
        Plan::Rewrite {
            sites, column_list, ..
        },
        TokenKind::Str { quote_at },
    ) = (plan, tok.kind)
    else {
        return Plan::Untouched;
    };
    if quote_at != tok.start {
        let Some(first) = sites.first() else {
            return Plan::Untouched;
        };
        return Plan::Refuse(Refusal {
            column: first.column.clone(),
            reason: RefuseReason::PreparedText,
            what: format!("a literal for it inside {what} with a character set introducer cannot be compressed in place: write the text without the introducer"),
        });
    }
    Plan::RewriteText(Box::new(TextRewrite {
        span: tok.start..tok.end,
        quote: sql[quote_at],
        text: text.to_vec(),
        sites: sites
            .into_iter()
            .map(|s| InnerSite {
                span: s.span,
                value: s.value.into_owned(),
                kind: s.kind,
                introducer: s.introducer.map(str::to_string),
                column: s.column,
            })
            .collect(),
        column_list,
        edits: Vec::new(),
        opts,
    }))
}

/// The compressed column of each `?` of a `PREPARE name FROM 'text'` that
/// planned without refusal, for the session to remember under `name`;
/// `None` for any other statement.
pub fn prepared_placeholders(
    sql: &[u8],
    kind: &StatementKind<'_>,
    opts: LexOptions,
    db: Option<&str>,
    session: &dyn ColumnCatalog,
) -> Option<(String, Vec<Option<ColumnRef>>)> {
    let StatementKind::Prepare {
        name,
        text: Some(tok),
    } = kind
    else {
        return None;
    };
    let text = decode_string(sql, tok, opts)?;
    // As `plan_prepare_text` planned it: the server's to evaluate, or the
    // literal as written (`SameQuery::literal`).
    if server_reads_literal(tok, &text, opts, session) {
        // A read: no `?` is a compressed column's value.
        return Some((name.to_ascii_lowercase(), Vec::new()));
    }
    let literal = SameQuery::literal(session);
    let catalog: &dyn ColumnCatalog = &literal;
    let placeholders = match plan_statement(&text, opts, db, catalog) {
        Plan::Rewrite { placeholders, .. } => placeholders,
        _ => Vec::new(),
    };
    Some((name.to_ascii_lowercase(), placeholders))
}

/// The result shape of the text of `PREPARE name FROM 'text'` (for the
/// results of `EXECUTE name`); `None` for any other statement or a text
/// that is not an accepted query.
pub fn prepared_outputs(
    sql: &[u8],
    kind: &StatementKind<'_>,
    opts: LexOptions,
    db: Option<&str>,
    session: &dyn ColumnCatalog,
) -> Option<Vec<Option<ColumnRef>>> {
    let StatementKind::Prepare {
        text: Some(tok), ..
    } = kind
    else {
        return None;
    };
    let text = decode_string(sql, tok, opts)?;
    // As `plan_prepare_text` planned it.
    if server_reads_literal(tok, &text, opts, session) {
        return plan_for_server(&text, opts, db, session)
            .1
            .map(|s| s.outputs);
    }
    let literal = SameQuery::literal(session);
    let catalog: &dyn ColumnCatalog = &literal;
    plan_statement_shape(&text, opts, db, catalog)
        .1
        .map(|s| s.outputs)
}

/// `EXECUTE name`: the result shape recorded when `name` was prepared.
fn execute_shape(sql: &[u8], toks: &[Token], catalog: &dyn ColumnCatalog) -> Option<QueryShape> {
    let name = toks.get(1).filter(|t| is_name(t))?;
    let name = ident_name(sql, name).to_ascii_lowercase();
    catalog
        .sql_prepared_outputs(&name)
        .map(|outputs| QueryShape {
            outputs,
            ..QueryShape::default()
        })
}

/// The result shape of `EXECUTE IMMEDIATE '<query>'`: the query's (the
/// result side needs it to present pass-through columns as for the query
/// alone). JSON functions squeeze would evaluate are refused inside the
/// text, so the shape carries none.
fn immediate_shape(
    sql: &[u8],
    tok: &Token,
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<QueryShape> {
    // A text inside a string literal is sent as the client wrote it:
    // no edit of squeeze's reaches the server (`SameQuery::literal`).
    let literal = SameQuery::literal(catalog);
    let catalog: &dyn ColumnCatalog = &literal;
    let text = decode_string(sql, tok, opts)?;
    match plan_statement_shape(&text, opts, db, catalog) {
        (Plan::Untouched, Some(shape)) if shape.json.is_empty() => Some(shape),
        _ => None,
    }
}

/// `EXECUTE IMMEDIATE '<SELECT>'` whose select list has JSON functions
/// squeeze evaluates: the server sends the SELECT's result as the
/// statement's own, which squeeze relays, so the text is planned as the
/// client's own statement; the literal is written anew with each item
/// replaced by its column (`Plan::RewriteText` without sites; the caller
/// applies the items' edits inside the text). `None`: any other text.
fn immediate_json<'a>(
    sql: &[u8],
    tok: &Token,
    opts: LexOptions,
    db: Option<&str>,
    session: &dyn ColumnCatalog,
) -> Option<(Plan<'a>, Option<QueryShape>)> {
    // A text inside a string literal reaches the server as written unless
    // its literal is written anew (below): planned as such
    // (`SameQuery::literal`).
    let literal = SameQuery::literal(session);
    let catalog: &dyn ColumnCatalog = &literal;
    let TokenKind::Str { quote_at } = tok.kind else {
        return None;
    };
    let text = decode_string(sql, tok, opts)?;
    let (toks, _, _) = significant_tokens(&text, 0, opts);
    let kind = classify_statement(&text, &toks, opts);
    if !matches!(kind, StatementKind::Select) {
        return None;
    }
    // The server evaluates through the in-server function: the literal is
    // written anew with the wraps inside it. A charset introducer makes the
    // server convert the text first: not followed.
    if session.server_inflates() && quote_at == tok.start {
        if let (Plan::Untouched, Some(mut shape)) =
            plan_tokens(&text, &toks, None, &kind, opts, db, session, true)
        {
            if !shape.rewrites.is_empty() {
                let edits = std::mem::take(&mut shape.rewrites);
                return Some((
                    Plan::RewriteText(Box::new(TextRewrite {
                        span: tok.start..tok.end,
                        quote: sql[quote_at],
                        text: text.into_owned(),
                        sites: Vec::new(),
                        column_list: None,
                        edits,
                        opts,
                    })),
                    Some(shape),
                ));
            }
        }
    }
    let (plan, shape) = plan_tokens(&text, &toks, None, &kind, opts, db, catalog, true);
    if let Some(f) = shape.as_ref().and_then(|s| s.filter.as_ref()) {
        // Its result is relayed, but the statement squeeze would send is
        // inside the literal: not followed.
        return Some((
            Plan::Refuse(Refusal {
                column: f.column.clone(),
                reason: RefuseReason::JsonFunction,
                what: format!(
                    "`{}` in the WHERE of an EXECUTE IMMEDIATE text (squeeze evaluates such a condition itself only in a SELECT sent as a query, COM_QUERY)",
                    f.text
                ),
            }),
            None,
        ));
    }
    let shape = shape.filter(|s| !s.json.is_empty())?;
    // A charset introducer makes the server convert the text first.
    if !matches!(plan, Plan::Untouched) || quote_at != tok.start {
        return None;
    }
    Some((
        Plan::RewriteText(Box::new(TextRewrite {
            span: tok.start..tok.end,
            quote: sql[quote_at],
            text: text.into_owned(),
            sites: Vec::new(),
            column_list: None,
            edits: Vec::new(),
            opts,
        })),
        Some(shape),
    ))
}

/// A literal found in value position: span, decoded value, kind, introducer.
pub(super) type Literal<'a> = (Range<usize>, Cow<'a, [u8]>, LiteralKind, Option<&'a str>);

/// A table named by the statement, resolved to a database.
pub(super) struct Table<'a> {
    pub(super) db: Option<Cow<'a, str>>,
    pub(super) table: Option<Cow<'a, str>>,
    pub(super) alias: Option<Cow<'a, str>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Clause {
    /// No clause keyword seen (DDL, SHOW, ...): plain references allowed.
    None,
    SelectList,
    From,
    Where,
    GroupBy,
    OrderBy,
    Set,
    Values,
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FrameKind {
    Top,
    Query,
    /// Function call; the name's token index.
    Function(usize),
    InList,
    Group,
}

#[derive(Debug, Clone, Copy)]
struct Frame {
    kind: FrameKind,
    clause: Clause,
    distinct: bool,
}

pub(super) struct Analyzer<'a, 't> {
    pub(super) src: &'a [u8],
    pub(super) toks: &'t [Token],
    pub(super) opts: LexOptions,
    pub(super) catalog: &'t dyn ColumnCatalog,
    pub(super) current_db: Option<&'t str>,
    pub(super) tables: Vec<Table<'t>>,
    /// Tokens that are table names/aliases, or references already judged
    /// safe by the structural pass.
    pub(super) skip: Vec<bool>,
    pub(super) sites: Vec<LiteralSite<'a>>,
    /// Token index of a `?` → bound compressed column.
    pub(super) bound: Vec<(usize, ColumnRef)>,
    /// See [`Plan::Rewrite::column_list`].
    pub(super) column_list: Option<(usize, String)>,
    /// In the SELECT part of INSERT ... SELECT: reading a compressed column
    /// copies its blob into the target.
    pub(super) insert_select: bool,
    /// Views of the statement resolved to their base columns (see
    /// `writes/views.rs`), by (db, name).
    views: std::cell::RefCell<ViewCache>,
    /// The distinct tables of `tables` that have compressed columns or are
    /// views over them (computed on first use): a bare column name is
    /// resolved against these, not against every reference (a statement of
    /// 900 nested subqueries over one table names it 900 times).
    compressed_tables: std::cell::OnceCell<Vec<(String, String)>>,
    /// Matching parentheses of `toks` (computed on first use).
    parens: std::cell::OnceCell<crate::sql::tokens::Parens>,
    /// Conditional values being judged around the current one.
    pub(super) conditional_depth: usize,
    /// The server evaluates and stores compressed values in this write
    /// (`computed`): references are wrapped and computed values deflated
    /// by the in-server functions, not refused. Only where the edits
    /// reach the server (the statement's own text).
    pub(super) server_writes: bool,
    /// The edits of [`Analyzer::server_writes`], in the order they were
    /// made.
    pub(super) server_edits: Vec<(Range<usize>, String)>,
    /// The tokens of the query of an `INSERT .. SELECT` the server
    /// evaluates (`computed`): names there resolve among its own tables,
    /// not the target's.
    pub(super) inserted_query: Option<Range<usize>>,
}

pub(crate) use writes::view_columns;
pub(super) use writes::ViewColumns;

/// Views resolved for one statement, by (db, name).
type ViewCache = std::collections::HashMap<(String, String), Option<ViewColumns>>;

/// If `range` of `toks` is exactly one literal value, its site data.
pub(super) fn literal_in<'a>(
    src: &'a [u8],
    toks: &[Token],
    range: Range<usize>,
    opts: LexOptions,
) -> Option<Literal<'a>> {
    let toks = &toks[range.clone()];
    let first = toks.first()?;
    let last = toks.last()?;
    let span = first.start..last.end;
    if toks.iter().all(|t| matches!(t.kind, TokenKind::Str { .. })) {
        let introducer = string_introducer(src, first).and_then(|b| std::str::from_utf8(b).ok());
        let value = if toks.len() == 1 {
            decode_string(src, first, opts)?
        } else {
            let mut v = Vec::new();
            for t in toks {
                v.extend_from_slice(&decode_string(src, t, opts)?);
            }
            Cow::Owned(v)
        };
        return Some((span, value, LiteralKind::Text, introducer));
    }
    let (intro, lit) = match toks {
        [l] => (None, l),
        [i, l] if i.kind == TokenKind::Ident && i.text(src).first() == Some(&b'_') => {
            (std::str::from_utf8(&i.text(src)[1..]).ok(), l)
        }
        [s, l] if (s.is_op(src, "-") || s.is_op(src, "+")) && l.kind == TokenKind::Number => {
            return Some((
                span.clone(),
                Cow::Borrowed(&src[span]),
                LiteralKind::Number,
                None,
            ));
        }
        _ => return None,
    };
    match lit.kind {
        TokenKind::HexLit => Some((
            span,
            Cow::Owned(decode_binary_literal(src, lit)?),
            LiteralKind::Hex,
            intro,
        )),
        TokenKind::BitLit => Some((
            span,
            Cow::Owned(decode_binary_literal(src, lit)?),
            LiteralKind::Bit,
            intro,
        )),
        TokenKind::Number if intro.is_none() => Some((
            span,
            Cow::Borrowed(lit.text(src)),
            LiteralKind::Number,
            None,
        )),
        _ => None,
    }
}

impl<'a: 't, 't> Analyzer<'a, 't> {
    /// `None` when no table in the statement has a compressed column.
    fn new(
        src: &'a [u8],
        toks: &'t [Token],
        rels: Option<&[TableRef<'a>]>,
        opts: LexOptions,
        current_db: Option<&'t str>,
        catalog: &'t dyn ColumnCatalog,
    ) -> Option<Self> {
        let (a, any) = Self::new_always(src, toks, rels, opts, current_db, catalog);
        any.then_some(a)
    }

    /// The analyzer, and whether any table the statement names has a
    /// compressed column. `rels`: the statement's table references when
    /// the caller has them (else they are walked here).
    pub(super) fn new_always(
        src: &'a [u8],
        toks: &'t [Token],
        rels: Option<&[TableRef<'a>]>,
        opts: LexOptions,
        current_db: Option<&'t str>,
        catalog: &'t dyn ColumnCatalog,
    ) -> (Self, bool) {
        let walked;
        let refs = match rels {
            Some(r) => r,
            None => {
                walked = table_refs(src, toks);
                &walked[..]
            }
        };
        let mut any = false;
        let mut skip = vec![false; toks.len()];
        let mut tables = Vec::with_capacity(refs.len());
        for r in refs {
            for s in &mut skip[r.tokens.start.min(toks.len())..r.tokens.end.min(toks.len())] {
                *s = true;
            }
            let db = r.db.clone().or_else(|| current_db.map(Cow::Borrowed));
            if let (Some(d), Some(t)) = (&db, &r.table) {
                any |=
                    catalog.table_has_compressed(d, t) || catalog.view_definition(d, t).is_some();
            }
            tables.push(Table {
                db,
                table: r.table.clone(),
                alias: r.alias.clone(),
            });
        }
        let a = Analyzer {
            src,
            toks,
            opts,
            catalog,
            current_db,
            tables,
            skip,
            sites: Vec::new(),
            bound: Vec::new(),
            insert_select: false,
            column_list: None,
            views: Default::default(),
            compressed_tables: Default::default(),
            parens: Default::default(),
            conditional_depth: 0,
            server_writes: false,
            server_edits: Vec::new(),
            inserted_query: None,
        };
        (a, any)
    }

    pub(super) fn kw(&self, i: usize, w: &str) -> bool {
        self.toks.get(i).is_some_and(|t| t.is_keyword(self.src, w))
    }

    pub(super) fn kind(&self, i: usize) -> Option<TokenKind> {
        self.toks.get(i).map(|t| t.kind)
    }

    pub(super) fn name(&self, i: usize) -> Cow<'a, str> {
        ident_name(self.src, &self.toks[i])
    }

    fn finish(self) -> Plan<'a> {
        if self.sites.is_empty() && self.bound.is_empty() && self.column_list.is_none() {
            return Plan::Untouched;
        }
        let placeholders = self
            .toks
            .iter()
            .enumerate()
            .filter(|(_, t)| t.kind == TokenKind::Placeholder)
            .map(|(i, _)| {
                self.bound
                    .iter()
                    .find(|(j, _)| *j == i)
                    .map(|(_, c)| c.clone())
            })
            .collect();
        let mut sites = self.sites;
        sites.sort_by_key(|s| s.span.start);
        Plan::Rewrite {
            sites,
            placeholders,
            column_list: self.column_list,
        }
    }

    // ---- column resolution -------------------------------------------

    /// The name tokens of the dotted chain starting at `i` and the index
    /// after it; `None` for `t.*` or a function call `f(` / `db.f(`.
    pub(super) fn chain(&self, i: usize) -> Option<(Vec<usize>, usize)> {
        let mut parts = vec![i];
        let mut j = i + 1;
        while self.kind(j) == Some(TokenKind::Dot) {
            if self.toks.get(j + 1).is_some_and(is_name) && parts.len() < 3 {
                parts.push(j + 1);
                j += 2;
            } else {
                return None;
            }
        }
        if self.kind(j) == Some(TokenKind::LParen) {
            return None;
        }
        Some((parts, j))
    }

    /// Resolve a column name against every real table of the statement.
    fn any_table_column(&self, column: &str) -> Option<ColumnRef> {
        self.compressed_tables()
            .iter()
            .find_map(|(db, table)| self.check(db, table, column))
    }

    pub(super) fn parens(&self) -> &crate::sql::tokens::Parens {
        self.parens
            .get_or_init(|| crate::sql::tokens::Parens::of(self.toks))
    }

    /// See [`Analyzer::compressed_tables`] (the field), in the order the
    /// statement names them.
    pub(super) fn compressed_tables(&self) -> &[(String, String)] {
        self.compressed_tables.get_or_init(|| {
            let mut seen = std::collections::HashSet::new();
            let mut found = Vec::new();
            for t in &self.tables {
                let (Some(db), Some(table)) = (&t.db, &t.table) else {
                    continue;
                };
                if !seen.insert((db.as_ref(), table.as_ref())) {
                    continue;
                }
                if self.catalog.table_has_compressed(db, table)
                    || matches!(self.view(db, table), Some(Ok(_)))
                {
                    found.push((db.to_string(), table.to_string()));
                }
            }
            found
        })
    }

    /// The columns of `db.table` if it is a view over compressed columns
    /// (cached for the statement).
    pub(super) fn view(&self, db: &str, table: &str) -> Option<ViewColumns> {
        let key = (db.to_string(), table.to_string());
        if let Some(v) = self.views.borrow().get(&key) {
            return v.clone();
        }
        let v = writes::view_columns(self.catalog, db, table);
        self.views.borrow_mut().insert(key, v.clone());
        v
    }

    /// The compressed column `db.table.column` is or, for a view, passes
    /// through (its base column, whose rule compresses what is written).
    pub(super) fn check(&self, db: &str, table: &str, column: &str) -> Option<ColumnRef> {
        if let Some(v) = self.view(db, table) {
            return v.ok()?.into_iter().find_map(|(n, c)| {
                if n.eq_ignore_ascii_case(column) {
                    c
                } else {
                    None
                }
            });
        }
        self.catalog
            .is_compressed(db, table, column)
            .then(|| ColumnRef {
                db: db.to_string(),
                table: table.to_string(),
                column: column.to_string(),
            })
    }

    /// The compressed column a chain refers to, if any (see module docs for
    /// the conservative fallback).
    /// The table a qualifier names: its alias exactly, else an unaliased
    /// table of that name, else an alias in another case.
    pub(super) fn table_by_qualifier(&self, q: &str) -> Option<&Table<'t>> {
        self.tables
            .iter()
            .find(|t| t.alias.as_deref() == Some(q))
            .or_else(|| {
                self.tables
                    .iter()
                    .find(|t| t.alias.is_none() && t.table.as_deref() == Some(q))
            })
            .or_else(|| {
                self.tables.iter().find(|t| {
                    t.alias
                        .as_deref()
                        .is_some_and(|a| a.eq_ignore_ascii_case(q))
                })
            })
    }

    pub(super) fn resolve(&self, parts: &[usize]) -> Option<ColumnRef> {
        match parts.len() {
            1 => self.any_table_column(&self.name(parts[0])),
            2 => {
                let q = self.name(parts[0]);
                let col = self.name(parts[1]);
                let by_alias = self.table_by_qualifier(&q);
                match by_alias {
                    Some(Table {
                        db: Some(db),
                        table: Some(table),
                        ..
                    }) => self.check(db, table, &col),
                    // Derived table, CTE or unknown qualifier: be conservative.
                    _ => self.any_table_column(&col),
                }
            }
            _ => {
                let db = self.name(parts[0]);
                let table = self.name(parts[1]);
                self.check(&db, &table, &self.name(parts[2]))
            }
        }
    }

    /// Resolve a column of the INSERT target table (bare or qualified).
    pub(super) fn resolve_target(
        &self,
        parts: &[usize],
        target: &(String, String),
    ) -> Option<ColumnRef> {
        if parts.len() == 1 {
            self.check(&target.0, &target.1, &self.name(parts[0]))
        } else {
            self.resolve(parts)
        }
    }

    // ---- literals ------------------------------------------------------

    /// Any compressed column reference in `range` (not skipped).
    pub(super) fn find_ref(&self, range: Range<usize>) -> Option<ColumnRef> {
        let mut i = range.start;
        while i < range.end {
            if is_name(&self.toks[i])
                && !self.skip[i]
                && !(i > 0 && self.toks[i - 1].kind == TokenKind::Dot)
            {
                if let Some((parts, end)) = self.chain(i) {
                    if let Some(c) = self.resolve(&parts) {
                        return Some(c);
                    }
                    i = end;
                    continue;
                }
            }
            i += 1;
        }
        None
    }

    pub(super) fn mark(&mut self, range: Range<usize>) {
        // Ranges may end one past an unclosed parenthesis.
        let end = range.end.min(self.skip.len());
        for s in &mut self.skip[range.start.min(end)..end] {
            *s = true;
        }
    }

    /// A value written to compressed column `col`. Default deny: a constant
    /// squeeze evaluates exactly becomes a site (its whole span is replaced
    /// by the compressed literal), NULL / DEFAULT need nothing, `?` is
    /// bound, a bare reference to a compressed column of the same rule is a
    /// copy of stored bytes, `extra_ok` accepts the caller's own forms
    /// (`VALUES(col)`), the value branches of CASE / IF / COALESCE / IFNULL
    /// / NULLIF are judged one by one; anything else is refused, whatever
    /// its size (squeeze cannot know it).
    pub(super) fn value_for(
        &mut self,
        range: Range<usize>,
        col: &ColumnRef,
        extra_ok: &dyn Fn(&Self, Range<usize>) -> bool,
    ) -> Result<(), Refusal> {
        if range.is_empty() {
            return Ok(());
        }
        match writes::eval(self.src, self.toks, self.parens(), range.clone(), self.opts) {
            writes::Value::Const(site) => {
                let (span, value, kind, introducer) = site;
                self.sites.push(LiteralSite {
                    span,
                    value,
                    kind,
                    introducer,
                    column: col.clone(),
                });
                return Ok(());
            }
            writes::Value::Null => return Ok(()),
            writes::Value::Unknown => {}
        }
        if range.len() == 1 {
            let t = self.toks[range.start];
            if t.kind == TokenKind::Placeholder {
                self.bound.push((range.start, col.clone()));
                return Ok(());
            }
            if t.is_keyword(self.src, "DEFAULT") {
                return Ok(());
            }
        }
        if extra_ok(self, range.clone()) {
            self.mark(range);
            return Ok(());
        }
        match self.copy_of_compressed(range.clone(), col) {
            Ok(true) => return Ok(()),
            Ok(false) => {}
            // Another column's configuration: the server stores the
            // document anew.
            Err(_) if self.server_writes => return self.computed_value(range, col),
            Err(r) => return Err(r),
        }
        if self.conditional_value(range.clone(), col, extra_ok)? {
            return Ok(());
        }
        if self.server_writes {
            return self.computed_value(range, col);
        }
        if let Some(src_col) = self.find_ref(range.clone()) {
            let what = format!("an expression computed from it to assign `{}`", col.column);
            return Err(refuse(src_col, RefuseReason::ComputedUpdate, what));
        }
        Err(refuse(
            col.clone(),
            RefuseReason::Expression,
            format!("the value `{}`", self.excerpt(range)),
        ))
    }

    /// Split `range` on depth-0 commas.
    pub(super) fn split_commas(&self, range: Range<usize>) -> Vec<Range<usize>> {
        crate::sql::tokens::split_commas(self.toks, range)
    }

    pub(super) fn is_query_start(&self, i: usize) -> bool {
        ["SELECT", "WITH", "VALUES", "TABLE"]
            .iter()
            .any(|w| self.kw(i, w))
            || (self.kind(i) == Some(TokenKind::LParen) && self.is_query_start(i + 1))
    }
}
