//! Checks `serve` used to make only at startup (log filter, codec levels,
//! dictionaries, duplicate columns, backend TLS files), shared with
//! `check-config` through [`super::Config::validate_with`].

use std::collections::HashMap;

use super::secret::Secret;
use super::{AccountSource, BackendTls, ColumnConfig, Config, ConfigIssue, LogConfig};
use crate::codec::{CodecKind, DictionaryRegistry, ValueEncoder};

/// How much `validate_with` may look outside the configuration text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckMode {
    /// Everything `serve` checks: secrets are resolved, TLS files and
    /// dictionaries are read.
    Full,
    /// Syntax, types, ranges, names and duplicates only: no environment
    /// variables, password files, certificates or dictionaries needed
    /// (for CI, where secrets and mounted files are absent).
    Offline,
}

const LEVELS: &str = "trace, debug, info, warn, error, off";

/// Why `level` is not a log filter squeeze accepts, if it is not. Each
/// comma-separated directive is a level or `TARGET=LEVEL`; a bare word that
/// is not a level (e.g. `verbose`) would silently select a tracing target
/// of that name and log nothing, so it is refused.
pub fn log_level_error(level: &str) -> Option<String> {
    use std::str::FromStr;
    use tracing::level_filters::LevelFilter;
    if level.trim().is_empty() {
        return Some(format!("empty; use one of {LEVELS}"));
    }
    for directive in level.split(',') {
        let d = directive.trim();
        let lvl = match d.rsplit_once('=') {
            Some((target, lvl)) if !target.is_empty() => lvl,
            _ => d,
        };
        if LevelFilter::from_str(lvl).is_err() {
            return Some(format!(
                "{d:?} is not a level; use one of {LEVELS}, or TARGET=LEVEL (e.g. squeeze=debug)"
            ));
        }
    }
    tracing_subscriber::EnvFilter::try_new(level)
        .err()
        .map(|e| format!("{level:?} is not a log filter: {e}"))
}

/// `[admin]`: the token, from one source.
pub(super) fn admin(cfg: &Config, full: bool) -> Vec<ConfigIssue> {
    let mut issues = Vec::new();
    let mut issue = |path: String, message: String| issues.push(ConfigIssue { path, message });
    if full {
        if let Err(e) = cfg.admin.resolve_token() {
            issue("admin.token".into(), e);
        }
    } else if cfg.admin.token.is_some() && cfg.admin.token_env.is_some() {
        issue(
            "admin.token".into(),
            "set only one of token, token_env".into(),
        );
    } else if let Some(t) = &cfg.admin.token {
        if let Err(e) = crate::config::check_token_strength(t) {
            issue("admin.token".into(), e);
        }
    }
    if let Some(addr) = cfg.admin.listen {
        let tokenless = cfg.admin.token.is_none() && cfg.admin.token_env.is_none();
        if tokenless && !addr.ip().is_loopback() && !cfg.admin.open_without_token {
            issue(
                "admin.listen".into(),
                format!(
                    "{addr} is beyond loopback and no token is set: anyone who reaches it would see sessions and configuration and could reload. \
                     Set [admin] token_env, listen on 127.0.0.1, or set [admin] open_without_token = true to accept that"
                ),
            );
        }
    }
    if cfg.admin.max_connections == 0 {
        issue("admin.max_connections".into(), "must be at least 1".into());
    }
    if cfg.admin.header_timeout_ms < 100 {
        issue(
            "admin.header_timeout_ms".into(),
            "must be at least 100".into(),
        );
    }
    issues
}

/// `[routing]` over the configured shards.
pub(super) fn routing(cfg: &Config) -> Vec<ConfigIssue> {
    let mut issues = Vec::new();
    let shard_names: Vec<String> = cfg.backends().into_iter().map(|(n, _)| n).collect();
    if !shard_names.is_empty() {
        if let Err(e) = crate::router::Router::from_config(shard_names, &cfg.routing) {
            let (path, msg) = e
                .split_once(": ")
                .map(|(p, m)| (p.to_string(), m.to_string()))
                .unwrap_or(("routing".into(), e));
            issues.push(ConfigIssue { path, message: msg });
        }
    }
    issues
}

/// `[backend]` / `[shards.*]`: address, service credentials, TLS, timeouts.
pub(super) fn backends(cfg: &Config, full: bool) -> Vec<ConfigIssue> {
    let mut issues = Vec::new();
    let mut issue = |path: String, message: String| issues.push(ConfigIssue { path, message });
    if cfg.backend.is_none() && cfg.shards.is_empty() {
        issue(
            "backend".into(),
            "no backend configured: add [backend] address = \"host:port\" (or [shards.NAME])"
                .into(),
        );
    }
    if cfg.backend.is_some() && !cfg.shards.is_empty() {
        issue(
            "backend".into(),
            "[backend] and [shards] are exclusive: move the backend under [shards.NAME]".into(),
        );
    }
    for (name, b) in cfg.backends() {
        let path = if cfg.shards.is_empty() {
            "backend".to_string()
        } else {
            format!("shards.{name}")
        };
        if b.address
            .rsplit_once(':')
            .and_then(|(_, p)| p.parse::<u16>().ok())
            .is_none()
        {
            issue(
                format!("{path}.address"),
                format!("{:?} is not host:port", b.address),
            );
        }
        let pw = if full {
            b.service_password().map(|_| ())
        } else {
            Secret::check_sources(
                b.password.is_some(),
                b.password_env.is_some(),
                b.password_file.is_some(),
            )
        };
        if let Err(e) = pw {
            issue(format!("{path}.password"), e);
        }
        if b.password.is_some() as u8
            + b.password_env.is_some() as u8
            + b.password_file.is_some() as u8
            > 0
            && b.user.is_none()
        {
            issue(
                format!("{path}.user"),
                "a service password is set but no service user".into(),
            );
        }
        if matches!(b.tls, BackendTls::VerifyCa | BackendTls::VerifyIdentity) && b.tls_ca.is_none()
        {
            issue(
                format!("{path}.tls_ca"),
                "verify_ca/verify_identity need tls_ca = \"/path/ca.pem\"".into(),
            );
        }
        if b.connect_timeout_ms == 0 {
            issue(
                format!("{path}.connect_timeout_ms"),
                "must be greater than 0".into(),
            );
        }
    }
    issues
}

/// `[auth]` accounts and `[[users]]`: where client logins are checked.
pub(super) fn accounts_and_users(cfg: &Config, full: bool) -> Vec<ConfigIssue> {
    let mut issues = Vec::new();
    let mut issue = |path: String, message: String| issues.push(ConfigIssue { path, message });
    let server_accounts = cfg.auth.accounts == AccountSource::Server;
    if server_accounts {
        for (name, b) in cfg.backends() {
            if b.user.is_some() {
                let path = if cfg.shards.is_empty() {
                    "backend".to_string()
                } else {
                    format!("shards.{name}")
                };
                issue(format!("{path}.user"), "a service account replaces every client's own login, which contradicts auth.accounts = \"server\" (clients log in as their own server accounts): remove the service user, or use accounts = \"config\"".into());
            }
        }
    }
    let accounts_pw = if full {
        cfg.auth.accounts_password().map(|_| ())
    } else {
        Secret::check_sources(
            cfg.auth.accounts_password.is_some(),
            cfg.auth.accounts_password_env.is_some(),
            cfg.auth.accounts_password_file.is_some(),
        )
    };
    if let Err(e) = accounts_pw {
        issue("auth.accounts_password".into(), e);
    }
    let accounts_pw_set = cfg.auth.accounts_password.is_some()
        || cfg.auth.accounts_password_env.is_some()
        || cfg.auth.accounts_password_file.is_some();
    if accounts_pw_set && cfg.auth.accounts_user.is_none() {
        issue(
            "auth.accounts_user".into(),
            "an accounts password is set but no accounts_user".into(),
        );
    }
    if cfg.auth.accounts_user.is_some() && !server_accounts {
        issue(
            "auth.accounts_user".into(),
            "only used with accounts = \"server\" (it reads mysql.user to log clients into other shards); set accounts = \"server\" or remove it".into(),
        );
    }
    if cfg.users.is_empty() && !server_accounts {
        issue(
            "users".into(),
            "no users: add [[users]] name = \"app\" password = \"...\", or set [auth] accounts = \"server\" to log clients in with the server's own accounts".into(),
        );
    }
    let mut seen = std::collections::HashSet::new();
    for (i, u) in cfg.users.iter().enumerate() {
        if !seen.insert(u.name.clone()) {
            issue(
                format!("users[{i}].name"),
                format!("duplicate user {:?}", u.name),
            );
        }
        let checked = if full {
            u.secret().verifier().map(|_| ())
        } else {
            u.secret().check_offline()
        };
        if let Err(e) = checked {
            issue(format!("users[{i}]"), e);
        }
    }
    issues
}

/// Sizes, levels and intervals of `[proxy]`, `[limits]` and `[codec]`,
/// and the proxy's TLS files.
pub(super) fn limits(cfg: &Config, full: bool) -> Vec<ConfigIssue> {
    let mut issues = Vec::new();
    let mut issue = |path: String, message: String| issues.push(ConfigIssue { path, message });
    if cfg
        .proxy
        .max_packet_size
        .is_some_and(|m| !(1024..=super::MAX_PACKET_CEILING).contains(&m))
    {
        issue(
            "proxy.max_packet_size".into(),
            "must be between 1024 and 1073741824 bytes".into(),
        );
    }
    if let Some(b) = cfg.limits.memory_budget {
        if b < (1 << 20) {
            issue(
                "limits.memory_budget".into(),
                "must be at least 1048576 bytes (1 MiB)".into(),
            );
        }
    }
    if let Err(e) = check_schema_name(&cfg.codec.metadata_schema) {
        issue("codec.metadata_schema".into(), e);
    }
    if cfg.codec.dictionary_poll_secs == 0 {
        issue(
            "codec.dictionary_poll_secs".into(),
            "must be at least 1".into(),
        );
    }
    if cfg.proxy.client_compression_level > 9 {
        issue(
            "proxy.client_compression_level".into(),
            "zlib levels are 0..9".into(),
        );
    }
    if let Some(t) = &cfg.proxy.tls {
        if full {
            if let Err(e) = crate::net::tls::server_config(&t.cert, &t.key) {
                issue("proxy.tls".into(), format!("{e:#}"));
            }
        }
    }
    issues
}

pub(super) fn log(log: &LogConfig) -> Vec<ConfigIssue> {
    log_level_error(&log.level)
        .map(|message| ConfigIssue {
            path: "log.level".into(),
            message,
        })
        .into_iter()
        .collect()
}

/// Every backend's `tls_ca` can be read and parsed (`serve` builds its TLS
/// client configuration from it at startup).
pub(super) fn backend_tls_files(cfg: &Config) -> Vec<ConfigIssue> {
    let mut issues = Vec::new();
    for (name, b) in cfg.backends() {
        let path = if cfg.shards.is_empty() {
            "backend".to_string()
        } else {
            format!("shards.{name}")
        };
        let (Some(ca), true) = (&b.tls_ca, b.tls != BackendTls::Disabled) else {
            continue;
        };
        let identity = b.tls == BackendTls::VerifyIdentity;
        if let Err(e) = crate::net::tls::client_config(Some(ca), identity) {
            issues.push(ConfigIssue {
                path: format!("{path}.tls_ca"),
                message: format!("{e:#} (mount the CA file or fix the path)"),
            });
        }
    }
    issues
}

/// Every backend's `server_public_key` can be read and parses as an RSA
/// public key (the login encrypts the password to nothing else).
pub(super) fn backend_public_keys(cfg: &Config) -> Vec<ConfigIssue> {
    let mut issues = Vec::new();
    for (name, b) in cfg.backends() {
        let Some(path) = &b.server_public_key else {
            continue;
        };
        let parsed = std::fs::read(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
            .and_then(|pem| crate::protocol::auth::parse_rsa_public_key(&pem));
        if let Err(e) = parsed {
            let at = if cfg.shards.is_empty() {
                "backend".to_string()
            } else {
                format!("shards.{name}")
            };
            issues.push(ConfigIssue {
                path: format!("{at}.server_public_key"),
                message: format!(
                    "{e} (copy the server's key, e.g. from SHOW STATUS LIKE 'Caching_sha2_password_rsa_public_key', into that file)"
                ),
            });
        }
    }
    issues
}

/// `[[columns]]`: codec, level, names, duplicates and (in full mode) the
/// dictionaries they name.
pub(super) fn columns(cfg: &Config, mode: CheckMode) -> Vec<ConfigIssue> {
    let mut issues = Vec::new();
    let mut issue = |path: String, message: String| issues.push(ConfigIssue { path, message });
    let mut seen: HashMap<(String, String, String), usize> = HashMap::new();
    for (i, c) in cfg.columns.iter().enumerate() {
        let path = format!("columns[{i}]");
        if c.schema.is_empty() || c.table.is_empty() || c.column.is_empty() {
            issue(
                path.clone(),
                "schema, table and column must all be set".into(),
            );
        }
        if let Err(e) = crate::router::NamePattern::parse(&c.schema) {
            issue(format!("{path}.schema"), e);
        }
        let key = (
            c.schema.to_lowercase(),
            c.table.to_lowercase(),
            c.column.to_lowercase(),
        );
        if let Some(first) = seen.get(&key) {
            issue(
                path.clone(),
                format!(
                    "{}.{}.{} is already configured by columns[{first}]; keep one entry",
                    c.schema, c.table, c.column
                ),
            );
        } else {
            seen.insert(key, i);
        }
        for (k, e) in c.extract.iter().enumerate() {
            let at = format!("{path}.extract[{k}]");
            if let Err((key, m)) = super::extract::parse(e, &c.column) {
                issue(format!("{at}{key}"), m);
                continue;
            }
            let clash = (cfg.columns.iter())
                .filter(|o| o.table == c.table && o.schema == c.schema)
                .flat_map(|o| {
                    std::iter::once(o.column.as_str())
                        .chain(o.extract.iter().map(|x| x.column.as_str()))
                })
                .filter(|n| n.eq_ignore_ascii_case(&e.column))
                .count();
            if clash > 1 {
                issue(
                    format!("{at}.column"),
                    format!(
                        "`{}` is already a compressed or extracted column of {}.{}; each extracted path needs a column of its own",
                        e.column, c.schema, c.table
                    ),
                );
            }
        }
        if c.dictionary.as_deref().is_some_and(|d| d.trim().is_empty()) {
            issue(
                format!("{path}.dictionary"),
                "empty name; remove the key for no dictionary".into(),
            );
        }
        let Ok(codec) = c.codec.parse::<CodecKind>() else {
            issue(
                format!("{path}.codec"),
                format!("{:?} is not one of zstd, zlib, lz4", c.codec),
            );
            continue;
        };
        if let Some(level) = c.level {
            let range = codec.level_range();
            if !range.contains(&level) {
                issue(
                    format!("{path}.level"),
                    format!(
                        "{level} is outside {codec}'s levels {}..{}",
                        range.start(),
                        range.end()
                    ),
                );
            }
        }
    }
    if mode == CheckMode::Full && issues.is_empty() {
        issues.extend(dictionaries(cfg));
    }
    issues
}

/// Loads the dictionaries directory as `serve` does and builds each
/// column's encoder.
fn dictionaries(cfg: &Config) -> Vec<ConfigIssue> {
    let dir = &cfg.codec.dictionaries_dir;
    let users: Vec<usize> = (cfg.columns.iter().enumerate())
        .filter(|(_, c)| c.dictionary.is_some())
        .map(|(i, _)| i)
        .collect();
    let has_manifest = dir.join(crate::codec::registry::MANIFEST_FILE).exists();
    // Dictionaries loaded from the metadata store make the directory optional.
    let from_store = !has_manifest && !crate::codec::registry::stored_ids().is_empty();
    let registry = if !from_store && (has_manifest || !users.is_empty()) {
        match DictionaryRegistry::load_dir(dir) {
            Ok(r) => r,
            Err(e) => {
                let why = if dir.is_dir() {
                    format!("{e}")
                } else {
                    format!(
                        "{} does not exist or is not a directory (needed by columns[{}].dictionary); mount it, or create it with `squeeze dict train --dir {}`",
                        dir.display(),
                        users.first().copied().unwrap_or(0),
                        dir.display()
                    )
                };
                return vec![ConfigIssue {
                    path: "codec.dictionaries_dir".into(),
                    message: why,
                }];
            }
        }
    } else {
        DictionaryRegistry::empty()
    };
    let mut issues = Vec::new();
    for (i, c) in cfg.columns.iter().enumerate() {
        if let Err((path, message)) = encoder(c, &registry, &cfg.codec.dictionaries_dir)
            .map(|_| ())
            .map_err(|(k, m)| (format!("columns[{i}]{k}"), m))
        {
            issues.push(ConfigIssue { path, message });
        }
    }
    issues
}

/// The encoder `serve` would use for column `c`; on error, the key suffix
/// (`.dictionary`, ...) and the cause.
pub fn encoder(
    c: &ColumnConfig,
    registry: &DictionaryRegistry,
    dir: &std::path::Path,
) -> Result<ValueEncoder, (String, String)> {
    let codec: CodecKind = c.codec.parse().map_err(|e| (".codec".to_string(), e))?;
    let level = c.level.unwrap_or_else(|| codec.default_level());
    let dict = match &c.dictionary {
        Some(name) => Some(registry.latest_by_name(name).ok_or_else(|| {
            let names = registry.names();
            (
                ".dictionary".to_string(),
                format!(
                    "no dictionary named {name:?} for {}.{}.{} in {} or the metadata store (available: {}); train it with `squeeze dict train --name {name} --dir {}`, or publish one to the shards with `squeeze dict publish`, or name an available one",
                    c.schema,
                    c.table,
                    c.column,
                    dir.display(),
                    if names.is_empty() { "none".to_string() } else { names.join(", ") },
                    dir.display()
                ),
            )
        })?),
        None => None,
    };
    ValueEncoder::new(codec, level, dict, c.min_size).map_err(|e| (String::new(), e.to_string()))
}

/// `codec.metadata_schema` must be a plain identifier: it is spliced into
/// statements (quoted) and must match what a dump restores.
pub fn check_schema_name(name: &str) -> Result<(), String> {
    if name.is_empty() || name.len() > 64 {
        return Err(format!("{name:?}: a schema name is 1..64 characters"));
    }
    if !name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
    {
        return Err(format!(
            "{name:?}: use letters, digits, `_` and `$` only (e.g. squeeze_meta)"
        ));
    }
    Ok(())
}
