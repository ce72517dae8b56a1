//! Writes the server evaluates (issue 45's computed writes): where every
//! shard has squeeze's in-server functions, a write that reads inside a
//! compressed value (`UPDATE t SET n = n + 1 WHERE JSON_VALUE(doc, ..) =
//! 'x'`) or computes one (`SET doc = JSON_SET(doc, ..)`, `INSERT ..
//! SELECT`, `ON DUPLICATE KEY UPDATE doc = JSON_MERGE_PATCH(doc,
//! VALUES(doc))`) is not refused: each reference that reads the document
//! is wrapped so the server reads it inflated (`sql::query::inflated` in a
//! condition, `typed` elsewhere), and each computed value of a compressed
//! column is wrapped so the server stores it compressed
//! (`ColumnCatalog::server_deflate`). The write analyzer still decides
//! what is a reference and what is a whole value; what it refuses for any
//! other reason stays refused.
use std::ops::Range;

use std::borrow::Cow;

use super::{refuse, Analyzer, Clause, ColumnRef, Frame, Refusal, RefuseReason};
use crate::sql::lexer::TokenKind;

/// Refusals that only say "the server would read inside the value": with
/// the functions, the server reads the document instead.
fn reads_the_document(reason: RefuseReason) -> bool {
    matches!(
        reason,
        RefuseReason::JsonFunction
            | RefuseReason::Function
            | RefuseReason::Comparison
            | RefuseReason::Like
            | RefuseReason::OrderBy
            | RefuseReason::GroupBy
            | RefuseReason::Distinct
            | RefuseReason::ComputedUpdate
            | RefuseReason::InsertSelect
    )
}

impl<'a: 't, 't> Analyzer<'a, 't> {
    /// The reference `toks[s..e]` (name parts `parts`) that the generic
    /// scan refused with `refusal`: wrapped for the server where that is
    /// exact, else the refusal.
    pub(super) fn read_by_server(
        &mut self,
        s: usize,
        e: usize,
        parts: &[usize],
        stack: &[Frame],
        refusal: Refusal,
    ) -> Result<(), Refusal> {
        if !self.server_writes
            || !reads_the_document(refusal.reason)
            || self.resolve_at(s, parts).is_none()
        {
            return Err(refusal);
        }
        let condition = stack.last().is_some_and(|f| f.clause == Clause::Where);
        self.wrap_reference(s, e, condition);
        Ok(())
    }

    /// The compressed column the name at token `at` (parts `parts`) names
    /// for certain. In the query of an `INSERT .. SELECT`, a bare name is
    /// one of the query's tables (every table but the first, the target).
    pub(super) fn resolve_at(&self, at: usize, parts: &[usize]) -> Option<ColumnRef> {
        let in_query = self
            .inserted_query
            .as_ref()
            .is_some_and(|q| q.contains(&at));
        if !in_query || parts.len() != 1 {
            return self.resolve_exact(parts);
        }
        let sources = self.tables.get(1..).unwrap_or_default();
        if sources.iter().any(|t| t.table.is_none()) {
            return None;
        }
        let name = self.name(parts[0]);
        let mut hits: Vec<ColumnRef> = Vec::new();
        for t in sources {
            if let (Some(db), Some(table)) = (&t.db, &t.table) {
                if let Some(c) = self.check(db, table, &name) {
                    if !hits.contains(&c) {
                        hits.push(c);
                    }
                }
            }
        }
        (hits.len() == 1).then(|| hits.remove(0))
    }

    /// Wraps the reference `toks[s..e]` so the server reads the document
    /// (`inflated` in a condition, `typed` elsewhere), once.
    fn wrap_reference(&mut self, s: usize, e: usize, condition: bool) {
        // `VALUES(doc)` in ON DUPLICATE KEY UPDATE names the column; the
        // value it stands for is the one being inserted, stored bytes.
        let (s, e) = if s >= 2
            && self.kind(s - 1) == Some(TokenKind::LParen)
            && (self.kw(s - 2, "VALUES") || self.kw(s - 2, "VALUE"))
            && self.kind(e) == Some(TokenKind::RParen)
        {
            (s - 2, e + 1)
        } else {
            (s, e)
        };
        let span = self.toks[s].start..self.toks[e - 1].end;
        if self.server_edits.iter().any(|(r, _)| r.start == span.start) {
            return;
        }
        let reference = String::from_utf8_lossy(&self.src[span.clone()]).into_owned();
        let text = if condition {
            crate::sql::query::inflated(&reference)
        } else {
            crate::sql::query::typed(&reference)
        };
        self.server_edits.push((span, text));
        self.mark(s..e);
    }

    /// A value of compressed column `col` squeeze cannot compute
    /// (`toks[range]`): stored through the in-server `squeeze_deflate`,
    /// the references inside it wrapped by the generic scan.
    pub(super) fn computed_value(
        &mut self,
        range: Range<usize>,
        col: &ColumnRef,
    ) -> Result<(), Refusal> {
        let (before, after) = self.catalog.server_deflate(col).map_err(|why| {
            refuse(
                col.clone(),
                RefuseReason::ComputedUpdate,
                format!("`{}` ({why})", self.excerpt(range.clone())),
            )
        })?;
        // The value reads each document it names inflated, also where the
        // generic scan would accept the name as a copy of stored bytes.
        let mut j = range.start;
        while j < range.end {
            let named = self.toks.get(j).is_some_and(crate::sql::tokens::is_name)
                && !self.skip[j]
                && (j == 0 || self.kind(j - 1) != Some(TokenKind::Dot));
            if let Some((parts, end)) = named.then(|| self.chain(j)).flatten() {
                if end <= range.end
                    && self.kind(end) != Some(TokenKind::LParen)
                    && self.resolve_at(j, &parts).is_some()
                {
                    self.wrap_reference(j, end, false);
                }
                j = end.max(j + 1);
                continue;
            }
            j += 1;
        }
        let (start, end) = (self.toks[range.start].start, self.toks[range.end - 1].end);
        self.server_edits.push((start..start, before));
        self.server_edits.push((end..end, after));
        Ok(())
    }

    /// Where the alias of select item `item` begins (`expr AS a`, `expr
    /// a`, `expr 'a'`), or its end when it has none. A last token that
    /// ends an expression (`)`, `END`, a literal after another literal) is
    /// no alias.
    fn alias_start(&self, item: &Range<usize>) -> usize {
        if item.len() >= 3 && self.kw(item.end - 2, "AS") {
            return item.end - 2;
        }
        let last = item.end - 1;
        let named = match self.toks[last].kind {
            TokenKind::QuotedIdent => true,
            TokenKind::Ident => !crate::sql::tokens::is_reserved(self.toks[last].text(self.src)),
            // `'a' 'b'` is one string.
            TokenKind::Str { .. } => !matches!(self.kind(last - 1), Some(TokenKind::Str { .. })),
            _ => false,
        };
        if item.len() >= 2 && named && self.alias_position(last) {
            last
        } else {
            item.end
        }
    }

    /// `INSERT INTO t [(cols)] SELECT items FROM ...` at `i` writing
    /// compressed columns of `target`, one query block (no set operation,
    /// no `*`): each item written to a compressed column is a value of it
    /// ([`Analyzer::value_for`]: the server stores a computed one through
    /// the functions). `Ok(false)`: not this shape.
    pub(super) fn server_select(
        &mut self,
        i: usize,
        target: &(String, String),
        columns: Option<&[(Cow<'a, str>, usize)]>,
    ) -> Result<bool, Refusal> {
        if !self.kw(i, "SELECT") {
            return Ok(false);
        }
        let end = self.clause_end(i + 1, &["ON"]);
        let mut list_end = end;
        for j in crate::sql::tokens::top_level(self.toks, i + 1..end) {
            if ["UNION", "EXCEPT", "INTERSECT", "INTO"]
                .iter()
                .any(|w| self.kw(j, w))
            {
                return Ok(false);
            }
            if list_end == end && self.kw(j, "FROM") {
                list_end = j;
            }
        }
        let mut first = i + 1;
        while [
            "ALL",
            "DISTINCT",
            "DISTINCTROW",
            "STRAIGHT_JOIN",
            "SQL_NO_CACHE",
            "SQL_CALC_FOUND_ROWS",
        ]
        .iter()
        .any(|w| self.kw(first, w))
        {
            first += 1;
        }
        self.inserted_query = Some(i..end);
        self.select_items_as_values(first..list_end, end, target, columns)
    }

    /// The items of an `INSERT .. SELECT`'s select list `list`, each one
    /// written to a compressed column of `target` judged as a value of it
    /// (without its alias), then the `ON DUPLICATE KEY UPDATE` at `end`.
    /// `Ok(false)`: items squeeze cannot pair with the columns (`*`, a
    /// count the server rejects).
    pub(super) fn select_items_as_values(
        &mut self,
        list: Range<usize>,
        end: usize,
        target: &(String, String),
        columns: Option<&[(Cow<'a, str>, usize)]>,
    ) -> Result<bool, Refusal> {
        let names: Vec<String> = match columns {
            Some(c) => c.iter().map(|(n, _)| n.to_string()).collect(),
            None => match self.target_columns(target) {
                Some(c) => c,
                None => return Ok(false),
            },
        };
        let items = self.split_commas(list);
        // `*` or `t.*` copies columns by position.
        let star = |r: &Range<usize>| {
            self.toks[r.end - 1].text(self.src) == b"*"
                && (r.len() == 1 || self.kind(r.end - 2) == Some(TokenKind::Dot))
        };
        if items.len() != names.len() || items.iter().any(|r| r.is_empty() || star(r)) {
            return Ok(false);
        }
        for (item, name) in items.into_iter().zip(names) {
            let r = item.start..self.alias_start(&item);
            self.mark(r.end..item.end);
            if let Some(col) = self.check(&target.0, &target.1, &name) {
                self.value_for(r, &col, &|_: &Self, _: Range<usize>| false)?;
            }
        }
        if self.kw(end, "ON") {
            self.on_duplicate(end, target, None)?;
        }
        Ok(true)
    }
}
