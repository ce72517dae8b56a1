//! What a job asks of the servers: the table's key, and the replicas'
//! lag it waits on.

use std::time::{Duration, Instant};

use anyhow::bail;

use mysql_async::prelude::Queryable;

use super::key::{self, IndexPart, WalkKey};
use super::throttle::{self, ReplicaState, Verdict};
use super::Job;
use crate::meta::schema::quote_ident;
use crate::meta::store::{self, ShardConn, ShardTarget};

/// The key the job walks the table by (see `key::choose`), or None when
/// the table is not on this shard.
pub(super) async fn walk_key(c: &mut ShardConn, job: &Job) -> anyhow::Result<Option<WalkKey>> {
    let q = crate::backend::query::quote;
    let exists: Option<u8> = c
        .conn
        .query_first(format!(
            "SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {}",
            q(&job.db),
            q(&job.table)
        ))
        .await?;
    if exists.is_none() {
        return Ok(None);
    }
    #[allow(clippy::type_complexity)]
    let rows: Vec<(String, u32, String, String, u8, String, Option<u64>)> = c
        .conn
        .query(format!(
            "SELECT s.INDEX_NAME, s.SEQ_IN_INDEX, s.COLUMN_NAME, LOWER(c.DATA_TYPE), s.NON_UNIQUE, c.IS_NULLABLE, s.SUB_PART \
             FROM information_schema.STATISTICS s \
             JOIN information_schema.COLUMNS c ON c.TABLE_SCHEMA = s.TABLE_SCHEMA \
             AND c.TABLE_NAME = s.TABLE_NAME AND c.COLUMN_NAME = s.COLUMN_NAME \
             WHERE s.TABLE_SCHEMA = {} AND s.TABLE_NAME = {} AND s.NON_UNIQUE = 0 \
             ORDER BY s.INDEX_NAME, s.SEQ_IN_INDEX",
            q(&job.db),
            q(&job.table)
        ))
        .await?;
    let parts: Vec<IndexPart> = rows
        .into_iter()
        .map(
            |(index, seq, column, data_type, non_unique, nullable, sub_part)| IndexPart {
                index,
                seq,
                column,
                data_type,
                non_unique: non_unique != 0,
                nullable: nullable.eq_ignore_ascii_case("YES"),
                sub_part,
            },
        )
        .collect();
    key::choose(&format!("{}.{}", job.db, job.table), &parts)
        .map(Some)
        .map_err(anyhow::Error::msg)
}

/// Columns the server sets on every UPDATE (`ON UPDATE CURRENT_TIMESTAMP`):
/// the job assigns each its own value, which keeps it, so a rewrite of the
/// stored form does not look like an application change (`updated_at`).
pub(super) async fn auto_updated_columns(
    c: &mut ShardConn,
    job: &Job,
) -> anyhow::Result<Vec<String>> {
    let q = crate::backend::query::quote;
    Ok(c
        .conn
        .query(format!(
            "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {} \
             AND LOWER(EXTRA) LIKE '%on update%' ORDER BY ORDINAL_POSITION",
            q(&job.db),
            q(&job.table)
        ))
        .await?)
}

/// What one watched replica reports (see `throttle::replica_state`).
pub(super) async fn replica_state(r: &ShardTarget) -> ReplicaState {
    let mut c = match r.connect().await {
        Ok(c) => c,
        Err(e) => return ReplicaState::Unreachable(e),
    };
    // SHOW REPLICA STATUS since MariaDB 10.5 / MySQL 8.0.22; SHOW SLAVE
    // STATUS before (and still, in MariaDB). Column names differ likewise.
    let rows: Vec<mysql_async::Row> = match c.conn.query("SHOW REPLICA STATUS").await {
        Ok(rows) => rows,
        Err(_) => match c.conn.query("SHOW SLAVE STATUS").await {
            Ok(rows) => rows,
            Err(e) => return ReplicaState::Unreadable(store::describe(&r.name, &e)),
        },
    };
    let _ = c.conn.disconnect().await;
    let text = |row: &mysql_async::Row, names: &[&str]| -> Option<String> {
        names.iter().find_map(|n| {
            row.get_opt::<Option<String>, _>(*n)
                .and_then(|v| v.ok())
                .flatten()
        })
    };
    let parsed: Vec<(String, String, Option<u64>, String)> = rows
        .iter()
        .map(|row| {
            (
                text(row, &["Slave_IO_Running", "Replica_IO_Running"]).unwrap_or_default(),
                text(row, &["Slave_SQL_Running", "Replica_SQL_Running"]).unwrap_or_default(),
                text(row, &["Seconds_Behind_Master", "Seconds_Behind_Source"])
                    .and_then(|v| v.parse().ok()),
                text(row, &["Last_Error"]).unwrap_or_default(),
            )
        })
        .collect();
    throttle::replica_state(&parsed)
}

/// Wait until every watched replica lets the job go on
/// (`Throttle::replica_verdict`): print why it pauses (again when the
/// reason changes, and every 30 s), fail on a replica that cannot
/// throttle, and after `--max-pause` seconds of pausing (when set).
pub(super) async fn wait_for_replicas(job: &Job, shard: &str) -> anyhow::Result<()> {
    if job.replicas.is_empty() {
        return Ok(());
    }
    let started = Instant::now();
    let mut said: Option<(String, Instant)> = None;
    loop {
        let mut waits = Vec::new();
        for r in &job.replicas {
            match job
                .throttle
                .replica_verdict(&r.name, &replica_state(r).await)
            {
                Verdict::Go => {}
                Verdict::Wait(why) => waits.push(why),
                Verdict::Fail(why) => bail!("{why}"),
            }
        }
        if waits.is_empty() {
            if said.is_some() {
                eprintln!(
                    "shard {shard}: replicas caught up after {:.0} s; going on",
                    started.elapsed().as_secs_f64()
                );
            }
            return Ok(());
        }
        let why = waits.join("; ");
        let max = job.args.max_pause;
        if max > 0 && started.elapsed() >= Duration::from_secs(max) {
            bail!(
                "paused {} s (--max-pause {max}): {why}. The checkpoint keeps the place; run again once replication is healthy",
                started.elapsed().as_secs()
            );
        }
        if said
            .as_ref()
            .is_none_or(|(w, at)| *w != why || at.elapsed() >= Duration::from_secs(30))
        {
            eprintln!("shard {shard}: pausing: {why}");
            said = Some((why, Instant::now()));
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// MIN and MAX of the key's first column when it is an integer (None when
/// it is not, or the table is empty): where a walk's progress and a
/// random sample's start points come from.
pub(super) async fn integer_bounds(
    c: &mut ShardConn,
    key: &WalkKey,
    table: &str,
) -> anyhow::Result<Option<(i128, i128)>> {
    if !key.first_is_integer() {
        return Ok(None);
    }
    let k = quote_ident(&key.columns[0].name);
    let bounds: Option<(Option<String>, Option<String>)> = c
        .conn
        .query_first(format!("SELECT MIN({k}), MAX({k}) FROM {table}"))
        .await?;
    let parse = |v: Option<String>| v.and_then(|s| s.parse::<i128>().ok());
    Ok(match bounds.map(|(a, b)| (parse(a), parse(b))) {
        Some((Some(lo), Some(hi))) => Some((lo, hi)),
        _ => None,
    })
}
