//! The global memory budget and the packet limit, against a real MariaDB:
//! a statement that would go past the budget gets ERR 1041 while another
//! session keeps working, and a huge statement sent as client-compressed
//! frames is refused without squeeze's RSS growing past the limit.

mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use support::raw::{native_scramble, parse_err, RawConn};
use support::{MariaDb, Squeeze, APP_PASS, APP_USER};

fn squeeze(db: &MariaDb, extra: &[&str]) -> Squeeze {
    let backend = db.addr();
    let app = format!("{APP_USER}:{APP_PASS}");
    let mut args = vec!["--backend", &backend, "--user", &app];
    args.extend_from_slice(extra);
    Squeeze::start(&args)
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .expect("VmRSS in /proc/PID/status")
}

fn select_1(c: &mut RawConn) -> Vec<u8> {
    let all = c.simple("SELECT 1");
    all.iter()
        .find(|p| p.as_slice() == b"\x011")
        .cloned()
        .unwrap_or_else(|| panic!("no row `1` in {all:?}"))
}

#[test]
fn a_statement_past_the_memory_budget_gets_err_1041_while_another_session_keeps_working() {
    let db = MariaDb::shared();
    // 4 MiB for all sessions; a 6 MiB statement is within max_packet_size
    // (set to 16 MiB: by default the limit is the server's, bounded by the
    // budget) but not within the budget.
    let sq = squeeze(
        db,
        &[
            "--memory-budget",
            "4194304",
            "--max-packet-size",
            "16777216",
        ],
    );
    let mut other = RawConn::login(sq.port, APP_USER, APP_PASS, None).unwrap();
    select_1(&mut other);

    let mut big = RawConn::login(sq.port, APP_USER, APP_PASS, None).unwrap();
    // The header of a 6 MiB COM_QUERY and its first bytes: squeeze refuses
    // from the declared length, before it buffers the rest (which a real
    // client would still be sending).
    let len: u32 = 6 << 20;
    let mut q = len.to_le_bytes()[..3].to_vec();
    q.push(0);
    q.extend_from_slice(b"\x03SELECT LENGTH('xxxxxxxx");
    big.s.write_all(&q).unwrap();
    let reply = big.read_packet().expect("an ERR, not a bare close");
    let (code, msg) = parse_err(&reply);
    assert_eq!(code, 1041, "{msg}");
    assert!(
        msg.contains("limits.memory_budget") && msg.contains("4194304"),
        "the ERR names the limit and its key: {msg}"
    );

    // The other session is unaffected, and new ones work.
    select_1(&mut other);
    let mut fresh = RawConn::login(sq.port, APP_USER, APP_PASS, None).unwrap();
    select_1(&mut fresh);
    // A statement that fits still runs on the session that was refused's
    // neighbour: 1 MiB.
    let mut q = "SELECT LENGTH('".to_string();
    q.push_str(&"y".repeat(1 << 20));
    q.push_str("')");
    let rows = other.simple(&q);
    assert!(
        rows.iter().any(|p| p.as_slice() == b"\x071048576"),
        "{:?}",
        rows.iter().map(|p| p.len()).collect::<Vec<_>>()
    );
}

/// Log in with CLIENT_COMPRESS; returns the stream, past the OK.
fn login_compressed(port: u16) -> TcpStream {
    let mut c = RawConn::connect_tcp(port);
    let hs = c.read_packet().unwrap();
    let mut i = 1 + hs[1..].iter().position(|&b| b == 0).unwrap() + 1 + 4;
    let mut nonce = hs[i..i + 8].to_vec();
    i += 8 + 1;
    let caps = u16::from_le_bytes([hs[i], hs[i + 1]]) as u32;
    assert!(caps & 0x20 != 0, "squeeze offers CLIENT_COMPRESS");
    i += 2 + 1 + 2 + 2 + 1 + 10;
    nonce.extend_from_slice(&hs[i..i + 12]);
    // LONG_PASSWORD | COMPRESS | PROTOCOL_41 | TRANSACTIONS |
    // SECURE_CONNECTION | MULTI_RESULTS | PLUGIN_AUTH
    let flags: u32 = 1 | 0x20 | 0x200 | 0x2000 | 0x8000 | 0x20000 | 0x80000;
    let mut r = flags.to_le_bytes().to_vec();
    r.extend_from_slice(&(1u32 << 30).to_le_bytes());
    r.push(45);
    r.extend_from_slice(&[0u8; 23]);
    r.extend_from_slice(APP_USER.as_bytes());
    r.push(0);
    let token = native_scramble(&nonce, APP_PASS.as_bytes());
    r.push(token.len() as u8);
    r.extend_from_slice(&token);
    r.extend_from_slice(b"mysql_native_password\0");
    c.write_packet(&r).unwrap();
    let ok = c.read_packet().unwrap();
    assert_eq!(ok[0], 0, "login: {ok:?}");
    c.s
}

fn frame(seq: u8, raw: &[u8]) -> Vec<u8> {
    use flate2::{write::ZlibEncoder, Compression};
    let mut z = ZlibEncoder::new(Vec::new(), Compression::new(6));
    z.write_all(raw).unwrap();
    let body = z.finish().unwrap();
    let mut f = (body.len() as u32).to_le_bytes()[..3].to_vec();
    f.push(seq);
    f.extend_from_slice(&(raw.len() as u32).to_le_bytes()[..3]);
    f.extend_from_slice(&body);
    f
}

#[test]
fn a_huge_client_compressed_statement_is_refused_without_rss_growing_past_the_packet_limit() {
    let db = MariaDb::shared();
    // max_packet_size 16 MiB (the test server allows 1 GiB), the default
    // budget.
    let sq = squeeze(db, &["--max-packet-size", "16777216"]);
    let mut probe = RawConn::login(sq.port, APP_USER, APP_PASS, None).unwrap();
    select_1(&mut probe);
    std::thread::sleep(Duration::from_millis(300));
    let before = rss_kib(sq.pid());

    // A 256 MiB COM_QUERY (16 packets of 16 MiB - 1 and an empty last
    // one), its stream cut in frames that each declare 16 MiB - 1 of
    // inflated bytes (about 16 KB of zlib each).
    let mut s = login_compressed(sq.port);
    s.set_write_timeout(Some(Duration::from_secs(20))).unwrap();
    const MAX: usize = 0xFF_FFFF;
    let chunks = 16usize;
    let stream_len = chunks * (MAX + 4) + 4;
    let mut sent = 0usize;
    let mut peak = before;
    let mut refused_early = false;
    for (seq, start) in (0..stream_len).step_by(MAX).enumerate() {
        let end = (start + MAX).min(stream_len);
        let mut raw = vec![b'a'; end - start];
        // Patch in the packet headers (and the command byte) that fall here.
        for c in 0..=chunks {
            let h = c * (MAX + 4);
            let len = if c < chunks { MAX } else { 0 };
            let mut head = (len as u32).to_le_bytes();
            head[3] = c as u8;
            let bytes: Vec<u8> = if c == 0 {
                [&head[..], &[0x03]].concat()
            } else {
                head.to_vec()
            };
            for (i, b) in bytes.iter().enumerate() {
                if (start..end).contains(&(h + i)) {
                    raw[h + i - start] = *b;
                }
            }
        }
        if s.write_all(&frame(seq as u8, &raw)).is_err() {
            refused_early = true;
            break;
        }
        sent += raw.len();
        peak = peak.max(rss_kib(sq.pid()));
    }
    // squeeze answers with ERR 1153 (in a compressed frame) and closes.
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    peak = peak.max(rss_kib(sq.pid()));
    // The statement was refused once its size showed, not inflated whole:
    // squeeze grew by at most ~3x the 16 MiB limit (the packet being
    // assembled as it doubles, one frame step, allocator slack).
    let grew_mib = (peak.saturating_sub(before)) / 1024;
    eprintln!(
        "squeeze RSS grew by {grew_mib} MiB (sent {} MiB)",
        sent >> 20
    );
    assert!(
        grew_mib <= 48,
        "RSS grew by {grew_mib} MiB for a refused statement (sent {} MiB, refused early: {refused_early})",
        sent >> 20
    );
    assert!(answer.len() >= 7, "expected an ERR frame, got {answer:?}");
    let raw_len = u32::from_le_bytes([answer[4], answer[5], answer[6], 0]) as usize;
    let data = if raw_len == 0 {
        answer[7..].to_vec()
    } else {
        let mut out = Vec::new();
        flate2::read::ZlibDecoder::new(&answer[7..])
            .read_to_end(&mut out)
            .unwrap();
        out
    };
    let (code, msg) = parse_err(&data[4..]);
    assert_eq!(code, 1153, "{msg}");
    assert!(msg.contains("max_packet_size"), "{msg}");
    // Other sessions never noticed.
    select_1(&mut probe);
}

/// 40 MiB in one row: three 16 MiB chunks on the wire.
const BIG_ROW_SQL: &str = "SELECT REPEAT('squeeze!', 5242880) AS doc";

#[test]
fn a_row_larger_than_the_whole_memory_budget_is_relayed_chunk_by_chunk_byte_identical() {
    let db = MariaDb::shared();
    let mut direct = RawConn::login(db.port, APP_USER, APP_PASS, None).unwrap();
    let want = direct.simple(BIG_ROW_SQL);
    assert!(
        want.iter().any(|p| p.len() > 40 << 20),
        "the direct answer holds the 40 MiB row"
    );

    // 24 MiB for all sessions, 64 MiB packets allowed: a session that held
    // the row whole would be refused (ERR 1041); one chunk at a time fits.
    let sq = squeeze(
        db,
        &[
            "--memory-budget",
            "25165824",
            "--max-packet-size",
            "67108864",
        ],
    );
    let mut plain = RawConn::login(sq.port, APP_USER, APP_PASS, None).unwrap();
    let got = plain.simple(BIG_ROW_SQL);
    assert!(
        got == want,
        "through squeeze: {:?} packets of sizes {:?}, direct {:?}",
        got.len(),
        got.iter().map(Vec::len).collect::<Vec<_>>(),
        want.iter().map(Vec::len).collect::<Vec<_>>()
    );
    // The session goes on in step (sequence ids, buffers) after the row.
    select_1(&mut plain);

    // A zstd-compressed client link takes the chunks inside its frames.
    let mut zstd = support::raw::ZstdWire::login(sq.port, APP_USER, APP_PASS, None, 3);
    let got: Vec<u8> = zstd.query(BIG_ROW_SQL).concat();
    assert!(
        got == want.concat(),
        "zstd link: {} bytes, direct {}",
        got.len(),
        want.concat().len()
    );
    let one = zstd.query("SELECT 1");
    assert!(one.iter().any(|p| p.as_slice() == b"\x011"), "{one:?}");
}

/// Peak growth of squeeze's RSS, sampled every millisecond, while `work`
/// runs.
fn rss_growth_during(pid: u32, work: impl FnOnce()) -> u64 {
    let before = rss_kib(pid);
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = {
        let done = done.clone();
        std::thread::spawn(move || {
            let mut peak = 0;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                peak = peak.max(rss_kib(pid));
                std::thread::sleep(Duration::from_millis(1));
            }
            peak
        })
    };
    work();
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let peak = sampler.join().unwrap().max(rss_kib(pid));
    peak.saturating_sub(before)
}

#[test]
fn a_48_mib_statement_costs_squeeze_at_most_twice_its_size() {
    let db = MariaDb::shared();
    // The default packet limit follows the server's max_allowed_packet (1 GiB
    // on the test server).
    let sq = squeeze(db, &[]);
    let mut c = RawConn::login(sq.port, APP_USER, APP_PASS, None).unwrap();
    select_1(&mut c);
    std::thread::sleep(Duration::from_millis(300));
    // Three 16 MiB chunks and a tail: read as chunks, relayed whole.
    let text = "x".repeat(48 << 20);
    let mut stmt = vec![0x03];
    stmt.extend_from_slice(format!("SELECT LENGTH('{text}') AS n").as_bytes());
    let size_kib = stmt.len() as u64 / 1024;
    let mut answer = Vec::new();
    let grew = rss_growth_during(sq.pid(), || {
        c.seq = 0;
        c.write_packet(&stmt).unwrap();
        // Column definitions up to their EOF, then the row and its EOF.
        answer = c.read_until_eof();
        answer.extend(c.read_until_eof());
    });
    assert!(
        answer.iter().any(|p| p.as_slice() == b"\x0850331648"),
        "LENGTH of the 48 MiB literal in {answer:?}"
    );
    eprintln!(
        "squeeze RSS grew by {} MiB for a {} MiB statement",
        grew / 1024,
        size_kib / 1024
    );
    // Before: the chunks were buffered with their headers, joined into a
    // second copy, and copied a third time into the backend's write buffer
    // (about 5x). Now: read once into the packet, written from it.
    assert!(
        grew <= 2 * size_kib,
        "RSS grew by {} MiB for a {} MiB statement (more than 2x)",
        grew / 1024,
        size_kib / 1024
    );
}
