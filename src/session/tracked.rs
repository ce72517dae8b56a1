//! The server-session state squeeze follows because it changes what it
//! does: the current database (routing, unqualified table names), the
//! sql_mode (how statements are lexed), the client character set (what
//! bytes a literal holds), the transaction status, and what decides the
//! semantics of losing a backend connection. Pure: no I/O.

use crate::protocol::capabilities::{SERVER_STATUS_AUTOCOMMIT, SERVER_STATUS_IN_TRANS};
use crate::sql::state::StateEffect;
use crate::sql::statement::Query;
use crate::sql::{LexOptions, SessionChange, StatementKind};

pub(super) struct Tracked {
    pub database: Option<Vec<u8>>,
    /// The server status flags of the last response that carried them.
    pub status: u16,
    /// How statements are lexed (from the session's sql_mode).
    pub lex: LexOptions,
    /// The client character set's name when it is not UTF-8.
    pub non_utf8_charset: Option<String>,
    /// The text of a bare BEGIN whose transaction has run nothing yet.
    pub txn_begin: Option<Vec<u8>>,
    /// What the command being relayed leaves in the server session.
    pub inflight: StateEffect,
}

impl Tracked {
    /// A freshly logged-in session: `database` and the handshake's
    /// collation as the client sent them.
    pub fn new(database: Option<Vec<u8>>, collation: u8) -> Self {
        Tracked {
            database,
            status: SERVER_STATUS_AUTOCOMMIT,
            lex: LexOptions::default(),
            non_utf8_charset: crate::charset::non_utf8_charset_of_collation(collation.into()),
            txn_begin: None,
            inflight: StateEffect::None,
        }
    }

    /// Borrowed unless the name is not UTF-8 (asked on every rewrite).
    pub fn current_db(&self) -> Option<std::borrow::Cow<'_, str>> {
        self.database.as_ref().map(|d| String::from_utf8_lossy(d))
    }

    pub fn in_transaction(&self) -> bool {
        self.status & SERVER_STATUS_IN_TRANS != 0
    }

    /// A statement the server accepted changed the session.
    pub fn apply(&mut self, change: TrackedChange) {
        match change {
            TrackedChange::Use(db) => self.database = Some(db.into_bytes()),
            TrackedChange::SqlMode(mode) => self.lex = LexOptions::from_sql_mode(&mode),
            TrackedChange::Charset(name) => {
                let lower = name.to_ascii_lowercase();
                self.non_utf8_charset = if crate::charset::is_utf8_name(&lower) || lower == "binary"
                {
                    None
                } else {
                    Some(lower)
                };
            }
        }
    }

    /// The server-side state a backend connection holds, which its loss
    /// would discard: `backend_state` (what the session's commands created
    /// there, see `sql::state`), an open transaction, `autocommit=0`, or a
    /// transaction statement whose outcome is unknown. `None` when the
    /// session provably holds nothing there.
    pub fn state_at_risk(&self, backend_state: Option<&'static str>) -> Option<&'static str> {
        if let Some(s) = backend_state {
            return Some(s);
        }
        if self.in_transaction() || self.txn_begin.is_some() {
            return Some("an open transaction");
        }
        if self.status & SERVER_STATUS_AUTOCOMMIT == 0 {
            return Some("autocommit=0 (an implicit transaction)");
        }
        if self.inflight == StateEffect::Transaction {
            return Some("a transaction statement whose outcome is unknown");
        }
        None
    }

    /// The backend connection is gone, and the transaction status it
    /// reported with it.
    pub fn backend_lost(&mut self) {
        self.status = SERVER_STATUS_AUTOCOMMIT;
        self.txn_begin = None;
    }

    /// Remember a bare BEGIN / START TRANSACTION: the transaction is not
    /// tied to a shard until its first real statement.
    pub fn note_transaction_start(&mut self, query: &Query<'_>) {
        let text = query.text;
        let stmts: Vec<_> = query.non_empty().collect();
        let bare_begin = stmts.len() == 1 && {
            let t = &stmts[0].tokens;
            (t.len() == 1 && t[0].is_keyword(text, "BEGIN"))
                || (t.len() >= 2
                    && t[0].is_keyword(text, "START")
                    && t[1].is_keyword(text, "TRANSACTION"))
                || (t.len() == 2 && t[0].is_keyword(text, "BEGIN") && t[1].is_keyword(text, "WORK"))
        };
        if bare_begin {
            self.txn_begin = Some(text[stmts[0].range.clone()].to_vec());
        } else if !self.in_transaction() || !stmts.is_empty() {
            self.txn_begin = None;
        }
    }
}

/// Session changes to apply once the server accepted the statement.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum TrackedChange {
    Use(String),
    SqlMode(String),
    Charset(String),
}

impl TrackedChange {
    pub(super) fn from_kind(kind: &StatementKind<'_>) -> Vec<TrackedChange> {
        match kind {
            StatementKind::Use(db) => vec![TrackedChange::Use(db.to_string())],
            StatementKind::Set(changes) => changes
                .iter()
                .filter_map(|c| match c {
                    SessionChange::SqlMode(Some(m)) => Some(TrackedChange::SqlMode(m.clone())),
                    SessionChange::CharsetClient(Some(c))
                    | SessionChange::Names(Some(c))
                    | SessionChange::CharacterSet(Some(c)) => {
                        Some(TrackedChange::Charset(c.clone()))
                    }
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UTF8MB4_GENERAL_CI: u8 = 45;
    const LATIN1_SWEDISH_CI: u8 = 8;

    #[test]
    fn a_latin1_handshake_is_tracked_as_not_utf8_until_set_names_utf8mb4() {
        let mut t = Tracked::new(None, LATIN1_SWEDISH_CI);
        assert_eq!(t.non_utf8_charset.as_deref(), Some("latin1"));
        t.apply(TrackedChange::Charset("UTF8MB4".into()));
        assert_eq!(t.non_utf8_charset, None);
        t.apply(TrackedChange::Charset("Cp1251".into()));
        assert_eq!(t.non_utf8_charset.as_deref(), Some("cp1251"));
        assert_eq!(Tracked::new(None, 63).non_utf8_charset, None);
    }

    #[test]
    fn use_and_sql_mode_change_the_database_and_how_text_is_lexed() {
        let mut t = Tracked::new(Some(b"a".to_vec()), UTF8MB4_GENERAL_CI);
        t.apply(TrackedChange::Use("shop".into()));
        assert_eq!(t.current_db().as_deref(), Some("shop"));
        t.apply(TrackedChange::SqlMode("ANSI,NO_BACKSLASH_ESCAPES".into()));
        assert!(t.lex.ansi_quotes && t.lex.no_backslash_escapes);
    }

    #[test]
    fn a_session_holds_nothing_at_risk_only_in_autocommit_outside_transactions() {
        let mut t = Tracked::new(None, UTF8MB4_GENERAL_CI);
        assert_eq!(t.state_at_risk(None), None);
        assert_eq!(
            t.state_at_risk(Some("user variables")),
            Some("user variables")
        );
        t.status |= SERVER_STATUS_IN_TRANS;
        assert_eq!(t.state_at_risk(None), Some("an open transaction"));
        t.backend_lost();
        assert_eq!(t.state_at_risk(None), None);
        t.status = 0;
        assert!(t.state_at_risk(None).unwrap().starts_with("autocommit=0"));
        t.status = SERVER_STATUS_AUTOCOMMIT;
        t.inflight = StateEffect::Transaction;
        assert!(t
            .state_at_risk(None)
            .unwrap()
            .contains("outcome is unknown"));
    }

    #[test]
    fn a_bare_begin_is_remembered_until_the_first_real_statement() {
        let opts = LexOptions::default();
        let mut t = Tracked::new(None, UTF8MB4_GENERAL_CI);
        t.note_transaction_start(&Query::new(b"begin", opts));
        assert_eq!(t.txn_begin.as_deref(), Some(&b"begin"[..]));
        t.status |= SERVER_STATUS_IN_TRANS;
        t.note_transaction_start(&Query::new(b"  ", opts));
        assert!(t.txn_begin.is_some(), "an empty query keeps it");
        t.note_transaction_start(&Query::new(b"INSERT INTO t VALUES (1)", opts));
        assert_eq!(t.txn_begin, None);
        t.note_transaction_start(&Query::new(b"START TRANSACTION READ ONLY", opts));
        assert!(t.txn_begin.is_some());
    }
}
