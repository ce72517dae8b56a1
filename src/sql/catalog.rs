//! What the planners need to know about the schema: which columns are
//! compressed, table column orders, views and routines that read compressed
//! columns, and a cheap prefilter over raw query bytes.

use super::lexer::is_ident_byte;
use super::refusal::ColumnRef;

/// The schema knowledge the planner needs; implemented by the caller over
/// its column cache.
pub trait ColumnCatalog {
    /// Is (db, table, column) compressed? `db` is already resolved (explicit
    /// or current database). Compare `column` case-insensitively.
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool;
    /// Does the table have any compressed column? (fast path)
    fn table_has_compressed(&self, db: &str, table: &str) -> bool;
    /// The table's column names in ordinal order (for INSERT without a
    /// column list); `None` if unknown.
    fn table_columns(&self, db: &str, table: &str) -> Option<Vec<String>>;
    /// Cheap prefilter over the raw query bytes: may it name a table with a
    /// compressed column? Returning `false` skips all analysis (the query is
    /// still split and classified). Default: always analyse. Implement with a
    /// [`TableNameFilter`].
    fn may_mention_compressed(&self, sql: &[u8]) -> bool {
        let _ = sql;
        true
    }
    /// Do the backend's JSON functions take a binary string? MariaDB's do
    /// (`JSON_UNQUOTE(blob)` is NULL exactly when the blob is, so
    /// `JSON_UNQUOTE(doc) IS NULL` may pass); MySQL 8's and TiDB's raise
    /// ERR 3144, so there it is refused. Default: MariaDB.
    fn json_functions_accept_binary(&self) -> bool {
        true
    }
    /// Whether `->` and `->>` are syntax errors on every backend (MariaDB,
    /// whose 10.11 lacks them, checked): such a statement is relayed as
    /// written so the client gets the server's own error. Default: not
    /// known (refused where it touches a compressed value).
    fn json_arrow_is_syntax_error(&self) -> bool {
        false
    }
    /// Whether every shard the statement reaches has squeeze's in-server
    /// function, so the server evaluates compressed values itself
    /// (`sql::query::server_eval`). Default: no.
    fn server_inflates(&self) -> bool {
        false
    }
    /// The SQL around a value the server computes for compressed column
    /// `col` so that it is stored as squeeze stores it (the in-server
    /// `squeeze_deflate`, `sql::plan::computed`): the text before the value
    /// and the text after it. `Err(why)` where it cannot (`why` completes
    /// "squeeze cannot let the server store ..."). Asked only where
    /// [`ColumnCatalog::server_inflates`]. Default: it cannot.
    fn server_deflate(&self, col: &ColumnRef) -> Result<(String, String), String> {
        let _ = col;
        Err("the in-server functions are not known to be installed".into())
    }
    /// Whether the statement's own WHERE may hold JSON conditions squeeze
    /// evaluates on each row (a COM_QUERY whose result squeeze relays, on
    /// a backend whose JSON functions squeeze reproduces). Default: no.
    fn evaluates_row_filters(&self) -> bool {
        false
    }
    /// Whether the session's `character_set_connection` is utf8mb4 or
    /// binary (the server reports it): only there does MariaDB 10.11
    /// compare a JSON function's string with a JSON string constant
    /// (`= JSON_EXTRACT('"x"', '$')`) unquoted; on another connection
    /// character set the constant is converted and compared with its
    /// quotes. Default: not known.
    fn connection_unquotes_json_constants(&self) -> bool {
        false
    }
    /// The definition (a query text, names qualified as MariaDB stores
    /// them in information_schema.VIEWS) of a view that reads compressed
    /// columns, directly or through other views; `None` for a base table
    /// or a view that does not.
    fn view_definition(&self, db: &str, name: &str) -> Option<std::sync::Arc<str>> {
        let _ = (db, name);
        None
    }
    /// The columns of the table's primary key (empty: it has none);
    /// `None` when not known yet (the caller reads the table and plans
    /// again). Default: not known.
    fn primary_key(&self, db: &str, table: &str) -> Option<Vec<String>> {
        let _ = (db, table);
        None
    }
    /// Does the stored function or procedure read compressed columns
    /// (directly or through views and other routines)?
    fn routine_reads_compressed(&self, db: &str, name: &str) -> bool {
        let _ = (db, name);
        false
    }
    /// The compressed columns of a table (to name one in a refusal).
    fn compressed_columns(&self, db: &str, table: &str) -> Vec<String> {
        let _ = (db, table);
        Vec::new()
    }
    /// May `source`'s stored values be copied as they are into `target`
    /// (`UPDATE ... SET target = source`)? Both are compressed columns.
    /// Default: only a column into itself.
    fn same_rule(&self, target: &ColumnRef, source: &ColumnRef) -> bool {
        target.db == source.db
            && target.table == source.table
            && target.column.eq_ignore_ascii_case(&source.column)
    }
    /// The compressed column bound to each `?` of the SQL-level prepared
    /// statement `name` (`PREPARE name FROM '...'` this session ran through
    /// squeeze); `None` when squeeze did not see it prepared. Default: none
    /// seen.
    fn sql_prepared(&self, name: &str) -> Option<Vec<Option<ColumnRef>>> {
        let _ = name;
        None
    }
    /// The compressed column each result column of the SQL-level prepared
    /// statement `name` passes through; `None` when squeeze did not see it
    /// prepared.
    fn sql_prepared_outputs(&self, name: &str) -> Option<Vec<Option<ColumnRef>>> {
        let _ = name;
        None
    }
    /// One configured compressed column, for refusing statements whose text
    /// squeeze cannot see (`PREPARE s FROM @v`, `EXECUTE IMMEDIATE @v`);
    /// `None` when no column is configured. Default: assume there is one.
    /// A statement earlier in the query being planned creates, drops or
    /// renames a temporary table: plan the statements after it as the
    /// server will run them (they run only if it succeeded). Default:
    /// temporary tables are not followed.
    fn note_temporary(&self, change: &super::temporary::TempChange) {
        let _ = change;
    }
    /// What `EXECUTE name` of a statement this session prepared through
    /// squeeze does to temporary tables; `None` when squeeze did not see
    /// it prepared.
    fn sql_prepared_temporary(&self, name: &str) -> Option<Vec<super::temporary::TempChange>> {
        let _ = name;
        None
    }
    /// The real column declared for `path` of compressed column
    /// `db.table.column` (an extracted column) and its type: with `want`
    /// `JsonText` the one holding `JSON_EXTRACT(column, path)` (`value =
    /// "json"`); otherwise one holding `JSON_UNQUOTE(JSON_EXTRACT(..))`
    /// as text or a number, of type `want` where the path is declared
    /// more than once. Default: none.
    fn extracted_column(
        &self,
        db: &str,
        table: &str,
        column: &str,
        path: &super::json::Path,
        want: ExtractedType,
    ) -> Option<(String, ExtractedType)> {
        let _ = (db, table, column, path, want);
        None
    }
    fn any_compressed(&self) -> Option<ColumnRef> {
        Some(ColumnRef {
            db: "*".into(),
            table: "*".into(),
            column: "*".into(),
        })
    }
}

/// One-pass prefilter: does a query contain any of a set of table names as
/// an identifier-like run of bytes (ASCII case-insensitive, so it is safe
/// under any `lower_case_table_names`)? False positives (a name inside a
/// string or comment) only cost a full analysis.
#[derive(Debug, Clone, Default)]
pub struct TableNameFilter {
    /// Names made only of identifier bytes, matched against whole runs.
    words: Vec<Vec<u8>>,
    /// Names with other bytes (spaces, dashes), matched as substrings.
    odd: Vec<Vec<u8>>,
}

impl TableNameFilter {
    /// Build from the unqualified names of every table with a compressed
    /// column.
    pub fn new<I, S>(names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut f = TableNameFilter::default();
        for n in names {
            let n = n.as_ref().as_bytes().to_ascii_lowercase();
            if n.is_empty() {
                continue;
            }
            if n.iter().all(|&b| is_ident_byte(b)) {
                f.words.push(n);
            } else {
                f.odd.push(n);
            }
        }
        f
    }

    /// May `sql` mention one of the names?
    pub fn may_mention(&self, sql: &[u8]) -> bool {
        if !self.words.is_empty() {
            let mut i = 0;
            while i < sql.len() {
                if !is_ident_byte(sql[i]) {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < sql.len() && is_ident_byte(sql[i]) {
                    i += 1;
                }
                let run = &sql[start..i];
                if self.words.iter().any(|w| w.eq_ignore_ascii_case(run)) {
                    return true;
                }
            }
        }
        self.odd
            .iter()
            .any(|n| sql.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n)))
    }
}

/// The declared type of an extracted column, which decides the predicates
/// on its path it answers exactly (docs/json.md, "Extracted columns").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtractedType {
    /// `VARCHAR(n)` utf8mb4_bin: the path's text.
    Text,
    /// `BIGINT`: a path holding an integer JSON number.
    Bigint,
    /// `DOUBLE`: a path holding a JSON number.
    Double,
    /// `VARCHAR(n)` utf8mb4_bin declared with `value = "json"`: the path's
    /// JSON text, `JSON_EXTRACT(doc, path)` (the sort key of Django's
    /// `order_by("doc__key")`).
    JsonText,
}
