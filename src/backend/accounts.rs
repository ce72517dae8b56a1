//! Account hashes read from the server (`[auth] accounts = "server"`), as
//! MaxScale does: a relayed `mysql_native_password` login proves
//! SHA1(password) to the home shard, and with the account's stored
//! `*HEX` = SHA1(SHA1(password)) squeeze recovers SHA1(password) from that
//! proof, which lets it log the same account into other shards and
//! reconnect. The arithmetic is pure (`recover`, `parse_native_hash`); the
//! loader reads `mysql.user` with the configured `accounts_user`.

use std::collections::HashMap;

use parking_lot::Mutex;

use super::health::ProbeLogin;
use super::query::{quote, simple_query};
use super::{connect, BackendTarget};
use crate::protocol::auth;
use crate::protocol::capabilities::CLIENT_NO_SCHEMA;

/// Stored native hashes by user name (every host's row), filled on demand.
pub struct AccountHashes {
    login: Option<ProbeLogin>,
    cache: Mutex<HashMap<String, Vec<[u8; 20]>>>,
}

impl AccountHashes {
    pub fn new(login: Option<ProbeLogin>) -> Self {
        AccountHashes {
            login,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// Whether an account to read `mysql.user` with is configured.
    pub fn configured(&self) -> bool {
        self.login.is_some()
    }

    /// The account that reads `mysql.user`.
    pub fn login(&self) -> Option<&ProbeLogin> {
        self.login.as_ref()
    }

    /// SHA1(password) of `user`, from the `mysql_native_password` proof
    /// `token` over `nonce` that the server has just accepted. Reads the
    /// account's hashes from `target` when the cache has none that fits
    /// (a new account, or a changed password); `None` when no hash fits or
    /// they cannot be read (logged, without the hash).
    pub async fn recover_native(
        &self,
        target: &BackendTarget,
        user: &str,
        token: &[u8],
        nonce: &[u8],
    ) -> Option<[u8; 20]> {
        let login = self.login.as_ref()?;
        if let Some(stage1) = self
            .cache
            .lock()
            .get(user)
            .and_then(|h| recover(token, nonce, h))
        {
            return Some(stage1);
        }
        let hashes = match load(target, login, user).await {
            Ok(h) => h,
            Err(e) => {
                tracing::warn!(shard = %target.name, user = ?user, error = %e, "reading the account's hash from mysql.user failed (auth.accounts_user needs SELECT on mysql.user)");
                return None;
            }
        };
        let stage1 = recover(token, nonce, &hashes);
        self.cache.lock().insert(user.to_string(), hashes);
        stage1
    }
}

/// The account's `mysql_native_password` hashes, one per host row.
async fn load(
    target: &BackendTarget,
    login: &ProbeLogin,
    user: &str,
) -> Result<Vec<[u8; 20]>, String> {
    let mut req = login.request("squeeze-accounts");
    // With CLIENT_NO_SCHEMA the server ignores the `mysql.` qualifier.
    req.client_capabilities &= !CLIENT_NO_SCHEMA;
    let mut b = connect(target, &req).await.map_err(|e| e.to_string())?;
    let sql = format!(
        "SELECT authentication_string FROM mysql.user WHERE User = {}",
        quote(user)
    );
    let rows = simple_query(&mut b.conn, b.capabilities, &sql)
        .await
        .map_err(|e| e.to_string());
    b.conn.begin_command();
    b.conn.write_packet(&[0x01]);
    let _ = b.conn.flush().await;
    Ok(rows?
        .iter()
        .filter_map(|r| r.first()?.as_deref().and_then(parse_native_hash))
        .collect())
}

/// `*<40 hex>`, the form `mysql_native_password` accounts store.
pub fn parse_native_hash(stored: &[u8]) -> Option<[u8; 20]> {
    let hex = stored.strip_prefix(b"*")?;
    hex::decode(hex).ok()?.try_into().ok()
}

/// SHA1(password) from a native proof, checked against each stored hash.
pub fn recover(token: &[u8], nonce: &[u8], hashes: &[[u8; 20]]) -> Option<[u8; 20]> {
    hashes
        .iter()
        .find_map(|h| auth::verify_native(token, nonce, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_native_proof_yields_sha1_of_the_password_with_the_stored_hash() {
        let nonce = b"abcdefghijklmnopqrst";
        let token = auth::native_token_from_stage1(&auth::native_stage1(b"pw"), nonce);
        let stored = format!("*{}", hex::encode_upper(auth::native_stage2(b"pw")));
        let other = parse_native_hash(b"*14E65567ABDB5135D0CFD9A70B3032C179A49EE7").unwrap();
        let hash = parse_native_hash(stored.as_bytes()).unwrap();
        assert_eq!(
            recover(&token, nonce, &[other, hash]),
            Some(auth::native_stage1(b"pw"))
        );
        assert_eq!(recover(&token, nonce, &[other]), None);
        assert_eq!(recover(&token, b"another nonce.......", &[hash]), None);
    }

    #[test]
    fn only_native_hashes_are_read() {
        assert!(parse_native_hash(b"").is_none());
        assert!(parse_native_hash(b"*ABC").is_none());
        // An ed25519 or caching_sha2 authentication_string is not one.
        assert!(parse_native_hash(b"$A$005$xyz").is_none());
        assert!(parse_native_hash(b"ZIgUREUg5PVgQ6LskhXmO+eZLS0nC8be6HPjYWR4YJY").is_none());
    }
}
