//! The client half of the MySQL connection phase, spoken to a backend.

use tokio::net::TcpStream;
use tokio::time::timeout;

use super::{BackendConn, BackendCredential, BackendTarget, ConnectError};
use crate::config::BackendTls;
use crate::net::{NetError, PacketConn};
use crate::protocol::auth::{self, CACHING_SHA2_PASSWORD, CLEAR_PASSWORD, NATIVE_PASSWORD};
use crate::protocol::capabilities::*;
use crate::protocol::compress::{WireAlgorithm, WireCodec};
use crate::protocol::handshake::{parse_auth_switch, HandshakeResponse, InitialHandshake};
use crate::protocol::response::ErrPacket;

/// What the session asks of a new backend connection.
#[derive(Debug, Clone)]
pub struct LoginRequest {
    pub user: String,
    pub credential: BackendCredential,
    pub database: Option<Vec<u8>>,
    /// Capabilities the client negotiated with squeeze; hop-local flags are
    /// replaced by this hop's own choices.
    pub client_capabilities: u32,
    pub charset: u8,
    pub max_packet: u32,
    pub attributes: Vec<(Vec<u8>, Vec<u8>)>,
    /// MariaDB extended capabilities the client negotiated with squeeze.
    pub ext_capabilities: u32,
    /// Ask for the compressed protocol on this connection.
    pub compress: bool,
    /// Bulk connections: run writes through an adaptive writer task (only
    /// when the compressed protocol was negotiated).
    pub adaptive: Option<crate::net::adaptive::WriterSettings>,
    pub max_payload: usize,
    /// The client this connection is opened for, named in the PROXY
    /// protocol header (`[backend] proxy_protocol`); `None` for squeeze's
    /// own connections.
    pub client_addr: Option<std::net::SocketAddr>,
}

/// The compressed protocol to ask this backend for: zstd where the
/// settings allow it and the server offers it (MySQL 8.0.18+, TiDB), else
/// zlib where offered (every MySQL and MariaDB), else none. Only one flag is
/// sent, so the server has nothing to choose.
fn choose_wire_codec(req: &LoginRequest, server_caps: u32) -> Option<WireCodec> {
    if !req.compress {
        return None;
    }
    let settings = req.adaptive.as_ref();
    let zstd_level = settings.and_then(|s| s.zstd_level);
    match zstd_level {
        Some(level) if server_caps & CLIENT_ZSTD_COMPRESSION_ALGORITHM != 0 => {
            Some(WireCodec::zstd(level))
        }
        _ if server_caps & CLIENT_COMPRESS != 0 => {
            Some(WireCodec::zlib(settings.map_or(6, |s| s.level)))
        }
        _ => None,
    }
}

pub async fn connect(
    target: &BackendTarget,
    req: &LoginRequest,
) -> Result<BackendConn, ConnectError> {
    connect_as(target, req, true).await
}

/// [`connect`] for a health probe: it waits for a slot like a session but
/// is not a session waiting (`squeeze_backend_slot_waiters`).
pub async fn connect_probe(
    target: &BackendTarget,
    req: &LoginRequest,
) -> Result<BackendConn, ConnectError> {
    connect_as(target, req, false).await
}

async fn connect_as(
    target: &BackendTarget,
    req: &LoginRequest,
    session: bool,
) -> Result<BackendConn, ConnectError> {
    let permit = acquire_slot(target, session).await?;
    // One deadline for TCP connect, greeting and login, as before the
    // login was split into phases.
    let fut = async {
        let (conn, handshake) = open_inner(target, req.max_payload, req.client_addr).await?;
        let opened = Opened {
            conn,
            handshake,
            permit,
        };
        login(opened, target, req).await
    };
    match timeout(target.connect_timeout, fut).await {
        Ok(r) => r,
        Err(_) => Err(no_answer(target)),
    }
}

fn no_answer(target: &BackendTarget) -> ConnectError {
    ConnectError::Unreachable(format!(
        "no answer within {} ms",
        target.connect_timeout.as_millis()
    ))
}

/// A backend connection that has sent its greeting and waits for squeeze's
/// HandshakeResponse. Relayed logins (`[auth] accounts = "server"`) greet
/// the client with this greeting's nonce.
pub struct Opened {
    conn: PacketConn,
    pub handshake: InitialHandshake,
    permit: Option<tokio::sync::OwnedSemaphorePermit>,
}

/// A backend connection whose HandshakeResponse has been sent: the
/// authentication exchange runs on `conn` until the server says OK or ERR.
pub struct Responded {
    pub conn: PacketConn,
    pub handshake: InitialHandshake,
    permit: Option<tokio::sync::OwnedSemaphorePermit>,
    capabilities: u32,
    wire_codec: Option<WireCodec>,
}

/// TCP connect (within the shard's connection cap) and read the greeting,
/// within `connect_timeout`. The login that follows is the caller's (a
/// relayed one runs under the client's handshake timeout).
pub async fn open(
    target: &BackendTarget,
    max_payload: usize,
    client: Option<std::net::SocketAddr>,
) -> Result<Opened, ConnectError> {
    let permit = acquire_slot(target, true).await?;
    match timeout(
        target.connect_timeout,
        open_inner(target, max_payload, client),
    )
    .await
    {
        Ok(r) => {
            let (conn, handshake) = r?;
            Ok(Opened {
                conn,
                handshake,
                permit,
            })
        }
        Err(_) => Err(no_answer(target)),
    }
}

/// A place under the shard's `max_connections`, waited for up to
/// `connect_timeout`; a `session` waiting counts in
/// `squeeze_backend_slot_waiters` meanwhile.
async fn acquire_slot(
    target: &BackendTarget,
    session: bool,
) -> Result<Option<tokio::sync::OwnedSemaphorePermit>, ConnectError> {
    let Some(slots) = &target.slots else {
        return Ok(None);
    };
    match timeout(target.connect_timeout, wait_for_slot(target, slots, session)).await {
        Ok(Ok(p)) => Ok(Some(p)),
        _ => Err(ConnectError::Saturated(format!(
            "all connections of shard '{}' are in use (its max_connections); raise it or lower client concurrency",
            target.name
        ))),
    }
}

/// A connection slot of the shard, counted as a waiting session while it
/// is not free (the gauge goes back down however the wait ends).
async fn wait_for_slot(
    target: &BackendTarget,
    slots: &std::sync::Arc<tokio::sync::Semaphore>,
    session: bool,
) -> Result<tokio::sync::OwnedSemaphorePermit, tokio::sync::AcquireError> {
    if let Ok(p) = slots.clone().try_acquire_owned() {
        return Ok(p);
    }
    if !session {
        return slots.clone().acquire_owned().await;
    }
    struct Waiting(prometheus::IntGauge);
    impl Drop for Waiting {
        fn drop(&mut self) {
            self.0.dec();
        }
    }
    let gauge = crate::metrics::METRICS
        .backend_slot_waiters
        .with_label_values(&[&target.name]);
    gauge.inc();
    let _waiting = Waiting(gauge);
    slots.clone().acquire_owned().await
}

async fn open_inner(
    target: &BackendTarget,
    max_payload: usize,
    client: Option<std::net::SocketAddr>,
) -> Result<(PacketConn, InitialHandshake), ConnectError> {
    let mut tcp = TcpStream::connect(&target.address)
        .await
        .map_err(|e| ConnectError::Unreachable(e.to_string()))?;
    if target.proxy_protocol {
        use tokio::io::AsyncWriteExt;
        let server = tcp
            .peer_addr()
            .map_err(|e| ConnectError::Unreachable(e.to_string()))?;
        let header = crate::protocol::proxy_header::v1(client, server);
        tcp.write_all(&header)
            .await
            .map_err(|e| ConnectError::Unreachable(e.to_string()))?;
    }
    let mut conn = PacketConn::new(tcp, max_payload);
    let bytes = |direction| crate::metrics::METRICS.backend_bytes(&target.name, direction);
    conn.set_meter(crate::net::Meter::new(
        bytes("backend_to_proxy"),
        bytes("proxy_to_backend"),
        None,
    ));
    let hs_packet = conn.read_packet().await.map_err(net_err)?;
    if hs_packet.first_byte() == Some(0xFF) {
        let err = ErrPacket::parse(&hs_packet.payload)
            .map_err(|e| ConnectError::Protocol(e.to_string()))?;
        return Err(ConnectError::Rejected(err));
    }
    let handshake = InitialHandshake::parse(&hs_packet.payload)
        .map_err(|e| ConnectError::Protocol(format!("bad handshake: {e}")))?;
    Ok((conn, handshake))
}

/// Log in on an opened connection with `req.credential`.
async fn login(
    opened: Opened,
    target: &BackendTarget,
    req: &LoginRequest,
) -> Result<BackendConn, ConnectError> {
    if let BackendCredential::Unavailable(why) = &req.credential {
        return Err(ConnectError::Misconfigured(why.clone()));
    }
    let server_plugin = String::from_utf8_lossy(&opened.handshake.auth_plugin).into_owned();
    let (plugin, token) =
        first_auth_response(&server_plugin, &opened.handshake.auth_data, &req.credential);
    let nonce = opened.handshake.auth_data.clone();
    let mut r = opened.respond(target, req, plugin, token).await?;
    let conn = &mut r.conn;

    let mut plugin = plugin.to_string();
    let mut nonce = nonce;
    loop {
        let p = conn.read_packet().await.map_err(net_err)?;
        match p.first_byte() {
            Some(0x00) => break,
            Some(0xFF) => {
                let err = ErrPacket::parse(&p.payload)
                    .map_err(|e| ConnectError::Protocol(e.to_string()))?;
                return Err(ConnectError::Rejected(err));
            }
            Some(0xFE) => {
                let (new_plugin, new_nonce) = parse_auth_switch(&p.payload)
                    .map_err(|e| ConnectError::Protocol(e.to_string()))?;
                plugin = String::from_utf8_lossy(&new_plugin).into_owned();
                nonce = new_nonce;
                let token = switch_response(&plugin, &nonce, &req.credential, conn.is_tls())?;
                conn.write_packet(&token);
                conn.flush().await.map_err(net_err)?;
            }
            Some(0x01) if plugin == CACHING_SHA2_PASSWORD => match p.payload.get(1) {
                Some(&auth::SHA2_FAST_AUTH_OK) => continue,
                Some(&auth::SHA2_PERFORM_FULL_AUTH) => {
                    let password =
                        plaintext(&req.credential, "caching_sha2_password full authentication")?;
                    send_full_auth(conn, target, &req.user, password.as_bytes(), &nonce).await?;
                }
                _ => {
                    return Err(ConnectError::Protocol(
                        "unexpected caching_sha2_password state".into(),
                    ))
                }
            },
            _ => {
                return Err(ConnectError::Protocol(format!(
                    "unexpected packet 0x{:02x} during backend login",
                    p.payload.first().copied().unwrap_or(0)
                )))
            }
        }
    }
    Ok(r.finish(req))
}

/// caching_sha2_password full authentication from squeeze's side: the
/// password in clear over TLS, else RSA-encrypted to the key the operator
/// pinned (`server_public_key`), else refused. Never the key the server
/// sends: over plaintext anyone on the path could send theirs and read
/// the password. The reply (OK/ERR) is left for the caller to read.
pub async fn send_full_auth(
    conn: &mut PacketConn,
    target: &BackendTarget,
    user: &str,
    password: &[u8],
    nonce: &[u8],
) -> Result<(), ConnectError> {
    if conn.is_tls() {
        let mut pw = zeroize::Zeroizing::new(password.to_vec());
        pw.push(0);
        conn.write_packet(&pw);
    } else {
        let Some(key) = &target.server_public_key else {
            return Err(ConnectError::Misconfigured(format!(
                "shard '{}' asked for caching_sha2_password full authentication of user '{}' over a link without TLS; \
                 squeeze does not ask a server for its RSA key over plaintext (anyone on the path could answer with theirs). \
                 Set tls = \"required\" (or verify_ca/verify_identity) for the shard, or pin the server's key with \
                 server_public_key = \"/path/public_key.pem\"",
                target.name,
                user.escape_debug()
            )));
        };
        let encrypted =
            auth::rsa_encrypt_password(key, password, nonce).map_err(ConnectError::Protocol)?;
        conn.write_packet(&encrypted);
    }
    conn.flush().await.map_err(net_err)
}

impl Opened {
    /// Send the HandshakeResponse (after the TLS upgrade when this shard
    /// uses TLS) with the given first plugin and token. Capabilities follow
    /// the client's, with this hop's own TLS and compression.
    pub async fn respond(
        self,
        target: &BackendTarget,
        req: &LoginRequest,
        plugin: &str,
        token: Vec<u8>,
    ) -> Result<Responded, ConnectError> {
        let Opened {
            mut conn,
            handshake,
            permit,
        } = self;
        let server_caps = handshake.capabilities;
        let (caps, wire_codec) = hop_capabilities(req, server_caps);
        let want_tls = wants_tls(target, server_caps)?;
        let mut response = HandshakeResponse {
            capabilities: caps,
            max_packet: req.max_packet,
            charset: req.charset,
            username: req.user.as_bytes().to_vec(),
            auth_response: Vec::new(),
            database: req.database.clone(),
            auth_plugin: None,
            attributes: req.attributes.clone(),
            ext_capabilities: 0,
            // The level the server compresses its frames to us with.
            zstd_level: wire_codec
                .filter(|c| c.algorithm == WireAlgorithm::Zstd)
                .map(|c| c.level as u8),
        };
        negotiate_mariadb_extensions(target, req, &handshake, &mut response)?;
        if want_tls {
            response.capabilities |= CLIENT_SSL;
            conn.write_packet(&response.encode_ssl_request());
            conn.flush().await.map_err(net_err)?;
            let Some(config) = target.tls_config.clone() else {
                return Err(ConnectError::Misconfigured(format!(
                    "no TLS client configuration for shard '{}'",
                    target.name
                )));
            };
            conn.connect_tls(config, target.host())
                .await
                .map_err(net_err)?;
        }
        response.auth_plugin = Some(plugin.as_bytes().to_vec());
        response.auth_response = token;
        conn.write_packet(&response.encode());
        conn.flush().await.map_err(net_err)?;
        Ok(Responded {
            conn,
            handshake,
            permit,
            capabilities: caps | if want_tls { CLIENT_SSL } else { 0 },
            wire_codec,
        })
    }
}

/// This hop's capabilities: the client's, less what ends at squeeze, plus
/// what squeeze needs, as far as the server offers them; and the wire
/// compression to use.
fn hop_capabilities(req: &LoginRequest, server_caps: u32) -> (u32, Option<WireCodec>) {
    let mut caps = (req.client_capabilities & !HOP_LOCAL & PROXY_SUPPORTED)
        | CLIENT_PROTOCOL_41
        | CLIENT_SECURE_CONNECTION
        | CLIENT_PLUGIN_AUTH
        | CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA
        | CLIENT_LONG_PASSWORD;
    caps &= server_caps | CLIENT_LONG_PASSWORD;
    if req.database.is_some() {
        caps |= CLIENT_CONNECT_WITH_DB & server_caps;
    } else {
        caps &= !CLIENT_CONNECT_WITH_DB;
    }
    if !req.attributes.is_empty() {
        caps |= CLIENT_CONNECT_ATTRS & server_caps;
    }
    // Always, where the server has it: squeeze learns the session's state
    // (sql_mode, character set, schema) from the server's OK packets, and
    // hands the client only what it asked for (`protocol::session_state`).
    caps |= CLIENT_SESSION_TRACK & server_caps;
    let wire_codec = choose_wire_codec(req, server_caps);
    caps |= match wire_codec.map(|c| c.algorithm) {
        Some(WireAlgorithm::Zstd) => CLIENT_ZSTD_COMPRESSION_ALGORITHM,
        Some(WireAlgorithm::Zlib) => CLIENT_COMPRESS,
        None => 0,
    };
    (caps, wire_codec)
}

/// Whether this hop upgrades to TLS; an error when the configuration
/// requires it and the server does not offer it.
fn wants_tls(target: &BackendTarget, server_caps: u32) -> Result<bool, ConnectError> {
    match target.tls {
        BackendTls::Disabled => Ok(false),
        BackendTls::Preferred => Ok(server_caps & CLIENT_SSL != 0),
        _ if server_caps & CLIENT_SSL == 0 => Err(ConnectError::Protocol(
            "backend does not offer TLS but tls is required by the configuration".into(),
        )),
        _ => Ok(true),
    }
}

/// Ask for the MariaDB extended capabilities the client negotiated and the
/// server offers; refused when the client depends on a layout this server
/// cannot give.
fn negotiate_mariadb_extensions(
    target: &BackendTarget,
    req: &LoginRequest,
    handshake: &InitialHandshake,
    response: &mut HandshakeResponse,
) -> Result<(), ConnectError> {
    // MariaDB extended capabilities travel only with CLIENT_LONG_PASSWORD
    // (MariaDB's CLIENT_MYSQL) clear.
    let ext = if handshake.capabilities & CLIENT_LONG_PASSWORD == 0 {
        req.ext_capabilities & handshake.ext_capabilities
    } else {
        0
    };
    if ext != 0 {
        response.capabilities &= !CLIENT_LONG_PASSWORD;
        response.ext_capabilities = ext;
    }
    // The client parses what this backend sends with the layout it
    // negotiated with squeeze; a backend without it (a shard replaced by an
    // older server since) would be misread, so it is not used.
    let missing = req.ext_capabilities & MARIADB_LAYOUT_CAPABILITIES & !ext;
    if missing != 0 {
        return Err(ConnectError::Protocol(format!(
            "shard '{}' does not offer the MariaDB extended capabilities 0x{missing:x} ({}) this session negotiated when every shard had them; reconnect",
            target.name,
            if missing & MARIADB_CLIENT_EXTENDED_METADATA != 0 {
                "extended column metadata"
            } else if missing & MARIADB_CLIENT_CACHE_METADATA != 0 {
                "metadata caching"
            } else {
                "bulk execute"
            }
        )));
    }
    Ok(())
}

impl Responded {
    /// The server said OK: switch to the compressed protocol if
    /// negotiated, and hand the connection over.
    pub fn finish(mut self, req: &LoginRequest) -> BackendConn {
        if let Some(codec) = self.wire_codec {
            self.conn.enable_compression(codec, true);
            if let Some(s) = &req.adaptive {
                self.conn.start_adaptive(s.clone());
            }
        }
        BackendConn {
            permit: self.permit,
            conn: self.conn,
            handshake: self.handshake,
            capabilities: self.capabilities,
            session_state: None,
            tracks_state: false,
            temporary: Default::default(),
        }
    }
}

fn net_err(e: NetError) -> ConnectError {
    match e {
        NetError::Io(e) => ConnectError::Unreachable(e.to_string()),
        NetError::Closed => ConnectError::Unreachable("connection closed during login".into()),
        other => ConnectError::Protocol(other.to_string()),
    }
}

fn plaintext<'a>(cred: &'a BackendCredential, what: &str) -> Result<&'a str, ConnectError> {
    match cred {
        BackendCredential::Plaintext(p) => Ok(p),
        BackendCredential::NativeStage1(_) => Err(ConnectError::Protocol(format!(
            "{what} needs the plaintext password, but squeeze knows only SHA1(password) for this user \
             (a password_hash, or a mysql_native_password login relayed with accounts = \"server\"); \
             configure the password (env or file) or service credentials for this backend"
        ))),
        BackendCredential::Unavailable(why) => Err(ConnectError::Misconfigured(why.clone())),
    }
}

/// The plugin and token of the first login attempt: answer the server's
/// plugin when the credential allows, otherwise offer native and let the
/// server switch.
fn first_auth_response(
    server_plugin: &str,
    nonce: &[u8],
    cred: &BackendCredential,
) -> (&'static str, Vec<u8>) {
    match (server_plugin, cred) {
        (CACHING_SHA2_PASSWORD, BackendCredential::Plaintext(p)) => {
            (CACHING_SHA2_PASSWORD, auth::sha2_token(p.as_bytes(), nonce))
        }
        (_, BackendCredential::Plaintext(p)) if p.is_empty() => (NATIVE_PASSWORD, Vec::new()),
        (_, BackendCredential::Plaintext(p)) => (
            NATIVE_PASSWORD,
            auth::native_token_from_stage1(&auth::native_stage1(p.as_bytes()), nonce),
        ),
        (_, BackendCredential::NativeStage1(s1)) => {
            (NATIVE_PASSWORD, auth::native_token_from_stage1(s1, nonce))
        }
        // Refused by `login` before anything is sent.
        (_, BackendCredential::Unavailable(_)) => (NATIVE_PASSWORD, Vec::new()),
    }
}

fn switch_response(
    plugin: &str,
    nonce: &[u8],
    cred: &BackendCredential,
    tls: bool,
) -> Result<Vec<u8>, ConnectError> {
    match plugin {
        NATIVE_PASSWORD => Ok(match cred {
            BackendCredential::Plaintext(p) if p.is_empty() => Vec::new(),
            BackendCredential::Plaintext(p) => auth::native_token_from_stage1(&auth::native_stage1(p.as_bytes()), nonce),
            BackendCredential::NativeStage1(s1) => auth::native_token_from_stage1(s1, nonce),
            BackendCredential::Unavailable(why) => return Err(ConnectError::Misconfigured(why.clone())),
        }),
        CACHING_SHA2_PASSWORD => Ok(auth::sha2_token(plaintext(cred, plugin)?.as_bytes(), nonce)),
        CLEAR_PASSWORD if tls => {
            let mut p = plaintext(cred, plugin)?.as_bytes().to_vec();
            p.push(0);
            Ok(p)
        }
        CLEAR_PASSWORD => Err(ConnectError::Misconfigured("backend asked for mysql_clear_password over a link without TLS, which would send the password in clear; squeeze sends it only over TLS: set tls = \"required\" for this backend".into())),
        other => Err(ConnectError::Protocol(format!("backend asked for authentication plugin {other:?}, which squeeze does not support"))),
    }
}
