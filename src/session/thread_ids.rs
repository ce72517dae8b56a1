//! The server's thread ids in results, in the client's numbering.
//!
//! A client knows its session by the id squeeze handed it in the handshake
//! (sent before any backend connection exists, and the same whichever
//! shards the session later holds connections to). The server numbers the
//! same session by its backend thread. Where a result carries a thread id,
//! the server's column definition says so (`information_schema.PROCESSLIST.ID`,
//! `performance_schema.threads.PROCESSLIST_ID`, ...; `SHOW PROCESSLIST`'s
//! first column), and a thread that belongs to a squeeze session is shown
//! by that session's id. Threads squeeze does not own (direct clients,
//! system threads) keep the server's number. Pure: which columns, and one
//! row at a time.

use std::collections::HashMap;

use crate::protocol::coldef::{ColumnDefView, TYPE_INT24, TYPE_LONG, TYPE_LONGLONG};
use crate::protocol::rows::{binary_row_spans, text_row_spans, RowSplice};
use crate::sql::lexer::Token;
use crate::sql::statement::Query;

/// Columns that hold a processlist thread id, as (schema, table, column)
/// of the server's column definition (`org_table`, `org_name`).
const THREAD_ID_COLUMNS: [(&str, &str, &str); 6] = [
    ("information_schema", "PROCESSLIST", "ID"),
    ("information_schema", "METADATA_LOCK_INFO", "THREAD_ID"),
    ("information_schema", "INNODB_TRX", "trx_mysql_thread_id"),
    ("performance_schema", "threads", "PROCESSLIST_ID"),
    (
        "performance_schema",
        "session_connect_attrs",
        "PROCESSLIST_ID",
    ),
    (
        "performance_schema",
        "session_account_connect_attrs",
        "PROCESSLIST_ID",
    ),
];

/// Words one of which a query naming a thread-id column must contain: a
/// query without any is relayed without reading its column definitions.
const MARKERS: [&[u8]; 5] = [
    b"processlist",
    b"threads",
    b"connect_attrs",
    b"metadata_lock_info",
    b"innodb_trx",
];

/// Longest query text looked at.
const MAX_TEXT: usize = 64 * 1024;

/// Which results of a query may carry thread ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdResults {
    /// Columns whose definition names a thread-id column.
    Columns,
    /// A `SHOW [FULL] PROCESSLIST`: its first column too (the server
    /// gives it no table).
    ShowProcesslist,
}

/// Whether the results of `query` may carry thread ids.
pub fn id_results(query: &Query<'_>) -> Option<IdResults> {
    let text = query.text;
    // Bulk statements (megabytes) name no system table worth a copy.
    if text.len() > MAX_TEXT {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    if !MARKERS
        .iter()
        .any(|m| memchr::memmem::find(&lower, m).is_some())
    {
        return None;
    }
    let mut stmts = query.non_empty();
    match (stmts.next(), stmts.next()) {
        (Some(s), None) if is_show_processlist(text, &s.tokens) => Some(IdResults::ShowProcesslist),
        _ => Some(IdResults::Columns),
    }
}

fn is_show_processlist(src: &[u8], tokens: &[Token]) -> bool {
    let mut t = tokens.iter().peekable();
    if !t.next().is_some_and(|k| k.is_keyword(src, "SHOW")) {
        return false;
    }
    if t.peek().is_some_and(|k| k.is_keyword(src, "FULL")) {
        t.next();
    }
    t.next().is_some_and(|k| k.is_keyword(src, "PROCESSLIST")) && t.next().is_none()
}

/// Whether the column at `index` of a result holds a thread id.
pub fn is_thread_id_column(def: &ColumnDefView<'_>, index: usize, kind: IdResults) -> bool {
    if !matches!(def.column_type, TYPE_LONG | TYPE_LONGLONG | TYPE_INT24) {
        return false;
    }
    if kind == IdResults::ShowProcesslist
        && index == 0
        && def.org_table.is_empty()
        && def.name.eq_ignore_ascii_case(b"Id")
    {
        return true;
    }
    THREAD_ID_COLUMNS.iter().any(|(schema, table, column)| {
        def.schema.eq_ignore_ascii_case(schema.as_bytes())
            && def.org_table.eq_ignore_ascii_case(table.as_bytes())
            && def.org_name.eq_ignore_ascii_case(column.as_bytes())
    })
}

/// The thread-id columns of one result: their indexes and types, and how
/// many columns the result has.
#[derive(Debug, Clone, Default)]
pub struct IdColumns {
    pub columns: usize,
    pub ids: Vec<usize>,
    /// Every column's type (binary rows need them to be walked).
    pub types: Vec<u8>,
}

impl IdColumns {
    pub fn note(&mut self, def: &ColumnDefView<'_>, kind: IdResults) {
        if is_thread_id_column(def, self.columns, kind) {
            self.ids.push(self.columns);
        }
        self.types.push(def.column_type);
        self.columns += 1;
    }

    pub fn any(&self) -> bool {
        !self.ids.is_empty()
    }
}

/// The row with each thread id that belongs to a squeeze session replaced
/// by that session's id (`sessions`: backend thread -> squeeze id, for the
/// shard the result came from); `None` when nothing changes or the row is
/// not one squeeze can walk (then it goes out as it came).
pub fn rewrite_row(
    row: &[u8],
    cols: &IdColumns,
    binary: bool,
    sessions: &HashMap<u64, u32>,
) -> Option<Vec<u8>> {
    let mut spans = Vec::with_capacity(cols.columns);
    if binary {
        binary_row_spans(row, &cols.types, &mut spans).ok()?;
    } else {
        text_row_spans(row, cols.columns, &mut spans).ok()?;
    }
    let mut changed = false;
    let mut out = Vec::with_capacity(row.len() + 4);
    if binary {
        // Fixed-width integers: overwritten in place.
        out.extend_from_slice(row);
        for &i in &cols.ids {
            let Some(span) = spans[i].clone() else {
                continue;
            };
            let old = match span.len() {
                4 => u64::from(u32::from_le_bytes(row[span.clone()].try_into().ok()?)),
                8 => u64::from_le_bytes(row[span.clone()].try_into().ok()?),
                _ => continue,
            };
            if let Some(&new) = sessions.get(&old) {
                let bytes = u64::from(new).to_le_bytes();
                out[span.clone()].copy_from_slice(&bytes[..span.len()]);
                changed = true;
            }
        }
        return changed.then_some(out);
    }
    let mut splice = RowSplice::new(row);
    for &i in &cols.ids {
        let Some(span) = spans[i].clone() else {
            continue;
        };
        let old = std::str::from_utf8(&row[span.clone()])
            .ok()
            .and_then(|s| s.parse::<u64>().ok());
        if let Some(&new) = old.and_then(|o| sessions.get(&o)) {
            let text = new.to_string();
            splice.replace_value(&mut out, &span, text.len() as u64);
            out.extend_from_slice(text.as_bytes());
            changed = true;
        }
    }
    splice.finish(&mut out);
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::coldef::ColumnDef;
    use crate::protocol::lenenc::put_lenenc_bytes;
    use crate::sql::lexer::LexOptions;

    fn kind(sql: &str) -> Option<IdResults> {
        id_results(&Query::new(sql.as_bytes(), LexOptions::default()))
    }

    fn def(schema: &str, table: &str, name: &str, ty: u8) -> Vec<u8> {
        ColumnDef {
            catalog: b"def".to_vec(),
            schema: schema.into(),
            table: table.into(),
            org_table: table.into(),
            name: name.into(),
            org_name: if table.is_empty() {
                vec![]
            } else {
                name.into()
            },
            extended: None,
            charset: 63,
            column_length: 21,
            column_type: ty,
            flags: 0,
            decimals: 0,
            trailer: vec![],
        }
        .encode()
    }

    fn columns(defs: &[Vec<u8>], k: IdResults) -> IdColumns {
        let mut c = IdColumns::default();
        for d in defs {
            c.note(&ColumnDefView::parse(d, false).unwrap(), k);
        }
        c
    }

    fn text_row(fields: &[Option<&str>]) -> Vec<u8> {
        let mut out = Vec::new();
        for f in fields {
            match f {
                Some(f) => put_lenenc_bytes(&mut out, f.as_bytes()),
                None => out.push(0xfb),
            }
        }
        out
    }

    #[test]
    fn only_queries_naming_a_thread_id_source_read_their_column_definitions() {
        assert_eq!(kind("SHOW PROCESSLIST"), Some(IdResults::ShowProcesslist));
        assert_eq!(
            kind("show full processlist"),
            Some(IdResults::ShowProcesslist)
        );
        assert_eq!(
            kind("SELECT ID FROM information_schema.PROCESSLIST"),
            Some(IdResults::Columns)
        );
        assert_eq!(
            kind("SELECT * FROM performance_schema.session_connect_attrs"),
            Some(IdResults::Columns)
        );
        assert_eq!(kind("SHOW PROCESSLIST; SELECT 1"), Some(IdResults::Columns));
        assert_eq!(kind("SELECT 1"), None);
    }

    #[test]
    fn thread_id_columns_are_known_by_the_servers_column_definition() {
        let k = IdResults::Columns;
        let c = columns(
            &[
                def("information_schema", "PROCESSLIST", "ID", TYPE_LONGLONG),
                def("information_schema", "PROCESSLIST", "USER", 253),
                def(
                    "performance_schema",
                    "threads",
                    "PROCESSLIST_ID",
                    TYPE_LONGLONG,
                ),
                def(
                    "performance_schema",
                    "session_connect_attrs",
                    "PROCESSLIST_ID",
                    TYPE_LONG,
                ),
                def("app", "t", "ID", TYPE_LONGLONG),
                def("", "", "Id", TYPE_LONGLONG),
            ],
            k,
        );
        assert_eq!(c.ids, vec![0, 2, 3]);
        // SHOW PROCESSLIST's first column has no table.
        let show = columns(
            &[def("", "", "Id", TYPE_LONGLONG), def("", "", "User", 253)],
            IdResults::ShowProcesslist,
        );
        assert_eq!(show.ids, vec![0]);
    }

    #[test]
    fn a_squeeze_sessions_thread_shows_the_sessions_id_and_others_keep_the_servers() {
        let c = columns(
            &[def("", "", "Id", TYPE_LONGLONG), def("", "", "User", 253)],
            IdResults::ShowProcesslist,
        );
        let sessions = HashMap::from([(812u64, 5u32)]);
        let ours = text_row(&[Some("812"), Some("app")]);
        assert_eq!(
            rewrite_row(&ours, &c, false, &sessions),
            Some(text_row(&[Some("5"), Some("app")]))
        );
        let direct = text_row(&[Some("9"), Some("root")]);
        assert_eq!(rewrite_row(&direct, &c, false, &sessions), None);
        let null = text_row(&[None, Some("x")]);
        assert_eq!(rewrite_row(&null, &c, false, &sessions), None);
        assert_eq!(rewrite_row(b"\x05garbage", &c, false, &sessions), None);
    }

    #[test]
    fn binary_rows_get_the_sessions_id_in_the_same_width() {
        let c = columns(
            &[
                def(
                    "performance_schema",
                    "threads",
                    "PROCESSLIST_ID",
                    TYPE_LONGLONG,
                ),
                def(
                    "performance_schema",
                    "session_connect_attrs",
                    "PROCESSLIST_ID",
                    TYPE_LONG,
                ),
            ],
            IdResults::Columns,
        );
        let sessions = HashMap::from([(812u64, 5u32)]);
        let mut row = vec![0u8, 0];
        row.extend_from_slice(&812u64.to_le_bytes());
        row.extend_from_slice(&812u32.to_le_bytes());
        let mut want = vec![0u8, 0];
        want.extend_from_slice(&5u64.to_le_bytes());
        want.extend_from_slice(&5u32.to_le_bytes());
        assert_eq!(rewrite_row(&row, &c, true, &sessions), Some(want));
    }
}
