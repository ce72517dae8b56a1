//! COM_STMT_BULK_EXECUTE (MariaDB): every row is judged as a single
//! COM_STMT_EXECUTE of the same statement would be. A statement squeeze
//! neither routes by key nor compresses parameters of goes through as the
//! client wrote it; otherwise each row's shard key must map to one shard
//! (the rows run there as one command, as the server would run them) and
//! the parameters bound to compressed columns are compressed row by row.

use crate::error::{ErrorCode, SqlError};
use crate::protocol::bulk_execute::{self, BulkExecute, INDICATOR_NULL};
use crate::protocol::coldef::{binary_layout, BinaryLayout, TYPE_BLOB};
use crate::protocol::execute::ExecuteParams;
use crate::session::command_cx::CommandCx;
use crate::session::failure::{Counted, SessionError};
use crate::session::relay::{RelayMode, ResponseShape};
use crate::session::routing::shard_for_param;
use crate::session::{Flow, Session};
use crate::transform::params::{has_compressed_params, rewrite_execute, ParamError};

impl Session {
    /// `stmt` as the client wrote it; `body` the bytes after it.
    pub(in crate::session) async fn bulk_execute(
        &mut self,
        cx: &mut CommandCx,
        payload: &[u8],
        stmt: u32,
        body: &[u8],
    ) -> Flow {
        let id = self.statements.resolve(stmt);
        let mode = RelayMode {
            thread_ids: self.statements.stmts.get(&id).and_then(|s| s.thread_ids),
            ..RelayMode::binary()
        };
        if let Some(e) = self.stale_prepared(id) {
            self.reply_error(&e);
            return Flow::Continue;
        }
        let Some(s) = self.statements.stmts.get_mut(&id) else {
            // Unknown to squeeze: the server answers as it would directly.
            return self
                .forward_command(cx, payload, ResponseShape::Results, mode)
                .await
                .flow;
        };
        if s.layout_broken || (s.layout.is_some() && self.tracked.non_utf8_charset.is_some()) {
            self.reply_error(&SqlError::new(ErrorCode::NotSupportedYet, "squeeze: this prepared statement writes a document with extracted paths, which squeeze sends as utf8mb4 strings: run SET NAMES utf8mb4 and prepare it again"));
            return Flow::Continue;
        }
        let count = s.num_params as usize;
        let judged = s.key_param.is_some() || has_compressed_params(&s.param_rules);
        // The server binds the types a bulk sends, as an execute's.
        let remembered = s.types.clone();
        if let Some(t) = bulk_execute::sent_types(body, count) {
            s.types = Some(t.to_vec());
        }
        if !judged {
            if let Err(e) = self.place_statement(stmt, None).await {
                self.reply_error(&e);
                return Flow::Continue;
            }
            return self
                .forward_command(cx, payload, ResponseShape::Results, mode)
                .await
                .flow;
        }
        let b = match BulkExecute::parse(body, count, remembered.as_deref()) {
            Ok(b) => b,
            Err(e) => return self.refuse_malformed(&e),
        };
        let rows: Result<Vec<ExecuteParams<'_>>, _> =
            b.rows.iter().map(|r| r.execute_params(count)).collect();
        let rows = match rows {
            Ok(r) => r,
            Err(e) => return self.refuse_malformed(&e),
        };
        let Some(s) = self.statements.stmts.get(&id) else {
            return Flow::Continue;
        };
        let (key_param, rules) = (s.key_param.clone(), s.param_rules.clone());
        let layout = s.layout.clone();
        if let Some(e) = layout
            .as_deref()
            .and_then(|_| unsettled_document(&b.rows, &rules))
        {
            self.reply_error(&e);
            return Flow::Continue;
        }
        // Every row on one shard, as the server runs them: one command.
        let mut key_shard: Option<usize> = None;
        if let Some((rule, index)) = &key_param {
            for row in &rows {
                let shard = shard_for_param(row, rule, *index, |_| false);
                match (shard, key_shard) {
                    (None, _) => {
                        self.reply_error(&SqlError::new(ErrorCode::NotSupportedYet, "squeeze: the shard-key parameter of a row of this bulk execute is NULL, DEFAULT or cannot be mapped to a shard"));
                        return Flow::Continue;
                    }
                    (Some(here), Some(before)) if here != before => {
                        self.reply_error(&SqlError::new(ErrorCode::NotSupportedYet, format!("squeeze: the rows of this bulk execute map to different shards by their key {}.{} (shards {} and {}); execute them in one batch per shard", rule.table, rule.column, self.ctx.shards[before].name, self.ctx.shards[here].name)));
                        return Flow::Continue;
                    }
                    (here, _) => key_shard = here,
                }
            }
        }
        // The types the server is told: a compressed parameter's bytes
        // are bound as BLOB, as a single execute binds them.
        let mut types = rows.first().map(|r| r.types.to_vec()).unwrap_or_default();
        for (i, rule) in rules.iter().enumerate() {
            if rule.is_some()
                && types.get(2 * i).map(|&t| binary_layout(t)) == Some(BinaryLayout::LenencString)
            {
                types[2 * i] = TYPE_BLOB;
                types[2 * i + 1] = 0;
            }
        }
        let head = {
            let mut h = vec![0x17];
            h.extend_from_slice(&stmt.to_le_bytes());
            h.extend_from_slice(&[0, 1, 0, 0, 0]);
            h
        };
        let mut rewritten = Vec::with_capacity(rows.len());
        let mut no_long_data = Default::default();
        for row in &rows {
            match rewrite_execute(
                &head,
                row,
                &rules,
                &mut no_long_data,
                |_| false,
                layout.as_deref(),
            ) {
                Ok(r) => rewritten.push(r.payload),
                Err(ParamError::Write(e)) => {
                    let refused = SessionError::refused(e.to_sql_error());
                    return self.fail(refused.counted(Counted::Refused(e.reason_label())));
                }
                Err(ParamError::Malformed(e)) => return self.refuse_malformed(&e),
            }
        }
        // The server's parameters: the client's, then (with declared
        // paths) one per path, NULL where the path's value is.
        let server_count = layout.as_ref().map_or(count, Vec::len);
        let server_indicators: Vec<Vec<u8>> = match &layout {
            None => b.rows.iter().map(|r| r.indicators.clone()).collect(),
            Some(layout) => {
                let mut all = Vec::with_capacity(rewritten.len());
                for (row, new) in b.rows.iter().zip(&rewritten) {
                    let Some(p) = new else {
                        return self.refuse_malformed(&crate::protocol::ProtocolError::Malformed(
                            "bulk row of a statement with extracted paths not rewritten",
                        ));
                    };
                    match ExecuteParams::parse(&p[head.len()..], server_count, None) {
                        Ok(params) => {
                            all.push(server_row_indicators(layout, &row.indicators, &params))
                        }
                        Err(e) => return self.refuse_malformed(&e),
                    }
                }
                all
            }
        };
        let out_rows: Vec<(&[u8], ExecuteParams<'_>)> = match server_indicators
            .iter()
            .zip(&rows)
            .zip(&rewritten)
            .map(|((indicators, original), new)| {
                let params = match new {
                    Some(p) => ExecuteParams::parse(&p[head.len()..], server_count, None)?,
                    None => *original,
                };
                Ok((indicators.as_slice(), params))
            })
            .collect::<Result<Vec<_>, crate::protocol::ProtocolError>>()
        {
            Ok(r) => r,
            Err(e) => return self.refuse_malformed(&e),
        };
        if layout.is_some() {
            // One set of types for every row: the server's, as the
            // rewrite bound each value that is sent (a NULL's is moot).
            match shared_types(&out_rows) {
                Some(t) => types = t,
                None => {
                    self.reply_error(&SqlError::new(ErrorCode::NotSupportedYet, "squeeze: the rows of this bulk execute bind a parameter with different types once their documents' paths are added: execute them row by row"));
                    return Flow::Continue;
                }
            }
        }
        let sent = match bulk_execute::encode(stmt, b.flags, &types, &out_rows) {
            Ok(p) => p,
            Err(e) => return self.refuse_malformed(&e),
        };
        if let Err(e) = self.place_statement(stmt, key_shard).await {
            self.reply_error(&e);
            return Flow::Continue;
        }
        self.forward_command(cx, &sent, ResponseShape::Results, mode)
            .await
            .flow
    }
}

/// A row whose document (a parameter bound to a column with declared
/// paths) is sent as DEFAULT or IGNORE: the column's default or old value
/// is the server's, and squeeze cannot derive the paths from it.
fn unsettled_document(
    rows: &[bulk_execute::BulkRow],
    rules: &[Option<std::sync::Arc<crate::transform::ColumnRule>>],
) -> Option<SqlError> {
    for row in rows {
        for (i, rule) in rules.iter().enumerate() {
            let Some(rule) = rule.as_deref().filter(|r| !r.extracts.is_empty()) else {
                continue;
            };
            if row
                .indicators
                .get(i)
                .is_some_and(|&ind| ind > INDICATOR_NULL)
            {
                return Some(SqlError::new(
                    ErrorCode::NotSupportedYet,
                    format!(
                        "squeeze: a row of this bulk execute sends DEFAULT or IGNORE for {}, whose extracted paths squeeze derives from the document it writes: send the document (or NULL)",
                        rule.label
                    ),
                ));
            }
        }
    }
    None
}

/// Indicators of one row in the server's parameter order: a client
/// parameter keeps its own, a declared path is NULL where its derived value
/// is (the rewritten row's null bitmap) and sent otherwise.
fn server_row_indicators(
    layout: &[crate::transform::params::ServerParam],
    client: &[u8],
    server: &ExecuteParams<'_>,
) -> Vec<u8> {
    use crate::transform::params::ServerParam;
    layout
        .iter()
        .enumerate()
        .map(|(at, p)| match p {
            ServerParam::Client(i) => client.get(*i).copied().unwrap_or(INDICATOR_NULL),
            ServerParam::Path(..)
                if server
                    .null_bitmap()
                    .get(at / 8)
                    .is_some_and(|b| b & (1 << (at % 8)) != 0) =>
            {
                INDICATOR_NULL
            }
            ServerParam::Path(..) => bulk_execute::INDICATOR_NONE,
        })
        .collect()
}

/// The types of rows bound in the server's order: for each parameter, the
/// type of the rows that send a value (all the same, else `None`), the
/// first row's where none does.
fn shared_types(rows: &[(&[u8], ExecuteParams<'_>)]) -> Option<Vec<u8>> {
    let mut types = rows.first()?.1.types.to_vec();
    for k in 0..types.len() / 2 {
        let mut sent = rows
            .iter()
            .filter(|(ind, _)| ind.get(k) == Some(&bulk_execute::INDICATOR_NONE))
            .map(|(_, p)| p.types.get(2 * k..2 * k + 2));
        if let Some(first) = sent.next() {
            if sent.any(|t| t != first) {
                return None;
            }
            types[2 * k..2 * k + 2].copy_from_slice(first?);
        }
    }
    Some(types)
}
