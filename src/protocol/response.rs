//! OK, ERR and EOF packets, and telling them apart from row data.

use super::capabilities::*;
use super::lenenc::{put_lenenc_int, Reader};
use super::packet::ProtocolError;

pub const OK_HEADER: u8 = 0x00;
pub const EOF_HEADER: u8 = 0xFE;
pub const ERR_HEADER: u8 = 0xFF;
pub const LOCAL_INFILE_HEADER: u8 = 0xFB;

/// An ERR packet's content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrPacket {
    pub code: u16,
    pub sql_state: [u8; 5],
    pub message: String,
}

impl ErrPacket {
    pub fn new(code: u16, sql_state: &str, message: impl Into<String>) -> Self {
        let mut st = [b'H', b'Y', b'0', b'0', b'0'];
        if sql_state.len() == 5 {
            st.copy_from_slice(sql_state.as_bytes());
        }
        ErrPacket {
            code,
            sql_state: st,
            message: message.into(),
        }
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(9 + self.message.len());
        out.push(ERR_HEADER);
        out.extend_from_slice(&self.code.to_le_bytes());
        out.push(b'#');
        out.extend_from_slice(&self.sql_state);
        out.extend_from_slice(self.message.as_bytes());
        out
    }

    pub fn parse(payload: &[u8]) -> Result<ErrPacket, ProtocolError> {
        let mut r = Reader::new(payload);
        if r.u8()? != ERR_HEADER {
            return Err(ProtocolError::Malformed("not an ERR packet"));
        }
        let code = r.u16()?;
        let mut sql_state = *b"HY000";
        if r.remaining() >= 6 && payload[3] == b'#' {
            r.skip(1)?;
            sql_state.copy_from_slice(r.take(5)?);
        }
        let message = String::from_utf8_lossy(r.rest()).into_owned();
        Ok(ErrPacket {
            code,
            sql_state,
            message,
        })
    }
}

/// The parts of an OK (or OK-shaped EOF) packet the proxy cares about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OkInfo {
    pub affected_rows: u64,
    pub last_insert_id: u64,
    pub status: u16,
    pub warnings: u16,
}

impl OkInfo {
    pub fn parse(payload: &[u8]) -> Result<OkInfo, ProtocolError> {
        let mut r = Reader::new(payload);
        r.u8()?;
        let affected_rows = r.lenenc_int()?;
        let last_insert_id = r.lenenc_int()?;
        let status = r.u16()?;
        let warnings = if r.remaining() >= 2 { r.u16()? } else { 0 };
        Ok(OkInfo {
            affected_rows,
            last_insert_id,
            status,
            warnings,
        })
    }
}

/// A minimal OK packet (what the proxy itself answers with).
pub fn ok_packet(status: u16, affected_rows: u64, last_insert_id: u64) -> Vec<u8> {
    let mut out = vec![OK_HEADER];
    put_lenenc_int(&mut out, affected_rows);
    put_lenenc_int(&mut out, last_insert_id);
    out.extend_from_slice(&status.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

/// A classic 5-byte EOF packet.
pub fn eof_packet(status: u16, warnings: u16) -> Vec<u8> {
    let mut out = vec![EOF_HEADER];
    out.extend_from_slice(&warnings.to_le_bytes());
    out.extend_from_slice(&status.to_le_bytes());
    out
}

/// Is this payload the end of a row stream? A row can start with 0xFE only
/// when its first column is an 8-byte length prefix, i.e. a value of at
/// least 2^24 bytes, so a short 0xFE packet is always EOF/OK.
pub fn is_eof(payload: &[u8]) -> bool {
    payload.first() == Some(&EOF_HEADER) && payload.len() < 0xFF_FFFF
}

pub fn is_err(payload: &[u8]) -> bool {
    payload.first() == Some(&ERR_HEADER)
}

pub fn is_ok(payload: &[u8]) -> bool {
    payload.first() == Some(&OK_HEADER)
}

/// Server status flags of an EOF or terminating OK packet, for either
/// classic EOF (`FE warnings status`) or `CLIENT_DEPRECATE_EOF`'s OK-shaped
/// EOF (`FE affected last_id status warnings`).
pub fn terminator_status(payload: &[u8]) -> Result<u16, ProtocolError> {
    // Classic EOF is exactly 5 bytes; the OK-shaped form is at least 7.
    if payload.len() <= 5 {
        let mut r = Reader::new(payload);
        r.u8()?;
        if r.remaining() < 4 {
            return Ok(0);
        }
        r.u16()?;
        return r.u16();
    }
    Ok(OkInfo::parse(payload)?.status)
}

/// The warning count of a classic or OK-shaped EOF (0 if unreadable).
pub fn terminator_warnings(payload: &[u8]) -> u16 {
    if payload.len() <= 5 {
        return match payload {
            [_, a, b, ..] => u16::from_le_bytes([*a, *b]),
            _ => 0,
        };
    }
    OkInfo::parse(payload).map_or(0, |o| o.warnings)
}

pub fn more_results(status: u16) -> bool {
    status & SERVER_MORE_RESULTS_EXISTS != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_err_packet_encodes_and_parses_back_unchanged() {
        let e = ErrPacket::new(
            1045,
            "28000",
            "Access denied for user 'a'@'h' (using password: YES)",
        );
        let b = e.encode();
        assert_eq!(&b[..4], &[0xFF, 0x15, 0x04, b'#']);
        assert_eq!(ErrPacket::parse(&b).unwrap(), e);
    }

    #[test]
    fn terminator_status_both_forms() {
        assert_eq!(terminator_status(&eof_packet(0x0A, 0)).unwrap(), 0x0A);
        let mut ok = ok_packet(0x0A, 0, 0);
        ok[0] = EOF_HEADER;
        assert_eq!(terminator_status(&ok).unwrap(), 0x0A);
    }
}
