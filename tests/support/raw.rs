//! A tiny blocking MySQL protocol client over a raw TcpStream, for what
//! mysql_async cannot do (server-side cursors with COM_STMT_FETCH) and for
//! sending malformed traffic.
use sha1::{Digest, Sha1};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

pub const CLIENT_LONG_PASSWORD: u32 = 1;
pub const CLIENT_CONNECT_WITH_DB: u32 = 8;
pub const CLIENT_PROTOCOL_41: u32 = 0x200;
pub const CLIENT_TRANSACTIONS: u32 = 0x2000;
pub const CLIENT_SECURE_CONNECTION: u32 = 0x8000;
pub const CLIENT_MULTI_RESULTS: u32 = 0x20000;
pub const CLIENT_PLUGIN_AUTH: u32 = 0x80000;
pub const CLIENT_COMPRESS: u32 = 0x20;
pub const CLIENT_ZSTD_COMPRESSION_ALGORITHM: u32 = 1 << 26;

pub struct RawConn {
    pub s: TcpStream,
    pub seq: u8,
    pub server_version: Vec<u8>,
    /// MariaDB extended capabilities the server offered (0 when it set
    /// CLIENT_LONG_PASSWORD, MariaDB's CLIENT_MYSQL).
    pub server_ext: u32,
}

pub fn native_scramble(seed: &[u8], pass: &[u8]) -> Vec<u8> {
    if pass.is_empty() {
        return vec![];
    }
    let h1 = Sha1::digest(pass);
    let h2 = Sha1::digest(h1);
    let mut h = Sha1::new();
    h.update(seed);
    h.update(h2);
    let h3 = h.finalize();
    h1.iter().zip(h3.iter()).map(|(a, b)| a ^ b).collect()
}

impl RawConn {
    pub fn connect_tcp(port: u16) -> RawConn {
        let s = TcpStream::connect(("127.0.0.1", port))
            .unwrap_or_else(|e| panic!("connect 127.0.0.1:{port}: {e}"));
        s.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
        s.set_nodelay(true).unwrap();
        RawConn {
            s,
            seq: 0,
            server_version: vec![],
            server_ext: 0,
        }
    }

    /// Reads one packet (payload only); updates the sequence id.
    pub fn read_packet(&mut self) -> std::io::Result<Vec<u8>> {
        let mut out = Vec::new();
        loop {
            let mut hdr = [0u8; 4];
            self.s.read_exact(&mut hdr)?;
            let len = u32::from_le_bytes([hdr[0], hdr[1], hdr[2], 0]) as usize;
            self.seq = hdr[3].wrapping_add(1);
            let start = out.len();
            out.resize(start + len, 0);
            self.s.read_exact(&mut out[start..])?;
            if len < 0xFF_FFFF {
                return Ok(out);
            }
        }
    }

    pub fn write_packet(&mut self, payload: &[u8]) -> std::io::Result<()> {
        let mut buf = Vec::with_capacity(payload.len() + 8);
        let mut chunks = payload.chunks(0xFF_FFFF).peekable();
        if payload.is_empty() {
            buf.extend_from_slice(&[0, 0, 0, self.seq]);
            self.seq = self.seq.wrapping_add(1);
        }
        while let Some(c) = chunks.next() {
            let l = c.len() as u32;
            buf.extend_from_slice(&[l as u8, (l >> 8) as u8, (l >> 16) as u8, self.seq]);
            buf.extend_from_slice(c);
            self.seq = self.seq.wrapping_add(1);
            if chunks.peek().is_none() && c.len() == 0xFF_FFFF {
                buf.extend_from_slice(&[0, 0, 0, self.seq]);
                self.seq = self.seq.wrapping_add(1);
            }
        }
        self.s.write_all(&buf)
    }

    /// Full login with mysql_native_password. Returns the final OK packet
    /// payload, or Err(ERR payload).
    pub fn login(port: u16, user: &str, pass: &str, db: Option<&str>) -> Result<RawConn, Vec<u8>> {
        Self::login_ext(port, user, pass, db, 0)
    }

    /// `login` asking for the MariaDB extended capabilities `ext` (those
    /// the server offers; CLIENT_LONG_PASSWORD is then left clear, which is
    /// how they are requested).
    pub fn login_ext(
        port: u16,
        user: &str,
        pass: &str,
        db: Option<&str>,
        ext: u32,
    ) -> Result<RawConn, Vec<u8>> {
        Self::login_with(port, user, pass, db, ext, 0, None)
    }

    /// `login_ext` that also sets `extra_flags` and, with
    /// `CLIENT_ZSTD_COMPRESSION_ALGORITHM`, sends `zstd_level` last.
    pub fn login_with(
        port: u16,
        user: &str,
        pass: &str,
        db: Option<&str>,
        ext: u32,
        extra_flags: u32,
        zstd_level: Option<u8>,
    ) -> Result<RawConn, Vec<u8>> {
        let mut c = RawConn::connect_tcp(port);
        let hs = c.read_packet().expect("read handshake");
        assert_eq!(
            hs[0],
            10,
            "expected protocol-10 handshake, got {:?}",
            &hs[..hs.len().min(64)]
        );
        let mut i = 1;
        let nul = hs[i..].iter().position(|&b| b == 0).unwrap();
        c.server_version = hs[i..i + nul].to_vec();
        i += nul + 1 + 4; // version, connection id
        let mut seed = hs[i..i + 8].to_vec();
        i += 8 + 1; // filler
        let cap_lo = u16::from_le_bytes([hs[i], hs[i + 1]]) as u32;
        i += 2 + 1 + 2; // caps lo, charset, status
        let cap_hi = u16::from_le_bytes([hs[i], hs[i + 1]]) as u32;
        let caps = cap_lo | (cap_hi << 16);
        i += 2;
        let auth_len = hs[i] as usize;
        if caps & CLIENT_LONG_PASSWORD == 0 {
            c.server_ext = u32::from_le_bytes(hs[i + 7..i + 11].try_into().unwrap());
        }
        i += 1 + 10;
        if caps & CLIENT_SECURE_CONNECTION != 0 {
            let n = std::cmp::max(13, auth_len.saturating_sub(8));
            seed.extend_from_slice(&hs[i..i + n - 1]); // drop trailing NUL
            i += n;
        }
        let _plugin = if caps & CLIENT_PLUGIN_AUTH != 0 && i < hs.len() {
            let end = hs[i..]
                .iter()
                .position(|&b| b == 0)
                .map(|p| i + p)
                .unwrap_or(hs.len());
            hs[i..end].to_vec()
        } else {
            b"mysql_native_password".to_vec()
        };
        let mut flags = CLIENT_LONG_PASSWORD
            | CLIENT_PROTOCOL_41
            | CLIENT_TRANSACTIONS
            | CLIENT_SECURE_CONNECTION
            | CLIENT_MULTI_RESULTS
            | CLIENT_PLUGIN_AUTH;
        if db.is_some() {
            flags |= CLIENT_CONNECT_WITH_DB;
        }
        flags |= extra_flags;
        let ext = ext & c.server_ext;
        if ext != 0 {
            flags &= !CLIENT_LONG_PASSWORD;
        }
        let mut resp = Vec::new();
        resp.extend_from_slice(&flags.to_le_bytes());
        resp.extend_from_slice(&(16u32 << 20).to_le_bytes());
        resp.push(45); // utf8mb4_general_ci
        resp.extend_from_slice(&[0u8; 19]);
        resp.extend_from_slice(&ext.to_le_bytes());
        resp.extend_from_slice(user.as_bytes());
        resp.push(0);
        let scr = native_scramble(&seed, pass.as_bytes());
        resp.push(scr.len() as u8);
        resp.extend_from_slice(&scr);
        if let Some(d) = db {
            resp.extend_from_slice(d.as_bytes());
            resp.push(0);
        }
        resp.extend_from_slice(b"mysql_native_password\0");
        if flags & CLIENT_ZSTD_COMPRESSION_ALGORITHM != 0 {
            resp.push(zstd_level.unwrap_or(3));
        }
        c.write_packet(&resp).unwrap();
        loop {
            let p = c.read_packet().expect("read auth response");
            match p[0] {
                0x00 => return Ok(c),
                0xFF => return Err(p),
                0xFE => {
                    // auth switch: plugin name NUL, seed NUL
                    let end = p[1..].iter().position(|&b| b == 0).unwrap() + 1;
                    let plugin = &p[1..end];
                    assert_eq!(
                        plugin,
                        b"mysql_native_password",
                        "unexpected auth switch to {:?}",
                        String::from_utf8_lossy(plugin)
                    );
                    let mut s2 = p[end + 1..].to_vec();
                    if s2.last() == Some(&0) {
                        s2.pop();
                    }
                    let scr = native_scramble(&s2, pass.as_bytes());
                    c.write_packet(&scr).unwrap();
                }
                0x01 => continue, // more data; not expected for native
                other => panic!("unexpected auth packet 0x{other:02x}"),
            }
        }
    }

    /// Sends a command packet (sequence 0).
    pub fn command(&mut self, payload: &[u8]) {
        self.seq = 0;
        self.write_packet(payload).unwrap();
    }

    /// Reads packets until an EOF/OK/ERR terminator; returns them all.
    /// (Classic protocol without CLIENT_DEPRECATE_EOF.)
    pub fn read_until_eof(&mut self) -> Vec<Vec<u8>> {
        let mut v = Vec::new();
        loop {
            let p = self.read_packet().expect("read packet");
            let done = (p[0] == 0xFE && p.len() < 9) || p[0] == 0xFF;
            v.push(p);
            if done {
                return v;
            }
        }
    }

    /// COM_QUERY expecting OK; panics on ERR.
    pub fn simple(&mut self, sql: &str) -> Vec<Vec<u8>> {
        let mut p = vec![0x03];
        p.extend_from_slice(sql.as_bytes());
        self.command(&p);
        let first = self.read_packet().unwrap();
        if first[0] == 0xFF {
            panic!("`{sql}` failed: {}", String::from_utf8_lossy(&first[9..]));
        }
        let mut all = vec![first.clone()];
        if first[0] != 0x00 {
            all.extend(self.read_until_eof()); // column defs
            all.extend(self.read_until_eof()); // rows
        }
        all
    }
}

/// Error code and message from an ERR payload (0xFF, code, '#', state, msg).
pub fn parse_err(p: &[u8]) -> (u16, String) {
    assert_eq!(p[0], 0xFF, "not an ERR packet: {p:?}");
    let code = u16::from_le_bytes([p[1], p[2]]);
    let msg = if p.get(3) == Some(&b'#') {
        &p[9..]
    } else {
        &p[3..]
    };
    (code, String::from_utf8_lossy(msg).into_owned())
}

/// COM_INIT_DB (mysql_async has no API for it) to an existing and a missing
/// database, then `SELECT DATABASE()`: returns every reply packet.
pub fn init_db_exchange(port: u16, db: &str) -> Vec<Vec<u8>> {
    let mut c = RawConn::login(port, super::APP_USER, super::APP_PASS, None)
        .unwrap_or_else(|e| panic!("login: {:?}", parse_err(&e)));
    c.simple(&format!("CREATE DATABASE IF NOT EXISTS `{db}`"));
    let mut log = Vec::new();
    let mut p = vec![0x02];
    p.extend_from_slice(db.as_bytes());
    c.command(&p);
    let ok = c.read_packet().unwrap();
    assert_eq!(
        ok[0],
        0x00,
        "COM_INIT_DB failed: {:?}",
        String::from_utf8_lossy(&ok)
    );
    log.push(ok);
    let r = c.simple("SELECT DATABASE()");
    assert!(
        r.iter().any(|p| p.ends_with(db.as_bytes())),
        "DATABASE() after COM_INIT_DB: {r:?}"
    );
    log.extend(r);
    c.command(b"\x02no_such_db_here");
    let err = c.read_packet().unwrap();
    assert_eq!(
        parse_err(&err),
        (1049, "Unknown database 'no_such_db_here'".to_string())
    );
    log.push(err);
    let r = c.simple("SELECT DATABASE()");
    assert!(
        r.iter().any(|p| p.ends_with(db.as_bytes())),
        "DATABASE() unchanged after failed COM_INIT_DB: {r:?}"
    );
    log.extend(r);
    c.command(&[0x0e]); // COM_PING
    let ok = c.read_packet().unwrap();
    assert_eq!(ok[0], 0x00, "COM_PING");
    log.push(ok);
    log
}

/// The compressed protocol with zstd frames, written independently of
/// squeeze's own framing code (with the `zstd` crate): frames of a 3-byte
/// compressed length, a sequence id, a 3-byte uncompressed length (0 = raw),
/// then one zstd frame (or the raw bytes).
pub struct ZstdWire {
    pub conn: RawConn,
    seq: u8,
    stream: Vec<u8>,
    /// Frames received compressed / raw so far.
    pub frames_compressed: usize,
    pub frames_raw: usize,
}

impl ZstdWire {
    /// Logs in asking for zstd only (level `level`); the connection is
    /// compressed from the packet after the OK.
    pub fn login(port: u16, user: &str, pass: &str, db: Option<&str>, level: u8) -> ZstdWire {
        let conn = RawConn::login_with(
            port,
            user,
            pass,
            db,
            0,
            CLIENT_ZSTD_COMPRESSION_ALGORITHM,
            Some(level),
        )
        .unwrap_or_else(|e| panic!("zstd login refused: {}", String::from_utf8_lossy(&e)));
        ZstdWire {
            conn,
            seq: 0,
            stream: Vec::new(),
            frames_compressed: 0,
            frames_raw: 0,
        }
    }

    /// Sends one command packet (sequence 0) in one frame, compressed when
    /// it is 50 bytes or more.
    pub fn command(&mut self, payload: &[u8]) {
        assert!(payload.len() < 0xFF_FFFF - 4);
        let mut packet = Vec::with_capacity(payload.len() + 4);
        packet.extend_from_slice(&(payload.len() as u32).to_le_bytes()[..3]);
        packet.push(0);
        packet.extend_from_slice(payload);
        self.seq = 0;
        let (body, raw_len) = if packet.len() >= 50 {
            (zstd::bulk::compress(&packet, 3).unwrap(), packet.len())
        } else {
            (packet, 0)
        };
        let mut frame = Vec::with_capacity(body.len() + 7);
        frame.extend_from_slice(&(body.len() as u32).to_le_bytes()[..3]);
        frame.push(self.seq);
        frame.extend_from_slice(&(raw_len as u32).to_le_bytes()[..3]);
        frame.extend_from_slice(&body);
        self.seq = self.seq.wrapping_add(1);
        self.conn.s.write_all(&frame).unwrap();
    }

    fn read_frame(&mut self) -> std::io::Result<()> {
        let mut hdr = [0u8; 7];
        self.conn.s.read_exact(&mut hdr)?;
        let comp = u32::from_le_bytes([hdr[0], hdr[1], hdr[2], 0]) as usize;
        let raw = u32::from_le_bytes([hdr[4], hdr[5], hdr[6], 0]) as usize;
        assert_eq!(hdr[3], self.seq, "compressed sequence id");
        self.seq = self.seq.wrapping_add(1);
        let mut body = vec![0u8; comp];
        self.conn.s.read_exact(&mut body)?;
        if raw == 0 {
            self.frames_raw += 1;
            self.stream.extend_from_slice(&body);
        } else {
            self.frames_compressed += 1;
            let data = zstd::bulk::decompress(&body, raw).expect("a valid zstd frame");
            assert_eq!(data.len(), raw, "frame inflates to its declared length");
            self.stream.extend_from_slice(&data);
        }
        Ok(())
    }

    /// The next packet's payload from the decompressed stream.
    pub fn read_packet(&mut self) -> std::io::Result<Vec<u8>> {
        loop {
            if self.stream.len() >= 4 {
                let len = u32::from_le_bytes([self.stream[0], self.stream[1], self.stream[2], 0])
                    as usize;
                if self.stream.len() >= 4 + len {
                    let p = self.stream[4..4 + len].to_vec();
                    self.stream.drain(..4 + len);
                    return Ok(p);
                }
            }
            self.read_frame()?;
        }
    }

    /// COM_QUERY; returns every packet of the answer (classic EOF protocol).
    pub fn query(&mut self, sql: &str) -> Vec<Vec<u8>> {
        let mut p = vec![0x03];
        p.extend_from_slice(sql.as_bytes());
        self.command(&p);
        let first = self.read_packet().unwrap();
        let mut all = vec![first.clone()];
        if first[0] == 0x00 || first[0] == 0xFF {
            return all;
        }
        for _ in 0..2 {
            loop {
                let p = self.read_packet().unwrap();
                let done = (p[0] == 0xFE && p.len() < 9) || p[0] == 0xFF;
                all.push(p);
                if done {
                    break;
                }
            }
        }
        all
    }
}
