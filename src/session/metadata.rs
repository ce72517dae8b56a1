//! What a session reads from its backend about the schema and itself:
//! the columns of a table the rewriter asks about, the views and routines
//! that read compressed columns, and the session's sql_mode.

use crate::backend::query::{quote, simple_query};
use crate::error::SqlError;
use crate::protocol::capabilities::CLIENT_SESSION_TRACK;
use crate::sql::diagnostics::reads_diagnostics;
use crate::sql::LexOptions;
use crate::transform::dependents::{Definition, Dependents};
use crate::transform::schema::TableInfo;

use super::tracked::ClientTracking;
use super::Session;

impl Session {
    pub(super) fn compression_on(&self) -> bool {
        !self.ctx.rules.is_empty()
    }

    /// Load a table's columns and types from information_schema.
    pub(super) async fn fetch_table(&mut self, db: &str, table: &str) -> Result<(), SqlError> {
        let backend = self.metadata_conn().await?;
        let sql = format!(
            "SELECT COLUMN_NAME, LOWER(DATA_TYPE), COLUMN_KEY, COLUMN_TYPE, COLLATION_NAME, COLUMN_DEFAULT FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {} ORDER BY ORDINAL_POSITION",
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
            primary_key: rows
                .iter()
                .filter(|r| r.get(2).is_some_and(|k| text(k) == "PRI"))
                .map(|r| text(&r[0]))
                .collect(),
            // Extracted columns are judged against these (DDL squeeze did
            // not see is noticed here).
            definitions: Some(
                rows.iter()
                    .map(|r| {
                        let cell = |i: usize| r.get(i).cloned().flatten().map(|v| text(&Some(v)));
                        crate::config::extract::FoundColumn {
                            column_type: cell(3).unwrap_or_default(),
                            collation: cell(4),
                            default: cell(5),
                        }
                    })
                    .collect(),
            ),
        };
        self.ctx.schema.insert(db, table, info);
        Ok(())
    }

    /// Ask the server for the column definition of each JSON function
    /// squeeze evaluates in `results` (what MariaDB says the item's column
    /// is over the uncompressed text), once per probe text, schema
    /// generation and character set.
    pub(super) async fn ask_json_columns(
        &mut self,
        results: &crate::transform::write::ResultHints,
    ) -> Result<(), SqlError> {
        for eval in results
            .iter()
            .flatten()
            .flatten()
            .filter_map(|h| h.json.as_ref())
        {
            if eval.coldef.get().is_some() {
                continue;
            }
            let key = (
                eval.probe.clone(),
                self.ctx.schema.generation(),
                self.info.charset,
                self.tracked.non_utf8_charset.clone(),
                self.tracked.results,
            );
            let def = match self.json_columns.get(&key) {
                Some(d) => d.clone(),
                None => {
                    let backend = self.metadata_conn().await?;
                    let defs = crate::backend::query::column_definitions(
                        &mut backend.conn,
                        backend.capabilities,
                        &eval.probe,
                    )
                    .await
                    .map_err(|e| {
                        SqlError::new(
                            crate::error::ErrorCode::NotSupportedYet,
                            format!(
                                "squeeze: column `{}` is stored compressed by squeeze, which evaluates `{}` itself, but the server would not describe its result column ({e}); select the column and evaluate in the application",
                                eval.rule.label, eval.text
                            ),
                        )
                    })?;
                    let Some(def) = defs.into_iter().next() else {
                        return Err(SqlError::internal(
                            "squeeze: the server described no column for a JSON function",
                        ));
                    };
                    let extended = self.info.ext_capabilities
                        & crate::protocol::capabilities::MARIADB_CLIENT_EXTENDED_METADATA
                        != 0;
                    let def = crate::transform::json::as_longtext_item(def, extended);
                    if self.json_columns.len() >= 256 {
                        self.json_columns.clear();
                    }
                    self.json_columns.insert(key, def.clone());
                    def
                }
            };
            let _ = eval.coldef.set(def);
        }
        Ok(())
    }

    /// Re-read the views and routines that read compressed columns when
    /// the shared snapshot is missing or older than its bound. A failure
    /// keeps the old snapshot (logged; the safety net still inflates).
    /// Not before `next` when it reads the previous statement's warnings
    /// (a later statement refreshes instead); on squeeze's own connection
    /// when `next` reads or keeps the counts (`metadata_conn`).
    pub(super) async fn refresh_dependents(&mut self, next: &[u8]) {
        let now = std::time::Instant::now();
        if !self.compression_on()
            || !self.ctx.schema.dependents_stale(now)
            || reads_diagnostics(next)
        {
            return;
        }
        self.keep_counts_for(next);
        let read = self.read_dependents().await;
        self.close_aside().await;
        let Some((views, routines)) = read else {
            return;
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

    /// The view and routine definitions outside the system schemas, on the
    /// connection `metadata_conn` picks for the statement ahead.
    async fn read_dependents(
        &mut self,
    ) -> Option<(crate::backend::query::Rows, crate::backend::query::Rows)> {
        let id = self.id;
        let backend = self.metadata_conn().await.ok()?;
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
        match (views, routines) {
            (Ok(v), Ok(r)) => Some((v, r)),
            (Err(e), _) | (_, Err(e)) => {
                tracing::warn!(conn = id, error = %e, "could not read view and routine definitions");
                None
            }
        }
    }

    /// Read the session's sql_mode from a fresh (or reset) backend
    /// connection and, where the server has session tracking, the
    /// client's tracking settings; then have the server track what squeeze
    /// follows on top of them (`Tracked::server_ok` reads the reports).
    pub(super) async fn load_session_state(&mut self) {
        if !self.compression_on() && !self.sharded() {
            return;
        }
        let Some(backend) = self.shards.current_conn() else {
            return;
        };
        let tracking = backend.capabilities & CLIENT_SESSION_TRACK != 0;
        let sql = if tracking {
            "SELECT @@SESSION.sql_mode, @@SESSION.session_track_system_variables, @@SESSION.session_track_schema, @@SESSION.session_track_state_change, @@SESSION.max_statement_time"
        } else {
            "SELECT @@SESSION.sql_mode"
        };
        let row = match simple_query(&mut backend.conn, backend.capabilities, sql).await {
            Ok(rows) => rows.into_iter().next().unwrap_or_default(),
            Err(e) => {
                tracing::warn!(conn = self.id, error = %e, "could not read sql_mode; assuming the default");
                return;
            }
        };
        let text = |i: usize| {
            row.get(i)
                .cloned()
                .flatten()
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default()
        };
        self.tracked.lex = LexOptions::from_sql_mode(&text(0));
        self.tracked.max_statement_time = super::tracked::statement_time(&text(4));
        if !tracking || row.len() < 4 {
            return;
        }
        let client = ClientTracking::from_settings(&text(1), &text(2), &text(3));
        match simple_query(
            &mut backend.conn,
            backend.capabilities,
            &client.backend_set(),
        )
        .await
        {
            Ok(_) => {
                backend.tracks_state = true;
                self.tracked.client_tracks = client;
            }
            Err(e) => {
                tracing::warn!(conn = self.id, error = %e, "could not enable session tracking; following session state by parsing")
            }
        }
    }

    /// The client changed a `session_track_*` setting: the server now
    /// tracks only what the client asked for, so squeeze's own variables
    /// go back on top (the client still gets only its own).
    /// `maybe_changed`: the command may have changed a tracking setting
    /// without the server reporting it (a new list that leaves the setting
    /// itself out): after a reported state change, ask.
    pub(super) async fn restore_tracking(
        &mut self,
        report: super::tracked::TrackingReport,
        maybe_changed: bool,
    ) {
        let (reported, changed) = (report.restore, report.state_changed);
        if !(reported || (changed && maybe_changed)) {
            return;
        }
        let Some(backend) = self.shards.current_conn() else {
            return;
        };
        if !backend.tracks_state {
            return;
        }
        if !reported {
            let sql = "SELECT @@SESSION.session_track_system_variables, @@SESSION.session_track_schema, @@SESSION.session_track_state_change";
            let row = match simple_query(&mut backend.conn, backend.capabilities, sql).await {
                Ok(rows) => rows.into_iter().next().unwrap_or_default(),
                Err(e) => {
                    tracing::warn!(conn = self.id, error = %e, "could not read the session tracking settings; following session state by parsing");
                    backend.tracks_state = false;
                    return;
                }
            };
            let text = |i: usize| {
                row.get(i)
                    .cloned()
                    .flatten()
                    .map(|b| String::from_utf8_lossy(&b).into_owned())
                    .unwrap_or_default()
            };
            if ClientTracking::is_backend_set(&text(0), &text(1), &text(2)) {
                return;
            }
            // squeeze keeps schema and state-change tracking ON, so ON read
            // back is squeeze's unless the client changed it (which the
            // server then reported, `reported`): the client's own stays.
            let before = &self.tracked.client_tracks;
            let mut read = ClientTracking::from_settings(&text(0), &text(1), &text(2));
            read.schema = read.schema && before.schema;
            read.state_change = read.state_change && before.state_change;
            self.tracked.client_tracks = read;
        }
        let set = self.tracked.client_tracks.backend_set();
        if let Err(e) = simple_query(&mut backend.conn, backend.capabilities, &set).await {
            tracing::warn!(conn = self.id, error = %e, "could not restore session tracking; following session state by parsing");
            backend.tracks_state = false;
        }
    }
}
