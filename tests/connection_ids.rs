//! One connection id: whatever id a client sees (the handshake's,
//! `CONNECTION_ID()`, `SHOW PROCESSLIST`, `information_schema.PROCESSLIST`,
//! `performance_schema`'s `PROCESSLIST_ID`, `KILL`) names the same session
//! through squeeze, and `KILL` is decided by the server's own privileges.
//! Real MariaDB servers, real clients (mysql_async, a raw protocol client).

mod support;

use std::time::Duration;

use mysql_async::prelude::*;
use mysql_async::{Conn, Opts, Row};
use support::{dump, raw::RawConn, MariaDb, Squeeze};

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// A private server with performance_schema on (the harness's default
/// turns it off to save memory).
fn server_with_performance_schema() -> MariaDb {
    MariaDb::start_with_options(&["--performance-schema=ON"])
}

async fn connect_as(port: u16, user: &str, pass: &str) -> Conn {
    let opts: Opts = dump::opts(port, user, pass, None).into();
    Conn::new(opts).await.unwrap()
}

/// An account with no privilege beyond logging in (no `CONNECTION ADMIN`,
/// no `SUPER`).
fn create_weak_user(db: &MariaDb, name: &str) {
    db.root_sql(&format!(
        "CREATE USER IF NOT EXISTS '{name}'@'%' IDENTIFIED BY 'weakpw';
         GRANT USAGE ON *.* TO '{name}'@'%';"
    ));
}

#[test]
fn the_handshake_id_connection_id_and_every_processlist_show_the_same_session() {
    let db = server_with_performance_schema();
    let sq = Squeeze::for_db(&db, &[]);
    rt().block_on(async move {
        let mut c = dump::connect(sq.port, None).await;
        let id = u64::from(c.id());
        let via_sql: u64 = c.query_first("SELECT CONNECTION_ID()").await.unwrap().unwrap();
        assert_eq!(via_sql, id, "CONNECTION_ID() is the handshake's id");

        // SHOW PROCESSLIST: the row running it carries the handshake id.
        let rows: Vec<Row> = c.query("SHOW PROCESSLIST").await.unwrap();
        let mine: Vec<u64> = rows
            .iter()
            .filter(|r| r.get::<Option<String>, _>(7).flatten().as_deref() == Some("SHOW PROCESSLIST"))
            .map(|r| r.get::<u64, _>(0).unwrap())
            .collect();
        assert_eq!(mine, vec![id], "SHOW PROCESSLIST names the session by its id");
        let full: Vec<Row> = c.query("SHOW FULL PROCESSLIST").await.unwrap();
        assert!(full.iter().any(|r| r.get::<u64, _>(0) == Some(id)));

        // information_schema: a predicate on CONNECTION_ID() is the
        // server's, and the id in the result is the client's.
        let is: Vec<u64> = c
            .query("SELECT ID FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()")
            .await
            .unwrap();
        assert_eq!(is, vec![id]);

        // performance_schema.threads.
        let ps: Vec<u64> = c
            .query("SELECT PROCESSLIST_ID FROM performance_schema.threads WHERE PROCESSLIST_ID = CONNECTION_ID()")
            .await
            .unwrap();
        assert_eq!(ps, vec![id]);

        // A prepared statement's predicate is the server's too.
        let st: Vec<u64> = c
            .exec(
                "SELECT ID FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID() AND ? = 1",
                (1,),
            )
            .await
            .unwrap();
        assert_eq!(st.len(), 1, "{st:?}");
    });
}

/// Connector/J's `isServerLocal()` (`ConnectionTest::testIsLocal`) and
/// `testBug68733` write the id the handshake gave them as a number into a
/// predicate on a thread-id column: through squeeze that number finds the
/// session it names, in text and prepared statements, its own or another
/// session's, as the same id in the result did.
#[test]
fn a_session_id_written_as_a_number_in_a_thread_id_predicate_finds_that_session() {
    let db = server_with_performance_schema();
    let sq = Squeeze::for_db(&db, &[]);
    rt().block_on(async move {
        let mut c = dump::connect(sq.port, None).await;
        let other = dump::connect(sq.port, None).await;
        let (id, other_id) = (u64::from(c.id()), u64::from(other.id()));
        assert_ne!(id, other_id);
        for sql in [
            format!("SELECT PROCESSLIST_ID FROM performance_schema.threads WHERE PROCESSLIST_ID = {id}"),
            format!("SELECT ID FROM information_schema.PROCESSLIST WHERE ID={id}"),
            format!("SELECT p.ID FROM information_schema.processlist AS p WHERE {id} = p.ID"),
            format!("SELECT ID FROM information_schema.PROCESSLIST WHERE ID IN ({id}, 0)"),
        ] {
            let text: Vec<u64> = c.query(&sql).await.unwrap();
            assert_eq!(text, vec![id], "{sql}");
            let prepared: Vec<u64> = c.exec(&sql, ()).await.unwrap();
            assert_eq!(prepared, vec![id], "prepared: {sql}");
        }
        // Another squeeze session, by the id its own handshake gave it.
        let sql = format!(
            "SELECT ID FROM information_schema.PROCESSLIST WHERE ID = {other_id} AND COMMAND = 'Sleep'"
        );
        let found: Vec<u64> = c.query(&sql).await.unwrap();
        assert_eq!(found, vec![other_id], "{sql}");
        // Its host column is the one Connector/J compares with its own.
        let host: Vec<String> = c
            .query(format!(
                "SELECT PROCESSLIST_HOST FROM performance_schema.threads WHERE PROCESSLIST_ID = {id}"
            ))
            .await
            .unwrap();
        assert_eq!(host.len(), 1, "{host:?}");
        // A number no squeeze session holds stays the server's.
        let none: Vec<u64> = c
            .query("SELECT ID FROM information_schema.PROCESSLIST WHERE ID = 4000000000")
            .await
            .unwrap();
        assert!(none.is_empty());
        drop(other);
    });
}

/// MariaDB's `main.user_var`: `IS_USED_LOCK('x') = CONNECTION_ID()` is 1
/// for the lock's holder, under the expression as its column heading.
#[test]
fn connection_id_compared_with_a_servers_thread_id_matches_and_keeps_its_heading() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    rt().block_on(async move {
        let mut c = dump::connect(sq.port, None).await;
        let got: i64 = c
            .query_first("SELECT GET_LOCK('squeeze_ids_x', 0)")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(got, 1);
        let mut result = c
            .query_iter("SELECT IS_USED_LOCK('squeeze_ids_x') = CONNECTION_ID()")
            .await
            .unwrap();
        let heading = result.columns().unwrap()[0].name_str().into_owned();
        let rows: Vec<i64> = result.collect().await.unwrap();
        assert_eq!(heading, "IS_USED_LOCK('squeeze_ids_x') = CONNECTION_ID()");
        assert_eq!(rows, vec![1]);
        let mine: i64 = c
            .query_first("SELECT IS_USED_LOCK('squeeze_ids_x') = CONNECTION_ID() + 0")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(mine, 1);
        c.query_drop("DO RELEASE_LOCK('squeeze_ids_x')")
            .await
            .unwrap();
    });
}

/// go-sql-driver's `TestConnectionAttributes`: the client's connect
/// attributes reach the server, found by `PROCESSLIST_ID = CONNECTION_ID()`,
/// together with squeeze's own `_proxy`. The mariadb client (libmariadb)
/// sends `_client_name`, `_client_version`, `_os`, `_pid`, `program_name` ...
#[test]
fn the_clients_connect_attributes_reach_performance_schema_with_squeezes_own() {
    let db = server_with_performance_schema();
    let sq = Squeeze::for_db(&db, &[]);
    let sql = "SELECT ATTR_NAME, ATTR_VALUE, PROCESSLIST_ID = CONNECTION_ID() FROM performance_schema.session_connect_attrs WHERE PROCESSLIST_ID = CONNECTION_ID() ORDER BY ATTR_NAME";
    let attrs = |port: u16| -> Vec<(String, String)> {
        let (ok, out, err) = support::mariadb_cli(port, &["-N"], sql);
        assert!(ok, "{err}");
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                (f[0].to_string(), f[1].to_string())
            })
            .collect()
    };
    let direct = attrs(db.port);
    let proxied = attrs(sq.port);
    assert!(
        direct
            .iter()
            .any(|(k, v)| k == "_client_name" && v == "libmariadb"),
        "{direct:?}"
    );
    // Every attribute the client sent, as it sent it (the pid and host
    // name are the client's own, the same on both paths).
    for (k, v) in &direct {
        if k == "_pid" {
            assert!(
                proxied.iter().any(|(pk, _)| pk == k),
                "{k} missing: {proxied:?}"
            );
        } else {
            assert!(
                proxied.contains(&(k.clone(), v.clone())),
                "{k}={v} missing: {proxied:?}"
            );
        }
    }
    assert!(
        proxied.contains(&("_proxy".into(), "squeeze".into())),
        "{proxied:?}"
    );
    assert_eq!(proxied.len(), direct.len() + 1, "{proxied:?}");
}

/// The server decides who may KILL whom: a user with `SUPER` (the test
/// accounts have `ALL`) kills another user's session through squeeze, as
/// directly; a user without it gets the server's 1095 naming the id it
/// used.
#[test]
fn kill_of_another_users_session_is_decided_by_the_servers_privileges() {
    let db = MariaDb::shared();
    create_weak_user(db, "ids_weak_a");
    create_weak_user(db, "ids_weak_b");
    let sq = Squeeze::for_db(
        db,
        &["--user", "ids_weak_a:weakpw", "--user", "ids_weak_b:weakpw"],
    );
    rt().block_on(async move {
        let mut victim = connect_as(sq.port, "ids_weak_a", "weakpw").await;
        let id = victim.id();
        let mut weak = connect_as(sq.port, "ids_weak_b", "weakpw").await;
        for sql in [format!("KILL {id}"), format!("KILL QUERY {id}")] {
            match weak.query_drop(&sql).await {
                Err(mysql_async::Error::Server(e)) => {
                    assert_eq!(e.code, 1095, "{e:?}");
                    assert_eq!(e.message, format!("You are not owner of thread {id}"));
                }
                other => panic!("{sql}: {other:?}"),
            }
        }
        let one: i64 = victim.query_first("SELECT 1").await.unwrap().unwrap();
        assert_eq!(one, 1, "a refused KILL leaves the session alone");
        let mut admin = connect_as(sq.port, support::OTHER_USER, support::OTHER_PASS).await;
        admin.query_drop(format!("KILL {id}")).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(victim.query_drop("SELECT 1").await.is_err(), "killed");
    });
}

/// mysql2's pool test sends `KILL ?; SELECT SLEEP(0.05)` as one
/// multi-statement query: the KILL runs, then the rest, with the results in
/// order.
#[test]
fn a_kill_leading_a_multi_statement_query_runs_and_the_rest_follows() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    rt().block_on(async move {
        let mut victim = dump::connect(sq.port, None).await;
        let id = victim.id();
        let mut killer = dump::connect(sq.port, None).await;
        let mut result = killer
            .query_iter(format!("KILL QUERY {id}; SELECT SLEEP(0.05) AS s, 7"))
            .await
            .unwrap();
        // The KILL's OK (no rows), then the SELECT's row.
        let first: Vec<Row> = result.collect().await.unwrap();
        assert!(first.is_empty());
        let second: Vec<(i64, i64)> = result.collect().await.unwrap();
        assert_eq!(second, vec![(0, 7)]);
        drop(result);
        let one: i64 = killer.query_first("SELECT 1").await.unwrap().unwrap();
        assert_eq!(one, 1);
        killer.query_drop(format!("KILL {id}; DO 1")).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(victim.query_drop("SELECT 1").await.is_err(), "killed");
        // A KILL that fails ends the query there, as the server does.
        match killer
            .query_drop(format!("KILL {}; DO 1", id + 100_000))
            .await
        {
            Err(mysql_async::Error::Server(e)) => assert_eq!(e.code, 1094, "{e:?}"),
            other => panic!("{other:?}"),
        }
        let one: i64 = killer.query_first("SELECT 1").await.unwrap().unwrap();
        assert_eq!(one, 1);
    });
}

/// COM_PROCESS_KILL (`mysql_kill()`, PyMySQL's `kill()`, used by PyMySQL's
/// `test_issue_36` with the id from `SHOW PROCESSLIST`) takes squeeze's id.
#[test]
fn com_process_kill_ends_the_session_named_by_squeezes_id() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    let port = sq.port;
    rt().block_on(async move {
        let mut victim = dump::connect(port, None).await;
        let id = victim.id();
        let reply = tokio::task::spawn_blocking(move || {
            let mut killer =
                RawConn::login(port, support::APP_USER, support::APP_PASS, None).expect("login");
            let mut cmd = vec![0x0c];
            cmd.extend_from_slice(&id.to_le_bytes());
            killer.command(&cmd);
            killer.read_packet().unwrap()
        })
        .await
        .unwrap();
        assert_eq!(reply[0], 0x00, "OK: {reply:?}");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(victim.query_drop("SELECT 1").await.is_err(), "killed");
        let mut admin = dump::connect(port, None).await;
        let ids: Vec<u64> = admin
            .query("SELECT ID FROM information_schema.PROCESSLIST")
            .await
            .unwrap();
        assert!(!ids.contains(&u64::from(id)), "{ids:?}");
    });
}

/// `proxy.socket`: clients reach squeeze on its own Unix socket, and
/// `@@socket` answers that path (never the server's), so a client that
/// prefers a local socket (mysql_async on 127.0.0.1) reconnects to squeeze.
#[test]
fn clients_reach_squeeze_on_its_unix_socket_and_socket_names_it() {
    let db = MariaDb::shared();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("squeeze.sock");
    let path_str = path.to_str().unwrap().to_string();
    let sq = Squeeze::for_db(db, &["--socket", &path_str]);
    let port = sq.port;
    rt().block_on(async move {
        // Over TCP: @@socket is squeeze's path.
        let mut tcp = dump::connect(port, None).await;
        let s: Option<String> = tcp.query_first("SELECT @@socket").await.unwrap().unwrap();
        assert_eq!(s.as_deref(), Some(path_str.as_str()));
        // Over the socket, with the id scheme of any other session.
        let opts: Opts = mysql_async::OptsBuilder::default()
            .socket(Some(path_str.clone()))
            .user(Some(support::APP_USER))
            .pass(Some(support::APP_PASS))
            .into();
        let mut local = Conn::new(opts).await.unwrap();
        let (s, id): (String, u64) = local
            .query_first("SELECT @@socket, CONNECTION_ID()")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(s, path_str);
        assert_eq!(id, u64::from(local.id()));
        // A wrong password over the socket is the server's 1045, not a
        // NULL to scan (go's TestUnixSocketAuthFail).
        let bad: Opts = mysql_async::OptsBuilder::default()
            .socket(Some(path_str.clone()))
            .user(Some(support::APP_USER))
            .pass(Some("wrong"))
            .into();
        match Conn::new(bad).await {
            Err(mysql_async::Error::Server(e)) => assert_eq!(e.code, 1045, "{e:?}"),
            other => panic!("{:?}", other.map(|_| ())),
        }
        // prefer_socket on 127.0.0.1: mysql_async asks @@socket and
        // reconnects there; it stays on squeeze.
        let prefer: Opts = dump::opts(port, support::APP_USER, support::APP_PASS, None)
            .prefer_socket(true)
            .into();
        let mut p = Conn::new(prefer).await.unwrap();
        let s: Option<String> = p.query_first("SELECT @@socket").await.unwrap().unwrap();
        assert_eq!(s.as_deref(), Some(path_str.as_str()));
    });
    // The mariadb command-line client over the socket.
    let out = std::process::Command::new("mariadb")
        .args([
            "--no-defaults",
            &format!("--socket={}", path.display()),
            &format!("-u{}", support::APP_USER),
            &format!("-p{}", support::APP_PASS),
            "-N",
            "-e",
            "SELECT 40 + 2",
        ])
        .output()
        .expect("mariadb client (apt-get install mariadb-client)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "42");
    drop(sq);
    assert!(!path.exists(), "the socket file is removed at exit");
}

/// Binary results (COM_STMT_EXECUTE) show squeeze's id wherever text
/// results do: a prepared `CONNECTION_ID()`, `SHOW PROCESSLIST`,
/// `information_schema.PROCESSLIST` and `performance_schema.threads`.
#[test]
fn a_prepared_statements_binary_rows_show_squeezes_id_as_text_rows_do() {
    let db = server_with_performance_schema();
    let sq = Squeeze::for_db(&db, &[]);
    rt().block_on(async move {
        let mut c = dump::connect(sq.port, None).await;
        let id = u64::from(c.id());
        let own: Vec<u64> = c.exec("SELECT CONNECTION_ID()", ()).await.unwrap();
        assert_eq!(own, vec![id], "a prepared CONNECTION_ID()");
        let named: Vec<Row> = c.exec("SELECT CONNECTION_ID() AS me", ()).await.unwrap();
        assert_eq!(named[0].columns()[0].name_str(), "me");

        let rows: Vec<Row> = c.exec("SHOW PROCESSLIST", ()).await.unwrap();
        let mine: Vec<u64> = rows
            .iter()
            .filter(|r| r.get::<Option<String>, _>(7).flatten().as_deref() == Some("SHOW PROCESSLIST"))
            .map(|r| r.get::<u64, _>(0).unwrap())
            .collect();
        assert_eq!(mine, vec![id], "a prepared SHOW PROCESSLIST");

        let is: Vec<u64> = c
            .exec(
                "SELECT ID FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID() AND ? = 1",
                (1,),
            )
            .await
            .unwrap();
        assert_eq!(is, vec![id], "information_schema.PROCESSLIST, prepared");

        let ps: Vec<u64> = c
            .exec(
                "SELECT PROCESSLIST_ID FROM performance_schema.threads WHERE PROCESSLIST_ID = CONNECTION_ID() AND ? = 1",
                (1,),
            )
            .await
            .unwrap();
        assert_eq!(ps, vec![id], "performance_schema.threads, prepared");
    });
}

/// A cursor's rows (COM_STMT_FETCH) show squeeze's id as its execute's
/// would: the translation opened with the cursor goes on with its fetches.
#[test]
fn a_cursors_fetched_rows_show_squeezes_id() {
    let db = MariaDb::shared();
    let sq = Squeeze::for_db(db, &[]);
    let mut c = RawConn::login(sq.port, support::APP_USER, support::APP_PASS, None).unwrap();
    // The id the client knows, from a text query (translated already).
    let text = c.simple("SELECT CONNECTION_ID()");
    let row = &text[text.len() - 2];
    let id: u64 = std::str::from_utf8(&row[1..1 + row[0] as usize])
        .unwrap()
        .parse()
        .unwrap();

    let mut prepare = vec![0x16];
    prepare.extend_from_slice(
        b"SELECT ID FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()",
    );
    c.command(&prepare);
    let ok = c.read_packet().unwrap();
    assert_eq!(ok[0], 0, "prepare: {ok:?}");
    let stmt = [ok[1], ok[2], ok[3], ok[4]];
    assert_eq!(u16::from_le_bytes([ok[5], ok[6]]), 1, "one column");
    c.read_until_eof(); // its column definition

    // COM_STMT_EXECUTE with CURSOR_TYPE_READ_ONLY: definitions, no rows.
    let mut exec = vec![0x17];
    exec.extend_from_slice(&stmt);
    exec.push(1);
    exec.extend_from_slice(&1u32.to_le_bytes());
    c.command(&exec);
    let head = c.read_packet().unwrap();
    assert_eq!(head, vec![1], "one column");
    let defs = c.read_until_eof();
    let eof = defs.last().unwrap();
    let status = u16::from_le_bytes([eof[3], eof[4]]);
    assert!(
        status & 0x40 != 0,
        "a cursor was opened: status {status:#x}"
    );

    let mut fetch = vec![0x1c];
    fetch.extend_from_slice(&stmt);
    fetch.extend_from_slice(&10u32.to_le_bytes());
    c.command(&fetch);
    let rows = c.read_until_eof();
    assert_eq!(rows.len(), 2, "one row and EOF: {rows:?}");
    // Binary row: 0x00, a one-byte NULL bitmap, then the 8-byte BIGINT.
    let value = u64::from_le_bytes(rows[0][2..10].try_into().unwrap());
    assert_eq!(
        value, id,
        "the fetched row names the session by squeeze's id"
    );
}
