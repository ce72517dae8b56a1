//! `SHOW [SESSION] STATUS` answers about the client's own link.
//!
//! TLS and the compressed protocol end at squeeze, so the server's
//! `Ssl_version`, `Ssl_cipher` and `Compression` describe squeeze's backend
//! connection, not the one the client asks about (client test suites check
//! them after connecting with TLS or compression). squeeze knows the true
//! answer for the client's link and puts it in those rows of a text-protocol
//! `SHOW [SESSION|LOCAL] STATUS`, the form clients use; `GLOBAL`, prepared
//! statements and `information_schema.SESSION_STATUS` are left as the
//! server answers them. Pure: recognising the statement, naming the link,
//! rewriting one row.
//!
//! `SHOW [GLOBAL|SESSION|LOCAL] VARIABLES` shows `max_allowed_packet` as the
//! limit that holds through squeeze: the server's value, or squeeze's own
//! packet limit where that is lower (as `@@max_allowed_packet` does, see
//! `sql::own_values`), and a session-scope one shows the `session_track_*`
//! settings the client made, not the list squeeze adds its own to on the
//! backend session. The `information_schema.*_VARIABLES` tables are read
//! through a derived table with those values (`sql::own_values`); its
//! `VARIABLE_VALUE` column gets the server's own description back here.

use crate::protocol::coldef::ColumnDef;
use crate::protocol::lenenc::{put_lenenc_bytes, Reader};
use crate::sql::lexer::Token;
use crate::sql::own_values::TrackSettings;
use crate::sql::statement::Query;

/// What the client's own connection to squeeze negotiated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientLink {
    /// `TLSv1.2` / `TLSv1.3`; empty without TLS (as MariaDB shows it).
    pub ssl_version: String,
    /// OpenSSL's name of the cipher suite, as MariaDB shows it; empty
    /// without TLS.
    pub ssl_cipher: String,
    /// The client uses the compressed protocol.
    pub compression: bool,
    /// Rows of `SHOW STATUS`: the TLS and compression rows are the link's.
    pub status: bool,
    /// Rows of `SHOW VARIABLES`: squeeze's packet limit, when it may be
    /// below the server's `max_allowed_packet`.
    pub packet_limit: Option<u64>,
    /// Rows of a session-scope `SHOW VARIABLES`: the client's own tracking
    /// settings.
    pub tracks: Option<TrackSettings>,
}

/// squeeze's own values of system variables in one result.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OwnVariables {
    /// `SHOW VARIABLES` rows: squeeze's packet limit where it may be lower.
    pub packet_limit: Option<u64>,
    /// `SHOW [SESSION] VARIABLES` rows: the client's tracking settings.
    pub tracks: Option<TrackSettings>,
    /// The statement reads squeeze's derived table for this one of the
    /// `*_VARIABLES` tables (`SESSION_VARIABLES` or `GLOBAL_VARIABLES`).
    pub derived_table: Option<&'static str>,
}

impl ClientLink {
    pub fn new(
        tls: Option<(rustls::ProtocolVersion, rustls::CipherSuite)>,
        compression: bool,
    ) -> Self {
        let (ssl_version, ssl_cipher) = match tls {
            Some((v, s)) => (version_name(v), openssl_cipher_name(s)),
            None => (String::new(), String::new()),
        };
        ClientLink {
            ssl_version,
            ssl_cipher,
            compression,
            status: true,
            packet_limit: None,
            tracks: None,
        }
    }

    /// The value squeeze gives for system variable `name` whose server
    /// value is `server`, if squeeze's differs.
    fn variable(&self, name: &[u8], server: &[u8]) -> Option<Vec<u8>> {
        if name.eq_ignore_ascii_case(b"max_allowed_packet") {
            let limit = self.packet_limit?;
            let server: u64 = std::str::from_utf8(server).ok()?.parse().ok()?;
            return (limit < server).then(|| limit.to_string().into_bytes());
        }
        let t = self.tracks.as_ref()?;
        let on = |b: bool| if b { "ON" } else { "OFF" };
        let value = match name.to_ascii_lowercase().as_slice() {
            b"session_track_system_variables" => t.variables.as_str(),
            b"session_track_schema" => on(t.schema),
            b"session_track_state_change" => on(t.state_change),
            _ => return None,
        };
        (value.as_bytes() != server).then(|| value.as_bytes().to_vec())
    }

    /// The value squeeze gives for status variable `name`, if it is one
    /// describing the link.
    fn value(&self, name: &[u8]) -> Option<&[u8]> {
        match name {
            b"Ssl_version" => Some(self.ssl_version.as_bytes()),
            b"Ssl_cipher" => Some(self.ssl_cipher.as_bytes()),
            b"Compression" => Some(if self.compression { b"ON" } else { b"OFF" }),
            _ => None,
        }
    }
}

fn version_name(v: rustls::ProtocolVersion) -> String {
    match v {
        rustls::ProtocolVersion::TLSv1_2 => "TLSv1.2".into(),
        rustls::ProtocolVersion::TLSv1_3 => "TLSv1.3".into(),
        other => format!("{other:?}"),
    }
}

/// The suites rustls negotiates, by the names OpenSSL (and so MariaDB's
/// `Ssl_cipher`) gives them.
fn openssl_cipher_name(s: rustls::CipherSuite) -> String {
    use rustls::CipherSuite as C;
    let name = match s {
        C::TLS13_AES_256_GCM_SHA384 => "TLS_AES_256_GCM_SHA384",
        C::TLS13_AES_128_GCM_SHA256 => "TLS_AES_128_GCM_SHA256",
        C::TLS13_CHACHA20_POLY1305_SHA256 => "TLS_CHACHA20_POLY1305_SHA256",
        C::TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384 => "ECDHE-ECDSA-AES256-GCM-SHA384",
        C::TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 => "ECDHE-ECDSA-AES128-GCM-SHA256",
        C::TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256 => "ECDHE-ECDSA-CHACHA20-POLY1305",
        C::TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384 => "ECDHE-RSA-AES256-GCM-SHA384",
        C::TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 => "ECDHE-RSA-AES128-GCM-SHA256",
        C::TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256 => "ECDHE-RSA-CHACHA20-POLY1305",
        other => return format!("{other:?}"),
    };
    name.into()
}

/// Whether `query` is a single `SHOW [SESSION|LOCAL] STATUS ...`. Only a
/// short text starting with `show` (or hidden behind a comment) is lexed.
pub fn asks_link_status(query: &Query<'_>) -> bool {
    let text = query.text;
    let start = text
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(text.len());
    let shown = text[start..]
        .get(..4)
        .is_some_and(|w| w.eq_ignore_ascii_case(b"show"));
    if query.scan.semicolon || text.len() > 4096 || !(shown || query.scan.hidden_start) {
        return false;
    }
    let mut stmts = query.non_empty();
    match (stmts.next(), stmts.next()) {
        (Some(s), None) => is_session_status(text, &s.tokens),
        _ => false,
    }
}

/// Whether `query` is a single `SHOW [GLOBAL|SESSION|LOCAL] VARIABLES ...`:
/// `Some(true)` for the GLOBAL form, `Some(false)` for the session forms.
pub fn asks_variables(query: &Query<'_>) -> Option<bool> {
    let text = query.text;
    if query.scan.semicolon || text.len() > 4096 {
        return None;
    }
    let mut stmts = query.non_empty();
    let (Some(s), None) = (stmts.next(), stmts.next()) else {
        return None;
    };
    let mut t = s.tokens.iter();
    if !t.next().is_some_and(|k| k.is_keyword(text, "SHOW")) {
        return None;
    }
    match t.next() {
        Some(k) if k.is_keyword(text, "VARIABLES") => Some(false),
        Some(k)
            if ["GLOBAL", "SESSION", "LOCAL"]
                .iter()
                .any(|w| k.is_keyword(text, w)) =>
        {
            t.next()
                .is_some_and(|v| v.is_keyword(text, "VARIABLES"))
                .then(|| k.is_keyword(text, "GLOBAL"))
        }
        _ => None,
    }
}

/// A column definition of squeeze's derived table for `information_schema`
/// table `table`, described as the server describes its own
/// `VARIABLE_VALUE` (a derived column has no schema, the derived table as
/// its table and other flags); `None` for any other column.
pub fn variables_coldef(payload: &[u8], extended: bool, table: &str) -> Option<Vec<u8>> {
    let mut def = ColumnDef::parse(payload, extended).ok()?;
    // The value is computed (no schema); the name passes through under
    // the spelling the query gave it.
    let column: &[u8] = if def.schema.is_empty() {
        b"VARIABLE_VALUE"
    } else if def.schema == b"information_schema" {
        b"VARIABLE_NAME"
    } else {
        return None;
    };
    if !def.org_name.eq_ignore_ascii_case(column) || def.org_table != def.table {
        return None;
    }
    def.schema = b"information_schema".to_vec();
    def.org_table = table.as_bytes().to_vec();
    def.org_name = column.to_vec();
    // NOT_NULL | NO_DEFAULT_VALUE, no decimals: the server's own column.
    def.flags = 0x1001;
    def.decimals = 0;
    Some(def.encode())
}

/// Whether the one statement `tokens` is `SHOW [SESSION|LOCAL] STATUS ...`.
pub fn is_session_status(src: &[u8], tokens: &[Token]) -> bool {
    let mut t = tokens.iter();
    if !t.next().is_some_and(|k| k.is_keyword(src, "SHOW")) {
        return false;
    }
    match t.next() {
        Some(k) if k.is_keyword(src, "STATUS") => true,
        Some(k) if k.is_keyword(src, "SESSION") || k.is_keyword(src, "LOCAL") => {
            t.next().is_some_and(|k| k.is_keyword(src, "STATUS"))
        }
        _ => false,
    }
}

/// A text-protocol row `(Variable_name, Value)` of `SHOW STATUS`, with the
/// value replaced when the variable describes the link; `None` to relay
/// the row as it is (another variable, or not a two-column row).
pub fn rewrite_row(row: &[u8], link: &ClientLink) -> Option<Vec<u8>> {
    let mut r = Reader::new(row);
    let name = r.lenenc_bytes().ok()?;
    // The server's own value is replaced; it must be the row's last field.
    let server = r.lenenc_bytes().ok()?;
    if !r.is_empty() {
        return None;
    }
    let variable;
    let value = if link.status {
        link.value(name)?
    } else {
        variable = link.variable(name, server)?;
        &variable[..]
    };
    let mut out = Vec::with_capacity(name.len() + value.len() + 18);
    put_lenenc_bytes(&mut out, name);
    put_lenenc_bytes(&mut out, value);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::lexer::LexOptions;

    fn status(sql: &str) -> bool {
        asks_link_status(&Query::new(sql.as_bytes(), LexOptions::default()))
    }

    fn row(fields: &[&[u8]]) -> Vec<u8> {
        let mut out = Vec::new();
        for f in fields {
            put_lenenc_bytes(&mut out, f);
        }
        out
    }

    fn tls13() -> ClientLink {
        ClientLink::new(
            Some((
                rustls::ProtocolVersion::TLSv1_3,
                rustls::CipherSuite::TLS13_AES_256_GCM_SHA384,
            )),
            false,
        )
    }

    #[test]
    fn only_the_session_forms_of_show_status_are_recognised() {
        assert!(status("SHOW STATUS LIKE 'Ssl_cipher'"));
        assert!(status(
            "show session status where Variable_name = 'Compression'"
        ));
        assert!(status("/* c */ SHOW LOCAL STATUS"));
        assert!(!status("SHOW GLOBAL STATUS LIKE 'Ssl_cipher'"));
        assert!(!status("SHOW VARIABLES LIKE 'Ssl_cipher'"));
        assert!(!status("SELECT 'SHOW STATUS'"));
        assert!(!status("SHOW"));
        assert!(!status("SHOW STATUS; SELECT 1"));
        assert!(!status("SELECT 1; SHOW STATUS"));
    }

    #[test]
    fn the_link_rows_get_the_clients_own_values_and_others_pass() {
        let link = tls13();
        assert_eq!(
            rewrite_row(&row(&[b"Ssl_cipher", b""]), &link),
            Some(row(&[b"Ssl_cipher", b"TLS_AES_256_GCM_SHA384"]))
        );
        assert_eq!(
            rewrite_row(&row(&[b"Ssl_version", b"TLSv1.2"]), &link),
            Some(row(&[b"Ssl_version", b"TLSv1.3"]))
        );
        assert_eq!(
            rewrite_row(&row(&[b"Compression", b"ON"]), &link),
            Some(row(&[b"Compression", b"OFF"]))
        );
        assert_eq!(rewrite_row(&row(&[b"Uptime", b"5"]), &link), None);
        assert_eq!(rewrite_row(&row(&[b"Ssl_cipher_list", b"x"]), &link), None);
    }

    #[test]
    fn a_plain_link_shows_empty_tls_fields_and_odd_rows_are_left_alone() {
        let plain = ClientLink::new(None, true);
        assert_eq!(
            rewrite_row(&row(&[b"Ssl_cipher", b"TLS_AES_256_GCM_SHA384"]), &plain),
            Some(row(&[b"Ssl_cipher", b""]))
        );
        assert_eq!(
            rewrite_row(&row(&[b"Compression", b"OFF"]), &plain),
            Some(row(&[b"Compression", b"ON"]))
        );
        // Three columns, a truncated value, a bare name: not SHOW STATUS rows.
        assert_eq!(
            rewrite_row(&row(&[b"Ssl_cipher", b"a", b"b"]), &plain),
            None
        );
        assert_eq!(rewrite_row(b"\x0aSsl_cipher\x05ab", &plain), None);
        assert_eq!(rewrite_row(&row(&[b"Ssl_cipher"]), &plain), None);
    }

    #[test]
    fn rustls_suites_carry_openssls_names() {
        use rustls::CipherSuite as C;
        assert_eq!(
            openssl_cipher_name(C::TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384),
            "ECDHE-RSA-AES256-GCM-SHA384"
        );
        assert_eq!(
            openssl_cipher_name(C::TLS13_CHACHA20_POLY1305_SHA256),
            "TLS_CHACHA20_POLY1305_SHA256"
        );
    }

    #[test]
    fn show_variables_shows_max_allowed_packet_as_the_lower_limit() {
        let vars = |sql: &str| asks_variables(&Query::new(sql.as_bytes(), LexOptions::default()));
        assert_eq!(
            vars("SHOW VARIABLES LIKE 'max_allowed_packet'"),
            Some(false)
        );
        assert_eq!(
            vars("show global variables where Variable_name = 'x'"),
            Some(true)
        );
        assert_eq!(vars("SHOW SESSION VARIABLES"), Some(false));
        assert_eq!(vars("SHOW STATUS"), None);
        assert_eq!(vars("SHOW VARIABLES; SELECT 1"), None);
        let link = ClientLink {
            status: false,
            packet_limit: Some(1 << 20),
            ..ClientLink::new(None, false)
        };
        assert_eq!(
            rewrite_row(&row(&[b"max_allowed_packet", b"268435456"]), &link),
            Some(row(&[b"max_allowed_packet", b"1048576"]))
        );
        // A server value already below the cap, another variable, and the
        // status names stay as the server sent them.
        assert_eq!(
            rewrite_row(&row(&[b"max_allowed_packet", b"65536"]), &link),
            None
        );
        assert_eq!(
            rewrite_row(&row(&[b"net_buffer_length", b"268435456"]), &link),
            None
        );
        assert_eq!(rewrite_row(&row(&[b"Ssl_cipher", b"x"]), &link), None);
    }

    #[test]
    fn session_show_variables_shows_the_clients_tracking_settings() {
        let link = ClientLink {
            status: false,
            tracks: Some(TrackSettings {
                variables: "autocommit,time_zone".into(),
                schema: true,
                state_change: false,
            }),
            ..ClientLink::new(None, false)
        };
        assert_eq!(
            rewrite_row(
                &row(&[
                    b"session_track_system_variables",
                    b"autocommit,sql_mode,time_zone"
                ]),
                &link
            ),
            Some(row(&[
                b"session_track_system_variables",
                b"autocommit,time_zone"
            ]))
        );
        assert_eq!(
            rewrite_row(&row(&[b"session_track_state_change", b"ON"]), &link),
            Some(row(&[b"session_track_state_change", b"OFF"]))
        );
        assert_eq!(
            rewrite_row(&row(&[b"session_track_schema", b"ON"]), &link),
            None
        );
        assert_eq!(rewrite_row(&row(&[b"time_zone", b"SYSTEM"]), &link), None);
    }

    #[test]
    fn the_derived_variables_column_is_described_as_the_servers() {
        use crate::protocol::coldef::ColumnDef;
        let def = |schema: &[u8], org_table: &[u8], org_name: &[u8]| ColumnDef {
            catalog: b"def".to_vec(),
            schema: schema.to_vec(),
            table: org_table.to_vec(),
            org_table: org_table.to_vec(),
            name: org_name.to_vec(),
            org_name: org_name.to_vec(),
            extended: None,
            charset: 45,
            column_length: 16384,
            column_type: 253,
            flags: 1,
            decimals: 39,
            trailer: Vec::new(),
        };
        let table = "SESSION_VARIABLES";
        let fixed =
            variables_coldef(&def(b"", b"v", b"variable_value").encode(), false, table).unwrap();
        let want = ColumnDef {
            table: b"v".to_vec(),
            name: b"variable_value".to_vec(),
            flags: 0x1001,
            decimals: 0,
            ..def(
                b"information_schema",
                b"SESSION_VARIABLES",
                b"VARIABLE_VALUE",
            )
        };
        assert_eq!(fixed, want.encode());
        let base = ColumnDef {
            table: b"v".to_vec(),
            ..def(b"", b"SESSION_VARIABLES", b"VARIABLE_VALUE")
        };
        for other in [
            def(
                b"information_schema",
                b"SESSION_VARIABLES",
                b"VARIABLE_VALUE",
            ),
            def(b"", b"SESSION_VARIABLES", b"VARIABLE_NAME"),
            base,
        ] {
            assert_eq!(variables_coldef(&other.encode(), false, table), None);
        }
    }
}
