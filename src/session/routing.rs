//! Shard selection for a session's commands: schema routing (the current
//! database, `USE`, COM_INIT_DB, qualified `db.table` names) and key
//! routing (a shard-key literal or `?` in the statement). A statement that
//! would need two shards is refused with an error naming them.

use crate::error::{ErrorCode, SqlError};
use crate::protocol::coldef::{binary_layout, BinaryLayout};
use crate::protocol::command::ClientCommand;
use crate::protocol::lenenc::Reader;
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
            for (db, table) in tables(text, &st.tokens) {
                if let Some(db) = &db {
                    if router.has_schema_rules() {
                        chosen.pick(db_shard(db)?, format!("database {db}"))?;
                    }
                }
                let Some(db_name) = db
                    .as_deref()
                    .map(str::to_string)
                    .or_else(|| current_db.clone())
                else {
                    continue;
                };
                let Some(rule) = router.key_rule(&db_name, &table) else {
                    continue;
                };
                match key_pins(text, &st.tokens, st.opts, &table, &rule.column) {
                    KeyPins::NotReferenced => {}
                    KeyPins::Values(values) => {
                        for v in values {
                            let shard = key_shard(rule, &table, &v)?;
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
                        return Err(unpinned(&db_name, &table, rule));
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

    /// Shard for an execute of a key-param statement, from the bound value
    /// (`params`: the execute's bytes after its iteration count).
    pub(super) fn shard_from_execute(
        &self,
        params: &[u8],
        stmt: &super::statements::ShardStatement,
        types: Option<&[u8]>,
    ) -> Option<usize> {
        let (rule, index) = stmt.key_param.as_ref()?;
        let n = stmt.num_params as usize;
        let mut r = Reader::new(params);
        let bitmap = r.take(n.div_ceil(8)).ok()?;
        // A key parameter the server does not count (it saw fewer `?`)
        // maps to no shard rather than past the bitmap.
        if bitmap.get(index / 8)? & (1 << (index % 8)) != 0 {
            return None;
        }
        let bound = r.u8().ok()?;
        let owned;
        let types = if bound == 1 {
            owned = r.take(2 * n).ok()?.to_vec();
            &owned[..]
        } else {
            types?
        };
        for i in 0..n {
            if bitmap[i / 8] & (1 << (i % 8)) != 0 {
                continue;
            }
            let (ty, unsigned) = (*types.get(2 * i)?, types.get(2 * i + 1)? & 0x80 != 0);
            let value: Option<KeyValue> = match binary_layout(ty) {
                BinaryLayout::Fixed(k) => {
                    let b = r.take(k).ok()?;
                    let v = match (k, unsigned) {
                        (1, false) => b[0] as i8 as i128,
                        (1, true) => b[0] as i128,
                        (2, false) => i16::from_le_bytes([b[0], b[1]]) as i128,
                        (2, true) => u16::from_le_bytes([b[0], b[1]]) as i128,
                        (4, false) => i32::from_le_bytes(b.try_into().ok()?) as i128,
                        (4, true) => u32::from_le_bytes(b.try_into().ok()?) as i128,
                        (8, false) => i64::from_le_bytes(b.try_into().ok()?) as i128,
                        (8, true) => u64::from_le_bytes(b.try_into().ok()?) as i128,
                        _ => 0,
                    };
                    Some(KeyValue::Int(v))
                }
                BinaryLayout::LengthByte => {
                    let k = r.u8().ok()? as usize;
                    r.skip(k).ok()?;
                    None
                }
                BinaryLayout::LenencString => Some(KeyValue::from_literal(r.lenenc_bytes().ok()?)),
                BinaryLayout::Nothing => None,
            };
            if i == *index {
                return rule.shard_for(&value?);
            }
        }
        None
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
    /// `execute_params`: the parameter bytes of a COM_STMT_EXECUTE (its
    /// shard may follow from a bound key).
    pub(super) async fn place_statement(
        &mut self,
        stmt: u32,
        execute_params: Option<&[u8]>,
    ) -> Result<(), SqlError> {
        if !self.sharded() {
            return Ok(());
        }
        let client_id = self.statements.resolve(stmt);
        let Some(stmt) = self.statements.sharded.get(&client_id).cloned() else {
            return Ok(()); // unknown id: the backend reports it
        };
        let key_params = execute_params.filter(|_| stmt.key_param.is_some());
        let target = if let Some(params) = key_params {
            let types = self
                .statements
                .compressed
                .get(&client_id)
                .and_then(|p| p.types.clone());
            self.shard_from_execute(params, &stmt, types.as_deref()).ok_or_else(|| {
                SqlError::new(ErrorCode::NotSupportedYet, "squeeze: the shard-key parameter of this statement is NULL or cannot be mapped to a shard")
            })?
        } else if stmt.ids.contains_key(&self.shards.current()) {
            self.shards.current()
        } else {
            // Prepared on at least one shard (`StatementTable::map_new`).
            match stmt.ids.keys().next() {
                Some(&s) => s,
                None => return Ok(()),
            }
        };
        self.check_transaction(target)?;
        self.switch_shard(target);
        if stmt.ids.contains_key(&target) {
            return Ok(());
        }
        // First use on this shard: prepare it here, quietly.
        self.ensure_backend().await?;
        let backend = self.shards.conn()?;
        let prep = ClientCommand::Prepare(&stmt.text).encode();
        let deprecate_eof =
            backend.capabilities & crate::protocol::capabilities::CLIENT_DEPRECATE_EOF != 0;
        let id = prepare_quietly(&mut backend.conn, &prep, deprecate_eof)
            .await
            .map_err(|e| {
                shard_failure(&self.ctx.shards[target].name, "preparing the statement", &e)
            })?;
        if let Some(s) = self.statements.sharded.get_mut(&client_id) {
            s.ids.insert(target, id);
        }
        Ok(())
    }

    /// COM_STMT_CLOSE on every shard the statement was prepared on.
    pub(super) async fn close_everywhere(&mut self, stmt: u32) {
        let client_id = self.statements.resolve(stmt);
        let Some(stmt) = self.statements.sharded.remove(&client_id) else {
            return;
        };
        for (shard, id) in stmt.ids {
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
    let mut r = Reader::new(&ok.payload);
    let parsed = (|| {
        r.u8()?;
        Ok::<_, crate::protocol::ProtocolError>((r.u32()?, r.u16()?, r.u16()?))
    })();
    let (id, cols, params) = parsed.map_err(|e| e.to_string())?;
    for count in [params, cols] {
        if count > 0 {
            for _ in 0..count {
                conn.read_packet().await.map_err(|e| e.to_string())?;
            }
            if !deprecate_eof {
                conn.read_packet().await.map_err(|e| e.to_string())?;
            }
        }
    }
    Ok(id)
}
