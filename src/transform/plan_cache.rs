//! A session's memory of the reads it has planned. Planning a SELECT that
//! names a compressed table (to refuse one that would make the server look
//! inside a compressed value) costs about as much as inflating the 1 KB
//! document it returns; an application repeats a handful of query shapes,
//! so a query whose shape (see [`shape_into`]) already planned as a plain
//! read is sent without planning it again.

use std::collections::HashMap;

use crate::sql::{shape_into, LexOptions};

/// Shapes remembered per session; the map is emptied when it is full.
const MAX_SHAPES: usize = 128;
/// Longer queries are planned every time (they are rarely repeated).
const MAX_SHAPE_BYTES: usize = 4096;

/// What a shape was planned under: a different schema cache, lexing mode
/// or default database may plan it differently.
#[derive(Debug, PartialEq, Eq)]
struct PlanContext {
    schema_generation: u64,
    opts: LexOptions,
    db: Option<Vec<u8>>,
}

/// Shape -> what the planner concluded for it (`T`: the statement count and
/// how each result set's columns are presented).
#[derive(Debug)]
pub struct ReadPlanCache<T> {
    shapes: HashMap<Box<[u8]>, T>,
    context: Option<PlanContext>,
    /// The shape computed by the last `lookup`.
    scratch: Vec<u8>,
}

impl<T> Default for ReadPlanCache<T> {
    fn default() -> Self {
        ReadPlanCache {
            shapes: HashMap::new(),
            context: None,
            scratch: Vec::new(),
        }
    }
}

impl<T: Clone> ReadPlanCache<T> {
    /// The statement count of `sql` when a query of its shape was planned as
    /// a plain read under the same context. Computes the shape that a
    /// following [`remember`](Self::remember) stores.
    pub fn lookup(
        &mut self,
        sql: &[u8],
        opts: LexOptions,
        db: Option<&[u8]>,
        schema_generation: u64,
    ) -> Option<T> {
        let same = self.context.as_ref().is_some_and(|c| {
            c.schema_generation == schema_generation && c.opts == opts && c.db.as_deref() == db
        });
        if !same {
            self.shapes.clear();
            self.context = Some(PlanContext {
                schema_generation,
                opts,
                db: db.map(<[u8]>::to_vec),
            });
        }
        self.scratch.clear();
        if sql.len() > MAX_SHAPE_BYTES {
            return None;
        }
        shape_into(sql, opts, &mut self.scratch);
        self.shapes.get(&self.scratch[..]).cloned()
    }

    /// Remember the shape of the last looked-up query as a plain read
    /// planned as `plan`.
    pub fn remember(&mut self, plan: T) {
        if self.scratch.is_empty() || self.scratch.len() > MAX_SHAPE_BYTES {
            return;
        }
        if self.shapes.len() >= MAX_SHAPES {
            self.shapes.clear();
        }
        self.shapes
            .insert(self.scratch.clone().into_boxed_slice(), plan);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const Q1: &[u8] = b"SELECT doc FROM t WHERE id = 1";
    const Q2: &[u8] = b"SELECT doc FROM t WHERE id = 2";

    #[test]
    fn remembers_shapes_within_one_context() {
        let opts = LexOptions::default();
        let mut c = ReadPlanCache::<usize>::default();
        assert_eq!(c.lookup(Q1, opts, Some(b"app"), 7), None);
        c.remember(1);
        assert_eq!(c.lookup(Q2, opts, Some(b"app"), 7), Some(1));
        assert_eq!(
            c.lookup(b"SELECT id FROM t WHERE id = 2", opts, Some(b"app"), 7),
            None
        );
    }

    #[test]
    fn a_new_context_forgets() {
        let opts = LexOptions::default();
        let ansi = LexOptions {
            ansi_quotes: true,
            ..Default::default()
        };
        for (db, generation, o) in [
            (Some(&b"other"[..]), 7, opts),
            (None, 7, opts),
            (Some(&b"app"[..]), 8, opts),
            (Some(&b"app"[..]), 7, ansi),
        ] {
            let mut c = ReadPlanCache::<usize>::default();
            c.lookup(Q1, opts, Some(b"app"), 7);
            c.remember(1);
            assert_eq!(c.lookup(Q2, o, db, generation), None);
        }
    }

    #[test]
    fn the_read_plan_cache_never_holds_more_than_its_bound() {
        let opts = LexOptions::default();
        let mut c = ReadPlanCache::<usize>::default();
        for i in 0..(MAX_SHAPES * 3) {
            let q = format!("SELECT c{i} FROM t");
            c.lookup(q.as_bytes(), opts, None, 0);
            c.remember(1);
            assert!(c.shapes.len() <= MAX_SHAPES);
        }
        let long = format!("SELECT {} FROM t", "a,".repeat(MAX_SHAPE_BYTES));
        assert_eq!(c.lookup(long.as_bytes(), opts, None, 0), None);
        c.remember(1);
        assert_eq!(c.lookup(long.as_bytes(), opts, None, 0), None);
    }
}
