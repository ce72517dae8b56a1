//! Where a job stands on a shard, stored in the metadata schema and
//! committed with each batch, so an interrupted job resumes there.

use std::sync::atomic::Ordering;

use anyhow::anyhow;
use mysql_async::prelude::Queryable;

use super::progress::Progress;
use super::Job;
use crate::meta::schema::quote_ident;
use crate::meta::store::{self, ShardConn};

#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Checkpoint {
    pub(super) last_key: Option<i64>,
    pub(super) rows: u64,
    pub(super) bytes_before: u64,
    pub(super) bytes_after: u64,
    pub(super) finished: bool,
}

/// Where the job stands on this shard: its checkpoint (a fresh one with
/// `--restart`), in the metadata schema it creates if needed.
pub(super) async fn open_checkpoint(
    c: &mut ShardConn,
    job: &Job,
    p: &Progress,
) -> anyhow::Result<Checkpoint> {
    store::ensure_schema(c, &job.meta).await.map_err(|e| {
        anyhow!(
            "the checkpoint needs the metadata schema: {}",
            store::describe(&c.name, &e)
        )
    })?;
    let ck = if job.args.restart {
        Checkpoint::default()
    } else {
        read_checkpoint(c, job).await?
    };
    p.resumed_rows.store(ck.rows, Ordering::Relaxed);
    Ok(ck)
}

pub(super) async fn read_checkpoint(c: &mut ShardConn, job: &Job) -> anyhow::Result<Checkpoint> {
    let row: Option<(Option<i64>, u64, u64, u64, u8)> = c
        .conn
        .exec_first(
            format!(
                "SELECT last_key, rows_done, bytes_before, bytes_after, finished FROM {}.checkpoint WHERE job = ?",
                quote_ident(&job.meta)
            ),
            (job.key(),),
        )
        .await?;
    Ok(row.map_or(Checkpoint::default(), |r| Checkpoint {
        last_key: r.0,
        rows: r.1,
        bytes_before: r.2,
        bytes_after: r.3,
        finished: r.4 != 0,
    }))
}

pub(super) async fn write_checkpoint(
    c: &mut ShardConn,
    job: &Job,
    ck: &Checkpoint,
) -> mysql_async::Result<()> {
    c.conn
        .exec_drop(
            format!(
                "REPLACE INTO {}.checkpoint (job, last_key, rows_done, bytes_before, bytes_after, finished, updated) \
                 VALUES (?, ?, ?, ?, ?, ?, ?)",
                quote_ident(&job.meta)
            ),
            (
                job.key(),
                ck.last_key,
                ck.rows,
                ck.bytes_before,
                ck.bytes_after,
                ck.finished as u8,
                crate::codec::registry::now_rfc3339(),
            ),
        )
        .await
}
