//! Shard selection for a session's commands: schema routing (the current
//! database, `USE`, COM_INIT_DB, qualified `db.table` names) and key
//! routing (a shard-key literal or `?` in the statement). A statement that
//! would need two shards is refused with an error naming them.

use crate::error::{ErrorCode, SqlError};
use crate::protocol::command::ClientCommand;
use crate::protocol::execute::{ExecuteParams, ParamValue, PrepareOk};
use crate::router::{KeyRule, KeyValue, RouteError};
use crate::sql::route::{key_pins, tables, KeyPins};
use crate::sql::statement::Query;
use crate::sql::StatementKind;

use super::Session;

/// Where a statement goes.
#[derive(Debug, Clone)]
pub(super) enum Route {
    Shard(usize),
    /// Decided at execute time by this parameter.
    KeyParam(KeyRule, usize, usize),
}

fn cross_shard(shards: &[&str], why: &str) -> SqlError {
    SqlError::new(ErrorCode::NotSupportedYet, format!("squeeze: this statement would need shards {} ({why}); squeeze runs each statement on exactly one shard: split it per shard", shards.join(" and ")),
    )
}

impl Session {
    /// The shard the session's current database lives on.
    pub(super) fn home_shard(&self) -> usize {
        match &self.tracked.database {
            Some(db) => self
                .ctx
                .router
                .shard_for_db(&String::from_utf8_lossy(db), self.shards.current())
                .unwrap_or(self.shards.current()),
            None => self.ctx.router.default_shard,
        }
    }

    /// Route a query text (COM_QUERY or COM_STMT_PREPARE).
    pub(super) fn route_text(
        &self,
        query: &Query<'_>,
        allow_placeholders: bool,
    ) -> Result<Route, SqlError> {
        let text = query.text;
        let router = &self.ctx.router;
        let current_db = self.tracked.current_db().map(|d| d.into_owned());
        let mut chosen = Chosen {
            router,
            shard: None,
        };
        let mut key_param: Option<(KeyRule, usize)> = None;
        let db_shard = |db: &str| {
            router
                .shard_for_db(db, self.shards.current())
                .map_err(|RouteError::UnknownDatabase(d)| SqlError::unknown_database(&d))
        };
        for st in query.non_empty() {
            if let StatementKind::Use(db) = &st.kind {
                chosen.pick(db_shard(db)?, format!("USE {db}"))?;
                continue;
            }
            for (db, table) in tables(text, st) {
                if let Some(db) = &db {
                    if router.has_schema_rules() {
                        chosen.pick(db_shard(db)?, format!("database {db}"))?;
                    }
                }
                let Some(db_name) = db.map(|d| d.to_string()).or_else(|| current_db.clone()) else {
                    continue;
                };
                let Some(rule) = router.key_rule(&db_name, table) else {
                    continue;
                };
                match key_pins(text, st, table, &rule.column) {
                    KeyPins::NotReferenced => {}
                    KeyPins::Values(values) => {
                        for v in values {
                            let shard = key_shard(rule, table, &v)?;
                            let why = format!(
                                "{table}.{} = {}",
                                rule.column,
                                String::from_utf8_lossy(&v)
                            );
                            chosen.pick(shard, why)?;
                        }
                    }
                    KeyPins::Placeholder(i) if allow_placeholders => {
                        key_param = Some((rule.clone(), i))
                    }
                    KeyPins::Placeholder(_) | KeyPins::Unpinned => {
                        return Err(unpinned(&db_name, table, rule));
                    }
                }
            }
        }
        if let Some((rule, idx)) = key_param {
            if chosen.shard.is_none() {
                return Ok(Route::KeyParam(rule, idx, self.home_shard()));
            }
        }
        // Statements naming no shard stay with an open transaction.
        let in_transaction = self.tracked.in_transaction() && self.shards.is_connected();
        let fallback = if in_transaction {
            self.shards.current()
        } else {
            self.home_shard()
        };
        let target = chosen.shard.map(|(s, _)| s).unwrap_or(fallback);
        self.check_transaction(target)?;
        Ok(Route::Shard(target))
    }

    /// The first statement of a transaction opened with a bare BEGIN needs
    /// another shard: end the empty transaction here and open it there.
    pub(super) async fn move_empty_transaction(&mut self, target: usize) -> Result<(), SqlError> {
        let Some(begin) = self.tracked.txn_begin.take() else {
            return Ok(());
        };
        if target == self.shards.current() {
            return Ok(());
        }
        if let Some(b) = self.shards.current_conn() {
            let _ =
                crate::backend::query::simple_query(&mut b.conn, b.capabilities, "ROLLBACK").await;
        }
        self.switch_shard(target);
        self.ensure_backend().await?;
        let b = self.shards.conn()?;
        crate::backend::query::simple_query(
            &mut b.conn,
            b.capabilities,
            &String::from_utf8_lossy(&begin),
        )
        .await
        .map_err(|e| {
            shard_failure(
                &self.ctx.shards[target].name,
                "opening the transaction",
                &e.to_string(),
            )
        })?;
        Ok(())
    }

    /// A transaction stays on the shard it started on.
    pub(super) fn check_transaction(&self, target: usize) -> Result<(), SqlError> {
        // A transaction that has only run BEGIN can still move (see
        // `move_empty_transaction`).
        if target != self.shards.current()
            && self.tracked.in_transaction()
            && self.shards.is_connected()
            && self.tracked.txn_begin.is_none()
        {
            let r = &self.ctx.router;
            return Err(SqlError::new(ErrorCode::NotSupportedYet, format!(
                    "squeeze: a transaction is open on shard {} and this statement needs shard {}; COMMIT or ROLLBACK first (transactions cannot span shards)",
                    r.shard_name(self.shards.current()),
                    r.shard_name(target)
                ),
            ));
        }
        Ok(())
    }
}

impl Session {
    pub(super) fn sharded(&self) -> bool {
        self.ctx.router.is_sharded()
    }

    /// The payload as the current shard's connection must see it: squeeze's
    /// statement ids replaced by that shard's own.
    pub(super) fn backend_payload<'a>(&self, payload: &'a [u8]) -> std::borrow::Cow<'a, [u8]> {
        if !self.sharded() {
            return std::borrow::Cow::Borrowed(payload);
        }
        let Ok(command) = ClientCommand::decode(payload) else {
            return std::borrow::Cow::Borrowed(payload);
        };
        let Some(stmt) = command.statement() else {
            return std::borrow::Cow::Borrowed(payload);
        };
        match self.statements.shard_id(stmt, self.shards.current()) {
            Some(id) => std::borrow::Cow::Owned(command.with_statement(id).encode()),
            None => std::borrow::Cow::Borrowed(payload),
        }
    }

    /// Before a statement command: move to the shard it must run on, and
    /// prepare it there first if needed. `Err` is the ERR for the client.
    /// `key_shard`: the shard a COM_STMT_EXECUTE's bound key maps to.
    pub(super) async fn place_statement(
        &mut self,
        stmt: u32,
        key_shard: Option<usize>,
    ) -> Result<(), SqlError> {
        if !self.sharded() {
            return Ok(());
        }
        let client_id = self.statements.resolve(stmt);
        let Some(s) = self.statements.stmts.get(&client_id) else {
            return Ok(()); // unknown id: the backend reports it
        };
        let target = if let Some(shard) = key_shard {
            shard
        } else if s.shard_ids.contains_key(&self.shards.current()) {
            self.shards.current()
        } else {
            // Prepared on at least one shard (`StatementTable::map_new`).
            match s.shard_ids.keys().next() {
                Some(&s) => s,
                None => return Ok(()),
            }
        };
        self.check_transaction(target)?;
        self.switch_shard(target);
        let Some(s) = self.statements.stmts.get(&client_id) else {
            return Ok(());
        };
        if s.shard_ids.contains_key(&target) {
            return Ok(());
        }
        let prep = ClientCommand::Prepare(&s.text).encode();
        // First use on this shard: prepare it here, quietly.
        self.ensure_backend().await?;
        let backend = self.shards.conn()?;
        let deprecate_eof =
            backend.capabilities & crate::protocol::capabilities::CLIENT_DEPRECATE_EOF != 0;
        let id = prepare_quietly(&mut backend.conn, &prep, deprecate_eof)
            .await
            .map_err(|e| {
                shard_failure(&self.ctx.shards[target].name, "preparing the statement", &e)
            })?;
        if let Some(s) = self.statements.stmts.get_mut(&client_id) {
            s.shard_ids.insert(target, id);
        }
        Ok(())
    }

    /// COM_STMT_CLOSE on every shard the statement was prepared on.
    pub(super) async fn close_everywhere(&mut self, stmt: u32) {
        let Some(stmt) = self.statements.closed(stmt) else {
            return;
        };
        for (shard, id) in stmt.shard_ids {
            if let Some(b) = self.shards.conn_to(shard) {
                b.conn.begin_command();
                b.conn.write_packet(&ClientCommand::Close(id).encode());
                let _ = b.conn.flush().await;
            }
        }
    }
}

/// The shard a statement's parts agree on so far, and why.
struct Chosen<'r> {
    router: &'r crate::router::Router,
    shard: Option<(usize, String)>,
}

impl Chosen<'_> {
    /// One part of the statement needs `shard` (for the reason `why`): an
    /// error naming both shards when an earlier part needs another.
    fn pick(&mut self, shard: usize, why: String) -> Result<(), SqlError> {
        match &self.shard {
            Some((s, w)) if *s != shard => Err(cross_shard(
                &[self.router.shard_name(*s), self.router.shard_name(shard)],
                &format!("{w}; {why}"),
            )),
            Some(_) => Ok(()),
            None => {
                self.shard = Some((shard, why));
                Ok(())
            }
        }
    }
}

/// The shard a key literal `v` of `table` maps to under `rule`.
fn key_shard(rule: &KeyRule, table: &str, v: &[u8]) -> Result<usize, SqlError> {
    rule.shard_for(&KeyValue::from_literal(v)).ok_or_else(|| {
        SqlError::new(ErrorCode::NotSupportedYet, format!(
            "squeeze: the shard key `{table}`.`{}` value {} maps to no shard under the configured {:?} rule",
            rule.column, String::from_utf8_lossy(v), rule.function
        ))
    })
}

/// A key-routed table the statement does not pin to one key value.
fn unpinned(db: &str, table: &str, rule: &KeyRule) -> SqlError {
    SqlError::new(ErrorCode::NotSupportedYet, format!(
        "squeeze: `{db}`.`{table}` is spread over shards by `{}`; this statement must pin it with `{} = <value>` (or `IN (...)` of values on one shard) so squeeze can pick a shard",
        rule.column, rule.column
    ))
}

/// An internal step squeeze runs on a shard failed.
fn shard_failure(shard: &str, what: &str, why: &str) -> SqlError {
    SqlError::new(
        ErrorCode::Unknown,
        format!("squeeze: {what} on shard {shard} failed: {why}"),
    )
}

/// Send a COM_STMT_PREPARE and consume the whole response; returns the id.
async fn prepare_quietly(
    conn: &mut crate::net::PacketConn,
    payload: &[u8],
    deprecate_eof: bool,
) -> Result<u32, String> {
    use crate::protocol::response;
    conn.begin_command();
    conn.write_packet(payload);
    conn.flush().await.map_err(|e| e.to_string())?;
    let ok = conn.read_packet().await.map_err(|e| e.to_string())?;
    if response::is_err(&ok.payload) {
        let e = response::ErrPacket::parse(&ok.payload).map_err(|e| e.to_string())?;
        return Err(format!("{} {}", e.code, e.message));
    }
    let ok = PrepareOk::parse(&ok.payload).map_err(|e| e.to_string())?;
    for count in [ok.params, ok.columns] {
        if count > 0 {
            for _ in 0..count {
                conn.read_packet().await.map_err(|e| e.to_string())?;
            }
            if !deprecate_eof {
                conn.read_packet().await.map_err(|e| e.to_string())?;
            }
        }
    }
    Ok(ok.stmt)
}

/// The shard a key-routed statement's execute goes to: where `rule` maps
/// the value bound to parameter `index`; `None` when it is NULL, sent as
/// long data, absent, or maps to no shard.
pub(super) fn shard_for_param(
    params: &ExecuteParams<'_>,
    rule: &KeyRule,
    index: usize,
    long_data: impl Fn(usize) -> bool,
) -> Option<usize> {
    let value = match params.value(index, long_data)? {
        ParamValue::Int(n) => KeyValue::Int(n),
        ParamValue::Bytes(b) => KeyValue::from_literal(b),
        ParamValue::Null | ParamValue::LongData | ParamValue::Other(_) => return None,
    };
    rule.shard_for(&value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::coldef::{TYPE_LONGLONG, TYPE_VAR_STRING};
    use crate::protocol::lenenc::put_lenenc_bytes;
    use crate::router::{KeyFunction, NamePattern};

    fn rule() -> KeyRule {
        KeyRule {
            schema: NamePattern::parse("app").unwrap(),
            table: "t".into(),
            column: "id".into(),
            function: KeyFunction::Modulo,
            shards: vec![0, 1],
        }
    }

    /// Parameters `(doc, id)` of `INSERT INTO t (doc, id) VALUES (?, ?)`.
    fn params(bound: bool, doc: &[u8], id: i64) -> Vec<u8> {
        let mut p = vec![0, bound as u8];
        if bound {
            p.extend_from_slice(&[TYPE_VAR_STRING, 0, TYPE_LONGLONG, 0]);
        }
        put_lenenc_bytes(&mut p, doc);
        p.extend_from_slice(&id.to_le_bytes());
        p
    }

    #[test]
    fn an_execute_is_routed_by_the_value_of_its_key_parameter() {
        let p = params(true, b"{}", 7);
        let x = ExecuteParams::parse(&p, 2, None).unwrap();
        assert_eq!(shard_for_param(&x, &rule(), 1, |_| false), Some(1));
        let p = params(true, b"{\"a\":1}", 10);
        let x = ExecuteParams::parse(&p, 2, None).unwrap();
        assert_eq!(shard_for_param(&x, &rule(), 1, |_| false), Some(0));
    }

    #[test]
    fn a_reexecute_without_types_routes_as_the_first_execute() {
        let first = params(true, b"x", 7);
        let types = ExecuteParams::parse(&first, 2, None)
            .unwrap()
            .types
            .to_vec();
        let again = params(false, b"yy", 9);
        let x = ExecuteParams::parse(&again, 2, Some(&types)).unwrap();
        assert_eq!(shard_for_param(&x, &rule(), 1, |_| false), Some(1));
        let again = params(false, b"yy", 8);
        let x = ExecuteParams::parse(&again, 2, Some(&types)).unwrap();
        assert_eq!(shard_for_param(&x, &rule(), 1, |_| false), Some(0));
    }

    #[test]
    fn a_key_bound_as_a_string_routes_like_the_integer() {
        let mut p = vec![0, 1, TYPE_VAR_STRING, 0];
        put_lenenc_bytes(&mut p, b"7");
        let x = ExecuteParams::parse(&p, 1, None).unwrap();
        assert_eq!(shard_for_param(&x, &rule(), 0, |_| false), Some(1));
    }

    #[test]
    fn a_null_or_long_data_key_maps_to_no_shard() {
        let mut p = vec![0b10, 1, TYPE_VAR_STRING, 0, TYPE_LONGLONG, 0];
        put_lenenc_bytes(&mut p, b"x");
        let x = ExecuteParams::parse(&p, 2, None).unwrap();
        assert_eq!(shard_for_param(&x, &rule(), 1, |_| false), None);
        // The document went as long data: the key still follows it.
        let mut p = vec![0, 1, TYPE_VAR_STRING, 0, TYPE_LONGLONG, 0];
        p.extend_from_slice(&3i64.to_le_bytes());
        let x = ExecuteParams::parse(&p, 2, None).unwrap();
        assert_eq!(shard_for_param(&x, &rule(), 1, |i| i == 0), Some(1));
        assert_eq!(shard_for_param(&x, &rule(), 0, |i| i == 0), None);
    }
}
