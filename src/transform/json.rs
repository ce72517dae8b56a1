//! Select-list JSON functions over compressed columns: the statement is
//! sent with the column itself in the item's place, the server is asked
//! for the column definition the item has on an uncompressed copy, and
//! each row's document is inflated and the function evaluated
//! (`sql::json`).

use std::sync::{Arc, OnceLock};

use super::schema::SchemaCache;
use super::write::WriteError;
use super::ColumnRule;
use crate::sql::json::JsonCall;
use crate::sql::query::JsonItem;
use crate::sql::{ColumnRef, Refusal, RefuseReason};

/// One evaluated result column.
#[derive(Debug)]
pub struct JsonEval {
    pub call: JsonCall,
    /// The call as written (for errors).
    pub text: String,
    /// A statement whose (empty) result has the column definition MariaDB
    /// gives the item on the uncompressed copy: the item over the column
    /// converted to the text it presents as.
    pub probe: String,
    /// That definition, asked for before the statement is relayed.
    pub coldef: OnceLock<Vec<u8>>,
    pub rule: Arc<ColumnRule>,
}

/// Plan an item found by the analyzer: the backend must be a version whose
/// JSON output squeeze reproduces, and the column a LONGBLOB (whose
/// uncompressed twin is a LONGTEXT, the definition the probe reproduces).
pub fn plan(
    schema: &SchemaCache,
    rule: &Arc<ColumnRule>,
    c: &ColumnRef,
    item: &JsonItem,
    sql: &[u8],
) -> Result<JsonEval, WriteError> {
    let refuse = |why: String| {
        WriteError::Refused(Refusal {
            column: c.clone(),
            reason: RefuseReason::JsonFunction,
            what: format!("`{}` ({why})", item.text),
        })
    };
    if !schema.json_evaluation_verified() {
        return Err(refuse(
            "squeeze evaluates JSON functions as MariaDB 10.11 does, and a backend of another version is connected".into(),
        ));
    }
    let Some(info) = schema.get(&c.db, &c.table) else {
        return Err(WriteError::NeedTables(vec![(
            c.db.clone(),
            c.table.clone(),
        )]));
    };
    match info.data_type(&c.column) {
        Some("longblob") => {}
        other => {
            return Err(refuse(format!(
                "squeeze evaluates JSON functions over LONGBLOB columns, and this one is {}",
                other.unwrap_or("unknown").to_uppercase()
            )))
        }
    }
    if item.name.len() > 250 || item.name.contains('\0') {
        return Err(refuse(
            "its column name is longer than squeeze reproduces; give it a short alias".into(),
        ));
    }
    let text = &sql[item.item.clone()];
    // The logical column is a utf8mb4_bin LONGTEXT in both presentations
    // (docs/catalog.md). The item's definition follows its argument's
    // collation and length: a CAST to that many characters (a LONGTEXT's
    // 4 GiB / 4) has both, where CONVERT(.. USING) would report 64 MiB.
    let converted = format!(
        "CAST({}.{}.{} AS CHAR(1073741823) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)",
        ident(&c.db),
        ident(&c.table),
        ident(&c.column),
    );
    // Every reference to the column in the item (a CASE names it twice).
    let mut args: Vec<std::ops::Range<usize>> = item
        .args
        .iter()
        .filter(|a| a.start >= item.item.start && a.end <= item.item.end)
        .map(|a| a.start - item.item.start..a.end - item.item.start)
        .collect();
    args.sort_by_key(|a| a.start);
    args.dedup();
    let edits: Vec<(std::ops::Range<usize>, Vec<u8>)> = args
        .into_iter()
        .map(|a| (a, converted.as_bytes().to_vec()))
        .collect();
    let mut probe = b"SELECT ".to_vec();
    probe.extend_from_slice(&crate::sql::splice::splice(text, &edits));
    probe.extend_from_slice(
        format!(
            " AS {} FROM {}.{} LIMIT 0",
            ident(&item.name),
            ident(&c.db),
            ident(&c.table)
        )
        .as_bytes(),
    );
    Ok(JsonEval {
        call: item.call.clone(),
        text: item.text.clone(),
        probe: String::from_utf8_lossy(&probe).into_owned(),
        coldef: OnceLock::new(),
        rule: Arc::clone(rule),
    })
}

fn ident(s: &str) -> String {
    format!("`{}`", s.replace('`', "``"))
}

/// The probe's CAST to CHAR(1073741823) is 4,294,967,292 bytes long where
/// the LONGTEXT copy is 4,294,967,295: MariaDB describes an item whose
/// length follows its argument's by that length, capped at 4 GiB - 1 only
/// under a multi-byte `character_set_results` (measured on 10.11: under
/// latin1, ascii and binary `JSON_VALUE`, `JSON_KEYS` and `JSON_QUERY` of
/// the probe are 4294967292 long, of the LONGTEXT 4294967295). The
/// definition `def` (the probe's) with the copy's length.
pub fn as_longtext_item(def: Vec<u8>, extended_metadata: bool) -> Vec<u8> {
    const PROBE_LENGTH: u32 = 1_073_741_823 * 4;
    match crate::protocol::coldef::ColumnDefView::parse(&def, extended_metadata) {
        Ok(v) if v.column_length == PROBE_LENGTH => {
            v.retyped(&def, v.charset, u32::MAX, v.column_type, v.flags, None)
        }
        _ => def,
    }
}
