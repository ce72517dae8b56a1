//! `information_schema.CHECK_CONSTRAINTS` and `TABLE_CONSTRAINTS` with the
//! JSON alias's check of a `present_as = "json"` column.
//!
//! On an uncompressed copy such a column is MariaDB's `JSON`, a LONGTEXT
//! with the column check `json_valid(`col`)`, which both views list (one
//! row each, named after the column). The stored blob has no such check.
//! Every table reference to either view becomes a derived table: the
//! server's rows plus one row per json-presented compressed column. The
//! rows are then the copy's; their order is the server's own table walk,
//! which a `UNION` does not reproduce, so the session answers from the
//! derived table only where order cannot differ (`session/catalog_view`).
//! Pure: finding the references and building the derived tables.

use crate::sql::statement::Query;

use super::columns_view::{self, hex, Found, Unsupported};

/// The two views, as the server names them.
pub const VIEWS: [&str; 2] = ["CHECK_CONSTRAINTS", "TABLE_CONSTRAINTS"];

/// Longest statement looked at (as `catalog::may_describe`).
const MAX_TEXT: usize = 64 * 1024;

/// Cheap test on every statement: might it name one of the views?
pub fn may_mention(text: &[u8]) -> bool {
    text.len() <= MAX_TEXT
        && text
            .windows(b"constraints".len())
            .any(|w| w.eq_ignore_ascii_case(b"constraints"))
}

/// The references to each view in `query`, per view (only views referenced).
pub fn find(
    query: &Query<'_>,
    current_db: Option<&str>,
) -> Result<Vec<(&'static str, Found)>, Unsupported> {
    let mut out = Vec::new();
    for view in VIEWS {
        if let Some(f) = columns_view::find_view(query, current_db, view)? {
            out.push((view, f));
        }
    }
    Ok(out)
}

/// `(SELECT <the view's columns> FROM information_schema.<view> UNION ALL
/// SELECT <the check's row> ...)` for the json-presented compressed columns
/// `json` (schema, table, column as the server spells them). `columns`: the
/// view's own columns in order, as the server lists them. `None` when the
/// view has a column squeeze does not know a value for. `quote`: how the
/// server quotes the column name in the check (`` ` `` or `"`).
pub fn derived_table(
    view: &str,
    columns: &[String],
    json: &[(Vec<u8>, Vec<u8>, Vec<u8>)],
    quote: u8,
) -> Option<String> {
    let quoted: Vec<String> = columns
        .iter()
        .map(|c| format!("`{}`", c.replace('`', "``")))
        .collect();
    let mut out = format!(
        "(SELECT {} FROM information_schema.{view}",
        quoted.join(",")
    );
    for (db, table, column) in json {
        let values = columns
            .iter()
            .map(|c| value(view, c, db, table, column, quote))
            .collect::<Option<Vec<String>>>()?;
        out.push_str(" UNION ALL SELECT ");
        out.push_str(&values.join(","));
    }
    out.push(')');
    Some(out)
}

/// Which way [`ordered_check_constraints`] walks the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableOrder {
    Ascending,
    Descending,
}

/// [`derived_table`] of `CHECK_CONSTRAINTS` with its rows in the order an
/// uncompressed copy lists them *within* a table: column checks by the
/// column's position (the added JSON checks among them), then table checks.
/// Across tables the copy follows the server's own walk of the database
/// directory, which no key reproduces; the session builds this both ways
/// (`order`) and answers only when the two results agree (the walk cannot
/// matter) and keep the server's rows in the server's order.
pub fn ordered_check_constraints(
    columns: &[String],
    json: &[(Vec<u8>, Vec<u8>, Vec<u8>)],
    quote: u8,
    order: TableOrder,
) -> Option<String> {
    let rows = derived_table("CHECK_CONSTRAINTS", columns, json, quote)?;
    let quoted: Vec<String> = columns
        .iter()
        .map(|c| format!("`{}`", c.replace('`', "``")))
        .collect();
    let dir = match order {
        TableOrder::Ascending => "",
        TableOrder::Descending => " DESC",
    };
    // The LIMIT keeps the derived table's ORDER BY (MariaDB drops one
    // without it); a full scan of the materialized rows keeps their order.
    Some(format!(
        "(SELECT {cols} FROM {rows} AS squeeze_checks ORDER BY `CONSTRAINT_SCHEMA`{dir}, `TABLE_NAME`{dir}, `LEVEL` <> 'Column', (SELECT p.`ORDINAL_POSITION` FROM information_schema.COLUMNS AS p WHERE p.`TABLE_SCHEMA` = squeeze_checks.`CONSTRAINT_SCHEMA` AND p.`TABLE_NAME` = squeeze_checks.`TABLE_NAME` AND p.`COLUMN_NAME` = squeeze_checks.`CONSTRAINT_NAME` AND squeeze_checks.`LEVEL` = 'Column'), `CONSTRAINT_NAME` LIMIT 18446744073709551615)",
        cols = quoted.join(",")
    ))
}

/// The value of `field` in the view's row for the JSON check on
/// `db.table.column`, as a utf8mb3 literal (the views' character set).
fn value(
    view: &str,
    field: &str,
    db: &[u8],
    table: &[u8],
    column: &[u8],
    quote: u8,
) -> Option<String> {
    let lit = |b: &[u8]| format!("_utf8mb3 {}", hex(b));
    let check = view == "CHECK_CONSTRAINTS";
    Some(match field.to_ascii_uppercase().as_str() {
        "CONSTRAINT_CATALOG" => lit(b"def"),
        "CONSTRAINT_SCHEMA" | "TABLE_SCHEMA" => lit(db),
        "TABLE_NAME" => lit(table),
        "CONSTRAINT_NAME" => lit(column),
        "LEVEL" if check => lit(b"Column"),
        "CHECK_CLAUSE" if check => lit(&check_clause(column, quote)),
        "CONSTRAINT_TYPE" if !check => lit(b"CHECK"),
        _ => return None,
    })
}

/// The JSON alias's check as MariaDB prints it: ``json_valid(`col`)``,
/// the name in `quote` (`"` under ANSI_QUOTES), which doubles inside it.
pub fn check_clause(column: &[u8], quote: u8) -> Vec<u8> {
    let mut out = b"json_valid(".to_vec();
    out.push(quote);
    for &b in column {
        if b == quote {
            out.push(quote);
        }
        out.push(b);
    }
    out.push(quote);
    out.push(b')');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::lexer::LexOptions;

    fn found(sql: &str) -> Vec<&'static str> {
        let q = Query::new(sql.as_bytes(), LexOptions::default());
        find(&q, Some("sq"))
            .unwrap()
            .into_iter()
            .map(|(v, _)| v)
            .collect()
    }

    #[test]
    fn references_to_either_view_are_found_in_any_spelling() {
        assert_eq!(
            found("SELECT * FROM information_schema.check_constraints AS c WHERE c.table_name = 'docs'"),
            ["CHECK_CONSTRAINTS"]
        );
        assert_eq!(
            found("SELECT 1 FROM `INFORMATION_SCHEMA`.`TABLE_CONSTRAINTS` t JOIN information_schema.CHECK_CONSTRAINTS c USING (CONSTRAINT_NAME)"),
            ["CHECK_CONSTRAINTS", "TABLE_CONSTRAINTS"]
        );
        assert!(found("SELECT 'information_schema.check_constraints'").is_empty());
        assert!(may_mention(
            b"select * from information_schema.CHECK_CONSTRAINTS"
        ));
        assert!(!may_mention(b"select * from docs"));
    }

    #[test]
    fn the_derived_table_adds_one_row_per_json_column_in_the_views_own_columns() {
        let cols: Vec<String> = [
            "CONSTRAINT_CATALOG",
            "CONSTRAINT_SCHEMA",
            "TABLE_NAME",
            "CONSTRAINT_NAME",
            "LEVEL",
            "CHECK_CLAUSE",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let json = vec![(b"sq".to_vec(), b"docs".to_vec(), b"d`c".to_vec())];
        let d = derived_table("CHECK_CONSTRAINTS", &cols, &json, b'`').unwrap();
        assert!(d.starts_with("(SELECT `CONSTRAINT_CATALOG`,"), "{d}");
        assert!(
            d.contains(" UNION ALL SELECT _utf8mb3 0x646566,_utf8mb3 0x7371,"),
            "{d}"
        );
        assert!(d.contains(&hex(b"json_valid(`d``c`)")), "{d}");
        // An unknown column of the view: no derived table (refused).
        let mut more = cols.clone();
        more.push("ENFORCED".into());
        assert!(derived_table("CHECK_CONSTRAINTS", &more, &json, b'`').is_none());
        assert!(derived_table("TABLE_CONSTRAINTS", &cols, &json, b'`').is_none());
        // Under ANSI_QUOTES the server prints the name in double quotes.
        assert_eq!(check_clause(b"e\"f", b'"'), b"json_valid(\"e\"\"f\")");
    }
}
