//! Which statements leave state in the server session.
//!
//! When a session's backend connection dies, everything the server kept for
//! that session is gone. squeeze may only carry on with a new backend
//! connection when the session provably held nothing of the kind; this
//! module decides, per query text, whether running it leaves such state
//! behind. It is deliberately conservative: a statement it does not know is
//! counted as leaving state.

use super::classify::{SessionChange, StatementKind};
use super::lexer::{LexOptions, Token, TokenKind};
use super::statement::{Query, Statement};

/// What running a statement leaves in the server session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateEffect {
    /// Nothing a new connection would lack.
    None,
    /// Starts or ends a transaction. The session follows transactions
    /// through the server's status flags; while such a statement is in
    /// flight its outcome is unknown.
    Transaction,
    /// Leaves state that only a session reset clears (what, for messages).
    Leaves(&'static str),
}

impl StateEffect {
    /// The stronger of two effects (`Leaves` > `Transaction` > `None`).
    pub fn max(self, other: StateEffect) -> StateEffect {
        match (self, other) {
            (StateEffect::Leaves(a), _) => StateEffect::Leaves(a),
            (_, StateEffect::Leaves(b)) => StateEffect::Leaves(b),
            (StateEffect::Transaction, _) | (_, StateEffect::Transaction) => {
                StateEffect::Transaction
            }
            _ => StateEffect::None,
        }
    }
}

/// Verbs whose statements leave nothing behind unless their body does
/// (user variables, temporary tables, named locks).
const PLAIN_VERBS: &[&str] = &[
    "SELECT", "WITH", "VALUES", "TABLE", "INSERT", "UPDATE", "DELETE", "REPLACE", "SHOW",
    "DESCRIBE", "DESC", "EXPLAIN", "ANALYZE", "CHECKSUM", "CHECK", "OPTIMIZE", "REPAIR", "USE",
    "DO", "CREATE", "ALTER", "DROP", "RENAME", "TRUNCATE", "GRANT", "REVOKE", "FLUSH", "KILL",
    "LOAD", "HELP",
];

/// Statements longer than this that the fast path cannot clear are counted
/// as leaving state rather than lexed (a bulk INSERT of JSON documents full
/// of `@` and `;` would otherwise be lexed twice).
const MAX_CLASSIFIED_LEN: usize = 64 * 1024;

/// What running `sql` (one COM_QUERY, possibly several statements) leaves
/// in the server session.
pub fn query_state_effect(sql: &[u8], opts: LexOptions) -> StateEffect {
    query_effect(&Query::new(sql, opts))
}

/// `query_state_effect` of a query's model: this runs before every query
/// of a session, and the common single DML statement without `@`, `;` or
/// a `..._LOCK` function is cleared from the pre-scan, without lexing.
pub fn query_effect(query: &Query<'_>) -> StateEffect {
    if query.scan.is_plain_dml() {
        return StateEffect::None;
    }
    if query.text.len() > MAX_CLASSIFIED_LEN {
        return StateEffect::Leaves("state left by a statement too large to classify");
    }
    let mut effect = StateEffect::None;
    for st in query.non_empty() {
        effect = effect.max(statement_effect(query.text, &st.tokens));
        if matches!(effect, StateEffect::Leaves(_)) {
            break;
        }
    }
    effect
}

fn statement_effect(src: &[u8], toks: &[Token]) -> StateEffect {
    let Some(first) = toks.iter().position(|t| t.kind != TokenKind::LParen) else {
        return StateEffect::None;
    };
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(src, w));
    let verb = toks[first];
    if PLAIN_VERBS.iter().any(|v| verb.is_keyword(src, v)) {
        return body_effect(src, toks);
    }
    if kw(first, "BEGIN") {
        // `BEGIN [WORK]` opens a transaction; `BEGIN NOT ATOMIC` is a
        // compound statement that may do anything.
        return if toks.len() == first + 1 || (toks.len() == first + 2 && kw(first + 1, "WORK")) {
            StateEffect::Transaction
        } else {
            StateEffect::Leaves("a compound statement")
        };
    }
    if kw(first, "START") {
        return if kw(first + 1, "TRANSACTION") {
            StateEffect::Transaction
        } else {
            StateEffect::Leaves("state left by a statement squeeze does not classify")
        };
    }
    if ["COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE"]
        .iter()
        .any(|v| verb.is_keyword(src, v))
    {
        return body_effect(src, toks).max(StateEffect::Transaction);
    }
    let what = if verb.is_keyword(src, "SET") {
        if has_user_variable(src, toks) {
            "user variables"
        } else {
            "session variables"
        }
    } else if ["PREPARE", "EXECUTE", "DEALLOCATE"]
        .iter()
        .any(|v| verb.is_keyword(src, v))
    {
        "prepared statements"
    } else if verb.is_keyword(src, "LOCK") || verb.is_keyword(src, "UNLOCK") {
        "table locks"
    } else if verb.is_keyword(src, "HANDLER") {
        "open HANDLER tables"
    } else if verb.is_keyword(src, "XA") {
        "an XA transaction"
    } else if verb.is_keyword(src, "CALL") {
        "a stored procedure call"
    } else {
        "state left by a statement squeeze does not classify"
    };
    StateEffect::Leaves(what)
}

/// Whether a statement may change how the statements after it in the same
/// query are read (sql_mode, the client character set) in a way squeeze
/// cannot know before the server's OK for it: what it does, for the
/// refusal. A `SET sql_mode = '<literal>'` is known (the split lexes the
/// rest under it); dynamic SQL, compound statements, a mode squeeze cannot
/// read and any character set change are not. Stored procedures and
/// functions run under their own saved sql_mode and character set, which
/// the server restores when they return, so `CALL` is not among them.
pub fn changes_reading_unknowably(src: &[u8], st: &Statement<'_>) -> Option<&'static str> {
    let toks = &st.tokens;
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(src, w));
    if let StatementKind::Set(changes) = &st.kind {
        return changes.iter().find_map(|c| match c {
            SessionChange::SqlMode(None) => Some("sets sql_mode to a value squeeze cannot read"),
            SessionChange::SqlMode(Some(_)) => None,
            _ => Some("changes the client character set"),
        });
    }
    if kw(0, "EXECUTE") {
        return Some("runs dynamic SQL (EXECUTE), which may change sql_mode or the character set");
    }
    if kw(0, "BEGIN") && !(toks.len() == 1 || (toks.len() == 2 && kw(1, "WORK"))) {
        return Some("is a compound statement, which may change sql_mode or the character set");
    }
    // `label: BEGIN ... END`, `IF ... END IF`, `WHILE`, `LOOP`, `REPEAT`, `CASE` blocks.
    if ["IF", "WHILE", "LOOP", "REPEAT", "CASE", "FOR"]
        .iter()
        .any(|v| kw(0, v))
        || (toks.len() > 2 && toks[1].is_op(src, ":"))
    {
        return Some("is a compound statement, which may change sql_mode or the character set");
    }
    None
}

/// Whether the statement text of dynamic SQL (`EXECUTE IMMEDIATE '...'`,
/// `PREPARE s FROM '...'`) is one plain `SELECT`, `INSERT`, `REPLACE`,
/// `UPDATE`, `DELETE` or `CALL`, which cannot change sql_mode or the
/// character set (stored programs restore their own when they return, as
/// for a `CALL` in the query itself).
pub fn text_keeps_reading(text: &[u8], opts: LexOptions) -> bool {
    let statements = super::statement::split(text, opts);
    let mut real = statements.iter().filter(|s| !s.is_empty());
    let (Some(st), None) = (real.next(), real.next()) else {
        return false;
    };
    let call = st
        .tokens
        .first()
        .is_some_and(|t| t.is_keyword(text, "CALL"));
    (call
        || matches!(
            st.kind,
            StatementKind::Select
                | StatementKind::Insert
                | StatementKind::Replace
                | StatementKind::Update
                | StatementKind::Delete
        ))
        && !super::compound::opens_block(text, &st.tokens)
}

/// Whether `stmts[i]` is dynamic SQL that runs a plain statement (see
/// [`text_keeps_reading`]): `EXECUTE IMMEDIATE '<text>'`, or `EXECUTE s`
/// of a text prepared earlier in the query or, before it, in the session
/// (`recorded(name)`: what squeeze recorded when it saw it prepared).
pub fn dynamic_keeps_reading(
    src: &[u8],
    stmts: &[Statement<'_>],
    i: usize,
    recorded: &dyn Fn(&str) -> bool,
) -> bool {
    let st = &stmts[i];
    match &st.kind {
        StatementKind::ExecuteImmediate { text: Some(t), .. } => {
            super::lexer::decode_string(src, t, st.opts)
                .is_some_and(|text| text_keeps_reading(&text, st.opts))
        }
        StatementKind::Execute => {
            let Some(name) = st.tokens.get(1) else {
                return false;
            };
            let name = super::lexer::ident_name(src, name).to_ascii_lowercase();
            for before in stmts[..i].iter().rev() {
                let kw =
                    |k: usize, w: &str| before.tokens.get(k).is_some_and(|t| t.is_keyword(src, w));
                match &before.kind {
                    StatementKind::Prepare { name: n, text } if n.eq_ignore_ascii_case(&name) => {
                        return text
                            .as_ref()
                            .and_then(|t| super::lexer::decode_string(src, t, before.opts))
                            .is_some_and(|text| text_keeps_reading(&text, before.opts));
                    }
                    _ if (kw(0, "DEALLOCATE") || kw(0, "DROP")) && kw(1, "PREPARE") => {
                        let gone = before.tokens.get(2).is_some_and(|t| {
                            super::lexer::ident_name(src, t).eq_ignore_ascii_case(&name)
                        });
                        if gone {
                            return false;
                        }
                    }
                    _ => {}
                }
            }
            recorded(&name)
        }
        _ => false,
    }
}

/// Whether the compound statement made of the pieces `stmts[first..=last]`
/// (as split at every `;`) is control flow around plain statements that
/// cannot change sql_mode or the character set: `[label:] BEGIN NOT
/// ATOMIC`, `IF`/`ELSEIF`/`ELSE`, `CASE ... WHEN`, `WHILE ... DO`, `LOOP`,
/// `REPEAT ... UNTIL`, `FOR ... IN ... DO`, their `END`s, `LEAVE`/`ITERATE`,
/// around `DECLARE`s
/// without a character set, `SELECT`, `INSERT`, `REPLACE`, `UPDATE` and
/// `DELETE`. Stored functions and triggers such statements (or conditions)
/// run use their own saved sql_mode and character set, which the server
/// restores when they return. Anything else (`SET`, `EXECUTE`, `CALL`,
/// cursors, handlers) may.
pub fn block_keeps_reading(src: &[u8], stmts: &[Statement<'_>], first: usize, last: usize) -> bool {
    let Some(pieces) = stmts.get(first..=last) else {
        return false;
    };
    pieces.len() >= 2 && pieces.iter().all(|st| plain_piece(src, &st.tokens))
}

/// Words that make a piece (or a condition) more than control flow around
/// one plain statement.
const NOT_PLAIN: [&str; 10] = [
    "BEGIN", "IF", "WHILE", "LOOP", "REPEAT", "CASE", "EXECUTE", "CALL", "END", "FOR",
];

/// One `;`-piece of a compound statement: control words around at most one
/// plain statement (see [`block_keeps_reading`]).
fn plain_piece(src: &[u8], toks: &[Token]) -> bool {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(src, w));
    let mut i = 0;
    loop {
        let label = toks
            .get(i)
            .is_some_and(|t| matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent))
            && toks.get(i + 1).is_some_and(|t| t.is_op(src, ":"));
        i = if label {
            i + 2
        } else if kw(i, "BEGIN") && kw(i + 1, "NOT") && kw(i + 2, "ATOMIC") {
            i + 3
        } else if kw(i, "IF") || kw(i, "ELSEIF") || kw(i, "WHEN") {
            match condition_end(src, toks, i + 1, "THEN") {
                Some(e) if e > i + 1 => e + 1,
                _ => return false,
            }
        } else if kw(i, "FOR")
            && toks
                .get(i + 1)
                .is_some_and(|t| matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent))
            && kw(i + 2, "IN")
        {
            // `FOR i IN 1 .. 3 DO`, `FOR r IN (SELECT ...) DO`.
            match condition_end(src, toks, i + 3, "DO") {
                Some(e) if e > i + 3 => e + 1,
                _ => return false,
            }
        } else if kw(i, "WHILE") {
            match condition_end(src, toks, i + 1, "DO") {
                Some(e) if e > i + 1 => e + 1,
                _ => return false,
            }
        } else if kw(i, "CASE") {
            // `CASE [value] WHEN`: on to the WHEN.
            match condition_end(src, toks, i + 1, "WHEN") {
                Some(e) => e,
                None => return false,
            }
        } else if kw(i, "UNTIL") {
            // `UNTIL condition END REPEAT`: on to the END.
            match condition_end(src, toks, i + 1, "END") {
                Some(e) if e > i + 1 => e,
                _ => return false,
            }
        } else if kw(i, "ELSE") || kw(i, "LOOP") || kw(i, "REPEAT") {
            i + 1
        } else {
            break;
        };
    }
    if i == toks.len() {
        return true;
    }
    if kw(i, "END") {
        // `END [IF|WHILE|LOOP|REPEAT|CASE] [label]`, nothing after it.
        let mut j = i + 1;
        if ["IF", "WHILE", "LOOP", "REPEAT", "CASE", "FOR"]
            .iter()
            .any(|w| kw(j, w))
        {
            j += 1;
        }
        if toks
            .get(j)
            .is_some_and(|t| matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent))
        {
            j += 1;
        }
        return j == toks.len();
    }
    if kw(i, "LEAVE") || kw(i, "ITERATE") {
        return toks.len() == i + 2;
    }
    let plain = ["SELECT", "INSERT", "REPLACE", "UPDATE", "DELETE"]
        .iter()
        .any(|w| kw(i, w))
        || (kw(i, "DECLARE")
            && !toks[i..].iter().any(|t| {
                ["SET", "CHARSET", "CURSOR", "HANDLER", "CONDITION"]
                    .iter()
                    .any(|w| t.is_keyword(src, w))
            }));
    plain && !toks[i..].iter().any(|t| is_control(src, t))
}

/// A word that opens or closes a block (or runs other code) inside what
/// should be a plain statement or a condition.
fn is_control(src: &[u8], t: &Token) -> bool {
    NOT_PLAIN.iter().any(|w| t.is_keyword(src, w))
}

/// The index of the first `word` at parenthesis depth 0 from `from` (the
/// end of a condition), when nothing before it is a control word.
fn condition_end(src: &[u8], toks: &[Token], from: usize, word: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (j, t) in toks.iter().enumerate().skip(from) {
        match t.kind {
            TokenKind::LParen => depth += 1,
            TokenKind::RParen => depth = depth.checked_sub(1)?,
            _ if depth == 0 && t.is_keyword(src, word) => return Some(j),
            _ if is_control(src, t) => return None,
            _ => {}
        }
    }
    None
}

/// State created inside an otherwise plain statement.
fn body_effect(src: &[u8], toks: &[Token]) -> StateEffect {
    if has_user_variable(src, toks) {
        return StateEffect::Leaves("user variables");
    }
    for t in toks {
        if t.is_keyword(src, "TEMPORARY") {
            return StateEffect::Leaves("temporary tables");
        }
        if t.kind == TokenKind::Ident {
            let w = t.text(src);
            let upper =
                |s: &[u8]| w.len() >= s.len() && w[w.len() - s.len()..].eq_ignore_ascii_case(s);
            // GET_LOCK, RELEASE_LOCK, RELEASE_ALL_LOCKS, ...
            if upper(b"_LOCK") || upper(b"_LOCKS") {
                return StateEffect::Leaves("named locks");
            }
        }
    }
    StateEffect::None
}

/// `@name` (not `@@system_variable`) anywhere: read or assigned, the
/// session may depend on it.
fn has_user_variable(src: &[u8], toks: &[Token]) -> bool {
    toks.iter()
        .any(|t| t.kind == TokenKind::Variable && !t.text(src).starts_with(b"@@"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::prescan::Prescan;
    use crate::sql::statement::split;

    fn effect(sql: &str) -> StateEffect {
        query_state_effect(sql.as_bytes(), LexOptions::default())
    }

    #[test]
    fn plain_reads_and_writes_leave_nothing() {
        for sql in [
            "SELECT * FROM t WHERE id = 1",
            "  insert into t values (1, 'a')",
            "UPDATE t SET a = 'x@y' WHERE id = 2",
            "DELETE FROM t",
            "(SELECT 1) UNION (SELECT 2)",
            "SELECT @@session.sql_mode",
            "CREATE TABLE t (id INT)",
            "DROP TABLE t",
            "SHOW TABLES",
            "USE app",
            "SELECT 1; SELECT 2",
            "SELECT 'GET_LOCK'",
            "",
        ] {
            assert_eq!(effect(sql), StateEffect::None, "{sql}");
        }
    }

    #[test]
    fn transaction_statements_are_tracked_by_status() {
        for sql in [
            "BEGIN",
            "begin work",
            "START TRANSACTION READ ONLY",
            "COMMIT",
            "ROLLBACK",
            "SAVEPOINT a",
            "RELEASE SAVEPOINT a",
            "INSERT INTO t VALUES (1); COMMIT",
        ] {
            assert_eq!(effect(sql), StateEffect::Transaction, "{sql}");
        }
    }

    #[test]
    fn session_state_is_named() {
        let cases = [
            ("SET @x = 1", "user variables"),
            ("SELECT @x := 5", "user variables"),
            ("SELECT id INTO @v FROM t LIMIT 1", "user variables"),
            ("SELECT /*!40000 @x := 1 */ 2", "user variables"),
            ("SET autocommit = 0", "session variables"),
            ("SET SESSION wait_timeout = 2", "session variables"),
            ("SET NAMES utf8mb4", "session variables"),
            (
                "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE",
                "session variables",
            ),
            ("CREATE TEMPORARY TABLE t (id INT)", "temporary tables"),
            ("SELECT GET_LOCK('a', 1)", "named locks"),
            ("DO release_all_locks()", "named locks"),
            ("LOCK TABLES t WRITE", "table locks"),
            ("PREPARE s FROM 'SELECT 1'", "prepared statements"),
            ("HANDLER t OPEN", "open HANDLER tables"),
            ("XA START 'x'", "an XA transaction"),
            ("CALL p()", "a stored procedure call"),
            ("BEGIN NOT ATOMIC SELECT 1; END", "a compound statement"),
            (
                "FROBNICATE",
                "state left by a statement squeeze does not classify",
            ),
            ("SELECT 1; SET @a = 2", "user variables"),
            ("BEGIN; SET @a = 2", "user variables"),
        ];
        for (sql, what) in cases {
            assert_eq!(effect(sql), StateEffect::Leaves(what), "{sql}");
        }
    }

    #[test]
    fn the_fast_path_agrees_with_the_lexer() {
        for sql in [
            "SELECT a FROM t WHERE id = 7",
            "INSERT INTO t VALUES (1)",
            "SELECT block FROM t",
        ] {
            assert!(Prescan::of(sql.as_bytes()).is_plain_dml());
            let full: Vec<_> = split(sql.as_bytes(), LexOptions::default())
                .into_iter()
                .map(|s| statement_effect(sql.as_bytes(), &s.tokens))
                .collect();
            assert!(full.iter().all(|e| *e == StateEffect::None), "{sql}");
        }
        assert!(!Prescan::of(b"SELECT get_lock('x', 1)").is_plain_dml());
        assert!(!Prescan::of(b"SELECT @a").is_plain_dml());
        assert!(!Prescan::of(b"SET @a = 1").is_plain_dml());
        assert!(!Prescan::of(b"SELECT 1 FROM t_LOCK").is_plain_dml());
    }

    fn lexed(sql: &[u8]) -> StateEffect {
        split(sql, LexOptions::default())
            .iter()
            .fold(StateEffect::None, |e, st| {
                e.max(statement_effect(sql, &st.tokens))
            })
    }

    proptest::proptest! {
        /// Hostile query text never panics the classifier.
        #[test]
        fn any_bytes_classify_without_panicking(sql in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200)) {
            let _ = query_state_effect(&sql, LexOptions::default());
        }

        /// What the fast path clears, the lexer-based classification
        /// clears too.
        #[test]
        fn the_fast_path_never_clears_what_the_lexer_counts(sql in "(SELECT|INSERT|SET|BEGIN|LOCK|@|@@x|;|'|`|\"|/\\*!|\\*/|-- |#|\n| |x|1|_|GET_LOCK|\\(|\\)){0,12}") {
            if Prescan::of(sql.as_bytes()).is_plain_dml() {
                proptest::prop_assert_eq!(lexed(sql.as_bytes()), StateEffect::None, "{}", sql);
            }
        }
    }

    fn unknowable(sql: &str) -> Vec<Option<&'static str>> {
        let q = Query::new(sql.as_bytes(), LexOptions::default());
        q.statements()
            .iter()
            .map(|s| changes_reading_unknowably(q.text, s))
            .collect()
    }

    #[test]
    fn dynamic_sql_compound_statements_and_charset_changes_make_later_statements_unknowable() {
        for sql in [
            "EXECUTE s",
            "EXECUTE IMMEDIATE 'SET sql_mode=''ANSI_QUOTES'''",
            "execute s USING @a",
            "BEGIN NOT ATOMIC SET sql_mode = 'ANSI'; END",
            "SET sql_mode = @m",
            "SET sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')",
            "SET NAMES latin1",
            "SET character_set_client = cp1251",
            "SET CHARACTER SET latin1",
            "IF 1 THEN SET sql_mode = @m; END IF",
        ] {
            assert!(unknowable(sql)[0].is_some(), "{sql}");
        }
        for sql in [
            "SET sql_mode = 'ANSI_QUOTES'",
            "SET @a = 1",
            "SET autocommit = 0",
            "CALL p()",
            "PREPARE s FROM 'SET sql_mode=''NO_BACKSLASH_ESCAPES'''",
            "BEGIN",
            "BEGIN WORK",
            "SELECT 1",
            "INSERT INTO t VALUES (1)",
        ] {
            assert_eq!(unknowable(sql)[0], None, "{sql}");
        }
    }

    #[test]
    fn dynamic_sql_of_a_plain_statement_cannot_change_how_later_statements_are_read() {
        let keeps = |sql: &str, i: usize| {
            let q = Query::new(sql.as_bytes(), LexOptions::default());
            dynamic_keeps_reading(q.text, q.statements(), i, &|n| n == "known")
        };
        assert!(keeps("EXECUTE IMMEDIATE 'SELECT 1'", 0));
        assert!(keeps("EXECUTE IMMEDIATE 'CALL p(1)' USING 1", 0));
        assert!(keeps("PREPARE s FROM 'UPDATE t SET a = 1'; EXECUTE s", 1));
        assert!(keeps("EXECUTE known", 0));
        for (sql, i) in [
            ("EXECUTE IMMEDIATE 'SET sql_mode = ''ANSI_QUOTES'''", 0),
            ("EXECUTE IMMEDIATE @q", 0),
            (
                "EXECUTE IMMEDIATE 'BEGIN NOT ATOMIC SET NAMES latin1; END'",
                0,
            ),
            (
                "EXECUTE IMMEDIATE 'SET STATEMENT sql_mode = '''' FOR SELECT 1'",
                0,
            ),
            ("PREPARE s FROM 'SET NAMES latin1'; EXECUTE s", 1),
            ("PREPARE known FROM @q; EXECUTE known", 1),
            ("DEALLOCATE PREPARE known; EXECUTE known", 1),
            ("EXECUTE unseen", 0),
        ] {
            assert!(!keeps(sql, i), "{sql}");
        }
    }

    fn keeps_reading(sql: &str) -> bool {
        let q = Query::new(sql.as_bytes(), LexOptions::default());
        let stmts = q.statements();
        let end = crate::sql::compound::block_end(q.text, stmts, 0);
        block_keeps_reading(q.text, stmts, 0, end)
    }

    #[test]
    fn a_block_of_plain_statements_cannot_change_how_later_statements_are_read() {
        for sql in [
            "BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (1, '{}'); SELECT id FROM docs; END",
            "g: BEGIN NOT ATOMIC UPDATE docs SET doc = 'x' WHERE id = 1; DELETE FROM docs WHERE id = 2; END g",
            "BEGIN NOT ATOMIC DECLARE v INT DEFAULT (SELECT COUNT(*) FROM docs); REPLACE INTO docs SET id = 3; END",
            "IF 1 THEN SELECT 1; END IF",
            "IF (SELECT COUNT(*) FROM t) > 1 THEN SELECT 1; SELECT 2; ELSEIF 0 THEN DELETE FROM t; ELSE SELECT 3; END IF",
            "BEGIN NOT ATOMIC WHILE 0 DO SELECT 1; END WHILE; END",
            "w: WHILE 0 DO SELECT 1; END WHILE w",
            "l: LOOP SELECT 1; LEAVE l; END LOOP l",
            "REPEAT SELECT 1; UNTIL 1 END REPEAT",
            "CASE 1 WHEN 1 THEN SELECT 1; WHEN 2 THEN SELECT 2; ELSE SELECT 3; END CASE",
            "CASE WHEN 1 THEN SELECT 1; END CASE",
            "FOR i IN 1 .. 3 DO SELECT i; END FOR",
            "f: FOR r IN (SELECT id FROM t) DO SELECT r.id; END FOR f",
            "BEGIN NOT ATOMIC DECLARE n INT DEFAULT 0; IF n = 0 THEN INSERT INTO t VALUES (1); END IF; END",
        ] {
            assert!(keeps_reading(sql), "{sql}");
        }
        for sql in [
            "BEGIN NOT ATOMIC SET sql_mode = 'ANSI_QUOTES'; END",
            "BEGIN NOT ATOMIC INSERT INTO t VALUES (1); EXECUTE IMMEDIATE 'SET NAMES latin1'; END",
            "BEGIN NOT ATOMIC CALL p(); END",
            "BEGIN NOT ATOMIC IF 1 THEN SET sql_mode = ''; END IF; END",
            "BEGIN NOT ATOMIC BEGIN NOT ATOMIC SET NAMES latin1; END; END",
            "BEGIN NOT ATOMIC DECLARE v TEXT CHARACTER SET latin1; SELECT 1; END",
            "BEGIN NOT ATOMIC DECLARE c CURSOR FOR SELECT 1; SELECT 1; END",
            "IF 1 THEN SET sql_mode = 'ANSI_QUOTES'; END IF",
            "WHILE 0 DO SET NAMES latin1; END WHILE",
            "IF 1 THEN CALL p(); END IF",
            "IF 1 THEN EXECUTE IMMEDIATE 'SET NAMES latin1'; END IF",
            "BEGIN NOT ATOMIC DECLARE n INT DEFAULT 0; WHILE n < 3 DO SET n = n + 1; END WHILE; SELECT n; END",
            "FOR r IN (SELECT 1) DO SET NAMES latin1; END FOR",
            "FOR i IN 1 .. (SELECT CASE WHEN 1 THEN 2 END) DO SELECT 1; END FOR",
            "IF CASE WHEN 1 THEN 1 END THEN SELECT 1; END IF",
            "IF 1 THEN SELECT CASE WHEN 1 THEN 1 END; END IF",
        ] {
            assert!(!keeps_reading(sql), "{sql}");
        }
    }

    #[test]
    fn large_statements_the_fast_path_cannot_clear_count_as_state() {
        let mut big = b"INSERT INTO t VALUES ('".to_vec();
        big.extend(std::iter::repeat_n(b'@', 100 * 1024));
        big.extend_from_slice(b"')");
        assert_eq!(
            effect(std::str::from_utf8(&big).unwrap()),
            StateEffect::Leaves("state left by a statement too large to classify")
        );
        let mut plain = b"INSERT INTO t VALUES ('".to_vec();
        plain.extend(std::iter::repeat_n(b'x', 100 * 1024));
        plain.extend_from_slice(b"')");
        assert_eq!(
            effect(std::str::from_utf8(&plain).unwrap()),
            StateEffect::None
        );
    }
}
