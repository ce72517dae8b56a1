//! Everything a session knows about prepared statements, in one table:
//! the ids its client sees, each statement's id on every shard it was
//! prepared on, which parameters and result columns are compressed, the
//! long data collected for them, and SQL-level `PREPARE ... FROM` names.
//! Pure bookkeeping: no I/O, unit-tested below.

use std::collections::BTreeSet;

use rustc_hash::FxHashMap;
use std::sync::Arc;

use bytes::Bytes;

use crate::protocol::command::LAST_STATEMENT;
use crate::router::KeyRule;
use crate::sql::temporary::{TableName, TempChange};
use crate::transform::result::ResultColumns;
use crate::transform::schema::SqlPrepared;
use crate::transform::write::ColumnHints;
use crate::transform::ColumnRule;

use super::thread_ids::{IdColumns, IdResults};

/// One prepared statement, by the id its client knows (squeeze's own on a
/// sharded session): everything squeeze needs to route, rewrite and relay
/// each of its executes, whatever kind of session prepared it.
#[derive(Debug, Default)]
pub(super) struct Stmt {
    /// Its text, kept on a sharded session to prepare it on another shard.
    pub text: Bytes,
    pub num_params: u16,
    /// Its id on each shard it was prepared on (sharded sessions).
    pub shard_ids: FxHashMap<usize, u32>,
    /// Key-routed by a parameter: the rule and the parameter's index.
    pub key_param: Option<(KeyRule, usize)>,
    /// Parameter types from the last execute that bound them (2 bytes
    /// each): later executes with the new-params-bound flag 0 use them.
    pub types: Option<Vec<u8>>,
    /// The compressed column each parameter is bound to, if any.
    pub param_rules: Vec<Option<Arc<ColumnRule>>>,
    /// Prepared on the server with one more parameter per declared path
    /// of a document parameter: the server's parameters. `num_params` is
    /// the client's count.
    pub layout: Option<Vec<crate::transform::params::ServerParam>>,
    /// The server's parameter count is not the one squeeze prepared for:
    /// its executes are refused rather than run with stale paths.
    pub layout_broken: bool,
    /// How its result columns carry compressed values (the analyzer's
    /// conclusion at prepare time).
    pub result_hints: ColumnHints,
    /// Long data collected for compressed parameters.
    pub long_data: std::collections::HashMap<u16, Vec<u8>>,
    /// Parameters sent as long data since the last execute: their values
    /// are absent from the next execute packet.
    pub long_data_sent: BTreeSet<u16>,
    /// The transformer of the cursor it opened, for FETCH.
    pub cursor: Option<ResultColumns>,
    /// A catalog query's columns, from the prepare response (executes may
    /// come without column definitions under metadata caching).
    pub catalog: Option<crate::session::relay::ResultCatalog>,
    /// For a statement that may name a compressed table: the temporary
    /// tables it was planned with, and what it does to them.
    pub temporary: Option<StmtTemporary>,
    /// Its results may carry the server's thread ids (known from its text
    /// at prepare time): they are shown by squeeze's session ids.
    pub thread_ids: Option<IdResults>,
    /// The thread-id columns of the cursor it opened, for FETCH.
    pub cursor_ids: Option<IdColumns>,
    /// Sent rewritten (`catalog_view`): how to describe its results.
    pub described: Option<crate::session::relay::Described>,
    /// The server's id of the statement as sent, prepared beside it: each
    /// execute runs it first for the result's description.
    pub probe: Option<u32>,
}

/// The temporary tables a prepared statement was planned with.
#[derive(Debug, Default, Clone)]
pub(super) struct StmtTemporary {
    /// The configured names a temporary table shadowed at prepare.
    pub at_prepare: Vec<TableName>,
    pub changes: Vec<TempChange>,
}

impl Stmt {
    pub fn is_compressed_param(&self, index: u16) -> bool {
        self.param_rules
            .get(index as usize)
            .is_some_and(Option::is_some)
    }
}

/// The text and key parameter of the COM_STMT_PREPARE in flight on a
/// sharded session.
pub(super) type PendingPrepare = (Bytes, Option<(KeyRule, usize)>);

/// What the COM_STMT_PREPARE in flight brings to its statement's record
/// once the server's OK names it. Built per command (`CommandCx`), so
/// nothing of a refused or failed prepare stays behind.
#[derive(Default)]
pub(super) struct Preparing {
    /// Its text, and its key parameter on a sharded session.
    pub text: Option<PendingPrepare>,
    /// Its parameter columns.
    pub params: Vec<Option<Arc<ColumnRule>>>,
    /// Its temporary tables.
    pub temporary: Option<StmtTemporary>,
    /// Whether its results may carry thread ids.
    pub thread_ids: Option<IdResults>,
    /// Sent rewritten (`catalog_view`): the column definitions the
    /// server's prepare of the statement as sent gave, and that probe's id.
    pub described: Option<(Vec<Vec<u8>>, u32)>,
}

#[derive(Default)]
pub(super) struct StatementTable {
    /// Every prepared statement, by the client's id.
    pub stmts: FxHashMap<u32, Stmt>,
    /// SQL-level prepared statements (`PREPARE s FROM '...'`) seen through
    /// squeeze: which `?` go to compressed columns.
    pub sql_prepared: SqlPrepared,
    /// SQL-level prepared statements prepared before the backend session's
    /// temporary tables last changed (lower-case names): an EXECUTE of
    /// one is refused until it is prepared again.
    pub stale_sql_prepared: std::collections::HashSet<String>,
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

    /// The statement the client calls `stmt`.
    pub fn get(&self, stmt: u32) -> Option<&Stmt> {
        self.stmts.get(&self.resolve(stmt))
    }

    pub fn get_mut(&mut self, stmt: u32) -> Option<&mut Stmt> {
        let id = self.resolve(stmt);
        self.stmts.get_mut(&id)
    }

    /// A prepare succeeded; the client knows it as `id`. Every session
    /// remembers it (its bound types are needed by routing as much as by
    /// compression), with what the prepare in flight brought and its
    /// result hints.
    pub fn register(
        &mut self,
        id: u32,
        num_params: u16,
        result_hints: ColumnHints,
        preparing: &mut Preparing,
    ) {
        let mut param_rules = std::mem::take(&mut preparing.params);
        let layout = crate::transform::params::server_layout(&param_rules);
        // The client was told its own count (see `relay_prepare`).
        let layout_broken = layout
            .as_ref()
            .is_some_and(|l| l.len() != num_params as usize);
        let num_params = match &layout {
            Some(l) => l
                .iter()
                .filter(|p| matches!(p, crate::transform::params::ServerParam::Client(_)))
                .count() as u16,
            None => num_params,
        };
        param_rules.resize(num_params as usize, None);
        self.last = id;
        let pending = preparing.text.take();
        let s = self.stmts.entry(id).or_default();
        if let Some((text, _)) = pending {
            s.text = text;
        }
        s.num_params = num_params;
        s.param_rules = param_rules;
        s.layout = layout;
        s.layout_broken = layout_broken;
        s.result_hints = result_hints;
        s.temporary = preparing.temporary.take();
        s.thread_ids = preparing.thread_ids.take();
    }

    /// The backend session's temporary tables changed: what squeeze learnt
    /// of SQL-level prepared statements no longer holds.
    pub fn temporary_changed(&mut self) {
        for (name, _) in self.sql_prepared.drain() {
            if self.stale_sql_prepared.len() < 4096 {
                self.stale_sql_prepared.insert(name);
            }
        }
    }

    /// A prepare succeeded on `shard` with the server's `backend_id`:
    /// returns squeeze's own id for the client (never 0, never -1).
    pub fn map_new(
        &mut self,
        shard: usize,
        backend_id: u32,
        num_params: u16,
        preparing: &mut Preparing,
    ) -> u32 {
        self.next_id = self.next_id.wrapping_add(1).max(1);
        if self.next_id == LAST_STATEMENT {
            self.next_id = 1;
        }
        let client_id = self.next_id;
        let (text, key_param) = preparing.text.take().unwrap_or_default();
        self.stmts.insert(
            client_id,
            Stmt {
                text,
                shard_ids: FxHashMap::from_iter([(shard, backend_id)]),
                key_param,
                num_params,
                ..Default::default()
            },
        );
        client_id
    }

    /// The id `shard`'s server gave the statement the client calls `stmt`.
    pub fn shard_id(&self, stmt: u32, shard: usize) -> Option<u32> {
        self.get(stmt)
            .and_then(|s| s.shard_ids.get(&shard))
            .copied()
    }

    /// COM_STMT_CLOSE: forget the statement.
    pub fn closed(&mut self, stmt: u32) -> Option<Stmt> {
        let id = self.resolve(stmt);
        self.stmts.remove(&id)
    }

    /// COM_STMT_RESET: drop its pending long data and open cursor.
    pub fn reset(&mut self, stmt: u32) {
        if let Some(s) = self.get_mut(stmt) {
            s.long_data.clear();
            s.long_data_sent.clear();
            s.cursor = None;
            s.cursor_ids = None;
        }
    }

    /// COM_RESET_CONNECTION: the server dropped its prepared statements
    /// (a sharded session keeps its ids: a reset on the current shard
    /// does not close the statement on the others).
    pub fn connection_reset(&mut self) {
        self.stmts.retain(|_, s| !s.shard_ids.is_empty());
        for s in self.stmts.values_mut() {
            s.types = None;
            s.param_rules.clear();
            s.layout = None;
            s.result_hints = ColumnHints::default();
            s.long_data.clear();
            s.long_data_sent.clear();
            s.cursor = None;
            s.cursor_ids = None;
        }
        self.sql_prepared.clear();
        self.stale_sql_prepared.clear();
    }

    /// COM_CHANGE_USER: every backend connection is new.
    pub fn user_changed(&mut self) {
        self.stmts.clear();
        self.sql_prepared.clear();
        self.stale_sql_prepared.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minus_one_names_the_statement_prepared_last() {
        let mut t = StatementTable::default();
        t.register(4, 0, Vec::new(), &mut Preparing::default());
        t.register(9, 0, Vec::new(), &mut Preparing::default());
        assert_eq!(t.resolve(LAST_STATEMENT), 9);
        assert_eq!(t.resolve(4), 4);
    }

    #[test]
    fn every_session_keeps_a_record_of_each_statement() {
        // No compressed column anywhere: the record is still kept, so a
        // re-execute without types can be read (routing needs them too).
        let mut t = StatementTable::default();
        t.register(1, 2, Vec::new(), &mut Preparing::default());
        assert_eq!(t.stmts[&1].num_params, 2);
        assert_eq!(t.stmts[&1].param_rules.len(), 2);
    }

    #[test]
    fn a_sharded_statement_is_known_by_squeezes_id_and_each_shards_own() {
        let mut t = StatementTable::default();
        let mut preparing = Preparing {
            text: Some((Bytes::from_static(b"SELECT ?"), None)),
            ..Default::default()
        };
        let a = t.map_new(3, 77, 1, &mut preparing);
        t.register(a, 1, Vec::new(), &mut preparing);
        let b = t.map_new(3, 78, 0, &mut Preparing::default());
        assert_ne!(a, b);
        assert_eq!(t.shard_id(a, 3), Some(77));
        assert_eq!(t.shard_id(a, 4), None);
        assert_eq!(&t.stmts[&a].text[..], b"SELECT ?");
        assert_eq!(t.stmts[&a].num_params, 1);
        assert!(preparing.text.is_none());
        t.stmts.get_mut(&a).unwrap().shard_ids.insert(4, 5);
        assert_eq!(t.shard_id(a, 4), Some(5));
    }

    #[test]
    fn squeezes_ids_skip_zero_and_minus_one_when_they_wrap() {
        let mut t = StatementTable {
            next_id: LAST_STATEMENT - 1,
            ..Default::default()
        };
        assert_eq!(t.map_new(0, 1, 0, &mut Preparing::default()), 1);
        assert_eq!(t.map_new(0, 2, 0, &mut Preparing::default()), 2);
    }

    #[test]
    fn reset_keeps_the_statement_and_close_forgets_it() {
        let mut t = StatementTable::default();
        t.register(5, 1, Vec::new(), &mut Preparing::default());
        let s = t.stmts.get_mut(&5).unwrap();
        s.long_data.insert(0, b"x".to_vec());
        s.long_data_sent.insert(0);
        s.types = Some(vec![3, 0]);
        t.reset(LAST_STATEMENT);
        assert!(t.stmts[&5].long_data.is_empty() && t.stmts[&5].long_data_sent.is_empty());
        assert_eq!(t.stmts[&5].types.as_deref(), Some(&[3, 0][..]));
        assert!(t.closed(5).is_some());
        assert!(t.stmts.is_empty());
    }

    #[test]
    fn a_connection_reset_keeps_shard_ids_and_a_user_change_drops_them() {
        let mut t = StatementTable::default();
        let id = t.map_new(0, 1, 0, &mut Preparing::default());
        t.register(id, 0, Vec::new(), &mut Preparing::default());
        t.register(900, 0, Vec::new(), &mut Preparing::default());
        t.connection_reset();
        assert!(!t.stmts.contains_key(&900));
        assert!(t.stmts.contains_key(&id));
        t.user_changed();
        assert!(t.stmts.is_empty());
    }
}
