//! Reading and writing the metadata schema on the shards over normal
//! client connections (mysql_async). Used by the proxy's loader and by the
//! `dict publish|export|delete` and `backfill|compact|restore` commands.
use std::time::Duration;

use mysql_async::prelude::Queryable;
use mysql_async::{Conn, Opts, OptsBuilder, SslOpts};

use super::schema::{codes, ddl, quote_ident, StoredDictionary};
use crate::config::{BackendConfig, Config};

/// Where one shard's metadata lives and how to log in.
#[derive(Debug, Clone)]
pub struct ShardTarget {
    pub name: String,
    pub opts: Opts,
    pub connect_timeout: Duration,
    /// The shard's pinned `server_public_key` (PEM), the only key a
    /// plaintext login encrypts the password to (`auth_guard`).
    pub server_public_key: Option<String>,
}

/// An open connection to one shard.
pub struct ShardConn {
    pub name: String,
    pub conn: Conn,
    /// The shard's configured `host:port` (the connection itself may run
    /// through the loopback login guard).
    pub address: String,
}

/// The account squeeze uses for its own statements: the service account
/// when one is configured, else `[auth] accounts_user`, else the first
/// client account (by name) with a plaintext password or a backend login,
/// as the health probes do.
pub fn login(cfg: &Config) -> Option<(String, String)> {
    for (_, b) in cfg.backends() {
        if let Some(u) = &b.user {
            let p = b.service_password().ok().flatten().unwrap_or_default();
            return Some((u.clone(), p));
        }
    }
    if let Some(u) = &cfg.auth.accounts_user {
        let p = cfg
            .auth
            .accounts_password()
            .ok()
            .flatten()
            .unwrap_or_default();
        return Some((u.clone(), p));
    }
    let mut users: Vec<_> = cfg.users.iter().collect();
    users.sort_by(|a, b| a.name.cmp(&b.name));
    users.into_iter().find_map(|u| {
        if let Some(bu) = &u.backend_user {
            return Some((bu.clone(), u.backend_password.clone().unwrap_or_default()));
        }
        match u.secret().plaintext_value() {
            Ok(Some(p)) => Some((u.name.clone(), p)),
            _ => None,
        }
    })
}

/// Connection options for one configured backend with `login`.
pub fn shard_opts(b: &BackendConfig, user: &str, password: &str) -> anyhow::Result<Opts> {
    let (host, port) = b
        .address
        .rsplit_once(':')
        .and_then(|(h, p)| Some((h.trim_matches(['[', ']']), p.parse::<u16>().ok()?)))
        .ok_or_else(|| anyhow::anyhow!("{:?} is not host:port", b.address))?;
    let ca = || {
        b.tls_ca
            .iter()
            .map(|p| p.clone().into())
            .collect::<Vec<_>>()
    };
    // The sessions' rule (`BackendTls::verification`), in mysql_async's terms.
    let ssl = b
        .tls
        .verification(b.tls_ca.is_some())
        .map(|v| match (v.chain, v.name) {
            (false, _) => SslOpts::default().with_danger_accept_invalid_certs(true),
            (true, false) => SslOpts::default()
                .with_root_certs(ca())
                .with_danger_skip_domain_validation(true),
            (true, true) => SslOpts::default().with_root_certs(ca()),
        });
    Ok(OptsBuilder::default()
        .ip_or_hostname(host)
        .tcp_port(port)
        .user(Some(user))
        .pass(Some(password))
        .prefer_socket(false)
        .ssl_opts(ssl)
        .into())
}

/// The shard's `server_public_key`, parsed and written again as PKCS#8 PEM
/// (what mysql_async reads from a server).
fn pinned_key_pem(b: &BackendConfig) -> anyhow::Result<Option<String>> {
    use rsa::pkcs8::{EncodePublicKey, LineEnding};
    let Some(path) = &b.server_public_key else {
        return Ok(None);
    };
    let pem = std::fs::read(path)
        .map_err(|e| anyhow::anyhow!("server_public_key {}: {e}", path.display()))?;
    let key = crate::protocol::auth::parse_rsa_public_key(&pem)
        .map_err(|e| anyhow::anyhow!("server_public_key {}: {e}", path.display()))?;
    let pem = key
        .to_public_key_pem(LineEnding::LF)
        .map_err(|e| anyhow::anyhow!("server_public_key {}: {e}", path.display()))?;
    Ok(Some(pem))
}

/// Every configured shard with the squeeze login, or why there is none.
pub fn targets(cfg: &Config) -> anyhow::Result<Vec<ShardTarget>> {
    // mysql_async builds its TLS configuration with rustls' process-wide provider.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let (user, password) = login(cfg).ok_or_else(|| {
        anyhow::anyhow!(
            "no account to reach the metadata schema with: set [backend] user/password (a service account) or give a user a plaintext password"
        )
    })?;
    cfg.backends()
        .iter()
        .map(|(name, b)| {
            Ok(ShardTarget {
                name: name.clone(),
                opts: shard_opts(b, &user, &password)
                    .map_err(|e| anyhow::anyhow!("shard {name}: {e}"))?,
                connect_timeout: Duration::from_millis(b.connect_timeout_ms.max(100)),
                server_public_key: pinned_key_pem(b)
                    .map_err(|e| anyhow::anyhow!("shard {name}: {e}"))?,
            })
        })
        .collect()
}

/// A readable one-line reason for a failed statement or connection.
pub fn describe(shard: &str, e: &mysql_async::Error) -> String {
    match e {
        mysql_async::Error::Server(s) => {
            format!(
                "shard {shard}: ERROR {} ({}): {}",
                s.code, s.state, s.message
            )
        }
        other => format!("shard {shard}: {other}"),
    }
}

/// The server error code of `e`, if the server sent one.
pub fn server_code(e: &mysql_async::Error) -> Option<u16> {
    match e {
        mysql_async::Error::Server(s) => Some(s.code),
        _ => None,
    }
}

/// Is this the server saying the account lacks a privilege?
pub fn is_denied(e: &mysql_async::Error) -> bool {
    matches!(
        server_code(e),
        Some(codes::DB_ACCESS_DENIED | codes::TABLE_ACCESS_DENIED | 1045 | 1227)
    )
}

impl ShardTarget {
    /// Connects within the shard's `connect_timeout_ms`.
    pub async fn connect(&self) -> Result<ShardConn, String> {
        let opts = if self.opts.ssl_opts().is_none() {
            // Plaintext: through the login guard (`auth_guard`).
            let upstream = (self.opts.ip_or_hostname().to_string(), self.opts.tcp_port());
            let hop = super::auth_guard::guarded_hop(
                upstream,
                self.name.clone(),
                self.server_public_key.clone(),
                self.connect_timeout,
            )
            .await
            .map_err(|e| format!("shard {}: login guard: {e}", self.name))?;
            OptsBuilder::from_opts(self.opts.clone())
                .ip_or_hostname(hop.ip().to_string())
                .tcp_port(hop.port())
                .prefer_socket(false)
                .into()
        } else {
            self.opts.clone()
        };
        match tokio::time::timeout(self.connect_timeout, Conn::new(opts)).await {
            Ok(Ok(conn)) => Ok(ShardConn {
                name: self.name.clone(),
                conn,
                address: format!("{}:{}", self.opts.ip_or_hostname(), self.opts.tcp_port()),
            }),
            Ok(Err(e)) => Err(describe(&self.name, &e)),
            Err(_) => Err(format!(
                "shard {}: no connection within {} ms",
                self.name,
                self.connect_timeout.as_millis()
            )),
        }
    }
}

/// Connects to every shard, or names the first that failed.
pub async fn connect_all(targets: &[ShardTarget]) -> anyhow::Result<Vec<ShardConn>> {
    let conns = futures::future::join_all(targets.iter().map(|t| t.connect())).await;
    conns
        .into_iter()
        .map(|c| c.map_err(anyhow::Error::msg))
        .collect()
}

/// Creates the metadata schema and its tables where missing.
pub async fn ensure_schema(c: &mut ShardConn, db: &str) -> Result<(), mysql_async::Error> {
    for stmt in ddl(db) {
        c.conn.query_drop(stmt).await?;
    }
    Ok(())
}

const COLUMNS: &str =
    "id, name, codec, content, sha256, created, source, samples, holdout_samples, level, ratio";

type Row = (
    u32,
    String,
    String,
    Vec<u8>,
    String,
    String,
    String,
    u64,
    u64,
    i32,
    f64,
);

fn from_row(r: Row) -> StoredDictionary {
    StoredDictionary {
        id: r.0,
        name: r.1,
        codec: r.2,
        content: r.3,
        sha256: r.4,
        created: r.5,
        source: r.6,
        samples: r.7,
        holdout_samples: r.8,
        level: r.9,
        ratio: r.10,
    }
}

/// Every dictionary of one shard, by id.
pub async fn load_all(
    c: &mut ShardConn,
    db: &str,
) -> Result<Vec<StoredDictionary>, mysql_async::Error> {
    let rows: Vec<mysql_async::Row> = c
        .conn
        .query(format!(
            "SELECT {COLUMNS} FROM {}.dictionary ORDER BY id",
            quote_ident(db)
        ))
        .await?;
    Ok(typed::<Row>(&c.name, rows)
        .into_iter()
        .map(from_row)
        .collect())
}

/// Each dictionary's id and content length, without reading any content:
/// a row over the size cap is refused before it costs memory.
pub async fn lengths(
    c: &mut ShardConn,
    db: &str,
) -> Result<Vec<(u32, u64, String)>, mysql_async::Error> {
    let rows: Vec<mysql_async::Row> = c
        .conn
        .query(format!(
            "SELECT id, LENGTH(content), name FROM {}.dictionary ORDER BY id",
            quote_ident(db)
        ))
        .await?;
    Ok(typed(&c.name, rows))
}

/// The rows that convert to `T`; the others (a table altered to other
/// column types, NULLs) are counted and skipped: mysql_async's own typed
/// reads panic on a value that does not convert.
fn typed<T: mysql_async::prelude::FromRow>(shard: &str, rows: Vec<mysql_async::Row>) -> Vec<T> {
    rows.into_iter()
        .filter_map(|r| match mysql_async::from_row_opt::<T>(r) {
            Ok(t) => Some(t),
            Err(mysql_async::FromRowError(r)) => {
                let id = row_id(&r);
                // Refused for good like a checked row: the loader lists the
                // ids at every poll, and one bad row must not be logged and
                // counted again each time.
                if first_report(shard, &id) {
                    crate::metrics::store_row_rejected("unreadable");
                    tracing::error!(shard, id = %id, "a row of the metadata store's dictionary table has values of unexpected types: skipped");
                }
                None
            }
        })
        .collect()
}

/// A row's id (its first column) as a number, whichever protocol read it,
/// or "unreadable"; never the other values (they may be content).
fn row_id(r: &mysql_async::Row) -> String {
    r.as_ref(0)
        .and_then(|v| mysql_async::from_value_opt::<i64>(v.clone()).ok())
        .map_or_else(|| "unreadable".to_string(), |id| id.to_string())
}

/// Whether the unreadable row `id` of `shard` is met for the first time
/// in this process.
fn first_report(shard: &str, id: &str) -> bool {
    static REPORTED: std::sync::LazyLock<
        std::sync::Mutex<std::collections::HashSet<(String, String)>>,
    > = std::sync::LazyLock::new(Default::default);
    REPORTED
        .lock()
        .map(|mut seen| seen.insert((shard.to_string(), id.to_string())))
        .unwrap_or(true)
}

/// Every dictionary of one shard whose content is at most `max_size`
/// bytes; the others as (id, length).
pub async fn load_capped(
    c: &mut ShardConn,
    db: &str,
    max_size: u64,
) -> Result<(Vec<StoredDictionary>, Vec<(u32, u64)>), mysql_async::Error> {
    let mut ok = Vec::new();
    let mut too_large = Vec::new();
    for (id, len, _) in lengths(c, db).await? {
        if len > max_size {
            too_large.push((id, len));
        } else if let Some(d) = load_one(c, db, id).await? {
            ok.push(d);
        }
    }
    Ok((ok, too_large))
}

/// Which metadata store this shard is, for the local pin file: its
/// address, the schema and when its dictionary table was created (a fresh
/// server on a reused address is another store).
pub async fn store_identity(c: &mut ShardConn, db: &str) -> Result<String, mysql_async::Error> {
    let created: Option<Option<String>> = c
        .conn
        .exec_first(
            "SELECT CAST(CREATE_TIME AS CHAR) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'dictionary'",
            (db,),
        )
        .await?;
    Ok(format!(
        "{}/{db}/{}",
        c.address,
        created.flatten().unwrap_or_default().replace(' ', "T")
    ))
}

/// The columns (`schema.table.column`) recorded as using dictionary `id`.
pub async fn users_of(
    c: &mut ShardConn,
    db: &str,
    id: u32,
) -> Result<Vec<String>, mysql_async::Error> {
    c.conn
        .exec(
            format!(
                "SELECT CONCAT(schema_name, '.', table_name, '.', column_name) FROM {}.dictionary_use WHERE dictionary_id = ?",
                quote_ident(db)
            ),
            (id,),
        )
        .await
}

/// The ids one shard holds.
pub async fn load_ids(c: &mut ShardConn, db: &str) -> Result<Vec<u32>, mysql_async::Error> {
    c.conn
        .query(format!("SELECT id FROM {}.dictionary", quote_ident(db)))
        .await
}

/// One dictionary by id, if the shard holds it.
pub async fn load_one(
    c: &mut ShardConn,
    db: &str,
    id: u32,
) -> Result<Option<StoredDictionary>, mysql_async::Error> {
    let row: Option<mysql_async::Row> = c
        .conn
        .exec_first(
            format!(
                "SELECT {COLUMNS} FROM {}.dictionary WHERE id = ?",
                quote_ident(db)
            ),
            (id,),
        )
        .await?;
    Ok(typed::<Row>(&c.name, row.into_iter().collect())
        .into_iter()
        .next()
        .map(from_row))
}

/// Which id a dictionary must get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdPolicy {
    /// This id or nothing (a directory's dictionary: rows already written
    /// by a squeeze using the directory reference it).
    Exactly(u32),
    /// The fleet's highest id + 1.
    Next,
}

/// What `publish` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Published {
    /// The same content was already in the fleet under this id (now on
    /// every shard given).
    Already(u32),
    /// Inserted under this new id.
    New(u32),
}

impl Published {
    pub fn id(&self) -> u32 {
        match self {
            Published::Already(id) | Published::New(id) => *id,
        }
    }
}

async fn on_all(conns: &mut [ShardConn], sql: &str) {
    for c in conns.iter_mut() {
        let _ = c.conn.query_drop(sql).await;
    }
}

/// Publishes `d` to every shard of `conns` under one id no other
/// dictionary of the fleet has. Each shard's allocation runs in a
/// transaction that locks the end of its id index (`MAX(id) ... FOR
/// UPDATE`), so two publishers cannot pick the same id; the primary key
/// refuses a duplicate anyway and the loser retries. Content already
/// published (same sha256) keeps its id and is copied to shards missing it.
///
/// The shards commit one after another (there is no two-phase commit):
/// an interrupted publish leaves some shards without the dictionary, and
/// running it again completes it with the same id.
pub async fn publish(
    conns: &mut [ShardConn],
    db: &str,
    d: &StoredDictionary,
    policy: IdPolicy,
) -> Result<Published, String> {
    let q = quote_ident(db);
    let mut last = String::new();
    for _attempt in 0..5 {
        on_all(conns, "START TRANSACTION").await;
        match publish_once(conns, &q, d, policy).await {
            Ok(p) => {
                for c in conns.iter_mut() {
                    c.conn
                        .query_drop("COMMIT")
                        .await
                        .map_err(|e| describe(&c.name, &e))?;
                }
                return Ok(p);
            }
            Err((retry, why)) => {
                on_all(conns, "ROLLBACK").await;
                if !retry {
                    return Err(why);
                }
                last = why;
            }
        }
    }
    Err(format!("gave up after 5 attempts: {last}"))
}

/// One attempt inside open transactions; `Err((retry, why))`.
async fn publish_once(
    conns: &mut [ShardConn],
    q: &str,
    d: &StoredDictionary,
    policy: IdPolicy,
) -> Result<Published, (bool, String)> {
    let (existing, max_id) = survey(conns, q, d).await?;
    let (id, fresh) = match (existing, policy) {
        (Some((id, _)), _) => (id, false),
        (None, IdPolicy::Exactly(id)) => (id, true),
        (None, IdPolicy::Next) => (max_id + 1, true),
    };
    for c in conns.iter_mut() {
        claim_id(c, q, d, id).await?;
    }
    Ok(if fresh {
        Published::New(id)
    } else {
        Published::Already(id)
    })
}

fn fatal(c: &ShardConn, e: mysql_async::Error) -> (bool, String) {
    (false, describe(&c.name, &e))
}

/// The first row of `stmt` as `T`, or an error naming the shard and table
/// when its values do not convert (mysql_async's typed reads panic on a
/// table altered by hand; a publish must stop with a message instead).
async fn first_typed<T, P>(
    c: &mut ShardConn,
    stmt: String,
    params: P,
    table: &str,
) -> Result<Option<T>, (bool, String)>
where
    T: mysql_async::prelude::FromRow + Send + 'static,
    P: Into<mysql_async::Params> + Send,
{
    let row: Option<mysql_async::Row> = c
        .conn
        .exec_first(stmt, params)
        .await
        .map_err(|e| fatal(c, e))?;
    row.map(|r| {
        mysql_async::from_row_opt::<T>(r).map_err(|_| {
            crate::metrics::store_row_rejected("unreadable");
            (
                false,
                format!(
                    "shard {}: a row of {table} has values of unexpected types (the table was altered?); \
                     fix the row or restore the table's definition (docs/configuration.md, \"Dictionaries live with the data\")",
                    c.name
                ),
            )
        })
    })
    .transpose()
}

/// The id the fleet already gives these bytes (and on which shard), and
/// the highest id ever used, deleted ones included; rows read FOR UPDATE.
async fn survey(
    conns: &mut [ShardConn],
    q: &str,
    d: &StoredDictionary,
) -> Result<(Option<(u32, String)>, u32), (bool, String)> {
    let mut existing: Option<(u32, String)> = None;
    let mut max_id = 0u32;
    for c in conns.iter_mut() {
        let by_sha: Option<u32> = first_typed(
            c,
            format!("SELECT id FROM {q}.dictionary WHERE sha256 = ? FOR UPDATE"),
            (&d.sha256,),
            "the dictionary table",
        )
        .await?;
        if let Some(id) = by_sha {
            match &existing {
                Some((other, shard)) if *other != id => {
                    return Err((
                        false,
                        format!(
                            "the same dictionary has id {other} on shard {shard} and id {id} on shard {}; the fleet disagrees, fix it by hand",
                            c.name
                        ),
                    ))
                }
                _ => existing = Some((id, c.name.clone())),
            }
        }
        // Deleted ids count: an id is never given to other content.
        for table in ["dictionary", "dictionary_retired"] {
            let m: Option<u32> = first_typed(
                c,
                format!("SELECT COALESCE(MAX(id), 0) FROM {q}.{table} FOR UPDATE"),
                (),
                table,
            )
            .await?;
            max_id = max_id.max(m.unwrap_or(0));
        }
    }
    Ok((existing, max_id))
}

/// Store the dictionary under `id` on one shard, unless it is there
/// already; refused when the id belongs (or belonged) to other content.
async fn claim_id(
    c: &mut ShardConn,
    q: &str,
    d: &StoredDictionary,
    id: u32,
) -> Result<(), (bool, String)> {
    let at_id: Option<(String, String)> = first_typed(
        c,
        format!("SELECT sha256, name FROM {q}.dictionary WHERE id = ? FOR UPDATE"),
        (id,),
        "the dictionary table",
    )
    .await?;
    let retired: Option<(String, String)> = first_typed(
        c,
        format!("SELECT sha256, name FROM {q}.dictionary_retired WHERE id = ?"),
        (id,),
        "the dictionary_retired table",
    )
    .await?;
    if let Some((_, name)) = retired.filter(|(sha, _)| !sha.eq_ignore_ascii_case(&d.sha256)) {
        return Err((
            false,
            format!(
                "id {id} on shard {} belonged to the deleted dictionary {name:?}; ids are never reused (publish with --new-id)",
                c.name
            ),
        ));
    }
    match at_id {
        Some((sha, _)) if sha.eq_ignore_ascii_case(&d.sha256) => return Ok(()),
        Some((_, name)) => {
            return Err((
                false,
                format!(
                    "id {id} is taken on shard {} by another dictionary ({name:?})",
                    c.name
                ),
            ))
        }
        None => {}
    }
    let r = c
        .conn
        .exec_drop(
            format!(
                "INSERT INTO {q}.dictionary ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ),
            (
                id,
                &d.name,
                &d.codec,
                &d.content,
                &d.sha256,
                &d.created,
                &d.source,
                d.samples,
                d.holdout_samples,
                d.level,
                d.ratio,
            ),
        )
        .await;
    if let Err(e) = r {
        // Someone else took the id (or published the same bytes)
        // between our read and our insert: start over.
        let retry = server_code(&e) == Some(codes::DUP_ENTRY);
        return Err((retry, describe(&c.name, &e)));
    }
    Ok(())
}

/// Records that `schema.table.column` writes with dictionary `id` (the
/// row that makes the foreign key refuse to delete it).
pub async fn record_use(
    c: &mut ShardConn,
    db: &str,
    column: (&str, &str, &str),
    id: u32,
) -> Result<(), mysql_async::Error> {
    c.conn
        .exec_drop(
            format!(
                "INSERT INTO {}.dictionary_use (schema_name, table_name, column_name, dictionary_id, since) \
                 VALUES (?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE since = since",
                quote_ident(db)
            ),
            (
                column.0,
                column.1,
                column.2,
                id,
                crate::codec::registry::now_rfc3339(),
            ),
        )
        .await
}

/// Deletes dictionary `id` from every shard, or from none: the foreign
/// key of `dictionary_use` refuses while a column uses it, and the
/// message names the columns and what to do.
pub async fn delete(conns: &mut [ShardConn], db: &str, id: u32) -> Result<usize, String> {
    let q = quote_ident(db);
    on_all(conns, "START TRANSACTION").await;
    let mut deleted = 0;
    for i in 0..conns.len() {
        let c = &mut conns[i];
        // Retire the id first (same transaction): it is never given out again.
        let r = c
            .conn
            .exec_drop(
                format!(
                    "INSERT IGNORE INTO {q}.dictionary_retired (id, name, sha256, deleted) \
                     SELECT id, name, sha256, ? FROM {q}.dictionary WHERE id = ?"
                ),
                (crate::codec::registry::now_rfc3339(), id),
            )
            .await;
        if let Err(e) = r {
            let why = describe(&c.name, &e);
            on_all(conns, "ROLLBACK").await;
            return Err(why);
        }
        let c = &mut conns[i];
        let r = c
            .conn
            .exec_iter(format!("DELETE FROM {q}.dictionary WHERE id = ?"), (id,))
            .await;
        match r {
            Ok(res) => {
                deleted += res.affected_rows() as usize;
                drop(res);
            }
            Err(e) if server_code(&e) == Some(codes::ROW_IS_REFERENCED) => {
                let users: Vec<String> = c
                    .conn
                    .exec(
                        format!(
                            "SELECT CONCAT(schema_name, '.', table_name, '.', column_name) \
                             FROM {q}.dictionary_use WHERE dictionary_id = ? ORDER BY 1"
                        ),
                        (id,),
                    )
                    .await
                    .unwrap_or_default();
                let name = c.name.clone();
                on_all(conns, "ROLLBACK").await;
                return Err(format!(
                    "dictionary {id} is in use on shard {name} by {} (ERROR 1451: the dictionary_use foreign key refuses the delete); rows may reference it. Switch those columns to another dictionary, run `squeeze compact` (or `restore`) so no row references id {id}, delete their rows from {db}.dictionary_use, then delete it",
                    if users.is_empty() { "a column".to_string() } else { users.join(", ") }
                ));
            }
            Err(e) => {
                let why = describe(&c.name, &e);
                on_all(conns, "ROLLBACK").await;
                return Err(why);
            }
        }
    }
    for c in conns.iter_mut() {
        c.conn
            .query_drop("COMMIT")
            .await
            .map_err(|e| describe(&c.name, &e))?;
    }
    Ok(deleted)
}
