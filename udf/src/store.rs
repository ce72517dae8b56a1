//! The dictionaries the in-server library inflates with: one file per
//! dictionary in a directory next to the library
//! (`<plugin_dir>/squeeze_dictionaries/`), named `<id>-<sha256>.dict`
//! after the store's row, written by `squeeze udf install`.
//!
//! Why files: a UDF cannot run SQL, so it cannot read the metadata
//! schema; files next to the library need no daemon on the database host
//! and no account of any kind. Why this directory: `@@plugin_dir` is
//! writable only by its owner (root), never by the server's own user, so no
//! SQL user (not even one with FILE) can add or replace a dictionary, and
//! a dictionary id is never reused (docs/FORMAT.md): the bytes a value's id
//! names are the ones it was compressed with. Each file is checked against
//! the sha256 in its name before its first use; a file that does not match,
//! or two files for one id, make every value naming that id an SQL error.
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use squeeze_format::{CodecKind, Dictionary};

/// The directory's name inside the library's own directory.
pub const DIRECTORY: &str = "squeeze_dictionaries";
/// The limits file inside [`DIRECTORY`] (`max_value_size = <bytes>`).
pub const LIMITS_FILE: &str = "limits.conf";
/// `codec.max_value_size`'s default: the cap without a limits file.
pub const DEFAULT_MAX_VALUE_SIZE: usize = 64 << 20;
/// Larger files are refused unread (squeeze trains 110 KiB dictionaries).
const MAX_DICTIONARY_FILE: u64 = 16 << 20;

/// `<id>-<sha256>.dict`.
pub fn file_name(id: u32, sha256: &str) -> String {
    format!("{id}-{}.dict", sha256.to_ascii_lowercase())
}

/// The id and sha256 a dictionary file's name states.
pub fn parse_file_name(name: &str) -> Option<(u32, String)> {
    let stem = name.strip_suffix(".dict")?;
    let (id, sha) = stem.split_once('-')?;
    let id: u32 = id.parse().ok().filter(|&i| i > 0)?;
    (sha.len() == 64 && sha.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| (id, sha.to_ascii_lowercase()))
}

/// Lowercase hex sha256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(bytes))
}

/// Each dictionary file's id and its verified sha256, or why not.
pub type Listing = Vec<(u32, Result<String, String>)>;

/// One dictionary directory, its dictionaries loaded on first use.
pub struct Store {
    dir: PathBuf,
    max_value_size: usize,
    loaded: Mutex<HashMap<u32, Arc<Dictionary>>>,
}

impl Store {
    /// The store in `dir` (which may not exist: every dictionary is then
    /// unknown, values without a dictionary still inflate).
    pub fn open(dir: &Path) -> Store {
        Store {
            dir: dir.to_path_buf(),
            max_value_size: read_max_value_size(&dir.join(LIMITS_FILE)),
            loaded: Mutex::new(HashMap::new()),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The largest document a value may declare.
    pub fn max_value_size(&self) -> usize {
        self.max_value_size
    }

    /// Dictionary `id`, verified; why not, naming the file.
    pub fn get(&self, id: u32) -> Result<Arc<Dictionary>, String> {
        let mut loaded = self.loaded.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(d) = loaded.get(&id) {
            return Ok(d.clone());
        }
        let files: Vec<(String, String)> = self
            .files()?
            .into_iter()
            .filter(|(i, _, _)| *i == id)
            .map(|(_, sha, name)| (sha, name))
            .collect();
        let (sha, name) = match files.as_slice() {
            [] => {
                return Err(format!(
                    "dictionary {id} is not installed in {} (run `squeeze udf install`)",
                    self.dir.display()
                ))
            }
            [one] => one.clone(),
            _ => {
                return Err(format!(
                    "{} holds {} files for dictionary {id}; remove all but the one `squeeze udf install` wrote",
                    self.dir.display(),
                    files.len()
                ))
            }
        };
        let bytes = read_verified(&self.dir.join(&name), &sha)?;
        squeeze_format::dictionary::check_content(&bytes).map_err(|e| format!("{name}: {e}"))?;
        let d = Arc::new(Dictionary::new(id, String::new(), CodecKind::Zstd, bytes));
        loaded.insert(id, d.clone());
        Ok(d)
    }

    /// Every dictionary file's id and, when its content matches its name,
    /// its sha256 (else why not), by id.
    pub fn listing(&self) -> Result<Listing, String> {
        let mut out: Vec<_> = self
            .files()?
            .into_iter()
            .map(|(id, sha, name)| {
                let checked = read_verified(&self.dir.join(&name), &sha).map(|_| sha);
                (id, checked)
            })
            .collect();
        out.sort_by_key(|a| a.0);
        Ok(out)
    }

    /// `(id, sha256, file name)` of every well-named file.
    fn files(&self) -> Result<Vec<(u32, String, String)>, String> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(format!("{}: {e}", self.dir.display())),
        };
        let mut out = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some((id, sha)) = parse_file_name(&name) {
                out.push((id, sha, name));
            }
        }
        Ok(out)
    }
}

/// A file's bytes when they hash to `sha256`.
fn read_verified(path: &Path, sha256: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut bytes = Vec::new();
    f.take(MAX_DICTIONARY_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.len() as u64 > MAX_DICTIONARY_FILE {
        return Err(format!(
            "{}: larger than {MAX_DICTIONARY_FILE} bytes",
            path.display()
        ));
    }
    let actual = sha256_hex(&bytes);
    if actual != sha256 {
        return Err(format!(
            "{}: content hashes to sha256 {actual}, not the {sha256} its name and the store give",
            path.display()
        ));
    }
    Ok(bytes)
}

/// `max_value_size = N` from the limits file; the default when absent or
/// unreadable (a cap is always in force).
fn read_max_value_size(path: &Path) -> usize {
    let Ok(text) = std::fs::read_to_string(path) else {
        return DEFAULT_MAX_VALUE_SIZE;
    };
    text.lines()
        .filter_map(|l| l.split_once('='))
        .find(|(k, _)| k.trim() == "max_value_size")
        .and_then(|(_, v)| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(DEFAULT_MAX_VALUE_SIZE)
}

/// The text of a limits file for `max_value_size`.
pub fn limits_text(max_value_size: usize) -> String {
    format!("# written by `squeeze udf install`: codec.max_value_size\nmax_value_size = {max_value_size}\n")
}

/// The store next to the library this code was loaded from.
pub fn beside_library() -> &'static Store {
    static STORE: std::sync::OnceLock<Store> = std::sync::OnceLock::new();
    STORE.get_or_init(|| {
        let dir = library_dir().unwrap_or_default().join(DIRECTORY);
        Store::open(&dir)
    })
}

/// The directory of the shared object holding this function.
fn library_dir() -> Option<PathBuf> {
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    let addr = library_dir as *const () as *const libc::c_void;
    // SAFETY: dladdr fills `info` for an address inside a loaded object.
    if unsafe { libc::dladdr(addr, &mut info) } == 0 || info.dli_fname.is_null() {
        return None;
    }
    let path = unsafe { std::ffi::CStr::from_ptr(info.dli_fname) };
    let path = PathBuf::from(std::ffi::OsStr::new(
        std::str::from_utf8(path.to_bytes()).ok()?,
    ));
    path.parent().map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_states_a_nonzero_id_and_a_full_sha256() {
        let sha = sha256_hex(b"x");
        assert_eq!(parse_file_name(&file_name(7, &sha)), Some((7, sha.clone())));
        assert_eq!(parse_file_name(&format!("0-{sha}.dict")), None);
        assert_eq!(parse_file_name(&format!("7-{}.dict", &sha[1..])), None);
        assert_eq!(parse_file_name("7-zz.dict"), None);
        assert_eq!(parse_file_name(&format!("7-{sha}.tmp")), None);
    }

    #[test]
    fn a_dictionary_whose_bytes_do_not_match_its_name_is_never_used() {
        let dir = std::env::temp_dir().join(format!("squeeze-udf-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = b"raw dictionary content".to_vec();
        std::fs::write(dir.join(file_name(1, &sha256_hex(&good))), &good).unwrap();
        std::fs::write(dir.join(file_name(2, &sha256_hex(b"other"))), b"tampered").unwrap();
        std::fs::write(dir.join(LIMITS_FILE), limits_text(4096)).unwrap();
        let store = Store::open(&dir);
        assert_eq!(store.max_value_size(), 4096);
        assert_eq!(store.get(1).unwrap().bytes(), &good[..]);
        let err = store.get(2).unwrap_err();
        assert!(err.contains("hashes to sha256"), "{err}");
        assert!(store.get(3).unwrap_err().contains("not installed"));
        let listing = store.listing().unwrap();
        assert_eq!(listing.len(), 2);
        assert!(listing[0].1.is_ok() && listing[1].1.is_err());
        // Two files for one id: neither is chosen.
        std::fs::write(dir.join(file_name(3, &sha256_hex(b"a"))), b"a").unwrap();
        std::fs::write(dir.join(file_name(3, &sha256_hex(b"b"))), b"b").unwrap();
        assert!(store.get(3).unwrap_err().contains("2 files"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
