//! The server-session state squeeze follows because it changes what it
//! does: the current database (routing, unqualified table names), the
//! sql_mode (how statements are lexed), the client character set (what
//! bytes a literal holds), the transaction status, and what decides the
//! semantics of losing a backend connection. Pure: no I/O.

use crate::protocol::capabilities::{SERVER_STATUS_AUTOCOMMIT, SERVER_STATUS_IN_TRANS};
use crate::protocol::session_state::{Change, TrackedOk};
use crate::protocol::ProtocolError;
use crate::results_charset::ResultsCharset;
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
    /// `character_set_connection` is utf8mb4 or binary (see
    /// `ColumnCatalog::connection_unquotes_json_constants`): from the
    /// handshake's collation, then from the server's tracking.
    pub connection_utf8mb4: bool,
    /// The text of a bare BEGIN whose transaction has run nothing yet.
    pub txn_begin: Option<Vec<u8>>,
    /// What the client itself asked the server to track
    /// (`session_track_*`), so it gets exactly that and not squeeze's own.
    pub client_tracks: ClientTracking,
    /// The session's `max_statement_time` (`None`: no limit), which ends
    /// squeeze's own work on a statement's rows as it ends the server's.
    pub max_statement_time: Option<std::time::Duration>,
    /// `character_set_results`: what an inflated document is converted to
    /// (from the handshake, then from the server's tracking).
    pub results: ResultsCharset,
}

/// `max_statement_time` as the server reports it (seconds, a decimal; 0
/// is no limit).
pub fn statement_time(value: &str) -> Option<std::time::Duration> {
    let secs: f64 = value.trim().parse().ok()?;
    (secs > 0.0 && secs.is_finite()).then(|| std::time::Duration::from_secs_f64(secs.min(1e9)))
}

/// The squeeze-side names of the system variables every backend session
/// tracks: what changes how squeeze lexes and encodes (sql_mode, the client
/// character set), autocommit, and the tracking settings themselves, so a
/// client changing them is seen and squeeze's own list is put back.
pub const SQUEEZE_TRACKED: &[&str] = &[
    "sql_mode",
    "character_set_client",
    "character_set_connection",
    "collation_connection",
    "character_set_results",
    "autocommit",
    "session_track_system_variables",
    "session_track_schema",
    "session_track_state_change",
    "max_statement_time",
];

/// The client's own session-tracking settings (what the server would have
/// reported to it directly).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientTracking {
    /// `session_track_system_variables`, lower-cased; `None` is `*`.
    pub variables: Option<Vec<String>>,
    pub schema: bool,
    pub state_change: bool,
}

/// What the OKs of one command reported about the client's tracking
/// (kept per command, in its `CommandCx`).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TrackingReport {
    /// The client changed a tracking setting: squeeze's own must be put
    /// back on the backend session after the command.
    pub restore: bool,
    /// A session state change was reported (the client may have changed a
    /// tracking setting the new list no longer reports).
    pub state_changed: bool,
}

impl Default for ClientTracking {
    /// MariaDB's defaults.
    fn default() -> Self {
        ClientTracking::from_settings(
            "autocommit,character_set_client,character_set_connection,character_set_results,time_zone",
            "ON",
            "OFF",
        )
    }
}

impl ClientTracking {
    /// From the values of `session_track_system_variables`,
    /// `session_track_schema` and `session_track_state_change`.
    pub fn from_settings(variables: &str, schema: &str, state_change: &str) -> Self {
        let variables = variables
            .split(',')
            .map(|v| v.trim().to_ascii_lowercase())
            .filter(|v| !v.is_empty())
            .collect::<Vec<_>>();
        ClientTracking {
            variables: (!variables.iter().any(|v| v == "*")).then_some(variables),
            schema: is_on(schema),
            state_change: is_on(state_change),
        }
    }

    /// Whether these settings (read back from the server) are squeeze's
    /// own, i.e. the client changed none of them since squeeze set them.
    pub fn is_backend_set(variables: &str, schema: &str, state_change: &str) -> bool {
        let vars: Vec<String> = variables
            .split(',')
            .map(|v| v.trim().to_ascii_lowercase())
            .collect();
        let all = vars.iter().any(|v| v == "*")
            || SQUEEZE_TRACKED.iter().all(|s| vars.iter().any(|v| v == s));
        all && is_on(schema) && is_on(state_change)
    }

    /// The settings as the server reports them to the client
    /// (`@@session_track_system_variables` sorted and deduplicated).
    pub fn settings(&self) -> crate::sql::own_values::TrackSettings {
        let variables = match &self.variables {
            None => "*".to_string(),
            Some(vs) => {
                let mut v: Vec<&str> = vs.iter().map(String::as_str).collect();
                v.sort_unstable();
                v.dedup();
                v.join(",")
            }
        };
        crate::sql::own_values::TrackSettings {
            variables,
            schema: self.schema,
            state_change: self.state_change,
        }
    }

    /// Whether the client gets this entry of a server OK.
    pub fn wants(&self, change: &Change<'_>) -> bool {
        match change {
            Change::SystemVariable { name, .. } => match &self.variables {
                None => true,
                Some(vs) => vs.iter().any(|v| v.as_bytes().eq_ignore_ascii_case(name)),
            },
            Change::Schema(_) => self.schema,
            Change::StateChanged => self.state_change,
            Change::Other(_) => true,
        }
    }

    /// The `SET` that gives the backend session the client's settings plus
    /// what squeeze needs.
    pub fn backend_set(&self) -> String {
        let list = match &self.variables {
            None => "*".to_string(),
            Some(vs) => {
                let mut all: Vec<&str> = vs.iter().map(String::as_str).collect();
                for v in SQUEEZE_TRACKED {
                    if !all.contains(v) {
                        all.push(v);
                    }
                }
                all.join(",")
            }
        };
        format!(
            "SET SESSION session_track_system_variables = '{list}', session_track_schema = ON, session_track_state_change = ON"
        )
    }
}

fn is_on(v: &str) -> bool {
    v.eq_ignore_ascii_case("ON") || v == "1"
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
            connection_utf8mb4: crate::charset::is_utf8mb4_collation(collation.into())
                || u16::from(collation) == crate::charset::BINARY_COLLATION,
            txn_begin: None,
            client_tracks: ClientTracking::default(),
            max_statement_time: None,
            results: ResultsCharset::of_handshake(collation.into()),
        }
    }

    /// A backend OK (or OK-shaped EOF) on a connection with session
    /// tracking: take what the server says changed, and return the packet
    /// as the client gets it (`None`: as sent). `client_session_track`:
    /// the client negotiated `CLIENT_SESSION_TRACK`.
    /// `filter`: squeeze set the backend's tracking to more than the
    /// client's (otherwise the server already tracks exactly that).
    /// What it says about the client's tracking goes to `report`.
    pub fn server_ok(
        &mut self,
        payload: &[u8],
        client_session_track: bool,
        filter: bool,
        report: &mut TrackingReport,
    ) -> Result<Option<Vec<u8>>, ProtocolError> {
        let ok = TrackedOk::parse(payload)?;
        if ok.state.is_none() {
            return Ok(None);
        }
        for e in ok.entries()? {
            self.apply_server(e.change()?, report);
        }
        let tracks = &self.client_tracks;
        ok.for_client(client_session_track, |e| {
            !filter || e.change().is_ok_and(|c| tracks.wants(&c))
        })
    }

    /// One change the server reported.
    fn apply_server(&mut self, change: Change<'_>, report: &mut TrackingReport) {
        match change {
            Change::Schema(db) => {
                self.database = (!db.is_empty()).then(|| db.to_vec());
            }
            Change::SystemVariable { name, value } => {
                let value = String::from_utf8_lossy(value);
                let name = String::from_utf8_lossy(name).to_ascii_lowercase();
                let t = &mut self.client_tracks;
                match name.as_str() {
                    "sql_mode" => self.lex = LexOptions::from_sql_mode(&value),
                    "max_statement_time" => self.max_statement_time = statement_time(&value),
                    "character_set_client" => self.apply(TrackedChange::Charset(value.into())),
                    "character_set_results" => self.results = ResultsCharset::of_name(&value),
                    "character_set_connection" => {
                        self.apply(TrackedChange::Connection(Some(value.into())))
                    }
                    "session_track_system_variables" => {
                        let fresh = ClientTracking::from_settings(&value, "ON", "OFF");
                        t.variables = fresh.variables;
                        report.restore = true;
                    }
                    "session_track_schema" => {
                        t.schema = is_on(&value);
                        report.restore = true;
                    }
                    "session_track_state_change" => {
                        t.state_change = is_on(&value);
                        report.restore = true;
                    }
                    _ => {}
                }
            }
            Change::StateChanged => report.state_changed = true,
            Change::Other(_) => {}
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
            TrackedChange::Results(name) => self.results = ResultsCharset::of_name(&name),
            TrackedChange::Connection(name) => {
                self.connection_utf8mb4 = name.is_some_and(|n| {
                    n.eq_ignore_ascii_case("utf8mb4") || n.eq_ignore_ascii_case("binary")
                });
            }
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
    /// transaction statement whose outcome is unknown (`in_flight`: what
    /// the command being relayed leaves there). `None` when the session
    /// provably holds nothing there.
    pub fn state_at_risk(
        &self,
        backend_state: Option<&'static str>,
        in_flight: StateEffect,
    ) -> Option<&'static str> {
        if let Some(s) = backend_state {
            return Some(s);
        }
        if self.in_transaction() || self.txn_begin.is_some() {
            return Some("an open transaction");
        }
        if self.status & SERVER_STATUS_AUTOCOMMIT == 0 {
            return Some("autocommit=0 (an implicit transaction)");
        }
        if in_flight == StateEffect::Transaction {
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
    /// `character_set_connection`'s new name; `None`: not known.
    Connection(Option<String>),
    /// `character_set_results`'s new name.
    Results(String),
}

impl TrackedChange {
    pub(super) fn from_kind(kind: &StatementKind<'_>) -> Vec<TrackedChange> {
        match kind {
            StatementKind::Use(db) => vec![TrackedChange::Use(db.to_string())],
            StatementKind::Set(changes) => {
                let mut out: Vec<TrackedChange> = changes
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
                    .collect();
                // `SET NAMES x` sets the connection's character set to x;
                // `SET CHARACTER SET x` to the database's (not known here).
                out.extend(changes.iter().filter_map(|c| match c {
                    SessionChange::Names(c) => Some(TrackedChange::Connection(c.clone())),
                    SessionChange::CharacterSet(_) => Some(TrackedChange::Connection(None)),
                    _ => None,
                }));
                // Both set the results' character set to x.
                out.extend(changes.iter().filter_map(|c| match c {
                    SessionChange::Names(Some(c)) | SessionChange::CharacterSet(Some(c)) => {
                        Some(TrackedChange::Results(c.clone()))
                    }
                    _ => None,
                }));
                out
            }
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
    fn the_connection_charset_is_utf8mb4_from_the_handshake_set_names_or_the_servers_report() {
        const UTF8MB3_GENERAL_CI: u8 = 33;
        assert!(Tracked::new(None, UTF8MB4_GENERAL_CI).connection_utf8mb4);
        assert!(Tracked::new(None, 63).connection_utf8mb4);
        assert!(!Tracked::new(None, LATIN1_SWEDISH_CI).connection_utf8mb4);
        // Django's default `utf8`.
        let mut t = Tracked::new(None, UTF8MB3_GENERAL_CI);
        assert!(!t.connection_utf8mb4);
        t.apply(TrackedChange::Connection(Some("UTF8MB4".into())));
        assert!(t.connection_utf8mb4);
        // `SET CHARACTER SET x`: the database's character set, not known.
        t.apply(TrackedChange::Connection(None));
        assert!(!t.connection_utf8mb4);
        use crate::sql::classify::SessionChange;
        let set = StatementKind::Set(vec![SessionChange::Names(Some("utf8mb4".into()))]);
        for c in TrackedChange::from_kind(&set) {
            t.apply(c);
        }
        assert!(t.connection_utf8mb4);
        let set = StatementKind::Set(vec![SessionChange::CharsetClient(Some("latin1".into()))]);
        for c in TrackedChange::from_kind(&set) {
            t.apply(c);
        }
        assert!(t.connection_utf8mb4, "character_set_client alone");
    }

    #[test]
    fn squeeze_recognises_its_own_tracking_settings_and_a_client_change_of_them() {
        let mine = ClientTracking::default().backend_set();
        let list = mine.split('\'').nth(1).unwrap();
        assert!(list.starts_with("autocommit,character_set_client"));
        assert!(ClientTracking::is_backend_set(list, "ON", "ON"));
        assert!(ClientTracking::is_backend_set("*", "ON", "ON"));
        assert!(!ClientTracking::is_backend_set("time_zone", "ON", "ON"));
        assert!(!ClientTracking::is_backend_set(list, "OFF", "ON"));
        let star = ClientTracking::from_settings("*", "ON", "OFF");
        assert!(star.backend_set().contains("variables = '*'"));
        assert!(star.wants(&Change::SystemVariable {
            name: b"x",
            value: b""
        }));
        assert!(!star.wants(&Change::StateChanged));
    }

    #[test]
    fn the_server_reports_change_the_lexing_charset_and_schema_and_the_client_sees_its_own() {
        use crate::protocol::lenenc::put_lenenc_bytes;
        let mut t = Tracked::new(Some(b"a".to_vec()), UTF8MB4_GENERAL_CI);
        let entry = |kind: u8, parts: &[&[u8]]| {
            let mut d = Vec::new();
            for p in parts {
                put_lenenc_bytes(&mut d, p);
            }
            let mut e = vec![kind];
            put_lenenc_bytes(&mut e, &d);
            e
        };
        let mut p = vec![0, 0, 0, 0x02, 0x40, 0, 0, 0];
        let block = [
            entry(
                0,
                &[
                    b"sql_mode",
                    b"PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,MSSQL",
                ],
            ),
            entry(0, &[b"character_set_client", b"latin1"]),
            entry(0, &[b"character_set_connection", b"utf8mb3"]),
            entry(1, &[b"shop"]),
            vec![2, 1, b'1'],
        ]
        .concat();
        put_lenenc_bytes(&mut p, &block);
        let mut report = TrackingReport::default();
        let out = t.server_ok(&p, true, true, &mut report).unwrap().unwrap();
        assert!(t.lex.ansi_quotes && !t.lex.no_backslash_escapes);
        assert_eq!(t.non_utf8_charset.as_deref(), Some("latin1"));
        assert!(!t.connection_utf8mb4);
        assert_eq!(t.current_db().as_deref(), Some("shop"));
        // MariaDB's defaults: character_set_client and the schema, not
        // sql_mode nor the state-change flag.
        let ok = TrackedOk::parse(&out).unwrap();
        let kinds: Vec<u8> = ok.entries().unwrap().iter().map(|e| e.kind).collect();
        assert_eq!(kinds, vec![0, 0, 1]);
        assert_eq!(
            report,
            TrackingReport {
                restore: false,
                state_changed: true
            }
        );
        // Without filtering (squeeze did not widen the tracking) it is as sent.
        assert_eq!(t.server_ok(&p, true, false, &mut report).unwrap(), None);
        // A client without tracking gets a plain OK.
        let plain = t.server_ok(&p, false, false, &mut report).unwrap().unwrap();
        assert_eq!(plain.len(), 7);
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
        assert_eq!(t.state_at_risk(None, StateEffect::None), None);
        assert_eq!(
            t.state_at_risk(Some("user variables"), StateEffect::None),
            Some("user variables")
        );
        t.status |= SERVER_STATUS_IN_TRANS;
        assert_eq!(
            t.state_at_risk(None, StateEffect::None),
            Some("an open transaction")
        );
        t.backend_lost();
        assert_eq!(t.state_at_risk(None, StateEffect::None), None);
        t.status = 0;
        assert!(t
            .state_at_risk(None, StateEffect::None)
            .unwrap()
            .starts_with("autocommit=0"));
        t.status = SERVER_STATUS_AUTOCOMMIT;
        assert!(t
            .state_at_risk(None, StateEffect::Transaction)
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
