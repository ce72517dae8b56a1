//! A hostile backend (or anyone on a plaintext path to it) tries every way
//! the protocol gives it to learn the password squeeze logs in with: switch
//! the login to caching_sha2_password and ask for full authentication
//! (offering its own RSA key, asked for or not), switch to sha256_password,
//! mysql_clear_password or the PAM `dialog` plugin. The fake backend here
//! speaks the real handshake byte for byte and records everything squeeze
//! sends; a password is disclosed if it appears in those bytes, in them
//! XORed with the nonce, or in what the fake's private key decrypts.
//! Positive control: with the genuine server's key pinned
//! (`server_public_key`), squeeze sends the RSA-encrypted password, which
//! that key's private half does decrypt (so the check can see a password)
//! and the fake's does not.
mod support;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rsa::pkcs8::{EncodePublicKey, LineEnding};
use rsa::{Oaep, RsaPrivateKey, RsaPublicKey};
use support::Squeeze;

const USER: &str = "victim";
const PASSWORD: &str = "Backend-Pw-9f3c1e";
const NONCE: &[u8; 20] = b"0123456789abcdefghij";

#[derive(Clone, Copy, Debug)]
enum Attack {
    /// Handshake offers native; AuthSwitch to caching_sha2_password, then
    /// "perform full authentication"; a key request is answered with the
    /// fake's key.
    SwitchThenFullAuth,
    /// As above, but the fake sends its key unasked after the full
    /// authentication request.
    FullAuthWithUnaskedKey,
    /// The handshake itself names caching_sha2_password.
    FirstPluginFullAuth,
    /// AuthSwitch to sha256_password; the fake's key follows.
    Sha256Password,
    /// AuthSwitch to mysql_clear_password.
    ClearPassword,
    /// AuthSwitch to the PAM `dialog` plugin asking for a password.
    Dialog,
}

fn read_packet(s: &mut TcpStream) -> Option<(u8, Vec<u8>)> {
    let mut h = [0u8; 4];
    s.read_exact(&mut h).ok()?;
    let len = u32::from_le_bytes([h[0], h[1], h[2], 0]) as usize;
    let mut p = vec![0u8; len];
    s.read_exact(&mut p).ok()?;
    Some((h[3], p))
}

fn write_packet(s: &mut TcpStream, seq: u8, payload: &[u8]) {
    let len = payload.len() as u32;
    let mut out = len.to_le_bytes()[..3].to_vec();
    out.push(seq);
    out.extend_from_slice(payload);
    let _ = s.write_all(&out);
}

/// A MariaDB-shaped HandshakeV10 without SSL, naming `plugin`.
fn handshake(plugin: &str) -> Vec<u8> {
    let caps: u32 = 0x1
        | 0x2
        | 0x4
        | 0x8
        | 0x200
        | 0x2000
        | 0x8000
        | 0x10000
        | 0x20000
        | 0x40000
        | 0x80000
        | 0x100000
        | 0x200000;
    let mut p = vec![10u8];
    p.extend_from_slice(b"5.5.5-10.11.6-MariaDB-fake\0");
    p.extend_from_slice(&7u32.to_le_bytes());
    p.extend_from_slice(&NONCE[..8]);
    p.push(0);
    p.extend_from_slice(&(caps as u16).to_le_bytes());
    p.push(45);
    p.extend_from_slice(&2u16.to_le_bytes());
    p.extend_from_slice(&((caps >> 16) as u16).to_le_bytes());
    p.push(21);
    p.extend_from_slice(&[0u8; 10]);
    p.extend_from_slice(&NONCE[8..]);
    p.push(0);
    p.extend_from_slice(plugin.as_bytes());
    p.push(0);
    p
}

fn auth_switch(plugin: &str, data: &[u8]) -> Vec<u8> {
    let mut p = vec![0xFE];
    p.extend_from_slice(plugin.as_bytes());
    p.push(0);
    p.extend_from_slice(data);
    p
}

fn with_nul(b: &[u8]) -> Vec<u8> {
    let mut v = b.to_vec();
    v.push(0);
    v
}

/// One login attempt against the fake: every payload squeeze sent.
fn serve_one(mut s: TcpStream, attack: Attack, key_pem: &str) -> Vec<Vec<u8>> {
    s.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
    let mut sent = Vec::new();
    let first_plugin = match attack {
        Attack::FirstPluginFullAuth => "caching_sha2_password",
        _ => "mysql_native_password",
    };
    write_packet(&mut s, 0, &handshake(first_plugin));
    let Some((mut seq, response)) = read_packet(&mut s) else {
        return sent;
    };
    sent.push(response);
    let key_reply = |s: &mut TcpStream, seq: &mut u8| {
        let mut p = vec![0x01];
        p.extend_from_slice(key_pem.as_bytes());
        *seq += 1;
        write_packet(s, *seq, &p);
    };
    let switch = match attack {
        Attack::SwitchThenFullAuth | Attack::FullAuthWithUnaskedKey => {
            Some(auth_switch("caching_sha2_password", &with_nul(NONCE)))
        }
        Attack::FirstPluginFullAuth => None,
        Attack::Sha256Password => Some(auth_switch("sha256_password", &with_nul(NONCE))),
        Attack::ClearPassword => Some(auth_switch("mysql_clear_password", b"")),
        Attack::Dialog => Some(auth_switch("dialog", b"\x04Password: ")),
    };
    if let Some(switch) = switch {
        seq += 1;
        write_packet(&mut s, seq, &switch);
        let Some((next, p)) = read_packet(&mut s) else {
            return sent;
        };
        seq = next;
        sent.push(p);
    }
    match attack {
        Attack::SwitchThenFullAuth
        | Attack::FullAuthWithUnaskedKey
        | Attack::FirstPluginFullAuth => {
            seq += 1;
            write_packet(&mut s, seq, &[0x01, 0x04]);
            if matches!(attack, Attack::FullAuthWithUnaskedKey) {
                key_reply(&mut s, &mut seq);
            }
        }
        Attack::Sha256Password => key_reply(&mut s, &mut seq),
        Attack::ClearPassword | Attack::Dialog => {}
    }
    // Whatever follows (a key request answered with the fake's key, an
    // encrypted password, a clear one), until squeeze stops or hangs up.
    for _ in 0..3 {
        let Some((next, p)) = read_packet(&mut s) else {
            break;
        };
        seq = next;
        let asked_key = p == [0x02] || p == [0x01];
        sent.push(p);
        if asked_key {
            key_reply(&mut s, &mut seq);
        }
    }
    // Refuse the login whatever was sent: the fake only wants the bytes.
    let mut err = vec![0xFF];
    err.extend_from_slice(&1045u16.to_le_bytes());
    err.extend_from_slice(b"#28000Access denied");
    write_packet(&mut s, seq.wrapping_add(1), &err);
    sent
}

struct Fake {
    port: u16,
    sent: Arc<Mutex<Vec<Vec<u8>>>>,
}

fn start_fake(attack: Attack, key: &RsaPublicKey) -> Fake {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let pem = key.to_public_key_pem(LineEnding::LF).unwrap();
    let sent = Arc::new(Mutex::new(Vec::new()));
    let record = sent.clone();
    std::thread::spawn(move || {
        for s in listener.incoming() {
            let Ok(s) = s else { continue };
            let (record, pem) = (record.clone(), pem.clone());
            std::thread::spawn(move || {
                let got = serve_one(s, attack, &pem);
                record.lock().unwrap().extend(got);
            });
        }
    });
    Fake { port, sent }
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// Whether the password can be read from `payload` by whoever holds `key`.
fn discloses(payload: &[u8], key: &RsaPrivateKey) -> bool {
    let pw = PASSWORD.as_bytes();
    let unxored: Vec<u8> = payload
        .iter()
        .enumerate()
        .map(|(i, b)| b ^ NONCE[i % NONCE.len()])
        .collect();
    if contains(payload, pw) || contains(&unxored, pw) {
        return true;
    }
    match key.decrypt(Oaep::new::<sha1::Sha1>(), payload) {
        Ok(plain) => {
            let clear: Vec<u8> = plain
                .iter()
                .enumerate()
                .map(|(i, b)| b ^ NONCE[i % NONCE.len()])
                .collect();
            contains(&clear, pw)
        }
        Err(_) => false,
    }
}

fn keypair(seed: u64) -> (RsaPrivateKey, RsaPublicKey) {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let private = RsaPrivateKey::new(&mut rng, 1024).expect("RSA key");
    let public = RsaPublicKey::from(&private);
    (private, public)
}

/// A login through squeeze, whose backend is the fake: the client's error.
async fn login_through(sq: &Squeeze) -> (u16, String) {
    let opts = support::dump::opts(sq.port, USER, PASSWORD, None);
    let conn = tokio::time::timeout(
        Duration::from_secs(20),
        mysql_async::Conn::new(mysql_async::Opts::from(opts)),
    )
    .await
    .expect("squeeze answers the login within 20 s");
    match conn {
        Ok(_) => panic!("the fake backend refuses every login, yet squeeze logged in"),
        Err(mysql_async::Error::Server(e)) => (e.code, e.message),
        Err(e) => panic!("not a MySQL error: {e}"),
    }
}

fn proxy(fake: &Fake, pinned: Option<&std::path::Path>) -> Squeeze {
    let mut toml = format!(
        "[backend]\naddress = \"127.0.0.1:{}\"\nconnect_timeout_ms = 5000\n",
        fake.port
    );
    if let Some(p) = pinned {
        toml.push_str(&format!("server_public_key = \"{}\"\n", p.display()));
    }
    Squeeze::start_with_config(&toml, &["--user", &format!("{USER}:{PASSWORD}")])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backend_that_asks_for_the_password_in_any_way_never_learns_it() {
    let (fake_private, fake_public) = keypair(43);
    let attacks = [
        Attack::SwitchThenFullAuth,
        Attack::FullAuthWithUnaskedKey,
        Attack::FirstPluginFullAuth,
        Attack::Sha256Password,
        Attack::ClearPassword,
        Attack::Dialog,
    ];
    let mut disclosed = 0;
    let mut lines = Vec::new();
    for attack in attacks {
        let fake = start_fake(attack, &fake_public);
        let mut sq = proxy(&fake, None);
        let (code, message) = login_through(&sq).await;
        sq.assert_alive();
        let sent = fake.sent.lock().unwrap().clone();
        assert!(
            !sent.is_empty(),
            "{attack:?}: squeeze never logged in to the fake"
        );
        let leaked = sent.iter().any(|p| discloses(p, &fake_private));
        disclosed += usize::from(leaked);
        assert!(
            !sq.log_tail().contains(PASSWORD),
            "{attack:?}: the password is in squeeze's log"
        );
        lines.push(format!(
            "{:<24} packets_sent={} disclosed={} client_error={code} {:.100}",
            format!("{attack:?}"),
            sent.len(),
            if leaked { "YES" } else { "no" },
            message
        ));
        if matches!(
            attack,
            Attack::SwitchThenFullAuth
                | Attack::FullAuthWithUnaskedKey
                | Attack::FirstPluginFullAuth
        ) {
            // The refusal says what to configure.
            let log = sq.log_tail();
            assert!(
                log.contains("server_public_key") || message.contains("server_public_key"),
                "{attack:?}: the refusal does not name server_public_key: {message}"
            );
        }
    }

    // Positive control: the genuine server's key pinned, the same attack.
    let (genuine_private, genuine_public) = keypair(7);
    let dir = tempfile::tempdir().unwrap();
    let pinned = dir.path().join("server-public-key.pem");
    std::fs::write(
        &pinned,
        genuine_public.to_public_key_pem(LineEnding::LF).unwrap(),
    )
    .unwrap();
    let fake = start_fake(Attack::SwitchThenFullAuth, &fake_public);
    let mut sq = proxy(&fake, Some(&pinned));
    let _ = login_through(&sq).await;
    sq.assert_alive();
    let sent = fake.sent.lock().unwrap().clone();
    let genuine_reads = sent.iter().any(|p| discloses(p, &genuine_private));
    // squeeze's own client library (the dictionary store's loader) went
    // through the login guard's pinned key as well: the fake's final ERR
    // 1045 reached it, not the guard's refusal.
    let log = sq.log_tail();
    assert!(
        log.contains("dictionary store: shard default: ERROR 1045") && !log.contains("1251"),
        "the store's login did not complete with the pinned key: {log}"
    );
    let encrypted_to_genuine = sent
        .iter()
        .filter(|p| discloses(p, &genuine_private))
        .count();
    assert!(
        encrypted_to_genuine >= 2,
        "{encrypted_to_genuine} logins encrypted to the pinned key (sessions and store: 2 or more)"
    );
    let fake_reads = sent.iter().any(|p| discloses(p, &fake_private));
    for l in &lines {
        println!("{l}");
    }
    println!(
        "RESULT backend_password_disclosed={disclosed} scenarios={} pinned_key_sent_encrypted={} pinned_readable_by_fake={}",
        attacks.len(),
        if genuine_reads { "yes" } else { "no" },
        if fake_reads { "yes" } else { "no" }
    );
    assert!(
        genuine_reads,
        "with the genuine key pinned squeeze sent no password the genuine key decrypts: the check cannot see a password"
    );
    assert!(
        !fake_reads,
        "the fake read the password with the genuine key pinned"
    );
    assert_eq!(disclosed, 0, "the password was disclosed");
}
