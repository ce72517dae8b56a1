//! A client session: handshake, authentication, then the command loop that
//! relays each command to the session's backend connection.

mod auth;
mod bulk;
mod columns;
mod kill;
mod plan;
pub mod registry;
mod relay;
mod routing;

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::Rng;
use tokio::net::TcpStream;
use tokio::sync::watch;

use crate::admin::metrics::METRICS;
use crate::backend::{self, BackendConn, BackendCredential, ConnectError, LoginRequest};
use crate::error::{
    Side, SqlError, ER_CON_COUNT_ERROR, ER_HANDSHAKE_ERROR, ER_SECURE_TRANSPORT_REQUIRED,
    ER_SERVER_SHUTDOWN,
};
use crate::net::{NetError, PacketConn};
use crate::protocol::capabilities::*;
use crate::protocol::command::Command;
use crate::protocol::compress::WireCodec;
use crate::protocol::handshake::{HandshakeResponse, InitialHandshake};
use crate::protocol::response::{ok_packet, ErrPacket};
use crate::server::ProxyContext;

/// Version announced when no backend has been reached yet.
const FALLBACK_SERVER_VERSION: &str = "8.0.36-squeeze";

/// What a session knows about its client after login.
pub struct ClientInfo {
    pub user: String,
    pub host: String,
    pub capabilities: u32,
    pub charset: u8,
    pub max_packet: u32,
    pub attributes: Vec<(Vec<u8>, Vec<u8>)>,
    pub nonce: Vec<u8>,
    /// MariaDB extended capabilities negotiated with the client.
    pub ext_capabilities: u32,
}

pub struct Session {
    ctx: Arc<ProxyContext>,
    id: u32,
    client: PacketConn,
    info: ClientInfo,
    credential: BackendCredential,
    backend_user: String,
    database: Option<Vec<u8>>,
    backend: Option<BackendConn>,
    status: u16,
    /// Whether the last relayed response ended in OK.
    last_ok: bool,
    /// How statements are lexed (from the session's sql_mode).
    lex: crate::sql::LexOptions,
    /// Query shapes already planned as plain reads.
    read_plans: crate::transform::plan_cache::ReadPlanCache<crate::transform::write::ResultHints>,
    /// How the result sets of the command being relayed carry compressed
    /// values (from the analyzer), and which result set is next.
    result_hints: Option<(crate::transform::write::ResultHints, usize)>,
    /// The session ends in order (the client sent COM_QUIT, or squeeze is
    /// draining): say COM_QUIT to the backends. A client that vanished
    /// gets no COM_QUIT, so the server counts it in `Aborted_clients` as
    /// it would direct.
    orderly_end: bool,
    /// Wakes this session to close its client (`KILL CONNECTION` from
    /// another session).
    close_signal: Arc<tokio::sync::Notify>,
    /// The backend threads last published to the session registry.
    published_backends: Vec<(usize, u32)>,
    /// The client character set's name when it is not UTF-8.
    non_utf8_charset: Option<String>,
    /// Prepared statements with compressed parameters or result columns.
    prepared: std::collections::HashMap<u32, crate::transform::params::PreparedStatement>,
    /// SQL-level prepared statements (`PREPARE s FROM '...'`) seen through
    /// squeeze: which `?` go to compressed columns.
    sql_prepared: crate::transform::schema::SqlPrepared,
    /// Parameter columns of the COM_STMT_PREPARE in flight.
    pending_params: Vec<Option<std::sync::Arc<crate::transform::ColumnRule>>>,
    /// Id of the statement prepared last (MariaDB's execute id -1).
    last_statement: u32,
    /// Bulk-load state (LOAD DATA LOCAL rewriting in flight).
    bulk: bulk::BulkState,
    /// The shard `backend` belongs to (index into `ctx.shards`).
    shard: usize,
    /// Connections to other shards this session has touched.
    parked: std::collections::HashMap<usize, BackendConn>,
    /// Session-scope SET statements, replayed on each new shard connection.
    replay: Vec<Vec<u8>>,
    /// Sharded sessions: prepared statements by squeeze's client-facing id.
    stmt_map: std::collections::HashMap<u32, routing::ShardStatement>,
    next_stmt_id: u32,
    /// Text and key parameter of the COM_STMT_PREPARE in flight.
    pending_prepare: Option<(bytes::Bytes, Option<(crate::router::KeyRule, usize)>)>,
    /// The text of a bare BEGIN whose transaction has run nothing yet.
    txn_begin: Option<Vec<u8>>,
    /// What the command being relayed leaves in the server session.
    inflight: crate::sql::state::StateEffect,
}

/// The listener's shutdown signals, as seen by a session.
pub struct Signals {
    /// SIGTERM: stop between commands.
    pub drain: watch::Receiver<bool>,
    /// The drain timed out: stop now, with ERR 1053 for the command in
    /// flight.
    pub cut: watch::Receiver<bool>,
}

/// Bytes a client may send before it has authenticated: a handshake
/// response with connection attributes, an auth-switch reply or a password
/// fits easily. A larger declared packet is refused before anything is
/// allocated for it.
pub const HANDSHAKE_MAX_PACKET: usize = 16 * 1024;

/// Run one client connection to completion. Never panics the process: all
/// errors end in an ERR packet or a closed socket, and are counted.
pub async fn run(ctx: Arc<ProxyContext>, stream: TcpStream, peer: SocketAddr, signals: Signals) {
    let active = ctx.active_sessions.fetch_add(1, Ordering::AcqRel) + 1;
    METRICS.connections_active.inc();
    let id = ctx.next_connection_id();
    let mut client = PacketConn::new(stream, HANDSHAKE_MAX_PACKET.min(ctx.proxy.max_packet_size));
    if active > ctx.proxy.max_connections {
        METRICS
            .connections_total
            .with_label_values(&["too_many"])
            .inc();
        let err = SqlError::new(
            Side::Client,
            ER_CON_COUNT_ERROR,
            "08004",
            "Too many connections",
        );
        client.write_packet(&err.to_packet().encode());
        client.shutdown().await;
    } else {
        let handshake_timeout = Duration::from_secs(ctx.proxy.handshake_timeout_secs);
        match tokio::time::timeout(handshake_timeout, login(ctx.clone(), client, id, peer)).await {
            Ok(Ok(mut session)) => {
                METRICS.connections_total.with_label_values(&["ok"]).inc();
                session.close_signal = ctx.sessions.register(id, &session.info.user);
                // Login may have connected a backend before the session
                // was registered.
                session.published_backends.clear();
                session.publish_backends();
                session.command_loop(signals).await;
                ctx.sessions.unregister(id);
            }
            Ok(Err(outcome)) => {
                METRICS
                    .connections_total
                    .with_label_values(&[outcome])
                    .inc();
            }
            Err(_) => {
                METRICS
                    .connections_total
                    .with_label_values(&["handshake_timeout"])
                    .inc();
                tracing::debug!(conn = id, %peer, "handshake timed out");
            }
        }
    }
    METRICS.connections_active.dec();
    ctx.active_sessions.fetch_sub(1, Ordering::AcqRel);
}

/// The name of a handshake collation's character set, unless it is UTF-8.
fn charset_name_if_not_utf8(collation: u8) -> Option<String> {
    if crate::transform::result::is_utf8_collation(collation as u16) || collation == 63 {
        return None;
    }
    Some(match collation {
        8 | 31 | 47 | 48 | 49 | 94 => "latin1".to_string(),
        11 | 65 => "ascii".to_string(),
        other => format!("collation id {other}"),
    })
}

fn random_nonce() -> Vec<u8> {
    // Printable ASCII without NUL, as MySQL does: part 2 of the nonce is
    // NUL-terminated in the handshake.
    let mut rng = rand::thread_rng();
    (0..20).map(|_| rng.gen_range(0x21u8..0x7F)).collect()
}

/// Handshake and authentication. Errors have been reported to the client
/// already; the returned label is the metrics outcome.
async fn login(
    ctx: Arc<ProxyContext>,
    mut client: PacketConn,
    id: u32,
    peer: SocketAddr,
) -> Result<Session, &'static str> {
    let server = ctx.health.any_handshake();
    let backend_caps = server
        .as_ref()
        .map(|h| h.capabilities)
        .unwrap_or(PROXY_SUPPORTED);
    let mut caps = (PROXY_SUPPORTED & (backend_caps | HOP_LOCAL))
        | CLIENT_COMPRESS
        | CLIENT_ZSTD_COMPRESSION_ALGORITHM
        | CLIENT_LONG_PASSWORD;
    if !ctx.rules.is_empty() {
        // Query attributes change the layout of COM_QUERY and
        // COM_STMT_EXECUTE, which squeeze rewrites.
        caps &= !CLIENT_QUERY_ATTRIBUTES;
    }
    if ctx.tls_acceptor.is_some() {
        caps |= CLIENT_SSL;
    } else {
        caps &= !CLIENT_SSL;
    }
    // MariaDB's extended capabilities are offered when every shard has
    // them (a backend connection must match the client's layout):
    // prepared-statement metadata caching only while no column needs the
    // metadata squeeze would then not see; extended column metadata always
    // (squeeze parses it and writes it for columns it presents as JSON).
    let report = ctx.health.report();
    let all_shards_have = |flag: u32| {
        !report.is_empty()
            && report.iter().all(|s| {
                s.handshake.as_ref().is_some_and(|h| {
                    h.capabilities & CLIENT_LONG_PASSWORD == 0 && h.ext_capabilities & flag != 0
                })
            })
    };
    let mut ext_offer = 0;
    if ctx.rules.is_empty() && all_shards_have(MARIADB_CLIENT_CACHE_METADATA) {
        ext_offer |= MARIADB_CLIENT_CACHE_METADATA;
    }
    if all_shards_have(MARIADB_CLIENT_EXTENDED_METADATA) {
        ext_offer |= MARIADB_CLIENT_EXTENDED_METADATA;
    }
    if ext_offer != 0 {
        caps &= !CLIENT_LONG_PASSWORD;
    }
    let version = match (&ctx.proxy.server_version, &server) {
        (Some(v), _) => v.as_bytes().to_vec(),
        (None, Some(h)) => h.server_version.clone(),
        (None, None) => FALLBACK_SERVER_VERSION.as_bytes().to_vec(),
    };
    let nonce = random_nonce();
    let hello = InitialHandshake {
        server_version: version,
        connection_id: id,
        auth_data: nonce.clone(),
        capabilities: caps,
        charset: server
            .as_ref()
            .map(|h| h.charset)
            .filter(|&c| c != 0)
            .unwrap_or(45),
        status: SERVER_STATUS_AUTOCOMMIT,
        auth_plugin: ctx.auth.default_plugin.name().as_bytes().to_vec(),
        ext_capabilities: ext_offer,
    };
    client.write_packet(&hello.encode());
    if client.flush().await.is_err() {
        return Err("client_gone");
    }

    let mut packet = match client.read_packet_exact().await {
        Ok(p) => p,
        Err(e) => return Err(report_handshake_error(&mut client, e, peer).await),
    };
    if HandshakeResponse::is_ssl_request(&packet.payload) {
        let Some(acceptor) = ctx.tls_acceptor.clone() else {
            return Err(fail(
                &mut client,
                SqlError::new(
                    Side::Client,
                    ER_HANDSHAKE_ERROR,
                    "08S01",
                    "Bad handshake: TLS requested but squeeze has no certificate configured",
                ),
            )
            .await);
        };
        if let Err(e) = client.accept_tls(&acceptor).await {
            tracing::debug!(conn = id, %peer, error = %e, "client TLS handshake failed");
            METRICS
                .protocol_errors_total
                .with_label_values(&["client", "tls"])
                .inc();
            return Err("tls_failed");
        }
        packet = match client.read_packet_exact().await {
            Ok(p) => p,
            Err(e) => return Err(report_handshake_error(&mut client, e, peer).await),
        };
    }
    let response = match HandshakeResponse::parse(&packet.payload) {
        Ok(r) => r,
        Err(e) => {
            METRICS
                .protocol_errors_total
                .with_label_values(&["client", "bad_handshake"])
                .inc();
            return Err(fail(
                &mut client,
                SqlError::new(
                    Side::Client,
                    ER_HANDSHAKE_ERROR,
                    "08S01",
                    format!("Bad handshake ({e})"),
                ),
            )
            .await);
        }
    };
    if ctx.proxy.tls.as_ref().is_some_and(|t| t.require) && !client.is_tls() {
        return Err(fail(
            &mut client,
            SqlError::new(Side::Client, ER_SECURE_TRANSPORT_REQUIRED, "HY000", "Connections using insecure transport are prohibited: squeeze requires TLS (proxy.tls.require)"),
        )
        .await);
    }

    let negotiated = response.capabilities & caps;
    let client_zstd_level = response.zstd_level;
    let host = peer.ip().to_string();
    let user = String::from_utf8_lossy(&response.username).into_owned();
    let authed = match auth::authenticate(&ctx, &mut client, &response, &nonce, &host).await {
        Ok(a) => a,
        Err(auth::AuthFailure::Reported) => return Err("auth_failed"),
        Err(auth::AuthFailure::Gone) => return Err("client_gone"),
    };

    let info = ClientInfo {
        user: user.clone(),
        host,
        capabilities: negotiated,
        charset: response.charset,
        max_packet: response.max_packet,
        attributes: response.attributes.clone(),
        nonce,
        ext_capabilities: if response.capabilities & CLIENT_LONG_PASSWORD == 0 {
            response.ext_capabilities & ext_offer
        } else {
            0
        },
    };
    let mut session = Session {
        ctx,
        id,
        client,
        info,
        credential: authed.credential,
        backend_user: authed.backend_user,
        database: response.database.clone(),
        backend: None,
        status: SERVER_STATUS_AUTOCOMMIT,
        last_ok: false,
        lex: crate::sql::LexOptions::default(),
        read_plans: Default::default(),
        result_hints: None,
        orderly_end: false,
        close_signal: Arc::new(tokio::sync::Notify::new()),
        published_backends: Vec::new(),
        non_utf8_charset: charset_name_if_not_utf8(response.charset),
        prepared: Default::default(),
        sql_prepared: Default::default(),
        pending_params: Vec::new(),
        last_statement: 0,
        bulk: Default::default(),
        shard: 0,
        parked: Default::default(),
        replay: Vec::new(),
        stmt_map: Default::default(),
        next_stmt_id: 0,
        pending_prepare: None,
        txn_begin: None,
        inflight: crate::sql::state::StateEffect::None,
    };
    session.shard = session.ctx.router.default_shard;
    if let Some(db) = &response.database {
        match session
            .ctx
            .router
            .shard_for_db(&String::from_utf8_lossy(db), session.shard)
        {
            Ok(s) => session.shard = s,
            Err(crate::router::RouteError::UnknownDatabase(name)) => {
                let err = crate::error::SqlError::unknown_database(&name);
                session.client.write_packet(&err.to_packet().encode());
                session.client.shutdown().await;
                return Err("unknown_database");
            }
        }
    }
    // Open the first backend connection now, so that an unknown database or
    // a refused backend login reaches the client at connect time, as it
    // would when talking to MySQL directly.
    if let Err(e) = session.ensure_backend().await {
        session.client.write_packet(&e.encode());
        session.client.shutdown().await;
        return Err("backend_failed");
    }
    // Authenticated: from here on the configured packet limit applies.
    let max_packet = session.ctx.proxy.max_packet_size;
    session.client.set_max_payload(max_packet);
    session
        .client
        .write_packet(&ok_packet(session.status, 0, 0));
    if session.client.flush().await.is_err() {
        return Err("client_gone");
    }
    let zlib_level = session.ctx.proxy.client_compression_level;
    if let Some(codec) = WireCodec::negotiated(negotiated, client_zstd_level, zlib_level) {
        session.client.enable_compression(codec, true);
    }
    tracing::debug!(conn = id, user = ?user, %peer, tls = session.client.is_tls(), "session started");
    Ok(session)
}

async fn report_handshake_error(
    client: &mut PacketConn,
    e: NetError,
    peer: SocketAddr,
) -> &'static str {
    match e {
        NetError::Closed => "client_gone",
        NetError::Protocol(crate::protocol::ProtocolError::Truncated) => {
            // The peer closed partway through a packet: nobody is left to
            // read an ERR, but it was broken traffic, not a client leaving.
            METRICS
                .protocol_errors_total
                .with_label_values(&["client", "truncated_handshake"])
                .inc();
            tracing::debug!(%peer, "truncated handshake");
            "truncated_handshake"
        }
        NetError::Protocol(crate::protocol::ProtocolError::TooLarge { size, max }) => {
            METRICS
                .protocol_errors_total
                .with_label_values(&["client", "handshake_too_large"])
                .inc();
            tracing::debug!(%peer, size, "handshake packet too large");
            fail(
                client,
                SqlError::new(
                    Side::Client,
                    ER_HANDSHAKE_ERROR,
                    "08S01",
                    format!("Bad handshake: a {size}-byte packet before authentication; squeeze reads at most {max} bytes per packet until the client has logged in"),
                ),
            )
            .await
        }
        NetError::Protocol(p) => {
            METRICS
                .protocol_errors_total
                .with_label_values(&["client", "bad_handshake"])
                .inc();
            tracing::debug!(%peer, error = %p, "bad handshake");
            fail(
                client,
                SqlError::new(
                    Side::Client,
                    ER_HANDSHAKE_ERROR,
                    "08S01",
                    format!("Bad handshake ({p})"),
                ),
            )
            .await
        }
        _ => "client_gone",
    }
}

async fn fail(client: &mut PacketConn, err: SqlError) -> &'static str {
    client.write_packet(&err.to_packet().encode());
    client.shutdown().await;
    "rejected"
}

impl Session {
    /// Connect the backend if this session has none. Returns the ERR to
    /// send on failure (the backend's own ERR when it refused the login).
    async fn ensure_backend(&mut self) -> Result<(), ErrPacket> {
        if self.backend.is_some() {
            return Ok(());
        }
        let target = &self.ctx.shards[self.shard];
        // Log in with the current database only where it lives.
        let database = self.database.clone().filter(|db| {
            let name = String::from_utf8_lossy(db);
            self.ctx.router.shard_for_db(&name, self.shard) == Ok(self.shard)
                || self.ctx.router.db_is_key_routed(&name)
        });
        let (user, credential) = match &target.service_user {
            Some((u, p)) => (u.clone(), BackendCredential::Plaintext(p.clone())),
            None => (self.backend_user.clone(), self.credential.clone()),
        };
        let req = LoginRequest {
            user,
            credential,
            database,
            client_capabilities: self.info.capabilities,
            charset: self.info.charset,
            max_packet: self.info.max_packet,
            attributes: self.info.attributes.clone(),
            compress: self.bulk_negotiates(),
            adaptive: self.bulk_writer_settings(),
            max_payload: self.ctx.proxy.max_packet_size,
            ext_capabilities: self.info.ext_capabilities,
        };
        match backend::connect(target, &req).await {
            Ok(b) => {
                self.ctx
                    .schema
                    .note_server_version(&b.handshake.server_version);
                METRICS
                    .backend_connections_active
                    .with_label_values(&[&target.name])
                    .inc();
                self.backend = Some(b);
                self.publish_backends();
                self.load_session_state().await;
                self.replay_state().await;
                if !self.replay.is_empty() {
                    if let Some(b) = self.backend.as_mut() {
                        b.session_state = Some("session variables");
                    }
                }
                Ok(())
            }
            Err(ConnectError::Rejected(err)) => {
                METRICS
                    .backend_errors_total
                    .with_label_values(&[&target.name, &err.code.to_string()])
                    .inc();
                Err(err)
            }
            Err(ConnectError::Saturated(why)) => {
                METRICS
                    .backend_connect_failures_total
                    .with_label_values(&[&target.name, "saturated"])
                    .inc();
                Err(SqlError::new(
                    crate::error::Side::Backend,
                    ER_CON_COUNT_ERROR,
                    "08004",
                    format!("Too many connections: squeeze: {why}"),
                )
                .to_packet())
            }
            Err(ConnectError::Misconfigured(why)) => {
                METRICS
                    .backend_connect_failures_total
                    .with_label_values(&[&target.name, "config"])
                    .inc();
                tracing::warn!(conn = self.id, shard = %target.name, address = %target.address, error = %why, "backend login cannot work with this configuration");
                Err(
                    SqlError::backend_misconfigured(&target.name, &target.address, &why)
                        .to_packet(),
                )
            }
            Err(e) => {
                let reason = match e {
                    ConnectError::Unreachable(_) => "unreachable",
                    _ => "protocol",
                };
                METRICS
                    .backend_connect_failures_total
                    .with_label_values(&[&target.name, reason])
                    .inc();
                tracing::warn!(conn = self.id, shard = %target.name, address = %target.address, error = %e, "backend connection failed");
                Err(
                    SqlError::backend_unreachable(&target.name, &target.address, &e.to_string())
                        .to_packet(),
                )
            }
        }
    }

    /// The backend target of the session's current shard.
    fn target(&self) -> &crate::backend::BackendTarget {
        &self.ctx.shards[self.shard]
    }

    /// Make `shard` the one `backend` talks to, parking the current
    /// connection (it keeps its session state for later statements).
    fn switch_shard(&mut self, shard: usize) {
        if shard == self.shard {
            return;
        }
        if let Some(b) = self.backend.take() {
            self.parked.insert(self.shard, b);
        }
        self.shard = shard;
        self.backend = self.parked.remove(&shard);
    }

    /// Re-apply the session's SET statements on a new shard connection so
    /// sql_mode, time zone, isolation level, autocommit and user variables
    /// follow the session. Statements that fail there are logged, not fatal.
    async fn replay_state(&mut self) {
        if self.replay.is_empty() {
            return;
        }
        let statements = self.replay.clone();
        let Some(b) = self.backend.as_mut() else {
            return;
        };
        for st in statements {
            let sql = String::from_utf8_lossy(&st).into_owned();
            if let Err(e) =
                crate::backend::query::simple_query(&mut b.conn, b.capabilities, &sql).await
            {
                tracing::warn!(conn = self.id, shard = %self.ctx.shards[self.shard].name, error = %e, "replaying session state failed");
            }
        }
    }

    /// The server-side state the current backend connection holds, which
    /// its loss would discard: what the session's commands created (see
    /// `sql::state`), an open transaction, `autocommit=0`, or a
    /// transaction statement whose outcome is unknown. `None` when the
    /// session provably holds nothing there.
    fn state_at_risk(&self) -> Option<&'static str> {
        use crate::sql::state::StateEffect;
        let b = self.backend.as_ref()?;
        if let Some(s) = b.session_state {
            return Some(s);
        }
        if self.status & SERVER_STATUS_IN_TRANS != 0 || self.txn_begin.is_some() {
            return Some("an open transaction");
        }
        if self.status & SERVER_STATUS_AUTOCOMMIT == 0 {
            return Some("autocommit=0 (an implicit transaction)");
        }
        if self.inflight == StateEffect::Transaction {
            return Some("a transaction statement whose outcome is unknown");
        }
        None
    }

    /// The current backend connection is gone: forget it and the
    /// transaction status it reported.
    /// Tell the session registry which backend threads this session holds
    /// (for `KILL` from other sessions), when that changed.
    fn publish_backends(&mut self) {
        // Runs after every command: the common case (no parked shards, the
        // same backend as last time) must not allocate.
        let current = self
            .backend
            .as_ref()
            .map(|b| (self.shard, b.handshake.connection_id));
        if self.parked.is_empty() && self.published_backends.as_slice() == current.as_slice() {
            return;
        }
        let mut now: Vec<(usize, u32)> = self
            .parked
            .iter()
            .map(|(s, b)| (*s, b.handshake.connection_id))
            .collect();
        if let Some(b) = &self.backend {
            now.push((self.shard, b.handshake.connection_id));
        }
        now.sort_unstable();
        if now != self.published_backends {
            self.ctx.sessions.set_backends(self.id, now.clone());
            self.published_backends = now;
        }
    }

    fn backend_lost(&mut self) {
        self.drop_backend();
        self.status = SERVER_STATUS_AUTOCOMMIT;
        self.txn_begin = None;
    }

    fn drop_backend(&mut self) {
        if self.backend.take().is_some() {
            METRICS
                .backend_connections_active
                .with_label_values(&[&self.target().name])
                .dec();
        }
    }

    /// Close every backend connection (COM_CHANGE_USER).
    fn drop_all_backends(&mut self) {
        self.drop_backend();
        for (shard, _) in self.parked.drain() {
            METRICS
                .backend_connections_active
                .with_label_values(&[&self.ctx.shards[shard].name])
                .dec();
        }
        self.replay.clear();
    }

    async fn command_loop(mut self, signals: Signals) {
        let Signals {
            drain: mut shutdown,
            mut cut,
        } = signals;
        // Built once: a fresh watch future per command costs measurable CPU
        // on point-select workloads.
        let mut shutdown_signal = std::pin::pin!(async move {
            let _ = shutdown.wait_for(|s| *s).await;
        });
        let mut cut_signal = std::pin::pin!(async move {
            let _ = cut.wait_for(|s| *s).await;
        });
        // Per-session metric handles: label lookups are hashed per call.
        let bytes_in = METRICS
            .client_bytes_total
            .with_label_values(&["client_to_proxy"]);
        let close_signal = self.close_signal.clone();
        // One waiter for the whole session (a KILL CONNECTION from another
        // session), not a new one per command.
        let mut killed = std::pin::pin!(close_signal.notified());
        let mut handles: std::collections::HashMap<
            (u8, usize),
            (prometheus::IntCounter, prometheus::Histogram),
        > = std::collections::HashMap::new();
        loop {
            self.client.begin_command();
            let packet = tokio::select! {
                biased;
                p = self.client.read_packet() => p,
                _ = &mut shutdown_signal => {
                    self.orderly_end = true;
                    break;
                }
                _ = &mut killed => break,
                why = backend_closed(self.backend.as_mut()) => {
                    // The server ended the idle session (wait_timeout, KILL,
                    // a restart): end the client's too, as the server would
                    // have, rather than answer its next command from a new
                    // connection without the session's state.
                    let target = self.target();
                    METRICS
                        .backend_connect_failures_total
                        .with_label_values(&[&target.name, "lost"])
                        .inc();
                    tracing::info!(conn = self.id, shard = %target.name, reason = %why, "backend closed the idle session; closing the client connection");
                    self.backend_lost();
                    break;
                }
            };
            let packet = match packet {
                Ok(p) => p,
                Err(NetError::Closed) | Err(NetError::Io(_)) => break,
                Err(NetError::Protocol(e)) => {
                    let kind = match e {
                        crate::protocol::ProtocolError::TooLarge { .. } => "too_large",
                        crate::protocol::ProtocolError::OutOfOrder { .. } => "out_of_order",
                        _ => "malformed",
                    };
                    METRICS
                        .protocol_errors_total
                        .with_label_values(&["client", kind])
                        .inc();
                    let err = SqlError::from_client_protocol(&e);
                    self.client.seq = self.client.seq.max(1);
                    self.client.write_packet(&err.to_packet().encode());
                    break;
                }
                Err(NetError::Tls(_)) => break,
                Err(NetError::OverBudget(e)) => {
                    // The statement is half read: refuse it and end the
                    // session (as the server does past max_allowed_packet);
                    // every other session goes on.
                    METRICS
                        .protocol_errors_total
                        .with_label_values(&["client", "over_budget"])
                        .inc();
                    tracing::warn!(conn = self.id, error = %e, "statement refused: memory budget exhausted");
                    let err = SqlError::over_budget("to buffer this statement", &e);
                    self.client.seq = self.client.seq.max(1);
                    self.client.write_packet(&err.to_packet().encode());
                    break;
                }
            };
            let Some(&first) = packet.payload.first() else {
                METRICS
                    .protocol_errors_total
                    .with_label_values(&["client", "empty_command"])
                    .inc();
                self.client.write_packet(
                    &SqlError::from_client_protocol(&crate::protocol::ProtocolError::Truncated)
                        .to_packet()
                        .encode(),
                );
                break;
            };
            let started = Instant::now();
            let command = Command::from_byte(first);
            let label = command.map(Command::label).unwrap_or("unknown");
            bytes_in.inc_by(packet.payload.len() as u64);
            let outcome = tokio::select! {
                biased;
                o = self.handle_command(command, first, packet) => o,
                _ = &mut cut_signal => {
                    self.cut_at_shutdown().await;
                    break;
                }
            };
            let (count, duration) = handles.entry((first, self.shard)).or_insert_with(|| {
                let shard = &self.ctx.shards[self.shard].name;
                (
                    METRICS.commands_total.with_label_values(&[label, shard]),
                    METRICS.command_duration.with_label_values(&[label, shard]),
                )
            });
            count.inc();
            duration.observe(started.elapsed().as_secs_f64());
            self.publish_backends();
            match outcome {
                Flow::Continue => {
                    if self.client.flush().await.is_err() {
                        break;
                    }
                    self.shrink_idle();
                }
                Flow::Close => break,
            }
        }
        self.client.shutdown().await;
        let mut all: Vec<(usize, BackendConn)> = self.parked.drain().collect();
        if let Some(b) = self.backend.take() {
            all.push((self.shard, b));
        }
        for (shard, mut b) in all {
            METRICS
                .backend_connections_active
                .with_label_values(&[&self.ctx.shards[shard].name])
                .dec();
            if self.orderly_end {
                b.conn.begin_command();
                b.conn.write_packet(&[Command::Quit as u8]);
                let _ = b.conn.flush().await;
            }
        }
        tracing::debug!(conn = self.id, "session ended");
    }

    /// The shutdown timeout cut the command in flight: answer it with ERR
    /// 1053, as MySQL answers the sessions it closes at shutdown, unless a
    /// write to the client was interrupted mid-packet (then an ERR would
    /// only garble the stream, and a bare close is all that is left).
    async fn cut_at_shutdown(&mut self) {
        if self.client.write_interrupted() {
            self.client.discard_output();
        } else {
            let err = SqlError::new(
                Side::Internal,
                ER_SERVER_SHUTDOWN,
                "08S01",
                format!(
                    "Server shutdown in progress: squeeze stopped after waiting proxy.shutdown_timeout_secs ({} s) for this statement to finish; it may or may not have completed. Reconnect (to another instance) and retry",
                    self.ctx.proxy.shutdown_timeout_secs
                ),
            );
            self.client.write_packet(&err.to_packet().encode());
        }
        tracing::info!(conn = self.id, "session cut at the shutdown timeout");
    }

    /// Between commands: give back what buffers grew to for the last one
    /// (and the budget they held), so idle sessions cost a few KB.
    fn shrink_idle(&mut self) {
        let mut released = self.client.shrink_idle();
        if let Some(b) = self.backend.as_mut() {
            released += b.conn.shrink_idle();
        }
        for b in self.parked.values_mut() {
            released += b.conn.shrink_idle();
        }
        if released >= crate::limits::budget::RETURN_TO_OS_ABOVE {
            crate::limits::budget::return_freed_memory();
        }
    }

    /// Send an ERR for the current command.
    fn reply_error(&mut self, err: &SqlError) {
        self.client.write_packet(&err.to_packet().encode());
    }
}

/// Resolves when the server closes (or writes unasked on) an idle backend
/// connection; never without one.
async fn backend_closed(backend: Option<&mut BackendConn>) -> String {
    match backend {
        Some(b) => b.conn.closed_by_peer().await,
        None => std::future::pending().await,
    }
}

/// Whether the command loop goes on after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Close,
}
