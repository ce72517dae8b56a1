//! The admin view's JSON documents, built from the running context: what
//! `/sessions`, `/backends`, `/columns`, `/dictionaries` and `/config`
//! return. Reads in-memory state only (no I/O), so every document is a
//! consistent-enough snapshot taken without blocking sessions for long.
//!
//! Nothing here carries statement text, values or passwords: a session
//! shows its command (`query`, `stmt_execute`, ...), never the SQL.

use serde_json::{json, Value};

use crate::config::Config;
use crate::context::ProxyContext;
use crate::metrics::{adopt, METRICS};
use crate::protocol::command::Command;

/// `/sessions`: one object per authenticated client session.
pub fn sessions(ctx: &ProxyContext) -> Value {
    let list: Vec<Value> = ctx
        .sessions
        .snapshot()
        .into_iter()
        .map(|(id, e)| {
            let live = &e.live;
            let (bytes_in, bytes_out) = live.bytes.get();
            let command = live.command();
            let backends: Vec<Value> = e
                .backends
                .iter()
                .map(|(shard, thread)| {
                    json!({
                        "shard": shard_name(ctx, *shard),
                        "thread_id": thread,
                    })
                })
                .collect();
            json!({
                "id": id,
                "user": e.user,
                "client": live.client.to_string(),
                "schema": live.schema(),
                "backends": backends,
                "state": if command.is_some() { "command" } else { "idle" },
                "command": command.map(|c| Command::from_byte(c).map_or("unknown", Command::label)),
                "time_in_state_ms": live.ms_in_state(),
                "connected_ms": live.age_ms(),
                "bytes_from_client": bytes_in,
                "bytes_to_client": bytes_out,
                "tls": live.tls,
                "compressed": live.compressed,
            })
        })
        .collect();
    json!({ "sessions": list })
}

fn shard_name(ctx: &ProxyContext, shard: usize) -> String {
    ctx.shards
        .get(shard)
        .map_or_else(|| shard.to_string(), |s| s.name.clone())
}

/// `/backends`: per shard, health and connection counts. `idle` are
/// backend connections held by sessions that wait for their client;
/// `waiting` are sessions queued for a free slot (`max_connections`).
pub fn backends(ctx: &ProxyContext) -> Value {
    let health = ctx.health.report();
    let sessions = ctx.sessions.snapshot();
    let list: Vec<Value> = ctx
        .shards
        .iter()
        .enumerate()
        .map(|(i, target)| {
            let h = health.iter().find(|h| h.name == target.name);
            let idle = sessions
                .iter()
                .filter(|(_, e)| e.live.command().is_none())
                .flat_map(|(_, e)| e.backends.iter())
                .filter(|(shard, _)| *shard == i)
                .count();
            json!({
                "shard": target.name,
                "address": target.address,
                "up": h.is_some_and(|h| h.up),
                "last_error": h.and_then(|h| h.error.clone()),
                "connections_open": METRICS
                    .backend_connections_active
                    .with_label_values(&[&target.name])
                    .get(),
                "connections_idle": idle,
                "sessions_waiting": METRICS
                    .backend_slot_waiters
                    .with_label_values(&[&target.name])
                    .get(),
                "slots_free": target.slots.as_ref().map(|s| s.available_permits()),
                "in_server": in_server_json(&target.name),
            })
        })
        .collect();
    json!({ "backends": list })
}

/// A shard's in-server function, as `/backends` shows it.
fn in_server_json(shard: &str) -> Value {
    let s = crate::in_server::state(shard);
    json!({ "state": s.label(), "detail": s.describe() })
}

/// `/columns`: each configured compressed column with its counters. The
/// `ratio` is raw/stored bytes since start (null before the first
/// compressed write); `recent_ratio` is drift's window (null until one
/// window of writes is complete).
pub fn columns(ctx: &ProxyContext) -> Value {
    let registry = &ctx.rules.registry;
    let list: Vec<Value> = ctx
        .rules
        .all()
        .map(|rule| {
            let m = &rule.metrics;
            let dict_id = rule.encoder.dict_id();
            let (raw, stored) = (m.raw_bytes.get(), m.stored_bytes.get());
            let recent = adopt()
                .write_ratio
                .with_label_values(&[&rule.label, &dict_id.to_string()])
                .get();
            json!({
                "column": rule.label,
                "codec": rule.encoder.codec().name(),
                "level": rule.encoder.level(),
                "dictionary": (dict_id != 0).then(|| json!({
                    "id": dict_id,
                    "name": registry.get(dict_id).map(|d| d.name.clone()),
                })),
                "ratio": (stored > 0).then(|| raw as f64 / stored as f64),
                "recent_ratio": (recent > 0.0).then_some(recent),
                "raw_bytes": raw,
                "stored_bytes": stored,
                "values_written": m.compressed.get() + m.left_small.get() + m.left_incompressible.get(),
                "values_compressed": m.compressed.get(),
                "values_read": m.inflated.get() + m.legacy_read.get(),
                "refusals": m.refused.get(),
            })
        })
        .collect();
    json!({ "columns": list })
}

/// `/dictionaries`: every dictionary squeeze can decode or write with
/// (the directory's and every id learned from the metadata store), where
/// it came from, its pinned sha256 and which columns write with it.
pub fn dictionaries(ctx: &ProxyContext) -> Value {
    let registry = &ctx.rules.registry;
    let mut all = registry.dictionaries();
    all.extend(
        crate::codec::registry::stored_all()
            .into_iter()
            .filter(|d| registry.entries().iter().all(|e| e.id != d.id)),
    );
    all.sort_by_key(|d| d.id);
    all.dedup_by_key(|d| d.id);
    let list: Vec<Value> = all
        .iter()
        .map(|d| {
            let entry = registry.entries().iter().find(|e| e.id == d.id);
            let used_by: Vec<&str> = ctx
                .rules
                .all()
                .filter(|r| r.encoder.dict_id() == d.id)
                .map(|r| r.label.as_str())
                .collect();
            json!({
                "id": d.id,
                "name": d.name,
                "codec": d.codec.name(),
                "source": if entry.is_some() { "directory" } else { "metadata store" },
                "trained_from": entry.map(|e| e.source.clone()),
                "size_bytes": d.bytes().len(),
                "sha256": crate::codec::registry::pinned(d.id)
                    .unwrap_or_else(|| crate::codec::registry::sha256_hex(d.bytes())),
                "trained_ratio": crate::meta::trained::trained_ratio(&ctx.rules, d.id),
                "columns": used_by,
            })
        })
        .collect();
    json!({ "dictionaries": list })
}

/// `/config`: the file as loaded (secrets redacted) and what the process
/// runs with after command-line flags (shards, users, columns), which a
/// quick start without a file only has.
pub fn config(cfg: &Config) -> Value {
    let backends: Vec<Value> = cfg
        .backends()
        .iter()
        .map(|(name, b)| json!({ "shard": name, "address": b.address, "tls": snake_case(&format!("{:?}", b.tls)) }))
        .collect();
    json!({
        "file": cfg.admin.loaded_file.as_ref().map(super::redact::redacted),
        "running": {
            "listen": cfg.proxy.listen.to_string(),
            "admin_listen": cfg.admin.listen.map(|a| a.to_string()),
            "admin_token": cfg.admin.token.is_some() || cfg.admin.token_env.is_some(),
            "backends": backends,
            "users": cfg.users.iter().map(|u| u.name.clone()).collect::<Vec<_>>(),
            "columns": cfg.columns.iter().map(|c| format!("{}.{}.{}", c.schema, c.table, c.column)).collect::<Vec<_>>(),
            "dictionaries_dir": cfg.codec.dictionaries_dir.display().to_string(),
            "log_level": cfg.log.level,
        },
    })
}

/// `VerifyIdentity` -> `verify_identity`: a config enum's Debug name as the
/// file spells it.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_config_view_spells_enums_as_the_file_does() {
        assert_eq!(snake_case("VerifyIdentity"), "verify_identity");
        assert_eq!(snake_case("Disabled"), "disabled");
    }
}
