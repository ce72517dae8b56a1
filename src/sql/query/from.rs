//! FROM: table references, joins (`NATURAL`, `USING`, `ON`), derived
//! tables, table functions, CTEs and views by name. A factor's names,
//! alias, partitions, column list and index hints are read from the one
//! relation walk ([`crate::sql::tables`]), not parsed again here: a factor
//! the walk did not record is a shape the analyzer does not understand.

use super::scope::{OutCol, Relation, Scope, StarRole};
use super::select::rename;
use super::{refusal, Parser, R};
use crate::sql::lexer::TokenKind;
use crate::sql::refusal::RefuseReason;
use crate::sql::tables::{column_names, factor_tail, Context, TableRef};

impl<'a> Parser<'a, '_> {
    pub(super) fn table_references(&mut self) -> R<Vec<Relation>> {
        let mut rels = Vec::new();
        loop {
            self.table_ref(&mut rels)?;
            if !self.eat_kind(TokenKind::Comma) {
                return Ok(rels);
            }
        }
    }

    /// A table factor and the joins hanging off it.
    fn table_ref(&mut self, rels: &mut Vec<Relation>) -> R<()> {
        let start = rels.len();
        self.table_factor(rels)?;
        loop {
            let natural = self.eat_kw("NATURAL");
            let mut joined = false;
            if self.eat_kw("STRAIGHT_JOIN") {
                joined = true;
            } else {
                if self.any_kw(&["LEFT", "RIGHT", "FULL"]) {
                    self.pos += 1;
                    self.eat_kw("OUTER");
                } else if self.any_kw(&["INNER", "CROSS"]) {
                    self.pos += 1;
                }
                if self.eat_kw("JOIN") {
                    joined = true;
                }
            }
            if !joined {
                if natural {
                    return Err(self.unparsed("expected JOIN after NATURAL"));
                }
                return Ok(());
            }
            let right_join = self.toks[self.pos.saturating_sub(2)].is_keyword(self.src, "RIGHT")
                || self.toks[self.pos.saturating_sub(3)].is_keyword(self.src, "RIGHT");
            let left = rels.len();
            self.table_factor(rels)?;
            if natural {
                self.natural_join(&rels[start..left], &rels[left..])?;
                let common = self.common_names(&rels[start..left], &rels[left..])?;
                self.merge_for_star(rels, start, left, &common, right_join)?;
            }
            self.join_condition(rels, start, left, right_join)?;
        }
    }

    /// `ON cond` or `USING (names)` after a join's right factor, if any.
    /// Kept out of `table_ref`, which recurses once per parenthesised join:
    /// its frame stays small.
    #[inline(never)]
    fn join_condition(
        &mut self,
        rels: &mut Vec<Relation>,
        start: usize,
        left: usize,
        right_join: bool,
    ) -> R<()> {
        if self.eat_kw("ON") {
            let was = std::mem::replace(&mut self.in_condition, true);
            let r = self.in_relations_scope(rels, |p| {
                p.plain_expr(RefuseReason::Comparison, "a JOIN ... ON condition")
            });
            self.in_condition = was;
            r?;
        } else if self.eat_kw("USING") {
            let names = self.name_list()?;
            self.merge_for_star(rels, start, left, &names, right_join)?;
            for n in names {
                for r in rels.iter() {
                    if let Some(c) = self.relation_columns(r).ok().and_then(|cols| {
                        cols.into_iter()
                            .find(|c| c.name.eq_ignore_ascii_case(&n))
                            .and_then(|c| c.blob)
                    }) {
                        return Err(refusal(c, RefuseReason::Comparison, "JOIN ... USING"));
                    }
                    if let Some((db, t)) = &r.base {
                        if self.catalog.is_compressed(db, t, &n) {
                            return Err(refusal(
                                crate::sql::refusal::ColumnRef {
                                    db: db.clone(),
                                    table: t.clone(),
                                    column: n.clone(),
                                },
                                RefuseReason::Comparison,
                                "JOIN ... USING",
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The column names both sides of a NATURAL JOIN have.
    fn common_names(&self, left: &[Relation], right: &[Relation]) -> R<Vec<String>> {
        let l = self.star_of(left)?;
        let r = self.star_of(right)?;
        Ok(l.iter()
            .filter(|a| r.iter().any(|b| b.name.eq_ignore_ascii_case(&a.name)))
            .map(|a| a.name.clone())
            .collect())
    }

    fn star_of(&self, rels: &[Relation]) -> R<Vec<OutCol>> {
        let mut out = Vec::new();
        for r in rels.iter().filter(|r| r.star != StarRole::Merged) {
            out.extend(self.relation_columns(r)?);
        }
        Ok(out)
    }

    /// After `NATURAL JOIN` / `JOIN ... USING (common)`, `*` lists the
    /// common columns once, first, then the rest of each side (the right
    /// side's first for a RIGHT JOIN): add that list as a relation only `*`
    /// sees, and hide the joined ones from `*`.
    fn merge_for_star(
        &self,
        rels: &mut Vec<Relation>,
        start: usize,
        left: usize,
        common: &[String],
        right_join: bool,
    ) -> R<()> {
        let l = self.star_of(&rels[start..left])?;
        let r = self.star_of(&rels[left..])?;
        let is_common = |c: &OutCol| common.iter().any(|n| n.eq_ignore_ascii_case(&c.name));
        let (first, second) = if right_join { (&r, &l) } else { (&l, &r) };
        let mut merged: Vec<OutCol> = Vec::new();
        for n in common {
            let a = first.iter().find(|c| c.name.eq_ignore_ascii_case(n));
            let b = second.iter().find(|c| c.name.eq_ignore_ascii_case(n));
            let name = a.or(b).map(|c| c.name.clone()).unwrap_or_else(|| n.clone());
            let blob = a
                .and_then(|c| c.blob.clone())
                .or_else(|| b.and_then(|c| c.blob.clone()));
            merged.push(OutCol { name, blob });
        }
        merged.extend(first.iter().filter(|c| !is_common(c)).cloned());
        merged.extend(second.iter().filter(|c| !is_common(c)).cloned());
        for rel in &mut rels[start..] {
            rel.star = StarRole::Merged;
        }
        rels.push(Relation {
            qualifier: String::new(),
            base: None,
            columns: Some(merged),
            star: StarRole::StarOnly,
        });
        Ok(())
    }

    /// NATURAL JOIN compares every column the two sides share by name.
    fn natural_join(&self, left: &[Relation], right: &[Relation]) -> R<()> {
        let mut l = Vec::new();
        for r in left {
            l.extend(self.relation_columns(r)?);
        }
        let mut rr = Vec::new();
        for r in right {
            rr.extend(self.relation_columns(r)?);
        }
        for a in &l {
            if let Some(b) = rr.iter().find(|b| b.name.eq_ignore_ascii_case(&a.name)) {
                if let Some(c) = a.blob.clone().or_else(|| b.blob.clone()) {
                    return Err(refusal(
                        c,
                        RefuseReason::Comparison,
                        "NATURAL JOIN (it compares columns of the same name)",
                    ));
                }
            }
        }
        Ok(())
    }

    /// `f` with the relations so far as the innermost scope (an ON or
    /// JSON_TABLE reads the tables to its left). They are moved into the
    /// scope and back, not copied: a chain of n joins must not copy the
    /// first tables n times.
    fn in_relations_scope<T>(
        &mut self,
        rels: &mut Vec<Relation>,
        f: impl FnOnce(&mut Self) -> R<T>,
    ) -> R<T> {
        self.scopes.push(Scope {
            relations: std::mem::take(rels),
            ..Scope::default()
        });
        let r = f(self);
        *rels = self
            .scopes
            .pop()
            .map(|scope| scope.relations)
            .unwrap_or_default();
        r
    }

    fn table_factor(&mut self, rels: &mut Vec<Relation>) -> R<()> {
        if self.is_kind(TokenKind::LParen) {
            if self.query_starts_at(1) {
                return self.derived_table_factor(rels);
            }
            // A parenthesised join.
            self.pos += 1;
            loop {
                self.table_ref(rels)?;
                if !self.eat_kind(TokenKind::Comma) {
                    break;
                }
            }
            return self.expect_kind(TokenKind::RParen, ")");
        }
        if self.kw("JSON_TABLE") && self.kind_at(1) == Some(TokenKind::LParen) {
            return self.json_table_factor(rels);
        }
        self.table_name_factor(rels)
    }

    // The factors below are out of line: `table_factor` and `table_ref`
    // recurse once per parenthesised join, and an unoptimised build gives
    // a function the frame of every branch it holds.

    /// `(query) [AS] alias [(columns)]`; the cursor is at `(`.
    #[inline(never)]
    fn derived_table_factor(&mut self, rels: &mut Vec<Relation>) -> R<()> {
        self.pos += 1;
        // A derived table sees the enclosing queries, not its siblings.
        let keep = std::mem::replace(&mut self.keep_bare, true);
        let out = self.query_expression();
        self.keep_bare = keep;
        let out = out?;
        self.expect_kind(TokenKind::RParen, ")")?;
        let r = self.derived_at()?;
        let alias = r.alias.as_deref().unwrap_or_default().to_string();
        let out = match &r.columns {
            Some(cols) => match column_names(self.src, self.toks, cols.clone()) {
                Some(names) => {
                    let names: Vec<String> = names.into_iter().map(|n| n.into_owned()).collect();
                    rename(out, Some(&names))
                }
                None => return Err(self.unparsed("a derived table's column list")),
            },
            None => out,
        };
        self.pos = r.tokens.end;
        rels.push(Relation {
            qualifier: alias,
            base: None,
            columns: Some(out),
            star: StarRole::Listed,
        });
        Ok(())
    }

    /// `JSON_TABLE(..) [AS] alias`; the cursor is at `JSON_TABLE`.
    #[inline(never)]
    fn json_table_factor(&mut self, rels: &mut Vec<Relation>) -> R<()> {
        self.pos += 1;
        // JSON_TABLE reads the tables to its left.
        self.in_relations_scope(rels, |p| {
            p.scan_group(RefuseReason::JsonFunction, "JSON_TABLE")
        })?;
        let r = self.derived_at()?;
        if r.columns.is_some() {
            return Err(self.unparsed("JSON_TABLE with a column list"));
        }
        let alias = r.alias.as_deref().unwrap_or_default().to_string();
        self.pos = r.tokens.end;
        rels.push(Relation {
            qualifier: alias,
            base: None,
            columns: Some(Vec::new()),
            star: StarRole::Listed,
        });
        Ok(())
    }

    /// The walk's record of the derived table or table function whose `)`
    /// is just before the parser's position.
    fn derived_at(&self) -> R<TableRef<'a>> {
        let at = self.pos;
        match self
            .relations()
            .iter()
            .find(|r| r.context == Context::Derived && r.start() == at)
        {
            Some(r) => Ok(r.clone()),
            None => Err(self.unparsed("expected a derived table's alias")),
        }
    }

    /// A named table factor, as the relation walk recorded it at the
    /// parser's position: `[db.]name [PARTITION (..)] [FOR SYSTEM_TIME ..]
    /// [[AS] alias] [index hints]`.
    pub(super) fn table_name_factor(&mut self, rels: &mut Vec<Relation>) -> R<()> {
        let at = self.pos;
        let Some(r) = self
            .relations()
            .iter()
            .find(|r| r.table.is_some() && r.start() == at && r.context != Context::Derived)
            .cloned()
        else {
            return Err(self.unparsed("expected a table name"));
        };
        let name = r.table.map(|t| t.into_owned()).unwrap_or_default();
        let db = r.db.map(|d| d.into_owned());
        let explicit_alias = match r.system_time {
            Some(for_at) => {
                // The bound is an expression, the analyzer's to read; what
                // follows it is the walk's grammar again.
                self.pos = for_at + 2;
                self.system_time()?;
                let (alias, _, end) = factor_tail(self.src, self.toks, self.pos, false);
                self.pos = end;
                alias.map(|a| a.into_owned())
            }
            None => {
                self.pos = r.tokens.end;
                r.alias.map(|a| a.into_owned())
            }
        };
        let qualifier = explicit_alias.unwrap_or_else(|| name.clone());
        let rel = self.named_relation(db, name, qualifier)?;
        rels.push(rel);
        Ok(())
    }

    /// After `FOR SYSTEM_TIME`: `ALL | AS OF t | BETWEEN t AND t | FROM t
    /// TO t`, each `t` optionally `TIMESTAMP`/`TRANSACTION`. Which row
    /// versions are read does not change what they hold: the rows are
    /// analysed as a base read.
    fn system_time(&mut self) -> R<()> {
        let what = "a FOR SYSTEM_TIME bound";
        // A bound binds tighter than AND (`BETWEEN a AND b`).
        let bound = |p: &mut Self| -> R<()> {
            if p.any_kw(&["TIMESTAMP", "TRANSACTION"]) && p.kind_at(1) != Some(TokenKind::LParen) {
                p.pos += 1;
            }
            p.plain_expr_bp(super::expr::NOT_BP + 1, RefuseReason::Comparison, what)
        };
        if self.eat_kw("ALL") {
            Ok(())
        } else if self.kw("AS") && self.kw_at(1, "OF") {
            self.pos += 2;
            bound(self)
        } else if self.eat_kw("BETWEEN") {
            bound(self)?;
            self.expect_kw("AND")?;
            bound(self)
        } else if self.eat_kw("FROM") {
            bound(self)?;
            self.expect_kw("TO")?;
            bound(self)
        } else {
            Err(self.unparsed("FOR SYSTEM_TIME"))
        }
    }

    /// What the table `[db.]name` read as `qualifier` is: nothing (an empty
    /// name or no database: the server refuses the statement), a CTE, a
    /// view, or a base table.
    fn named_relation(
        &mut self,
        db: Option<String>,
        name: String,
        qualifier: String,
    ) -> R<Relation> {
        let listed = |qualifier: String, columns: Vec<OutCol>| Relation {
            qualifier,
            base: None,
            columns: Some(columns),
            star: StarRole::Listed,
        };
        if name.is_empty() || db.as_deref() == Some("") {
            // `` names no table or database: the server refuses the
            // statement (ERR 1103 / 1102), so it reads nothing.
            return Ok(listed(qualifier, Vec::new()));
        }
        // A CTE of that name hides a table.
        if db.is_none() {
            if let Some(cte) = self
                .ctes
                .iter()
                .rev()
                .find(|c| c.name.eq_ignore_ascii_case(&name))
            {
                return Ok(listed(qualifier, cte.columns.clone().unwrap_or_default()));
            }
        }
        let db = match db.or_else(|| self.current_db.clone()) {
            Some(d) => d,
            // No database: the server will refuse the statement.
            None => return Ok(listed(qualifier, Vec::new())),
        };
        if let Some(def) = self.catalog.view_definition(&db, &name) {
            let cols = self.view_columns(&db, &name, &def)?;
            return Ok(listed(qualifier, cols));
        }
        Ok(Relation {
            qualifier,
            base: Some((db, name)),
            columns: None,
            star: StarRole::Listed,
        })
    }
}
