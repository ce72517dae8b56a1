//! Presenting compressed columns in results: column definitions are
//! rewritten so clients see text or JSON instead of a blob, and row values
//! are inflated. Works for text rows and binary (prepared statement) rows.

use std::sync::Arc;

use super::filter::{passes, FilterError, FilterState, RowFilterPlan};
use super::json::JsonEval;
use super::write::ColumnHint;
use super::{ColumnRule, ColumnRules};
use crate::codec::{
    decode_payload, is_compressed_value, max_inflated_len, parse_header, DecodeError,
};
use crate::config::PresentAs;
use crate::protocol::coldef::*;
use crate::protocol::lenenc::put_lenenc_int;
use crate::protocol::rows::{binary_row_spans, text_row_spans, RowSplice, ValueSpan};
use crate::protocol::ProtocolError;
use crate::sql::json::{evaluate, EvalError};

/// Whether a column definition belongs to a compressed column, and if so
/// the definition to send the client instead.
pub fn match_column<'r>(
    rules: &'r ColumnRules,
    def: &ColumnDefView<'_>,
) -> Option<&'r Arc<ColumnRule>> {
    if def.charset != CHARSET_BINARY || def.org_table.is_empty() {
        // Only a real binary column can hold compressed values; anything
        // else (expressions, text columns) passes through untouched.
        return None;
    }
    let db = std::str::from_utf8(def.schema).ok()?;
    let table = std::str::from_utf8(def.org_table).ok()?;
    let column = std::str::from_utf8(def.org_name).ok()?;
    rules.lookup(db, table, column)
}

/// Whose conventions describe a text column of a result set: the server
/// behind the session, so that a compressed column is described as that
/// server describes its uncompressed copy (a `utf8mb4_bin` LONGTEXT).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextColumns {
    /// MariaDB and MySQL: converted to the session's
    /// `character_set_results` and described in its collation, BINARY
    /// flagged for the binary collation, 4 GiB - 1.
    Converted {
        results: crate::results_charset::ResultsCharset,
    },
    /// TiDB: in the column's own collation, without the BINARY flag, as
    /// long as its characters x 4.
    ColumnOwn,
}

/// `utf8mb4_bin`, the logical column's collation.
const COLLATION_UTF8MB4_BIN: u16 = 46;
/// A LONGTEXT's length in characters (4 GiB - 1 bytes / 4) x 4, as TiDB
/// reports it.
const TIDB_LONGTEXT_LENGTH: u32 = (u32::MAX / 4) * 4;

/// The definition clients see for a compressed column: the backend's
/// packet `payload` (parsed as `def`) with the type fields changed.
pub fn present(
    payload: &[u8],
    def: &ColumnDefView<'_>,
    rule: &ColumnRule,
    style: TextColumns,
) -> Vec<u8> {
    // LONGTEXT in the client's utf8mb4 collation (MySQL reports TEXT
    // columns as BLOB type with a character set).
    let text_charset = match style {
        TextColumns::Converted { results } => results.collation(),
        TextColumns::ColumnOwn => COLLATION_UTF8MB4_BIN,
    };
    // Keep the server's blob size class: MariaDB reports a LONGTEXT base
    // column as BLOB but a computed one (UNION, derived table) as
    // LONG_BLOB, and the uncompressed copy does the same.
    let text_type = match def.column_type {
        TYPE_TINY_BLOB | TYPE_MEDIUM_BLOB | TYPE_LONG_BLOB | TYPE_BLOB => def.column_type,
        _ => TYPE_BLOB,
    };
    match rule.present_as {
        // The logical column is a utf8mb4_bin LONGTEXT (what the catalog
        // shows, docs/catalog.md): its binary collation is flagged BINARY as
        // the stored LONGBLOB is, and the BLOB flag follows the server's
        // definition (set on a base column, not on a computed one).
        PresentAs::Text => match style {
            TextColumns::Converted { .. } => {
                def.retyped(payload, text_charset, u32::MAX, text_type, def.flags, None)
            }
            TextColumns::ColumnOwn => def.retyped(
                payload,
                text_charset,
                TIDB_LONGTEXT_LENGTH,
                text_type,
                def.flags & !FLAG_BINARY,
                None,
            ),
        },
        // A client that negotiated MariaDB's extended metadata gets what
        // MariaDB sends for its own JSON type (a utf8mb4_bin LONGTEXT, so
        // BINARY is flagged, with format "json"), which such clients turn
        // into objects. The MySQL 8 JSON type with a binary character set
        // would make them decode the text as binary (mysql2 does).
        PresentAs::Json if def.extended.is_some() => def.retyped(
            payload,
            text_charset,
            u32::MAX,
            text_type,
            def.flags | FLAG_BINARY,
            Some(EXT_JSON_FORMAT),
        ),
        // As MySQL 8 sends JSON: its own type, binary character set. The
        // BLOB flag follows the backend's blob column: MySQL flags both
        // (JSON 144), TiDB flags neither its LONGBLOB nor its JSON (128).
        PresentAs::Json => def.retyped(
            payload,
            CHARSET_BINARY,
            u32::MAX,
            TYPE_JSON,
            def.flags | FLAG_BINARY,
            None,
        ),
    }
}

/// Per-result-set transformer, built from its column definitions.
#[derive(Debug)]
pub struct ResultColumns {
    rules: Vec<Option<Arc<ColumnRule>>>,
    /// Columns without a rule that could still carry a compressed value
    /// (string and blob types): the safety net inflates every valid one.
    net: Vec<bool>,
    /// Decoding scratch for the safety net (a value is validated whole
    /// before it replaces anything).
    scratch: Vec<u8>,
    types: Vec<u8>,
    /// Index of a primary-key column, to name the row in errors.
    pk: Option<usize>,
    /// Columns squeeze computes (a JSON function of the document the
    /// server returned in that place), with the type the client is told.
    evals: Vec<Option<(Arc<JsonEval>, u8)>>,
    spans: Vec<ValueSpan>,
    out: Vec<u8>,
    /// `out` and `scratch` counted against the global memory budget.
    mem: crate::limits::Reservation,
    /// The hidden last column whose document a WHERE condition squeeze
    /// evaluates reads (`transform::filter`).
    filter: Option<FilterState>,
    /// Per column: the character set squeeze converts its inflated or
    /// computed text to (`character_set_results` other than UTF-8).
    convert: Vec<Option<crate::results_charset::ResultsCharset>>,
}

/// Whether a compressed column presented as `rule` says is text the server
/// would convert to `style`'s character set (the MySQL 8 JSON type is sent
/// in the binary character set, unconverted).
fn converted_text(
    style: TextColumns,
    rule: &ColumnRule,
    extended: bool,
) -> Option<crate::results_charset::ResultsCharset> {
    match style {
        TextColumns::Converted { results }
            if results.converts() && (rule.present_as == PresentAs::Text || extended) =>
        {
            Some(results)
        }
        _ => None,
    }
}

/// A row that could not be presented.
#[derive(Debug)]
pub enum RowError {
    Decode {
        column: String,
        key: Option<String>,
        error: DecodeError,
    },
    Malformed(ProtocolError),
    /// Inflating the row would go past the global memory budget.
    OverBudget(crate::limits::OverBudget),
    /// A JSON function squeeze evaluates could not be computed as MariaDB
    /// would (the document is not valid JSON: MariaDB answers NULL with a
    /// warning squeeze cannot raise).
    Json {
        column: String,
        call: String,
        key: Option<String>,
        detail: String,
    },
    /// The statement was stopped while squeeze worked on its rows.
    Interrupted(crate::interrupt::Reason),
}

impl RowError {
    pub fn reason_label(&self) -> &'static str {
        match self {
            RowError::Decode { error, .. } => match error {
                DecodeError::UnknownMagic(_) | DecodeError::UnsupportedVersion(_) => "bad_header",
                DecodeError::UnknownCodec(_) => "unknown_codec",
                DecodeError::TruncatedHeader | DecodeError::MalformedHeader(_) => "bad_header",
                DecodeError::UnknownDictionary(_) => "unknown_dictionary",
                DecodeError::TooLarge { .. } | DecodeError::ImplausibleLength { .. } => "too_large",
                DecodeError::CorruptPayload { .. } => "corrupt_payload",
                DecodeError::LengthMismatch { .. } => "length_mismatch",
                DecodeError::ChecksumMismatch { .. } => "checksum_mismatch",
            },
            RowError::Malformed(_) => "malformed_row",
            RowError::Json { .. } => "json_eval",
            RowError::OverBudget(_) => "over_budget",
            RowError::Interrupted(_) => "interrupted",
        }
    }
}

impl ResultColumns {
    /// Start a result set with `count` columns; feed each definition with
    /// `column`.
    pub fn with_capacity(count: usize) -> Self {
        ResultColumns {
            rules: Vec::with_capacity(count),
            net: Vec::with_capacity(count),
            scratch: Vec::new(),
            types: Vec::with_capacity(count),
            pk: None,
            evals: Vec::with_capacity(count),
            spans: Vec::new(),
            out: Vec::new(),
            mem: crate::limits::Reservation::global(),
            filter: None,
            convert: Vec::with_capacity(count),
        }
    }

    /// Register the next column definition (`payload`) as the hidden
    /// column of a row filter: read for the condition, never sent.
    pub fn filter_column(
        &mut self,
        payload: &[u8],
        extended_metadata: bool,
        plan: Arc<RowFilterPlan>,
    ) -> Result<(), ProtocolError> {
        let def = ColumnDefView::parse(payload, extended_metadata)?;
        let idx = self.types.len();
        self.types.push(def.column_type);
        self.evals.push(None);
        self.net.push(false);
        self.rules.push(None);
        // The first of the hidden columns is the document.
        if self.filter.is_none() {
            self.filter = Some(FilterState::new(idx, plan));
        }
        Ok(())
    }

    /// How many columns the client sees.
    fn visible(&self) -> usize {
        self.filter.as_ref().map_or(self.types.len(), |f| f.at)
    }

    /// Whether rows go through a row filter first ([`Self::filter_row`]).
    /// Does squeeze evaluate anything on these rows (JSON functions, a
    /// row filter), beyond inflating values?
    pub fn evaluates(&self) -> bool {
        self.filter.is_some() || self.evals.iter().any(Option::is_some)
    }

    pub fn filters(&self) -> bool {
        self.filter.is_some()
    }

    /// The row filter's verdict on a text row: `Some(n)`: send the row's
    /// first `n` bytes (every value but the hidden one); `None`: drop it
    /// (the condition is not TRUE, it is before the OFFSET, or past the
    /// LIMIT, where the condition is not evaluated any more).
    pub fn filter_row(
        &mut self,
        rules: &ColumnRules,
        payload: &[u8],
    ) -> Result<Option<usize>, RowError> {
        let Some(f) = self.filter.as_ref() else {
            return Ok(Some(payload.len()));
        };
        if f.limit.done() {
            return Ok(None);
        }
        let (at, plan) = (f.at, Arc::clone(&f.plan));
        text_row_spans(payload, self.types.len(), &mut self.spans).map_err(RowError::Malformed)?;
        // The hidden values start after the values before them.
        let mut cut = 0;
        for span in &self.spans[..at] {
            match span {
                Some(s) => cut = s.end,
                None => cut += 1,
            }
        }
        if f.limit.needs_session_limit() {
            // The session's sql_select_limit, the same on every row.
            let n = self
                .spans
                .get(at + 1)
                .cloned()
                .flatten()
                .and_then(|s| std::str::from_utf8(&payload[s]).ok()?.parse::<u64>().ok())
                .ok_or(RowError::Malformed(ProtocolError::Malformed(
                    "the session's sql_select_limit",
                )))?;
            let f = self.filter.as_mut().expect("a filter");
            f.limit.session_limit(n);
            if f.limit.done() {
                return Ok(None);
            }
        }
        let mut doc = std::mem::take(&mut self.scratch);
        doc.clear();
        let stored = self.spans[at].clone();
        let passed = self.filter_passes(rules, &plan, payload, stored, &mut doc);
        self.scratch = doc;
        if !passed? {
            return Ok(None);
        }
        let f = self.filter.as_mut().expect("a filter");
        Ok(f.limit.count_passed().then_some(cut))
    }

    /// Inflate the stored document at `stored` (if squeeze compressed it)
    /// into `doc` and evaluate the filter's condition on it.
    fn filter_passes(
        &mut self,
        rules: &ColumnRules,
        plan: &RowFilterPlan,
        payload: &[u8],
        stored: Option<std::ops::Range<usize>>,
        doc: &mut Vec<u8>,
    ) -> Result<bool, RowError> {
        let document: Option<&[u8]> = match stored {
            None => None,
            Some(span) => {
                Some(self.inflate_stored(rules, &plan.rule, payload, false, &payload[span], doc)?)
            }
        };
        passes(&plan.filter, document).map_err(|e| match e {
            FilterError::Interrupted(why) => RowError::Interrupted(why),
            e => RowError::Json {
                column: plan.rule.label.clone(),
                call: plan.filter.text.clone(),
                key: self.row_key(payload, false),
                detail: e.detail(),
            },
        })
    }

    /// The column and condition text of the row filter, if any.
    pub fn filter_text(&self) -> Option<(&str, &str)> {
        self.filter
            .as_ref()
            .map(|f| (f.plan.rule.label.as_str(), f.plan.filter.text.as_str()))
    }

    /// Register the next column definition (`payload`, the packet); returns
    /// the definition to send when it must change. `hint`: the compressed
    /// column the analyzer proved this result column passes through (for
    /// derived tables, views, unions, where the metadata does not say so).
    /// `extended_metadata`: MariaDB's extended metadata is negotiated, so
    /// every definition carries its block (and a JSON presentation says so
    /// there).
    pub fn column(
        &mut self,
        rules: &ColumnRules,
        payload: &[u8],
        style: TextColumns,
        extended_metadata: bool,
        hint: Option<&ColumnHint>,
        temporary: Option<&crate::sql::temporary::TempTables>,
    ) -> Result<Option<Vec<u8>>, ProtocolError> {
        let def = ColumnDefView::parse(payload, extended_metadata)?;
        let idx = self.types.len();
        self.types.push(def.column_type);
        if self.pk.is_none() && def.flags & FLAG_PRI_KEY != 0 {
            self.pk = Some(idx);
        }
        if let Some(eval) = hint.and_then(|h| h.json.as_ref()) {
            // The server sent the document; the client is told what the
            // server said the function's column is (asked beforehand).
            let Some(presented) = eval.coldef.get() else {
                return Err(ProtocolError::Malformed(
                    "no column definition for a JSON function squeeze evaluates",
                ));
            };
            let shown = ColumnDefView::parse(presented, extended_metadata)?;
            self.evals.push(Some((Arc::clone(eval), shown.column_type)));
            // The server converts the function's text result as it would
            // the column's.
            self.convert.push(match style {
                TextColumns::Converted { results } if results.converts() => Some(results),
                _ => None,
            });
            self.net.push(false);
            self.rules.push(Some(Arc::clone(&eval.rule)));
            return Ok(Some(presented.clone()));
        }
        self.evals.push(None);
        // A column of a temporary table is a plain column, whatever the
        // name of its table (the analyzer's hints already know).
        let shadowed = temporary.is_some_and(|t| {
            t.contains(
                &String::from_utf8_lossy(def.schema),
                &String::from_utf8_lossy(def.org_table),
            )
        });
        let rule = match_column(rules, &def)
            .filter(|_| !shadowed)
            .or(hint
                .map(|h| &h.rule)
                .filter(|_| def.charset == CHARSET_BINARY))
            .cloned();
        self.net
            .push(rule.is_none() && may_hold_value(def.column_type));
        let replacement = rule.as_ref().map(|r| present(payload, &def, r, style));
        self.convert.push(
            rule.as_ref()
                .and_then(|r| converted_text(style, r, def.extended.is_some())),
        );
        self.rules.push(rule);
        Ok(replacement)
    }

    /// Does any column need inflating or watching?
    pub fn active(&self) -> bool {
        self.rules.iter().any(Option::is_some)
            || self.net.iter().any(|&n| n)
            || self.filter.is_some()
    }

    /// Inflate the compressed values of one row. `Ok(None)`: forward the row
    /// as it is; `Ok(Some(bytes))`: send these instead.
    /// The row the last `row` call built (when it returned `Some`).
    pub fn presented(&self) -> &[u8] {
        &self.out
    }

    pub fn row(
        &mut self,
        rules: &ColumnRules,
        payload: &[u8],
        binary: bool,
    ) -> Result<Option<&[u8]>, RowError> {
        // A row filter's hidden columns were cut off already (`filter_row`).
        let visible = self.visible();
        if binary {
            binary_row_spans(payload, &self.types[..visible], &mut self.spans)
                .map_err(RowError::Malformed)?;
        } else {
            text_row_spans(payload, visible, &mut self.spans).map_err(RowError::Malformed)?;
        }
        // The new row is built only once a value needs inflating; each value
        // is inflated straight into it (the header tells its length, so its
        // length prefix can be written first).
        let mut splice: Option<RowSplice<'_>> = None;
        for i in 0..visible {
            let Some(span) = self.spans[i].clone() else {
                // A NULL document: NULL for every function, but a default
                // (`COALESCE(f(doc), 'x')`) still applies.
                if let Some((eval, shown)) = self.evals[i].clone() {
                    if let Some(default) = eval.call.null_document() {
                        self.fill_null(i, default.to_vec(), shown, payload, binary, &mut splice);
                    }
                }
                continue;
            };
            if let Some((eval, shown)) = self.evals[i].clone() {
                self.evaluate(rules, &eval, shown, i, payload, binary, span, &mut splice)?;
                continue;
            }
            match self.rules[i].clone() {
                Some(rule) => match self.convert.get(i).copied().flatten() {
                    Some(to) => self.inflate_converted(
                        rules,
                        &rule,
                        to,
                        payload,
                        binary,
                        span,
                        &mut splice,
                    )?,
                    None => self.inflate_value(rules, &rule, payload, binary, span, &mut splice)?,
                },
                None if self.net[i] => {
                    self.inflate_unlabelled(rules, payload, span, &mut splice)?
                }
                None => {}
            }
        }
        let Some(splice) = splice else {
            return Ok(None);
        };
        // What was really allocated (the reservation was the estimate).
        self.mem
            .set_forced(self.out.capacity() + self.scratch.capacity());
        splice.finish(&mut self.out);
        Ok(Some(&self.out))
    }

    /// Inflate the stored value at `span` of a configured column into the
    /// row being built (a value without squeeze's header is the server's,
    /// passed on as it is).
    fn inflate_value<'p>(
        &mut self,
        rules: &ColumnRules,
        rule: &ColumnRule,
        payload: &'p [u8],
        binary: bool,
        span: std::ops::Range<usize>,
        splice: &mut Option<RowSplice<'p>>,
    ) -> Result<(), RowError> {
        let stored = &payload[span.clone()];
        let (header, hlen) = match parse_header(stored) {
            Ok(Some(parsed)) => parsed,
            // Not squeeze's magic (written before squeeze, or directly
            // on the server): the server's bytes, as MariaDB returns them.
            Ok(None) | Err(DecodeError::UnknownMagic(_)) => {
                rule.metrics.legacy_read.inc();
                return Ok(());
            }
            Err(error) => return Err(self.decode_error(rule, payload, binary, error)),
        };
        // decode_payload enforces max_value_size; a corrupt header
        // must not make this reservation huge first.
        let len = header
            .len
            .min(rules.max_value_size as u64)
            .min(max_inflated_len(header.codec, stored.len() - hlen)) as usize;
        // Charged to the memory budget before anything is inflated:
        // the row so far (or the whole stored row), plus this value.
        let base = if splice.is_some() {
            self.out.len() + payload.len()
        } else {
            payload.len()
        };
        self.mem
            .ensure(self.scratch.capacity() + base + len)
            .map_err(RowError::OverBudget)?;
        let splice = splice.get_or_insert_with(|| {
            self.out.clear();
            self.out.reserve(payload.len() + len);
            RowSplice::new(payload)
        });
        splice.replace_value(&mut self.out, &span, header.len);
        let started = std::time::Instant::now();
        if let Err(error) = decode_payload(
            &header,
            &stored[hlen..],
            &rules.registry,
            rules.max_value_size,
            &mut self.out,
        ) {
            return Err(self.decode_error(rule, payload, binary, error));
        }
        rule.metrics
            .inflate_seconds
            .inc_by(started.elapsed().as_secs_f64());
        rule.metrics.inflated.inc();
        Ok(())
    }

    /// As [`Self::inflate_value`], for a text column the server would
    /// convert to `to` (`character_set_results`): the document (inflated,
    /// or the server's own bytes for a value squeeze did not store) goes
    /// into the row converted, its length known only once converted.
    #[allow(clippy::too_many_arguments)]
    fn inflate_converted<'p>(
        &mut self,
        rules: &ColumnRules,
        rule: &ColumnRule,
        to: crate::results_charset::ResultsCharset,
        payload: &'p [u8],
        binary: bool,
        span: std::ops::Range<usize>,
        splice: &mut Option<RowSplice<'p>>,
    ) -> Result<(), RowError> {
        let stored = &payload[span.clone()];
        let mut doc = std::mem::take(&mut self.scratch);
        doc.clear();
        let mut converted = Vec::new();
        let text = self
            .inflate_stored(rules, rule, payload, binary, stored, &mut doc)
            .map(|text| to.convert(text, &mut converted));
        // Inflated when the document went to the scratch buffer.
        let inflated = !doc.is_empty();
        self.scratch = doc;
        text?;
        if inflated {
            rule.metrics.inflated.inc();
        }
        self.mem
            .ensure(self.scratch.capacity() + self.out.len() + payload.len() + converted.len())
            .map_err(RowError::OverBudget)?;
        let splice = splice.get_or_insert_with(|| {
            self.out.clear();
            RowSplice::new(payload)
        });
        splice.drop_value(&mut self.out, &span);
        put_lenenc_int(&mut self.out, converted.len() as u64);
        self.out.extend_from_slice(&converted);
        Ok(())
    }

    /// Compute a JSON function of the stored document at `span` (column
    /// `i`, shown to the client as type `shown`) into the row being built.
    #[allow(clippy::too_many_arguments)]
    fn evaluate<'p>(
        &mut self,
        rules: &ColumnRules,
        eval: &JsonEval,
        shown: u8,
        i: usize,
        payload: &'p [u8],
        binary: bool,
        span: std::ops::Range<usize>,
        splice: &mut Option<RowSplice<'p>>,
    ) -> Result<(), RowError> {
        let stored = &payload[span.clone()];
        // The inflated document goes to the reused scratch buffer (no
        // allocation per row once it has grown).
        let mut doc = std::mem::take(&mut self.scratch);
        doc.clear();
        let value = self.evaluate_stored(rules, eval, payload, binary, stored, &mut doc);
        self.scratch = doc;
        let mut value = value?;
        if let (Some(to), Some(text)) = (self.convert.get(i).copied().flatten(), value.as_ref()) {
            let mut converted = Vec::with_capacity(text.len());
            to.convert(text, &mut converted);
            value = Some(converted);
        }
        let splice = splice.get_or_insert_with(|| {
            self.out.clear();
            RowSplice::new(payload)
        });
        splice.drop_value(&mut self.out, &span);
        self.write_value(value, shown, i, binary);
        Ok(())
    }

    /// Write a NULL column's default in its place (column `i`).
    fn fill_null<'p>(
        &mut self,
        i: usize,
        value: Vec<u8>,
        shown: u8,
        payload: &'p [u8],
        binary: bool,
        splice: &mut Option<RowSplice<'p>>,
    ) {
        // Where the NULL sits: after the values before it (a text NULL
        // is one 0xFB byte, a binary one takes none and is a bitmap bit).
        let mut at = if binary {
            1 + (self.types.len() + 7 + 2) / 8
        } else {
            0
        };
        for span in &self.spans[..i] {
            match span {
                Some(s) => at = s.end,
                None if !binary => at += 1,
                None => {}
            }
        }
        let splice = splice.get_or_insert_with(|| {
            self.out.clear();
            RowSplice::new(payload)
        });
        splice.insert_at(&mut self.out, at, usize::from(!binary));
        if binary {
            let bit = i + 2;
            self.out[1 + bit / 8] &= !(1 << (bit % 8));
        }
        self.write_value(Some(value), shown, i, binary);
    }

    /// Append column `i`'s computed value (shown as type `shown`) to the
    /// row being built, where the old value was dropped.
    fn write_value(&mut self, value: Option<Vec<u8>>, shown: u8, i: usize, binary: bool) {
        match value {
            None if binary => {
                // The NULL bitmap follows the 0x00 header, offset by 2 bits;
                // it was copied as it was with the first value replaced.
                let bit = i + 2;
                self.out[1 + bit / 8] |= 1 << (bit % 8);
            }
            None => self.out.push(0xFB),
            // Binary rows carry numbers in the type the server declared
            // for the item (a CAST's, a COALESCE's); text as it is.
            Some(v)
                if binary
                    && matches!(
                        shown,
                        TYPE_TINY | TYPE_SHORT | TYPE_YEAR | TYPE_LONG | TYPE_INT24 | TYPE_LONGLONG
                    ) =>
            {
                // Unsigned values above i64::MAX keep their bits.
                let n: i128 = std::str::from_utf8(&v)
                    .ok()
                    .and_then(|t| t.parse().ok())
                    .unwrap_or(0);
                match shown {
                    TYPE_TINY => self.out.push(n as u8),
                    TYPE_SHORT | TYPE_YEAR => self.out.extend_from_slice(&(n as i16).to_le_bytes()),
                    TYPE_LONG | TYPE_INT24 => self.out.extend_from_slice(&(n as i32).to_le_bytes()),
                    _ => self.out.extend_from_slice(&(n as i64).to_le_bytes()),
                }
            }
            Some(v) if binary && matches!(shown, TYPE_DOUBLE | TYPE_FLOAT) => {
                let x: f64 = std::str::from_utf8(&v)
                    .ok()
                    .and_then(|t| t.parse().ok())
                    .unwrap_or(0.0);
                if shown == TYPE_FLOAT {
                    self.out.extend_from_slice(&(x as f32).to_le_bytes());
                } else {
                    self.out.extend_from_slice(&x.to_le_bytes());
                }
            }
            Some(v) => {
                put_lenenc_int(&mut self.out, v.len() as u64);
                self.out.extend_from_slice(&v);
            }
        }
    }

    /// The document a stored value of `rule`'s column holds: inflated into
    /// `doc` when squeeze stored it compressed (within the memory budget),
    /// the stored bytes themselves when it is plain (a row written before
    /// squeeze).
    fn inflate_stored<'d>(
        &mut self,
        rules: &ColumnRules,
        rule: &ColumnRule,
        payload: &[u8],
        binary: bool,
        stored: &'d [u8],
        doc: &'d mut Vec<u8>,
    ) -> Result<&'d [u8], RowError> {
        match parse_header(stored) {
            Ok(Some((header, hlen))) => {
                let len = header.len.min(rules.max_value_size as u64) as usize;
                self.mem
                    .ensure(self.out.capacity() + payload.len() + 2 * len)
                    .map_err(RowError::OverBudget)?;
                if let Err(error) = decode_payload(
                    &header,
                    &stored[hlen..],
                    &rules.registry,
                    rules.max_value_size,
                    doc,
                ) {
                    return Err(self.decode_error(rule, payload, binary, error));
                }
                Ok(&doc[..])
            }
            Ok(None) | Err(DecodeError::UnknownMagic(_)) => Ok(stored),
            Err(error) => Err(self.decode_error(rule, payload, binary, error)),
        }
    }

    /// Inflate (if squeeze stored it compressed) and evaluate one stored
    /// document; `doc`: the buffer to inflate into.
    fn evaluate_stored(
        &mut self,
        rules: &ColumnRules,
        eval: &JsonEval,
        payload: &[u8],
        binary: bool,
        stored: &[u8],
        doc: &mut Vec<u8>,
    ) -> Result<Option<Vec<u8>>, RowError> {
        let doc = self.inflate_stored(rules, &eval.rule, payload, binary, stored, doc)?;
        let value = evaluate(&eval.call, doc).map_err(|e| match e {
            EvalError::Interrupted(why) => RowError::Interrupted(why),
            e => RowError::Json {
            column: eval.rule.label.clone(),
            call: eval.text.clone(),
            key: self.row_key(payload, binary),
            detail: match e {
                EvalError::InvalidDocument => {
                    "the stored document is not valid JSON (MariaDB would answer NULL with a warning squeeze cannot raise)".to_string()
                }
                EvalError::Unsure(what) => format!(
                    "the document holds {what} whose MariaDB result squeeze does not reproduce"
                ),
                EvalError::Interrupted(_) => unreachable!("matched above"),
            },
            },
        })?;
        Ok(value)
    }

    fn row_key(&self, payload: &[u8], binary: bool) -> Option<String> {
        let k = self.pk?;
        let span = self.spans[k].clone()?;
        Some(render_key(&payload[span], self.types[k], binary))
    }

    /// A column no rule names that may still carry a compressed value (an
    /// expression over one, a view): inflate it when it plainly is one.
    fn inflate_unlabelled<'p>(
        &mut self,
        rules: &ColumnRules,
        payload: &'p [u8],
        span: std::ops::Range<usize>,
        splice: &mut Option<RowSplice<'p>>,
    ) -> Result<(), RowError> {
        let stored = &payload[span.clone()];
        if !is_compressed_value(stored) {
            return Ok(());
        }
        if let Ok(Some((header, _))) = parse_header(stored) {
            // Charged before inflating (the length is capped
            // by max_value_size inside `inflate_untrusted`).
            let len = header.len.min(rules.max_value_size as u64) as usize;
            let need = self.out.capacity().max(payload.len() + len) + len;
            self.mem.ensure(need).map_err(RowError::OverBudget)?;
        }
        if inflate_untrusted(stored, rules, &mut self.scratch) {
            crate::metrics::METRICS
                .inflated_without_metadata_total
                .inc();
            let splice = splice.get_or_insert_with(|| {
                self.out.clear();
                RowSplice::new(payload)
            });
            splice.replace_value(&mut self.out, &span, self.scratch.len() as u64);
            self.out.extend_from_slice(&self.scratch);
        }
        Ok(())
    }

    fn decode_error(
        &self,
        rule: &ColumnRule,
        payload: &[u8],
        binary: bool,
        error: DecodeError,
    ) -> RowError {
        let key = self.pk.and_then(|k| {
            let span = self.spans[k].clone()?;
            Some(render_key(&payload[span], self.types[k], binary))
        });
        RowError::Decode {
            column: rule.label.clone(),
            key,
            error,
        }
    }

    /// Column types as the server sent them (for binary rows of a cursor).
    pub fn types(&self) -> &[u8] {
        &self.types
    }
}

/// Types whose values are byte strings (a compressed value can only
/// appear in one of these).
fn may_hold_value(column_type: u8) -> bool {
    matches!(
        column_type,
        TYPE_VARCHAR
            | TYPE_VAR_STRING
            | TYPE_STRING
            | TYPE_TINY_BLOB
            | TYPE_MEDIUM_BLOB
            | TYPE_LONG_BLOB
            | TYPE_BLOB
            | TYPE_JSON
    )
}

/// Decode `stored` into `out` if it is a whole, valid squeeze value (known
/// codec and dictionary, length within the limit, checksum matches);
/// anything else is someone's binary data and stays as it is.
fn inflate_untrusted(stored: &[u8], rules: &ColumnRules, out: &mut Vec<u8>) -> bool {
    out.clear();
    let Ok(Some((header, hlen))) = parse_header(stored) else {
        return false;
    };
    if header.len > rules.max_value_size as u64 {
        return false;
    }
    decode_payload(
        &header,
        &stored[hlen..],
        &rules.registry,
        rules.max_value_size,
        out,
    )
    .is_ok()
}

fn render_key(bytes: &[u8], column_type: u8, binary: bool) -> String {
    if binary {
        match (column_type, bytes.len()) {
            (TYPE_LONGLONG, 8) => return i64::from_le_bytes(bytes.try_into().unwrap()).to_string(),
            (TYPE_LONG | TYPE_INT24, 4) => {
                return i32::from_le_bytes(bytes.try_into().unwrap()).to_string()
            }
            (TYPE_SHORT, 2) => return i16::from_le_bytes(bytes.try_into().unwrap()).to_string(),
            (TYPE_TINY, 1) => return (bytes[0] as i8).to_string(),
            _ => {}
        }
    }
    match std::str::from_utf8(bytes) {
        Ok(s) if s.len() <= 64 => s.to_string(),
        _ => format!("0x{}", hex::encode(&bytes[..bytes.len().min(32)])),
    }
}
