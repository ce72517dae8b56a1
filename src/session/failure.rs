//! One failure path for a logged-in session. Every failure squeeze itself
//! answers mid-session is a `SessionError`: the ERR the client is told,
//! which side caused it, what is counted, how it is logged, and whether
//! the session goes on; `Session::fail` does all four in one place
//! (pingora's `fail_to_proxy`). Logs carry sizes, codes, names and the
//! protocol's own error text: never document contents or passwords.

use std::fmt;

use crate::error::SqlError;
use crate::metrics::{ConnectFailure, ErrorSource, ProtocolErrorKind, METRICS};
use crate::net::NetError;
use crate::protocol::ProtocolError;

use super::shards::NoBackend;
use super::{Flow, Session};

/// What a failure adds to the metrics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Counted {
    Nothing,
    /// `protocol_errors_total{side = the source, kind}`.
    Protocol(ProtocolErrorKind),
    /// `backend_connect_failures_total{shard, reason = "lost"}`.
    BackendLost {
        shard: String,
    },
    /// `refused_statements_total{reason}`.
    Refused(&'static str),
    /// `decode_errors_total{column, reason}`.
    Decode {
        column: String,
        reason: &'static str,
    },
}

/// How loud the log line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Loud {
    /// Not logged (an ordinary refusal the client reads in its ERR).
    Quiet,
    Info,
    Warn,
}

/// A failure of the command in flight (or of the session's connections).
#[derive(Debug)]
pub(super) struct SessionError {
    /// What the client is told; `None`: nothing (the command has no
    /// response, or the stream cannot take one).
    pub err: Option<SqlError>,
    pub source: ErrorSource,
    pub counted: Counted,
    pub loud: Loud,
    /// The log message: what happened and what squeeze does about it.
    pub what: &'static str,
    /// The technical cause for the log (protocol error text, sizes).
    pub cause: Option<String>,
    pub shard: Option<String>,
    /// What server-side state was lost with a backend connection
    /// (`"none"` when nothing: the session goes on).
    pub lost_state: Option<&'static str>,
    pub column: Option<String>,
    pub then: Flow,
}

impl SessionError {
    /// `err` for the client; not counted, not logged; the session goes on.
    pub fn new(source: ErrorSource, err: SqlError) -> Self {
        SessionError {
            err: Some(err),
            source,
            counted: Counted::Nothing,
            loud: Loud::Quiet,
            what: "",
            cause: None,
            shard: None,
            lost_state: None,
            column: None,
            then: Flow::Continue,
        }
    }

    /// A statement squeeze refuses or answers itself with an ERR.
    pub fn refused(err: SqlError) -> Self {
        SessionError::new(ErrorSource::Client, err)
    }

    /// A failure the client hears nothing of (its connection just ends,
    /// or the command has no response).
    pub fn unanswered(source: ErrorSource) -> Self {
        SessionError {
            err: None,
            ..SessionError::new(source, SqlError::internal(""))
        }
    }

    /// Counted under `protocol_errors_total` of the source and `kind`.
    pub fn protocol(source: ErrorSource, kind: ProtocolErrorKind, err: SqlError) -> Self {
        SessionError {
            counted: Counted::Protocol(kind),
            ..SessionError::new(source, err)
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

    pub fn shard(mut self, name: &str) -> Self {
        self.shard = Some(name.to_string());
        self
    }

    /// A backend connection was lost holding `state` (`None`: nothing the
    /// server would lose): the session ends exactly when it held some.
    pub fn lost(mut self, state: Option<&'static str>) -> Self {
        self.lost_state = Some(state.unwrap_or("none"));
        self.then = if state.is_some() {
            Flow::Close
        } else {
            Flow::Continue
        };
        self
    }

    pub fn column(mut self, column: &str) -> Self {
        self.column = Some(column.to_string());
        self
    }

    pub fn counted(mut self, counted: Counted) -> Self {
        self.counted = counted;
        self
    }

    /// The session ends after the answer.
    pub fn closing(mut self) -> Self {
        self.then = Flow::Close;
        self
    }

    /// No ERR to the client (`answer` false): a command without a
    /// response, or a stream an ERR would garble.
    pub fn answered(mut self, answer: bool) -> Self {
        if !answer {
            self.err = None;
        }
        self
    }

    fn count(&self) {
        match &self.counted {
            Counted::Nothing => {}
            Counted::Protocol(kind) => METRICS.protocol_error(self.source, *kind),
            Counted::Refused(reason) => METRICS
                .refused_statements_total
                .with_label_values(&[reason])
                .inc(),
            Counted::BackendLost { shard } => METRICS.connect_failure(shard, ConnectFailure::Lost),
            Counted::Decode { column, reason } => METRICS
                .decode_errors_total
                .with_label_values(&[column, reason])
                .inc(),
        }
    }

    fn log(&self, conn: u32) {
        let (source, what) = (self.source.as_str(), self.what);
        let (cause, shard, column) = (
            self.cause.as_deref(),
            self.shard.as_deref(),
            self.column.as_deref(),
        );
        let code = self.err.as_ref().map(|e| e.code);
        let lost_state = self.lost_state;
        // `Option` fields are recorded only when set.
        macro_rules! at {
            ($level:ident) => {
                tracing::$level!(
                    conn,
                    source,
                    code,
                    shard,
                    column,
                    lost_state,
                    error = cause,
                    "{what}"
                )
            };
        }
        match self.loud {
            Loud::Quiet => {}
            Loud::Info => at!(info),
            Loud::Warn => at!(warn),
        }
    }
}

impl Session {
    /// The one place a session failure is counted, logged and answered;
    /// returns whether the session goes on.
    pub(super) fn fail(&mut self, e: SessionError) -> Flow {
        e.count();
        e.log(self.id);
        if let Some(err) = &e.err {
            self.client.write_packet(&err.to_packet().encode());
        }
        e.then
    }
}

/// What failed on the backend side of a relay, with its type kept (the
/// client's ERR and the log say it in words).
#[derive(Debug)]
pub(super) enum BackendFault {
    /// The connection failed (closed, I/O, TLS) or framed nonsense.
    Net(NetError),
    /// The session has no connection to its shard (an inconsistency).
    NoConnection(NoBackend),
    /// A response squeeze cannot read: where, and why.
    Unreadable {
        context: Option<&'static str>,
        error: ProtocolError,
    },
    /// A response of a shape squeeze does not follow.
    Unexpected(&'static str),
}

impl BackendFault {
    pub fn unreadable(context: &'static str, error: ProtocolError) -> Self {
        BackendFault::Unreadable {
            context: Some(context),
            error,
        }
    }
}

impl fmt::Display for BackendFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackendFault::Net(e) => e.fmt(f),
            BackendFault::NoConnection(e) => write!(
                f,
                "squeeze: internal error: no backend connection to shard #{}",
                e.shard
            ),
            BackendFault::Unreadable {
                context: Some(c),
                error,
            } => write!(f, "{c}: {error}"),
            BackendFault::Unreadable {
                context: None,
                error,
            } => error.fmt(f),
            BackendFault::Unexpected(what) => f.write_str(what),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;

    #[test]
    fn a_lost_backend_ends_the_session_exactly_when_it_held_server_state() {
        let err = || SqlError::new(ErrorCode::Unknown, "lost");
        let kept = SessionError::new(ErrorSource::Backend, err()).lost(None);
        assert_eq!((kept.then, kept.lost_state), (Flow::Continue, Some("none")));
        let ended =
            SessionError::new(ErrorSource::Backend, err()).lost(Some("an open transaction"));
        assert_eq!(
            (ended.then, ended.lost_state),
            (Flow::Close, Some("an open transaction"))
        );
    }

    #[test]
    fn an_unanswered_failure_sends_no_err_but_keeps_its_flow() {
        let e = SessionError::refused(SqlError::new(ErrorCode::Unknown, "x"))
            .closing()
            .answered(false);
        assert!(e.err.is_none());
        assert_eq!(e.then, Flow::Close);
    }

    #[test]
    fn backend_faults_read_as_the_messages_clients_were_given_before() {
        let bad = BackendFault::unreadable("bad column count", ProtocolError::Truncated);
        assert_eq!(bad.to_string(), "bad column count: packet truncated");
        assert_eq!(
            BackendFault::NoConnection(NoBackend { shard: 2 }).to_string(),
            "squeeze: internal error: no backend connection to shard #2"
        );
        assert_eq!(
            BackendFault::Net(NetError::Closed).to_string(),
            "connection closed by peer"
        );
        assert_eq!(
            ErrorSource::Backend.as_str(),
            "backend",
            "the side label of protocol_errors_total"
        );
    }
}
