//! Values squeeze answers for itself instead of the server:
//! `CONNECTION_ID()` as a whole select item is the id squeeze handed the
//! client (the one `KILL` accepts), and `@@socket` is squeeze's own socket
//! path, or NULL without one: the server's path would let a client that
//! prefers a local socket (mysql_async does, on 127.0.0.1) reconnect to the
//! server itself, past squeeze, and read compressed columns raw. A replaced
//! select item keeps the column name the server would have given it (the
//! expression as written).
//!
//! The session-tracking settings (`@@session_track_system_variables`,
//! `@@session_track_schema`, `@@session_track_state_change`, session
//! scope) read as the client's own: squeeze adds what it follows to the
//! backend session's, and the client would otherwise see the merged list.
//!
//! `@@max_allowed_packet` (any scope) is read from the server and capped
//! by squeeze's own packet limit when that is lower (an explicit
//! `proxy.max_packet_size`, the memory budget): drivers send statements up
//! to the value they read, and through squeeze the smaller limit holds.
//! `LEAST(@@max_allowed_packet, CAST(N AS UNSIGNED))` keeps the server's
//! column type (BIGINT UNSIGNED) and its value wherever it is smaller.
//!
//! `information_schema.SESSION_VARIABLES` and `GLOBAL_VARIABLES` show
//! the same: a reference to either (when there is something to show) is
//! read through a derived table of the same name and columns whose
//! `VARIABLE_VALUE` holds squeeze's values for those rows, so every
//! projection, predicate and join sees them (`session::link_status` puts
//! the server's description back on the column).
//!
//! `CONNECTION_ID()` anywhere else (a predicate, an argument, a comparison)
//! is left to the server: there it meets other server-side thread ids
//! (`PROCESSLIST_ID = CONNECTION_ID()`, `IS_USED_LOCK('x') =
//! CONNECTION_ID()`), which are all in the server's numbering; the thread
//! ids a result carries are translated on the way out (`thread_ids`).

use super::lexer::{ident_name, LexOptions, Token, TokenKind};

/// The system variables that name the server's socket.
const SOCKET_VARIABLES: [&str; 4] = [
    "@@socket",
    "@@global.socket",
    "@@session.socket",
    "@@local.socket",
];

/// The client's own session-tracking settings, as the server would report
/// them (`variables` normalised the server's way: sorted, deduplicated,
/// lower case, `*` for all).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackSettings {
    pub variables: String,
    pub schema: bool,
    pub state_change: bool,
}

/// The value of a session-tracking variable read at session scope.
fn track_value(text: &[u8], t: &TrackSettings) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let name = lower
        .strip_prefix(b"@@session.")
        .or_else(|| lower.strip_prefix(b"@@local."))
        .or_else(|| lower.strip_prefix(b"@@"))?;
    if name.contains(&b'.') {
        return None; // @@global.x
    }
    match name {
        b"session_track_system_variables" => Some(sql_string(&t.variables)),
        b"session_track_schema" => Some(u8::from(t.schema).to_string()),
        b"session_track_state_change" => Some(u8::from(t.state_change).to_string()),
        _ => None,
    }
}

/// Keywords that open a clause: the nearest one before an item, at its
/// depth, says which list the item is in.
const CLAUSES: [&str; 13] = [
    "SELECT", "FROM", "WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "SET", "VALUES", "ON", "USING",
    "WINDOW", "INTO",
];

/// Keywords a select item can be followed by (at its own depth).
const AFTER_SELECT_ITEM: [&str; 14] = [
    "FROM",
    "INTO",
    "WHERE",
    "GROUP",
    "HAVING",
    "ORDER",
    "LIMIT",
    "UNION",
    "WINDOW",
    "FOR",
    "LOCK",
    "EXCEPT",
    "INTERSECT",
    "OFFSET",
];

/// The system variables that read the server's packet limit.
const PACKET_VARIABLES: [&str; 4] = [
    "@@max_allowed_packet",
    "@@global.max_allowed_packet",
    "@@session.max_allowed_packet",
    "@@local.max_allowed_packet",
];

/// What squeeze answers for itself in one session.
#[derive(Debug, Clone, Copy, Default)]
pub struct OwnValues<'a> {
    /// The id squeeze handed the client.
    pub connection_id: u32,
    /// squeeze's own Unix socket, if it listens on one.
    pub socket: Option<&'a str>,
    /// squeeze's packet limit, when it may be lower than the server's
    /// `max_allowed_packet` (`None`: the server's value holds as it is).
    pub packet_limit: Option<u64>,
    /// The client's own session-tracking settings, read back as its own.
    pub tracks: Option<&'a TrackSettings>,
}

/// The query with squeeze's own values in place, or `None` when it names
/// none of them.
pub fn rewrite(src: &[u8], opts: LexOptions, own: OwnValues<'_>) -> Option<Vec<u8>> {
    let OwnValues {
        connection_id,
        socket,
        packet_limit,
        tracks,
    } = own;
    let toks: Vec<Token> = super::lexer::lex(src, opts)
        .into_iter()
        .filter(|t| !t.kind.is_trivia())
        .collect();
    let depth = depths(&toks);
    let mut edits = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if let Some((end, derived)) = variables_table(src, &toks, i, packet_limit, tracks) {
            edits.push((t.start..toks[end].end, derived.into_bytes()));
            continue;
        }
        let (last, value) = if is_connection_id_call(src, &toks, i) {
            if !is_select_item(src, &toks, &depth, i, i + 2, true) {
                continue;
            }
            (i + 2, connection_id.to_string())
        } else if t.kind == TokenKind::Variable && is_socket_variable(t.text(src)) {
            (i, socket.map_or_else(|| "NULL".to_string(), sql_string))
        } else if let Some(v) = tracks
            .filter(|_| t.kind == TokenKind::Variable && !is_assigned(src, &toks, i))
            .and_then(|tr| track_value(t.text(src), tr))
        {
            (i, v)
        } else if let (Some(limit), true) = (packet_limit, is_packet_variable(t.text(src))) {
            if is_set_target(src, &toks, &depth, i) {
                continue;
            }
            let var = String::from_utf8_lossy(t.text(src));
            (i, format!("LEAST({var}, CAST({limit} AS UNSIGNED))"))
        } else {
            continue;
        };
        let span = t.start..toks[last].end;
        let replacement = if is_select_item(src, &toks, &depth, i, last, false) {
            format!("{value} AS `{}`", quote_name(&src[span.clone()]))
        } else {
            value
        };
        edits.push((span, replacement.into_bytes()));
    }
    (!edits.is_empty()).then(|| super::splice::splice(src, &edits))
}

/// `information_schema.SESSION_VARIABLES` (or `GLOBAL_VARIABLES`) at
/// token `i`, when squeeze has values of its own for it: the last token of
/// the reference and the derived table that replaces it (named as the
/// reference was, unless an alias follows).
fn variables_table(
    src: &[u8],
    toks: &[Token],
    i: usize,
    packet_limit: Option<u64>,
    tracks: Option<&TrackSettings>,
) -> Option<(usize, String)> {
    let is_name = |t: &Token| matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent);
    let (schema, dot, table) = (toks.get(i)?, toks.get(i + 1)?, toks.get(i + 2)?);
    if !(is_name(schema) && dot.kind == TokenKind::Dot && is_name(table))
        || (i > 0 && toks[i - 1].kind == TokenKind::Dot)
        || toks.get(i + 3).is_some_and(|t| t.kind == TokenKind::Dot)
        || !ident_name(src, schema).eq_ignore_ascii_case("information_schema")
    {
        return None;
    }
    let name = ident_name(src, table);
    let session = name.eq_ignore_ascii_case("SESSION_VARIABLES");
    if !session && !name.eq_ignore_ascii_case("GLOBAL_VARIABLES") {
        return None;
    }
    let mut cases = String::new();
    if let Some(limit) = packet_limit {
        cases.push_str(&format!(
            " WHEN 'MAX_ALLOWED_PACKET' THEN IF(CAST(VARIABLE_VALUE AS UNSIGNED) > {limit}, '{limit}', VARIABLE_VALUE)"
        ));
    }
    if let (true, Some(t)) = (session, tracks) {
        let on = |b: bool| if b { "'ON'" } else { "'OFF'" };
        cases.push_str(&format!(
            " WHEN 'SESSION_TRACK_SYSTEM_VARIABLES' THEN {} WHEN 'SESSION_TRACK_SCHEMA' THEN {} WHEN 'SESSION_TRACK_STATE_CHANGE' THEN {}",
            sql_string(&t.variables),
            on(t.schema),
            on(t.state_change)
        ));
    }
    if cases.is_empty() {
        return None;
    }
    let aliased = toks.get(i + 3).is_some_and(|t| {
        t.is_keyword(src, "AS") || (is_name(t) && !AFTER_TABLE.iter().any(|k| t.is_keyword(src, k)))
    });
    let written = String::from_utf8_lossy(table.text(src));
    // A column read through a derived table is named as the derived table
    // names it, not as the select list spells it: the columns take the
    // query's own spelling.
    let spelled = |column: &str| {
        toks.iter()
            .find(|t| {
                t.kind == TokenKind::Ident && t.text(src).eq_ignore_ascii_case(column.as_bytes())
            })
            .map_or_else(
                || column.to_string(),
                |t| String::from_utf8_lossy(t.text(src)).into_owned(),
            )
    };
    let (name_col, value_col) = (spelled("VARIABLE_NAME"), spelled("VARIABLE_VALUE"));
    let alias = if aliased {
        String::new()
    } else {
        format!(" AS {written}")
    };
    Some((
        i + 2,
        format!(
            "(SELECT VARIABLE_NAME AS {name_col}, CASE VARIABLE_NAME{cases} ELSE VARIABLE_VALUE END AS {value_col} FROM information_schema.{written}){alias}"
        ),
    ))
}

/// Keywords that can follow a table reference that has no alias.
const AFTER_TABLE: [&str; 22] = [
    "WHERE",
    "GROUP",
    "HAVING",
    "ORDER",
    "LIMIT",
    "UNION",
    "EXCEPT",
    "INTERSECT",
    "JOIN",
    "INNER",
    "LEFT",
    "RIGHT",
    "CROSS",
    "STRAIGHT_JOIN",
    "NATURAL",
    "ON",
    "USING",
    "FOR",
    "LOCK",
    "INTO",
    "WINDOW",
    "PROCEDURE",
];

fn is_connection_id_call(src: &[u8], toks: &[Token], i: usize) -> bool {
    toks[i].is_keyword(src, "CONNECTION_ID")
        && toks.get(i + 1).map(|t| t.kind) == Some(TokenKind::LParen)
        && toks.get(i + 2).map(|t| t.kind) == Some(TokenKind::RParen)
        && !(i > 0 && toks[i - 1].kind == TokenKind::Dot)
}

/// `SET [SESSION] @@x = ...`, `SET a = 1, @@x := ...`: the variable is
/// assigned, not read.
fn is_assigned(src: &[u8], toks: &[Token], i: usize) -> bool {
    let next_assigns = toks
        .get(i + 1)
        .is_some_and(|n| n.is_op(src, "=") || n.is_op(src, ":="));
    let prev_starts = i.checked_sub(1).map(|p| &toks[p]).is_some_and(|p| {
        p.kind == TokenKind::Comma
            || ["SET", "SESSION", "LOCAL"]
                .iter()
                .any(|w| p.is_keyword(src, w))
    });
    next_assigns && prev_starts
}

fn is_socket_variable(text: &[u8]) -> bool {
    SOCKET_VARIABLES
        .iter()
        .any(|v| text.eq_ignore_ascii_case(v.as_bytes()))
}

fn is_packet_variable(text: &[u8]) -> bool {
    PACKET_VARIABLES
        .iter()
        .any(|v| text.eq_ignore_ascii_case(v.as_bytes()))
}

/// Token `i` is assigned to (`SET @@global.max_allowed_packet = ...`):
/// followed by `=` or `:=` in a SET clause.
fn is_set_target(src: &[u8], toks: &[Token], depth: &[usize], i: usize) -> bool {
    let assigned = toks
        .get(i + 1)
        .is_some_and(|t| t.kind == TokenKind::Op && matches!(t.text(src), b"=" | b":="));
    let d = depth[i];
    assigned
        && toks[..i]
            .iter()
            .zip(&depth[..i])
            .rev()
            .take_while(|(_, &td)| td >= d)
            .filter(|(_, &td)| td == d)
            .find(|(t, _)| CLAUSES.iter().any(|k| t.is_keyword(src, k)))
            .is_some_and(|(t, _)| t.is_keyword(src, "SET"))
}

/// Parenthesis depth of each token (a `)` counts at the depth it closes to).
fn depths(toks: &[Token]) -> Vec<usize> {
    let mut d = 0usize;
    toks.iter()
        .map(|t| match t.kind {
            TokenKind::LParen => {
                d += 1;
                d - 1
            }
            TokenKind::RParen => {
                d = d.saturating_sub(1);
                d
            }
            _ => d,
        })
        .collect()
}

/// `text` as a single-quoted SQL string literal (backslashes doubled too,
/// so it reads the same with or without NO_BACKSLASH_ESCAPES).
fn sql_string(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "''"))
}

/// Tokens `first..=last` are a whole select item: with no alias
/// (`aliased` false), the server names its column after the text, so the
/// replacement must carry it; `aliased` also accepts an item followed by
/// its alias (`AS x` or a bare name).
fn is_select_item(
    src: &[u8],
    toks: &[Token],
    depth: &[usize],
    first: usize,
    last: usize,
    aliased: bool,
) -> bool {
    let d = depth[first];
    let Some(prev) = first.checked_sub(1).map(|p| &toks[p]) else {
        return false;
    };
    let starts_item = prev.kind == TokenKind::Comma
        || ["SELECT", "DISTINCT", "ALL"]
            .iter()
            .any(|k| prev.is_keyword(src, k));
    // The clause this item sits in, at its depth: a SELECT list, not a
    // function's arguments or another clause's list.
    let in_select_list = toks[..first]
        .iter()
        .zip(&depth[..first])
        .rev()
        .take_while(|(_, &td)| td >= d)
        .filter(|(_, &td)| td == d)
        .find(|(t, _)| CLAUSES.iter().any(|k| t.is_keyword(src, k)))
        .is_some_and(|(t, _)| t.is_keyword(src, "SELECT"));
    let ends_at = |at: usize| match toks.get(at) {
        None => true,
        Some(n) => {
            matches!(n.kind, TokenKind::Comma | TokenKind::Semicolon)
                || (n.kind == TokenKind::RParen && depth[at] < d)
                || AFTER_SELECT_ITEM.iter().any(|k| n.is_keyword(src, k))
        }
    };
    let mut end = last + 1;
    if aliased && !ends_at(end) {
        if toks.get(end).is_some_and(|t| t.is_keyword(src, "AS")) {
            end += 1;
        }
        let alias = toks.get(end).is_some_and(|t| {
            matches!(
                t.kind,
                TokenKind::Ident | TokenKind::QuotedIdent | TokenKind::Str { .. }
            ) && !AFTER_SELECT_ITEM.iter().any(|k| t.is_keyword(src, k))
        });
        if !alias {
            return false;
        }
        end += 1;
    }
    starts_item && in_select_list && ends_at(end)
}

/// `text` as a backtick-quoted identifier's content.
fn quote_name(text: &[u8]) -> String {
    String::from_utf8_lossy(text).replace('`', "``")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rw(sql: &str) -> Option<String> {
        let own = OwnValues {
            connection_id: 42,
            ..OwnValues::default()
        };
        rewrite(sql.as_bytes(), LexOptions::default(), own).map(|v| String::from_utf8(v).unwrap())
    }

    fn capped(sql: &str) -> Option<String> {
        let own = OwnValues {
            connection_id: 42,
            socket: None,
            packet_limit: Some(1 << 20),
            tracks: None,
        };
        rewrite(sql.as_bytes(), LexOptions::default(), own).map(|v| String::from_utf8(v).unwrap())
    }

    #[test]
    fn max_allowed_packet_in_every_scope_is_capped_by_squeezes_lower_limit() {
        assert_eq!(
            capped("SELECT @@max_allowed_packet").unwrap(),
            "SELECT LEAST(@@max_allowed_packet, CAST(1048576 AS UNSIGNED)) AS `@@max_allowed_packet`"
        );
        assert_eq!(
            capped("select @@SESSION.max_allowed_packet, @@global.max_allowed_packet x").unwrap(),
            "select LEAST(@@SESSION.max_allowed_packet, CAST(1048576 AS UNSIGNED)) AS `@@SESSION.max_allowed_packet`, \
             LEAST(@@global.max_allowed_packet, CAST(1048576 AS UNSIGNED)) x"
        );
        // Connector/J's variables query: aliased items keep their alias.
        assert_eq!(
            capped("SELECT @@local.max_allowed_packet AS max_allowed_packet, @@wait_timeout AS w").unwrap(),
            "SELECT LEAST(@@local.max_allowed_packet, CAST(1048576 AS UNSIGNED)) AS max_allowed_packet, @@wait_timeout AS w"
        );
        // Inside an expression: the value the expression sees is the cap.
        assert_eq!(
            capped("SELECT @@max_allowed_packet DIV 2").unwrap(),
            "SELECT LEAST(@@max_allowed_packet, CAST(1048576 AS UNSIGNED)) DIV 2"
        );
    }

    #[test]
    fn max_allowed_packet_is_left_alone_as_a_set_target_or_without_a_lower_cap() {
        assert_eq!(capped("SET @@global.max_allowed_packet = 1024"), None);
        assert_eq!(
            capped("SET @@global.max_allowed_packet := @@max_allowed_packet").unwrap(),
            "SET @@global.max_allowed_packet := LEAST(@@max_allowed_packet, CAST(1048576 AS UNSIGNED))"
        );
        assert_eq!(rw("SELECT @@max_allowed_packet"), None);
        assert_eq!(capped("SELECT @@max_allowed_packets"), None);
    }

    #[test]
    fn a_bare_select_item_is_replaced_and_keeps_its_column_name() {
        assert_eq!(rw("SELECT @@socket").unwrap(), "SELECT NULL AS `@@socket`");
        assert_eq!(
            rw("select @@GLOBAL.socket, @@max_allowed_packet").unwrap(),
            "select NULL AS `@@GLOBAL.socket`, @@max_allowed_packet"
        );
        assert_eq!(
            rw("SELECT connection_id() FROM dual").unwrap(),
            "SELECT 42 AS `connection_id()` FROM dual"
        );
    }

    #[test]
    fn a_value_inside_an_expression_or_with_an_alias_is_replaced_alone() {
        assert_eq!(
            rw("SELECT IFNULL(@@socket, '') AS s").unwrap(),
            "SELECT IFNULL(NULL, '') AS s"
        );
        assert_eq!(
            rw("SELECT CONNECTION_ID() AS id").unwrap(),
            "SELECT 42 AS id"
        );
        assert_eq!(
            rw("SELECT CONCAT(1, @@socket, 2)").unwrap(),
            "SELECT CONCAT(1, NULL, 2)"
        );
    }

    #[test]
    fn connection_id_calls_answer_the_id_squeeze_handed_out() {
        assert_eq!(
            rw("SELECT CONNECTION_ID(), connection_id ( ) x").unwrap(),
            "SELECT 42 AS `CONNECTION_ID()`, 42 x"
        );
        assert_eq!(rw("SELECT 'CONNECTION_ID()'"), None);
        assert_eq!(rw("SELECT 1"), None);
    }

    #[test]
    fn connection_id_inside_an_expression_or_predicate_is_left_to_the_server() {
        // Compared with the server's own thread ids, so the server's number.
        assert_eq!(rw("SELECT IS_USED_LOCK('x') = CONNECTION_ID()"), None);
        assert_eq!(
            rw("SELECT ATTR_NAME FROM performance_schema.session_connect_attrs WHERE PROCESSLIST_ID = CONNECTION_ID()"),
            None
        );
        assert_eq!(rw("SELECT 1 WHERE CONNECTION_ID() > 0"), None);
        assert_eq!(rw("SELECT CONNECTION_ID() + 0"), None);
        assert_eq!(rw("SELECT CONCAT('id', CONNECTION_ID())"), None);
        assert_eq!(
            rw("SELECT CONNECTION_ID() `id`, CONNECTION_ID() AS 'b' FROM t").unwrap(),
            "SELECT 42 `id`, 42 AS 'b' FROM t"
        );
    }

    #[test]
    fn socket_answers_squeezes_own_path_when_it_listens_on_one() {
        let sql = "SELECT @@socket, IFNULL(@@global.socket, '')";
        let own = OwnValues {
            connection_id: 1,
            socket: Some("/run/sq'x.sock"),
            packet_limit: None,
            tracks: None,
        };
        let out = rewrite(sql.as_bytes(), LexOptions::default(), own);
        assert_eq!(
            String::from_utf8(out.unwrap()).unwrap(),
            "SELECT '/run/sq''x.sock' AS `@@socket`, IFNULL('/run/sq''x.sock', '')"
        );
    }

    #[test]
    fn other_variables_functions_and_strings_are_left_alone() {
        assert_eq!(rw("SELECT @@sql_mode, @socket, 'connection_id()'"), None);
        assert_eq!(rw("SELECT t.connection_id() FROM t"), None);
    }

    #[test]
    fn information_schema_variables_tables_show_the_cap_and_the_clients_tracking() {
        let t = TrackSettings {
            variables: "autocommit".into(),
            schema: true,
            state_change: false,
        };
        let own = OwnValues {
            connection_id: 1,
            packet_limit: Some(1024),
            tracks: Some(&t),
            socket: None,
        };
        let rw = |sql: &str, own: OwnValues<'_>| {
            rewrite(sql.as_bytes(), LexOptions::default(), own)
                .map(|v| String::from_utf8(v).unwrap())
        };
        let out = rw(
            "SELECT VARIABLE_VALUE FROM information_schema.SESSION_VARIABLES WHERE VARIABLE_NAME = 'max_allowed_packet'",
            own,
        )
        .unwrap();
        assert_eq!(
            out,
            "SELECT VARIABLE_VALUE FROM (SELECT VARIABLE_NAME AS VARIABLE_NAME, CASE VARIABLE_NAME \
             WHEN 'MAX_ALLOWED_PACKET' THEN IF(CAST(VARIABLE_VALUE AS UNSIGNED) > 1024, '1024', VARIABLE_VALUE) \
             WHEN 'SESSION_TRACK_SYSTEM_VARIABLES' THEN 'autocommit' WHEN 'SESSION_TRACK_SCHEMA' THEN 'ON' \
             WHEN 'SESSION_TRACK_STATE_CHANGE' THEN 'OFF' ELSE VARIABLE_VALUE END AS VARIABLE_VALUE \
             FROM information_schema.SESSION_VARIABLES) AS SESSION_VARIABLES WHERE VARIABLE_NAME = 'max_allowed_packet'"
        );
        // The global table has no session tracking; an alias is kept.
        let out = rw(
            "select * from `information_schema`.global_variables g where 1",
            own,
        )
        .unwrap();
        assert!(
            out.contains("FROM information_schema.global_variables) g where 1"),
            "{out}"
        );
        assert!(!out.contains("SESSION_TRACK"), "{out}");
        // Nothing of squeeze's own: left alone.
        let plain = OwnValues {
            connection_id: 1,
            ..OwnValues::default()
        };
        assert_eq!(
            rw("SELECT * FROM information_schema.SESSION_VARIABLES", plain),
            None
        );
        let tracks_only = OwnValues {
            connection_id: 1,
            tracks: Some(&t),
            ..OwnValues::default()
        };
        assert_eq!(
            rw(
                "SELECT * FROM information_schema.GLOBAL_VARIABLES",
                tracks_only
            ),
            None
        );
        assert_eq!(rw("SELECT * FROM other.SESSION_VARIABLES", own), None);
    }

    #[test]
    fn session_tracking_settings_read_as_the_clients_own() {
        let t = TrackSettings {
            variables: "autocommit,time_zone".into(),
            schema: true,
            state_change: false,
        };
        let rw = |sql: &str| {
            let own = OwnValues {
                connection_id: 1,
                tracks: Some(&t),
                ..OwnValues::default()
            };
            rewrite(sql.as_bytes(), LexOptions::default(), own)
                .map(|v| String::from_utf8(v).unwrap())
        };
        assert_eq!(
            rw("SELECT @@session_track_system_variables").unwrap(),
            "SELECT 'autocommit,time_zone' AS `@@session_track_system_variables`"
        );
        assert_eq!(
            rw("SELECT @@SESSION.session_track_schema s, @@local.session_track_state_change")
                .unwrap(),
            "SELECT 1 s, 0 AS `@@local.session_track_state_change`"
        );
        // The global value and assignments are the server's.
        assert_eq!(rw("SELECT @@global.session_track_system_variables"), None);
        assert_eq!(
            rw("SET @@session_track_system_variables = 'sql_mode'"),
            None
        );
        assert_eq!(
            rw("SET SESSION session_track_schema = OFF, @@session_track_state_change := 1"),
            None
        );
    }
}
