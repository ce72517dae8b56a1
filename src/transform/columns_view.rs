//! `information_schema.COLUMNS` computed by the server on the logical type.
//!
//! Rewriting the type fields of the rows squeeze relays (`catalog`) is exact
//! only where they are plain columns of a row that names its column. Used in
//! an expression, a predicate, a grouping or a join, the server would
//! compute on the stored type (`longblob`). So every table reference to
//! `information_schema.COLUMNS` becomes a derived table that computes the
//! six type fields as an uncompressed copy reports them, for exactly the
//! columns the server itself lists as compressed blobs:
//!
//! ```sql
//! (SELECT TABLE_CATALOG, ..., IF((CAST(TABLE_SCHEMA AS BINARY), ...) IN
//!   ((0x7371, 0x646f6373, 0x646f63)) AND DATA_TYPE IN ('tinyblob', ...),
//!   _utf8mb3'longtext', DATA_TYPE) AS DATA_TYPE, ... FROM
//!   information_schema.COLUMNS) AS COLUMNS
//! ```
//!
//! The literals take the field's collation (they are more coercible), so
//! comparisons, orderings and groupings behave as on the field. The derived
//! table keeps the name the query gave the table, so qualified references
//! still resolve. The column definitions of the result are the server's for
//! the original statement (the session asks for them, `session/catalog_view`).
//! Pure: finding the references, building the derived table, splicing.

use std::ops::Range;

use crate::sql::lexer::{ident_name, Token, TokenKind};
use crate::sql::statement::Query;

use super::catalog::{CHARSET, COLLATION, DATA_TYPE, MAX_LENGTH};

/// What a statement referencing `information_schema.COLUMNS` needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// It returns the rows it reads (a SELECT): substituted, and its result
    /// described as the server describes the statement as sent.
    Rows,
    /// It returns no result set (`INSERT ... SELECT`, `SELECT ... INTO`,
    /// `SET`, `DO`, `UPDATE`/`DELETE` with a subquery): substituted only.
    NoRows,
}

/// The table references to substitute in one query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub shape: Shape,
    /// Each reference's span, and the name to give the derived table when
    /// the query gave it no alias (the table name as written).
    refs: Vec<Reference>,
}

impl Found {
    /// How many times the statement names the view.
    pub fn references(&self) -> usize {
        self.refs.len()
    }
}

/// A reference's span, and the name to give the derived table when the
/// query gave it no alias.
type Reference = (Range<usize>, Option<String>);

/// Why a statement that reads `information_schema.COLUMNS` cannot be
/// answered exactly (squeeze refuses it, naming the column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported(pub &'static str);

/// The references to `information_schema.COLUMNS` as a table in `query`
/// (any case or quoting, qualified, or unqualified in the
/// `information_schema` database); `Ok(None)` when there is none, or the
/// statement cannot change what the server answers with it (`EXPLAIN`,
/// `SHOW`).
pub fn find(query: &Query<'_>, current_db: Option<&str>) -> Result<Option<Found>, Unsupported> {
    find_view(query, current_db, "COLUMNS")
}

/// [`find`] for another information_schema view (`view` in upper case).
pub fn find_view(
    query: &Query<'_>,
    current_db: Option<&str>,
    view: &str,
) -> Result<Option<Found>, Unsupported> {
    let text = query.text;
    let in_is = current_db.is_some_and(|d| d.eq_ignore_ascii_case("information_schema"));
    let mut found: Option<Found> = None;
    let mut statements = 0;
    let mut changes_db = false;
    for s in query.non_empty() {
        statements += 1;
        changes_db |= s.tokens.first().is_some_and(|t| t.is_keyword(text, "USE"));
        let refs = references(text, &s.tokens, in_is, view)?;
        if let Some(f) = prepared_text_mentions(text, &s.tokens, view) {
            return Err(f);
        }
        if refs.is_empty() {
            continue;
        }
        let Some(shape) = shape(text, &s.tokens)? else {
            continue;
        };
        match &mut found {
            None => found = Some(Found { shape, refs }),
            Some(f) => {
                f.refs.extend(refs);
                if shape == Shape::Rows {
                    f.shape = Shape::Rows;
                }
            }
        }
    }
    // Each SELECT's result is described by running it as sent first: one
    // statement only. Statements without a result set need no description,
    // but a USE among them would change what an unqualified name means.
    if statements > 1
        && found
            .as_ref()
            .is_some_and(|f| f.shape == Shape::Rows || changes_db)
    {
        return Err(Unsupported(
            "a multi-statement query with a SELECT of information_schema.COLUMNS (send that statement on its own)",
        ));
    }
    Ok(found)
}

/// `PREPARE s FROM '...information_schema...columns...'` and `EXECUTE
/// IMMEDIATE '...'`: the text is run later, where squeeze does not rewrite
/// it.
fn prepared_text_mentions(text: &[u8], toks: &[Token], view: &str) -> Option<Unsupported> {
    let view = view.to_ascii_lowercase();
    let kw = |i: usize, k: &str| toks.get(i).is_some_and(|t| t.is_keyword(text, k));
    let dynamic = kw(0, "PREPARE") || (kw(0, "EXECUTE") && kw(1, "IMMEDIATE"));
    if !dynamic {
        return None;
    }
    let mentions = toks.iter().any(|t| {
        matches!(t.kind, TokenKind::Str { .. }) && {
            let lower = t.text(text).to_ascii_lowercase();
            memchr::memmem::find(&lower, b"information_schema").is_some()
                && memchr::memmem::find(&lower, view.as_bytes()).is_some()
        }
    });
    mentions.then_some(Unsupported(
        "PREPARE or EXECUTE IMMEDIATE of a text reading information_schema.COLUMNS (prepare it with the client library, or run it as a plain statement)",
    ))
}

/// What the statement does with what it reads; `None`: nothing the server
/// answers depends on the values (`EXPLAIN`, `SHOW`, `DESCRIBE`).
fn shape(text: &[u8], toks: &[Token]) -> Result<Option<Shape>, Unsupported> {
    let kw = |i: usize, k: &str| toks.get(i).is_some_and(|t| t.is_keyword(text, k));
    if kw(0, "SET") && kw(1, "STATEMENT") {
        // `SET STATEMENT var = value, ... FOR <statement>`: the statement's.
        return match toks.iter().position(|t| t.is_keyword(text, "FOR")) {
            Some(at) => shape(text, &toks[at + 1..]),
            None => Ok(None),
        };
    }
    let first = toks.first();
    let has = |k: &str| toks.iter().any(|t| t.is_keyword(text, k));
    if kw(0, "SELECT") || kw(0, "WITH") || first.is_some_and(|t| t.kind == TokenKind::LParen) {
        if has("INTO") {
            return Ok(Some(Shape::NoRows));
        }
        // The statement runs twice (once for its description): no
        // statement whose second run would differ.
        let side_effect = toks.iter().any(|t| {
            t.is_op(text, ":=")
                || [
                    "NEXTVAL",
                    "SETVAL",
                    "LASTVAL",
                    "GET_LOCK",
                    "RELEASE_LOCK",
                    "SLEEP",
                ]
                .iter()
                .any(|k| t.is_keyword(text, k))
        });
        if side_effect {
            return Err(Unsupported(
                "a SELECT of information_schema.COLUMNS with an assignment or a function with side effects",
            ));
        }
        return Ok(Some(Shape::Rows));
    }
    if ["INSERT", "REPLACE", "UPDATE", "DELETE", "SET", "DO"]
        .iter()
        .any(|k| kw(0, k))
    {
        return Ok(Some(Shape::NoRows));
    }
    if ["EXPLAIN", "DESCRIBE", "DESC", "SHOW", "ANALYZE"]
        .iter()
        .any(|k| kw(0, k))
    {
        return Ok(None);
    }
    if kw(0, "CREATE") {
        return Err(Unsupported(
            "CREATE ... SELECT, a view or a stored program reading information_schema.COLUMNS (the stored definition or the new table's types would not be the uncompressed copy's)",
        ));
    }
    Err(Unsupported(
        "this statement reading information_schema.COLUMNS (procedural code and other statements are not rewritten)",
    ))
}

/// Keywords that end a table factor: what follows is not an alias.
const NOT_ALIAS: &[&str] = &[
    "WHERE",
    "JOIN",
    "INNER",
    "CROSS",
    "LEFT",
    "RIGHT",
    "NATURAL",
    "STRAIGHT_JOIN",
    "FULL",
    "ON",
    "USING",
    "GROUP",
    "ORDER",
    "LIMIT",
    "HAVING",
    "WINDOW",
    "UNION",
    "EXCEPT",
    "INTERSECT",
    "MINUS",
    "FOR",
    "LOCK",
    "INTO",
    "PROCEDURE",
    "USE",
    "IGNORE",
    "FORCE",
    "PARTITION",
    "FETCH",
    "OFFSET",
    "RETURNING",
    "SET",
    "VALUES",
    "SELECT",
];

/// Every table reference to `information_schema.COLUMNS` in one
/// statement's significant tokens.
fn references(
    text: &[u8],
    toks: &[Token],
    in_is: bool,
    view: &str,
) -> Result<Vec<Reference>, Unsupported> {
    let name = |i: usize| -> Option<String> {
        let t = toks.get(i)?;
        matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent)
            .then(|| ident_name(text, t).into_owned())
    };
    let is_dot = |i: usize| toks.get(i).is_some_and(|t| t.kind == TokenKind::Dot);
    let is_columns = |i: usize| name(i).is_some_and(|n| n.eq_ignore_ascii_case(view));
    // The clause each parenthesis depth is in, to tell `FROM a, b` from a
    // select list.
    let mut clause: Vec<&'static str> = vec![""];
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        match t.kind {
            TokenKind::LParen => clause.push(""),
            TokenKind::RParen if clause.len() > 1 => {
                clause.pop();
            }
            TokenKind::Ident => {
                for k in [
                    "SELECT", "FROM", "WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "ON", "USING",
                    "SET", "VALUES", "WINDOW",
                ] {
                    if t.is_keyword(text, k) {
                        if let Some(c) = clause.last_mut() {
                            *c = k;
                        }
                    }
                }
            }
            _ => {}
        }
        let qualified = name(i).is_some_and(|n| n.eq_ignore_ascii_case("information_schema"))
            && is_dot(i + 1)
            && is_columns(i + 2)
            && (i == 0 || !is_dot(i - 1));
        let bare = in_is && is_columns(i) && (i == 0 || !is_dot(i - 1));
        if !(qualified || bare) {
            i += 1;
            continue;
        }
        let end = if qualified { i + 2 } else { i };
        let prev = i.checked_sub(1).map(|p| &toks[p]);
        let table_position = prev.is_some_and(|p| {
            ["FROM", "JOIN", "STRAIGHT_JOIN"]
                .iter()
                .any(|k| p.is_keyword(text, k))
                || (p.kind == TokenKind::Comma && clause.last() == Some(&"FROM"))
        });
        if !table_position {
            if qualified && is_dot(end + 1) {
                // `information_schema.COLUMNS.DATA_TYPE`: the table by its
                // full name, which the derived table does not have.
                return Err(Unsupported(
                    "a column qualified as information_schema.COLUMNS.<column> (use an alias)",
                ));
            }
            i += 1;
            continue;
        }
        let next = toks.get(end + 1);
        let has_alias = next.is_some_and(|n| {
            n.is_keyword(text, "AS")
                || n.kind == TokenKind::QuotedIdent
                || (n.kind == TokenKind::Ident && !NOT_ALIAS.iter().any(|k| n.is_keyword(text, k)))
        });
        let alias = (!has_alias).then(|| name(end).unwrap_or_default());
        out.push((toks[i].start..toks[end].end, alias));
        i = end + 1;
    }
    Ok(out)
}

/// The statement with each reference replaced by `derived` (a
/// parenthesised SELECT), named as the query named the table.
pub fn substitute(text: &[u8], found: &Found, derived: &str) -> Vec<u8> {
    substitute_each(text, &[(found, derived)])
}

/// [`substitute`] for several views' references at once, each by its own
/// derived table.
pub fn substitute_each(text: &[u8], views: &[(&Found, &str)]) -> Vec<u8> {
    let mut edits: Vec<(Range<usize>, Vec<u8>)> = views
        .iter()
        .flat_map(|(found, derived)| found.refs.iter().map(move |r| (r, *derived)))
        .map(|((span, alias), derived)| {
            let mut with = derived.to_string();
            if let Some(a) = alias {
                with.push_str(" AS `");
                with.push_str(&a.replace('`', "``"));
                with.push('`');
            }
            (span.clone(), with.into_bytes())
        })
        .collect();
    edits.sort_by_key(|(span, _)| span.start);
    crate::sql::splice::splice(text, &edits)
}

/// The blob types a compressed column is stored as.
const BLOB_TYPES: &str = "('tinyblob','blob','mediumblob','longblob')";

/// The query asking the server which columns of these tables (configured
/// tables and views over compressed columns) are blobs: the candidates,
/// as `TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME` rows. One equality per name,
/// so the server opens only tables of that name (a `CAST` or an `IN` list
/// would have it open every table of every database).
pub fn candidates_query<'a>(tables: impl Iterator<Item = &'a str>) -> String {
    let mut names: Vec<&str> = tables.collect();
    names.sort_unstable();
    names.dedup();
    if names.is_empty() {
        names.push("");
    }
    names
        .iter()
        .map(|n| {
            format!(
                "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_NAME = _utf8mb4 {} AND DATA_TYPE IN {BLOB_TYPES}",
                hex(n.as_bytes())
            )
        })
        .collect::<Vec<_>>()
        .join(" UNION ALL ")
}

/// `(SELECT ... FROM information_schema.COLUMNS)` with the type fields of
/// `compressed` (schema, table, column as the server spells them) computed
/// as the logical type. `columns`: information_schema.COLUMNS's own
/// columns in order, as the server lists them.
pub fn derived_table(columns: &[String], compressed: &[(Vec<u8>, Vec<u8>, Vec<u8>)]) -> String {
    let list: Vec<String> = compressed
        .iter()
        .map(|(d, t, c)| format!("({},{},{})", hex(d), hex(t), hex(c)))
        .collect();
    let cond = format!(
        "(CAST(TABLE_SCHEMA AS BINARY),CAST(TABLE_NAME AS BINARY),CAST(COLUMN_NAME AS BINARY)) IN ({}) AND DATA_TYPE IN {BLOB_TYPES}",
        list.join(",")
    );
    let fields: Vec<String> = columns
        .iter()
        .map(|c| {
            let quoted = format!("`{}`", c.replace('`', "``"));
            match logical_value(c) {
                Some(v) => format!("IF({cond},{v},{quoted}) AS {quoted}"),
                None => quoted,
            }
        })
        .collect();
    format!(
        "(SELECT {} FROM information_schema.COLUMNS)",
        fields.join(",")
    )
}

/// The logical type's value of a type field, as a literal that takes the
/// field's collation (strings) or type (the unsigned lengths).
fn logical_value(field: &str) -> Option<String> {
    let s = |v: &str| format!("_utf8mb3'{v}'");
    Some(match field.to_ascii_uppercase().as_str() {
        "DATA_TYPE" | "COLUMN_TYPE" => s(DATA_TYPE),
        "CHARACTER_SET_NAME" => s(CHARSET),
        "COLLATION_NAME" => s(COLLATION),
        "CHARACTER_MAXIMUM_LENGTH" | "CHARACTER_OCTET_LENGTH" => {
            format!("CAST({MAX_LENGTH} AS UNSIGNED)")
        }
        _ => return None,
    })
}

pub(crate) fn hex(b: &[u8]) -> String {
    if b.is_empty() {
        return "''".to_string();
    }
    let mut s = String::with_capacity(2 + 2 * b.len());
    s.push_str("0x");
    for x in b {
        s.push_str(&format!("{x:02x}"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::lexer::LexOptions;

    fn subst(sql: &str, db: Option<&str>) -> Result<Option<(Shape, String)>, Unsupported> {
        let q = Query::new(sql.as_bytes(), LexOptions::default());
        Ok(find(&q, db)?.map(|f| {
            let out = substitute(sql.as_bytes(), &f, "(D)");
            (f.shape, String::from_utf8(out).unwrap())
        }))
    }

    #[test]
    fn every_spelling_of_information_schema_columns_as_a_table_becomes_the_derived_table_under_its_own_name(
    ) {
        let cases = [
            (
                "SELECT DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_NAME = 'docs'",
                "SELECT DATA_TYPE FROM (D) AS `COLUMNS` WHERE TABLE_NAME = 'docs'",
            ),
            (
                "select c.data_type from INFORMATION_SCHEMA.columns c",
                "select c.data_type from (D) c",
            ),
            (
                "SELECT 1 FROM `information_schema`.`columns` AS x JOIN information_schema . COLUMNS y USING (TABLE_NAME)",
                "SELECT 1 FROM (D) AS x JOIN (D) y USING (TABLE_NAME)",
            ),
            (
                "SELECT columns.DATA_TYPE FROM information_schema.columns, information_schema.TABLES t",
                "SELECT columns.DATA_TYPE FROM (D) AS `columns`, information_schema.TABLES t",
            ),
            (
                "SELECT * FROM t WHERE x IN (SELECT COLLATION_NAME FROM information_schema.COLUMNS)",
                "SELECT * FROM t WHERE x IN (SELECT COLLATION_NAME FROM (D) AS `COLUMNS`)",
            ),
            (
                "WITH c AS (SELECT * FROM information_schema.COLUMNS) SELECT DATA_TYPE FROM c",
                "WITH c AS (SELECT * FROM (D) AS `COLUMNS`) SELECT DATA_TYPE FROM c",
            ),
        ];
        for (sql, want) in cases {
            assert_eq!(
                subst(sql, Some("app")),
                Ok(Some((Shape::Rows, want.to_string()))),
                "{sql}"
            );
        }
        // Unqualified after USE information_schema.
        assert_eq!(
            subst(
                "SELECT DATA_TYPE FROM COLUMNS, TABLES WHERE 1",
                Some("INFORMATION_SCHEMA")
            ),
            Ok(Some((
                Shape::Rows,
                "SELECT DATA_TYPE FROM (D) AS `COLUMNS`, TABLES WHERE 1".to_string()
            )))
        );
        assert_eq!(
            subst("SELECT DATA_TYPE FROM COLUMNS", Some("app")),
            Ok(None)
        );
        // Not a table reference.
        assert_eq!(
            subst("SELECT columns FROM t", Some("information_schema")),
            Ok(None)
        );
        assert_eq!(
            subst("SHOW COLUMNS FROM information_schema.COLUMNS", None),
            Ok(None)
        );
        assert_eq!(
            subst("EXPLAIN SELECT * FROM information_schema.COLUMNS", None),
            Ok(None)
        );
    }

    #[test]
    fn statements_whose_answer_squeeze_cannot_make_exact_are_refused() {
        for sql in [
            "SELECT information_schema.COLUMNS.DATA_TYPE FROM information_schema.COLUMNS",
            "CREATE TABLE t AS SELECT DATA_TYPE FROM information_schema.COLUMNS",
            "CREATE VIEW v AS SELECT DATA_TYPE FROM information_schema.COLUMNS",
            "SELECT @n := @n + 1, DATA_TYPE FROM information_schema.COLUMNS",
            "SELECT NEXTVAL(s), DATA_TYPE FROM information_schema.COLUMNS",
            "PREPARE s FROM 'SELECT DATA_TYPE FROM information_schema.COLUMNS'",
            "EXECUTE IMMEDIATE 'SELECT DATA_TYPE FROM INFORMATION_SCHEMA.COLUMNS'",
            "SELECT 1; SELECT DATA_TYPE FROM information_schema.COLUMNS",
            "BEGIN NOT ATOMIC SELECT DATA_TYPE FROM information_schema.COLUMNS; END",
        ] {
            assert!(subst(sql, Some("app")).is_err(), "{sql}");
        }
    }

    /// squeeze's catalog reads for them run on a connection of its own
    /// (`session::aside`), so the counts they read are the client's.
    #[test]
    fn statements_reading_the_previous_statements_counts_are_substituted() {
        for sql in [
            "SELECT FOUND_ROWS(), DATA_TYPE FROM information_schema.COLUMNS",
            "SELECT @@warning_count, DATA_TYPE FROM information_schema.COLUMNS",
            "SELECT @@session.error_count, DATA_TYPE FROM information_schema.COLUMNS",
            "INSERT INTO t SELECT ROW_COUNT(), DATA_TYPE FROM information_schema.COLUMNS",
        ] {
            assert!(matches!(subst(sql, Some("app")), Ok(Some(_))), "{sql}");
        }
    }

    #[test]
    fn several_statements_without_a_result_set_are_all_substituted() {
        let sql = "SET @a = (SELECT MAX(DATA_TYPE) FROM information_schema.COLUMNS); INSERT INTO t SELECT COLLATION_NAME FROM information_schema.COLUMNS";
        assert_eq!(
            subst(sql, None),
            Ok(Some((
                Shape::NoRows,
                "SET @a = (SELECT MAX(DATA_TYPE) FROM (D) AS `COLUMNS`); INSERT INTO t SELECT COLLATION_NAME FROM (D) AS `COLUMNS`".to_string()
            )))
        );
        assert!(subst(&format!("USE x; {sql}"), None).is_err());
    }

    #[test]
    fn statements_without_a_result_set_are_substituted_without_a_description() {
        assert!(matches!(
            subst(
                "SET STATEMENT max_statement_time=10 FOR SELECT DATA_TYPE FROM information_schema.COLUMNS",
                None
            ),
            Ok(Some((Shape::Rows, _)))
        ));
        for sql in [
            "INSERT INTO t SELECT DATA_TYPE FROM information_schema.COLUMNS",
            "SELECT DATA_TYPE INTO @t FROM information_schema.COLUMNS LIMIT 1",
            "SET @t = (SELECT MAX(DATA_TYPE) FROM information_schema.COLUMNS)",
            "DELETE FROM t WHERE x IN (SELECT DATA_TYPE FROM information_schema.COLUMNS)",
        ] {
            assert!(
                matches!(subst(sql, None), Ok(Some((Shape::NoRows, _)))),
                "{sql}"
            );
        }
    }

    #[test]
    fn the_derived_table_computes_the_type_fields_of_the_listed_columns_only() {
        let cols: Vec<String> = [
            "TABLE_SCHEMA",
            "TABLE_NAME",
            "COLUMN_NAME",
            "DATA_TYPE",
            "CHARACTER_OCTET_LENGTH",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let d = derived_table(
            &cols,
            &[(b"sq".to_vec(), b"docs".to_vec(), b"doc".to_vec())],
        );
        assert_eq!(
            d,
            "(SELECT `TABLE_SCHEMA`,`TABLE_NAME`,`COLUMN_NAME`,\
             IF((CAST(TABLE_SCHEMA AS BINARY),CAST(TABLE_NAME AS BINARY),CAST(COLUMN_NAME AS BINARY)) IN ((0x7371,0x646f6373,0x646f63)) AND DATA_TYPE IN ('tinyblob','blob','mediumblob','longblob'),_utf8mb3'longtext',`DATA_TYPE`) AS `DATA_TYPE`,\
             IF((CAST(TABLE_SCHEMA AS BINARY),CAST(TABLE_NAME AS BINARY),CAST(COLUMN_NAME AS BINARY)) IN ((0x7371,0x646f6373,0x646f63)) AND DATA_TYPE IN ('tinyblob','blob','mediumblob','longblob'),CAST(4294967295 AS UNSIGNED),`CHARACTER_OCTET_LENGTH`) AS `CHARACTER_OCTET_LENGTH` \
             FROM information_schema.COLUMNS)"
        );
        assert_eq!(
            candidates_query(["docs", "v_docs", "docs"].into_iter()),
            "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_NAME = _utf8mb4 0x646f6373 AND DATA_TYPE IN ('tinyblob','blob','mediumblob','longblob') \
             UNION ALL SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_NAME = _utf8mb4 0x765f646f6373 AND DATA_TYPE IN ('tinyblob','blob','mediumblob','longblob')"
        );
    }
}
