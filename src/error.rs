//! Errors that reach a client, and how each maps onto a MySQL ERR packet.
//!
//! Every failure is attributed to the side that caused it (the client, a
//! backend, or squeeze itself) and carries a real MySQL error code, a
//! SQLSTATE and a message that says what happened and what to do.

use crate::protocol::response::ErrPacket;
use crate::protocol::ProtocolError;

/// Who caused an error: used for metrics labels and for deciding whether the
/// session can continue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Client,
    Backend,
    Internal,
}

impl Side {
    pub fn label(self) -> &'static str {
        match self {
            Side::Client => "client",
            Side::Backend => "backend",
            Side::Internal => "internal",
        }
    }
}

// Server error codes (include/mysqld_error.h) and client codes used by
// proxies for backend reachability (include/errmsg.h).
pub const ER_CON_COUNT_ERROR: u16 = 1040;
pub const ER_OUT_OF_RESOURCES: u16 = 1041;
pub const ER_HANDSHAKE_ERROR: u16 = 1043;
pub const ER_ACCESS_DENIED_ERROR: u16 = 1045;
pub const ER_UNKNOWN_COM_ERROR: u16 = 1047;
pub const ER_BAD_DB_ERROR: u16 = 1049;
pub const ER_UNKNOWN_ERROR: u16 = 1105;
pub const ER_NET_PACKET_TOO_LARGE: u16 = 1153;
pub const ER_NET_PACKETS_OUT_OF_ORDER: u16 = 1156;
pub const ER_NET_UNCOMPRESS_ERROR: u16 = 1157;
pub const ER_NOT_SUPPORTED_YET: u16 = 1235;
pub const ER_NOT_SUPPORTED_AUTH_MODE: u16 = 1251;
pub const ER_SERVER_SHUTDOWN: u16 = 1053;
pub const ER_MALFORMED_PACKET: u16 = 1835;
pub const ER_SECURE_TRANSPORT_REQUIRED: u16 = 3159;
/// MariaDB's "Connection was killed": what squeeze reports when a session's
/// backend connection is lost (a server-range code: Connector/C turns
/// client-range codes sent by a server into "malformed packet").
pub const ER_CONNECTION_KILLED: u16 = 1927;
/// MariaDB's "Unable to connect to foreign data source": what squeeze
/// reports when it cannot reach a backend. Never a client-range code
/// (2000-2999) such as 2003: Connector/C (the `mariadb` CLI) reports a
/// server ERR with one as "Received malformed packet" and drops the text.
pub const ER_CONNECT_TO_BACKEND: u16 = 1429;

/// An error a client will receive as an ERR packet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{side:?} error {code} ({state}): {message}")]
pub struct SqlError {
    pub side: Side,
    pub code: u16,
    pub state: &'static str,
    pub message: String,
}

impl SqlError {
    pub fn new(side: Side, code: u16, state: &'static str, message: impl Into<String>) -> Self {
        SqlError {
            side,
            code,
            state,
            message: message.into(),
        }
    }

    pub fn to_packet(&self) -> ErrPacket {
        ErrPacket::new(self.code, self.state, self.message.clone())
    }

    pub fn access_denied(user: &str, host: &str, using_password: bool) -> Self {
        SqlError::new(
            Side::Client,
            ER_ACCESS_DENIED_ERROR,
            "28000",
            format!(
                "Access denied for user '{user}'@'{host}' (using password: {})",
                if using_password { "YES" } else { "NO" }
            ),
        )
    }

    pub fn backend_unreachable(name: &str, addr: &str, why: &str) -> Self {
        SqlError::new(
            Side::Backend,
            ER_CONNECT_TO_BACKEND,
            "HY000",
            format!("squeeze: can't connect to backend '{name}' at {addr} ({why}); check that the server is up and reachable from the proxy"),
        )
    }

    /// squeeze's settings for the backend cannot work (e.g. TLS needed).
    pub fn backend_misconfigured(name: &str, addr: &str, why: &str) -> Self {
        SqlError::new(
            Side::Backend,
            ER_CONNECT_TO_BACKEND,
            "HY000",
            format!("squeeze: can't log into backend '{name}' at {addr}: {why}"),
        )
    }

    /// The backend connection died during a command. `lost_state` names
    /// the session state the server discarded with it; when there is some,
    /// squeeze closes the client connection after this ERR.
    pub fn backend_lost(name: &str, addr: &str, why: &str, lost_state: Option<&str>) -> Self {
        let message = match lost_state {
            Some(state) => format!("squeeze: lost the connection to backend '{name}' at {addr} ({why}) while this session held {state}, which the server has discarded; the statement may or may not have run. squeeze closes this connection, as the server would: reconnect and retry the whole transaction"),
            None => format!("squeeze: lost the connection to backend '{name}' at {addr} during the statement ({why}); it may or may not have run. The session held no server-side state, so its next statement runs on a new backend connection"),
        };
        SqlError::new(Side::Backend, ER_CONNECTION_KILLED, "70100", message)
    }

    /// MySQL's own wording, plus why squeeze says so.
    pub fn unknown_database(db: &str) -> Self {
        SqlError::new(
            Side::Client,
            ER_BAD_DB_ERROR,
            "42000",
            format!("Unknown database '{db}' (no squeeze routing rule maps it to a shard)"),
        )
    }

    pub fn unknown_command(byte: u8) -> Self {
        SqlError::new(
            Side::Client,
            ER_UNKNOWN_COM_ERROR,
            "08S01",
            format!("Unknown command (0x{byte:02x})"),
        )
    }

    pub fn not_supported(what: &str) -> Self {
        SqlError::new(
            Side::Client,
            ER_NOT_SUPPORTED_YET,
            "42000",
            format!("squeeze does not support {what}"),
        )
    }

    /// The session would go past the global memory budget doing `what`.
    pub fn over_budget(what: &str, e: &crate::limits::OverBudget) -> Self {
        SqlError::new(
            Side::Internal,
            ER_OUT_OF_RESOURCES,
            "HY000",
            format!(
                "Out of memory: squeeze refused {what}: {e}. Retry later, make the statement or result smaller, or raise {} (squeeze serve --memory-budget)",
                crate::limits::budget::CONFIG_KEY
            ),
        )
    }

    pub fn internal(message: impl Into<String>) -> Self {
        SqlError::new(Side::Internal, ER_UNKNOWN_ERROR, "HY000", message)
    }

    /// Map a framing problem on the client connection to the error MySQL
    /// itself would send.
    pub fn from_client_protocol(e: &ProtocolError) -> Self {
        match e {
            ProtocolError::TooLarge { .. } => SqlError::new(
                Side::Client,
                ER_NET_PACKET_TOO_LARGE,
                "08S01",
                format!("Got a packet bigger than 'max_allowed_packet' bytes ({e}); raise proxy.max_packet_size if this is intended"),
            ),
            ProtocolError::OutOfOrder { .. } => {
                SqlError::new(Side::Client, ER_NET_PACKETS_OUT_OF_ORDER, "08S01", format!("Got packets out of order ({e})"))
            }
            ProtocolError::BadCompression(_) => {
                SqlError::new(Side::Client, ER_NET_UNCOMPRESS_ERROR, "08S01", format!("Couldn't uncompress communication packet ({e})"))
            }
            ProtocolError::Truncated | ProtocolError::Malformed(_) => {
                SqlError::new(Side::Client, ER_MALFORMED_PACKET, "HY000", format!("Malformed communication packet ({e})"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn access_denied_matches_mysql_wording() {
        let e = SqlError::access_denied("app", "127.0.0.1", true);
        assert_eq!(
            e.message,
            "Access denied for user 'app'@'127.0.0.1' (using password: YES)"
        );
        let p = e.to_packet().encode();
        assert_eq!(&p[..9], b"\xff\x15\x04#28000");
    }
}

#[cfg(test)]
mod code_range_tests {
    use super::*;

    #[test]
    fn squeeze_sends_no_client_range_error_codes() {
        // Connector/C turns a server ERR with a code in 2000..=2999 into
        // "malformed packet"; every code squeeze itself sends is below.
        let errors = [
            SqlError::backend_unreachable("s", "127.0.0.1:1", "refused"),
            SqlError::backend_lost("s", "127.0.0.1:1", "reset", None),
            SqlError::backend_lost("s", "127.0.0.1:1", "reset", Some("a transaction")),
            SqlError::access_denied("u", "h", true),
        ];
        for e in errors {
            assert!(!(2000..3000).contains(&e.code), "{e}");
        }
    }
}
