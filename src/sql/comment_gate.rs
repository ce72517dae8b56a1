//! Which version comments (`/*!NNNNN ...*/`, MariaDB's `/*M!NNNNNN ...*/`)
//! the backend executes: decided by the server's product and version from
//! its handshake, exactly as its own lexer decides, never guessed.
//!
//! * MariaDB runs `/*!` and `/*M!` without a number; with one (5 digits, or
//!   6 when a sixth follows) it runs the content when that version is not
//!   newer than its own, except that plain `/*!` comments of MySQL 5.7+
//!   versions (50700..=99999) are skipped (only `/*M!` runs them). A
//!   skipped comment may hold one nested `/* */`.
//! * MySQL runs `/*!` up to its version and ignores `/*M!`.
//! * TiDB runs every `/*!` whatever its number (it skips five digits) and
//!   ignores `/*M!`.
//!
//! The fleet's servers are process-wide facts: every backend login records
//! its version here, and the lexer consults the gate only when it meets a
//! `/*!`, so ordinary statements pay nothing.

use parking_lot::RwLock;

/// A backend's product and version (`major*10000 + minor*100 + patch`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Dialect {
    MariaDb(u32),
    MySql(u32),
    TiDb,
}

impl Dialect {
    /// From a handshake's server version string (`10.11.6-MariaDB-log`,
    /// `5.5.5-10.11.6-MariaDB`, `8.0.35`, `8.0.11-TiDB-v7.5.0`).
    pub fn of_server_version(v: &[u8]) -> Dialect {
        let s = String::from_utf8_lossy(v);
        if s.contains("TiDB") {
            return Dialect::TiDb;
        }
        let mariadb = s.contains("MariaDB");
        let s = if mariadb {
            s.strip_prefix("5.5.5-").unwrap_or(&s)
        } else {
            &s
        };
        let mut parts = s
            .split(|c: char| !c.is_ascii_digit())
            .take(3)
            .map(|p| p.parse::<u32>().unwrap_or(0));
        let (a, b, c) = (
            parts.next().unwrap_or(0),
            parts.next().unwrap_or(0),
            parts.next().unwrap_or(0),
        );
        let n = a.min(99) * 10000 + b.min(99) * 100 + c.min(99);
        if mariadb {
            Dialect::MariaDb(n)
        } else {
            Dialect::MySql(n)
        }
    }

    /// How many version digits follow the opener in `after` (the bytes
    /// after `/*!` or `/*M!`): what this server's lexer consumes.
    pub fn version_digits(self, after: &[u8]) -> usize {
        let run = after.iter().take_while(|b| b.is_ascii_digit()).count();
        match self {
            Dialect::TiDb if run >= 5 => 5,
            Dialect::TiDb => 0,
            _ if run >= 6 => 6,
            _ if run == 5 => 5,
            _ => 0,
        }
    }

    /// Does the server run the content of this comment?
    pub fn runs(self, mariadb_marker: bool, version: Option<u32>) -> bool {
        match self {
            Dialect::MariaDb(server) => version
                .is_none_or(|n| n <= server && (!(50700..=99999).contains(&n) || mariadb_marker)),
            Dialect::MySql(server) => !mariadb_marker && version.is_none_or(|n| n <= server),
            Dialect::TiDb => !mariadb_marker,
        }
    }

    /// The fate of the comment opening `src` (at `/*`): `Some((runs,
    /// opener length))`, `None` when it is no version comment.
    pub fn fate(self, src: &[u8]) -> Option<(bool, usize)> {
        let (marker, open) = match src {
            [b'/', b'*', b'!', ..] => (false, 3),
            [b'/', b'*', b'M', b'!', ..] => (true, 4),
            _ => return None,
        };
        if marker && !matches!(self, Dialect::MariaDb(_)) {
            // Not a version comment to this server: a plain comment.
            return Some((false, open));
        }
        let digits = self.version_digits(&src[open..]);
        let version = (digits > 0)
            .then(|| {
                std::str::from_utf8(&src[open..open + digits])
                    .ok()?
                    .parse()
                    .ok()
            })
            .flatten();
        Some((self.runs(marker, version), open + digits))
    }
}

/// The servers a squeeze process has logged into (distinct dialects).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommentGate {
    seen: Vec<Dialect>,
}

impl CommentGate {
    pub fn of(dialects: &[Dialect]) -> Self {
        let mut g = CommentGate::default();
        for d in dialects {
            g.note(*d);
        }
        g
    }

    /// Record a server; true when it was new.
    pub fn note(&mut self, d: Dialect) -> bool {
        if self.seen.contains(&d) {
            return false;
        }
        self.seen.push(d);
        self.seen.sort_unstable();
        true
    }

    /// The comment opening `src` as the fleet reads it: `Some((runs,
    /// opener length))` from the first server (no server known yet: it
    /// runs, as squeeze read every version comment before).
    pub fn fate(&self, src: &[u8]) -> Option<(bool, usize)> {
        match self.seen.first() {
            Some(d) => d.fate(src),
            None => Dialect::MariaDb(u32::MAX).fate(src).map(|(_, n)| (true, n)),
        }
    }

    /// Whether the servers disagree on the comment opening `src`.
    pub fn disagree(&self, src: &[u8]) -> bool {
        let mut fates = self.seen.iter().map(|d| d.fate(src));
        match fates.next() {
            Some(first) => fates.any(|f| f != first),
            None => false,
        }
    }

    /// The first version comment of `sql` the servers disagree on, as
    /// written (for the refusal).
    pub fn first_disagreement<'a>(&self, sql: &'a [u8]) -> Option<&'a [u8]> {
        if self.seen.len() < 2 {
            return None;
        }
        let mut at = 0;
        while let Some(off) = find(&sql[at..], b"/*") {
            let i = at + off;
            if self.disagree(&sql[i..]) {
                let end = sql[i..]
                    .iter()
                    .position(|b| b.is_ascii_whitespace())
                    .map_or(sql.len(), |e| i + e);
                return Some(&sql[i..end]);
            }
            at = i + 2;
        }
        None
    }

    pub fn servers(&self) -> &[Dialect] {
        &self.seen
    }
}

fn find(h: &[u8], n: &[u8]) -> Option<usize> {
    h.windows(n.len()).position(|w| w == n)
}

static GATE: RwLock<CommentGate> = RwLock::new(CommentGate { seen: Vec::new() });

/// Record the version string of a backend squeeze logged into.
pub fn note_server_version(version: &[u8]) {
    let d = Dialect::of_server_version(version);
    if GATE.read().seen.contains(&d) {
        return;
    }
    GATE.write().note(d);
}

/// The process-wide gate (a copy; read only at a `/*!`).
pub fn current() -> CommentGate {
    #[cfg(test)]
    if let Some(g) = TEST_GATE.with(|g| g.borrow().clone()) {
        return g;
    }
    GATE.read().clone()
}

#[cfg(test)]
thread_local! {
    static TEST_GATE: std::cell::RefCell<Option<CommentGate>> = const { std::cell::RefCell::new(None) };
}

/// Unit tests run each on its own thread: a test's servers stay its own.
#[cfg(test)]
pub fn set_for_this_test_thread(g: CommentGate) {
    TEST_GATE.with(|t| *t.borrow_mut() = Some(g));
}

#[cfg(test)]
mod tests {
    use super::*;

    const MARIA_10_11: Dialect = Dialect::MariaDb(101106);

    #[test]
    fn server_versions_name_the_product_and_version() {
        assert_eq!(
            Dialect::of_server_version(b"10.11.6-MariaDB-1:10.11.6+maria~ubu2204"),
            MARIA_10_11
        );
        assert_eq!(
            Dialect::of_server_version(b"5.5.5-10.6.16-MariaDB-log"),
            Dialect::MariaDb(100616)
        );
        assert_eq!(Dialect::of_server_version(b"8.0.35"), Dialect::MySql(80035));
        assert_eq!(
            Dialect::of_server_version(b"8.0.11-TiDB-v7.5.0"),
            Dialect::TiDb
        );
    }

    #[test]
    fn mariadb_10_11_skips_newer_and_mysql_57_comments_and_runs_the_rest() {
        let f = |s: &str| MARIA_10_11.fate(s.as_bytes());
        assert_eq!(f("/*!110000 x */"), Some((false, 9)));
        assert_eq!(f("/*M!110000 x */"), Some((false, 10)));
        assert_eq!(f("/*!100100 x */"), Some((true, 9)));
        assert_eq!(f("/*M!100100 x */"), Some((true, 10)));
        assert_eq!(f("/*!40101 x */"), Some((true, 8)));
        assert_eq!(f("/*!50700 x */"), Some((false, 8)), "MySQL 5.7 syntax");
        assert_eq!(f("/*!80000 x */"), Some((false, 8)));
        assert_eq!(f("/*M!50700 x */"), Some((true, 9)));
        assert_eq!(f("/*! x */"), Some((true, 3)));
        assert_eq!(f("/*M! x */"), Some((true, 4)));
        assert_eq!(f("/*!1234 x */"), Some((true, 3)), "four digits are code");
        assert_eq!(f("/*!1000001 */"), Some((true, 9)), "six digits at most");
        assert_eq!(f("/* x */"), None);
    }

    #[test]
    fn mysql_ignores_mariadb_comments_and_tidb_runs_every_bang_comment() {
        let my = Dialect::MySql(80035);
        assert_eq!(my.fate(b"/*!80036 x */"), Some((false, 8)));
        assert_eq!(my.fate(b"/*!80035 x */"), Some((true, 8)));
        assert_eq!(my.fate(b"/*M! x */"), Some((false, 4)));
        assert_eq!(my.fate(b"/*M!100100 x */"), Some((false, 4)));
        let ti = Dialect::TiDb;
        assert_eq!(ti.fate(b"/*!99999 x */"), Some((true, 8)));
        assert_eq!(ti.fate(b"/*!110000 x */"), Some((true, 8)), "five digits");
        assert_eq!(ti.fate(b"/*M!100100 x */"), Some((false, 4)));
    }

    #[test]
    fn a_fleet_disagreeing_on_a_comment_names_it() {
        let g = CommentGate::of(&[MARIA_10_11, Dialect::MariaDb(110402)]);
        assert_eq!(
            g.first_disagreement(b"SELECT /*!40101 1 */, /*!110000 2 */ 3"),
            Some(&b"/*!110000"[..])
        );
        assert_eq!(g.first_disagreement(b"SELECT /*!100100 1 */"), None);
        let one = CommentGate::of(&[MARIA_10_11]);
        assert_eq!(one.first_disagreement(b"/*!110000 2 */"), None);
        assert_eq!(CommentGate::default().fate(b"/*!110000 x"), Some((true, 9)));
    }
}
