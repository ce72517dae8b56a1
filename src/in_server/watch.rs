//! The proxy's look at each shard's in-server library: at start and every
//! `codec.dictionary_poll_secs`, on squeeze's own connection (never a
//! client's: nothing here is visible in a session), one statement per
//! shard ([`super::PROBE_SQL`]) judged against the dictionaries squeeze
//! knows.
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use mysql_async::prelude::Queryable;

use super::{judge, set_state, State, NO_SUCH_FUNCTION, PROBE_SQL};
use crate::codec::DictionaryRegistry;
use crate::meta::store::{self, ShardConn, ShardTarget};

/// id → sha256 of every dictionary `registry` can give (its directory's
/// and those loaded from the store).
pub fn expected(registry: &DictionaryRegistry) -> BTreeMap<u32, String> {
    let mut out = BTreeMap::new();
    for e in registry.entries() {
        if let Some(d) = registry.get(e.id) {
            out.insert(e.id, crate::meta::schema::sha256_hex(d.bytes()));
        }
    }
    for d in crate::codec::registry::stored_all() {
        out.entry(d.id)
            .or_insert_with(|| crate::meta::schema::sha256_hex(d.bytes()));
    }
    out
}

/// [`PROBE_SQL`]'s row: version, dictionaries, two NULL checks.
type ProbeRow = (Option<Vec<u8>>, Option<Vec<u8>>, Option<i64>, Option<i64>);

/// Asks one shard (within its connect timeout).
pub async fn probe(c: &mut ShardConn, expected: &BTreeMap<u32, String>) -> State {
    let row: Result<Option<ProbeRow>, _> = c.conn.query_first(PROBE_SQL).await;
    match row {
        Ok(Some((Some(version), Some(listing), _, _))) => judge(
            &String::from_utf8_lossy(&version),
            &String::from_utf8_lossy(&listing),
            expected,
        ),
        Ok(_) => State::Incomplete("the functions answered NULL".into()),
        Err(e) if store::server_code(&e) == Some(NO_SUCH_FUNCTION) => {
            State::Absent(store::describe(&c.name, &e))
        }
        // ER_PROCACCESS_DENIED_ERROR: EXECUTE on squeeze_fn not granted.
        Err(e) if store::server_code(&e) == Some(1370) => State::Incomplete(format!(
            "{} (GRANT EXECUTE ON {}.* TO PUBLIC)",
            store::describe(&c.name, &e),
            super::FUNCTION_SCHEMA
        )),
        Err(e) => State::Unreachable(store::describe(&c.name, &e)),
    }
}

/// Probes every target once, recording each state.
pub async fn probe_all(targets: &[ShardTarget], expected: &BTreeMap<u32, String>) {
    let states = futures::future::join_all(targets.iter().map(|t| async move {
        let state = match t.connect().await {
            Ok(mut c) => {
                let s = tokio::time::timeout(
                    t.connect_timeout.max(Duration::from_secs(2)),
                    probe(&mut c, expected),
                )
                .await
                .unwrap_or_else(|_| State::Unreachable("the probe did not answer in time".into()));
                let _ = c.conn.disconnect().await;
                s
            }
            Err(e) => State::Unreachable(e),
        };
        (t.name.clone(), state)
    }))
    .await;
    for (name, state) in states {
        set_state(&name, state);
    }
}

/// The watcher: probes at once, then every `every`.
pub async fn run(
    targets: Vec<ShardTarget>,
    registry: Arc<dyn Fn() -> BTreeMap<u32, String> + Send + Sync>,
    every: Duration,
) {
    loop {
        probe_all(&targets, &registry()).await;
        tokio::time::sleep(every).await;
    }
}
