//! What a job asks of the servers: the table's key, and the replicas'
//! lag it waits on.

use std::time::Duration;

use mysql_async::prelude::Queryable;

use super::key::{self, IndexPart, WalkKey};
use super::Job;
use crate::meta::store::ShardConn;

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
