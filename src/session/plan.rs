//! Planning a COM_QUERY for compressed columns: the owned plan the session
//! acts on, and where the planning runs. A statement of
//! `OFFLOAD_MIN_BYTES` or more (a multi-row INSERT of documents, a dump
//! being restored) is lexed, planned and compressed on a heavy-work thread
//! (`limits::heavy`) while the session awaits it, so the other sessions of
//! its worker are not stalled for the tens or hundreds of milliseconds
//! that takes.

use std::sync::Arc;

use bytes::Bytes;

use crate::error::SqlError;
use crate::metrics::METRICS;
use crate::sql::prescan::Prescan;
use crate::sql::statement::Query;
use crate::sql::temporary::{TempChange, TempTables};
use crate::sql::{SchemaTarget, SessionChange, StatementKind};
use crate::transform::schema::SqlPreparedStatement;
use crate::transform::write::{
    rewrite_query, rewrite_statements, QueryRewrite, ResultHints, WriteContext, WriteError,
};

use super::tracked::TrackedChange;
use super::Session;

/// Statements at least this long are planned off the session's worker.
/// Below it planning takes well under a millisecond.
pub(super) const OFFLOAD_MIN_BYTES: usize = 256 * 1024;

/// How many rounds of metadata fetching one statement may need.
pub(super) const MAX_METADATA_ROUNDS: usize = 8;

/// What the session needs of a rewritten query, owned (it may have been
/// planned on another thread).
pub(super) struct Planned {
    /// The text to send instead of the client's; `None` sends it as is.
    pub sql: Option<Vec<u8>>,
    /// Session changes to apply once the server accepted the query.
    pub tracked: Vec<TrackedChange>,
    /// A `SET sql_mode` whose value squeeze must read back afterwards, or
    /// dynamic SQL (`EXECUTE`, `EXECUTE IMMEDIATE`) that may have set it
    /// out of squeeze's sight: on a backend without session tracking,
    /// squeeze asks the server afterwards instead of guessing.
    pub reread_sql_mode: bool,
    pub had_ddl: bool,
    pub results: ResultHints,
    pub ddl: Vec<SchemaTarget>,
    pub prepared: Vec<(String, SqlPreparedStatement)>,
    /// What each statement does to the backend session's temporary tables.
    pub temporary: Vec<Vec<TempChange>>,
    /// Which statement each result belongs to.
    pub units: Arc<[crate::sql::results::ResultUnit]>,
}

impl From<QueryRewrite<'_>> for Planned {
    fn from(r: QueryRewrite<'_>) -> Planned {
        let reread_sql_mode = r.statements.iter().any(|k| match k {
            StatementKind::Set(c) => c.iter().any(|c| matches!(c, SessionChange::SqlMode(None))),
            StatementKind::Execute | StatementKind::ExecuteImmediate { .. } => true,
            _ => false,
        });
        Planned {
            sql: match r.sql {
                std::borrow::Cow::Borrowed(_) => None,
                std::borrow::Cow::Owned(v) => Some(v),
            },
            tracked: r
                .statements
                .iter()
                .flat_map(TrackedChange::from_kind)
                .collect(),
            reread_sql_mode,
            had_ddl: r.statements.iter().any(|k| matches!(k, StatementKind::Ddl)),
            results: r.results,
            ddl: r.ddl,
            prepared: r.prepared,
            temporary: r.temporary,
            units: r.units,
        }
    }
}

impl Session {
    /// The temporary tables of the backend session statements go to, when
    /// it has any.
    pub(super) fn temporary(&self) -> Option<&TempTables> {
        self.shards
            .current_ref()
            .map(|b| &b.temporary)
            .filter(|t| !t.is_empty())
    }

    /// Whether the shard statements go to has squeeze's in-server function
    /// matching this build (`in_server`): the server evaluates compressed
    /// values.
    pub(super) fn server_inflates(&self) -> bool {
        self.ctx
            .shards
            .get(self.shards.current())
            .is_some_and(|t| crate::in_server::ready(&t.name))
    }

    /// Plan `query` on the session's own worker and rewrite it as planned
    /// (`transform::write`), fetching table metadata as the planner asks
    /// for it. `Err` carries the ERR for the client.
    /// `row_filters`: a COM_QUERY, whose WHERE may hold JSON conditions
    /// squeeze evaluates on each row (`sql::query::filter`).
    pub(super) async fn plan_inline<'a>(
        &mut self,
        query: &Query<'a>,
        row_filters: bool,
    ) -> Result<QueryRewrite<'a>, SqlError> {
        let text = query.text;
        // Plans made with temporary tables shadowing a configured table are
        // neither reused nor kept: the cache's plans all assume none.
        let no_temporary = self.temporary().is_none();
        let known = no_temporary
            .then(|| {
                self.read_plans.lookup(
                    text,
                    self.tracked.lex,
                    self.tracked.database.as_deref(),
                    self.ctx.schema.generation(),
                )
            })
            .flatten();
        if let Some(results) = known {
            // Plain reads only: one result each.
            let units = (0..results.len())
                .map(|k| crate::sql::results::ResultUnit {
                    first: k,
                    last: k,
                    ends: crate::sql::results::Ends::One,
                    inner: Vec::new(),
                })
                .collect();
            return Ok(QueryRewrite {
                sql: std::borrow::Cow::Borrowed(text),
                statements: vec![StatementKind::Select; results.len()],
                units,
                placeholders: Vec::new(),
                plain_read: true,
                results,
                ddl: Vec::new(),
                prepared: Vec::new(),
                temporary: Vec::new(),
            });
        }
        self.refuse_unknowable_reading(query)?;
        for _ in 0..MAX_METADATA_ROUNDS {
            let db = self.tracked.current_db();
            let wctx = WriteContext {
                rules: &self.ctx.rules,
                schema: &self.ctx.schema,
                opts: self.tracked.lex,
                db: db.as_deref(),
                non_utf8_charset: self.tracked.non_utf8_charset.as_deref(),
                connection_utf8mb4: self.tracked.connection_utf8mb4,
                sql_prepared: Some(&self.statements.sql_prepared),
                temporary: self.temporary(),
                row_filters,
                server_inflates: self.server_inflates(),
            };
            match rewrite_statements(text, query.statements(), &wctx) {
                Ok(r) => {
                    if r.plain_read && no_temporary {
                        self.read_plans.remember(r.results.clone());
                    }
                    self.ask_json_columns(&r.results).await?;
                    return Ok(r);
                }
                Err(e) => self.after_refusal(e).await?,
            }
        }
        Err(too_many_rounds())
    }

    /// Plan `query` (whose bytes `text` holds), inline or, for a big
    /// statement, on a heavy-work thread. `Err` carries the client's ERR.
    pub(super) async fn plan(
        &mut self,
        query: &Query<'_>,
        text: &Bytes,
    ) -> Result<Planned, SqlError> {
        self.keep_counts_for(text);
        let planned = self.plan_with_metadata(query, text).await;
        self.close_aside().await;
        let planned = planned?;
        self.refuse_unconverted_results(query, &planned.results)?;
        Ok(planned)
    }

    /// A result that carries a compressed column squeeze presents as text,
    /// under a `character_set_results` squeeze does not convert to, or one
    /// a `SET STATEMENT ... FOR` changes for the statement alone (the
    /// server does not report it): refused, naming the column.
    pub(super) fn refuse_unconverted_results(
        &self,
        query: &Query<'_>,
        results: &ResultHints,
    ) -> Result<(), SqlError> {
        let Some(rule) = results.iter().flatten().flatten().map(|h| &h.rule).next() else {
            return Ok(());
        };
        let unsupported =
            self.tracked.results == crate::results_charset::ResultsCharset::Unsupported;
        let per_statement = query.statements().iter().any(|st| match &st.kind {
            StatementKind::SetStatement { at, .. } => st.tokens[..*at]
                .iter()
                .any(|t| t.is_keyword(query.text, "character_set_results")),
            _ => false,
        });
        if !unsupported && !per_statement {
            return Ok(());
        }
        let why = if unsupported {
            "this session's character_set_results is a character set squeeze does not convert documents to (it converts to utf8mb4, utf8mb3, latin1 and ascii, and sends binary and NULL unconverted); run SET character_set_results = utf8mb4"
        } else {
            "SET STATEMENT changes character_set_results for this statement alone, which squeeze cannot follow; run SET character_set_results before the statement instead"
        };
        Err(SqlError::new(
            crate::error::ErrorCode::NotSupportedYet,
            format!(
                "squeeze: column `{}` is stored compressed by squeeze; {why}",
                rule.label
            ),
        ))
    }

    async fn plan_with_metadata(
        &mut self,
        query: &Query<'_>,
        text: &Bytes,
    ) -> Result<Planned, SqlError> {
        if text.len() < OFFLOAD_MIN_BYTES {
            return self.plan_inline(query, true).await.map(Planned::from);
        }
        self.refuse_unknowable_reading(query)?;
        for _ in 0..MAX_METADATA_ROUNDS {
            let (rules, schema) = (Arc::clone(&self.ctx.rules), Arc::clone(&self.ctx.schema));
            let (opts, db) = (
                self.tracked.lex,
                self.tracked.current_db().map(|d| d.into_owned()),
            );
            let charset = self.tracked.non_utf8_charset.clone();
            let connection_utf8mb4 = self.tracked.connection_utf8mb4;
            let prepared = self.statements.sql_prepared.clone();
            let temporary = self.temporary().cloned();
            let server_inflates = self.server_inflates();
            let text = text.clone();
            let planned = crate::limits::heavy::run(move || {
                let ctx = WriteContext {
                    rules: &rules,
                    schema: &schema,
                    opts,
                    db: db.as_deref(),
                    non_utf8_charset: charset.as_deref(),
                    connection_utf8mb4,
                    sql_prepared: Some(&prepared),
                    temporary: temporary.as_ref(),
                    row_filters: true,
                    server_inflates,
                };
                rewrite_query(&text, &ctx).map(Planned::from)
            })
            .await
            .map_err(|e| {
                SqlError::internal(format!("squeeze: cannot plan a large statement: {e}"))
            })?;
            match planned {
                Ok(p) => {
                    self.ask_json_columns(&p.results).await?;
                    return Ok(p);
                }
                Err(e) => self.after_refusal(e).await?,
            }
        }
        Err(too_many_rounds())
    }

    /// Refuse what squeeze cannot read as the server will: a statement that
    /// touches a compressed column after one in the same query that may
    /// change sql_mode or the character set unknowably (the server's OK
    /// for it would say, but the whole query is planned before it runs),
    /// and a version comment the fleet's servers disagree on.
    fn refuse_unknowable_reading(&self, query: &Query<'_>) -> Result<(), SqlError> {
        let text = query.text;
        let touched = |sql: &[u8]| -> Option<String> {
            let rules = &self.ctx.rules;
            if !rules.may_mention(sql) && !self.ctx.schema.dependents().may_mention(sql) {
                return None;
            }
            let lower = sql.to_ascii_lowercase();
            Some(
                rules
                    .all()
                    .find(|r| {
                        lower
                            .windows(r.table.len())
                            .any(|w| w.eq_ignore_ascii_case(r.table.as_bytes()))
                    })
                    .map(|r| format!("column `{}`.`{}`", r.table, r.column))
                    .unwrap_or_else(|| "a view or routine reading a compressed column".into()),
            )
        };
        if let Some(comment) = crate::sql::comment_gate::current().first_disagreement(text) {
            if let Some(col) = touched(text) {
                return Err(SqlError::new(
                    crate::error::ErrorCode::NotSupportedYet,
                    format!(
                        "squeeze: the shards' servers disagree on whether the version comment `{}` runs (their versions differ), and the statement touches {col}: write it without the version comment",
                        String::from_utf8_lossy(comment)
                    ),
                ));
            }
        }
        if !query.scan.may_change_session() {
            return Ok(());
        }
        self.refuse_stale_execute(query)?;
        let stmts = query.statements();
        // The first statement that may change how the rest is read; the
        // pieces of a compound statement are one statement with it, and a
        // block of plain statements changes nothing.
        let mut from = 0;
        let (i, why, after) = loop {
            let recorded = |name: &str| {
                self.statements
                    .sql_prepared
                    .get(name)
                    .is_some_and(|p| p.keeps_reading)
            };
            let Some((i, why)) = stmts.iter().enumerate().skip(from).find_map(|(i, s)| {
                if crate::sql::state::dynamic_keeps_reading(text, stmts, i, &recorded) {
                    return None;
                }
                crate::sql::state::changes_reading_unknowably(text, s).map(|w| (i, w))
            }) else {
                return Ok(());
            };
            if !crate::sql::compound::opens_block(text, &stmts[i].tokens) {
                break (i, why, i);
            }
            let end = crate::sql::compound::block_end(text, stmts, i);
            if !crate::sql::state::block_keeps_reading(text, stmts, i, end) {
                break (i, why, end);
            }
            from = end + 1;
        };
        for (j, s) in stmts.iter().enumerate().skip(after + 1) {
            if let Some(col) = touched(&text[s.range.clone()]) {
                return Err(SqlError::new(
                    crate::error::ErrorCode::NotSupportedYet,
                    format!(
                        "squeeze: statement {} of this multi-statement query touches {col}, but statement {} {why}; squeeze reads a statement before the server runs the ones ahead of it: send them as separate queries",
                        j + 1,
                        i + 1
                    ),
                ));
            }
        }
        Ok(())
    }

    /// `EXECUTE s` of a statement prepared before the temporary tables
    /// shadowing a configured table changed (the server re-prepares it
    /// against what its names resolve to now; squeeze's plan of it no
    /// longer holds), unless the query prepares it again first.
    fn refuse_stale_execute(&self, query: &Query<'_>) -> Result<(), SqlError> {
        let stale = &self.statements.stale_sql_prepared;
        if stale.is_empty() {
            return Ok(());
        }
        let text = query.text;
        let mut prepared_here: Vec<String> = Vec::new();
        for st in query.statements() {
            match &st.kind {
                StatementKind::Prepare { name, .. } => {
                    prepared_here.push(name.to_ascii_lowercase())
                }
                StatementKind::Execute => {
                    let Some(t) = st.tokens.get(1) else { continue };
                    let name = crate::sql::lexer::ident_name(text, t).to_ascii_lowercase();
                    if stale.contains(&name) && !prepared_here.contains(&name) {
                        return Err(SqlError::new(
                            crate::error::ErrorCode::NotSupportedYet,
                            format!("squeeze: statement `{name}` was prepared before a temporary table that shadows a compressed table was created or dropped in this session, so squeeze cannot tell whether its values go to a compressed column: PREPARE it again"),
                        ));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// A plan came back refused: fetch the table definitions it asked for
    /// (`Ok`: plan again), or count the refusal and return the client's ERR.
    pub(super) async fn after_refusal(&mut self, e: WriteError) -> Result<(), SqlError> {
        let WriteError::NeedTables(tables) = e else {
            METRICS
                .refused_statements_total
                .with_label_values(&[e.reason_label()])
                .inc();
            if let Some(rule) = e.rule(&self.ctx.rules) {
                rule.metrics.refused.inc();
            }
            return Err(e.to_sql_error());
        };
        for (d, t) in &tables {
            self.fetch_table(d, t).await?;
        }
        // Every table asked for is now known: plan again. (Not "newly
        // known": cached definitions expire after TABLE_MAX_AGE, and
        // another session may refresh one between this plan's refusal and
        // here; that is progress too. A table that does not exist is
        // never cached, so that still ends in the ERR below.)
        let progressed = tables
            .iter()
            .all(|(d, t)| self.ctx.schema.get(d, t).is_some());
        if progressed {
            return Ok(());
        }
        let err = WriteError::NeedTables(tables);
        METRICS
            .refused_statements_total
            .with_label_values(&[err.reason_label()])
            .inc();
        Err(err.to_sql_error())
    }
}

pub(super) fn too_many_rounds() -> SqlError {
    SqlError::internal("squeeze: too many metadata lookups for one statement")
}

/// The pre-scan of a query text; a big one (megabytes of documents) is
/// scanned off the worker like the rest of its planning.
pub(super) async fn prescan(text: &bytes::Bytes) -> Prescan {
    if text.len() < OFFLOAD_MIN_BYTES {
        return Prescan::of(text);
    }
    let owned = text.clone();
    match crate::limits::heavy::run(move || Prescan::of(&owned)).await {
        Ok(scan) => scan,
        Err(_) => Prescan::of(text),
    }
}
