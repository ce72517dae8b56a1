//! The write path for statements: compress the literal of every compressed
//! column a query writes, splicing only those bytes, or refuse the query
//! when MySQL would have to look inside a compressed value.

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Instant;

use super::schema::{is_binary_type, Catalog, SchemaCache};
use super::{ColumnRule, ColumnRules};
use crate::codec::EncodeOutcome;
use crate::config::InvalidJson;
use crate::error::{ErrorCode, SqlError};
use crate::sql::{self, ColumnRef, LexOptions, LiteralKind, Plan, Refusal, StatementKind};

/// Why a write could not go ahead.
#[derive(Debug)]
pub enum WriteError {
    /// The planner refused (MySQL would need to look inside the value).
    Refused(Refusal),
    /// These tables' column lists are needed first.
    NeedTables(Vec<(String, String)>),
    /// The connection character set is not UTF-8.
    Charset { column: String, charset: String },
    InvalidJson {
        column: String,
        detail: String,
        /// For a column presented as MariaDB's JSON type: the text of the
        /// ERR 4025 its CHECK constraint gives.
        constraint: Option<String>,
    },
    /// The backend column cannot hold binary data.
    NotBinary { column: String, data_type: String },
    /// The value is longer than `codec.max_value_size`: stored compressed
    /// it could never be read back.
    TooBig {
        column: String,
        size: usize,
        limit: usize,
    },
}

impl WriteError {
    /// The configured column the error is about (`None`: a table list
    /// was missing), to count the refusal on it.
    pub fn rule<'r>(&self, rules: &'r ColumnRules) -> Option<&'r Arc<ColumnRule>> {
        match self {
            WriteError::Refused(r) => rules.lookup(&r.column.db, &r.column.table, &r.column.column),
            WriteError::NeedTables(_) => None,
            WriteError::Charset { column, .. }
            | WriteError::InvalidJson { column, .. }
            | WriteError::NotBinary { column, .. }
            | WriteError::TooBig { column, .. } => rules.all().find(|r| &r.label == column),
        }
    }

    pub fn reason_label(&self) -> &'static str {
        match self {
            WriteError::Refused(r) => r.reason.as_label(),
            WriteError::NeedTables(_) => "column_order_unknown",
            WriteError::Charset { .. } => "charset",
            WriteError::InvalidJson { .. } => "invalid_json",
            WriteError::NotBinary { .. } => "not_binary_column",
            WriteError::TooBig { .. } => "too_big",
        }
    }

    pub fn to_sql_error(&self) -> SqlError {
        match self {
            WriteError::Refused(r) if r.reason == sql::RefuseReason::TooDeep => SqlError::new(ErrorCode::ThreadStackOverrun, format!("squeeze: {}", r.message())),
            WriteError::Refused(r) => SqlError::new(ErrorCode::NotSupportedYet, format!("squeeze: {}", r.message())),
            WriteError::NeedTables(t) => SqlError::new(ErrorCode::NotSupportedYet, format!(
                    "squeeze: the column order of {} is unknown (the table may not exist); name the columns in the INSERT",
                    t.iter().map(|(d, t)| format!("`{d}`.`{t}`")).collect::<Vec<_>>().join(", ")
                ),
            ),
            WriteError::Charset { column, charset } => SqlError::new(ErrorCode::NotSupportedYet, format!("squeeze: column `{column}` is stored compressed as UTF-8 JSON, but this connection's character set is {charset}; run SET NAMES utf8mb4 before writing it"),
            ),
            // What MariaDB's JSON type answers: its CHECK (json_valid(..)).
            WriteError::InvalidJson { constraint: Some(message), .. } => SqlError::new(ErrorCode::ConstraintFailed, message),
            WriteError::InvalidJson { column, detail, .. } => SqlError::new(ErrorCode::InvalidJsonText, format!("Invalid JSON text for column `{column}`: {detail} (squeeze is configured to refuse non-JSON values for it)"),
            ),
            WriteError::NotBinary { column, data_type } => SqlError::new(ErrorCode::NotSupportedYet, format!("squeeze: column `{column}` is configured for compression but its type is {data_type}; compressed values need a binary column: ALTER TABLE ... MODIFY {} LONGBLOB", column.rsplit('.').next().unwrap_or(column)),
            ),
            WriteError::TooBig { column, size, limit } => SqlError::new(ErrorCode::DataTooLong, format!("Data too long for column `{column}`: the value is {size} bytes, above squeeze's codec.max_value_size of {limit} bytes (a longer value could never be read back through squeeze). Store a smaller document or raise codec.max_value_size on every squeeze instance first"),
            ),
        }
    }
}

/// A query after rewriting.
#[derive(Debug)]
pub struct QueryRewrite<'a> {
    /// The bytes to send (borrowed when nothing changed).
    pub sql: Cow<'a, [u8]>,
    /// Each statement's kind, for session tracking once the server answered.
    pub statements: Vec<StatementKind<'a>>,
    /// For a single statement: the compressed column of each `?`.
    pub placeholders: Vec<Option<Arc<ColumnRule>>>,
    /// Every statement is a SELECT that passes untouched, planned with every
    /// table it needed known: a query of the same shape (see
    /// [`sql::shape_into`]) plans the same way until the catalog changes.
    pub plain_read: bool,
    /// For each statement, how its result columns carry compressed values.
    pub results: ResultHints,
    /// Which statement each result of the query belongs to.
    pub units: Arc<[sql::results::ResultUnit]>,
    /// Schema-cache entries the query's DDL statements may change: drop
    /// them once it ran (whatever the outcome).
    pub ddl: Vec<sql::SchemaTarget>,
    /// `PREPARE name FROM '...'` statements of the query: the session
    /// records them once sent (whatever the outcome: a failed PREPARE
    /// deallocates the old statement of that name).
    pub prepared: Vec<(String, super::schema::SqlPreparedStatement)>,
    /// What each statement does to the session's temporary tables (applied
    /// for the statements the server answered with OK).
    pub temporary: Vec<Vec<crate::sql::temporary::TempChange>>,
}

/// What the analyzer proved about one result column: the compressed
/// column whose values it carries, and, for a JSON function squeeze
/// evaluates itself, that function.
#[derive(Debug, Clone)]
pub struct ColumnHint {
    pub rule: Arc<ColumnRule>,
    pub json: Option<Arc<super::json::JsonEval>>,
    /// The hidden last column of a statement whose WHERE squeeze partly
    /// evaluates: the condition its rows must pass.
    pub filter: Option<Arc<super::filter::RowFilterPlan>>,
}

impl ColumnHint {
    pub fn column(rule: Arc<ColumnRule>) -> Self {
        ColumnHint {
            rule,
            json: None,
            filter: None,
        }
    }
}

/// The compressed column each result column of a statement passes through
/// (empty for a statement the analyzer did not model, e.g. an INSERT).
pub type ColumnHints = Vec<Option<ColumnHint>>;

/// [`ColumnHints`] for each statement of a query, in order.
pub type ResultHints = Arc<[ColumnHints]>;

/// What the write path needs to know about the session.
pub struct WriteContext<'a> {
    pub rules: &'a ColumnRules,
    pub schema: &'a SchemaCache,
    pub opts: LexOptions,
    pub db: Option<&'a str>,
    /// The client's character set name, when it is not UTF-8.
    pub non_utf8_charset: Option<&'a str>,
    /// `character_set_connection` is utf8mb4 or binary.
    pub connection_utf8mb4: bool,
    /// The session's SQL-level prepared statements.
    pub sql_prepared: Option<&'a super::schema::SqlPrepared>,
    /// The session's temporary tables on the backend the query goes to.
    pub temporary: Option<&'a crate::sql::temporary::TempTables>,
    /// A COM_QUERY, whose WHERE may hold JSON conditions squeeze evaluates
    /// on each row (`sql::query::filter`); not a prepared statement.
    pub row_filters: bool,
    /// The shard has squeeze's in-server function (`in_server`).
    pub server_inflates: bool,
}

/// Rewrite a COM_QUERY (or COM_STMT_PREPARE) text.
pub fn rewrite_query<'a>(
    sql_text: &'a [u8],
    ctx: &WriteContext<'_>,
) -> Result<QueryRewrite<'a>, WriteError> {
    rewrite_statements(sql_text, &sql::statement::split(sql_text, ctx.opts), ctx)
}

/// [`rewrite_query`] for a query already split into statements (the
/// session's statement model; see [`sql::statement::Query`]).
pub fn rewrite_statements<'a>(
    sql_text: &'a [u8],
    split: &[sql::statement::Statement<'a>],
    ctx: &WriteContext<'_>,
) -> Result<QueryRewrite<'a>, WriteError> {
    let mut catalog = Catalog::new(ctx.rules, ctx.schema).with_temporary(ctx.temporary);
    catalog.sql_prepared = ctx.sql_prepared;
    catalog.row_filters = ctx.row_filters;
    catalog.server_inflates = ctx.server_inflates;
    catalog.connection_utf8mb4 = ctx.connection_utf8mb4;
    catalog.reads_diagnostics = crate::sql::diagnostics::mentions_counts(sql_text);
    let plans = sql::plan_statements(sql_text, split, ctx.db, &catalog);
    let prepared = prepared_statements(sql_text, &plans, ctx.db, &catalog);
    let mut missing = catalog.missing.into_inner();
    let unverified = catalog.unverified.into_inner();
    if !unverified.is_empty() {
        // Read the definitions of the extracted columns the plan would
        // use, then plan again (they are trusted for TABLE_MAX_AGE).
        for t in unverified {
            if !missing.contains(&t) {
                missing.push(t);
            }
        }
        return Err(WriteError::NeedTables(missing));
    }
    let plain_read = missing.is_empty()
        && plans.iter().all(|st| {
            matches!(st.kind, StatementKind::Select) && matches!(st.plan, Plan::Untouched)
        });
    let mut jobs: Vec<Job<'a>> = Vec::new();
    let mut statements = Vec::with_capacity(plans.len());
    let mut temporary = Vec::with_capacity(plans.len());
    let mut results: Vec<ColumnHints> = Vec::with_capacity(plans.len());
    let mut insertions: Vec<Edit> = Vec::new();
    let mut placeholders = Vec::new();
    let mut json_reads = false;
    let ddl = ddl_targets(sql_text, split, ctx.db);
    let mut db: Option<&str> = ctx.db;
    let views = Catalog::new(ctx.rules, ctx.schema).with_temporary(ctx.temporary);
    let view = |d: &str, n: &str| sql::ColumnCatalog::view_definition(&views, d, n);
    let temporary_table = |d: &str, n: &str| ctx.temporary.is_some_and(|t| t.contains(d, n));
    for (st, piece) in plans.into_iter().zip(split) {
        let (sites, bound): (&[sql::LiteralSite<'_>], &[Option<ColumnRef>]) = match &st.plan {
            Plan::Rewrite {
                sites,
                placeholders,
                ..
            } => (sites, placeholders),
            _ => (&[], &[]),
        };
        // A refused statement is not walked further (its table references
        // may be what made it too deep to analyse).
        if !matches!(st.plan, Plan::Refuse(_)) {
            let extract_input = super::extract_write::Input {
                src: sql_text,
                toks: &piece.tokens,
                rels: piece.relations(sql_text),
                kind: &piece.kind,
                opts: st.opts,
                db,
                sites,
                placeholders: bound,
                view: &view,
                temporary: &temporary_table,
            };
            insertions.extend(
                super::extract_write::plan(ctx.rules, &extract_input)
                    .map_err(WriteError::Refused)?,
            );
        }
        if let StatementKind::Use(d) = &piece.kind {
            db = Some(d);
        }
        if let StatementKind::Set(_) = &piece.kind {
            insertions.extend(sql::set_scope::scoped_edits(sql_text, &piece.tokens));
        }
        let mut hints = result_hints(ctx, st.shape.as_ref());
        let json_items = st.shape.as_ref().map_or(&[][..], |s| &s.json[..]);
        json_reads |= !json_items.is_empty();
        // The items' edits, in the text they were found in: the statement,
        // or the dynamic SQL text inside its literal.
        let mut json_in_statement = true;
        match st.plan {
            Plan::Untouched => {}
            Plan::Refuse(r) => {
                if r.reason == sql::RefuseReason::ColumnOrderUnknown && !missing.is_empty() {
                    return Err(WriteError::NeedTables(missing));
                }
                return Err(WriteError::Refused(r));
            }
            Plan::RewriteText(t) => {
                // The text's own edits, then the literal holding it anew.
                let mut inner: Vec<Edit> = Vec::new();
                if let Some((at, list)) = &t.column_list {
                    inner.push((*at..*at, list.clone().into_bytes()));
                }
                let mut text_jobs = Vec::with_capacity(t.sites.len());
                for site in &t.sites {
                    let rule = rule_for(ctx, &site.column)?;
                    let as_site = sql::LiteralSite {
                        span: site.span.clone(),
                        value: Cow::Borrowed(&site.value),
                        kind: site.kind,
                        introducer: site.introducer.as_deref(),
                        column: site.column.clone(),
                    };
                    check_literal_charset(ctx, &as_site, &rule)?;
                    text_jobs.push(Job {
                        rule,
                        span: site.span.clone(),
                        value: Cow::Borrowed(&site.value),
                        opts: t.opts,
                    });
                }
                inner.extend(encode_run(&text_jobs)?);
                inner.extend(json_edits(ctx, json_items, &t.text, &mut hints)?);
                inner.extend(
                    t.edits
                        .iter()
                        .map(|(r, e)| (r.clone(), e.clone().into_bytes())),
                );
                json_in_statement = false;
                inner.sort_by_key(|(r, _)| r.start);
                insertions.push((t.span.clone(), t.literal(&inner)));
            }
            Plan::Rewrite {
                sites,
                placeholders: ph,
                column_list,
            } => {
                if let Some((at, list)) = column_list {
                    insertions.push((at..at, list.into_bytes()));
                }
                for p in &ph {
                    let rule = match p {
                        Some(c) => Some(rule_for(ctx, c)?),
                        None => None,
                    };
                    placeholders.push(rule);
                }
                for site in sites {
                    let rule = rule_for(ctx, &site.column)?;
                    check_literal_charset(ctx, &site, &rule)?;
                    jobs.push(Job {
                        rule,
                        span: site.span,
                        value: site.value,
                        opts: st.opts,
                    });
                }
            }
        }
        if let Some(f) = st.shape.as_ref().and_then(|s| s.filter.as_ref()) {
            // The hidden last column the condition reads.
            hints.push(Some(super::filter::hint(ctx.rules, ctx.schema, f)?));
        }
        if let Some(shape) = st.shape.as_ref().filter(|s| !s.rewrites.is_empty()) {
            // Declared JSON paths answered from their extracted columns.
            json_reads = true;
            for (range, text) in &shape.rewrites {
                insertions.push((range.clone(), text.clone().into_bytes()));
            }
        }
        if json_in_statement {
            insertions.extend(json_edits(ctx, json_items, sql_text, &mut hints)?);
        }
        statements.push(st.kind);
        temporary.push(st.temporary);
        results.push(hints);
    }
    let units: Arc<[sql::results::ResultUnit]> =
        sql::results::result_units(sql_text, split, &|n| {
            ctx.sql_prepared
                .and_then(|p| p.get(n))
                .map_or(sql::results::Ends::Unknown, |p| p.ends)
        })
        .into();
    refuse_unattributable_results(&units, &results)?;
    refuse_found_rows_after_filter(sql_text, split, &results)?;
    let mut edits = encode_jobs(jobs)?;
    if !insertions.is_empty() {
        edits.extend(insertions);
        edits.sort_by_key(|(r, _)| r.start);
    }
    let sql = if edits.is_empty() {
        Cow::Borrowed(sql_text)
    } else {
        Cow::Owned(sql::splice(sql_text, &edits))
    };
    Ok(QueryRewrite {
        sql,
        statements,
        placeholders,
        // Sent rewritten: never replayed from the plan cache as sent.
        plain_read: plain_read && !json_reads,
        results: results.into(),
        units,
        ddl,
        prepared,
        temporary,
    })
}

/// The select-list JSON items squeeze evaluates, found in `text`: each
/// item's evaluator in its result column's hint, and the edits that put
/// the column itself in each item's place.
fn json_edits(
    ctx: &WriteContext<'_>,
    items: &[(usize, sql::ColumnRef, sql::query::JsonItem)],
    text: &[u8],
    hints: &mut ColumnHints,
) -> Result<Vec<Edit>, WriteError> {
    let mut edits = Vec::with_capacity(items.len());
    for (i, c, item) in items {
        // MariaDB reads the item's constants in the connection's character
        // set and converts its result to it; squeeze evaluates UTF-8
        // (checked under latin1: `JSON_VALUE(doc, '$."é"')` is NULL,
        // JSON_CONTAINS with a name `"é"` is 0, a value `é` comes back as
        // one latin1 byte).
        if let Some(cs) = ctx.non_utf8_charset {
            return Err(WriteError::Refused(sql::Refusal {
                column: c.clone(),
                reason: sql::RefuseReason::JsonFunction,
                what: format!(
                    "`{}` (squeeze evaluates JSON functions in UTF-8, and this connection's character set is {cs}, to which MariaDB converts their constants and results; run SET NAMES utf8mb4)",
                    item.text
                ),
            }));
        }
        let rule = rule_for(ctx, c)?;
        let eval = super::json::plan(ctx.schema, &rule, c, item, text)?;
        edits.push((item.item.clone(), text[item.arg.clone()].to_vec()));
        if let Some(h) = hints.get_mut(*i) {
            *h = Some(ColumnHint {
                rule,
                json: Some(Arc::new(eval)),
                filter: None,
            });
        }
    }
    Ok(edits)
}

/// A statement after one whose results squeeze cannot count (`EXECUTE` of
/// a statement it did not see prepared) cannot be told which result is
/// its own: refused when its result carries a compressed value (its
/// presentation, or a JSON function squeeze evaluates, depends on it).
fn refuse_unattributable_results(
    units: &[sql::results::ResultUnit],
    results: &[ColumnHints],
) -> Result<(), WriteError> {
    let Some(at) = units
        .iter()
        .position(|u| u.ends == sql::results::Ends::Unknown)
    else {
        return Ok(());
    };
    for u in &units[at + 1..] {
        for k in u.first..=u.last {
            let Some(hint) = results.get(k).and_then(|h| h.iter().flatten().next()) else {
                continue;
            };
            let rule = &hint.rule;
            return Err(WriteError::Refused(sql::Refusal {
                column: sql::ColumnRef {
                    db: rule.schema.to_string(),
                    table: rule.table.clone(),
                    column: rule.column.clone(),
                },
                reason: sql::RefuseReason::Unanalysed,
                what: format!(
                    "statement {} of this multi-statement query returns it after statement {}, an EXECUTE of a statement squeeze did not see prepared, whose number of results squeeze cannot tell (so it cannot tell which result is whose): send them as separate queries",
                    k + 1,
                    units[at].first + 1
                ),
            }));
        }
    }
    Ok(())
}

/// `FOUND_ROWS()` in a statement after one whose rows squeeze filters, in
/// the same multi-statement query: the server's count would be of the rows
/// it sent, not of those the client received (across queries the session
/// refuses it, `Session::found_rows_filtered`).
fn refuse_found_rows_after_filter(
    sql_text: &[u8],
    split: &[sql::statement::Statement<'_>],
    results: &[ColumnHints],
) -> Result<(), WriteError> {
    let filtered = results.iter().enumerate().find_map(|(k, hints)| {
        hints
            .iter()
            .flatten()
            .find_map(|h| h.filter.as_ref())
            .map(|f| (k, f))
    });
    let Some((k, f)) = filtered else {
        return Ok(());
    };
    let reads_found_rows = |st: &sql::statement::Statement<'_>| {
        st.tokens
            .iter()
            .any(|t| t.kind == sql::TokenKind::Ident && t.is_keyword(sql_text, "FOUND_ROWS"))
    };
    let Some(later) = split[k + 1..].iter().position(reads_found_rows) else {
        return Ok(());
    };
    Err(WriteError::Refused(sql::Refusal {
        column: f.filter.column.clone(),
        reason: sql::RefuseReason::Counts,
        what: format!(
            "FOUND_ROWS() in statement {} of this multi-statement query, after statement {}, whose rows squeeze filters by `{}` (the server would count the rows it sent, not those the client receives): count the rows read, or run SELECT COUNT(*) with the same WHERE",
            k + 2 + later,
            k + 1,
            f.filter.text
        ),
    }))
}

/// `PREPARE name FROM '...'` texts in the query, with where their
/// placeholders and outputs go (the session remembers them by name).
fn prepared_statements(
    sql_text: &[u8],
    plans: &[sql::StatementPlan<'_>],
    current_db: Option<&str>,
    catalog: &Catalog<'_>,
) -> Vec<(String, super::schema::SqlPreparedStatement)> {
    let mut prepared = Vec::new();
    let mut db: Option<String> = current_db.map(str::to_string);
    for st in plans {
        match &st.kind {
            StatementKind::Use(d) => db = Some(d.to_string()),
            k @ StatementKind::Prepare { .. } => {
                if let Some((name, placeholders)) =
                    sql::prepared_placeholders(sql_text, k, st.opts, db.as_deref(), catalog)
                {
                    let outputs =
                        sql::prepared_outputs(sql_text, k, st.opts, db.as_deref(), catalog)
                            .unwrap_or_default();
                    let temporary = match k {
                        StatementKind::Prepare { text: Some(t), .. } => {
                            sql::decode_string(sql_text, t, st.opts)
                                .map(|inner| {
                                    sql::temporary::text_changes(&inner, st.opts, db.as_deref())
                                })
                                .unwrap_or_else(|| vec![sql::temporary::TempChange::Unseen])
                        }
                        // A text squeeze cannot see.
                        _ => vec![sql::temporary::TempChange::Unseen],
                    };
                    let text = match k {
                        StatementKind::Prepare { text: Some(t), .. } => {
                            sql::decode_string(sql_text, t, st.opts)
                        }
                        _ => None,
                    };
                    let ends = text.as_ref().map_or(sql::results::Ends::Unknown, |inner| {
                        sql::results::text_ends(inner, st.opts)
                    });
                    let keeps_reading = text
                        .as_ref()
                        .is_some_and(|inner| sql::state::text_keeps_reading(inner, st.opts));
                    prepared.push((
                        name,
                        super::schema::SqlPreparedStatement {
                            placeholders,
                            outputs,
                            temporary,
                            ends,
                            keeps_reading,
                        },
                    ));
                }
            }
            _ => {}
        }
    }
    prepared
}

/// The tables DDL statements in the query create, change or drop (their
/// cached schema is stale afterwards).
fn ddl_targets(
    sql_text: &[u8],
    split: &[sql::statement::Statement<'_>],
    current_db: Option<&str>,
) -> Vec<sql::SchemaTarget> {
    let mut ddl = Vec::new();
    for st in split {
        let at = match &st.kind {
            StatementKind::Ddl => 0,
            StatementKind::SetStatement { inner, at } if **inner == StatementKind::Ddl => *at,
            _ => continue,
        };
        let toks = &st.tokens;
        ddl.extend(sql::ddl_targets(
            sql_text,
            &toks[at.min(toks.len())..],
            current_db,
        ));
    }
    ddl
}

/// A text literal for a compressed column must reach squeeze as UTF-8:
/// refused when the connection's charset is another and no UTF-8 (or
/// binary) introducer says otherwise.
fn check_literal_charset(
    ctx: &WriteContext<'_>,
    site: &sql::LiteralSite<'_>,
    rule: &ColumnRule,
) -> Result<(), WriteError> {
    if site.kind != LiteralKind::Text {
        return Ok(());
    }
    let Some(cs) = ctx.non_utf8_charset else {
        return Ok(());
    };
    let introduced_utf8 = site.introducer.is_some_and(|i| {
        let i = i.to_ascii_lowercase();
        let i = i.trim_start_matches('_');
        crate::charset::is_utf8_name(i) || i == "binary"
    });
    if introduced_utf8 {
        return Ok(());
    }
    Err(WriteError::Charset {
        column: rule.label.clone(),
        charset: cs.to_string(),
    })
}

/// The configured rule of each output column of a statement's result.
fn result_hints(ctx: &WriteContext<'_>, shape: Option<&sql::query::QueryShape>) -> ColumnHints {
    match shape {
        Some(shape) => shape
            .outputs
            .iter()
            .map(|o| {
                o.as_ref().and_then(|c| {
                    ctx.rules
                        .lookup(&c.db, &c.table, &c.column)
                        .cloned()
                        .map(ColumnHint::column)
                })
            })
            .collect(),
        None => Vec::new(),
    }
}

/// One literal to compress.
struct Job<'a> {
    rule: Arc<ColumnRule>,
    span: std::ops::Range<usize>,
    value: Cow<'a, [u8]>,
    opts: LexOptions,
}

/// Statements carrying at least this many bytes of compressed-column values
/// (big multi-row INSERTs, dump restores) are encoded on all cores.
const PARALLEL_MIN_BYTES: usize = 256 * 1024;

type Edit = (std::ops::Range<usize>, Vec<u8>);

/// Compress every job's value into the literal that replaces it, in query
/// order; values left as they came produce no edit. A big statement is cut
/// into one contiguous run of jobs per core and encoded on scoped threads
/// (the session's own thread takes the first run).
fn encode_jobs(jobs: Vec<Job<'_>>) -> Result<Vec<Edit>, WriteError> {
    let total: usize = jobs.iter().map(|j| j.value.len()).sum();
    if total < PARALLEL_MIN_BYTES || jobs.len() < 2 {
        return encode_run(&jobs);
    }
    // available_parallelism reads cgroup files: once per process is enough.
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let threads =
        *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads < 2 {
        return encode_run(&jobs);
    }
    let per_thread = total.div_ceil(threads);
    let mut runs: Vec<&[Job<'_>]> = Vec::with_capacity(threads);
    let (mut start, mut acc) = (0, 0);
    for (i, job) in jobs.iter().enumerate() {
        acc += job.value.len();
        if acc >= per_thread && runs.len() + 1 < threads {
            runs.push(&jobs[start..=i]);
            start = i + 1;
            acc = 0;
        }
    }
    if start < jobs.len() {
        runs.push(&jobs[start..]);
    }
    let results: Vec<Result<Vec<Edit>, WriteError>> = std::thread::scope(|scope| {
        let helpers: Vec<_> = runs[1..]
            .iter()
            .map(|run| scope.spawn(move || encode_run(run)))
            .collect();
        let mut results = vec![encode_run(runs[0])];
        for h in helpers {
            // A panic stays a panic of this session's task, as it would
            // have been had the run been encoded here.
            results.push(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        }
        results
    });
    let mut edits = Vec::new();
    for r in results {
        edits.extend(r?);
    }
    Ok(edits)
}

fn encode_run(jobs: &[Job<'_>]) -> Result<Vec<Edit>, WriteError> {
    let mut edits = Vec::new();
    let mut value = Vec::new();
    for job in jobs {
        value.clear();
        if compress_value(&job.rule, &job.value, &mut value)? {
            edits.push((job.span.clone(), sql::shortest_literal(&value, job.opts)));
        }
    }
    Ok(edits)
}

/// The rule for a column the planner flagged, after checking that the
/// backend column is binary (its type must be known: the session fetches it
/// when `NeedTables` comes back).
fn rule_for(ctx: &WriteContext<'_>, c: &ColumnRef) -> Result<Arc<ColumnRule>, WriteError> {
    let rule = ctx
        .rules
        .lookup(&c.db, &c.table, &c.column)
        .cloned()
        .ok_or_else(|| WriteError::NeedTables(vec![(c.db.clone(), c.table.clone())]))?;
    match ctx.schema.get(&c.db, &c.table) {
        None => Err(WriteError::NeedTables(vec![(
            c.db.clone(),
            c.table.clone(),
        )])),
        Some(info) => match info.data_type(&c.column) {
            Some(t) if is_binary_type(t) => Ok(rule),
            Some(t) => Err(WriteError::NotBinary {
                column: rule.label.clone(),
                data_type: t.to_uppercase(),
            }),
            // Unknown column: let the server report it.
            None => Ok(rule),
        },
    }
}

/// Compress one value for `rule` into `out`. Returns false when the value
/// is stored as it came (small or incompressible), so the original literal
/// stays byte for byte.
pub fn compress_value(
    rule: &ColumnRule,
    value: &[u8],
    out: &mut Vec<u8>,
) -> Result<bool, WriteError> {
    if value.len() > rule.max_value_size {
        return Err(WriteError::TooBig {
            column: rule.label.clone(),
            size: value.len(),
            limit: rule.max_value_size,
        });
    }
    if rule.on_invalid_json == InvalidJson::Refuse {
        // MariaDB's json_valid, as squeeze's evaluator reproduces it (a
        // lone surrogate escape or a raw tab in a string is invalid, `\x`
        // and duplicate names are not, 32 levels are too deep).
        let verdict = crate::sql::json::evaluate(&crate::sql::json::JsonCall::Valid, value);
        let detail = match verdict {
            Ok(Some(v)) if v == b"1" => None,
            Ok(_) => Some("not a valid JSON document".to_string()),
            Err(e) => {
                return Err(WriteError::Refused(Refusal {
                    column: ColumnRef {
                        db: rule.label.split('.').next().unwrap_or_default().to_string(),
                        table: rule.table.clone(),
                        column: rule.column.clone(),
                    },
                    reason: sql::RefuseReason::Unjudged,
                    what: format!("the column refuses invalid JSON (on_invalid_json), and squeeze cannot judge this document's validity as MariaDB's json_valid does ({e:?}); write it directly to check it, or set on_invalid_json = \"compress\""),
                }))
            }
        };
        if let Some(detail) = detail {
            let constraint = (rule.present_as == crate::config::PresentAs::Json).then(|| {
                let db = rule.label.split('.').next().unwrap_or_default();
                format!(
                    "CONSTRAINT `{}.{}` failed for `{db}`.`{}`",
                    rule.table, rule.column, rule.table
                )
            });
            return Err(WriteError::InvalidJson {
                column: rule.label.clone(),
                detail,
                constraint,
            });
        }
    }
    let started = Instant::now();
    let outcome = rule.encoder.encode(value, out);
    let m = &rule.metrics;
    m.compress_seconds.inc_by(started.elapsed().as_secs_f64());
    m.raw_bytes.inc_by(value.len() as u64);
    let (counter, stored, compressed) = match outcome {
        EncodeOutcome::Compressed(n) => (&m.compressed, n, true),
        EncodeOutcome::Small => (&m.left_small, value.len(), false),
        EncodeOutcome::Incompressible => (&m.left_incompressible, value.len(), false),
    };
    m.stored_bytes.inc_by(stored as u64);
    counter.inc();
    Ok(compressed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::transform::schema::{SchemaCache, TableInfo};

    /// Long and repetitive enough that zstd shrinks it without a
    /// dictionary (a value that would not shrink is stored as written).
    const DOC: &str = r#"{"kind": "comment", "body": "squeeze keeps these bytes", "tags": ["a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a"]}"#;

    fn rules() -> ColumnRules {
        let cfg = Config::from_toml(
            "[[columns]]\nschema = \"app\"\ntable = \"docs\"\ncolumn = \"doc\"\ncodec = \"zstd\"\n",
        )
        .expect("config parses");
        ColumnRules::from_config(&cfg).expect("rules build")
    }

    fn schema() -> SchemaCache {
        let s = SchemaCache::default();
        s.insert(
            "app",
            "docs",
            TableInfo {
                columns: vec!["id".into(), "doc".into()],
                data_types: vec!["int".into(), "blob".into()],
                primary_key: vec!["id".into()],
                definitions: None,
            },
        );
        s
    }

    fn rewrite(sql: &str, charset: Option<&str>) -> Result<(Vec<u8>, bool), WriteError> {
        let (rules, schema) = (rules(), schema());
        let ctx = WriteContext {
            rules: &rules,
            schema: &schema,
            opts: LexOptions::default(),
            db: Some("app"),
            non_utf8_charset: charset,
            connection_utf8mb4: true,
            sql_prepared: None,
            temporary: None,
            row_filters: false,
            server_inflates: false,
        };
        rewrite_query(sql.as_bytes(), &ctx).map(|r| (r.sql.into_owned(), r.plain_read))
    }

    #[test]
    fn a_literal_for_a_compressed_column_is_replaced_and_nothing_else_changes() {
        // Control: the same value for a column squeeze does not compress.
        let (out, _) =
            rewrite(&format!("INSERT INTO notes (body) VALUES ('{DOC}')"), None).expect("planned");
        assert!(String::from_utf8_lossy(&out).contains(DOC));
        let sql = format!("INSERT INTO docs (id, doc) VALUES (7, '{DOC}')");
        let (out, plain_read) = rewrite(&sql, None).expect("rewritten");
        assert!(!plain_read);
        let out = String::from_utf8_lossy(&out);
        assert!(!out.contains(DOC), "{out}");
        assert!(
            out.starts_with("INSERT INTO docs (id, doc) VALUES (7, _binary'")
                && out.ends_with("')"),
            "{out}"
        );
    }

    #[test]
    fn an_insert_without_a_column_list_finds_the_column_by_its_position_and_names_it() {
        let sql = format!("INSERT INTO docs VALUES (7, '{DOC}')");
        let (out, _) = rewrite(&sql, None).expect("rewritten");
        let out = String::from_utf8_lossy(&out);
        // The column list the position was read from goes along, so the
        // server stores by the same positions even if the table changed.
        assert!(
            out.starts_with("INSERT INTO docs (`id`, `doc`) VALUES (7, _binary'"),
            "{out}"
        );
    }

    #[test]
    fn a_statement_that_looks_inside_a_compressed_value_is_refused_naming_the_column() {
        match rewrite("SELECT JSON_EXTRACT(doc, '$.kind') FROM docs", None) {
            Err(WriteError::Refused(r)) => assert!(r.column.column.eq_ignore_ascii_case("doc")),
            other => panic!("expected a refusal, got {:?}", other.map(|(s, _)| s)),
        }
    }

    #[test]
    fn a_text_literal_from_a_non_utf8_client_is_refused_unless_introduced_as_utf8() {
        let sql = format!("INSERT INTO docs (id, doc) VALUES (7, '{DOC}')");
        match rewrite(&sql, Some("latin1")) {
            Err(WriteError::Charset { column, charset }) => {
                assert_eq!(
                    (column.as_str(), charset.as_str()),
                    ("app.docs.doc", "latin1")
                )
            }
            other => panic!(
                "expected a charset refusal, got {:?}",
                other.map(|(s, _)| s)
            ),
        }
        let sql = format!("INSERT INTO docs (id, doc) VALUES (7, _utf8mb4'{DOC}')");
        assert!(rewrite(&sql, Some("latin1")).is_ok());
    }

    #[test]
    fn a_read_of_other_columns_is_a_plain_read_left_as_written() {
        let sql = "SELECT id FROM docs WHERE id = 7";
        let (out, plain_read) = rewrite(sql, None).expect("planned");
        assert!(plain_read);
        assert_eq!(out, sql.as_bytes());
    }
}
