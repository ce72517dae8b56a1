//! Login relayed to the home shard (`[auth] accounts = "server"`): once the
//! client's HandshakeResponse is in, the backend is reached and the client
//! switched to its nonce and plugin; the client's answer goes to the backend (with this hop's own TLS and compression), and the
//! authentication exchange (auth switch to any plugin, caching_sha2 fast
//! path, RSA key exchange) is relayed until the server says OK or ERR; the
//! server's ERR reaches the client as is. Then the credential squeeze may
//! replay on other shards and reconnects is worked out from what the
//! exchange revealed: a cleartext password (caching_sha2 full
//! authentication over a TLS client link, mysql_clear_password), or
//! SHA1(password) recovered from a native proof with the account's stored
//! hash; otherwise none, and only the relayed connection is used.
//!
//! No byte of the client's reaches the backend that is not part of the
//! server's own login exchange, and no password is logged.

use std::sync::Arc;

use zeroize::Zeroizing;

use super::auth::{read_auth_packet, AuthFailure};
use super::login_failure::{LoginError, LoginOutcome, Loud};
use super::Session;
use crate::backend::{
    self, grants, BackendCredential, BackendTarget, ConnectError, LoginRequest, Opened,
};
use crate::context::ProxyContext;
use crate::error::{ErrorCode, SqlError};
use crate::limits::preauth::Place;
use crate::metrics::{ErrorSource, METRICS};
use crate::net::PacketConn;
use crate::protocol::auth::{self, CACHING_SHA2_PASSWORD, CLEAR_PASSWORD, NATIVE_PASSWORD};
use crate::protocol::capabilities::CLIENT_PLUGIN_AUTH;
use crate::protocol::handshake::{
    auth_switch_request, parse_auth_switch, ChangeUser, HandshakeResponse,
};

/// What a packet from the server means during the login exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Logged in.
    Ok,
    /// Refused (relayed to the client as is).
    Err,
    /// AuthSwitchRequest: another plugin, a new nonce.
    Switch,
    /// caching_sha2_password: the cached proof matched; OK follows.
    FastAuthOk,
    /// caching_sha2_password: the server wants the password itself.
    FullAuth,
    /// Plugin data the client answers (an RSA key, a dialog prompt, ...).
    MoreData,
}

/// Classify a server packet of the login exchange under `plugin`.
fn step(plugin: &str, payload: &[u8]) -> Step {
    match payload.first() {
        Some(0x00) => Step::Ok,
        Some(0xFF) => Step::Err,
        Some(0xFE) => Step::Switch,
        Some(0x01) if plugin == CACHING_SHA2_PASSWORD && payload.len() == 2 => match payload[1] {
            auth::SHA2_FAST_AUTH_OK => Step::FastAuthOk,
            auth::SHA2_PERFORM_FULL_AUTH => Step::FullAuth,
            _ => Step::MoreData,
        },
        _ => Step::MoreData,
    }
}

/// What the exchange revealed, for the replayable credential.
struct Exchange {
    /// The plugin the login ended with, and its nonce.
    plugin: String,
    nonce: Vec<u8>,
    /// The client's last answer under `plugin` (its proof, for native).
    token: Vec<u8>,
    /// The password itself, when the client sent it (over TLS only).
    cleartext: Option<Zeroizing<Vec<u8>>>,
    /// A password sent in clear under a plugin the server then switched
    /// away from: unverified, kept only if the proof the server accepted
    /// was made from it (see `proven_cleartext`).
    candidate: Option<Zeroizing<Vec<u8>>>,
}

/// The plugin squeeze names in its answer to the server's greeting: no
/// server has it, so the server switches to the account's own plugin.
const ASK_SERVER_PLUGIN: &str = "squeeze_asks_account_plugin";

/// ER_MUST_CHANGE_PASSWORD: the session is in the server's expired-password
/// sandbox.
const ER_MUST_CHANGE_PASSWORD: u16 = 1820;

impl Session {
    /// Relay the login of `response` to the home shard over `opened`, and
    /// adopt that connection as the session's first. Errors have been sent
    /// to the client; the `&'static str` is the `connections_total` outcome.
    pub(super) async fn relay_login(
        &mut self,
        opened: Opened,
        response: &HandshakeResponse,
        deadline: tokio::time::Instant,
        place: Place,
    ) -> Result<(), LoginError> {
        let ctx = self.ctx.clone();
        let target = &ctx.shards[self.shards.current()];
        let req = self.login_request();
        let client_plugin = match (
            &response.auth_plugin,
            response.capabilities & CLIENT_PLUGIN_AUTH != 0,
        ) {
            (Some(p), true) => String::from_utf8_lossy(p).into_owned(),
            _ => NATIVE_PASSWORD.to_string(),
        };
        let nonce = opened.handshake.auth_data.clone();
        // The client proved its password over squeeze's nonce; the server
        // has its own. A password sent in clear is nonce-free and goes as
        // is. Otherwise the server is asked which plugin the account uses:
        // it is answered under a plugin no server has, so it switches the
        // client to the account's plugin with its own nonce, and the client
        // sees exactly one switch, the server's (as directly, when its
        // plugin was not the account's; PyMySQL refuses a second switch).
        // TiDB refuses an unknown plugin: there squeeze switches the client
        // to the server's default plugin first (as MaxScale does).
        let (plugin, token) = if client_plugin == CLEAR_PASSWORD {
            (client_plugin, response.auth_response.clone())
        } else if response.capabilities & CLIENT_PLUGIN_AUTH == 0 {
            abandon(opened, target.clone(), req, place);
            let err = SqlError::new(ErrorCode::NotSupportedAuthMode, "Client does not support authentication protocol requested by server; consider upgrading MariaDB client");
            return Err(LoginError::auth(err));
        } else if !opened.handshake.is_tidb() {
            (ASK_SERVER_PLUGIN.to_string(), Vec::new())
        } else {
            let server_plugin = opened.handshake.auth_plugin.clone();
            let mut data = nonce.clone();
            data.push(0);
            let asked = auth_switch_request(&server_plugin, &data);
            match tokio::time::timeout_at(deadline, ask_client(&mut self.client, &asked)).await {
                Ok(Ok(reply)) => (
                    String::from_utf8_lossy(&server_plugin).into_owned(),
                    reply.to_vec(),
                ),
                Ok(Err(AuthFailure::Refused(e))) => {
                    abandon(opened, target.clone(), req, place);
                    return Err(e);
                }
                Ok(Err(AuthFailure::Gone)) => {
                    abandon(opened, target.clone(), req, place);
                    return Err(LoginError::gone());
                }
                Err(_) => {
                    abandon(opened, target.clone(), req, place);
                    return Err(LoginError::unanswered(
                        ErrorSource::Client,
                        LoginOutcome::HandshakeTimeout,
                    ));
                }
            }
        };
        let mut responded = match opened.respond(target, &req, &plugin, token.clone()).await {
            Ok(r) => r,
            Err(e) => {
                let err = self.connect_failed(e);
                return Err(LoginError::new(
                    ErrorSource::Backend,
                    LoginOutcome::BackendFailed,
                    err.into(),
                ));
            }
        };
        // A client that opens with mysql_clear_password sent the password.
        let cleartext = (plugin == CLEAR_PASSWORD)
            .then(|| Zeroizing::new(token.strip_suffix(&[0]).unwrap_or(&token).to_vec()));
        let first = Exchange {
            plugin,
            nonce,
            token,
            cleartext,
            candidate: None,
        };
        let user = self.info.user.clone();
        let relayed = exchange(&mut self.client, &mut responded.conn, target, &user, first);
        let x = match tokio::time::timeout_at(deadline, relayed).await {
            Ok(Ok(x)) => x,
            Ok(Err(AuthFailure::Refused(e))) => return Err(e),
            Ok(Err(AuthFailure::Gone)) => {
                abandon_responded(responded.conn, target.clone(), user, place);
                return Err(LoginError::gone());
            }
            Err(_) => {
                abandon_responded(responded.conn, target.clone(), user, place);
                return Err(LoginError::unanswered(
                    ErrorSource::Client,
                    LoginOutcome::HandshakeTimeout,
                ));
            }
        };
        let mut b = responded.finish(&req);
        // The server has said OK: the client is authenticated.
        drop(place);
        if let Some(e) = self.refused_by_grants(&mut b, target, &user, &x).await {
            return Err(e);
        }
        self.credential = replayable(&ctx, target, &user, &x).await;
        self.backend_user = user;
        self.relayed = Some((self.shards.current(), b.handshake.connection_id));
        self.adopt_backend(b).await;
        Ok(())
    }

    /// A login in the server's expired-password sandbox gives no facts;
    /// it is admitted only where the server's own acceptance already
    /// answered what they would: the client's link to squeeze is TLS or
    /// squeeze's to the server is not (a `REQUIRE SSL` the server checked
    /// holds for the client too; squeeze presents no client certificate,
    /// so a `REQUIRE X509`-like account never got in), and the server saw
    /// the client's address or the client is on squeeze's host.
    fn sandbox_needs_no_facts(
        &self,
        b: &crate::backend::BackendConn,
        target: &BackendTarget,
    ) -> bool {
        let tls_covered = self.client.is_tls() || !b.conn.is_tls();
        let host_covered =
            target.proxy_protocol || self.info.peer.is_none_or(|p| grants::is_local(p.ip()));
        tls_covered && host_covered
    }

    /// What the server could not check because squeeze stands between it
    /// and the client: the host part of the account it matched (when it
    /// saw squeeze's address) and the account's `REQUIRE` clause (when it
    /// saw squeeze's TLS). `Some` when the login is refused (to be answered
    /// with the server's own 1045).
    async fn refused_by_grants(
        &mut self,
        b: &mut crate::backend::BackendConn,
        target: &BackendTarget,
        user: &str,
        x: &Exchange,
    ) -> Option<LoginError> {
        let peer = self.info.peer;
        let facts = match grants::read(&mut b.conn, b.capabilities).await {
            Ok(f) => f,
            Err(crate::backend::query::QueryError::Server(e))
                if e.code == ER_MUST_CHANGE_PASSWORD && self.sandbox_needs_no_facts(b, target) =>
            {
                // The password has expired and the client said it can
                // handle that: the server let it in to change the password
                // and answers every other statement with 1820, the facts
                // query too, as it will the client's own.
                tracing::info!(user = ?user, shard = %target.name, "login with an expired password admitted to change it (the server's sandbox)");
                return None;
            }
            Err(e) => {
                let err = SqlError::backend_unreachable(&target.name, &target.address, &format!("reading the account's host and TLS requirement (CURRENT_USER(), SHOW GRANTS) after login: {e}"));
                b.quit().await;
                return Some(
                    LoginError::new(ErrorSource::Backend, LoginOutcome::AuthFailed, err)
                        .user(user)
                        .shard(&target.name)
                        .cause(&e)
                        .logged(
                            Loud::Warn,
                            "reading the account's own grants after a relayed login failed; login refused",
                        ),
                );
            }
        };
        let why = match (&facts.tls, self.client.is_tls()) {
            (grants::TlsRequirement::Ssl, false) => Some(
                "the account requires SSL and the client's link to squeeze is not TLS".to_string(),
            ),
            (grants::TlsRequirement::Certificate(kind), _) => Some(format!(
                "the account requires {kind}, a client certificate squeeze does not ask for"
            )),
            _ => None,
        };
        let why = why.or_else(|| {
            let ip = peer?.ip();
            if target.proxy_protocol || grants::is_local(ip) {
                // The server saw the client's address, or squeeze's own
                // host, which is where a local client is.
                return None;
            }
            match grants::host_matches(&facts.host_pattern, ip) {
                Some(true) => None,
                Some(false) => Some(format!("the account the server matched, '{}'@'{}', does not admit the client's address", user.escape_debug(), facts.host_pattern.escape_debug())),
                None => Some(format!("the account the server matched, '{}'@'{}', names a host that squeeze cannot check the client's address against without a DNS lookup; set [backend] proxy_protocol = true", user.escape_debug(), facts.host_pattern.escape_debug())),
            }
        });
        let why = why?;
        b.quit().await;
        // The server's own words for a refused login.
        let err = SqlError::new(
            ErrorCode::AccessDenied,
            format!(
                "Access denied for user '{}'@'{}' (using password: {})",
                user,
                self.info.host,
                if x.token.is_empty() { "NO" } else { "YES" }
            ),
        );
        Some(
            LoginError::auth(err)
                .user(user)
                .shard(&target.name)
                .cause(format_args!("client {}: {why}", self.info.host))
                .logged(
                    Loud::Info,
                    "login accepted by the server refused by squeeze",
                ),
        )
    }

    /// COM_CHANGE_USER to a user squeeze does not list: relayed on the
    /// connection the login was relayed on (the client proves the new
    /// password over that server's nonce), the other connections closed,
    /// the exchange relayed as at login. `Ok(())` when the server said OK;
    /// errors have been sent to the client.
    pub(super) async fn relay_change_user(&mut self, cu: &ChangeUser) -> Result<(), ()> {
        let user = String::from_utf8_lossy(&cu.username).into_owned();
        let Some((shard, mut b)) = self.take_relayed_backend(&user) else {
            return Err(());
        };
        let ctx = self.ctx.clone();
        let target = &ctx.shards[shard];
        self.relayed = None;
        // The database goes along only where it lives.
        let database = cu.database.clone().filter(|db| {
            let name = String::from_utf8_lossy(db);
            self.ctx.router.shard_for_db(&name, shard) == Ok(shard)
                || self.ctx.router.db_is_key_routed(&name)
        });
        let to_server = ChangeUser {
            database,
            ..cu.clone()
        };
        let Some(payload) = to_server.encode(b.capabilities) else {
            self.reply_error(&SqlError::new(
                ErrorCode::MalformedPacket,
                "COM_CHANGE_USER: authentication data longer than 255 bytes",
            ));
            return Err(());
        };
        b.conn.begin_command();
        b.conn.write_packet(&payload);
        if let Err(e) = b.conn.flush().await {
            let why = format!("sending COM_CHANGE_USER: {e}");
            self.reply_error(&SqlError::backend_unreachable(
                &target.name,
                &target.address,
                &why,
            ));
            return Err(());
        }
        let plugin = match &cu.auth_plugin {
            Some(p) if self.info.capabilities & CLIENT_PLUGIN_AUTH != 0 => {
                String::from_utf8_lossy(p).into_owned()
            }
            _ => NATIVE_PASSWORD.to_string(),
        };
        let first = Exchange {
            plugin,
            nonce: self.info.nonce.clone(),
            token: cu.auth_response.clone(),
            cleartext: None,
            candidate: None,
        };
        let x = match exchange(&mut self.client, &mut b.conn, target, &user, first).await {
            Ok(x) => x,
            Err(AuthFailure::Refused(e)) => {
                e.refuse(&mut self.client, self.info.peer).await;
                return Err(());
            }
            Err(AuthFailure::Gone) => return Err(()),
        };
        if let Some(e) = self.refused_by_grants(&mut b, target, &user, &x).await {
            e.refuse(&mut self.client, self.info.peer).await;
            return Err(());
        }
        self.credential = replayable(&ctx, target, &user, &x).await;
        self.backend_user = user;
        b.session_state = None;
        self.shards.reset_to(shard);
        self.relayed = Some((shard, b.handshake.connection_id));
        self.adopt_backend(b).await;
        Ok(())
    }
    /// Keep only the backend connection the login (or the last change of
    /// user) was relayed on, dropping the others; `None` after an ERR to
    /// the client when there is none.
    fn take_relayed_backend(&mut self, user: &str) -> Option<(usize, crate::backend::BackendConn)> {
        let relayed = self.relayed.filter(|&(shard, thread)| {
            self.shards
                .conn_to(shard)
                .is_some_and(|b| b.handshake.connection_id == thread)
        });
        let Some((shard, _)) = relayed else {
            METRICS.auth_failures_total.inc();
            self.client.write_packet(&SqlError::new(ErrorCode::NotSupportedYet, format!(
                "squeeze: COM_CHANGE_USER to '{}' needs the connection this session's login was relayed on (accounts = \"server\"), which is gone or was never opened (a user listed in [[users]] logged in): open a new connection as that user",
                user.escape_debug()
            )).to_packet().encode());
            return None;
        };
        // Only the relayed connection stays; the new user starts afresh.
        let mut kept = None;
        for (s, b) in self.take_all_backends() {
            if s == shard {
                kept = Some(b);
            }
        }
        let Some(b) = kept else {
            // Checked above; an ERR rather than a panic all the same.
            self.reply_error(&SqlError::internal(format!(
                "squeeze: internal error: no connection to shard #{shard} for COM_CHANGE_USER; reconnect"
            )));
            return None;
        };
        Some((shard, b))
    }
}

/// Plugins whose answer is the password itself (PAM's `dialog` included).
fn sends_clear_password(plugin: &str) -> bool {
    matches!(plugin, CLEAR_PASSWORD | "dialog")
}

/// Relay the exchange until the server says OK (returned) or ERR (to be
/// relayed as sent, `Refused`).
async fn exchange(
    client: &mut PacketConn,
    backend: &mut PacketConn,
    target: &BackendTarget,
    user: &str,
    mut x: Exchange,
) -> Result<Exchange, AuthFailure> {
    loop {
        let p = match backend.read_packet().await {
            Ok(p) => p,
            Err(e) => {
                let why = format!("during the login: {e}");
                return Err(backend_failed(SqlError::backend_unreachable(
                    &target.name,
                    &target.address,
                    &why,
                )));
            }
        };
        match step(&x.plugin, &p.payload) {
            Step::Ok => return Ok(x),
            Step::Err => {
                return Err(AuthFailure::Refused(
                    LoginError::server_refused(&p.payload)
                        .user(user)
                        .shard(&target.name)
                        .logged(Loud::Info, "login refused by the server"),
                ));
            }
            Step::Switch => {
                let Ok((plugin, nonce)) = parse_auth_switch(&p.payload) else {
                    return Err(backend_failed(bad_server_packet(target)));
                };
                x.plugin = String::from_utf8_lossy(&plugin).into_owned();
                x.nonce = nonce;
                // A password sent under the previous plugin is one the
                // server did not accept: at most a candidate.
                if let Some(pw) = x.cleartext.take() {
                    x.candidate = Some(pw);
                }
                if sends_clear_password(&x.plugin) && client.is_tls() && !backend.is_tls() {
                    // The client's driver sends the password in clear
                    // because its link is TLS; forwarded, it would cross
                    // the plaintext link to the server. Refused before the
                    // client is asked.
                    let err = SqlError::new(ErrorCode::SecureTransportRequired, format!("shard '{}' asked for {} for user '{}', which sends the password in clear, and squeeze reaches it without TLS: set tls = \"required\" for the shard", target.name, x.plugin.escape_debug(), user.escape_debug()));
                    return Err(AuthFailure::Refused(LoginError::auth(err)));
                }
                let reply = ask_client(client, &p.payload).await?;
                if x.plugin == CLEAR_PASSWORD {
                    let pw = reply.strip_suffix(&[0]).unwrap_or(&reply);
                    x.cleartext = Some(Zeroizing::new(pw.to_vec()));
                }
                x.token = reply.to_vec();
                forward(backend, target, &reply).await?;
            }
            Step::FastAuthOk => client.write_packet(&p.payload),
            Step::FullAuth => {
                if !client.is_tls() && backend.is_tls() {
                    // The client would ask for an RSA key, which a server
                    // reached over TLS does not give: refused before the
                    // client sends anything.
                    let err = SqlError::new(ErrorCode::SecureTransportRequired, format!("caching_sha2_password full authentication for user '{}' through squeeze needs TLS on the client's link when shard '{}' is reached over TLS: connect with TLS (ssl-mode=REQUIRED)", user.escape_debug(), target.name));
                    return Err(AuthFailure::Refused(LoginError::auth(err)));
                }
                let reply = ask_client(client, &p.payload).await?;
                if client.is_tls() {
                    // The client sent the password itself; squeeze completes
                    // the backend side (clear over TLS, else RSA).
                    let pw = Zeroizing::new(reply.strip_suffix(&[0]).unwrap_or(&reply).to_vec());
                    if let Err(e) =
                        backend::send_full_auth(backend, target, user, &pw, &x.nonce).await
                    {
                        return Err(backend_failed(login_error(target, e)));
                    }
                    x.cleartext = Some(pw);
                } else {
                    // An RSA key request or a password encrypted for the
                    // server's key: the server's business.
                    forward(backend, target, &reply).await?;
                }
            }
            Step::MoreData => {
                let reply = ask_client(client, &p.payload).await?;
                forward(backend, target, &reply).await?;
            }
        }
    }
}

/// The client went away after the server's greeting: finish the server's
/// login exchange with a proof that cannot match (in the background), so
/// the server records a failed password for that account, never a
/// handshake error against squeeze's address (`max_connect_errors`, which
/// would block every client of this squeeze).
/// The relayed-login `place` is held until the server's side is closed.
fn abandon(opened: Opened, target: BackendTarget, req: LoginRequest, place: Place) {
    tokio::spawn(async move {
        let _place = place;
        let fut = async {
            let junk = vec![0u8; 20];
            if let Ok(r) = opened.respond(&target, &req, NATIVE_PASSWORD, junk).await {
                finish_refused(r.conn).await;
            }
        };
        let _ = tokio::time::timeout(target.connect_timeout, fut).await;
    });
}

/// As [`abandon`], partway through the exchange: the server waits for
/// the client's next answer.
fn abandon_responded(conn: PacketConn, target: BackendTarget, user: String, place: Place) {
    tracing::debug!(user = ?user, shard = %target.name, "client left during a relayed login; ending the server's exchange with a refused proof");
    tokio::spawn(async move {
        let _place = place;
        let mut conn = conn;
        let fut = async {
            conn.write_packet(&[0u8; 20]);
            if conn.flush().await.is_ok() {
                finish_refused(conn).await;
            }
        };
        let _ = tokio::time::timeout(target.connect_timeout, fut).await;
    });
}

/// Answer whatever the server asks with data that cannot authenticate,
/// until it says ERR (or OK, then quit); a few rounds at most.
async fn finish_refused(mut conn: PacketConn) {
    for _ in 0..4 {
        let Ok(p) = conn.read_packet().await else {
            return;
        };
        match p.payload.first() {
            Some(0xFF) => return,
            Some(0x00) => {
                conn.begin_command();
                conn.write_packet(&[0x01]);
                let _ = conn.flush().await;
                return;
            }
            // An auth switch, or plugin data: a 64-byte answer fits the
            // ed25519 signature size and fails every plugin's check.
            _ => {
                conn.write_packet(&[0u8; 64]);
                if conn.flush().await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Send the server's packet to the client and read its answer.
async fn ask_client(
    client: &mut PacketConn,
    payload: &[u8],
) -> Result<Zeroizing<Vec<u8>>, AuthFailure> {
    client.write_packet(payload);
    client.flush().await.map_err(|_| AuthFailure::Gone)?;
    let reply = read_auth_packet(client).await?;
    Ok(Zeroizing::new(reply.payload.to_vec()))
}

async fn forward(
    backend: &mut PacketConn,
    target: &BackendTarget,
    payload: &[u8],
) -> Result<(), AuthFailure> {
    backend.write_packet(payload);
    if let Err(e) = backend.flush().await {
        let why = format!("during the login: {e}");
        return Err(backend_failed(SqlError::backend_unreachable(
            &target.name,
            &target.address,
            &why,
        )));
    }
    Ok(())
}

fn bad_server_packet(target: &BackendTarget) -> SqlError {
    SqlError::backend_unreachable(
        &target.name,
        &target.address,
        "malformed authentication switch request from the server",
    )
}

fn login_error(target: &BackendTarget, e: ConnectError) -> SqlError {
    match e {
        ConnectError::Misconfigured(why) => {
            SqlError::backend_misconfigured(&target.name, &target.address, &why)
        }
        e => SqlError::backend_unreachable(&target.name, &target.address, &e.to_string()),
    }
}

/// The server's side of a relayed login failed.
fn backend_failed(err: SqlError) -> AuthFailure {
    AuthFailure::Refused(LoginError::new(
        ErrorSource::Backend,
        LoginOutcome::BackendFailed,
        err,
    ))
}

/// The credential squeeze may replay for this session on other shards and
/// reconnects, from what the exchange revealed.
async fn replayable(
    ctx: &Arc<ProxyContext>,
    target: &BackendTarget,
    user: &str,
    x: &Exchange,
) -> BackendCredential {
    if let Some(pw) = x.cleartext.as_ref().or_else(|| proven_cleartext(x)) {
        return BackendCredential::Plaintext(String::from_utf8_lossy(pw).into_owned());
    }
    let plugin = x.plugin.as_str();
    if x.token.is_empty() && matches!(plugin, NATIVE_PASSWORD | CACHING_SHA2_PASSWORD) {
        // An account without a password.
        return BackendCredential::Plaintext(String::new());
    }
    let home = &target.name;
    match plugin {
        NATIVE_PASSWORD if !ctx.accounts.configured() => BackendCredential::Unavailable(format!(
            "the login was relayed to shard '{home}' with mysql_native_password, and squeeze can reuse that proof only with the account's hash from mysql.user: set [auth] accounts_user (an account with SELECT on mysql.user), or list the account in [[users]]"
        )),
        NATIVE_PASSWORD => match ctx
            .accounts
            .recover_native(target, user, &x.token, &x.nonce)
            .await
        {
            Some(stage1) => BackendCredential::NativeStage1(stage1),
            None => BackendCredential::Unavailable(format!(
                "the login was relayed to shard '{home}' with mysql_native_password, and no mysql_native_password hash of the account read from mysql.user there with [auth] accounts_user matches it (see squeeze's log); grant that account SELECT on mysql.user, or list the account in [[users]]"
            )),
        },
        CACHING_SHA2_PASSWORD => BackendCredential::Unavailable(format!(
            "the login was relayed to shard '{home}' with caching_sha2_password without revealing the password (fast path, or the RSA exchange with the server): connect with TLS so that squeeze sees full authentication, or list the account in [[users]]"
        )),
        other => BackendCredential::Unavailable(format!(
            "the login was relayed to shard '{home}' with {other}, whose proof squeeze cannot replay: list the account in [[users]], or use mysql_native_password (with [auth] accounts_user set) or caching_sha2_password over TLS",
            other = other.escape_debug()
        )),
    }
}

/// The clear-text candidate, when the proof the server accepted last is
/// the one that password makes over that nonce (a client that sent a wrong
/// password in clear, then proved the right one, gives none).
fn proven_cleartext(x: &Exchange) -> Option<&Zeroizing<Vec<u8>>> {
    let pw = x.candidate.as_ref()?;
    let expected = match x.plugin.as_str() {
        _ if pw.is_empty() => Vec::new(),
        NATIVE_PASSWORD => auth::native_token_from_stage1(&auth::native_stage1(pw), &x.nonce),
        CACHING_SHA2_PASSWORD => auth::sha2_token(pw, &x.nonce),
        _ => return None,
    };
    (expected == x.token).then_some(pw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clear_text_password_is_kept_only_if_the_accepted_proof_was_made_from_it() {
        let nonce = b"abcdefghijklmnopqrst".to_vec();
        let proof = auth::native_token_from_stage1(&auth::native_stage1(b"right"), &nonce);
        let x = |candidate: &[u8]| Exchange {
            plugin: NATIVE_PASSWORD.into(),
            nonce: nonce.clone(),
            token: proof.clone(),
            cleartext: None,
            candidate: Some(Zeroizing::new(candidate.to_vec())),
        };
        assert!(proven_cleartext(&x(b"right")).is_some());
        assert!(proven_cleartext(&x(b"wrong")).is_none());
        assert!(proven_cleartext(&x(b"")).is_none());
    }

    #[test]
    fn server_packets_of_the_login_exchange_are_told_apart() {
        assert_eq!(step(NATIVE_PASSWORD, b"\x00\x00\x00\x02\x00"), Step::Ok);
        assert_eq!(step(NATIVE_PASSWORD, b"\xff\x15\x04#28000x"), Step::Err);
        assert_eq!(
            step(NATIVE_PASSWORD, b"\xfeclient_ed25519\0abc"),
            Step::Switch
        );
        assert_eq!(step(CACHING_SHA2_PASSWORD, b"\x01\x03"), Step::FastAuthOk);
        assert_eq!(step(CACHING_SHA2_PASSWORD, b"\x01\x04"), Step::FullAuth);
        // The server's RSA key is plugin data the client answers.
        assert_eq!(
            step(CACHING_SHA2_PASSWORD, b"\x01-----BEGIN PUBLIC KEY-----"),
            Step::MoreData
        );
        // 0x01 0x03 under another plugin is that plugin's data.
        assert_eq!(step("dialog", b"\x01\x03"), Step::MoreData);
        assert_eq!(step("dialog", b"\x04Password: "), Step::MoreData);
        assert_eq!(step(NATIVE_PASSWORD, b""), Step::MoreData);
    }
}
