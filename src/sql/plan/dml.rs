//! The write statements' own clauses: `UPDATE ... SET`, `INSERT ... VALUES
//! | SET | SELECT` and `ON DUPLICATE KEY UPDATE`, whose values for
//! compressed columns are compressed in place or refused.

use std::borrow::Cow;
use std::ops::Range;

use super::{is_name, refuse, Analyzer, ColumnRef, Refusal, RefuseReason};
use crate::sql::classify::{matching_paren, StatementKind};
use crate::sql::lexer::TokenKind;

impl<'a: 't, 't> Analyzer<'a, 't> {
    /// `col = expr, ...` of UPDATE ... SET, INSERT ... SET and ON DUPLICATE
    /// KEY UPDATE.
    fn assignments(
        &mut self,
        range: Range<usize>,
        target: Option<&(String, String)>,
        row_alias: Option<&str>,
    ) -> Result<(), Refusal> {
        for item in self.split_commas(range) {
            let Some(first) = self.toks.get(item.start) else {
                continue;
            };
            if !is_name(first) {
                continue;
            }
            let Some((parts, eq)) = self.chain(item.start) else {
                continue;
            };
            let is_eq = self
                .toks
                .get(eq)
                .is_some_and(|t| t.is_op(self.src, "=") || t.is_op(self.src, ":="));
            if !is_eq || eq >= item.end {
                continue;
            }
            self.mark(item.start..eq);
            let col = match target {
                Some(t) => self.resolve_target(&parts, t),
                None => self.resolve(&parts),
            };
            let Some(col) = col else { continue };
            let rhs = eq + 1..item.end;
            let target = target.cloned();
            self.value_for(rhs, &col, &|a: &Self, r: Range<usize>| {
                // ON DUPLICATE KEY UPDATE: VALUES(col) and new.col name the
                // row being inserted, whose value we compressed already.
                let t = &a.toks[r.clone()];
                if let Some(target) = &target {
                    if t.len() == 4
                        && t[0].is_keyword(a.src, "VALUES")
                        && t[1].kind == TokenKind::LParen
                        && is_name(&t[2])
                        && t[3].kind == TokenKind::RParen
                    {
                        return a.resolve_target(&[r.start + 2], target).is_some();
                    }
                }
                if let Some(alias) = row_alias {
                    if t.len() == 3
                        && is_name(&t[0])
                        && t[1].kind == TokenKind::Dot
                        && is_name(&t[2])
                    {
                        return a.name(r.start) == alias;
                    }
                }
                false
            })?;
        }
        Ok(())
    }

    // ---- statement structure --------------------------------------------

    pub(super) fn run(&mut self, kind: &StatementKind<'a>) -> Result<(), Refusal> {
        if matches!(kind, StatementKind::Update | StatementKind::Delete) {
            // A view squeeze cannot resolve may be written or filtered.
            for t in &self.tables {
                if let (Some(db), Some(table)) = (&t.db, &t.table) {
                    if let Some(Err(r)) = self.view(db, table) {
                        return Err(r);
                    }
                }
            }
        }
        match kind {
            StatementKind::Insert | StatementKind::Replace => self.insert()?,
            StatementKind::Update => self.update()?,
            _ => {}
        }
        self.generic(kind)
    }

    fn update(&mut self) -> Result<(), Refusal> {
        // Find the depth-0 SET after the table references.
        let mut depth = 0usize;
        let mut set = None;
        for (i, t) in self.toks.iter().enumerate() {
            match t.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => depth = depth.saturating_sub(1),
                TokenKind::Ident if depth == 0 && t.is_keyword(self.src, "SET") => {
                    set = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let Some(set) = set else { return Ok(()) };
        let end = self.clause_end(set + 1, &["WHERE", "ORDER", "LIMIT"]);
        self.assignments(set + 1..end, None, None)
    }

    /// The first depth-0 token at or after `from` that is one of `words`.
    pub(super) fn clause_end(&self, from: usize, words: &[&str]) -> usize {
        let mut depth = 0usize;
        for i in from..self.toks.len() {
            match self.toks[i].kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => depth = depth.saturating_sub(1),
                TokenKind::Ident if depth == 0 && words.iter().any(|w| self.kw(i, w)) => return i,
                _ => {}
            }
        }
        self.toks.len()
    }

    fn insert(&mut self) -> Result<(), Refusal> {
        let Some(t) = crate::sql::tables::insert_target(self.src, self.toks) else {
            return Ok(());
        };
        let Some(db) =
            t.db.map(Cow::into_owned)
                .or(self.current_db.map(str::to_string))
        else {
            return Ok(());
        };
        let table = t.table.into_owned();
        let i = t.after;
        let has_compressed = match self.view(&db, &table) {
            Some(Ok(cols)) => cols.iter().any(|(_, c)| c.is_some()),
            Some(Err(r)) => return Err(r),
            None => self.catalog.table_has_compressed(&db, &table),
        };
        if !has_compressed {
            // Writes go to a plain table; reads of compressed columns in an
            // INSERT ... SELECT are still judged below, and a `*` or `TABLE
            // t` that copies one is refused here.
            self.insert_select = true;
            if let Some(c) = self.copied_by_star(i..self.toks.len()) {
                return Err(refuse(
                    c,
                    RefuseReason::InsertSelect,
                    "INSERT ... SELECT of it",
                ));
            }
            return Ok(());
        }
        let target = (db, table);
        let (columns, i) = self.insert_column_list(i);
        if self.kw(i, "VALUES") || self.kw(i, "VALUE") {
            self.insert_values(i, &target, columns.as_deref())
        } else if self.kw(i, "SET") {
            self.insert_set(i, &target)
        } else {
            self.insert_select_into(i, &target, columns.as_deref())
        }
    }

    /// The column list of an INSERT at `i` (not a parenthesised SELECT):
    /// each column's name and token, and where the statement goes on.
    #[allow(clippy::type_complexity)]
    fn insert_column_list(&mut self, i: usize) -> (Option<Vec<(Cow<'a, str>, usize)>>, usize) {
        if self.kind(i) != Some(TokenKind::LParen) || self.is_query_start(i + 1) {
            return (None, i);
        }
        let close = matching_paren(self.toks, i);
        let mut cols = Vec::new();
        for item in self.split_commas(i + 1..close) {
            if item.is_empty() {
                continue;
            }
            // `t.col` is allowed: the column is the last name.
            let last = item.end - 1;
            cols.push((self.name(last), last));
        }
        self.mark(i..close + 1);
        (Some(cols), close + 1)
    }

    /// `INSERT ... VALUES (...), ... [AS alias] [ON DUPLICATE KEY UPDATE]`
    /// at `i` into a table with compressed columns.
    fn insert_values(
        &mut self,
        mut i: usize,
        target: &(String, String),
        columns: Option<&[(Cow<'a, str>, usize)]>,
    ) -> Result<(), Refusal> {
        let names = self.values_column_names(i, target, columns)?;
        let compressed: Vec<Option<ColumnRef>> = names
            .iter()
            .map(|n| self.check(&target.0, &target.1, n))
            .collect();
        i += 1;
        let Some(mut i) = self.values_rows(i, &compressed)? else {
            return Ok(());
        };
        // Row alias: `AS new [(a, b)]`.
        let mut row_alias = None;
        if self.kw(i, "AS") && self.toks.get(i + 1).is_some_and(is_name) {
            row_alias = Some(self.name(i + 1));
            self.mark(i..i + 2);
            i += 2;
            if self.kind(i) == Some(TokenKind::LParen) {
                let close = matching_paren(self.toks, i);
                self.mark(i..close + 1);
                i = close + 1;
            }
        }
        self.on_duplicate(i, target, row_alias.as_deref())
    }

    /// The columns the values of `VALUES` at `i` go to: the column list,
    /// or the table's columns in order (spliced in as a column list).
    fn values_column_names(
        &mut self,
        i: usize,
        target: &(String, String),
        columns: Option<&[(Cow<'a, str>, usize)]>,
    ) -> Result<Vec<String>, Refusal> {
        Ok(match columns {
            Some(c) => c.iter().map(|(n, _)| n.to_string()).collect(),
            None => match self.target_columns(target) {
                Some(c) => {
                    let list: Vec<String> = c
                        .iter()
                        .map(|n| format!("`{}`", n.replace('`', "``")))
                        .collect();
                    self.column_list =
                        Some((self.toks[i].start, format!("({}) ", list.join(", "))));
                    c
                }
                None => {
                    return Err(refuse(
                        ColumnRef {
                            db: target.0.clone(),
                            table: target.1.clone(),
                            column: String::new(),
                        },
                        RefuseReason::ColumnOrderUnknown,
                        "INSERT without a column list",
                    ))
                }
            },
        })
    }

    /// The rows `[ROW](...), ...` from `i`, each value judged for the
    /// compressed column it goes to; where the statement goes on, or `None`
    /// when a row's value count does not match (the server rejects it).
    fn values_rows(
        &mut self,
        mut i: usize,
        compressed: &[Option<ColumnRef>],
    ) -> Result<Option<usize>, Refusal> {
        loop {
            if self.kw(i, "ROW") {
                i += 1;
            }
            if self.kind(i) != Some(TokenKind::LParen) {
                break;
            }
            let close = matching_paren(self.toks, i);
            let values = self.split_commas(i + 1..close);
            if values.len() != compressed.len() && !(values.is_empty() && close == i + 1) {
                // MySQL rejects the statement (column count mismatch).
                self.sites.clear();
                self.bound.clear();
                return Ok(None);
            }
            for (v, c) in values.into_iter().zip(compressed) {
                if let Some(c) = c {
                    self.value_for(v, c, &|_: &Self, _: Range<usize>| false)?;
                }
            }
            i = close + 1;
            if self.kind(i) == Some(TokenKind::Comma) {
                i += 1;
            } else {
                break;
            }
        }
        Ok(Some(i))
    }

    /// `INSERT ... SET a = x, ... [AS alias] [ON DUPLICATE KEY UPDATE]` at
    /// `i`.
    fn insert_set(&mut self, i: usize, target: &(String, String)) -> Result<(), Refusal> {
        let end = self.clause_end(i + 1, &["ON", "AS"]);
        self.assignments(i + 1..end, Some(target), None)?;
        let mut j = end;
        let mut row_alias = None;
        if self.kw(j, "AS") && self.toks.get(j + 1).is_some_and(is_name) {
            row_alias = Some(self.name(j + 1));
            self.mark(j..j + 2);
            j += 2;
        }
        self.on_duplicate(j, target, row_alias.as_deref())
    }

    /// `INSERT ... SELECT / TABLE / (SELECT ...)` at `i` into a table with
    /// compressed columns: refused when it writes one or copies one by `*`.
    fn insert_select_into(
        &mut self,
        i: usize,
        target: &(String, String),
        columns: Option<&[(Cow<'a, str>, usize)]>,
    ) -> Result<(), Refusal> {
        if self.literal_select(i, target, columns)? {
            return Ok(());
        }
        if self.server_writes && self.server_select(i, target, columns)? {
            return Ok(());
        }
        let col_ref = |a: &Self, name: &str| a.check(&target.0, &target.1, name);
        let written = match columns {
            Some(c) => c.iter().find_map(|(n, _)| col_ref(self, n)),
            None => Some(ColumnRef {
                db: target.0.clone(),
                table: target.1.clone(),
                column: self
                    .target_columns(target)
                    .and_then(|cols| cols.into_iter().find(|c| col_ref(self, c).is_some()))
                    .unwrap_or_else(|| "?".into()),
            }),
        };
        if let Some(c) = written {
            return Err(refuse(
                c,
                RefuseReason::InsertSelect,
                "INSERT ... SELECT into it",
            ));
        }
        self.insert_select = true;
        if let Some(c) = self.copied_by_star(i..self.toks.len()) {
            return Err(refuse(
                c,
                RefuseReason::InsertSelect,
                "INSERT ... SELECT of it",
            ));
        }
        let odku = self.clause_end(i, &["ON"]);
        if self.kw(odku + 1, "DUPLICATE") {
            self.on_duplicate(odku, target, None)?;
        }
        Ok(())
    }

    /// The column names of the write target in order: a view's from its
    /// definition, a table's from the catalog.
    pub(super) fn target_columns(&self, target: &(String, String)) -> Option<Vec<String>> {
        match self.view(&target.0, &target.1) {
            Some(Ok(cols)) => Some(cols.into_iter().map(|(n, _)| n).collect()),
            _ => self.catalog.table_columns(&target.0, &target.1),
        }
    }

    /// `INSERT ... SELECT a, b [FROM DUAL]` (no table, no other clause):
    /// one row of constants, each value judged as in `VALUES`. `Ok(false)`:
    /// not that shape.
    fn literal_select(
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
            if self.kw(j, "FROM") {
                if !(self.kw(j + 1, "DUAL") && j + 2 == end) {
                    return Ok(false);
                }
                list_end = j;
                break;
            }
            // Any other clause or select option: a real query.
            if [
                "WHERE",
                "GROUP",
                "HAVING",
                "ORDER",
                "LIMIT",
                "UNION",
                "EXCEPT",
                "INTERSECT",
                "INTO",
                "WINDOW",
                "DISTINCT",
                "ALL",
                "DISTINCTROW",
                "FOR",
                "LOCK",
            ]
            .iter()
            .any(|w| self.kw(j, w))
            {
                return Ok(false);
            }
        }
        self.select_items_as_values(i + 1..list_end, end, target, columns)
    }

    pub(super) fn on_duplicate(
        &mut self,
        i: usize,
        target: &(String, String),
        row_alias: Option<&str>,
    ) -> Result<(), Refusal> {
        if self.kw(i, "ON")
            && self.kw(i + 1, "DUPLICATE")
            && self.kw(i + 2, "KEY")
            && self.kw(i + 3, "UPDATE")
        {
            let end = self.toks.len();
            self.assignments(i + 4..end, Some(target), row_alias)?;
        }
        Ok(())
    }
}
