//! What an account's grants say about where and how it may log in, read
//! on the relayed connection right after the server accepted the login
//! (no privilege needed: every account may see its own grants and
//! `CURRENT_USER()`):
//!
//! - the host part of the account the server matched, checked against the
//!   client's own address when the server saw squeeze's (no PROXY
//!   protocol), as MaxScale does;
//! - its `REQUIRE` clause, checked against the client's link to squeeze.
//!
//! Parsing and matching are pure; `read` is the I/O.

use std::net::IpAddr;

use super::query::{simple_query, QueryError};
use crate::net::PacketConn;

/// An account's `REQUIRE` clause (`mysql.global_priv` `ssl_type`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TlsRequirement {
    None,
    /// `REQUIRE SSL`.
    Ssl,
    /// `REQUIRE X509`, `ISSUER`, `SUBJECT` or `CIPHER` (the words given).
    Certificate(String),
}

/// The account the server matched and its TLS requirement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountFacts {
    /// Host part of `CURRENT_USER()`.
    pub host_pattern: String,
    pub tls: TlsRequirement,
}

/// Ask the server, on a connection logged in as the account.
pub async fn read(conn: &mut PacketConn, capabilities: u32) -> Result<AccountFacts, QueryError> {
    let rows = simple_query(conn, capabilities, "SELECT CURRENT_USER()").await?;
    let current = rows
        .first()
        .and_then(|r| r.first().cloned().flatten())
        .unwrap_or_default();
    let current = String::from_utf8_lossy(&current).into_owned();
    let host_pattern = current
        .rsplit_once('@')
        .map(|(_, h)| h.to_string())
        .unwrap_or_default();
    let grants = simple_query(conn, capabilities, "SHOW GRANTS").await?;
    // The account's own line (`... ON *.* TO ...`) carries the clause.
    let tls = grants
        .iter()
        .filter_map(|r| r.first().cloned().flatten())
        .map(|l| parse_require(&String::from_utf8_lossy(&l)))
        .find(|t| *t != TlsRequirement::None)
        .unwrap_or(TlsRequirement::None);
    Ok(AccountFacts { host_pattern, tls })
}

/// The `REQUIRE` clause of a `SHOW GRANTS` line.
pub fn parse_require(line: &str) -> TlsRequirement {
    // Quoted parts (names, hashes, issuer strings) are skipped, so a
    // quoted " REQUIRE " is never taken for the clause.
    let mut outside = String::with_capacity(line.len());
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '`' || c == '"' => {
                quote = Some(c);
                outside.push('?');
            }
            None => outside.push(c),
        }
    }
    let words: Vec<&str> = outside.split_whitespace().collect();
    let Some(i) = words.iter().position(|w| w.eq_ignore_ascii_case("REQUIRE")) else {
        return TlsRequirement::None;
    };
    let kinds: Vec<String> = words[i + 1..]
        .iter()
        .take_while(|w| !w.eq_ignore_ascii_case("WITH"))
        .filter(|w| {
            ["SSL", "X509", "ISSUER", "SUBJECT", "CIPHER"]
                .iter()
                .any(|k| w.eq_ignore_ascii_case(k))
        })
        .map(|w| w.to_ascii_uppercase())
        .collect();
    match kinds.as_slice() {
        [] => TlsRequirement::None,
        [one] if one == "SSL" => TlsRequirement::Ssl,
        more => TlsRequirement::Certificate(more.join(" ")),
    }
}

/// Whether MariaDB would match host pattern `pattern` for a client at
/// `ip` (with `skip_name_resolve`: against the address, not a name).
/// `None` when only a name lookup could tell (a host-name pattern).
pub fn host_matches(pattern: &str, ip: IpAddr) -> Option<bool> {
    if pattern == "%" || pattern.is_empty() {
        return Some(true);
    }
    if pattern.eq_ignore_ascii_case("localhost") {
        // The server gives this name to local clients only.
        return Some(is_local(ip));
    }
    if let Some((net, mask)) = pattern.split_once('/') {
        // `a.b.c.d/m.m.m.m`, IPv4 only, as the server accepts.
        let (Ok(net), Ok(mask), IpAddr::V4(ip)) = (
            net.parse::<std::net::Ipv4Addr>(),
            mask.parse::<std::net::Ipv4Addr>(),
            ip,
        ) else {
            return Some(false);
        };
        return Some(u32::from(ip) & u32::from(mask) == u32::from(net));
    }
    let text = match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => v6.to_string(),
        },
        v4 => v4.to_string(),
    };
    if wild_match(pattern.as_bytes(), text.as_bytes()) {
        return Some(true);
    }
    // A pattern of address characters and wildcards only is about
    // addresses: no match is an answer. Letters mean a host name.
    let address_like = pattern
        .bytes()
        .all(|b| b.is_ascii_hexdigit() || b":.%_".contains(&b));
    let hex_letters = pattern.bytes().any(|b| b.is_ascii_alphabetic());
    if address_like && (!hex_letters || pattern.contains(':')) {
        Some(false)
    } else {
        None
    }
}

/// The addresses the server calls `localhost`.
pub fn is_local(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4 == std::net::Ipv4Addr::LOCALHOST,
        IpAddr::V6(v6) => {
            v6 == std::net::Ipv6Addr::LOCALHOST
                || v6.to_ipv4_mapped() == Some(std::net::Ipv4Addr::LOCALHOST)
        }
    }
}

/// SQL `LIKE`-style match, case-insensitive: `%` any run, `_` one
/// character, `\` escapes.
fn wild_match(pattern: &[u8], text: &[u8]) -> bool {
    let (mut p, mut t) = (0, 0);
    let (mut star_p, mut star_t) = (None, 0);
    while t < text.len() {
        if p < pattern.len() && pattern[p] == b'%' {
            star_p = Some(p);
            star_t = t;
            p += 1;
            continue;
        }
        if p < pattern.len() {
            let (lit, width) = match pattern[p] {
                b'\\' if p + 1 < pattern.len() => (Some(pattern[p + 1]), 2),
                b'_' => (None, 1),
                c => (Some(c), 1),
            };
            if lit.is_none_or(|c| c.eq_ignore_ascii_case(&text[t])) {
                p += width;
                t += 1;
                continue;
            }
        }
        match star_p {
            Some(sp) => {
                p = sp + 1;
                star_t += 1;
                t = star_t;
            }
            None => return false,
        }
    }
    pattern[p..].iter().all(|&c| c == b'%')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn require_clauses_are_read_from_show_grants_lines() {
        let l = "GRANT USAGE ON *.* TO `s`@`%` IDENTIFIED BY PASSWORD '*7B9E' REQUIRE SSL";
        assert_eq!(parse_require(l), TlsRequirement::Ssl);
        let l = "GRANT USAGE ON *.* TO `x`@`%` IDENTIFIED BY PASSWORD '*7B' REQUIRE ISSUER '/CN=a' SUBJECT '/CN=b'";
        assert_eq!(
            parse_require(l),
            TlsRequirement::Certificate("ISSUER SUBJECT".into())
        );
        let l = "GRANT USAGE ON *.* TO `c`@`%` REQUIRE CIPHER 'AES' WITH MAX_QUERIES_PER_HOUR 5";
        assert_eq!(
            parse_require(l),
            TlsRequirement::Certificate("CIPHER".into())
        );
        assert_eq!(
            parse_require("GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION"),
            TlsRequirement::None
        );
        // A quoted name that says REQUIRE SSL is a name.
        assert_eq!(
            parse_require("GRANT USAGE ON *.* TO ` REQUIRE SSL`@`%`"),
            TlsRequirement::None
        );
    }

    #[test]
    fn host_patterns_match_as_the_server_matches_addresses() {
        assert_eq!(host_matches("%", ip("192.0.2.1")), Some(true));
        assert_eq!(host_matches("localhost", ip("127.0.0.2")), Some(false));
        assert_eq!(host_matches("localhost", ip("127.0.0.1")), Some(true));
        assert_eq!(host_matches("127.0.0.1", ip("127.0.0.2")), Some(false));
        assert_eq!(host_matches("127.0.0.%", ip("127.0.0.2")), Some(true));
        assert_eq!(
            host_matches("10.0.0.0/255.0.0.0", ip("10.9.8.7")),
            Some(true)
        );
        assert_eq!(
            host_matches("10.0.0.0/255.0.0.0", ip("11.9.8.7")),
            Some(false)
        );
        assert_eq!(host_matches("10.0.0._", ip("10.0.0.7")), Some(true));
        assert_eq!(host_matches("10.0.0._", ip("10.0.0.17")), Some(false));
        assert_eq!(host_matches("::1", ip("::2")), Some(false));
        assert_eq!(host_matches("fe80::%", ip("fe80::1")), Some(true));
        // Host names need a lookup squeeze does not make.
        assert_eq!(host_matches("app.example.com", ip("192.0.2.1")), None);
        assert_eq!(host_matches("db%", ip("192.0.2.1")), None);
        assert_eq!(host_matches("%.example.com", ip("192.0.2.1")), None);
    }
}
