//! The statement model of one COM_QUERY: its bytes, one pre-scan, and its
//! statements lexed and split once (on demand), each with the sql_mode it
//! runs under and its kind. Routing, KILL handling, session tracking,
//! backend-loss classification and the planner all read this one model
//! instead of lexing the text again; the tables each statement names are
//! walked once, on first use, and kept with it ([`Statement::relations`]).

use std::ops::Range;
use std::sync::OnceLock;

use super::classify::{classify_statement, significant_tokens_into, SessionChange, StatementKind};
use super::lexer::{LexOptions, Token};
use super::prescan::Prescan;
use super::tables::{table_refs, TableRef};

/// One statement of a query.
#[derive(Debug, Clone)]
pub struct Statement<'a> {
    /// Its bytes in the query (without the `;` separator).
    pub range: Range<usize>,
    /// Its significant tokens (no whitespace or comments).
    pub tokens: Vec<Token>,
    /// The lexing options it runs under: a `SET sql_mode` earlier in the
    /// same query changes them for the statements after it.
    pub opts: LexOptions,
    pub kind: StatementKind<'a>,
    /// Its table references, walked on first use: routing and planning
    /// share one walk.
    relations: OnceLock<Vec<TableRef<'a>>>,
}

impl<'a> Statement<'a> {
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// Every table reference of the statement (see [`table_refs`]); `src`
    /// is the query text it was split from.
    pub fn relations(&self, src: &'a [u8]) -> &[TableRef<'a>] {
        self.relations.get_or_init(|| table_refs(src, &self.tokens))
    }
}

/// Split `sql` into statements on top-level `;`. Every piece is kept, an
/// empty one (whitespace after the last `;`) too, so positions line up
/// with the results the server sends.
pub fn split(sql: &[u8], opts: LexOptions) -> Vec<Statement<'_>> {
    let mut out = Vec::new();
    let mut opts = opts;
    let mut pos = 0;
    loop {
        let mut tokens = Vec::new();
        let (end, next) = significant_tokens_into(sql, pos, opts, &mut tokens);
        let kind = classify_statement(sql, &tokens, opts);
        let stmt_opts = opts;
        if let StatementKind::Set(changes) = &kind {
            for c in changes {
                if let SessionChange::SqlMode(Some(mode)) = c {
                    opts = LexOptions::from_sql_mode(mode);
                }
            }
        }
        out.push(Statement {
            range: pos..end,
            tokens,
            opts: stmt_opts,
            kind,
            relations: OnceLock::new(),
        });
        if next >= sql.len() || next <= pos {
            break;
        }
        pos = next;
    }
    out
}

/// A query text with its pre-scan, and its statements split on first use
/// (the common single DML statement is often answered from the pre-scan
/// alone).
pub struct Query<'a> {
    pub text: &'a [u8],
    pub scan: Prescan,
    opts: LexOptions,
    statements: OnceLock<Vec<Statement<'a>>>,
}

impl<'a> Query<'a> {
    pub fn new(text: &'a [u8], opts: LexOptions) -> Query<'a> {
        Query::scanned(text, Prescan::of(text), opts)
    }

    /// A query whose pre-scan was made elsewhere (for a big text, on
    /// another thread): `scan` must be `Prescan::of(text)`.
    pub fn scanned(text: &'a [u8], scan: Prescan, opts: LexOptions) -> Query<'a> {
        Query {
            text,
            scan,
            opts,
            statements: OnceLock::new(),
        }
    }

    /// The lexing options the query starts under (the session's).
    pub fn opts(&self) -> LexOptions {
        self.opts
    }

    pub fn statements(&self) -> &[Statement<'a>] {
        self.statements.get_or_init(|| split(self.text, self.opts))
    }

    /// The statements that have tokens (what routing and KILL look at).
    pub fn non_empty(&self) -> impl Iterator<Item = &Statement<'a>> {
        self.statements().iter().filter(|s| !s.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_sql_mode_changes_how_the_statements_after_it_are_lexed() {
        let sql = b"SET sql_mode = 'ANSI_QUOTES'; SELECT \"a\" FROM t";
        let st = split(sql, LexOptions::default());
        assert_eq!(st.len(), 2);
        assert_eq!(st[0].opts, LexOptions::default());
        assert_eq!(st[1].opts, LexOptions::from_sql_mode("ANSI_QUOTES"));
        assert_eq!(st[1].kind, StatementKind::Select);
    }

    #[test]
    fn whitespace_after_the_last_semicolon_is_an_empty_statement() {
        let st = split(b"SELECT 1; ", LexOptions::default());
        assert_eq!(st.len(), 2);
        assert!(st[1].is_empty());
        let q = Query::new(b"SELECT 1; ", LexOptions::default());
        assert_eq!(q.non_empty().count(), 1);
    }

    #[test]
    fn ranges_cover_each_statement_without_its_separator() {
        let sql = b"USE a;SELECT 1";
        let st = split(sql, LexOptions::default());
        assert_eq!(&sql[st[0].range.clone()], b"USE a");
        assert_eq!(&sql[st[1].range.clone()], b"SELECT 1");
    }

    #[test]
    fn a_statements_tables_are_walked_once_and_only_when_asked() {
        let sql = b"SELECT 1; SELECT * FROM a.t x JOIN u ON x.id = u.id, v";
        let q = Query::new(sql, LexOptions::default());
        let st = &q.statements()[1];
        assert!(st.relations.get().is_none());
        let first = st.relations(sql);
        let names: Vec<_> = first.iter().map(|r| r.table.as_deref().unwrap()).collect();
        assert_eq!(names, ["t", "u", "v"]);
        assert_eq!(st.relations(sql).as_ptr(), first.as_ptr());
    }

    #[test]
    fn a_query_is_split_once_and_only_when_asked() {
        let q = Query::new(b"SELECT 1", LexOptions::default());
        assert!(q.statements.get().is_none());
        let first = q.statements().as_ptr();
        assert_eq!(q.statements().as_ptr(), first);
    }
}
