//! Rows of a statement whose WHERE squeeze partly evaluates
//! (`sql::query::filter`): the server sends the compressed column as a
//! hidden last column; squeeze inflates it, evaluates the condition with
//! MariaDB's three-valued logic, drops the rows it does not pass and the
//! hidden column from the others, and applies the statement's LIMIT.

use std::sync::Arc;

use super::schema::SchemaCache;
use super::write::{ColumnHint, WriteError};
use super::{ColumnRule, ColumnRules};
use crate::sql::json::{evaluate, EvalError, JsonCall};
use crate::sql::query::RowFilter;
use crate::sql::{Refusal, RefuseReason};

/// A statement's row filter, planned.
#[derive(Debug)]
pub struct RowFilterPlan {
    pub filter: RowFilter,
    pub rule: Arc<ColumnRule>,
}

/// The hint of the hidden column: the backend must be a version whose
/// JSON functions squeeze reproduces.
pub fn hint(
    rules: &ColumnRules,
    schema: &SchemaCache,
    f: &RowFilter,
) -> Result<ColumnHint, WriteError> {
    let c = &f.column;
    let refuse = |why: &str| {
        WriteError::Refused(Refusal {
            column: c.clone(),
            reason: RefuseReason::JsonFunction,
            what: format!("`{}` in a WHERE condition ({why})", f.text),
        })
    };
    if !schema.json_evaluation_verified() {
        return Err(refuse(
            "squeeze evaluates JSON functions as MariaDB 10.11 does, and a backend of another version is connected",
        ));
    }
    let Some(rule) = rules.lookup(&c.db, &c.table, &c.column).cloned() else {
        return Err(refuse("the column has no rule"));
    };
    Ok(ColumnHint {
        rule: Arc::clone(&rule),
        json: None,
        filter: Some(Arc::new(RowFilterPlan {
            filter: f.clone(),
            rule,
        })),
    })
}

/// Why a row's condition could not be evaluated exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilterError {
    InvalidDocument,
    Unsure(&'static str),
    Interrupted(crate::interrupt::Reason),
}

impl FilterError {
    /// For the ERR the result ends with (as a select-list function's).
    pub fn detail(&self) -> String {
        match self {
            FilterError::InvalidDocument => "the stored document is not valid JSON (MariaDB would answer NULL with a warning squeeze cannot raise)".to_string(),
            FilterError::Unsure(what) => format!(
                "the document holds {what} whose MariaDB result squeeze does not reproduce"
            ),
            FilterError::Interrupted(why) => format!("interrupted ({why:?})"),
        }
    }
}

fn eval_error(e: EvalError) -> FilterError {
    match e {
        EvalError::InvalidDocument => FilterError::InvalidDocument,
        EvalError::Unsure(w) => FilterError::Unsure(w),
        EvalError::Interrupted(r) => FilterError::Interrupted(r),
    }
}

/// Whether the row with document `doc` (`None`: NULL) passes `f`.
pub fn passes(f: &RowFilter, doc: Option<&[u8]>) -> Result<bool, FilterError> {
    let mut call = |c: &JsonCall| -> Result<Option<bool>, FilterError> {
        let Some(doc) = doc else {
            // Every call of a NULL document is NULL.
            return Ok(None);
        };
        let v = evaluate(c, doc).map_err(eval_error)?;
        Ok(v.map(|v| v.as_slice() != b"0"))
    };
    let mut null = |c: Option<&JsonCall>| -> Result<bool, FilterError> {
        match (c, doc) {
            (None, doc) => Ok(doc.is_none()),
            // NULL for a NULL document, but a default still applies
            // (`COALESCE(f(doc), 'x')`).
            (Some(c), None) => Ok(c.null_document().is_none()),
            (Some(c), Some(doc)) => Ok(evaluate(c, doc).map_err(eval_error)?.is_none()),
        }
    };
    // A row passes only when the condition is TRUE (not NULL).
    Ok(f.cond.truth(&mut call, &mut null)? == Some(true))
}

/// The columns the statement sent has after the client's: the document,
/// and the session's sql_select_limit.
pub const HIDDEN: usize = 2;

/// The state of one result set's filter: which columns are hidden, and
/// the LIMIT counted so far.
#[derive(Debug)]
pub struct FilterState {
    /// Index of the first hidden column (the document; the session's
    /// sql_select_limit follows it).
    pub at: usize,
    pub plan: Arc<RowFilterPlan>,
    pub limit: RowLimit,
}

impl FilterState {
    pub fn new(at: usize, plan: Arc<RowFilterPlan>) -> Self {
        let limit = RowLimit::new(plan.filter.offset, plan.filter.limit);
        FilterState { at, plan, limit }
    }
}

/// `LIMIT offset, count` over the rows that pass.
#[derive(Debug, Clone, Copy)]
pub struct RowLimit {
    offset: u64,
    limit: Option<u64>,
    /// Rows that passed the condition so far (sent or skipped).
    passed: u64,
    /// Without a LIMIT of the statement's own, the session's
    /// sql_select_limit applies; read from the first row.
    implicit: bool,
}

impl RowLimit {
    pub fn new(offset: u64, limit: Option<u64>) -> Self {
        RowLimit {
            offset,
            limit,
            passed: 0,
            implicit: limit.is_none(),
        }
    }

    /// Whether the session's sql_select_limit is still to be learnt.
    pub fn needs_session_limit(&self) -> bool {
        self.implicit
    }

    /// The session's sql_select_limit (its maximum: none), for a statement
    /// without a LIMIT of its own.
    pub fn session_limit(&mut self, n: u64) {
        if self.implicit {
            self.implicit = false;
            self.limit = (n != u64::MAX).then_some(n);
        }
    }

    /// Whether the LIMIT has been reached (the remaining rows are read
    /// and dropped unevaluated).
    pub fn done(&self) -> bool {
        self.limit
            .is_some_and(|n| self.passed >= self.offset.saturating_add(n))
    }

    /// Count a row that passed: whether it is sent (past the OFFSET).
    pub fn count_passed(&mut self) -> bool {
        self.passed += 1;
        self.passed > self.offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::json::parse_path;
    use crate::sql::query::Cond;

    fn filter(cond: Cond) -> RowFilter {
        RowFilter {
            column: crate::sql::ColumnRef {
                db: "d".into(),
                table: "t".into(),
                column: "doc".into(),
            },
            cond,
            text: String::new(),
            offset: 0,
            limit: None,
        }
    }

    fn has(p: &str) -> Cond {
        Cond::Call(JsonCall::ContainsPath {
            all: false,
            paths: vec![parse_path(p.as_bytes()).unwrap()],
        })
    }

    #[test]
    fn a_row_passes_only_where_the_condition_is_true_under_three_valued_logic() {
        let doc: &[u8] = br#"{"a": 1}"#;
        let yes = filter(has("$.a"));
        let no = filter(has("$.b"));
        assert!(passes(&yes, Some(doc)).unwrap());
        assert!(!passes(&no, Some(doc)).unwrap());
        // NULL document: NULL, NOT NULL is NULL, NULL OR TRUE... every
        // call of it is NULL, so nothing passes, negated or not.
        assert!(!passes(&yes, None).unwrap());
        assert!(!passes(&filter(Cond::Not(Box::new(has("$.a")))), None).unwrap());
        assert!(passes(&filter(Cond::Not(Box::new(has("$.b")))), Some(doc)).unwrap());
        assert!(passes(&filter(Cond::Or(vec![has("$.b"), has("$.a")])), Some(doc)).unwrap());
        assert!(!passes(&filter(Cond::And(vec![has("$.b"), has("$.a")])), Some(doc)).unwrap());
    }

    #[test]
    fn null_and_false_is_false_and_null_or_true_is_true() {
        let mut vals = [None, Some(false)].into_iter();
        let c = Cond::And(vec![
            Cond::Call(JsonCall::Valid),
            Cond::Call(JsonCall::Valid),
        ]);
        assert_eq!(
            c.truth(&mut |_| Ok::<_, ()>(vals.next().unwrap()), &mut |_| Ok(
                false
            )),
            Ok(Some(false))
        );
        let mut vals = [None, Some(true)].into_iter();
        let c = Cond::Or(vec![
            Cond::Call(JsonCall::Valid),
            Cond::Call(JsonCall::Valid),
        ]);
        assert_eq!(
            c.truth(&mut |_| Ok::<_, ()>(vals.next().unwrap()), &mut |_| Ok(
                false
            )),
            Ok(Some(true))
        );
        let mut vals = [None, Some(true)].into_iter();
        let c = Cond::And(vec![
            Cond::Call(JsonCall::Valid),
            Cond::Not(Box::new(Cond::Call(JsonCall::Valid))),
        ]);
        assert_eq!(
            c.truth(&mut |_| Ok::<_, ()>(vals.next().unwrap()), &mut |_| Ok(
                false
            )),
            Ok(Some(false))
        );
        let mut vals = [None].into_iter();
        let c = Cond::Not(Box::new(Cond::Call(JsonCall::Valid)));
        assert_eq!(
            c.truth(&mut |_| Ok::<_, ()>(vals.next().unwrap()), &mut |_| Ok(
                false
            )),
            Ok(None)
        );
    }

    #[test]
    fn an_invalid_document_refuses_the_row_rather_than_guessing() {
        let f = filter(has("$.a"));
        assert_eq!(
            passes(&f, Some(b"{\"a\": ")),
            Err(FilterError::InvalidDocument)
        );
    }

    #[test]
    fn limit_and_offset_count_only_rows_that_pass() {
        let mut s = RowLimit::new(1, Some(2));
        assert!(!s.done());
        assert!(!s.count_passed()); // skipped by OFFSET 1
        assert!(s.count_passed());
        assert!(!s.done());
        assert!(s.count_passed());
        assert!(s.done());
        let mut none = RowLimit::new(0, Some(0));
        assert!(none.done());
        // No LIMIT of its own: the session's sql_select_limit, once known.
        let mut session = RowLimit::new(0, None);
        assert!(session.needs_session_limit());
        session.session_limit(1);
        assert!(!session.needs_session_limit() && !session.done());
        assert!(session.count_passed() && session.done());
        let mut unlimited = RowLimit::new(0, None);
        unlimited.session_limit(u64::MAX);
        assert!(unlimited.count_passed() && !unlimited.done());
        // A LIMIT of its own wins over the session's.
        let mut own = RowLimit::new(0, Some(2));
        own.session_limit(1);
        assert!(own.count_passed() && !own.done());
        let mut all = RowLimit::new(0, None);
        assert!(all.count_passed() && !all.done());
        none.count_passed();
    }
}
