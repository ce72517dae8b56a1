//! SQL-level prepared statements of the query being planned: `PREPARE s
//! FROM '...'; EXECUTE s USING ...` in one multi-statement query. The
//! session learns what `s` binds only after the query ran; within the query
//! the planner already knows it from the `PREPARE` before the `EXECUTE`.

use std::sync::Arc;

use super::{prepared_outputs, prepared_placeholders, Plan};
use crate::sql::catalog::ColumnCatalog;
use crate::sql::classify::StatementKind;
use crate::sql::lexer::ident_name;
use crate::sql::refusal::ColumnRef;
use crate::sql::statement::Statement;

/// What a `PREPARE` earlier in the query bound: its `?`s and result columns.
#[derive(Debug, Clone, Default)]
pub struct Prepared {
    pub placeholders: Vec<Option<ColumnRef>>,
    pub outputs: Option<Vec<Option<ColumnRef>>>,
}

/// The session's catalog, with the statements prepared earlier in this
/// query in front of the ones the session remembers.
pub struct SameQuery<'c> {
    pub inner: &'c dyn ColumnCatalog,
    /// (lower-case name, what it binds; `None` once deallocated or
    /// re-prepared from a text squeeze refused).
    pub prepared: Vec<(String, Option<Prepared>)>,
    /// Whether the server may evaluate compressed values (the inner
    /// catalog's say), or not: a statement text inside a string literal
    /// (`PREPARE s FROM '...'`, `EXECUTE IMMEDIATE '...'`) is sent as
    /// written, so the edits that would wrap its references never reach
    /// the server.
    pub server: bool,
}

impl<'c> SameQuery<'c> {
    /// `inner` for a statement text inside a string literal.
    pub fn literal(inner: &'c dyn ColumnCatalog) -> SameQuery<'c> {
        SameQuery {
            inner,
            prepared: Vec::new(),
            server: false,
        }
    }
}

impl SameQuery<'_> {
    /// Remember what statement `st` (planned as `plan`) prepared or
    /// deallocated.
    pub fn note(&mut self, sql: &[u8], st: &Statement<'_>, plan: &Plan<'_>, db: Option<&str>) {
        let kw = |i: usize, w: &str| st.tokens.get(i).is_some_and(|t| t.is_keyword(sql, w));
        match &st.kind {
            StatementKind::Prepare { name, .. } => {
                let name = name.to_ascii_lowercase();
                let cat: &dyn ColumnCatalog = &*self;
                let bound = if matches!(plan, Plan::Refuse(_)) {
                    None
                } else {
                    prepared_placeholders(sql, &st.kind, st.opts, db, cat).map(
                        |(_, placeholders)| Prepared {
                            placeholders,
                            outputs: prepared_outputs(sql, &st.kind, st.opts, db, cat),
                        },
                    )
                };
                self.prepared.push((name, bound));
            }
            _ if (kw(0, "DEALLOCATE") || kw(0, "DROP")) && kw(1, "PREPARE") => {
                if let Some(t) = st.tokens.get(2) {
                    let name = ident_name(sql, t).to_ascii_lowercase();
                    self.prepared.push((name, None));
                }
            }
            _ => {}
        }
    }

    fn find(&self, name: &str) -> Option<&Option<Prepared>> {
        self.prepared
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, p)| p)
    }
}

impl ColumnCatalog for SameQuery<'_> {
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        self.inner.is_compressed(db, table, column)
    }
    fn table_has_compressed(&self, db: &str, table: &str) -> bool {
        self.inner.table_has_compressed(db, table)
    }
    fn table_columns(&self, db: &str, table: &str) -> Option<Vec<String>> {
        self.inner.table_columns(db, table)
    }
    fn may_mention_compressed(&self, sql: &[u8]) -> bool {
        self.inner.may_mention_compressed(sql)
    }
    fn json_functions_accept_binary(&self) -> bool {
        self.inner.json_functions_accept_binary()
    }
    fn json_arrow_is_syntax_error(&self) -> bool {
        self.inner.json_arrow_is_syntax_error()
    }
    fn evaluates_row_filters(&self) -> bool {
        self.inner.evaluates_row_filters()
    }
    fn server_inflates(&self) -> bool {
        self.server && self.inner.server_inflates()
    }
    fn server_deflate(&self, col: &ColumnRef) -> Result<(String, String), String> {
        self.inner.server_deflate(col)
    }
    fn connection_unquotes_json_constants(&self) -> bool {
        self.inner.connection_unquotes_json_constants()
    }
    fn primary_key(&self, db: &str, table: &str) -> Option<Vec<String>> {
        self.inner.primary_key(db, table)
    }
    fn view_definition(&self, db: &str, name: &str) -> Option<Arc<str>> {
        self.inner.view_definition(db, name)
    }
    fn routine_reads_compressed(&self, db: &str, name: &str) -> bool {
        self.inner.routine_reads_compressed(db, name)
    }
    fn compressed_columns(&self, db: &str, table: &str) -> Vec<String> {
        self.inner.compressed_columns(db, table)
    }
    fn same_rule(&self, target: &ColumnRef, source: &ColumnRef) -> bool {
        self.inner.same_rule(target, source)
    }
    fn sql_prepared(&self, name: &str) -> Option<Vec<Option<ColumnRef>>> {
        match self.find(name) {
            Some(p) => p.as_ref().map(|p| p.placeholders.clone()),
            None => self.inner.sql_prepared(name),
        }
    }
    fn sql_prepared_outputs(&self, name: &str) -> Option<Vec<Option<ColumnRef>>> {
        match self.find(name) {
            Some(p) => p.as_ref().and_then(|p| p.outputs.clone()),
            None => self.inner.sql_prepared_outputs(name),
        }
    }
    fn any_compressed(&self) -> Option<ColumnRef> {
        self.inner.any_compressed()
    }
    fn extracted_column(
        &self,
        db: &str,
        table: &str,
        column: &str,
        path: &crate::sql::json::Path,
        want: crate::sql::catalog::ExtractedType,
    ) -> Option<(String, crate::sql::catalog::ExtractedType)> {
        self.inner.extracted_column(db, table, column, path, want)
    }
    fn note_temporary(&self, change: &crate::sql::temporary::TempChange) {
        self.inner.note_temporary(change)
    }
    fn sql_prepared_temporary(&self, name: &str) -> Option<Vec<crate::sql::temporary::TempChange>> {
        match self.find(name) {
            // Prepared earlier in this query: not followed (unseen).
            Some(_) => None,
            None => self.inner.sql_prepared_temporary(name),
        }
    }
}
