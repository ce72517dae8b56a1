//! PROXY protocol v1 header (HAProxy's text form), sent first on a backend
//! connection when `[backend] proxy_protocol = true`, so that the server
//! (MariaDB's `proxy_protocol_networks`) checks grants, `max_connect_errors`
//! and the processlist against the client's address instead of squeeze's.

use std::net::{IpAddr, SocketAddr};

/// The header for a connection made on behalf of `client` (from `client`'s
/// address to `server`), or `PROXY UNKNOWN` for squeeze's own connections
/// (health probes, jobs) and clients without an IP address: the server
/// then uses the connection's real address, squeeze's.
pub fn v1(client: Option<SocketAddr>, server: SocketAddr) -> Vec<u8> {
    let Some(client) = client else {
        return b"PROXY UNKNOWN\r\n".to_vec();
    };
    // Both addresses of one family: an IPv4 client of a server reached
    // over IPv6 (or the reverse) is written as IPv6, v4-mapped.
    let (family, src, dst) = match (client.ip(), server.ip()) {
        (IpAddr::V4(c), IpAddr::V4(s)) => ("TCP4", c.to_string(), s.to_string()),
        (c, s) => ("TCP6", v6(c).to_string(), v6(s).to_string()),
    };
    format!(
        "PROXY {family} {src} {dst} {} {}\r\n",
        client.port(),
        server.port()
    )
    .into_bytes()
}

fn v6(ip: IpAddr) -> std::net::Ipv6Addr {
    match ip {
        IpAddr::V4(v4) => v4.to_ipv6_mapped(),
        IpAddr::V6(v6) => v6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tcp4_client_is_named_with_its_address_and_port() {
        let h = v1(
            Some("10.1.2.3:50000".parse().unwrap()),
            "127.0.0.1:3306".parse().unwrap(),
        );
        assert_eq!(h, b"PROXY TCP4 10.1.2.3 127.0.0.1 50000 3306\r\n");
    }

    #[test]
    fn mixed_families_are_written_as_ipv6_and_own_connections_as_unknown() {
        let h = v1(
            Some("192.0.2.7:4000".parse().unwrap()),
            "[::1]:3306".parse().unwrap(),
        );
        assert_eq!(h, b"PROXY TCP6 ::ffff:192.0.2.7 ::1 4000 3306\r\n");
        assert_eq!(
            v1(None, "127.0.0.1:3306".parse().unwrap()),
            b"PROXY UNKNOWN\r\n"
        );
        // The longest v1 header is 107 bytes.
        let long = v1(
            Some(
                "[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]:65535"
                    .parse()
                    .unwrap(),
            ),
            "[ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe]:65535"
                .parse()
                .unwrap(),
        );
        assert!(long.len() <= 107, "{}", long.len());
    }
}
