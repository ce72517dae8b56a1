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

/// Run one statement and collect its (single) result set.
pub async fn simple_query(
    conn: &mut PacketConn,
    capabilities: u32,
    sql: &str,
) -> Result<Rows, QueryError> {
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
        return Ok(Vec::new());
    }
    let columns = Reader::new(&first.payload)
        .lenenc_int()
        .map_err(|e| QueryError::Net(e.to_string()))? as usize;
    for _ in 0..columns {
        conn.read_packet().await.map_err(net)?;
    }
    if capabilities & CLIENT_DEPRECATE_EOF == 0 {
        conn.read_packet().await.map_err(net)?;
    }
    let mut rows = Vec::new();
    let mut spans = Vec::new();
    loop {
        let p = conn.read_packet().await.map_err(net)?;
        if response::is_eof(&p.payload) {
            break;
        }
        if response::is_err(&p.payload) {
            let e = ErrPacket::parse(&p.payload).map_err(|e| QueryError::Net(e.to_string()))?;
            return Err(QueryError::Server(e));
        }
        text_row_spans(&p.payload, columns, &mut spans)
            .map_err(|e| QueryError::Net(e.to_string()))?;
        rows.push(
            spans
                .iter()
                .map(|s| s.clone().map(|r| p.payload[r].to_vec()))
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
        return Ok(Vec::new());
    }
    let columns = Reader::new(&first.payload)
        .lenenc_int()
        .map_err(|e| QueryError::Net(e.to_string()))? as usize;
    let mut defs = Vec::with_capacity(columns);
    for _ in 0..columns {
        defs.push(conn.read_packet().await.map_err(net)?.payload.to_vec());
    }
    if capabilities & CLIENT_DEPRECATE_EOF == 0 {
        conn.read_packet().await.map_err(net)?;
    }
    // Rows (none expected), then the terminator.
    loop {
        let p = conn.read_packet().await.map_err(net)?;
        if response::is_eof(&p.payload) {
            return Ok(defs);
        }
        if response::is_err(&p.payload) {
            let e = ErrPacket::parse(&p.payload).map_err(|e| QueryError::Net(e.to_string()))?;
            return Err(QueryError::Server(e));
        }
    }
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
