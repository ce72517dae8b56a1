//! Backend connections: TCP connect, optional TLS, login with the session's
//! credentials (or service credentials), then a packet connection the
//! session relays commands over.

pub mod accounts;
pub mod grants;
pub mod health;
mod login;
pub mod query;

/// The adaptive writer and its policy live in `crate::net` (the packet
/// connection runs them); re-exported for existing paths.
pub use crate::net::{adaptive, policy};

use std::sync::Arc;
use std::time::Duration;

use crate::config::{BackendConfig, BackendTls};
use crate::net::PacketConn;
use crate::protocol::handshake::InitialHandshake;
use crate::protocol::response::ErrPacket;

pub use login::{connect, connect_probe, open, send_full_auth, LoginRequest, Opened, Responded};

/// Everything needed to open connections to one backend server.
#[derive(Debug, Clone)]
pub struct BackendTarget {
    pub name: String,
    pub address: String,
    pub tls: BackendTls,
    pub tls_config: Option<Arc<rustls::ClientConfig>>,
    pub connect_timeout: Duration,
    /// Service account replacing client credentials, if configured.
    pub service_user: Option<(String, String)>,
    /// Connection cap (`max_connections`), shared by all sessions.
    pub slots: Option<Arc<tokio::sync::Semaphore>>,
    /// Send a PROXY protocol header first on every connection.
    pub proxy_protocol: bool,
    /// The server's `max_allowed_packet` as last read (0: not yet), by the
    /// health probe and by a session's login while it is unknown.
    pub max_allowed_packet: Arc<std::sync::atomic::AtomicUsize>,
    /// `server_public_key`: the only key the password is encrypted to
    /// over a link without TLS.
    pub server_public_key: Option<Arc<rsa::RsaPublicKey>>,
    /// The server's `max_connections` as last read (0: not yet), with
    /// `max_allowed_packet`: bounds the relayed logins squeeze lets hold
    /// its connections (`limits::preauth::relayed_bound`).
    pub max_connections: Arc<std::sync::atomic::AtomicUsize>,
}

impl BackendTarget {
    /// The server's `max_allowed_packet`, 0 while unknown.
    pub fn server_max_packet(&self) -> usize {
        self.max_allowed_packet
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The server's `max_connections`, 0 while unknown.
    pub fn server_max_connections(&self) -> usize {
        self.max_connections
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Ask the server on a logged-in connection for its packet and
    /// connection limits, and remember its answer.
    pub async fn learn_max_packet(&self, conn: &mut crate::net::PacketConn, capabilities: u32) {
        let sql = "SELECT @@max_allowed_packet, @@max_connections";
        if let Ok(rows) = query::simple_query(conn, capabilities, sql).await {
            let value = |i: usize| {
                rows.first()
                    .and_then(|r| r.get(i).cloned().flatten())
                    .and_then(|v| String::from_utf8_lossy(&v).parse::<usize>().ok())
            };
            let ordering = std::sync::atomic::Ordering::Relaxed;
            if let Some(v) = value(0) {
                self.max_allowed_packet.store(v, ordering);
            }
            if let Some(v) = value(1) {
                self.max_connections.store(v, ordering);
            }
        }
    }
}

impl BackendTarget {
    pub fn from_config(name: &str, cfg: &BackendConfig) -> anyhow::Result<BackendTarget> {
        let tls_config = match cfg.tls.verification(cfg.tls_ca.is_some()) {
            None => None,
            Some(v) => {
                let ca = cfg.tls_ca.as_deref().filter(|_| v.chain);
                Some(crate::net::tls::client_config(ca, v.name)?)
            }
        };
        let password = cfg.service_password().map_err(|e| anyhow::anyhow!(e))?;
        let service_user = match (&cfg.user, password) {
            (Some(u), p) => Some((u.clone(), p.unwrap_or_default())),
            (None, _) => None,
        };
        Ok(BackendTarget {
            name: name.to_string(),
            address: cfg.address.clone(),
            tls: cfg.tls,
            tls_config,
            connect_timeout: Duration::from_millis(cfg.connect_timeout_ms),
            service_user,
            slots: (cfg.max_connections > 0)
                .then(|| Arc::new(tokio::sync::Semaphore::new(cfg.max_connections))),
            proxy_protocol: cfg.proxy_protocol,
            max_allowed_packet: Arc::default(),
            server_public_key: match &cfg.server_public_key {
                None => None,
                Some(path) => {
                    let pem = std::fs::read(path).map_err(|e| {
                        anyhow::anyhow!("server_public_key {}: {e}", path.display())
                    })?;
                    let key = crate::protocol::auth::parse_rsa_public_key(&pem).map_err(|e| {
                        anyhow::anyhow!("server_public_key {}: {e}", path.display())
                    })?;
                    Some(Arc::new(key))
                }
            },
            max_connections: Arc::default(),
        })
    }

    /// Host part of the address (for TLS server names).
    pub fn host(&self) -> &str {
        self.address
            .rsplit_once(':')
            .map(|(h, _)| h)
            .unwrap_or(&self.address)
            .trim_matches(['[', ']'])
    }
}

/// How squeeze proves the user's identity to a backend.
#[derive(Clone)]
pub enum BackendCredential {
    Plaintext(String),
    /// SHA1(password), recovered from the client's mysql_native_password
    /// login; enough for mysql_native_password backends only.
    NativeStage1([u8; 20]),
    /// None squeeze can replay (a relayed login with a plugin whose proof
    /// cannot be reused, `[auth] accounts = "server"`): the reason, naming
    /// what to configure. Only the connection the login was relayed on is
    /// open; any other is refused with this text.
    Unavailable(String),
}

/// A password or its SHA1 is wiped from memory when the session (or the
/// login request carrying a copy) ends.
impl Drop for BackendCredential {
    fn drop(&mut self) {
        use zeroize::Zeroize;
        match self {
            BackendCredential::Plaintext(p) => p.zeroize(),
            BackendCredential::NativeStage1(s1) => s1.zeroize(),
            BackendCredential::Unavailable(_) => {}
        }
    }
}

impl std::fmt::Debug for BackendCredential {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            BackendCredential::Plaintext(_) => "Plaintext(<redacted>)",
            BackendCredential::NativeStage1(_) => "NativeStage1(<redacted>)",
            BackendCredential::Unavailable(_) => "Unavailable",
        })
    }
}

/// Why a backend connection could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("{0}")]
    Unreachable(String),
    /// The server refused the login; its ERR is relayed to the client as is.
    #[error("backend refused login: {} {}", .0.code, .0.message)]
    Rejected(ErrPacket),
    #[error("{0}")]
    Protocol(String),
    /// The shard's `max_connections` are all in use.
    #[error("{0}")]
    Saturated(String),
    /// The login cannot work with squeeze's settings for this backend
    /// (the message says which to change); retrying will not help.
    #[error("{0}")]
    Misconfigured(String),
}

/// An open, authenticated backend connection.
pub struct BackendConn {
    /// Held for the connection's lifetime when the shard caps connections.
    pub permit: Option<tokio::sync::OwnedSemaphorePermit>,
    pub conn: PacketConn,
    pub handshake: InitialHandshake,
    /// Capabilities in force on this connection.
    pub capabilities: u32,
    /// Session state this connection holds that a new connection would
    /// lack (user variables, temporary tables, ...), once a command has
    /// created some: losing the connection then ends the client's session.
    pub session_state: Option<&'static str>,
    /// squeeze set this session's `session_track_*` variables: its OK
    /// packets report every change of the state squeeze follows.
    pub tracks_state: bool,
    /// The temporary tables this backend session holds (they shadow the
    /// tables of their names; a new connection has none).
    pub temporary: crate::sql::temporary::TempTables,
}

impl BackendConn {
    /// Say COM_QUIT (the server then does not count the close as an
    /// aborted connection); errors are moot, the connection is done.
    pub async fn quit(&mut self) {
        self.conn.begin_command();
        self.conn
            .write_packet(&crate::protocol::command::ClientCommand::Quit.encode());
        let _ = self.conn.flush().await;
    }
}
