//! The state every session shares: configuration, users, shards, the
//! router, compressed-column rules, the schema cache, health and the
//! session registry. Its own module so that the listener (`server`) and
//! the sessions both depend on it, not on each other.

pub mod registry;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::Arc;

use crate::backend::health::HealthRegistry;
use crate::backend::BackendTarget;
use crate::config::{AuthConfig, ProxyConfig};
use crate::protocol::auth::PasswordVerifier;

/// A configured client account, ready for logins.
#[derive(Debug, Clone)]
pub struct UserEntry {
    pub name: String,
    pub verifier: PasswordVerifier,
    /// Plaintext, when the configuration provides one (for backend login).
    pub plaintext: Option<String>,
    /// Backend account override for this user.
    pub backend_login: Option<(String, String)>,
}

/// State shared by all sessions.
pub struct ProxyContext {
    pub proxy: ProxyConfig,
    pub auth: AuthConfig,
    pub users: HashMap<String, UserEntry>,
    /// `[auth] accounts = "server"`: native hashes read from the server,
    /// to reuse a relayed native login on other shards.
    pub accounts: Arc<crate::backend::accounts::AccountHashes>,
    /// Backends by shard id (the router's shard order).
    pub shards: Vec<BackendTarget>,
    pub router: crate::router::Router,
    pub tls_acceptor: Option<tokio_rustls::TlsAcceptor>,
    pub health: Arc<HealthRegistry>,
    /// Compressed columns.
    pub rules: Arc<crate::transform::ColumnRules>,
    /// Table metadata shared by all sessions.
    pub schema: Arc<crate::transform::schema::SchemaCache>,
    /// Shared with the contexts this one replaces or is replaced by
    /// (SIGHUP): ids stay unique and the session count stays whole.
    pub(crate) next_connection_id: Arc<AtomicU32>,
    /// Sessions open against `proxy.max_connections`, whichever context
    /// they started with.
    pub active_sessions: Arc<AtomicUsize>,
    /// Connections not yet authenticated, kept across reloads.
    pub preauth: Arc<crate::limits::preauth::PreAuth>,
    /// Relayed logins holding a server connection (`accounts = "server"`).
    pub relaying: Arc<crate::limits::preauth::PreAuth>,
    /// Open sessions by client-visible id (for `KILL`), kept across reloads.
    pub sessions: Arc<registry::SessionRegistry>,
}

impl ProxyContext {
    pub fn next_connection_id(&self) -> u32 {
        self.next_connection_id.fetch_add(1, Ordering::Relaxed)
    }

    /// The per-packet cap towards `shard`: `proxy.max_packet_size` when
    /// set, else the shard's own `max_allowed_packet` within the memory
    /// budget (`ProxyConfig::packet_limit`).
    pub fn packet_limit(&self, shard: usize) -> usize {
        let server = self.shards.get(shard).map_or(0, |t| t.server_max_packet());
        let budget = crate::limits::budget::installed().map(|b| b.limit());
        self.proxy.packet_limit(server, budget)
    }
}
