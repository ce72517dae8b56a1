//! The catalog tells the same story as the results: where the server
//! describes a compressed column (`SHOW CREATE TABLE`, `DESCRIBE`,
//! `SHOW [FULL] COLUMNS`, `information_schema.COLUMNS`, COM_FIELD_LIST),
//! squeeze relays the server's answer with only that column's type fields
//! changed to its logical type: what an uncompressed copy reports.
//!
//! The logical type is fixed by `present_as`: `longtext CHARACTER SET
//! utf8mb4 COLLATE utf8mb4_bin` for `text`, the same plus `CHECK
//! (json_valid(col))` for `json` (MariaDB's JSON alias). Result sets already
//! present the column as a LONGTEXT (length 2^32-1), so the catalog says the
//! same. Pure: which results, and one row at a time.

use crate::config::PresentAs;
use crate::protocol::coldef::{binary_layout, BinaryLayout, ColumnDefView};
use crate::protocol::lenenc::put_lenenc_bytes;
use crate::protocol::rows::{binary_null_bitmap_len, binary_row_spans, text_row_spans};
use crate::sql::lexer::{ident_name, Token, TokenKind};
use crate::sql::statement::Query;

use super::ColumnRules;

/// The logical type's fields as information_schema.COLUMNS spells them.
pub const DATA_TYPE: &str = "longtext";
pub const CHARSET: &str = "utf8mb4";
pub const COLLATION: &str = "utf8mb4_bin";
/// CHARACTER_MAXIMUM_LENGTH and CHARACTER_OCTET_LENGTH of a LONGTEXT.
pub const MAX_LENGTH: &str = "4294967295";

/// Longest query text looked at.
const MAX_TEXT: usize = 64 * 1024;

/// Which results of a query may describe compressed columns.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CatalogResults {
    /// `SHOW CREATE TABLE db.t` of a table with a compressed column.
    pub show_create: Option<(String, String)>,
    /// `DESCRIBE` / `SHOW COLUMNS` of a table with a compressed column: the
    /// rows name only the column, the statement names the table.
    pub show_columns: Option<(String, String)>,
}

/// The catalog results of `query` (one statement), or `None` when it
/// cannot describe a compressed column.
pub fn catalog_results(
    query: &Query<'_>,
    current_db: Option<&str>,
    rules: &ColumnRules,
    is_view_over_compressed: impl Fn(&str, &str) -> bool,
) -> Option<CatalogResults> {
    let text = query.text;
    // Checked on every query: no lexing unless a catalog word is there.
    if rules.is_empty() || !may_describe(text) {
        return None;
    }
    let mut stmts = query.non_empty();
    let (Some(s), None) = (stmts.next(), stmts.next()) else {
        // Several statements: information_schema rows still identify
        // themselves.
        return mentions_columns(text).then(CatalogResults::default);
    };
    let toks: Vec<&Token> = s.tokens.iter().filter(|t| !t.kind.is_trivia()).collect();
    let kw = |i: usize, k: &str| toks.get(i).is_some_and(|t| t.is_keyword(text, k));
    let table_at = |i: usize| -> Option<((String, String), usize)> {
        let first = name_at(text, &toks, i)?;
        if toks.get(i + 1).is_some_and(|t| t.kind == TokenKind::Dot) {
            let second = name_at(text, &toks, i + 2)?;
            Some(((first, second), i + 3))
        } else {
            Some(((current_db?.to_string(), first), i + 1))
        }
    };
    let compressed =
        |(db, t): &(String, String)| rules.table_has(db, t) || is_view_over_compressed(db, t);
    // A CREATE TABLE copied from it stores the column as LONGBLOB again
    // (`create_table_stored_types`), so dumps restore through squeeze.
    if kw(0, "SHOW") && kw(1, "CREATE") && kw(2, "TABLE") {
        let (name, _) = table_at(3)?;
        return rules.table_has(&name.0, &name.1).then(|| CatalogResults {
            show_create: Some(name),
            ..Default::default()
        });
    }
    if kw(0, "DESCRIBE") || kw(0, "DESC") || kw(0, "EXPLAIN") {
        // EXPLAIN SELECT ... is a plan, not a table description.
        let (name, _) = table_at(1)?;
        return compressed(&name).then(|| CatalogResults {
            show_columns: Some(name),
            ..Default::default()
        });
    }
    if kw(0, "SHOW") {
        let mut i = 1;
        if kw(i, "FULL") {
            i += 1;
        }
        if (kw(i, "COLUMNS") || kw(i, "FIELDS")) && (kw(i + 1, "FROM") || kw(i + 1, "IN")) {
            let ((mut db, table), next) = table_at(i + 2)?;
            if kw(next, "FROM") || kw(next, "IN") {
                db = name_at(text, &toks, next + 1)?;
            }
            let name = (db, table);
            return compressed(&name).then(|| CatalogResults {
                show_columns: Some(name),
                ..Default::default()
            });
        }
    }
    mentions_columns(text).then(CatalogResults::default)
}

/// `SHOW [FULL] COLUMNS ... WHERE` filters on the server's values (`Type`,
/// `Collation`) before squeeze sees them: refused for a table with a
/// compressed column. The name of the first such column, when refused.
pub fn show_columns_where_refusal(
    query: &Query<'_>,
    found: &CatalogResults,
    rules: &ColumnRules,
) -> Option<String> {
    let (db, table) = found.show_columns.as_ref()?;
    let s = query.non_empty().next()?;
    let text = query.text;
    let is_show = s
        .tokens
        .iter()
        .find(|t| !t.kind.is_trivia())
        .is_some_and(|t| t.is_keyword(text, "SHOW"));
    if !is_show || !s.tokens.iter().any(|t| t.is_keyword(text, "WHERE")) {
        return None;
    }
    Some(
        match rules
            .all()
            .find(|r| r.table == *table && r.schema.matches(db))
        {
            Some(rule) => format!("{db}.{table}.{}", rule.column),
            None => format!("of the view {db}.{table}"),
        },
    )
}

/// Cheap test before [`catalog_results`] (no allocation): may `text` be a
/// catalog statement or query?
pub fn may_describe(text: &[u8]) -> bool {
    let has = |w: &[u8]| text.windows(w.len()).any(|x| x.eq_ignore_ascii_case(w));
    text.len() <= MAX_TEXT
        && (has(b"columns") || has(b"fields") || has(b"desc") || has(b"explain") || has(b"show"))
}

/// Cheap test before [`create_table_stored_types`]: a short text naming
/// a compressed table and starting with `CREATE` (after blanks).
pub fn may_create_table(text: &[u8], rules: &ColumnRules) -> bool {
    let start = text
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    text.len() <= MAX_TEXT
        && text.len() >= start + 6
        && text[start..start + 6].eq_ignore_ascii_case(b"CREATE")
        && rules.may_mention(text)
}

fn mentions_columns(text: &[u8]) -> bool {
    memchr::memmem::find(&text.to_ascii_lowercase(), b"columns").is_some()
}

fn name_at(src: &[u8], toks: &[&Token], i: usize) -> Option<String> {
    let t = toks.get(i)?;
    match t.kind {
        TokenKind::Ident | TokenKind::QuotedIdent => Some(ident_name(src, t).into_owned()),
        _ => None,
    }
}

/// One field of information_schema.COLUMNS that squeeze rewrites.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    DataType,
    ColumnType,
    Charset,
    Collation,
    MaxLength,
    OctetLength,
}

impl Field {
    fn of(org_name: &[u8]) -> Option<Field> {
        let n = std::str::from_utf8(org_name).ok()?.to_ascii_uppercase();
        Some(match n.as_str() {
            "DATA_TYPE" => Field::DataType,
            "COLUMN_TYPE" => Field::ColumnType,
            "CHARACTER_SET_NAME" => Field::Charset,
            "COLLATION_NAME" => Field::Collation,
            "CHARACTER_MAXIMUM_LENGTH" => Field::MaxLength,
            "CHARACTER_OCTET_LENGTH" => Field::OctetLength,
            _ => return None,
        })
    }

    fn logical(self) -> &'static str {
        match self {
            Field::DataType | Field::ColumnType => DATA_TYPE,
            Field::Charset => CHARSET,
            Field::Collation => COLLATION,
            Field::MaxLength | Field::OctetLength => MAX_LENGTH,
        }
    }
}

/// What one result's column definitions say about catalog columns.
#[derive(Debug, Clone, Default)]
pub struct CatalogColumns {
    columns: usize,
    schema: Option<usize>,
    table: Option<usize>,
    column: Option<usize>,
    fields: Vec<(usize, Field)>,
    /// Every column's type (binary rows need them to be walked).
    types: Vec<u8>,
    /// `SHOW CREATE TABLE`'s two columns.
    create_text: bool,
}

fn is_columns_def(def: &ColumnDefView<'_>) -> bool {
    def.schema.eq_ignore_ascii_case(b"information_schema")
        && def.org_table.eq_ignore_ascii_case(b"COLUMNS")
}

impl CatalogColumns {
    pub fn note(&mut self, def: &ColumnDefView<'_>, kind: &CatalogResults) {
        let i = self.columns;
        self.columns += 1;
        self.types.push(def.column_type);
        if kind.show_create.is_some() {
            self.create_text = match i {
                0 => def.name == b"Table",
                1 => self.create_text && def.name == b"Create Table",
                _ => false,
            };
            return;
        }
        if !is_columns_def(def) {
            return;
        }
        let n = def.org_name.to_ascii_uppercase();
        match n.as_slice() {
            b"TABLE_SCHEMA" => self.schema = self.schema.or(Some(i)),
            b"TABLE_NAME" => self.table = self.table.or(Some(i)),
            b"COLUMN_NAME" => self.column = self.column.or(Some(i)),
            _ => {
                if let Some(f) = Field::of(def.org_name) {
                    self.fields.push((i, f));
                }
            }
        }
    }

    /// Unreadable definition: counted, so no other column is misplaced.
    pub fn skip(&mut self) {
        self.columns += 1;
        self.types.push(0xfd);
        self.create_text = false;
    }

    /// No column definition noted.
    pub fn is_empty(&self) -> bool {
        self.columns == 0
    }

    /// Does any row of this result need a look?
    pub fn any(&self, kind: &CatalogResults) -> bool {
        (kind.show_create.is_some() && self.create_text && self.columns == 2)
            || (!self.fields.is_empty() && self.column.is_some())
    }
}

/// The text row with the compressed columns' type fields changed; `None`
/// when nothing changes or the row cannot be walked (it goes out as it
/// came).
/// `resolve(db, table, column)` says whether a table's or a view's column
/// carries a compressed column. `binary`: a prepared statement's row.
pub fn rewrite_row(
    row: &[u8],
    cols: &CatalogColumns,
    kind: &CatalogResults,
    rules: &ColumnRules,
    binary: bool,
    resolve: impl Fn(&str, &str, &str) -> bool,
) -> Option<Vec<u8>> {
    let mut spans = Vec::with_capacity(cols.columns);
    if binary {
        binary_row_spans(row, &cols.types, &mut spans).ok()?;
    } else {
        text_row_spans(row, cols.columns, &mut spans).ok()?;
    }
    let value = |i: Option<usize>| -> Option<&str> {
        let span = spans.get(i?)?.clone()?;
        std::str::from_utf8(&row[span]).ok()
    };
    let mut new: Vec<Option<Vec<u8>>> = vec![None; cols.columns];
    if let Some((db, table)) = &kind.show_create {
        let text = value(Some(1))?;
        new[1] = Some(rewrite_create_table(text, db, table, rules)?.into_bytes());
    } else {
        let (db, table) = match &kind.show_columns {
            Some((db, table)) => (db.as_str(), table.as_str()),
            None => (value(cols.schema)?, value(cols.table)?),
        };
        if !resolve(db, table, value(cols.column)?) {
            return None;
        }
        // Only a column the server stores as a blob holds squeeze values.
        for (i, f) in &cols.fields {
            if matches!(f, Field::DataType | Field::ColumnType) {
                if let Some(v) = value(Some(*i)) {
                    if !is_blob_type(v) {
                        return None;
                    }
                }
            }
        }
        for (i, f) in &cols.fields {
            new[*i] = Some(f.logical().as_bytes().to_vec());
        }
    }
    let mut out = Vec::with_capacity(row.len() + 32);
    if binary {
        return binary_row(row, &spans, &new, &cols.types);
    }
    for (i, span) in spans.iter().enumerate() {
        match (&new[i], span) {
            (Some(v), _) => put_lenenc_bytes(&mut out, v),
            (None, Some(s)) => put_lenenc_bytes(&mut out, &row[s.clone()]),
            (None, None) => out.push(0xfb),
        }
    }
    Some(out)
}

/// A binary row rebuilt with `new` values (given as text: a string column
/// takes the bytes, an integer column the number); `None` for a layout it
/// does not write.
fn binary_row(
    row: &[u8],
    spans: &[Option<std::ops::Range<usize>>],
    new: &[Option<Vec<u8>>],
    types: &[u8],
) -> Option<Vec<u8>> {
    let bitmap_len = binary_null_bitmap_len(types.len());
    let mut out = vec![0u8; 1 + bitmap_len];
    for (i, span) in spans.iter().enumerate() {
        let layout = binary_layout(types[i]);
        match (&new[i], span) {
            (None, None) => {
                let bit = i + 2;
                out[1 + bit / 8] |= 1 << (bit % 8);
            }
            (Some(v), _) => match layout {
                BinaryLayout::LenencString => put_lenenc_bytes(&mut out, v),
                BinaryLayout::Fixed(8) if types[i] == crate::protocol::coldef::TYPE_LONGLONG => {
                    let n: u64 = std::str::from_utf8(v).ok()?.parse().ok()?;
                    out.extend_from_slice(&n.to_le_bytes());
                }
                _ => return None,
            },
            (None, Some(s)) => match layout {
                BinaryLayout::LenencString => put_lenenc_bytes(&mut out, &row[s.clone()]),
                BinaryLayout::LengthByte => {
                    out.push(u8::try_from(s.len()).ok()?);
                    out.extend_from_slice(&row[s.clone()]);
                }
                BinaryLayout::Fixed(_) | BinaryLayout::Nothing => {
                    out.extend_from_slice(&row[s.clone()])
                }
            },
        }
    }
    Some(out)
}

/// Blob types only: a column the server stores as text holds no squeeze
/// value and is described as it is.
pub fn is_blob_type(data_type: &str) -> bool {
    matches!(
        data_type.to_ascii_lowercase().as_str(),
        "tinyblob" | "blob" | "mediumblob" | "longblob"
    )
}

/// `SHOW CREATE TABLE`'s text with each compressed column's clause in its
/// logical type: `longtext`, the character set and collation where they
/// differ from the table's default (as MariaDB prints them), and for JSON
/// the `CHECK (json_valid(col))` MariaDB adds for its alias. `None` when
/// nothing changes.
pub fn rewrite_create_table(
    text: &str,
    db: &str,
    table: &str,
    rules: &ColumnRules,
) -> Option<String> {
    let table_default_bin = text
        .lines()
        .last()
        .is_some_and(|l| l.contains("COLLATE=utf8mb4_bin") || l.contains("COLLATE utf8mb4_bin"));
    let mut out = String::with_capacity(text.len() + 64);
    let mut changed = false;
    for (n, line) in text.split('\n').enumerate() {
        if n > 0 {
            out.push('\n');
        }
        match rewrite_column_line(line, db, table, rules, table_default_bin) {
            Some(l) => {
                out.push_str(&l);
                changed = true;
            }
            None => out.push_str(line),
        }
    }
    changed.then_some(out)
}

fn rewrite_column_line(
    line: &str,
    db: &str,
    table: &str,
    rules: &ColumnRules,
    table_default_bin: bool,
) -> Option<String> {
    let rest = line.strip_prefix("  `")?;
    // The name, backticks doubled inside.
    let mut name = String::new();
    let mut chars = rest.char_indices();
    let after = loop {
        let (i, c) = chars.next()?;
        if c == '`' {
            if rest[i + 1..].starts_with('`') {
                name.push('`');
                chars.next();
                continue;
            }
            break i + 1;
        }
        name.push(c);
    };
    let rule = rules.lookup(db, table, &name)?;
    let tail = rest[after..].strip_prefix(' ')?;
    let type_end = tail.find([' ', ',']).unwrap_or(tail.len());
    if !is_blob_type(&tail[..type_end]) {
        return None;
    }
    let mut attrs = &tail[type_end..];
    let comma = attrs.ends_with(',');
    if comma {
        attrs = &attrs[..attrs.len() - 1];
    }
    let quoted = &line[2..2 + 1 + after];
    let mut l = format!("  {quoted} {DATA_TYPE}");
    if !table_default_bin {
        l.push_str(" CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
    }
    l.push_str(attrs);
    if rule.present_as == PresentAs::Json {
        l.push_str(&format!(" CHECK (json_valid({quoted}))"));
    }
    if comma {
        l.push(',');
    }
    Some(l)
}

/// `CREATE TABLE` of a configured table through squeeze, with a compressed
/// column declared in its logical type (`LONGTEXT`/`TEXT`/`JSON`, any
/// character set or collation, as `SHOW CREATE TABLE` through squeeze
/// prints it): the text with that type stored as `LONGBLOB`, and the
/// `CHECK (json_valid(col))` of MariaDB's JSON alias dropped (the server
/// would check the compressed bytes). So a table copied from squeeze's own
/// description, or a dump taken through squeeze, restores to a table squeeze
/// compresses into. `None` when nothing changes.
pub fn create_table_stored_types(
    query: &Query<'_>,
    current_db: Option<&str>,
    rules: &ColumnRules,
) -> Option<Vec<u8>> {
    if rules.is_empty() || query.text.len() > MAX_TEXT {
        return None;
    }
    let text = query.text;
    let mut edits: Vec<(std::ops::Range<usize>, Vec<u8>)> = Vec::new();
    for s in query.non_empty() {
        let toks = &s.tokens;
        let kw = |i: usize, k: &str| toks.get(i).is_some_and(|t| t.is_keyword(text, k));
        if !kw(0, "CREATE") {
            continue;
        }
        let Some(t) = (1..toks.len().min(6)).find(|&i| kw(i, "TABLE")) else {
            continue;
        };
        if (1..t).any(|i| !(kw(i, "OR") || kw(i, "REPLACE"))) {
            // TEMPORARY: another table, even under a configured name.
            continue;
        }
        let mut i = t + 1;
        if kw(i, "IF") {
            i += 3;
        }
        let refs: Vec<&Token> = toks.iter().collect();
        let Some(first) = name_at(text, &refs, i) else {
            continue;
        };
        let (db, table, open) = if toks.get(i + 1).is_some_and(|t| t.kind == TokenKind::Dot) {
            match name_at(text, &refs, i + 2) {
                Some(second) => (first, second, i + 3),
                None => continue,
            }
        } else {
            match current_db {
                Some(db) => (db.to_string(), first, i + 1),
                None => continue,
            }
        };
        if !rules.table_has(&db, &table)
            || toks.get(open).map(|t| t.kind) != Some(TokenKind::LParen)
        {
            continue;
        }
        // Each element of the list: `name type attrs...` up to a comma at
        // depth one.
        let mut depth = 0usize;
        let mut start = open + 1;
        let mut j = open + 1;
        while j < toks.len() {
            let k = toks[j].kind;
            let end_of_element = match k {
                TokenKind::LParen => {
                    depth += 1;
                    false
                }
                TokenKind::RParen if depth == 0 => true,
                TokenKind::RParen => {
                    depth -= 1;
                    false
                }
                TokenKind::Comma => depth == 0,
                _ => false,
            };
            if end_of_element {
                column_element(text, &toks[start..j], &db, &table, rules, &mut edits);
                start = j + 1;
                if k == TokenKind::RParen {
                    break;
                }
            }
            j += 1;
        }
    }
    if edits.is_empty() {
        return None;
    }
    Some(crate::sql::splice::splice(text, &edits))
}

/// One `CREATE TABLE` element naming a compressed column in a text type.
fn column_element(
    text: &[u8],
    el: &[Token],
    db: &str,
    table: &str,
    rules: &ColumnRules,
    edits: &mut Vec<(std::ops::Range<usize>, Vec<u8>)>,
) {
    let refs: Vec<&Token> = el.iter().collect();
    let Some(name) = name_at(text, &refs, 0) else {
        return;
    };
    if rules.lookup(db, table, &name).is_none() {
        return;
    }
    let kw = |i: usize, k: &str| el.get(i).is_some_and(|t| t.is_keyword(text, k));
    if !["LONGTEXT", "MEDIUMTEXT", "TEXT", "TINYTEXT", "JSON"]
        .iter()
        .any(|k| kw(1, k))
    {
        return;
    }
    // The type with its length and character set / collation clauses.
    let mut end = 2;
    if el.get(end).map(|t| t.kind) == Some(TokenKind::LParen) {
        end += 3;
    }
    loop {
        if kw(end, "CHARACTER") && kw(end + 1, "SET") {
            end += 3;
        } else if kw(end, "CHARSET") || kw(end, "COLLATE") {
            end += 2;
        } else if kw(end, "BINARY") {
            end += 1;
        } else {
            break;
        }
    }
    let Some(last) = el.get(end.min(el.len()) - 1) else {
        return;
    };
    edits.push((el[1].span().start..last.span().end, b"LONGBLOB".to_vec()));
    // `CHECK (json_valid(col))` on this column: the JSON alias's own.
    let mut i = end;
    while i + 6 < el.len() {
        let is_check = kw(i, "CHECK")
            && el[i + 1].kind == TokenKind::LParen
            && el[i + 2].is_keyword(text, "json_valid")
            && el[i + 3].kind == TokenKind::LParen
            && name_at(text, &refs, i + 4).is_some_and(|n| n.eq_ignore_ascii_case(&name))
            && el[i + 5].kind == TokenKind::RParen
            && el[i + 6].kind == TokenKind::RParen;
        if is_check {
            edits.push((el[i].span().start..el[i + 6].span().end, Vec::new()));
            break;
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::sql::lexer::LexOptions;

    fn rules(present: &str) -> ColumnRules {
        let toml = format!(
            "[[columns]]\nschema = \"app\"\ntable = \"docs\"\ncolumn = \"doc\"\npresent_as = \"{present}\"\n"
        );
        let cfg: Config = toml::from_str(&toml).unwrap();
        ColumnRules::from_config(&cfg).unwrap()
    }

    fn kind(sql: &str) -> Option<CatalogResults> {
        catalog_results(
            &Query::new(sql.as_bytes(), LexOptions::default()),
            Some("app"),
            &rules("text"),
            |_, v| v == "v_docs",
        )
    }

    #[test]
    fn catalog_statements_of_a_compressed_table_are_recognised_with_their_table() {
        let t = Some(("app".to_string(), "docs".to_string()));
        for sql in [
            "DESCRIBE docs",
            "desc app.docs",
            "EXPLAIN `docs`",
            "SHOW FULL COLUMNS FROM docs LIKE 'd%'",
            "show fields in docs from app",
            "SHOW COLUMNS IN app.docs WHERE Type='longtext'",
        ] {
            assert_eq!(kind(sql).and_then(|k| k.show_columns), t, "{sql}");
        }
        assert_eq!(
            kind("SHOW CREATE TABLE app.docs").and_then(|k| k.show_create),
            t
        );
        assert_eq!(kind("SHOW CREATE TABLE other.docs"), None);
        assert_eq!(kind("DESCRIBE users"), None);
        assert_eq!(
            kind("DESCRIBE v_docs").and_then(|k| k.show_columns),
            Some(("app".to_string(), "v_docs".to_string()))
        );
        assert_eq!(kind("SELECT 1"), None);
        assert_eq!(
            kind("SELECT * FROM information_schema.COLUMNS"),
            Some(CatalogResults::default())
        );
    }

    #[test]
    fn show_create_table_of_a_json_column_reads_as_mariadbs_json_alias() {
        let server = "CREATE TABLE `docs` (\n  `id` int(11) NOT NULL,\n  `doc` longblob NOT NULL COMMENT 'x',\n  `n` int(11) DEFAULT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci";
        let want = "CREATE TABLE `docs` (\n  `id` int(11) NOT NULL,\n  `doc` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL COMMENT 'x' CHECK (json_valid(`doc`)),\n  `n` int(11) DEFAULT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci";
        assert_eq!(
            rewrite_create_table(server, "app", "docs", &rules("json")).as_deref(),
            Some(want)
        );
        let bin = "CREATE TABLE `docs` (\n  `doc` longblob DEFAULT NULL\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin";
        assert_eq!(
            rewrite_create_table(bin, "app", "docs", &rules("text")).as_deref(),
            Some("CREATE TABLE `docs` (\n  `doc` longtext DEFAULT NULL\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin")
        );
        // A text column (not converted yet) is described as it is.
        let text = bin.replace("longblob", "longtext");
        assert_eq!(
            rewrite_create_table(&text, "app", "docs", &rules("text")),
            None
        );
    }

    fn stored(sql: &str) -> Option<String> {
        create_table_stored_types(
            &Query::new(sql.as_bytes(), LexOptions::default()),
            Some("app"),
            &rules("json"),
        )
        .map(|v| String::from_utf8(v).unwrap())
    }

    #[test]
    fn a_create_table_copied_from_squeezes_description_stores_the_compressed_column_as_longblob() {
        assert_eq!(
            stored("CREATE TABLE `docs` (\n  `id` int(11) NOT NULL,\n  `doc` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL COMMENT 'x' CHECK (json_valid(`doc`)),\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB").as_deref(),
            Some("CREATE TABLE `docs` (\n  `id` int(11) NOT NULL,\n  `doc` LONGBLOB NOT NULL COMMENT 'x' ,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB")
        );
        assert_eq!(
            stored("create table if not exists app.docs (doc JSON, n text)").as_deref(),
            Some("create table if not exists app.docs (doc LONGBLOB, n text)")
        );
        assert_eq!(stored("CREATE TABLE docs (doc LONGBLOB)"), None);
        assert_eq!(stored("CREATE TEMPORARY TABLE docs (doc LONGTEXT)"), None);
        assert_eq!(stored("CREATE TABLE other (doc LONGTEXT)"), None);
        // Another column's CHECK stays.
        assert_eq!(
            stored("CREATE TABLE docs (doc TEXT(100) CHECK (json_valid(n)), n TEXT)").as_deref(),
            Some("CREATE TABLE docs (doc LONGBLOB CHECK (json_valid(n)), n TEXT)")
        );
    }
}
