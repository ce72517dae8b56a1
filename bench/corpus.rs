//! The JSON corpora the benchmarks read, shipped in `bench/data` as
//! `NAME.ndjson.xz` (provenance: bench/data/README.md), so a clean clone
//! reproduces the README's figures. Shared by the Rust benchmarks with
//! `#[path = "../corpus.rs"] mod corpus;`.
use std::path::{Path, PathBuf};
use std::process::Command;

/// The shipped corpus `name` (e.g. "reddit_comments_t1").
pub fn shipped(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("bench/data/{name}.ndjson.xz"))
}

/// The bytes of an NDJSON corpus; `.xz` files are decompressed with the
/// `xz` CLI (xz-utils is a required Debian package), others read as is.
pub fn read(path: &Path) -> Vec<u8> {
    if path.extension().is_some_and(|e| e == "xz") {
        let out = Command::new("xz")
            .arg("-dc")
            .arg(path)
            .output()
            .unwrap_or_else(|e| {
                panic!("xz -dc {}: {e} (apt-get install xz-utils)", path.display())
            });
        assert!(
            out.status.success(),
            "xz -dc {} failed: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    } else {
        std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }
}

/// The non-empty lines (documents) of `text`.
pub fn lines(text: &[u8]) -> Vec<&[u8]> {
    text.split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect()
}
