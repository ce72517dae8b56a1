//! `squeeze dict train|eval|list`: train dictionaries from sample rows and
//! compare codecs, levels and dictionaries on real documents.
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};

use crate::codec::registry::{add_dictionary, now_rfc3339, ManifestEntry};
use crate::codec::train::{
    measure, split_holdout, train_dictionary, Measurement, DEFAULT_ZSTD_DICT_SIZE,
};
use crate::codec::{
    decode_value, CodecKind, Decoded, DictionaryRegistry, ValueEncoder, DEFAULT_CODEC,
    DEFAULT_LEVEL,
};
use crate::fleet::source::{redact_url, stored_values_registry, Source};

// Parsed once per CLI run: the size of the largest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(clap::Subcommand, Debug)]
pub enum DictCommand {
    /// Train a dictionary on sample documents, measure it on held-out ones,
    /// and add it to DIR's manifest with a new id.
    Train(TrainArgs),
    /// Compare every dictionary in DIR (and none) across codecs and levels.
    Eval(EvalArgs),
    /// List the dictionaries of DIR.
    List {
        /// Dictionary directory (holds manifest.toml and the .dict files).
        #[arg(long)]
        dir: PathBuf,
    },
    /// Publish DIR's dictionaries to the metadata schema of every shard
    /// (created if missing), under their own ids unless --new-id.
    Publish(PublishArgs),
    /// Write every dictionary of the shards' metadata schema into DIR
    /// (manifest.toml + files), keeping their ids.
    Export(ExportArgs),
    /// Delete a dictionary from every shard; refused (by the server's
    /// foreign key) while a column uses it.
    Delete(DeleteArgs),
}

#[derive(clap::Args, Debug)]
pub struct PublishArgs {
    #[command(flatten)]
    pub fleet: crate::fleet::FleetArgs,
    /// Dictionary directory to publish from.
    #[arg(long)]
    pub dir: PathBuf,
    /// Only the dictionaries with this name.
    #[arg(long)]
    pub name: Option<String>,
    /// Give each dictionary the fleet's next free id instead of its
    /// directory id (for a directory whose ids clash with the fleet's; rows
    /// written with the directory's ids must not exist).
    #[arg(long)]
    pub new_id: bool,
}

#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    #[command(flatten)]
    pub fleet: crate::fleet::FleetArgs,
    /// Directory to write (created if missing).
    #[arg(long)]
    pub dir: PathBuf,
}

#[derive(clap::Args, Debug)]
pub struct DeleteArgs {
    #[command(flatten)]
    pub fleet: crate::fleet::FleetArgs,
    /// Id of the dictionary to delete.
    #[arg(long)]
    pub id: u32,
}

#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// NDJSON file: one sample document per line.
    #[arg(long, conflicts_with = "from", required_unless_present = "from")]
    pub samples: Option<PathBuf>,
    /// Sample rows from a live server: mysql://USER@HOST:PORT/DB (give the
    /// password with --password-env or --password-file). TLS: add
    /// ?require_ssl=true (and --tls-ca, or verify_ca=false to skip
    /// verification); --tls-ca alone also turns TLS on.
    #[arg(long, requires_all = ["table", "column"], value_name = "URL")]
    pub from: Option<String>,
    /// Environment variable holding the --from account's password.
    #[arg(
        long,
        requires = "from",
        conflicts_with = "password_file",
        value_name = "VAR"
    )]
    pub password_env: Option<String>,
    /// File whose content (trailing newline trimmed) is the --from
    /// account's password, e.g. a mounted secret.
    #[arg(long, requires = "from", value_name = "PATH")]
    pub password_file: Option<PathBuf>,
    /// PEM CA certificate to verify the --from server with (turns TLS on).
    #[arg(long, requires = "from", value_name = "PATH")]
    pub tls_ca: Option<PathBuf>,
    /// Table to sample with --from: TABLE (in the URL's database) or DB.TABLE.
    #[arg(long)]
    pub table: Option<String>,
    /// Column to sample with --from (values squeeze already stored are
    /// decoded with the dictionaries of --dir first).
    #[arg(long)]
    pub column: Option<String>,
    /// Rows to sample with --from, drawn at random over the whole table:
    /// random starting points in the integer primary key's range, each
    /// followed by a short index range read, so at most about 4×N rows are
    /// read whatever the table's size (never a full scan). A table without
    /// a single-column integer primary key gives its first N rows instead.
    #[arg(long, alias = "limit", default_value_t = 20_000, value_name = "N")]
    pub sample: u64,
    /// Dictionary directory (created if missing).
    #[arg(long)]
    pub dir: PathBuf,
    /// Dictionary name, as `[[columns]] dictionary = NAME` refers to it.
    #[arg(long)]
    pub name: String,
    /// Train a new version of a NAME that already exists in DIR (it becomes
    /// the one used for writing; older versions stay readable). Without
    /// it, an existing name is refused.
    #[arg(long)]
    pub replace: bool,
    /// Codec the dictionary is for: zstd, zlib or lz4.
    #[arg(long, default_value = "zstd")]
    pub codec: CodecKind,
    /// Dictionary size in bytes (zlib keeps at most 32 KiB, lz4 16 KiB).
    #[arg(long, default_value_t = DEFAULT_ZSTD_DICT_SIZE)]
    pub size: usize,
    /// Level the held-out ratio is measured at (default: the codec's default).
    #[arg(long)]
    pub level: Option<i32>,
    /// Share of samples held out for measuring.
    #[arg(long, default_value_t = 0.1)]
    pub holdout_fraction: f64,
}

#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    /// NDJSON file: one document per line (use documents not trained on).
    #[arg(long)]
    pub samples: PathBuf,
    /// Dictionary directory whose dictionaries are compared (with none).
    #[arg(long)]
    pub dir: PathBuf,
}

pub fn run(cmd: DictCommand) -> anyhow::Result<()> {
    match cmd {
        DictCommand::Train(a) => train(a),
        DictCommand::Eval(a) => eval(a),
        DictCommand::List { dir } => list(&dir),
        DictCommand::Publish(a) => publish(a),
        DictCommand::Export(a) => export(a),
        DictCommand::Delete(a) => delete(a),
    }
}

fn publish(a: PublishArgs) -> anyhow::Result<()> {
    use crate::meta::store::{self, IdPolicy, Published};
    let fleet = a.fleet.resolve()?;
    let dicts: Vec<_> = crate::meta::loader::dir_dictionaries(&a.dir)
        .into_iter()
        .filter(|d| a.name.as_ref().is_none_or(|n| *n == d.name))
        .collect();
    if dicts.is_empty() {
        // Say why: a directory that does not load, or no such name.
        DictionaryRegistry::load_dir(&a.dir)?;
        bail!("{}: no dictionary to publish", a.dir.display());
    }
    crate::fleet::runtime()?.block_on(async {
        let mut conns = store::connect_all(&fleet.targets).await?;
        for c in conns.iter_mut() {
            store::ensure_schema(c, &fleet.schema).await.map_err(|e| {
                anyhow::anyhow!(
                    "creating {}: {}",
                    fleet.schema,
                    store::describe(&c.name, &e)
                )
            })?;
        }
        for d in &dicts {
            let policy = if a.new_id {
                IdPolicy::Next
            } else {
                IdPolicy::Exactly(d.id)
            };
            let p = store::publish(&mut conns, &fleet.schema, d, policy)
                .await
                .map_err(|e| anyhow::anyhow!("dictionary {} {:?}: {e}", d.id, d.name))?;
            let how = match p {
                Published::New(_) => "published",
                Published::Already(_) => "already published",
            };
            println!(
                "dictionary {:?} (directory id {}): {how} as id {} on {} shard(s) in {}",
                d.name,
                d.id,
                p.id(),
                conns.len(),
                fleet.schema
            );
        }
        Ok(())
    })
}

fn export(a: ExportArgs) -> anyhow::Result<()> {
    use crate::meta::store;
    let fleet = a.fleet.resolve()?;
    let all = crate::fleet::runtime()?.block_on(async {
        let mut conns = store::connect_all(&fleet.targets).await?;
        let mut by_id: std::collections::BTreeMap<u32, (String, crate::meta::schema::StoredDictionary)> =
            Default::default();
        for c in conns.iter_mut() {
            let ds = store::load_all(c, &fleet.schema)
                .await
                .map_err(|e| anyhow::anyhow!(store::describe(&c.name, &e)))?;
            for d in ds {
                if let Some((shard, other)) = by_id.get(&d.id) {
                    if other.sha256 != d.sha256 {
                        bail!(
                            "dictionary id {} differs between shard {shard} and shard {}: the fleet disagrees; fix it before exporting",
                            d.id,
                            c.name
                        );
                    }
                    continue;
                }
                d.check()
                    .map_err(|e| anyhow::anyhow!("shard {}: dictionary {}: {e}", c.name, d.id))?;
                by_id.insert(d.id, (c.name.clone(), d));
            }
        }
        Ok(by_id)
    })?;
    let mut written = 0;
    for (_, d) in all.values() {
        if crate::codec::registry::write_dictionary_with_id(&a.dir, d.to_entry(), &d.content)? {
            written += 1;
        }
    }
    println!(
        "{} dictionaries in {}; {written} written to {}",
        all.len(),
        fleet.schema,
        a.dir.display()
    );
    Ok(())
}

fn delete(a: DeleteArgs) -> anyhow::Result<()> {
    use crate::meta::store;
    let fleet = a.fleet.resolve()?;
    crate::fleet::runtime()?.block_on(async {
        let mut conns = store::connect_all(&fleet.targets).await?;
        let n = store::delete(&mut conns, &fleet.schema, a.id)
            .await
            .map_err(anyhow::Error::msg)?;
        if n == 0 {
            bail!(
                "no dictionary with id {} in {} on any shard",
                a.id,
                fleet.schema
            );
        }
        println!("dictionary {} deleted from {n} shard(s)", a.id);
        Ok(())
    })
}

/// The documents to train on (`--samples` file or a `--from` table) and
/// how to name their source in the manifest.
fn training_samples(a: &TrainArgs) -> anyhow::Result<(Vec<Vec<u8>>, String)> {
    match (&a.samples, &a.from) {
        (Some(path), _) => Ok((read_ndjson(path)?, path.display().to_string())),
        (None, Some(url)) => {
            let (table, column) = (
                a.table.as_deref().unwrap_or(""),
                a.column.as_deref().unwrap_or(""),
            );
            let src = Source {
                url: url.clone(),
                password_env: a.password_env.clone(),
                password_file: a.password_file.clone(),
                tls_ca: a.tls_ca.clone(),
            };
            let rows = sample_mysql(&src, table, column, a.sample, &a.dir)?;
            Ok((rows, format!("{table}.{column}")))
        }
        (None, None) => bail!("give --samples FILE or --from mysql://..."),
    }
}

/// Compression of the held-out documents with the new dictionary and
/// without one.
fn measure_held_out(
    a: &TrainArgs,
    level: i32,
    bytes: &[u8],
    held: &[Vec<u8>],
) -> anyhow::Result<(Measurement, Measurement)> {
    let mut reg = DictionaryRegistry::empty();
    let dict = reg.insert(crate::codec::Dictionary::new(
        1,
        &a.name,
        a.codec,
        bytes.to_vec(),
    ));
    let with = ValueEncoder::new(a.codec, level, Some(dict), 0)?;
    let without = ValueEncoder::new(a.codec, level, None, 0)?;
    let sp = spinner(format!("measuring on {} held-out samples", held.len()));
    let m = measure(&with, &reg, held, 1).map_err(anyhow::Error::msg)?;
    let base = measure(&without, &reg, held, 1).map_err(anyhow::Error::msg)?;
    sp.finish_and_clear();
    Ok((m, base))
}

fn train(a: TrainArgs) -> anyhow::Result<()> {
    if !(0.0..0.9).contains(&a.holdout_fraction) || a.holdout_fraction <= 0.0 {
        bail!("--holdout-fraction must be in (0, 0.9)");
    }
    let level = a.level.unwrap_or(a.codec.default_level());
    ValueEncoder::new(a.codec, level, None, 0)?; // validate the level early
    let existing = existing_version(&a.dir, &a.name)?;
    if let (Some(e), false) = (&existing, a.replace) {
        bail!(
            "dictionary {:?} already exists in {} (id {}); pass --replace to train a new version of it, or choose another --name",
            a.name,
            a.dir.display(),
            e.id
        );
    }
    let (docs, source) = training_samples(&a)?;
    if docs.len() < 10 {
        bail!("need at least 10 samples, got {}", docs.len());
    }
    let (train_docs, held) = split_holdout(&docs, a.holdout_fraction);
    let sp = spinner(format!(
        "training a {} byte {} dictionary on {} samples",
        a.size,
        a.codec,
        train_docs.len()
    ));
    let bytes =
        train_dictionary(&train_docs, a.codec, a.size).context("dictionary training failed")?;
    sp.finish_and_clear();

    let (m, base) = measure_held_out(&a, level, &bytes, &held)?;

    if let Some(e) = existing.filter(|e| e.crc32 == crate::codec::registry::crc32_hex(&bytes)) {
        println!(
            "dictionary {} \"{}\" is unchanged (same bytes as id {}); nothing written",
            e.id, e.name, e.id
        );
        return Ok(());
    }
    let entry = ManifestEntry {
        id: 0,
        name: a.name.clone(),
        codec: a.codec.name().to_string(),
        file: String::new(),
        created: now_rfc3339(),
        source,
        samples: train_docs.len() as u64,
        holdout_samples: held.len() as u64,
        level,
        ratio: (m.ratio() * 1000.0).round() / 1000.0,
        size: 0,
        crc32: String::new(),
    };
    let entry = add_dictionary(&a.dir, entry, &bytes)?;
    println!(
        "dictionary {} \"{}\" ({} bytes) written to {}",
        entry.id,
        entry.name,
        entry.size,
        a.dir.join(&entry.file).display()
    );
    println!(
        "held-out ratio at {} level {}: {:.3} with the dictionary, {:.3} without ({} of {} documents compressed)",
        a.codec,
        level,
        m.ratio(),
        base.ratio(),
        m.compressed_docs,
        m.docs
    );
    Ok(())
}

fn eval(a: EvalArgs) -> anyhow::Result<()> {
    let docs = read_ndjson(&a.samples)?;
    if docs.is_empty() {
        bail!("{}: no documents", a.samples.display());
    }
    let reg = DictionaryRegistry::load_dir(&a.dir)?;
    let mut configs = Vec::new();
    let dicts: Vec<Option<_>> = std::iter::once(None)
        .chain(reg.dictionaries().into_iter().map(Some))
        .collect();
    for d in &dicts {
        for (codec, levels) in [
            (CodecKind::Zstd, &[1, 3, 6, 19][..]),
            (CodecKind::Zlib, &[1, 6, 9][..]),
            (CodecKind::Lz4, &[1][..]),
        ] {
            for &level in levels {
                configs.push((d.clone(), codec, level));
            }
        }
    }
    let bar = ProgressBar::new(configs.len() as u64).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut rows: Vec<(String, CodecKind, i32, Measurement)> = Vec::new();
    for (d, codec, level) in configs {
        let label = d
            .as_ref()
            .map_or("none".to_string(), |d| format!("{} {}", d.id, d.name));
        bar.set_message(format!("{codec} level {level}, dictionary {label}"));
        let enc = ValueEncoder::new(codec, level, d.clone(), 0)?;
        let rounds = if level >= 10 { 1 } else { 3 };
        let m = measure(&enc, &reg, &docs, rounds).map_err(anyhow::Error::msg)?;
        rows.push((label, codec, level, m));
        bar.inc(1);
    }
    bar.finish_and_clear();

    let raw: u64 = docs.iter().map(|d| d.len() as u64).sum();
    println!(
        "{} documents, {} bytes, one document per call",
        docs.len(),
        raw
    );
    println!(
        "{:<24} {:<5} {:>5} {:>8} {:>12} {:>14}",
        "dictionary", "codec", "level", "ratio", "compress", "decompress"
    );
    for (label, codec, level, m) in &rows {
        println!(
            "{:<24} {:<5} {:>5} {:>8.3} {:>7.1} MB/s {:>9.1} MB/s",
            label,
            codec.name(),
            level,
            m.ratio(),
            m.compress_mb_s(),
            m.decompress_mb_s()
        );
    }
    let best = rows
        .iter()
        .filter(|(_, c, l, _)| *c == DEFAULT_CODEC && *l == DEFAULT_LEVEL)
        .max_by(|a, b| a.3.ratio().total_cmp(&b.3.ratio()))
        .map(|r| r.3)
        .unwrap_or_default();
    println!(
        "RESULT default_ratio={:.3} compress_mb_s={:.1} decompress_mb_s={:.1}",
        best.ratio(),
        best.compress_mb_s(),
        best.decompress_mb_s()
    );
    Ok(())
}

fn list(dir: &Path) -> anyhow::Result<()> {
    let reg = DictionaryRegistry::load_dir(dir)?;
    println!(
        "{:>4} {:<24} {:<5} {:>8} {:>7} {:>8} {:<20} source",
        "id", "name", "codec", "size", "level", "ratio", "created"
    );
    for e in reg.entries() {
        println!(
            "{:>4} {:<24} {:<5} {:>8} {:>7} {:>8.3} {:<20} {}",
            e.id, e.name, e.codec, e.size, e.level, e.ratio, e.created, e.source
        );
    }
    Ok(())
}

/// One document per non-empty line.
fn read_ndjson(path: &Path) -> anyhow::Result<Vec<Vec<u8>>> {
    let text = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let bar = ProgressBar::new(text.len() as u64);
    let mut docs = Vec::new();
    for line in text.split(|&b| b == b'\n') {
        bar.inc(line.len() as u64 + 1);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if !line.is_empty() {
            docs.push(line.to_vec());
        }
    }
    bar.finish_and_clear();
    Ok(docs)
}

fn spinner(msg: String) -> ProgressBar {
    let s = ProgressBar::new_spinner().with_message(msg);
    s.enable_steady_tick(Duration::from_millis(120));
    s
}

/// The newest manifest entry named `name` in `dir`, if any.
fn existing_version(dir: &Path, name: &str) -> anyhow::Result<Option<ManifestEntry>> {
    if !dir.join(crate::codec::registry::MANIFEST_FILE).exists() {
        return Ok(None);
    }
    let reg = DictionaryRegistry::load_dir(dir)?;
    Ok(reg
        .entries()
        .iter()
        .filter(|e| e.name == name)
        .max_by_key(|e| e.id)
        .cloned())
}

/// Samples up to `n` non-null values of `table.column` through a normal
/// client connection. Values already stored by squeeze are decoded with the
/// dictionaries of `dir` (if any) so training sees the original documents.
fn sample_mysql(
    source: &Source,
    table: &str,
    column: &str,
    n: u64,
    dir: &Path,
) -> anyhow::Result<Vec<Vec<u8>>> {
    let shown = redact_url(&source.url);
    let reg = stored_values_registry(dir);
    let sp = spinner(format!(
        "sampling {n} rows of {table}.{column} from {shown}"
    ));
    let rows = crate::fleet::source::sample(source, table, column, n);
    sp.finish_and_clear();
    let rows = rows?;
    let mut docs = Vec::with_capacity(rows.len());
    let mut skipped = 0;
    for r in rows {
        let mut out = Vec::new();
        match decode_value(&r, &reg, 64 << 20, &mut out) {
            Ok(Decoded::Legacy) => docs.push(r),
            Ok(Decoded::Inflated(_)) => docs.push(out),
            Err(_) => skipped += 1,
        }
    }
    if skipped > 0 {
        eprintln!(
            "skipped {skipped} stored values that could not be decoded with {}",
            dir.display()
        );
    }
    Ok(docs)
}
