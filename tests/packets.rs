//! Packets as MariaDB reads them, through squeeze with its default
//! configuration: the packet limit is the server's `max_allowed_packet`,
//! an oversized packet is answered as the server answers it, the compressed
//! protocol accepts how libmariadb numbers the pieces of a >16 MiB packet
//! and numbers the pieces squeeze sends as Connector/J checks them, and the
//! relay follows a procedure's result that carries a cursor flag to its end.
mod support;

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use support::raw::{parse_err, RawConn};
use support::{require_bin, MariaDb, Squeeze, APP_PASS, APP_USER, APT_HINT};

/// One server for this file, with the 256 MB `max_allowed_packet` the
/// drivers' suites are run against.
fn server() -> &'static MariaDb {
    static DB: OnceLock<MariaDb> = OnceLock::new();
    DB.get_or_init(|| MariaDb::start_with_options(&["--max-allowed-packet=256M"]))
}

/// The `mariadb` CLI with `sql` on stdin (a statement of many MB does not
/// fit on a command line); returns (exit ok, stdout, stderr).
fn cli_stdin(port: u16, extra: &[&str], sql: &[u8]) -> (bool, Vec<u8>, String) {
    let mariadb = require_bin("mariadb", APT_HINT);
    let mut child = Command::new(mariadb)
        .arg("--no-defaults")
        .arg("-h127.0.0.1")
        .arg(format!("-P{port}"))
        .arg(format!("-u{APP_USER}"))
        .arg(format!("-p{APP_PASS}"))
        .arg("--batch")
        .arg("--max-allowed-packet=1G")
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run mariadb");
    let mut stdin = child.stdin.take().unwrap();
    let input = sql.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.success(),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A 24 MB INSERT (a statement of more than one 16 MiB piece) and what
/// reading it back shows.
fn big_statement_script(db: &str) -> Vec<u8> {
    let mut sql = format!(
        "DROP DATABASE IF EXISTS {db}; CREATE DATABASE {db}; USE {db};
         CREATE TABLE t (id INT PRIMARY KEY, v LONGBLOB);
         SELECT @@max_allowed_packet;
         INSERT INTO t VALUES (1, '"
    )
    .into_bytes();
    sql.extend((0..24_000_000u32).map(|i| b'a' + (i % 26) as u8));
    sql.extend_from_slice(b"');\nSELECT id, LENGTH(v), SHA2(v, 256) FROM t;\n");
    sql
}

fn check_big_statement(extra: &[&str], db: &str) {
    let server = server();
    let sq = Squeeze::for_db(server, &[]);
    let script = big_statement_script(db);
    let direct = cli_stdin(server.port, extra, &script);
    assert!(direct.0, "direct: {}", direct.2);
    let proxied = cli_stdin(sq.port, extra, &script);
    assert!(
        proxied.0,
        "through squeeze: {}\nsqueeze log:\n{}",
        proxied.2,
        sq.log_tail()
    );
    let text = String::from_utf8_lossy(&proxied.1).into_owned();
    assert!(text.contains("268435456"), "{text}");
    assert!(text.contains("24000000"), "{text}");
    assert_eq!(
        String::from_utf8_lossy(&direct.1),
        text,
        "direct and through squeeze differ"
    );
}

/// go-sql-driver's TestLongData, PyMySQL's test_largedata: the drivers read
/// the server's 256 MB `@@max_allowed_packet` and send a statement of more
/// than 16 MiB; squeeze's default limit is the server's, so it passes.
#[test]
fn a_24_mb_statement_passes_with_default_config_when_the_server_allows_256_mb() {
    check_big_statement(&[], "pk_big_plain");
}

/// The `mariadb` CLI with `-C` (libmariadb): the pieces of a >16 MiB packet
/// inside compressed frames all carry sequence id 0, as MariaDB accepts.
#[test]
fn a_24_mb_statement_over_the_compressed_protocol_passes_as_libmariadb_numbers_it() {
    check_big_statement(&["-C"], "pk_big_compressed");
}

/// A COM_QUERY of `len` bytes of payload sent as raw pieces; returns what
/// squeeze answered (the connection is then closed by squeeze).
fn send_oversized(port: u16, len: usize) -> (Vec<u8>, u8, bool) {
    let mut c = RawConn::login(port, APP_USER, APP_PASS, None).expect("login");
    let mut payload = b"\x03SELECT '".to_vec();
    payload.resize(len - 2, b'x');
    payload.extend_from_slice(b"'");
    // Sent whole: squeeze must read it to its end before it answers, or
    // this write fails with a broken pipe / reset.
    c.seq = 0;
    let wrote = c.write_packet(&payload);
    assert!(
        wrote.is_ok(),
        "squeeze cut the client off mid-packet: {wrote:?}"
    );
    let mut hdr = [0u8; 4];
    c.s.read_exact(&mut hdr).expect("an ERR after the packet");
    let n = u32::from_le_bytes([hdr[0], hdr[1], hdr[2], 0]) as usize;
    let mut body = vec![0u8; n];
    c.s.read_exact(&mut body).unwrap();
    // Then the connection ends, as the server's does.
    let mut rest = [0u8; 1];
    let closed = matches!(c.s.read(&mut rest), Ok(0) | Err(_));
    (body, hdr[3], closed)
}

/// An explicit `max_packet_size` below the server's still wins. A packet
/// over it gets ERR 1153 with the sequence id after its last piece (1 for
/// one piece, 3 for a packet of three 16 MiB pieces), after squeeze has
/// read all of it (no broken pipe), then the connection closes; the log
/// names the session and the size, never the contents.
#[test]
fn an_oversized_packet_gets_err_1153_numbered_after_its_last_piece_then_a_close() {
    let server = server();
    let sq = Squeeze::for_db(server, &["--max-packet-size", "1048576"]);
    for (len, seq) in [(3 << 20, 1u8), (0xFF_FFFF * 2 + 100, 3u8)] {
        let (err, got_seq, closed) = send_oversized(sq.port, len);
        let (code, msg) = parse_err(&err);
        assert_eq!(code, 1153, "{msg}");
        assert_eq!(got_seq, seq, "ERR sequence id for a {len}-byte packet");
        assert!(closed, "the connection stays open after ERR 1153");
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    let log = sq.log_tail();
    assert!(
        log.contains("larger than the packet limit") && log.contains("size="),
        "{log}"
    );
    assert!(!log.contains("xxxxxxxx"), "the statement was logged");
}

/// MariaDB's regression suite (issue: `CALL p()` with a cursor inside the
/// procedure): the procedure's result carries SERVER_STATUS_CURSOR_EXISTS
/// although no client asked for a cursor; the relay reads it to its end.
#[test]
fn a_procedure_that_uses_a_cursor_returns_its_result_as_directly() {
    let server = server();
    let sq = Squeeze::for_db(server, &[]);
    let setup = "DROP DATABASE IF EXISTS pk_cursor; CREATE DATABASE pk_cursor; USE pk_cursor;
         CREATE TABLE t2 (i INT); INSERT INTO t2 VALUES (2), (3);
         DELIMITER //
         CREATE PROCEDURE p() BEGIN DECLARE y INT; DECLARE c2 CURSOR FOR SELECT i FROM t2 LIMIT 1; OPEN c2; FETCH c2 INTO y; CLOSE c2; SELECT 2, y; END//
         DELIMITER ;
";
    let (ok, _, err) = cli_stdin(server.port, &[], setup.as_bytes());
    assert!(ok, "{err}");
    let script = b"USE pk_cursor; CALL p(); SELECT 'after'; CALL p();";
    let direct = cli_stdin(server.port, &[], script);
    assert!(direct.0, "{}", direct.2);
    let proxied = cli_stdin(sq.port, &[], script);
    assert!(proxied.0, "{}\n{}", proxied.2, sq.log_tail());
    assert_eq!(
        String::from_utf8_lossy(&direct.1),
        String::from_utf8_lossy(&proxied.1)
    );
    assert!(String::from_utf8_lossy(&proxied.1).contains("2\t2"));
}

fn java_classpath() -> std::ffi::OsString {
    let lib = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".test-deps/java/lib");
    let jars: Vec<PathBuf> = std::fs::read_dir(&lib)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "jar"))
                .collect()
        })
        .unwrap_or_default();
    assert!(
        jars.iter().any(|j| j
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("mysql-connector-j-")),
        "Connector/J jar not found in {}: run `bash scripts/install-deps.sh`",
        lib.display()
    );
    std::env::join_paths(&jars).unwrap()
}

fn java_big_row(port: u16) -> (bool, String, String) {
    let java = require_bin("java", "apt-get install -y default-jdk maven");
    let out = Command::new(java)
        .arg("-cp")
        .arg(java_classpath())
        .arg("-XX:TieredStopAtLevel=1")
        .arg(
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/clients/java/src/main/java/BigRow.java"),
        )
        .arg("127.0.0.1")
        .arg(port.to_string())
        .arg(APP_USER)
        .arg(APP_PASS)
        .output()
        .expect("run java");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Connector/J with `useCompression=true` reading a 20 MB row: the pieces
/// of the >16 MiB row squeeze sends are numbered one after the other
/// inside the compressed frames, as its strict check wants.
#[test]
fn connector_j_reads_a_20_mb_row_with_compression_as_directly() {
    let server = server();
    let sq = Squeeze::for_db(server, &[]);
    let direct = java_big_row(server.port);
    assert!(direct.0, "direct: {}\n{}", direct.1, direct.2);
    let proxied = java_big_row(sq.port);
    assert!(
        proxied.0,
        "through squeeze: {}\n{}\nsqueeze log:\n{}",
        proxied.1,
        proxied.2,
        sq.log_tail()
    );
    assert_eq!(direct.1, proxied.1);
    assert!(direct.1.contains("20000000"), "{}", direct.1);
}

/// COM_STMT_PREPARE through a raw connection; returns the statement id.
fn raw_prepare(c: &mut RawConn, sql: &str) -> u32 {
    let mut p = vec![0x16];
    p.extend_from_slice(sql.as_bytes());
    c.command(&p);
    let ok = c.read_packet().unwrap();
    assert_eq!(ok[0], 0, "prepare failed: {}", String::from_utf8_lossy(&ok));
    let id = u32::from_le_bytes([ok[1], ok[2], ok[3], ok[4]]);
    let (cols, params) = (
        u16::from_le_bytes([ok[5], ok[6]]),
        u16::from_le_bytes([ok[7], ok[8]]),
    );
    for n in [params, cols] {
        if n > 0 {
            c.read_until_eof();
        }
    }
    id
}

/// COM_STMT_EXECUTE of a one-BIGINT-parameter statement, binding its type
/// (flag 1, as every first execute) or not (flag 0, as libmysqlclient and
/// Connector/C re-execute); returns the text of the first column of the
/// row, or the ERR.
fn raw_execute(c: &mut RawConn, stmt: u32, bind: bool, id: i64) -> Result<String, (u16, String)> {
    let mut p = vec![0x17];
    p.extend_from_slice(&stmt.to_le_bytes());
    p.push(0);
    p.extend_from_slice(&1u32.to_le_bytes());
    p.push(0); // null bitmap
    p.push(bind as u8);
    if bind {
        p.extend_from_slice(&[0x08, 0]); // LONGLONG
    }
    p.extend_from_slice(&id.to_le_bytes());
    c.command(&p);
    let first = c.read_packet().unwrap();
    if first[0] == 0xFF {
        return Err(parse_err(&first));
    }
    c.read_until_eof(); // column definitions
    let rows = c.read_until_eof();
    // Binary row: 0x00, null bitmap (1 byte for one column), lenenc string.
    let row = &rows[0];
    let len = row[2] as usize;
    Ok(String::from_utf8_lossy(&row[3..3 + len]).into_owned())
}

/// A key-routed session with no compressed column configured: the second
/// execute of a statement routed by its parameter sends no types (flag 0)
/// and is routed with the types the first bound, to the right shard.
#[test]
fn a_key_routed_reexecute_without_types_routes_as_the_first() {
    let server = server();
    server.root_sql(
        "DROP DATABASE IF EXISTS pk_keys; CREATE DATABASE pk_keys;
         CREATE TABLE pk_keys.users (id BIGINT PRIMARY KEY, name VARCHAR(20));
         INSERT INTO pk_keys.users VALUES (1, 'one'), (2, 'two'), (3, 'three'), (4, 'four');",
    );
    // Two shards on one server: which connection runs a statement is what
    // the routing decides; the rows are the same.
    let toml = format!(
        r#"
[[users]]
name = "{APP_USER}"
password = "{APP_PASS}"

[shards.a]
address = "{addr}"
[shards.b]
address = "{addr}"

[routing]
default_shard = "a"
[[routing.schema]]
databases = "pk_keys"
shard = "a"
[[routing.key]]
schema = "pk_keys"
table = "users"
column = "id"
function = "modulo"
shards = ["a", "b"]
"#,
        addr = server.addr()
    );
    let sq = Squeeze::start_with_config(&toml, &[]);
    let mut c = RawConn::login(sq.port, APP_USER, APP_PASS, Some("pk_keys")).expect("login");
    let stmt = raw_prepare(&mut c, "SELECT name FROM users WHERE id = ?");
    assert_eq!(raw_execute(&mut c, stmt, true, 1).as_deref(), Ok("one"));
    for (id, name) in [(2, "two"), (3, "three"), (4, "four"), (1, "one")] {
        assert_eq!(
            raw_execute(&mut c, stmt, false, id).as_deref(),
            Ok(name),
            "re-execute without types for id {id}"
        );
    }
}

fn aborted_connects(db: &MariaDb) -> u64 {
    db.root_sql("SHOW GLOBAL STATUS LIKE 'Aborted_connects'")
        .lines()
        .nth(1)
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .expect("Aborted_connects")
}

/// The health probe never grows the server's `Aborted_connects` (nor
/// fills its error log with "Aborted connection ... unauthenticated"):
/// with credentials it logs in and says COM_QUIT; without any (server
/// accounts, no accounts_user) it leaves a shard it knows is up alone and
/// learns from sessions' logins instead.
#[test]
fn the_health_probe_does_not_count_as_an_aborted_connect_on_the_server() {
    let db = MariaDb::start();
    for auth in [
        format!("[[users]]\nname = \"{APP_USER}\"\npassword = \"{APP_PASS}\"\n"),
        "[auth]\naccounts = \"server\"\n".to_string(),
    ] {
        let toml = format!(
            "{auth}\n[backend]\naddress = \"{}\"\nhealth_check_interval_ms = 100\n",
            db.addr()
        );
        let sq = Squeeze::start_with_config(&toml, &[]);
        std::thread::sleep(std::time::Duration::from_millis(300));
        let before = aborted_connects(&db);
        std::thread::sleep(std::time::Duration::from_millis(1500));
        // A session still works (and still counts nothing).
        let mut c = RawConn::login(sq.port, APP_USER, APP_PASS, None).expect("login");
        c.simple("SELECT 1");
        c.command(&[0x01]);
        std::thread::sleep(std::time::Duration::from_millis(200));
        assert_eq!(
            aborted_connects(&db),
            before,
            "probes every 100 ms counted as aborted connects ({auth})"
        );
        let (status, body) = support::http_get(&sq.admin_addr(), "/readyz");
        assert_eq!(status, 200, "{body}");
    }
}

/// The column definitions and value of `sql` on `port`, asked once as
/// text and once as a prepared statement (binary rows).
fn packet_variable(port: u16, sql: &str) -> Vec<(String, u8, u16, u32, u64)> {
    use mysql_async::prelude::*;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let opts: mysql_async::Opts = support::dump::opts(port, APP_USER, APP_PASS, None).into();
        let mut c = mysql_async::Conn::new(opts).await.unwrap();
        let mut out = Vec::new();
        fn collect(
            cols: &[mysql_async::Column],
            rows: &[mysql_async::Row],
            out: &mut Vec<(String, u8, u16, u32, u64)>,
        ) {
            for (i, col) in cols.iter().enumerate() {
                out.push((
                    col.name_str().into_owned(),
                    col.column_type() as u8,
                    col.flags().bits(),
                    col.column_length(),
                    rows[0].get::<u64, _>(i).unwrap(),
                ));
            }
        }
        let mut r = c.query_iter(sql).await.unwrap();
        let cols: Vec<_> = r.columns().unwrap().to_vec();
        let rows: Vec<mysql_async::Row> = r.collect().await.unwrap();
        collect(&cols, &rows, &mut out);
        let mut r = c.exec_iter(sql, ()).await.unwrap();
        let cols: Vec<_> = r.columns().unwrap().to_vec();
        let rows: Vec<mysql_async::Row> = r.collect().await.unwrap();
        collect(&cols, &rows, &mut out);
        c.disconnect().await.unwrap();
        out
    })
}

/// Drivers read `@@max_allowed_packet` and send statements up to it: with
/// an explicit `max_packet_size` below the server's, squeeze answers the
/// limit that holds through it (the smaller of the two), in every scope,
/// as text and prepared, under the column name and type the server gives.
#[test]
fn max_allowed_packet_through_squeeze_is_the_lower_of_its_cap_and_the_servers() {
    let server = server();
    let capped = Squeeze::for_db(server, &["--max-packet-size", "1048576"]);
    let plain = Squeeze::for_db(server, &[]);
    let sql = "SELECT @@max_allowed_packet, @@session.max_allowed_packet, \
               @@GLOBAL.max_allowed_packet AS g, @@local.max_allowed_packet + 0 AS plus";
    let direct = packet_variable(server.port, sql);
    let through = packet_variable(capped.port, sql);
    assert_eq!(direct.len(), through.len());
    for (d, t) in direct.iter().zip(&through) {
        assert_eq!(d.4, 256 << 20, "{d:?}");
        assert_eq!(t.4, 1 << 20, "squeeze's cap through squeeze: {t:?}");
        assert_eq!((&d.0, d.1, d.2), (&t.0, t.1, t.2), "name, type, flags");
    }
    // Without a lower cap the server's value holds as it is.
    assert_eq!(packet_variable(plain.port, sql), direct);

    // SHOW VARIABLES (Connector/J's older drivers and tools read it there).
    let direct = show_packet_variables(server.port);
    assert_eq!(direct, vec!["268435456".to_string(); 3]);
    assert_eq!(
        show_packet_variables(capped.port),
        vec!["1048576".to_string(); 3]
    );
    assert_eq!(show_packet_variables(plain.port), direct);
}

/// `max_allowed_packet`'s value in `SHOW [SESSION|GLOBAL] VARIABLES`.
fn show_packet_variables(port: u16) -> Vec<String> {
    use mysql_async::prelude::*;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let opts: mysql_async::Opts = support::dump::opts(port, APP_USER, APP_PASS, None).into();
        let mut c = mysql_async::Conn::new(opts).await.unwrap();
        let mut out = Vec::new();
        for sql in [
            "SHOW VARIABLES LIKE 'max_allowed_packet'",
            "show session variables where Variable_name = 'MAX_ALLOWED_PACKET'",
            "SHOW GLOBAL VARIABLES LIKE 'max_allowed%'",
        ] {
            let rows: Vec<(String, String)> = c.query(sql).await.unwrap();
            assert_eq!(rows.len(), 1, "{sql}: {rows:?}");
            out.push(rows[0].1.clone());
        }
        c.disconnect().await.unwrap();
        out
    })
}

/// The `information_schema` variables tables give the same answers as
/// `@@max_allowed_packet` and `SHOW VARIABLES`: squeeze's lower cap in
/// either table, however the value is selected, filtered or compared, and
/// the column described as the server describes it.
#[test]
fn information_schema_variables_show_the_packet_cap_that_holds_through_squeeze() {
    let server = server();
    let capped = Squeeze::for_db(server, &["--max-packet-size", "1048576"]);
    let plain = Squeeze::for_db(server, &[]);
    let queries = [
        "SELECT VARIABLE_VALUE FROM information_schema.SESSION_VARIABLES WHERE VARIABLE_NAME = 'max_allowed_packet'",
        "SELECT * FROM information_schema.GLOBAL_VARIABLES WHERE VARIABLE_NAME = 'MAX_ALLOWED_PACKET'",
        "SELECT v.variable_value FROM INFORMATION_SCHEMA.session_variables AS v WHERE v.variable_name LIKE 'max_allowed%'",
        "SELECT COUNT(*) FROM information_schema.SESSION_VARIABLES WHERE VARIABLE_NAME = 'max_allowed_packet' AND VARIABLE_VALUE = '1048576'",
    ];
    for sql in queries {
        let info = ["--column-type-info"];
        let (ok, direct, err) = support::mariadb_cli(server.port, &info, sql);
        assert!(ok, "{sql}: {err}");
        let direct = String::from_utf8(direct).unwrap();
        let (ok, through, err) = support::mariadb_cli(capped.port, &info, sql);
        assert!(ok, "{sql}: {err}");
        let through = String::from_utf8(through).unwrap();
        // What the server says with its value replaced by the cap: the
        // same rows, columns and column descriptions.
        let want = direct
            .replace("268435456", "1048576")
            .replace("\n0\n", "\n1\n");
        assert_eq!(through, want, "{sql}");
        let (_, plain_out, _) = support::mariadb_cli(plain.port, &info, sql);
        assert_eq!(String::from_utf8(plain_out).unwrap(), direct, "{sql}");
    }
}

/// A client's own `session_track_*` settings read back as it set them,
/// in `@@`, `SHOW VARIABLES` and `information_schema.SESSION_VARIABLES`,
/// although squeeze adds the variables it follows to the backend session's
/// (it does with a compressed column configured).
#[test]
fn session_tracking_settings_read_back_as_the_client_set_them_everywhere() {
    let server = server();
    let sq = Squeeze::for_docs_table(server, "tracking_vars");
    let sql = "SET session_track_system_variables = 'time_zone'; SET session_track_state_change = ON; \
               SELECT @@session_track_system_variables, @@session_track_schema, @@session_track_state_change; \
               SHOW VARIABLES LIKE 'session_track%'; \
               SHOW SESSION VARIABLES WHERE Variable_name = 'session_track_system_variables'; \
               SELECT VARIABLE_NAME, VARIABLE_VALUE FROM information_schema.SESSION_VARIABLES \
                 WHERE VARIABLE_NAME LIKE 'SESSION_TRACK%' ORDER BY VARIABLE_NAME; \
               SELECT VARIABLE_VALUE FROM information_schema.SESSION_VARIABLES \
                 WHERE VARIABLE_NAME = 'session_track_system_variables'";
    let info = ["--column-type-info"];
    let (ok, direct, err) = support::mariadb_cli(server.port, &info, sql);
    assert!(ok, "{err}");
    let (ok, through, err) = support::mariadb_cli(sq.port, &info, sql);
    assert!(ok, "{err}\n{}", sq.log_tail());
    let (direct, through) = (
        String::from_utf8(direct).unwrap(),
        String::from_utf8(through).unwrap(),
    );
    assert!(direct.contains("\ntime_zone\n"), "{direct}");
    assert_eq!(through, direct);
    // The global value is the server's, on both paths.
    let global = "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_VARIABLES \
                  WHERE VARIABLE_NAME = 'SESSION_TRACK_SYSTEM_VARIABLES'";
    assert_eq!(
        support::mariadb_cli(sq.port, &[], global).1,
        support::mariadb_cli(server.port, &[], global).1
    );
}
