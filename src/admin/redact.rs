//! The running configuration as `/config` shows it: the file as loaded,
//! with every secret value replaced. Pure.
//!
//! Redaction goes by key name, not by the config model, so a key added
//! later is covered as long as its name says what it is: `password`,
//! `*_password`, `password_hash`, `token`, `*secret*`. Keys naming where a
//! secret comes from (`password_env`, `password_file`, `token_env`) stay:
//! an operator needs them to see which variable or file is read.

use serde_json::{json, Map, Value};

/// What replaces a secret value.
pub const REDACTED: &str = "<redacted>";

/// Whether the value under `key` is a secret.
pub fn is_secret_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    if k.ends_with("_env") || k.ends_with("_file") {
        return false;
    }
    k == "password"
        || k.ends_with("_password")
        || k == "password_hash"
        || k == "token"
        || k.ends_with("_token")
        || k.contains("secret")
}

/// `table` as JSON with every secret value replaced by [`REDACTED`].
pub fn redacted(table: &toml::Table) -> Value {
    let mut out = Map::new();
    for (k, v) in table {
        let v = if is_secret_key(k) {
            json!(REDACTED)
        } else {
            value(v)
        };
        out.insert(k.clone(), v);
    }
    Value::Object(out)
}

fn value(v: &toml::Value) -> Value {
    match v {
        toml::Value::String(s) => json!(s),
        toml::Value::Integer(i) => json!(i),
        toml::Value::Float(f) => json!(f),
        toml::Value::Boolean(b) => json!(b),
        toml::Value::Datetime(d) => json!(d.to_string()),
        toml::Value::Array(a) => Value::Array(a.iter().map(value).collect()),
        toml::Value::Table(t) => redacted(t),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_secret_is_replaced_at_any_depth_and_its_source_stays_visible() {
        let t: toml::Table = toml::from_str(
            r#"
            [admin]
            token = "t0ken"
            [[users]]
            name = "app"
            password = "pw1"
            backend_password = "pw2"
            password_hash = "*ABC"
            [[users]]
            name = "b"
            password_env = "APP_PW"
            [shards.a]
            password_file = "/run/secrets/a"
            password = "pw3"
            "#,
        )
        .unwrap();
        let text = redacted(&t).to_string();
        for secret in ["t0ken", "pw1", "pw2", "*ABC", "pw3"] {
            assert!(!text.contains(secret), "{secret} leaked: {text}");
        }
        for visible in ["APP_PW", "/run/secrets/a", "\"app\""] {
            assert!(text.contains(visible), "{visible} missing: {text}");
        }
    }
}
