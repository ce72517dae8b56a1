//! COM_STMT_EXECUTE's parameters and COM_STMT_PREPARE's OK, decoded here
//! and nowhere else: compression, routing and the execute rewrite all read
//! one `ExecuteParams` view instead of re-walking the bytes by offset.

use super::coldef::{binary_layout, BinaryLayout};
use super::lenenc::Reader;
use super::ProtocolError;

/// `CURSOR_TYPE_READ_ONLY`, `_FOR_UPDATE`, `_SCROLLABLE`: the client asked
/// COM_STMT_EXECUTE to open a cursor rather than send the rows.
pub const CURSOR_FLAGS: u8 = 0x07;

/// The first packet of a successful COM_STMT_PREPARE response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrepareOk {
    pub stmt: u32,
    pub columns: u16,
    pub params: u16,
}

impl PrepareOk {
    /// `0x00 stmt_id(4) num_columns(2) num_params(2) [reserved warnings]`.
    pub fn parse(payload: &[u8]) -> Result<PrepareOk, ProtocolError> {
        let mut r = Reader::new(payload);
        if r.u8()? != 0 {
            return Err(ProtocolError::Malformed("prepare response is not an OK"));
        }
        Ok(PrepareOk {
            stmt: r.u32()?,
            columns: r.u16()?,
            params: r.u16()?,
        })
    }

    /// The same OK naming statement `id` (squeeze's id for a shard's own).
    pub fn with_statement(payload: &[u8], id: u32) -> Vec<u8> {
        let mut ok = payload.to_vec();
        if ok.len() >= 5 {
            ok[1..5].copy_from_slice(&id.to_le_bytes());
        }
        ok
    }
}

/// The parameters of one COM_STMT_EXECUTE (the bytes after its iteration
/// count), read against the statement's parameter count: its null bitmap,
/// the bound types (from this packet, or the ones an earlier execute bound
/// when its new-params-bound flag is 0) and the values.
#[derive(Debug, Clone, Copy)]
pub struct ExecuteParams<'a> {
    count: usize,
    null_bitmap: &'a [u8],
    /// The packet bound types itself (flag 1).
    pub newly_bound: bool,
    /// Two bytes per parameter: the type, then 0x80 when unsigned.
    pub types: &'a [u8],
    /// The values of the parameters that are neither NULL nor sent as long
    /// data, back to back.
    pub values: &'a [u8],
}

/// One parameter value as it travels: its type and its bytes (a length
/// prefix, when the type has one, excluded).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamValue<'a> {
    Null,
    /// Sent with COM_STMT_SEND_LONG_DATA; absent from the execute packet.
    LongData,
    /// An integer of 1, 2, 4 or 8 bytes (type TINY..LONGLONG, YEAR).
    Int(i128),
    /// A string, blob, decimal or other length-encoded value.
    Bytes(&'a [u8]),
    /// Anything else (float, double, date and time): its raw bytes.
    Other(&'a [u8]),
}

impl<'a> ExecuteParams<'a> {
    /// Read `params` for a statement of `count` parameters; `remembered`
    /// are the types an earlier execute bound (used when this one's flag is
    /// 0). A statement without parameters carries nothing to read.
    pub fn parse(
        params: &'a [u8],
        count: usize,
        remembered: Option<&'a [u8]>,
    ) -> Result<ExecuteParams<'a>, ProtocolError> {
        if count == 0 {
            return Ok(ExecuteParams {
                count,
                null_bitmap: &[],
                newly_bound: false,
                types: &[],
                values: &[],
            });
        }
        let mut r = Reader::new(params);
        let null_bitmap = r.take(count.div_ceil(8))?;
        let newly_bound = r.u8()? == 1;
        let types = if newly_bound {
            r.take(2 * count)?
        } else {
            match remembered {
                Some(t) if t.len() == 2 * count => t,
                _ => {
                    return Err(ProtocolError::Malformed(
                        "execute without parameter types, and none were bound before",
                    ))
                }
            }
        };
        Ok(ExecuteParams {
            count,
            null_bitmap,
            newly_bound,
            types,
            values: r.rest(),
        })
    }

    /// The execute (`head`: its first 10 bytes) with these parameters and
    /// their types bound (flag 1), for a server statement that has never
    /// been told them (one prepared on another shard since).
    pub fn with_types_bound(&self, head: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(
            head.len() + self.null_bitmap.len() + 1 + self.types.len() + self.values.len(),
        );
        out.extend_from_slice(head);
        out.extend_from_slice(self.null_bitmap);
        out.push(1);
        out.extend_from_slice(self.types);
        out.extend_from_slice(self.values);
        out
    }

    pub fn count(&self) -> usize {
        self.count
    }

    pub fn null_bitmap(&self) -> &'a [u8] {
        self.null_bitmap
    }

    pub fn is_null(&self, i: usize) -> bool {
        self.null_bitmap
            .get(i / 8)
            .is_some_and(|b| b & (1 << (i % 8)) != 0)
    }

    /// Parameter `i`'s type byte and whether it is unsigned.
    pub fn type_of(&self, i: usize) -> (u8, bool) {
        (self.types[2 * i], self.types[2 * i + 1] & 0x80 != 0)
    }

    /// Walk the values in order: for each parameter its index, its value
    /// and the exact bytes it occupies in `values` (empty for NULL and long
    /// data). `long_data(i)` says which parameters travelled as long data.
    pub fn walk(
        &self,
        long_data: impl Fn(usize) -> bool,
        mut each: impl FnMut(usize, ParamValue<'a>, &'a [u8]) -> Result<(), ProtocolError>,
    ) -> Result<(), ProtocolError> {
        let mut r = Reader::new(self.values);
        for i in 0..self.count {
            if long_data(i) {
                each(i, ParamValue::LongData, &[])?;
                continue;
            }
            if self.is_null(i) {
                each(i, ParamValue::Null, &[])?;
                continue;
            }
            let (ty, unsigned) = self.type_of(i);
            let start = r.position();
            let value = match binary_layout(ty) {
                BinaryLayout::Fixed(k) => {
                    let b = r.take(k)?;
                    match int_value(ty, b, unsigned) {
                        Some(v) => ParamValue::Int(v),
                        None => ParamValue::Other(b),
                    }
                }
                BinaryLayout::LengthByte => {
                    let k = r.u8()? as usize;
                    ParamValue::Other(r.take(k)?)
                }
                BinaryLayout::LenencString => ParamValue::Bytes(r.lenenc_bytes()?),
                BinaryLayout::Nothing => ParamValue::Null,
            };
            each(i, value, &self.values[start..r.position()])?;
        }
        if !r.is_empty() {
            return Err(ProtocolError::Malformed(
                "execute packet longer than its parameters",
            ));
        }
        Ok(())
    }

    /// Parameter `index`'s value (`None` if the packet is too short for it).
    pub fn value(&self, index: usize, long_data: impl Fn(usize) -> bool) -> Option<ParamValue<'a>> {
        let mut found = None;
        // Stop at the wanted parameter: what follows need not be whole.
        let _ = self.walk(long_data, |i, v, _| {
            if i == index {
                found = Some(v);
                return Err(ProtocolError::Malformed("found"));
            }
            Ok(())
        });
        found
    }
}

/// The integer a fixed-size value of integer type `ty` holds.
fn int_value(ty: u8, b: &[u8], unsigned: bool) -> Option<i128> {
    use super::coldef::{TYPE_DOUBLE, TYPE_FLOAT};
    if ty == TYPE_FLOAT || ty == TYPE_DOUBLE {
        return None;
    }
    Some(match (b.len(), unsigned) {
        (1, false) => b[0] as i8 as i128,
        (1, true) => b[0] as i128,
        (2, false) => i16::from_le_bytes([b[0], b[1]]) as i128,
        (2, true) => u16::from_le_bytes([b[0], b[1]]) as i128,
        (4, false) => i32::from_le_bytes(b.try_into().ok()?) as i128,
        (4, true) => u32::from_le_bytes(b.try_into().ok()?) as i128,
        (8, false) => i64::from_le_bytes(b.try_into().ok()?) as i128,
        (8, true) => u64::from_le_bytes(b.try_into().ok()?) as i128,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::coldef::{TYPE_DOUBLE, TYPE_LONGLONG, TYPE_TINY, TYPE_VAR_STRING};
    use crate::protocol::lenenc::put_lenenc_bytes;

    /// Parameters `(BIGINT 42, NULL, 'abc')`, types bound or not.
    fn params(bound: bool) -> Vec<u8> {
        let mut p = vec![0b010, bound as u8];
        if bound {
            p.extend_from_slice(&[TYPE_LONGLONG, 0, TYPE_TINY, 0, TYPE_VAR_STRING, 0]);
        }
        p.extend_from_slice(&42i64.to_le_bytes());
        put_lenenc_bytes(&mut p, b"abc");
        p
    }

    #[test]
    fn a_prepare_ok_is_read_and_renumbered() {
        let ok = [0, 7, 0, 0, 0, 2, 0, 3, 0, 0, 0, 0];
        assert_eq!(
            PrepareOk::parse(&ok).unwrap(),
            PrepareOk {
                stmt: 7,
                columns: 2,
                params: 3
            }
        );
        assert_eq!(&PrepareOk::with_statement(&ok, 9)[1..5], &[9, 0, 0, 0]);
        assert!(PrepareOk::parse(&ok[..6]).is_err());
        assert!(PrepareOk::parse(&[0xFF, 1, 2, 3, 4, 5, 6, 7, 8]).is_err());
    }

    #[test]
    fn values_are_walked_with_the_types_the_packet_binds() {
        let p = params(true);
        let x = ExecuteParams::parse(&p, 3, None).unwrap();
        assert!(x.newly_bound && x.is_null(1) && !x.is_null(0));
        let mut seen = Vec::new();
        x.walk(
            |_| false,
            |i, v, raw| {
                seen.push((i, v, raw.len()));
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(
            seen,
            vec![
                (0, ParamValue::Int(42), 8),
                (1, ParamValue::Null, 0),
                (2, ParamValue::Bytes(b"abc"), 4)
            ]
        );
    }

    #[test]
    fn a_reexecute_with_flag_zero_reads_its_values_with_the_remembered_types() {
        let first = params(true);
        let types = ExecuteParams::parse(&first, 3, None)
            .unwrap()
            .types
            .to_vec();
        let again = params(false);
        let x = ExecuteParams::parse(&again, 3, Some(&types)).unwrap();
        assert!(!x.newly_bound);
        // Bound again, it is the first execute's packet with new values.
        let mut head = vec![0x17, 1, 0, 0, 0, 0, 1, 0, 0, 0];
        let rebound = x.with_types_bound(&head);
        head.extend_from_slice(&first);
        assert_eq!(rebound, head);
        assert_eq!(x.value(2, |_| false), Some(ParamValue::Bytes(b"abc")));
        assert_eq!(x.value(0, |_| false), Some(ParamValue::Int(42)));
        // Without remembered types there is nothing to read them with.
        assert!(ExecuteParams::parse(&again, 3, None).is_err());
    }

    #[test]
    fn a_parameter_sent_as_long_data_takes_no_bytes_in_the_packet() {
        // (long data, 7): the second value comes first in the packet.
        let mut p = vec![0, 1, TYPE_VAR_STRING, 0, TYPE_LONGLONG, 0x80];
        p.extend_from_slice(&7u64.to_le_bytes());
        let x = ExecuteParams::parse(&p, 2, None).unwrap();
        assert_eq!(x.value(1, |i| i == 0), Some(ParamValue::Int(7)));
        assert_eq!(x.value(0, |i| i == 0), Some(ParamValue::LongData));
    }

    #[test]
    fn unsigned_and_floating_values_keep_their_meaning() {
        let mut p = vec![0, 1, TYPE_TINY, 0x80, TYPE_DOUBLE, 0];
        p.push(0xFF);
        p.extend_from_slice(&1.5f64.to_le_bytes());
        let x = ExecuteParams::parse(&p, 2, None).unwrap();
        assert_eq!(x.value(0, |_| false), Some(ParamValue::Int(255)));
        assert!(matches!(x.value(1, |_| false), Some(ParamValue::Other(b)) if b.len() == 8));
    }

    #[test]
    fn truncated_or_overlong_parameters_are_errors_never_panics() {
        let full = params(true);
        for cut in 0..full.len() {
            let r = ExecuteParams::parse(&full[..cut], 3, None)
                .and_then(|x| x.walk(|_| false, |_, _, _| Ok(())));
            assert!(r.is_err(), "cut at {cut}");
        }
        let mut long = full.clone();
        long.push(0);
        let x = ExecuteParams::parse(&long, 3, None).unwrap();
        assert!(x.walk(|_| false, |_, _, _| Ok(())).is_err());
        assert!(ExecuteParams::parse(&[], 0, None).unwrap().count() == 0);
    }
}
