//! Small internal queries squeeze itself runs on a backend connection
//! (session variables, information_schema), outside any client command.

use crate::net::PacketConn;
use crate::protocol::capabilities::CLIENT_DEPRECATE_EOF;
use crate::protocol::command::ClientCommand;
use crate::protocol::lenenc::Reader;
use crate::protocol::response::{self, ErrPacket};
use crate::protocol::rows::text_row_spans;

/// A text result: rows of nullable byte strings.
pub type Rows = Vec<Vec<Option<Vec<u8>>>>;

#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    #[error("backend error {}: {}", .0.code, .0.message)]
    Server(ErrPacket),
    #[error("{0}")]
    Net(String),
}

/// Send one statement and read the head of its answer: `None` for an OK,
/// else the column definitions (payloads) of its result set, with the EOF
/// after them consumed when the server sends one. An ERR is the error.
async fn send_and_read_columns(
    conn: &mut PacketConn,
    capabilities: u32,
    sql: &str,
) -> Result<Option<Vec<Vec<u8>>>, QueryError> {
    let net = |e: crate::net::NetError| QueryError::Net(e.to_string());
    conn.begin_command();
    conn.write_packet(&ClientCommand::Query(sql.as_bytes()).encode());
    conn.flush().await.map_err(net)?;
    let first = conn.read_packet().await.map_err(net)?;
    if response::is_err(&first.payload) {
        let e = ErrPacket::parse(&first.payload).map_err(|e| QueryError::Net(e.to_string()))?;
        return Err(QueryError::Server(e));
    }
    if response::is_ok(&first.payload) {
        return Ok(None);
    }
    let columns = Reader::new(&first.payload)
        .lenenc_int()
        .map_err(|e| QueryError::Net(e.to_string()))? as usize;
    let mut defs = Vec::with_capacity(columns.min(4096));
    for _ in 0..columns {
        defs.push(conn.read_packet().await.map_err(net)?.payload.to_vec());
    }
    if capabilities & CLIENT_DEPRECATE_EOF == 0 {
        conn.read_packet().await.map_err(net)?;
    }
    Ok(Some(defs))
}

/// The next row of a result set (its payload), `None` at its end.
async fn next_row(conn: &mut PacketConn) -> Result<Option<bytes::Bytes>, QueryError> {
    let p = conn
        .read_packet()
        .await
        .map_err(|e| QueryError::Net(e.to_string()))?;
    if response::is_eof(&p.payload) {
        return Ok(None);
    }
    if response::is_err(&p.payload) {
        let e = ErrPacket::parse(&p.payload).map_err(|e| QueryError::Net(e.to_string()))?;
        return Err(QueryError::Server(e));
    }
    Ok(Some(p.payload))
}

/// Run one statement and collect its (single) result set.
pub async fn simple_query(
    conn: &mut PacketConn,
    capabilities: u32,
    sql: &str,
) -> Result<Rows, QueryError> {
    let Some(defs) = send_and_read_columns(conn, capabilities, sql).await? else {
        return Ok(Vec::new());
    };
    let columns = defs.len();
    let mut rows = Vec::new();
    let mut spans = Vec::new();
    while let Some(payload) = next_row(conn).await? {
        text_row_spans(&payload, columns, &mut spans)
            .map_err(|e| QueryError::Net(e.to_string()))?;
        rows.push(
            spans
                .iter()
                .map(|s| s.clone().map(|r| payload[r].to_vec()))
                .collect(),
        );
    }
    Ok(rows)
}

/// Run a query that returns no rows (`... LIMIT 0`) and return its column
/// definitions (the packets' payloads), as the server describes them.
pub async fn column_definitions(
    conn: &mut PacketConn,
    capabilities: u32,
    sql: &str,
) -> Result<Vec<Vec<u8>>, QueryError> {
    let Some(defs) = send_and_read_columns(conn, capabilities, sql).await? else {
        return Ok(Vec::new());
    };
    // Rows (none expected), then the terminator.
    while next_row(conn).await?.is_some() {}
    Ok(defs)
}

/// Quote a string for use inside a single-quoted SQL literal.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\'' => out.push_str("''"),
            '\\' => out.push_str("\\\\"),
            '\0' => out.push_str("\\0"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}
