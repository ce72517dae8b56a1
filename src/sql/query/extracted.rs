//! Predicates on a declared JSON path: `JSON_UNQUOTE(JSON_EXTRACT(t.doc,
//! '$.a'))` (Django's `KeyTextTransform`) compared with a constant, tested
//! for NULL, or used as a sort or group key, is replaced by the real column
//! the operator declared to hold exactly that value (`` t.`doc_a` ``), so
//! MariaDB answers from it (and its index) while the document stays
//! compressed. Exact because the column holds the same string in the same
//! collation (utf8mb4_bin, checked by `check-config --connect`) for every
//! row; other forms (`JSON_VALUE`, a bare `JSON_EXTRACT`) differ from it on
//! JSON null, booleans, objects or arrays and stay refused.

use std::ops::Range;

use super::expr::{JsonItem, Val};
use super::Parser;
use crate::sql::catalog::ExtractedType;
use crate::sql::json::{evaluate, parse_path, CastTo, JsonCall, Path, Step};
use crate::sql::lexer::decode_string;
use crate::sql::lexer::TokenKind;
use crate::sql::refusal::{ColumnRef, HINT};
use crate::sql::splice::quote_string;

/// A byte range of the statement and its replacement text.
type Edit = (Range<usize>, String);

/// What a declared path is used for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Use {
    /// Compared (`=`, `<`, `IN`, `BETWEEN`, ...) with constants.
    Compare,
    /// `LIKE` a pattern.
    Like,
    /// `IS [NOT] NULL`.
    IsNull,
    /// An `ORDER BY` or `GROUP BY` key.
    Sort,
}

impl Parser<'_, '_> {
    /// The edit replacing `v` by its extracted column: `v` is
    /// `JSON_UNQUOTE(JSON_EXTRACT(doc, path))` of a compressed column named
    /// through a base table of the innermost query, `path` declared for it,
    /// and the statement is one whose text squeeze sends rewritten.
    pub(super) fn extracted(&self, v: &Val) -> Option<(Range<usize>, String)> {
        self.extracted_typed(v).map(|(edit, _)| edit)
    }

    /// [`Self::extracted`] and the column's declared type.
    fn extracted_typed(&self, v: &Val) -> Option<((Range<usize>, String), ExtractedType)> {
        let Val::Json(c, item) = v else { return None };
        let path = match &item.call {
            JsonCall::UnquoteExtract(path) => path,
            // SQLAlchemy's `.as_string()`: the text but NULL on JSON null,
            // where the column holds 'null' (see `null_case_agrees`).
            JsonCall::NullCase(path, inner) if matches!(&**inner, JsonCall::UnquoteExtract(p) if p == path) => {
                path
            }
            // SQLAlchemy's `.as_integer()` / `.as_float()`: see `typed_accessor`.
            JsonCall::NullCase(path, _) if typed_accessor(item).is_some() => path,
            // The JSON text, from a `value = "json"` column only.
            JsonCall::Extract(path) => path,
            _ => return None,
        };
        // Every reference to the document in the item names it alike (a
        // self-join's two aliases are the same column to the catalog).
        let arg = &self.src[item.arg.clone()];
        if item.args.iter().any(|a| &self.src[a.clone()] != arg) {
            return None;
        }
        // The declaration to use where a path is declared more than once.
        let want = match &item.call {
            JsonCall::Extract(_) => ExtractedType::JsonText,
            _ => typed_accessor(item).unwrap_or(ExtractedType::Text),
        };
        let (mut column, kind) = self.declared_column(c, item, path, want)?;
        match (typed_accessor(item), kind) {
            (Some(k), kind) if k == kind => {}
            // `.as_float()` over a BIGINT path (plain digits): the sum is
            // the server's double of the integer, as `col + 0e0` is
            // (measured: same rows under every operator, sorts, groups).
            (Some(ExtractedType::Double), ExtractedType::Bigint) => {
                column = format!("({column} + 0e0)");
            }
            (Some(_), _) => return None,
            (None, _) => {}
        }
        Some(((item.item.clone(), column), kind))
    }

    /// The extracted column declared for `path` of the compressed column
    /// `c` that `item` reads, qualified as this query level names its
    /// table, and its type; `None` where squeeze cannot name it exactly.
    fn declared_column(
        &self,
        c: &ColumnRef,
        item: &JsonItem,
        path: &Path,
        want: ExtractedType,
    ) -> Option<(String, ExtractedType)> {
        if !self.allow_json || !self.views.is_empty() || self.in_having {
            return None;
        }
        let (name, kind) = self
            .catalog
            .extracted_column(&c.db, &c.table, &c.column, path, want)?;
        let first = self.toks.iter().position(|t| t.start == item.arg.start)?;
        let last = self.toks.iter().position(|t| t.end == item.arg.end)?;
        let base = Some((c.db.clone(), c.table.clone()));
        let scope = self.scopes.last()?;
        let qualifier = match last - first {
            // `doc`: the one base table of this query level that has it.
            0 => {
                let mut rels = scope.relations.iter().filter(|r| r.base == base);
                let r = rels.next()?;
                if rels.next().is_some() {
                    return None;
                }
                format!("`{}`", r.qualifier.replace('`', "``"))
            }
            // `t.doc`: `t` must name the base table itself (not a derived
            // table or view passing the column through).
            2 => {
                let q = self.name_text(first);
                let r = scope.relations.iter().find(|r| r.qualifier == q)?;
                if r.base != base {
                    return None;
                }
                String::from_utf8_lossy(self.toks[first].text(self.src)).into_owned()
            }
            _ => return None,
        };
        Some((format!("{qualifier}.`{}`", name.replace('`', "``")), kind))
    }

    /// A JSON item that is itself a condition, answered from a declared
    /// path's column: `JSON_CONTAINS_PATH(doc, 'one'|'all', p)` (Django's
    /// `has_key`) is 1 where the path exists, 0 where it does not and NULL
    /// for a NULL document; the VARCHAR column is NULL exactly where the
    /// path is missing or the document NULL, so `(col IS NOT NULL)` agrees
    /// wherever a NULL and a FALSE condition drop the row alike.
    pub(super) fn take_condition(&mut self, v: &Val) -> bool {
        let Val::Json(c, item) = v else { return false };
        let JsonCall::ContainsPath { paths, .. } = &item.call else {
            return false;
        };
        let [path] = paths.as_slice() else {
            return false;
        };
        let Some((column, ExtractedType::Text)) =
            self.declared_column(c, item, path, ExtractedType::Text)
        else {
            return false;
        };
        let Some(first) = self.toks.iter().position(|t| t.start == item.item.start) else {
            return false;
        };
        let Some(last) = self.toks.iter().position(|t| t.end == item.item.end) else {
            return false;
        };
        if !self.filters_rows(first, last + 1) {
            return false;
        }
        let edit = (item.item.clone(), format!("({column} IS NOT NULL)"));
        self.rewrites.push((c.clone(), edit));
        true
    }

    /// `LOWER(JSON_UNQUOTE(JSON_EXTRACT(doc, p)))` (Django's `iexact`,
    /// `icontains`, `istartswith`...: `LOWER(..) LIKE LOWER('x%')`), or
    /// UPPER, over a declared text path, outside a select-list item: the
    /// column holds the same string in the same collation on every row, so
    /// the case-mapped values are the same wherever they are compared,
    /// sorted (an expression: sorted by a key cut as the path's is) or
    /// grouped; only a result column would show the column's type. The
    /// cursor is on `(`; `false` (cursor unmoved) for anything else.
    pub(super) fn case_of_declared_path(&mut self) -> super::R<bool> {
        if self.in_select_item {
            return Ok(false);
        }
        // Parsed again as an ordinary call unless it is the one form: what
        // this parse recorded is dropped then. Only the JSON_UNQUOTE call is
        // read, never a whole expression: `LOWER(LOWER(..))` read both ways
        // at every level would double the work per level.
        let unquote = self.toks.get(self.pos + 1).is_some_and(|t| {
            matches!(t.kind, TokenKind::Ident | TokenKind::QuotedIdent)
                && self
                    .name_text(self.pos + 1)
                    .eq_ignore_ascii_case("JSON_UNQUOTE")
        }) && self.kind_at(2) == Some(TokenKind::LParen);
        if !unquote {
            return Ok(false);
        }
        let (save, recorded) = (self.pos, self.rewrites.len());
        self.pos += 2;
        let v = match self.json_select_call("JSON_UNQUOTE") {
            Ok(Some(v)) => v,
            _ => {
                self.pos = save;
                self.rewrites.truncate(recorded);
                return Ok(false);
            }
        };
        let text =
            matches!(&v, Val::Json(_, item) if matches!(item.call, JsonCall::UnquoteExtract(_)));
        match (self.extracted_typed(&v), v.column()) {
            (Some((edit, ExtractedType::Text)), Some(c))
                if text && self.is_kind(TokenKind::RParen) =>
            {
                self.pos += 1;
                self.rewrites.push((c.clone(), edit));
                Ok(true)
            }
            _ => {
                self.pos = save;
                self.rewrites.truncate(recorded);
                Ok(false)
            }
        }
    }

    /// Records `edit` for a value `v` used under a comparison whose other
    /// operands are the constants `others` (token ranges).
    pub(super) fn take_extracted(&mut self, v: &Val, others: &[Range<usize>]) -> bool {
        let the_use = if others.is_empty() {
            Use::Sort
        } else {
            Use::Compare
        };
        self.take_extracted_for(v, others, the_use)
    }

    /// [`Self::take_extracted`] for a use the operands do not tell.
    pub(super) fn take_extracted_for(
        &mut self,
        v: &Val,
        others: &[Range<usize>],
        the_use: Use,
    ) -> bool {
        if !others.iter().all(|r| self.constant(r.clone())) {
            return false;
        }
        let (Some((mut edit, kind)), Some(c)) = (self.extracted_typed(v), v.column()) else {
            return false;
        };
        let Val::Json(_, item) = v else { return false };
        if let (Use::Sort, ExtractedType::Text, JsonCall::NullCase(path, _)) =
            (the_use, kind, &item.call)
        {
            // SQLAlchemy's `.as_string()` as a sort or group key: NULL on
            // JSON null, where the text column holds 'null'. A `value =
            // "json"` column of the same path holds 'null' for JSON null
            // only (the string "null" is '"null"'), so the CASE over the
            // two columns is the key, row for row.
            let Some((json, ExtractedType::JsonText)) =
                self.declared_column(c, item, path, ExtractedType::JsonText)
            else {
                return false;
            };
            edit.1 = format!("CASE {json} WHEN 'null' THEN NULL ELSE {} END", edit.1);
            if self.in_order_by {
                // Cut at max_sort_length as the path's string is (below).
                edit.1 = format!("CONCAT({})", edit.1);
            }
            self.rewrites.push((c.clone(), edit));
            return true;
        }
        if self.in_order_by && matches!(kind, ExtractedType::Text | ExtractedType::JsonText) {
            // MariaDB sorts the path's string by a key cut at
            // max_sort_length bytes (3 a character in utf8mb4_bin), an
            // index read of the column by the whole value: `CONCAT(col)`
            // is sorted as the path is, cut alike, whatever the session's
            // max_sort_length. (GROUP BY groups whole values either way.)
            edit.1 = format!("CONCAT({})", edit.1);
        } else if the_use == Use::Like && kind == ExtractedType::Text {
            // MariaDB's LIKE range scan over an index on a PAD SPACE
            // utf8mb4_bin column skips a value with a character below 0x20
            // after the prefix (`"bob\t"` for `LIKE 'bob_'`; the same
            // statement with IGNORE INDEX finds it), which the path, read
            // row by row, matches: `CONCAT(col)` has the column's value and
            // collation and no index.
            edit.1 = format!("CONCAT({})", edit.1);
        }
        if kind == ExtractedType::JsonText {
            // MariaDB sorts and groups the JSON text in utf8mb4_bin, as
            // the column, and it is NULL exactly where the column is; its
            // comparisons are JSON-aware (not the column's).
            if !matches!(the_use, Use::Sort | Use::IsNull) {
                return false;
            }
            self.rewrites.push((c.clone(), edit));
            return true;
        }
        if typed_accessor(item).is_some() {
            // The same value of the same type as the column on every row
            // it can hold: any comparison agrees, so do sorting and
            // grouping (measured over every constant kind on MariaDB
            // 10.11). Not LIKE (a DOUBLE prints otherwise than the sum).
            let plain = others.iter().all(|r| self.numeric_or_null(r.clone()));
            if the_use == Use::Like || !plain {
                return false;
            }
            self.rewrites.push((c.clone(), edit));
            return true;
        }
        let mut constants = Vec::new();
        match self.string_operands(item, kind, others) {
            Some(Some(edits)) => constants = edits,
            Some(None) => {
                if !self.numeric_agrees(kind, others, the_use) {
                    return false;
                }
            }
            None => return false,
        }
        if matches!(item.call, JsonCall::NullCase(..))
            && !self.null_case_agrees(item, kind, others, the_use)
        {
            return false;
        }
        self.rewrites.push((c.clone(), edit));
        for e in constants {
            self.rewrites.push((c.clone(), e));
        }
        true
    }

    /// Tokens `r` are a signed number, `NULL` or `?`.
    fn numeric_or_null(&self, r: Range<usize>) -> bool {
        let t = self.toks.get(r).unwrap_or(&[]);
        match t {
            [one] => {
                matches!(one.kind, TokenKind::Number | TokenKind::Placeholder)
                    || one.is_keyword(self.src, "NULL")
            }
            [sign, n] => {
                (sign.is_op(self.src, "-") || sign.is_op(self.src, "+"))
                    && n.kind == TokenKind::Number
            }
            _ => false,
        }
    }

    /// The operator that compares the item (`=`, `IN`, `NOT IN`, `<`...):
    /// the token after it, or before it when it is the right operand.
    fn operator_of(&self, item: &JsonItem) -> Option<String> {
        let first = self.toks.iter().position(|t| t.start == item.item.start)?;
        let last = self.toks.iter().position(|t| t.end == item.item.end)?;
        let word = |i: usize| {
            let t = self.toks.get(i)?;
            (matches!(t.kind, TokenKind::Op | TokenKind::Ident))
                .then(|| String::from_utf8_lossy(t.text(self.src)).to_ascii_uppercase())
        };
        let after = word(last + 1).unwrap_or_default();
        if after == "NOT" {
            return Some(format!("NOT {}", word(last + 2).unwrap_or_default()));
        }
        if super::expr::COMPARISONS.contains(&after.as_str())
            || ["IN", "BETWEEN", "LIKE"].contains(&after.as_str())
        {
            return Some(after);
        }
        let before = word(first.checked_sub(1)?)?;
        super::expr::COMPARISONS
            .contains(&before.as_str())
            .then_some(before)
    }

    /// Django's string operands of a path compared by MariaDB as strings:
    /// `JSON_EXTRACT('<json>', '$')` (its `exact` right-hand side) and
    /// `JSON_UNQUOTE(JSON_EXTRACT('<json>', '$'))` (its `in` items), and on
    /// a BIGINT path string literals. `Some(None)`: no such operand (the
    /// other rules judge); `Some(Some(edits))`: they agree, each becomes
    /// the literal MariaDB compares; `None`: they do not (refused).
    ///
    /// Measured on MariaDB 10.11: `JSON_UNQUOTE(..)` of a constant is a
    /// plain string in any context. A bare `JSON_EXTRACT` constant is
    /// compared unquoted only as the one operand of `=` (reversed too) and
    /// only on a utf8mb4 or binary connection (elsewhere the constant is
    /// converted and compared as its JSON text, quotes and escapes
    /// included: Django's default `utf8` connection); in an `IN` list of two,
    /// `BETWEEN` and `LIKE` with its quotes, `>` also matches NULL rows and
    /// `<=>` crashes the server: those stay refused. For a non-string JSON
    /// scalar (`5`, `null`, `true`) both texts are the same.
    ///
    /// A BIGINT column holds exactly the integers whose text is their plain
    /// digits (`transform::extract`), so the text equals a string exactly
    /// where the column equals that string's integer: `=`, `<>`, `IN` and
    /// `NOT IN` with strings of plain digits (up to 18) agree; ordering
    /// (`'10' < '9'`) does not. A DOUBLE column's text has many spellings.
    fn string_operands(
        &self,
        item: &JsonItem,
        kind: ExtractedType,
        others: &[Range<usize>],
    ) -> Option<Option<Vec<Edit>>> {
        let is_str = |t: &crate::sql::lexer::Token| matches!(t.kind, TokenKind::Str { .. });
        let mut values = Vec::new();
        let mut any = false;
        for r in others {
            let t = self.toks.get(r.clone()).unwrap_or(&[]);
            let json_extract = |at: usize| {
                t.len() >= at + 6
                    && t[at].is_keyword(self.src, "JSON_EXTRACT")
                    && t[at + 1].kind == TokenKind::LParen
                    && is_str(&t[at + 2])
                    && t[at + 3].kind == TokenKind::Comma
                    && is_str(&t[at + 4])
                    && t[at + 5].kind == TokenKind::RParen
            };
            let value = if t.len() == 6 && json_extract(0) {
                let (raw, unquoted) = self.json_constant(r.start + 2, r.start + 4)?;
                let op = self.operator_of(item);
                if others.len() != 1 || op.as_deref() != Some("=") {
                    return None;
                }
                if self.catalog.connection_unquotes_json_constants() {
                    (unquoted, true)
                } else {
                    (raw, false)
                }
            } else if t.len() == 9
                && t[0].is_keyword(self.src, "JSON_UNQUOTE")
                && t[1].kind == TokenKind::LParen
                && json_extract(2)
                && t[8].kind == TokenKind::RParen
            {
                // JSON_UNQUOTE of a constant is utf8mb4 on any connection.
                (self.json_constant(r.start + 4, r.start + 6)?.1, true)
            } else if kind == ExtractedType::Bigint && matches!(t, [one] if is_str(one)) {
                (decode_string(self.src, &t[0], self.opts)?.to_vec(), false)
            } else {
                values.push(None);
                continue;
            };
            any = true;
            values.push(Some((r.clone(), value)));
        }
        if !any {
            return Some(None);
        }
        if values.iter().any(Option::is_none) {
            // Mixed with numbers or NULL: another comparison rule.
            return None;
        }
        let mut edits = Vec::new();
        for (r, (value, utf8mb4)) in values.into_iter().flatten() {
            let span = self.toks[r.start].start..self.toks[r.end - 1].end;
            let literal = match kind {
                // The raw text is the constant's own bytes, quoted again in
                // the connection's character set. An unquoted value is
                // utf8mb4: introduced as such, from a constant squeeze read
                // as UTF-8 (ASCII, escapes for the rest, or a utf8mb4
                // connection).
                ExtractedType::Text if utf8mb4 && !value.is_ascii() => {
                    let source_ascii = self.src[span.clone()].is_ascii();
                    if !source_ascii && !self.catalog.connection_unquotes_json_constants() {
                        return None;
                    }
                    let quoted = String::from_utf8(quote_string(&value, b'\'', self.opts)).ok()?;
                    format!("_utf8mb4{quoted}")
                }
                ExtractedType::Text => {
                    String::from_utf8(quote_string(&value, b'\'', self.opts)).ok()?
                }
                ExtractedType::Bigint => {
                    let op = self.operator_of(item).unwrap_or_default();
                    if !["=", "<>", "!=", "IN", "NOT IN"].contains(&op.as_str()) {
                        return None;
                    }
                    let text = std::str::from_utf8(&value).ok()?;
                    let plain = text.len() <= 19
                        && text.parse::<i64>().is_ok_and(|i| i.to_string() == text)
                        && text.trim_start_matches('-').len() <= 18;
                    if !plain {
                        return None;
                    }
                    text.to_string()
                }
                ExtractedType::Double | ExtractedType::JsonText => return None,
            };
            edits.push((span, literal));
        }
        Some(Some(edits))
    }

    /// The text and unquoted text of `JSON_EXTRACT('<json>', '<path>')`
    /// whose string arguments are tokens `json` and `path`; `None` where it
    /// is not a scalar squeeze evaluates.
    fn json_constant(&self, json: usize, path: usize) -> Option<(Vec<u8>, Vec<u8>)> {
        let text = decode_string(self.src, &self.toks[json], self.opts)?;
        let path = decode_string(self.src, &self.toks[path], self.opts)?;
        let path = parse_path(&path).ok().filter(|p| !p.wildcard())?;
        let raw = evaluate(&JsonCall::Extract(path.clone()), &text).ok()??;
        if matches!(raw.first(), Some(b'{' | b'[')) {
            return None;
        }
        let unquoted = evaluate(&JsonCall::UnquoteExtract(path), &text).ok()??;
        Some((raw, unquoted))
    }

    /// Whether `CASE JSON_EXTRACT(doc, p) WHEN 'null' THEN NULL ELSE
    /// JSON_UNQUOTE(JSON_EXTRACT(doc, p)) END` (SQLAlchemy's `.as_string()`)
    /// under this use filters the same rows as the extracted column. They
    /// differ on exactly the rows whose path holds JSON null: NULL there, the
    /// text 'null' in the column. So only `=` / `IN` with string literals
    /// other than 'null' (utf8mb4_bin pads spaces), where both are "not
    /// true" on those rows, and only where "not true" filters alike: a
    /// direct AND/OR operand of a WHERE (under NOT, `<>`, `IS FALSE`, in a
    /// select list, NULL and FALSE differ).
    fn null_case_agrees(
        &self,
        item: &super::expr::JsonItem,
        kind: ExtractedType,
        others: &[Range<usize>],
        the_use: Use,
    ) -> bool {
        if kind != ExtractedType::Text || the_use != Use::Compare || others.is_empty() {
            return false;
        }
        let Some(first) = self.toks.iter().position(|t| t.start == item.item.start) else {
            return false;
        };
        let Some(last) = self.toks.iter().position(|t| t.end == item.item.end) else {
            return false;
        };
        // The item on the left of `=` or `IN` (not `NOT IN`, `<=>`, ...).
        let Some(op) = self.toks.get(last + 1) else {
            return false;
        };
        if !(op.is_op(self.src, "=") || op.is_keyword(self.src, "IN")) {
            return false;
        }
        let literals_agree = others.iter().all(|r| {
            let [t] = self.toks.get(r.clone()).unwrap_or(&[]) else {
                return false;
            };
            if !matches!(t.kind, TokenKind::Str { quote_at } if quote_at == t.start) {
                return false;
            }
            decode_string(self.src, t, self.opts).is_some_and(|v| {
                let end = v.iter().rposition(|&b| b != b' ').map_or(0, |i| i + 1);
                &v[..end] != b"null"
            })
        });
        literals_agree && self.filters_rows(first, self.pos)
    }

    /// Whether the condition at tokens `first..end` is a direct AND/OR
    /// operand, through parentheses, of a WHERE clause, where a NULL and a
    /// FALSE condition drop the row alike.
    fn filters_rows(&self, mut first: usize, mut end: usize) -> bool {
        let toks = self.toks;
        let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(self.src, w));
        let joins = |i: usize| kw(i, "AND") || kw(i, "OR");
        let ends_clause = |i: usize| {
            i >= toks.len()
                || toks[i].kind == TokenKind::Semicolon
                || [
                    "GROUP",
                    "ORDER",
                    "LIMIT",
                    "HAVING",
                    "WINDOW",
                    "UNION",
                    "EXCEPT",
                    "INTERSECT",
                    "FOR",
                    "LOCK",
                    "INTO",
                    "RETURNING",
                ]
                .iter()
                .any(|w| kw(i, w))
        };
        // Tokens that, at the operand chain's own depth, would mean it is
        // not a plain AND/OR tree (or that squeeze cannot tell).
        let breaks_chain = |i: usize| {
            let t = &toks[i];
            matches!(t.kind, TokenKind::Comma)
                || t.is_op(self.src, ":=")
                || t.is_op(self.src, "||")
                || t.is_op(self.src, "&&")
                || [
                    "XOR", "CASE", "WHEN", "THEN", "ELSE", "END", "SELECT", "ON", "SET", "BETWEEN",
                    "FROM", "USING", "VALUES",
                ]
                .iter()
                .any(|w| t.is_keyword(self.src, w))
        };
        loop {
            // Its left neighbour: AND, OR, WHERE or an opening `(`.
            let left_ok = first > 0
                && (joins(first - 1)
                    || kw(first - 1, "WHERE")
                    || toks[first - 1].kind == TokenKind::LParen);
            if !left_ok {
                return false;
            }
            if !(joins(end) || ends_clause(end) || toks[end].kind == TokenKind::RParen) {
                return false;
            }
            // Left to the chain's opening: WHERE or an unmatched `(`.
            let (mut i, mut depth) = (first, 0usize);
            let open = loop {
                if i == 0 {
                    return false;
                }
                i -= 1;
                match toks[i].kind {
                    TokenKind::RParen => depth += 1,
                    TokenKind::LParen if depth > 0 => depth -= 1,
                    TokenKind::LParen => break Some(i),
                    _ if depth == 0 && kw(i, "WHERE") => break None,
                    _ if depth == 0 && breaks_chain(i) => return false,
                    _ => {}
                }
            };
            // Right to its close: the matching `)`, or the clause's end.
            let (mut j, mut depth) = (end, 0usize);
            let close = loop {
                if j >= toks.len() || (depth == 0 && open.is_none() && ends_clause(j)) {
                    break None;
                }
                match toks[j].kind {
                    TokenKind::LParen => depth += 1,
                    TokenKind::RParen if depth > 0 => depth -= 1,
                    TokenKind::RParen => break Some(j),
                    _ if depth == 0 && breaks_chain(j) => return false,
                    _ => {}
                }
                j += 1;
            };
            match (open, close) {
                // The WHERE of this query level (a subquery's ends at its `)`).
                (None, _) => return true,
                // A parenthesised group: itself an operand of the chain around it.
                (Some(o), Some(c)) => {
                    first = o;
                    end = c + 1;
                }
                (Some(_), None) => return false,
            }
        }
    }

    /// Whether a use of a numeric extracted column agrees with the same use
    /// of the path's text for every row (checked on MariaDB 10.11, see
    /// docs/json.md): the text compared with an integer literal compares
    /// as DECIMAL (exact, as BIGINT does), with a decimal or float literal
    /// as DOUBLE (as a DOUBLE column does); sorting, grouping, LIKE and
    /// string or `?` operands compare the text as a string.
    fn numeric_agrees(&self, kind: ExtractedType, others: &[Range<usize>], the_use: Use) -> bool {
        if kind == ExtractedType::Text || the_use == Use::IsNull {
            return true;
        }
        if the_use != Use::Compare {
            return false;
        }
        let mut class = None;
        for r in others {
            let t = &self.toks[r.start.min(self.toks.len())..r.end.min(self.toks.len())];
            let number = match t {
                [one] if one.is_keyword(self.src, "NULL") => continue,
                [n] | [_, n] if n.kind == TokenKind::Number => n.text(self.src),
                _ => return false,
            };
            if t.len() == 2 && !(t[0].is_op(self.src, "-") || t[0].is_op(self.src, "+")) {
                return false;
            }
            let digits = number.iter().all(u8::is_ascii_digit);
            let this = match kind {
                // An integer literal MariaDB types as an integer.
                ExtractedType::Bigint if digits && number.len() <= 18 => 0,
                ExtractedType::Double if number.starts_with(b"0x") || number.starts_with(b"0b") => {
                    return false
                }
                ExtractedType::Double if number.iter().any(|b| matches!(b, b'e' | b'E')) => 1,
                ExtractedType::Double if number.contains(&b'.') => 2,
                _ => return false,
            };
            // A list of mixed literal types compares by another rule.
            if class.replace(this).is_some_and(|c| c != this) {
                return false;
            }
        }
        true
    }

    /// The items of an `IN` list spanning tokens `r` (`(a, b)`).
    pub(super) fn list_items(&self, r: Range<usize>) -> Vec<Range<usize>> {
        if r.len() < 2 {
            return vec![r];
        }
        let inner = r.start + 1..r.end - 1;
        let items = crate::sql::tokens::split_commas(self.toks, inner.clone());
        if items.is_empty() {
            // `()`: one empty item, which no constant test passes.
            return vec![inner];
        }
        items
    }

    /// What to do about a JSON function of a compressed column that MariaDB
    /// would have to evaluate (appended to the refusal): the extracted
    /// column that answers it, or the declaration that would.
    pub(super) fn extract_hint(&self, c: &ColumnRef, item: &JsonItem) -> String {
        let path = match &item.call {
            JsonCall::UnquoteExtract(p)
            | JsonCall::Value(p)
            | JsonCall::Extract(p)
            | JsonCall::Query(p)
            // SQLAlchemy's typed accessors.
            | JsonCall::NullCase(p, _) => p,
            _ => return String::new(),
        };
        if path.wildcard() {
            return String::new();
        }
        let text = path_text(path);
        let want = match &item.call {
            JsonCall::NullCase(..) => typed_accessor(item).unwrap_or(ExtractedType::Text),
            _ => ExtractedType::Text,
        };
        let json = self.catalog.extracted_column(
            &c.db,
            &c.table,
            &c.column,
            path,
            ExtractedType::JsonText,
        );
        if let (JsonCall::Extract(_), Some((col, _))) = (&item.call, &json) {
            return format!(
                "{HINT} `{text}` is declared with value = \"json\" (column `{col}`, which holds JSON_EXTRACT({0}, '{text}')): squeeze answers it from `{col}` as an ORDER BY / GROUP BY key and under IS [NOT] NULL; MariaDB compares JSON_EXTRACT's text with a constant as JSON (unquoting it), which the column does not: compare JSON_UNQUOTE(JSON_EXTRACT({0}, '{text}')) with a path declared as text",
                c.column
            );
        }
        match self
            .catalog
            .extracted_column(&c.db, &c.table, &c.column, path, want)
        {
            Some((col, _)) if self.in_having => format!(
                "{HINT} `{text}` is declared (column `{col}`), but MariaDB does not resolve `{0}` in a HAVING condition (Unknown column, unless it is grouped or selected): put the condition in WHERE, where squeeze answers it from `{col}`",
                c.column
            ),
            Some((col, kind)) if typed_accessor(item).is_some() => {
                let (want, accessor, other) = match typed_accessor(item) {
                    Some(ExtractedType::Bigint) => ("BIGINT", "as_integer(): CASE .. CAST(JSON_EXTRACT(..) AS SIGNED INTEGER) END", "DOUBLE"),
                    _ => ("DOUBLE", "as_float(): CASE .. JSON_EXTRACT(..) + 0.0.. END", "BIGINT"),
                };
                if type_name(kind) == want || (want == "DOUBLE" && kind == ExtractedType::Bigint) {
                    format!(
                        "{HINT} `{text}` is declared as {want} (column `{col}`), which holds SQLAlchemy's {accessor} for every row: squeeze answers it from `{col}` compared with numbers, NULL or `?`, under IS [NOT] NULL, and as an ORDER BY / GROUP BY key; other operands (a column, a string, LIKE) stay refused"
                    )
                } else {
                    format!(
                        "{HINT} `{text}` is declared as {} (column `{col}`), which does not hold SQLAlchemy's {accessor} (CAST AS SIGNED reads `1.5` as 1 with a warning; the + 0.0 sum is a DOUBLE, which rounds integers beyond 2^53): declare the path as {want} for this accessor, or use the {other} one",
                        type_name(kind)
                    )
                }
            }
            Some((col, ExtractedType::Text)) if matches!(item.call, JsonCall::NullCase(..)) => format!(
                "{HINT} `{text}` is declared (column `{col}`, which holds JSON_UNQUOTE(JSON_EXTRACT({0}, '{text}'))); SQLAlchemy's as_string() CASE is NULL where the path holds JSON null and the column the text 'null', so squeeze answers it only under = or IN with string literals other than 'null', as a direct AND/OR operand of a WHERE; as a sort or group key it puts JSON null rows with the NULLs, which squeeze answers only with a value = \"json\" column of the path declared too (extract = [{{ path = \"{text}\", column = \"..\", type = \"VARCHAR(n)\", value = \"json\" }}]), or sort by JSON_UNQUOTE(JSON_EXTRACT({0}, '{text}')) (SQLAlchemy: func.json_unquote(func.json_extract(doc, path))), which squeeze answers from `{col}`",
                c.column
            ),
            Some((col, _)) if matches!(item.call, JsonCall::Extract(_)) => format!(
                "{HINT} `{text}` is declared (column `{col}`, which holds JSON_UNQUOTE(JSON_EXTRACT({0}, '{text}'))); a bare JSON_EXTRACT({0}, '{text}') is the path's JSON text (Django's order_by('doc__key') sorts it: strings with their quotes and escapes, `10` before `9`), which that column does not hold: to sort or group by it, declare the path again with value = \"json\": extract = [{{ path = \"{text}\", column = \"<name>\", type = \"VARCHAR(<n>)\", value = \"json\" }}] or sort by JSON_UNQUOTE(JSON_EXTRACT({0}, '{text}')) (Django: KeyTextTransform), which squeeze answers from `{col}` on a VARCHAR path",
                c.column
            ),
            Some((col, ExtractedType::Bigint)) if matches!(item.call, JsonCall::UnquoteExtract(_)) => format!(
                "{HINT} `{text}` is declared as BIGINT (column `{col}`): squeeze answers JSON_UNQUOTE(JSON_EXTRACT({0}, '{text}')) from it compared (=, <>, <, <=>, IN, BETWEEN) with integer literals of up to 18 digits, with strings of plain digits under =, <>, IN, NOT IN (Django's JSON_EXTRACT('5', '$') too), or under IS [NOT] NULL, where MariaDB compares the path's text exactly as the column; other strings, `?`, decimal or float operands, LIKE, ORDER BY and GROUP BY treat the text otherwise: declare the path as VARCHAR(n) for those",
                c.column
            ),
            Some((col, ExtractedType::Double)) if matches!(item.call, JsonCall::UnquoteExtract(_)) => format!(
                "{HINT} `{text}` is declared as DOUBLE (column `{col}`): squeeze answers JSON_UNQUOTE(JSON_EXTRACT({0}, '{text}')) from it only compared (=, <>, <, <=>, IN, BETWEEN) with decimal or float literals (5.0, 5e0; not 5, which MariaDB compares with the text as DECIMAL), or under IS [NOT] NULL; a string, `?` or integer operand, LIKE, ORDER BY and GROUP BY treat the text otherwise: write the constant as 5.0, or declare the path as VARCHAR(n) for those",
                c.column
            ),
            Some((col, _)) if matches!(item.call, JsonCall::UnquoteExtract(_)) => format!(
                "{HINT} `{text}` is declared (column `{col}`): squeeze answers JSON_UNQUOTE(JSON_EXTRACT({0}, '{text}')) from it compared with a constant (=, <>, <, <=>, IN, BETWEEN, LIKE), under IS [NOT] NULL, or as an ORDER BY / GROUP BY key, with the column named through its base table",
                c.column
            ),
            Some((col, _)) => format!(
                "{HINT} `{text}` is declared (column `{col}`, which holds JSON_UNQUOTE(JSON_EXTRACT({0}, '{text}'))); this form differs from it on JSON null, booleans, objects or arrays: write JSON_UNQUOTE(JSON_EXTRACT({0}, '{text}')) instead, which squeeze answers from `{col}`",
                c.column
            ),
            None => format!(
                "{HINT} To filter, sort or group on `{text}`, declare it as an extracted column: extract = [{{ path = \"{text}\", column = \"<name>\", type = \"VARCHAR(<n>)\" }}] in the [[columns]] entry of {c}, add that column to the table (VARCHAR(<n>) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin), and fill it for existing rows with `squeeze backfill --extract --column {c}` (docs/json.md#extracted-columns)"
            ),
        }
    }

    /// [`Self::take_extracted`] with one other operand.
    pub(super) fn take_extracted_with(&mut self, v: &Val, other: Range<usize>) -> bool {
        self.take_extracted(v, std::slice::from_ref(&other))
    }

    /// Tokens `r` are a constant: string literals (with an introducer or
    /// `BINARY`), a signed number, `?`, `NULL`, a hex or bit literal, or
    /// `JSON_EXTRACT('<json>', '<path>')` of two strings (Django's
    /// right-hand side).
    pub(super) fn constant(&self, r: Range<usize>) -> bool {
        let t = &self.toks[r.start.min(self.toks.len())..r.end.min(self.toks.len())];
        let is_str = |k: TokenKind| matches!(k, TokenKind::Str { .. });
        match t {
            [] => false,
            [one] => {
                matches!(
                    one.kind,
                    TokenKind::Number
                        | TokenKind::Placeholder
                        | TokenKind::HexLit
                        | TokenKind::BitLit
                        | TokenKind::Str { .. }
                ) || one.is_keyword(self.src, "NULL")
            }
            [sign, n]
                if (sign.is_op(self.src, "-") || sign.is_op(self.src, "+"))
                    && n.kind == TokenKind::Number =>
            {
                true
            }
            // Django's `startswith`/`endswith`/`regex`: `LIKE BINARY '5%'`,
            // a binary string both sides compare alike.
            [b, s] if b.is_keyword(self.src, "BINARY") && is_str(s.kind) => true,
            [f, open, a, comma, b, close]
                if f.is_keyword(self.src, "JSON_EXTRACT")
                    && open.kind == TokenKind::LParen
                    && is_str(a.kind)
                    && comma.kind == TokenKind::Comma
                    && is_str(b.kind)
                    && close.kind == TokenKind::RParen =>
            {
                true
            }
            [u, open, f, open2, a, comma, b, close2, close]
                if u.is_keyword(self.src, "JSON_UNQUOTE")
                    && f.is_keyword(self.src, "JSON_EXTRACT")
                    && open.kind == TokenKind::LParen
                    && open2.kind == TokenKind::LParen
                    && is_str(a.kind)
                    && comma.kind == TokenKind::Comma
                    && is_str(b.kind)
                    && close2.kind == TokenKind::RParen
                    && close.kind == TokenKind::RParen =>
            {
                true
            }
            many => many.iter().all(|x| is_str(x.kind)),
        }
    }
}

/// The declared type whose column holds exactly the value of a SQLAlchemy
/// typed accessor `item` on every row it can hold: `CASE JSON_EXTRACT(doc,
/// p) WHEN 'null' THEN NULL ELSE CAST(JSON_EXTRACT(doc, p) AS SIGNED
/// INTEGER) END` (`.as_integer()`) for BIGINT, whose text is the integer's
/// plain digits (no warning, the same BIGINT; JSON null is never stored);
/// `... ELSE JSON_EXTRACT(doc, p) + 0.000... END` (`.as_float()`) for
/// DOUBLE, the server's own conversion of the number's text (`-0` sums to
/// `0`, which compares, sorts and groups as `-0`).
fn typed_accessor(item: &JsonItem) -> Option<ExtractedType> {
    let JsonCall::NullCase(path, inner) = &item.call else {
        return None;
    };
    match &**inner {
        JsonCall::Cast(e, CastTo::Signed) if **e == JsonCall::Extract(path.clone()) => {
            Some(ExtractedType::Bigint)
        }
        JsonCall::PlusZero(e) if **e == JsonCall::Extract(path.clone()) => {
            Some(ExtractedType::Double)
        }
        _ => None,
    }
}

/// A declared type's SQL name, for messages.
fn type_name(kind: ExtractedType) -> &'static str {
    match kind {
        ExtractedType::Text => "VARCHAR(n)",
        ExtractedType::Bigint => "BIGINT",
        ExtractedType::Double => "DOUBLE",
        ExtractedType::JsonText => "VARCHAR(n) with value = \"json\"",
    }
}

/// A path as MariaDB writes it (`$.a."b c"[2]`), for messages.
fn path_text(p: &Path) -> String {
    let mut out = String::from("$");
    for s in &p.steps {
        match s {
            Step::Key(k) => {
                let k = String::from_utf8_lossy(k);
                if k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && k.chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                {
                    out.push('.');
                    out.push_str(&k);
                } else {
                    out.push_str(&format!(".\"{k}\""));
                }
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
            Step::AnyKey => out.push_str(".*"),
            Step::AnyIndex => out.push_str("[*]"),
            Step::Range(a, b) => out.push_str(&format!("[{a} to {b}]")),
        }
    }
    out
}
