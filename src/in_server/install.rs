//! `squeeze udf install|status|remove`: put the in-server library and the
//! dictionaries where each shard's server loads them, create the
//! functions, and check the result; or, for a server on another host, say
//! exactly what to copy where and what to run.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mysql_async::prelude::Queryable;

use super::{watch, State, BUILT_LIBRARY, FUNCTIONS, FUNCTION_SCHEMA, LIBRARY_FILE};
use crate::config::Config;
use crate::meta::schema::StoredDictionary;
use crate::meta::store::{self, ShardConn, ShardTarget};
use crate::sql::query::COPY_VALUE_FUNCTION;

/// The dictionary directory's name beside the library (the library's
/// own `store::DIRECTORY`).
pub const DICTIONARY_DIR: &str = "squeeze_dictionaries";
/// The limits file in it.
pub const LIMITS_FILE: &str = "limits.conf";

/// What one shard's server reports about where it loads libraries.
#[derive(Debug, Clone)]
pub struct ServerFacts {
    pub plugin_dir: PathBuf,
    pub hostname: String,
}

/// The SQL that creates the functions (after the files are in place): the
/// library's, then the typed stored function over `squeeze_inflate` in a
/// schema of its own that every account may execute (SQL SECURITY
/// INVOKER: it can do nothing its caller could not).
pub fn create_sql() -> Vec<String> {
    let mut out: Vec<String> = FUNCTIONS
        .iter()
        .map(|f| format!("DROP FUNCTION IF EXISTS {f}"))
        .collect();
    out.extend(
        FUNCTIONS
            .iter()
            .map(|f| format!("CREATE FUNCTION {f} RETURNS STRING SONAME '{LIBRARY_FILE}'")),
    );
    out.push(format!("CREATE DATABASE IF NOT EXISTS {FUNCTION_SCHEMA}"));
    out.push(format!(
        "CREATE OR REPLACE FUNCTION {FUNCTION_SCHEMA}.document(v LONGBLOB) RETURNS LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL SQL SECURITY INVOKER RETURN squeeze_inflate(v)"
    ));
    out.push(stored_function_sql());
    out.push(format!("GRANT EXECUTE ON {FUNCTION_SCHEMA}.* TO PUBLIC"));
    out
}

/// `squeeze_fn.copy_value(v, errno, message)`: a computed value as the
/// uncompressed copy's LONGTEXT utf8mb4_bin column would store it (the
/// parameter's assignment converts it as the column's would), checked as
/// the column's rule checks a literal: `errno` 4025 (a column presented as
/// JSON: its CHECK (json_valid)) or 3140 (`on_invalid_json = "refuse"`)
/// raises `message` for a value that is not valid JSON; 0 checks nothing.
/// squeeze wraps a computed write in it, then in `squeeze_deflate`
/// (`sql::plan::computed`), so the value is evaluated once.
fn stored_function_sql() -> String {
    format!(
        "CREATE OR REPLACE FUNCTION {COPY_VALUE_FUNCTION}(v LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin, errno INT, message VARCHAR(512) CHARACTER SET utf8mb4) \
         RETURNS LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC CONTAINS SQL SQL SECURITY INVOKER \
         BEGIN \
         IF errno <> 0 AND v IS NOT NULL AND NOT JSON_VALID(v) THEN \
         IF errno = 4025 THEN SIGNAL SQLSTATE '23000' SET MYSQL_ERRNO = 4025, MESSAGE_TEXT = message; \
         ELSE SIGNAL SQLSTATE '22032' SET MYSQL_ERRNO = 3140, MESSAGE_TEXT = message; \
         END IF; \
         END IF; \
         RETURN v; \
         END"
    )
}

/// The SQL that removes them.
pub fn drop_sql() -> Vec<String> {
    let mut out = vec![format!("DROP DATABASE IF EXISTS {FUNCTION_SCHEMA}")];
    out.extend(
        FUNCTIONS
            .iter()
            .map(|f| format!("DROP FUNCTION IF EXISTS {f}")),
    );
    out
}

/// `<id>-<sha256>.dict`, the name the library verifies the content by.
pub fn dictionary_file(d: &StoredDictionary) -> String {
    format!("{}-{}.dict", d.id, d.sha256.to_ascii_lowercase())
}

/// The library built next to the running `squeeze` (cargo puts both in
/// `target/<profile>/`; packages install both side by side).
pub fn default_library() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let p = exe.parent()?.join(BUILT_LIBRARY);
    p.is_file().then_some(p)
}

/// Whether a server that reports `facts`, reached at `address`, runs on
/// this host: reached over loopback, named as this host, and its plugin
/// directory exists here.
pub fn runs_here(address: &str, facts: &ServerFacts) -> bool {
    let host = address
        .rsplit_once(':')
        .map_or(address, |(h, _)| h)
        .trim_matches(['[', ']']);
    let loopback = matches!(host, "127.0.0.1" | "::1" | "localhost") || host.starts_with("127.");
    loopback && facts.hostname == local_hostname() && facts.plugin_dir.is_dir()
}

fn local_hostname() -> String {
    let mut buf = [0u8; 256];
    // SAFETY: gethostname writes at most buf.len() bytes.
    let rc = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
    if rc != 0 {
        return String::new();
    }
    let n = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    String::from_utf8_lossy(&buf[..n]).into_owned()
}

/// Every dictionary squeeze can read values with: the directory's, and
/// each shard's store rows that pass their checks; one id must mean one
/// content everywhere.
pub async fn dictionaries(
    cfg: &Config,
    conns: &mut [ShardConn],
) -> anyhow::Result<BTreeMap<u32, StoredDictionary>> {
    let mut all: BTreeMap<u32, StoredDictionary> = BTreeMap::new();
    let mut add = |d: StoredDictionary, from: &str| -> anyhow::Result<()> {
        if let Some(have) = all.get(&d.id) {
            if !have.sha256.eq_ignore_ascii_case(&d.sha256) {
                anyhow::bail!(
                    "dictionary {} has other bytes in {from} than elsewhere (sha256 {} vs {}): resolve this before installing",
                    d.id,
                    d.sha256,
                    have.sha256
                );
            }
            return Ok(());
        }
        all.insert(d.id, d);
        Ok(())
    };
    for d in crate::meta::loader::dir_dictionaries(&cfg.codec.dictionaries_dir) {
        add(d, "the dictionaries directory")?;
    }
    if cfg.codec.dictionary_store {
        for c in conns.iter_mut() {
            if let Ok(rows) = store::load_all(c, &cfg.codec.metadata_schema).await {
                for d in rows {
                    if d.check().is_ok() {
                        let from = format!("shard {}'s store", c.name);
                        add(d, &from)?;
                    }
                }
            }
        }
    }
    Ok(all)
}

/// `@@plugin_dir` and `@@hostname`.
pub async fn server_facts(c: &mut ShardConn) -> Result<ServerFacts, String> {
    let row: Option<(String, String)> = c
        .conn
        .query_first("SELECT @@plugin_dir, @@hostname")
        .await
        .map_err(|e| store::describe(&c.name, &e))?;
    let (dir, hostname) = row.ok_or_else(|| format!("shard {}: no answer", c.name))?;
    Ok(ServerFacts {
        plugin_dir: PathBuf::from(dir),
        hostname,
    })
}

/// Writes `bytes` to `path` through a temporary file and a rename: a
/// library the server has mapped is never overwritten in place.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

/// Puts the library and the dictionaries into `plugin_dir`.
pub fn place_files(
    plugin_dir: &Path,
    library: &[u8],
    dicts: &BTreeMap<u32, StoredDictionary>,
    max_value_size: usize,
) -> std::io::Result<()> {
    let dir = plugin_dir.join(DICTIONARY_DIR);
    std::fs::create_dir_all(&dir)?;
    for d in dicts.values() {
        let path = dir.join(dictionary_file(d));
        let same = std::fs::read(&path).is_ok_and(|b| b == d.content);
        if !same {
            write_atomically(&path, &d.content)?;
        }
    }
    write_atomically(
        &dir.join(LIMITS_FILE),
        format!("# written by `squeeze udf install`: codec.max_value_size\nmax_value_size = {max_value_size}\n").as_bytes(),
    )?;
    write_atomically(&plugin_dir.join(LIBRARY_FILE), library)
}

/// What an operator does by hand for a server on another host.
pub fn instructions(
    shard: &str,
    facts: &ServerFacts,
    staged: &Path,
    dicts: &BTreeMap<u32, StoredDictionary>,
) -> String {
    let mut s = format!(
        "shard {shard}: the server runs on host {:?}, not here. On that host, as root:\n",
        facts.hostname
    );
    let pd = facts.plugin_dir.display();
    s.push_str(&format!(
        "  install -m 0644 {}/{LIBRARY_FILE} {pd}/{LIBRARY_FILE}\n",
        staged.display()
    ));
    s.push_str(&format!("  install -d -m 0755 {pd}/{DICTIONARY_DIR}\n"));
    for d in dicts.values() {
        s.push_str(&format!(
            "  install -m 0644 {}/{DICTIONARY_DIR}/{f} {pd}/{DICTIONARY_DIR}/{f}\n",
            staged.display(),
            f = dictionary_file(d)
        ));
    }
    s.push_str(&format!(
        "  install -m 0644 {}/{DICTIONARY_DIR}/{LIMITS_FILE} {pd}/{DICTIONARY_DIR}/{LIMITS_FILE}\n",
        staged.display()
    ));
    s.push_str("then, as an account with INSERT and DELETE on the mysql schema:\n");
    for q in create_sql() {
        s.push_str(&format!("  {q};\n"));
    }
    s.push_str("and check with `squeeze udf status --config FILE`.\n");
    s
}

/// One shard's outcome of `install`.
pub struct Installed {
    pub shard: String,
    pub state: State,
    /// Set when the operator must finish by hand.
    pub instructions: Option<String>,
}

/// Installs on one shard (`library`: the file's bytes; `stage`: where a
/// remote shard's files are written for the operator to copy).
pub async fn install_shard(
    target: &ShardTarget,
    c: &mut ShardConn,
    library: &[u8],
    dicts: &BTreeMap<u32, StoredDictionary>,
    max_value_size: usize,
    stage: &Path,
) -> Installed {
    let shard = target.name.clone();
    let facts = match server_facts(c).await {
        Ok(f) => f,
        Err(e) => {
            return Installed {
                shard,
                state: State::Unreachable(e),
                instructions: None,
            }
        }
    };
    let expected: BTreeMap<u32, String> = dicts
        .iter()
        .map(|(id, d)| (*id, d.sha256.to_ascii_lowercase()))
        .collect();
    if !runs_here(&c.address, &facts) {
        let staged = stage.join(&shard);
        let note = match place_files(&staged, library, dicts, max_value_size) {
            Ok(()) => instructions(&shard, &facts, &staged, dicts),
            Err(e) => format!(
                "shard {shard}: cannot stage the files in {}: {e}",
                staged.display()
            ),
        };
        return Installed {
            shard,
            state: watch::probe(c, &expected).await,
            instructions: Some(note),
        };
    }
    if let Err(e) = place_files(&facts.plugin_dir, library, dicts, max_value_size) {
        return Installed {
            shard: shard.clone(),
            state: State::Absent(format!(
                "cannot write into {}: {e}",
                facts.plugin_dir.display()
            )),
            instructions: Some(instructions(&shard, &facts, stage, dicts)),
        };
    }
    for q in create_sql() {
        if let Err(e) = c.conn.query_drop(&q).await {
            let why = store::describe(&shard, &e);
            let mut note = format!("{why}\nthe files are in place; run as an account with INSERT and DELETE on the mysql schema:\n");
            for q in create_sql() {
                note.push_str(&format!("  {q};\n"));
            }
            return Installed {
                shard,
                state: State::Absent(why),
                instructions: Some(note),
            };
        }
    }
    Installed {
        state: watch::probe(c, &expected).await,
        shard,
        instructions: None,
    }
}

/// Removes the functions, and on a server on this host the files too.
pub async fn remove_shard(c: &mut ShardConn) -> Result<String, String> {
    for q in drop_sql() {
        c.conn
            .query_drop(&q)
            .await
            .map_err(|e| store::describe(&c.name, &e))?;
    }
    let facts = server_facts(c).await?;
    if runs_here(&c.address, &facts) {
        let _ = std::fs::remove_file(facts.plugin_dir.join(LIBRARY_FILE));
        let _ = std::fs::remove_dir_all(facts.plugin_dir.join(DICTIONARY_DIR));
        Ok(format!(
            "shard {}: functions dropped, files removed from {}",
            c.name,
            facts.plugin_dir.display()
        ))
    } else {
        Ok(format!(
            "shard {}: functions dropped; on host {:?} remove {}/{LIBRARY_FILE} and {}/{DICTIONARY_DIR}",
            c.name,
            facts.hostname,
            facts.plugin_dir.display(),
            facts.plugin_dir.display()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_loopback_server_with_this_hostname_and_a_local_plugin_dir_runs_here() {
        let here = ServerFacts {
            plugin_dir: std::env::temp_dir(),
            hostname: local_hostname(),
        };
        assert!(runs_here("127.0.0.1:3306", &here));
        assert!(runs_here("[::1]:3306", &here));
        assert!(!runs_here("10.0.0.5:3306", &here));
        let other_host = ServerFacts {
            hostname: "db-7.example".into(),
            ..here.clone()
        };
        assert!(!runs_here("127.0.0.1:3306", &other_host));
        let no_dir = ServerFacts {
            plugin_dir: PathBuf::from("/nonexistent/plugin"),
            ..here
        };
        assert!(!runs_here("127.0.0.1:3306", &no_dir));
    }

    #[test]
    fn the_functions_are_dropped_before_they_are_created_from_the_new_file() {
        let sql = create_sql();
        let n = FUNCTIONS.len();
        assert_eq!(sql.len(), 2 * n + 4);
        assert!(sql[..n]
            .iter()
            .all(|q| q.starts_with("DROP FUNCTION IF EXISTS")));
        assert!(sql[n..2 * n]
            .iter()
            .all(|q| q.ends_with("SONAME 'squeeze_udf.so'")));
        assert!(sql[2 * n + 1].contains("SQL SECURITY INVOKER RETURN squeeze_inflate(v)"));
        assert!(sql[2 * n + 2].starts_with("CREATE OR REPLACE FUNCTION squeeze_fn.copy_value("));
        assert_eq!(sql[2 * n + 3], "GRANT EXECUTE ON squeeze_fn.* TO PUBLIC");
    }
}
