//! Inputs the cargo-fuzz targets (fuzz/) once failed on, replayed through
//! the same checks on every test run.

use std::sync::Arc;

use squeeze::sql::{self, ColumnCatalog, LexOptions, Plan};

/// The catalog of the `query_analyzer` target, reduced to what its
/// regressions need: compressed tables in `app`.
struct Cat;

impl ColumnCatalog for Cat {
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        db == "app" && matches!(table, "docs" | "t") && column.eq_ignore_ascii_case("doc")
    }
    fn table_has_compressed(&self, db: &str, table: &str) -> bool {
        db == "app" && matches!(table, "docs" | "t")
    }
    fn table_columns(&self, db: &str, table: &str) -> Option<Vec<String>> {
        let cols: &[&str] = match (db, table) {
            ("app", "docs") => &["id", "doc", "title"],
            ("app", "t") => &["id", "doc"],
            _ => return None,
        };
        Some(cols.iter().map(|c| c.to_string()).collect())
    }
    fn view_definition(&self, _db: &str, _name: &str) -> Option<Arc<str>> {
        None
    }
}

/// The `query_analyzer` target's checks on one input: every refusal names
/// a db and a table.
fn analyze_like_the_fuzz_target(data: &[u8]) -> Vec<String> {
    let (&flags, rest) = data.split_first().unwrap();
    let opts = LexOptions {
        no_backslash_escapes: flags & 1 != 0,
        ansi_quotes: flags & 2 != 0,
    };
    let db = (flags & 4 == 0).then_some("app");
    let sql = match rest.iter().position(|&b| b == 0) {
        Some(i) => &rest[..i],
        None => rest,
    };
    let mut bad = Vec::new();
    for p in sql::plan_query(sql, opts, db, &Cat) {
        if let Plan::Refuse(r) = &p.plan {
            if r.column.db.is_empty() || r.column.table.is_empty() {
                bad.push(format!(
                    "{r:?} for {:?}",
                    String::from_utf8_lossy(&sql[p.range.clone()])
                ));
            }
        }
    }
    bad
}

#[test]
fn every_refusal_of_a_once_crashing_input_names_its_db_and_table() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz_regressions");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("query_analyzer-") {
            continue;
        }
        let bad = analyze_like_the_fuzz_target(&std::fs::read(&path).unwrap());
        assert!(bad.is_empty(), "{name}: {}", bad.join("\n"));
        n += 1;
    }
    assert!(n > 0, "no query_analyzer regressions in {dir}");
}
