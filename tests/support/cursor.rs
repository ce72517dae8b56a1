//! Server-side cursor (COM_STMT_EXECUTE with CURSOR_TYPE_READ_ONLY, then
//! COM_STMT_FETCH) over the raw protocol client; mysql_async cannot do this.
use super::raw::RawConn;

/// Runs the cursor exchange in database `db` and returns every packet the
/// server sent for prepare/execute/fetch, for byte-exact comparison.
pub fn run(port: u16, db: &str) -> Vec<Vec<u8>> {
    let mut c = RawConn::login(port, super::APP_USER, super::APP_PASS, None)
        .unwrap_or_else(|e| panic!("login failed: {:?}", super::raw::parse_err(&e)));
    c.simple(&format!("DROP DATABASE IF EXISTS `{db}`"));
    c.simple(&format!("CREATE DATABASE `{db}`"));
    c.simple(&format!("USE `{db}`"));
    c.simple("CREATE TABLE c (id INT PRIMARY KEY, v VARCHAR(50), b BLOB) CHARSET utf8mb4");
    let hexall: String = (0..=255u8).map(|b| format!("{b:02X}")).collect();
    c.simple(&format!(
        "INSERT INTO c VALUES (1,'one',NULL),(2,NULL,X'{hexall}'),(3,'😀',X''),(4,'four',X'00'),(5,'five',NULL),(6,'six',X'FF'),(7,'seven',X'0102')"
    ));
    let mut log = Vec::new();
    // COM_STMT_PREPARE
    let mut p = vec![0x16];
    p.extend_from_slice(b"SELECT id, v, b FROM c WHERE id > ? ORDER BY id");
    c.command(&p);
    let ok = c.read_packet().unwrap();
    assert_eq!(
        ok[0],
        0x00,
        "prepare failed: {:?}",
        String::from_utf8_lossy(&ok)
    );
    let stmt = [ok[1], ok[2], ok[3], ok[4]];
    let ncols = u16::from_le_bytes([ok[5], ok[6]]);
    let nparams = u16::from_le_bytes([ok[7], ok[8]]);
    assert_eq!((ncols, nparams), (3, 1));
    // statement ids are allocated per server, not per connection: mask it
    let mut masked = ok.clone();
    masked[1..5].fill(0);
    log.push(masked);
    log.extend(c.read_until_eof()); // params
    log.extend(c.read_until_eof()); // columns
                                    // COM_STMT_EXECUTE with CURSOR_TYPE_READ_ONLY and one INT param = 0
    let mut e = vec![0x17];
    e.extend_from_slice(&stmt);
    e.push(0x01); // flags: read-only cursor
    e.extend_from_slice(&1u32.to_le_bytes());
    e.push(0x00); // null bitmap
    e.push(0x01); // new params bound
    e.extend_from_slice(&[0x03, 0x00]); // MYSQL_TYPE_LONG
    e.extend_from_slice(&0i32.to_le_bytes());
    c.command(&e);
    let count = c.read_packet().unwrap();
    assert_eq!(
        count,
        vec![3],
        "column count packet, got {:?}",
        String::from_utf8_lossy(&count)
    );
    log.push(count);
    let cols = c.read_until_eof();
    let eof = cols.last().unwrap().clone();
    assert_eq!(eof[0], 0xFE);
    let status = u16::from_le_bytes([eof[3], eof[4]]);
    assert!(
        status & 0x0040 != 0,
        "SERVER_STATUS_CURSOR_EXISTS not set: {status:#x}"
    );
    log.extend(cols);
    // COM_STMT_FETCH 3 rows at a time until LAST_ROW_SENT
    let mut rows = 0;
    for round in 0.. {
        assert!(round < 10, "cursor never finished");
        let mut f = vec![0x1C];
        f.extend_from_slice(&stmt);
        f.extend_from_slice(&3u32.to_le_bytes());
        c.command(&f);
        let pk = c.read_until_eof();
        let last = pk.last().unwrap().clone();
        assert_eq!(
            last[0],
            0xFE,
            "fetch failed: {:?}",
            String::from_utf8_lossy(&last)
        );
        rows += pk.len() - 1;
        log.extend(pk);
        if u16::from_le_bytes([last[3], last[4]]) & 0x0080 != 0 {
            break;
        }
    }
    assert_eq!(rows, 7, "rows fetched through the cursor");
    let mut want = vec![0xFC, 0x00, 0x01];
    want.extend(0..=255u8);
    assert!(
        log.iter()
            .any(|p| p.windows(want.len()).any(|w| w == &want[..])),
        "row with all 256 byte values not found"
    );
    // COM_STMT_CLOSE (no reply), then the connection must still be in sync.
    let mut cl = vec![0x19];
    cl.extend_from_slice(&stmt);
    c.command(&cl);
    let r = c.simple("SELECT 'in sync'");
    assert!(r.iter().any(|p| p.ends_with(b"in sync")), "{r:?}");
    log
}
