//! One failure path for a connection that has not logged in, the twin of
//! `failure.rs`: every way a login ends without a session is a
//! `LoginError` (the ERR the client is told, which side caused it, the
//! `connections_total` outcome, what else is counted, how it is logged),
//! and [`LoginError::refuse`] counts, logs, answers and closes in one
//! place. Logs carry the user name (escaped), codes, shard names and the
//! protocol's own error text: never a password, a token or a nonce.

use std::fmt;
use std::net::SocketAddr;

use crate::error::SqlError;
use crate::metrics::{ConnectFailure, ErrorSource, ProtocolErrorKind, METRICS};
use crate::net::PacketConn;

pub(super) use super::failure::Loud;

/// How a connection's login ended: the `connections_total` label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LoginOutcome {
    Ok,
    /// The client left (a health probe, a client giving up).
    ClientGone,
    AuthFailed,
    TlsFailed,
    /// squeeze refused the handshake (bad or oversized packet, TLS
    /// required or unavailable).
    Rejected,
    TruncatedHandshake,
    BackendFailed,
    UnknownDatabase,
    HandshakeTimeout,
    TooMany,
    PreauthFull,
    PreauthHostFull,
    /// Over a bound on relayed logins in flight.
    RelayFull,
}

impl LoginOutcome {
    #[cfg(test)]
    pub(super) const ALL: [LoginOutcome; 13] = [
        LoginOutcome::Ok,
        LoginOutcome::ClientGone,
        LoginOutcome::AuthFailed,
        LoginOutcome::TlsFailed,
        LoginOutcome::Rejected,
        LoginOutcome::TruncatedHandshake,
        LoginOutcome::BackendFailed,
        LoginOutcome::UnknownDatabase,
        LoginOutcome::HandshakeTimeout,
        LoginOutcome::TooMany,
        LoginOutcome::PreauthFull,
        LoginOutcome::PreauthHostFull,
        LoginOutcome::RelayFull,
    ];

    pub(super) fn as_str(self) -> &'static str {
        match self {
            LoginOutcome::Ok => "ok",
            LoginOutcome::ClientGone => "client_gone",
            LoginOutcome::AuthFailed => "auth_failed",
            LoginOutcome::TlsFailed => "tls_failed",
            LoginOutcome::Rejected => "rejected",
            LoginOutcome::TruncatedHandshake => "truncated_handshake",
            LoginOutcome::BackendFailed => "backend_failed",
            LoginOutcome::UnknownDatabase => "unknown_database",
            LoginOutcome::HandshakeTimeout => "handshake_timeout",
            LoginOutcome::TooMany => "too_many",
            LoginOutcome::PreauthFull => "preauth_full",
            LoginOutcome::PreauthHostFull => "preauth_host_full",
            LoginOutcome::RelayFull => "relay_full",
        }
    }

    /// Counted under `connections_total{outcome}`.
    pub(super) fn count(self) {
        METRICS
            .connections_total
            .with_label_values(&[self.as_str()])
            .inc();
    }
}

/// What a refused login adds to the metrics besides its outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum LoginCounted {
    Nothing,
    /// `auth_failures_total`.
    AuthFailure,
    /// `protocol_errors_total{side = the source, kind}`.
    Protocol(ProtocolErrorKind),
    /// `backend_connect_failures_total{shard, reason}`.
    Connect {
        shard: String,
        reason: ConnectFailure,
    },
}

/// A login that ends here.
#[derive(Debug)]
pub(super) struct LoginError {
    /// What the client is told; `None`: nothing (it left, or the stream
    /// cannot take an ERR).
    pub err: Option<SqlError>,
    /// The server's own ERR packet, relayed as sent (instead of `err`).
    pub relayed: Option<Vec<u8>>,
    pub source: ErrorSource,
    pub outcome: LoginOutcome,
    pub counted: LoginCounted,
    pub loud: Loud,
    /// The log message: what happened.
    pub what: &'static str,
    /// The technical cause for the log (protocol error text, sizes).
    pub cause: Option<String>,
    /// The user name the client sent (logged escaped).
    pub user: Option<String>,
    pub shard: Option<String>,
}

impl LoginError {
    /// `err` for the client, ending the login with `outcome`; not counted
    /// besides the outcome, not logged.
    pub fn new(source: ErrorSource, outcome: LoginOutcome, err: SqlError) -> Self {
        LoginError {
            err: Some(err),
            relayed: None,
            source,
            outcome,
            counted: LoginCounted::Nothing,
            loud: Loud::Quiet,
            what: "",
            cause: None,
            user: None,
            shard: None,
        }
    }

    /// The client left: nothing to answer.
    pub fn gone() -> Self {
        LoginError {
            err: None,
            ..LoginError::new(
                ErrorSource::Client,
                LoginOutcome::ClientGone,
                SqlError::internal(""),
            )
        }
    }

    /// Ended with `outcome`, the client told nothing.
    pub fn unanswered(source: ErrorSource, outcome: LoginOutcome) -> Self {
        LoginError {
            err: None,
            ..LoginError::new(source, outcome, SqlError::internal(""))
        }
    }

    /// A refused authentication, counted under `auth_failures_total`.
    pub fn auth(err: SqlError) -> Self {
        LoginError {
            counted: LoginCounted::AuthFailure,
            ..LoginError::new(ErrorSource::Client, LoginOutcome::AuthFailed, err)
        }
    }

    /// The server refused the login with this ERR payload: relayed as
    /// sent, counted under `auth_failures_total`.
    pub fn server_refused(payload: &[u8]) -> Self {
        LoginError {
            err: None,
            relayed: Some(payload.to_vec()),
            ..LoginError::auth(SqlError::internal(""))
        }
    }

    /// The error code the client is told, if any.
    pub fn code(&self) -> Option<u16> {
        match (&self.err, &self.relayed) {
            (Some(e), _) => Some(e.code),
            (None, Some(p)) if p.len() >= 3 => Some(u16::from_le_bytes([p[1], p[2]])),
            _ => None,
        }
    }

    /// A malformed handshake, counted under `protocol_errors_total`.
    pub fn protocol(kind: ProtocolErrorKind, outcome: LoginOutcome, err: SqlError) -> Self {
        LoginError {
            counted: LoginCounted::Protocol(kind),
            ..LoginError::new(ErrorSource::Client, outcome, err)
        }
    }

    pub fn logged(mut self, loud: Loud, what: &'static str) -> Self {
        self.loud = loud;
        self.what = what;
        self
    }

    pub fn cause(mut self, cause: impl fmt::Display) -> Self {
        self.cause = Some(cause.to_string());
        self
    }

    pub fn user(mut self, user: &str) -> Self {
        self.user = Some(user.to_string());
        self
    }

    pub fn shard(mut self, name: &str) -> Self {
        self.shard = Some(name.to_string());
        self
    }

    pub fn counted(mut self, counted: LoginCounted) -> Self {
        self.counted = counted;
        self
    }

    fn count(&self) {
        match &self.counted {
            LoginCounted::Nothing => {}
            LoginCounted::AuthFailure => METRICS.auth_failures_total.inc(),
            LoginCounted::Protocol(kind) => METRICS.protocol_error(self.source, *kind),
            LoginCounted::Connect { shard, reason } => METRICS.connect_failure(shard, *reason),
        }
    }

    fn log(&self, peer: Option<SocketAddr>) {
        let what = if self.what.is_empty() {
            "login refused"
        } else {
            self.what
        };
        let (source, outcome) = (self.source.as_str(), self.outcome.as_str());
        let (cause, shard) = (self.cause.as_deref(), self.shard.as_deref());
        let code = self.code();
        let peer = peer.map(|p| p.to_string());
        // Recorded as a string field, which the log formatters escape
        // (text: Debug quoting; JSON): a user name with a newline cannot
        // forge a line (tests/faults.rs checks).
        let user = self.user.as_deref();
        macro_rules! at {
            ($level:ident) => {
                tracing::$level!(
                    source,
                    outcome,
                    code,
                    user,
                    peer,
                    shard,
                    error = cause,
                    "{what}"
                )
            };
        }
        match self.loud {
            // The outcome line (`not_completed`) says enough at info.
            Loud::Quiet => at!(debug),
            Loud::Info => at!(info),
            Loud::Warn => at!(warn),
        }
    }

    /// Count, log, answer and close: the one way a login is refused.
    /// Returns the outcome for the connection's `connections_total`.
    pub async fn refuse(self, client: &mut PacketConn, peer: Option<SocketAddr>) -> LoginOutcome {
        self.count();
        self.log(peer);
        let answer = match (&self.err, &self.relayed) {
            (Some(err), _) => Some(err.to_packet().encode()),
            (None, Some(p)) => Some(p.clone()),
            (None, None) => None,
        };
        if let Some(packet) = answer {
            client.write_packet(&packet);
            client.shutdown().await;
        }
        self.outcome
    }
}

/// A login that did not complete, counted under its outcome and logged so
/// a client's "connection reset at connect" explains itself. A client that
/// left or idled before logging in is usually a TCP health probe: debug,
/// not info.
pub(super) fn not_completed(id: u32, peer: SocketAddr, outcome: LoginOutcome) {
    outcome.count();
    // Refused before the handshake (connection bounds) is a flood's
    // signature: its counter tells it, not a line per connection.
    let quiet = matches!(
        outcome,
        LoginOutcome::ClientGone
            | LoginOutcome::HandshakeTimeout
            | LoginOutcome::TooMany
            | LoginOutcome::PreauthFull
            | LoginOutcome::PreauthHostFull
    );
    let outcome = outcome.as_str();
    if quiet {
        tracing::debug!(conn = id, %peer, outcome, "login not completed");
    } else {
        tracing::info!(conn = id, %peer, outcome, "login not completed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;

    #[test]
    fn every_login_outcome_has_its_own_connections_total_label() {
        let mut labels: Vec<_> = LoginOutcome::ALL.iter().map(|o| o.as_str()).collect();
        labels.sort_unstable();
        labels.dedup();
        assert_eq!(labels.len(), LoginOutcome::ALL.len());
    }

    #[test]
    fn a_refused_password_is_an_auth_failure_answered_with_the_servers_words() {
        let e = LoginError::auth(SqlError::access_denied("app", "127.0.0.1", true));
        assert_eq!(e.outcome, LoginOutcome::AuthFailed);
        assert_eq!(e.counted, LoginCounted::AuthFailure);
        let err = e.err.as_ref().unwrap();
        assert_eq!(err.code, 1045);
        assert_eq!(
            err.message,
            "Access denied for user 'app'@'127.0.0.1' (using password: YES)"
        );
    }

    #[test]
    fn a_login_the_server_refused_is_relayed_as_sent_and_logged_with_its_code() {
        let payload = SqlError::access_denied("u", "h", false)
            .to_packet()
            .encode();
        let e = LoginError::server_refused(&payload);
        assert_eq!(e.relayed.as_deref(), Some(&payload[..]));
        assert_eq!(e.code(), Some(1045));
        assert_eq!(e.outcome, LoginOutcome::AuthFailed);
        assert_eq!(e.counted, LoginCounted::AuthFailure);
    }

    #[test]
    fn a_client_that_left_is_told_nothing_and_counted_only_as_gone() {
        let e = LoginError::gone();
        assert!(e.err.is_none());
        assert_eq!(e.outcome, LoginOutcome::ClientGone);
        assert_eq!(e.counted, LoginCounted::Nothing);
        assert_eq!(e.loud, Loud::Quiet);
    }

    #[test]
    fn a_malformed_handshake_is_a_client_protocol_error_with_its_outcome() {
        let e = LoginError::protocol(
            ProtocolErrorKind::BadHandshake,
            LoginOutcome::Rejected,
            SqlError::new(ErrorCode::Handshake, "Bad handshake (x)"),
        );
        assert_eq!(e.source, ErrorSource::Client);
        assert_eq!(
            e.counted,
            LoginCounted::Protocol(ProtocolErrorKind::BadHandshake)
        );
        assert_eq!(e.err.unwrap().code, 1043);
    }
}
