//! Extracted columns of a LOAD DATA LOCAL INFILE: which statements squeeze
//! can keep the derived columns right for, the column-list edit that names
//! them (each right after its document, as INSERT does), and the refusal
//! of a row whose values cannot be derived or written exactly. The file's
//! fields themselves are added by `infile`. Pure.

use std::sync::Arc;

use super::extract::{self, DeriveError, Extract};
use super::extract_write::{refusal, Edit};
use super::load_data::LoadData;
use super::{ColumnRule, ColumnRules};
use crate::sql::Refusal;

fn names(rule: &ColumnRule) -> String {
    rule.extracts
        .iter()
        .map(|e| format!("`{}` ({})", e.column, e.path_text))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The edits of a LOAD DATA statement into `db`.`st.table` (`at` is the
/// statement's offset in the query text): after each document of the
/// column list, its extracted columns. Empty when the table has no
/// declared paths or the file does not load a document; refused for
/// every form squeeze cannot follow (default deny).
pub fn plan(rules: &ColumnRules, st: &LoadData, db: &str, at: usize) -> Result<Vec<Edit>, Refusal> {
    let docs: Vec<&Arc<ColumnRule>> = rules
        .all()
        .filter(|r| !r.extracts.is_empty() && r.table == st.table && r.schema.matches(db))
        .collect();
    let Some(first) = docs.first() else {
        return Ok(Vec::new());
    };
    let deny = |rule: &ColumnRule, why: &str| {
        Err(refusal(
            rule,
            format!(
                "squeeze keeps {} derived from `{}` on every write; {why}",
                names(rule),
                rule.label
            ),
        ))
    };
    if st.xml {
        return deny(
            first,
            "it cannot follow LOAD XML: use LOAD DATA LOCAL INFILE with a column list",
        );
    }
    if !st.local {
        return deny(first, "LOAD DATA INFILE (a file the server reads) never passes through squeeze: use LOAD DATA LOCAL INFILE with a column list");
    }
    let Some(columns) = &st.columns else {
        return deny(first, "a LOAD DATA without a column list would load those columns from the file: name the columns, e.g. (id, doc), and leave the derived ones out");
    };
    for name in columns.iter().flatten() {
        if let Some((rule, e)) = rules.derived(db, &st.table, name) {
            return deny(rule, &format!("the column list names `{}` ({}), which squeeze writes itself from the document: leave it out", e.column, e.path_text));
        }
    }
    for name in &st.set_names {
        for rule in &docs {
            let derived = rule
                .extracts
                .iter()
                .any(|e| e.column.eq_ignore_ascii_case(name));
            if derived || rule.column.eq_ignore_ascii_case(name) {
                return deny(rule, &format!("a SET clause naming `{name}` is not followed: load the document from the file directly"));
            }
        }
    }
    let mut edits = Vec::new();
    for (i, name) in columns.iter().enumerate() {
        let Some(name) = name else { continue };
        let Some(rule) = docs.iter().find(|r| r.column.eq_ignore_ascii_case(name)) else {
            continue;
        };
        let Some(&end) = st.column_ends.get(i) else {
            return deny(rule, "the column list could not be read");
        };
        let list: String = rule
            .extracts
            .iter()
            .map(|e| format!(", {}", extract::quoted(&e.column)))
            .collect();
        edits.push((at + end..at + end, list.into_bytes()));
    }
    Ok(edits)
}

/// The refusal of row `row` (1-based, counting the rows the server reads)
/// whose value of `e` cannot be derived or written exactly.
pub fn row_refusal(rule: &ColumnRule, e: Option<&Extract>, row: u64, why: &str) -> Refusal {
    let which = match e {
        Some(e) => format!("`{}` ({})", e.column, e.path_text),
        None => names(rule),
    };
    refusal(
        rule,
        format!(
            "squeeze keeps {which} derived from `{}` and cannot write it exactly for row {row} of the file: {why}",
            rule.label
        ),
    )
}

/// A row whose document squeeze cannot store as the server would store it
/// from the file (its character set's conversion or warning).
pub fn document_refusal(rule: &ColumnRule, row: u64, why: &str) -> Refusal {
    Refusal {
        reason: crate::sql::RefuseReason::Unjudged,
        what: format!("row {row} of the file cannot be stored as MariaDB stores it: {why}"),
        ..refusal(rule, String::new())
    }
}

/// Why `derive` failed, in words.
pub fn derive_why(e: &Extract, err: DeriveError) -> String {
    match err {
        DeriveError::NotExact(w) => w,
        DeriveError::TooLong { chars } => format!(
            "{} is {chars} characters, longer than the declared {} of `{}` (widen the column and the declaration)",
            e.path_text,
            e.type_text(),
            e.column
        ),
    }
}
