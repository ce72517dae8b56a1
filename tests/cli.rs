//! The `mariadb` command-line client through squeeze: batch output must be
//! byte-identical to the output against MariaDB directly, plain, with TLS
//! and with the compressed protocol.
mod support;

use support::{mariadb_cli, scenarios, MariaDb, Squeeze};

const QUERIES: &str = "SELECT * FROM types ORDER BY id; \
    SELECT 1 AS one, 'x' AS x, NULL AS n, X'00FF09' AS b; \
    SELECT 1/0; SHOW WARNINGS; \
    CALL p(); \
    SELECT seq, REPEAT(MD5(seq), 40000) AS big FROM seq_1_to_5";

fn setup(db: &MariaDb, name: &str) {
    db.fresh_db(name);
    db.root_sql(&format!(
        "USE `{name}`; {}; {}; INSERT INTO types (id) VALUES (2);",
        scenarios::TYPES_DDL,
        scenarios::types_row1_sql()
    ));
    db.root_sql(&format!(
        "USE `{name}`\nDELIMITER //\nCREATE PROCEDURE p() BEGIN SELECT id, bl FROM types ORDER BY id; SELECT 'second' AS s; END //\nDELIMITER ;\n"
    ));
}

fn compare(db: &MariaDb, sq: &Squeeze, name: &str, extra: &[&str], sql: &str) -> Vec<u8> {
    let mut args = vec![format!("--database={name}")];
    args.extend(extra.iter().map(|s| s.to_string()));
    let args: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
    let (ok_d, out_d, err_d) = mariadb_cli(db.port, &args, sql);
    let (ok_p, out_p, err_p) = mariadb_cli(sq.port, &args, sql);
    assert!(ok_d, "direct mariadb {extra:?} failed: {err_d}");
    assert!(
        ok_p,
        "mariadb {extra:?} through squeeze failed: {err_p}\nsqueeze log:\n{}",
        sq.log_tail()
    );
    assert!(out_d.len() > 1000, "direct output suspiciously short");
    if out_d != out_p {
        let pos = out_d
            .iter()
            .zip(&out_p)
            .position(|(a, b)| a != b)
            .unwrap_or(out_d.len().min(out_p.len()));
        panic!(
            "mariadb {extra:?} output differs at byte {pos} (direct {} bytes, proxy {} bytes)\n direct: {:?}\n proxy:  {:?}",
            out_d.len(),
            out_p.len(),
            String::from_utf8_lossy(&out_d[pos.saturating_sub(80)..(pos + 80).min(out_d.len())]),
            String::from_utf8_lossy(&out_p[pos.saturating_sub(80)..(pos + 80).min(out_p.len())])
        );
    }
    assert_eq!(err_d, err_p, "stderr differs");
    out_p
}

fn status(sq: &Squeeze, extra: &[&str]) -> String {
    let (ok, out, err) = mariadb_cli(sq.port, extra, "status");
    assert!(
        ok,
        "mariadb {extra:?} status through squeeze failed: {err}\nsqueeze log:\n{}",
        sq.log_tail()
    );
    String::from_utf8(out).unwrap()
}

#[test]
fn mariadb_cli_prints_the_same_through_squeeze_as_direct() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    setup(db, "cli_plain");
    let out = compare(db, &sq, "cli_plain", &[], QUERIES);
    assert!(String::from_utf8_lossy(&out).contains("second"));
}

#[test]
fn mariadb_cli_over_tls_to_squeeze_prints_the_same_as_direct() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    setup(db, "cli_tls");
    let ca = format!("--ssl-ca={}", db.certs.ca.display());
    let tls = ["--ssl", &ca, "--ssl-verify-server-cert"];
    let st = status(&sq, &tls);
    assert!(
        st.contains("Cipher in use is"),
        "TLS not in use through squeeze:\n{st}"
    );
    compare(db, &sq, "cli_tls", &tls, QUERIES);
}

#[test]
fn mariadb_cli_with_compression_prints_the_same_through_squeeze_as_direct() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    setup(db, "cli_compress");
    let st = status(&sq, &["--compress"]);
    assert!(
        st.contains("Protocol:\t\tCompressed"),
        "compressed protocol not negotiated through squeeze:\n{st}"
    );
    compare(db, &sq, "cli_compress", &["--compress"], QUERIES);
}

#[test]
fn mariadb_cli_negotiates_tls_and_compression_together_with_squeeze() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    setup(db, "cli_tlscomp");
    let ca = format!("--ssl-ca={}", db.certs.ca.display());
    let args = ["--ssl", &ca, "--ssl-verify-server-cert", "--compress"];
    let st = status(&sq, &args);
    assert!(
        st.contains("Cipher in use is") && st.contains("Protocol:\t\tCompressed"),
        "{st}"
    );
    compare(db, &sq, "cli_tlscomp", &args, QUERIES);
}

#[test]
fn cli_error_output() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    db.fresh_db("cli_err");
    let sql = "SELECT 1; SELECT * FROM missing_table; SELECT 2";
    let d = mariadb_cli(db.port, &["--database=cli_err"], sql);
    let p = mariadb_cli(sq.port, &["--database=cli_err"], sql);
    assert!(!d.0 && d.2.contains("ERROR 1146 (42S02)"), "{d:?}");
    assert_eq!(d, p, "exit status, stdout and stderr must match");
}
