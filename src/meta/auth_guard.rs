//! A loopback hop in front of each plaintext login squeeze's own client
//! library (mysql_async: the dictionary store, the loader, the jobs) makes
//! to a shard. mysql_async answers caching_sha2_password's "perform full
//! authentication" over plaintext by asking the server for its RSA key and
//! encrypting the password to whatever key comes back: anyone on the path
//! (or a hostile backend) reads the password. It has no option to pin a
//! key or refuse. The hop reads the login exchange and applies the
//! sessions' rule (`backend::send_full_auth`): the key request is answered
//! with the pinned `server_public_key`, never passed to the server, and
//! without a pinned key the login is refused before the password leaves.
//! Plugins mysql_async would answer with the password in any other form
//! are refused too. After the login the hop copies bytes both ways.
//!
//! TLS links do not pass through the hop: over TLS the password goes in
//! clear inside the encrypted link, as for the sessions.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The largest login packet the hop reads (handshakes, switches and keys
/// are far smaller; a hostile backend must not make it buffer more).
const MAX_LOGIN_PACKET: usize = 64 << 10;

const CACHING_SHA2: &str = "caching_sha2_password";
const NATIVE: &str = "mysql_native_password";

/// What the hop does with one packet the server sent during login.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum ServerStep {
    /// Pass it on; the client answers next.
    ToClient,
    /// Pass it on; the server sends more before the client answers
    /// (caching_sha2_password's fast-auth success before the OK).
    ToClientThenServer,
    /// Pass it on and stop inspecting: the login ended (OK or ERR).
    Done,
    /// Pass on the full-authentication request, then answer the client's
    /// key request with the pinned key.
    FullAuthWithPinnedKey,
    /// Refuse the login: the client would send the password readably.
    Refuse(String),
}

/// The step for `payload` from the server while `plugin` authenticates.
pub(crate) fn server_step(plugin: &str, payload: &[u8], pinned: bool) -> ServerStep {
    match payload.first() {
        Some(0x00) | Some(0xFF) => ServerStep::Done,
        Some(0xFE) => match switch_plugin(payload) {
            Some(p) if p == NATIVE || p == CACHING_SHA2 => ServerStep::ToClient,
            Some(p) => ServerStep::Refuse(format!(
                "asked squeeze's own connection to switch to authentication plugin {p:?} over a link without TLS; \
                 squeeze answers only mysql_native_password or caching_sha2_password there"
            )),
            None => ServerStep::Refuse("sent a malformed authentication switch".into()),
        },
        Some(0x01) if plugin == CACHING_SHA2 => match payload.get(1) {
            Some(0x03) => ServerStep::ToClientThenServer,
            Some(0x04) if pinned => ServerStep::FullAuthWithPinnedKey,
            Some(0x04) => ServerStep::Refuse(
                "asked for caching_sha2_password full authentication over a link without TLS; \
                 squeeze does not ask a server for its RSA key over plaintext (anyone on the path could answer with theirs). \
                 Set tls = \"required\" (or verify_ca/verify_identity) for the shard, or pin the server's key with \
                 server_public_key = \"/path/public_key.pem\""
                    .into(),
            ),
            _ => ServerStep::Refuse("sent an unexpected caching_sha2_password state".into()),
        },
        _ => ServerStep::Refuse(format!(
            "sent an unexpected packet 0x{:02x} during login",
            payload.first().copied().unwrap_or(0)
        )),
    }
}

/// The plugin an AuthSwitchRequest names.
fn switch_plugin(payload: &[u8]) -> Option<String> {
    let rest = payload.get(1..)?;
    let end = rest.iter().position(|&b| b == 0)?;
    Some(String::from_utf8_lossy(&rest[..end]).into_owned())
}

/// The plugin a HandshakeV10 names (after the second part of its nonce).
fn handshake_plugin(payload: &[u8]) -> Option<String> {
    if payload.first() != Some(&10) {
        return None;
    }
    let version_end = 1 + payload.get(1..)?.iter().position(|&b| b == 0)?;
    // id(4) nonce1(8) filler(1) caps(2) charset(1) status(2) caps(2)
    // nonce_len(1) reserved(10), then nonce2 (max(13, len - 8)), plugin.
    let fixed = version_end + 1 + 4 + 8 + 1 + 2 + 1 + 2 + 2;
    let nonce_len = *payload.get(fixed)? as usize;
    let nonce2 = nonce_len.saturating_sub(8).max(13);
    let start = fixed + 1 + 10 + nonce2;
    let rest = payload.get(start..)?;
    let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
    Some(String::from_utf8_lossy(&rest[..end]).into_owned())
}

/// A packet: its sequence number and payload.
struct Packet {
    seq: u8,
    payload: Vec<u8>,
}

async fn read_packet(s: &mut TcpStream) -> std::io::Result<Packet> {
    let mut header = [0u8; 4];
    s.read_exact(&mut header).await?;
    let len = u32::from_le_bytes([header[0], header[1], header[2], 0]) as usize;
    if len > MAX_LOGIN_PACKET {
        return Err(std::io::Error::other(format!(
            "a {len}-byte packet during login"
        )));
    }
    let mut payload = vec![0u8; len];
    s.read_exact(&mut payload).await?;
    Ok(Packet {
        seq: header[3],
        payload,
    })
}

async fn write_packet(s: &mut TcpStream, seq: u8, payload: &[u8]) -> std::io::Result<()> {
    let len = payload.len() as u32;
    let mut out = Vec::with_capacity(4 + payload.len());
    out.extend_from_slice(&len.to_le_bytes()[..3]);
    out.push(seq);
    out.extend_from_slice(payload);
    s.write_all(&out).await
}

/// ERR 1251 (client does not support the authentication the server asked
/// for) to the client, naming the shard.
fn refusal_packet(shard: &str, why: &str) -> Vec<u8> {
    let mut p = vec![0xFF];
    p.extend_from_slice(&1251u16.to_le_bytes());
    p.extend_from_slice(b"#08004");
    p.extend_from_slice(format!("shard '{shard}' {why}").as_bytes());
    p
}

/// The login exchange between `client` (mysql_async) and `server`.
async fn guard_login(
    client: &mut TcpStream,
    server: &mut TcpStream,
    shard: &str,
    pinned_pem: Option<&str>,
) -> std::io::Result<()> {
    let handshake = read_packet(server).await?;
    let mut plugin = handshake_plugin(&handshake.payload).unwrap_or_default();
    write_packet(client, handshake.seq, &handshake.payload).await?;
    // Server packets are relayed `shift` sequence numbers later once the
    // hop has answered the key request itself (two client-side packets the
    // server never saw).
    let mut shift = 0u8;
    loop {
        let answer = read_packet(client).await?;
        if answer.payload.len() == 32 && shift == 0 && answer.seq == 1 {
            // An SSLRequest: the rest is TLS, not the hop's to read.
            write_packet(server, answer.seq, &answer.payload).await?;
            return Ok(());
        }
        write_packet(server, answer.seq.wrapping_sub(shift), &answer.payload).await?;
        loop {
            let p = read_packet(server).await?;
            let seq = p.seq.wrapping_add(shift);
            match server_step(&plugin, &p.payload, pinned_pem.is_some()) {
                ServerStep::Done => {
                    write_packet(client, seq, &p.payload).await?;
                    return Ok(());
                }
                ServerStep::ToClientThenServer => {
                    write_packet(client, seq, &p.payload).await?;
                }
                ServerStep::ToClient => {
                    if p.payload.first() == Some(&0xFE) {
                        plugin = switch_plugin(&p.payload).unwrap_or_default();
                    }
                    write_packet(client, seq, &p.payload).await?;
                    break;
                }
                ServerStep::FullAuthWithPinnedKey => {
                    write_packet(client, seq, &p.payload).await?;
                    let request = read_packet(client).await?;
                    if request.payload != [0x02] {
                        // Already encrypted (to a key from an earlier
                        // login) or in clear: not sent on.
                        let why = "was sent a password the hop did not ask to be encrypted to the pinned key";
                        write_packet(
                            client,
                            request.seq.wrapping_add(1),
                            &refusal_packet(shard, why),
                        )
                        .await?;
                        return Err(std::io::Error::other(why));
                    }
                    let mut key = vec![0x01];
                    key.extend_from_slice(pinned_pem.unwrap_or_default().as_bytes());
                    write_packet(client, request.seq.wrapping_add(1), &key).await?;
                    shift = shift.wrapping_add(2);
                    break;
                }
                ServerStep::Refuse(why) => {
                    write_packet(client, seq, &refusal_packet(shard, &why)).await?;
                    return Err(std::io::Error::other(why));
                }
            }
        }
    }
}

/// Listens on a loopback port for one connection from squeeze's own
/// client, connects it to `upstream` through the login guard, then relays.
/// The address to give the client; the task ends with either side, or
/// after `timeout` if nothing connects or the login does not finish.
pub async fn guarded_hop(
    upstream: (String, u16),
    shard: String,
    pinned_pem: Option<String>,
    timeout: Duration,
) -> std::io::Result<SocketAddr> {
    let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        let login = async {
            let (mut client, _) = listener.accept().await?;
            drop(listener);
            let mut server = TcpStream::connect((upstream.0.as_str(), upstream.1)).await?;
            let _ = server.set_nodelay(true);
            let _ = client.set_nodelay(true);
            guard_login(&mut client, &mut server, &shard, pinned_pem.as_deref()).await?;
            Ok::<_, std::io::Error>((client, server))
        };
        let Ok(Ok((mut client, mut server))) = tokio::time::timeout(timeout, login).await else {
            return;
        };
        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
    });
    Ok(addr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_authentication_without_a_pinned_key_is_refused_and_with_one_answered_by_the_hop() {
        assert!(matches!(
            server_step(CACHING_SHA2, &[0x01, 0x04], false),
            ServerStep::Refuse(why) if why.contains("server_public_key")
        ));
        assert_eq!(
            server_step(CACHING_SHA2, &[0x01, 0x04], true),
            ServerStep::FullAuthWithPinnedKey
        );
        assert_eq!(
            server_step(CACHING_SHA2, &[0x01, 0x03], false),
            ServerStep::ToClientThenServer
        );
    }

    #[test]
    fn a_switch_to_a_plugin_that_would_carry_the_password_is_refused() {
        for plugin in [
            "mysql_clear_password",
            "sha256_password",
            "dialog",
            "auth_gssapi_client",
        ] {
            let mut p = vec![0xFE];
            p.extend_from_slice(plugin.as_bytes());
            p.extend_from_slice(b"\0abc");
            assert!(
                matches!(server_step(NATIVE, &p, true), ServerStep::Refuse(_)),
                "{plugin}"
            );
        }
        let mut p = vec![0xFE];
        p.extend_from_slice(b"caching_sha2_password\0nonce");
        assert_eq!(server_step(NATIVE, &p, false), ServerStep::ToClient);
        assert_eq!(server_step(NATIVE, &[0x00, 0, 0], false), ServerStep::Done);
        assert_eq!(
            server_step(NATIVE, &[0xFF, 0x15, 0x04], false),
            ServerStep::Done
        );
    }

    #[test]
    fn the_handshake_plugin_is_read_after_the_nonce() {
        let mut p = vec![10u8];
        p.extend_from_slice(b"5.5.5-10.11.6-MariaDB\0");
        p.extend_from_slice(&[1, 0, 0, 0]);
        p.extend_from_slice(b"12345678");
        p.push(0);
        p.extend_from_slice(&[0xff, 0xf7, 45, 2, 0, 0xff, 0x81, 21]);
        p.extend_from_slice(&[0u8; 10]);
        p.extend_from_slice(b"123456789012\0");
        p.extend_from_slice(b"caching_sha2_password\0");
        assert_eq!(handshake_plugin(&p).as_deref(), Some(CACHING_SHA2));
        assert_eq!(handshake_plugin(&p[..20]), None);
    }
}
