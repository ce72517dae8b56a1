//! What squeeze knows of the backend's schema, shared by all sessions: each
//! table's column order (for INSERT without a column list) and types (a
//! compressed column must be binary), filled from information_schema on
//! demand; the snapshot of views and routines that read compressed columns
//! (`dependents`); and a generation the read-plan caches key on. DDL
//! through squeeze drops exactly the tables and databases it names
//! (`invalidate_targets`). Also the analyzer's `Catalog` over it, and what
//! a session learnt from `PREPARE name FROM '...'` (`SqlPrepared`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use parking_lot::RwLock;

use super::ColumnRules;
use crate::config::InvalidJson;
use crate::sql::temporary::{TempChange, TempTables};
use crate::sql::{ColumnCatalog, ColumnRef, SchemaTarget};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableInfo {
    /// Column names in ordinal order.
    pub columns: Vec<String>,
    /// information_schema DATA_TYPE of each column (lower case).
    pub data_types: Vec<String>,
    /// The primary key's columns (COLUMN_KEY = 'PRI'); empty: none.
    pub primary_key: Vec<String>,
    /// Each column's type, collation and default as the server described
    /// them (`None`: not read, as in tests that build a table by hand).
    pub definitions: Option<Vec<crate::config::extract::FoundColumn>>,
}

impl TableInfo {
    pub fn data_type(&self, column: &str) -> Option<&str> {
        self.columns
            .iter()
            .position(|c| c.eq_ignore_ascii_case(column))
            .map(|i| self.data_types[i].as_str())
    }

    /// Whether the server's column for extract `e` is the declared one
    /// (a definition changed by DDL squeeze did not see, or a column
    /// dropped, is not). Definitions not read count as agreeing.
    pub fn extract_agrees(&self, e: &super::extract::Extract) -> bool {
        let Some(defs) = &self.definitions else {
            return true;
        };
        self.columns
            .iter()
            .position(|c| c.eq_ignore_ascii_case(&e.column))
            .and_then(|i| defs.get(i))
            .is_some_and(|found| e.agrees_with(found))
    }
}

/// Binary types that can hold a compressed value.
pub fn is_binary_type(data_type: &str) -> bool {
    matches!(
        data_type,
        "varbinary" | "binary" | "tinyblob" | "blob" | "mediumblob" | "longblob"
    )
}

/// How long a cached table definition is trusted: the bound on how long DDL
/// that this instance did not see (run directly on MariaDB or through
/// another squeeze) can go unnoticed. Within it, an INSERT without a column
/// list is sent with the column list squeeze assumed, so MariaDB maps its
/// values by name (a compressed value still only reaches the compressed
/// column) and rejects a column count that no longer fits.
pub const TABLE_MAX_AGE: std::time::Duration = std::time::Duration::from_secs(5);

/// A table definition and when it was read.
type CachedTable = (Arc<TableInfo>, std::time::Instant);

#[derive(Debug, Default)]
pub struct SchemaCache {
    tables: RwLock<HashMap<(String, String), CachedTable>>,
    /// Views and routines that read compressed columns.
    dependents: super::dependents::DependentsCache,
    /// Bumped on every change, so plans made from the cache can be dropped.
    generation: AtomicU64,
    /// Set once any backend is not MariaDB (MySQL 8, TiDB): their JSON
    /// functions refuse binary strings (ERR 3144) where MariaDB's take any
    /// bytes. Sticky, so a fleet mixing both plans for the stricter one.
    strict_json: std::sync::atomic::AtomicBool,
    /// Backends seen, and whether one was not MariaDB 10.11 (the version
    /// whose JSON output squeeze reproduces). Sticky.
    json_versions_seen: std::sync::atomic::AtomicBool,
    json_unverified: std::sync::atomic::AtomicBool,
}

impl SchemaCache {
    /// Record the version string of a backend squeeze logged into.
    pub fn note_server_version(&self, version: &[u8]) {
        if !version.windows(7).any(|w| w == b"MariaDB") {
            self.strict_json.store(true, Ordering::Release);
        }
        // "10.11.19-MariaDB-...", or with the "5.5.5-" replication prefix.
        let v = version.strip_prefix(b"5.5.5-").unwrap_or(version);
        if !(v.starts_with(b"10.11.") && v.windows(7).any(|w| w == b"MariaDB")) {
            self.json_unverified.store(true, Ordering::Release);
        }
        self.json_versions_seen.store(true, Ordering::Release);
    }

    /// Whether every backend seen is a MariaDB version whose JSON function
    /// results squeeze reproduces (10.11), and one was seen.
    pub fn json_evaluation_verified(&self) -> bool {
        self.json_versions_seen.load(Ordering::Acquire)
            && !self.json_unverified.load(Ordering::Acquire)
    }

    /// Whether every backend seen so far is MariaDB.
    pub fn json_functions_accept_binary(&self) -> bool {
        !self.strict_json.load(Ordering::Acquire)
    }

    /// Changes whenever a table is added or dropped from the cache.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    fn changed(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// The table's definition, if cached less than [`TABLE_MAX_AGE`] ago.
    pub fn get(&self, db: &str, table: &str) -> Option<Arc<TableInfo>> {
        let tables = self.tables.read();
        let (info, at) = tables.get(&(db.to_string(), table.to_string()))?;
        (at.elapsed() < TABLE_MAX_AGE).then(|| info.clone())
    }

    /// The table's definition however old (for a statement before which
    /// squeeze must not read the catalog).
    pub fn get_any_age(&self, db: &str, table: &str) -> Option<Arc<TableInfo>> {
        let tables = self.tables.read();
        tables
            .get(&(db.to_string(), table.to_string()))
            .map(|(info, _)| info.clone())
    }

    pub fn insert(&self, db: &str, table: &str, info: TableInfo) {
        self.tables.write().insert(
            (db.to_string(), table.to_string()),
            (Arc::new(info), std::time::Instant::now()),
        );
        self.changed();
    }

    pub fn dependents(&self) -> Arc<super::dependents::Dependents> {
        self.dependents.get()
    }

    pub fn dependents_stale(&self, now: std::time::Instant) -> bool {
        self.dependents.stale(now)
    }

    pub fn set_dependents(&self, d: super::dependents::Dependents) {
        self.dependents.set(d);
        self.changed();
    }

    /// Forget views and routines (after DDL through squeeze).
    pub fn invalidate_dependents(&self) {
        self.dependents.invalidate();
        self.changed();
    }

    pub fn invalidate_db(&self, db: &str) {
        self.tables.write().retain(|(d, _), _| d != db);
        self.changed();
    }

    /// Drop what a DDL statement may have changed (one generation bump).
    pub fn invalidate_targets(&self, targets: &[SchemaTarget]) {
        if targets.is_empty() {
            return;
        }
        {
            let mut tables = self.tables.write();
            for t in targets {
                match t {
                    SchemaTarget::Table(d, n) => {
                        tables.remove(&(d.clone(), n.clone()));
                    }
                    SchemaTarget::Database(d) => tables.retain(|(td, _), _| td != d),
                }
            }
        }
        self.changed();
    }
}

/// The planner's view of compressed columns for one statement. Tables
/// whose column order was needed but unknown are recorded, so the session
/// can fetch them and plan again.
pub struct Catalog<'a> {
    pub rules: &'a ColumnRules,
    pub schema: &'a SchemaCache,
    pub missing: RefCell<Vec<(String, String)>>,
    dependents: Arc<super::dependents::Dependents>,
    /// The session's SQL-level prepared statements (lower-case name → the
    /// compressed column of each `?`).
    pub sql_prepared: Option<&'a SqlPrepared>,
    /// The session's temporary tables on this backend (plus those the
    /// statements planned so far create): each shadows the table of its
    /// name, so it is a plain table whatever the configuration says.
    temporary: RefCell<TempTables>,
    /// Whether the statement is a COM_QUERY whose WHERE may hold JSON
    /// conditions squeeze evaluates (`sql::query::filter`).
    pub row_filters: bool,
    /// Every shard the statement reaches has squeeze's in-server function
    /// (`in_server`): the server evaluates compressed values.
    pub server_inflates: bool,
    /// The session's `character_set_connection` is utf8mb4 or binary.
    pub connection_utf8mb4: bool,
    /// Tables with declared paths the statement would answer from their
    /// extracted columns, whose definitions are not cached: the session
    /// reads them and plans again, so DDL squeeze did not see (a column
    /// changed or dropped on the server) is noticed within TABLE_MAX_AGE.
    pub unverified: RefCell<Vec<(String, String)>>,
    /// The statement reads the previous one's counts or warnings: squeeze
    /// must not run a catalog query before it (cached definitions of any
    /// age are used; none cached: the column is not used).
    pub reads_diagnostics: bool,
}

/// SQL-level prepared statements a session ran through squeeze, by
/// lower-case name.
pub type SqlPrepared = HashMap<String, SqlPreparedStatement>;

/// What squeeze learnt from `PREPARE name FROM '...'`.
#[derive(Debug, Clone, Default)]
pub struct SqlPreparedStatement {
    /// The compressed column each `?` is bound to.
    pub placeholders: Vec<Option<ColumnRef>>,
    /// The compressed column each result column passes through (for the
    /// result of `EXECUTE name`).
    pub outputs: Vec<Option<ColumnRef>>,
    /// What `EXECUTE name` does to the session's temporary tables.
    pub temporary: Vec<TempChange>,
    /// How the results of `EXECUTE name` end (one, or several then an OK).
    pub ends: crate::sql::results::Ends,
    /// The text is a plain statement that cannot change sql_mode or the
    /// character set (`sql::state::text_keeps_reading`).
    pub keeps_reading: bool,
}

impl<'a> Catalog<'a> {
    pub fn new(rules: &'a ColumnRules, schema: &'a SchemaCache) -> Self {
        Catalog {
            rules,
            schema,
            missing: RefCell::new(Vec::new()),
            dependents: schema.dependents(),
            sql_prepared: None,
            temporary: RefCell::new(TempTables::default()),
            row_filters: false,
            server_inflates: false,
            connection_utf8mb4: false,
            unverified: RefCell::new(Vec::new()),
            reads_diagnostics: false,
        }
    }

    /// Plan for a session with these temporary tables.
    pub fn with_temporary(mut self, temporary: Option<&TempTables>) -> Self {
        if let Some(t) = temporary {
            self.temporary = RefCell::new(t.clone());
        }
        self
    }

    /// Does a temporary table of the session shadow a configured table?
    pub fn shadows_configured(&self) -> bool {
        let t = self.temporary.borrow();
        !t.is_empty()
            && !t
                .names_where(|n| self.rules.table_has(&n.0, &n.1))
                .is_empty()
    }

    /// Is `db.table` a temporary table of the session (a plain table)?
    pub fn shadowed(&self, db: &str, table: &str) -> bool {
        self.temporary.borrow().contains(db, table)
    }
}

impl ColumnCatalog for Catalog<'_> {
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        self.rules.lookup(db, table, column).is_some() && !self.shadowed(db, table)
    }

    fn table_has_compressed(&self, db: &str, table: &str) -> bool {
        self.rules.table_has(db, table) && !self.shadowed(db, table)
    }

    fn extracted_column(
        &self,
        db: &str,
        table: &str,
        column: &str,
        path: &crate::sql::json::Path,
        want: crate::sql::catalog::ExtractedType,
    ) -> Option<(String, crate::sql::catalog::ExtractedType)> {
        use crate::sql::catalog::ExtractedType;
        if self.shadowed(db, table) {
            return None;
        }
        let rule = self.rules.lookup(db, table, column)?;
        let json = want == ExtractedType::JsonText;
        let mut declared = rule
            .extracts
            .iter()
            .filter(|e| e.path == *path && (e.kind == ExtractedType::JsonText) == json);
        let first = declared.next()?;
        let e = std::iter::once(first)
            .chain(declared)
            .find(|e| e.kind == want)
            .unwrap_or(first);
        let cached = if self.reads_diagnostics {
            self.schema.get_any_age(db, table)
        } else {
            self.schema.get(db, table)
        };
        match cached {
            Some(info) if info.extract_agrees(e) => Some((e.column.clone(), e.kind)),
            // Changed behind squeeze's back: the path is not answered from
            // the column until `check-config --connect` agrees again.
            Some(_) => None,
            None => {
                if !self.reads_diagnostics {
                    let key = (db.to_string(), table.to_string());
                    let mut u = self.unverified.borrow_mut();
                    if !u.contains(&key) {
                        u.push(key);
                    }
                }
                None
            }
        }
    }

    fn sql_prepared_temporary(&self, name: &str) -> Option<Vec<TempChange>> {
        Some(self.sql_prepared?.get(name)?.temporary.clone())
    }

    fn note_temporary(&self, change: &TempChange) {
        self.temporary.borrow_mut().apply(change, |_| true);
    }

    fn table_columns(&self, db: &str, table: &str) -> Option<Vec<String>> {
        match self.schema.get(db, table) {
            Some(t) => Some(t.columns.clone()),
            None => {
                let key = (db.to_string(), table.to_string());
                let mut m = self.missing.borrow_mut();
                if !m.contains(&key) {
                    m.push(key);
                }
                None
            }
        }
    }

    fn json_functions_accept_binary(&self) -> bool {
        self.schema.json_functions_accept_binary()
    }
    fn json_arrow_is_syntax_error(&self) -> bool {
        self.schema.json_evaluation_verified()
    }
    fn evaluates_row_filters(&self) -> bool {
        self.row_filters
    }
    fn server_inflates(&self) -> bool {
        self.server_inflates
    }
    fn server_deflate(&self, col: &ColumnRef) -> Result<(String, String), String> {
        let rule = (self.rules.lookup(&col.db, &col.table, &col.column))
            .filter(|_| !self.shadowed(&col.db, &col.table))
            .ok_or_else(|| "a column squeeze has no rule for".to_string())?;
        super::computed::deflate_call(rule, col)
    }
    fn connection_unquotes_json_constants(&self) -> bool {
        self.connection_utf8mb4
    }

    fn primary_key(&self, db: &str, table: &str) -> Option<Vec<String>> {
        // Not cached: noted as missing, so the statement is planned again
        // once the table is read.
        self.table_columns(db, table)?;
        self.schema.get(db, table).map(|t| t.primary_key.clone())
    }

    fn may_mention_compressed(&self, sql: &[u8]) -> bool {
        // While a temporary table shadows a configured one, every
        // statement is analysed: a CALL or block that names none may
        // still drop it.
        self.rules.may_mention(sql) || self.dependents.may_mention(sql) || self.shadows_configured()
    }

    fn view_definition(&self, db: &str, name: &str) -> Option<Arc<str>> {
        // A temporary table shadows a view of its name too.
        if self.shadowed(db, name) {
            return None;
        }
        self.dependents.view(db, name)
    }

    fn routine_reads_compressed(&self, db: &str, name: &str) -> bool {
        self.dependents.is_routine(db, name)
    }

    fn compressed_columns(&self, db: &str, table: &str) -> Vec<String> {
        if self.shadowed(db, table) {
            return Vec::new();
        }
        self.rules
            .all()
            .filter(|r| r.table == table && r.schema.matches(db))
            .map(|r| r.column.clone())
            .collect()
    }

    fn same_rule(&self, target: &ColumnRef, source: &ColumnRef) -> bool {
        let (Some(t), Some(s)) = (
            self.rules.lookup(&target.db, &target.table, &target.column),
            self.rules.lookup(&source.db, &source.table, &source.column),
        ) else {
            return false;
        };
        Arc::ptr_eq(t, s)
            || (t.encoder.codec() == s.encoder.codec()
                && t.encoder.dict_id() == s.encoder.dict_id()
                && (t.on_invalid_json != InvalidJson::Refuse
                    || s.on_invalid_json == InvalidJson::Refuse)
                && t.max_value_size >= s.max_value_size)
    }

    fn sql_prepared(&self, name: &str) -> Option<Vec<Option<ColumnRef>>> {
        Some(self.sql_prepared?.get(name)?.placeholders.clone())
    }

    fn sql_prepared_outputs(&self, name: &str) -> Option<Vec<Option<ColumnRef>>> {
        Some(self.sql_prepared?.get(name)?.outputs.clone())
    }

    fn any_compressed(&self) -> Option<ColumnRef> {
        self.rules.all().next().map(|r| ColumnRef {
            db: r.schema.to_string(),
            table: r.table.clone(),
            column: r.column.clone(),
        })
    }
}
