//! The catalog tells the same story as the results: `DESCRIBE`,
//! `SHOW [FULL] COLUMNS|FIELDS` and `information_schema.COLUMNS` through
//! squeeze answer as MariaDB does on an uncompressed copy (the oracle's
//! `truth` database: the JSON columns as LONGTEXT utf8mb4_bin), byte for
//! byte, column metadata included; `SHOW COLUMNS ... WHERE`, which the
//! server would filter on the stored type, is refused naming the column.

mod support;

use mysql_async::Value;
use support::dump::{self, Outcome};
use support::{MariaDb, TestServer};

/// The answer with the database names `truth` / `sq` made equal (they are
/// the only intended difference between the two copies).
fn same_names(mut o: Outcome) -> Outcome {
    if let Outcome::Sets(sets) = &mut o {
        for set in sets {
            for row in &mut set.rows {
                for v in row {
                    if *v == Value::Bytes(b"truth".to_vec()) {
                        *v = Value::Bytes(b"sq".to_vec());
                    }
                }
            }
        }
    }
    o
}

/// The answer with each result's rows in one order: for a statement whose
/// ORDER BY leaves ties, which the server breaks by its own table order
/// (not the same in two databases).
fn rows_sorted(mut o: Outcome) -> Outcome {
    if let Outcome::Sets(sets) = &mut o {
        for set in sets {
            set.rows.sort_by_key(|r| format!("{r:?}"));
        }
    }
    o
}

#[test]
fn describe_show_columns_and_information_schema_through_squeeze_equal_an_uncompressed_copy() {
    let db = MariaDb::start();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let (_sq, mut o) = support::oracle::setup(&db).await;
        let statements = [
            "DESCRIBE docs",
            "SHOW CREATE TABLE docs",
            "SHOW CREATE TABLE notes",
            "DESC docs doc",
            "EXPLAIN notes",
            "describe `docs` 'd%'",
            "SHOW COLUMNS FROM docs",
            "SHOW FULL COLUMNS FROM docs",
            "SHOW FULL FIELDS IN notes LIKE 'bo%'",
            "SHOW FIELDS FROM docs FROM sq",
            "SHOW COLUMNS FROM users",
            "DESCRIBE v_docs",
            "SHOW FULL COLUMNS FROM v_v",
            "SHOW COLUMNS FROM v_plain",
            "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, CHARACTER_SET_NAME, COLLATION_NAME, CHARACTER_MAXIMUM_LENGTH, CHARACTER_OCTET_LENGTH, IS_NULLABLE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION",
            "SELECT COLUMN_TYPE, COLUMN_NAME, TABLE_NAME, TABLE_SCHEMA FROM information_schema.COLUMNS c WHERE c.TABLE_SCHEMA = DATABASE() AND c.TABLE_NAME IN ('docs', 'notes') ORDER BY 3, 2",
            "SELECT * FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'docs' AND COLUMN_NAME = 'doc'",
        ];
        // The database name is a value in these rows only for the
        // information_schema ones; compare with it made equal.
        for sql in statements {
            let truth_sql = sql.replace("FROM sq", "FROM truth");
            let truth = same_names(dump::query(&mut o.truth, &truth_sql).await);
            let sq = same_names(dump::query(&mut o.sq, sql).await);
            dump::assert_same(sql, &truth, &sq);
        }
        // Prepared (binary rows: a NULL character set becomes a value, the
        // lengths are integers).
        for sql in statements.iter().filter(|s| s.starts_with("SELECT")) {
            let with_param = sql.replacen("DATABASE()", "?", 1);
            let truth = same_names(
                dump::exec(&mut o.truth, &with_param, vec![Value::from("truth")]).await,
            );
            let sq = same_names(dump::exec(&mut o.sq, &with_param, vec![Value::from("sq")]).await);
            dump::assert_same(&format!("prepared {with_param}"), &truth, &sq);
        }
        for sql in [
            "SHOW COLUMNS FROM docs WHERE Type = 'longtext'",
            "SHOW FULL FIELDS FROM docs WHERE Collation IS NULL",
        ] {
            match dump::query(&mut o.sq, sql).await {
                Outcome::Err { code, message, .. } => {
                    assert_eq!(code, 1235, "{sql}: {message}");
                    assert!(message.contains("sq.docs.doc"), "{sql}: {message}");
                }
                other => panic!("{sql}: expected ERR 1235, got {other:?}"),
            }
            // Prepared likewise.
            match dump::exec(&mut o.sq, sql, vec![]).await {
                Outcome::Err { code, message, .. } => {
                    assert_eq!(code, 1235, "prepared {sql}: {message}");
                    assert!(message.contains("sq.docs.doc"), "prepared {sql}: {message}");
                }
                other => panic!("prepared {sql}: expected ERR 1235, got {other:?}"),
            }
        }
        // A table created from squeeze's own description (as a dump taken
        // through squeeze restores) is one squeeze compresses into.
        let Outcome::Sets(sets) = dump::query(&mut o.sq, "SHOW CREATE TABLE notes").await else {
            panic!("SHOW CREATE TABLE notes refused");
        };
        let ddl = String::from_utf8(dump::bytes(&sets[0].rows[0][1]).to_vec()).unwrap();
        assert!(ddl.contains("`body` longtext"), "{ddl}");
        dump::run(&mut o.sq, "DROP TABLE notes").await;
        dump::run(&mut o.sq, &ddl).await;
        let stored = db.root_sql(
            "SELECT DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'sq' AND TABLE_NAME = 'notes' AND COLUMN_NAME = 'body'",
        );
        assert!(stored.contains("longblob"), "{stored}");
        let doc = format!("{{\"k\": \"{}\"}}", "v".repeat(300));
        dump::run(&mut o.sq, &format!("INSERT INTO notes (id, body) VALUES (1, '{doc}')")).await;
        let raw = db.root_sql("SELECT HEX(LEFT(body, 1)) FROM sq.notes WHERE id = 1");
        assert!(raw.contains("F5"), "stored uncompressed: {raw}");
        let back = dump::query(&mut o.sq, "SELECT body FROM notes WHERE id = 1").await;
        assert_eq!(dump::bytes(&back.rows()[0][0]), doc.as_bytes());
        let again = dump::query(&mut o.sq, "SHOW CREATE TABLE notes").await;
        assert_eq!(dump::bytes(&again.rows()[0][1]), ddl.as_bytes());
        // A temporary table under a configured name is another table: its
        // blob is described as the server has it, on both copies.
        for c in [&mut o.truth, &mut o.sq] {
            dump::run(c, "CREATE TEMPORARY TABLE docs (id INT, doc LONGBLOB)").await;
        }
        for sql in ["DESCRIBE docs", "SHOW CREATE TABLE docs", "SHOW FULL COLUMNS FROM docs"] {
            let truth = dump::query(&mut o.truth, sql).await;
            let sq = dump::query(&mut o.sq, sql).await;
            dump::assert_same(&format!("temporary: {sql}"), &truth, &sq);
        }
        for c in [&mut o.truth, &mut o.sq] {
            dump::run(c, "DROP TEMPORARY TABLE docs").await;
        }
        // On a table without a compressed column, WHERE is the server's.
        let truth = dump::query(&mut o.truth, "SHOW COLUMNS FROM users WHERE Type LIKE 'int%'").await;
        let sq = dump::query(&mut o.sq, "SHOW COLUMNS FROM users WHERE Type LIKE 'int%'").await;
        dump::assert_same("SHOW COLUMNS FROM users WHERE", &truth, &sq);
    });
}

/// Schema reflection by SQLAlchemy 2 (`get_columns` and `MetaData.reflect`
/// compiled back to DDL, both read from `SHOW CREATE TABLE`) and Django 5
/// (`inspectdb`, which computes on information_schema.COLUMNS) through
/// squeeze sees the same column types as directly on the uncompressed copy.
#[test]
fn sqlalchemy_and_django_reflect_the_compressed_column_as_on_an_uncompressed_copy() {
    let py = support::pyclients::venv_python();
    for module in ["sqlalchemy", "pymysql", "django", "MySQLdb"] {
        support::pyclients::require_module(&py, module);
    }
    let db = MariaDb::start();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (sq, o) = rt.block_on(support::oracle::setup(&db));
    drop(o);
    let script = support::pyclients::repo().join("tests/clients/python/reflect.py");
    let reflect = |port: u16, name: &str| {
        // SQLAlchemy orders table options by a set: one hash seed for both.
        let out = std::process::Command::new(&py)
            .env("PYTHONHASHSEED", "0")
            .arg(&script)
            .arg("--django")
            .args([
                &port.to_string(),
                name,
                support::APP_USER,
                support::APP_PASS,
            ])
            .args(["docs", "notes"])
            .output()
            .expect("run reflect.py");
        assert!(
            out.status.success(),
            "reflect.py on port {port} ({name}): {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let truth = reflect(db.port(), "truth");
    let through = reflect(sq.port, "sq");
    assert!(truth.contains("LONGTEXT"), "{truth}");
    assert!(truth.contains("db_collation='utf8mb4_bin'"), "{truth}");
    let (t, s): (Vec<&str>, Vec<&str>) = (truth.lines().collect(), through.lines().collect());
    for (a, b) in t.iter().zip(&s) {
        assert_eq!(a, b, "direct on the uncompressed copy vs through squeeze\ndirect:\n{truth}\nthrough squeeze:\n{through}");
    }
    assert_eq!(
        t.len(),
        s.len(),
        "direct:\n{truth}\nthrough squeeze:\n{through}"
    );
}

/// COM_FIELD_LIST (the `mariadb` client's completion, old drivers) lists a
/// compressed column as the uncompressed copy's column, byte for byte
/// (database name aside).
#[test]
fn com_field_list_lists_the_compressed_column_as_on_an_uncompressed_copy() {
    use support::raw::RawConn;
    let db = MariaDb::start();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (sq, o) = rt.block_on(support::oracle::setup(&db));
    drop(o);
    let list = |port: u16, name: &str| {
        let mut c = RawConn::login(port, support::APP_USER, support::APP_PASS, Some(name))
            .unwrap_or_else(|e| panic!("login to {port}: {e:?}"));
        let mut cmd = vec![0x04];
        cmd.extend_from_slice(b"docs\0");
        c.command(&cmd);
        c.read_until_eof()
    };
    let truth: Vec<Vec<u8>> = list(db.port(), "truth")
        .into_iter()
        .map(|p| match p.windows(6).position(|w| w == b"\x05truth") {
            Some(at) => [&p[..at], b"\x02sq".as_slice(), &p[at + 6..]].concat(),
            None => p, // the EOF
        })
        .collect();
    assert_eq!(list(sq.port, "sq"), truth);
}

/// information_schema.COLUMNS type fields used anywhere in a statement (in
/// expressions, WHERE, GROUP BY, DISTINCT, joins, subqueries, CTEs, CASE,
/// selected without the column's name, any spelling of the table, after
/// `USE information_schema`) answer as on an uncompressed copy: rows and
/// column definitions byte for byte, because the server computes them on the
/// logical type and describes the statement as sent. What squeeze cannot
/// make exact is refused with 1235 naming the column.
#[test]
fn information_schema_columns_type_fields_in_any_expression_answer_as_on_an_uncompressed_copy() {
    let db = MariaDb::start();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let (_sq, mut o) = support::oracle::setup(&db).await;
        let statements = [
            // Django 5.1 inspectdb's column query (the database's default
            // collation as its parameter).
            "SELECT column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, extra, column_default, CASE WHEN collation_name = 'latin1_swedish_ci' THEN NULL ELSE collation_name END AS collation_name, CASE WHEN column_type LIKE '% unsigned' THEN 1 ELSE 0 END AS is_unsigned, column_comment FROM information_schema.columns WHERE table_name = 'docs' AND table_schema = DATABASE()",
            "SELECT TABLE_NAME, COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND DATA_TYPE = 'longtext' ORDER BY 1, 2",
            "SELECT DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION",
            "SELECT DATA_TYPE, COUNT(*), MAX(CHARACTER_OCTET_LENGTH), SUM(CHARACTER_MAXIMUM_LENGTH) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() GROUP BY DATA_TYPE ORDER BY DATA_TYPE",
            "SELECT DISTINCT DATA_TYPE, COLUMN_TYPE, COLLATION_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY 1, 2, 3",
            "SELECT c.TABLE_NAME, c.COLUMN_NAME, t.TABLE_TYPE, c.COLLATION_NAME, c.CHARACTER_SET_NAME FROM information_schema.TABLES t JOIN information_schema.COLUMNS c ON c.TABLE_SCHEMA = t.TABLE_SCHEMA AND c.TABLE_NAME = t.TABLE_NAME WHERE t.TABLE_SCHEMA = DATABASE() ORDER BY 1, 2",
            "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (SELECT TABLE_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND DATA_TYPE LIKE '%text') ORDER BY 1",
            "WITH c AS (SELECT * FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()) SELECT COLUMN_NAME, CONCAT(DATA_TYPE, '/', IFNULL(CHARACTER_SET_NAME, '-')), CHARACTER_OCTET_LENGTH + 0, COLUMN_TYPE = 'longtext' FROM c ORDER BY TABLE_NAME, ORDINAL_POSITION",
            "SELECT `columns`.data_type, MAX(character_maximum_length) AS m FROM `information_schema`.`columns` WHERE table_schema = DATABASE() GROUP BY `columns`.data_type ORDER BY 1",
            "SELECT x.COLUMN_NAME, x.COLLATION_NAME FROM (SELECT * FROM INFORMATION_SCHEMA.COLUMNS WHERE COLLATION_NAME LIKE 'utf8mb4%') x WHERE x.TABLE_SCHEMA = DATABASE() ORDER BY x.TABLE_NAME, 1",
            "SELECT * FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION",
            "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND CHARACTER_SET_NAME IS NULL",
            "SELECT DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() UNION SELECT COLLATION_NAME FROM information_schema.COLUMNS AS c2 WHERE c2.TABLE_SCHEMA = DATABASE() ORDER BY 1",
            "SELECT TABLE_NAME, GROUP_CONCAT(COLUMN_TYPE ORDER BY ORDINAL_POSITION) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() GROUP BY TABLE_NAME HAVING MAX(CHARACTER_OCTET_LENGTH) > 1000 ORDER BY 1",
            // Other information_schema views about columns: nothing of the
            // stored type shows there (indexes on compressed columns are
            // refused), so they are relayed and equal the copy's (row
            // counts aside).
            "SELECT TABLE_NAME, NON_UNIQUE, INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME, COLLATION, SUB_PART, NULLABLE, INDEX_TYPE FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX",
            "SELECT * FROM information_schema.COLUMN_PRIVILEGES WHERE TABLE_SCHEMA = DATABASE()",
            "SELECT * FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() ORDER BY TABLE_NAME, CONSTRAINT_NAME",
            "SET STATEMENT max_statement_time = 60 FOR SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION",
            "SELECT nope FROM information_schema.COLUMNS",
        ];
        for sql in statements {
            let truth = same_names(dump::query(&mut o.truth, sql).await);
            let sq = same_names(dump::query(&mut o.sq, sql).await);
            dump::assert_same(sql, &truth, &sq);
        }
        // Prepared (binary rows; the executes' definitions as the
        // server gives the statement as sent).
        for sql in statements.iter().filter(|s| s.contains("DATABASE()")) {
            let with_param = sql.replacen("DATABASE()", "?", 1);
            let truth = same_names(
                dump::exec(&mut o.truth, &with_param, vec![Value::from("truth")]).await,
            );
            let sq = same_names(dump::exec(&mut o.sq, &with_param, vec![Value::from("sq")]).await);
            dump::assert_same(&format!("prepared {with_param}"), &truth, &sq);
        }
        // Values read into variables or copied into a table, and the
        // unqualified table after USE.
        for (name, c) in [("truth", &mut o.truth), ("sq", &mut o.sq)] {
            dump::run(c, "CREATE TABLE type_copy (t VARCHAR(64), c VARCHAR(64), n BIGINT UNSIGNED)").await;
            dump::run(c, "INSERT INTO type_copy SELECT DATA_TYPE, COLLATION_NAME, CHARACTER_MAXIMUM_LENGTH FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ('docs', 'notes')").await;
            dump::run(c, "SELECT DATA_TYPE, COLLATION_NAME INTO @t, @c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'docs' AND COLUMN_NAME = 'doc'").await;
            dump::run(c, "SET @n = (SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND DATA_TYPE = 'longtext')").await;
            let _ = name;
        }
        let sql = "SELECT t, c, n, COUNT(*) FROM type_copy GROUP BY t, c, n ORDER BY 1, 2, 3";
        // The rows (the definitions name each copy's database).
        let truth = dump::query(&mut o.truth, sql).await;
        let sq = dump::query(&mut o.sq, sql).await;
        assert_eq!(truth.rows(), sq.rows(), "{sql}");
        for c in [&mut o.truth, &mut o.sq] {
            dump::run(c, "DROP TABLE type_copy").await;
            dump::run(c, "USE information_schema").await;
        }
        for sql in [
            "SELECT @t, @c, @n",
            "SELECT TABLE_NAME, DATA_TYPE, COLUMN_TYPE FROM COLUMNS WHERE TABLE_SCHEMA = '{db}' ORDER BY 1, ORDINAL_POSITION",
        ] {
            let truth = same_names(dump::query(&mut o.truth, &sql.replace("{db}", "truth")).await);
            let sq = same_names(dump::query(&mut o.sq, &sql.replace("{db}", "sq")).await);
            dump::assert_same(sql, &truth, &sq);
        }
        dump::run(&mut o.sq, "USE sq").await;
        for sql in [
            "SELECT information_schema.COLUMNS.DATA_TYPE FROM information_schema.COLUMNS",
            "SELECT 1; SELECT DATA_TYPE FROM information_schema.COLUMNS",
            "CREATE TABLE t_types AS SELECT DATA_TYPE FROM information_schema.COLUMNS",
            "PREPARE s FROM 'SELECT DATA_TYPE FROM information_schema.COLUMNS'",
        ] {
            match dump::query(&mut o.sq, sql).await {
                Outcome::Err { code, message, .. } => {
                    assert_eq!(code, 1235, "{sql}: {message}");
                    assert!(message.contains("sq.docs.doc") || message.contains("sq.notes.body") || message.contains("sq.v"), "{sql}: {message}");
                }
                other => panic!("{sql}: expected ERR 1235, got {other:?}"),
            }
        }
    });
}

/// A `present_as = "json"` column is MariaDB's `JSON` on an uncompressed
/// copy: a LONGTEXT with the column check `json_valid(col)`, which
/// `information_schema.CHECK_CONSTRAINTS` and `TABLE_CONSTRAINTS` list
/// (Django's `inspectdb` finds a JSONField there). Through squeeze they list
/// it too, byte for byte with the copy's answer (rows of one table in the
/// copy's order), or the statement is refused naming the column (several
/// rows the added row changes whose order is the server's own walk of the
/// tables); never another answer.
#[test]
fn check_and_table_constraints_list_the_json_check_of_a_json_presented_column_or_refuse() {
    let db = MariaDb::start();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        for (name, ty) in [("truth", "JSON"), ("sq", "LONGBLOB")] {
            db.fresh_db(name);
            db.root_sql(&format!(
                "CREATE TABLE {name}.t (id INT PRIMARY KEY, doc {ty} NULL);
                 CREATE TABLE {name}.u (id INT PRIMARY KEY, x INT CHECK (x > 0), doc {ty} NULL, y INT, CONSTRAINT tc CHECK (x < 100), UNIQUE KEY uy (y));
                 CREATE TABLE {name}.v (id INT PRIMARY KEY, doc {ty} NULL, CONSTRAINT zc CHECK (id > 0), CONSTRAINT ac CHECK (id < 9));
                 CREATE TABLE {name}.p (id INT PRIMARY KEY, a INT, b INT, t_id INT, CONSTRAINT pa CHECK (a > 0), CONSTRAINT pb CHECK (b > 0), UNIQUE KEY uab (a, b), KEY (t_id), CONSTRAINT pt FOREIGN KEY (t_id) REFERENCES t (id));"
            ));
        }
        let toml = format!(
            "[codec]\ndictionaries_dir = \"{}\"\n\n[[columns]]\nschema = \"sq\"\ntable = \"t\"\ncolumn = \"doc\"\ncodec = \"zstd\"\ndictionary = \"reddit_comments\"\npresent_as = \"json\"\n\n[[columns]]\nschema = \"sq\"\ntable = \"u\"\ncolumn = \"doc\"\ncodec = \"zstd\"\ndictionary = \"reddit_comments\"\npresent_as = \"json\"\n\n[[columns]]\nschema = \"sq\"\ntable = \"v\"\ncolumn = \"doc\"\npresent_as = \"json\"\n",
            concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries")
        );
        let user = format!("{}:{}", support::APP_USER, support::APP_PASS);
        let sq = support::Squeeze::start_with_config(&toml, &["--backend", &db.addr(), "--user", &user]);
        let mut truth = dump::connect(db.port, Some("truth")).await;
        let mut sqc = dump::connect(sq.port, Some("sq")).await;
        let answered = [
            // Django 5 inspectdb: the JSONField detection, and the check
            // constraints of a table whose only check is the JSON one.
            "SELECT c.constraint_name AS column_name FROM information_schema.check_constraints AS c WHERE c.table_name = 't' AND LOWER(c.check_clause) = 'json_valid(`' + LOWER(c.constraint_name) + '`)' AND c.constraint_schema = DATABASE()",
            "SELECT c.constraint_name, c.check_clause FROM information_schema.check_constraints AS c WHERE c.constraint_schema = DATABASE() AND c.table_name = 't'",
            "SELECT * FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = 'u' AND CONSTRAINT_NAME = 'doc'",
            "SELECT COUNT(*), GROUP_CONCAT(CONSTRAINT_NAME ORDER BY CONSTRAINT_NAME) FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()",
            "SELECT CONSTRAINT_NAME, CONSTRAINT_TYPE FROM information_schema.TABLE_CONSTRAINTS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 't' AND CONSTRAINT_TYPE = 'CHECK'",
            // The added rows do not change these: answered as sent.
            "SELECT CONSTRAINT_NAME, TABLE_NAME, CONSTRAINT_TYPE FROM information_schema.TABLE_CONSTRAINTS WHERE TABLE_SCHEMA = DATABASE() AND CONSTRAINT_TYPE <> 'CHECK'",
            "SELECT * FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND LEVEL = 'Table'",
            "SELECT EXISTS (SELECT 1 FROM information_schema.CHECK_CONSTRAINTS cc WHERE cc.CONSTRAINT_SCHEMA = DATABASE() AND cc.CHECK_CLAUSE LIKE 'json_valid%')",
        ];
        for sql in answered {
            let t = same_names(dump::query(&mut truth, sql).await);
            let s = same_names(dump::query(&mut sqc, sql).await);
            assert!(matches!(t, Outcome::Sets(_)), "{sql}: {t:?}");
            dump::assert_same(sql, &t, &s);
        }
        // Django 5's get_constraints() (migrate with an FK, unique or index
        // change, inspectdb): for a table without a configured column and
        // for the JSON tables the key and constraint joins exclude CHECK
        // rows, so the added rows change nothing; answered every time (the
        // server's order of the joined views varies from run to run).
        let django = [
            "SELECT kc.`constraint_name`, kc.`column_name`, kc.`referenced_table_name`, kc.`referenced_column_name`, c.`constraint_type` FROM information_schema.key_column_usage AS kc, information_schema.table_constraints AS c WHERE kc.table_schema = DATABASE() AND (kc.referenced_table_schema = DATABASE() OR kc.referenced_table_schema IS NULL) AND c.table_schema = kc.table_schema AND c.constraint_name = kc.constraint_name AND c.constraint_type != 'CHECK' AND kc.table_name = '{t}' ORDER BY kc.`ordinal_position`",
            "SELECT c.constraint_name, c.check_clause FROM information_schema.check_constraints AS c WHERE c.constraint_schema = DATABASE() AND c.table_name = '{t}'",
        ];
        for round in 0..10 {
            for (q, table) in django.iter().flat_map(|q| ["p", "t", "u"].map(|t| (q, t))) {
                let sql = q.replace("{t}", table);
                // The check query of one table is answered in the copy's
                // own order (column checks by position, the added JSON
                // check among them, then table checks): u's x, doc, tc.
                let in_order = |o| if sql.contains("check_clause") { o } else { rows_sorted(o) };
                let t = in_order(same_names(dump::query(&mut truth, &sql).await));
                let s = in_order(same_names(dump::query(&mut sqc, &sql).await));
                assert!(matches!(t, Outcome::Sets(_)), "{sql}: {t:?}");
                dump::assert_same(&format!("round {round}: {sql}"), &t, &s);
            }
        }
        // Under ANSI_QUOTES the server quotes the name in the check with ".
        for c in [&mut truth, &mut sqc] {
            dump::run(c, "SET sql_mode = 'ANSI_QUOTES'").await;
        }
        let sql = "SELECT CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = 't'";
        let t = dump::query(&mut truth, sql).await;
        dump::assert_same(sql, &t, &dump::query(&mut sqc, sql).await);
        for c in [&mut truth, &mut sqc] {
            dump::run(c, "SET sql_mode = DEFAULT").await;
        }
        // No result set: the statement sees the added rows.
        for c in [&mut truth, &mut sqc] {
            dump::run(c, "SET @n = (SELECT COUNT(*) FROM information_schema.TABLE_CONSTRAINTS WHERE TABLE_SCHEMA = DATABASE())").await;
        }
        let t = dump::query(&mut truth, "SELECT @n").await;
        dump::assert_same("SELECT @n", &t, &dump::query(&mut sqc, "SELECT @n").await);
        // Several rows changed by the added ones, in an order that depends
        // on the server's walk of the tables (t and u), or of a view whose
        // order within a table squeeze does not compute: refused, never
        // reordered.
        for sql in [
            "SELECT * FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()",
            "SELECT CONSTRAINT_NAME FROM information_schema.TABLE_CONSTRAINTS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'u'",
            // v's table checks in an order that is not their names' (zc
            // before ac): the server's order among them is not computed.
            "SELECT c.constraint_name, c.check_clause FROM information_schema.check_constraints AS c WHERE c.constraint_schema = DATABASE() AND c.table_name = 'v'",
        ] {
            match dump::query(&mut sqc, sql).await {
                Outcome::Err { code, message, .. } => {
                    assert_eq!(code, 1235, "{sql}: {message}");
                    assert!(message.contains("sq.t.doc"), "{sql}: {message}");
                }
                other => panic!("{sql}: expected ERR 1235, got {other:?}"),
            }
        }
        // Prepared: an execute cannot be checked before it runs.
        let sql = "SELECT CONSTRAINT_NAME FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = ? AND TABLE_NAME = 't'";
        match dump::exec(&mut sqc, sql, vec![Value::from("sq")]).await {
            Outcome::Err { code, message, .. } => {
                assert_eq!(code, 1235, "{sql}: {message}");
                assert!(message.contains("sq.t.doc"), "{sql}: {message}");
            }
            other => panic!("prepared {sql}: expected ERR 1235, got {other:?}"),
        }
        // A table without a json-presented column keeps the server's answer.
        let sql = "SELECT COUNT(*) FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = 'mysql'";
        let t = dump::query(&mut truth, sql).await;
        dump::assert_same(sql, &t, &dump::query(&mut sqc, sql).await);
    });
}
