//! Which statement of a multi-statement query each result belongs to.
//!
//! The server answers every statement of a COM_QUERY in order, but not
//! with one result each: a plain statement ends in exactly one (a result
//! set or an OK), while a compound statement (`BEGIN NOT ATOMIC ... END`,
//! top-level `IF`/`WHILE`/..., a stored program's DDL) and a `CALL` send a
//! result set for every `SELECT` they run and then one OK for themselves
//! (the statements inside send no OK of their own). So results are counted
//! per statement unit, not per `;`-separated piece: a unit that ends at its
//! OK consumes result sets until one arrives. `EXECUTE s` and `EXECUTE
//! IMMEDIATE '...'` end as the statement they run ends; when squeeze did
//! not see that statement, the results after it cannot be attributed.

use super::classify::StatementKind;
use super::compound::{block_end, opens_block};
use super::lexer::{decode_string, ident_name, LexOptions, Token};
use super::statement::{split, Statement};

/// How the results of one statement unit end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ends {
    /// Exactly one result: a result set or an OK.
    One,
    /// Any number of result sets, then the OK that ends the unit.
    AtOk,
    /// Squeeze cannot tell (`EXECUTE` of a statement it did not see).
    #[default]
    Unknown,
}

/// One statement as the server runs it: pieces `first..=last` of the split
/// query (a compound statement spans several), and how its results end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultUnit {
    pub first: usize,
    pub last: usize,
    pub ends: Ends,
    /// For a block: the pieces whose result sets it sends, in order (see
    /// [`block_result_pieces`]); empty when none or squeeze cannot tell.
    pub inner: Vec<usize>,
}

/// The units of a split query, in order. `prepared(name)`: how `EXECUTE
/// name` ends for a statement the session prepared before this query
/// (`Unknown` when it did not see it). Pieces that are only whitespace or
/// comments get no unit (the server sends nothing for a trailing one).
pub fn result_units(
    sql: &[u8],
    statements: &[Statement<'_>],
    prepared: &dyn Fn(&str) -> Ends,
) -> Vec<ResultUnit> {
    let mut units = Vec::with_capacity(statements.len());
    // `PREPARE`/`DEALLOCATE` earlier in this query, latest last.
    let mut here: Vec<(String, Ends)> = Vec::new();
    let mut k = 0;
    while k < statements.len() {
        let st = &statements[k];
        if opens_block(sql, &st.tokens) {
            let last = block_end(sql, statements, k);
            units.push(ResultUnit {
                first: k,
                last,
                ends: Ends::AtOk,
                inner: block_result_pieces(sql, statements, k, last).unwrap_or_default(),
            });
            k = last + 1;
            continue;
        }
        let kw = |i: usize, w: &str| st.tokens.get(i).is_some_and(|t| t.is_keyword(sql, w));
        match &st.kind {
            StatementKind::Prepare { name, text } => {
                let ends = text
                    .as_ref()
                    .and_then(|t| decode_string(sql, t, st.opts))
                    .map_or(Ends::Unknown, |inner| text_ends(&inner, st.opts));
                here.push((name.to_ascii_lowercase(), ends));
            }
            _ if (kw(0, "DEALLOCATE") || kw(0, "DROP")) && kw(1, "PREPARE") => {
                if let Some(t) = st.tokens.get(2) {
                    here.push((ident_name(sql, t).to_ascii_lowercase(), Ends::Unknown));
                }
            }
            _ => {}
        }
        let lookup = |name: &str| {
            here.iter()
                .rev()
                .find(|(n, _)| n == name)
                .map_or_else(|| prepared(name), |(_, e)| *e)
        };
        if let Some(ends) = statement_ends(sql, &st.tokens, &st.kind, st.opts, &lookup) {
            units.push(ResultUnit {
                first: k,
                last: k,
                ends,
                inner: Vec::new(),
            });
        }
        k += 1;
    }
    units
}

/// The pieces of the block `statements[first..=last]` that each send one
/// result set, in the order the server sends them, when squeeze can tell:
/// a `[label:] BEGIN NOT ATOMIC ... END [label]` of plain statements only,
/// where a `SELECT` (without `INTO`) sends one, an `INSERT`, `REPLACE`,
/// `UPDATE` or `DELETE` one exactly when it has `RETURNING`. `None` for
/// anything else (control flow, variables, `CALL`, dynamic SQL...).
pub fn block_result_pieces(
    sql: &[u8],
    statements: &[Statement<'_>],
    first: usize,
    last: usize,
) -> Option<Vec<usize>> {
    if last <= first {
        return None;
    }
    let mut pieces = Vec::new();
    for (k, st) in statements.get(first..=last)?.iter().enumerate() {
        let toks = &st.tokens;
        let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(sql, w));
        let k = first + k;
        if k == last {
            // `END [label]`, nothing else.
            if !(kw(0, "END") && toks.len() <= 2) {
                return None;
            }
            continue;
        }
        let mut at = 0;
        if k == first {
            if toks.get(1).is_some_and(|t| t.is_op(sql, ":")) {
                at = 2;
            }
            if !(kw(at, "BEGIN") && kw(at + 1, "NOT") && kw(at + 2, "ATOMIC")) {
                return None;
            }
            at += 3;
        }
        let body = &toks[at..];
        if body.is_empty() {
            continue;
        }
        let words = |list: &[&str]| {
            body.iter()
                .any(|t| list.iter().any(|w| t.is_keyword(sql, w)))
        };
        if words(&[
            "BEGIN", "END", "CASE", "IF", "LOOP", "WHILE", "REPEAT", "DECLARE", "LEAVE", "ITERATE",
            "RETURN", "OPEN", "FETCH", "CLOSE", "SIGNAL", "RESIGNAL", "GET", "CALL", "EXECUTE",
            "PREPARE",
        ]) {
            return None;
        }
        match super::classify::classify_statement(sql, body, st.opts) {
            // `SELECT ... INTO` sends no result set.
            StatementKind::Select if words(&["INTO"]) => return None,
            StatementKind::Select => pieces.push(k),
            StatementKind::Insert
            | StatementKind::Replace
            | StatementKind::Update
            | StatementKind::Delete => {
                if words(&["RETURNING"]) {
                    pieces.push(k);
                }
            }
            _ => return None,
        }
    }
    Some(pieces)
}

/// How the results of the statement text `text` (a `PREPARE ... FROM` or
/// `EXECUTE IMMEDIATE` text, one statement) end.
pub fn text_ends(text: &[u8], opts: LexOptions) -> Ends {
    let statements = split(text, opts);
    let mut real = statements.iter().filter(|s| !s.is_empty());
    let Some(st) = real.next() else {
        return Ends::Unknown;
    };
    if opens_block(text, &st.tokens) {
        return Ends::AtOk;
    }
    if real.next().is_some() {
        // The server refuses more than one statement here.
        return Ends::Unknown;
    }
    // A statement prepared inside the text names nothing squeeze knows.
    statement_ends(text, &st.tokens, &st.kind, st.opts, &|_| Ends::Unknown).unwrap_or(Ends::Unknown)
}

/// How one (non-compound) statement's results end; `None`: it sends none.
fn statement_ends(
    sql: &[u8],
    toks: &[Token],
    kind: &StatementKind<'_>,
    opts: LexOptions,
    prepared: &dyn Fn(&str) -> Ends,
) -> Option<Ends> {
    Some(match kind {
        StatementKind::Empty => return None,
        StatementKind::Execute => match toks.get(1) {
            Some(t) => prepared(&ident_name(sql, t).to_ascii_lowercase()),
            None => Ends::Unknown,
        },
        StatementKind::ExecuteImmediate { text, .. } => text
            .as_ref()
            .and_then(|t| decode_string(sql, t, opts))
            .map_or(Ends::Unknown, |inner| text_ends(&inner, opts)),
        StatementKind::SetStatement { inner, at } => {
            let rest = &toks[(*at).min(toks.len())..];
            if opens_block(sql, rest) {
                Ends::AtOk
            } else {
                statement_ends(sql, rest, inner, opts, prepared)?
            }
        }
        StatementKind::Other if toks.first().is_some_and(|t| t.is_keyword(sql, "CALL")) => {
            Ends::AtOk
        }
        _ => Ends::One,
    })
}

/// Follows the results of one command as they arrive: which unit each
/// belongs to, and which piece's hints (if any) describe it.
#[derive(Debug, Clone)]
pub struct ResultCursor {
    units: std::sync::Arc<[ResultUnit]>,
    /// The unit the next result belongs to.
    unit: usize,
    /// Result sets the current unit sent so far.
    sets: usize,
    /// Results arrived so far.
    pub results: usize,
    /// A unit whose end squeeze cannot see went by: later results are not
    /// attributed.
    lost: bool,
}

impl ResultCursor {
    pub fn new(units: std::sync::Arc<[ResultUnit]>) -> Self {
        ResultCursor {
            units,
            unit: 0,
            sets: 0,
            results: 0,
            lost: false,
        }
    }

    /// One unit of one result (a prepared statement's execute or prepare).
    pub fn single() -> Self {
        ResultCursor::new(
            vec![ResultUnit {
                first: 0,
                last: 0,
                ends: Ends::One,
                inner: Vec::new(),
            }]
            .into(),
        )
    }

    /// A result arrived (`ok`: an OK packet, else a result set): the piece
    /// whose result shape describes it; `None` for a result set a procedure
    /// or a block squeeze cannot follow sends from inside (or one not
    /// attributable).
    pub fn next(&mut self, ok: bool) -> Option<usize> {
        self.results += 1;
        if self.lost {
            return None;
        }
        let Some(u) = self.units.get(self.unit) else {
            // More results than the query's statements make: not ours to
            // attribute.
            self.lost = true;
            return None;
        };
        match u.ends {
            Ends::One => {
                self.unit += 1;
                Some(u.first)
            }
            Ends::AtOk if ok => {
                self.unit += 1;
                self.sets = 0;
                None
            }
            Ends::AtOk => {
                self.sets += 1;
                u.inner.get(self.sets - 1).copied()
            }
            Ends::Unknown => {
                self.lost = true;
                Some(u.first)
            }
        }
    }

    /// Whether piece `k` ran, once the command ended (in an ERR, or early):
    /// `Some(true)` it completed, `Some(false)` it did not run, `None`
    /// squeeze cannot tell (a compound statement that failed part-way may
    /// have run some of its statements).
    pub fn ran(&self, k: usize) -> Option<bool> {
        let done = self
            .units
            .get(..self.unit.min(self.units.len()))
            .and_then(|u| u.last())
            .map_or(0, |u| u.last + 1);
        if k < done {
            return Some(true);
        }
        if self.lost {
            return None;
        }
        match self.units.get(self.unit) {
            Some(u) if u.ends != Ends::One && k >= u.first && k <= u.last => None,
            _ => Some(false),
        }
    }

    /// The units followed.
    pub fn units(&self) -> &[ResultUnit] {
        &self.units
    }
}

#[cfg(test)]
mod tests;
