//! Errors that reach a client, and how each maps onto a MySQL ERR packet.
//!
//! Every failure squeeze reports carries a real MySQL error code with the
//! SQLSTATE the server pairs it with (`ErrorCode`), and a message that says
//! what happened and what to do. A server's own ERR is passed on as sent.

use crate::protocol::response::ErrPacket;
use crate::protocol::ProtocolError;

/// The MySQL/MariaDB error codes squeeze sends, each with the SQLSTATE
/// the server pairs it with (include/mysqld_error.h, sql/share/errmsg).
/// Never a client-range code (2000-2999): Connector/C (the `mariadb` CLI)
/// reports a server ERR with one as "Received malformed packet" and drops
/// the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCode {
    /// 1040 ER_CON_COUNT_ERROR.
    ConCount,
    /// 1041 ER_OUT_OF_RESOURCES.
    OutOfResources,
    /// 1043 ER_HANDSHAKE_ERROR.
    Handshake,
    /// 1045 ER_ACCESS_DENIED_ERROR.
    AccessDenied,
    /// 1047 ER_UNKNOWN_COM_ERROR.
    UnknownCommand,
    /// 1049 ER_BAD_DB_ERROR.
    BadDb,
    /// 1053 ER_SERVER_SHUTDOWN.
    ServerShutdown,
    /// 1094 ER_NO_SUCH_THREAD.
    NoSuchThread,
    /// 1095 ER_KILL_DENIED_ERROR.
    KillDenied,
    /// 1105 ER_UNKNOWN_ERROR.
    Unknown,
    /// 1153 ER_NET_PACKET_TOO_LARGE.
    NetPacketTooLarge,
    /// 1156 ER_NET_PACKETS_OUT_OF_ORDER.
    NetPacketsOutOfOrder,
    /// 1157 ER_NET_UNCOMPRESS_ERROR.
    NetUncompress,
    /// 1235 ER_NOT_SUPPORTED_YET: squeeze's refusals.
    NotSupportedYet,
    /// 1251 ER_NOT_SUPPORTED_AUTH_MODE.
    NotSupportedAuthMode,
    /// 1317 ER_QUERY_INTERRUPTED (`KILL QUERY`).
    QueryInterrupted,
    /// 1436 ER_STACK_OVERRUN: a statement nested deeper than squeeze
    /// analyses (`sql::nesting`), as MariaDB answers deep nesting.
    ThreadStackOverrun,
    /// 1406 ER_DATA_TOO_LONG.
    DataTooLong,
    /// 1429 ER_CONNECT_TO_FOREIGN_DATA_SOURCE: what squeeze reports when it
    /// cannot reach a backend (never 2003, see above).
    ConnectToBackend,
    /// 1835 ER_MALFORMED_PACKET.
    MalformedPacket,
    /// 1969 MariaDB's ER_STATEMENT_TIMEOUT (`max_statement_time`).
    StatementTimeout,
    /// 1927 MariaDB's ER_CONNECTION_KILLED: what squeeze reports when a
    /// session's backend connection is lost.
    ConnectionKilled,
    /// 3140 ER_INVALID_JSON_TEXT.
    InvalidJsonText,
    /// 4025 ER_CONSTRAINT_FAILED: a CHECK constraint (MariaDB's JSON
    /// type's `json_valid`) rejected the row.
    ConstraintFailed,
    /// 3159 ER_SECURE_TRANSPORT_REQUIRED.
    SecureTransportRequired,
}

impl ErrorCode {
    pub fn code(self) -> u16 {
        use ErrorCode::*;
        match self {
            ConCount => 1040,
            OutOfResources => 1041,
            Handshake => 1043,
            AccessDenied => 1045,
            UnknownCommand => 1047,
            BadDb => 1049,
            ServerShutdown => 1053,
            NoSuchThread => 1094,
            KillDenied => 1095,
            Unknown => 1105,
            NetPacketTooLarge => 1153,
            NetPacketsOutOfOrder => 1156,
            NetUncompress => 1157,
            NotSupportedYet => 1235,
            NotSupportedAuthMode => 1251,
            QueryInterrupted => 1317,
            DataTooLong => 1406,
            ThreadStackOverrun => 1436,
            ConnectToBackend => 1429,
            MalformedPacket => 1835,
            ConnectionKilled => 1927,
            StatementTimeout => 1969,
            InvalidJsonText => 3140,
            ConstraintFailed => 4025,
            SecureTransportRequired => 3159,
        }
    }

    /// The SQLSTATE the server sends with this code.
    pub fn sqlstate(self) -> &'static str {
        use ErrorCode::*;
        match self {
            ConCount | NotSupportedAuthMode => "08004",
            Handshake | UnknownCommand | ServerShutdown | NetPacketTooLarge
            | NetPacketsOutOfOrder | NetUncompress => "08S01",
            AccessDenied => "28000",
            BadDb | NotSupportedYet => "42000",
            DataTooLong => "22001",
            InvalidJsonText => "22032",
            ConstraintFailed => "23000",
            ConnectionKilled | QueryInterrupted | StatementTimeout => "70100",
            OutOfResources
            | NoSuchThread
            | KillDenied
            | Unknown
            | ConnectToBackend
            | MalformedPacket
            | SecureTransportRequired
            | ThreadStackOverrun => "HY000",
        }
    }
}

/// An error a client will receive as an ERR packet: squeeze's own (from an
/// `ErrorCode`) or a server's, passed on with its code and SQLSTATE.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("error {code} ({}): {message}", self.sqlstate())]
pub struct SqlError {
    pub code: u16,
    state: [u8; 5],
    pub message: String,
}

impl From<ErrPacket> for SqlError {
    /// A server's ERR, passed on as the server sent it.
    fn from(e: ErrPacket) -> Self {
        SqlError {
            code: e.code,
            state: e.sql_state,
            message: e.message,
        }
    }
}

impl SqlError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        let mut state = [0; 5];
        state.copy_from_slice(code.sqlstate().as_bytes());
        SqlError {
            code: code.code(),
            state,
            message: message.into(),
        }
    }

    /// The SQLSTATE sent with the code (`HY000` if a server sent one that
    /// is not ASCII).
    pub fn sqlstate(&self) -> &str {
        std::str::from_utf8(&self.state).unwrap_or("HY000")
    }

    pub fn to_packet(&self) -> ErrPacket {
        ErrPacket {
            code: self.code,
            sql_state: self.state,
            message: self.message.clone(),
        }
    }

    pub fn access_denied(user: &str, host: &str, using_password: bool) -> Self {
        SqlError::new(
            ErrorCode::AccessDenied,
            format!(
                "Access denied for user '{user}'@'{host}' (using password: {})",
                if using_password { "YES" } else { "NO" }
            ),
        )
    }

    pub fn backend_unreachable(name: &str, addr: &str, why: &str) -> Self {
        SqlError::new(ErrorCode::ConnectToBackend, format!("squeeze: can't connect to backend '{name}' at {addr} ({why}); check that the server is up and reachable from the proxy"),
        )
    }

    /// squeeze's settings for the backend cannot work (e.g. TLS needed).
    pub fn backend_misconfigured(name: &str, addr: &str, why: &str) -> Self {
        SqlError::new(
            ErrorCode::ConnectToBackend,
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
        SqlError::new(ErrorCode::ConnectionKilled, message)
    }

    /// MySQL's own wording, plus why squeeze says so.
    pub fn unknown_database(db: &str) -> Self {
        SqlError::new(
            ErrorCode::BadDb,
            format!("Unknown database '{db}' (no squeeze routing rule maps it to a shard)"),
        )
    }

    pub fn unknown_command(byte: u8) -> Self {
        SqlError::new(
            ErrorCode::UnknownCommand,
            format!("Unknown command (0x{byte:02x})"),
        )
    }

    pub fn not_supported(what: &str) -> Self {
        SqlError::new(
            ErrorCode::NotSupportedYet,
            format!("squeeze does not support {what}"),
        )
    }

    /// The session would go past the global memory budget doing `what`.
    pub fn over_budget(what: &str, e: &crate::limits::OverBudget) -> Self {
        SqlError::new(ErrorCode::OutOfResources, format!(
                "Out of memory: squeeze refused {what}: {e}. Retry later, make the statement or result smaller, or raise {} (squeeze serve --memory-budget)",
                crate::limits::budget::CONFIG_KEY
            ),
        )
    }

    pub fn internal(message: impl Into<String>) -> Self {
        SqlError::new(ErrorCode::Unknown, message)
    }

    /// Map a framing problem on the client connection to the error MySQL
    /// itself would send.
    pub fn from_client_protocol(e: &ProtocolError) -> Self {
        match e {
            ProtocolError::TooLarge { .. } => SqlError::new(ErrorCode::NetPacketTooLarge, format!("Got a packet bigger than 'max_allowed_packet' bytes ({e}); squeeze's limit is the server's max_allowed_packet, or proxy.max_packet_size when that is set"),
            ),
            ProtocolError::OutOfOrder { .. } => {
                SqlError::new(ErrorCode::NetPacketsOutOfOrder, format!("Got packets out of order ({e})"))
            }
            ProtocolError::BadCompression(_) => {
                SqlError::new(ErrorCode::NetUncompress, format!("Couldn't uncompress communication packet ({e})"))
            }
            ProtocolError::Truncated | ProtocolError::Malformed(_) => {
                SqlError::new(ErrorCode::MalformedPacket, format!("Malformed communication packet ({e})"))
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
        use ErrorCode::*;
        let all = [
            ConCount,
            OutOfResources,
            Handshake,
            AccessDenied,
            UnknownCommand,
            BadDb,
            ServerShutdown,
            NoSuchThread,
            KillDenied,
            Unknown,
            NetPacketTooLarge,
            NetPacketsOutOfOrder,
            NetUncompress,
            NotSupportedYet,
            NotSupportedAuthMode,
            DataTooLong,
            ConnectToBackend,
            MalformedPacket,
            ConnectionKilled,
            InvalidJsonText,
            ConstraintFailed,
            SecureTransportRequired,
        ];
        for c in all {
            assert!(!(2000..3000).contains(&c.code()), "{c:?}");
            assert_eq!(c.sqlstate().len(), 5, "{c:?}");
        }
    }

    #[test]
    fn a_servers_err_keeps_its_own_sqlstate() {
        let server = ErrPacket::new(1146, "42S02", "Table 'shop.nope' doesn't exist");
        let e = SqlError::from(server.clone());
        assert_eq!((e.code, e.sqlstate()), (1146, "42S02"));
        assert_eq!(e.to_packet().encode(), server.encode());
    }

    #[test]
    fn squeezes_own_errors_carry_the_sqlstate_of_their_code() {
        let e = SqlError::new(ErrorCode::NotSupportedYet, "squeeze: no");
        assert_eq!((e.code, e.sqlstate()), (1235, "42000"));
        assert_eq!(&e.to_packet().encode()[..9], b"\xff\xd3\x04#42000");
    }
}
