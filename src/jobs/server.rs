//! What a job asks of the servers: the table's key, and the replicas'
//! lag it waits on.

use std::time::Duration;

use anyhow::bail;
use mysql_async::prelude::Queryable;

use super::Job;
use crate::meta::store::ShardConn;

/// The table's single integer primary-key column, or why there is none
/// (None: the table is not on this shard).
pub(super) async fn primary_key(c: &mut ShardConn, job: &Job) -> anyhow::Result<Option<String>> {
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
    let pk: Vec<(String, String)> = c
        .conn
        .query(format!(
            "SELECT k.COLUMN_NAME, c.DATA_TYPE FROM information_schema.KEY_COLUMN_USAGE k \
             JOIN information_schema.COLUMNS c ON c.TABLE_SCHEMA = k.TABLE_SCHEMA \
             AND c.TABLE_NAME = k.TABLE_NAME AND c.COLUMN_NAME = k.COLUMN_NAME \
             WHERE k.CONSTRAINT_NAME = 'PRIMARY' AND k.TABLE_SCHEMA = {} AND k.TABLE_NAME = {}",
            q(&job.db),
            q(&job.table)
        ))
        .await?;
    match pk.as_slice() {
        [(name, ty)] if crate::cli::sample_plan::is_integer_type(ty) => Ok(Some(name.clone())),
        _ => {
            bail!(
            "{}.{} needs a single-column integer primary key to be walked in batches (it has {})",
            job.db,
            job.table,
            if pk.is_empty() {
                "none".to_string()
            } else {
                pk.iter().map(|(n, t)| format!("{n} {t}")).collect::<Vec<_>>().join(", ")
            }
        )
        }
    }
}

/// The largest Seconds_Behind_Master of the watched replicas (None: none
/// is replicating).
pub(super) async fn replica_lag(job: &Job) -> anyhow::Result<Option<u64>> {
    let mut worst = None;
    for r in &job.replicas {
        let mut c = r.connect().await.map_err(anyhow::Error::msg)?;
        let rows: Vec<mysql_async::Row> = match c.conn.query("SHOW REPLICA STATUS").await {
            Ok(rows) => rows,
            Err(_) => c.conn.query("SHOW SLAVE STATUS").await?,
        };
        for row in rows {
            let lag: Option<u64> = row
                .get_opt::<Option<u64>, _>("Seconds_Behind_Master")
                .and_then(|v| v.ok())
                .flatten();
            worst = worst.max(lag);
        }
        let _ = c.conn.disconnect().await;
    }
    Ok(worst)
}

/// Wait while a replica lags more than `--max-lag`.
pub(super) async fn wait_for_replicas(job: &Job, shard: &str) -> anyhow::Result<()> {
    let mut waited = false;
    while job.throttle.lag_too_high(replica_lag(job).await?) {
        if !waited {
            eprintln!(
                "shard {shard}: replica lag above {} s; pausing",
                job.args.max_lag
            );
            waited = true;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    Ok(())
}
