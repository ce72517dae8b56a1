//! Prepared statements: compress the parameters bound to compressed
//! columns in COM_STMT_EXECUTE, and collect COM_STMT_SEND_LONG_DATA chunks
//! for them so the whole value can be compressed at execute time.

use std::collections::HashMap;
use std::sync::Arc;

use super::write::{compress_value, WriteError};
use super::ColumnRule;
use crate::protocol::coldef::TYPE_BLOB;
use crate::protocol::command::ClientCommand;
use crate::protocol::execute::{ExecuteParams, ParamValue};
use crate::protocol::lenenc::put_lenenc_bytes;
use crate::protocol::ProtocolError;

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

/// Whether any parameter is bound to a compressed column.
pub fn has_compressed_params(rules: &[Option<Arc<ColumnRule>>]) -> bool {
    rules.iter().any(Option::is_some)
}

/// Where a parameter of the statement squeeze prepared on the server comes
/// from: the client's parameter, or a path of the client's document
/// parameter (the write path put one more `?` per declared path right
/// after the document's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ServerParam {
    Client(usize),
    /// The client's document parameter and the index of its extract.
    Path(usize, usize),
}

/// The server's parameters for a statement whose client parameters are
/// bound to `rules`; `None` when they are the client's own (no document
/// with declared paths).
pub fn server_layout(rules: &[Option<Arc<ColumnRule>>]) -> Option<Vec<ServerParam>> {
    if !rules.iter().flatten().any(|r| !r.extracts.is_empty()) {
        return None;
    }
    let mut out = Vec::with_capacity(rules.len() + 2);
    for (i, r) in rules.iter().enumerate() {
        out.push(ServerParam::Client(i));
        for e in 0..r.as_ref().map_or(0, |r| r.extracts.len()) {
            out.push(ServerParam::Path(i, e));
        }
    }
    Some(out)
}

/// The server's index of the client's parameter `i`.
pub fn server_index(layout: Option<&[ServerParam]>, i: usize) -> usize {
    layout
        .and_then(|l| l.iter().position(|p| *p == ServerParam::Client(i)))
        .unwrap_or(i)
}

/// The refusal of an execute whose document's paths squeeze cannot
/// compute exactly: the statement is not run (no stale column).
fn path_refusal(
    rule: &ColumnRule,
    e: &crate::transform::extract::Extract,
    why: &str,
) -> WriteError {
    WriteError::Refused(crate::sql::Refusal {
        column: crate::sql::ColumnRef {
            db: rule.schema.to_string(),
            table: rule.table.clone(),
            column: rule.column.clone(),
        },
        reason: crate::sql::RefuseReason::Extracted,
        what: format!(
            "squeeze keeps `{}` ({}) derived from `{}` on every write and cannot compute it for this parameter: {why}",
            e.column, e.path_text, rule.label
        ),
    })
}

/// The derived values of `rule`'s paths for document `doc` (`None`: NULL).
fn derive_paths(rule: &ColumnRule, doc: Option<&[u8]>) -> Result<Vec<Option<Vec<u8>>>, WriteError> {
    use crate::transform::extract::{derive, DeriveError};
    rule.extracts
        .iter()
        .map(|e| {
            derive(e, doc).map_err(|err| match err {
                DeriveError::NotExact(w) => path_refusal(rule, e, &w),
                DeriveError::TooLong { chars } => path_refusal(
                    rule,
                    e,
                    &format!(
                        "the value is {chars} characters, longer than the declared {} (widen the column and the declaration)",
                        e.type_text()
                    ),
                ),
            })
        })
        .collect()
}

/// Rewrite an execute whose parameters `rules` bind to compressed columns.
/// `head` is the command up to its iteration count (10 bytes), `params`
/// its decoded parameters; `long_data` holds the chunks collected for
/// compressed parameters (taken here), and `sent_as_long_data(i)` says
/// which parameters travelled as long data (absent from the packet).
///
/// `layout`: the server's parameters, when squeeze prepared the statement
/// with one more per declared path of a document parameter; each is filled
/// with the value derived from the document, and the execute is written
/// in the server's order.
pub fn rewrite_execute(
    head: &[u8],
    params: &ExecuteParams<'_>,
    rules: &[Option<Arc<ColumnRule>>],
    long_data: &mut HashMap<u16, Vec<u8>>,
    sent_as_long_data: impl Fn(usize) -> bool,
    layout: Option<&[ServerParam]>,
) -> Result<ExecuteRewrite, ParamError> {
    if params.count() == 0 || !has_compressed_params(rules) {
        return Ok(ExecuteRewrite::default());
    }
    let stmt_id = match head {
        [_, a, b, c, d, ..] => u32::from_le_bytes([*a, *b, *c, *d]),
        _ => return Err(ProtocolError::Truncated.into()),
    };
    let mut types = params.types.to_vec();
    let mut values = Vec::with_capacity(params.values.len());
    // Each client parameter's bytes in `values`, and the paths derived
    // from each document parameter with declared paths.
    let mut spans = Vec::with_capacity(params.count());
    let mut derived: Vec<Option<Vec<Option<Vec<u8>>>>> = vec![None; params.count()];
    let mut sent_first = Vec::new();
    let mut scratch = Vec::new();
    let mut failed = None;
    // Collected long data is absent from the packet too.
    let collected: Vec<u16> = long_data.keys().copied().collect();
    params
        .walk(
            |i| sent_as_long_data(i) || collected.contains(&(i as u16)),
            |i, value, raw| {
                let rule = rules.get(i).and_then(Option::as_deref);
                let start = values.len();
                if let (Some(rule), Some(_)) = (rule.filter(|r| !r.extracts.is_empty()), layout) {
                    let doc = match value {
                        ParamValue::Null => Ok(None),
                        ParamValue::Bytes(v) => Ok(Some(v)),
                        ParamValue::LongData => Ok(long_data.get(&(i as u16)).map(Vec::as_slice)),
                        ParamValue::Int(_) | ParamValue::Other(_) => Err(path_refusal(
                            rule,
                            &rule.extracts[0],
                            "the document is bound as a number or date, not a string",
                        )),
                    };
                    match doc.and_then(|d| derive_paths(rule, d)) {
                        Ok(v) => derived[i] = Some(v),
                        Err(e) => {
                            failed = Some(e);
                            return Err(ProtocolError::Malformed("refused"));
                        }
                    }
                }
                match (value, rule) {
                    (ParamValue::LongData, Some(rule)) => {
                        // Collected here: compressed whole, then sent ahead.
                        let Some(chunks) = long_data.remove(&(i as u16)) else {
                            // Its chunks outgrew the packet limit and were dropped.
                            return Err(ProtocolError::Malformed(
                                "long data for a compressed parameter exceeded the packet limit",
                            ));
                        };
                        scratch.clear();
                        let data = match compress_value(rule, &chunks, &mut scratch) {
                            Ok(true) => &scratch,
                            Ok(false) => &chunks,
                            Err(e) => {
                                failed = Some(e);
                                return Err(ProtocolError::Malformed("refused"));
                            }
                        };
                        sent_first.push(
                            ClientCommand::SendLongData {
                                stmt: stmt_id,
                                param: server_index(layout, i) as u16,
                                data,
                            }
                            .encode(),
                        );
                        bind_as_blob(&mut types, i);
                    }
                    (ParamValue::Bytes(v), Some(rule)) => {
                        scratch.clear();
                        let data = match compress_value(rule, v, &mut scratch) {
                            Ok(true) => &scratch[..],
                            Ok(false) => v,
                            Err(e) => {
                                failed = Some(e);
                                return Err(ProtocolError::Malformed("refused"));
                            }
                        };
                        put_lenenc_bytes(&mut values, data);
                        bind_as_blob(&mut types, i);
                    }
                    _ => values.extend_from_slice(raw),
                };
                spans.push(start..values.len());
                Ok(())
            },
        )
        .map_err(|e| match failed.take() {
            Some(w) => ParamError::Write(w),
            None => ParamError::Malformed(e),
        })?;
    if let Some(layout) = layout {
        return Ok(ExecuteRewrite {
            payload: Some(server_execute(
                head, params, layout, &types, &values, &spans, &derived,
            )),
            long_data: sent_first,
        });
    }
    let bitmap = params.null_bitmap();
    let mut out = Vec::with_capacity(head.len() + bitmap.len() + 1 + types.len() + values.len());
    out.extend_from_slice(head);
    out.extend_from_slice(bitmap);
    out.push(1);
    out.extend_from_slice(&types);
    out.extend_from_slice(&values);
    Ok(ExecuteRewrite {
        payload: Some(out),
        long_data: sent_first,
    })
}

/// The execute in the server's parameter order: each client parameter as
/// rewritten (`types`, its bytes at `spans[i]` of `values`), each path its
/// derived value as a string (NULL when the path is missing or the
/// document NULL). Types are always bound: the server statement has
/// parameters the client never bound.
fn server_execute(
    head: &[u8],
    params: &ExecuteParams<'_>,
    layout: &[ServerParam],
    types: &[u8],
    values: &[u8],
    spans: &[std::ops::Range<usize>],
    derived: &[Option<Vec<Option<Vec<u8>>>>],
) -> Vec<u8> {
    use crate::protocol::coldef::TYPE_VAR_STRING;
    let mut bitmap = vec![0u8; layout.len().div_ceil(8)];
    let mut out_types = Vec::with_capacity(2 * layout.len());
    let mut out_values = Vec::with_capacity(values.len());
    for (k, p) in layout.iter().enumerate() {
        let null = match *p {
            ServerParam::Client(i) => {
                out_types.extend_from_slice(&types[2 * i..2 * i + 2]);
                if let Some(span) = spans.get(i) {
                    out_values.extend_from_slice(&values[span.clone()]);
                }
                params.is_null(i)
            }
            ServerParam::Path(i, e) => {
                out_types.extend_from_slice(&[TYPE_VAR_STRING, 0]);
                match derived
                    .get(i)
                    .and_then(Option::as_ref)
                    .and_then(|d| d.get(e))
                {
                    Some(Some(v)) => {
                        put_lenenc_bytes(&mut out_values, v);
                        false
                    }
                    _ => true,
                }
            }
        };
        if null {
            bitmap[k / 8] |= 1 << (k % 8);
        }
    }
    let mut out =
        Vec::with_capacity(head.len() + bitmap.len() + 1 + out_types.len() + out_values.len());
    out.extend_from_slice(head);
    out.extend_from_slice(&bitmap);
    out.push(1);
    out.extend_from_slice(&out_types);
    out.extend_from_slice(&out_values);
    out
}

/// Bind parameter `i` as BLOB, so the server never treats the compressed
/// bytes as text in the client charset.
fn bind_as_blob(types: &mut [u8], i: usize) {
    types[2 * i] = TYPE_BLOB;
    types[2 * i + 1] = 0;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{CodecKind, ValueEncoder};
    use crate::config::{InvalidJson, PresentAs};
    use crate::protocol::coldef::{TYPE_LONGLONG, TYPE_VAR_STRING};
    use crate::protocol::lenenc::Reader;
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
                extracts: r.extracts.clone(),
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
            extracts: Vec::new(),
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

    /// A statement's compression state as the session keeps it.
    #[derive(Default)]
    struct Stmt {
        rules: Vec<Option<Arc<ColumnRule>>>,
        types: Option<Vec<u8>>,
        long_data: HashMap<u16, Vec<u8>>,
    }

    fn rewrite(payload: &[u8], stmt: &mut Stmt) -> Result<ExecuteRewrite, ParamError> {
        let head = payload.get(..10).ok_or(ProtocolError::Truncated)?;
        let remembered = stmt.types.take();
        let x = ExecuteParams::parse(&payload[10..], stmt.rules.len(), remembered.as_deref());
        let x = match x {
            Ok(x) => x,
            Err(e) => {
                stmt.types = remembered;
                return Err(e.into());
            }
        };
        let newly_bound = x.newly_bound.then(|| x.types.to_vec());
        let r = rewrite_execute(head, &x, &stmt.rules, &mut stmt.long_data, |_| false, None);
        stmt.types = newly_bound.or(remembered);
        r
    }

    #[test]
    fn compresses_bound_parameter_and_rebinds_as_blob() {
        let doc: Vec<u8> =
            br#"{"kind":"t1","data":{"body":"hello hello hello hello hello"}}"#.repeat(4);
        let mut stmt = Stmt {
            rules: vec![None, Some(rule())],
            ..Default::default()
        };
        let out = rewrite(&execute(true, 42, &doc), &mut stmt).unwrap();
        let p = out.payload.unwrap();
        assert_eq!(&p[..10], &execute(true, 42, &doc)[..10]);
        assert_eq!(&p[12..16], &[TYPE_LONGLONG, 0, TYPE_BLOB, 0]);
        assert_eq!(&p[16..24], &42i64.to_le_bytes());
        let mut r = Reader::new(&p[24..]);
        let stored = r.lenenc_bytes().unwrap();
        assert!(crate::codec::is_compressed_value(stored));
        assert!(stored.len() < doc.len());

        // A later execute without types reuses the remembered ones.
        let out2 = rewrite(&execute(false, 43, &doc), &mut stmt).unwrap();
        assert_eq!(
            out2.payload.unwrap()[12..16],
            [TYPE_LONGLONG, 0, TYPE_BLOB, 0]
        );
    }

    #[test]
    fn parameter_above_max_value_size_is_refused_with_error_1406() {
        let mut small = ColumnRule::clone_for_test(&rule());
        small.max_value_size = 100;
        let mut stmt = Stmt {
            rules: vec![None, Some(Arc::new(small))],
            ..Default::default()
        };
        let doc = vec![b'{'; 101];
        match rewrite(&execute(true, 1, &doc), &mut stmt) {
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
        assert!(rewrite(&execute(true, 1, &doc), &mut stmt).is_ok());
        // The same for a value sent as long data (absent from the packet).
        stmt.long_data.insert(1, vec![b'{'; 101]);
        let mut p = execute(true, 1, b"");
        p.pop();
        match rewrite(&p, &mut stmt) {
            Err(ParamError::Write(e)) => assert_eq!(e.to_sql_error().code, 1406),
            r => panic!("{r:?}"),
        }
    }

    #[test]
    fn compressed_long_data_is_sent_ahead_and_the_other_values_keep_their_place() {
        let doc: Vec<u8> = br#"{"a":"hello hello hello hello hello hello"}"#.repeat(4);
        let mut stmt = Stmt {
            rules: vec![None, Some(rule())],
            ..Default::default()
        };
        stmt.long_data.insert(1, doc.clone());
        let mut p = execute(true, 5, b"");
        p.pop(); // the long-data value is not in the packet
        let out = rewrite(&p, &mut stmt).unwrap();
        assert_eq!(out.long_data.len(), 1);
        let sent = &out.long_data[0];
        assert_eq!(&sent[..7], &[0x18, 7, 0, 0, 0, 1, 0]);
        assert!(crate::codec::is_compressed_value(&sent[7..]));
        let q = out.payload.unwrap();
        assert_eq!(&q[12..16], &[TYPE_LONGLONG, 0, TYPE_BLOB, 0]);
        assert_eq!(&q[16..], &5i64.to_le_bytes());
        assert!(stmt.long_data.is_empty());
    }

    fn doc_with_path() -> Arc<ColumnRule> {
        let mut r = ColumnRule::clone_for_test(&rule());
        let spec = crate::config::ExtractConfig {
            path: "$.a".into(),
            column: "doc_a".into(),
            data_type: "VARCHAR(8)".into(),
            value: None,
        };
        r.extracts = vec![crate::transform::extract::parse(&spec, "doc").unwrap()];
        Arc::new(r)
    }

    #[test]
    fn a_document_with_a_path_gets_its_derived_parameter_right_after_it_in_the_servers_order() {
        // Client (doc, id); server (doc, doc_a, id).
        let rules = vec![Some(doc_with_path()), None];
        let layout = server_layout(&rules).unwrap();
        assert_eq!(
            layout,
            vec![
                ServerParam::Client(0),
                ServerParam::Path(0, 0),
                ServerParam::Client(1)
            ]
        );
        assert_eq!(server_index(Some(&layout), 1), 2);
        let doc = br#"{"a": "x\u00e9"}"#;
        let mut p = vec![0x17, 7, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
        p.extend_from_slice(&[TYPE_VAR_STRING, 0, TYPE_LONGLONG, 0]);
        put_lenenc_bytes(&mut p, doc);
        p.extend_from_slice(&42i64.to_le_bytes());
        let x = ExecuteParams::parse(&p[10..], 2, None).unwrap();
        let out = rewrite_execute(
            &p[..10],
            &x,
            &rules,
            &mut HashMap::new(),
            |_| false,
            Some(&layout),
        )
        .unwrap();
        let q = out.payload.unwrap();
        // Three parameters, none NULL, types bound.
        assert_eq!(&q[10..12], &[0, 1]);
        assert_eq!(
            &q[12..18],
            &[TYPE_BLOB, 0, TYPE_VAR_STRING, 0, TYPE_LONGLONG, 0]
        );
        let mut r = Reader::new(&q[18..]);
        assert_eq!(r.lenenc_bytes().unwrap(), doc);
        assert_eq!(r.lenenc_bytes().unwrap(), "xé".as_bytes());
        assert_eq!(r.rest(), &42i64.to_le_bytes());

        // The document as long data: sent ahead under its server index,
        // its path derived from the chunks; a NULL id stays NULL.
        let mut long = HashMap::new();
        long.insert(0u16, br#"{"b": 1}"#.to_vec());
        let p = vec![
            0x17,
            7,
            0,
            0,
            0,
            0,
            1,
            0,
            0,
            0,
            0b10,
            1,
            TYPE_VAR_STRING,
            0,
            TYPE_LONGLONG,
            0,
        ];
        let x = ExecuteParams::parse(&p[10..], 2, None).unwrap();
        let out =
            rewrite_execute(&p[..10], &x, &rules, &mut long, |i| i == 0, Some(&layout)).unwrap();
        assert_eq!(&out.long_data[0][..7], &[0x18, 7, 0, 0, 0, 0, 0]);
        let q = out.payload.unwrap();
        // The missing path and the NULL id are NULL in the server's bitmap.
        assert_eq!(&q[10..12], &[0b110, 1]);
        assert_eq!(q.len(), 18);

        // A document the path cannot be computed from exactly: refused.
        let mut p = vec![0x17, 7, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
        p.extend_from_slice(&[TYPE_VAR_STRING, 0, TYPE_LONGLONG, 0]);
        put_lenenc_bytes(&mut p, br#"{"a": "#);
        p.extend_from_slice(&1i64.to_le_bytes());
        let x = ExecuteParams::parse(&p[10..], 2, None).unwrap();
        match rewrite_execute(
            &p[..10],
            &x,
            &rules,
            &mut HashMap::new(),
            |_| false,
            Some(&layout),
        ) {
            Err(ParamError::Write(e)) => {
                let m = e.to_sql_error().message;
                assert!(m.contains("`doc_a` ($.a)") && m.contains("db.t.doc"), "{m}");
            }
            r => panic!("{r:?}"),
        }
    }

    #[test]
    fn truncated_execute_is_an_error() {
        let doc = vec![b'x'; 100];
        let full = execute(true, 1, &doc);
        for cut in 0..full.len() - 1 {
            let mut stmt = Stmt {
                rules: vec![None, Some(rule())],
                ..Default::default()
            };
            assert!(rewrite(&full[..cut], &mut stmt).is_err(), "cut at {cut}");
        }
    }
}
