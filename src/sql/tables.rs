//! The tables a statement names: [`table_refs`] walks the significant
//! tokens of one statement for table references (FROM, JOIN, the DML verbs,
//! INTO, TABLE, CTE names); [`insert_target`] reads the target of an
//! `INSERT`/`REPLACE`.

use std::borrow::Cow;
use std::ops::Range;

use super::classify::matching_paren;
use super::lexer::{ident_name, Token, TokenKind};
use super::tokens::{is_name, keyword_at as kw};

/// A table named by a statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRef<'a> {
    /// Explicit database qualifier, if written.
    pub db: Option<Cow<'a, str>>,
    /// The table name; `None` for a derived table, CTE or table function
    /// (only its alias is known).
    pub table: Option<Cow<'a, str>>,
    /// `AS alias` / bare alias.
    pub alias: Option<Cow<'a, str>>,
    /// Significant-token indices covering the name, alias and any
    /// PARTITION/index-hint clause (none of them are column references).
    pub tokens: Range<usize>,
}

/// Words that end a table factor instead of being its alias.
const NOT_ALIAS: &[&str] = &[
    "ON",
    "USING",
    "WHERE",
    "JOIN",
    "INNER",
    "CROSS",
    "LEFT",
    "RIGHT",
    "NATURAL",
    "STRAIGHT_JOIN",
    "OUTER",
    "FULL",
    "SET",
    "GROUP",
    "ORDER",
    "LIMIT",
    "HAVING",
    "WINDOW",
    "UNION",
    "INTERSECT",
    "EXCEPT",
    "FOR",
    "LOCK",
    "USE",
    "IGNORE",
    "FORCE",
    "PARTITION",
    "VALUES",
    "VALUE",
    "SELECT",
    "INTO",
    "WITH",
    "READ",
    "WRITE",
    "AS",
    "RETURNING",
    "LATERAL",
    "TABLESAMPLE",
    "FROM",
    "AND",
    "OR",
    "DUPLICATE",
    "LOW_PRIORITY",
    "HIGH_PRIORITY",
    "DELAYED",
    "QUICK",
    "TABLE",
    "ROW",
    "LIKE",
];

fn starts_query(src: &[u8], t: Option<&Token>) -> bool {
    t.is_some_and(|t| {
        t.kind == TokenKind::LParen
            || ["SELECT", "WITH", "VALUES", "TABLE"]
                .iter()
                .any(|w| t.is_keyword(src, w))
    })
}

/// Parse one table factor at `i`; returns the index after it.
fn table_factor<'a>(
    src: &'a [u8],
    toks: &[Token],
    mut i: usize,
    with_alias: bool,
    out: &mut Vec<TableRef<'a>>,
) -> usize {
    if kw(src, toks, i, "LATERAL") || kw(src, toks, i, "ONLY") {
        i += 1;
    }
    let mut start = i;
    // For derived tables and table functions the walk must continue inside
    // the parentheses (they contain table and column references); only the
    // alias after the `)` is recorded.
    let mut resume = None;
    let Some(t) = toks.get(i) else { return i };
    let (db, table, mut j) = if t.kind == TokenKind::LParen {
        if starts_query(src, toks.get(i + 1)) {
            let close = matching_paren(toks, i);
            resume = Some(i + 1);
            start = close + 1;
            (None, None, close + 1)
        } else {
            // Parenthesised join: the names inside follow '(' or a JOIN.
            return table_factor(src, toks, i + 1, with_alias, out);
        }
    } else if is_name(t) {
        if with_alias
            && t.kind == TokenKind::Ident
            && toks.get(i + 1).is_some_and(|n| n.kind == TokenKind::LParen)
        {
            // Table function, e.g. JSON_TABLE(...): not a table.
            let close = matching_paren(toks, i + 1);
            resume = Some(i + 1);
            start = close + 1;
            (None, None, close + 1)
        } else if toks.get(i + 1).is_some_and(|n| n.kind == TokenKind::Dot)
            && toks.get(i + 2).is_some_and(is_name)
        {
            (
                Some(ident_name(src, t)),
                Some(ident_name(src, &toks[i + 2])),
                i + 3,
            )
        } else if t.is_keyword(src, "DUAL") {
            return i + 1;
        } else {
            (None, Some(ident_name(src, t)), i + 1)
        }
    } else {
        return i;
    };
    if kw(src, toks, j, "PARTITION") && toks.get(j + 1).is_some_and(|t| t.kind == TokenKind::LParen)
    {
        j = matching_paren(toks, j + 1) + 1;
    }
    let mut alias = None;
    if with_alias {
        (alias, j) = factor_alias(src, toks, j, table.is_none());
    }
    if table.is_some() || alias.is_some() {
        out.push(TableRef {
            db,
            table,
            alias,
            tokens: start.min(j)..j.min(toks.len()),
        });
    }
    resume.unwrap_or(j)
}

/// The alias of a table factor at `j` (`AS a` or a bare non-reserved
/// name), then a derived table's column list (`derived`) and index hints;
/// returns the alias and the index after them.
fn factor_alias<'a>(
    src: &'a [u8],
    toks: &[Token],
    mut j: usize,
    derived: bool,
) -> (Option<Cow<'a, str>>, usize) {
    let mut alias = None;
    if kw(src, toks, j, "AS") && toks.get(j + 1).is_some_and(is_name) {
        alias = Some(ident_name(src, &toks[j + 1]));
        j += 2;
    } else if let Some(a) = toks.get(j).filter(|t| is_name(t)) {
        let reserved = a.kind == TokenKind::Ident && NOT_ALIAS.iter().any(|w| a.is_keyword(src, w));
        if !reserved {
            alias = Some(ident_name(src, a));
            j += 1;
        }
    }
    // Derived-table column list: `(SELECT ...) AS dt (a, b)`.
    if derived && alias.is_some() && toks.get(j).is_some_and(|t| t.kind == TokenKind::LParen) {
        j = matching_paren(toks, j) + 1;
    }
    // Index hints: {USE|IGNORE|FORCE} {INDEX|KEY} [FOR ...] (list).
    while (kw(src, toks, j, "USE") || kw(src, toks, j, "IGNORE") || kw(src, toks, j, "FORCE"))
        && (kw(src, toks, j + 1, "INDEX") || kw(src, toks, j + 1, "KEY"))
    {
        let mut k = j + 2;
        while k < toks.len() && toks[k].kind != TokenKind::LParen {
            k += 1;
        }
        j = matching_paren(toks, k) + 1;
    }
    (alias, j)
}

/// What the walk of [`table_refs`] does at a keyword.
enum Walk {
    /// Go on at this token.
    Skip(usize),
    /// Table factors follow the token at `at`: a comma-separated `list` of
    /// them or one, with or without aliases.
    Tables { at: usize, list: bool, alias: bool },
}

/// Every table the statement names: after FROM, JOIN, UPDATE, INTO,
/// INSERT/REPLACE, DELETE, USING, TABLE (DDL and `TABLE t`), plus CTE names
/// (`WITH c AS (...)`, recorded with `table: None`). Comma lists are
/// followed. Subqueries are covered because the walk is linear.
///
/// Cheap and approximate by design: it may report an extra name (an alias
/// in a DELETE target list, a CTE used as a table), never fewer than a real
/// statement names, except through user variables and stored programs.
pub fn table_refs<'a>(src: &'a [u8], toks: &[Token]) -> Vec<TableRef<'a>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        if t.kind != TokenKind::Ident {
            i += 1;
            continue;
        }
        if cte_definition(src, toks, i) {
            out.push(TableRef {
                db: None,
                table: None,
                alias: Some(ident_name(src, t)),
                tokens: i..i + 1,
            });
            i += 1;
            continue;
        }
        let (list, alias) = match walk_keyword(src, toks, i) {
            Walk::Skip(next) => {
                i = next;
                continue;
            }
            Walk::Tables { at, list, alias } => {
                i = at;
                (list, alias)
            }
        };
        let mut j = table_factor(src, toks, i + 1, alias, &mut out);
        while list && toks.get(j).is_some_and(|t| t.kind == TokenKind::Comma) {
            let next = table_factor(src, toks, j + 1, alias, &mut out);
            if next == j + 1 {
                break;
            }
            j = next;
        }
        i = j.max(i + 1);
    }
    out
}

/// Is the name at `i` a CTE being defined: `WITH|RECURSIVE|, name [(cols)]
/// AS (`?
fn cte_definition(src: &[u8], toks: &[Token], i: usize) -> bool {
    (i > 0
        && (toks[i - 1].is_keyword(src, "WITH")
            || toks[i - 1].is_keyword(src, "RECURSIVE")
            || toks[i - 1].kind == TokenKind::Comma))
        && {
            let mut k = i + 1;
            if toks.get(k).is_some_and(|t| t.kind == TokenKind::LParen) {
                k = matching_paren(toks, k) + 1;
            }
            kw(src, toks, k, "AS") && toks.get(k + 1).is_some_and(|t| t.kind == TokenKind::LParen)
        }
}

/// Whether table names follow the keyword at `i` (FROM, USING, JOIN, the
/// DML verbs, INTO, `TABLE[S]`) and where, or where the walk goes on.
fn walk_keyword(src: &[u8], toks: &[Token], i: usize) -> Walk {
    // `FOR UPDATE`, `ON DUPLICATE KEY UPDATE`, `ON DELETE CASCADE` and
    // the INSERT()/REPLACE() functions are not DML verbs.
    let prev_blocks = i > 0
        && ["FOR", "KEY", "ON"]
            .iter()
            .any(|w| toks[i - 1].is_keyword(src, w));
    let verb = !prev_blocks && toks.get(i + 1).is_none_or(|t| t.kind != TokenKind::LParen);
    let is = |w: &str| toks[i].is_keyword(src, w);
    let tables = |at: usize, list: bool, alias: bool| Walk::Tables { at, list, alias };
    if is("FROM") || is("USING") {
        // `USING (col)` in a join is a column list, not tables.
        if is("USING") && toks.get(i + 1).is_some_and(|t| t.kind == TokenKind::LParen) {
            return Walk::Skip(i + 1);
        }
        tables(i, true, true)
    } else if is("JOIN") || is("STRAIGHT_JOIN") {
        tables(i, false, true)
    } else if (is("UPDATE") || is("DELETE")) && verb {
        let mut k = i + 1;
        while ["LOW_PRIORITY", "QUICK", "IGNORE"]
            .iter()
            .any(|w| kw(src, toks, k, w))
        {
            k += 1;
        }
        if kw(src, toks, k, "FROM") {
            return Walk::Skip(k);
        }
        tables(k - 1, true, true)
    } else if (is("INSERT") || is("REPLACE")) && verb {
        let mut k = i + 1;
        while ["LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "INTO"]
            .iter()
            .any(|w| kw(src, toks, k, w))
        {
            k += 1;
        }
        tables(k - 1, false, false)
    } else if is("INTO") {
        // SELECT ... INTO @v / OUTFILE / DUMPFILE name no table.
        if toks.get(i + 1).is_some_and(|t| {
            t.kind == TokenKind::Variable
                || t.is_keyword(src, "OUTFILE")
                || t.is_keyword(src, "DUMPFILE")
        }) {
            return Walk::Skip(i + 1);
        }
        tables(i, false, false)
    } else if is("TABLE") || is("TABLES") {
        let mut k = i + 1;
        if kw(src, toks, k, "IF") {
            k += if kw(src, toks, k + 1, "NOT") { 3 } else { 2 };
        }
        tables(k - 1, true, false)
    } else {
        Walk::Skip(i + 1)
    }
}

/// The target of an `INSERT`/`REPLACE`: shared by the write planner and the
/// shard-key code, so both read the same statement the same way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsertTarget<'a> {
    /// Explicit database qualifier, if written.
    pub db: Option<Cow<'a, str>>,
    pub table: Cow<'a, str>,
    /// Token index of the table name's last part.
    pub name_at: usize,
    /// Token index after the name and any `PARTITION (...)` clause: the
    /// column list, `VALUES`, `SET` or the query.
    pub after: usize,
}

/// `INSERT|REPLACE [LOW_PRIORITY|DELAYED|HIGH_PRIORITY] [IGNORE] [INTO]
/// [db.]t [PARTITION (...)]`; `None` when `toks` is not such a statement.
pub fn insert_target<'a>(src: &'a [u8], toks: &[Token]) -> Option<InsertTarget<'a>> {
    let first = toks.first()?;
    if !(first.is_keyword(src, "INSERT") || first.is_keyword(src, "REPLACE")) {
        return None;
    }
    let mut i = 1;
    while toks.get(i).is_some_and(|t| {
        ["LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "INTO"]
            .iter()
            .any(|w| t.is_keyword(src, w))
    }) {
        i += 1;
    }
    let is_name = |k: usize| {
        toks.get(k)
            .is_some_and(|t| matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent))
    };
    if !is_name(i) {
        return None;
    }
    let (db, table, name_at) =
        if toks.get(i + 1).map(|t| t.kind) == Some(TokenKind::Dot) && is_name(i + 2) {
            (
                Some(ident_name(src, &toks[i])),
                ident_name(src, &toks[i + 2]),
                i + 2,
            )
        } else {
            (None, ident_name(src, &toks[i]), i)
        };
    let mut after = name_at + 1;
    if toks
        .get(after)
        .is_some_and(|t| t.is_keyword(src, "PARTITION"))
        && toks.get(after + 1).map(|t| t.kind) == Some(TokenKind::LParen)
    {
        after = matching_paren(toks, after + 1) + 1;
    }
    Some(InsertTarget {
        db,
        table,
        name_at,
        after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::classify::significant_tokens;
    use crate::sql::lexer::LexOptions;

    const D: LexOptions = LexOptions {
        no_backslash_escapes: false,
        ansi_quotes: false,
    };

    fn tables(s: &str) -> Vec<String> {
        let (toks, _, _) = significant_tokens(s.as_bytes(), 0, D);
        table_refs(s.as_bytes(), &toks)
            .into_iter()
            .map(|r| {
                let mut n = String::new();
                if let Some(d) = r.db {
                    n += &d;
                    n += ".";
                }
                n += r.table.as_deref().unwrap_or("-");
                if let Some(a) = r.alias {
                    n += " ";
                    n += &a;
                }
                n
            })
            .collect()
    }

    #[test]
    fn table_references_are_found_with_their_database_and_alias() {
        assert_eq!(tables("SELECT * FROM t"), ["t"]);
        assert_eq!(
            tables("SELECT * FROM db.t AS x JOIN `u` y ON x.id=y.id"),
            ["db.t x", "u y"]
        );
        assert_eq!(tables("SELECT * FROM a, b c WHERE 1"), ["a", "b c"]);
        assert_eq!(
            tables("INSERT IGNORE INTO `db`.`t` (a) VALUES (1)"),
            ["db.t"]
        );
        assert_eq!(tables("INSERT t VALUES (1)"), ["t"]);
        assert_eq!(
            tables("UPDATE LOW_PRIORITY a JOIN b ON a.x=b.x SET a.y=1"),
            ["a", "b"]
        );
        assert_eq!(tables("UPDATE t1, t2 AS z SET t1.a=1"), ["t1", "t2 z"]);
        assert_eq!(tables("DELETE FROM t WHERE id=1"), ["t"]);
        assert_eq!(
            tables("DELETE a FROM t a JOIN u USING (id)"),
            ["a", "t a", "u"]
        );
        assert_eq!(
            tables("SELECT * FROM (SELECT doc FROM t) AS d"),
            ["- d", "t"]
        );
        assert_eq!(
            tables("WITH c AS (SELECT * FROM t) SELECT * FROM c"),
            ["- c", "t", "c"]
        );
        assert_eq!(tables("DROP TABLE IF EXISTS a, b"), ["a", "b"]);
        assert_eq!(tables("CREATE TABLE t (id int)"), ["t"]);
        assert_eq!(
            tables("SELECT * FROM t PARTITION (p0) AS x FORCE INDEX (i) WHERE 1"),
            ["t x"]
        );
        assert_eq!(tables("SELECT a INTO @v FROM t"), ["t"]);
        assert_eq!(
            tables("SELECT * FROM JSON_TABLE(t.doc, '$' COLUMNS (a INT PATH '$.a')) j"),
            ["- j"]
        );
        assert_eq!(tables("SELECT * FROM t FOR UPDATE"), ["t"]);
    }
}
