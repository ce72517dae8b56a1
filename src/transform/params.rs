//! Prepared statements: compress the parameters bound to compressed
//! columns in COM_STMT_EXECUTE, and collect COM_STMT_SEND_LONG_DATA chunks
//! for them so the whole value can be compressed at execute time.

use std::collections::HashMap;
use std::sync::Arc;

use super::result::ResultColumns;
use super::write::{compress_value, WriteError};
use super::ColumnRule;
use crate::protocol::coldef::{binary_layout, BinaryLayout, TYPE_BLOB};
use crate::protocol::command::ClientCommand;
use crate::protocol::lenenc::{put_lenenc_bytes, Reader};
use crate::protocol::ProtocolError;

/// What squeeze remembers of one prepared statement.
#[derive(Debug, Default)]
pub struct PreparedStatement {
    pub num_params: u16,
    /// The compressed column each parameter is bound to, if any.
    pub param_rules: Vec<Option<Arc<ColumnRule>>>,
    /// Parameter types from the last execute that sent them (2 bytes each).
    pub types: Option<Vec<u8>>,
    /// Long data collected for compressed parameters.
    pub long_data: HashMap<u16, Vec<u8>>,
    /// The transformer of the cursor this statement opened, for FETCH.
    pub cursor: Option<ResultColumns>,
    /// How its result columns carry compressed values (the analyzer's
    /// conclusion at prepare time).
    pub result_hints: super::write::ColumnHints,
}

impl PreparedStatement {
    pub fn has_compressed_params(&self) -> bool {
        self.param_rules.iter().any(Option::is_some)
    }

    pub fn is_compressed_param(&self, index: u16) -> bool {
        self.param_rules
            .get(index as usize)
            .is_some_and(Option::is_some)
    }
}

/// Errors of the execute rewrite.
#[derive(Debug)]
pub enum ParamError {
    Malformed(ProtocolError),
    Write(WriteError),
}

impl From<ProtocolError> for ParamError {
    fn from(e: ProtocolError) -> Self {
        ParamError::Malformed(e)
    }
}

/// The outcome of rewriting one COM_STMT_EXECUTE.
#[derive(Debug, Default)]
pub struct ExecuteRewrite {
    /// The new execute payload (None: send the original).
    pub payload: Option<Vec<u8>>,
    /// COM_STMT_SEND_LONG_DATA payloads to send first (compressed long data).
    pub long_data: Vec<Vec<u8>>,
}

/// Rewrite an execute for `stmt`. `payload` is the whole command
/// (`17 stmt_id flags iterations [bitmap bound [types] values]`).
pub fn rewrite_execute(
    payload: &[u8],
    stmt: &mut PreparedStatement,
) -> Result<ExecuteRewrite, ParamError> {
    let n = stmt.num_params as usize;
    if n == 0 || !stmt.has_compressed_params() {
        // Still remember the types for later executes.
        remember_types(payload, stmt)?;
        return Ok(ExecuteRewrite::default());
    }
    let mut r = Reader::new(payload);
    let head = r.take(10)?;
    let stmt_id = u32::from_le_bytes([head[1], head[2], head[3], head[4]]);
    let bitmap = r.take(n.div_ceil(8))?.to_vec();
    let bound = r.u8()?;
    let mut types = if bound == 1 {
        let t = r.take(2 * n)?.to_vec();
        stmt.types = Some(t.clone());
        t
    } else {
        stmt.types.clone().ok_or(ProtocolError::Malformed(
            "execute without parameter types, and none were bound before",
        ))?
    };
    let mut values = Vec::with_capacity(payload.len());
    let mut long_data = Vec::new();
    let mut scratch = Vec::new();
    for i in 0..n {
        let is_null = bitmap[i / 8] & (1 << (i % 8)) != 0;
        let rule = stmt.param_rules.get(i).cloned().flatten();
        if let Some(chunks) = stmt.long_data.remove(&(i as u16)) {
            // The value travelled as long data and is absent here.
            let rule = rule.expect("long data is only kept for compressed parameters");
            scratch.clear();
            let data = if compress_value(&rule, &chunks, &mut scratch).map_err(ParamError::Write)? {
                &scratch
            } else {
                &chunks
            };
            long_data.push(
                ClientCommand::SendLongData {
                    stmt: stmt_id,
                    param: i as u16,
                    data,
                }
                .encode(),
            );
            bind_as_blob(&mut types, i);
            continue;
        }
        if is_null {
            continue;
        }
        let through_codec = copy_value(
            &mut r,
            payload,
            types[2 * i],
            rule.as_deref(),
            &mut values,
            &mut scratch,
        )?;
        if through_codec {
            bind_as_blob(&mut types, i);
        }
    }
    if !r.is_empty() {
        return Err(ProtocolError::Malformed("execute packet longer than its parameters").into());
    }
    let mut out = Vec::with_capacity(11 + bitmap.len() + types.len() + values.len());
    out.extend_from_slice(head);
    out.extend_from_slice(&bitmap);
    out.push(1);
    out.extend_from_slice(&types);
    out.extend_from_slice(&values);
    Ok(ExecuteRewrite {
        payload: Some(out),
        long_data,
    })
}

/// Bind parameter `i` as BLOB, so the server never treats the compressed
/// bytes as text in the client charset.
fn bind_as_blob(types: &mut [u8], i: usize) {
    types[2 * i] = TYPE_BLOB;
    types[2 * i + 1] = 0;
}

/// Copy the next bound value (of type `ty`) from `r` to `values`,
/// through `rule`'s codec when there is one; true when it went through
/// the codec (and must then be bound as BLOB).
fn copy_value(
    r: &mut Reader,
    payload: &[u8],
    ty: u8,
    rule: Option<&ColumnRule>,
    values: &mut Vec<u8>,
    scratch: &mut Vec<u8>,
) -> Result<bool, ParamError> {
    let start = r.position();
    match binary_layout(ty) {
        BinaryLayout::Fixed(k) => r.skip(k)?,
        BinaryLayout::LengthByte => {
            let k = r.u8()? as usize;
            r.skip(k)?;
        }
        BinaryLayout::Nothing => return Ok(false),
        BinaryLayout::LenencString => {
            let v = r.lenenc_bytes()?;
            if let Some(rule) = rule {
                scratch.clear();
                let data = if compress_value(rule, v, scratch).map_err(ParamError::Write)? {
                    &scratch[..]
                } else {
                    v
                };
                put_lenenc_bytes(values, data);
                return Ok(true);
            }
        }
    }
    values.extend_from_slice(&payload[start..r.position()]);
    Ok(false)
}

fn remember_types(payload: &[u8], stmt: &mut PreparedStatement) -> Result<(), ProtocolError> {
    let n = stmt.num_params as usize;
    if n == 0 {
        return Ok(());
    }
    let mut r = Reader::new(payload);
    r.skip(10)?;
    r.skip(n.div_ceil(8))?;
    if r.u8()? == 1 {
        stmt.types = Some(r.take(2 * n)?.to_vec());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{CodecKind, ValueEncoder};
    use crate::config::{InvalidJson, PresentAs};
    use crate::protocol::coldef::{TYPE_LONGLONG, TYPE_VAR_STRING};
    use crate::router::NamePattern;

    impl ColumnRule {
        fn clone_for_test(r: &ColumnRule) -> ColumnRule {
            ColumnRule {
                schema: r.schema.clone(),
                table: r.table.clone(),
                column: r.column.clone(),
                encoder: ValueEncoder::new(CodecKind::Zstd, 3, None, 16).unwrap(),
                present_as: r.present_as,
                on_invalid_json: r.on_invalid_json,
                label: r.label.clone(),
                metrics: crate::metrics::ColumnMetrics::for_column(&r.label),
                max_value_size: r.max_value_size,
            }
        }
    }

    fn rule() -> Arc<ColumnRule> {
        Arc::new(ColumnRule {
            schema: NamePattern::parse("db").unwrap(),
            table: "t".into(),
            column: "doc".into(),
            encoder: ValueEncoder::new(CodecKind::Zstd, 3, None, 16).unwrap(),
            present_as: PresentAs::Text,
            on_invalid_json: InvalidJson::Compress,
            label: "db.t.doc".into(),
            metrics: crate::metrics::ColumnMetrics::for_column("db.t.doc"),
            max_value_size: 64 << 20,
        })
    }

    fn execute(bound: bool, id: i64, doc: &[u8]) -> Vec<u8> {
        let mut p = vec![0x17, 7, 0, 0, 0, 0, 1, 0, 0, 0];
        p.push(0); // null bitmap for 2 params
        p.push(bound as u8);
        if bound {
            p.extend_from_slice(&[TYPE_LONGLONG, 0, TYPE_VAR_STRING, 0]);
        }
        p.extend_from_slice(&id.to_le_bytes());
        put_lenenc_bytes(&mut p, doc);
        p
    }

    #[test]
    fn compresses_bound_parameter_and_rebinds_as_blob() {
        let doc: Vec<u8> =
            br#"{"kind":"t1","data":{"body":"hello hello hello hello hello"}}"#.repeat(4);
        let mut stmt = PreparedStatement {
            num_params: 2,
            param_rules: vec![None, Some(rule())],
            ..Default::default()
        };
        let out = rewrite_execute(&execute(true, 42, &doc), &mut stmt).unwrap();
        let p = out.payload.unwrap();
        assert_eq!(&p[..10], &execute(true, 42, &doc)[..10]);
        assert_eq!(&p[12..16], &[TYPE_LONGLONG, 0, TYPE_BLOB, 0]);
        assert_eq!(&p[16..24], &42i64.to_le_bytes());
        let mut r = Reader::new(&p[24..]);
        let stored = r.lenenc_bytes().unwrap();
        assert!(crate::codec::is_compressed_value(stored));
        assert!(stored.len() < doc.len());

        // A later execute without types reuses the remembered ones.
        let out2 = rewrite_execute(&execute(false, 43, &doc), &mut stmt).unwrap();
        assert_eq!(
            out2.payload.unwrap()[12..16],
            [TYPE_LONGLONG, 0, TYPE_BLOB, 0]
        );
    }

    #[test]
    fn parameter_above_max_value_size_is_refused_with_error_1406() {
        let mut small = ColumnRule::clone_for_test(&rule());
        small.max_value_size = 100;
        let mut stmt = PreparedStatement {
            num_params: 2,
            param_rules: vec![None, Some(Arc::new(small))],
            ..Default::default()
        };
        let doc = vec![b'{'; 101];
        match rewrite_execute(&execute(true, 1, &doc), &mut stmt) {
            Err(ParamError::Write(e)) => {
                let err = e.to_sql_error();
                assert_eq!((err.code, err.sqlstate()), (1406, "22001"));
                assert!(
                    err.message.contains("db.t.doc")
                        && err.message.contains("101 bytes")
                        && err.message.contains("max_value_size of 100"),
                    "{}",
                    err.message
                );
            }
            r => panic!("{r:?}"),
        }
        // At the limit it is fine.
        let doc = vec![b'{'; 100];
        assert!(rewrite_execute(&execute(true, 1, &doc), &mut stmt).is_ok());
        // The same for a value sent as long data.
        stmt.long_data.insert(1, vec![b'{'; 101]);
        match rewrite_execute(&execute(true, 1, b""), &mut stmt) {
            Err(ParamError::Write(e)) => assert_eq!(e.to_sql_error().code, 1406),
            r => panic!("{r:?}"),
        }
    }

    #[test]
    fn truncated_execute_is_an_error() {
        let doc = vec![b'x'; 100];
        let full = execute(true, 1, &doc);
        for cut in 10..full.len() - 1 {
            let mut stmt = PreparedStatement {
                num_params: 2,
                param_rules: vec![None, Some(rule())],
                ..Default::default()
            };
            assert!(
                rewrite_execute(&full[..cut], &mut stmt).is_err(),
                "cut at {cut}"
            );
        }
    }
}
