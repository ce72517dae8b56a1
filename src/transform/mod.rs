//! The column rules: which `schema.table.column` values are stored
//! compressed, how they are written (statement literals and prepared
//! statement parameters) and how they are presented in results. Pure: the
//! session does the I/O.

pub mod catalog;
pub mod columns_view;
pub mod computed;
pub mod constraints_view;
pub mod dependents;
pub mod extract;
pub mod extract_ddl;
pub mod extract_write;
pub mod filter;
pub mod infile;
pub mod infile_extract;
pub mod json;
pub mod load_data;
pub mod params;
pub mod plan_cache;
pub mod result;
pub mod schema;
pub mod write;

use std::collections::HashMap;
use std::sync::Arc;

use crate::codec::{DictionaryRegistry, ValueEncoder};
use crate::config::{Config, InvalidJson, PresentAs};
use crate::metrics::ColumnMetrics;
use crate::router::NamePattern;
use crate::sql::TableNameFilter;

/// One compressed column.
#[derive(Debug)]
pub struct ColumnRule {
    pub schema: NamePattern,
    pub table: String,
    pub column: String,
    pub encoder: ValueEncoder,
    pub present_as: PresentAs,
    pub on_invalid_json: InvalidJson,
    /// `schema.table.column` as configured: the metrics label.
    pub label: String,
    /// This column's counters.
    pub metrics: ColumnMetrics,
    /// `codec.max_value_size`: a longer value could never be read back, so
    /// writing one is refused.
    pub max_value_size: usize,
    /// Paths kept in real columns of the table (`extract = [...]`).
    pub extracts: Vec<extract::Extract>,
}

/// All compressed columns, indexed for the per-statement and per-result
/// lookups.
#[derive(Debug, Default)]
pub struct ColumnRules {
    by_table: HashMap<String, Vec<Arc<ColumnRule>>>,
    filter: TableNameFilter,
    pub registry: Arc<DictionaryRegistry>,
    pub max_value_size: usize,
}

impl ColumnRules {
    pub fn empty() -> Self {
        ColumnRules {
            max_value_size: 64 << 20,
            ..Default::default()
        }
    }

    /// Build from `[[columns]]` and `[codec]`. The dictionary directory is
    /// loaded when any column names a dictionary, or when it exists (so old
    /// values stay readable after a column drops its dictionary).
    pub fn from_config(cfg: &Config) -> Result<ColumnRules, String> {
        let dir = &cfg.codec.dictionaries_dir;
        let needs_dicts = cfg.columns.iter().any(|c| c.dictionary.is_some());
        let from_store = !crate::codec::registry::stored_ids().is_empty();
        let has_manifest = dir.join("manifest.toml").exists();
        let registry = if has_manifest || (needs_dicts && !from_store) {
            DictionaryRegistry::load_dir(dir)
                .map_err(|e| format!("codec.dictionaries_dir {}: {e}", dir.display()))?
        } else {
            DictionaryRegistry::empty()
        };
        let mut by_table: HashMap<String, Vec<Arc<ColumnRule>>> = HashMap::new();
        for (i, c) in cfg.columns.iter().enumerate() {
            let path = format!("columns[{i}]");
            let encoder = crate::config::column_encoder(c, &registry, dir)
                .map_err(|(key, e)| format!("{path}{key}: {e}"))?;
            let schema =
                NamePattern::parse(&c.schema).map_err(|e| format!("{path}.schema: {e}"))?;
            let label = format!("{}.{}.{}", c.schema, c.table, c.column);
            let extracts = (c.extract.iter().enumerate())
                .map(|(k, e)| {
                    extract::parse(e, &c.column)
                        .map_err(|(key, m)| format!("{path}.extract[{k}]{key}: {m}"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let rule = ColumnRule {
                extracts,
                metrics: ColumnMetrics::for_column(&label),
                label,
                schema,
                table: c.table.clone(),
                column: c.column.clone(),
                encoder,
                present_as: c.present_as,
                on_invalid_json: c.invalid_json(),
                max_value_size: cfg.codec.max_value_size,
            };
            crate::metrics::METRICS
                .dictionary_info
                .with_label_values(&[&rule.label, &rule.encoder.dict_id().to_string()])
                .set(1);
            by_table
                .entry(c.table.clone())
                .or_default()
                .push(Arc::new(rule));
        }
        let filter = TableNameFilter::new(by_table.keys());
        Ok(ColumnRules {
            by_table,
            filter,
            registry: Arc::new(registry),
            max_value_size: cfg.codec.max_value_size,
        })
    }

    pub fn is_empty(&self) -> bool {
        self.by_table.is_empty()
    }

    /// Does any column declare extracted paths?
    pub fn has_extracts(&self) -> bool {
        self.all().any(|r| !r.extracts.is_empty())
    }

    /// Might this query mention a table with a compressed column? One scan.
    pub fn may_mention(&self, sql: &[u8]) -> bool {
        !self.is_empty() && self.filter.may_mention(sql)
    }

    pub fn lookup(&self, db: &str, table: &str, column: &str) -> Option<&Arc<ColumnRule>> {
        self.by_table
            .get(table)?
            .iter()
            .find(|r| r.column.eq_ignore_ascii_case(column) && r.schema.matches(db))
    }

    /// The compressed column and declared path whose value `column` of
    /// `db.table` holds, if it is an extracted column.
    pub fn derived(
        &self,
        db: &str,
        table: &str,
        column: &str,
    ) -> Option<(&Arc<ColumnRule>, &extract::Extract)> {
        self.by_table.get(table)?.iter().find_map(|r| {
            if !r.schema.matches(db) {
                return None;
            }
            let e = r
                .extracts
                .iter()
                .find(|e| e.column.eq_ignore_ascii_case(column))?;
            Some((r, e))
        })
    }

    pub fn table_has(&self, db: &str, table: &str) -> bool {
        self.by_table
            .get(table)
            .is_some_and(|rs| rs.iter().any(|r| r.schema.matches(db)))
    }

    /// Every rule, for startup checks.
    pub fn all(&self) -> impl Iterator<Item = &Arc<ColumnRule>> {
        self.by_table.values().flatten()
    }
}

#[cfg(test)]
pub(crate) mod depth_tests;
