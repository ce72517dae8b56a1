//! Login, as named steps: offer (what the greeting announces), greet, read
//! the client's response (upgrading to TLS when asked), authenticate, pick
//! the home shard, open the first backend connection, and say OK. A step
//! fails with a [`LoginError`], which [`login`] answers in one place
//! ([`LoginError::refuse`]); its outcome is the `connections_total` label.

use std::net::SocketAddr;
use std::sync::Arc;

use rand::Rng;

use crate::backend::{BackendCredential, ConnectError, Opened};
use crate::config::AccountSource;
use crate::context::ProxyContext;
use crate::error::{ErrorCode, SqlError};
use crate::limits::preauth::{relayed_bound, Full, Place};
use crate::metrics::{ConnectFailure, ErrorSource, ProtocolErrorKind};
use crate::net::{NetError, PacketConn};
use crate::protocol::capabilities::*;
use crate::protocol::compress::WireCodec;
use crate::protocol::handshake::{HandshakeResponse, InitialHandshake};
use crate::protocol::response::ok_packet;

use super::login_failure::{LoginCounted, LoginError, LoginOutcome, Loud};
use super::shards::ShardSet;
use super::tracked::Tracked;
use super::{auth, ClientInfo, Session};

/// Version announced when no backend has been reached yet.
const FALLBACK_SERVER_VERSION: &str = "8.0.36-squeeze";

/// Collation announced when no backend has been reached yet
/// (utf8mb4_general_ci).
const FALLBACK_COLLATION: u8 = 45;

/// What the greeting offers a client.
struct Offer {
    capabilities: u32,
    /// MariaDB extended capabilities.
    ext_capabilities: u32,
}

/// Handshake and authentication, up to the OK that starts the command
/// phase; a login that fails is refused here (counted, logged, answered,
/// closed) and ends with its outcome.
pub(super) async fn login(
    ctx: Arc<ProxyContext>,
    client: PacketConn,
    id: u32,
    peer: SocketAddr,
) -> Result<Session, LoginOutcome> {
    let mut slot = Some(client);
    match steps(ctx, &mut slot, id, peer).await {
        Ok(session) => Ok(session),
        Err((e, mut session)) => {
            let client = match (session.as_mut(), slot.as_mut()) {
                (Some(s), _) => &mut s.client,
                (None, Some(c)) => c,
                (None, None) => return Err(e.outcome),
            };
            Err(e.refuse(client, Some(peer)).await)
        }
    }
}

/// What failed, with the session when it had been made (it holds the
/// client connection from then on).
type Failed = (LoginError, Option<Session>);

async fn steps(
    ctx: Arc<ProxyContext>,
    slot: &mut Option<PacketConn>,
    id: u32,
    peer: SocketAddr,
) -> Result<Session, Failed> {
    let early = |e: LoginError| (e, None);
    let Some(client) = slot.as_mut() else {
        return Err(early(LoginError::gone()));
    };
    // The relayed exchange ends itself a little before the session's
    // handshake timeout would cut it, so that the server's side is closed
    // as a refused login, not an aborted handshake.
    let deadline = tokio::time::Instant::now()
        + std::time::Duration::from_secs(ctx.proxy.handshake_timeout_secs)
            .saturating_sub(std::time::Duration::from_millis(500));
    let mut offer = offer(&ctx);
    if client.is_unix() {
        // A local socket: no TLS upgrade is offered on it.
        offer.capabilities &= !CLIENT_SSL;
    }
    // squeeze greets with its own nonce in both modes: nothing reaches a
    // backend before the client has sent a complete, well-formed
    // HandshakeResponse (a relayed login then switches the client to the
    // server's nonce).
    let nonce = random_nonce();
    let plugin = ctx.auth.default_plugin.name().as_bytes().to_vec();
    greet(&ctx, client, id, &offer, &nonce, plugin)
        .await
        .map_err(early)?;
    let response = read_response(&ctx, client, id, peer).await.map_err(early)?;
    let host = peer.ip().to_string();
    let user = String::from_utf8_lossy(&response.username).into_owned();
    // A user listed in [[users]] is verified by squeeze in either mode.
    let relayed = ctx.auth.accounts == AccountSource::Server && !ctx.users.contains_key(&user);
    let authed = if relayed {
        auth::Authenticated {
            credential: BackendCredential::Unavailable(String::new()),
            backend_user: user,
        }
    } else {
        match auth::authenticate(&ctx, client, &response, &nonce, &host).await {
            Ok(a) => a,
            Err(auth::AuthFailure::Refused(e)) => return Err(early(e)),
            Err(auth::AuthFailure::Gone) => return Err(early(LoginError::gone())),
        }
    };
    let info = client_info(&response, &offer, host, peer, nonce);
    let home = ctx.router.default_shard;
    let Some(client) = slot.take() else {
        return Err(early(LoginError::gone()));
    };
    let mut session = Session {
        ctx,
        id,
        client,
        credential: authed.credential,
        backend_user: authed.backend_user,
        tracked: Tracked::new(response.database.clone(), info.charset),
        info,
        shards: ShardSet::new(home),
        statements: Default::default(),
        read_plans: Default::default(),
        json_columns: Default::default(),
        counts_ahead: Default::default(),
        aside: None,
        orderly_end: false,
        found_rows_filtered: None,
        close_signal: Arc::new(tokio::sync::Notify::new()),
        bulk: Default::default(),
        live: None,
        relayed: None,
    };
    if let Err(e) = session
        .finish_login(relayed, &response, deadline, peer)
        .await
    {
        return Err((e, Some(session)));
    }
    Ok(session)
}

/// What the client asked for, as far as squeeze offered it.
fn client_info(
    response: &HandshakeResponse,
    offer: &Offer,
    host: String,
    peer: SocketAddr,
    nonce: Vec<u8>,
) -> ClientInfo {
    ClientInfo {
        user: String::from_utf8_lossy(&response.username).into_owned(),
        host,
        peer: Some(peer),
        capabilities: response.capabilities & offer.capabilities,
        charset: response.charset,
        max_packet: response.max_packet,
        attributes: response.attributes.clone(),
        nonce,
        ext_capabilities: if response.capabilities & CLIENT_LONG_PASSWORD == 0 {
            response.ext_capabilities & offer.ext_capabilities
        } else {
            0
        },
        zstd_level: response.zstd_level,
    }
}

/// The capabilities to offer: what squeeze supports and the backends
/// have, compression and TLS as configured.
fn offer(ctx: &ProxyContext) -> Offer {
    let backend_caps = ctx
        .health
        .any_handshake()
        .map(|h| h.capabilities)
        .unwrap_or(PROXY_SUPPORTED);
    // squeeze itself speaks both wire algorithms to clients, whatever the
    // backends offer.
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
    // Bulk execute: drivers that see it (MariaDB Connector/J) send batches
    // as one COM_STMT_BULK_EXECUTE and report what the server reports.
    if all_shards_have(MARIADB_CLIENT_STMT_BULK_OPERATIONS) {
        ext_offer |= MARIADB_CLIENT_STMT_BULK_OPERATIONS;
    }
    if ext_offer != 0 {
        caps &= !CLIENT_LONG_PASSWORD;
    }
    Offer {
        capabilities: caps,
        ext_capabilities: ext_offer,
    }
}

/// Send the initial handshake, with a backend's version and collation
/// when one has been reached.
async fn greet(
    ctx: &ProxyContext,
    client: &mut PacketConn,
    id: u32,
    offer: &Offer,
    nonce: &[u8],
    plugin: Vec<u8>,
) -> Result<(), LoginError> {
    let server = ctx.health.any_handshake();
    let version = match (&ctx.proxy.server_version, &server) {
        (Some(v), _) => v.as_bytes().to_vec(),
        (None, Some(h)) => h.server_version.clone(),
        (None, None) => FALLBACK_SERVER_VERSION.as_bytes().to_vec(),
    };
    let hello = InitialHandshake {
        server_version: version,
        connection_id: id,
        auth_data: nonce.to_vec(),
        capabilities: offer.capabilities,
        charset: server
            .as_ref()
            .map(|h| h.charset)
            .filter(|&c| c != 0)
            .unwrap_or(FALLBACK_COLLATION),
        status: SERVER_STATUS_AUTOCOMMIT,
        auth_plugin: plugin,
        ext_capabilities: offer.ext_capabilities,
    };
    client.write_packet(&hello.encode());
    client.flush().await.map_err(|_| LoginError::gone())
}

/// Read the client's handshake response, upgrading to TLS first when it
/// asks (and refusing a plain connection when TLS is required).
async fn read_response(
    ctx: &ProxyContext,
    client: &mut PacketConn,
    id: u32,
    peer: SocketAddr,
) -> Result<HandshakeResponse, LoginError> {
    let mut packet = match client.read_packet_exact().await {
        Ok(p) => p,
        Err(e) => return Err(handshake_error(e)),
    };
    if HandshakeResponse::is_ssl_request(&packet.payload) {
        let Some(acceptor) = ctx.tls_acceptor.clone() else {
            return Err(rejected(SqlError::new(
                ErrorCode::Handshake,
                "Bad handshake: TLS requested but squeeze has no certificate configured",
            )));
        };
        if let Err(e) = client.accept_tls(&acceptor).await {
            tracing::debug!(conn = id, %peer, error = %e, "client TLS handshake failed");
            return Err(
                LoginError::unanswered(ErrorSource::Client, LoginOutcome::TlsFailed)
                    .counted(LoginCounted::Protocol(ProtocolErrorKind::Tls)),
            );
        }
        packet = match client.read_packet_exact().await {
            Ok(p) => p,
            Err(e) => return Err(handshake_error(e)),
        };
    }
    let response = match HandshakeResponse::parse(&packet.payload) {
        Ok(r) => r,
        Err(e) => {
            let err = SqlError::new(ErrorCode::Handshake, format!("Bad handshake ({e})"));
            return Err(LoginError::protocol(
                ProtocolErrorKind::BadHandshake,
                LoginOutcome::Rejected,
                err,
            ));
        }
    };
    if ctx.proxy.tls.as_ref().is_some_and(|t| t.require) && !client.is_tls() {
        return Err(rejected(SqlError::new(ErrorCode::SecureTransportRequired, "Connections using insecure transport are prohibited: squeeze requires TLS (proxy.tls.require)")));
    }
    Ok(response)
}

/// squeeze refuses the handshake.
fn rejected(err: SqlError) -> LoginError {
    LoginError::new(ErrorSource::Client, LoginOutcome::Rejected, err)
}

/// A place among the relayed logins in flight, or why not (for ERR 1040,
/// see [`relay_full`]), naming the bound that is full.
/// A login over the bounds waits until `deadline` for one to finish.
async fn relay_place(
    ctx: &ProxyContext,
    peer: SocketAddr,
    deadline: tokio::time::Instant,
) -> Result<Place, String> {
    let target = &ctx.shards[ctx.router.default_shard];
    let server_max = target.server_max_connections();
    let total = relayed_bound(ctx.proxy.max_relayed_logins, server_max);
    let per_host = ctx.proxy.max_relayed_logins_per_host;
    let admitted = ctx
        .relaying
        .admit_waiting(peer.ip(), total, per_host, deadline)
        .await;
    Err(match admitted {
        Ok(place) => return Ok(place),
        Err(Full::Total(n)) if n != ctx.proxy.max_relayed_logins => format!(
            "{n} logins relayed to shard '{}' are waiting for their client, a quarter of the server's max_connections ({server_max}), the most squeeze lets unauthenticated clients hold",
            target.name
        ),
        Err(Full::Total(n)) => format!(
            "{n} logins relayed to shard '{}' are waiting for their client (proxy.max_relayed_logins)",
            target.name
        ),
        Err(Full::PerHost(n)) => format!(
            "{n} logins relayed from {} are waiting for their client (proxy.max_relayed_logins_per_host)",
            peer.ip()
        ),
    })
}

/// ERR 1040 for a relayed login over a bound.
fn relay_full(why: String) -> LoginError {
    let err = SqlError::new(
        ErrorCode::ConCount,
        format!("Too many connections: squeeze: {why}, and none finished within proxy.relay_login_timeout_ms; try again later"),
    );
    LoginError::new(ErrorSource::Client, LoginOutcome::RelayFull, err)
        .logged(Loud::Info, "relayed login refused: too many in flight")
}

/// Open the connection a relayed login goes to, once the client's
/// HandshakeResponse is in: the default shard's (a session whose database
/// lives elsewhere moves there with a replayable credential). A refusal
/// or failure goes to the client as a server's own ERR would.
async fn open_auth_shard(ctx: &ProxyContext, peer: SocketAddr) -> Result<Opened, LoginError> {
    let target = &ctx.shards[ctx.router.default_shard];
    let max_payload =
        ctx.packet_limit(ctx.router.default_shard) + super::shards::ROW_FRAMING_HEADROOM;
    match crate::backend::open(target, max_payload, Some(peer)).await {
        Ok(o) => Ok(o),
        Err(ConnectError::Rejected(err)) => Err(LoginError::new(
            ErrorSource::Backend,
            LoginOutcome::BackendFailed,
            err.into(),
        )),
        Err(e) => {
            let reason = match e {
                ConnectError::Saturated(_) => ConnectFailure::Saturated,
                ConnectError::Unreachable(_) => ConnectFailure::Unreachable,
                _ => ConnectFailure::Protocol,
            };
            let cause = e.to_string();
            let err = match e {
                ConnectError::Saturated(why) => SqlError::new(
                    ErrorCode::ConCount,
                    format!("Too many connections: squeeze: {why}"),
                ),
                e => SqlError::backend_unreachable(&target.name, &target.address, &e.to_string()),
            };
            Err(
                LoginError::new(ErrorSource::Backend, LoginOutcome::BackendFailed, err)
                    .counted(LoginCounted::Connect {
                        shard: target.name.clone(),
                        reason,
                    })
                    .shard(&target.name)
                    .cause(format_args!("{} ({cause})", target.address))
                    .logged(Loud::Warn, "backend connection for a relayed login failed"),
            )
        }
    }
}

impl Session {
    /// After authentication: relay the login to the server when it checks
    /// the account, move home, connect, and say OK.
    async fn finish_login(
        &mut self,
        relayed: bool,
        response: &HandshakeResponse,
        deadline: tokio::time::Instant,
        peer: SocketAddr,
    ) -> Result<(), LoginError> {
        if relayed {
            // Held while the login holds a server connection: until the
            // server's OK or ERR, or the end of the refused exchange that
            // closes it when the client stalls or leaves.
            // Waiting for a place and then the exchange each get the relay
            // timeout (within the login's own deadline).
            let limit = std::time::Duration::from_millis(self.ctx.proxy.relay_login_timeout_ms);
            let waited_until = deadline.min(tokio::time::Instant::now() + limit);
            let place = relay_place(&self.ctx, peer, waited_until)
                .await
                .map_err(relay_full)?;
            let opened = open_auth_shard(&self.ctx, peer).await?;
            let deadline = deadline.min(tokio::time::Instant::now() + limit);
            self.relay_login(opened, response, deadline, place).await?;
        }
        self.connect_home().await?;
        self.start_commands(peer).await
    }

    /// Move to the shard of the database the client named, and open the
    /// first backend connection now, so that an unknown database or a
    /// refused backend login reaches the client at connect time, as it
    /// would when talking to MySQL directly.
    async fn connect_home(&mut self) -> Result<(), LoginError> {
        if let Some(db) = &self.tracked.database {
            let name = String::from_utf8_lossy(db).into_owned();
            match self.ctx.router.shard_for_db(&name, self.shards.current()) {
                // A relayed login's connection stays open, parked, on the
                // shard that authenticated it.
                Ok(s) => self.shards.switch(s),
                Err(crate::router::RouteError::UnknownDatabase(name)) => {
                    return Err(LoginError::new(
                        ErrorSource::Client,
                        LoginOutcome::UnknownDatabase,
                        SqlError::unknown_database(&name),
                    ));
                }
            }
        }
        if let Err(e) = self.ensure_backend().await {
            return Err(LoginError::new(
                ErrorSource::Backend,
                LoginOutcome::BackendFailed,
                e.into(),
            ));
        }
        Ok(())
    }

    /// Authenticated: the configured packet limit applies from here on;
    /// say OK and switch to the compressed protocol if negotiated.
    async fn start_commands(&mut self, peer: SocketAddr) -> Result<(), LoginError> {
        self.client.set_max_payload(self.max_packet());
        self.client
            .write_packet(&ok_packet(self.tracked.status, 0, 0));
        if self.client.flush().await.is_err() {
            return Err(LoginError::gone());
        }
        let zlib_level = self.ctx.proxy.client_compression_level;
        if let Some(codec) =
            WireCodec::negotiated(self.info.capabilities, self.info.zstd_level, zlib_level)
        {
            self.client.enable_compression(codec, true);
        }
        tracing::debug!(conn = self.id, user = ?self.info.user, %peer, tls = self.client.is_tls(), "session started");
        Ok(())
    }
}

pub(super) fn random_nonce() -> Vec<u8> {
    // Printable ASCII without NUL, as MySQL does: part 2 of the nonce is
    // NUL-terminated in the handshake.
    let mut rng = rand::thread_rng();
    (0..20).map(|_| rng.gen_range(0x21u8..0x7F)).collect()
}
/// A handshake packet that could not be read: a client that left, or a
/// broken or oversized packet (counted, and answered when the client can
/// still read).
fn handshake_error(e: NetError) -> LoginError {
    match e {
        NetError::Protocol(crate::protocol::ProtocolError::Truncated) => {
            // The peer closed partway through a packet: nobody is left to
            // read an ERR, but it was broken traffic, not a client leaving.
            LoginError::unanswered(ErrorSource::Client, LoginOutcome::TruncatedHandshake)
                .counted(LoginCounted::Protocol(ProtocolErrorKind::TruncatedHandshake))
        }
        NetError::Protocol(crate::protocol::ProtocolError::TooLarge { size, max }) => {
            LoginError::protocol(
                ProtocolErrorKind::HandshakeTooLarge,
                LoginOutcome::Rejected,
                SqlError::new(ErrorCode::Handshake, format!("Bad handshake: a {size}-byte packet before authentication; squeeze reads at most {max} bytes per packet until the client has logged in")),
            )
        }
        NetError::Protocol(p) => LoginError::protocol(
            ProtocolErrorKind::BadHandshake,
            LoginOutcome::Rejected,
            SqlError::new(ErrorCode::Handshake, format!("Bad handshake ({p})")),
        ),
        _ => LoginError::gone(),
    }
}
