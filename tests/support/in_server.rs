//! squeeze's in-server function library in tests: private MariaDB servers
//! with their own plugin directory, and `squeeze udf install` run the way
//! an operator runs it.
use std::path::PathBuf;
use std::process::Command;

use super::{MariaDb, TestServer, APP_PASS, APP_USER};

/// The library cargo built next to the squeeze under test.
pub fn library() -> PathBuf {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_squeeze"));
    let lib = exe.parent().expect("target dir").join("libsqueeze_udf.so");
    assert!(
        lib.is_file(),
        "{} is missing: build the in-server library next to this squeeze with `cargo build -p squeeze-udf` (`--release` for a release squeeze, as `cargo bench` builds; scripts/test.sh builds the debug one)",
        lib.display()
    );
    lib
}

/// A private server loading libraries from a plugin directory of its own
/// (kept for the test process: the server maps the library from it).
pub fn server() -> MariaDb {
    server_with(&[])
}

/// [`server`] with more `mariadbd` options (a buffer pool size).
pub fn server_with(options: &[&str]) -> MariaDb {
    let dir = tempfile::Builder::new()
        .prefix("squeeze-plugins-")
        .tempdir()
        .unwrap()
        .keep();
    let plugin_dir = format!("--plugin-dir={}", dir.display());
    let mut all = vec![plugin_dir.as_str()];
    all.extend_from_slice(options);
    MariaDb::start_with_options(&all)
}

/// A configuration naming `db` as the one shard, the test account and the
/// shipped dictionaries (what `squeeze udf` reads).
pub fn config(db: &dyn TestServer) -> PathBuf {
    config_with(db, "")
}

/// [`config`] with more TOML appended (a `[[columns]]` entry).
pub fn config_with(db: &dyn TestServer, extra: &str) -> PathBuf {
    let dicts = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries");
    let text = format!(
        "[[users]]\nname = \"{APP_USER}\"\npassword = \"{APP_PASS}\"\n\n[backend]\naddress = \"{}\"\n\n[codec]\ndictionaries_dir = \"{dicts}\"\n{extra}",
        db.addr()
    );
    let dir = tempfile::Builder::new()
        .prefix("squeeze-udf-config-")
        .tempdir()
        .unwrap()
        .keep();
    let path = dir.join("squeeze.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// `squeeze udf <args> --config <config of db>`: (exit success, output).
pub fn udf(db: &dyn TestServer, args: &[&str]) -> (bool, String) {
    let cfg = config(db);
    let out = Command::new(env!("CARGO_BIN_EXE_squeeze"))
        .arg("udf")
        .args(args)
        .arg("--config")
        .arg(&cfg)
        .output()
        .expect("run squeeze udf");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// Installs this build's library on `db`, asserting that the shard is ready.
pub fn install(db: &dyn TestServer) {
    let lib = library();
    let (ok, out) = udf(db, &["install", "--library", lib.to_str().unwrap()]);
    assert!(
        ok && out.contains("ready"),
        "squeeze udf install failed:\n{out}"
    );
}
