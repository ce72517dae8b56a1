//! Frontend authentication: verify the client's proof against the user's
//! stored verifier, switching plugins when needed, and work out which
//! credential the backend login will use.

use super::handshake::random_nonce;
use super::login_failure::{LoginError, LoginOutcome, Loud};
use crate::backend::BackendCredential;
use crate::context::{ProxyContext, UserEntry};
use crate::error::{ErrorCode, SqlError};
use crate::metrics::ProtocolErrorKind;
use crate::net::{NetError, PacketConn};
use crate::protocol::auth::{self, CACHING_SHA2_PASSWORD, NATIVE_PASSWORD};
use crate::protocol::capabilities::CLIENT_PLUGIN_AUTH;
use crate::protocol::handshake::{auth_more_data, auth_switch_request, HandshakeResponse};
use crate::protocol::{Packet, ProtocolError};

pub(super) struct Authenticated {
    pub credential: BackendCredential,
    pub backend_user: String,
}

pub(super) enum AuthFailure {
    /// Refused: the caller answers it ([`LoginError::refuse`]).
    Refused(LoginError),
    /// The client went away.
    Gone,
}

/// Authenticate a HandshakeResponse41.
pub(super) async fn authenticate(
    ctx: &ProxyContext,
    client: &mut PacketConn,
    response: &HandshakeResponse,
    nonce: &[u8],
    host: &str,
) -> Result<Authenticated, AuthFailure> {
    let plugin = match (
        &response.auth_plugin,
        response.capabilities & CLIENT_PLUGIN_AUTH != 0,
    ) {
        (Some(p), true) => String::from_utf8_lossy(p).into_owned(),
        _ => NATIVE_PASSWORD.to_string(),
    };
    let user = String::from_utf8_lossy(&response.username).into_owned();
    verify(
        ctx,
        client,
        &user,
        host,
        &plugin,
        response.auth_response.clone(),
        nonce,
    )
    .await
}

/// Verify `token` (computed by the client with `client_plugin` over
/// `nonce`), switching the client to another plugin when squeeze cannot
/// check that one for this user.
pub(super) async fn verify(
    ctx: &ProxyContext,
    client: &mut PacketConn,
    user: &str,
    host: &str,
    client_plugin: &str,
    token: Vec<u8>,
    nonce: &[u8],
) -> Result<Authenticated, AuthFailure> {
    let entry = ctx.users.get(user);
    let supports = |p: &str| match (entry, p) {
        (None, NATIVE_PASSWORD | CACHING_SHA2_PASSWORD) => true,
        (Some(e), NATIVE_PASSWORD) => e.verifier.native_stage2.is_some() || e.verifier.empty,
        (Some(e), CACHING_SHA2_PASSWORD) => e.verifier.sha2_stage2.is_some() || e.verifier.empty,
        _ => false,
    };
    let (plugin, nonce, token) = if supports(client_plugin) {
        (client_plugin.to_string(), nonce.to_vec(), token)
    } else {
        let preferred = ctx.auth.default_plugin.name();
        let target = if supports(preferred) {
            preferred
        } else if supports(NATIVE_PASSWORD) {
            NATIVE_PASSWORD
        } else {
            CACHING_SHA2_PASSWORD
        };
        let (nonce, token) = switch_plugin(client, target).await?;
        (target.to_string(), nonce, token)
    };
    let using_password = !token.is_empty();
    let Some(entry) = entry else {
        return Err(deny(user, host, using_password));
    };

    let needs_plaintext = entry.backend_login.is_none()
        && entry.plaintext.is_none()
        && ctx.shards.iter().any(|s| s.service_user.is_none());
    let mut learned_plaintext: Option<String> = None;
    let mut stage1: Option<[u8; 20]> = None;
    let ok = if entry.verifier.empty && token.is_empty() {
        true
    } else if plugin == NATIVE_PASSWORD {
        stage1 = entry
            .verifier
            .native_stage2
            .and_then(|s2| auth::verify_native(&token, &nonce, &s2));
        stage1.is_some()
    } else {
        let fast_ok = entry
            .verifier
            .sha2_stage2
            .is_some_and(|s2| auth::verify_sha2(&token, &nonce, &s2));
        if !fast_ok {
            false
        } else if ctx.auth.caching_sha2_full_auth || needs_plaintext {
            learned_plaintext = full_auth(client, entry, user).await?;
            learned_plaintext.is_some()
        } else {
            client.write_packet(&auth_more_data(&[auth::SHA2_FAST_AUTH_OK]));
            true
        }
    };
    if !ok {
        return Err(deny(user, host, using_password));
    }
    Ok(backend_credential(entry, learned_plaintext, stage1))
}

/// Ask the client to authenticate again with `plugin` over a new nonce;
/// returns the nonce and the client's new token.
async fn switch_plugin(
    client: &mut PacketConn,
    plugin: &str,
) -> Result<(Vec<u8>, Vec<u8>), AuthFailure> {
    let nonce = random_nonce();
    let mut data = nonce.clone();
    data.push(0);
    client.write_packet(&auth_switch_request(plugin.as_bytes(), &data));
    flush(client).await?;
    let token = read_auth_packet(client).await?.payload.to_vec();
    Ok((nonce, token))
}

/// caching_sha2_password full authentication: the plaintext, which only
/// TLS may carry. Refused before asking for it, so a client never sends it
/// in clear text. `Some(password)` when it matches the user's verifier.
async fn full_auth(
    client: &mut PacketConn,
    entry: &UserEntry,
    user: &str,
) -> Result<Option<String>, AuthFailure> {
    if !client.is_tls() {
        let err = SqlError::new(ErrorCode::SecureTransportRequired, format!("caching_sha2_password full authentication for user '{}' requires TLS: connect with TLS (ssl-mode=REQUIRED) or use mysql_native_password; squeeze does not offer the RSA key exchange", user.escape_debug()),
        );
        return Err(AuthFailure::Refused(
            LoginError::auth(err)
                .user(user)
                .logged(Loud::Info, "full authentication refused without TLS"),
        ));
    }
    client.write_packet(&auth_more_data(&[auth::SHA2_PERFORM_FULL_AUTH]));
    flush(client).await?;
    let reply = read_auth_packet(client).await?;
    let pw = reply.payload.strip_suffix(&[0]).unwrap_or(&reply.payload);
    Ok(entry
        .verifier
        .verify_plaintext(pw)
        .then(|| String::from_utf8_lossy(pw).into_owned()))
}

fn backend_credential(
    entry: &UserEntry,
    learned: Option<String>,
    stage1: Option<[u8; 20]>,
) -> Authenticated {
    if let Some((bu, bp)) = &entry.backend_login {
        return Authenticated {
            credential: BackendCredential::Plaintext(bp.clone()),
            backend_user: bu.clone(),
        };
    }
    let credential = match (&entry.plaintext, learned, stage1) {
        (Some(p), _, _) => BackendCredential::Plaintext(p.clone()),
        (None, Some(p), _) => BackendCredential::Plaintext(p),
        (None, None, Some(s1)) => BackendCredential::NativeStage1(s1),
        // Only reachable with service credentials, which replace this one.
        (None, None, None) => BackendCredential::Plaintext(String::new()),
    };
    Authenticated {
        credential,
        backend_user: entry.name.clone(),
    }
}

fn deny(user: &str, host: &str, using_password: bool) -> AuthFailure {
    AuthFailure::Refused(
        LoginError::auth(SqlError::access_denied(user, host, using_password))
            .user(user)
            .cause(format_args!("from {host}"))
            .logged(Loud::Info, "access denied"),
    )
}

/// The client's next packet of the authentication exchange. A malformed or
/// oversized one (before login squeeze reads at most
/// `HANDSHAKE_MAX_PACKET` bytes) is a protocol error, to be counted and
/// answered with ERR 1043, not a client that left.
pub(super) async fn read_auth_packet(client: &mut PacketConn) -> Result<Packet, AuthFailure> {
    match client.read_packet().await {
        Ok(p) => Ok(p),
        Err(NetError::Protocol(e)) => {
            let kind = match e {
                ProtocolError::TooLarge { .. } => ProtocolErrorKind::HandshakeTooLarge,
                _ => ProtocolErrorKind::BadHandshake,
            };
            let err = SqlError::new(
                ErrorCode::Handshake,
                format!("Bad handshake: {e} during authentication"),
            );
            Err(AuthFailure::Refused(LoginError::protocol(
                kind,
                LoginOutcome::AuthFailed,
                err,
            )))
        }
        Err(_) => Err(AuthFailure::Gone),
    }
}

async fn flush(client: &mut PacketConn) -> Result<(), AuthFailure> {
    client.flush().await.map_err(|_| AuthFailure::Gone)
}
