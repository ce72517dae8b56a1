//! One shard's walk: the key in batches, each changed row written with a
//! compare-and-set UPDATE in a transaction that also moves the checkpoint;
//! rows changed under the walk are read again.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mysql_async::prelude::Queryable;
use mysql_async::Value;

use super::checkpoint::{open_checkpoint, write_checkpoint, Checkpoint};
use super::key::{self, WalkKey};
use super::progress::{summary, Progress};
use super::server::{auto_updated_columns, integer_bounds, wait_for_replicas, walk_key};
use super::value::{self, Action};
use super::verify::{dry_run, verify};
use super::Job;
use crate::meta::schema::quote_ident;
use crate::meta::store::{self, ShardConn, ShardTarget};

/// One row as a batch reads it: its key values (as the server returned
/// them, so the next comparison is the server's own) and the column.
pub(super) type KeyedRow = (Vec<Value>, Option<Vec<u8>>);

pub(super) async fn run_shard(
    target: ShardTarget,
    job: Arc<Job>,
    p: Arc<Progress>,
) -> anyhow::Result<String> {
    let mut c = target.connect().await.map_err(anyhow::Error::msg)?;
    let Some(key) = walk_key(&mut c, &job).await? else {
        return Ok(format!(
            "{}.{} is not on this shard; nothing to do",
            job.db, job.table
        ));
    };
    key.refuse_rewriting_key(&format!("{}.{}", job.db, job.table), &job.column)
        .map_err(anyhow::Error::msg)?;
    if key.columns.iter().any(|c| c.data_type == "timestamp") {
        // TIMESTAMP values are shown in the session's time zone; in one
        // with daylight saving an hour repeats, and the key read back would
        // not compare as stored. UTC has no such hour.
        c.conn.query_drop("SET time_zone = '+00:00'").await?;
    }
    let keep = auto_updated_columns(&mut c, &job).await?;
    let t = format!("{}.{}", quote_ident(&job.db), quote_ident(&job.table));
    let sets: Vec<String> = if job.extracts.is_empty() {
        vec![quote_ident(&job.column)]
    } else {
        job.extracts
            .iter()
            .map(|e| quote_ident(&e.column))
            .collect()
    };
    let sql = RowStatements::new(&t, &key, &quote_ident(&job.column), &sets, &keep);
    if job.args.dry_run {
        return dry_run(&mut c, &job, &key, &sql).await;
    }
    let mut ck = open_checkpoint(&mut c, &job, &key, &p).await?;
    let resumed = ck.last_key.clone();
    let span = KeySpan::measure(&mut c, &job, &t, &key).await?;
    let mut walked_now = 0u64;
    while !ck.finished {
        if job.args.max_rows.is_some_and(|m| walked_now >= m) {
            break;
        }
        wait_for_flag_file(&job, &target.name).await;
        wait_for_replicas(&job, &target.name).await?;
        let started = Instant::now();
        let shard = Shard {
            conn: &mut c,
            name: &target.name,
            key: &key,
            sql: &sql,
        };
        let Some(walked) = walk_batch(shard, &job, &mut ck, &p).await? else {
            continue;
        };
        if ck.finished {
            break;
        }
        let last = ck.last_key.as_deref().unwrap_or_default();
        p.note_batch(walked, span.done(last, ck.rows));
        walked_now += walked;
        tokio::time::sleep(job.throttle.pause(walked, started.elapsed())).await;
    }
    let mut line = summary(&job, &key, &p, &ck, resumed.as_deref());
    if job.args.verify {
        line.push_str(&verify(&mut c, &job, &key, &sql).await?);
    }
    Ok(line)
}

/// Wait between batches while the operator's throttle flag file exists.
pub(super) async fn wait_for_flag_file(job: &Job, shard: &str) {
    let Some(flag) = &job.args.throttle_flag_file else {
        return;
    };
    if !flag.exists() {
        return;
    }
    let started = Instant::now();
    eprintln!("shard {shard}: paused while {} exists", flag.display());
    while flag.exists() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!(
        "shard {shard}: {} removed after {:.1} s; going on",
        flag.display(),
        started.elapsed().as_secs_f64()
    );
}

/// What one batch works on: a shard's connection, the key it walks and
/// the statements built for it.
struct Shard<'a> {
    conn: &'a mut ShardConn,
    name: &'a str,
    key: &'a WalkKey,
    sql: &'a RowStatements,
}

/// Read, plan and write one batch after the checkpoint, moving it on.
/// Returns the rows walked, or None when the batch lost a lock to the
/// application and rolled back whole (it is read again).
async fn walk_batch(
    s: Shard<'_>,
    job: &Job,
    ck: &mut Checkpoint,
    p: &Progress,
) -> anyhow::Result<Option<u64>> {
    let Shard {
        conn: c,
        name,
        key,
        sql,
    } = s;
    let rows = read_batch(c, key, sql, ck.last_key.as_deref(), job.args.batch).await?;
    let Some((last, _)) = rows.last() else {
        ck.finished = true;
        write_checkpoint(c, job, key, ck).await?;
        return Ok(Some(0));
    };
    // Encode before the transaction opens: at level 19 that is most of
    // a batch's time, and row locks held meanwhile would stall the
    // application's writes to the same rows.
    let writes = plan_batch(job, key, name, &rows, p);
    let mut next = ck.clone();
    next.last_key = Some(last.clone());
    next.rows += rows.len() as u64;
    let retry = match apply_batch(c, job, key, &sql.update, &writes, &mut next).await {
        Ok(retry) => retry,
        // The application's transactions won a lock: the batch rolled
        // back whole (checkpoint included); read it again.
        Err(e) if matches!(store::server_code(&e), Some(1213 | 1205)) => {
            let _ = c.conn.query_drop("ROLLBACK").await;
            eprintln!(
                "shard {name}: {} ; retrying the batch",
                store::describe(name, &e)
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
            return Ok(None);
        }
        Err(e) => return Err(e.into()),
    };
    for (i, (_, v, new)) in writes.iter().enumerate() {
        if !retry.contains(&i) {
            p.note_written(v.len(), set_len(new));
        }
    }
    *ck = next;
    // Rows changed between our read and our write: read them again and
    // try once more each (a writer through squeeze has usually compressed
    // them already).
    for i in retry {
        p.conflicts.fetch_add(1, Ordering::Relaxed);
        rewrite_changed_row(c, job, key, sql, name, writes[i].0, p, ck).await?;
    }
    Ok(Some(rows.len() as u64))
}

/// The next `limit` rows after `after` (from the start when None), in
/// key order.
pub(super) async fn read_batch(
    c: &mut ShardConn,
    key: &WalkKey,
    sql: &RowStatements,
    after: Option<&[Value]>,
    limit: u64,
) -> anyhow::Result<Vec<KeyedRow>> {
    let (stmt, mut params) = match after {
        Some(last) => (&sql.next, key.after_params(last)),
        None => (&sql.first, Vec::new()),
    };
    params.push(Value::UInt(limit));
    let rows: Vec<mysql_async::Row> = c.conn.exec(stmt, params).await?;
    Ok(rows.into_iter().map(split_row).collect())
}

/// A row of `SELECT k1, .., kn, col` as (key values, column bytes).
pub(super) fn split_row(row: mysql_async::Row) -> KeyedRow {
    let mut v = row.unwrap();
    let doc = match v.pop() {
        Some(Value::Bytes(b)) => Some(b),
        _ => None,
    };
    (v, doc)
}

/// How far through the table a key is, for the progress line: by the
/// first key column's range when it is an integer, else by rows against
/// the server's row estimate.
enum KeySpan {
    Integer(i128, i128),
    Rows(u64),
    Unknown,
}

impl KeySpan {
    async fn measure(
        c: &mut ShardConn,
        job: &Job,
        t: &str,
        key: &WalkKey,
    ) -> anyhow::Result<KeySpan> {
        if key.first_is_integer() {
            return Ok(match integer_bounds(c, key, t).await? {
                Some((lo, hi)) => KeySpan::Integer(lo, hi),
                None => KeySpan::Unknown,
            });
        }
        let est: Option<Option<u64>> = c
            .conn
            .query_first(format!(
                "SELECT TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {}",
                crate::backend::query::quote(&job.db),
                crate::backend::query::quote(&job.table)
            ))
            .await?;
        Ok(match est.flatten() {
            Some(n) if n > 0 => KeySpan::Rows(n),
            _ => KeySpan::Unknown,
        })
    }

    fn done(&self, last: &[Value], rows: u64) -> Option<f64> {
        match *self {
            KeySpan::Integer(lo, hi) => {
                let at = key::as_i128(last.first()?)?;
                Some(if hi > lo {
                    (at - lo) as f64 / (hi - lo) as f64
                } else {
                    1.0
                })
            }
            KeySpan::Rows(n) => Some((rows as f64 / n as f64).min(0.99)),
            KeySpan::Unknown => None,
        }
    }
}

/// The statements a job runs on each row.
pub(super) struct RowStatements {
    /// The first batch of keys and values.
    first: String,
    /// The next batch after a key (`WalkKey::after_params`, then the limit).
    next: String,
    /// Compare-and-set: the new value only if the old one is still there.
    update: String,
    /// One row's value again.
    reread: String,
    /// backfill --extract: one row's extracted columns (for --verify).
    pub(super) derived: Option<String>,
}

impl RowStatements {
    /// `t` and `col` quoted; `keep`: columns the UPDATE must leave as
    /// they are (`ON UPDATE CURRENT_TIMESTAMP`).
    /// `sets`: the columns the UPDATE writes (quoted), `col` itself but
    /// for backfill --extract.
    fn new(t: &str, key: &WalkKey, col: &str, sets: &[String], keep: &[String]) -> Self {
        let derived = (sets != [col.to_string()])
            .then(|| format!("SELECT {} FROM {t} WHERE {}", sets.join(", "), key.equals()));
        let sets: Vec<String> = sets.iter().map(|c| format!("{c} = ?")).collect();
        let sets = sets.join(", ");
        let (k, idx) = (key.list(), quote_ident(&key.index));
        let keep: String = keep
            .iter()
            .map(|c| format!(", {q} = {q}", q = quote_ident(c)))
            .collect();
        RowStatements {
            first: format!("SELECT {k}, {col} FROM {t} FORCE INDEX ({idx}) ORDER BY {k} LIMIT ?"),
            next: format!(
                "SELECT {k}, {col} FROM {t} FORCE INDEX ({idx}) WHERE {} ORDER BY {k} LIMIT ?",
                key.after()
            ),
            update: format!(
                "UPDATE {t} SET {sets}{keep} WHERE {} AND {col} = ?",
                key.equals()
            ),
            reread: format!("SELECT {col} FROM {t} WHERE {}", key.equals()),
            derived,
        }
    }
}

/// One row to write: its key, the bytes read, the bytes to store.
/// The new values are the SET list's: the column's new bytes, or (backfill
/// --extract) each extracted column's value.
type Write<'r> = (&'r [Value], &'r Vec<u8>, Vec<Value>);

/// The bytes a SET list writes (for progress).
fn set_len(set: &[Value]) -> usize {
    set.iter()
        .map(|v| match v {
            Value::Bytes(b) => b.len(),
            _ => 0,
        })
        .sum()
}

/// The new value of each row of a batch that needs one.
fn plan_batch<'r>(
    job: &Job,
    key: &WalkKey,
    shard: &str,
    rows: &'r [KeyedRow],
    p: &Progress,
) -> Vec<Write<'r>> {
    rows.iter()
        .filter_map(|(k, v)| {
            let v = v.as_ref()?;
            Some((k.as_slice(), v, plan_row(job, key, shard, k, v, p)?))
        })
        .collect()
}

/// Read a row that changed under the batch again and compare-and-set it,
/// up to five times while writers keep changing it.
#[allow(clippy::too_many_arguments)]
async fn rewrite_changed_row(
    c: &mut ShardConn,
    job: &Job,
    key: &WalkKey,
    sql: &RowStatements,
    shard: &str,
    k: &[Value],
    p: &Progress,
    ck: &mut Checkpoint,
) -> anyhow::Result<()> {
    for _attempt in 0..5 {
        let v: Option<Option<Vec<u8>>> = c.conn.exec_first(&sql.reread, k.to_vec()).await?;
        let Some(Some(v)) = v else { break };
        let Some(new) = plan_row(job, key, shard, k, &v, p) else {
            break;
        };
        let res = c
            .conn
            .exec_iter(&sql.update, cas_params(&new, k, &v))
            .await?;
        let hit = res.affected_rows() > 0;
        drop(res);
        if hit {
            count_write(p, ck, v.len(), set_len(&new));
            break;
        }
    }
    Ok(())
}

/// The compare-and-set's parameters: new value, the full key, old value.
fn cas_params(new: &[Value], k: &[Value], old: &[u8]) -> Vec<Value> {
    let mut v = Vec::with_capacity(k.len() + new.len() + 1);
    v.extend(new.iter().cloned());
    v.extend(k.iter().cloned());
    v.push(Value::Bytes(old.to_vec()));
    v
}

/// One batch's compare-and-set updates and its checkpoint, in one
/// transaction; returns the indexes (in `writes`) of the rows whose value
/// changed since they were read.
async fn apply_batch(
    c: &mut ShardConn,
    job: &Job,
    key: &WalkKey,
    update: &str,
    writes: &[Write<'_>],
    next: &mut Checkpoint,
) -> mysql_async::Result<Vec<usize>> {
    let mut retry = Vec::new();
    c.conn.query_drop("START TRANSACTION").await?;
    for (i, (k, v, new)) in writes.iter().enumerate() {
        let res = c.conn.exec_iter(update, cas_params(new, k, v)).await?;
        let hit = res.affected_rows() > 0;
        drop(res);
        if hit {
            next.bytes_before += v.len() as u64;
            next.bytes_after += set_len(new) as u64;
        } else {
            retry.push(i);
        }
    }
    write_checkpoint(c, job, key, next).await?;
    c.conn.query_drop("COMMIT").await?;
    Ok(retry)
}

fn count_write(p: &Progress, ck: &mut Checkpoint, before: usize, after: usize) {
    p.note_written(before, after);
    ck.bytes_before += before as u64;
    ck.bytes_after += after as u64;
}

/// The new bytes for one row, or None; an undecodable value is reported
/// (by its key, never the value itself) and left alone.
fn plan_row(
    job: &Job,
    key: &WalkKey,
    shard: &str,
    k: &[Value],
    v: &[u8],
    p: &Progress,
) -> Option<Vec<Value>> {
    let planned = if job.extracts.is_empty() {
        value::plan(job.mode, v, &job.encoder, &job.registry, job.max_len).map(|a| match a {
            Action::Write(new) => Some(vec![Value::Bytes(new)]),
            Action::Keep(_) => None,
        })
    } else {
        value::extracted(v, &job.extracts, &job.registry, job.max_len).map(Some)
    };
    match planned {
        Ok(Some(new)) => Some(new),
        Ok(None) => None,
        Err(e) => {
            p.errors.fetch_add(1, Ordering::Relaxed);
            eprintln!(
                "shard {shard}: {}.{}.{} row {}: {e}; left as it was",
                job.db,
                job.table,
                job.column,
                key.show(k)
            );
            None
        }
    }
}
