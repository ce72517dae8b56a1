//! Where a job stands on a shard, stored in the metadata schema and
//! committed with each batch, so an interrupted job resumes there.
//!
//! The last key is kept losslessly whatever the key (`key::encode`: typed
//! values, bytes in hex) in `last_key_parts`; `last_key` still holds it
//! when the key is one integer, as older squeezes wrote and read it.

use std::sync::atomic::Ordering;

use anyhow::anyhow;
use mysql_async::prelude::Queryable;
use mysql_async::Value;

use super::key::{self, WalkKey};
use super::progress::Progress;
use super::value::Mode;
use super::Job;
use crate::meta::schema::{checkpoint_upgrade, quote_ident};
use crate::meta::store::{self, ShardConn};

#[derive(Debug, Default, Clone)]
pub(super) struct Checkpoint {
    pub(super) last_key: Option<Vec<Value>>,
    pub(super) rows: u64,
    pub(super) bytes_before: u64,
    pub(super) bytes_after: u64,
    pub(super) finished: bool,
}

/// Where the job stands on this shard: its checkpoint (a fresh one with
/// `--restart`), in the metadata schema it creates (or upgrades) if needed.
pub(super) async fn open_checkpoint(
    c: &mut ShardConn,
    job: &Job,
    key: &WalkKey,
    p: &Progress,
) -> anyhow::Result<Checkpoint> {
    store::ensure_schema(c, &job.meta).await.map_err(|e| {
        anyhow!(
            "the checkpoint needs the metadata schema: {}",
            store::describe(&c.name, &e)
        )
    })?;
    upgrade(c, &job.meta).await?;
    forget_other_jobs(c, job).await?;
    let ck = if job.args.restart {
        Checkpoint::default()
    } else {
        read_checkpoint(c, job, key).await?
    };
    p.resumed_rows.store(ck.rows, Ordering::Relaxed);
    Ok(ck)
}

/// Deletes the checkpoints the other jobs keep on this column: this job
/// rewrites the rows they walked (a `restore` undoes a finished
/// `backfill`), so a later run of them must walk again from the start,
/// not resume past rows that are no longer as they left them.
async fn forget_other_jobs(c: &mut ShardConn, job: &Job) -> anyhow::Result<()> {
    if !job.extracts.is_empty() {
        // backfill --extract leaves the documents as they are.
        return Ok(());
    }
    let others: Vec<String> = [Mode::Backfill, Mode::Compact, Mode::Restore]
        .into_iter()
        .filter(|m| *m != job.mode)
        .map(|m| job.key_for(m))
        .collect();
    c.conn
        .exec_drop(
            format!(
                "DELETE FROM {}.checkpoint WHERE job IN (?, ?)",
                quote_ident(&job.meta)
            ),
            (&others[0], &others[1]),
        )
        .await
        .map_err(|e| {
            anyhow!(
                "cannot reset the other jobs' checkpoints on {}.{}.{}: {}",
                job.db,
                job.table,
                job.column,
                store::describe(&c.name, &e)
            )
        })
}

/// Adds `last_key_parts` to a checkpoint table created by an older squeeze.
async fn upgrade(c: &mut ShardConn, meta: &str) -> anyhow::Result<()> {
    let q = crate::backend::query::quote;
    let has: Option<u8> = c
        .conn
        .query_first(format!(
            "SELECT 1 FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = {} AND TABLE_NAME = 'checkpoint' AND COLUMN_NAME = 'last_key_parts'",
            q(meta)
        ))
        .await?;
    if has.is_none() {
        c.conn
            .query_drop(checkpoint_upgrade(meta))
            .await
            .map_err(|e| {
                anyhow!(
                    "{meta}.checkpoint predates keys other than one integer and needs a new column: {}; \
                     grant the job's account ALTER ON {meta}.* or run `{}` as an administrator",
                    store::describe(&c.name, &e),
                    checkpoint_upgrade(meta)
                )
            })?;
    }
    Ok(())
}

pub(super) async fn read_checkpoint(
    c: &mut ShardConn,
    job: &Job,
    key: &WalkKey,
) -> anyhow::Result<Checkpoint> {
    #[allow(clippy::type_complexity)]
    // Types wide enough for any value the columns hold (a hand-edited
    // `finished = -1` must not fail the row conversion, which panics).
    let row: Option<(Option<i64>, Option<String>, u64, u64, u64, i64)> = c
        .conn
        .exec_first(
            format!(
                "SELECT last_key, last_key_parts, rows_done, bytes_before, bytes_after, finished FROM {}.checkpoint WHERE job = ?",
                quote_ident(&job.meta)
            ),
            (job.key(),),
        )
        .await?;
    let Some(r) = row else {
        return Ok(Checkpoint::default());
    };
    let last_key = key::decode(key, r.1.as_deref(), r.0).map_err(|e| {
        anyhow!(
            "{}.{} checkpoint {:?} in {}.checkpoint: {e}",
            job.db,
            job.table,
            job.key(),
            job.meta
        )
    })?;
    Ok(Checkpoint {
        last_key,
        rows: r.2,
        bytes_before: r.3,
        bytes_after: r.4,
        finished: r.5 != 0,
    })
}

pub(super) async fn write_checkpoint(
    c: &mut ShardConn,
    job: &Job,
    key: &WalkKey,
    ck: &Checkpoint,
) -> mysql_async::Result<()> {
    let legacy = match ck.last_key.as_deref() {
        Some([Value::Int(i)]) => Some(*i),
        _ => None,
    };
    let parts = ck.last_key.as_deref().map(|k| key::encode(key, k));
    c.conn
        .exec_drop(
            format!(
                "REPLACE INTO {}.checkpoint (job, last_key, last_key_parts, rows_done, bytes_before, bytes_after, finished, updated) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                quote_ident(&job.meta)
            ),
            (
                job.key(),
                legacy,
                parts,
                ck.rows,
                ck.bytes_before,
                ck.bytes_after,
                ck.finished as u8,
                crate::codec::registry::now_rfc3339(),
            ),
        )
        .await
}
