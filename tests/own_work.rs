//! Nothing squeeze does for itself shows in the client's session (issue
//! 44, item 1): the catalog reads squeeze makes before a statement (a
//! table's columns on its first write, information_schema views computed
//! on the logical type) leave FOUND_ROWS, ROW_COUNT and the warnings as the
//! client's own statements left them, also before a statement that keeps
//! them for a later one (an INSERT keeps FOUND_ROWS, measured on MariaDB
//! 10.11). Each case runs on a fresh squeeze, so every table it names is
//! read for the first time.

mod support;

use mysql_async::Value;
use support::dump::{self, Outcome};
use support::{MariaDb, Squeeze, APP_PASS, APP_USER};

const TABLES: [&str; 4] = ["d1", "d2", "d3", "j"];

/// The uncompressed copy on one server, squeeze's tables on another, under
/// one database name (so that results describe the same schema).
fn servers() -> (MariaDb, MariaDb) {
    let (truth, sq) = (MariaDb::start(), MariaDb::start());
    for (db, text, json) in [
        (
            &truth,
            "LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin",
            "JSON",
        ),
        (&sq, "LONGBLOB", "LONGBLOB"),
    ] {
        let name = "app";
        db.fresh_db(name);
        db.root_sql(&format!(
            "CREATE TABLE {name}.users (id INT PRIMARY KEY);
             INSERT INTO {name}.users VALUES (1), (2), (3), (4), (5), (6);
             CREATE TABLE {name}.d1 (id INT PRIMARY KEY, doc {text} NULL);
             CREATE TABLE {name}.d2 (id INT PRIMARY KEY, doc {text} NULL);
             INSERT INTO {name}.d2 VALUES (1, NULL);
             CREATE TABLE {name}.d3 (id INT PRIMARY KEY, doc {text} NULL);
             CREATE TABLE {name}.j (id INT PRIMARY KEY, x INT CHECK (x > 0), doc {json} NULL);"
        ));
    }
    (truth, sq)
}

fn columns(extra: &str) -> String {
    let mut toml = format!(
        "{extra}[codec]\ndictionaries_dir = \"{}\"\n",
        concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries")
    );
    for t in TABLES {
        let json = if t == "j" {
            "present_as = \"json\"\n"
        } else {
            ""
        };
        toml.push_str(&format!(
            "\n[[columns]]\nschema = \"app\"\ntable = \"{t}\"\ncolumn = \"doc\"\ncodec = \"zstd\"\ndictionary = \"reddit_comments\"\nmin_size = 0\n{json}"
        ));
    }
    toml
}

/// Runs `steps` on a fresh connection to the copy and to squeeze; the last
/// step's answers must be the same.
async fn same_after(truth: &MariaDb, sq: &Squeeze, steps: &[&str]) {
    let mut truth = dump::connect(truth.port, Some("app")).await;
    let mut sqc = dump::connect(sq.port, Some("app")).await;
    let (last, before) = steps.split_last().unwrap();
    for sql in before {
        let t = dump::query(&mut truth, sql).await;
        let s = dump::query(&mut sqc, sql).await;
        dump::assert_same(sql, &t, &s);
    }
    let t = dump::query(&mut truth, last).await;
    assert!(matches!(t, Outcome::Sets(_)), "{last}: {t:?}");
    dump::assert_same(&steps.join(" ;; "), &t, &dump::query(&mut sqc, last).await);
}

#[test]
fn squeezes_catalog_reads_leave_the_counts_the_clients_statements_left() {
    let (truth, db) = servers();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let user = format!("{APP_USER}:{APP_PASS}");
        let calc = "SELECT SQL_CALC_FOUND_ROWS id FROM users LIMIT 1";
        let cases: [&[&str]; 8] = [
            // The first write to a table reads its columns first: an
            // INSERT, UPDATE or upsert keeps FOUND_ROWS for a later read.
            &[calc, "INSERT INTO d1 VALUES (1, '{\"a\": 1}')", "SELECT FOUND_ROWS()"],
            &[calc, "UPDATE d2 SET doc = '{\"b\": 2}' WHERE id = 1", "SELECT FOUND_ROWS(), ROW_COUNT()"],
            &[
                calc,
                "INSERT INTO d3 VALUES (1, '{\"c\": 3}') ON DUPLICATE KEY UPDATE doc = VALUES(doc)",
                "SELECT FOUND_ROWS(), ROW_COUNT()",
            ],
            // Catalog views computed by squeeze, in a statement that reads
            // the counts the previous one left.
            &[
                "SELECT CAST('1a' AS SIGNED)",
                "SELECT @@warning_count, COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'd1' ORDER BY ORDINAL_POSITION",
            ],
            &[
                "SELECT CAST('1a' AS SIGNED)",
                "SELECT @@warning_count, COUNT(*) FROM information_schema.check_constraints AS c WHERE c.constraint_schema = DATABASE()",
            ],
            &[
                "UPDATE users SET id = id + 0 WHERE id < 4",
                "SELECT ROW_COUNT(), c.constraint_name, c.check_clause FROM information_schema.check_constraints AS c WHERE c.constraint_schema = DATABASE() AND c.table_name = 'j' AND c.constraint_name = 'doc'",
            ],
            &[
                "SELECT CAST('1a' AS SIGNED)",
                "SELECT @@warning_count, COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'j' ORDER BY ORDINAL_POSITION",
            ],
            &[
                "UPDATE users SET id = id WHERE id < 3",
                "SELECT ROW_COUNT(), c.constraint_name FROM information_schema.check_constraints AS c WHERE c.constraint_schema = DATABASE() AND c.table_name = 'j'",
            ],
        ];
        for case in cases {
            let sq = Squeeze::start_with_config(&columns(""), &["--backend", &db.addr(), "--user", &user]);
            same_after(&truth, &sq, case).await;
        }
        // The views are computed with a derived table, which (materialized)
        // sets FOUND_ROWS() inside the statement: refused naming the
        // column, never another count.
        let sq = Squeeze::start_with_config(&columns(""), &["--backend", &db.addr(), "--user", &user]);
        let mut sqc = dump::connect(sq.port, Some("app")).await;
        for sql in [
            "SELECT FOUND_ROWS(), COUNT(*) FROM information_schema.check_constraints AS c WHERE c.constraint_schema = DATABASE()",
            "SELECT FOUND_ROWS(), c.constraint_name, c.check_clause FROM information_schema.check_constraints AS c WHERE c.constraint_schema = DATABASE() AND c.table_name = 'j'",
            "SELECT FOUND_ROWS(), COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'd1'",
        ] {
            dump::run(&mut sqc, calc).await;
            match dump::query(&mut sqc, sql).await {
                Outcome::Err { code, message, .. } => {
                    assert_eq!(code, 1235, "{sql}: {message}");
                    assert!(message.contains("app.") && message.contains(".doc"), "{sql}: {message}");
                }
                other => panic!("{sql}: expected ERR 1235, got {other:?}"),
            }
        }
        // A prepared statement reading both: each execute would run the
        // statement as sent first; refused naming the column.
        let sq = Squeeze::start_with_config(&columns(""), &["--backend", &db.addr(), "--user", &user]);
        let mut sqc = dump::connect(sq.port, Some("app")).await;
        let sql = "SELECT FOUND_ROWS(), COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'd1'";
        match dump::exec(&mut sqc, sql, vec![Value::from("app")]).await {
            Outcome::Err { code, message, .. } => {
                assert_eq!(code, 1235, "{sql}: {message}");
                assert!(message.contains("app.d"), "{sql}: {message}");
            }
            other => panic!("prepared {sql}: expected ERR 1235, got {other:?}"),
        }
    });
}

/// A session whose credential squeeze cannot replay (`accounts = "server"`,
/// a relayed mysql_native_password login, no `accounts_user`) cannot have
/// a connection of squeeze's own: its first write still works, read on its
/// own connection as before.
#[test]
fn a_first_write_without_a_replayable_credential_is_still_answered() {
    let (truth, db) = servers();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let extra = format!(
            "[auth]\naccounts = \"server\"\n\n[backend]\naddress = \"{}\"\n\n",
            db.addr()
        );
        let sq = Squeeze::start_with_config(&columns(&extra), &[]);
        same_after(
            &truth,
            &sq,
            &[
                "INSERT INTO d1 VALUES (7, '{\"a\": [1, 2]}')",
                "UPDATE d2 SET doc = '{\"b\": true}' WHERE id = 1",
                "SELECT d1.doc, d2.doc FROM d1, d2",
            ],
        )
        .await;
    });
}
