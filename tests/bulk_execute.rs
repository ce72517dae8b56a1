//! MariaDB's COM_STMT_BULK_EXECUTE through squeeze: squeeze offers the bulk
//! capability as the server does, so MariaDB Connector/J sends a batch as
//! one bulk command and reports what the server reports for it (its own
//! suite's `BatchTest::differentParameterType` checks that), and the rows'
//! documents bound to a compressed column are stored compressed and read
//! back byte-identical.
mod support;

use std::path::PathBuf;
use std::process::Command;

use support::{require_bin, MariaDb, Squeeze, APP_PASS, APP_USER};

fn mariadb_java_client() -> PathBuf {
    let lib = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".test-deps/java/suites/lib");
    std::fs::read_dir(&lib)
        .ok()
        .and_then(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path())).find(|p| {
                let n = p.file_name().unwrap().to_string_lossy().into_owned();
                n.starts_with("mariadb-java-client-") && n.ends_with(".jar")
            })
        })
        .unwrap_or_else(|| {
            panic!(
                "MariaDB Connector/J jar not found in {}: run `bash scripts/install-deps.sh`",
                lib.display()
            )
        })
}

/// `MariaBulk.java` against `port` with the driver `options`; its stdout.
fn maria_bulk(port: u16, schema: &str, options: &str) -> String {
    let java = require_bin("java", "apt-get install -y default-jdk-headless");
    let out = Command::new(java)
        .arg("-cp")
        .arg(mariadb_java_client())
        .arg("-XX:TieredStopAtLevel=1")
        .arg(
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/clients/java/src/main/java/MariaBulk.java"),
        )
        .args([
            "127.0.0.1",
            &port.to_string(),
            APP_USER,
            APP_PASS,
            schema,
            options,
        ])
        .output()
        .expect("run java");
    assert!(
        out.status.success(),
        "MariaBulk on port {port} ({options}) failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Each stored `doc`: (id, starts with squeeze's 0xF5 magic).
fn stored(db: &MariaDb, schema: &str) -> Vec<(String, bool)> {
    db.root_sql(&format!(
        "SELECT id, LEFT(doc, 1) = UNHEX('F5') FROM {schema}.docs WHERE doc IS NOT NULL ORDER BY id"
    ))
    .lines()
    .skip(1)
    .map(|l| {
        let f: Vec<&str> = l.split('\t').collect();
        (f[0].to_string(), f[1] == "1")
    })
    .collect()
}

#[test]
fn a_connector_j_bulk_batch_reports_the_servers_counts_and_stores_documents_compressed() {
    let db = MariaDb::shared();
    let schema = "bulk_exec";
    let sq = Squeeze::for_docs_table(db, schema);
    for options in [
        // Client-side prepares: the driver prepares on the server for bulk.
        "useServerPrepStmts=false&useBulkStmts=true&useBulkStmtsForInserts=true",
        "useServerPrepStmts=true&useBulkStmts=true&useBulkStmtsForInserts=true",
    ] {
        let direct = maria_bulk(db.port, schema, options);
        // What the server answers a bulk command (SUCCESS_NO_INFO per row
        // before MariaDB 11.5), not a count per single execute.
        assert!(direct.contains("update -2 -2"), "{options}: {direct}");
        let proxied = maria_bulk(sq.port, schema, options);
        assert_eq!(
            direct,
            proxied,
            "{options}: through squeeze differs; squeeze log:\n{}",
            sq.log_tail()
        );
        let rows = stored(db, schema);
        assert_eq!(rows.len(), 3, "{rows:?}");
        assert!(
            rows.iter().all(|(_, compressed)| *compressed),
            "{options}: a document written by the bulk command is stored uncompressed: {rows:?}"
        );
    }
}
