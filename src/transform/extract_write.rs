//! Extracted columns on the write path: every statement that writes a
//! compressed column with declared paths also writes each path's column,
//! in the same statement, from the literal squeeze is compressing (spliced
//! next to it: `(7, '<doc>')` becomes `(7, '<blob>', 'alice')` and the
//! column list gains `` `doc_author` `` after `doc`). What squeeze cannot
//! extract exactly is refused (default deny), and so is any write of an
//! extracted column itself: it must stay derived. Pure.

use std::cell::RefCell;
use std::ops::Range;
use std::sync::Arc;

use super::extract::{self, DeriveError, Extract};
use super::{ColumnRule, ColumnRules};
use crate::sql::lexer::ident_name;
use crate::sql::tokens::{is_name, Parens};
use crate::sql::{
    ColumnRef, LexOptions, LiteralKind, LiteralSite, Refusal, RefuseReason, StatementKind, Token,
    TokenKind,
};
use branches::Cond;

/// A byte range of the query and what replaces it.
pub type Edit = (Range<usize>, Vec<u8>);

/// One statement to plan.
pub struct Input<'s, 'a> {
    pub src: &'a [u8],
    pub toks: &'s [Token],
    /// Its table references (the statement's one relation walk).
    pub rels: &'s [crate::sql::TableRef<'a>],
    pub kind: &'s StatementKind<'a>,
    pub opts: LexOptions,
    pub db: Option<&'s str>,
    /// The literals the write planner found for compressed columns, with
    /// their uncompressed values.
    pub sites: &'s [LiteralSite<'a>],
    /// The compressed column bound to each `?` of the statement.
    pub placeholders: &'s [Option<ColumnRef>],
    /// The definition of a view over compressed columns (`None`: a base
    /// table or a plain view).
    pub view: &'s dyn Fn(&str, &str) -> Option<std::sync::Arc<str>>,
    /// Is `db`.`name` a temporary table of the session (a plain table,
    /// whatever the configuration says of its name)?
    pub temporary: &'s dyn Fn(&str, &str) -> bool,
}

/// The edits that write the extracted columns of the statement's writes,
/// or the refusal.
pub fn plan(rules: &ColumnRules, i: &Input<'_, '_>) -> Result<Vec<Edit>, Refusal> {
    if !rules.has_extracts() {
        return Ok(Vec::new());
    }
    let w = Writer {
        rules,
        i,
        covered: RefCell::new(Vec::new()),
        parens: Parens::of(i.toks),
        conditional_depth: std::cell::Cell::new(0),
    };
    let edits = w.by_kind()?;
    w.everything_covered(&edits)?;
    Ok(edits)
}

impl Writer<'_, '_, '_> {
    fn by_kind(&self) -> Result<Vec<Edit>, Refusal> {
        let w = self;
        let i = self.i;
        match i.kind {
            StatementKind::Insert | StatementKind::Replace => w.insert(),
            StatementKind::Update => w.update(),
            StatementKind::Select
            | StatementKind::Delete
            | StatementKind::Empty
            | StatementKind::Use(_)
            | StatementKind::Set(_) => Ok(Vec::new()),
            StatementKind::Ddl if !w.creates_program() => {
                match super::extract_ddl::alter_refusal(w.rules, i.src, i.toks, i.db) {
                    Some(r) => Err(r),
                    None => Ok(Vec::new()),
                }
            }
            StatementKind::LoadData => w.load_data(),
            // PREPARE / EXECUTE IMMEDIATE texts, SET STATEMENT ..
            // FOR, blocks, stored programs: not followed.
            _ => w.unseen_write(),
        }
    }

    /// Default deny: every literal or `?` the write planner bound to a
    /// document with paths must be one this pass wrote the paths for
    /// (a value in a CASE branch, a write through a view, ... is not).
    fn everything_covered(&self, edits: &[Edit]) -> Result<(), Refusal> {
        let with_paths = |c: &ColumnRef| {
            self.rules
                .lookup(&c.db, &c.table, &c.column)
                .filter(|r| !r.extracts.is_empty())
        };
        for site in self.i.sites {
            if let Some(rule) = with_paths(&site.column) {
                let branch = self.covered.borrow().contains(&site.span);
                if !branch && !edits.iter().any(|(r, _)| r.start == site.span.end) {
                    return Err(self.not_exact(&Doc { rule }, "a value squeeze does not write as the whole document (a CASE/IF/COALESCE branch, a view's column)"));
                }
            }
        }
        // A `?` for a document with paths is followed by its paths' own
        // `?`s (the execute's layout relies on exactly that).
        let marks = self
            .toks()
            .iter()
            .filter(|t| t.kind == TokenKind::Placeholder);
        for (t, c) in marks.zip(self.i.placeholders) {
            if let Some(rule) = c.as_ref().and_then(with_paths) {
                let after = |(r, text): &&Edit| {
                    r.start == t.end
                        && text.iter().filter(|&&b| b == b'?').count() == rule.extracts.len()
                };
                if edits.iter().filter(after).count() != 1 {
                    return Err(self.not_exact(
                        &Doc { rule },
                        "a `?` parameter in this position (only a whole value of INSERT/REPLACE VALUES or SET, or of UPDATE ... SET, is followed)",
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The refusal of a write squeeze cannot keep an extracted column right in.
pub(super) fn refusal(rule: &ColumnRule, what: String) -> Refusal {
    Refusal {
        column: ColumnRef {
            db: rule.schema.to_string(),
            table: rule.table.clone(),
            column: rule.column.clone(),
        },
        reason: RefuseReason::Extracted,
        what,
    }
}

struct Writer<'w, 's, 'a> {
    rules: &'w ColumnRules,
    i: &'w Input<'s, 'a>,
    /// Literal sites written as a branch of a conditional document value
    /// (`CASE .. THEN '<doc>'`), whose paths the branch's copy writes.
    covered: RefCell<Vec<Range<usize>>>,
    /// Matching parentheses of the statement (nested branches are walked
    /// level by level; no level rescans what is inside it).
    parens: Parens,
    /// Conditional values being derived around the current one (see
    /// `extract_branches::MAX_CONDITIONAL_DEPTH`).
    conditional_depth: std::cell::Cell<usize>,
}

/// A compressed column of the statement's target table with declared paths.
struct Doc<'r> {
    rule: &'r Arc<ColumnRule>,
}

impl Doc<'_> {
    fn extracts(&self) -> &[Extract] {
        &self.rule.extracts
    }
    fn names(&self) -> String {
        self.extracts()
            .iter()
            .map(|e| format!("`{}` ({})", e.column, e.path_text))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl<'w, 's, 'a> Writer<'w, 's, 'a> {
    fn toks(&self) -> &'s [Token] {
        self.i.toks
    }
    fn kw(&self, at: usize, w: &str) -> bool {
        self.toks()
            .get(at)
            .is_some_and(|t| t.is_keyword(self.i.src, w))
    }
    fn kind(&self, at: usize) -> Option<TokenKind> {
        self.toks().get(at).map(|t| t.kind)
    }
    fn name(&self, at: usize) -> String {
        ident_name(self.i.src, &self.toks()[at]).into_owned()
    }
    fn span(&self, r: &Range<usize>) -> Range<usize> {
        self.toks()[r.start].start..self.toks()[r.end - 1].end
    }

    /// `CREATE TRIGGER|PROCEDURE|FUNCTION|EVENT`: a body squeeze never sees run.
    fn creates_program(&self) -> bool {
        self.kw(0, "CREATE")
            && self.toks().iter().take(8).any(|t| {
                ["TRIGGER", "PROCEDURE", "FUNCTION", "EVENT"]
                    .iter()
                    .any(|w| t.is_keyword(self.i.src, w))
            })
    }

    /// A statement whose writes squeeze does not follow: refused when its
    /// text names a table with extracted columns and a write.
    fn unseen_write(&self) -> Result<Vec<Edit>, Refusal> {
        let text = String::from_utf8_lossy(self.i.src_range()).to_ascii_lowercase();
        let writes = ["insert", "update", "replace", "load"]
            .iter()
            .any(|w| text.contains(w));
        if !writes {
            return Ok(Vec::new());
        }
        for r in self.rules.all().filter(|r| !r.extracts.is_empty()) {
            if text.contains(&r.table.to_ascii_lowercase()) {
                return Err(refusal(
                    r,
                    format!(
                        "squeeze keeps {} of `{}` derived from the document on every write it sees, and cannot follow the writes of this statement (LOAD DATA, a statement in a string, SET STATEMENT ... FOR, a block or stored program): write the table with plain INSERT/REPLACE/UPDATE statements",
                        Doc { rule: r }.names(),
                        r.label
                    ),
                ));
            }
        }
        Ok(Vec::new())
    }

    /// LOAD DATA: the column list gains the extracted columns (the file's
    /// rows gain their values in `infile`, driven by the same rules).
    fn load_data(&self) -> Result<Vec<Edit>, Refusal> {
        let (Some(first), Some(_)) = (self.toks().first(), self.toks().last()) else {
            return Ok(Vec::new());
        };
        let Ok(st) = super::load_data::parse_load_data(self.i.src_range(), self.i.opts) else {
            // The server reports the syntax error; a form the parser does
            // not know is not followed.
            return self.unseen_write();
        };
        let Some(db) = st.db.clone().or(self.i.db.map(str::to_string)) else {
            return Ok(Vec::new());
        };
        if (self.i.temporary)(&db, &st.table) {
            return Ok(Vec::new());
        }
        self.through_view(&db, &st.table)?;
        super::infile_extract::plan(self.rules, &st, &db, first.start)
    }

    /// A write to a view over a table with extracted columns: squeeze
    /// does not follow which base columns it writes.
    fn through_view(&self, db: &str, name: &str) -> Result<(), Refusal> {
        let Some(def) = (self.i.view)(db, name) else {
            return Ok(());
        };
        let def = def.to_ascii_lowercase();
        match (self.rules.all())
            .find(|r| !r.extracts.is_empty() && def.contains(&r.table.to_ascii_lowercase()))
        {
            Some(rule) => Err(self.not_exact(
                &Doc { rule },
                &format!("a write through view `{db}`.`{name}`; write the base table"),
            )),
            None => Ok(()),
        }
    }

    /// The rules of `db.table` that have extracts.
    fn docs(&self, db: &str, table: &str) -> Vec<Doc<'w>> {
        self.rules
            .all()
            .filter(|r| !r.extracts.is_empty() && r.table == table && r.schema.matches(db))
            .map(|rule| Doc { rule })
            .collect()
    }

    /// The declared extract that `column` of `db.table` is, with its rule.
    fn derived(
        &self,
        db: &str,
        table: &str,
        column: &str,
    ) -> Option<(&'w Arc<ColumnRule>, &'w Extract)> {
        self.rules.derived(db, table, column)
    }

    fn direct_write(&self, rule: &ColumnRule, e: &Extract) -> Refusal {
        refusal(
            rule,
            format!(
                "column `{}.{}.{}` holds {} of `{}`, which squeeze writes itself with every write of the document; a statement cannot write it directly (leave it out: it must stay derived)",
                rule.schema, rule.table, e.column, e.path_text, rule.label
            ),
        )
    }

    fn not_exact(&self, doc: &Doc<'_>, why: &str) -> Refusal {
        refusal(
            doc.rule,
            format!(
                "squeeze keeps {} derived from `{}` on every write and cannot compute them for {why}: write the document as a literal, NULL or (COM_QUERY) a constant",
                doc.names(),
                doc.rule.label
            ),
        )
    }

    /// The literal site spanning exactly the value tokens `r`.
    fn site_at(&self, r: &Range<usize>) -> Option<&'s LiteralSite<'a>> {
        if r.is_empty() {
            return None;
        }
        let span = self.span(r);
        self.i.sites.iter().find(|s| s.span == span)
    }

    /// The derived values of `doc`'s extracts for a value `r` written to
    /// it: `None` for a value that leaves the document as it is.
    fn values_for(&self, doc: &Doc<'_>, r: &Range<usize>) -> Result<Vec<Vec<u8>>, Refusal> {
        let document: Option<&[u8]> = if let Some(site) = self.site_at(r) {
            if site.kind != LiteralKind::Text && site.kind != LiteralKind::Hex {
                return Err(self.not_exact(doc, "a value that is not a string literal"));
            }
            // The bytes are the document's only when they are UTF-8 (the
            // connection's character set is checked by the write path).
            let utf8 = site.introducer.is_none_or(|i| {
                let i = i.to_ascii_lowercase();
                crate::charset::is_utf8_name(i.trim_start_matches('_')) || i == "binary"
            });
            if !utf8 {
                return Err(self.not_exact(doc, "a literal in a character set other than UTF-8"));
            }
            Some(&site.value)
        } else if r.len() == 1 && self.kw(r.start, "NULL") {
            None
        } else if r.len() == 1 && self.kind(r.start) == Some(TokenKind::Placeholder) {
            // A prepared statement's document: one more `?` per path, right
            // after the document's, which the execute fills with the value
            // derived from the document's (`transform::params`).
            return Ok(vec![b"?".to_vec(); doc.extracts().len()]);
        } else {
            let text = String::from_utf8_lossy(&self.i.src[self.span(r)]).into_owned();
            let text: String = text.chars().take(60).collect();
            return Err(self.not_exact(doc, &format!("the value `{text}`")));
        };
        let mut out = Vec::with_capacity(doc.extracts().len());
        for e in doc.extracts() {
            let v = extract::derive(e, document).map_err(|err| {
                let why = match err {
                    DeriveError::NotExact(w) => format!("this value: {w}"),
                    DeriveError::TooLong { chars } => format!(
                        "this value: {} is {chars} characters, longer than the declared {} of `{}` (widen the column and the declaration)",
                        e.path_text,
                        e.type_text(),
                        e.column
                    ),
                };
                self.not_exact(doc, &why)
            })?;
            out.push(extract::literal(v.as_deref(), self.i.opts));
        }
        Ok(out)
    }

    // ---- INSERT / REPLACE ------------------------------------------------

    fn insert(&self) -> Result<Vec<Edit>, Refusal> {
        let Some(t) = crate::sql::tables::insert_target(self.i.src, self.toks()) else {
            return Ok(Vec::new());
        };
        let Some(db) =
            t.db.map(|d| d.into_owned())
                .or(self.i.db.map(str::to_string))
        else {
            return Ok(Vec::new());
        };
        let table = t.table.into_owned();
        self.through_view(&db, &table)?;
        let docs = self.docs(&db, &table);
        if docs.is_empty() {
            return Ok(Vec::new());
        }
        let mut at = t.after;
        let is_list = self.kind(at) == Some(TokenKind::LParen)
            && !["SELECT", "WITH", "VALUES", "TABLE"]
                .iter()
                .any(|w| self.kw(at + 1, w));
        let mut edits = Vec::new();
        // Each compressed column of the column list: its position and the
        // Doc it is.
        let mut positions: Vec<(usize, usize)> = Vec::new();
        if is_list {
            let close = self.parens.matching(at);
            let items = self.parens.split_commas(self.toks(), at + 1..close);
            for (p, item) in items.iter().enumerate() {
                if item.is_empty() {
                    continue;
                }
                let name = self.name(item.end - 1);
                if let Some((rule, e)) = self.derived(&db, &table, &name) {
                    return Err(self.direct_write(rule, e));
                }
                if let Some(k) = docs
                    .iter()
                    .position(|d| d.rule.column.eq_ignore_ascii_case(&name))
                {
                    positions.push((p, k));
                    let list: String = docs[k]
                        .extracts()
                        .iter()
                        .map(|e| format!(", {}", extract::quoted(&e.column)))
                        .collect();
                    let end = self.toks()[item.end - 1].end;
                    edits.push((end..end, list.into_bytes()));
                }
            }
            at = close + 1;
        } else if !self.kw(at, "SET") {
            let doc = &docs[0];
            return Err(refusal(
                doc.rule,
                format!(
                    "`{db}`.`{table}` has columns squeeze keeps derived from `{}` ({}); an INSERT without a column list writes them directly: name the columns and leave those out",
                    doc.rule.label,
                    doc.names()
                ),
            ));
        }
        if self.kw(at, "VALUES") || self.kw(at, "VALUE") {
            at = self.rows(at + 1, &docs, &positions, &mut edits)?;
        } else if self.kw(at, "SET") {
            let end = self.clause_end(at + 1, &["ON", "AS"]);
            self.assignments(at + 1..end, &db, &table, &docs, false, &mut edits)?;
            at = end;
        } else if !positions.is_empty() {
            // INSERT ... SELECT writing the document: the write planner
            // refuses it already; never pass it with a stale column.
            return Err(self.not_exact(&docs[positions[0].1], "INSERT ... SELECT"));
        } else {
            return Ok(edits);
        }
        // Row alias, then ON DUPLICATE KEY UPDATE.
        if self.kw(at, "AS") && self.toks().get(at + 1).is_some_and(is_name) {
            at += 2;
            if self.kind(at) == Some(TokenKind::LParen) {
                at = self.parens.matching(at) + 1;
            }
        }
        if self.kw(at, "ON") && self.kw(at + 1, "DUPLICATE") {
            let start = (at..self.toks().len())
                .find(|&j| self.kw(j, "UPDATE"))
                .map_or(self.toks().len(), |j| j + 1);
            self.assignments(
                start..self.toks().len(),
                &db,
                &table,
                &docs,
                true,
                &mut edits,
            )?;
        }
        Ok(edits)
    }

    /// `(..), (..)` rows from `at`: after each document value, its derived
    /// values. Returns where the statement goes on.
    fn rows(
        &self,
        mut at: usize,
        docs: &[Doc<'_>],
        positions: &[(usize, usize)],
        edits: &mut Vec<Edit>,
    ) -> Result<usize, Refusal> {
        loop {
            if self.kw(at, "ROW") {
                at += 1;
            }
            if self.kind(at) != Some(TokenKind::LParen) {
                return Ok(at);
            }
            let close = self.parens.matching(at);
            let values = self.parens.split_commas(self.toks(), at + 1..close);
            for &(p, k) in positions {
                let Some(r) = values.get(p) else {
                    // A row of another length: the server rejects it.
                    continue;
                };
                if r.is_empty() {
                    continue;
                }
                let lits = self.values_for(&docs[k], r)?;
                let mut text = Vec::new();
                for l in lits {
                    text.extend_from_slice(b", ");
                    text.extend(l);
                }
                let end = self.toks()[r.end - 1].end;
                edits.push((end..end, text));
            }
            at = close + 1;
            if self.kind(at) == Some(TokenKind::Comma) {
                at += 1;
            } else {
                return Ok(at);
            }
        }
    }

    // ---- UPDATE and SET lists ---------------------------------------------

    fn update(&self) -> Result<Vec<Edit>, Refusal> {
        // The tables updated: every table reference of the statement.
        let mut tables: Vec<(String, String, Option<String>)> = Vec::new();
        for r in self.i.rels {
            let db =
                r.db.as_ref()
                    .map(|d| d.to_string())
                    .or(self.i.db.map(str::to_string));
            if let (Some(db), Some(t)) = (db, r.table.as_ref()) {
                self.through_view(&db, t)?;
                tables.push((db, t.to_string(), r.alias.as_ref().map(|a| a.to_string())));
            }
        }
        let set = self.top_level_set();
        let Some(set) = set else {
            return Ok(Vec::new());
        };
        let end = self.clause_end(set + 1, &["WHERE", "ORDER", "LIMIT"]);
        let mut edits = Vec::new();
        if tables.len() > 1 {
            // A join or subquery: refused only when a target names a
            // document with paths or a derived column.
            for (db, table, _) in &tables {
                for doc in self.docs(db, table) {
                    let named = self.targets(set + 1..end).iter().any(|n| {
                        n.eq_ignore_ascii_case(&doc.rule.column)
                            || doc
                                .extracts()
                                .iter()
                                .any(|e| e.column.eq_ignore_ascii_case(n))
                    });
                    if named {
                        return Err(
                            self.not_exact(&doc, "a multi-table UPDATE (or one with a subquery)")
                        );
                    }
                }
            }
            return Ok(edits);
        }
        if let Some((db, table, _)) = tables.first() {
            let docs = self.docs(db, table);
            self.assignments(set + 1..end, db, table, &docs, true, &mut edits)?;
        }
        Ok(edits)
    }

    /// The last name of each assignment target in `range`.
    fn targets(&self, range: Range<usize>) -> Vec<String> {
        self.parens
            .split_commas(self.toks(), range)
            .into_iter()
            .filter_map(|item| {
                let eq = item
                    .clone()
                    .find(|&j| self.toks()[j].is_op(self.i.src, "="))?;
                (eq > item.start && is_name(&self.toks()[eq - 1])).then(|| self.name(eq - 1))
            })
            .collect()
    }

    /// The first `SET` outside parentheses (one pass: a depth per token
    /// recounted from the start would be quadratic).
    fn top_level_set(&self) -> Option<usize> {
        let mut depth = 0usize;
        for (j, t) in self.toks().iter().enumerate() {
            match t.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => depth = depth.saturating_sub(1),
                TokenKind::Ident if depth == 0 && self.kw(j, "SET") => return Some(j),
                _ => {}
            }
        }
        None
    }

    fn clause_end(&self, from: usize, words: &[&str]) -> usize {
        let mut depth = 0usize;
        for j in from..self.toks().len() {
            match self.toks()[j].kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => depth = depth.saturating_sub(1),
                TokenKind::Ident if depth == 0 && words.iter().any(|w| self.kw(j, w)) => return j,
                _ => {}
            }
        }
        self.toks().len()
    }

    /// `col = value, ...`: a derived column as a target is refused; after
    /// a document assignment, `, <qualifier>derived = <value>` for each
    /// declared path. `refs_ok`: a branch may be the row's current
    /// document (UPDATE, ON DUPLICATE KEY UPDATE; not INSERT ... SET,
    /// where it is the column's default).
    fn assignments(
        &self,
        range: Range<usize>,
        db: &str,
        table: &str,
        docs: &[Doc<'_>],
        refs_ok: bool,
        edits: &mut Vec<Edit>,
    ) -> Result<(), Refusal> {
        let update = matches!(self.i.kind, StatementKind::Update);
        // The document assigned earlier in the list: its derived columns
        // are assigned with it, so a later value reading one would see the
        // new value where a STORED generated column (what a derived column
        // stands for) still holds the old one until the row is written.
        let mut assigned_doc: Option<&Doc<'_>> = None;
        for item in self.parens.split_commas(self.toks(), range) {
            let Some(eq) = item.clone().find(|&j| {
                self.toks()[j].is_op(self.i.src, "=") || self.toks()[j].is_op(self.i.src, ":=")
            }) else {
                continue;
            };
            if let Some(doc) = assigned_doc {
                if let Some(e) = self.reads_derived(doc, eq + 1..item.end) {
                    return Err(refusal(
                        doc.rule,
                        format!(
                            "an assignment after `{}` reads `{}`, which squeeze assigns with the document (it would read the new value, where the derived column of an uncompressed copy, a STORED generated column, still holds the old one): read the path of the new document instead, or assign it before the document",
                            doc.rule.column, e.column
                        ),
                    ));
                }
            }
            if eq == item.start
                || !self.toks()[item.start..eq]
                    .iter()
                    .all(|t| is_name(t) || t.kind == TokenKind::Dot)
            {
                continue;
            }
            let name = self.name(eq - 1);
            if let Some((rule, e)) = self.derived(db, table, &name) {
                return Err(self.direct_write(rule, e));
            }
            let Some(doc) = docs
                .iter()
                .find(|d| d.rule.column.eq_ignore_ascii_case(&name))
            else {
                continue;
            };
            assigned_doc = Some(doc);
            let value = eq + 1..item.end;
            // The column's qualifier as written (`t.`), for each derived one.
            let qualifier = &self.i.src[self.toks()[item.start].start..self.toks()[eq - 1].start];
            let values: Vec<Vec<u8>> = if self.values_call(&value, &doc.rule.column) {
                // ON DUPLICATE KEY UPDATE doc = VALUES(doc): the row's own.
                doc.extracts()
                    .iter()
                    .map(|e| format!("VALUES({})", extract::quoted(&e.column)).into_bytes())
                    .collect()
            } else if value.len() == 1 && self.name_is(value.start, &doc.rule.column) {
                // `doc = doc`: the document and its paths stay as they are.
                continue;
            } else if self.conditional(&value) {
                let c = Cond {
                    doc,
                    docs,
                    refs_ok,
                    qualifier,
                    any_qualifier: update,
                    db,
                    table,
                };
                // Assigned just before the document: the copies then read
                // what the document's own expression reads (MariaDB
                // assigns left to right), the current document included.
                let mut text = Vec::new();
                for (e, v) in doc
                    .extracts()
                    .iter()
                    .zip(self.branches(&c, &value)?.per_path)
                {
                    text.extend_from_slice(qualifier);
                    text.extend(extract::quoted(&e.column).into_bytes());
                    text.extend_from_slice(b" = ");
                    text.extend(v);
                    text.extend_from_slice(b", ");
                }
                let start = self.toks()[item.start].start;
                edits.push((start..start, text));
                continue;
            } else {
                self.values_for(doc, &value)?
            };
            let mut text = Vec::new();
            for (e, v) in doc.extracts().iter().zip(values) {
                text.extend_from_slice(b", ");
                text.extend_from_slice(qualifier);
                text.extend(extract::quoted(&e.column).into_bytes());
                text.extend_from_slice(b" = ");
                text.extend(v);
            }
            let end = self.toks()[item.end - 1].end;
            edits.push((end..end, text));
        }
        Ok(())
    }

    /// A derived column of `doc` that the value tokens `r` name.
    fn reads_derived<'d>(&self, doc: &'d Doc<'_>, r: Range<usize>) -> Option<&'d Extract> {
        r.filter(|&j| is_name(&self.toks()[j])).find_map(|j| {
            let name = self.name(j);
            doc.extracts()
                .iter()
                .find(|e| e.column.eq_ignore_ascii_case(&name))
        })
    }

    fn name_is(&self, at: usize, column: &str) -> bool {
        self.toks().get(at).is_some_and(is_name) && self.name(at).eq_ignore_ascii_case(column)
    }

    /// `VALUES(column)` spanning `r`.
    fn values_call(&self, r: &Range<usize>, column: &str) -> bool {
        r.len() == 4
            && self.kw(r.start, "VALUES")
            && self.kind(r.start + 1) == Some(TokenKind::LParen)
            && self.name_is(r.start + 2, column)
            && self.kind(r.start + 3) == Some(TokenKind::RParen)
    }
}

impl Input<'_, '_> {
    fn src_range(&self) -> &[u8] {
        match (self.toks.first(), self.toks.last()) {
            (Some(a), Some(b)) => &self.src[a.start..b.end],
            _ => &[],
        }
    }
}

#[path = "extract_branches.rs"]
mod branches;

#[cfg(test)]
#[path = "extract_write_tests.rs"]
mod tests;
