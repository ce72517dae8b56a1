//! Refusals: which compressed column a statement would expose, why, and
//! the message the client gets (ERR 1235).

use std::fmt;

/// A fully resolved compressed column.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ColumnRef {
    /// Database (explicit or the current one).
    pub db: String,
    /// Table name as written.
    pub table: String,
    /// Column name as written (or as the catalog lists it, for INSERT
    /// without a column list).
    pub column: String,
}

impl fmt::Display for ColumnRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.db, self.table, self.column)
    }
}

/// Why a statement is refused. Labels are stable (used as metric labels).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefuseReason {
    /// `JSON_*()`, `->`, `->>`, `MEMBER OF`, `JSON_TABLE`.
    JsonFunction,
    /// Any other function or operator computing with the value.
    Function,
    /// `=`, `<`, `<=>`, `IN`, `BETWEEN`, use as a condition, ...
    Comparison,
    /// `LIKE`, `REGEXP`, `RLIKE`, `SOUNDS LIKE`.
    Like,
    /// `ORDER BY` (also window ordering).
    OrderBy,
    /// `GROUP BY`.
    GroupBy,
    /// `SELECT DISTINCT` over the column.
    Distinct,
    /// An assignment computed from a compressed value.
    ComputedUpdate,
    /// `INSERT ... SELECT` writing or copying a compressed column.
    InsertSelect,
    /// `PREPARE ... FROM '...'` whose text is refused or has literals we
    /// would have to rewrite inside the string.
    PreparedText,
    /// INSERT without a column list into a table whose column order is not
    /// known.
    ColumnOrderUnknown,
    /// A statement shape the analyzer does not understand (default deny).
    Unanalysed,
    /// A value written to a compressed column that squeeze cannot evaluate
    /// to a constant (a function, a variable, a subquery, another column).
    Expression,
    /// A statement that would copy compressed values somewhere squeeze does
    /// not inflate them (CTAS, `INTO OUTFILE`, user variables, triggers).
    Copy,
    /// DDL that would make stored values unreadable (a non-binary type, a
    /// rename away from the configuration).
    Ddl,
    /// A statement whose text squeeze cannot see (`EXECUTE IMMEDIATE @v`).
    InvisibleText,
    /// A write squeeze cannot keep an extracted column right in, or one of
    /// the extracted column itself.
    Extracted,
    /// Nested deeper than squeeze analyses (`sql::nesting`): ERR 1436.
    TooDeep,
    /// A count the server keeps (`FOUND_ROWS()`) of rows squeeze filtered.
    Counts,
    /// A value whose acceptance squeeze cannot judge as the server would
    /// (a document's validity under `on_invalid_json = "refuse"`).
    Unjudged,
    /// Anything else we cannot prove safe.
    Other,
}

impl RefuseReason {
    /// Stable label for metrics.
    pub fn as_label(self) -> &'static str {
        match self {
            RefuseReason::JsonFunction => "json_function",
            RefuseReason::Extracted => "extracted_column",
            RefuseReason::Function => "function",
            RefuseReason::Comparison => "comparison",
            RefuseReason::Like => "like",
            RefuseReason::OrderBy => "order_by",
            RefuseReason::GroupBy => "group_by",
            RefuseReason::Distinct => "distinct",
            RefuseReason::ComputedUpdate => "computed_update",
            RefuseReason::InsertSelect => "insert_select",
            RefuseReason::PreparedText => "prepared_text",
            RefuseReason::ColumnOrderUnknown => "column_order_unknown",
            RefuseReason::Unanalysed => "unanalysed",
            RefuseReason::Expression => "expression",
            RefuseReason::Copy => "copy",
            RefuseReason::Ddl => "ddl",
            RefuseReason::InvisibleText => "invisible_text",
            RefuseReason::TooDeep => "too_deep",
            RefuseReason::Counts => "counts",
            RefuseReason::Unjudged => "unjudged",
            RefuseReason::Other => "other",
        }
    }
}

/// The JSON functions squeeze evaluates itself in a select list (named in
/// refusals, so the message says which form is answered).
/// Separates a refusal's `what` from a hint placed at the end of the
/// message (a JSON path's extracted column, or the declaration to add).
pub const HINT: char = '\u{1f}';

pub const JSON_EVALUATED: &str = "JSON_EXTRACT (one path or more), JSON_UNQUOTE(JSON_EXTRACT(..)), JSON_VALUE, JSON_QUERY, JSON_EXISTS, JSON_LENGTH, JSON_DEPTH, JSON_VALID, JSON_TYPE, JSON_KEYS, JSON_CONTAINS (a constant candidate or target, or over JSON_EXTRACT), JSON_CONTAINS_PATH, SQLAlchemy's CASE forms, JSON_TYPE, JSON_LENGTH, JSON_DEPTH, JSON_VALID or JSON_KEYS of a JSON_EXTRACT or JSON_QUERY, and CAST (CHAR, SIGNED, UNSIGNED, DOUBLE, DECIMAL), COALESCE or IFNULL (with a constant), IS [NOT] NULL of those, and -f, f + n, f - n, f * n of the counting ones";

/// A refused statement: which column, why, and what exactly (e.g.
/// `JSON_EXTRACT`, `LIKE`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The compressed column involved.
    pub column: ColumnRef,
    /// Category (for metrics).
    pub reason: RefuseReason,
    /// What MySQL would have had to evaluate, for the message.
    pub what: String,
}

impl Refusal {
    /// Human-readable message for the client's ERR packet.
    pub fn message(&self) -> String {
        let c = &self.column;
        match self.reason {
            RefuseReason::ColumnOrderUnknown => format!(
                "table `{}.{}` has columns stored compressed by squeeze and its column order is not known yet; name the columns in the INSERT (INSERT INTO t (a, b) VALUES ...) or retry",
                c.db, c.table
            ),
            RefuseReason::PreparedText => format!(
                "column `{c}` is stored compressed by squeeze; {}. Prepare the statement through the protocol (COM_STMT_PREPARE) with ? parameters instead",
                self.what
            ),
            RefuseReason::InsertSelect => format!(
                "column `{c}` is stored compressed by squeeze; {} would copy values without compressing or inflating them. Read the rows and insert them through the proxy",
                self.what
            ),
            RefuseReason::Expression => format!(
                "column `{c}` is stored compressed by squeeze, which can only compress a value it can compute exactly: a literal, CONCAT/CONVERT/CAST/COLLATE of literals, NULL, DEFAULT, a ? parameter, the same compressed column, or CASE/IF/COALESCE/IFNULL branches of those; {} would be stored uncompressed. Compute the value in the application and write it as a literal or a ? parameter",
                self.what
            ),
            RefuseReason::JsonFunction => {
                let (what, hint) = self.what.split_once(HINT).unwrap_or((&self.what, ""));
                let hint = if hint.is_empty() {
                    " Select the value and filter in the application, or declare the path as an extracted column (docs/json.md#extracted-columns)"
                } else {
                    hint
                };
                format!(
                    "column `{c}` is stored compressed by squeeze; MariaDB cannot evaluate {what} on it. squeeze evaluates {JSON_EVALUATED} itself, with constant paths, as items of the statement's own select list (SELECT JSON_VALUE(doc, '$.author') FROM t WHERE id = ?); a predicate, ORDER BY, GROUP BY or join on a path inside a compressed document is answered only from a declared extracted column, except JSON_CONTAINS, JSON_CONTAINS_PATH, JSON_EXISTS and JSON_VALID conditions (with AND, OR, NOT) in the WHERE of a single-table SELECT sent as a query, which squeeze evaluates on each row (docs/json.md#conditions-squeeze-evaluates).{hint}"
                )
            }
            RefuseReason::Extracted | RefuseReason::TooDeep => self.what.clone(),
            RefuseReason::Copy
            | RefuseReason::Ddl
            | RefuseReason::InvisibleText
            | RefuseReason::Counts
            | RefuseReason::Unjudged => {
                format!("column `{c}` is stored compressed by squeeze; {}", self.what)
            }
            _ => format!(
                "column `{c}` is stored compressed by squeeze; MySQL cannot evaluate {} on it. Read the column and evaluate in the application, or keep the fields you need to query in a separate uncompressed column",
                self.what
            ),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

/// A refusal of `column` for `reason`; `what` names the construct.
pub fn refuse(column: ColumnRef, reason: RefuseReason, what: impl Into<String>) -> Refusal {
    Refusal {
        column,
        reason,
        what: what.into(),
    }
}

/// A call to a routine whose body reads compressed columns.
pub fn routine_refusal(db: &str, name: &str) -> Refusal {
    refuse(
        ColumnRef {
            db: db.to_string(),
            table: name.to_string(),
            column: "(routine body)".into(),
        },
        RefuseReason::Unanalysed,
        format!(
            "a call to stored routine `{db}`.`{name}`, whose body reads compressed columns inside the server where squeeze cannot inflate or check them"
        ),
    )
}
