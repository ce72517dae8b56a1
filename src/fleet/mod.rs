//! Which shards a command works on: every shard of a squeeze configuration
//! (`--config`, logging in as `serve` does), or servers named by URL
//! (`--to`, repeatable). Shared by `dict publish|export|delete` and the
//! table jobs (`backfill`, `compact`, `restore`).
//!
//! A library of the offline commands (`cli`) and the jobs (`jobs`), below
//! both: `source` reads samples from a server, `sample_plan` (pure) plans
//! the sampling queries.
pub mod sample_plan;
pub mod source;

use std::path::PathBuf;
use std::time::Duration;

use anyhow::bail;

use self::source::Source;
use crate::meta::store::ShardTarget;

#[derive(clap::Args, Debug, Clone)]
pub struct FleetArgs {
    /// squeeze configuration file: work on every shard it lists, with the
    /// account `serve` uses (service account, else the first user with a
    /// plaintext password).
    #[arg(long, value_name = "FILE", required_unless_present = "to")]
    pub config: Option<PathBuf>,
    /// A server instead: mysql://USER@HOST:PORT (repeatable, one per shard;
    /// password with --password-env or --password-file).
    #[arg(long, value_name = "URL", conflicts_with = "config")]
    pub to: Vec<String>,
    /// Environment variable holding the --to account's password.
    #[arg(long, value_name = "VAR", conflicts_with = "password_file")]
    pub password_env: Option<String>,
    /// File whose content is the --to account's password.
    #[arg(long, value_name = "PATH")]
    pub password_file: Option<PathBuf>,
    /// PEM CA certificate to verify the --to servers with (turns TLS on).
    #[arg(long, value_name = "PATH")]
    pub tls_ca: Option<PathBuf>,
    /// Metadata schema name (default: the configuration's
    /// codec.metadata_schema, else squeeze_meta).
    #[arg(long, value_name = "NAME")]
    pub metadata_schema: Option<String>,
}

/// The shards, the metadata schema, and the configuration when one was given.
pub struct Fleet {
    pub targets: Vec<ShardTarget>,
    pub schema: String,
    pub config: Option<crate::config::Config>,
}

impl FleetArgs {
    pub fn resolve(&self) -> anyhow::Result<Fleet> {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let (targets, schema, config) = match &self.config {
            Some(path) => {
                let cfg = crate::config::Config::load(path).map_err(anyhow::Error::msg)?;
                (
                    crate::meta::store::targets(&cfg)?,
                    cfg.codec.metadata_schema.clone(),
                    Some(cfg),
                )
            }
            None => {
                let mut targets = Vec::new();
                for url in &self.to {
                    let src = Source {
                        url: url.clone(),
                        password_env: self.password_env.clone(),
                        password_file: self.password_file.clone(),
                        tls_ca: self.tls_ca.clone(),
                    };
                    let opts = src.opts()?;
                    targets.push(ShardTarget {
                        name: format!("{}:{}", opts.ip_or_hostname(), opts.tcp_port()),
                        opts,
                        connect_timeout: Duration::from_secs(5),
                        server_public_key: None,
                    });
                }
                if targets.is_empty() {
                    bail!("give --config FILE or at least one --to URL");
                }
                (targets, crate::meta::DEFAULT_SCHEMA.to_string(), None)
            }
        };
        let schema = self.metadata_schema.clone().unwrap_or(schema);
        crate::meta::schema::check_schema_name(&schema)
            .map_err(|e| anyhow::anyhow!("--metadata-schema {e}"))?;
        Ok(Fleet {
            targets,
            schema,
            config,
        })
    }
}

/// A single-threaded runtime for a command.
pub fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?)
}
