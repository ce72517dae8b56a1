//! Backend health: a periodic probe per shard, feeding `/readyz`, the
//! `backend_up` gauge, and the server facts (version, capabilities,
//! collation) squeeze presents to clients.

use std::sync::Arc;

use parking_lot::RwLock;
use std::time::Duration;

use super::{connect_probe, BackendCredential, BackendTarget, ConnectError, LoginRequest};
use crate::metrics::METRICS;
use crate::protocol::capabilities::*;
use crate::protocol::handshake::InitialHandshake;
use crate::protocol::response::ErrPacket;

#[derive(Debug, Clone)]
pub struct ShardHealth {
    pub name: String,
    pub address: String,
    pub up: bool,
    pub error: Option<String>,
    /// The last handshake seen from this backend.
    pub handshake: Option<InitialHandshake>,
}

impl ShardHealth {
    /// A shard nothing is known about yet.
    fn unprobed(t: &BackendTarget) -> ShardHealth {
        ShardHealth {
            name: t.name.clone(),
            address: t.address.clone(),
            up: false,
            error: Some("not probed yet".into()),
            handshake: None,
        }
    }
}

#[derive(Debug, Default)]
pub struct HealthRegistry {
    shards: RwLock<Vec<ShardHealth>>,
}

impl HealthRegistry {
    pub fn new(targets: &[BackendTarget]) -> Arc<Self> {
        let shards = targets.iter().map(ShardHealth::unprobed).collect();
        Arc::new(HealthRegistry {
            shards: RwLock::new(shards),
        })
    }

    /// New shard list after a reload; known shards keep their state.
    pub fn replace_targets(&self, targets: &[BackendTarget]) {
        let mut shards = self.shards.write();
        let old = std::mem::take(&mut *shards);
        *shards = targets
            .iter()
            .map(|t| {
                old.iter()
                    .find(|s| s.name == t.name && s.address == t.address)
                    .cloned()
                    .unwrap_or_else(|| ShardHealth::unprobed(t))
            })
            .collect();
    }

    pub fn report(&self) -> Vec<ShardHealth> {
        self.shards.read().clone()
    }

    fn set(&self, name: &str, result: Probe) {
        let mut shards = self.shards.write();
        if let Some(s) = shards.iter_mut().find(|s| s.name == name) {
            match result {
                Probe::Up(h) => {
                    s.up = true;
                    s.error = None;
                    s.handshake = Some(h);
                }
                // Full is not down: the server is answering (sessions hold
                // every connection it allows), and readiness that dropped
                // every proxy of a busy shard would turn load into an outage.
                Probe::Full => {
                    s.up = true;
                    s.error = None;
                }
                Probe::Down(e) => {
                    s.up = false;
                    s.error = Some(e);
                }
            }
            METRICS
                .backend_up
                .with_label_values(&[name])
                .set(s.up as i64);
        }
    }

    /// A session's login to shard `name` failed to reach it (`Some(why)`)
    /// or succeeded (`None`): what a probe without credentials relies on
    /// between its own checks.
    pub fn session_saw(&self, name: &str, failure: Option<String>) {
        let known = self
            .shards
            .read()
            .iter()
            .any(|s| s.name == name && s.up == failure.is_none());
        if known {
            return;
        }
        match failure {
            Some(why) => self.set(name, Probe::Down(why)),
            None => self.set(name, Probe::Full),
        }
    }

    /// Whether `name` needs a handshake probe when the probe has no
    /// credentials to log in with: only while it is down or unprobed (a
    /// greeting read without a login counts as an aborted connect on the
    /// server, and fills its error log every interval).
    fn needs_anonymous_probe(&self, name: &str) -> bool {
        self.shards
            .read()
            .iter()
            .find(|s| s.name == name)
            .is_none_or(|s| !s.up || s.handshake.is_none())
    }

    /// The newest handshake seen from any backend.
    pub fn any_handshake(&self) -> Option<InitialHandshake> {
        self.shards.read().iter().find_map(|s| s.handshake.clone())
    }
}

/// Credentials the probe logs in with, if any are configured.
#[derive(Debug, Clone)]
pub struct ProbeLogin {
    pub user: String,
    pub password: String,
}

impl ProbeLogin {
    /// A plain (no database, no compression) login as this account.
    pub fn request(&self, program_name: &str) -> LoginRequest {
        LoginRequest {
            user: self.user.clone(),
            credential: BackendCredential::Plaintext(self.password.clone()),
            database: None,
            client_capabilities: PROXY_SUPPORTED,
            charset: 45,
            max_packet: 1 << 24,
            attributes: vec![(b"program_name".to_vec(), program_name.as_bytes().to_vec())],
            compress: false,
            adaptive: None,
            max_payload: 1 << 24,
            ext_capabilities: 0,
            client_addr: None,
        }
    }
}

/// What one probe learned about a backend.
#[derive(Debug)]
pub enum Probe {
    Up(InitialHandshake),
    /// Answering, with every connection it allows in use: by squeeze's
    /// sessions (no slot of the shard's `max_connections` is free) or by
    /// anyone (the server said ERR 1040 Too many connections).
    Full,
    Down(String),
}

/// MariaDB/MySQL `ER_CON_COUNT_ERROR`, "Too many connections".
const TOO_MANY_CONNECTIONS: u16 = 1040;

/// Probe one backend: a full login plus COM_QUIT when credentials are
/// known (so the server never counts an aborted handshake), otherwise the
/// handshake alone.
pub async fn probe(target: &BackendTarget, login: Option<&ProbeLogin>) -> Probe {
    if target
        .slots
        .as_ref()
        .is_some_and(|s| s.available_permits() == 0)
    {
        // A probe would queue behind the sessions for a slot and, after
        // connect_timeout, read a busy shard as a dead one.
        return Probe::Full;
    }
    match login {
        Some(l) => {
            let req = l.request("squeeze-health");
            match connect_probe(target, &req).await {
                Ok(mut b) => {
                    // Logged in anyway: keep the shard's packet limit current.
                    target.learn_max_packet(&mut b.conn, b.capabilities).await;
                    b.conn.begin_command();
                    b.conn.write_packet(&[0x01]);
                    let _ = b.conn.flush().await;
                    Probe::Up(b.handshake)
                }
                Err(ConnectError::Rejected(e)) if e.code == TOO_MANY_CONNECTIONS => Probe::Full,
                Err(ConnectError::Saturated(_)) => Probe::Full,
                Err(ConnectError::Rejected(e)) => {
                    Probe::Down(format!("login refused: {} {}", e.code, e.message))
                }
                Err(e) => Probe::Down(e.to_string()),
            }
        }
        None => {
            let fut = async {
                let tcp = tokio::net::TcpStream::connect(&target.address)
                    .await
                    .map_err(|e| e.to_string())?;
                let mut conn = crate::net::PacketConn::new(tcp, 1 << 16);
                let p = conn.read_packet().await.map_err(|e| e.to_string())?;
                if crate::protocol::response::is_err(&p.payload)
                    && ErrPacket::parse(&p.payload).is_ok_and(|e| e.code == TOO_MANY_CONNECTIONS)
                {
                    return Ok(None);
                }
                InitialHandshake::parse(&p.payload)
                    .map(Some)
                    .map_err(|e| e.to_string())
            };
            match tokio::time::timeout(target.connect_timeout, fut).await {
                Ok(Ok(Some(h))) => Probe::Up(h),
                Ok(Ok(None)) => Probe::Full,
                Ok(Err(e)) => Probe::Down(e),
                Err(_) => Probe::Down(format!(
                    "no answer within {} ms",
                    target.connect_timeout.as_millis()
                )),
            }
        }
    }
}

/// Probe every target once now, then forever at `interval`.
pub async fn run(
    registry: Arc<HealthRegistry>,
    targets: Vec<BackendTarget>,
    login: Option<ProbeLogin>,
    interval: Duration,
) {
    loop {
        probe_all(&registry, &targets, login.as_ref()).await;
        tokio::time::sleep(interval).await;
    }
}

pub async fn probe_all(
    registry: &HealthRegistry,
    targets: &[BackendTarget],
    login: Option<&ProbeLogin>,
) {
    for t in targets {
        if login.is_none() && !registry.needs_anonymous_probe(&t.name) {
            // Up, by the last probe or a session's login since: leave it.
            continue;
        }
        let r = probe(t, login).await;
        match &r {
            Probe::Down(e) => {
                tracing::warn!(shard = %t.name, address = %t.address, error = %e, "backend health probe failed")
            }
            Probe::Full => {
                tracing::debug!(shard = %t.name, "backend health probe: every connection in use; counted as up")
            }
            Probe::Up(_) => {}
        }
        registry.set(&t.name, r);
    }
}
