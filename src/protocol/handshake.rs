//! Connection phase packets: the server's initial handshake (protocol 10),
//! the client's SSLRequest and HandshakeResponse41, auth switch, and
//! COM_CHANGE_USER.

use super::capabilities::*;
use super::compress::DEFAULT_WIRE_ZSTD_LEVEL;
use super::lenenc::{put_lenenc_bytes, put_lenenc_int, Reader};
use super::packet::ProtocolError;

/// Initial handshake, as sent by a server (or by squeeze to its clients).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitialHandshake {
    pub server_version: Vec<u8>,
    pub connection_id: u32,
    /// The 20-byte nonce ("scramble").
    pub auth_data: Vec<u8>,
    pub capabilities: u32,
    pub charset: u8,
    pub status: u16,
    pub auth_plugin: Vec<u8>,
    /// MariaDB extended capabilities (only when `CLIENT_LONG_PASSWORD` is clear).
    pub ext_capabilities: u32,
}

impl InitialHandshake {
    /// A TiDB server (a byte search of the version: cheap enough to ask
    /// per result set).
    pub fn is_tidb(&self) -> bool {
        self.server_version.windows(4).any(|w| w == b"TiDB")
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(128);
        out.push(10);
        out.extend_from_slice(&self.server_version);
        out.push(0);
        out.extend_from_slice(&self.connection_id.to_le_bytes());
        let (part1, part2) = self.auth_data.split_at(self.auth_data.len().min(8));
        out.extend_from_slice(part1);
        out.push(0);
        out.extend_from_slice(&(self.capabilities as u16).to_le_bytes());
        out.push(self.charset);
        out.extend_from_slice(&self.status.to_le_bytes());
        out.extend_from_slice(&((self.capabilities >> 16) as u16).to_le_bytes());
        out.push((self.auth_data.len() + 1) as u8);
        out.extend_from_slice(&[0u8; 6]);
        let ext = if self.capabilities & CLIENT_LONG_PASSWORD == 0 {
            self.ext_capabilities
        } else {
            0
        };
        out.extend_from_slice(&ext.to_le_bytes());
        out.extend_from_slice(part2);
        out.push(0);
        out.extend_from_slice(&self.auth_plugin);
        out.push(0);
        out
    }

    pub fn parse(payload: &[u8]) -> Result<InitialHandshake, ProtocolError> {
        let mut r = Reader::new(payload);
        let protocol = r.u8()?;
        if protocol != 10 {
            return Err(ProtocolError::Malformed(
                "unsupported handshake protocol version",
            ));
        }
        let server_version = r.nul_terminated()?.to_vec();
        let connection_id = r.u32()?;
        let mut auth_data = r.take(8)?.to_vec();
        r.skip(1)?;
        let mut capabilities = r.u16()? as u32;
        let mut charset = 0;
        let mut status = 0;
        let mut auth_plugin = Vec::new();
        let mut ext_capabilities = 0;
        if !r.is_empty() {
            charset = r.u8()?;
            status = r.u16()?;
            capabilities |= (r.u16()? as u32) << 16;
            let auth_len = r.u8()? as usize;
            r.skip(6)?;
            let ext = r.u32()?;
            if capabilities & CLIENT_LONG_PASSWORD == 0 {
                ext_capabilities = ext;
            }
            if capabilities & CLIENT_SECURE_CONNECTION != 0 {
                // Part 2 is max(13, auth_len - 8) bytes including its NUL.
                let n = auth_len.saturating_sub(8).max(13);
                let part2 = r.take(n.min(r.remaining()))?;
                // part2 is NUL terminated; the nonce is 20 bytes in total.
                let part2 = part2.strip_suffix(&[0]).unwrap_or(part2);
                auth_data.extend_from_slice(part2);
            }
            if capabilities & CLIENT_PLUGIN_AUTH != 0 {
                auth_plugin = r.nul_terminated_or_rest().to_vec();
            }
        }
        Ok(InitialHandshake {
            server_version,
            connection_id,
            auth_data,
            capabilities,
            charset,
            status,
            auth_plugin,
            ext_capabilities,
        })
    }
}

/// A client's HandshakeResponse41 (or the 32-byte SSLRequest prefix of it).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HandshakeResponse {
    pub capabilities: u32,
    pub max_packet: u32,
    pub charset: u8,
    pub username: Vec<u8>,
    pub auth_response: Vec<u8>,
    pub database: Option<Vec<u8>>,
    pub auth_plugin: Option<Vec<u8>>,
    /// Raw connect attributes as key/value pairs.
    pub attributes: Vec<(Vec<u8>, Vec<u8>)>,
    /// MariaDB extended capabilities (the last 4 filler bytes; meaningful
    /// only when the server's handshake had `CLIENT_LONG_PASSWORD` clear).
    pub ext_capabilities: u32,
    /// The zstd level the client asks its peer to compress with (present
    /// only with `CLIENT_ZSTD_COMPRESSION_ALGORITHM`, after the attributes).
    pub zstd_level: Option<u8>,
}

/// Length of an SSLRequest packet: capabilities, max packet, charset, filler.
pub const SSL_REQUEST_LEN: usize = 32;

impl HandshakeResponse {
    /// Is this payload an SSLRequest (the short prefix asking for TLS)?
    pub fn is_ssl_request(payload: &[u8]) -> bool {
        payload.len() == SSL_REQUEST_LEN
            && u32::from_le_bytes([payload[0], payload[1], payload[2], payload[3]]) & CLIENT_SSL
                != 0
    }

    pub fn parse(payload: &[u8]) -> Result<HandshakeResponse, ProtocolError> {
        let mut r = Reader::new(payload);
        let capabilities = r.u32()?;
        if capabilities & CLIENT_PROTOCOL_41 == 0 {
            return Err(ProtocolError::Malformed(
                "client does not speak protocol 4.1",
            ));
        }
        let max_packet = r.u32()?;
        let charset = r.u8()?;
        r.skip(19)?;
        let ext_capabilities = r.u32()?;
        let username = r.nul_terminated()?.to_vec();
        let auth_response = if capabilities & CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA != 0 {
            r.lenenc_bytes()?.to_vec()
        } else if capabilities & CLIENT_SECURE_CONNECTION != 0 {
            let n = r.u8()? as usize;
            r.take(n)?.to_vec()
        } else {
            r.nul_terminated()?.to_vec()
        };
        let database = if capabilities & CLIENT_CONNECT_WITH_DB != 0 && !r.is_empty() {
            Some(r.nul_terminated_or_rest().to_vec()).filter(|d| !d.is_empty())
        } else {
            None
        };
        let auth_plugin = if capabilities & CLIENT_PLUGIN_AUTH != 0 && !r.is_empty() {
            Some(r.nul_terminated_or_rest().to_vec())
        } else {
            None
        };
        let attributes = if capabilities & CLIENT_CONNECT_ATTRS != 0 && !r.is_empty() {
            parse_attributes(r.lenenc_bytes()?)?
        } else {
            Vec::new()
        };
        let zstd_level = if capabilities & CLIENT_ZSTD_COMPRESSION_ALGORITHM != 0 {
            Some(r.u8()?)
        } else {
            None
        };
        Ok(HandshakeResponse {
            capabilities,
            max_packet,
            charset,
            username,
            auth_response,
            database,
            auth_plugin,
            attributes,
            ext_capabilities,
            zstd_level,
        })
    }

    /// The 32-byte SSLRequest for these capabilities.
    pub fn encode_ssl_request(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(SSL_REQUEST_LEN);
        out.extend_from_slice(&(self.capabilities | CLIENT_SSL).to_le_bytes());
        out.extend_from_slice(&self.max_packet.to_le_bytes());
        out.push(self.charset);
        out.extend_from_slice(&[0u8; 19]);
        out.extend_from_slice(&self.ext_capabilities.to_le_bytes());
        out
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(128);
        out.extend_from_slice(&self.capabilities.to_le_bytes());
        out.extend_from_slice(&self.max_packet.to_le_bytes());
        out.push(self.charset);
        out.extend_from_slice(&[0u8; 19]);
        out.extend_from_slice(&self.ext_capabilities.to_le_bytes());
        out.extend_from_slice(&self.username);
        out.push(0);
        if self.capabilities & CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA != 0 {
            put_lenenc_bytes(&mut out, &self.auth_response);
        } else {
            out.push(self.auth_response.len() as u8);
            out.extend_from_slice(&self.auth_response);
        }
        if self.capabilities & CLIENT_CONNECT_WITH_DB != 0 {
            out.extend_from_slice(self.database.as_deref().unwrap_or_default());
            out.push(0);
        }
        if self.capabilities & CLIENT_PLUGIN_AUTH != 0 {
            out.extend_from_slice(self.auth_plugin.as_deref().unwrap_or_default());
            out.push(0);
        }
        if self.capabilities & CLIENT_CONNECT_ATTRS != 0 {
            let mut attrs = Vec::new();
            for (k, v) in &self.attributes {
                put_lenenc_bytes(&mut attrs, k);
                put_lenenc_bytes(&mut attrs, v);
            }
            put_lenenc_int(&mut out, attrs.len() as u64);
            out.extend_from_slice(&attrs);
        }
        if self.capabilities & CLIENT_ZSTD_COMPRESSION_ALGORITHM != 0 {
            out.push(self.zstd_level.unwrap_or(DEFAULT_WIRE_ZSTD_LEVEL as u8));
        }
        out
    }

    pub fn attribute(&self, key: &str) -> Option<&[u8]> {
        self.attributes
            .iter()
            .find(|(k, _)| k == key.as_bytes())
            .map(|(_, v)| v.as_slice())
    }
}

/// Connect attributes as key/value byte strings.
pub type Attributes = Vec<(Vec<u8>, Vec<u8>)>;

fn parse_attributes(mut raw: &[u8]) -> Result<Attributes, ProtocolError> {
    let mut out = Vec::new();
    while !raw.is_empty() {
        let mut r = Reader::new(raw);
        let k = r.lenenc_bytes()?.to_vec();
        let v = r.lenenc_bytes()?.to_vec();
        out.push((k, v));
        raw = &raw[r.position()..];
    }
    Ok(out)
}

/// AuthSwitchRequest: `FE plugin-name NUL plugin-data`.
pub fn auth_switch_request(plugin: &[u8], data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 + plugin.len() + data.len() + 1);
    out.push(0xFE);
    out.extend_from_slice(plugin);
    out.push(0);
    out.extend_from_slice(data);
    out
}

/// Parse an AuthSwitchRequest into (plugin, data). A trailing NUL after the
/// nonce, which servers add, is dropped.
pub fn parse_auth_switch(payload: &[u8]) -> Result<(Vec<u8>, Vec<u8>), ProtocolError> {
    let mut r = Reader::new(payload);
    if r.u8()? != 0xFE {
        return Err(ProtocolError::Malformed("not an auth switch request"));
    }
    let plugin = r.nul_terminated_or_rest().to_vec();
    let data = r.rest();
    let data = data.strip_suffix(&[0]).unwrap_or(data).to_vec();
    Ok((plugin, data))
}

/// AuthMoreData: `01 data`.
pub fn auth_more_data(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(1 + data.len());
    out.push(0x01);
    out.extend_from_slice(data);
    out
}

/// COM_CHANGE_USER's payload.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ChangeUser {
    pub username: Vec<u8>,
    pub auth_response: Vec<u8>,
    pub database: Option<Vec<u8>>,
    pub charset: Option<u16>,
    pub auth_plugin: Option<Vec<u8>>,
    pub attributes: Vec<(Vec<u8>, Vec<u8>)>,
}

impl ChangeUser {
    pub fn parse(payload: &[u8], capabilities: u32) -> Result<ChangeUser, ProtocolError> {
        let mut r = Reader::new(payload);
        r.u8()?;
        let username = r.nul_terminated()?.to_vec();
        let auth_response = if capabilities & CLIENT_SECURE_CONNECTION != 0 {
            let n = r.u8()? as usize;
            r.take(n)?.to_vec()
        } else {
            r.nul_terminated()?.to_vec()
        };
        let database = Some(r.nul_terminated_or_rest().to_vec()).filter(|d| !d.is_empty());
        let charset = if r.remaining() >= 2 {
            Some(r.u16()?)
        } else {
            None
        };
        let auth_plugin = if capabilities & CLIENT_PLUGIN_AUTH != 0 && !r.is_empty() {
            Some(r.nul_terminated_or_rest().to_vec())
        } else {
            None
        };
        let attributes = if capabilities & CLIENT_CONNECT_ATTRS != 0 && !r.is_empty() {
            parse_attributes(r.lenenc_bytes()?)?
        } else {
            Vec::new()
        };
        Ok(ChangeUser {
            username,
            auth_response,
            database,
            charset,
            auth_plugin,
            attributes,
        })
    }

    /// The payload for a connection with `capabilities` (the inverse of
    /// `parse`); `None` when the token is too long for its one-byte length.
    pub fn encode(&self, capabilities: u32) -> Option<Vec<u8>> {
        let mut out = Vec::with_capacity(64 + self.auth_response.len());
        out.push(0x11);
        out.extend_from_slice(&self.username);
        out.push(0);
        if capabilities & CLIENT_SECURE_CONNECTION != 0 {
            out.push(u8::try_from(self.auth_response.len()).ok()?);
            out.extend_from_slice(&self.auth_response);
        } else {
            out.extend_from_slice(&self.auth_response);
            out.push(0);
        }
        out.extend_from_slice(self.database.as_deref().unwrap_or_default());
        out.push(0);
        out.extend_from_slice(&self.charset.unwrap_or(45).to_le_bytes());
        if capabilities & CLIENT_PLUGIN_AUTH != 0 {
            out.extend_from_slice(self.auth_plugin.as_deref().unwrap_or_default());
            out.push(0);
        }
        if capabilities & CLIENT_CONNECT_ATTRS != 0 {
            let mut attrs = Vec::new();
            for (k, v) in &self.attributes {
                put_lenenc_bytes(&mut attrs, k);
                put_lenenc_bytes(&mut attrs, v);
            }
            put_lenenc_int(&mut out, attrs.len() as u64);
            out.extend_from_slice(&attrs);
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn change_user_round_trips_for_the_backend_layout() {
        let cu = ChangeUser {
            username: b"late".to_vec(),
            auth_response: (0..20).collect(),
            database: Some(b"db1".to_vec()),
            charset: Some(224),
            auth_plugin: Some(b"mysql_native_password".to_vec()),
            attributes: vec![(b"_client_name".to_vec(), b"x".to_vec())],
        };
        let caps = CLIENT_SECURE_CONNECTION | CLIENT_PLUGIN_AUTH | CLIENT_CONNECT_ATTRS;
        assert_eq!(
            ChangeUser::parse(&cu.encode(caps).unwrap(), caps).unwrap(),
            cu
        );
        let no_db = ChangeUser {
            database: None,
            ..cu.clone()
        };
        assert_eq!(
            ChangeUser::parse(&no_db.encode(caps).unwrap(), caps).unwrap(),
            no_db
        );
        let long = ChangeUser {
            auth_response: vec![1; 300],
            ..cu
        };
        assert_eq!(long.encode(caps), None);
    }

    #[test]
    fn initial_handshake_round_trip() {
        let h = InitialHandshake {
            server_version: b"10.11.6-MariaDB-squeeze".to_vec(),
            connection_id: 42,
            auth_data: (1..=20).collect(),
            capabilities: PROXY_SUPPORTED,
            charset: 45,
            status: SERVER_STATUS_AUTOCOMMIT,
            auth_plugin: b"mysql_native_password".to_vec(),
            ext_capabilities: 0,
        };
        assert_eq!(InitialHandshake::parse(&h.encode()).unwrap(), h);
        let mariadb = InitialHandshake {
            capabilities: PROXY_SUPPORTED & !CLIENT_LONG_PASSWORD,
            ext_capabilities: MARIADB_CLIENT_CACHE_METADATA,
            ..h
        };
        assert_eq!(InitialHandshake::parse(&mariadb.encode()).unwrap(), mariadb);
    }

    #[test]
    fn handshake_response_round_trip() {
        let resp = HandshakeResponse {
            capabilities: PROXY_SUPPORTED & !CLIENT_SSL,
            max_packet: 1 << 24,
            charset: 45,
            username: b"app".to_vec(),
            auth_response: vec![9; 20],
            database: Some(b"pins_0001".to_vec()),
            auth_plugin: Some(b"mysql_native_password".to_vec()),
            attributes: vec![(b"program_name".to_vec(), b"mysqldump".to_vec())],
            ext_capabilities: MARIADB_CLIENT_CACHE_METADATA,
            zstd_level: Some(3),
        };
        let parsed = HandshakeResponse::parse(&resp.encode()).unwrap();
        assert_eq!(parsed, resp);
        assert_eq!(parsed.attribute("program_name"), Some(&b"mysqldump"[..]));
        assert!(HandshakeResponse::is_ssl_request(
            &resp.encode_ssl_request()
        ));
    }

    #[test]
    fn a_zstd_client_sends_its_level_after_the_attributes() {
        let with_attrs = HandshakeResponse {
            capabilities: CLIENT_PROTOCOL_41
                | CLIENT_PLUGIN_AUTH
                | CLIENT_CONNECT_ATTRS
                | CLIENT_ZSTD_COMPRESSION_ALGORITHM,
            username: b"app".to_vec(),
            auth_plugin: Some(b"caching_sha2_password".to_vec()),
            attributes: vec![(b"_client_name".to_vec(), b"libmysql".to_vec())],
            zstd_level: Some(7),
            ..Default::default()
        };
        let bytes = with_attrs.encode();
        assert_eq!(bytes.last(), Some(&7));
        assert_eq!(HandshakeResponse::parse(&bytes).unwrap(), with_attrs);
        let bare = HandshakeResponse {
            capabilities: CLIENT_PROTOCOL_41 | CLIENT_ZSTD_COMPRESSION_ALGORITHM,
            username: b"app".to_vec(),
            zstd_level: Some(3),
            ..Default::default()
        };
        assert_eq!(HandshakeResponse::parse(&bare.encode()).unwrap(), bare);
        // The flag without its level byte is a truncated packet.
        let mut cut = bare.encode();
        cut.pop();
        assert!(HandshakeResponse::parse(&cut).is_err());
    }

    #[test]
    fn truncated_handshake_response_is_an_error() {
        let resp = HandshakeResponse {
            capabilities: CLIENT_PROTOCOL_41 | CLIENT_SECURE_CONNECTION,
            username: b"app".to_vec(),
            auth_response: vec![1; 20],
            ..Default::default()
        };
        let bytes = resp.encode();
        for cut in 0..bytes.len() - 1 {
            let _ = HandshakeResponse::parse(&bytes[..cut]);
        }
        assert!(HandshakeResponse::parse(&bytes[..10]).is_err());
    }
}
