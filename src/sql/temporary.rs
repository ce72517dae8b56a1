//! Temporary tables a session created: from `CREATE TEMPORARY TABLE docs`
//! until it is dropped or renamed away, MariaDB resolves `docs` in that
//! session to the temporary table, a plain table whatever squeeze's
//! configuration says of the base `docs`. Pure: which statements create,
//! drop or rename a table, and the set of a session's temporary tables.
//! The session applies a statement's changes only once the server
//! answered it with OK (a failed CREATE shadows nothing).
//!
//! Facts of MariaDB (10.11) this relies on: `CREATE TEMPORARY TABLE IF NOT
//! EXISTS t` looks only at temporary tables, so after its OK a temporary `t`
//! exists; `DROP [TEMPORARY] TABLE t` drops the temporary `t` when there is
//! one; `RENAME TABLE` and `ALTER TABLE ... RENAME` rename a temporary
//! table when there is one; `CREATE TEMPORARY TABLE t LIKE t` is an error.

use std::collections::HashSet;

use super::lexer::{ident_name, Token, TokenKind};

/// A (database, table) name as the server resolves it.
pub type TableName = (String, String);

/// What one statement may do to the session's temporary tables, once the
/// server answered it with OK.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TempChange {
    /// `CREATE [OR REPLACE] TEMPORARY TABLE [IF NOT EXISTS] t`.
    Created(TableName),
    /// `DROP [TEMPORARY] TABLE t`: the temporary `t` if there is one.
    Dropped(TableName),
    /// `RENAME TABLE a TO b`, `ALTER TABLE a RENAME TO b`: moves a
    /// temporary `a` (a base `a` is not a temporary table's business).
    Renamed { from: TableName, to: TableName },
    /// A change that may or may not happen (a statement inside a
    /// compound statement's branch or loop): applied as
    /// [`TempTables::forget`].
    Maybe(Box<TempChange>),
    /// Code squeeze does not see (`CALL`, `EXECUTE` of a prepared
    /// statement) may have created or dropped any temporary table: every
    /// configured name is taken as not temporary.
    Unseen,
}

impl TempChange {
    /// Does it touch a name for which `f` holds?
    pub fn touches(&self, f: impl Fn(&TableName) -> bool) -> bool {
        match self {
            TempChange::Created(n) | TempChange::Dropped(n) => f(n),
            TempChange::Renamed { from, to } => f(from) || f(to),
            TempChange::Maybe(c) => c.touches(f),
            TempChange::Unseen => true,
        }
    }
}

/// The changes of a statement the server runs out of squeeze's sight:
/// the text of `EXECUTE IMMEDIATE '...'` (it runs), `CALL` and `EXECUTE`
/// of a prepared statement (unseen).
pub fn hidden_changes(
    sql: &[u8],
    toks: &[Token],
    db: Option<&str>,
    opts: super::LexOptions,
) -> Vec<TempChange> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    if kw(0, "CALL") || (kw(0, "EXECUTE") && !kw(1, "IMMEDIATE")) {
        return vec![TempChange::Unseen];
    }
    if kw(0, "EXECUTE") && kw(1, "IMMEDIATE") {
        let inner = toks
            .get(2)
            .filter(|t| matches!(t.kind, TokenKind::Str { .. }))
            .and_then(|t| super::lexer::decode_string(sql, t, opts));
        return match inner {
            Some(text) => {
                let (itoks, _, _) = super::classify::significant_tokens(&text, 0, opts);
                changes(&text, &itoks, db)
            }
            None => vec![TempChange::Unseen],
        };
    }
    Vec::new()
}

/// The changes of a statement text squeeze sees but the server runs later
/// (`PREPARE s FROM '<text>'`, then `EXECUTE s`).
pub fn text_changes(text: &[u8], opts: super::LexOptions, db: Option<&str>) -> Vec<TempChange> {
    let (toks, _, _) = super::classify::significant_tokens(text, 0, opts);
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(text, w));
    if super::compound::opens_block(text, &toks) {
        // The block whole, `;`s included.
        let statements = super::statement::split(text, opts);
        let end = super::compound::block_end(text, &statements, 0);
        let block = super::compound::block_tokens(&statements, 0, end);
        return block_changes(text, &block, db);
    }
    if ["CREATE", "DROP", "ALTER", "RENAME"]
        .iter()
        .any(|w| kw(0, w))
    {
        return changes(text, &toks, db);
    }
    hidden_changes(text, &toks, db, opts)
}

/// The changes of a compound statement (`toks` span it whole, `;`s
/// included): each statement in it that creates, drops or renames a table
/// may or may not run; a `CALL` or `EXECUTE` in it is unseen.
pub fn block_changes(sql: &[u8], toks: &[Token], db: Option<&str>) -> Vec<TempChange> {
    let mut out = Vec::new();
    for piece in toks.split(|t| t.kind == TokenKind::Semicolon) {
        // A statement starts after the words that open a block or branch.
        let start = piece
            .iter()
            .rposition(|t| {
                t.is_op(sql, ":")
                    || ["BEGIN", "ATOMIC", "THEN", "ELSE", "DO", "LOOP", "REPEAT"]
                        .iter()
                        .any(|w| t.is_keyword(sql, w))
            })
            .map_or(0, |i| i + 1);
        let stmt = &piece[start.min(piece.len())..];
        let kw = |i: usize, w: &str| stmt.get(i).is_some_and(|t| t.is_keyword(sql, w));
        if kw(0, "CALL") || kw(0, "EXECUTE") {
            return vec![TempChange::Unseen];
        }
        out.extend(
            changes(sql, stmt, db)
                .into_iter()
                .map(|c| TempChange::Maybe(Box::new(c))),
        );
    }
    out
}

/// The changes a statement (its significant tokens) makes to temporary
/// tables; `db` is the current database (an unqualified name without one
/// is the server's error, so nothing).
pub fn changes(sql: &[u8], toks: &[Token], db: Option<&str>) -> Vec<TempChange> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
    let mut out = Vec::new();
    if kw(0, "CREATE") {
        let Some(t) = (1..toks.len().min(5)).find(|&i| kw(i, "TABLE")) else {
            return out;
        };
        let head = (1..t).all(|i| kw(i, "OR") || kw(i, "REPLACE") || kw(i, "TEMPORARY"));
        if !head || !(1..t).any(|i| kw(i, "TEMPORARY")) {
            return out;
        }
        let mut i = t + 1;
        if kw(i, "IF") && kw(i + 1, "NOT") && kw(i + 2, "EXISTS") {
            i += 3;
        }
        if let Some((name, _)) = table_name(sql, toks, i, db) {
            out.push(TempChange::Created(name));
        }
    } else if kw(0, "DROP") {
        let mut i = 1;
        if kw(i, "TEMPORARY") {
            i += 1;
        }
        if !(kw(i, "TABLE") || kw(i, "TABLES")) {
            return out;
        }
        i += 1;
        if kw(i, "IF") && kw(i + 1, "EXISTS") {
            i += 2;
        }
        while let Some((name, next)) = table_name(sql, toks, i, db) {
            out.push(TempChange::Dropped(name));
            if toks.get(next).map(|t| t.kind) != Some(TokenKind::Comma) {
                break;
            }
            i = next + 1;
        }
    } else if kw(0, "RENAME") && (kw(1, "TABLE") || kw(1, "TABLES")) {
        let mut i = 2;
        if kw(i, "IF") && kw(i + 1, "EXISTS") {
            i += 2;
        }
        while let Some((from, mut next)) = table_name(sql, toks, i, db) {
            // `a [WAIT n | NOWAIT] TO b`
            if kw(next, "WAIT") {
                next += 2;
            } else if kw(next, "NOWAIT") {
                next += 1;
            }
            if !kw(next, "TO") {
                break;
            }
            let Some((to, after)) = table_name(sql, toks, next + 1, db) else {
                break;
            };
            out.push(TempChange::Renamed { from, to });
            if toks.get(after).map(|t| t.kind) != Some(TokenKind::Comma) {
                break;
            }
            i = after + 1;
        }
    } else if kw(0, "ALTER") {
        let Some(t) = (1..toks.len().min(4)).find(|&i| kw(i, "TABLE")) else {
            return out;
        };
        if !(1..t).all(|i| kw(i, "ONLINE") || kw(i, "IGNORE")) {
            return out;
        }
        let mut i = t + 1;
        if kw(i, "IF") && kw(i + 1, "EXISTS") {
            i += 2;
        }
        let Some((from, mut k)) = table_name(sql, toks, i, db) else {
            return out;
        };
        // `... RENAME [TO | AS] b` at the top level (not RENAME COLUMN,
        // INDEX or KEY); the last one wins, as in the server.
        let mut depth = 0usize;
        let mut to = None;
        while k < toks.len() {
            match toks[k].kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => depth = depth.saturating_sub(1),
                TokenKind::Ident if depth == 0 && kw(k, "RENAME") => {
                    let skip = ["COLUMN", "INDEX", "KEY"].iter().any(|w| kw(k + 1, w));
                    if !skip {
                        let at = if kw(k + 1, "TO") || kw(k + 1, "AS") {
                            k + 2
                        } else {
                            k + 1
                        };
                        if let Some((name, _)) = table_name(sql, toks, at, db) {
                            to = Some(name);
                        }
                    }
                }
                _ => {}
            }
            k += 1;
        }
        if let Some(to) = to {
            out.push(TempChange::Renamed { from, to });
        }
    }
    out
}

/// `name` or `db.name` at `i`: the resolved name and the index after it.
fn table_name(
    sql: &[u8],
    toks: &[Token],
    i: usize,
    db: Option<&str>,
) -> Option<(TableName, usize)> {
    let is_name = |t: &Token| matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent);
    let first = toks.get(i).filter(|t| is_name(t))?;
    if toks.get(i + 1).map(|t| t.kind) == Some(TokenKind::Dot) {
        let second = toks.get(i + 2).filter(|t| is_name(t))?;
        let name = (
            ident_name(sql, first).into_owned(),
            ident_name(sql, second).into_owned(),
        );
        return Some((name, i + 3));
    }
    Some((
        (db?.to_string(), ident_name(sql, first).into_owned()),
        i + 1,
    ))
}

/// The most temporary tables a session's set holds; a session that
/// creates more is still followed for the names squeeze compresses
/// (`Created` of another name is not recorded past this).
pub const MAX_TRACKED: usize = 4096;

/// The temporary tables of one backend session.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TempTables {
    names: HashSet<TableName>,
    /// Some `Created` was not recorded ([`MAX_TRACKED`]): a rename from a
    /// name not in the set may then move a temporary table.
    overflowed: bool,
}

impl TempTables {
    pub fn contains(&self, db: &str, table: &str) -> bool {
        !self.names.is_empty() && self.names.contains(&(db.to_string(), table.to_string()))
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Whether a rename from a name not in the set may have moved a
    /// temporary table squeeze did not record.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Apply a change the server confirmed; `keep(name)`: record this
    /// name even past [`MAX_TRACKED`] (a configured table). Returns whether
    /// the set changed.
    pub fn apply(&mut self, change: &TempChange, keep: impl Fn(&TableName) -> bool) -> bool {
        match change {
            TempChange::Maybe(_) | TempChange::Unseen => self.forget(change, keep),
            TempChange::Created(name) => {
                if self.names.len() >= MAX_TRACKED && !keep(name) {
                    self.overflowed = true;
                    return false;
                }
                self.names.insert(name.clone())
            }
            TempChange::Dropped(name) => self.names.remove(name),
            TempChange::Renamed { from, to } => {
                if !self.names.remove(from) {
                    return false;
                }
                self.names.insert(to.clone());
                true
            }
        }
    }

    /// A change the server may or may not have made (a multi-statement
    /// query that failed where squeeze cannot tell which statement did):
    /// the names it touches are taken as not temporary. That errs on the
    /// side that keeps the configured table's data right: a value written
    /// to a temporary table after this is compressed (and inflated when
    /// read), never stored raw in the configured table.
    /// `Unseen` forgets every name for which `keep` holds (configured).
    pub fn forget(&mut self, change: &TempChange, keep: impl Fn(&TableName) -> bool) -> bool {
        match change {
            TempChange::Created(name) | TempChange::Dropped(name) => self.names.remove(name),
            TempChange::Renamed { from, to } => self.names.remove(from) | self.names.remove(to),
            TempChange::Maybe(c) => self.forget(c, keep),
            TempChange::Unseen => {
                let before = self.names.len();
                self.names.retain(|n| !keep(n));
                self.names.len() != before
            }
        }
    }

    /// The names for which `keep` holds, sorted (what a plan depended on:
    /// the temporary tables that shadow configured ones).
    pub fn names_where(&self, keep: impl Fn(&TableName) -> bool) -> Vec<TableName> {
        let mut v: Vec<TableName> = self.names.iter().filter(|n| keep(n)).cloned().collect();
        v.sort();
        v
    }

    /// The server session ended or was reset: no temporary tables.
    pub fn clear(&mut self) {
        self.names.clear();
        self.overflowed = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::classify::significant_tokens;
    use crate::sql::LexOptions;

    fn of(sql: &str) -> Vec<TempChange> {
        let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, LexOptions::default());
        changes(sql.as_bytes(), &toks, Some("db"))
    }

    fn n(d: &str, t: &str) -> TableName {
        (d.into(), t.into())
    }

    #[test]
    fn create_temporary_in_every_spelling_creates_the_resolved_name() {
        for sql in [
            "CREATE TEMPORARY TABLE docs (id INT)",
            "create or replace temporary table docs (id INT)",
            "CREATE TEMPORARY TABLE IF NOT EXISTS `docs` LIKE other",
            "CREATE TEMPORARY TABLE docs AS SELECT 1",
        ] {
            assert_eq!(of(sql), vec![TempChange::Created(n("db", "docs"))], "{sql}");
        }
        assert_eq!(
            of("CREATE TEMPORARY TABLE db2.docs (id INT)"),
            vec![TempChange::Created(n("db2", "docs"))]
        );
        assert!(of("CREATE TABLE docs (id INT)").is_empty());
        assert!(of("CREATE TEMPORARY TABLE docs (id INT)")
            .iter()
            .all(|c| matches!(c, TempChange::Created(_))));
    }

    #[test]
    fn drops_and_renames_name_every_table_they_touch() {
        assert_eq!(
            of("DROP TEMPORARY TABLE IF EXISTS docs, db2.docs"),
            vec![
                TempChange::Dropped(n("db", "docs")),
                TempChange::Dropped(n("db2", "docs"))
            ]
        );
        assert_eq!(
            of("DROP TABLE docs"),
            vec![TempChange::Dropped(n("db", "docs"))]
        );
        assert_eq!(
            of("RENAME TABLE docs TO x, x NOWAIT TO db2.y"),
            vec![
                TempChange::Renamed {
                    from: n("db", "docs"),
                    to: n("db", "x")
                },
                TempChange::Renamed {
                    from: n("db", "x"),
                    to: n("db2", "y")
                }
            ]
        );
        assert_eq!(
            of("ALTER TABLE docs ADD COLUMN n INT, RENAME TO x"),
            vec![TempChange::Renamed {
                from: n("db", "docs"),
                to: n("db", "x")
            }]
        );
        assert!(of("ALTER TABLE docs RENAME COLUMN a TO b").is_empty());
        assert!(of("ALTER TABLE docs RENAME INDEX a TO b").is_empty());
        assert!(of("DROP DATABASE docs").is_empty());
    }

    #[test]
    fn changes_out_of_sight_are_followed_or_marked_unseen() {
        let text = |sql: &str| text_changes(sql.as_bytes(), LexOptions::default(), Some("db"));
        assert_eq!(
            of("EXECUTE IMMEDIATE 'CREATE TEMPORARY TABLE docs (id INT)'"),
            Vec::<TempChange>::new(),
            "not DDL itself"
        );
        let (toks, _, _) = significant_tokens(
            b"EXECUTE IMMEDIATE 'DROP TEMPORARY TABLE docs'",
            0,
            LexOptions::default(),
        );
        assert_eq!(
            hidden_changes(
                b"EXECUTE IMMEDIATE 'DROP TEMPORARY TABLE docs'",
                &toks,
                Some("db"),
                LexOptions::default()
            ),
            vec![TempChange::Dropped(n("db", "docs"))]
        );
        assert_eq!(text("CALL p()"), vec![TempChange::Unseen]);
        assert_eq!(text("EXECUTE IMMEDIATE @q"), vec![TempChange::Unseen]);
        assert!(text("SELECT COUNT(*) FROM docs").is_empty());
        assert_eq!(
            text("BEGIN NOT ATOMIC IF 1 THEN DROP TABLE docs; END IF; END"),
            vec![TempChange::Maybe(Box::new(TempChange::Dropped(n(
                "db", "docs"
            ))))]
        );
        assert_eq!(
            text("BEGIN NOT ATOMIC SELECT 1; CALL p(); END"),
            vec![TempChange::Unseen]
        );
        // Unseen forgets the configured names only.
        let mut t = TempTables::default();
        t.apply(&TempChange::Created(n("db", "docs")), |_| true);
        t.apply(&TempChange::Created(n("db", "tmp")), |_| true);
        assert!(t.apply(&TempChange::Unseen, |n| n.1 == "docs"));
        assert!(!t.contains("db", "docs") && t.contains("db", "tmp"));
    }

    #[test]
    fn a_rename_moves_only_a_recorded_temporary_table() {
        let mut t = TempTables::default();
        let keep = |_: &TableName| false;
        assert!(t.apply(&TempChange::Created(n("db", "docs")), keep));
        assert!(t.contains("db", "docs"));
        let rename = TempChange::Renamed {
            from: n("db", "docs"),
            to: n("db", "x"),
        };
        assert!(t.apply(&rename, keep));
        assert!(!t.contains("db", "docs") && t.contains("db", "x"));
        // A base table renamed: not a temporary table.
        assert!(!t.apply(
            &TempChange::Renamed {
                from: n("db", "base"),
                to: n("db", "docs")
            },
            keep
        ));
        assert!(!t.contains("db", "docs"));
        assert!(t.apply(&TempChange::Dropped(n("db", "x")), keep));
        assert!(t.is_empty());
    }

    #[test]
    fn the_set_is_bounded_but_keeps_configured_names() {
        let mut t = TempTables::default();
        for i in 0..MAX_TRACKED + 10 {
            t.apply(&TempChange::Created(n("db", &format!("t{i}"))), |_| false);
        }
        assert!(t.overflowed());
        assert!(!t.contains("db", &format!("t{}", MAX_TRACKED + 1)));
        t.apply(&TempChange::Created(n("db", "docs")), |n| n.1 == "docs");
        assert!(t.contains("db", "docs"));
        t.clear();
        assert!(t.is_empty() && !t.overflowed());
    }
}
