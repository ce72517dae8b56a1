// Over 600 lines: the Analyzer methods that judge written values and copies out of compressed columns (~410 lines), and the SET / EXECUTE planners built on them; constant evaluation is in writes/eval.rs, DDL in writes/ddl.rs.
//! The write side of the planner: which values squeeze can compress exactly,
//! and the statements that would store, hide or destroy compressed data
//! where squeeze cannot see it.
//!
//! * [`eval()`] (in `writes/eval.rs`) evaluates the constant expressions
//!   squeeze can compute byte for byte as the server would (a literal, a
//!   parenthesised literal, `CONCAT` of literals, `COLLATE`, `BINARY`,
//!   `CONVERT(... USING ...)` and `CAST(... AS CHAR|BINARY)` when the
//!   conversion changes no byte).
//! * [`Analyzer::conditional_value`] judges the value branches of `CASE`,
//!   `IF`, `COALESCE`, `IFNULL` and `NULLIF` one by one.
//! * [`guard`] refuses copies out of compressed columns (`CREATE TABLE ...
//!   SELECT`, `SELECT ... INTO OUTFILE|DUMPFILE|@var`, stored programs),
//!   DDL that would make stored values unreadable (`writes/ddl.rs`), and, with
//!   [`plan_set`], [`plan_execute_immediate`] and [`invisible`], the
//!   statements whose values or text squeeze cannot see.
//!
//! Everything here is default deny: what is not recognised is refused.

mod ddl;
mod eval;
mod views;

use std::ops::Range;

pub(super) use eval::{eval, Value};
pub(crate) use views::{view_columns, ViewColumns};

use super::{
    is_name, plan_statement, refuse, Analyzer, ColumnCatalog, ColumnRef, LiteralSite, Plan,
    Refusal, RefuseReason, Table,
};
use crate::sql::classify::StatementKind;
use crate::sql::lexer::{decode_string, ident_name, LexOptions, Token, TokenKind};

/// The bytes `toks[r]` span in the statement.
fn span_of(toks: &[Token], r: &Range<usize>) -> Range<usize> {
    toks[r.start].start..toks[r.end - 1].end
}

pub(super) use crate::sql::tokens::split_commas;

/// How deep conditional values written to a compressed column are judged
/// branch by branch (see `conditional_value`).
const MAX_CONDITIONAL_VALUES: usize = 32;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CasePart {
    Operand,
    When,
    Then,
    Else,
}

impl<'a: 't, 't> Analyzer<'a, 't> {
    /// The statement text of `range`, shortened for a message.
    pub(super) fn excerpt(&self, range: Range<usize>) -> String {
        if range.is_empty() {
            return String::new();
        }
        let text = String::from_utf8_lossy(&self.src[span_of(self.toks, &range)]).into_owned();
        if text.chars().count() > 60 {
            let cut: String = text.chars().take(57).collect();
            format!("{cut}...")
        } else {
            text
        }
    }

    /// A compressed column a name chain names for certain: a real table
    /// of the statement, no derived table that could also provide it.
    pub(super) fn resolve_exact(&self, parts: &[usize]) -> Option<ColumnRef> {
        match parts.len() {
            1 => {
                if self.tables.iter().any(|t| t.table.is_none()) {
                    return None;
                }
                let col = self.name(parts[0]);
                let mut hits: Vec<ColumnRef> = Vec::new();
                for (db, table) in self.compressed_tables() {
                    if let Some(c) = self.check(db, table, &col) {
                        if !hits.contains(&c) {
                            hits.push(c);
                        }
                    }
                }
                (hits.len() == 1).then(|| hits.remove(0))
            }
            2 => {
                let q = self.name(parts[0]);
                let col = self.name(parts[1]);
                let t = self.table_by_qualifier(&q)?;
                match t {
                    Table {
                        db: Some(db),
                        table: Some(table),
                        ..
                    } => self.check(db, table, &col),
                    _ => None,
                }
            }
            _ => self.resolve(parts),
        }
    }

    /// `SET doc = other.doc`: a copy of stored bytes, accepted only from a
    /// compressed column of the same configuration. `Ok(false)`: not a
    /// bare column reference.
    pub(super) fn copy_of_compressed(
        &mut self,
        range: Range<usize>,
        col: &ColumnRef,
    ) -> Result<bool, Refusal> {
        if !is_name(&self.toks[range.start])
            || (range.start > 0 && self.toks[range.start - 1].kind == TokenKind::Dot)
        {
            return Ok(false);
        }
        let Some((parts, end)) = self.chain(range.start) else {
            return Ok(false);
        };
        if end != range.end {
            return Ok(false);
        }
        match self.resolve_at(range.start, &parts) {
            Some(source) if self.catalog.same_rule(col, &source) => {
                self.mark(range);
                Ok(true)
            }
            Some(source) => Err(refuse(
                col.clone(),
                RefuseReason::Copy,
                format!(
                    "copying `{source}` into it would store values compressed with another configuration (codec, dictionary or JSON rule). Read the values through squeeze and write them back as literals or ? parameters"
                ),
            )),
            None if self.resolve(&parts).is_some() => Err(refuse(
                col.clone(),
                RefuseReason::Expression,
                format!(
                    "the value `{}` (squeeze cannot tie it to a compressed column of a real table)",
                    self.excerpt(range)
                ),
            )),
            None => Err(refuse(
                col.clone(),
                RefuseReason::Expression,
                format!("the column `{}`, which is not compressed,", self.excerpt(range)),
            )),
        }
    }

    /// A condition inside a value expression may read any column but a
    /// compressed one.
    fn condition(&self, range: Range<usize>, what: &str) -> Result<(), Refusal> {
        match self.find_ref(range) {
            Some(c) => Err(refuse(
                c,
                RefuseReason::Comparison,
                format!("a {what} condition"),
            )),
            None => Ok(()),
        }
    }

    /// `CASE ... END`, `IF(c, a, b)`, `COALESCE(a, ...)`, `IFNULL(a, b)`,
    /// `NULLIF(a, NULL)`: each value branch is a whole value of `col`
    /// (compressed in place or refused by [`Analyzer::value_for`]); the
    /// conditions may read any column but a compressed one. `Ok(false)`:
    /// not one of these forms.
    pub(super) fn conditional_value(
        &mut self,
        range: Range<usize>,
        col: &ColumnRef,
        extra_ok: &dyn Fn(&Self, Range<usize>) -> bool,
    ) -> Result<bool, Refusal> {
        // Each level looks for its own WHEN/THEN among the tokens of all
        // the levels inside it: past a depth no application writes, refuse
        // rather than scan the statement once per level.
        if self.conditional_depth >= MAX_CONDITIONAL_VALUES {
            return Err(refuse(
                col.clone(),
                RefuseReason::Expression,
                format!(
                    "`{}` (CASE/IF/COALESCE nested more than {MAX_CONDITIONAL_VALUES} deep)",
                    self.excerpt(range)
                ),
            ));
        }
        self.conditional_depth += 1;
        let judged = self.conditional_value_at_depth(range, col, extra_ok);
        self.conditional_depth -= 1;
        judged
    }

    fn conditional_value_at_depth(
        &mut self,
        range: Range<usize>,
        col: &ColumnRef,
        extra_ok: &dyn Fn(&Self, Range<usize>) -> bool,
    ) -> Result<bool, Refusal> {
        let (s, e) = (range.start, range.end);
        if e - s >= 2 && self.kw(s, "CASE") && self.kw(e - 1, "END") {
            let Some(parts) = self.case_parts(s, e) else {
                return Ok(false);
            };
            for (p, r) in parts {
                match p {
                    CasePart::Operand | CasePart::When => self.condition(r, "CASE")?,
                    CasePart::Then | CasePart::Else => self.value_for(r, col, extra_ok)?,
                }
            }
            return Ok(true);
        }
        if self.kind(s) != Some(TokenKind::Ident)
            || self.kind(s + 1) != Some(TokenKind::LParen)
            || self.parens().matching(s + 1) != e - 1
        {
            return Ok(false);
        }
        let name = String::from_utf8_lossy(self.toks[s].text(self.src)).to_ascii_uppercase();
        let args = self.parens().split_commas(self.toks, s + 2..e - 1);
        if args.iter().any(|a| a.is_empty()) {
            return Ok(false);
        }
        match name.as_str() {
            "IF" if args.len() == 3 => {
                self.condition(args[0].clone(), "IF")?;
                self.value_for(args[1].clone(), col, extra_ok)?;
                self.value_for(args[2].clone(), col, extra_ok)?;
            }
            "COALESCE" | "IFNULL" if name != "IFNULL" || args.len() == 2 => {
                for a in args {
                    self.value_for(a, col, extra_ok)?;
                }
            }
            "NULLIF" if args.len() == 2 => {
                let second = args[1].clone();
                if second.len() == 1 && self.kw(second.start, "NULL") {
                    self.value_for(args[0].clone(), col, extra_ok)?;
                } else {
                    return Err(refuse(
                        col.clone(),
                        RefuseReason::Expression,
                        format!(
                            "`{}` (NULLIF compares its first argument with the second, and a compressed first argument would compare differently)",
                            self.excerpt(range)
                        ),
                    ));
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The parts of `CASE ... END` over `s..e` (operand, `WHEN`, `THEN`,
    /// `ELSE`, at depth 0 and outside nested `CASE`s); `None` unless they
    /// read `operand (WHEN THEN)+ [ELSE]` with no empty branch.
    fn case_parts(&self, s: usize, e: usize) -> Option<Vec<(CasePart, Range<usize>)>> {
        let mut parts = Vec::new();
        let (mut depth, mut nested) = (0usize, 0usize);
        let mut cur = CasePart::Operand;
        let mut start = s + 1;
        for i in s + 1..e - 1 {
            let t = self.toks[i];
            match t.kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => depth = depth.saturating_sub(1),
                _ => {}
            }
            if depth != 0 || t.kind != TokenKind::Ident {
                continue;
            }
            if t.is_keyword(self.src, "CASE") {
                nested += 1;
                continue;
            }
            if t.is_keyword(self.src, "END") && nested > 0 {
                nested -= 1;
                continue;
            }
            if nested > 0 {
                continue;
            }
            let next = if t.is_keyword(self.src, "WHEN") {
                CasePart::When
            } else if t.is_keyword(self.src, "THEN") {
                CasePart::Then
            } else if t.is_keyword(self.src, "ELSE") {
                CasePart::Else
            } else {
                continue;
            };
            parts.push((cur, start..i));
            cur = next;
            start = i + 1;
        }
        parts.push((cur, start..e - 1));
        // Operand, (WHEN, THEN)+, [ELSE].
        let kinds: Vec<CasePart> = parts.iter().map(|p| p.0).collect();
        let mut ok = kinds.len() >= 3 && kinds[0] == CasePart::Operand;
        let mut k = 1;
        while ok && k + 1 < kinds.len() && kinds[k] == CasePart::When {
            ok = kinds[k + 1] == CasePart::Then;
            k += 2;
        }
        if k < kinds.len() {
            ok &= k == kinds.len() - 1 && kinds[k] == CasePart::Else;
        }
        if !ok || parts.iter().skip(1).any(|(_, r)| r.is_empty()) {
            return None;
        }
        Some(parts)
    }

    /// The select lists inside `range`: from each SELECT to the first
    /// token at its level that ends the list.
    fn select_lists(&self, range: Range<usize>) -> Vec<Range<usize>> {
        const ENDS: &[&str] = &[
            "FROM",
            "INTO",
            "WHERE",
            "GROUP",
            "HAVING",
            "ORDER",
            "LIMIT",
            "UNION",
            "EXCEPT",
            "INTERSECT",
            "WINDOW",
            "FOR",
            "LOCK",
        ];
        let mut out = Vec::new();
        for i in range.clone() {
            if !self.kw(i, "SELECT") {
                continue;
            }
            let mut depth = 0usize;
            let mut end = range.end;
            for j in i + 1..range.end {
                match self.toks[j].kind {
                    TokenKind::LParen => depth += 1,
                    TokenKind::RParen if depth == 0 => {
                        end = j;
                        break;
                    }
                    TokenKind::RParen => depth -= 1,
                    TokenKind::Ident if depth == 0 && ENDS.iter().any(|w| self.kw(j, w)) => {
                        end = j;
                        break;
                    }
                    _ => {}
                }
            }
            out.push(i + 1..end);
        }
        out
    }

    /// A compressed column whose stored bytes the query part `range`
    /// would carry out: one named in a select list, or any compressed
    /// column of the statement's tables behind a `*` or `TABLE t`.
    pub(super) fn copied_out(&self, range: Range<usize>) -> Option<ColumnRef> {
        for list in self.select_lists(range.clone()) {
            if let Some(c) = self.find_ref(list) {
                return Some(c);
            }
        }
        self.copied_by_star(range)
    }

    /// A compressed column a `*` of a select list or a `TABLE t` query in
    /// `range` would copy.
    pub(super) fn copied_by_star(&self, range: Range<usize>) -> Option<ColumnRef> {
        for list in self.select_lists(range.clone()) {
            for i in list.clone() {
                if !self.toks[i].is_op(self.src, "*") {
                    continue;
                }
                let star = i == list.start
                    || self.toks.get(i - 1).is_some_and(|p| {
                        matches!(p.kind, TokenKind::Comma | TokenKind::Dot)
                            || ["DISTINCT", "DISTINCTROW", "ALL"]
                                .iter()
                                .any(|w| p.is_keyword(self.src, w))
                    });
                if star {
                    if let Some(c) = self.any_compressed_table_column() {
                        return Some(c);
                    }
                }
            }
        }
        // `TABLE t` as a query.
        for i in range {
            if self.kw(i, "TABLE") && self.toks.get(i + 1).is_some_and(is_name) {
                if let Some(c) = self
                    .table_at(i + 1)
                    .and_then(|(d, t)| self.first_compressed(&d, &t))
                {
                    return Some(c);
                }
            }
        }
        None
    }

    fn any_compressed_table_column(&self) -> Option<ColumnRef> {
        self.compressed_tables()
            .iter()
            .find_map(|(d, tb)| self.first_compressed(d, tb))
    }

    /// A compressed column of (db, table), if it has one.
    fn first_compressed(&self, db: &str, table: &str) -> Option<ColumnRef> {
        if !self.catalog.table_has_compressed(db, table) {
            return None;
        }
        let column = self
            .catalog
            .table_columns(db, table)
            .and_then(|cols| {
                cols.into_iter()
                    .find(|c| self.catalog.is_compressed(db, table, c))
            })
            .unwrap_or_else(|| "*".into());
        Some(ColumnRef {
            db: db.into(),
            table: table.into(),
            column,
        })
    }

    /// `db.t` or `t` (current database) at token `i`.
    fn table_at(&self, i: usize) -> Option<(String, String)> {
        if !self.toks.get(i).is_some_and(is_name) {
            return None;
        }
        if self.kind(i + 1) == Some(TokenKind::Dot) && self.toks.get(i + 2).is_some_and(is_name) {
            Some((self.name(i).into_owned(), self.name(i + 2).into_owned()))
        } else {
            self.current_db
                .map(|d| (d.to_string(), self.name(i).into_owned()))
        }
    }

    fn table_end(&self, i: usize) -> usize {
        if self.kind(i + 1) == Some(TokenKind::Dot) {
            i + 3
        } else {
            i + 1
        }
    }

    /// INSERT/REPLACE/UPDATE inside a stored program writing a table with
    /// compressed columns.
    fn program_writes(&self, range: Range<usize>) -> Option<ColumnRef> {
        for i in range {
            let t = self.toks[i];
            let verb = ["INSERT", "REPLACE", "UPDATE"]
                .iter()
                .any(|w| t.is_keyword(self.src, w))
                && self.kind(i + 1) != Some(TokenKind::LParen)
                && !(i > 0
                    && ["KEY", "FOR", "ON", "BEFORE", "AFTER", "OF"]
                        .iter()
                        .any(|w| self.kw(i - 1, w)));
            if !verb {
                continue;
            }
            let mut k = i + 1;
            while ["LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "INTO"]
                .iter()
                .any(|w| self.kw(k, w))
            {
                k += 1;
            }
            if let Some(c) = self
                .table_at(k)
                .and_then(|(d, t)| self.first_compressed(&d, &t))
            {
                return Some(c);
            }
        }
        None
    }
}

/// Statements squeeze must plan even when the prefilter finds no
/// compressed table name in them: their text is invisible.
pub(super) fn plan_anyway(kind: &StatementKind<'_>) -> bool {
    match kind {
        StatementKind::Prepare { text: None, .. }
        | StatementKind::ExecuteImmediate { text: None, .. }
        | StatementKind::Execute => true,
        StatementKind::SetStatement { inner, .. } => plan_anyway(inner),
        _ => false,
    }
}

/// Refuse a statement whose text squeeze cannot see while any column is
/// compressed.
pub(super) fn invisible<'a>(catalog: &dyn ColumnCatalog, what: &str) -> Plan<'a> {
    match invisible_refusal(catalog, what) {
        Some(r) => Plan::Refuse(r),
        None => Plan::Untouched,
    }
}

fn invisible_refusal(catalog: &dyn ColumnCatalog, what: &str) -> Option<Refusal> {
    catalog.any_compressed().map(|column| {
        refuse(
            column,
            RefuseReason::InvisibleText,
            format!(
                "squeeze cannot see the statement text of {what}, so it could neither compress what it writes into a compressed column nor refuse what it must not run. Use a literal text (PREPARE s FROM '...', EXECUTE IMMEDIATE '...') or prepare through the protocol (COM_STMT_PREPARE) with ? parameters"
            ),
        )
    })
}

/// `SET @v = (SELECT doc ...)` (any variable): the blob would land in a
/// variable squeeze never inflates. Functions and comparisons on the column
/// are refused as in any query.
pub(super) fn plan_set<'a>(
    sql: &'a [u8],
    toks: &[Token],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Plan<'a> {
    if !toks.iter().any(|t| t.is_keyword(sql, "SELECT")) {
        return Plan::Untouched;
    }
    let (mut a, any) = Analyzer::new_always(sql, toks, None, opts, db, catalog);
    if !any {
        return Plan::Untouched;
    }
    if let Err(r) = a.generic(&StatementKind::Other) {
        return Plan::Refuse(r);
    }
    match a.copied_out(0..toks.len()) {
        Some(c) => Plan::Refuse(refuse(
            c,
            RefuseReason::Copy,
            "SET ... = (SELECT ...) would put its compressed bytes into a variable, where squeeze does not inflate them (a later SELECT @v returns the blob, INSERT ... VALUES (@v) stores it unchecked). Select the column itself and keep the value in the application",
        )),
        None => Plan::Untouched,
    }
}

/// `EXECUTE IMMEDIATE 'text' [USING args]`: the text is planned like
/// `PREPARE ... FROM 'text'`; a `?` bound to a compressed column takes its
/// USING argument, which is compressed in place when squeeze can evaluate
/// it exactly, and refused otherwise.
pub(super) fn plan_execute_immediate<'a>(
    sql: &'a [u8],
    toks: &[Token],
    text: Option<Token>,
    using: Option<usize>,
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Plan<'a> {
    let Some(tok) = text else {
        return invisible(
            catalog,
            "EXECUTE IMMEDIATE of anything but a string literal",
        );
    };
    let Some(inner) = decode_string(sql, &tok, opts) else {
        return Plan::Untouched;
    };
    let bound: Vec<Option<ColumnRef>> = match plan_statement(&inner, opts, db, catalog) {
        Plan::Untouched => return Plan::Untouched,
        Plan::RewriteText(t) => return nested_dynamic_sql(&t, "EXECUTE IMMEDIATE"),
        Plan::Refuse(r) => {
            return Plan::Refuse(Refusal {
                what: format!("the EXECUTE IMMEDIATE text is refused: {}", r.message()),
                reason: RefuseReason::PreparedText,
                column: r.column,
            })
        }
        plan @ Plan::Rewrite { .. } if super::has_sites(&plan) => {
            // Both the text and the arguments would change: not done.
            let bound_column = match &plan {
                Plan::Rewrite { placeholders, .. } if using.is_some() => {
                    placeholders.iter().flatten().next().cloned()
                }
                _ => None,
            };
            if let Some(column) = bound_column {
                return Plan::Refuse(refuse(
                    column,
                    RefuseReason::PreparedText,
                    "a literal for a compressed column inside EXECUTE IMMEDIATE '...' together with a ? bound to one cannot be compressed in place (pass every value with USING)",
                ));
            }
            return super::text_rewrite(sql, &tok, &inner, plan, opts, "EXECUTE IMMEDIATE '...'");
        }
        Plan::Rewrite { placeholders, .. } => placeholders,
    };
    match using {
        Some(u) => bind_using(sql, toks, u, bound, opts, "EXECUTE IMMEDIATE ... USING"),
        None => Plan::Untouched,
    }
}

/// Dynamic SQL whose text is itself dynamic SQL writing a literal to a
/// compressed column (the server refuses most such nesting): refused.
pub(super) fn nested_dynamic_sql<'a>(t: &super::TextRewrite, outer: &str) -> Plan<'a> {
    match t.sites.first() {
        Some(s) => Plan::Refuse(refuse(
            s.column.clone(),
            RefuseReason::PreparedText,
            format!("{outer} of dynamic SQL that writes a literal to it"),
        )),
        None => Plan::Untouched,
    }
}

/// `EXECUTE name [USING args]`: the arguments bound to compressed columns
/// (as the session recorded when it saw `PREPARE name FROM '...'`) are
/// compressed in place when squeeze can evaluate them exactly (MariaDB
/// takes any expression in USING), refused otherwise (`@v`: squeeze cannot
/// see its value). A statement squeeze did not see prepared is refused when
/// it binds arguments while any column is compressed.
pub(super) fn plan_execute<'a>(
    sql: &'a [u8],
    toks: &[Token],
    opts: LexOptions,
    catalog: &dyn ColumnCatalog,
) -> Plan<'a> {
    let Some(name) = toks.get(1).filter(|t| is_name(t)) else {
        return Plan::Untouched;
    };
    let name = ident_name(sql, name).to_ascii_lowercase();
    if !toks.get(2).is_some_and(|t| t.is_keyword(sql, "USING")) {
        return Plan::Untouched;
    }
    match catalog.sql_prepared(&name) {
        Some(bound) => bind_using(sql, toks, 2, bound, opts, "EXECUTE ... USING"),
        None => match catalog.any_compressed() {
            Some(column) => Plan::Refuse(refuse(
                column,
                RefuseReason::InvisibleText,
                format!(
                    "squeeze did not see statement `{name}` prepared in this session (PREPARE {name} FROM '...' through squeeze), so it cannot tell whether a value bound with USING goes to a compressed column. Prepare it through squeeze first, or use EXECUTE IMMEDIATE '...' USING ..."
                ),
            )),
            None => Plan::Untouched,
        },
    }
}

/// The USING arguments (after token `using`) for the `?` of a statement
/// whose compressed columns are `bound`.
fn bind_using<'a>(
    sql: &'a [u8],
    toks: &[Token],
    using: usize,
    bound: Vec<Option<ColumnRef>>,
    opts: LexOptions,
    what: &str,
) -> Plan<'a> {
    let parens = crate::sql::tokens::Parens::of(toks);
    let args = parens.split_commas(toks, using + 1..toks.len());
    let mut sites = Vec::new();
    let mut outer: Vec<(usize, ColumnRef)> = Vec::new();
    for (i, col) in bound.into_iter().enumerate() {
        let (Some(col), Some(arg)) = (col, args.get(i)) else {
            // A count mismatch is the server's to report.
            continue;
        };
        if arg.is_empty() {
            // `USING a,,b`: a syntax error for the server.
            continue;
        }
        if arg.len() == 1
            && (toks[arg.start].is_keyword(sql, "DEFAULT")
                || toks[arg.start].is_keyword(sql, "IGNORE"))
        {
            // The column's default (only NULL can be set through squeeze)
            // or, in UPDATE, the value left as it is.
            continue;
        }
        match eval(sql, toks, &parens, arg.clone(), opts) {
            Value::Const((span, value, kind, introducer)) => sites.push(LiteralSite {
                span,
                value,
                kind,
                introducer,
                column: col,
            }),
            Value::Null => {}
            Value::Unknown if arg.len() == 1 && toks[arg.start].kind == TokenKind::Placeholder => {
                outer.push((arg.start, col));
            }
            Value::Unknown => {
                let text = String::from_utf8_lossy(&sql[span_of(toks, arg)]).into_owned();
                return Plan::Refuse(refuse(
                    col,
                    RefuseReason::Expression,
                    format!("the {what} argument `{text}` (squeeze cannot see the value of a variable or compute this expression; pass the value itself, e.g. USING '...')"),
                ));
            }
        }
    }
    let placeholders: Vec<Option<ColumnRef>> = toks
        .iter()
        .enumerate()
        .filter(|(_, t)| t.kind == TokenKind::Placeholder)
        .map(|(i, _)| outer.iter().find(|(j, _)| *j == i).map(|(_, c)| c.clone()))
        .collect();
    if sites.is_empty() && outer.is_empty() {
        return Plan::Untouched;
    }
    Plan::Rewrite {
        sites,
        placeholders,
        column_list: None,
    }
}

/// Refusals that do not depend on how the statement's values are planned:
/// copies out of compressed columns and DDL that would make stored values
/// unreadable.
pub(super) fn guard(
    sql: &[u8],
    toks: &[Token],
    kind: &StatementKind<'_>,
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    match kind {
        StatementKind::Select => select_into(sql, toks, opts, db, catalog),
        StatementKind::Ddl => ddl::ddl(sql, toks, opts, db, catalog),
        _ => None,
    }
}

fn select_into(
    sql: &[u8],
    toks: &[Token],
    opts: LexOptions,
    db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Option<Refusal> {
    let into = toks.iter().enumerate().any(|(i, t)| {
        t.is_keyword(sql, "INTO")
            && toks.get(i + 1).is_some_and(|n| {
                (n.kind == TokenKind::Variable && !n.text(sql).starts_with(b"@@"))
                    || n.is_keyword(sql, "OUTFILE")
                    || n.is_keyword(sql, "DUMPFILE")
            })
    });
    if !into {
        return None;
    }
    let (a, any) = Analyzer::new_always(sql, toks, None, opts, db, catalog);
    if !any {
        return None;
    }
    a.copied_out(0..toks.len()).map(|c| {
        refuse(
            c,
            RefuseReason::Copy,
            "SELECT ... INTO OUTFILE / DUMPFILE / @variable would write its compressed bytes where squeeze does not inflate them. Read the column through squeeze into the application and write the file or keep the value there",
        )
    })
}
