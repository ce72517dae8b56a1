//! Authentication plugin arithmetic: `mysql_native_password` and
//! `caching_sha2_password` scrambles, and verifying them against stored
//! hashes so squeeze never needs a plaintext password for its own users.

use sha1::Sha1;
use sha2::{Digest, Sha256};

pub const NATIVE_PASSWORD: &str = "mysql_native_password";
pub const CACHING_SHA2_PASSWORD: &str = "caching_sha2_password";
pub const CLEAR_PASSWORD: &str = "mysql_clear_password";

/// caching_sha2_password AuthMoreData status bytes.
pub const SHA2_FAST_AUTH_OK: u8 = 0x03;
pub const SHA2_PERFORM_FULL_AUTH: u8 = 0x04;
/// A client asking for the server's RSA public key.
pub const SHA2_REQUEST_PUBLIC_KEY: u8 = 0x02;

/// An RSA public key from PEM text (SubjectPublicKeyInfo, as MySQL
/// servers send and store it, or PKCS#1); trailing NULs are ignored.
pub fn parse_rsa_public_key(pem: &[u8]) -> Result<rsa::RsaPublicKey, String> {
    use rsa::pkcs1::DecodeRsaPublicKey;
    use rsa::pkcs8::DecodePublicKey;
    let pem =
        std::str::from_utf8(pem).map_err(|_| "the RSA public key is not PEM text".to_string())?;
    let pem = pem.trim_end_matches('\0');
    rsa::RsaPublicKey::from_public_key_pem(pem)
        .or_else(|_| rsa::RsaPublicKey::from_pkcs1_pem(pem))
        .map_err(|e| format!("not a PEM RSA public key: {e}"))
}

/// caching_sha2_password full authentication without TLS: the password
/// (NUL-terminated) XOR the nonce, encrypted to `key` (OAEP, SHA-1).
pub fn rsa_encrypt_password(
    key: &rsa::RsaPublicKey,
    password: &[u8],
    nonce: &[u8],
) -> Result<Vec<u8>, String> {
    let mut buf = zeroize::Zeroizing::new(password.to_vec());
    buf.push(0);
    if !nonce.is_empty() {
        for (i, b) in buf.iter_mut().enumerate() {
            *b ^= nonce[i % nonce.len()];
        }
    }
    key.encrypt(&mut rand::thread_rng(), rsa::Oaep::new::<Sha1>(), &buf)
        .map_err(|e| format!("RSA encryption failed: {e}"))
}

fn sha1(parts: &[&[u8]]) -> [u8; 20] {
    let mut h = Sha1::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

fn sha256(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

fn xor<const N: usize>(a: &[u8; N], b: &[u8; N]) -> [u8; N] {
    let mut out = [0u8; N];
    for i in 0..N {
        out[i] = a[i] ^ b[i];
    }
    out
}

/// SHA1(password): what `mysql_native_password` proves knowledge of.
pub fn native_stage1(password: &[u8]) -> [u8; 20] {
    sha1(&[password])
}

/// SHA1(SHA1(password)): the value MySQL stores as `*HEX` in mysql.user.
pub fn native_stage2(password: &[u8]) -> [u8; 20] {
    sha1(&[&native_stage1(password)])
}

/// The client's `mysql_native_password` token from SHA1(password).
pub fn native_token_from_stage1(stage1: &[u8; 20], nonce: &[u8]) -> Vec<u8> {
    let stage2 = sha1(&[stage1]);
    xor(stage1, &sha1(&[nonce, &stage2])).to_vec()
}

/// Check a `mysql_native_password` token against the stored SHA1(SHA1(pw)).
/// On success returns SHA1(password), which is enough to log into a backend
/// that knows the same password.
pub fn verify_native(token: &[u8], nonce: &[u8], stage2: &[u8; 20]) -> Option<[u8; 20]> {
    let token: &[u8; 20] = token.try_into().ok()?;
    let stage1 = xor(token, &sha1(&[nonce, stage2]));
    (sha1(&[&stage1]) == *stage2).then_some(stage1)
}

/// SHA256(password).
pub fn sha2_stage1(password: &[u8]) -> [u8; 32] {
    sha256(&[password])
}

/// SHA256(SHA256(password)): the value squeeze stores for caching_sha2.
pub fn sha2_stage2(password: &[u8]) -> [u8; 32] {
    sha256(&[&sha2_stage1(password)])
}

/// The client's `caching_sha2_password` fast-path token.
pub fn sha2_token(password: &[u8], nonce: &[u8]) -> Vec<u8> {
    if password.is_empty() {
        return Vec::new();
    }
    let stage1 = sha2_stage1(password);
    let stage2 = sha256(&[&stage1]);
    xor(&stage1, &sha256(&[&stage2, nonce])).to_vec()
}

/// Check a `caching_sha2_password` fast-path token against SHA256(SHA256(pw)).
pub fn verify_sha2(token: &[u8], nonce: &[u8], stage2: &[u8; 32]) -> bool {
    let Ok(token) = <&[u8; 32]>::try_from(token) else {
        return false;
    };
    let stage1 = xor(token, &sha256(&[stage2, nonce]));
    sha256(&[&stage1]) == *stage2
}

/// The stored form of a user's password, as squeeze needs it to verify both
/// plugins. Built from a plaintext or from stored hashes.
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordVerifier {
    pub native_stage2: Option<[u8; 20]>,
    pub sha2_stage2: Option<[u8; 32]>,
    /// True for an empty password (both plugins then send an empty token).
    pub empty: bool,
}

impl std::fmt::Debug for PasswordVerifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PasswordVerifier")
            .field("native", &self.native_stage2.is_some())
            .field("sha2", &self.sha2_stage2.is_some())
            .finish()
    }
}

impl PasswordVerifier {
    pub fn from_plaintext(password: &[u8]) -> Self {
        PasswordVerifier {
            native_stage2: Some(native_stage2(password)),
            sha2_stage2: Some(sha2_stage2(password)),
            empty: password.is_empty(),
        }
    }

    /// Parse a stored hash: `*<40 hex>` (mysql.user's mysql_native_password
    /// form), `sha2:<64 hex>` (SHA256(SHA256(pw))), or both joined by `,`.
    /// `squeeze hash-password` prints the combined form.
    pub fn from_hash(spec: &str) -> Result<Self, String> {
        let mut v = PasswordVerifier {
            native_stage2: None,
            sha2_stage2: None,
            empty: false,
        };
        for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if let Some(h) = part.strip_prefix('*') {
                let bytes = hex::decode(h)
                    .map_err(|_| "native hash after '*' must be 40 hex digits".to_string())?;
                v.native_stage2 = Some(
                    bytes
                        .try_into()
                        .map_err(|_| "native hash after '*' must be 40 hex digits".to_string())?,
                );
            } else if let Some(h) = part.strip_prefix("sha2:") {
                let bytes =
                    hex::decode(h).map_err(|_| "sha2 hash must be 64 hex digits".to_string())?;
                v.sha2_stage2 = Some(
                    bytes
                        .try_into()
                        .map_err(|_| "sha2 hash must be 64 hex digits".to_string())?,
                );
            } else {
                return Err("a password hash is '*<40 hex>' (mysql_native_password), 'sha2:<64 hex>', or both separated by ','".into());
            }
        }
        if v.native_stage2.is_none() && v.sha2_stage2.is_none() {
            return Err("empty password hash".into());
        }
        Ok(v)
    }

    /// The combined stored form (`*HEX,sha2:HEX`).
    pub fn to_hash_string(&self) -> String {
        let mut parts = Vec::new();
        if let Some(n) = self.native_stage2 {
            parts.push(format!("*{}", hex::encode_upper(n)));
        }
        if let Some(s) = self.sha2_stage2 {
            parts.push(format!("sha2:{}", hex::encode(s)));
        }
        parts.join(",")
    }

    /// Verify a plaintext (caching_sha2 full authentication).
    pub fn verify_plaintext(&self, password: &[u8]) -> bool {
        if let Some(s) = self.sha2_stage2 {
            return sha2_stage2(password) == s;
        }
        if let Some(n) = self.native_stage2 {
            return native_stage2(password) == n;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn native_known_vector() {
        // mysql> SELECT PASSWORD('secret') => *14E65567ABDB5135D0CFD9A70B3032C179A49EE7
        assert_eq!(
            hex::encode_upper(native_stage2(b"secret")),
            "14E65567ABDB5135D0CFD9A70B3032C179A49EE7"
        );
    }

    #[test]
    fn native_token_verifies_and_yields_stage1() {
        let nonce = b"abcdefghijklmnopqrst";
        let token = native_token_from_stage1(&native_stage1(b"secret"), nonce);
        let stage1 = verify_native(&token, nonce, &native_stage2(b"secret")).unwrap();
        assert_eq!(stage1, native_stage1(b"secret"));
        assert!(verify_native(&token, nonce, &native_stage2(b"other")).is_none());
        assert!(verify_native(&token[..19], nonce, &native_stage2(b"secret")).is_none());
    }

    #[test]
    fn sha2_token_verifies() {
        let nonce = b"01234567890123456789";
        let token = sha2_token(b"secret", nonce);
        assert!(verify_sha2(&token, nonce, &sha2_stage2(b"secret")));
        assert!(!verify_sha2(&token, nonce, &sha2_stage2(b"Secret")));
    }

    #[test]
    fn hash_string_round_trip() {
        let v = PasswordVerifier::from_plaintext(b"secret");
        let parsed = PasswordVerifier::from_hash(&v.to_hash_string()).unwrap();
        assert_eq!(parsed.native_stage2, v.native_stage2);
        assert_eq!(parsed.sha2_stage2, v.sha2_stage2);
        assert!(PasswordVerifier::from_hash("nonsense").is_err());
        assert!(PasswordVerifier::from_hash("*ABC").is_err());
    }
}
