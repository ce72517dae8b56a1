//! `squeeze check-config`: the validation `serve` runs at startup
//! ([`Config::validate_with`]), optionally offline (no secrets or mounted
//! files) or followed by a look at the backends (`--connect`).

use std::path::PathBuf;

use crate::backend::query::{quote, simple_query};
use crate::config::{CheckMode, ColumnConfig, Config, ConfigIssue, PresentAs};
use crate::router::NamePattern;

#[derive(clap::Args, Debug)]
pub struct CheckConfigArgs {
    /// The TOML file.
    pub file: PathBuf,
    /// Check syntax, types, ranges, names and duplicates only: no
    /// password_env/password_file secrets, TLS files or dictionaries are
    /// read (for CI, where they are absent).
    #[arg(long, conflicts_with = "connect")]
    pub offline: bool,
    /// After the checks `serve` runs, log into every backend as `serve`
    /// would and check that each configured column exists with a binary
    /// type (BLOB/VARBINARY family); print what the first write does.
    #[arg(long)]
    pub connect: bool,
}

/// Runs the check, printing problems to stderr; true when the file is good.
pub fn run(a: &CheckConfigArgs) -> bool {
    let file = a.file.display().to_string();
    let cfg = match Config::load(&a.file) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return false;
        }
    };
    let mode = if a.offline {
        CheckMode::Offline
    } else {
        CheckMode::Full
    };
    // Like `serve`, which loads the shards' dictionaries before it builds
    // the columns' encoders: a column may name one only the store holds.
    if mode == CheckMode::Full && cfg.columns.iter().any(|c| c.dictionary.is_some()) {
        for note in load_store(&cfg) {
            eprintln!("{file}: note: {note}");
        }
    }
    let mut issues = cfg.validate_with(mode);
    if issues.is_empty() && a.connect {
        issues = match connect_checks(&cfg) {
            Ok(r) => {
                for line in &r.notes {
                    println!("{line}");
                }
                r.issues
            }
            Err(e) => vec![ConfigIssue {
                path: "backend".into(),
                message: format!("{e:#}"),
            }],
        };
    }
    if issues.is_empty() {
        let how = if a.offline { " (offline)" } else { "" };
        println!("{file}: ok{how}");
        true
    } else {
        for i in &issues {
            eprintln!("{file}: {i}");
        }
        false
    }
}

/// Loads the metadata store's dictionaries; the notes say what could not
/// be read.
fn load_store(cfg: &Config) -> Vec<String> {
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt.block_on(crate::meta::loader::load_for_check(cfg)),
        Err(e) => vec![format!("dictionary store not read: {e}")],
    }
}

/// What the backends said about the configured columns.
#[derive(Debug, Default)]
pub struct ConnectReport {
    pub issues: Vec<ConfigIssue>,
    /// One line per column found: what its first write will do.
    pub notes: Vec<String>,
}

/// One column as a backend's information_schema describes it.
#[derive(Debug, Clone)]
pub struct FoundColumn {
    pub shard: String,
    pub schema: String,
    pub data_type: String,
    pub column_type: String,
}

/// Types that hold compressed bytes unchanged.
pub fn is_binary_type(data_type: &str) -> bool {
    matches!(
        data_type.to_ascii_lowercase().as_str(),
        "tinyblob" | "blob" | "mediumblob" | "longblob" | "varbinary" | "binary"
    )
}

/// Checks column `i` against what the backends hold (pure).
pub fn judge_column(
    i: usize,
    c: &ColumnConfig,
    found: &[FoundColumn],
    shards: &[String],
    encoder: &str,
) -> (Vec<ConfigIssue>, Vec<String>) {
    let path = format!("columns[{i}]");
    let mut issues = Vec::new();
    let mut notes = Vec::new();
    if found.is_empty() {
        issues.push(ConfigIssue {
            path,
            message: format!(
                "{}.{}.{} does not exist on any backend ({}); create it as LONGBLOB before the first write",
                c.schema,
                c.table,
                c.column,
                shards.join(", ")
            ),
        });
        return (issues, notes);
    }
    let shown = match c.present_as {
        PresentAs::Json => "JSON",
        PresentAs::Text => "text",
    };
    for f in found {
        let name = format!("{}.{}.{}", f.schema, c.table, c.column);
        if is_binary_type(&f.data_type) {
            notes.push(format!(
                "{path} {name} on {} is {}: the first write stores values of {} bytes or more {encoder}; clients read it as {shown}",
                f.shard,
                f.column_type.to_uppercase(),
                c.min_size
            ));
        } else {
            issues.push(ConfigIssue {
                path: path.clone(),
                message: format!(
                    "{name} on {} is {}, not a binary type: compressed values need BLOB/VARBINARY (ALTER TABLE `{}`.`{}` MODIFY `{}` LONGBLOB)",
                    f.shard,
                    f.column_type.to_uppercase(),
                    f.schema,
                    c.table,
                    c.column
                ),
            });
        }
    }
    (issues, notes)
}

/// An extracted column as a backend's information_schema describes it.
#[derive(Debug, Clone)]
pub struct FoundExtract {
    pub shard: String,
    pub schema: String,
    pub column_type: String,
    pub collation: Option<String>,
    /// information_schema COLUMN_DEFAULT (the text `NULL` for DEFAULT NULL).
    pub default: Option<String>,
}

/// Checks `columns[i].extract[k]` against what the backends hold (pure):
/// the column must exist wherever the document column does, as a
/// `VARCHAR(n)` of the declared length with collation `utf8mb4_bin` (the
/// collation of `JSON_UNQUOTE(JSON_EXTRACT(..))` over the document's
/// logical type, so comparisons on the column and on the path agree).
pub fn judge_extract(
    at: &str,
    table: &str,
    doc_column: &str,
    e: &crate::transform::extract::Extract,
    docs: &[FoundColumn],
    found: &[FoundExtract],
) -> Vec<ConfigIssue> {
    let definition = e.definition();
    let agrees = |f: &FoundExtract| {
        e.agrees_with(&crate::config::extract::FoundColumn {
            column_type: f.column_type.clone(),
            collation: f.collation.clone(),
            default: f.default.clone(),
        })
    };
    let mut issues = Vec::new();
    for d in docs {
        let fix = format!(
            "ALTER TABLE `{}`.`{table}` ADD COLUMN `{}` {definition}, then `squeeze backfill --extract --column {}.{table}.{}` for existing rows",
            d.schema,
            e.column,
            d.schema,
            doc_column
        );
        let hit = found
            .iter()
            .find(|f| f.shard == d.shard && f.schema == d.schema);
        let message = match hit {
            None => format!(
                "{}.{table}.{} (extracted from {}) does not exist on {}: {fix}",
                d.schema, e.column, e.path_text, d.shard
            ),
            Some(f) if agrees(f) => continue,
            Some(f) => format!(
                "{}.{table}.{} on {} is {} {}, not the declared {definition} (comparisons on it would not agree with the path's): ALTER TABLE `{}`.`{table}` MODIFY `{}` {definition}",
                d.schema,
                e.column,
                d.shard,
                f.column_type.to_uppercase(),
                f.collation.as_deref().unwrap_or("without a collation"),
                d.schema,
                e.column,
            ),
        };
        issues.push(ConfigIssue {
            path: at.to_string(),
            message,
        });
    }
    issues
}

/// Logs into every backend (as `serve` does) and looks up each column.
pub fn connect_checks(cfg: &Config) -> anyhow::Result<ConnectReport> {
    let ctx = crate::server::build_context(cfg, None)?;
    let login = crate::server::probe_login(&ctx).ok_or_else(|| {
        anyhow::anyhow!(
            "no credentials to log in with: set [backend].user and a password, [auth] accounts_user and its password, or give a user a plaintext password source"
        )
    })?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let registry =
        crate::codec::DictionaryRegistry::load_dir(&cfg.codec.dictionaries_dir).unwrap_or_default();
    let mut report = ConnectReport::default();
    let mut found: Vec<Vec<FoundColumn>> = vec![Vec::new(); cfg.columns.len()];
    let mut extracts: Vec<Vec<Vec<FoundExtract>>> = (cfg.columns.iter())
        .map(|c| vec![Vec::new(); c.extract.len()])
        .collect();
    let shard_key = |name: &str| {
        if cfg.shards.is_empty() {
            "backend".to_string()
        } else {
            format!("shards.{name}")
        }
    };
    for target in &ctx.shards {
        let mut req = login.request("squeeze-check-config");
        req.database = Some(b"information_schema".to_vec());
        let result: Result<(), String> = rt.block_on(async {
            let mut b = crate::backend::connect(target, &req)
                .await
                .map_err(|e| format!("cannot log in to {} as {}: {e}", target.address, login.user))?;
            for (i, c) in cfg.columns.iter().enumerate() {
                let sql = format!(
                    "SELECT TABLE_SCHEMA, DATA_TYPE, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_NAME = {} AND COLUMN_NAME = {}",
                    quote(&c.table),
                    quote(&c.column)
                );
                let rows = simple_query(&mut b.conn, b.capabilities, &sql)
                    .await
                    .map_err(|e| format!("looking up columns[{i}]: {e}"))?;
                let pattern = NamePattern::parse(&c.schema).map_err(|e| e.to_string())?;
                for r in rows {
                    let cell = |k: usize| {
                        let v = r.get(k).cloned().flatten().unwrap_or_default();
                        String::from_utf8_lossy(&v).into_owned()
                    };
                    if pattern.matches(&cell(0)) {
                        found[i].push(FoundColumn {
                            shard: target.name.clone(),
                            schema: cell(0),
                            data_type: cell(1),
                            column_type: cell(2),
                        });
                    }
                }
                for (k, e) in c.extract.iter().enumerate() {
                    let sql = format!(
                        "SELECT TABLE_SCHEMA, COLUMN_TYPE, COLLATION_NAME, COLUMN_DEFAULT FROM information_schema.COLUMNS WHERE TABLE_NAME = {} AND COLUMN_NAME = {}",
                        quote(&c.table),
                        quote(&e.column)
                    );
                    let rows = simple_query(&mut b.conn, b.capabilities, &sql)
                        .await
                        .map_err(|e| format!("looking up columns[{i}].extract[{k}]: {e}"))?;
                    for r in rows {
                        let cell = |k: usize| {
                            r.get(k)
                                .cloned()
                                .flatten()
                                .map(|v| String::from_utf8_lossy(&v).into_owned())
                        };
                        let schema = cell(0).unwrap_or_default();
                        if pattern.matches(&schema) {
                            extracts[i][k].push(FoundExtract {
                                shard: target.name.clone(),
                                schema,
                                column_type: cell(1).unwrap_or_default(),
                                collation: cell(2),
                                default: cell(3),
                            });
                        }
                    }
                }
            }
            b.conn.begin_command();
            b.conn.write_packet(&[0x01]);
            let _ = b.conn.flush().await;
            Ok::<(), String>(())
        });
        if let Err(message) = result {
            report.issues.push(ConfigIssue {
                path: shard_key(&target.name),
                message,
            });
        }
    }
    if !report.issues.is_empty() {
        return Ok(report);
    }
    let shards: Vec<String> = ctx.shards.iter().map(|s| s.name.clone()).collect();
    for (i, c) in cfg.columns.iter().enumerate() {
        let encoder = crate::config::column_encoder(c, &registry, &cfg.codec.dictionaries_dir)
            .map(|e| describe_encoder(&e))
            .unwrap_or_else(|(_, e)| e);
        let (issues, notes) = judge_column(i, c, &found[i], &shards, &encoder);
        report.issues.extend(issues);
        for (k, e) in c.extract.iter().enumerate() {
            let Ok(e) = crate::transform::extract::parse(e, &c.column) else {
                continue;
            };
            let at = format!("columns[{i}].extract[{k}]");
            report.issues.extend(judge_extract(
                &at,
                &c.table,
                &c.column,
                &e,
                &found[i],
                &extracts[i][k],
            ));
        }
        report.notes.extend(notes);
    }
    if cfg.codec.server_evaluation {
        report.notes.extend(rt.block_on(in_server_notes(cfg)));
    }
    Ok(report)
}

/// Per shard, whether the server evaluates compressed values (squeeze's
/// in-server function present and matching this build): a note, not an
/// issue (without it squeeze evaluates or refuses itself).
async fn in_server_notes(cfg: &Config) -> Vec<String> {
    use crate::meta::store;
    let Ok(targets) = store::targets(cfg) else {
        return vec![
            "in-server function: not checked (no account to reach the shards with)".into(),
        ];
    };
    let mut conns = Vec::new();
    for t in &targets {
        match t.connect().await {
            Ok(c) => conns.push(c),
            Err(e) => return vec![format!("in-server function: not checked: {e}")],
        }
    }
    let expected = match crate::in_server::install::dictionaries(cfg, &mut conns).await {
        Ok(d) => d
            .iter()
            .map(|(id, d)| (*id, d.sha256.to_ascii_lowercase()))
            .collect(),
        Err(e) => return vec![format!("in-server function: not checked: {e:#}")],
    };
    let mut notes = Vec::new();
    for c in conns.iter_mut() {
        let state = crate::in_server::watch::probe(c, &expected).await;
        notes.push(format!(
            "shard {}: in-server function: {}",
            c.name,
            state.describe()
        ));
    }
    notes
}

fn describe_encoder(e: &crate::codec::ValueEncoder) -> String {
    match e.dict_id() {
        0 => format!("as {} level {} without a dictionary", e.codec(), e.level()),
        id => format!("as {} level {} with dictionary {id}", e.codec(), e.level()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col() -> ColumnConfig {
        let text = "schema = \"db\"\ntable = \"t\"\ncolumn = \"doc\"\n";
        toml::from_str(text).unwrap()
    }

    fn found(data_type: &str, column_type: &str) -> FoundColumn {
        FoundColumn {
            shard: "default".into(),
            schema: "db".into(),
            data_type: data_type.into(),
            column_type: column_type.into(),
        }
    }

    #[test]
    fn a_text_column_is_an_error_naming_it_and_its_type() {
        let (issues, notes) = judge_column(
            2,
            &col(),
            &[found("text", "text")],
            &["default".into()],
            "as zstd",
        );
        assert!(notes.is_empty());
        assert_eq!(issues.len(), 1);
        assert_eq!(issues[0].path, "columns[2]");
        assert!(issues[0].message.contains("db.t.doc"), "{}", issues[0]);
        assert!(issues[0].message.contains("TEXT"), "{}", issues[0]);
    }

    #[test]
    fn blob_family_is_binary_and_text_family_is_not() {
        for t in ["LONGBLOB", "blob", "varbinary", "binary", "mediumblob"] {
            assert!(is_binary_type(t), "{t}");
        }
        for t in ["text", "longtext", "varchar", "json", "char"] {
            assert!(!is_binary_type(t), "{t}");
        }
    }

    #[test]
    fn an_extracted_column_must_be_the_declared_varchar_with_utf8mb4_bin_on_every_shard() {
        let spec = crate::config::ExtractConfig {
            path: "$.author".into(),
            column: "doc_author".into(),
            data_type: "VARCHAR(64)".into(),
            value: None,
        };
        let e = crate::transform::extract::parse(&spec, "doc").unwrap();
        let docs = [found("longblob", "longblob")];
        let ext = |ty: &str, coll: Option<&str>| FoundExtract {
            shard: "default".into(),
            schema: "db".into(),
            column_type: ty.into(),
            collation: coll.map(str::to_string),
            default: None,
        };
        let judge =
            |f: &[FoundExtract]| judge_extract("columns[0].extract[0]", "t", "doc", &e, &docs, f);
        assert!(judge(&[ext("varchar(64)", Some("utf8mb4_bin"))]).is_empty());
        // DEFAULT NULL is what a row without the document must read.
        let with_default = |d: &str| FoundExtract {
            default: Some(d.into()),
            ..ext("varchar(64)", Some("utf8mb4_bin"))
        };
        assert!(judge(&[with_default("NULL")]).is_empty());
        let i = judge(&[with_default("'dflt'")]);
        assert!(
            i.len() == 1 && i[0].message.contains("NULL DEFAULT NULL"),
            "{i:?}"
        );
        let missing = judge(&[]);
        assert!(
            missing[0].message.contains("does not exist")
                && missing[0]
                    .message
                    .contains("ADD COLUMN `doc_author` VARCHAR(64)"),
            "{}",
            missing[0]
        );
        for (ty, coll) in [
            ("varchar(32)", Some("utf8mb4_bin")),
            ("varchar(64)", Some("utf8mb4_general_ci")),
            ("bigint(20)", None),
        ] {
            let i = judge(&[ext(ty, coll)]);
            assert_eq!(i.len(), 1, "{ty} {coll:?}");
            assert!(
                i[0].message.contains("MODIFY `doc_author` VARCHAR(64)"),
                "{}",
                i[0]
            );
        }
        // value = "json": the same VARCHAR(n) utf8mb4_bin.
        let spec = crate::config::ExtractConfig {
            value: Some("json".into()),
            ..spec
        };
        let json = crate::transform::extract::parse(&spec, "doc").unwrap();
        let judge_json = |f: &[FoundExtract]| {
            judge_extract("columns[0].extract[0]", "t", "doc", &json, &docs, f)
        };
        assert!(judge_json(&[ext("varchar(64)", Some("utf8mb4_bin"))]).is_empty());
        let i = judge_json(&[ext("varchar(64)", Some("utf8mb4_general_ci"))]);
        assert!(
            i.len() == 1
                && i[0].message.contains(
                    "MODIFY `doc_author` VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"
                ),
            "{i:?}"
        );
        // BIGINT and DOUBLE: the type alone (no collation).
        for (declared, good, bad) in [
            ("BIGINT", "bigint(20)", "bigint(20) unsigned"),
            ("DOUBLE", "double", "double(10,2)"),
        ] {
            let spec = crate::config::ExtractConfig {
                path: "$.n".into(),
                column: "doc_n".into(),
                data_type: declared.into(),
                value: None,
            };
            let e = crate::transform::extract::parse(&spec, "doc").unwrap();
            let judge = |f: &[FoundExtract]| {
                judge_extract("columns[0].extract[0]", "t", "doc", &e, &docs, f)
            };
            assert!(judge(&[ext(good, None)]).is_empty(), "{declared}");
            let i = judge(&[ext(bad, None)]);
            assert!(
                i.len() == 1 && i[0].message.contains(&format!("MODIFY `doc_n` {declared}")),
                "{declared}: {i:?}"
            );
        }
    }

    #[test]
    fn a_missing_column_is_an_error() {
        let (issues, _) = judge_column(0, &col(), &[], &["a".into(), "b".into()], "");
        assert!(issues[0]
            .message
            .contains("does not exist on any backend (a, b)"));
    }
}
