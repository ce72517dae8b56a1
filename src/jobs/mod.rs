//! `squeeze backfill | compact | restore`: rewrite a compressed column's
//! existing rows in place, online, on every shard in parallel.
//!
//! One walk serves the three (see `value::plan` for what each does to a
//! value): the table's key (any primary key, or a NOT NULL unique key:
//! `key`) in batches over a normal client connection; each changed row
//! written with a compare-and-set UPDATE (`WHERE k1 = ? AND k2 = ? AND
//! col = <the bytes read>`), so a row changed since it was read is
//! skipped and read again, never overwritten; the batch and its checkpoint
//! (in the metadata schema) commit together, so an interrupted job resumes
//! where its last batch ended; a duty-cycle throttle, an optional rows/s
//! budget and a replica-lag pause (`throttle`); progress on stderr.
mod checkpoint;
pub mod key;
mod progress;
mod server;
pub mod throttle;
pub mod value;
mod verify;

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail};
use mysql_async::prelude::Queryable;
use mysql_async::Value;

use crate::cli::fleet::FleetArgs;
use crate::codec::{DictionaryRegistry, ValueEncoder};
use crate::config::ColumnConfig;
use crate::meta::schema::quote_ident;
use crate::meta::store::{self, ShardConn, ShardTarget};
use checkpoint::{open_checkpoint, write_checkpoint, Checkpoint};
use key::WalkKey;
use progress::{print_progress, summary, Progress};
use server::{auto_updated_columns, wait_for_replicas, walk_key};
use throttle::Throttle;
use value::{Action, Mode};
use verify::{dry_run, verify};

#[derive(clap::Args, Debug, Clone)]
pub struct JobArgs {
    #[command(flatten)]
    pub fleet: FleetArgs,
    /// The column: DB.TABLE.COLUMN (a [[columns]] entry of --config, whose
    /// codec, level and dictionary are used; with --to, any column).
    #[arg(long, value_name = "DB.TABLE.COLUMN")]
    pub column: String,
    /// Write with the newest dictionary of this name (default: the
    /// column's in --config; with --to, the one the proxies recorded in
    /// the metadata schema's dictionary_use, else none).
    #[arg(long)]
    pub dictionary: Option<String>,
    /// Codec level (default: the column's for backfill, 19 for zstd compact).
    #[arg(long)]
    pub level: Option<i32>,
    /// Dictionary directory (default: the configuration's
    /// codec.dictionaries_dir); the shards' dictionaries are loaded too.
    #[arg(long)]
    pub dictionaries: Option<PathBuf>,
    /// Rows read per batch (one transaction with its checkpoint).
    #[arg(long, default_value_t = 200)]
    pub batch: u64,
    /// Most rows per second per shard (0 = no budget; the duty cycle
    /// still applies).
    #[arg(long, default_value_t = 0)]
    pub rate: u64,
    /// Duty cycle: after each batch sleep NICE times as long as it took
    /// (gh-ost's nice-ratio). The default leaves the server three quarters
    /// of the time the job would use.
    #[arg(long, default_value_t = 3.0)]
    pub nice: f64,
    /// A replica to watch (mysql://USER@HOST:PORT, repeatable; the
    /// --password-env/--password-file password): the job pauses while its
    /// Seconds_Behind_Master exceeds --max-lag.
    #[arg(long, value_name = "URL")]
    pub replica: Vec<String>,
    /// Replica lag (seconds) above which the job pauses. A replica whose
    /// IO or SQL thread is stopped, whose lag is NULL, or that cannot be
    /// reached pauses the job too (its lag is unknown); one that is not a
    /// replica, or whose status may not be read, stops it.
    #[arg(long, default_value_t = 5)]
    pub max_lag: u64,
    /// Fail after pausing this many seconds in a row for replicas (0 =
    /// wait as long as it takes); the checkpoint keeps the place.
    #[arg(long, default_value_t = 0)]
    pub max_pause: u64,
    /// After the walk, read every row again: each value must decode (its
    /// checksum proves the original bytes) or, for restore, be plain.
    #[arg(long)]
    pub verify: bool,
    /// Sample the table and print the projected size and time; write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Forget the checkpoint and walk from the start.
    #[arg(long)]
    pub restart: bool,
    /// Stop after about this many rows per shard (the checkpoint keeps the
    /// place; run again to go on).
    #[arg(long)]
    pub max_rows: Option<u64>,
}

/// Everything the shard walks share.
struct Job {
    mode: Mode,
    db: String,
    table: String,
    column: String,
    meta: String,
    encoder: ValueEncoder,
    registry: DictionaryRegistry,
    max_len: usize,
    throttle: Throttle,
    args: JobArgs,
    replicas: Vec<ShardTarget>,
}

impl Job {
    fn key(&self) -> String {
        format!(
            "{}:{}.{}.{}",
            self.mode.name(),
            self.db,
            self.table,
            self.column
        )
    }
}

pub fn run(mode: Mode, args: JobArgs) -> anyhow::Result<()> {
    let fleet = args.fleet.resolve()?;
    let spec = args.column.clone();
    let parts: Vec<&str> = spec.split('.').collect();
    let [db, table, column] = parts.as_slice() else {
        bail!("--column {spec:?}: expected DB.TABLE.COLUMN");
    };
    let mut col = column_config(mode, &args, &fleet, db, table, column)?;
    let dir = args.dictionaries.clone().or(fleet
        .config
        .as_ref()
        .map(|c| c.codec.dictionaries_dir.clone()));
    let max_len = fleet
        .config
        .as_ref()
        .map_or(64 << 20, |c| c.codec.max_value_size);
    let replicas = replica_targets(&args)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(fleet.targets.len().clamp(1, 4))
        .enable_all()
        .build()?;
    rt.block_on(async move {
        load_fleet_dictionaries(&fleet).await?;
        // Without a configuration or --dictionary, write with the
        // dictionary the proxies record for this column (dictionary_use).
        if fleet.config.is_none() && col.dictionary.is_none() {
            col.dictionary = recorded_dictionary(&fleet, db, table, column).await;
        }
        let registry = match &dir {
            Some(d) if d.join(crate::codec::registry::MANIFEST_FILE).exists() => {
                DictionaryRegistry::load_dir(d)?
            }
            _ => DictionaryRegistry::empty(),
        };
        let dir_shown = dir.clone().unwrap_or_else(|| PathBuf::from("dictionaries"));
        let encoder = crate::config::column_encoder(&col, &registry, &dir_shown)
            .map_err(|(k, e)| anyhow!("--column {}{k}: {e}", args.column))?;
        let job = Arc::new(Job {
            mode,
            db: db.to_string(),
            table: table.to_string(),
            column: column.to_string(),
            meta: fleet.schema.clone(),
            encoder,
            registry,
            max_len,
            throttle: Throttle {
                nice: args.nice,
                rows_per_sec: args.rate,
                max_lag: Duration::from_secs(args.max_lag),
            },
            args: args.clone(),
            replicas,
        });
        println!(
            "{} {}.{}.{} on {} shard(s): codec {} level {} dictionary {}",
            mode.name(),
            job.db,
            job.table,
            job.column,
            fleet.targets.len(),
            job.encoder.codec(),
            job.encoder.level(),
            job.encoder.dict_id()
        );
        run_all_shards(&fleet, job).await
    })
}

/// The column's configuration (from `--config`, else the defaults),
/// with the command line's dictionary and level applied.
fn column_config(
    mode: Mode,
    args: &JobArgs,
    fleet: &crate::cli::fleet::Fleet,
    db: &str,
    table: &str,
    column: &str,
) -> anyhow::Result<ColumnConfig> {
    let mut col: ColumnConfig = match &fleet.config {
        Some(cfg) => cfg
            .columns
            .iter()
            .find(|c| {
                crate::router::NamePattern::parse(&c.schema).is_ok_and(|p| p.matches(db))
                    && c.table == table
                    && c.column.eq_ignore_ascii_case(column)
            })
            .cloned()
            .ok_or_else(|| {
                anyhow!(
                    "--column {}: no [[columns]] entry for it in --config",
                    args.column
                )
            })?,
        None => toml::from_str(&format!(
            "schema = {db:?}\ntable = {table:?}\ncolumn = {column:?}\n"
        ))?,
    };
    if args.dictionary.is_some() {
        col.dictionary = args.dictionary.clone();
    }
    let codec: crate::codec::CodecKind = col.codec.parse().map_err(anyhow::Error::msg)?;
    col.level = args.level.or(col.level).or(match mode {
        Mode::Compact if codec == crate::codec::CodecKind::Zstd => Some(19),
        _ => None,
    });
    Ok(col)
}

/// The `--replica` servers whose lag throttles the job.
fn replica_targets(args: &JobArgs) -> anyhow::Result<Vec<ShardTarget>> {
    args.replica
        .iter()
        .map(|url| {
            let opts = crate::cli::mysql_source::Source {
                url: url.clone(),
                password_env: args.fleet.password_env.clone(),
                password_file: args.fleet.password_file.clone(),
                tls_ca: args.fleet.tls_ca.clone(),
            }
            .opts()?;
            Ok(ShardTarget {
                name: format!("replica {}:{}", opts.ip_or_hostname(), opts.tcp_port()),
                opts,
                connect_timeout: Duration::from_secs(5),
            })
        })
        .collect()
}

/// Register every shard's stored dictionaries: rows may name any of them.
async fn load_fleet_dictionaries(fleet: &crate::cli::fleet::Fleet) -> anyhow::Result<()> {
    for t in &fleet.targets {
        let mut c = t.connect().await.map_err(anyhow::Error::msg)?;
        match store::load_all(&mut c, &fleet.schema).await {
            Ok(ds) => {
                for d in ds {
                    if let Ok(codec) = d.check() {
                        crate::codec::registry::add_stored(d.to_dictionary(codec));
                    }
                }
            }
            Err(e) => eprintln!(
                "warning: {} (reading dictionaries from the directory only)",
                store::describe(&t.name, &e)
            ),
        }
    }
    Ok(())
}

/// Run the job on every shard at once, printing progress; fails naming
/// each shard that failed.
async fn run_all_shards(fleet: &crate::cli::fleet::Fleet, job: Arc<Job>) -> anyhow::Result<()> {
    let progress: Vec<Arc<Progress>> = fleet.targets.iter().map(|_| Arc::default()).collect();
    let printer = tokio::spawn(print_progress(
        fleet.targets.iter().map(|t| t.name.clone()).collect(),
        progress.clone(),
    ));
    let tasks: Vec<_> = fleet
        .targets
        .iter()
        .zip(&progress)
        .map(|(t, p)| tokio::spawn(run_shard(t.clone(), job.clone(), p.clone())))
        .collect();
    let mut failed = Vec::new();
    for (t, task) in fleet.targets.iter().zip(tasks) {
        match task.await {
            Ok(Ok(line)) => println!("shard {}: {line}", t.name),
            Ok(Err(e)) => failed.push(format!("shard {}: {e:#}", t.name)),
            Err(e) => failed.push(format!("shard {}: {e}", t.name)),
        }
    }
    printer.abort();
    if !failed.is_empty() {
        bail!("{}", failed.join("\n"));
    }
    Ok(())
}

/// The newest dictionary `dictionary_use` records for the column, if any.
async fn recorded_dictionary(
    fleet: &crate::cli::fleet::Fleet,
    db: &str,
    table: &str,
    column: &str,
) -> Option<String> {
    for t in &fleet.targets {
        let Ok(mut c) = t.connect().await else {
            continue;
        };
        let name: Option<String> = c
            .conn
            .exec_first(
                format!(
                    "SELECT d.name FROM {m}.dictionary_use u JOIN {m}.dictionary d ON d.id = u.dictionary_id \
                     WHERE u.schema_name = ? AND u.table_name = ? AND u.column_name = ? \
                     ORDER BY u.dictionary_id DESC LIMIT 1",
                    m = quote_ident(&fleet.schema)
                ),
                (db, table, column),
            )
            .await
            .ok()
            .flatten();
        if name.is_some() {
            return name;
        }
    }
    None
}

/// One row as a batch reads it: its key values (as the server returned
/// them, so the next comparison is the server's own) and the column.
type KeyedRow = (Vec<Value>, Option<Vec<u8>>);

async fn run_shard(target: ShardTarget, job: Arc<Job>, p: Arc<Progress>) -> anyhow::Result<String> {
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
    let sql = RowStatements::new(&t, &key, &quote_ident(&job.column), &keep);
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
        wait_for_replicas(&job, &target.name).await?;
        let started = Instant::now();
        let rows = read_batch(&mut c, &key, &sql, ck.last_key.as_deref(), job.args.batch).await?;
        let Some((last, _)) = rows.last() else {
            ck.finished = true;
            write_checkpoint(&mut c, &job, &key, &ck).await?;
            break;
        };
        let last = last.clone();
        // Encode before the transaction opens: at level 19 that is most of
        // a batch's time, and row locks held meanwhile would stall the
        // application's writes to the same rows.
        let writes = plan_batch(&job, &key, &target.name, &rows, &p);
        let mut next = ck.clone();
        next.last_key = Some(last.clone());
        next.rows += rows.len() as u64;
        let retry = match apply_batch(&mut c, &job, &key, &sql.update, &writes, &mut next).await {
            Ok(retry) => retry,
            // The application's transactions won a lock: the batch rolled
            // back whole (checkpoint included); read it again.
            Err(e) if matches!(store::server_code(&e), Some(1213 | 1205)) => {
                let _ = c.conn.query_drop("ROLLBACK").await;
                eprintln!(
                    "shard {}: {} ; retrying the batch",
                    target.name,
                    store::describe(&target.name, &e)
                );
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        for (i, (_, v, new)) in writes.iter().enumerate() {
            if !retry.contains(&i) {
                p.note_written(v.len(), new.len());
            }
        }
        ck = next;
        // Rows changed between our read and our write: read them again
        // and try once more each (a writer through squeeze has usually
        // compressed them already).
        for i in retry {
            p.conflicts.fetch_add(1, Ordering::Relaxed);
            rewrite_changed_row(
                &mut c,
                &job,
                &key,
                &sql,
                &target.name,
                writes[i].0,
                &p,
                &mut ck,
            )
            .await?;
        }
        walked_now += rows.len() as u64;
        p.note_batch(rows.len() as u64, span.done(&last, ck.rows));
        tokio::time::sleep(job.throttle.pause(rows.len() as u64, started.elapsed())).await;
    }
    let mut line = summary(&job, &key, &p, &ck, resumed.as_deref());
    if job.args.verify {
        line.push_str(&verify(&mut c, &job, &key, &sql).await?);
    }
    Ok(line)
}

/// The next `limit` rows after `after` (from the start when None), in
/// key order.
async fn read_batch(
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
fn split_row(row: mysql_async::Row) -> KeyedRow {
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
            let k = quote_ident(&key.columns[0].name);
            let bounds: Option<(Option<String>, Option<String>)> = c
                .conn
                .query_first(format!("SELECT MIN({k}), MAX({k}) FROM {t}"))
                .await?;
            let parse = |v: Option<String>| v.and_then(|s| s.parse::<i128>().ok());
            return Ok(match bounds.map(|(a, b)| (parse(a), parse(b))) {
                Some((Some(lo), Some(hi))) => KeySpan::Integer(lo, hi),
                _ => KeySpan::Unknown,
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
struct RowStatements {
    /// The first batch of keys and values.
    first: String,
    /// The next batch after a key (`WalkKey::after_params`, then the limit).
    next: String,
    /// Compare-and-set: the new value only if the old one is still there.
    update: String,
    /// One row's value again.
    reread: String,
}

impl RowStatements {
    /// `t` and `col` quoted; `keep`: columns the UPDATE must leave as
    /// they are (`ON UPDATE CURRENT_TIMESTAMP`).
    fn new(t: &str, key: &WalkKey, col: &str, keep: &[String]) -> Self {
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
                "UPDATE {t} SET {col} = ?{keep} WHERE {} AND {col} = ?",
                key.equals()
            ),
            reread: format!("SELECT {col} FROM {t} WHERE {}", key.equals()),
        }
    }
}

/// One row to write: its key, the bytes read, the bytes to store.
type Write<'r> = (&'r [Value], &'r Vec<u8>, Vec<u8>);

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
            count_write(p, ck, v.len(), new.len());
            break;
        }
    }
    Ok(())
}

/// The compare-and-set's parameters: new value, the full key, old value.
fn cas_params(new: &[u8], k: &[Value], old: &[u8]) -> Vec<Value> {
    let mut v = Vec::with_capacity(k.len() + 2);
    v.push(Value::Bytes(new.to_vec()));
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
            next.bytes_after += new.len() as u64;
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
) -> Option<Vec<u8>> {
    match value::plan(job.mode, v, &job.encoder, &job.registry, job.max_len) {
        Ok(Action::Write(new)) => Some(new),
        Ok(Action::Keep(_)) => None,
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
