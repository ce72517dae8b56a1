//! Where a password comes from. Plaintext is for the quick start; in
//! production use an environment variable, a file (e.g. a mounted secret),
//! or a stored hash so no plaintext is needed at all.

use std::path::{Path, PathBuf};

use crate::protocol::auth::PasswordVerifier;

#[derive(Clone, Default)]
pub struct Secret {
    /// Plaintext password.
    pub password: Option<String>,
    /// Name of an environment variable holding the password.
    pub password_env: Option<String>,
    /// File whose content (trailing newline trimmed) is the password.
    pub password_file: Option<PathBuf>,
    /// Stored hash as printed by `squeeze hash-password`: `*<40 hex>`
    /// (mysql_native_password, as in mysql.user), `sha2:<64 hex>`
    /// (caching_sha2_password), or both separated by `,`.
    pub password_hash: Option<String>,
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print a password.
        f.debug_struct("Secret")
            .field("password", &self.password.as_ref().map(|_| "<redacted>"))
            .field("password_env", &self.password_env)
            .field("password_file", &self.password_file)
            .field(
                "password_hash",
                &self.password_hash.as_ref().map(|_| "<redacted>"),
            )
            .finish()
    }
}

impl Secret {
    pub fn plaintext(p: &str) -> Self {
        Secret {
            password: Some(p.to_string()),
            ..Default::default()
        }
    }

    /// Resolve plaintext from one of the three plaintext sources.
    pub fn resolve_plain(
        password: Option<&str>,
        env: Option<&str>,
        file: Option<&Path>,
    ) -> Result<Option<String>, String> {
        let set = password.is_some() as u8 + env.is_some() as u8 + file.is_some() as u8;
        if set > 1 {
            return Err("set only one of password, password_env, password_file".into());
        }
        if let Some(p) = password {
            return Ok(Some(p.to_string()));
        }
        if let Some(var) = env {
            return std::env::var(var)
                .map(Some)
                .map_err(|_| format!("environment variable {var} (password_env) is not set"));
        }
        if let Some(path) = file {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("password_file {}: {e}", path.display()))?;
            return Ok(Some(text.trim_end_matches(['\n', '\r']).to_string()));
        }
        Ok(None)
    }

    /// At most one plaintext source is set.
    pub fn check_sources(password: bool, env: bool, file: bool) -> Result<(), String> {
        if password as u8 + env as u8 + file as u8 > 1 {
            return Err("set only one of password, password_env, password_file".into());
        }
        Ok(())
    }

    /// What [`Secret::verifier`] checks without reading the environment or
    /// files: exactly one source, and a well-formed `password_hash`.
    pub fn check_offline(&self) -> Result<(), String> {
        Secret::check_sources(
            self.password.is_some(),
            self.password_env.is_some(),
            self.password_file.is_some(),
        )?;
        let plain =
            self.password.is_some() || self.password_env.is_some() || self.password_file.is_some();
        match (plain, &self.password_hash) {
            (true, Some(_)) => {
                Err("set either a plaintext password source or password_hash, not both".into())
            }
            (true, None) => Ok(()),
            (false, Some(h)) => PasswordVerifier::from_hash(h)
                .map(|_| ())
                .map_err(|e| format!("password_hash: {e}")),
            (false, None) => Err(
                "no password: set password, password_env, password_file or password_hash".into(),
            ),
        }
    }

    /// The plaintext, when the source provides one (not for hashes).
    pub fn plaintext_value(&self) -> Result<Option<String>, String> {
        Secret::resolve_plain(
            self.password.as_deref(),
            self.password_env.as_deref(),
            self.password_file.as_deref(),
        )
    }

    /// What squeeze checks client logins against.
    pub fn verifier(&self) -> Result<PasswordVerifier, String> {
        let plain = self.plaintext_value()?;
        match (plain, &self.password_hash) {
            (Some(_), Some(_)) => {
                Err("set either a plaintext password source or password_hash, not both".into())
            }
            (Some(p), None) => Ok(PasswordVerifier::from_plaintext(p.as_bytes())),
            (None, Some(h)) => {
                PasswordVerifier::from_hash(h).map_err(|e| format!("password_hash: {e}"))
            }
            (None, None) => Err(
                "no password: set password, password_env, password_file or password_hash".into(),
            ),
        }
    }
}
