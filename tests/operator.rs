//! The operator's view (issue #20): `check-config` refuses what `serve`
//! refuses, `--offline` works without secrets, `--connect` checks column
//! types on a real MariaDB, `dict train --from` over TLS, and `--version`.
mod support;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use support::{free_port, MariaDb, APP_PASS, APP_USER};

const SQUEEZE: &str = env!("CARGO_BIN_EXE_squeeze");
const REPO: &str = env!("CARGO_MANIFEST_DIR");

fn squeeze(args: &[&str]) -> Command {
    let mut c = Command::new(SQUEEZE);
    c.args(args).env_remove("SQUEEZE_APP_PASSWORD");
    c
}

fn output(cmd: &mut Command) -> (bool, String, String) {
    let out: Output = cmd.output().expect("run squeeze");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `squeeze serve --config FILE`: exit status and stderr (killed after 20 s).
fn serve(file: &Path) -> (bool, String) {
    let dir = file.parent().unwrap();
    let err_path = dir.join("serve.stderr");
    let mut child = Command::new(SQUEEZE)
        .arg("serve")
        .arg("--config")
        .arg(file)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break Some(st);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let err = std::fs::read_to_string(&err_path).unwrap_or_default();
    (status.is_some_and(|s| s.success()), err)
}

const BASE: &str = r#"
[proxy]
listen = "127.0.0.1:0"

[[users]]
name = "app"
password = "secret"

[backend]
address = "127.0.0.1:1"
"#;

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn check_config_refuses_what_serve_refuses() {
    let tmp = tempfile::tempdir().unwrap();
    let dicts = format!("{REPO}/dictionaries");
    let missing = tmp.path().join("no-such-dir");
    let col = |extra: &str| {
        format!("[[columns]]\nschema = \"db\"\ntable = \"t\"\ncolumn = \"doc\"\n{extra}\n")
    };
    let missing_cause = format!("{} does not exist", missing.display());
    // (variant, extra TOML, key path, cause)
    let variants: Vec<(&str, String, &str, &str)> = vec![
        (
            "unknown dictionary",
            format!(
                "[codec]\ndictionaries_dir = {dicts:?}\n{}",
                col("dictionary = \"nope\"")
            ),
            "columns[0].dictionary",
            "no dictionary named \"nope\"",
        ),
        (
            "missing dictionaries directory",
            format!(
                "[codec]\ndictionaries_dir = {:?}\n{}",
                missing.display().to_string(),
                col("dictionary = \"reddit_comments\"")
            ),
            "codec.dictionaries_dir",
            &missing_cause,
        ),
        (
            "zstd level 42",
            col("level = 42"),
            "columns[0].level",
            "42 is outside zstd's levels 1..22",
        ),
        (
            "log level verbose",
            "[log]\nlevel = \"verbose\"\n".to_string(),
            "log.level",
            "\"verbose\" is not a level; use one of trace, debug, info, warn, error, off",
        ),
        (
            "same column twice",
            format!("{}{}", col(""), col("codec = \"lz4\"")),
            "columns[1]",
            "db.t.doc is already configured by columns[0]",
        ),
        (
            "an admin token variable that is not set",
            "[admin]\ntoken_env = \"SQUEEZE_TEST_UNSET_ADMIN_TOKEN\"\n".to_string(),
            "admin.token",
            "environment variable SQUEEZE_TEST_UNSET_ADMIN_TOKEN is not set",
        ),
        (
            "two admin token sources",
            "[admin]\ntoken = \"a\"\ntoken_env = \"B\"\n".to_string(),
            "admin.token",
            "set only one of token, token_env",
        ),
    ];
    for (what, extra, path, cause) in &variants {
        let text = format!("{BASE}{extra}");
        let file = write(tmp.path(), "broken.toml", &text);
        let (ok, _, err) = output(squeeze(&["check-config"]).arg(&file));
        assert!(!ok, "check-config accepted a config with {what}:\n{text}");
        let expected = format!("{path}: {cause}");
        assert!(
            err.contains(&expected),
            "check-config on {what}: expected {expected:?} in:\n{err}"
        );
        let (ok, serve_err) = serve(&file);
        assert!(!ok, "serve ran with {what}");
        assert!(
            serve_err.contains(&expected),
            "serve on {what}: expected {expected:?} in:\n{serve_err}"
        );
    }
    // A backend CA file that does not exist (the sidecar's case).
    let text = BASE.replace(
        "address = \"127.0.0.1:1\"",
        "address = \"127.0.0.1:1\"\ntls = \"verify_identity\"\ntls_ca = \"/nonexistent/db-ca.pem\"",
    );
    let file = write(tmp.path(), "ca.toml", &text);
    let (ok, _, err) = output(squeeze(&["check-config"]).arg(&file));
    assert!(
        !ok && err.contains("backend.tls_ca: ") && err.contains("/nonexistent/db-ca.pem"),
        "{err}"
    );
    let (ok, serve_err) = serve(&file);
    assert!(
        !ok && serve_err.contains("/nonexistent/db-ca.pem"),
        "{serve_err}"
    );
}

#[test]
fn check_config_offline_passes_the_shipped_configs_without_secrets_or_mounts() {
    for rel in [
        "proxy-config/squeeze.example.toml",
        "deploy/squeeze/squeeze.toml",
        "deploy/squeeze/sidecar.toml",
    ] {
        let path = format!("{REPO}/{rel}");
        let (ok, out, err) = output(&mut squeeze(&["check-config", "--offline", &path]));
        assert!(ok, "check-config --offline {rel}:\n{out}{err}");
        assert!(out.contains("ok (offline)"), "{out}");
    }
    // Without --offline the sidecar needs its secret and mounted files.
    let path = format!("{REPO}/deploy/squeeze/sidecar.toml");
    let (ok, _, err) = output(&mut squeeze(&["check-config", &path]));
    assert!(
        !ok,
        "the sidecar config passed without its secret and mounts"
    );
    assert!(
        err.contains(
            "auth.accounts_password: environment variable SQUEEZE_ACCOUNTS_PASSWORD (password_env) is not set"
        ),
        "{err}"
    );
    assert!(err.contains("shards.shard_a.tls_ca: "), "{err}");
}

#[test]
fn check_config_offline_still_checks_ranges_names_and_duplicates() {
    let tmp = tempfile::tempdir().unwrap();
    let text = format!(
        "{}[log]\nlevel = \"verbose\"\n[[users]]\nname = \"ci\"\npassword_env = \"NOT_SET_IN_CI\"\n\
         [[columns]]\nschema = \"db\"\ntable = \"t\"\ncolumn = \"doc\"\nlevel = 42\n\
         [[columns]]\nschema = \"db\"\ntable = \"t\"\ncolumn = \"doc\"\n",
        BASE
    );
    let file = write(tmp.path(), "c.toml", &text);
    let (ok, _, err) = output(squeeze(&["check-config", "--offline"]).arg(&file));
    assert!(!ok, "{err}");
    for want in [
        "columns[0].level: 42",
        "columns[1]: db.t.doc is already configured",
        "log.level: ",
    ] {
        assert!(err.contains(want), "expected {want:?} in:\n{err}");
    }
    assert!(
        !err.contains("NOT_SET_IN_CI"),
        "offline must not resolve secrets:\n{err}"
    );
}

#[test]
fn check_config_connect_accepts_a_longblob_column_and_names_a_text_column_with_its_type() {
    let db = MariaDb::shared();
    db.fresh_db("ops_connect");
    db.root_sql("CREATE TABLE ops_connect.docs (id INT PRIMARY KEY, good LONGBLOB, bad TEXT)");
    let tmp = tempfile::tempdir().unwrap();
    let head = format!(
        "[proxy]\nlisten = \"127.0.0.1:0\"\n[[users]]\nname = \"{APP_USER}\"\npassword = \"{APP_PASS}\"\n\
         [backend]\naddress = \"{}\"\n[codec]\ndictionaries_dir = \"{REPO}/dictionaries\"\n\
         [[columns]]\nschema = \"ops_connect\"\ntable = \"docs\"\ncolumn = \"good\"\ndictionary = \"reddit_comments\"\n",
        db.addr()
    );
    let bad = "[[columns]]\nschema = \"ops_connect\"\ntable = \"docs\"\ncolumn = \"bad\"\n";
    let file = write(tmp.path(), "both.toml", &format!("{head}{bad}"));
    let (ok, out, err) = output(squeeze(&["check-config", "--connect"]).arg(&file));
    assert!(!ok, "a TEXT column passed --connect:\n{out}{err}");
    assert!(
        err.contains("columns[1]: ops_connect.docs.bad on default is TEXT, not a binary type"),
        "{err}"
    );
    assert!(
        out.contains("columns[0] ops_connect.docs.good on default is LONGBLOB: the first write stores values of 64 bytes or more as zstd level 3 with dictionary 1"),
        "{out}"
    );
    let file = write(tmp.path(), "good.toml", &head);
    let (ok, out, err) = output(squeeze(&["check-config", "--connect"]).arg(&file));
    assert!(ok, "{out}{err}");
    assert!(out.contains(": ok"), "{out}");
}

#[test]
fn check_config_checks_extracted_paths_offline_and_their_columns_with_connect() {
    let tmp = tempfile::tempdir().unwrap();
    let text = format!(
        "{}[[columns]]\nschema = \"db\"\ntable = \"t\"\ncolumn = \"doc\"\n\
         extract = [{{ path = \"$.a[*]\", column = \"x\", type = \"VARCHAR(8)\" }}, {{ path = \"$.b\", column = \"y\", type = \"INT\" }}, {{ path = \"$.c\", column = \"doc\", type = \"VARCHAR(8)\" }}]\n",
        BASE
    );
    let file = write(tmp.path(), "x.toml", &text);
    let (ok, _, err) = output(squeeze(&["check-config", "--offline"]).arg(&file));
    assert!(!ok, "{err}");
    for want in [
        "columns[0].extract[0].path: ",
        "wildcard or range",
        "columns[0].extract[1].type: ",
        "use VARCHAR(n)",
        "columns[0].extract[2].column: ",
    ] {
        assert!(err.contains(want), "expected {want:?} in:\n{err}");
    }

    let db = MariaDb::shared();
    db.fresh_db("ops_extract");
    db.root_sql(
        "CREATE TABLE ops_extract.docs (id INT PRIMARY KEY, doc LONGBLOB, \
         doc_author VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin, \
         doc_ci VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci)",
    );
    let config = |extract: &str| {
        format!(
            "[proxy]\nlisten = \"127.0.0.1:0\"\n[[users]]\nname = \"{APP_USER}\"\npassword = \"{APP_PASS}\"\n\
             [backend]\naddress = \"{}\"\n[codec]\ndictionaries_dir = \"{REPO}/dictionaries\"\n\
             [[columns]]\nschema = \"ops_extract\"\ntable = \"docs\"\ncolumn = \"doc\"\nextract = [{extract}]\n",
            db.addr()
        )
    };
    let good = r#"{ path = "$.author", column = "doc_author", type = "VARCHAR(64)" }"#;
    let file = write(tmp.path(), "good.toml", &config(good));
    let (ok, out, err) = output(squeeze(&["check-config", "--connect"]).arg(&file));
    assert!(ok, "{out}{err}");
    for (bad, want) in [
        (
            r#"{ path = "$.author", column = "doc_author", type = "VARCHAR(32)" }"#,
            "is VARCHAR(64) utf8mb4_bin, not the declared VARCHAR(32)",
        ),
        (
            r#"{ path = "$.author", column = "doc_ci", type = "VARCHAR(64)" }"#,
            "utf8mb4_general_ci, not the declared VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin",
        ),
        (
            r#"{ path = "$.author", column = "nope", type = "VARCHAR(64)" }"#,
            "ops_extract.docs.nope (extracted from $.author) does not exist on default",
        ),
    ] {
        let file = write(tmp.path(), "bad.toml", &config(bad));
        let (ok, out, err) = output(squeeze(&["check-config", "--connect"]).arg(&file));
        assert!(!ok, "{bad} passed --connect:\n{out}{err}");
        assert!(
            err.contains("columns[0].extract[0]: ") && err.contains(want),
            "{want:?} not in:\n{err}"
        );
    }
}

/// A table of `n` JSON documents with an integer primary key.
fn docs_table(db: &MariaDb, schema: &str, n: u32) {
    db.fresh_db(schema);
    db.root_sql(&format!(
        "USE {schema}; CREATE TABLE {schema}.docs (id INT PRIMARY KEY, doc LONGTEXT);
         INSERT INTO {schema}.docs SELECT seq, JSON_OBJECT('id', seq, 'author', CONCAT('user_', seq MOD 97),
           'subreddit', ELT(1 + seq MOD 5, 'rust', 'databases', 'sre', 'golang', 'linux'),
           'body', REPEAT(CONCAT('comment text number ', seq, ' '), 1 + seq MOD 7),
           'score', seq MOD 1000, 'edited', IF(seq MOD 3 = 0, 'true', 'false'))
         FROM seq_1_to_{n};"
    ));
}

#[test]
fn dict_train_reads_over_tls_as_a_require_ssl_account_with_the_password_from_env() {
    let db = MariaDb::shared();
    docs_table(db, "ops_train", 2000);
    db.root_sql(
        "CREATE USER IF NOT EXISTS 'tlsonly'@'%' IDENTIFIED BY 'tls-pw-123' REQUIRE SSL;
         GRANT SELECT ON ops_train.* TO 'tlsonly'@'%';",
    );
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("dicts");
    let ca = db.certs.ca.display().to_string();
    let url = format!("mysql://tlsonly@127.0.0.1:{}/ops_train", db.port);
    let train = |url: &str, tls: bool| {
        let mut c = squeeze(&[
            "dict",
            "train",
            "--from",
            url,
            "--password-env",
            "OPS_TRAIN_PW",
            "--table",
            "docs",
            "--column",
            "doc",
            "--sample",
            "300",
            "--size",
            "4096",
            "--name",
            "tls_docs",
        ]);
        c.arg("--dir").arg(&dir).env("OPS_TRAIN_PW", "tls-pw-123");
        if tls {
            c.args(["--tls-ca", &ca]);
        }
        output(&mut c)
    };
    // Without TLS the REQUIRE SSL account is refused, with a hint.
    let (ok, out, err) = train(&url, false);
    assert!(!ok, "{out}{err}");
    assert!(
        err.contains("refused the login as tlsonly") && err.contains("require_ssl=true"),
        "{err}"
    );
    // With TLS, verified against the test CA.
    let (ok, out, err) = train(&format!("{url}?require_ssl=true"), true);
    assert!(ok, "dict train over TLS failed:\n{out}{err}");
    assert!(out.contains("dictionary 1 \"tls_docs\""), "{out}");
    assert!(
        !format!("{out}{err}").contains("tls-pw-123"),
        "password printed"
    );
    let manifest = std::fs::read_to_string(dir.join("manifest.toml")).unwrap();
    let field = |k: &str| -> u64 {
        let line = manifest
            .lines()
            .find(|l| l.starts_with(&format!("{k} = ")))
            .unwrap();
        line.split(" = ").nth(1).unwrap().parse().unwrap()
    };
    assert_eq!(
        field("samples") + field("holdout_samples"),
        300,
        "{manifest}"
    );
}

#[test]
fn dict_train_refuses_an_existing_name_unless_replace() {
    let tmp = tempfile::tempdir().unwrap();
    let samples = tmp.path().join("s.ndjson");
    let docs: Vec<String> = (0..400)
        .map(|i| {
            let body = format!("word{} ", i % 11).repeat(i % 13 + 10);
            format!(
                "{{\"id\":{i},\"kind\":\"k{}\",\"user\":\"u{}\",\"body\":\"{body}\"}}",
                i % 7,
                i % 31
            )
        })
        .collect();
    std::fs::write(&samples, docs.join("\n")).unwrap();
    let dir = tmp.path().join("d");
    let train = |extra: &[&str]| {
        let mut c = squeeze(&["dict", "train", "--size", "2048", "--name", "docs"]);
        c.arg("--samples")
            .arg(&samples)
            .arg("--dir")
            .arg(&dir)
            .args(extra);
        output(&mut c)
    };
    let (ok, out, err) = train(&[]);
    assert!(ok, "{out}{err}");
    let (ok, out, err) = train(&[]);
    assert!(
        !ok,
        "a second dictionary of the same name was written:\n{out}"
    );
    assert!(
        err.contains("dictionary \"docs\" already exists") && err.contains("--replace"),
        "{err}"
    );
    let (ok, out, err) = train(&["--replace"]);
    assert!(ok, "{out}{err}");
    let manifest = std::fs::read_to_string(dir.join("manifest.toml")).unwrap();
    if out.contains("unchanged") {
        assert_eq!(manifest.matches("[[dictionary]]").count(), 1, "{manifest}");
    } else {
        assert!(out.contains("dictionary 2 \"docs\""), "{out}");
    }
}

#[test]
fn dict_train_says_connection_refused_readably() {
    let port = free_port();
    let tmp = tempfile::tempdir().unwrap();
    let url = format!("mysql://app@127.0.0.1:{port}/x");
    let (ok, _, err) = output(
        squeeze(&[
            "dict", "train", "--from", &url, "--table", "t", "--column", "c", "--name", "n",
        ])
        .arg("--dir")
        .arg(tmp.path()),
    );
    assert!(!ok);
    assert!(
        err.contains(&format!(
            "cannot connect to 127.0.0.1:{port}: connection refused"
        )),
        "{err}"
    );
    assert!(!err.contains("Input/output error"), "{err}");
}

#[test]
fn version_names_the_git_commit() {
    let (ok, out, _) = output(&mut squeeze(&["--version"]));
    assert!(ok);
    let head = Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .current_dir(REPO)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    match head {
        Some(h) => assert!(out.contains(&format!("(commit {h})")), "{out} (HEAD {h})"),
        None => assert!(out.contains("(commit unknown)"), "{out}"),
    }
}

/// `squeeze completions bash` completes every subcommand, and `squeeze
/// man` renders a man page titled squeeze(1).
#[test]
fn completions_name_every_subcommand_and_the_man_page_renders() {
    let (ok, bash, err) = output(&mut squeeze(&["completions", "bash"]));
    assert!(ok, "{err}");
    let (_, help, _) = output(&mut squeeze(&["--help"]));
    // The subcommands as `--help` lists them (indented name, then text).
    let subcommands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .split("Options:")
        .next()
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| *w != "help")
        .collect();
    assert!(subcommands.len() >= 10, "{help}");
    for sub in &subcommands {
        assert!(
            bash.contains(&format!("squeeze,{sub})")) || bash.contains(&format!("squeeze__{sub}")),
            "bash completion lacks {sub}"
        );
    }
    for sub in ["ctl", "completions", "man", "check-config"] {
        assert!(subcommands.contains(&sub), "{sub} not in --help: {help}");
    }
    let (ok, zsh, _) = output(&mut squeeze(&["completions", "zsh"]));
    assert!(ok && zsh.contains("#compdef squeeze"));

    let (ok, roff, err) = output(&mut squeeze(&["man"]));
    assert!(ok, "{err}");
    assert!(roff.contains(".TH squeeze 1"), "{roff}");
    assert!(roff.contains(".SH NAME") && roff.contains("ctl"), "{roff}");
    // Rendered with man(1) when installed.
    if Path::new("/usr/bin/man").exists() {
        let dir = tempfile::tempdir().unwrap();
        let page = write(dir.path(), "squeeze.1", &roff);
        let out = Command::new("/usr/bin/man")
            .arg("-l")
            .arg(&page)
            .env("MANPAGER", "cat")
            .env("COLUMNS", "100")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("squeeze(1)"), "man -l rendered: {text}");
        assert!(text.contains("NAME") && text.contains("SYNOPSIS"), "{text}");
    }
}
