//! Everything a session knows about prepared statements, in one table:
//! the ids its client sees, each statement's id on every shard it was
//! prepared on, which parameters and result columns are compressed, the
//! long data collected for them, and SQL-level `PREPARE ... FROM` names.
//! Pure bookkeeping: no I/O, unit-tested below.

use std::collections::HashMap;
use std::sync::Arc;

use bytes::Bytes;

use crate::protocol::command::LAST_STATEMENT;
use crate::router::KeyRule;
use crate::transform::params::PreparedStatement;
use crate::transform::schema::SqlPrepared;
use crate::transform::write::ColumnHints;
use crate::transform::ColumnRule;

/// A prepared statement of a sharded session: its text and its id on each
/// shard it has been prepared on. Clients see squeeze's own ids.
#[derive(Debug, Clone)]
pub(super) struct ShardStatement {
    pub text: Bytes,
    pub ids: HashMap<usize, u32>,
    /// Key-routed by a parameter: the rule and the parameter's index.
    pub key_param: Option<(KeyRule, usize)>,
    pub num_params: u16,
}

/// The text and key parameter of the COM_STMT_PREPARE in flight on a
/// sharded session.
pub(super) type PendingPrepare = (Bytes, Option<(KeyRule, usize)>);

#[derive(Default)]
pub(super) struct StatementTable {
    /// Statements with compressed parameters or result columns, by the
    /// client's id.
    pub compressed: HashMap<u32, PreparedStatement>,
    /// Sharded sessions: statements by squeeze's client-facing id.
    pub sharded: HashMap<u32, ShardStatement>,
    /// SQL-level prepared statements (`PREPARE s FROM '...'`) seen through
    /// squeeze: which `?` go to compressed columns.
    pub sql_prepared: SqlPrepared,
    /// Parameter columns of the COM_STMT_PREPARE in flight.
    pub pending_params: Vec<Option<Arc<ColumnRule>>>,
    pub pending_prepare: Option<PendingPrepare>,
    /// The client's id of the statement prepared last (MariaDB's -1).
    last: u32,
    /// The last id squeeze handed out on a sharded session.
    next_id: u32,
}

impl StatementTable {
    /// The client's id for `stmt` as written in a command: MariaDB's -1
    /// names the statement prepared last.
    pub fn resolve(&self, stmt: u32) -> u32 {
        if stmt == LAST_STATEMENT {
            self.last
        } else {
            stmt
        }
    }

    /// A prepare succeeded; the client knows it as `id`. With compression
    /// on, remember its parameter columns (those of the prepare in flight)
    /// and result hints.
    pub fn register(
        &mut self,
        id: u32,
        num_params: u16,
        compression_on: bool,
        result_hints: ColumnHints,
    ) {
        let mut param_rules = std::mem::take(&mut self.pending_params);
        param_rules.resize(num_params as usize, None);
        self.last = id;
        if !compression_on {
            return;
        }
        self.compressed.insert(
            id,
            PreparedStatement {
                num_params,
                param_rules,
                result_hints,
                ..Default::default()
            },
        );
    }

    /// A prepare succeeded on `shard` with the server's `backend_id`:
    /// returns squeeze's own id for the client (never 0, never -1).
    pub fn map_new(&mut self, shard: usize, backend_id: u32, num_params: u16) -> u32 {
        self.next_id = self.next_id.wrapping_add(1).max(1);
        if self.next_id == LAST_STATEMENT {
            self.next_id = 1;
        }
        let client_id = self.next_id;
        let (text, key_param) = self.pending_prepare.take().unwrap_or_default();
        self.sharded.insert(
            client_id,
            ShardStatement {
                text,
                ids: HashMap::from([(shard, backend_id)]),
                key_param,
                num_params,
            },
        );
        client_id
    }

    /// The id `shard`'s server gave the statement the client calls `stmt`.
    pub fn shard_id(&self, stmt: u32, shard: usize) -> Option<u32> {
        self.sharded
            .get(&self.resolve(stmt))
            .and_then(|s| s.ids.get(&shard))
            .copied()
    }

    /// COM_STMT_CLOSE: forget the statement's compression state.
    pub fn closed(&mut self, stmt: u32) {
        let id = self.resolve(stmt);
        self.compressed.remove(&id);
    }

    /// COM_STMT_RESET: drop its pending long data and open cursor.
    pub fn reset(&mut self, stmt: u32) {
        let id = self.resolve(stmt);
        if let Some(s) = self.compressed.get_mut(&id) {
            s.long_data.clear();
            s.cursor = None;
        }
    }

    /// COM_RESET_CONNECTION: the server dropped its prepared statements.
    pub fn connection_reset(&mut self) {
        self.compressed.clear();
        self.sql_prepared.clear();
    }

    /// COM_CHANGE_USER: every backend connection is new.
    pub fn user_changed(&mut self) {
        self.connection_reset();
        self.sharded.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minus_one_names_the_statement_prepared_last() {
        let mut t = StatementTable::default();
        t.register(4, 0, false, Vec::new());
        t.register(9, 0, false, Vec::new());
        assert_eq!(t.resolve(LAST_STATEMENT), 9);
        assert_eq!(t.resolve(4), 4);
    }

    #[test]
    fn only_sessions_with_compression_keep_parameter_state() {
        let mut t = StatementTable::default();
        t.register(1, 2, false, Vec::new());
        assert!(t.compressed.is_empty());
        t.register(2, 2, true, Vec::new());
        assert_eq!(t.compressed[&2].param_rules.len(), 2);
        assert!(t.pending_params.is_empty());
    }

    #[test]
    fn a_sharded_statement_is_known_by_squeezes_id_and_each_shards_own() {
        let mut t = StatementTable {
            pending_prepare: Some((Bytes::from_static(b"SELECT ?"), None)),
            ..Default::default()
        };
        let a = t.map_new(3, 77, 1);
        let b = t.map_new(3, 78, 0);
        assert_ne!(a, b);
        assert_eq!(t.shard_id(a, 3), Some(77));
        assert_eq!(t.shard_id(a, 4), None);
        assert_eq!(&t.sharded[&a].text[..], b"SELECT ?");
        assert!(t.pending_prepare.is_none());
        t.sharded.get_mut(&a).unwrap().ids.insert(4, 5);
        assert_eq!(t.shard_id(a, 4), Some(5));
    }

    #[test]
    fn squeezes_ids_skip_zero_and_minus_one_when_they_wrap() {
        let mut t = StatementTable {
            next_id: LAST_STATEMENT - 1,
            ..Default::default()
        };
        assert_eq!(t.map_new(0, 1, 0), 1);
        assert_eq!(t.map_new(0, 2, 0), 2);
    }

    #[test]
    fn reset_keeps_the_statement_and_close_forgets_it() {
        let mut t = StatementTable::default();
        t.register(5, 1, true, Vec::new());
        t.compressed
            .get_mut(&5)
            .unwrap()
            .long_data
            .insert(0, b"x".to_vec());
        t.reset(LAST_STATEMENT);
        assert!(t.compressed[&5].long_data.is_empty());
        t.closed(5);
        assert!(t.compressed.is_empty());
    }

    #[test]
    fn a_connection_reset_keeps_shard_ids_and_a_user_change_drops_them() {
        let mut t = StatementTable::default();
        let id = t.map_new(0, 1, 0);
        t.register(id, 0, true, Vec::new());
        t.connection_reset();
        assert!(t.compressed.is_empty());
        assert!(t.sharded.contains_key(&id));
        t.user_changed();
        assert!(t.sharded.is_empty());
    }
}
