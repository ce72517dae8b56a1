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
mod walk;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, bail};
use mysql_async::prelude::Queryable;

use crate::codec::{DictionaryRegistry, ValueEncoder};
use crate::config::ColumnConfig;
use crate::fleet::FleetArgs;
use crate::meta::schema::quote_ident;
use crate::meta::store::{self, ShardTarget};
use progress::{print_progress, Progress};
use throttle::Throttle;
use value::Mode;

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
    /// Pause between batches while this file exists (gh-ost's
    /// --throttle-flag-file): `touch` it before a peak, remove it after.
    /// A batch in flight finishes first, so no row lock is held meanwhile.
    #[arg(long, value_name = "PATH")]
    pub throttle_flag_file: Option<PathBuf>,
    /// backfill only: fill the column's extracted columns (`extract = [..]`
    /// of its [[columns]] entry in --config) from each row's document,
    /// compare-and-set on the document, which stays as it is.
    #[arg(long)]
    pub extract: bool,
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
    /// backfill --extract: the paths to write (empty otherwise).
    extracts: Vec<crate::transform::extract::Extract>,
}

impl Job {
    fn key(&self) -> String {
        self.key_for(self.mode)
    }

    /// The checkpoint name of job `mode` on this column.
    fn key_for(&self, mode: Mode) -> String {
        let name = if self.extracts.is_empty() || mode != self.mode {
            mode.name()
        } else {
            "backfill-extract"
        };
        format!("{name}:{}.{}.{}", self.db, self.table, self.column)
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
    let extracts = if args.extract {
        if mode != Mode::Backfill {
            bail!("--extract is an option of backfill only");
        }
        if args.dry_run {
            bail!("--extract does not support --dry-run yet");
        }
        if col.extract.is_empty() {
            bail!(
                "--column {spec}: --extract needs the column's [[columns]] entry in --config to declare extract = [...]"
            );
        }
        col.extract
            .iter()
            .enumerate()
            .map(|(k, e)| {
                crate::transform::extract::parse(e, column)
                    .map_err(|(key, m)| anyhow!("--column {spec}: extract[{k}]{key}: {m}"))
            })
            .collect::<anyhow::Result<Vec<_>>>()?
    } else {
        Vec::new()
    };
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
    let pin_path = fleet
        .config
        .as_ref()
        .map(|c| c.codec.pin_path())
        .or_else(|| dir.as_deref().map(crate::config::default_pin_path));
    let max_dict = fleet
        .config
        .as_ref()
        .map_or(4 << 20, |c| c.codec.max_dictionary_size);
    rt.block_on(async move {
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
        load_fleet_dictionaries(&fleet, &registry, pin_path.as_deref(), max_dict).await?;
        let dir_shown = dir.clone().unwrap_or_else(|| PathBuf::from("dictionaries"));
        let encoder = crate::config::column_encoder(&col, &registry, &dir_shown)
            .map_err(|(k, e)| anyhow!("--column {}{k}: {e}", args.column))?;
        if mode != Mode::Restore && encoder.dict_id() != 0 {
            record_job_use(&fleet, (db, table, column), encoder.dict_id()).await;
        }
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
            extracts,
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
    fleet: &crate::fleet::Fleet,
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
            let opts = crate::fleet::source::Source {
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
                server_public_key: None,
            })
        })
        .collect()
}

/// Register every shard's stored dictionaries: rows may name any of them.
/// Every id is checked against the pins of this host (`pin_path`) and of
/// the directory: a job never decodes or rewrites with bytes that changed
/// under an id the proxies already use.
async fn load_fleet_dictionaries(
    fleet: &crate::fleet::Fleet,
    registry: &DictionaryRegistry,
    pin_path: Option<&std::path::Path>,
    max_size: u64,
) -> anyhow::Result<()> {
    use crate::codec::registry::{pin, sha256_hex};
    let mut identities = Vec::new();
    for t in &fleet.targets {
        let mut c = t.connect().await.map_err(anyhow::Error::msg)?;
        if let (Some(path), Ok(id)) = (pin_path, store::store_identity(&mut c, &fleet.schema).await)
        {
            if let Some(conflict) = crate::meta::pins::load(path, &id).into_iter().next() {
                bail!("{conflict} (pin file {})", path.display());
            }
            identities.push(id);
        }
        let persist = |id: u32, sha: &str| {
            for store_id in &identities {
                if let Some(path) = pin_path {
                    let _ = crate::meta::pins::append(path, store_id, id, sha);
                }
            }
        };
        for d in registry.dictionaries() {
            let sha = sha256_hex(d.bytes());
            match pin(d.id, &sha) {
                Ok(true) => persist(d.id, &sha),
                Ok(false) => {}
                Err(conflict) => bail!("{conflict} (dictionaries directory)"),
            }
        }
        match store::load_capped(&mut c, &fleet.schema, max_size).await {
            Ok((ds, too_large)) => {
                for (id, len) in too_large {
                    crate::metrics::store_row_rejected("too_large");
                    eprintln!(
                        "warning: shard {}: dictionary {id} is {len} bytes, over codec.max_dictionary_size ({max_size}): not loaded",
                        t.name
                    );
                }
                for d in ds {
                    match d.check() {
                        Ok(codec) => {
                            match crate::codec::registry::add_stored(d.to_dictionary(codec)) {
                                Ok(true) => persist(d.id, &d.sha256.to_ascii_lowercase()),
                                Ok(false) => {}
                                Err(conflict) => bail!("shard {}: {conflict}", t.name),
                            }
                        }
                        // A bad row is skipped: the job needs only the ids its rows use.
                        Err(e) => {
                            crate::metrics::store_row_rejected(e.reason);
                            eprintln!(
                                "warning: shard {}: dictionary {} is unusable and not loaded: {e}",
                                t.name, d.id
                            );
                        }
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

/// Records in every shard's `dictionary_use` that the column uses the
/// dictionary the job writes with, before any row is rewritten: proxies
/// load a new id only for what their columns use, and the server then
/// refuses to delete it. A failure (a directory-only dictionary the store
/// does not hold) is a warning.
async fn record_job_use(fleet: &crate::fleet::Fleet, column: (&str, &str, &str), id: u32) {
    for t in &fleet.targets {
        let recorded = match t.connect().await {
            Ok(mut c) => store::record_use(&mut c, &fleet.schema, column, id)
                .await
                .map_err(|e| store::describe(&t.name, &e)),
            Err(e) => Err(e),
        };
        if let Err(e) = recorded {
            eprintln!(
                "warning: could not record that {}.{}.{} uses dictionary {id}: {e}",
                column.0, column.1, column.2
            );
        }
    }
}

/// Run the job on every shard at once, printing progress; fails naming
/// each shard that failed.
async fn run_all_shards(fleet: &crate::fleet::Fleet, job: Arc<Job>) -> anyhow::Result<()> {
    let progress: Vec<Arc<Progress>> = fleet.targets.iter().map(|_| Arc::default()).collect();
    let printer = tokio::spawn(print_progress(
        fleet.targets.iter().map(|t| t.name.clone()).collect(),
        progress.clone(),
    ));
    let tasks: Vec<_> = fleet
        .targets
        .iter()
        .zip(&progress)
        .map(|(t, p)| tokio::spawn(walk::run_shard(t.clone(), job.clone(), p.clone())))
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
    fleet: &crate::fleet::Fleet,
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
