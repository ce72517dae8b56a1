//! Reads the server evaluates: where every shard a statement reaches has
//! squeeze's in-server function (`in_server`), a compressed value inside
//! an expression is not refused or evaluated by squeeze; each reference to
//! it is rewritten to the inflated document, typed as the uncompressed
//! copy's LONGTEXT utf8mb4_bin, and MariaDB answers exactly as on that
//! copy. Only the statement's own top-level items that name a compressed
//! column plainly stay the stored bytes (squeeze inflates them in the
//! result, which keeps that CPU off the server).
//!
//! The analyzer still follows every value (the walk is the one of
//! [`super::Parser`]); this module holds what the server mode records and
//! the edits it makes. What cannot be rewritten stays refused: stored bytes
//! a `*` expands (compared in DISTINCT, set operations or IN), `USING` and
//! `NATURAL JOIN` columns, `MATCH`, stored programs and views that read
//! compressed columns themselves.
use std::ops::Range;

use super::expr::Val;
use super::Parser;
use crate::sql::refusal::ColumnRef;

/// The in-server function's name (`CREATE FUNCTION ... SONAME`).
pub const INFLATE_FUNCTION: &str = "squeeze_inflate";
/// The stored function over it that returns the uncompressed copy's own
/// type (`in_server::install`).
pub const TYPED_FUNCTION: &str = "squeeze_fn.document";
/// The library's function that stores a computed document as squeeze
/// would (`transform::computed`).
pub const DEFLATE_FUNCTION: &str = "squeeze_deflate";
/// The stored function a computed document passes through first: the
/// copy's conversion and JSON check (`in_server::install`).
pub const COPY_VALUE_FUNCTION: &str = "squeeze_fn.copy_value";

/// The cast that gives a document the uncompressed copy's character set,
/// collation and derivation (IMPLICIT, as a column's: `COLLATE` would make
/// it EXPLICIT and change which collation wins a comparison).
fn as_copy(value: &str) -> String {
    format!("CAST({value} AS CHAR CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)")
}

/// `reference` as a WHERE, ON or HAVING condition reads it: the UDF's
/// inflated document (~1 µs a row). MariaDB caps a UDF's result at 16 Mi
/// characters and treats it as non-deterministic (like RAND(): a sort or
/// grouping over it goes through a temporary table, which changes the
/// result's column flags); neither shows in a condition.
pub fn inflated(reference: &str) -> String {
    as_copy(&format!("{INFLATE_FUNCTION}({reference})"))
}

/// `reference` anywhere else: the deterministic stored function declared
/// `RETURNS LONGTEXT ... utf8mb4_bin`, whose result is described as the
/// copy's column is (type, length, flags, decimals), and sorts and groups
/// as it does (~2 µs a row more than [`inflated`]). MariaDB gives a stored
/// function's result a weaker collation derivation than a column's
/// (MDEV-11292): it differs only where the document meets a column of
/// another collation in one expression (`IF(c, doc, other_column)`, a set
/// operation with such a column), where that column's collation wins.
/// A cast would fix the derivation but describe every expression over it
/// with other decimals.
pub fn typed(reference: &str) -> String {
    format!("{TYPED_FUNCTION}({reference})")
}

/// The name MariaDB gives a select item written as `text`: characters
/// outside the BMP become `?` (names are utf8mb3), and at most 255
/// characters are kept.
pub fn item_name(text: &str) -> String {
    // Executable comments (`/*!100000 .. */`) read as their content.
    let text = strip_version_markers(text);
    text.chars()
        .map(|c| if (c as u32) > 0xFFFF { '?' } else { c })
        .take(255)
        .collect()
}

/// `text` without the markers of executable comments (`/*!`, `/*M!`, an
/// optional version number, `*/`), as MariaDB names an item written in one.
fn strip_version_markers(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("/*") && !text.contains("*/") {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(r) = rest
            .strip_prefix("/*!")
            .or_else(|| rest.strip_prefix("/*M!"))
        {
            rest = r.trim_start_matches(|c: char| c.is_ascii_digit());
        } else if let Some(r) = rest.strip_prefix("*/") {
            rest = r;
        } else {
            let c = rest.chars().next().expect("not empty");
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out.into()
}

/// What the server mode of one analysis records.
#[derive(Debug, Default)]
pub(super) struct ServerEval {
    /// Whether the statement's own bare top-level items stay stored bytes;
    /// off when one of them turned out to be compared, sorted, grouped or
    /// copied (the statement is analysed again with every item wrapped).
    pub keep_top: bool,
    /// References to wrap.
    pub wraps: Vec<Wrap>,
    /// Aliases inserted after select items whose text (their column name)
    /// a wrap changes: the byte offset of the item's end and its name.
    pub aliases: Vec<(usize, String)>,
    /// Set with `keep_top` when an analysis must be redone keeping none.
    pub rewrap: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Wrap {
    pub span: Range<usize>,
    /// `AS name` after the wrap: a select item that was the bare reference.
    pub alias: Option<String>,
    /// Inside a result column of the statement: [`typed`], else [`inflated`].
    pub typed: bool,
}

impl ServerEval {
    pub fn new(keep_top: bool) -> Self {
        ServerEval {
            keep_top,
            ..Default::default()
        }
    }

    /// The byte edits: every wrap not inside a span `taken` by another
    /// edit (a declared path answered by its extracted column), and the
    /// aliases. Sorted, without duplicates (a group scanned after a failed
    /// parse records a reference twice).
    pub fn edits(mut self, src: &[u8], taken: &[Range<usize>]) -> Vec<(Range<usize>, String)> {
        self.wraps.sort_by_key(|w| (w.span.start, w.span.end));
        self.wraps.dedup_by(|b, a| {
            if a.span == b.span {
                a.alias = a.alias.take().or(b.alias.take());
                a.typed |= b.typed;
                true
            } else {
                false
            }
        });
        let inside = |s: &Range<usize>| taken.iter().any(|t| t.start <= s.start && s.end <= t.end);
        let mut out: Vec<(Range<usize>, String)> = self
            .wraps
            .into_iter()
            .filter(|w| !inside(&w.span))
            .map(|w| {
                let reference = String::from_utf8_lossy(&src[w.span.clone()]);
                let mut text = if w.typed {
                    typed(&reference)
                } else {
                    inflated(&reference)
                };
                if let Some(a) = &w.alias {
                    text.push_str(" AS ");
                    text.push_str(&quote_alias(a));
                }
                (w.span, text)
            })
            .collect();
        self.aliases.sort();
        self.aliases.dedup();
        out.extend(
            self.aliases
                .into_iter()
                .filter(|(at, _)| !taken.iter().any(|t| t.start < *at && *at < t.end))
                .map(|(at, name)| (at..at, format!(" AS {}", quote_alias(&name)))),
        );
        out.sort_by_key(|(r, _)| (r.start, r.end));
        out
    }
}

/// `` `name` `` with backticks doubled: valid under every sql_mode.
fn quote_alias(name: &str) -> String {
    format!("`{}`", name.replace('`', "``"))
}

impl Parser<'_, '_> {
    /// Whether references to compressed values are wrapped, not refused.
    pub(super) fn server_evaluates(&self) -> bool {
        self.server.is_some()
    }

    /// How many references were noted so far (a select item's mark).
    pub(super) fn noted_references(&self) -> usize {
        self.server.as_ref().map_or(0, |s| s.wraps.len())
    }

    /// A reference to a compressed value at `span`: to be wrapped, with
    /// the exact type unless it is read in a condition.
    pub(super) fn note_reference(&mut self, span: Range<usize>) {
        let typed = !self.in_condition;
        if let Some(s) = self.server.as_mut() {
            s.wraps.push(Wrap {
                span,
                alias: None,
                typed,
            });
        }
    }

    /// The reference just noted at exactly `span` is read only for its
    /// NULL-ness (the stored value is NULL exactly when the document is):
    /// left as it is.
    pub(super) fn unnote_reference(&mut self, span: Range<usize>) {
        if let Some(s) = self.server.as_mut() {
            if s.wraps.last().is_some_and(|w| w.span == span) {
                s.wraps.pop();
            }
        }
    }

    /// The select item at tokens `start..end` keeps the name its text as
    /// written gives it, whatever the edits inside it.
    pub(super) fn alias_item_as_written(&mut self, start: usize, end: usize) {
        let (Some(first), Some(last)) = (
            self.toks.get(start),
            end.checked_sub(1).and_then(|e| self.toks.get(e)),
        ) else {
            return;
        };
        let at = last.end.max(first.start);
        let name = item_name(&self.text_of(start, end));
        if let Some(s) = self.server.as_mut() {
            s.aliases.push((at, name));
        }
    }

    /// Drops what was noted after mark `n` (a body judged again).
    pub(super) fn forget_references_after(&mut self, n: usize) {
        if let Some(s) = self.server.as_mut() {
            s.wraps.truncate(n);
        }
    }

    /// A kept item is used where its stored bytes would be compared,
    /// sorted or copied: the analysis is redone keeping none (refused now,
    /// so the caller retries). False when nothing was kept.
    pub(super) fn rewrap_kept(&mut self) -> bool {
        match self.server.as_mut() {
            Some(s) if s.keep_top => {
                s.rewrap = true;
                true
            }
            _ => false,
        }
    }

    /// After a select item (tokens `start..end`, `v` its value): the
    /// compressed column its output passes through as stored bytes, if it
    /// stays so (the statement's own bare reference, relayed to the
    /// client); else its references are wrapped, and the item gets its own
    /// name as an alias when a wrap changes its text.
    pub(super) fn server_select_item(
        &mut self,
        (start, end): (usize, usize),
        wraps_before: usize,
        v: &Val,
        bare_name: Option<&str>,
        has_alias: bool,
        distinct: bool,
    ) -> Option<ColumnRef> {
        let (Some(first), Some(last)) = (
            self.toks.get(start),
            end.checked_sub(1).and_then(|e| self.toks.get(e)),
        ) else {
            return None;
        };
        let item = first.start..last.end;
        // `doc`, `t.doc` or `((doc))`: named after the column as written.
        let (mut a, mut b) = (start, end);
        while b >= a + 3
            && self.toks[a].kind == crate::sql::lexer::TokenKind::LParen
            && self.toks[b - 1].kind == crate::sql::lexer::TokenKind::RParen
        {
            a += 1;
            b -= 1;
        }
        let parenthesised = a > start;
        let inner = self.toks[a].start..self.toks[b - 1].end;
        let bare_at = match (v, self.server.as_ref().and_then(|s| s.wraps.last())) {
            (Val::Blob(_), Some(w)) if w.span == inner => Some(b - 1),
            _ => None,
        };
        let keep = self.keep_bare && self.views.is_empty() && !distinct;
        let name = match bare_at {
            Some(k) if bare_name.is_some() || parenthesised => self.name_text(k),
            _ => item_name(&self.text_of(start, end)),
        };
        let s = self.server.as_mut()?;
        if let (Some(_), Val::Blob(c)) = (bare_at, v) {
            if s.keep_top && keep {
                s.wraps.pop();
                return Some(c.clone());
            }
            if !has_alias {
                if let Some(w) = s.wraps.last_mut() {
                    w.alias = Some(name);
                }
            }
            return None;
        }
        let changed = s.wraps[wraps_before.min(s.wraps.len())..]
            .iter()
            .any(|w| item.start <= w.span.start && w.span.end <= item.end);
        if changed && !has_alias {
            s.aliases.push((item.end, name));
        }
        None
    }
}
