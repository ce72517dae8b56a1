//! A backend connection of squeeze's own for the metadata it must read
//! before a statement that reads what the previous statement left
//! (`FOUND_ROWS()`, `ROW_COUNT()`, `@@warning_count`, `@@error_count`), or
//! that leaves some of them for a later statement (an INSERT keeps
//! FOUND_ROWS): any query squeeze ran on the session's connection first
//! would replace those counts (the definition probe made `SELECT
//! FOUND_ROWS(), JSON_VALUE(doc,'$.a') FROM t` answer 0).
//!
//! The connection logs in as the session does (the same user, so the same
//! grants and catalog; or the shard's service account), replays the
//! session's SET statements (sql_mode, character set: the probe's answer
//! depends on them) and is closed once the statement is planned.

use crate::backend::query::simple_query;
use crate::backend::{BackendConn, BackendCredential};
use crate::error::{ErrorCode, SqlError};

use super::Session;

/// A lock the session holds (`LOCK TABLES ... WRITE`) would make the
/// connection's probe wait for the session itself: give up quickly.
const LOCK_WAIT_SECS: u32 = 2;

pub(super) struct Aside {
    shard: usize,
    conn: BackendConn,
}

/// Where squeeze's own metadata queries for the statement ahead may run.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) enum CountsAhead {
    /// The statement replaces every count: the session's connection.
    #[default]
    Replaced,
    /// The statement leaves some count for a later one to read (an INSERT
    /// keeps FOUND_ROWS): squeeze's own connection where the session's
    /// credential allows one, else the session's.
    Kept,
    /// The statement reads the previous statement's counts: squeeze's own
    /// connection, or the statement is refused.
    Read,
}

impl Session {
    /// The connection squeeze's own metadata queries run on: the
    /// session's, or, while a statement that reads or keeps the previous
    /// statement's counts is planned, a connection of squeeze's own.
    pub(super) async fn metadata_conn(&mut self) -> Result<&mut BackendConn, SqlError> {
        let shard = self.shards.current();
        if self.aside.as_ref().is_some_and(|a| a.shard != shard) {
            if let Some(mut a) = self.aside.take() {
                a.conn.quit().await;
            }
        }
        if self.aside.is_none() && self.counts_ahead != CountsAhead::Replaced {
            match self.open_aside().await {
                Ok(conn) => self.aside = Some(Aside { shard, conn }),
                Err(e) if self.counts_ahead == CountsAhead::Read => return Err(e),
                Err(e) => {
                    tracing::debug!(conn = self.id, error = %e.message, "metadata on the session's connection");
                    // Not tried again for this statement.
                    self.counts_ahead = CountsAhead::Replaced;
                }
            }
        }
        if self.aside.is_none() {
            self.ensure_backend().await?;
            return Ok(self.shards.conn()?);
        }
        match self.aside.as_mut() {
            Some(a) => Ok(&mut a.conn),
            None => Err(SqlError::internal("squeeze: no metadata connection")),
        }
    }

    /// Plan the statement ahead with squeeze's own metadata queries off
    /// the session's connection when it reads the previous statement's
    /// counts, or leaves them for a later statement (it does not begin
    /// with a SELECT).
    pub(super) fn keep_counts_for(&mut self, sql: &[u8]) {
        use crate::sql::diagnostics::{mentions_counts, replaces_counts};
        self.counts_ahead = if mentions_counts(sql) {
            CountsAhead::Read
        } else if replaces_counts(sql) {
            CountsAhead::Replaced
        } else {
            CountsAhead::Kept
        };
    }

    /// A command that runs nothing (COM_STMT_PREPARE) leaves every count
    /// for the next one.
    pub(super) fn keep_counts_across(&mut self) {
        self.counts_ahead = CountsAhead::Kept;
    }

    /// The statement is planned: close the connection of squeeze's own.
    pub(super) async fn close_aside(&mut self) {
        self.counts_ahead = CountsAhead::Replaced;
        if let Some(mut a) = self.aside.take() {
            a.conn.quit().await;
        }
    }

    async fn open_aside(&mut self) -> Result<BackendConn, SqlError> {
        let req = self.login_request();
        let target = &self.ctx.shards[self.shards.current()];
        let refuse = |why: &str| {
            SqlError::new(
                ErrorCode::NotSupportedYet,
                format!(
                    "squeeze: this statement reads the previous statement's counts (FOUND_ROWS(), ROW_COUNT(), warnings), and squeeze must first read table or result definitions from shard '{}', which it does on a connection of its own so as not to replace them; that connection failed: {why}. Run the statement without the count, or read the count in a statement of its own",
                    target.name
                ),
            )
        };
        if let BackendCredential::Unavailable(why) = &req.credential {
            return Err(refuse(why));
        }
        let mut b = crate::backend::connect(target, &req)
            .await
            .map_err(|e| refuse(&e.to_string()))?;
        let setup = self
            .shards
            .replay()
            .iter()
            .map(|s| String::from_utf8_lossy(s).into_owned())
            .chain(std::iter::once(format!(
                "SET SESSION lock_wait_timeout = {LOCK_WAIT_SECS}"
            )));
        for sql in setup {
            if let Err(e) = simple_query(&mut b.conn, b.capabilities, &sql).await {
                tracing::debug!(conn = self.id, error = %e, "metadata connection: a session SET failed");
            }
        }
        Ok(b)
    }
}
