//! squeeze's in-server function library on each shard (`udf/`): what this
//! build expects of it, what a shard has, and whether statements may let
//! the server evaluate compressed values (`sql::query::server_eval`).
//!
//! A shard is used only when all three functions answer, the library's
//! version is exactly this build's [`IN_SERVER_VERSION`], and every
//! dictionary squeeze knows is installed with the sha256 squeeze has for
//! it; anything else is reported (`squeeze udf status`, `/backends`,
//! `check-config --connect`) and the shard keeps squeeze's own evaluator.
//!
//! Pure except [`probe`] (one statement on squeeze's own connection) and
//! the process-wide table the watcher fills.
use std::collections::{BTreeMap, HashMap};
use std::sync::{LazyLock, RwLock};

pub mod install;
pub mod watch;

pub use squeeze_format::IN_SERVER_VERSION;

/// The functions `squeeze udf install` creates, in order.
pub const FUNCTIONS: [&str; 4] = [
    "squeeze_inflate",
    "squeeze_deflate",
    "squeeze_udf_version",
    "squeeze_udf_dictionaries",
];
/// The library's file name in `@@plugin_dir`.
pub const LIBRARY_FILE: &str = "squeeze_udf.so";
/// The file cargo builds (next to the `squeeze` executable).
pub const BUILT_LIBRARY: &str = "libsqueeze_udf.so";
/// The schema holding the typed stored function over `squeeze_inflate`
/// (`sql::query::server_eval::TYPED_FUNCTION`); EXECUTE on it is granted
/// to PUBLIC, and it holds nothing else.
pub const FUNCTION_SCHEMA: &str = "squeeze_fn";
/// The statement that reads a shard's state (every function named, so a
/// missing one is ERR 1305, one the account may not run ERR 1370).
pub const PROBE_SQL: &str = "SELECT squeeze_udf_version(), squeeze_udf_dictionaries(), squeeze_inflate(NULL) IS NULL, squeeze_fn.document(NULL) IS NULL AND squeeze_deflate(NULL, '1', '3', '0', '64') IS NULL AND squeeze_fn.copy_value(NULL, 0, '') IS NULL";
/// ER_SP_DOES_NOT_EXIST: "FUNCTION x does not exist".
pub const NO_SUCH_FUNCTION: u16 = 1305;

/// A shard's in-server library, as last seen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum State {
    /// Not probed yet (or server evaluation is off).
    Unknown,
    /// Functions missing: `squeeze udf install` has not run here.
    Absent(String),
    /// Present, this build's version, every dictionary verified: used.
    Ready,
    /// Another build's library: never used.
    Mismatch { found: String },
    /// Dictionaries missing or not matching the store: not used.
    Incomplete(String),
    /// The shard could not be asked.
    Unreachable(String),
}

impl State {
    pub fn is_ready(&self) -> bool {
        *self == State::Ready
    }

    /// One line for `/backends` and `squeeze udf status`.
    pub fn describe(&self) -> String {
        match self {
            State::Unknown => "not checked".into(),
            State::Absent(why) => format!("not installed ({why}); run `squeeze udf install`"),
            State::Ready => format!("ready ({IN_SERVER_VERSION})"),
            State::Mismatch { found } => format!(
                "version mismatch: the shard has {found:?}, this squeeze needs {IN_SERVER_VERSION:?}; run `squeeze udf install` (not used until then)"
            ),
            State::Incomplete(why) => format!("{why}; run `squeeze udf install` (not used until then)"),
            State::Unreachable(why) => format!("not checked: {why}"),
        }
    }

    /// Stable label (metrics, JSON).
    pub fn label(&self) -> &'static str {
        match self {
            State::Unknown => "unknown",
            State::Absent(_) => "absent",
            State::Ready => "ready",
            State::Mismatch { .. } => "mismatch",
            State::Incomplete(_) => "incomplete",
            State::Unreachable(_) => "unreachable",
        }
    }
}

/// What `squeeze_udf_dictionaries()` lists: id → sha256, or why the file
/// is unusable.
pub type Listing = BTreeMap<u32, Result<String, String>>;

/// Parses `squeeze_udf_dictionaries()`'s answer (`id:sha,...;key=value...`).
pub fn parse_listing(text: &str) -> Listing {
    let items = text.split(';').next().unwrap_or_default();
    items
        .split(',')
        .filter(|s| !s.is_empty())
        .filter_map(|item| {
            let (id, sha) = item.split_once(':')?;
            let id: u32 = id.trim().parse().ok()?;
            let sha = sha.trim();
            let ok = sha.len() == 64 && sha.bytes().all(|b| b.is_ascii_hexdigit());
            Some((
                id,
                if ok {
                    Ok(sha.to_ascii_lowercase())
                } else {
                    Err(sha.to_string())
                },
            ))
        })
        .collect()
}

/// The shard's state from its answer to [`PROBE_SQL`] and the
/// dictionaries squeeze knows (id → sha256).
pub fn judge(version: &str, listing: &str, expected: &BTreeMap<u32, String>) -> State {
    if version != IN_SERVER_VERSION {
        return State::Mismatch {
            found: version.chars().take(120).collect(),
        };
    }
    let found = parse_listing(listing);
    let mut missing = Vec::new();
    let mut differs = Vec::new();
    for (id, sha) in expected {
        match found.get(id) {
            None => missing.push(id.to_string()),
            Some(Ok(s)) if s.eq_ignore_ascii_case(sha) => {}
            Some(_) => differs.push(id.to_string()),
        }
    }
    if missing.is_empty() && differs.is_empty() {
        return State::Ready;
    }
    let mut why = Vec::new();
    if !missing.is_empty() {
        why.push(format!(
            "dictionaries {} are not installed",
            missing.join(", ")
        ));
    }
    if !differs.is_empty() {
        why.push(format!(
            "dictionaries {} are installed with other bytes than the store's (sha256 differs, or the file is unreadable)",
            differs.join(", ")
        ));
    }
    State::Incomplete(why.join("; "))
}

/// Each shard's state, by shard name (filled by [`watch`]).
static STATES: LazyLock<RwLock<HashMap<String, State>>> = LazyLock::new(Default::default);

/// Records `shard`'s state.
pub fn set_state(shard: &str, state: State) {
    let mut m = STATES.write().unwrap_or_else(|e| e.into_inner());
    if m.get(shard) != Some(&state) {
        tracing::info!(
            shard,
            state = state.label(),
            "in-server function: {}",
            state.describe()
        );
    }
    m.insert(shard.to_string(), state);
}

/// `shard`'s last known state.
pub fn state(shard: &str) -> State {
    STATES
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .get(shard)
        .cloned()
        .unwrap_or(State::Unknown)
}

/// A statement's ERR from `shard`: the functions were dropped (ERR 1305)
/// or `squeeze_fn` may no longer be executed (ERR 1370) since the last
/// probe. The shard stops being used at once (the next probe says whether
/// they are back); the statement's client got the server's error.
pub fn note_server_error(shard: &str, code: u16, message: &str) {
    if !(code == NO_SUCH_FUNCTION || code == 1370) || !ready(shard) {
        return;
    }
    let ours = FUNCTIONS.iter().any(|f| message.contains(f)) || message.contains(FUNCTION_SCHEMA);
    if ours {
        set_state(
            shard,
            State::Absent(format!(
                "a statement found them gone: ERROR {code}: {message}"
            )),
        );
    }
}

/// Whether statements to `shard` may let the server evaluate.
pub fn ready(shard: &str) -> bool {
    STATES
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .get(shard)
        .is_some_and(State::is_ready)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sha(c: char) -> String {
        std::iter::repeat_n(c, 64).collect()
    }

    #[test]
    fn a_shard_is_ready_only_with_this_version_and_every_dictionary_verified() {
        let expected: BTreeMap<u32, String> = [(1, sha('a')), (2, sha('b'))].into();
        let listing = format!(
            "1:{},2:{},9:{};max_value_size=64;dir=/x",
            sha('a'),
            sha('b'),
            sha('c')
        );
        assert_eq!(judge(IN_SERVER_VERSION, &listing, &expected), State::Ready);
        assert!(matches!(
            judge("squeeze-udf 0.0.9; format 1; abi 0", &listing, &expected),
            State::Mismatch { .. }
        ));
        let missing = format!("1:{};dir=/x", sha('a'));
        assert!(
            matches!(judge(IN_SERVER_VERSION, &missing, &expected), State::Incomplete(w) if w.contains("2 are not installed"))
        );
        let other = format!("1:{},2:unreadable", sha('a'));
        assert!(
            matches!(judge(IN_SERVER_VERSION, &other, &expected), State::Incomplete(w) if w.contains("other bytes"))
        );
        let wrong = format!("1:{},2:{}", sha('a'), sha('d'));
        assert!(!judge(IN_SERVER_VERSION, &wrong, &expected).is_ready());
    }

    #[test]
    fn a_statement_that_finds_the_functions_dropped_stops_their_use() {
        set_state("unit-shard-c", State::Ready);
        note_server_error("unit-shard-c", 1305, "FUNCTION app.other does not exist");
        assert!(
            ready("unit-shard-c"),
            "another function's error changes nothing"
        );
        note_server_error(
            "unit-shard-c",
            1305,
            "FUNCTION squeeze_fn.document does not exist",
        );
        assert!(!ready("unit-shard-c"));
    }

    #[test]
    fn only_a_ready_shard_is_used() {
        set_state("unit-shard-a", State::Ready);
        set_state("unit-shard-b", State::Absent("ERROR 1305".into()));
        assert!(ready("unit-shard-a"));
        assert!(!ready("unit-shard-b"));
        assert!(!ready("unit-shard-never-seen"));
    }
}
