//! Extracted columns of a conditional document value: `doc = CASE WHEN
//! (id = 1) THEN '<doc>' .. ELSE NULL END` (Django's `bulk_update`),
//! `IF(c, '<doc>', doc)`, `COALESCE(VALUES(doc), doc)`, `IFNULL(NULL,
//! doc)`. Each path's column is assigned, right after the document, the
//! same expression with each document branch replaced by its derived
//! value (`doc` by the path's own column, `VALUES(doc)` by
//! `VALUES(path)`), the conditions copied byte for byte. The copies are
//! assigned just before the document (MariaDB assigns left to right), so
//! they read what the document's expression reads; a condition must not
//! read a path's column (assigned by an earlier copy), must not
//! change between two evaluations (`RAND()`, `:=`, sequences) and must
//! hold no `?` (the execute's parameter layout adds path parameters only
//! after a whole document). Anything else is refused. Pure.

use std::ops::Range;

use super::extract;
use super::{Doc, Writer};
use crate::sql::catalog::ExtractedType;
use crate::sql::tokens::is_name;
use crate::sql::{Refusal, TokenKind};

/// The document assignment a conditional value belongs to.
pub(super) struct Cond<'d, 'r> {
    pub doc: &'d Doc<'r>,
    /// Every document with paths of the table (a condition reads none:
    /// the write path refuses conditions on a document, and a path's
    /// column may be assigned by then).
    pub docs: &'d [Doc<'r>],
    /// A branch may be the row's current document.
    pub refs_ok: bool,
    /// The assignment target's qualifier as written (`t.`), which a
    /// branch naming the current document must repeat, unless
    /// `any_qualifier` (a one-table UPDATE: any name that resolves is the
    /// row's own).
    pub qualifier: &'d [u8],
    pub any_qualifier: bool,
    /// The written table (`t.doc`, `db.t.doc` name its row too).
    pub db: &'d str,
    pub table: &'d str,
}

/// Each path's expression for a conditional value.
pub(super) struct Derived {
    pub per_path: Vec<Vec<u8>>,
    /// A branch is the current document (`doc`, `VALUES(doc)`).
    refs: bool,
    /// A branch is a document literal.
    literals: bool,
}

/// Conditions call only functions that give the same answer twice in a
/// statement and change nothing; these words may precede `(`.
const PLAIN_CALLS: &[&str] = &[
    "AND",
    "OR",
    "NOT",
    "XOR",
    "IN",
    "BETWEEN",
    "LIKE",
    "RLIKE",
    "REGEXP",
    "IS",
    "WHEN",
    "THEN",
    "ELSE",
    "CASE",
    "END",
    "DIV",
    "MOD",
    "BINARY",
    "CAST",
    "CONVERT",
    "COALESCE",
    "IFNULL",
    "IF",
    "ISNULL",
    "NULLIF",
    "LOWER",
    "UPPER",
    "LCASE",
    "UCASE",
    "LENGTH",
    "CHAR_LENGTH",
    "OCTET_LENGTH",
    "ABS",
    "CONCAT",
    "CONCAT_WS",
    "SUBSTRING",
    "SUBSTR",
    "TRIM",
    "ROUND",
    "FLOOR",
    "CEIL",
    "CEILING",
    "GREATEST",
    "LEAST",
    "ROW",
];

/// How deep conditional document values (`CASE`/`IF`/`COALESCE`/`IFNULL`
/// inside one another) are derived for extracted columns; deeper ones are
/// refused (ERR 1235 naming the column).
const MAX_CONDITIONAL_DEPTH: usize = 16;

impl Writer<'_, '_, '_> {
    /// `CASE .. END`, `IF(..)`, `COALESCE(..)`, `IFNULL(..)` spanning `r`
    /// (in parentheses or not).
    pub(super) fn conditional(&self, r: &Range<usize>) -> bool {
        let r = self.unwrapped(r);
        if r.len() < 2 {
            return false;
        }
        if self.kw(r.start, "CASE") {
            return self.kw(r.end - 1, "END");
        }
        ["IF", "COALESCE", "IFNULL"]
            .iter()
            .any(|w| self.kw(r.start, w))
            && self.kind(r.start + 1) == Some(TokenKind::LParen)
            && self.parens.matching(r.start + 1) == r.end - 1
    }

    /// `r` without parentheses around the whole of it.
    /// One pass over `r` (matching each layer's parenthesis anew would
    /// rescan the statement once per layer): the outer k layers wrap all
    /// of `r` when it opens and closes with k parentheses and the depth
    /// between those never falls below k.
    fn unwrapped(&self, r: &Range<usize>) -> Range<usize> {
        let toks = self.toks();
        let run = |it: &mut dyn Iterator<Item = usize>, kind| {
            it.take_while(|&j| toks[j].kind == kind).count()
        };
        let leading = run(&mut r.clone(), TokenKind::LParen);
        let trailing = run(&mut r.clone().rev(), TokenKind::RParen);
        let mut k = leading.min(trailing).min(r.len() / 2);
        if k == 0 {
            return r.clone();
        }
        let mut depth = 0isize;
        for j in r.clone() {
            match toks[j].kind {
                TokenKind::LParen => depth += 1,
                TokenKind::RParen => depth -= 1,
                _ => {}
            }
            if j >= r.start + leading && j + trailing < r.end {
                k = k.min(depth.max(0) as usize);
            }
        }
        if depth != 0 {
            // Unbalanced (the server rejects it): nothing is unwrapped.
            return r.clone();
        }
        r.start + k..r.end - k
    }

    /// Each path's expression for the conditional value `r`.
    pub(super) fn branches(&self, c: &Cond<'_, '_>, r: &Range<usize>) -> Result<Derived, Refusal> {
        let d = self.conditional_value(c, r)?;
        let double = (c.doc.extracts().iter()).any(|e| e.kind == ExtractedType::Double);
        if double && d.refs && d.literals {
            // String literals and a DOUBLE column make a string CASE: the
            // column's value would come back through DBL_DIG digits.
            return Err(self.not_exact(
                c.doc,
                "a CASE/IF/COALESCE mixing document literals with the current document while a path is declared DOUBLE",
            ));
        }
        Ok(d)
    }

    fn conditional_value(&self, c: &Cond<'_, '_>, r: &Range<usize>) -> Result<Derived, Refusal> {
        // Each level's derived value repeats the text of what it wraps (a
        // COALESCE argument is tested, then derived): n levels would send
        // the server O(n^2) bytes. Applications nest two or three.
        if self.conditional_depth.get() >= MAX_CONDITIONAL_DEPTH {
            return Err(self.not_exact(
                c.doc,
                &format!("a CASE/IF/COALESCE nested more than {MAX_CONDITIONAL_DEPTH} deep"),
            ));
        }
        self.conditional_depth.set(self.conditional_depth.get() + 1);
        let d = self.conditional_value_at_depth(c, r);
        self.conditional_depth.set(self.conditional_depth.get() - 1);
        d
    }

    fn conditional_value_at_depth(
        &self,
        c: &Cond<'_, '_>,
        r: &Range<usize>,
    ) -> Result<Derived, Refusal> {
        let inner = self.unwrapped(r);
        let d = if self.kw(inner.start, "CASE") {
            self.case(c, &inner)?
        } else if self.kw(inner.start, "IF") {
            let args = self
                .parens
                .split_commas(self.toks(), inner.start + 2..inner.end - 1);
            if args.len() != 3 {
                return Err(self.not_exact(c.doc, "an IF without three arguments"));
            }
            self.plain_condition(c, &args[0])?;
            self.substituted(c, &inner, &args[1..])?
        } else {
            self.coalesce(c, &inner)?
        };
        // Parentheses around the whole value stay around each copy.
        let (open, close) = (
            &self.i.src[self.toks()[r.start].start..self.toks()[inner.start].start],
            &self.i.src[self.toks()[inner.end - 1].end..self.toks()[r.end - 1].end],
        );
        Ok(Derived {
            per_path: (d.per_path.into_iter())
                .map(|t| [open, &t, close].concat())
                .collect(),
            ..d
        })
    }

    /// `CASE [operand] WHEN c THEN r .. [ELSE r] END`.
    fn case(&self, c: &Cond<'_, '_>, r: &Range<usize>) -> Result<Derived, Refusal> {
        // The WHEN/THEN/ELSE of this CASE (not of one nested in it).
        let mut marks = Vec::new();
        let (mut parens, mut cases) = (0usize, 0usize);
        for j in r.start + 1..r.end - 1 {
            match self.kind(j) {
                Some(TokenKind::LParen) => parens += 1,
                Some(TokenKind::RParen) => parens = parens.saturating_sub(1),
                _ if parens > 0 => {}
                _ if self.kw(j, "CASE") => cases += 1,
                _ if self.kw(j, "END") => cases = cases.saturating_sub(1),
                _ if cases == 0 && ["WHEN", "THEN", "ELSE"].iter().any(|w| self.kw(j, w)) => {
                    marks.push(j)
                }
                _ => {}
            }
        }
        let malformed = || self.not_exact(c.doc, "a CASE squeeze does not follow");
        let Some(&first) = marks.first() else {
            return Err(malformed());
        };
        if !self.kw(first, "WHEN") {
            return Err(malformed());
        }
        // The operand of `CASE x WHEN ..` is read by every WHEN.
        self.plain_condition(c, &(r.start + 1..first))?;
        let mut results = Vec::new();
        for (k, &m) in marks.iter().enumerate() {
            let next = marks.get(k + 1).copied().unwrap_or(r.end - 1);
            let want = if self.kw(m, "WHEN") {
                self.plain_condition(c, &(m + 1..next))?;
                marks.get(k + 1).is_some_and(|&n| self.kw(n, "THEN"))
            } else {
                results.push(m + 1..next);
                let after = marks.get(k + 1);
                if self.kw(m, "THEN") {
                    after.is_none_or(|&n| self.kw(n, "WHEN") || self.kw(n, "ELSE"))
                } else {
                    after.is_none()
                }
            };
            if !want {
                return Err(malformed());
            }
        }
        self.substituted(c, r, &results)
    }

    /// `COALESCE(a, b, ..)` / `IFNULL(a, b)`: the first argument that is
    /// not NULL. Its paths: `CASE WHEN VALUES(doc) IS NOT NULL THEN
    /// VALUES(path) .. ELSE <the first argument never NULL> END`.
    fn coalesce(&self, c: &Cond<'_, '_>, r: &Range<usize>) -> Result<Derived, Refusal> {
        let args = self
            .parens
            .split_commas(self.toks(), r.start + 2..r.end - 1);
        if args.iter().any(|a| a.is_empty()) || args.is_empty() {
            return Err(self.not_exact(c.doc, "an empty argument of COALESCE/IFNULL"));
        }
        let mut whens: Vec<(Vec<u8>, Vec<Vec<u8>>)> = Vec::new();
        let mut last: Option<Vec<Vec<u8>>> = None;
        let mut out = Derived {
            per_path: Vec::new(),
            refs: false,
            literals: false,
        };
        for (k, a) in args.iter().enumerate() {
            let b = self.branch(c, a)?;
            out.refs |= b.refs;
            out.literals |= b.literals;
            if last.is_some() {
                // Never reached, but its literals are checked all the same.
                continue;
            }
            let null = a.len() == 1 && self.kw(a.start, "NULL");
            if null {
                continue;
            }
            if self.values_call(a, &c.doc.rule.column) {
                let text = [&self.i.src[self.span(a)], &b" IS NOT NULL"[..]].concat();
                whens.push((text, b.per_path));
            } else if b.literals && !b.refs && self.site_at(a).is_some() {
                // A document literal is never NULL.
                last = Some(b.per_path);
            } else if b.refs && args[k + 1..].iter().all(|n| self.is_null(n)) {
                // The current document as the fallback: NULL with its paths.
                last = Some(b.per_path);
            } else if b.refs && !b.literals {
                // The current document, read (like the document's own
                // expression) before the document is assigned. (With a
                // document literal the copy would carry it uncompressed.)
                let text = [&self.i.src[self.span(a)], &b" IS NOT NULL"[..]].concat();
                whens.push((text, b.per_path));
            } else {
                let text = String::from_utf8_lossy(&self.i.src[self.span(a)]).into_owned();
                let text: String = text.chars().take(60).collect();
                return Err(self.not_exact(
                    c.doc,
                    &format!("the COALESCE/IFNULL argument `{text}` (squeeze follows a document literal, NULL, the current document or VALUES(doc))"),
                ));
            }
        }
        let n = c.doc.extracts().len();
        let last = last.unwrap_or_else(|| vec![b"NULL".to_vec(); n]);
        out.per_path = (0..n)
            .map(|p| {
                if whens.is_empty() {
                    return last[p].clone();
                }
                let mut t = b"CASE".to_vec();
                for (cond, vals) in &whens {
                    t.extend_from_slice(b" WHEN ");
                    t.extend_from_slice(cond);
                    t.extend_from_slice(b" THEN ");
                    t.extend_from_slice(&vals[p]);
                }
                t.extend_from_slice(b" ELSE ");
                t.extend_from_slice(&last[p]);
                t.extend_from_slice(b" END");
                t
            })
            .collect();
        Ok(out)
    }

    fn is_null(&self, r: &Range<usize>) -> bool {
        r.len() == 1 && self.kw(r.start, "NULL")
    }

    /// The text of `r` with each of `results` (in order) replaced by its
    /// paths' values.
    fn substituted(
        &self,
        c: &Cond<'_, '_>,
        r: &Range<usize>,
        results: &[Range<usize>],
    ) -> Result<Derived, Refusal> {
        let n = c.doc.extracts().len();
        let mut out = Derived {
            per_path: vec![Vec::new(); n],
            refs: false,
            literals: false,
        };
        let mut cursor = self.toks()[r.start].start;
        for res in results {
            if res.is_empty() {
                return Err(self.not_exact(c.doc, "an empty CASE/IF branch"));
            }
            let b = self.branch(c, res)?;
            out.refs |= b.refs;
            out.literals |= b.literals;
            let raw = &self.i.src[cursor..self.toks()[res.start].start];
            for (t, v) in out.per_path.iter_mut().zip(b.per_path) {
                t.extend_from_slice(raw);
                t.extend(v);
            }
            cursor = self.toks()[res.end - 1].end;
        }
        let raw = &self.i.src[cursor..self.toks()[r.end - 1].end];
        for t in &mut out.per_path {
            t.extend_from_slice(raw);
        }
        Ok(out)
    }

    /// One result branch: a document literal, NULL, the current document,
    /// `VALUES(doc)` or another conditional value.
    fn branch(&self, c: &Cond<'_, '_>, r: &Range<usize>) -> Result<Derived, Refusal> {
        let doc = c.doc;
        let all = |f: &dyn Fn(&str) -> String| -> Vec<Vec<u8>> {
            (doc.extracts().iter())
                .map(|e| f(&extract::quoted(&e.column)).into_bytes())
                .collect()
        };
        if self.conditional(r) {
            return self.conditional_value(c, r);
        }
        if r.len() == 1 && self.kind(r.start) == Some(TokenKind::Placeholder) {
            return Err(self.not_exact(
                doc,
                "a `?` parameter as a branch of CASE/IF/COALESCE/IFNULL (squeeze adds the paths' parameters only after a whole document value; bind the document itself or write it as a literal)",
            ));
        }
        if self.values_call(r, &doc.rule.column) {
            return Ok(Derived {
                per_path: all(&|p| format!("VALUES({p})")),
                refs: true,
                literals: false,
            });
        }
        if let Some(q) = self.current_document(c, r)? {
            let q = String::from_utf8_lossy(&q).into_owned();
            return Ok(Derived {
                per_path: all(&|p| format!("{q}{p}")),
                refs: true,
                literals: false,
            });
        }
        let per_path = self.values_for(doc, r)?;
        let site = self.site_at(r);
        if let Some(s) = site {
            self.covered.borrow_mut().push(s.span.clone());
        }
        Ok(Derived {
            per_path,
            refs: false,
            literals: site.is_some(),
        })
    }

    /// The qualifier of a branch naming the document column itself, or
    /// `None` for a branch that is not a column.
    fn current_document(
        &self,
        c: &Cond<'_, '_>,
        r: &Range<usize>,
    ) -> Result<Option<Vec<u8>>, Refusal> {
        let is_ref = (self.toks()[r.clone()].iter())
            .all(|t| is_name(t) || t.kind == TokenKind::Dot)
            && r.len() % 2 == 1;
        if !is_ref || !self.name_is(r.end - 1, &c.doc.rule.column) {
            return Ok(None);
        }
        let q = &self.i.src[self.toks()[r.start].start..self.toks()[r.end - 1].start];
        if !c.refs_ok {
            return Err(self.not_exact(
                c.doc,
                "the document column read in INSERT ... SET (its default, not a row's document)",
            ));
        }
        let names: Vec<String> = (r.start..r.end - 1)
            .filter(|&j| is_name(&self.toks()[j]))
            .map(|j| self.name(j))
            .collect();
        let the_table = match &names[..] {
            [t] => t.eq_ignore_ascii_case(c.table),
            [d, t] => d == c.db && t.eq_ignore_ascii_case(c.table),
            _ => false,
        };
        if q != c.qualifier && !c.any_qualifier && !the_table {
            return Err(self.not_exact(
                c.doc,
                "a branch naming the document with another qualifier than its assignment (write both the same way)",
            ));
        }
        Ok(Some(q.to_vec()))
    }

    /// A condition copied for each path: it reads no document or path
    /// column, binds no `?`, and gives the same answer when evaluated again.
    fn plain_condition(&self, c: &Cond<'_, '_>, r: &Range<usize>) -> Result<(), Refusal> {
        let why = |what: &str| self.not_exact(c.doc, &format!("a CASE/IF condition {what}"));
        for j in r.clone() {
            let t = &self.toks()[j];
            match t.kind {
                TokenKind::Placeholder => {
                    return Err(why(
                        "with a `?` parameter (squeeze would have to bind it once per path)",
                    ))
                }
                TokenKind::Op if t.is_op(self.i.src, ":=") => {
                    return Err(why("that assigns a variable"))
                }
                _ if is_name(t) => {
                    let name = self.name(j);
                    let read = c.docs.iter().any(|d| {
                        d.rule.column.eq_ignore_ascii_case(&name)
                            || (d.extracts().iter()).any(|e| e.column.eq_ignore_ascii_case(&name))
                    });
                    if read {
                        return Err(why(&format!(
                            "that reads `{name}` (MariaDB assigns left to right: a path's copy of the condition would see another path already assigned)"
                        )));
                    }
                    if ["SELECT", "NEXT", "NEXTVAL", "LASTVAL", "SETVAL"]
                        .iter()
                        .any(|w| self.kw(j, w))
                    {
                        return Err(why(&format!("with `{name}`")));
                    }
                    let call = self.kind(j + 1) == Some(TokenKind::LParen)
                        && !(j > r.start && self.kind(j - 1) == Some(TokenKind::Dot));
                    if call
                        && !(t.kind == TokenKind::Ident
                            && PLAIN_CALLS.iter().any(|w| self.kw(j, w)))
                    {
                        return Err(why(&format!(
                            "calling `{name}(..)` (squeeze copies only conditions that give the same answer twice and change nothing)"
                        )));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}
