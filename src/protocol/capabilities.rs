//! Capability flags (`CLIENT_*`) and server status flags (`SERVER_*`).

pub const CLIENT_LONG_PASSWORD: u32 = 1;
pub const CLIENT_FOUND_ROWS: u32 = 1 << 1;
pub const CLIENT_LONG_FLAG: u32 = 1 << 2;
pub const CLIENT_CONNECT_WITH_DB: u32 = 1 << 3;
pub const CLIENT_NO_SCHEMA: u32 = 1 << 4;
pub const CLIENT_COMPRESS: u32 = 1 << 5;
pub const CLIENT_ODBC: u32 = 1 << 6;
pub const CLIENT_LOCAL_FILES: u32 = 1 << 7;
pub const CLIENT_IGNORE_SPACE: u32 = 1 << 8;
pub const CLIENT_PROTOCOL_41: u32 = 1 << 9;
pub const CLIENT_INTERACTIVE: u32 = 1 << 10;
pub const CLIENT_SSL: u32 = 1 << 11;
pub const CLIENT_IGNORE_SIGPIPE: u32 = 1 << 12;
pub const CLIENT_TRANSACTIONS: u32 = 1 << 13;
pub const CLIENT_RESERVED: u32 = 1 << 14;
pub const CLIENT_SECURE_CONNECTION: u32 = 1 << 15;
pub const CLIENT_MULTI_STATEMENTS: u32 = 1 << 16;
pub const CLIENT_MULTI_RESULTS: u32 = 1 << 17;
pub const CLIENT_PS_MULTI_RESULTS: u32 = 1 << 18;
pub const CLIENT_PLUGIN_AUTH: u32 = 1 << 19;
pub const CLIENT_CONNECT_ATTRS: u32 = 1 << 20;
pub const CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA: u32 = 1 << 21;
pub const CLIENT_CAN_HANDLE_EXPIRED_PASSWORDS: u32 = 1 << 22;
pub const CLIENT_SESSION_TRACK: u32 = 1 << 23;
pub const CLIENT_DEPRECATE_EOF: u32 = 1 << 24;
pub const CLIENT_OPTIONAL_RESULTSET_METADATA: u32 = 1 << 25;
pub const CLIENT_ZSTD_COMPRESSION_ALGORITHM: u32 = 1 << 26;
pub const CLIENT_QUERY_ATTRIBUTES: u32 = 1 << 27;

/// What squeeze can relay faithfully. Flags outside this set are never
/// advertised to clients nor requested from backends:
/// * `CLIENT_OPTIONAL_RESULTSET_METADATA` would let result sets arrive
///   without column definitions, which the row transformer needs.
/// * MariaDB's extended capabilities travel in the handshake filler and
///   only with `CLIENT_LONG_PASSWORD` clear; squeeze presents itself with
///   it set (no extended flags) unless it offers one of the two below.
pub const PROXY_SUPPORTED: u32 = CLIENT_LONG_PASSWORD
    | CLIENT_FOUND_ROWS
    | CLIENT_LONG_FLAG
    | CLIENT_CONNECT_WITH_DB
    | CLIENT_NO_SCHEMA
    | CLIENT_COMPRESS
    | CLIENT_ZSTD_COMPRESSION_ALGORITHM
    | CLIENT_ODBC
    | CLIENT_LOCAL_FILES
    | CLIENT_IGNORE_SPACE
    | CLIENT_PROTOCOL_41
    | CLIENT_INTERACTIVE
    | CLIENT_SSL
    | CLIENT_IGNORE_SIGPIPE
    | CLIENT_TRANSACTIONS
    | CLIENT_RESERVED
    | CLIENT_SECURE_CONNECTION
    | CLIENT_MULTI_STATEMENTS
    | CLIENT_MULTI_RESULTS
    | CLIENT_PS_MULTI_RESULTS
    | CLIENT_PLUGIN_AUTH
    | CLIENT_CONNECT_ATTRS
    | CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA
    | CLIENT_CAN_HANDLE_EXPIRED_PASSWORDS
    | CLIENT_SESSION_TRACK
    | CLIENT_DEPRECATE_EOF
    | CLIENT_QUERY_ATTRIBUTES;

/// Flags that describe one hop only (transport and authentication), so the
/// client's choice is not forwarded to the backend as is.
pub const HOP_LOCAL: u32 = CLIENT_SSL | CLIENT_COMPRESS | CLIENT_ZSTD_COMPRESSION_ALGORITHM;

/// MariaDB's extended capabilities (bits 32..63 of the capability word),
/// carried in the handshake filler when `CLIENT_LONG_PASSWORD` (MariaDB's
/// `CLIENT_MYSQL`) is clear. Only these three are ever negotiated
/// (progress reports and bulk unit results change response layouts):
/// metadata caching adds one byte to the column-count packet, which the
/// relay follows; extended metadata adds a block to every column
/// definition (`protocol::coldef`), which squeeze parses and, for a
/// column it presents as JSON, writes; bulk operations allow
/// COM_STMT_BULK_EXECUTE, which squeeze reads row by row
/// (`protocol::bulk_execute`).
pub const MARIADB_CLIENT_STMT_BULK_OPERATIONS: u32 = 1 << (34 - 32);
pub const MARIADB_CLIENT_CACHE_METADATA: u32 = 1 << (36 - 32);
pub const MARIADB_CLIENT_EXTENDED_METADATA: u32 = 1 << (35 - 32);
/// Extended capabilities that change the layout of what the backend sends
/// or accepts, so a backend connection must have them exactly when the
/// client does.
pub const MARIADB_LAYOUT_CAPABILITIES: u32 = MARIADB_CLIENT_CACHE_METADATA
    | MARIADB_CLIENT_EXTENDED_METADATA
    | MARIADB_CLIENT_STMT_BULK_OPERATIONS;

pub const SERVER_STATUS_IN_TRANS: u16 = 1;
pub const SERVER_STATUS_AUTOCOMMIT: u16 = 1 << 1;
pub const SERVER_MORE_RESULTS_EXISTS: u16 = 1 << 3;
pub const SERVER_STATUS_CURSOR_EXISTS: u16 = 1 << 6;
pub const SERVER_STATUS_LAST_ROW_SENT: u16 = 1 << 7;
pub const SERVER_SESSION_STATE_CHANGED: u16 = 1 << 14;
