//! Thread ids written as numbers, in the client's numbering.
//!
//! A client knows sessions by squeeze's ids: the handshake's, the one
//! `CONNECTION_ID()` answers as a select item, and the one every thread-id
//! column of a result shows (`session::thread_ids` translates them on the
//! way out). A query that compares such a column with a number it read
//! there (Connector/J's `isServerLocal()`: `... FROM
//! performance_schema.threads WHERE PROCESSLIST_ID = <its id>`) means the
//! session squeeze numbered so; the server numbers that session by its
//! backend thread. This finds the integer literals compared with a
//! thread-id column (`=`, `<=>`, `<>`, `!=`, `[NOT] IN (...)`), so that the
//! session can put the server's number in their place. Anything less
//! plain (arithmetic next to the comparison, a list with an expression in
//! it, a column squeeze cannot tie to its table) is left as written. Pure.

use std::ops::Range;

use super::lexer::{ident_name, Token, TokenKind};
use super::statement::Query;
use super::tables::TableRef;

/// The tables whose columns hold a processlist thread id, and whether the
/// column's name alone says so (no other table has a column of that name).
/// The same columns `session::thread_ids` translates in results.
const THREAD_ID_COLUMNS: [(&str, &str, bool); 6] = [
    ("PROCESSLIST", "ID", false),
    ("METADATA_LOCK_INFO", "THREAD_ID", false),
    ("INNODB_TRX", "trx_mysql_thread_id", true),
    ("threads", "PROCESSLIST_ID", true),
    ("session_connect_attrs", "PROCESSLIST_ID", true),
    ("session_account_connect_attrs", "PROCESSLIST_ID", true),
];

const COMPARISONS: [&str; 4] = ["=", "<=>", "<>", "!="];

/// An integer literal compared with a thread-id column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdLiteral {
    /// Its bytes in the query text.
    pub span: Range<usize>,
    pub id: u64,
}

/// Every integer literal of `query` compared with a thread-id column.
pub fn id_literals(query: &Query<'_>) -> Vec<IdLiteral> {
    let src = query.text;
    let mut found = Vec::new();
    for st in query.non_empty() {
        let toks = &st.tokens;
        let refs = st.relations(src);
        for j in 0..toks.len() {
            if let Some((first, last)) = thread_id_column(src, toks, refs, j) {
                compared_literals(src, toks, first, last, &mut found);
            }
        }
    }
    found
}

/// The column reference ending at token `j` when it is a thread-id column:
/// its first and last token.
fn thread_id_column(
    src: &[u8],
    toks: &[Token],
    refs: &[TableRef<'_>],
    j: usize,
) -> Option<(usize, usize)> {
    let t = &toks[j];
    if !matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent)
        || toks
            .get(j + 1)
            .is_some_and(|n| matches!(n.kind, TokenKind::Dot | TokenKind::LParen))
        || refs.iter().any(|r| r.tokens.contains(&j))
    {
        return None;
    }
    let name = ident_name(src, t);
    let qualified = j >= 2 && toks[j - 1].kind == TokenKind::Dot;
    let qualifier = qualified.then(|| ident_name(src, &toks[j - 2]));
    let first = if qualified {
        // `db.table.column` starts two tokens earlier still.
        if j >= 4 && toks[j - 3].kind == TokenKind::Dot {
            j - 4
        } else {
            j - 2
        }
    } else {
        j
    };
    let names_table = |r: &TableRef<'_>, table: &str| {
        r.table
            .as_deref()
            .is_some_and(|n| n.eq_ignore_ascii_case(table))
    };
    let is_id = THREAD_ID_COLUMNS.iter().any(|(table, column, unique)| {
        if !name.eq_ignore_ascii_case(column) {
            return false;
        }
        let owners = refs.iter().filter(|r| names_table(r, table)).count();
        match &qualifier {
            Some(q) => refs.iter().any(|r| {
                names_table(r, table)
                    && r.alias
                        .as_deref()
                        .map_or(q.eq_ignore_ascii_case(table), |a| a.eq_ignore_ascii_case(q))
            }),
            // Unqualified: the table is in the statement, and no other
            // table could own a column of that name.
            None => owners > 0 && (*unique || owners == refs.len()),
        }
    });
    is_id.then_some((first, j))
}

/// The integer literals compared with the column at tokens
/// `first..=last`, in either order or as an `IN` list.
fn compared_literals(
    src: &[u8],
    toks: &[Token],
    first: usize,
    last: usize,
    found: &mut Vec<IdLiteral>,
) {
    let is_cmp = |t: Option<&Token>| t.is_some_and(|t| COMPARISONS.iter().any(|c| t.is_op(src, c)));
    let is_op = |t: Option<&Token>| t.is_some_and(|t| t.kind == TokenKind::Op);
    let before = first.checked_sub(1).and_then(|i| toks.get(i));
    // `col = N`: nothing binds tighter on either side.
    if is_cmp(toks.get(last + 1)) && !is_op(before) && !is_op(toks.get(last + 3)) {
        if let Some(l) = integer(src, toks.get(last + 2)) {
            found.push(l);
        }
    }
    // `N = col`.
    if first >= 2 && is_cmp(toks.get(first - 1)) && !is_op(toks.get(last + 1)) {
        let before_n = first.checked_sub(3).and_then(|i| toks.get(i));
        if !is_op(before_n) {
            if let Some(l) = integer(src, toks.get(first - 2)) {
                found.push(l);
            }
        }
    }
    // `col [NOT] IN (N, ...)`: every item a number, or none is taken.
    let mut k = last + 1;
    if toks.get(k).is_some_and(|t| t.is_keyword(src, "NOT")) {
        k += 1;
    }
    if !(toks.get(k).is_some_and(|t| t.is_keyword(src, "IN"))
        && toks.get(k + 1).is_some_and(|t| t.kind == TokenKind::LParen))
        || is_op(before)
    {
        return;
    }
    let mut items = Vec::new();
    let mut k = k + 2;
    loop {
        let Some(l) = integer(src, toks.get(k)) else {
            return;
        };
        items.push(l);
        match toks.get(k + 1).map(|t| t.kind) {
            Some(TokenKind::Comma) => k += 2,
            Some(TokenKind::RParen) => break,
            _ => return,
        }
    }
    found.extend(items);
}

fn integer(src: &[u8], t: Option<&Token>) -> Option<IdLiteral> {
    let t = t.filter(|t| t.kind == TokenKind::Number)?;
    let text = t.text(src);
    if !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let id = std::str::from_utf8(text).ok()?.parse().ok()?;
    Some(IdLiteral {
        span: t.start..t.end,
        id,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::lexer::LexOptions;

    fn ids(sql: &str) -> Vec<(String, u64)> {
        let q = Query::new(sql.as_bytes(), LexOptions::default());
        id_literals(&q)
            .into_iter()
            .map(|l| (sql[l.span].to_string(), l.id))
            .collect()
    }

    #[test]
    fn connector_j_is_server_local_compares_processlist_id_with_a_number() {
        assert_eq!(
            ids("SELECT host FROM performance_schema.threads WHERE PROCESSLIST_ID = 42"),
            vec![("42".into(), 42)]
        );
        assert_eq!(
            ids("SELECT * FROM information_schema.processlist WHERE id = 42"),
            vec![("42".into(), 42)]
        );
    }

    #[test]
    fn either_order_null_safe_inequality_and_in_lists_are_found() {
        assert_eq!(
            ids("SELECT 1 FROM performance_schema.threads WHERE 7 <=> PROCESSLIST_ID"),
            vec![("7".into(), 7)]
        );
        assert_eq!(
            ids("SELECT 1 FROM information_schema.PROCESSLIST p WHERE p.ID NOT IN (3, 4)"),
            vec![("3".into(), 3), ("4".into(), 4)]
        );
        assert_eq!(
            ids("SELECT 1 FROM information_schema.INNODB_TRX t JOIN x ON 1 WHERE trx_mysql_thread_id != 9"),
            vec![("9".into(), 9)]
        );
    }

    #[test]
    fn an_id_column_of_another_table_is_not_a_thread_id() {
        // `id` of a joined table, qualified or not.
        assert!(
            ids("SELECT 1 FROM information_schema.PROCESSLIST p JOIN t ON t.id = 5").is_empty()
        );
        assert!(ids("SELECT 1 FROM information_schema.PROCESSLIST p, t WHERE id = 5").is_empty());
        assert!(ids("SELECT 1 FROM t WHERE id = 5").is_empty());
        // P_S THREAD_ID is performance schema's own numbering.
        assert!(ids("SELECT 1 FROM performance_schema.threads WHERE THREAD_ID = 5").is_empty());
        assert_eq!(
            ids("SELECT 1 FROM information_schema.METADATA_LOCK_INFO WHERE THREAD_ID = 5"),
            vec![("5".into(), 5)]
        );
    }

    #[test]
    fn numbers_inside_arithmetic_strings_or_mixed_lists_are_left_alone() {
        for sql in [
            "SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = 5 + 1",
            "SELECT 1 FROM information_schema.PROCESSLIST WHERE ID + 1 = 5",
            "SELECT 1 FROM information_schema.PROCESSLIST WHERE 2 * 5 = ID",
            "SELECT 1 FROM information_schema.PROCESSLIST WHERE ID IN (5, @x)",
            "SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = '5'",
            "SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = 5.0",
            "SELECT 1 FROM information_schema.PROCESSLIST WHERE ID > 5",
            "SELECT 'WHERE ID = 5' FROM information_schema.PROCESSLIST",
        ] {
            assert!(ids(sql).is_empty(), "{sql}: {:?}", ids(sql));
        }
    }
}
