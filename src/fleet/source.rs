//! `dict train --from mysql://...`: connecting (TLS, password from the
//! environment or a file, readable errors) and drawing the sample planned
//! by `sample_plan`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use anyhow::bail;
use mysql_async::prelude::Queryable;

use super::sample_plan::{
    chunk_size, is_integer_type, max_queries, quote_ident, random_start, range_query,
};

/// Where the rows come from and how to log in.
#[derive(Debug, Clone)]
pub struct Source {
    pub url: String,
    pub password_env: Option<String>,
    pub password_file: Option<PathBuf>,
    pub tls_ca: Option<PathBuf>,
}

/// `mysql://user:secret@host/db` -> `mysql://user:***@host/db`, for messages.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (auth, host) = match rest.rsplit_once('@') {
        Some(p) => p,
        None => return url.to_string(),
    };
    match auth.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

impl Source {
    /// Connection options: the URL, plus the password and TLS flags.
    pub fn opts(&self) -> anyhow::Result<mysql_async::Opts> {
        let shown = redact_url(&self.url);
        let opts = mysql_async::Opts::from_url(&self.url)
            .map_err(|e| anyhow::anyhow!("invalid --from URL {shown}: {e}"))?;
        let password = match (&self.password_env, &self.password_file) {
            (Some(var), _) => Some(std::env::var(var).map_err(|_| {
                anyhow::anyhow!("environment variable {var} (--password-env) is not set")
            })?),
            (None, Some(path)) => Some(
                std::fs::read_to_string(path)
                    .map_err(|e| anyhow::anyhow!("--password-file {}: {e}", path.display()))?
                    .trim_end_matches(['\n', '\r'])
                    .to_string(),
            ),
            (None, None) => None,
        };
        if password.is_some() && opts.pass().is_some() {
            bail!("the --from URL already holds a password; remove it from the URL (prefer --password-env or --password-file)");
        }
        let mut b = mysql_async::OptsBuilder::from_opts(opts.clone());
        if let Some(p) = password {
            b = b.pass(Some(p));
        }
        if let Some(ca) = &self.tls_ca {
            let ssl = opts
                .ssl_opts()
                .cloned()
                .unwrap_or_default()
                .with_root_certs(vec![ca.clone().into()]);
            b = b.ssl_opts(Some(ssl));
        }
        Ok(b.into())
    }
}

/// A readable message for a failed connection or query.
pub fn describe_error(e: &mysql_async::Error, opts: &mysql_async::Opts) -> String {
    use mysql_async::{Error, IoError};
    let at = format!("{}:{}", opts.ip_or_hostname(), opts.tcp_port());
    match e {
        Error::Io(IoError::Io(io)) => {
            let why = match io.kind() {
                std::io::ErrorKind::ConnectionRefused => "connection refused".to_string(),
                std::io::ErrorKind::TimedOut => "timed out".to_string(),
                std::io::ErrorKind::ConnectionReset => "connection reset by the server".to_string(),
                _ => io.to_string(),
            };
            format!("cannot connect to {at}: {why}")
        }
        Error::Io(IoError::Tls(t)) => format!(
            "TLS with {at} failed: {t} (give the server's CA with --tls-ca PATH, or add verify_ca=false to the URL to skip verification)"
        ),
        Error::Server(s) if s.code == 1045 && opts.ssl_opts().is_none() => format!(
            "{at} refused the login as {}: {} (if the account REQUIRES SSL, add ?require_ssl=true to the URL and --tls-ca CA.pem)",
            opts.user().unwrap_or(""),
            s.message
        ),
        Error::Server(s) => format!("{at}: ERROR {} ({}): {}", s.code, s.state, s.message),
        other => format!("{at}: {other}"),
    }
}

/// Reads about `n` non-null values of `table.column`, randomly spread over
/// the table (see `sample_plan`); tables without a single-column integer
/// primary key give their first `n` rows instead (with a warning).
pub fn sample(source: &Source, table: &str, column: &str, n: u64) -> anyhow::Result<Vec<Vec<u8>>> {
    // mysql_async builds its TLS configuration with rustls' process-wide
    // provider; squeeze itself passes ring explicitly.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let opts = source.opts()?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    rt.block_on(async {
        let mut conn = mysql_async::Conn::new(opts.clone())
            .await
            .map_err(|e| anyhow::anyhow!(describe_error(&e, &opts)))?;
        let rows = draw(&mut conn, table, column, n)
            .await
            .map_err(|e| anyhow::anyhow!(describe_error(&e, &opts)))?;
        let _ = conn.disconnect().await;
        Ok(rows)
    })
}

async fn draw(
    conn: &mut mysql_async::Conn,
    table: &str,
    column: &str,
    n: u64,
) -> Result<Vec<Vec<u8>>, mysql_async::Error> {
    let (schema_sql, table_name) = match table.split_once('.') {
        Some((db, t)) => (crate::backend::query::quote(db), t),
        None => ("DATABASE()".to_string(), table),
    };
    let pk: Vec<(String, String)> = conn
        .query(format!(
            "SELECT k.COLUMN_NAME, c.DATA_TYPE FROM information_schema.KEY_COLUMN_USAGE k \
             JOIN information_schema.COLUMNS c ON c.TABLE_SCHEMA = k.TABLE_SCHEMA \
             AND c.TABLE_NAME = k.TABLE_NAME AND c.COLUMN_NAME = k.COLUMN_NAME \
             WHERE k.CONSTRAINT_NAME = 'PRIMARY' AND k.TABLE_SCHEMA = {schema_sql} AND k.TABLE_NAME = {}",
            crate::backend::query::quote(table_name)
        ))
        .await?;
    let key = match pk.as_slice() {
        [(name, ty)] if is_integer_type(ty) => name.clone(),
        _ => {
            eprintln!(
                "warning: {table} has no single-column integer primary key; using its first {n} rows (not a random sample)"
            );
            let (t, c) = (quote_ident(table), quote_ident(column));
            return conn
                .query(format!(
                    "SELECT {c} FROM {t} WHERE {c} IS NOT NULL LIMIT {n}"
                ))
                .await;
        }
    };
    let k = quote_ident(&key);
    let bounds: Vec<(Option<String>, Option<String>)> = conn
        .query(format!(
            "SELECT CAST(MIN({k}) AS CHAR), CAST(MAX({k}) AS CHAR) FROM {}",
            quote_ident(table)
        ))
        .await?;
    let parse = |v: &Option<String>| v.as_deref().and_then(|s| s.parse::<i128>().ok());
    let Some((Some(min), Some(max))) = bounds.first().map(|(a, b)| (parse(a), parse(b))) else {
        return Ok(Vec::new()); // empty table
    };
    let chunk = chunk_size(n);
    let mut seen: HashSet<String> = HashSet::new();
    let mut docs = Vec::new();
    let mut rng = rand::thread_rng();
    for _ in 0..max_queries(n) {
        if docs.len() as u64 >= n {
            break;
        }
        let start = random_start(&mut rng, min, max);
        let rows: Vec<(String, Option<Vec<u8>>)> = conn
            .query(range_query(table, &key, column, start, chunk))
            .await?;
        for (id, v) in rows {
            if docs.len() as u64 >= n {
                break;
            }
            if let Some(v) = v {
                if seen.insert(id) {
                    docs.push(v);
                }
            }
        }
    }
    Ok(docs)
}

/// Dictionaries of `dir` for decoding values squeeze already stored.
pub fn stored_values_registry(dir: &Path) -> crate::codec::DictionaryRegistry {
    crate::codec::DictionaryRegistry::load_dir(dir).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_is_redacted() {
        assert_eq!(
            redact_url("mysql://app:s3cr3t@db:3306/x"),
            "mysql://app:***@db:3306/x"
        );
        assert_eq!(redact_url("mysql://app@db/x"), "mysql://app@db/x");
    }

    #[test]
    fn a_password_in_the_url_and_in_env_is_refused() {
        let s = Source {
            url: "mysql://app:pw@127.0.0.1:1/x".into(),
            password_env: Some("PATH".into()),
            password_file: None,
            tls_ca: None,
        };
        let e = s.opts().unwrap_err().to_string();
        assert!(e.contains("already holds a password"), "{e}");
        assert!(!e.contains("pw@"), "{e}");
    }
}
