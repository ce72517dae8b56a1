//! MariaDB's COM_STMT_BULK_EXECUTE: one prepared statement run over many
//! rows of parameters in one command (`0xFA stmt(4) flags(2) [types]
//! rows...`, each row a one-byte indicator per parameter followed by its
//! binary value when the indicator is NONE).
//!
//! Each row is handed out in COM_STMT_EXECUTE's parameter layout (null
//! bitmap, types bound, values), so routing by a shard key and the
//! compression of parameters judge a bulk row with the same code as a
//! single execute; `encode` writes the rows back in the bulk layout.

use super::coldef::{binary_layout, BinaryLayout};
use super::execute::ExecuteParams;
use super::lenenc::Reader;
use super::ProtocolError;

/// Bulk flag: the types follow the flags.
pub const SEND_TYPES: u16 = 128;
/// Parameter indicator: the value follows.
pub const INDICATOR_NONE: u8 = 0;
/// Parameter indicator: NULL (no value follows).
pub const INDICATOR_NULL: u8 = 1;
/// The largest indicator MariaDB defines (IGNORE); NULL is 1, DEFAULT 2.
const INDICATOR_MAX: u8 = 3;

/// One COM_STMT_BULK_EXECUTE, its rows split per row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BulkExecute {
    pub flags: u16,
    /// The types this packet sent (`SEND_TYPES`), two bytes a parameter.
    pub sent_types: Option<Vec<u8>>,
    pub rows: Vec<BulkRow>,
}

/// One row: its indicators, and its parameters in COM_STMT_EXECUTE's
/// layout (a parameter with an indicator other than NONE is NULL there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BulkRow {
    pub indicators: Vec<u8>,
    pub params: Vec<u8>,
}

impl BulkRow {
    /// The row as a single execute's parameters.
    pub fn execute_params(&self, count: usize) -> Result<ExecuteParams<'_>, ProtocolError> {
        ExecuteParams::parse(&self.params, count, None)
    }
}

/// The types a bulk execute's `body` sends (`SEND_TYPES`), read without
/// its rows.
pub fn sent_types(body: &[u8], count: usize) -> Option<&[u8]> {
    let flags = u16::from_le_bytes([*body.first()?, *body.get(1)?]);
    (flags & SEND_TYPES != 0)
        .then(|| body.get(2..2 + 2 * count))
        .flatten()
}

impl BulkExecute {
    /// Read `body` (everything after the statement id) for a statement of
    /// `count` parameters; `remembered` are the types bound earlier, used
    /// when the packet sends none.
    pub fn parse(
        body: &[u8],
        count: usize,
        remembered: Option<&[u8]>,
    ) -> Result<BulkExecute, ProtocolError> {
        if count == 0 {
            return Err(ProtocolError::Malformed(
                "bulk execute of a statement without parameters",
            ));
        }
        let mut r = Reader::new(body);
        let flags = r.u16()?;
        let sent_types = if flags & SEND_TYPES != 0 {
            Some(r.take(2 * count)?.to_vec())
        } else {
            None
        };
        let types = match (&sent_types, remembered) {
            (Some(t), _) => t.as_slice(),
            (None, Some(t)) if t.len() == 2 * count => t,
            _ => {
                return Err(ProtocolError::Malformed(
                    "bulk execute without parameter types, and none were bound before",
                ))
            }
        };
        let mut rows = Vec::new();
        while !r.is_empty() {
            let mut indicators = Vec::with_capacity(count);
            let mut bitmap = vec![0u8; count.div_ceil(8)];
            let mut values = Vec::new();
            for i in 0..count {
                let indicator = r.u8()?;
                if indicator > INDICATOR_MAX {
                    return Err(ProtocolError::Malformed(
                        "bulk execute with an unknown parameter indicator",
                    ));
                }
                indicators.push(indicator);
                if indicator != INDICATOR_NONE {
                    bitmap[i / 8] |= 1 << (i % 8);
                    continue;
                }
                let start = r.position();
                match binary_layout(types[2 * i]) {
                    BinaryLayout::Fixed(k) => {
                        r.take(k)?;
                    }
                    BinaryLayout::LengthByte => {
                        let k = r.u8()? as usize;
                        r.take(k)?;
                    }
                    BinaryLayout::LenencString => {
                        r.lenenc_bytes()?;
                    }
                    BinaryLayout::Nothing => {}
                }
                values.extend_from_slice(&body[start..r.position()]);
            }
            let mut params = Vec::with_capacity(bitmap.len() + 1 + types.len() + values.len());
            params.extend_from_slice(&bitmap);
            params.push(1);
            params.extend_from_slice(types);
            params.extend_from_slice(&values);
            rows.push(BulkRow { indicators, params });
        }
        Ok(BulkExecute {
            flags,
            sent_types,
            rows,
        })
    }
}

/// A COM_STMT_BULK_EXECUTE of statement `stmt` with `flags` (types always
/// sent), `types` bound, and `rows`: each row's indicators and its
/// parameters in COM_STMT_EXECUTE's layout with those types.
pub fn encode(
    stmt: u32,
    flags: u16,
    types: &[u8],
    rows: &[(&[u8], ExecuteParams<'_>)],
) -> Result<Vec<u8>, ProtocolError> {
    let mut out = Vec::with_capacity(
        7 + types.len()
            + rows
                .iter()
                .map(|(i, p)| i.len() + p.values.len())
                .sum::<usize>(),
    );
    out.push(super::command::Command::StmtBulkExecute as u8);
    out.extend_from_slice(&stmt.to_le_bytes());
    out.extend_from_slice(&(flags | SEND_TYPES).to_le_bytes());
    out.extend_from_slice(types);
    for (indicators, params) in rows {
        params.walk(
            |_| false,
            |i, _, raw| {
                let indicator = *indicators.get(i).ok_or(ProtocolError::Malformed(
                    "bulk row shorter than its indicators",
                ))?;
                out.push(indicator);
                if indicator == INDICATOR_NONE {
                    out.extend_from_slice(raw);
                }
                Ok(())
            },
        )?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::coldef::{TYPE_BLOB, TYPE_LONGLONG, TYPE_VAR_STRING};
    use crate::protocol::execute::ParamValue;
    use crate::protocol::lenenc::put_lenenc_bytes;

    /// Rows `(1, 'a')`, `(2, NULL)`, `(3, DEFAULT)` with types sent.
    fn bulk() -> Vec<u8> {
        let mut b = SEND_TYPES.to_le_bytes().to_vec();
        b.extend_from_slice(&[TYPE_LONGLONG, 0, TYPE_VAR_STRING, 0]);
        b.push(0);
        b.extend_from_slice(&1i64.to_le_bytes());
        b.push(0);
        put_lenenc_bytes(&mut b, b"a");
        b.push(0);
        b.extend_from_slice(&2i64.to_le_bytes());
        b.push(1);
        b.push(0);
        b.extend_from_slice(&3i64.to_le_bytes());
        b.push(2);
        b
    }

    #[test]
    fn each_row_reads_as_a_single_executes_parameters() {
        let b = BulkExecute::parse(&bulk(), 2, None).unwrap();
        assert_eq!(b.rows.len(), 3);
        let first = b.rows[0].execute_params(2).unwrap();
        assert_eq!(first.value(0, |_| false), Some(ParamValue::Int(1)));
        assert_eq!(first.value(1, |_| false), Some(ParamValue::Bytes(b"a")));
        let second = b.rows[1].execute_params(2).unwrap();
        assert_eq!(second.value(1, |_| false), Some(ParamValue::Null));
        assert_eq!(b.rows[2].indicators, vec![0, 2]);
        assert_eq!(
            sent_types(&bulk(), 2),
            Some(&[TYPE_LONGLONG, 0, TYPE_VAR_STRING, 0][..])
        );
        assert_eq!(sent_types(&[0, 0, 1], 1), None);
    }

    #[test]
    fn rows_written_back_keep_their_indicators_and_bytes() {
        let body = bulk();
        let b = BulkExecute::parse(&body, 2, None).unwrap();
        let rows: Vec<_> = b
            .rows
            .iter()
            .map(|r| (r.indicators.as_slice(), r.execute_params(2).unwrap()))
            .collect();
        let out = encode(7, b.flags, b.sent_types.as_deref().unwrap(), &rows).unwrap();
        assert_eq!(&out[..5], &[0xFA, 7, 0, 0, 0]);
        assert_eq!(&out[5..], &body[..]);
    }

    #[test]
    fn types_come_from_the_packet_or_an_earlier_binding() {
        let mut body = 0u16.to_le_bytes().to_vec();
        body.push(0);
        put_lenenc_bytes(&mut body, b"xyz");
        assert!(BulkExecute::parse(&body, 1, None).is_err());
        let b = BulkExecute::parse(&body, 1, Some(&[TYPE_BLOB, 0])).unwrap();
        assert_eq!(b.sent_types, None);
        let p = b.rows[0].execute_params(1).unwrap();
        assert_eq!(p.value(0, |_| false), Some(ParamValue::Bytes(b"xyz")));
    }

    #[test]
    fn truncated_rows_unknown_indicators_and_no_parameters_are_malformed() {
        let body = bulk();
        assert!(BulkExecute::parse(&body[..body.len() - 3], 2, None).is_err());
        let mut odd = body.clone();
        odd.push(9);
        odd.push(0);
        assert!(BulkExecute::parse(&odd, 2, None).is_err());
        assert!(BulkExecute::parse(&body, 0, None).is_err());
    }
}
