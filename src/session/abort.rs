//! Ending a response early: a row squeeze cannot present (a stored value
//! that does not decode, the memory budget) gets an ERR naming the
//! column, and the rest of the backend's response is read and dropped so
//! the connection stays usable.

use crate::error::{ErrorCode, SqlError};
use crate::interrupt::Reason;
use crate::metrics::{ErrorSource, ProtocolErrorKind};
use crate::protocol::capabilities::MARIADB_CLIENT_CACHE_METADATA;
use crate::protocol::lenenc::Reader;
use crate::protocol::response;
use crate::transform::result::RowError;

use super::command_cx::CommandCx;
use super::failure::{Counted, Loud, SessionError};
use super::relay::RelayError;
use super::Session;

impl Session {
    /// A row could not be presented: end the statement with an ERR naming
    /// the column (never send wrong bytes), and discard the rest of the
    /// backend's response so the connection stays usable.
    pub(super) async fn row_failed(
        &mut self,
        cx: &mut CommandCx,
        e: RowError,
    ) -> Result<(), RelayError> {
        let failure = match &e {
            // Nobody to tell.
            RowError::Interrupted(Reason::ClientGone) => return Err(RelayError::Client),
            // The ERRs MariaDB sends for the same (checked against 10.11).
            RowError::Interrupted(why) => SessionError::new(
                ErrorSource::Client,
                match why {
                    Reason::Timeout => SqlError::new(
                        ErrorCode::StatementTimeout,
                        "Query execution was interrupted (max_statement_time exceeded)",
                    ),
                    _ => SqlError::new(
                        ErrorCode::QueryInterrupted,
                        "Query execution was interrupted",
                    ),
                },
            )
            .logged(Loud::Info, "statement interrupted while squeeze evaluated its rows")
            .cause(e.reason_label()),
            RowError::OverBudget(b) => SessionError::protocol(
                ErrorSource::Client,
                ProtocolErrorKind::OverBudget,
                SqlError::over_budget("to inflate and buffer a row of this result", b),
            )
            .logged(Loud::Warn, "result refused: memory budget exhausted")
            .cause(b),
            RowError::Decode { column, key, error } => SessionError::new(
                ErrorSource::Backend,
                SqlError::new(ErrorCode::Unknown, format!(
                    "squeeze: the stored value of column `{column}`{} cannot be decoded: {error}. The value is corrupt or was written with a dictionary this proxy does not have; inspect it with `squeeze inspect`",
                    key.as_ref().map(|k| format!(" in the row with primary key {k}")).unwrap_or_default()
                )),
            )
            .counted(Counted::Decode {
                column: column.clone(),
                reason: e.reason_label(),
            })
            .logged(Loud::Warn, "stored value failed to decode")
            .column(column)
            .cause(e.reason_label()),
            RowError::Malformed(p) => SessionError::new(
                ErrorSource::Backend,
                SqlError::new(
                    ErrorCode::Unknown,
                    format!("squeeze: malformed result row from the backend: {p}"),
                ),
            )
            .counted(Counted::Decode {
                column: "?".to_string(),
                reason: e.reason_label(),
            })
            .logged(Loud::Warn, "stored value failed to decode")
            .column("?")
            .cause(e.reason_label()),
            // Squeeze declining to compute a value is a refusal (1235).
            RowError::Json {
                column,
                call,
                key,
                detail,
            } => SessionError::new(
                ErrorSource::Internal,
                SqlError::new(ErrorCode::NotSupportedYet, format!(
                    "squeeze: column `{column}` is stored compressed by squeeze, which evaluates `{call}` itself, and cannot for the row{}: {detail}. Read the column and evaluate in the application",
                    key.as_ref().map(|k| format!(" with primary key {k}")).unwrap_or_default()
                )),
            )
            .counted(Counted::Decode {
                column: column.clone(),
                reason: e.reason_label(),
            })
            .logged(
                Loud::Info,
                "row refused: a JSON function squeeze evaluates could not be computed exactly",
            )
            .column(column)
            .cause(e.reason_label()),
        };
        // The statement ends with the ERR (never wrong bytes); the session
        // goes on once the rest of the response is read.
        let _ = self.fail(failure);
        cx.ended.ok = false;
        self.discard_rest_after_err().await
    }

    /// The server ended the rows of a statement whose WHERE squeeze partly
    /// evaluates (`transform::filter`) with warnings: they may come from
    /// rows squeeze dropped, or from the rest of the statement evaluated
    /// where MariaDB would have stopped at the condition, so the count the
    /// client would see is not MariaDB's. The result ends with an ERR
    /// instead of the terminator, and any further results are dropped.
    pub(super) async fn filtered_warnings(
        &mut self,
        cx: &mut CommandCx,
        status: u16,
        warnings: u16,
        column: &str,
        condition: &str,
    ) -> Result<(), RelayError> {
        let failure = SessionError::new(
            ErrorSource::Internal,
            SqlError::new(ErrorCode::NotSupportedYet, format!(
                "squeeze: column `{column}` is stored compressed by squeeze, which evaluates `{condition}` itself on the rows the server sends, and the server raised {warnings} warning(s) producing them: MariaDB on an uncompressed copy would have evaluated the rest of the statement on fewer rows, so squeeze cannot tell its warnings. Read SHOW WARNINGS, or select the column and filter in the application"
            )),
        )
        .counted(Counted::Decode {
            column: column.to_string(),
            reason: "json_eval",
        })
        .logged(
            Loud::Info,
            "result refused: the server warned on a statement whose rows squeeze filters",
        )
        .column(column)
        .cause("json_eval");
        let _ = self.fail(failure);
        cx.ended.ok = false;
        if response::more_results(status) {
            return match self.discard_results().await {
                Err(RelayError::OverBudget(_)) => Err(RelayError::Client),
                other => other,
            };
        }
        Ok(())
    }

    /// `discard_rest` once the client has its ERR: if the rest cannot be
    /// read within the memory budget either, the session ends there (a
    /// second ERR would break the client's protocol state).
    pub(super) async fn discard_rest_after_err(&mut self) -> Result<(), RelayError> {
        match self.discard_rest().await {
            Err(RelayError::OverBudget(_)) => Err(RelayError::Client),
            other => other,
        }
    }

    /// Read and drop the remainder of the current response.
    async fn discard_rest(&mut self) -> Result<(), RelayError> {
        let backend = self.shards.conn()?;
        // Finish the current row stream.
        loop {
            let p = backend.conn.read_packet().await?;
            if response::is_err(&p.payload) {
                return Ok(());
            }
            if response::is_eof(&p.payload) {
                let status = response::terminator_status(&p.payload).unwrap_or(0);
                if !response::more_results(status) {
                    return Ok(());
                }
                break;
            }
        }
        self.discard_results().await
    }

    /// Read and drop the result sets that follow one fully read.
    async fn discard_results(&mut self) -> Result<(), RelayError> {
        let deprecate_eof = self.deprecate_eof();
        let cache_metadata = self.info.ext_capabilities & MARIADB_CLIENT_CACHE_METADATA != 0;
        let backend = self.shards.conn()?;
        // Further result sets: header, definitions, EOF, rows.
        loop {
            let p = backend.conn.read_packet().await?;
            match p.first_byte() {
                Some(response::ERR_HEADER) => return Ok(()),
                Some(response::OK_HEADER) => {
                    let status = response::OkInfo::parse(&p.payload)
                        .map(|o| o.status)
                        .unwrap_or(0);
                    if !response::more_results(status) {
                        return Ok(());
                    }
                }
                _ => {
                    let n = column_defs_following(&p.payload, cache_metadata).unwrap_or(0);
                    for _ in 0..n {
                        backend.conn.read_packet().await?;
                    }
                    if !deprecate_eof {
                        backend.conn.read_packet().await?;
                    }
                    loop {
                        let r = backend.conn.read_packet().await?;
                        if response::is_err(&r.payload) {
                            return Ok(());
                        }
                        if response::is_eof(&r.payload) {
                            if !response::more_results(
                                response::terminator_status(&r.payload).unwrap_or(0),
                            ) {
                                return Ok(());
                            }
                            break;
                        }
                    }
                }
            }
        }
    }
}

/// Column definitions after a column-count packet. With metadata caching
/// the count is followed by a "metadata follows" byte (MariaDB 10.6+).
pub(super) fn column_defs_following(
    payload: &[u8],
    cache_metadata: bool,
) -> Result<usize, crate::protocol::ProtocolError> {
    let mut r = Reader::new(payload);
    let count = usize::try_from(r.lenenc_int()?)
        .map_err(|_| crate::protocol::ProtocolError::Malformed("column count"))?;
    if cache_metadata && r.u8()? == 0 {
        return Ok(0);
    }
    Ok(count)
}
