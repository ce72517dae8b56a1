//! `ALTER TABLE` of a table with declared paths: squeeze answers a
//! predicate on a path from its extracted column only while the column is
//! the declared one (type, length, `utf8mb4_bin`, `DEFAULT NULL`), so DDL
//! through squeeze that would change, rename or drop such a column is
//! refused. (DDL squeeze does not see is caught when the table's
//! definition is next read: `schema::TableInfo::extract_agrees`.) Pure.

use std::ops::Range;

use super::extract::Extract;
use super::extract_write::refusal;
use super::{ColumnRule, ColumnRules};
use crate::sql::catalog::ExtractedType;
use crate::sql::lexer::ident_name;
use crate::sql::tokens::{is_name, split_commas};
use crate::sql::{Refusal, Token, TokenKind};

/// The refusal of an `ALTER TABLE` that would change an extracted column.
pub fn alter_refusal(
    rules: &ColumnRules,
    src: &[u8],
    toks: &[Token],
    db: Option<&str>,
) -> Option<Refusal> {
    let a = Alter { src, toks };
    let (table_db, table, after_name) = a.table(db)?;
    let docs: Vec<&std::sync::Arc<ColumnRule>> = rules
        .all()
        .filter(|r| !r.extracts.is_empty() && r.table == table && r.schema.matches(&table_db))
        .collect();
    if docs.is_empty() {
        return None;
    }
    let declared = |name: &str| {
        docs.iter().find_map(|r| {
            r.extracts
                .iter()
                .find(|e| e.column.eq_ignore_ascii_case(name))
                .map(|e| (r.as_ref(), e))
        })
    };
    let first_text = || {
        docs.iter().find_map(|r| {
            r.extracts
                .iter()
                .find(|e| matches!(e.kind, ExtractedType::Text | ExtractedType::JsonText))
                .map(|e| (r.as_ref(), e))
        })
    };
    for spec in split_commas(toks, after_name..toks.len()) {
        if let Some(r) = a.spec(spec, &declared, &first_text) {
            return Some(r);
        }
    }
    None
}

/// What an `ALTER TABLE` specification does to an extracted column.
enum Change {
    /// A new definition that is not the declared one (`what` it has).
    Definition(String),
    Rename(String),
    Drop,
    /// `CONVERT TO CHARACTER SET`, which converts every text column.
    Convert,
}

struct Alter<'s> {
    src: &'s [u8],
    toks: &'s [Token],
}

impl<'s> Alter<'s> {
    fn kw(&self, at: usize, w: &str) -> bool {
        self.toks.get(at).is_some_and(|t| t.is_keyword(self.src, w))
    }
    fn name(&self, at: usize) -> Option<String> {
        self.toks
            .get(at)
            .filter(|t| is_name(t))
            .map(|t| ident_name(self.src, t).into_owned())
    }

    /// `ALTER [ONLINE] [IGNORE] TABLE [IF EXISTS] [db.]t`: the table and the
    /// index of the first token after its name.
    fn table(&self, current_db: Option<&str>) -> Option<(String, String, usize)> {
        if !self.kw(0, "ALTER") {
            return None;
        }
        let mut i = 1;
        while self.kw(i, "ONLINE") || self.kw(i, "IGNORE") {
            i += 1;
        }
        if !self.kw(i, "TABLE") {
            return None;
        }
        i += 1;
        if self.kw(i, "IF") && self.kw(i + 1, "EXISTS") {
            i += 2;
        }
        let first = self.name(i)?;
        if self.toks.get(i + 1).map(|t| t.kind) == Some(TokenKind::Dot) {
            Some((first, self.name(i + 2)?, i + 3))
        } else {
            Some((current_db?.to_string(), first, i + 1))
        }
    }

    /// One specification of the ALTER, judged against the declared columns.
    fn spec<'r>(
        &self,
        r: Range<usize>,
        declared: &dyn Fn(&str) -> Option<(&'r ColumnRule, &'r Extract)>,
        first_text: &dyn Fn() -> Option<(&'r ColumnRule, &'r Extract)>,
    ) -> Option<Refusal> {
        let mut k = r.start;
        let skip = |k: &mut usize, words: &[&str]| {
            while words.iter().any(|w| self.kw(*k, w)) {
                *k += 1;
            }
        };
        let judged =
            |(rule, e): (&ColumnRule, &Extract), change: Change| Some(refused(rule, e, change));
        if self.kw(k, "ADD") {
            k += 1;
            skip(&mut k, &["COLUMN"]);
            if self.kw(k, "IF") && self.kw(k + 1, "NOT") && self.kw(k + 2, "EXISTS") {
                k += 3;
            }
            let elements = if self.toks.get(k).map(|t| t.kind) == Some(TokenKind::LParen) {
                let close = crate::sql::classify::matching_paren(self.toks, k).min(r.end);
                split_commas(self.toks, k + 1..close)
            } else {
                std::iter::once(k..r.end).collect()
            };
            for el in elements {
                let Some(found) = self.name(el.start).and_then(|n| declared(&n)) else {
                    continue;
                };
                if let Err(what) = self.definition(found.1, el.start + 1..el.end) {
                    return judged(found, Change::Definition(what));
                }
            }
            return None;
        }
        if self.kw(k, "MODIFY") || self.kw(k, "CHANGE") {
            let change = self.kw(k, "CHANGE");
            k += 1;
            skip(&mut k, &["COLUMN"]);
            if self.kw(k, "IF") && self.kw(k + 1, "EXISTS") {
                k += 2;
            }
            let old = self.name(k)?;
            let mut def = k + 1;
            if change {
                let new = self.name(k + 1)?;
                def += 1;
                match (declared(&old), declared(&new)) {
                    (Some(found), _) if !old.eq_ignore_ascii_case(&new) => {
                        return judged(found, Change::Rename(new))
                    }
                    // Another column taking a declared column's name.
                    (None, Some(found)) => return judged(found, Change::Rename(new)),
                    _ => {}
                }
            }
            let found = declared(&old)?;
            return match self.definition(found.1, def..r.end) {
                Ok(()) => None,
                Err(what) => judged(found, Change::Definition(what)),
            };
        }
        if self.kw(k, "ALTER") {
            // ALTER [COLUMN] [IF EXISTS] col SET DEFAULT x | DROP DEFAULT | SET [IN]VISIBLE
            k += 1;
            skip(&mut k, &["COLUMN"]);
            if self.kw(k, "IF") && self.kw(k + 1, "EXISTS") {
                k += 2;
            }
            let found = self.name(k).and_then(|n| declared(&n))?;
            let default_null = self.kw(k + 1, "SET")
                && self.kw(k + 2, "DEFAULT")
                && self.kw(k + 3, "NULL")
                && k + 4 == r.end;
            if default_null {
                return None;
            }
            return judged(found, Change::Definition(self.text(k + 1..r.end)));
        }
        if self.kw(k, "RENAME") && self.kw(k + 1, "COLUMN") {
            let (old, new) = (self.name(k + 2)?, self.name(k + 4)?);
            let found = declared(&old).or_else(|| declared(&new))?;
            return judged(found, Change::Rename(new));
        }
        if self.kw(k, "DROP") {
            k += 1;
            let not_a_column = [
                "INDEX",
                "KEY",
                "PRIMARY",
                "FOREIGN",
                "CONSTRAINT",
                "CHECK",
                "PARTITION",
                "PERIOD",
                "SYSTEM",
            ];
            if not_a_column.iter().any(|w| self.kw(k, w)) {
                return None;
            }
            skip(&mut k, &["COLUMN"]);
            if self.kw(k, "IF") && self.kw(k + 1, "EXISTS") {
                k += 2;
            }
            let found = self.name(k).and_then(|n| declared(&n))?;
            return judged(found, Change::Drop);
        }
        if self.kw(k, "CONVERT") && self.kw(k + 1, "TO") {
            // CONVERT TO CHARACTER SET cs [COLLATE c]: every text column
            // (a declared VARCHAR included) takes the new collation.
            let named = self.text(k + 2..r.end).to_ascii_lowercase();
            let kept = named.contains("utf8mb4") && named.contains("utf8mb4_bin");
            if kept {
                return None;
            }
            return first_text().map(|(rule, e)| refused(rule, e, Change::Convert));
        }
        None
    }

    /// `DEFAULT NULL`, `AFTER col`, `COMMENT '..'`: attributes that keep
    /// the column's values and comparisons.
    fn two_token_attribute(&self, k: usize) -> bool {
        let comment = self.kw(k, "COMMENT")
            && matches!(
                self.toks.get(k + 1).map(|t| t.kind),
                Some(TokenKind::Str { .. })
            );
        (self.kw(k, "DEFAULT") && self.kw(k + 1, "NULL"))
            || (self.kw(k, "AFTER") && self.name(k + 1).is_some())
            || comment
    }

    fn text(&self, r: Range<usize>) -> String {
        if r.is_empty() || r.end > self.toks.len() {
            return String::new();
        }
        String::from_utf8_lossy(&self.src[self.toks[r.start].start..self.toks[r.end - 1].end])
            .into_owned()
    }

    /// A column definition (after the name) that is exactly the declared
    /// type with only attributes that keep its values and comparisons:
    /// `[CHARACTER SET utf8mb4] COLLATE utf8mb4_bin` for text, `NULL`,
    /// `DEFAULT NULL`, `COMMENT '..'`, `FIRST`, `AFTER col`. Anything
    /// else (default deny) is `Err` with the definition's text.
    fn definition(&self, e: &Extract, r: Range<usize>) -> Result<(), String> {
        let whole = self.text(r.clone());
        let bad = || Err(whole.clone());
        let mut k = r.start;
        let text = matches!(e.kind, ExtractedType::Text | ExtractedType::JsonText);
        match e.kind {
            ExtractedType::Text | ExtractedType::JsonText => {
                let n = e.max_chars.to_string();
                let len_ok = self.kw(k, "VARCHAR")
                    && self.toks.get(k + 1).map(|t| t.kind) == Some(TokenKind::LParen)
                    && self
                        .toks
                        .get(k + 2)
                        .is_some_and(|t| t.text(self.src) == n.as_bytes())
                    && self.toks.get(k + 3).map(|t| t.kind) == Some(TokenKind::RParen);
                if !len_ok {
                    return bad();
                }
                k += 4;
            }
            ExtractedType::Bigint => {
                if !self.kw(k, "BIGINT") {
                    return bad();
                }
                k += 1;
                // BIGINT(20): a display width only.
                if self.toks.get(k).map(|t| t.kind) == Some(TokenKind::LParen) {
                    if self.toks.get(k + 2).map(|t| t.kind) != Some(TokenKind::RParen) {
                        return bad();
                    }
                    k += 3;
                }
            }
            ExtractedType::Double => {
                if !self.kw(k, "DOUBLE") {
                    return bad();
                }
                k += 1;
                if self.kw(k, "PRECISION") {
                    k += 1;
                }
            }
        }
        let mut collation_bin = !text;
        while k < r.end {
            if text && (self.kw(k, "CHARACTER") && self.kw(k + 1, "SET") || self.kw(k, "CHARSET")) {
                k += if self.kw(k, "CHARSET") { 1 } else { 2 };
                if self.toks.get(k).is_some_and(|t| t.text(self.src) == b"=") {
                    k += 1;
                }
                if !self.kw(k, "utf8mb4") {
                    return bad();
                }
                k += 1;
            } else if text && self.kw(k, "COLLATE") {
                k += 1;
                if self.toks.get(k).is_some_and(|t| t.text(self.src) == b"=") {
                    k += 1;
                }
                if !self.kw(k, "utf8mb4_bin") {
                    return bad();
                }
                collation_bin = true;
                k += 1;
            } else if self.kw(k, "NULL") || self.kw(k, "FIRST") {
                k += 1;
            } else if self.two_token_attribute(k) {
                k += 2;
            } else {
                return bad();
            }
        }
        // Without COLLATE the column takes the table's default collation,
        // which need not be utf8mb4_bin.
        if !collation_bin {
            return bad();
        }
        Ok(())
    }
}

/// The refusal naming the extracted column, what the statement would do
/// to it, and how to change it properly.
fn refused(rule: &ColumnRule, e: &Extract, change: Change) -> Refusal {
    let column = format!("`{}`.`{}`.`{}`", rule.schema, rule.table, e.column);
    let done = match change {
        Change::Definition(d) => format!("define {column} as `{d}`"),
        Change::Rename(new) => format!("rename {column} (to or from `{new}`)"),
        Change::Drop => format!("drop {column}"),
        Change::Convert => format!("convert {column} to another character set"),
    };
    refusal(
        rule,
        format!(
            "this ALTER TABLE would {done}, which holds {} of `{}`: squeeze answers predicates on the path from that column only while it is `{}` (comparisons on it then agree with comparisons on the path). Keep that definition; to change it, first change or remove the path in [[columns]].extract, reload squeeze (SIGHUP), then alter the column and run `squeeze check-config --connect`",
            e.path_text,
            rule.label,
            e.definition()
        ),
    )
}
