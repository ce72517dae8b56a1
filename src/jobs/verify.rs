//! Read-only passes over a job's table: `--verify` after the walk and
//! `--dry-run` instead of it.

use std::time::Instant;

use anyhow::bail;
use mysql_async::prelude::Queryable;

use super::key::WalkKey;
use super::server::integer_bounds;
use super::value::{self, Action, Keep, Mode};
use super::walk::{read_batch, split_row, wait_for_flag_file, KeyedRow, RowStatements};
use super::Job;
use crate::meta::schema::quote_ident;
use crate::meta::store::ShardConn;

/// Read every row again (under the same throttle) and check each value
/// decodes and needs nothing more from this job.
pub(super) async fn verify(
    c: &mut ShardConn,
    job: &Job,
    key: &WalkKey,
    sql: &RowStatements,
) -> anyhow::Result<String> {
    let mut after: Option<Vec<mysql_async::Value>> = None;
    let (mut rows, mut pending, mut bad) = (0u64, 0u64, 0u64);
    loop {
        wait_for_flag_file(job, &c.name).await;
        let started = Instant::now();
        let batch = read_batch(c, key, sql, after.as_deref(), 1000).await?;
        let Some((last, _)) = batch.last() else {
            break;
        };
        for (k, v) in &batch {
            rows += 1;
            if let Some(derived) = &sql.derived {
                match check_extracted(c, job, derived, k, v.as_deref()).await? {
                    Ok(()) => {}
                    Err(e) => {
                        pending += 1;
                        eprintln!(
                            "verify: {}.{}.{} row {}: {e}",
                            job.db,
                            job.table,
                            job.column,
                            key.show(k)
                        );
                    }
                }
                continue;
            }
            let Some(v) = v else { continue };
            match value::plan(job.mode, v, &job.encoder, &job.registry, job.max_len) {
                Ok(Action::Keep(Keep::Done | Keep::AsIs)) => {}
                // Compact verifies that every value decodes; a row a writer
                // stored since with another level is still correct.
                Ok(Action::Write(_)) if job.mode == Mode::Compact => {}
                Ok(Action::Write(_)) => pending += 1,
                Err(e) => {
                    bad += 1;
                    eprintln!(
                        "verify: {}.{}.{} row {}: {e}",
                        job.db,
                        job.table,
                        job.column,
                        key.show(k)
                    );
                }
            }
        }
        after = Some(last.clone());
        // The verification pass yields to the application like the walk.
        tokio::time::sleep(job.throttle.pause(batch.len() as u64, started.elapsed())).await;
    }
    if bad > 0 || pending > 0 {
        bail!(
            "verify: {rows} rows read, {bad} do not decode, {pending} still need {}",
            if sql.derived.is_some() {
                "backfill --extract"
            } else {
                job.mode.name()
            }
        );
    }
    if sql.derived.is_some() {
        return Ok(format!(
            "; verified {rows} rows: every extracted column holds its path's value"
        ));
    }
    Ok(format!(
        "; verified {rows} rows: every value reads back (checksums match)"
    ))
}

/// backfill --extract --verify: the row's extracted columns hold what its
/// document gives (`Err`: which differs, or why none can be computed).
async fn check_extracted(
    c: &mut ShardConn,
    job: &Job,
    derived: &str,
    k: &[mysql_async::Value],
    doc: Option<&[u8]>,
) -> anyhow::Result<Result<(), String>> {
    let want = match doc {
        Some(v) => match value::extracted(v, &job.extracts, &job.registry, job.max_len) {
            Ok(w) => w,
            Err(e) => return Ok(Err(e)),
        },
        None => vec![mysql_async::Value::NULL; job.extracts.len()],
    };
    let row: Option<mysql_async::Row> = c.conn.exec_first(derived, k.to_vec()).await?;
    let Some(row) = row else {
        // Deleted since it was read.
        return Ok(Ok(()));
    };
    let got = row.unwrap();
    for ((e, w), g) in job.extracts.iter().zip(&want).zip(&got) {
        if !same_value(e.kind, w, g) {
            // Names the column and path, never the values (documents).
            return Ok(Err(format!(
                "`{}` does not hold {} of the document; run backfill --extract again",
                e.column, e.path_text
            )));
        }
    }
    Ok(Ok(()))
}

/// Whether the column's value `got` is the derived `want` (a string the
/// server converted into a numeric column: compared as that number).
fn same_value(
    kind: crate::sql::catalog::ExtractedType,
    want: &mysql_async::Value,
    got: &mysql_async::Value,
) -> bool {
    use crate::sql::catalog::ExtractedType;
    use mysql_async::Value;
    let text = |v: &Value| match v {
        Value::Bytes(b) => Some(String::from_utf8_lossy(b).into_owned()),
        Value::Int(i) => Some(i.to_string()),
        Value::UInt(u) => Some(u.to_string()),
        Value::Double(d) => Some(format!("{d:e}")),
        Value::Float(f) => Some(format!("{:e}", f64::from(*f))),
        _ => None,
    };
    match (kind, want, got) {
        (_, Value::NULL, g) => *g == Value::NULL,
        (ExtractedType::Text | ExtractedType::JsonText, w, g) => w == g,
        (ExtractedType::Bigint, w, g) => text(w).is_some() && text(w) == text(g),
        // Compared as MariaDB compares them: -0 is 0.
        (ExtractedType::Double, w, g) => {
            let num = |v: &Value| text(v).and_then(|t| t.parse::<f64>().ok());
            num(w).is_some() && num(w) == num(g)
        }
    }
}

/// Sample the table and project the job's result and time; writes
/// nothing. With an integer first key column, ten random ranges of it;
/// otherwise the first 1000 rows in key order.
pub(super) async fn dry_run(
    c: &mut ShardConn,
    job: &Job,
    key: &WalkKey,
    sql: &RowStatements,
) -> anyhow::Result<String> {
    let t = format!("{}.{}", quote_ident(&job.db), quote_ident(&job.table));
    let est: Option<(Option<u64>, Option<u64>)> = c
        .conn
        .query_first(format!(
            "SELECT TABLE_ROWS, DATA_LENGTH FROM information_schema.TABLES WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {}",
            crate::backend::query::quote(&job.db),
            crate::backend::query::quote(&job.table)
        ))
        .await?;
    let (rows_est, data_len) = est.map_or((0, 0), |(r, d)| (r.unwrap_or(0), d.unwrap_or(0)));
    let started = Instant::now();
    let mut sample: Vec<KeyedRow> = Vec::new();
    if key.first_is_integer() {
        let k1 = quote_ident(&key.columns[0].name);
        let Some((lo, hi)) = integer_bounds(c, key, &t).await? else {
            return Ok("the table is empty; nothing to do".into());
        };
        let select = format!(
            "SELECT {k}, {col} FROM {t} WHERE {k1} >= ? ORDER BY {k} LIMIT 100",
            k = key.list(),
            col = quote_ident(&job.column)
        );
        let starts: Vec<String> = {
            let mut rng = rand::thread_rng();
            (0..10)
                .map(|_| crate::fleet::sample_plan::random_start(&mut rng, lo, hi).to_string())
                .collect()
        };
        for start in starts {
            let rows: Vec<mysql_async::Row> = c.conn.exec(&select, (start,)).await?;
            sample.extend(rows.into_iter().map(split_row));
        }
    } else {
        sample = read_batch(c, key, sql, None, 1000).await?;
    }
    let (mut n, mut before, mut after, mut changed) = (0u64, 0u64, 0u64, 0u64);
    for (_, v) in sample {
        let Some(v) = v else { continue };
        n += 1;
        before += v.len() as u64;
        match value::plan(job.mode, &v, &job.encoder, &job.registry, job.max_len) {
            Ok(Action::Write(new)) => {
                changed += 1;
                after += new.len() as u64;
            }
            _ => after += v.len() as u64,
        }
    }
    let took = started.elapsed().as_secs_f64();
    if n == 0 {
        return Ok("no non-NULL values sampled; nothing to do".into());
    }
    let ratio = after as f64 / before as f64;
    // Reading, encoding and the write roughly double the sample's cost;
    // the duty cycle adds NICE times that.
    let per_row = 2.0 * took / n as f64 * (1.0 + job.throttle.nice.max(0.0));
    let mut rate = 1.0 / per_row;
    if job.throttle.rows_per_sec > 0 {
        rate = rate.min(job.throttle.rows_per_sec as f64);
    }
    Ok(format!(
        "dry run: sampled {n} rows ({changed} would change), {before} -> {after} bytes ({:.3} of before); table ~{rows_est} rows, {data_len} bytes of data -> ~{:.0} bytes projected; ~{:.0} s at ~{rate:.0} rows/s (--nice {}{})",
        ratio,
        data_len as f64 * ratio,
        rows_est as f64 / rate,
        job.throttle.nice,
        if job.throttle.rows_per_sec > 0 { format!(", --rate {}", job.throttle.rows_per_sec) } else { String::new() }
    ))
}
