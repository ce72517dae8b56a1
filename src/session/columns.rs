//! Session glue for compressed columns: rewriting queries and prepared
//! statements before they reach the backend, fetching table metadata the
//! rewriter needs, and tracking the session state that changes how SQL is
//! lexed (sql_mode) or what bytes a literal holds (character set).

use crate::backend::query::{quote, simple_query};
use crate::error::SqlError;
use crate::sql::statement::Query;
use crate::sql::{LexOptions, SessionChange, StatementKind};
use crate::transform::dependents::{Definition, Dependents};
use crate::transform::params::PreparedStatement;
use crate::transform::schema::TableInfo;
use crate::transform::write::{rewrite_statements, QueryRewrite, WriteContext};

use super::plan::{too_many_rounds, MAX_METADATA_ROUNDS};
use super::Session;

impl Session {
    pub(super) fn compression_on(&self) -> bool {
        !self.ctx.rules.is_empty()
    }

    /// Borrowed unless the name is not UTF-8 (asked on every rewrite).
    pub(super) fn current_db(&self) -> Option<std::borrow::Cow<'_, str>> {
        self.database.as_ref().map(|d| String::from_utf8_lossy(d))
    }

    /// Rewrite `text` for the current session, fetching table metadata as
    /// the rewriter asks for it. `Err` carries the ERR for the client.
    pub(super) async fn rewrite<'a>(
        &mut self,
        query: &Query<'a>,
    ) -> Result<QueryRewrite<'a>, SqlError> {
        let text = query.text;
        let known = self.read_plans.lookup(
            text,
            self.lex,
            self.database.as_deref(),
            self.ctx.schema.generation(),
        );
        if let Some(results) = known {
            return Ok(QueryRewrite {
                sql: std::borrow::Cow::Borrowed(text),
                statements: vec![StatementKind::Select; results.len()],
                placeholders: Vec::new(),
                plain_read: true,
                results,
                ddl: Vec::new(),
                prepared: Vec::new(),
            });
        }
        for _ in 0..MAX_METADATA_ROUNDS {
            let db = self.current_db();
            let wctx = WriteContext {
                rules: &self.ctx.rules,
                schema: &self.ctx.schema,
                opts: self.lex,
                db: db.as_deref(),
                non_utf8_charset: self.non_utf8_charset.as_deref(),
                sql_prepared: Some(&self.sql_prepared),
            };
            match rewrite_statements(text, query.statements(), &wctx) {
                Ok(r) => {
                    if r.plain_read {
                        self.read_plans.remember(r.results.clone());
                    }
                    return Ok(r);
                }
                Err(e) => self.after_refusal(e).await?,
            }
        }
        Err(too_many_rounds())
    }

    /// Load a table's columns and types from information_schema.
    pub(super) async fn fetch_table(&mut self, db: &str, table: &str) -> Result<(), SqlError> {
        self.ensure_backend()
            .await
            .map_err(|e| SqlError::new(crate::error::Side::Backend, e.code, "HY000", e.message))?;
        let backend = self.backend.as_mut().expect("backend connected");
        let sql = format!(
            "SELECT COLUMN_NAME, LOWER(DATA_TYPE) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {} ORDER BY ORDINAL_POSITION",
            quote(db),
            quote(table)
        );
        let rows = simple_query(&mut backend.conn, backend.capabilities, &sql)
            .await
            .map_err(|e| SqlError::internal(format!("squeeze: reading the columns of `{db}`.`{table}` from information_schema failed: {e}")))?;
        if rows.is_empty() {
            // Unknown table: nothing cached, the server will report it.
            return Ok(());
        }
        let text = |v: &Option<Vec<u8>>| {
            v.as_ref()
                .map(|b| String::from_utf8_lossy(b).into_owned())
                .unwrap_or_default()
        };
        let info = TableInfo {
            columns: rows.iter().map(|r| text(&r[0])).collect(),
            data_types: rows.iter().map(|r| text(&r[1])).collect(),
        };
        self.ctx.schema.insert(db, table, info);
        Ok(())
    }

    /// Re-read the views and routines that read compressed columns when
    /// the shared snapshot is missing or older than its bound. A failure
    /// keeps the old snapshot (logged; the safety net still inflates).
    pub(super) async fn refresh_dependents(&mut self) {
        let now = std::time::Instant::now();
        if !self.compression_on() || !self.ctx.schema.dependents_stale(now) {
            return;
        }
        if self.ensure_backend().await.is_err() {
            return;
        }
        let backend = self.backend.as_mut().expect("backend connected");
        const SYSTEM: &str = "('mysql','sys','information_schema','performance_schema')";
        let views = simple_query(
            &mut backend.conn,
            backend.capabilities,
            &format!("SELECT TABLE_SCHEMA, TABLE_NAME, VIEW_DEFINITION FROM information_schema.VIEWS WHERE TABLE_SCHEMA NOT IN {SYSTEM}"),
        )
        .await;
        let routines = simple_query(
            &mut backend.conn,
            backend.capabilities,
            &format!("SELECT ROUTINE_SCHEMA, ROUTINE_NAME, ROUTINE_DEFINITION FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA NOT IN {SYSTEM}"),
        )
        .await;
        let (views, routines) = match (views, routines) {
            (Ok(v), Ok(r)) => (v, r),
            (Err(e), _) | (_, Err(e)) => {
                tracing::warn!(conn = self.id, error = %e, "could not read view and routine definitions");
                return;
            }
        };
        let defs = |rows: crate::backend::query::Rows| -> Vec<Definition> {
            rows.into_iter()
                .map(|r| {
                    let text = |i: usize| {
                        r.get(i)
                            .cloned()
                            .flatten()
                            .map(|b| String::from_utf8_lossy(&b).into_owned())
                            .unwrap_or_default()
                    };
                    Definition {
                        db: text(0),
                        name: text(1),
                        text: text(2),
                    }
                })
                .collect()
        };
        let rules = &self.ctx.rules;
        let d = Dependents::build(defs(views), defs(routines), |t| rules.may_mention(t), now);
        self.ctx.schema.set_dependents(d);
    }

    /// Remember session-scope SET statements for new shard connections.
    pub(super) fn capture_replay(&mut self, query: &Query<'_>) {
        let text = query.text;
        for st in query.non_empty() {
            if !matches!(st.kind, StatementKind::Set(_)) {
                continue;
            }
            let raw = &text[st.range.clone()];
            let global = st
                .tokens
                .iter()
                .any(|t| t.is_keyword(text, "GLOBAL") || t.is_keyword(text, "PERSIST"))
                || raw.windows(8).any(|w| w.eq_ignore_ascii_case(b"@@global"));
            if !global && self.replay.len() < 256 {
                self.replay.push(raw.to_vec());
            }
        }
    }

    /// Read the session's sql_mode from a fresh backend connection.
    pub(super) async fn load_session_state(&mut self) {
        if !self.compression_on() {
            return;
        }
        let Some(backend) = self.backend.as_mut() else {
            return;
        };
        match simple_query(
            &mut backend.conn,
            backend.capabilities,
            "SELECT @@SESSION.sql_mode",
        )
        .await
        {
            Ok(rows) => {
                let mode = rows.first().and_then(|r| r[0].clone()).unwrap_or_default();
                self.lex = LexOptions::from_sql_mode(&String::from_utf8_lossy(&mode));
            }
            Err(e) => {
                tracing::warn!(conn = self.id, error = %e, "could not read sql_mode; assuming the default")
            }
        }
    }

    pub(super) fn apply(&mut self, change: TrackedChange) {
        match change {
            TrackedChange::Use(db) => self.database = Some(db.into_bytes()),
            TrackedChange::SqlMode(mode) => self.lex = LexOptions::from_sql_mode(&mode),
            TrackedChange::Charset(name) => {
                let lower = name.to_ascii_lowercase();
                self.non_utf8_charset = if lower.starts_with("utf8") || lower == "binary" {
                    None
                } else {
                    Some(lower)
                };
            }
        }
    }

    /// Called by the relay once the prepare OK told the statement id.
    pub(super) fn register_statement(&mut self, id: u32, num_params: u16) {
        let mut param_rules = std::mem::take(&mut self.pending_params);
        param_rules.resize(num_params as usize, None);
        self.last_statement = id;
        if !self.compression_on() {
            return;
        }
        let result_hints = match &self.result_hints {
            Some((hints, _)) => hints.first().cloned().unwrap_or_default(),
            None => Vec::new(),
        };
        self.prepared.insert(
            id,
            PreparedStatement {
                num_params,
                param_rules,
                result_hints,
                ..Default::default()
            },
        );
    }

    /// MariaDB's statement id -1 names the statement prepared last.
    pub(super) fn resolve_statement(&self, id: u32) -> u32 {
        if id == crate::protocol::command::LAST_STATEMENT {
            self.last_statement
        } else {
            id
        }
    }

    /// COM_STMT_CLOSE / COM_STMT_RESET bookkeeping before relaying.
    pub(super) fn statement_closed(&mut self, stmt: u32, reset: bool) {
        let id = self.resolve_statement(stmt);
        if reset {
            if let Some(s) = self.prepared.get_mut(&id) {
                s.long_data.clear();
                s.cursor = None;
            }
        } else {
            self.prepared.remove(&id);
        }
    }
}

/// Session changes to apply once the server accepted the statement.
pub(super) enum TrackedChange {
    Use(String),
    SqlMode(String),
    Charset(String),
}

impl TrackedChange {
    pub(super) fn from_kind(kind: &StatementKind<'_>) -> Vec<TrackedChange> {
        match kind {
            StatementKind::Use(db) => vec![TrackedChange::Use(db.to_string())],
            StatementKind::Set(changes) => changes
                .iter()
                .filter_map(|c| match c {
                    SessionChange::SqlMode(Some(m)) => Some(TrackedChange::SqlMode(m.clone())),
                    SessionChange::CharsetClient(Some(c))
                    | SessionChange::Names(Some(c))
                    | SessionChange::CharacterSet(Some(c)) => {
                        Some(TrackedChange::Charset(c.clone()))
                    }
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}
