//! The local pin file: the sha256 of every dictionary id this host's
//! squeezes (proxy and jobs) have used, per metadata store, so a row
//! changed in place in the store is refused after a restart too, and a job
//! never rewrites rows with bytes the proxies would not decode the same.
//!
//! One line per pin, appended: `<store> <id> <sha256>`. The file sits next
//! to the dictionaries directory (`codec.pin_file`); when it cannot be
//! written the pins stay in memory (warned once).

use std::io::Write;
use std::path::Path;

use crate::codec::registry::{pin, PinConflict};

pub use crate::config::default_pin_path as default_path;

/// The pins the file holds for `store` (malformed lines are skipped).
pub fn read(path: &Path, store: &str) -> Vec<(u32, String)> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|l| {
            let mut f = l.split(' ');
            let (s, id, sha) = (f.next()?, f.next()?, f.next()?);
            (s == store && sha.len() == 64 && sha.bytes().all(|b| b.is_ascii_hexdigit()))
                .then(|| Some((id.parse().ok()?, sha.to_ascii_lowercase())))
                .flatten()
        })
        .collect()
}

/// Loads the file's pins for `store` into memory; returns the conflicts
/// with pins already in memory (from another source of the same id).
pub fn load(path: &Path, store: &str) -> Vec<PinConflict> {
    read(path, store)
        .into_iter()
        .filter_map(|(id, sha)| pin(id, &sha).err())
        .collect()
}

/// Appends a pin (one `write` of one short line with `O_APPEND`, so
/// processes sharing the file do not interleave within a line).
pub fn append(path: &Path, store: &str, id: u32, sha256: &str) -> std::io::Result<()> {
    if store.contains([' ', '\n']) {
        return Ok(());
    }
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    f.write_all(format!("{store} {id} {sha256}\n").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn the_pin_file_sits_next_to_the_directory_and_keeps_each_stores_pins_apart() {
        assert_eq!(
            default_path(Path::new("/var/lib/squeeze/dictionaries")),
            PathBuf::from("/var/lib/squeeze/dictionaries.pins")
        );
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("d.pins");
        let a = "a".repeat(64);
        let b = "b".repeat(64);
        append(&p, "db1:3306/m/2026", 7, &a).unwrap();
        append(&p, "db2:3306/m/2026", 7, &b).unwrap();
        std::fs::OpenOptions::new()
            .append(true)
            .open(&p)
            .unwrap()
            .write_all(b"garbage line\n")
            .unwrap();
        assert_eq!(read(&p, "db1:3306/m/2026"), vec![(7, a)]);
        assert_eq!(read(&p, "db2:3306/m/2026"), vec![(7, b)]);
        assert!(read(&p, "db3:3306/m/2026").is_empty());
    }
}
