//! Following the backend session's temporary tables (`sql::temporary`):
//! the changes of the statements the server answered with OK are applied
//! to the backend connection's set; what squeeze cannot tell is taken as
//! "not temporary" (see `TempTables::forget`).

use crate::error::{ErrorCode, SqlError};
use crate::sql::temporary::{TableName, TempChange};

use super::Session;

impl Session {
    /// Apply each statement's changes: those of statements the server
    /// answered with OK, `forget` those it may or may not have run.
    /// `results`: which statements the command's results (OKs and result
    /// sets) ended before it ended.
    pub(super) fn apply_temporary(
        &mut self,
        changes: &[Vec<TempChange>],
        results: &crate::sql::results::ResultCursor,
        all_ran: bool,
    ) {
        if changes.iter().all(Vec::is_empty) {
            return;
        }
        let mut changed = false;
        let rules = std::sync::Arc::clone(&self.ctx.rules);
        let Some(b) = self.shards.current_conn() else {
            return;
        };
        let keep = |n: &(String, String)| rules.table_has(&n.0, &n.1);
        for (k, cs) in changes.iter().enumerate() {
            let ran = if all_ran { Some(true) } else { results.ran(k) };
            let (ran, known) = (ran == Some(true), ran.is_some());
            for c in cs {
                let configured = c.touches(keep);
                if ran {
                    changed |= b.temporary.apply(c, keep) && configured;
                } else if !known {
                    changed |= b.temporary.forget(c, keep) && configured;
                }
            }
        }
        if changed {
            self.statements.temporary_changed();
        }
    }

    /// The configured tables a temporary table shadows on the current
    /// backend session, sorted.
    pub(super) fn shadowing(&self) -> Vec<TableName> {
        let rules = &self.ctx.rules;
        self.shards.current_ref().map_or_else(Vec::new, |b| {
            b.temporary.names_where(|n| rules.table_has(&n.0, &n.1))
        })
    }

    /// The statement `id` was prepared with other temporary tables than
    /// the backend session has now (the server re-prepares it against the
    /// tables the names now resolve to, so where its parameters go
    /// changed): the ERR to answer its execute with.
    pub(super) fn stale_prepared(&self, id: u32) -> Option<SqlError> {
        let s = self.statements.stmts.get(&id)?;
        let guard = s.temporary.as_ref()?;
        let same = self.shadowing() == guard.at_prepare;
        (!same).then(|| {
            SqlError::new(
                ErrorCode::NotSupportedYet,
                "squeeze: this statement was prepared before a temporary table that shadows a compressed table was created or dropped in this session, so squeeze cannot tell whether its values go to a compressed column: prepare it again",
            )
        })
    }
}
