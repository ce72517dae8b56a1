// Over 600 lines: one struct per configuration section, which serde needs together; tests are the last 30.
//! The TOML configuration model. Every key is documented on its field
//! (here, `[bulk]` in `bulk.rs`, `[routing]` in `router::config`) and in
//! `proxy-config/squeeze.example.toml`; unknown keys are errors so typos
//! never silently fall back to defaults.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::Deserialize;

mod bulk;
pub mod extract;
mod secret;
mod validate;
/// `[routing]` is the router's model (it owns what its rules mean); here
/// for the configuration's users.
pub use crate::router::config::{KeyRange, KeyRouteConfig, RoutingConfig, SchemaRoute};
pub use bulk::{BulkConfig, Negotiate};
pub use secret::Secret;
pub use validate::{check_schema_name, encoder as column_encoder, log_level_error, CheckMode};

/// Default name of squeeze's metadata schema (`codec.metadata_schema`).
pub const DEFAULT_METADATA_SCHEMA: &str = "squeeze_meta";

/// Top-level configuration file.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default)]
    pub proxy: ProxyConfig,
    #[serde(default)]
    pub auth: AuthConfig,
    /// Client accounts squeeze accepts.
    #[serde(default)]
    pub users: Vec<UserConfig>,
    /// The single backend, when no `[shards]` are configured.
    pub backend: Option<BackendConfig>,
    /// Named shards (see docs/deployment.md).
    #[serde(default)]
    pub shards: BTreeMap<String, BackendConfig>,
    /// How sessions and statements pick a shard.
    #[serde(default)]
    pub routing: RoutingConfig,
    #[serde(default)]
    pub admin: AdminConfig,
    #[serde(default)]
    pub log: LogConfig,
    #[serde(default)]
    pub codec: CodecConfig,
    /// JSON columns stored compressed.
    #[serde(default)]
    pub columns: Vec<ColumnConfig>,
    /// Bulk-load sessions and adaptive wire compression to the backend.
    #[serde(default)]
    pub bulk: BulkConfig,
    /// Process-wide resource limits.
    #[serde(default)]
    pub limits: LimitsConfig,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct LimitsConfig {
    /// Bytes all sessions together may hold in large buffers: packets being
    /// assembled (client and backend), inflated client-compressed frames,
    /// decoded values and rows waiting for a slow client. A session that
    /// would go past it gets ERR 1041 (ER_OUT_OF_RESOURCES); the others keep
    /// working. Default: a quarter of the machine's RAM (MemTotal), at least
    /// 256 MiB and at most 4 GiB. `squeeze serve --memory-budget` overrides
    /// it. Read at startup only (a SIGHUP reload keeps the first value).
    pub memory_budget: Option<usize>,
}

impl LimitsConfig {
    /// The configured budget, or the default for this machine's RAM.
    pub fn memory_budget_bytes(&self) -> usize {
        self.memory_budget.unwrap_or_else(|| {
            let total = std::fs::read_to_string("/proc/meminfo")
                .ok()
                .and_then(|m| crate::limits::budget::parse_mem_total(&m));
            crate::limits::budget::default_for_ram(total)
        })
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ProxyConfig {
    /// Address clients connect to. Default `127.0.0.1:6033`.
    pub listen: SocketAddr,
    /// A Unix socket path clients may connect to as well (a sidecar is
    /// usually reached by one); `@@socket` then answers this path. Created
    /// at start (a stale socket file is replaced), removed at exit.
    /// Default: none.
    pub socket: Option<PathBuf>,
    /// Most concurrent client connections; more get ERR 1040. Default 4096.
    pub max_connections: usize,
    /// Length of the kernel's queue of connections not yet accepted (capped
    /// by `net.core.somaxconn`). Default 1024 (MariaDB's back_log is 150
    /// plus connections; a burst of connects beyond the queue is reset).
    pub listen_backlog: u32,
    /// Largest logical packet squeeze holds whole, in bytes (a client's
    /// statement, a row it inflates; rows it need not read cross in 16 MiB
    /// chunks whatever their size). Default: unset, and then each shard's
    /// own `max_allowed_packet` (read from the server at login and by the
    /// health probe, so a reload or a `SET GLOBAL` there is followed),
    /// bounded by `limits.memory_budget`. Set it (1024 bytes .. 1 GiB) to
    /// cap packets below the server's limit.
    pub max_packet_size: Option<usize>,
    /// Version string announced to clients. Default: the backend's own.
    pub server_version: Option<String>,
    /// Seconds a client may take to complete the handshake. Default 10.
    pub handshake_timeout_secs: u64,
    /// Most connections that have not authenticated yet, from all
    /// addresses; more get ERR 1040 at once. 0 = no bound. Default 2048.
    pub max_preauth_connections: usize,
    /// Most connections that have not authenticated yet from one client
    /// address; more get ERR 1040 at once. 0 = no bound. Default 512.
    pub max_preauth_per_host: usize,
    /// `[auth] accounts = "server"`: milliseconds a relayed login may hold
    /// its server connection, from opening it to the server's OK or ERR;
    /// then the login ends (refused on the server's side) and the
    /// connection is closed. Default 3000.
    pub relay_login_timeout_ms: u64,
    /// Relayed logins in flight (each holding a server connection) from
    /// all addresses; more get ERR 1040 at once. Never more than a quarter
    /// of the home shard's `@@max_connections` (read by the health probe),
    /// so unauthenticated clients cannot take the server's last
    /// connections. 0 = only that quarter. Default 64.
    pub max_relayed_logins: usize,
    /// Relayed logins in flight from one client address; more get ERR 1040
    /// at once. 0 = no per-address bound. Default 8.
    pub max_relayed_logins_per_host: usize,
    /// Seconds SIGTERM waits for sessions to finish before closing them. Default 30.
    pub shutdown_timeout_secs: u64,
    /// Session worker threads, each a single-threaded runtime that owns its
    /// sessions (see `workers`). 0 = one per core. Default 0.
    pub worker_threads: usize,
    /// zlib level for client connections using `CLIENT_COMPRESS`. Default 6.
    pub client_compression_level: u32,
    /// Terminate client TLS (SSLRequest upgrade) with this certificate.
    pub tls: Option<ProxyTlsConfig>,
    /// Copy of `[bulk]` (set by `Config::from_toml`), so sessions reach it
    /// through the proxy context. Not a `[proxy]` key.
    #[serde(skip)]
    pub bulk: BulkConfig,
}

/// MariaDB's default `max_allowed_packet`: the limit until a shard's own
/// value is known.
pub const DEFAULT_MAX_PACKET_SIZE: usize = 16 << 20;

/// MySQL's and MariaDB's upper bound for `max_allowed_packet`.
pub const MAX_PACKET_CEILING: usize = 1 << 30;

impl ProxyConfig {
    /// The per-packet cap squeeze applies on a session whose shard allows
    /// `server_max` bytes (0: not known yet), under a memory budget of
    /// `budget` bytes: an explicit `max_packet_size` wins; otherwise the
    /// server's value, never more than the budget could hold.
    pub fn packet_limit(&self, server_max: usize, budget: Option<usize>) -> usize {
        if let Some(m) = self.max_packet_size {
            return m;
        }
        let server = if server_max == 0 {
            DEFAULT_MAX_PACKET_SIZE
        } else {
            server_max
        };
        server
            .min(budget.unwrap_or(usize::MAX))
            .clamp(1024, MAX_PACKET_CEILING)
    }
}

impl Default for ProxyConfig {
    fn default() -> Self {
        ProxyConfig {
            listen: "127.0.0.1:6033".parse().unwrap(),
            socket: None,
            max_connections: 4096,
            listen_backlog: 1024,
            max_packet_size: None,
            server_version: None,
            handshake_timeout_secs: 10,
            max_preauth_connections: 2048,
            max_preauth_per_host: 512,
            relay_login_timeout_ms: 3000,
            max_relayed_logins: 64,
            max_relayed_logins_per_host: 32,
            shutdown_timeout_secs: 30,
            worker_threads: 0,
            client_compression_level: 6,
            tls: None,
            bulk: Default::default(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProxyTlsConfig {
    /// PEM certificate chain.
    pub cert: PathBuf,
    /// PEM private key.
    pub key: PathBuf,
    /// Refuse clients that do not upgrade to TLS (ERR 3159). Default false.
    #[serde(default)]
    pub require: bool,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum AuthPlugin {
    #[default]
    MysqlNativePassword,
    CachingSha2Password,
}

impl AuthPlugin {
    pub fn name(self) -> &'static str {
        match self {
            AuthPlugin::MysqlNativePassword => crate::protocol::auth::NATIVE_PASSWORD,
            AuthPlugin::CachingSha2Password => crate::protocol::auth::CACHING_SHA2_PASSWORD,
        }
    }
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct AuthConfig {
    /// Plugin announced in the initial handshake. Default `mysql_native_password`.
    /// Clients asking for the other one are switched (AuthSwitchRequest).
    pub default_plugin: AuthPlugin,
    /// For caching_sha2_password: always demand full authentication (the
    /// plaintext password over TLS) instead of the fast path. Default false.
    pub caching_sha2_full_auth: bool,
    /// Where client accounts live: `config` (the `[[users]]` list, squeeze
    /// verifies) or `server` (the home shard's own accounts: squeeze relays
    /// the login exchange to it). Default `config`.
    pub accounts: AccountSource,
    /// `accounts = "server"`: an account that may read `mysql.user`, so
    /// squeeze can recover a mysql_native_password client's SHA1(password)
    /// from its login and log it into other shards and reconnects.
    pub accounts_user: Option<String>,
    /// Password of `accounts_user`: plaintext, or `accounts_password_env` /
    /// `accounts_password_file`.
    pub accounts_password: Option<String>,
    pub accounts_password_env: Option<String>,
    pub accounts_password_file: Option<PathBuf>,
}

impl AuthConfig {
    /// The password of `accounts_user`, if one is configured.
    pub fn accounts_password(&self) -> Result<Option<String>, String> {
        Secret::resolve_plain(
            self.accounts_password.as_deref(),
            self.accounts_password_env.as_deref(),
            self.accounts_password_file.as_deref(),
        )
    }
}

/// Where squeeze finds the accounts clients log in with.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum AccountSource {
    /// `[[users]]` in this file; squeeze verifies the password itself.
    #[default]
    Config,
    /// The backend's own accounts: the login is relayed to the home shard.
    Server,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserConfig {
    /// Account name clients log in with.
    pub name: String,
    /// Plaintext password (quick start). Exactly one of `password`,
    /// `password_env`, `password_file`, `password_hash` must be set.
    pub password: Option<String>,
    /// Environment variable holding the password.
    pub password_env: Option<String>,
    /// File whose content (trailing newline trimmed) is the password.
    pub password_file: Option<PathBuf>,
    /// Stored hash as printed by `squeeze hash-password` (`*<40 hex>`,
    /// `sha2:<64 hex>`, or both joined by `,`): no plaintext needed.
    pub password_hash: Option<String>,
    /// Backend account for this user; default: the same name and password
    /// (or `[backend].user` service credentials when set).
    pub backend_user: Option<String>,
    /// Password for `backend_user`.
    pub backend_password: Option<String>,
}

impl UserConfig {
    pub fn secret(&self) -> Secret {
        Secret {
            password: self.password.clone(),
            password_env: self.password_env.clone(),
            password_file: self.password_file.clone(),
            password_hash: self.password_hash.clone(),
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum BackendTls {
    #[default]
    Disabled,
    /// Use TLS when the server offers it.
    Preferred,
    /// Require TLS, without verifying the certificate.
    Required,
    /// Require TLS and verify the chain against `tls_ca`.
    VerifyCa,
    /// Also verify the host name.
    VerifyIdentity,
}

/// What a TLS link to a backend verifies. One rule for every connection
/// squeeze makes to a shard (sessions, health probes, the metadata store,
/// the jobs), so no path trusts a certificate another path would refuse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TlsVerification {
    /// The server's chain must lead to `tls_ca`.
    pub chain: bool,
    /// The certificate must name the host squeeze connects to.
    pub name: bool,
}

impl BackendTls {
    /// `None` for a plain link. `preferred`/`required` verify the chain
    /// when a `tls_ca` is configured (an operator who names a CA means it)
    /// and only encrypt without one, like MySQL's `ssl-mode=REQUIRED`.
    pub fn verification(self, has_ca: bool) -> Option<TlsVerification> {
        match self {
            BackendTls::Disabled => None,
            BackendTls::Preferred | BackendTls::Required => Some(TlsVerification {
                chain: has_ca,
                name: false,
            }),
            BackendTls::VerifyCa => Some(TlsVerification {
                chain: true,
                name: false,
            }),
            BackendTls::VerifyIdentity => Some(TlsVerification {
                chain: true,
                name: true,
            }),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackendConfig {
    /// `host:port` of the MySQL/MariaDB server.
    pub address: String,
    /// Service account used for every session instead of the client's own
    /// credentials (optional).
    pub user: Option<String>,
    /// Password of the service account: plaintext, or use `password_env`/`password_file`.
    pub password: Option<String>,
    pub password_env: Option<String>,
    pub password_file: Option<PathBuf>,
    /// TLS towards this backend. Default `disabled`.
    #[serde(default)]
    pub tls: BackendTls,
    /// CA certificate for `verify_ca`/`verify_identity`.
    pub tls_ca: Option<PathBuf>,
    /// Milliseconds to wait for TCP connect and login. Default 5000.
    #[serde(default = "default_connect_timeout_ms")]
    pub connect_timeout_ms: u64,
    /// Milliseconds between health probes (for /readyz). Default 2000.
    #[serde(default = "default_health_interval_ms")]
    pub health_check_interval_ms: u64,
    /// Most backend connections squeeze keeps open to this server (each
    /// session holds at most one per shard; there is no multiplexing).
    /// Sessions beyond it wait up to `connect_timeout_ms`, then get ERR 1040.
    /// 0 = no limit. Default 0.
    #[serde(default)]
    pub max_connections: usize,
    /// Send a PROXY protocol v1 header with the client's address first on
    /// every backend connection (the server lists squeeze in
    /// `proxy_protocol_networks`), so that host-based grants, the
    /// processlist and `max_connect_errors` see the client, not squeeze.
    /// Default false: squeeze then checks the host part of the account the
    /// server matched against the client's address itself (docs/security.md).
    #[serde(default)]
    pub proxy_protocol: bool,
    /// PEM file of the server's RSA public key (as the mysql client's
    /// `--server-public-key-path`): over a link without TLS, the only key
    /// squeeze encrypts the password to for caching_sha2_password full
    /// authentication. Unset: such a login is refused (never a key asked
    /// of the server over plaintext).
    #[serde(default)]
    pub server_public_key: Option<PathBuf>,
}

fn default_connect_timeout_ms() -> u64 {
    5000
}
fn default_health_interval_ms() -> u64 {
    2000
}

impl BackendConfig {
    pub fn quick(address: String) -> Self {
        BackendConfig {
            address,
            user: None,
            password: None,
            password_env: None,
            password_file: None,
            tls: BackendTls::Disabled,
            tls_ca: None,
            connect_timeout_ms: default_connect_timeout_ms(),
            health_check_interval_ms: default_health_interval_ms(),
            max_connections: 0,
            proxy_protocol: false,
            server_public_key: None,
        }
    }

    /// The service password, resolved from whichever source is set.
    pub fn service_password(&self) -> Result<Option<String>, String> {
        Secret::resolve_plain(
            self.password.as_deref(),
            self.password_env.as_deref(),
            self.password_file.as_deref(),
        )
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AdminConfig {
    /// Address of the HTTP endpoint (`/metrics`, `/healthz`, `/readyz`,
    /// and the admin view: `/sessions`, `/backends`, `/columns`,
    /// `/dictionaries`, `/config`, `POST /reload`); unset disables it.
    /// Default unset. Bind it to loopback, or set a token.
    pub listen: Option<SocketAddr>,
    /// Bearer token the admin view requires (`Authorization: Bearer ...`);
    /// `/metrics`, `/healthz` and `/readyz` stay open. Quick start only:
    /// prefer `token_env`. Default unset (no token asked).
    pub token: Option<String>,
    /// Environment variable holding the admin token. Default unset.
    /// A token must be at least 16 characters and not a placeholder such
    /// as `change-me-too` (start and `check-config` refuse one).
    pub token_env: Option<String>,
    /// Accept `listen` beyond loopback without a token (anyone who reaches
    /// the port then sees sessions and configuration and may reload).
    /// Default false: squeeze refuses to start instead.
    pub open_without_token: bool,
    /// Admin HTTP connections open at once; one more is closed at accept
    /// (counted in `squeeze_admin_connections_refused_total`), so the admin
    /// port can never take the file descriptors the MySQL port needs.
    /// Default 64.
    pub max_connections: usize,
    /// Admin HTTP connections open at once from one client address.
    /// Over either bound, a new connection closes the oldest one (under
    /// that bound) that has not sent its request headers yet, so idle or
    /// half-open connections never keep `/healthz` and `/readyz` from
    /// answering; only when all are mid-request is the new one closed.
    /// Default 16.
    pub max_connections_per_host: usize,
    /// Longest a client may take to send a request's headers, and (times
    /// four) to finish its whole exchange; then the connection is closed.
    /// Default 5000.
    pub header_timeout_ms: u64,
    /// Count commands per client user in `squeeze_user_commands_total`.
    /// Default false.
    pub per_user_metrics: bool,
    /// Count commands per current database in
    /// `squeeze_schema_commands_total`. Default false.
    pub per_schema_metrics: bool,
    /// Distinct users (and schemas) those counters name at most; the rest
    /// are counted as "other", so a fleet of tenants cannot blow up the
    /// series count. Default 100.
    pub metrics_label_limit: usize,
    /// The configuration file as loaded (for `/config`, secrets redacted
    /// there); not a key.
    #[serde(skip)]
    pub loaded_file: Option<toml::Table>,
}

impl Default for AdminConfig {
    fn default() -> Self {
        AdminConfig {
            listen: None,
            token: None,
            token_env: None,
            open_without_token: false,
            max_connections: 64,
            max_connections_per_host: 16,
            header_timeout_ms: 5000,
            per_user_metrics: false,
            per_schema_metrics: false,
            metrics_label_limit: 100,
            loaded_file: None,
        }
    }
}

impl AdminConfig {
    /// The admin token, if one is configured.
    pub fn resolve_token(&self) -> Result<Option<String>, String> {
        match (&self.token, &self.token_env) {
            (Some(_), Some(_)) => Err("set only one of token, token_env".into()),
            (Some(t), None) if t.is_empty() => Err("the token is empty".into()),
            (Some(t), None) => check_token_strength(t).map(|()| Some(t.clone())),
            (None, Some(var)) => match std::env::var(var) {
                Ok(t) if !t.trim().is_empty() => {
                    let t = t.trim();
                    check_token_strength(t)
                        .map(|()| Some(t.to_string()))
                        .map_err(|e| format!("environment variable {var}: {e}"))
                }
                Ok(_) => Err(format!("environment variable {var} is empty")),
                Err(_) => Err(format!("environment variable {var} is not set")),
            },
            (None, None) => Ok(None),
        }
    }
}

/// Shortest admin token accepted.
pub const MIN_TOKEN_LEN: usize = 16;

/// Values shipped as placeholders (deploy/k8s/sidecar.yaml's Secret) or
/// typed when something is needed quickly; never a real token.
const PLACEHOLDER_TOKENS: &[&str] = &[
    "change-me-too",
    "change-me",
    "changeme",
    "change_me",
    "secret",
    "token",
    "password",
    "admin",
];

/// Why `token` is not good enough for the admin view (the message never
/// quotes it).
pub fn check_token_strength(token: &str) -> Result<(), String> {
    let lower = token.to_ascii_lowercase();
    if PLACEHOLDER_TOKENS.contains(&lower.as_str()) {
        return Err(
            "the token is the shipped placeholder: generate one, e.g. `openssl rand -hex 24`"
                .into(),
        );
    }
    if token.chars().count() < MIN_TOKEN_LEN {
        return Err(format!(
            "the token has {} characters, at least {MIN_TOKEN_LEN} are needed: generate one, e.g. `openssl rand -hex 24`",
            token.chars().count()
        ));
    }
    Ok(())
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LogConfig {
    /// `text` or `json`. Default `text`.
    pub format: LogFormat,
    /// A tracing filter (`info`, `squeeze=debug`, ...). Default `info`;
    /// the `SQUEEZE_LOG` environment variable overrides it.
    pub level: String,
}

impl Default for LogConfig {
    fn default() -> Self {
        LogConfig {
            format: LogFormat::Text,
            level: "info".into(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CodecConfig {
    /// Directory holding the dictionaries and their manifest. Default `dictionaries`.
    pub dictionaries_dir: PathBuf,
    /// Largest value squeeze will inflate, in bytes (guards against hostile
    /// blobs). Default 64 MiB.
    pub max_value_size: usize,
    /// Keep dictionaries in the database they serve: on every shard, the
    /// schema `metadata_schema` holds them (see docs/configuration.md, "Dictionaries
    /// live with the data"). When an account may not create or read it,
    /// squeeze logs a warning and works from `dictionaries_dir` alone.
    /// Default true.
    pub dictionary_store: bool,
    /// Name of squeeze's metadata schema on each shard. Default `squeeze_meta`.
    pub metadata_schema: String,
    /// Seconds between looks for dictionaries published since the last
    /// (a value naming an unknown id also triggers one). Default 30.
    pub dictionary_poll_secs: u64,
    /// Largest dictionary squeeze loads from the metadata store, in bytes;
    /// a row over it is refused (logged, counted) before its content is
    /// read. `dict train` makes 110 KiB by default. Default 4 MiB.
    pub max_dictionary_size: u64,
    /// File where squeeze pins the sha256 of every dictionary id it has
    /// used (per metadata store), so an id whose bytes were changed in the
    /// store is refused after a restart and by jobs too. Default
    /// `<dictionaries_dir>.pins`, next to the directory.
    pub pin_file: Option<PathBuf>,
    /// Let the server evaluate expressions over compressed columns where
    /// squeeze's in-server function is installed and matches this build
    /// (`squeeze udf install`, docs/json.md "Evaluated by the server").
    /// Default true; false keeps squeeze's own evaluator and refusals.
    pub server_evaluation: bool,
}

impl CodecConfig {
    /// `pin_file`, or its default next to `dictionaries_dir`.
    pub fn pin_path(&self) -> PathBuf {
        self.pin_file
            .clone()
            .unwrap_or_else(|| default_pin_path(&self.dictionaries_dir))
    }
}

/// `<dictionaries_dir>.pins`: next to the directory, not inside it (it is
/// often mounted read-only).
pub fn default_pin_path(dir: &Path) -> PathBuf {
    let mut name = dir
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_else(|| "dictionaries".into());
    name.push(".pins");
    dir.with_file_name(name)
}

impl Default for CodecConfig {
    fn default() -> Self {
        CodecConfig {
            dictionaries_dir: PathBuf::from("dictionaries"),
            max_value_size: 64 << 20,
            dictionary_store: true,
            metadata_schema: DEFAULT_METADATA_SCHEMA.into(),
            dictionary_poll_secs: 30,
            max_dictionary_size: 4 << 20,
            pin_file: None,
            server_evaluation: true,
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum PresentAs {
    /// A utf8mb4 text column (LONGTEXT).
    #[default]
    Text,
    /// MySQL's JSON type.
    Json,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum InvalidJson {
    /// Compress it anyway (byte-exact round trip still holds).
    #[default]
    Compress,
    /// Refuse the statement with an error naming the column.
    Refuse,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColumnConfig {
    pub schema: String,
    pub table: String,
    pub column: String,
    /// `zstd` (default), `zlib` or `lz4`.
    #[serde(default = "default_codec")]
    pub codec: String,
    /// Codec level; default 3 for zstd, 6 for zlib, ignored by lz4.
    pub level: Option<i32>,
    /// Dictionary name in the manifest (the newest id of that name is used
    /// for writing; any id can be read). Default: no dictionary.
    pub dictionary: Option<String>,
    /// Values shorter than this are stored as they are. Default 64 bytes.
    #[serde(default = "default_min_size")]
    pub min_size: usize,
    /// How clients see the column. Default `text`.
    #[serde(default)]
    pub present_as: PresentAs,
    /// What to do with a value that is not valid JSON. Default `refuse`
    /// for `present_as = "json"` (the catalog advertises MariaDB's JSON
    /// type, whose `CHECK (json_valid(..))` rejects it), else `compress`.
    #[serde(default)]
    pub on_invalid_json: Option<InvalidJson>,
    /// Paths of the document kept in real columns of the same table, which
    /// squeeze writes with every write of the document and which WHERE
    /// clauses on the path are rewritten to (docs/json.md, "Extracted
    /// columns").
    #[serde(default)]
    pub extract: Vec<ExtractConfig>,
}

/// `extract = [{ path = "$.author", column = "doc_author", type = "VARCHAR(64)" }]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtractConfig {
    /// A JSON path of members and array indexes (`$.a.b`, `$."a b"`, `$.a[0]`).
    pub path: String,
    /// The real column of the same table that holds the value.
    pub column: String,
    /// Its declared type: `VARCHAR(n)` (utf8mb4_bin on the server),
    /// `BIGINT` or `DOUBLE`.
    #[serde(rename = "type")]
    pub data_type: String,
    /// What the column holds: `"text"` (the default),
    /// `JSON_UNQUOTE(JSON_EXTRACT(doc, path))`, or `"json"`, the path's JSON
    /// text `JSON_EXTRACT(doc, path)` (a `VARCHAR(n)` only).
    #[serde(default)]
    pub value: Option<String>,
}

impl ColumnConfig {
    /// `on_invalid_json` as configured, or its default for the column's
    /// presentation.
    pub fn invalid_json(&self) -> InvalidJson {
        self.on_invalid_json.unwrap_or(match self.present_as {
            PresentAs::Json => InvalidJson::Refuse,
            PresentAs::Text => InvalidJson::Compress,
        })
    }
}

fn default_codec() -> String {
    "zstd".into()
}
fn default_min_size() -> usize {
    64
}

/// One problem found by validation, with the key path it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigIssue {
    pub path: String,
    pub message: String,
}

impl std::fmt::Display for ConfigIssue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// A TOML error as squeeze reports it (422 body of `POST /reload`, the log,
/// `check-config`): where it is and what is wrong, never the offending
/// line itself nor the value, which may be a password or token on a line
/// whose key is misspelt or whose quoting is broken.
pub fn toml_error(text: &str, e: &toml::de::Error) -> String {
    let message = redact_values(e.message().trim());
    match e.span() {
        Some(span) => {
            let before = &text.as_bytes()[..span.start.min(text.len())];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let column = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
            format!("TOML parse error at line {line}, column {column}: {message}")
        }
        None => format!("TOML parse error: {message}"),
    }
}

/// `message` with the values serde quotes (`integer `5``, `string "x"`,
/// ...) reduced to their kind. Key and variant names stay: they are what
/// an operator needs to find the mistake.
fn redact_values(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    'outer: while !rest.is_empty() {
        for kind in ["integer `", "floating point `", "boolean `", "character `"] {
            if let Some(after) = rest.strip_prefix(kind) {
                if let Some(end) = after.find('`') {
                    out.push_str(kind.trim_end_matches(" `"));
                    rest = &after[end + 1..];
                    continue 'outer;
                }
            }
        }
        if let Some(after) = rest.strip_prefix("string \"") {
            // The quoted value may itself contain quotes: the value ends at
            // the last `", ` before "expected", or at the message's end.
            let end = after
                .rfind("\", expected")
                .or_else(|| after.rfind('"'))
                .unwrap_or(after.len());
            out.push_str("string");
            rest = after.get(end + 1..).unwrap_or("");
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

impl Config {
    pub fn from_toml(text: &str) -> Result<Config, String> {
        let mut cfg: Config = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
        cfg.proxy.bulk = cfg.bulk.clone();
        cfg.admin.loaded_file = text.parse::<toml::Table>().ok();
        Ok(cfg)
    }

    pub fn load(path: &Path) -> Result<Config, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Config::from_toml(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Backends by name: `[shards.*]`, or `[backend]` as the shard `default`.
    pub fn backends(&self) -> Vec<(String, BackendConfig)> {
        if !self.shards.is_empty() {
            return self
                .shards
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
        }
        self.backend
            .iter()
            .map(|b| ("default".to_string(), b.clone()))
            .collect()
    }

    /// The `[admin]` problems (token source and strength, an open admin
    /// view beyond loopback, bounds), checked again by `serve` at start.
    pub fn admin_issues(&self) -> Vec<ConfigIssue> {
        validate::admin(self, true)
    }

    /// Every problem `serve` would refuse to start with, each with its key
    /// path. Empty means valid. Reads secrets and files (TLS material,
    /// dictionaries) as `serve` does.
    pub fn validate(&self) -> Vec<ConfigIssue> {
        self.validate_with(CheckMode::Full)
    }

    /// [`Config::validate`]; `CheckMode::Offline` skips everything that
    /// needs secrets or files outside the configuration.
    pub fn validate_with(&self, mode: CheckMode) -> Vec<ConfigIssue> {
        let full = mode == CheckMode::Full;
        let mut issues: Vec<ConfigIssue> = self
            .bulk
            .validate()
            .into_iter()
            .map(|(path, message)| ConfigIssue { path, message })
            .collect();
        issues.extend(validate::admin(self, full));
        issues.extend(validate::backends(self, full));
        issues.extend(validate::routing(self));
        issues.extend(validate::accounts_and_users(self, full));
        issues.extend(validate::limits(self, full));
        if full {
            issues.extend(validate::backend_tls_files(self));
            issues.extend(validate::backend_public_keys(self));
        }
        issues.extend(validate::log(&self.log));
        issues.extend(validate::columns(self, mode));
        issues
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_toml_error_on_a_secrets_line_never_quotes_the_secret() {
        let cases = [
            "[backend]\naddress = \"db:3306\"\naccounts_password = \"Sup3r-s3cret-pw\" junk\n",
            "[admin]\ntoken = 987654321\n",
            "[admin]\ntoken = true\n",
            "[admin]\ntoken = 3.25\n",
            "[[users]]\nname = \"app\"\naccount_pasword = \"Sup3r-s3cret-pw\"\n",
            "[[users]]\nname = \"app\"\npassword = [\"Sup3r-s3cret-pw\"]\n",
            "[proxy]\nlisten = \"Sup3r-s3cret-pw\"\n",
        ];
        for text in cases {
            let e = Config::from_toml(text).expect_err(text);
            for secret in ["Sup3r-s3cret-pw", "987654321", "true", "3.25"] {
                assert!(!e.contains(secret), "{text:?} -> {e}");
            }
            assert!(e.contains("line "), "{e}");
        }
        let e = Config::from_toml(cases[4]).unwrap_err();
        assert!(e.contains("account_pasword") && e.contains("line 3"), "{e}");
        let e = Config::from_toml(cases[1]).unwrap_err();
        assert!(e.contains("integer"), "{e}");
    }

    #[test]
    fn an_admin_token_that_is_short_or_the_shipped_placeholder_is_refused() {
        assert!(check_token_strength("change-me-too")
            .unwrap_err()
            .contains("placeholder"));
        assert!(check_token_strength("CHANGE-ME").is_err());
        assert!(check_token_strength("a")
            .unwrap_err()
            .contains("at least 16"));
        assert!(check_token_strength("0123456789abcdef").is_ok());
        let cfg = Config::from_toml("[admin]\ntoken = \"change-me-too\"\n").unwrap();
        let issues = cfg.validate_with(CheckMode::Offline);
        assert!(
            issues
                .iter()
                .any(|i| i.path == "admin.token" && !i.message.contains("change-me-too")),
            "{issues:?}"
        );
    }

    #[test]
    fn an_admin_view_beyond_loopback_without_a_token_is_refused_unless_accepted_explicitly() {
        let open = Config::from_toml("[admin]\nlisten = \"0.0.0.0:9033\"\n").unwrap();
        assert!(open.admin_issues().iter().any(|i| i.path == "admin.listen"));
        let local = Config::from_toml("[admin]\nlisten = \"127.0.0.1:9033\"\n").unwrap();
        assert!(local.admin_issues().is_empty());
        let accepted =
            Config::from_toml("[admin]\nlisten = \"0.0.0.0:9033\"\nopen_without_token = true\n")
                .unwrap();
        assert!(accepted.admin_issues().is_empty());
        let tokened = Config::from_toml(
            "[admin]\nlisten = \"0.0.0.0:9033\"\ntoken = \"0123456789abcdef0123\"\n",
        )
        .unwrap();
        assert!(tokened.admin_issues().is_empty());
    }

    #[test]
    fn example_config_is_valid() {
        let text = include_str!("../../proxy-config/squeeze.example.toml");
        let cfg = Config::from_toml(text).expect("example parses");
        let issues = cfg.validate_with(CheckMode::Offline);
        assert!(issues.is_empty(), "{issues:?}");
    }

    #[test]
    fn the_packet_limit_follows_the_server_unless_configured_and_stays_within_the_budget() {
        let mut p = ProxyConfig::default();
        // Unknown yet: MariaDB's default.
        assert_eq!(p.packet_limit(0, None), 16 << 20);
        // The server's 256 MiB is the limit through squeeze too.
        assert_eq!(p.packet_limit(256 << 20, Some(1 << 30)), 256 << 20);
        // ... unless the memory budget could not hold such a packet.
        assert_eq!(p.packet_limit(256 << 20, Some(64 << 20)), 64 << 20);
        assert_eq!(p.packet_limit(4 << 30, None), 1 << 30);
        // An explicit value wins, above or below the server's.
        p.max_packet_size = Some(8 << 20);
        assert_eq!(p.packet_limit(256 << 20, Some(1 << 30)), 8 << 20);
        let cfg = Config::from_toml("[proxy]\nmax_packet_size = 1000\n").unwrap();
        let issues = cfg.validate_with(CheckMode::Offline);
        assert!(
            issues.iter().any(|i| i.path == "proxy.max_packet_size"),
            "{issues:?}"
        );
    }

    #[test]
    fn unknown_key_is_named() {
        let err = Config::from_toml("[proxy]\nlisten_addr = \"1.2.3.4:5\"\n").unwrap_err();
        assert!(err.contains("listen_addr"), "{err}");
    }

    #[test]
    fn server_accounts_need_no_users_and_refuse_what_cannot_work_naming_the_key() {
        let paths = |text: &str| -> Vec<(String, String)> {
            Config::from_toml(text)
                .unwrap()
                .validate_with(CheckMode::Offline)
                .into_iter()
                .map(|i| (i.path, i.message))
                .collect()
        };
        let base = "[backend]\naddress = \"db:3306\"\n";
        assert_eq!(
            paths(&format!("[auth]\naccounts = \"server\"\n{base}")),
            vec![],
            "no [[users]] needed"
        );
        let users = paths(base);
        assert!(
            users
                .iter()
                .any(|(p, m)| p == "users" && m.contains("accounts = \"server\"")),
            "{users:?}"
        );
        let service = paths(&format!(
            "[auth]\naccounts = \"server\"\n{base}user = \"svc\"\npassword = \"x\"\n"
        ));
        assert!(
            service
                .iter()
                .any(|(p, m)| p == "backend.user" && m.contains("accounts")),
            "{service:?}"
        );
        let stray = paths(&format!(
            "[auth]\naccounts_user = \"reader\"\n{base}[[users]]\nname = \"a\"\npassword = \"b\"\n"
        ));
        assert!(
            stray.iter().any(|(p, _)| p == "auth.accounts_user"),
            "{stray:?}"
        );
        let no_user = paths(&format!(
            "[auth]\naccounts = \"server\"\naccounts_password = \"x\"\n{base}"
        ));
        assert!(
            no_user.iter().any(|(p, _)| p == "auth.accounts_user"),
            "{no_user:?}"
        );
        let err = Config::from_toml("[auth]\naccounts = \"ldap\"\n").unwrap_err();
        assert!(err.contains("accounts") || err.contains("ldap"), "{err}");
    }

    #[test]
    fn the_sidecar_example_takes_accounts_from_the_server() {
        let text = include_str!("../../deploy/squeeze/sidecar.toml");
        let cfg = Config::from_toml(text).expect("sidecar parses");
        assert_eq!(cfg.auth.accounts, AccountSource::Server);
        assert!(cfg.users.is_empty());
        assert_eq!(cfg.validate_with(CheckMode::Offline), vec![]);
    }

    #[test]
    fn validation_names_key_paths() {
        let cfg = Config::from_toml(
            "[backend]\naddress = \"nohost\"\n[[users]]\nname = \"a\"\npassword_hash = \"zzz\"\n",
        )
        .unwrap();
        let paths: Vec<_> = cfg.validate().into_iter().map(|i| i.path).collect();
        assert!(paths.contains(&"backend.address".to_string()), "{paths:?}");
        assert!(paths.contains(&"users[0]".to_string()), "{paths:?}");
    }

    #[test]
    fn a_named_ca_is_verified_whatever_the_tls_mode_and_only_verify_identity_checks_names() {
        use BackendTls::*;
        let v = |chain, name| Some(TlsVerification { chain, name });
        assert_eq!(Disabled.verification(true), None);
        assert_eq!(Preferred.verification(false), v(false, false));
        assert_eq!(Required.verification(false), v(false, false));
        assert_eq!(Preferred.verification(true), v(true, false));
        assert_eq!(Required.verification(true), v(true, false));
        assert_eq!(VerifyCa.verification(true), v(true, false));
        assert_eq!(VerifyIdentity.verification(true), v(true, true));
    }
}
