//! Views and stored routines that read compressed columns.
//!
//! A view over a compressed table hands out the stored bytes under another
//! name, and a stored function can compare them inside its body, where the
//! proxy never sees the statement. squeeze reads every view and routine
//! definition from information_schema (shared by all sessions, refreshed
//! after DDL through squeeze and at most [`MAX_AGE`] after DDL made
//! elsewhere), keeps those that mention a compressed table or, transitively,
//! such a view or routine, and lets the analyzer expand the views and
//! refuse calls to the routines.

use std::collections::HashMap;
use std::sync::Arc;

use parking_lot::RwLock;
use std::time::{Duration, Instant};

use crate::sql::TableNameFilter;

/// How long a snapshot is trusted before it is read again (the bound on
/// how long DDL made directly on the server, not through this proxy, can
/// go unseen).
pub const MAX_AGE: Duration = Duration::from_secs(5);

/// One row of information_schema.VIEWS or ROUTINES.
#[derive(Debug, Clone)]
pub struct Definition {
    pub db: String,
    pub name: String,
    pub text: String,
}

/// The views and routines that read compressed values.
#[derive(Debug, Default)]
pub struct Dependents {
    views: HashMap<(String, String), Arc<str>>,
    routines: HashMap<(String, String), ()>,
    names: TableNameFilter,
    loaded: Option<Instant>,
}

impl Dependents {
    /// Keep the views and routines whose text mentions a name `reads` says
    /// is compressed, or (repeatedly) one of the kept ones.
    pub fn build(
        views: Vec<Definition>,
        routines: Vec<Definition>,
        reads: impl Fn(&[u8]) -> bool,
        now: Instant,
    ) -> Dependents {
        let mut kept_names: Vec<String> = Vec::new();
        let mut kept_views = HashMap::new();
        let mut kept_routines = HashMap::new();
        let mut pending: Vec<(bool, Definition)> = views
            .into_iter()
            .map(|d| (true, d))
            .chain(routines.into_iter().map(|d| (false, d)))
            .collect();
        loop {
            let filter = TableNameFilter::new(&kept_names);
            let before = pending.len();
            pending.retain(|(is_view, d)| {
                let text = d.text.as_bytes();
                if !(reads(text) || filter.may_mention(text)) {
                    return true;
                }
                kept_names.push(d.name.clone());
                let key = (d.db.clone(), d.name.clone());
                if *is_view {
                    kept_views.insert(key, Arc::from(d.text.as_str()));
                } else {
                    // Routine names are case-insensitive.
                    kept_routines.insert((key.0, key.1.to_ascii_lowercase()), ());
                }
                false
            });
            if pending.len() == before {
                break;
            }
        }
        Dependents {
            views: kept_views,
            routines: kept_routines,
            names: TableNameFilter::new(&kept_names),
            loaded: Some(now),
        }
    }

    pub fn view(&self, db: &str, name: &str) -> Option<Arc<str>> {
        self.views.get(&(db.to_string(), name.to_string())).cloned()
    }

    /// `(db, name)` of every kept view.
    pub fn view_names(&self) -> impl Iterator<Item = (&str, &str)> {
        self.views.keys().map(|(d, n)| (d.as_str(), n.as_str()))
    }

    pub fn is_routine(&self, db: &str, name: &str) -> bool {
        self.routines
            .contains_key(&(db.to_string(), name.to_ascii_lowercase()))
    }

    /// May `sql` name one of the kept views or routines?
    pub fn may_mention(&self, sql: &[u8]) -> bool {
        (!self.views.is_empty() || !self.routines.is_empty()) && self.names.may_mention(sql)
    }
}

/// The shared snapshot.
#[derive(Debug, Default)]
pub struct DependentsCache {
    current: RwLock<Arc<Dependents>>,
}

impl DependentsCache {
    pub fn get(&self) -> Arc<Dependents> {
        self.current.read().clone()
    }

    /// Is the snapshot missing or older than [`MAX_AGE`]?
    pub fn stale(&self, now: Instant) -> bool {
        match self.current.read().loaded {
            None => true,
            Some(at) => now.duration_since(at) >= MAX_AGE,
        }
    }

    pub fn set(&self, d: Dependents) {
        *self.current.write() = Arc::new(d);
    }

    /// Forget the snapshot (after DDL through squeeze).
    pub fn invalidate(&self) {
        *self.current.write() = Arc::new(Dependents::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def(name: &str, text: &str) -> Definition {
        Definition {
            db: "app".into(),
            name: name.into(),
            text: text.into(),
        }
    }

    #[test]
    fn views_and_routines_reading_compressed_tables_are_kept_transitively() {
        let reads = |t: &[u8]| TableNameFilter::new(["docs"]).may_mention(t);
        let d = Dependents::build(
            vec![
                def("v1", "select `app`.`docs`.`doc` AS `doc` from `app`.`docs`"),
                def("v2", "select `v1`.`doc` AS `d` from `app`.`v1`"),
                def("v3", "select 1 AS `x` from `app`.`users`"),
            ],
            vec![
                def("f", "RETURN (SELECT d FROM v2 LIMIT 1)"),
                def("g", "RETURN 1"),
            ],
            reads,
            Instant::now(),
        );
        assert!(d.view("app", "v1").is_some());
        assert!(d.view("app", "v2").is_some());
        assert!(d.view("app", "v3").is_none());
        assert!(d.is_routine("app", "f"));
        assert!(!d.is_routine("app", "g"));
        assert!(d.may_mention(b"SELECT * FROM v2"));
        assert!(d.may_mention(b"SELECT f(1)"));
        assert!(!d.may_mention(b"SELECT * FROM v3"));
    }
}
