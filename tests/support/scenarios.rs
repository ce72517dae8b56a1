//! Client scenarios that run against any target port (MariaDB directly or
//! squeeze). Each checks its own expectations (bytes read back equal bytes
//! written) and returns labelled outcomes so a caller can compare a proxied
//! run byte-for-byte with a direct run.
use super::dump::{self, bytes, connect, exec, query, run, Outcome};
use mysql_async::prelude::*;
use mysql_async::{ChangeUserOpts, Conn, Opts, Value, WhiteListFsHandler};

pub type Labelled = Vec<(String, Outcome)>;

pub fn all_bytes() -> Vec<u8> {
    (0..=255u8).collect()
}

pub const EMOJI: &str = "😀🎉 ünïcödé 中文 𝄞 \u{1F468}\u{200D}\u{1F469}";

/// Deterministic pseudo-random bytes (xorshift), so nothing can compress or
/// guess them.
pub fn noise(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed | 1;
    let mut v = Vec::with_capacity(len + 8);
    while v.len() < len {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.extend_from_slice(&x.to_le_bytes());
    }
    v.truncate(len);
    v
}

fn hex(b: &[u8]) -> String {
    const D: &[u8; 16] = b"0123456789ABCDEF";
    let mut v = Vec::with_capacity(b.len() * 2);
    for &x in b {
        v.push(D[(x >> 4) as usize]);
        v.push(D[(x & 15) as usize]);
    }
    String::from_utf8(v).unwrap()
}

async fn fresh(port: u16, db: &str) -> Conn {
    let mut c = connect(port, None).await;
    run(&mut c, &format!("DROP DATABASE IF EXISTS `{db}`")).await;
    run(&mut c, &format!("CREATE DATABASE `{db}`")).await;
    c.query_drop(format!("USE `{db}`")).await.unwrap();
    c
}

pub const TYPES_DDL: &str = "CREATE TABLE types (
 id INT PRIMARY KEY,
 ti TINYINT, si SMALLINT UNSIGNED, mi MEDIUMINT, i INT, bi BIGINT, bu BIGINT UNSIGNED,
 de DECIMAL(30,10), f FLOAT, d DOUBLE, b BIT(10),
 dt DATE, dtm DATETIME(6), ts TIMESTAMP(3) NULL, tm TIME(6), y YEAR,
 c CHAR(10), vc VARCHAR(100), tx TEXT, bl BLOB, lb LONGBLOB, bn BINARY(4), vb VARBINARY(300),
 e ENUM('a','b','c'), st SET('x','y','z'), js JSON
) CHARSET utf8mb4";

pub fn types_row1_sql() -> String {
    let rev: Vec<u8> = (0..=255u8).rev().collect();
    format!(
        "INSERT INTO types VALUES (1, -128, 65535, -8388608, -2147483648, -9223372036854775808, 18446744073709551615,
         '-12345678901234567890.0123456789', 3.14159, -2.718281828459045e300, b'1010101010',
         '2024-02-29', '2024-02-29 23:59:59.123456', '2038-01-19 03:14:07.999', '-838:59:59.000000', 2155,
         'abc', '{EMOJI}', 'line1\\nline2\\ttab \\\\ back \\' quote', X'{}', X'', X'00FF00FF', X'{}',
         'b', 'x,z', '{{\"k\":[1,2,{{\"ü\":\"😀\"}}]}}')",
        hex(&all_bytes()),
        hex(&rev)
    )
}

/// Text protocol: many column types, NULLs, a BLOB with all 256 byte values,
/// utf8mb4 emoji.
pub async fn text_types(port: u16, db: &str) -> Labelled {
    let mut c = fresh(port, db).await;
    run(&mut c, TYPES_DDL).await;
    run(&mut c, &types_row1_sql()).await;
    run(&mut c, "INSERT INTO types (id) VALUES (2)").await;
    run(&mut c, "INSERT INTO types VALUES (3,0,0,0,0,0,0,0,0,0,b'0','1000-01-01','1000-01-01 00:00:00','1970-01-01 00:00:01','00:00:00',1901,'','','',X'',X'',X'00000000',X'','a','','null')").await;
    let mut out = Labelled::new();
    let all = query(&mut c, "SELECT * FROM types ORDER BY id").await;
    {
        let rows = all.rows();
        assert_eq!(rows.len(), 3);
        assert_eq!(
            bytes(&rows[0][19]),
            &all_bytes()[..],
            "BLOB with all 256 byte values"
        );
        assert_eq!(bytes(&rows[0][17]), EMOJI.as_bytes(), "utf8mb4 VARCHAR");
        assert_eq!(bytes(&rows[0][6]), b"18446744073709551615");
        assert_eq!(bytes(&rows[0][14]), b"-838:59:59.000000");
        assert_eq!(
            bytes(&rows[0][20]),
            b"",
            "empty LONGBLOB is empty, not NULL"
        );
        assert!(
            rows[1][1..].iter().all(|v| *v == Value::NULL),
            "row 2 is all NULL: {:?}",
            rows[1]
        );
    }
    out.push(("select * from types".into(), all));
    let lit = query(&mut c, &format!("SELECT 1, -1, 1.5, 'a', NULL, X'00FF', 1e300, CAST('2020-01-01' AS DATE), _binary'\\0', '{EMOJI}' AS emoji, 18446744073709551615 + 0")).await;
    assert_eq!(lit.rows()[0][4], Value::NULL);
    assert_eq!(bytes(&lit.rows()[0][5]), &[0x00, 0xFF]);
    assert_eq!(bytes(&lit.rows()[0][9]), EMOJI.as_bytes());
    out.push(("select literals".into(), lit));
    out.push((
        "empty result".into(),
        query(&mut c, "SELECT * FROM types WHERE id < 0").await,
    ));
    out.push((
        "update ok packet".into(),
        query(&mut c, "UPDATE types SET ti = ti + 1 WHERE id IN (1, 3)").await,
    ));
    out.push((
        "warnings".into(),
        query(&mut c, "SELECT 1/0, CAST('x' AS SIGNED)").await,
    ));
    out.push(("show warnings".into(), query(&mut c, "SHOW WARNINGS").await));
    c.disconnect().await.unwrap();
    out
}

/// Binary protocol: prepared statements with parameters of many types,
/// NULLs, and binary result rows.
pub async fn binary_protocol(port: u16, db: &str) -> Labelled {
    let mut c = fresh(port, db).await;
    run(&mut c, TYPES_DDL).await;
    run(&mut c, &types_row1_sql()).await;
    let mut out = Labelled::new();
    let params = vec![
        Value::Int(10),
        Value::Int(-5),
        Value::UInt(65535),
        Value::Int(-8388608),
        Value::Int(i32::MIN as i64),
        Value::Int(i64::MIN),
        Value::UInt(u64::MAX),
        Value::Bytes(b"-12345678901234567890.0123456789".to_vec()),
        Value::Float(1.5),
        Value::Double(-2.718281828459045e300),
        Value::Int(0x2AA),
        Value::Date(2024, 2, 29, 0, 0, 0, 0),
        Value::Date(2024, 2, 29, 23, 59, 59, 123456),
        Value::Date(2038, 1, 19, 3, 14, 7, 999000),
        Value::Time(true, 34, 22, 59, 59, 0),
        Value::Int(2155),
        Value::Bytes(b"abc".to_vec()),
        Value::Bytes(EMOJI.as_bytes().to_vec()),
        Value::Bytes(b"multi\nline\0nul".to_vec()),
        Value::Bytes(all_bytes()),
        Value::Bytes(noise(70_000, 7)),
        Value::Bytes(vec![0, 0xFF, 0, 0xFF]),
        Value::Bytes(all_bytes()),
        Value::Bytes(b"c".to_vec()),
        Value::Bytes(b"x,y".to_vec()),
        Value::Bytes(br#"{"a":null}"#.to_vec()),
    ];
    let qs = vec!["?"; params.len()].join(",");
    out.push((
        "prepared insert".into(),
        exec(
            &mut c,
            &format!("INSERT INTO types VALUES ({qs})"),
            params.clone(),
        )
        .await,
    ));
    let mut nulls = vec![Value::NULL; params.len()];
    nulls[0] = Value::Int(11);
    out.push((
        "prepared insert nulls".into(),
        exec(&mut c, &format!("INSERT INTO types VALUES ({qs})"), nulls).await,
    ));
    let one = exec(
        &mut c,
        "SELECT * FROM types WHERE id = ?",
        vec![Value::Int(10)],
    )
    .await;
    {
        let r = &one.rows()[0];
        assert_eq!(r[5], Value::Int(i64::MIN));
        assert_eq!(r[6], Value::UInt(u64::MAX));
        assert_eq!(r[12], Value::Date(2024, 2, 29, 23, 59, 59, 123456));
        assert_eq!(r[14], Value::Time(true, 34, 22, 59, 59, 0));
        assert_eq!(bytes(&r[17]), EMOJI.as_bytes());
        assert_eq!(bytes(&r[19]), &all_bytes()[..]);
        assert_eq!(bytes(&r[20]), &noise(70_000, 7)[..]);
    }
    out.push(("prepared select by id".into(), one));
    let all = exec(&mut c, "SELECT * FROM types ORDER BY id", vec![]).await;
    assert_eq!(all.rows().len(), 3);
    assert!(
        all.rows()[2][1..].iter().all(|v| *v == Value::NULL),
        "NULL row in binary protocol"
    );
    out.push(("prepared select all".into(), all));
    out.push((
        "prepared expressions".into(),
        exec(
            &mut c,
            "SELECT ? + 1, CONCAT(?, ?), ? IS NULL, ?",
            vec![
                Value::Int(41),
                Value::Bytes(EMOJI.into()),
                Value::Bytes(vec![0xF0, 0x9F]),
                Value::NULL,
                Value::Double(0.1),
            ],
        )
        .await,
    ));
    out.push((
        "prepare error".into(),
        exec(
            &mut c,
            "SELECT * FROM no_such_table WHERE id = ?",
            vec![Value::Int(1)],
        )
        .await,
    ));
    c.disconnect().await.unwrap();
    out
}

/// Multi-statements with several result sets, and a stored procedure that
/// returns several result sets (text and binary protocol).
pub async fn multi_results(port: u16, db: &str) -> Labelled {
    let mut c = fresh(port, db).await;
    let mut out = Labelled::new();
    let m = query(&mut c, "CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(20)); INSERT INTO t (v) VALUES ('a'),('b'),(NULL); SELECT 1 AS one; SELECT * FROM t ORDER BY id; SELECT 'x' AS x, NULL AS n").await;
    assert_eq!(m.sets().len(), 5, "5 results from 5 statements");
    assert_eq!(m.sets()[1].affected, 3);
    assert_eq!(m.sets()[3].rows.len(), 3);
    assert_eq!(m.sets()[3].rows[2][1], Value::NULL);
    out.push(("multi statements".into(), m));
    out.push((
        "multi with error".into(),
        query(&mut c, "SELECT 1; SELECT * FROM missing_table; SELECT 2").await,
    ));
    out.push((
        "after multi error".into(),
        query(&mut c, "SELECT 'still fine'").await,
    ));
    if is_tidb(&mut c).await {
        // TiDB has no stored procedures: the CALL results are MariaDB's.
        c.disconnect().await.unwrap();
        return out;
    }
    run(&mut c, "CREATE PROCEDURE p(IN n INT) BEGIN SELECT n AS n, 'first' AS which; SELECT id, v FROM t ORDER BY id; SELECT 'x' AS x, NULL AS n, X'00FF' AS b; END").await;
    let call = query(&mut c, "CALL p(7)").await;
    assert!(call.sets().len() >= 3, "3 result sets from CALL: {call:?}");
    assert_eq!(bytes(&call.sets()[2].rows[0][2]), &[0x00, 0xFF]);
    out.push(("call text".into(), call));
    let callb = exec(&mut c, "CALL p(?)", vec![Value::Int(8)]).await;
    assert!(
        callb.sets().len() >= 3,
        "3 result sets from prepared CALL: {callb:?}"
    );
    out.push(("call binary".into(), callb));
    out.push((
        "after call".into(),
        query(&mut c, "SELECT COUNT(*) FROM t").await,
    ));
    c.disconnect().await.unwrap();
    out
}

/// Whether the server behind `c` is TiDB (no stored procedures, functions
/// or SIGNAL).
pub async fn is_tidb(c: &mut Conn) -> bool {
    let v: Option<String> = c.query_first("SELECT VERSION()").await.unwrap();
    v.is_some_and(|v| v.contains("TiDB"))
}

/// COM_INIT_DB, ping, COM_RESET_CONNECTION, COM_CHANGE_USER.
pub async fn session_commands(port: u16, db: &str) -> Labelled {
    let mut c = fresh(port, db).await;
    let other_db = format!("{db}_other");
    run(&mut c, &format!("DROP DATABASE IF EXISTS `{other_db}`")).await;
    run(&mut c, &format!("CREATE DATABASE `{other_db}`")).await;
    let mut out = Labelled::new();
    c.query_drop(format!("USE `{other_db}`")).await.unwrap();
    let cur = query(&mut c, "SELECT DATABASE()").await;
    assert_eq!(bytes(&cur.rows()[0][0]), other_db.as_bytes());
    out.push(("database after USE".into(), cur));
    c.ping().await.expect("ping");
    c.ping().await.expect("ping again");
    // reset_connection clears user variables and temporary tables.
    run(&mut c, "SET @v = 5").await;
    run(&mut c, "CREATE TEMPORARY TABLE tmp1 (x INT)").await;
    let used_reset = c.reset().await.expect("reset");
    out.push((
        "reset used COM_RESET_CONNECTION".into(),
        Outcome::Sets(vec![dump::SetDump {
            cols: vec![],
            rows: vec![vec![Value::Int(used_reset as i64)]],
            affected: 0,
            last_insert_id: None,
            warnings: 0,
            info: String::new(),
        }]),
    ));
    let v = query(&mut c, "SELECT @v").await;
    assert_eq!(
        v.rows()[0][0],
        Value::NULL,
        "user variable cleared by reset"
    );
    out.push(("var after reset".into(), v));
    let t = query(&mut c, &format!("SELECT * FROM `{other_db}`.tmp1")).await;
    assert!(
        matches!(t, Outcome::Err { code: 1146, .. }),
        "temp table gone after reset: {t:?}"
    );
    out.push(("temp table after reset".into(), t));
    // change user to `other` and back.
    c.change_user(
        ChangeUserOpts::default()
            .with_user(Some(super::OTHER_USER.into()))
            .with_pass(Some(super::OTHER_PASS.into()))
            .with_db_name(Some(db.into())),
    )
    .await
    .expect("change_user to other");
    let who = query(&mut c, "SELECT CURRENT_USER(), DATABASE()").await;
    assert_eq!(bytes(&who.rows()[0][0]), b"other@%");
    assert_eq!(bytes(&who.rows()[0][1]), db.as_bytes());
    out.push(("after change_user".into(), who));
    c.change_user(
        ChangeUserOpts::default()
            .with_user(Some(super::APP_USER.into()))
            .with_pass(Some(super::APP_PASS.into()))
            .with_db_name(None),
    )
    .await
    .expect("change_user back to app");
    let who = query(&mut c, "SELECT CURRENT_USER(), DATABASE()").await;
    assert_eq!(bytes(&who.rows()[0][0]), b"app@%");
    out.push(("after change_user back".into(), who));
    c.disconnect().await.unwrap();
    out
}

/// LOAD DATA LOCAL INFILE with a small file and a multi-megabyte one.
pub async fn load_data_local(port: u16, db: &str) -> Labelled {
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("small.tsv");
    std::fs::write(
        &small,
        format!("1\tplain\n2\t{EMOJI}\n3\t\\N\n4\ttab\\there\n"),
    )
    .unwrap();
    let big = dir.path().join("big.tsv");
    let mut big_text = String::new();
    for i in 0..60_000u32 {
        big_text.push_str(&format!("{}\t{}\n", 100 + i, hex(&noise(40, i as u64 + 1))));
    }
    std::fs::write(&big, &big_text).unwrap();
    let mut c = fresh(port, db).await;
    run(
        &mut c,
        "CREATE TABLE ld (id INT PRIMARY KEY, v VARCHAR(200)) CHARSET utf8mb4",
    )
    .await;
    c.disconnect().await.unwrap();
    let o: Opts = dump::opts(port, super::APP_USER, super::APP_PASS, Some(db))
        .local_infile_handler(Some(WhiteListFsHandler::new([small.clone(), big.clone()])))
        .into();
    let mut c = Conn::new(o).await.expect("connect with infile handler");
    let mut out = Labelled::new();
    let r = query(
        &mut c,
        &format!(
            "LOAD DATA LOCAL INFILE '{}' INTO TABLE ld CHARACTER SET utf8mb4",
            small.display()
        ),
    )
    .await;
    assert_eq!(r.sets()[0].affected, 4, "{r:?}");
    out.push(("load small".into(), r));
    let rows = query(&mut c, "SELECT * FROM ld ORDER BY id").await;
    assert_eq!(bytes(&rows.rows()[1][1]), EMOJI.as_bytes());
    assert_eq!(rows.rows()[2][1], Value::NULL);
    assert_eq!(bytes(&rows.rows()[3][1]), b"tab\there");
    out.push(("select small".into(), rows));
    let r = query(
        &mut c,
        &format!("LOAD DATA LOCAL INFILE '{}' INTO TABLE ld", big.display()),
    )
    .await;
    assert_eq!(r.sets()[0].affected, 60_000, "{r:?}");
    out.push(("load big".into(), r));
    run(&mut c, "SET SESSION group_concat_max_len = 67108864").await;
    let chk = query(&mut c, "SELECT COUNT(*), SUM(CRC32(v)), MD5(GROUP_CONCAT(v ORDER BY id SEPARATOR '')) FROM ld WHERE id >= 100").await;
    let sent: String = big_text
        .lines()
        .map(|l| l.split('\t').nth(1).unwrap())
        .collect();
    let expect_md5 = query(&mut c, &format!("SELECT MD5('{sent}')")).await;
    assert_eq!(bytes(&chk.rows()[0][0]), b"60000");
    assert_eq!(
        chk.rows()[0][2],
        expect_md5.rows()[0][0],
        "loaded data differs from the file"
    );
    out.push(("check big".into(), chk));
    let missing = query(
        &mut c,
        "LOAD DATA LOCAL INFILE '/nonexistent/file.tsv' INTO TABLE ld",
    )
    .await;
    assert!(matches!(missing, Outcome::Err { .. }), "{missing:?}");
    out.push((
        "after failed load".into(),
        query(&mut c, "SELECT COUNT(*) FROM ld").await,
    ));
    c.disconnect().await.unwrap();
    out
}

/// 20 MB LONGBLOB through text and binary protocol, both directions
/// (packets above 16 MB are split on the wire).
pub async fn big_packets(port: u16, db: &str) -> Labelled {
    let mut c = fresh(port, db).await;
    run(&mut c, "CREATE TABLE big (id INT PRIMARY KEY, b LONGBLOB)").await;
    let blob = noise(20 * 1024 * 1024 + 17, 42);
    let mut out = Labelled::new();
    // text protocol: a ~40 MB INSERT statement
    let sql = format!("INSERT INTO big VALUES (1, X'{}')", hex(&blob));
    out.push((
        "text insert 40MB statement".into(),
        query(&mut c, &sql).await,
    ));
    drop(sql);
    // binary protocol parameter
    out.push((
        "prepared insert 20MB param".into(),
        exec(
            &mut c,
            "INSERT INTO big VALUES (2, ?)",
            vec![Value::Bytes(blob.clone())],
        )
        .await,
    ));
    let t = query(
        &mut c,
        "SELECT id, b, LENGTH(b), MD5(b) FROM big ORDER BY id",
    )
    .await;
    assert_eq!(t.rows().len(), 2);
    for r in t.rows() {
        assert_eq!(bytes(&r[1]).len(), blob.len());
        assert!(
            bytes(&r[1]) == &blob[..],
            "20 MB blob read back (text) differs"
        );
    }
    let b = exec(
        &mut c,
        "SELECT id, b FROM big WHERE id = ?",
        vec![Value::Int(2)],
    )
    .await;
    assert!(
        bytes(&b.rows()[0][1]) == &blob[..],
        "20 MB blob read back (binary) differs"
    );
    // exactly 16 MB - 1 - header boundary sizes
    let edge = noise(0xFF_FFFF - 4, 9);
    out.push((
        "edge insert".into(),
        exec(
            &mut c,
            "INSERT INTO big VALUES (3, ?)",
            vec![Value::Bytes(edge.clone())],
        )
        .await,
    ));
    let e = query(&mut c, "SELECT b FROM big WHERE id = 3").await;
    assert!(
        bytes(&e.rows()[0][0]) == &edge[..],
        "16 MB boundary blob differs"
    );
    // Keep outcomes small-ish: compare the big results via hashes and lengths.
    out.push((
        "big text md5".into(),
        query(&mut c, "SELECT id, LENGTH(b), MD5(b) FROM big ORDER BY id").await,
    ));
    out.push(("big rows text".into(), t));
    out.push(("big row binary".into(), b));
    out.push(("edge row".into(), e));
    c.disconnect().await.unwrap();
    out
}

/// Server errors: code, SQLSTATE and message.
pub async fn errors(port: u16, db: &str) -> Labelled {
    let mut c = fresh(port, db).await;
    run(&mut c, "CREATE TABLE u (id INT PRIMARY KEY)").await;
    run(&mut c, "INSERT INTO u VALUES (1)").await;
    let mut out = Labelled::new();
    let syn = query(&mut c, "SELEC 1 FROM").await;
    match &syn {
        Outcome::Err {
            code,
            state,
            message,
        } => {
            assert_eq!(*code, 1064);
            assert_eq!(state, "42000");
            // MariaDB quotes the text 'so', TiDB "so".
            assert!(message.contains("SELEC 1 FROM"), "{message}");
        }
        o => panic!("{o:?}"),
    }
    out.push(("syntax error".into(), syn));
    out.push(("no table".into(), query(&mut c, "SELECT * FROM nope").await));
    out.push((
        "dup key".into(),
        query(&mut c, "INSERT INTO u VALUES (1)").await,
    ));
    out.push((
        "signal".into(),
        query(
            &mut c,
            "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'custom 😀 failure', MYSQL_ERRNO = 1644",
        )
        .await,
    ));
    out.push((
        "still usable".into(),
        query(&mut c, "SELECT COUNT(*) FROM u").await,
    ));
    c.disconnect().await.unwrap();
    out
}

pub async fn all(port: u16, db_prefix: &str) -> Vec<(&'static str, Labelled)> {
    vec![
        (
            "text_types",
            text_types(port, &format!("{db_prefix}_text")).await,
        ),
        (
            "binary_protocol",
            binary_protocol(port, &format!("{db_prefix}_bin")).await,
        ),
        (
            "multi_results",
            multi_results(port, &format!("{db_prefix}_multi")).await,
        ),
        (
            "session_commands",
            session_commands(port, &format!("{db_prefix}_sess")).await,
        ),
        (
            "load_data_local",
            load_data_local(port, &format!("{db_prefix}_load")).await,
        ),
        ("errors", errors(port, &format!("{db_prefix}_err")).await),
    ]
}

/// Compares labelled outcomes of a direct and a proxied run.
pub fn compare(scenario: &str, direct: &Labelled, proxied: &Labelled) {
    assert_eq!(
        direct.len(),
        proxied.len(),
        "{scenario}: different number of steps"
    );
    for ((l1, d), (l2, p)) in direct.iter().zip(proxied) {
        assert_eq!(l1, l2);
        dump::assert_same(&format!("{scenario}/{l1}"), d, p);
    }
}
