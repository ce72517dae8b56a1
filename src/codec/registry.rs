//! The dictionary directory: `manifest.toml` plus one file per dictionary.
//!
//! Ids are assigned once (max existing + 1) and never reused or deleted: any
//! stored row may reference them forever.
//!
//! Besides the directory, a process-wide table holds the dictionaries
//! learned from the metadata store on the shards (`crate::meta`): ids are
//! fleet-unique and a stored dictionary never changes, so one table serves
//! every registry the process builds (SIGHUP reloads included). A registry
//! consults it only when its own directory lacks the id. A lookup never
//! waits: on a miss the session awaits `fetch_missing` (the store's
//! loader asks the shards once) and presents the row again.
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, OnceLock, RwLock};

use serde::{Deserialize, Serialize};

use super::dictionary::Dictionary;
use super::error::RegistryError;
use super::CodecKind;

pub const MANIFEST_FILE: &str = "manifest.toml";

/// One `[[dictionary]]` table of the manifest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ManifestEntry {
    pub id: u32,
    pub name: String,
    /// Codec the dictionary was trained and measured for.
    pub codec: String,
    /// File name inside the directory.
    pub file: String,
    /// RFC 3339 UTC time of training.
    pub created: String,
    /// `table.column` or file the samples came from.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
    /// Documents used for training.
    pub samples: u64,
    /// Held-out documents the ratio was measured on.
    #[serde(default)]
    pub holdout_samples: u64,
    /// Level the ratio was measured at.
    pub level: i32,
    /// raw bytes / stored bytes (headers included) on the held-out documents.
    pub ratio: f64,
    /// Dictionary file size in bytes.
    pub size: u64,
    /// crc32 of the dictionary file, 8 lowercase hex digits.
    pub crc32: String,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Manifest {
    #[serde(default, rename = "dictionary")]
    dictionaries: Vec<ManifestEntry>,
}

/// All dictionaries of a directory, by id. Cheap to share behind an `Arc`.
#[derive(Debug, Default)]
pub struct DictionaryRegistry {
    by_id: HashMap<u32, Arc<Dictionary>>,
    entries: Vec<ManifestEntry>,
}

impl squeeze_format::DictionaryLookup for DictionaryRegistry {
    fn dictionary(&self, id: u32) -> Option<&Dictionary> {
        self.get(id).map(|d| &**d)
    }
}

impl DictionaryRegistry {
    /// A registry with no dictionaries (values can still use dictionary id 0).
    pub fn empty() -> Self {
        Self::default()
    }

    /// Loads and validates `dir/manifest.toml` and every dictionary file it lists.
    pub fn load_dir(dir: impl AsRef<Path>) -> Result<Self, RegistryError> {
        let dir = dir.as_ref();
        let manifest_path = dir.join(MANIFEST_FILE);
        let manifest = read_manifest(&manifest_path)?;
        let mut reg = DictionaryRegistry::empty();
        for entry in manifest.dictionaries {
            let bad = |message: String| RegistryError::Entry {
                path: manifest_path.clone(),
                id: entry.id,
                message,
            };
            if entry.id == 0 {
                return Err(bad("id 0 is reserved for \"no dictionary\"".into()));
            }
            if reg.by_id.contains_key(&entry.id) {
                return Err(bad("duplicate id".into()));
            }
            if entry.name.trim().is_empty() {
                return Err(bad("empty name".into()));
            }
            let codec: CodecKind = entry.codec.parse().map_err(bad)?;
            if !is_plain_file_name(&entry.file) {
                return Err(bad(format!(
                    "file {:?} must be a plain file name inside the directory",
                    entry.file
                )));
            }
            let file_path = dir.join(&entry.file);
            let bytes = std::fs::read(&file_path).map_err(|source| RegistryError::Io {
                path: file_path.clone(),
                source,
            })?;
            let file_bad = |message: String| RegistryError::Entry {
                path: file_path.clone(),
                id: entry.id,
                message,
            };
            if bytes.is_empty() {
                return Err(file_bad("dictionary file is empty".into()));
            }
            if bytes.len() as u64 != entry.size {
                return Err(file_bad(format!(
                    "size is {} bytes, manifest says {}",
                    bytes.len(),
                    entry.size
                )));
            }
            let crc = crc32_hex(&bytes);
            if !crc.eq_ignore_ascii_case(&entry.crc32) {
                return Err(file_bad(format!(
                    "crc32 is {crc}, manifest says {}",
                    entry.crc32
                )));
            }
            super::dictionary::check_content(&bytes).map_err(file_bad)?;
            let dict = Dictionary::new(entry.id, entry.name.clone(), codec, bytes);
            if codec == CodecKind::Zstd {
                // Prepare now so the first read of a row does not pay for it.
                dict.zstd_ddict();
            }
            reg.by_id.insert(entry.id, Arc::new(dict));
            reg.entries.push(entry);
        }
        Ok(reg)
    }

    /// Adds an in-memory dictionary (tests, benchmarks, evaluation).
    pub fn insert(&mut self, dict: Dictionary) -> Arc<Dictionary> {
        let d = Arc::new(dict);
        self.by_id.insert(d.id, d.clone());
        d
    }

    pub fn get(&self, id: u32) -> Option<&Arc<Dictionary>> {
        // A reference, not a clone: every inflated value looks its
        // dictionary up, and a shared refcount bounces between the cores.
        if let Some(d) = self.by_id.get(&id) {
            return Some(d);
        }
        if let Some(d) = stored_get(id) {
            return Some(d);
        }
        // An id written by another squeeze since the last poll is an
        // error here; the session awaits `fetch_missing` and retries the
        // row (a blocking wait here would stall every session of the
        // worker thread).
        None
    }

    /// The newest (highest id) dictionary called `name`, from the
    /// directory or the metadata store (the directory's own id wins where
    /// both hold one: it is what this process was configured with).
    pub fn latest_by_name(&self, name: &str) -> Option<Arc<Dictionary>> {
        let stored = stored_all();
        self.by_id
            .values()
            .chain(stored.iter().filter(|d| !self.by_id.contains_key(&d.id)))
            .filter(|d| d.name == name)
            .max_by_key(|d| d.id)
            .cloned()
    }

    /// Every dictionary name this registry can resolve, sorted, deduplicated.
    pub fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .by_id
            .values()
            .chain(stored_all().iter())
            .map(|d| d.name.clone())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// Manifest entries, in manifest order.
    pub fn entries(&self) -> &[ManifestEntry] {
        &self.entries
    }

    /// Dictionaries sorted by id.
    pub fn dictionaries(&self) -> Vec<Arc<Dictionary>> {
        let mut v: Vec<_> = self.by_id.values().cloned().collect();
        v.sort_by_key(|d| d.id);
        v
    }

    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}

/// Dictionaries learned from the metadata store, by id. Leaked once each:
/// a stored dictionary is immutable and never deleted while a row may
/// reference it, and `get` hands out plain references on the read path.
static STORED: LazyLock<RwLock<HashMap<u32, &'static Arc<Dictionary>>>> =
    LazyLock::new(Default::default);

/// Called with an id no registry knows; its future resolves once the
/// store was asked (or the fetcher gave up waiting).
type MissFetch = Box<dyn Fn(u32) -> BoxFuture + Send + Sync>;
pub type BoxFuture = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;
static MISS_FETCH: OnceLock<MissFetch> = OnceLock::new();

fn stored_get(id: u32) -> Option<&'static Arc<Dictionary>> {
    STORED.read().ok()?.get(&id).copied()
}

/// Every dictionary learned from the metadata store.
pub fn stored_all() -> Vec<Arc<Dictionary>> {
    STORED
        .read()
        .map(|m| m.values().map(|d| Arc::clone(d)).collect())
        .unwrap_or_default()
}

/// The sha256 (lowercase hex) of every dictionary id this process has
/// used: an id's bytes never change, so a copy with other bytes (a store
/// row edited in place, a directory file replaced) is refused wherever it
/// comes from. Filled from the local pin file too (`meta::pins`).
static PINS: LazyLock<RwLock<HashMap<u32, String>>> = LazyLock::new(Default::default);

/// A dictionary whose bytes differ from the ones pinned for its id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PinConflict {
    pub id: u32,
    pub pinned: String,
    pub found: String,
}

impl std::fmt::Display for PinConflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "dictionary {} has changed: its bytes hash to sha256 {}, but this squeeze pinned {} for that id when it first used it. \
             A dictionary id never changes meaning: put the original row back, or publish the new content under a new id (`squeeze dict publish --new-id`)",
            self.id, self.found, self.pinned
        )
    }
}

/// Pins `sha256` (lowercase hex) for `id`. `Ok(true)`: newly pinned;
/// `Ok(false)`: already pinned with the same hash.
pub fn pin(id: u32, sha256: &str) -> Result<bool, PinConflict> {
    let sha = sha256.to_ascii_lowercase();
    let Ok(mut pins) = PINS.write() else {
        return Ok(false);
    };
    match pins.get(&id) {
        Some(p) if *p == sha => Ok(false),
        Some(p) => Err(PinConflict {
            id,
            pinned: p.clone(),
            found: sha,
        }),
        None => {
            pins.insert(id, sha);
            Ok(true)
        }
    }
}

/// The hash pinned for `id`, if any.
pub fn pinned(id: u32) -> Option<String> {
    PINS.read().ok()?.get(&id).cloned()
}

/// Lowercase hex sha256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(bytes))
}

/// Adds a dictionary read from the metadata store to the process-wide
/// table. `Ok(false)` when the id is already there (ids never change
/// meaning, so the first copy stays); `Err` when its bytes differ from
/// the ones pinned for the id (nothing is added). Callers check the row
/// first (`StoredDictionary::check`); content zstd refuses is not added
/// here either, so no lookup can meet it.
pub fn add_stored(dict: Dictionary) -> Result<bool, PinConflict> {
    if super::dictionary::check_content(dict.bytes()).is_err() {
        return Ok(false);
    }
    let Ok(mut map) = STORED.write() else {
        return Ok(false);
    };
    pin(dict.id, &sha256_hex(dict.bytes()))?;
    if map.contains_key(&dict.id) {
        return Ok(false);
    }
    if dict.codec == CodecKind::Zstd {
        dict.zstd_ddict();
    }
    let id = dict.id;
    map.insert(id, Box::leak(Box::new(Arc::new(dict))));
    Ok(true)
}

/// Ids of the dictionaries learned from the metadata store, sorted.
pub fn stored_ids() -> Vec<u32> {
    let mut v: Vec<u32> = STORED
        .read()
        .map(|m| m.keys().copied().collect())
        .unwrap_or_default();
    v.sort_unstable();
    v
}

/// Installs the function asked for an unknown id (once per process; the
/// proxy's store loader). Later calls are ignored.
pub fn set_miss_fetch(fetch: impl Fn(u32) -> BoxFuture + Send + Sync + 'static) {
    let _ = MISS_FETCH.set(Box::new(fetch));
}

/// Asks the metadata store for `id`, which no registry holds (a row
/// written by another squeeze since the last poll); resolves once the
/// store answered or the fetcher stopped waiting (at once in processes
/// without a store loader).
pub async fn fetch_missing(id: u32) {
    if let Some(fetch) = MISS_FETCH.get() {
        fetch(id).await;
    }
}

/// Writes a dictionary with an id already assigned (by the fleet's
/// metadata store, for `dict export`). An entry with the same id and the
/// same bytes is left alone; the same id with other bytes is refused.
pub fn write_dictionary_with_id(
    dir: &Path,
    mut entry: ManifestEntry,
    bytes: &[u8],
) -> Result<bool, RegistryError> {
    let manifest_path = dir.join(MANIFEST_FILE);
    if manifest_path.exists() {
        let manifest = read_manifest(&manifest_path)?;
        if let Some(e) = manifest.dictionaries.iter().find(|e| e.id == entry.id) {
            if e.crc32 == crc32_hex(bytes) && e.size == bytes.len() as u64 {
                return Ok(false);
            }
            return Err(RegistryError::Entry {
                path: manifest_path,
                id: entry.id,
                message: "the directory holds another dictionary with this id".into(),
            });
        }
    }
    let id = entry.id;
    entry.id = 0;
    write_entry(dir, entry, bytes, Some(id))?;
    Ok(true)
}

/// Writes a new dictionary into `dir` (created if missing) and appends its
/// manifest entry. `entry.id`, `file`, `size` and `crc32` are filled in here:
/// the id is the highest id in the manifest + 1. Returns the final entry.
pub fn add_dictionary(
    dir: &Path,
    entry: ManifestEntry,
    bytes: &[u8],
) -> Result<ManifestEntry, RegistryError> {
    write_entry(dir, entry, bytes, None)
}

fn write_entry(
    dir: &Path,
    mut entry: ManifestEntry,
    bytes: &[u8],
    id: Option<u32>,
) -> Result<ManifestEntry, RegistryError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| RegistryError::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let manifest_path = dir.join(MANIFEST_FILE);
    let mut manifest = if manifest_path.exists() {
        read_manifest(&manifest_path)?
    } else {
        Manifest::default()
    };
    entry.id = id.unwrap_or_else(|| {
        manifest
            .dictionaries
            .iter()
            .map(|e| e.id)
            .max()
            .unwrap_or(0)
            + 1
    });
    entry.file = format!("{:04}-{}.dict", entry.id, sanitize(&entry.name));
    entry.size = bytes.len() as u64;
    entry.crc32 = crc32_hex(bytes);
    let file_path = dir.join(&entry.file);
    if file_path.exists() {
        return Err(RegistryError::Entry {
            path: file_path,
            id: entry.id,
            message: "refusing to overwrite an existing dictionary file".into(),
        });
    }
    std::fs::write(&file_path, bytes).map_err(io(&file_path))?;
    manifest.dictionaries.push(entry.clone());
    let text = toml::to_string_pretty(&manifest).map_err(|e| RegistryError::Manifest {
        path: manifest_path.clone(),
        message: e.to_string(),
    })?;
    let text = format!(
        "# squeeze dictionaries. Ids are never reused and entries never deleted:\n\
         # stored rows reference them forever. Written by `squeeze dict train`.\n\n{text}"
    );
    // Write-then-rename so a crash never leaves a half-written manifest.
    let tmp = dir.join(format!(".{MANIFEST_FILE}.tmp"));
    std::fs::write(&tmp, text).map_err(io(&tmp))?;
    std::fs::rename(&tmp, &manifest_path).map_err(io(&manifest_path))?;
    Ok(entry)
}

fn read_manifest(path: &PathBuf) -> Result<Manifest, RegistryError> {
    let text = std::fs::read_to_string(path).map_err(|source| RegistryError::Io {
        path: path.clone(),
        source,
    })?;
    toml::from_str(&text).map_err(|e| RegistryError::Manifest {
        path: path.clone(),
        message: e.to_string(),
    })
}

pub fn crc32_hex(bytes: &[u8]) -> String {
    format!("{:08x}", crc32fast::hash(bytes))
}

fn is_plain_file_name(name: &str) -> bool {
    !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains(['/', '\\'])
        && name != MANIFEST_FILE
}

fn sanitize(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Current time as RFC 3339 UTC, e.g. `2025-11-22T13:50:00Z` (no date crate needed).
pub fn now_rfc3339() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str) -> ManifestEntry {
        ManifestEntry {
            id: 0,
            name: name.into(),
            codec: "zstd".into(),
            file: String::new(),
            created: now_rfc3339(),
            source: String::new(),
            samples: 1,
            holdout_samples: 1,
            level: 3,
            ratio: 1.0,
            size: 0,
            crc32: String::new(),
        }
    }

    #[test]
    fn add_then_load_assigns_increasing_ids() {
        let dir = tempfile::tempdir().unwrap();
        let a = add_dictionary(dir.path(), entry("a"), b"first dictionary").unwrap();
        let b = add_dictionary(dir.path(), entry("a"), b"second dictionary").unwrap();
        assert_eq!((a.id, b.id), (1, 2));
        let reg = DictionaryRegistry::load_dir(dir.path()).unwrap();
        assert_eq!(reg.len(), 2);
        assert_eq!(reg.latest_by_name("a").unwrap().id, 2);
        assert_eq!(reg.get(1).unwrap().bytes(), b"first dictionary");
        assert!(reg.get(3).is_none());
    }

    #[test]
    fn validation_errors_name_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let e = add_dictionary(dir.path(), entry("x"), b"dictionary bytes").unwrap();
        std::fs::write(dir.path().join(&e.file), b"dictionary bytez").unwrap();
        let err = DictionaryRegistry::load_dir(dir.path())
            .unwrap_err()
            .to_string();
        assert!(err.contains(&e.file) && err.contains("crc32"), "{err}");

        std::fs::remove_file(dir.path().join(&e.file)).unwrap();
        let err = DictionaryRegistry::load_dir(dir.path())
            .unwrap_err()
            .to_string();
        assert!(err.contains(&e.file), "{err}");

        std::fs::write(dir.path().join(&e.file), b"dictionary bytes").unwrap();
        let m = dir.path().join(MANIFEST_FILE);
        let text = std::fs::read_to_string(&m).unwrap();
        std::fs::write(&m, format!("{text}\n{text}")).unwrap();
        let err = DictionaryRegistry::load_dir(dir.path())
            .unwrap_err()
            .to_string();
        assert!(err.contains("manifest.toml"), "{err}");

        std::fs::write(&m, "[[dictionary]]\nid = 1\n").unwrap();
        let err = DictionaryRegistry::load_dir(dir.path())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("manifest.toml") && err.contains("missing field"),
            "{err}"
        );

        let err = DictionaryRegistry::load_dir(dir.path().join("nope"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("nope/manifest.toml"), "{err}");
    }

    #[test]
    fn timestamps_are_utc_rfc3339_to_the_second() {
        let t = now_rfc3339();
        assert_eq!(t.len(), 20, "{t}");
        assert!(t.starts_with("20") && t.ends_with('Z'));
    }
}
