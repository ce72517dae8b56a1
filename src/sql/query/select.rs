// Over 600 lines: one recursive-descent parser of query expressions, a method per grammar rule (WITH, set operations, VALUES, select list, ORDER/GROUP BY, tail clauses); FROM is in from.rs.
//! Query expressions: WITH, set operations, SELECT, ORDER BY / GROUP BY by
//! name, alias and ordinal, LIMIT, INTO and locking clauses. FROM (joins,
//! derived tables, CTEs, views) is in `from.rs`.

use super::expr::Val;
use super::scope::{OutCol, Relation, Scope, StarRole};
use super::{refusal, Cte, Parser, Stop, R};
use crate::sql::lexer::TokenKind;
use crate::sql::refusal::RefuseReason;

/// Words that end a select list or a FROM clause at depth 0.
const CLAUSE_WORDS: &[&str] = &[
    "FROM",
    "INTO",
    "WHERE",
    "GROUP",
    "HAVING",
    "WINDOW",
    "ORDER",
    "LIMIT",
    "UNION",
    "EXCEPT",
    "INTERSECT",
    "MINUS",
    "FOR",
    "LOCK",
    "PROCEDURE",
    "OFFSET",
    "FETCH",
    "RETURNING",
];

impl Parser<'_, '_> {
    /// A whole statement: one query and nothing after it.
    pub(super) fn query_statement(&mut self) -> R<Vec<OutCol>> {
        let out = self.query_expression()?;
        if !self.at_end() {
            return Err(self.unparsed("unexpected token after the query"));
        }
        Ok(out)
    }

    /// `[WITH ...] term { set-op term } [ORDER BY] [LIMIT] [INTO] [FOR UPDATE]`.
    pub(super) fn query_expression(&mut self) -> R<Vec<OutCol>> {
        self.enter()?;
        self.qdepth += 1;
        let visible = self.ctes.len();
        let having = std::mem::replace(&mut self.in_having, false);
        let r = self.query_expression_inner();
        self.in_having = having;
        self.ctes.truncate(visible);
        self.qdepth -= 1;
        self.leave();
        r
    }

    fn query_expression_inner(&mut self) -> R<Vec<OutCol>> {
        if self.kw("WITH") {
            self.with_clause()?;
        }
        let (out, scope) = self.set_expression()?;
        // ORDER BY after a single SELECT sees its FROM and its aliases;
        // after a set operation, only the result's columns.
        let mut scope = scope.unwrap_or_default();
        scope.outputs = out.clone();
        scope.aliases_visible = true;
        self.scopes.push(scope);
        let r = self.query_tail(&out);
        self.scopes.pop();
        r?;
        Ok(out)
    }

    fn with_clause(&mut self) -> R<()> {
        self.expect_kw("WITH")?;
        let recursive = self.eat_kw("RECURSIVE");
        loop {
            let name = self.take_name()?;
            let renames = if self.is_kind(TokenKind::LParen) {
                Some(self.name_list()?)
            } else {
                None
            };
            self.expect_kw("AS")?;
            self.expect_kind(TokenKind::LParen, "(")?;
            let body = self.pos;
            let columns = if recursive {
                self.ctes.push(Cte {
                    name: name.clone(),
                    columns: None,
                });
                let keep = std::mem::replace(&mut self.keep_bare, true);
                let cols = self.recursive_fixpoint(body, renames.as_deref());
                self.keep_bare = keep;
                self.ctes.pop();
                cols?
            } else {
                let keep = std::mem::replace(&mut self.keep_bare, true);
                let out = self.query_expression();
                self.keep_bare = keep;
                rename(out?, renames.as_deref())
            };
            self.expect_kind(TokenKind::RParen, ")")?;
            self.ctes.push(Cte {
                name,
                columns: Some(columns),
            });
            if !self.eat_kind(TokenKind::Comma) {
                break;
            }
        }
        Ok(())
    }

    /// The columns of a recursive CTE whose body starts at `body`: analyse
    /// with its own columns assumed plain, then again with what that found,
    /// until the compressed positions stop changing. They only ever grow (a
    /// position once compressed stays so), so a fixpoint comes within one
    /// round per column; a body that still changes after that is refused
    /// rather than half analysed.
    fn recursive_fixpoint(&mut self, body: usize, renames: Option<&[String]>) -> R<Vec<OutCol>> {
        let mut cols: Option<Vec<OutCol>> = None;
        let mut round = 0usize;
        let noted = self.noted_references();
        loop {
            self.pos = body;
            // Each round judges the body anew.
            self.forget_references_after(noted);
            let out = rename(self.query_expression()?, renames);
            let stable = cols.as_ref().is_some_and(|c| {
                c.len() == out.len()
                    && c.iter()
                        .zip(&out)
                        .all(|(a, b)| a.blob.is_some() == b.blob.is_some())
            });
            if stable {
                return Ok(out);
            }
            round += 1;
            if round > out.len() + 1 {
                return Err(Stop::Unparsed(
                    "a recursive CTE whose compressed columns do not settle".into(),
                ));
            }
            // Never forget a position found compressed in an earlier round.
            let mut merged = out;
            if let Some(prev) = &cols {
                for (m, p) in merged.iter_mut().zip(prev) {
                    if m.blob.is_none() {
                        m.blob = p.blob.clone();
                    }
                }
            }
            cols = Some(merged.clone());
            self.ctes.last_mut().expect("pushed").columns = Some(merged);
        }
    }

    /// `( name, ... )`.
    pub(super) fn name_list(&mut self) -> R<Vec<String>> {
        self.expect_kind(TokenKind::LParen, "(")?;
        let mut names = Vec::new();
        loop {
            names.push(self.take_name()?);
            if !self.eat_kind(TokenKind::Comma) {
                break;
            }
        }
        self.expect_kind(TokenKind::RParen, ")")?;
        Ok(names)
    }

    /// Terms joined by UNION / EXCEPT / INTERSECT. Only `UNION ALL` passes
    /// values through; every other set operation compares rows.
    fn set_expression(&mut self) -> R<(Vec<OutCol>, Option<Scope>)> {
        let (mut out, mut scope) = self.query_term()?;
        loop {
            let op = if self.kw("UNION") {
                "UNION"
            } else if self.kw("EXCEPT") || self.kw("MINUS") {
                "EXCEPT"
            } else if self.kw("INTERSECT") {
                "INTERSECT"
            } else {
                break;
            };
            self.pos += 1;
            let all = self.eat_kw("ALL");
            if !all {
                self.eat_kw("DISTINCT");
            }
            let (rhs, _) = self.query_term()?;
            scope = None;
            if let Some((_, c, item)) = self.json.first() {
                return Err(refusal(
                    c.clone(),
                    RefuseReason::JsonFunction,
                    format!("`{}` in a set operation ({op})", item.text),
                ));
            }
            if !(op == "UNION" && all) {
                let what = if op == "UNION" {
                    "UNION (DISTINCT), which compares rows to remove duplicates".to_string()
                } else {
                    format!("{op}, which compares rows")
                };
                if let Some(c) = out.iter().chain(&rhs).find_map(|o| o.blob.clone()) {
                    // Kept items are analysed again, wrapped.
                    self.rewrap_kept();
                    return Err(refusal(c, RefuseReason::Comparison, what));
                }
            }
            for (o, r) in out.iter_mut().zip(rhs) {
                if o.blob.is_none() {
                    o.blob = r.blob;
                }
            }
        }
        Ok((out, scope))
    }

    fn query_term(&mut self) -> R<(Vec<OutCol>, Option<Scope>)> {
        if self.is_kind(TokenKind::LParen) {
            self.pos += 1;
            let out = self.query_expression()?;
            self.expect_kind(TokenKind::RParen, ")")?;
            return Ok((out, None));
        }
        if self.kw("SELECT") {
            let (out, scope) = self.select_core()?;
            return Ok((out, Some(scope)));
        }
        if self.kw("VALUES") {
            self.pos += 1;
            return Ok((self.values_rows()?, None));
        }
        if self.kw("TABLE") {
            self.pos += 1;
            let mut rels = Vec::new();
            self.table_name_factor(&mut rels)?;
            let out = self.star_columns(&rels)?;
            return Ok((out, None));
        }
        Err(self.unparsed("expected SELECT"))
    }

    /// `VALUES (..), (..)` / `VALUES ROW(..), ...`.
    fn values_rows(&mut self) -> R<Vec<OutCol>> {
        let mut out: Vec<OutCol> = Vec::new();
        loop {
            self.eat_kw("ROW");
            self.expect_kind(TokenKind::LParen, "(")?;
            let mut i = 0;
            loop {
                let start = self.pos;
                let v = self.expr()?;
                if let (Val::NullProbe(c), false) = (&v, self.server_evaluates()) {
                    return Err(refusal(
                        c.clone(),
                        RefuseReason::JsonFunction,
                        "JSON_UNQUOTE",
                    ));
                }
                let blob = match v {
                    // Wrapped where the server evaluates: the document.
                    Val::Blob(c) if !self.server_evaluates() => Some(c),
                    _ => None,
                };
                if i == out.len() {
                    out.push(OutCol {
                        name: self.text_of(start, self.pos),
                        blob,
                    });
                } else if out[i].blob.is_none() {
                    out[i].blob = blob;
                }
                i += 1;
                if !self.eat_kind(TokenKind::Comma) {
                    break;
                }
            }
            self.expect_kind(TokenKind::RParen, ")")?;
            if !self.eat_kind(TokenKind::Comma) {
                break;
            }
        }
        Ok(out)
    }

    pub(super) fn text_of(&self, from: usize, to: usize) -> String {
        if from >= to {
            return String::new();
        }
        let a = self.toks[from].start;
        let b = self.toks[to - 1].end;
        String::from_utf8_lossy(&self.src[a..b]).into_owned()
    }

    /// One `SELECT ... [FROM] [WHERE] [GROUP BY] [HAVING] [WINDOW]`.
    fn select_core(&mut self) -> R<(Vec<OutCol>, Scope)> {
        self.expect_kw("SELECT")?;
        let mut distinct = false;
        loop {
            if self.any_kw(&["DISTINCT", "DISTINCTROW"]) {
                distinct = true;
            } else if !self.any_kw(&[
                "ALL",
                "HIGH_PRIORITY",
                "STRAIGHT_JOIN",
                "SQL_SMALL_RESULT",
                "SQL_BIG_RESULT",
                "SQL_BUFFER_RESULT",
                "SQL_CACHE",
                "SQL_NO_CACHE",
                "SQL_CALC_FOUND_ROWS",
            ]) {
                break;
            }
            self.pos += 1;
        }
        // The select list names FROM's relations, which come after it:
        // read FROM first, then come back.
        let list_start = self.pos;
        let list_end = self.clause_end(self.pos);
        self.pos = list_end;
        let mut into_early = false;
        if self.kw("INTO") {
            into_early = true;
            self.skip_into()?;
        }
        let mut scope = Scope::default();
        if self.eat_kw("FROM") {
            if self.kw("DUAL") {
                self.pos += 1;
            } else {
                scope.relations = self.table_references()?;
            }
        }
        let after_from = self.pos;
        if self.qdepth == 1 && self.top.is_none() && list_end > list_start {
            self.top = Some(super::filter::TopSelect {
                relations: scope.relations.clone(),
                list_end: self.toks[list_end - 1].end,
                items: list_start..list_end,
            });
        }
        scope.grouped = self.grouped_after(after_from);
        self.scopes.push(scope);
        let r = self.select_body(list_start, list_end, after_from, distinct, into_early);
        let scope = self.scopes.pop().expect("pushed");
        let out = r?;
        Ok((out, scope))
    }

    fn select_body(
        &mut self,
        list_start: usize,
        list_end: usize,
        after_from: usize,
        distinct: bool,
        into_early: bool,
    ) -> R<Vec<OutCol>> {
        self.pos = list_start;
        let out = self.select_list(distinct)?;
        if self.pos != list_end {
            return Err(self.unparsed("unexpected token in the select list"));
        }
        if into_early {
            self.refuse_carried_out(&out, "SELECT ... INTO")?;
        }
        self.pos = after_from;
        if self.eat_kw("WHERE") {
            let was = std::mem::replace(&mut self.in_condition, true);
            let r = self.where_condition();
            self.in_condition = was;
            r?;
        }
        self.scopes.last_mut().expect("pushed").outputs = out.clone();
        if self.kw("GROUP") && self.kw_at(1, "BY") {
            self.pos += 2;
            self.with_aliases(|p| p.sort_keys(&out, RefuseReason::GroupBy, "GROUP BY"))?;
            if self.kw("WITH") && self.kw_at(1, "ROLLUP") {
                self.pos += 2;
            }
        }
        if self.eat_kw("HAVING") {
            // MariaDB resolves a column in HAVING against the grouped and
            // selected ones: the document is neither (`Unknown column 'doc'
            // in 'HAVING'`), its extracted column may be; a path there is
            // not rewritten, so the answer stays MariaDB's error.
            let was = std::mem::replace(&mut self.in_having, true);
            let cond = std::mem::replace(&mut self.in_condition, true);
            let r =
                self.with_aliases(|p| p.plain_expr(RefuseReason::Comparison, "a HAVING condition"));
            self.in_having = was;
            self.in_condition = cond;
            r?;
        }
        if self.eat_kw("WINDOW") {
            loop {
                self.take_name()?;
                self.expect_kw("AS")?;
                self.scan_group(RefuseReason::OrderBy, "a window's PARTITION BY / ORDER BY")?;
                if !self.eat_kind(TokenKind::Comma) {
                    break;
                }
            }
        }
        Ok(out)
    }

    /// Does a `GROUP BY` of this query level follow `from`?
    fn grouped_after(&self, from: usize) -> bool {
        let mut depth = 0usize;
        for k in from..self.toks.len() {
            let t = self.toks[k];
            match t.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen if depth == 0 => return false,
                TokenKind::RParen => depth -= 1,
                TokenKind::Ident
                    if depth == 0
                        && t.is_keyword(self.src, "GROUP")
                        && self
                            .toks
                            .get(k + 1)
                            .is_some_and(|n| n.is_keyword(self.src, "BY")) =>
                {
                    return true
                }
                _ => {}
            }
        }
        false
    }

    fn with_aliases<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        let scope = self.scopes.last_mut().expect("a select scope");
        let was = scope.aliases_visible;
        scope.aliases_visible = true;
        let r = f(self);
        self.scopes
            .last_mut()
            .expect("a select scope")
            .aliases_visible = was;
        r
    }

    /// The first depth-0 clause keyword (or `)`, or the end) at or after `from`.
    fn clause_end(&self, from: usize) -> usize {
        let mut depth = 0usize;
        let mut k = from;
        while k < self.toks.len() {
            let t = self.toks[k];
            match t.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen if depth == 0 => return k,
                TokenKind::RParen => depth -= 1,
                TokenKind::Ident
                    if depth == 0 && CLAUSE_WORDS.iter().any(|w| t.is_keyword(self.src, w)) =>
                {
                    return k;
                }
                _ => {}
            }
            k += 1;
        }
        k
    }

    fn select_list(&mut self, distinct: bool) -> R<Vec<OutCol>> {
        let mut out = Vec::new();
        // Per item: the base relation (index in this scope) and column a
        // plain column reference reads.
        let mut sources: Vec<Option<(usize, String)>> = Vec::new();
        loop {
            if self.eat_op("*") {
                let rels = self.scopes.last().expect("select scope").relations.clone();
                out.extend(self.star_columns(&rels)?);
            } else if let Some(rels) = self.qualified_star()? {
                out.extend(self.star_columns(&rels)?);
            } else {
                let start = self.pos;
                let bare_name = self.bare_column_name();
                let rewrites = self.rewrites.len();
                let noted = self.noted_references();
                let was = std::mem::replace(&mut self.in_select_item, true);
                let v = self.expr();
                self.in_select_item = was;
                let v = v?;
                let end = self.pos;
                sources.resize(out.len(), None);
                sources.push(self.chain_source(start, end));
                if self.server_evaluates() {
                    let alias = self.alias()?;
                    let blob = self.server_select_item(
                        (start, end),
                        noted,
                        &v,
                        bare_name.as_deref(),
                        alias.is_some(),
                        distinct,
                    );
                    if alias.is_none() && self.rewrites.len() > rewrites {
                        // A declared path's column changed the text.
                        self.alias_item_as_written(start, end);
                    }
                    let name = alias
                        .or(bare_name)
                        .unwrap_or_else(|| self.text_of(start, end));
                    out.push(OutCol { name, blob });
                    if !self.eat_kind(TokenKind::Comma) {
                        break;
                    }
                    continue;
                }
                if let Val::NullProbe(c) = &v {
                    return Err(refusal(
                        c.clone(),
                        RefuseReason::JsonFunction,
                        "JSON_UNQUOTE",
                    ));
                }
                if let Val::Json(c, item) = &v {
                    // Only where squeeze relays the result itself: the
                    // statement's own select list.
                    if !(self.allow_json && self.qdepth == 1 && self.views.is_empty()) {
                        return Err(refusal(
                            c.clone(),
                            RefuseReason::JsonFunction,
                            format!(
                                "`{}` where squeeze does not relay the result itself (inside a subquery, derived table, CTE, view, stored program, PREPARE ... FROM or EXECUTE IMMEDIATE text, or SET STATEMENT)",
                                item.text
                            ),
                        ));
                    }
                }
                let alias = self.alias()?;
                if alias.is_none() && self.rewrites.len() > rewrites {
                    // The item's text is its column name: it must not change.
                    let (c, _) = self.rewrites.swap_remove(rewrites);
                    return Err(refusal(
                        c,
                        RefuseReason::JsonFunction,
                        format!(
                            "a declared JSON path inside the select-list item `{}` without an alias (its text is the result column's name); give the item an alias",
                            self.text_of(start, end)
                        ),
                    ));
                }
                let name = match alias {
                    Some(a) => a,
                    None => bare_name.unwrap_or_else(|| self.text_of(start, end)),
                };
                if let Val::Json(c, item) = &v {
                    let mut item = (**item).clone();
                    item.name = name.clone();
                    self.json.push((out.len(), c.clone(), item));
                }
                out.push(OutCol {
                    name,
                    // A JSON item counts as the compressed column for every
                    // other judgement (ORDER BY 1, DISTINCT, INTO...).
                    blob: match v {
                        Val::Blob(c) | Val::Json(c, _) => Some(c),
                        _ => None,
                    },
                });
            }
            if !self.eat_kind(TokenKind::Comma) {
                break;
            }
        }
        if distinct {
            sources.resize(out.len(), None);
            for (o, src) in out.iter().zip(&sources) {
                if let Some(c) = &o.blob {
                    if !self.key_decides(c, src.as_ref(), &sources)? {
                        return Err(refusal(
                            c.clone(),
                            RefuseReason::Distinct,
                            "SELECT DISTINCT",
                        ));
                    }
                }
            }
        }
        Ok(out)
    }

    /// Under DISTINCT, is a compressed output never compared? It is not
    /// when it is read straight from a base table whose whole primary key
    /// is in the select list from the same table reference: two result
    /// rows with equal keys come from the same stored row (equal documents
    /// too), and rows with different keys differ anyway. `Err` when the
    /// table's key is not known yet (read it and plan again).
    fn key_decides(
        &self,
        c: &crate::sql::refusal::ColumnRef,
        src: Option<&(usize, String)>,
        sources: &[Option<(usize, String)>],
    ) -> R<bool> {
        let Some((rel, col)) = src else {
            return Ok(false);
        };
        let scope = self.scopes.last().expect("select scope");
        if scope.grouped || !col.eq_ignore_ascii_case(&c.column) {
            return Ok(false);
        }
        let Some((db, table)) = &scope.relations[*rel].base else {
            return Ok(false);
        };
        if (db, table) != (&c.db, &c.table) {
            return Ok(false);
        }
        // Nothing else read from that table: no key can be in the list.
        let others = sources
            .iter()
            .flatten()
            .filter(|(r, n)| r == rel && !n.eq_ignore_ascii_case(col))
            .count();
        if others == 0 {
            return Ok(false);
        }
        let Some(key) = self.catalog.primary_key(db, table) else {
            return Err(Stop::NeedColumns(db.clone(), table.clone()));
        };
        Ok(!key.is_empty()
            && key.iter().all(|k| {
                sources
                    .iter()
                    .flatten()
                    .any(|(r, n)| r == rel && n.eq_ignore_ascii_case(k))
            }))
    }

    /// The base relation (index in the current scope) and column that the
    /// select item `start..end` reads, when it is exactly a column chain
    /// (`c`, `t.c`, `db.t.c`) naming one unambiguously.
    fn chain_source(&self, start: usize, end: usize) -> Option<(usize, String)> {
        let toks = &self.toks[start..end];
        let mut names = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            let want_name = i % 2 == 0;
            match t.kind {
                TokenKind::Ident | TokenKind::QuotedIdent if want_name => {
                    names.push(self.name_text(start + i))
                }
                TokenKind::Dot if !want_name => {}
                _ => return None,
            }
        }
        if toks.len() % 2 == 0 {
            return None;
        }
        let scope = self.scopes.last()?;
        let (col, found): (String, Vec<usize>) = match names.as_slice() {
            [c] => (
                c.clone(),
                (0..scope.relations.len())
                    .filter(|&i| {
                        let r = &scope.relations[i];
                        r.star != StarRole::StarOnly
                            && match &r.base {
                                Some((d, t)) => {
                                    self.catalog.table_columns(d, t).is_some_and(|cols| {
                                        cols.iter().any(|x| x.eq_ignore_ascii_case(c))
                                    })
                                }
                                None => r.columns.as_ref().is_some_and(|cols| {
                                    cols.iter().any(|x| x.name.eq_ignore_ascii_case(c))
                                }),
                            }
                    })
                    .collect(),
            ),
            [q, c] => (
                c.clone(),
                (0..scope.relations.len())
                    .filter(|&i| {
                        let r = &scope.relations[i];
                        r.star != StarRole::StarOnly && r.qualifier == *q
                    })
                    .collect(),
            ),
            [d, t, c] => (
                c.clone(),
                (0..scope.relations.len())
                    .filter(|&i| {
                        let r = &scope.relations[i];
                        r.star != StarRole::StarOnly
                            && r.qualifier == *t
                            && r.base.as_ref().is_some_and(|(bd, bt)| bd == d && bt == t)
                    })
                    .collect(),
            ),
            _ => return None,
        };
        match found.as_slice() {
            [one] if scope.relations[*one].base.is_some() => Some((*one, col)),
            _ => None,
        }
    }

    /// If the item at the cursor is a plain column chain (`a`, `t.a`,
    /// `db.t.a`) followed by the end of the item, its last part.
    fn bare_column_name(&self) -> Option<String> {
        let mut k = self.pos;
        loop {
            let t = self.toks.get(k)?;
            if !matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent) {
                return None;
            }
            // `CASE x ...`, `NOT x`: an expression, not a name and an alias.
            if t.kind == TokenKind::Ident && super::is_reserved(t.text(self.src)) {
                return None;
            }
            if self.toks.get(k + 1).map(|t| t.kind) == Some(TokenKind::Dot) {
                k += 2;
                continue;
            }
            let next = self.toks.get(k + 1);
            let ends = match next {
                None => true,
                Some(n) => {
                    matches!(
                        n.kind,
                        TokenKind::Comma
                            | TokenKind::RParen
                            | TokenKind::QuotedIdent
                            | TokenKind::Str { .. }
                    ) || (n.kind == TokenKind::Ident)
                }
            };
            return ends.then(|| self.name_text(k));
        }
    }

    /// `t.*` / `db.t.*` at the cursor: the relations it expands.
    fn qualified_star(&mut self) -> R<Option<Vec<Relation>>> {
        let mut k = self.pos;
        let mut names = Vec::new();
        while matches!(
            self.toks.get(k).map(|t| t.kind),
            Some(TokenKind::Ident | TokenKind::QuotedIdent)
        ) && self.toks.get(k + 1).map(|t| t.kind) == Some(TokenKind::Dot)
        {
            names.push(self.name_text(k));
            k += 2;
        }
        if names.is_empty() || !self.toks.get(k).is_some_and(|t| t.is_op(self.src, "*")) {
            return Ok(None);
        }
        self.pos = k + 1;
        let scope = self.scopes.last().expect("select scope");
        let found: Vec<Relation> = scope
            .relations
            .iter()
            .filter(|r| match names.as_slice() {
                [q] => r.qualifier == *q || r.qualifier.eq_ignore_ascii_case(q),
                [db, t] => r.base.as_ref().is_some_and(|(d, tt)| d == db && tt == t),
                _ => false,
            })
            .take(1)
            .cloned()
            .collect();
        if found.is_empty() {
            return Err(self.unparsed("`t.*` of an unknown table"));
        }
        Ok(Some(found))
    }

    /// The columns `*` expands to over `rels`.
    pub(super) fn star_columns(&mut self, rels: &[Relation]) -> R<Vec<OutCol>> {
        let mut out = Vec::new();
        for r in rels.iter().filter(|r| r.star != StarRole::Merged) {
            out.extend(self.relation_columns(r)?);
        }
        Ok(out)
    }

    pub(super) fn relation_columns(&self, r: &Relation) -> R<Vec<OutCol>> {
        if let Some(cols) = &r.columns {
            return Ok(cols.clone());
        }
        let Some((db, table)) = &r.base else {
            return Err(Stop::Unparsed("the columns of a table function".into()));
        };
        match self.catalog.table_columns(db, table) {
            Some(names) => Ok(names
                .into_iter()
                .map(|n| OutCol {
                    blob: self.catalog.is_compressed(db, table, &n).then(|| {
                        crate::sql::refusal::ColumnRef {
                            db: db.clone(),
                            table: table.clone(),
                            column: n.clone(),
                        }
                    }),
                    name: n,
                })
                .collect()),
            None => Err(Stop::NeedColumns(db.clone(), table.clone())),
        }
    }

    /// `[AS] alias` after a select item; `None` when there is none.
    fn alias(&mut self) -> R<Option<String>> {
        if self.eat_kw("AS") {
            if matches!(self.kind_at(0), Some(TokenKind::Str { .. })) {
                self.pos += 1;
                return Ok(Some(self.string_text(self.pos - 1)));
            }
            return self.take_name().map(Some);
        }
        if matches!(self.kind_at(0), Some(TokenKind::Str { .. })) {
            self.pos += 1;
            return Ok(Some(self.string_text(self.pos - 1)));
        }
        if self.is_name() {
            self.pos += 1;
            return Ok(Some(self.name_text(self.pos - 1)));
        }
        Ok(None)
    }

    fn string_text(&self, i: usize) -> String {
        crate::sql::lexer::decode_string(self.src, &self.toks[i], self.opts)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    }

    /// ORDER BY / GROUP BY items: a number alone is an ordinal into the
    /// select list; anything else an expression (aliases visible).
    pub(super) fn sort_keys(
        &mut self,
        out: &[OutCol],
        reason: RefuseReason,
        clause: &str,
    ) -> R<()> {
        loop {
            let ordinal_end = matches!(
                self.kind_at(1),
                None | Some(TokenKind::Comma | TokenKind::RParen)
            ) || self.kw_at(1, "ASC")
                || self.kw_at(1, "DESC")
                || self.kw_at(1, "LIMIT")
                || self.kw_at(1, "WITH")
                || self.kw_at(1, "HAVING")
                || self.kw_at(1, "ORDER")
                || self.kw_at(1, "WINDOW")
                || self.kw_at(1, "OFFSET")
                || self.kw_at(1, "FETCH")
                || self.kw_at(1, "FOR")
                || self.kw_at(1, "LOCK")
                || self.kw_at(1, "INTO")
                || self.kw_at(1, "PROCEDURE")
                || self.kw_at(1, "UNION")
                || self.kw_at(1, "EXCEPT")
                || self.kw_at(1, "INTERSECT");
            if reason == RefuseReason::OrderBy && self.is_name() && ordinal_end {
                // A bare name in ORDER BY means a select-list alias first
                // (MariaDB's find_order_in_list), a FROM column only when
                // no output has that name: `SELECT id AS doc ... ORDER BY
                // doc` sorts by id.
                let name = self.name_text(self.pos);
                let mut named = out.iter().filter(|o| o.name.eq_ignore_ascii_case(&name));
                if let Some(first) = named.next() {
                    if let Some(c) = std::iter::once(first)
                        .chain(named)
                        .find_map(|o| o.blob.clone())
                    {
                        self.rewrap_kept();
                        return Err(refusal(c, reason, clause));
                    }
                    self.pos += 1;
                    if !self.eat_kw("ASC") {
                        self.eat_kw("DESC");
                    }
                    if !self.eat_kind(TokenKind::Comma) {
                        return Ok(());
                    }
                    continue;
                }
            }
            if self.is_kind(TokenKind::Number) && ordinal_end {
                let n: usize = String::from_utf8_lossy(self.toks[self.pos].text(self.src))
                    .parse()
                    .unwrap_or(0);
                if let Some(c) = n
                    .checked_sub(1)
                    .and_then(|i| out.get(i))
                    .and_then(|o| o.blob.clone())
                {
                    self.rewrap_kept();
                    return Err(refusal(c, reason, format!("{clause} {n}")));
                }
                self.pos += 1;
            } else {
                // A declared path sorts and groups as its extracted column.
                let noted = self.noted_references();
                let v = self.expr()?;
                // Grouped by the document, a kept item would be the stored
                // bytes of any row of the group (and refused under
                // ONLY_FULL_GROUP_BY): every item is wrapped instead.
                if reason == RefuseReason::GroupBy
                    && self.noted_references() > noted
                    && self.rewrap_kept()
                {
                    return Err(self.unparsed("grouped by a compressed value"));
                }
                let was = std::mem::replace(&mut self.in_order_by, reason == RefuseReason::OrderBy);
                let taken = self.take_extracted(&v, &[]);
                self.in_order_by = was;
                if !taken {
                    self.reject(&v, reason, clause)?;
                }
            }
            if !self.eat_kw("ASC") {
                self.eat_kw("DESC");
            }
            if !self.eat_kind(TokenKind::Comma) {
                return Ok(());
            }
        }
    }

    /// ORDER BY, LIMIT, OFFSET/FETCH, INTO, PROCEDURE, FOR UPDATE, LOCK IN
    /// SHARE MODE after a query.
    fn query_tail(&mut self, out: &[OutCol]) -> R<()> {
        loop {
            if self.kw("ORDER") && self.kw_at(1, "BY") {
                self.pos += 2;
                self.sort_keys(out, RefuseReason::OrderBy, "ORDER BY")?;
            } else if self.eat_kw("LIMIT") {
                if self.kw("ROWS") && self.kw_at(1, "EXAMINED") {
                    self.pos += 2;
                    self.plain_expr(RefuseReason::Other, "LIMIT")?;
                    continue;
                }
                self.plain_expr(RefuseReason::Other, "LIMIT")?;
                if self.eat_kind(TokenKind::Comma) || self.eat_kw("OFFSET") {
                    self.plain_expr(RefuseReason::Other, "LIMIT")?;
                }
                if self.kw("ROWS") && self.kw_at(1, "EXAMINED") {
                    self.pos += 2;
                    self.plain_expr(RefuseReason::Other, "LIMIT")?;
                }
            } else if self.eat_kw("OFFSET") {
                self.plain_expr(RefuseReason::Other, "OFFSET")?;
                if !self.eat_kw("ROWS") {
                    self.eat_kw("ROW");
                }
            } else if self.eat_kw("FETCH") {
                if !self.eat_kw("FIRST") {
                    self.expect_kw("NEXT")?;
                }
                if !self.any_kw(&["ROW", "ROWS"]) {
                    self.plain_expr(RefuseReason::Other, "FETCH")?;
                }
                if !self.eat_kw("ROWS") {
                    self.expect_kw("ROW")?;
                }
                if self.eat_kw("WITH") {
                    self.expect_kw("TIES")?;
                } else {
                    self.expect_kw("ONLY")?;
                }
            } else if self.kw("INTO") {
                self.refuse_carried_out(out, "SELECT ... INTO")?;
                self.skip_into()?;
            } else if self.eat_kw("PROCEDURE") {
                if let Some(c) = out.iter().find_map(|o| o.blob.clone()) {
                    return Err(refusal(c, RefuseReason::Function, "PROCEDURE ANALYSE()"));
                }
                self.take_name()?;
                self.skip_parens()?;
            } else if self.kw("FOR") && self.kw_at(1, "UPDATE") {
                self.pos += 2;
                if self.eat_kw("OF") {
                    loop {
                        self.take_name()?;
                        if !self.eat_kind(TokenKind::Comma) {
                            break;
                        }
                    }
                }
                self.lock_wait()?;
            } else if self.kw("LOCK") && self.kw_at(1, "IN") {
                self.pos += 2;
                self.expect_kw("SHARE")?;
                self.expect_kw("MODE")?;
                self.lock_wait()?;
            } else {
                return Ok(());
            }
        }
    }

    fn lock_wait(&mut self) -> R<()> {
        if self.eat_kw("NOWAIT") {
        } else if self.kw("SKIP") && self.kw_at(1, "LOCKED") {
            self.pos += 2;
        } else if self.eat_kw("WAIT") {
            self.plain_expr(RefuseReason::Other, "WAIT")?;
        }
        Ok(())
    }

    fn refuse_carried_out(&mut self, out: &[OutCol], what: &str) -> R<()> {
        if let Some(c) = out.iter().find_map(|o| o.blob.clone()) {
            self.rewrap_kept();
            return Err(refusal(
                c,
                RefuseReason::Copy,
                format!(
                    "{what}, which would carry the compressed value where squeeze cannot inflate it (a file or a variable); select the column to the client instead"
                ),
            ));
        }
        Ok(())
    }

    /// `INTO OUTFILE '..' [options] | INTO DUMPFILE '..' | INTO @a, @b`.
    fn skip_into(&mut self) -> R<()> {
        self.expect_kw("INTO")?;
        if self.eat_kw("OUTFILE") || self.eat_kw("DUMPFILE") {
            // The file name and export options: up to the next clause.
            while !(self.at_end()
                || self.is_kind(TokenKind::RParen)
                || (self.kw("FOR") && self.kw_at(1, "UPDATE"))
                || (self.kw("LOCK") && self.kw_at(1, "IN"))
                || self.any_kw(&["FROM", "UNION", "EXCEPT", "INTERSECT"]))
            {
                self.pos += 1;
            }
            return Ok(());
        }
        loop {
            if !(self.eat_kind(TokenKind::Variable) || self.take_name().is_ok()) {
                return Err(self.unparsed("expected a variable after INTO"));
            }
            if !self.eat_kind(TokenKind::Comma) {
                return Ok(());
            }
        }
    }
}

/// Apply a column-name list (`WITH c (a, b)`, `AS d (a, b)`).
pub(super) fn rename(mut out: Vec<OutCol>, names: Option<&[String]>) -> Vec<OutCol> {
    if let Some(names) = names {
        for (o, n) in out.iter_mut().zip(names) {
            o.name = n.clone();
        }
    }
    out
}
