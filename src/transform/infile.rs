// Over 600 lines: one streaming rewriter and its field state machine (~600 lines); the rest is its tests, kept beside it.
//! LOAD DATA [LOCAL] INFILE: rewrite the file stream (read with the
//! statement's options, parsed in `load_data`) so the values of compressed
//! columns reach the server compressed. Pure: the session feeds file bytes in and sends what
//! comes out.
//!
//! Only the bytes of compressed fields change; every other byte of the file
//! (other fields, terminators, ignored lines, malformed rows) goes through
//! verbatim, so the server reports the same warnings and errors as without
//! squeeze. Field boundaries follow MariaDB's `READ_INFO::read_field`
//! (sql_load.cc): enclosed fields end at the enclosure followed by a field
//! or line terminator, a doubled enclosure is one, the escape character
//! takes the next byte (`\0 \b \n \r \t \Z` mapped, `\N` alone is NULL),
//! an unenclosed `NULL` is NULL when ENCLOSED BY is set, and after the last
//! input column the rest of the line is skipped the way `next_line` does.
//!
//! A compressed value is written back so that the server decodes exactly
//! its bytes: with an escape character, the escape, NUL, enclosure and the
//! first bytes of both terminators are escaped; without one but with an
//! enclosure, the value is enclosed and enclosures are doubled; with
//! neither, a value whose bytes would contain a terminator is stored
//! uncompressed, as it came.
//!
//! A document with declared paths (`infile_extract`) gets, right after
//! its field, one field per path holding the value INSERT would write,
//! encoded the same way (NULL as the options spell it); a row whose
//! values cannot be written exactly ends the load with the refusal.

use std::sync::Arc;

use super::extract;
use super::infile_extract::{derive_why, document_refusal, row_refusal};
pub use super::load_data::{parse_load_data, LoadData, ParseError};
use super::write::{compress_value, WriteError};
use super::ColumnRule;

/// MariaDB's `READ_INFO::unescape`.
fn unescape(c: u8) -> u8 {
    match c {
        b'0' => 0,
        b'b' => 8,
        b'n' => b'\n',
        b'r' => b'\r',
        b't' => b'\t',
        b'Z' => 26,
        other => other,
    }
}

/// A compressed column's field of a row: (raw span, value, column index,
/// NULL).
type Field = (std::ops::Range<usize>, Vec<u8>, usize, bool);

/// Outcome of advancing the current row.
enum Row {
    /// More input is needed to find the end of the row.
    NeedMore,
    /// The row (or skipped text) ends at this offset; fields to rewrite:
    /// (raw span, value, column index).
    Done {
        end: usize,
        fields: Vec<Field>,
        /// A row the server loads (not a skipped line).
        data: bool,
    },
    /// A compressed column's value is longer than its rule allows.
    TooBig { col: usize, size: usize },
}

#[cfg(test)]
#[derive(Debug, PartialEq)]
enum FieldEnd {
    NeedMore,
    /// (raw end, next position, line ended, decoded, is_null)
    Field(usize, usize, bool, Vec<u8>, bool),
}

/// How a field read stopped.
#[derive(Debug, PartialEq)]
enum Step {
    /// The buffer ends inside the field; `FieldState::p` says where to
    /// resume once more bytes arrived.
    NeedMore,
    /// (raw end, next position, line ended, is_null)
    Field(usize, usize, bool, bool),
}

/// What one byte that is not plain data does to the field being read.
enum Special {
    /// The read stops here (more input needed, or the field ended).
    End(Step),
    /// `byte` is data; it took `width` bytes of input (an escape pair or a
    /// doubled enclosure take two).
    Literal { byte: u8, width: usize },
}

/// One field being read. Everything before `p` has been read into `value`,
/// so a read resumed after more input arrived starts at `p`, not at the
/// field's start: each byte is examined once however the file is cut.
#[derive(Debug, Default)]
struct FieldState {
    start: usize,
    /// Whether `enclosed` has been decided (needs the field's first byte).
    started: bool,
    enclosed: bool,
    p: usize,
    /// Decoded bytes, kept only for compressed columns, and only up to
    /// `limit` (a longer value is refused, so it need not be held).
    value: Vec<u8>,
    keep: bool,
    limit: usize,
    /// Decoded length (also when the bytes are not kept).
    len: usize,
    found_null: bool,
}

impl FieldState {
    fn at(start: usize, keep: bool, limit: usize) -> Self {
        FieldState {
            start,
            p: start,
            keep,
            limit,
            ..FieldState::default()
        }
    }

    fn push(&mut self, bytes: &[u8]) {
        self.len += bytes.len();
        if self.keep {
            if self.len <= self.limit {
                self.value.extend_from_slice(bytes);
            } else if !self.value.is_empty() {
                self.value = Vec::new();
            }
        }
    }
}

/// Where the reader is in the current row, kept across `feed` calls.
/// Positions are offsets from the row's first byte in `pending`.
#[derive(Debug, Default)]
enum Phase {
    /// Skipping a line of IGNORE n LINES.
    Ignore,
    /// Looking for LINES STARTING BY.
    LineStart,
    /// Reading the field of input column `col`.
    #[default]
    Field,
    /// After the last input column: skipping the rest of the line.
    SkipRest,
}

#[derive(Debug, Default)]
struct Cursor {
    phase: Phase,
    /// Resume position for Ignore, LineStart and SkipRest.
    p: usize,
    col: usize,
    field: FieldState,
    fields: Vec<Field>,
}

/// Streaming rewriter for one LOAD DATA LOCAL file.
pub struct InfileRewriter {
    st: LoadData,
    /// Input columns the file's fields map to, in order.
    ncols: usize,
    /// (input column index, rule) of compressed columns.
    targets: Vec<(usize, Arc<ColumnRule>)>,
    /// Unconsumed input; starts at the current row's first byte.
    pending: Vec<u8>,
    /// Parse state of the row at the start of `pending`.
    cur: Cursor,
    ignore_left: u64,
    done: bool,
    scratch: Vec<u8>,
    /// Bytes that mean nothing to the field reader wherever they appear:
    /// not the escape, the enclosure or a terminator's first byte.
    ordinary: [bool; 256],
    /// Values compressed / left as they were.
    pub compressed: u64,
    pub passed: u64,
    /// Rows the server loads so far (for messages).
    rows: u64,
    /// Bytes the reader has looked at (the linear-time test counts them).
    #[cfg(test)]
    examined: std::cell::Cell<u64>,
}

impl InfileRewriter {
    pub fn new(st: LoadData, ncols: usize, targets: Vec<(usize, Arc<ColumnRule>)>) -> Self {
        let ignore_left = st.ignore_lines;
        let mut ordinary = [true; 256];
        for special in [&st.escaped, &st.enclosed, &st.field_term, &st.line_term] {
            if let Some(&b) = special.first() {
                ordinary[usize::from(b)] = false;
            }
        }
        let mut r = InfileRewriter {
            st,
            ncols: ncols.max(1),
            targets,
            pending: Vec::new(),
            cur: Cursor::default(),
            ignore_left,
            done: false,
            scratch: Vec::new(),
            ordinary,
            compressed: 0,
            passed: 0,
            rows: 0,
            #[cfg(test)]
            examined: std::cell::Cell::new(0),
        };
        r.cur = r.new_row();
        r
    }

    #[inline]
    fn count(&self, _n: usize) {
        #[cfg(test)]
        self.examined.set(self.examined.get() + _n as u64);
    }

    /// The cursor for a row starting at offset 0 of `pending`.
    fn new_row(&self) -> Cursor {
        let phase = if self.ignore_left > 0 {
            Phase::Ignore
        } else if !self.st.line_start.is_empty() {
            Phase::LineStart
        } else {
            Phase::Field
        };
        Cursor {
            phase,
            field: self.field_state(0, 0),
            ..Cursor::default()
        }
    }

    fn field_state(&self, start: usize, col: usize) -> FieldState {
        match self.targets.iter().find(|(c, _)| *c == col) {
            Some((_, rule)) => FieldState::at(start, true, rule.max_value_size),
            None => FieldState::at(start, false, 0),
        }
    }

    /// Feed file bytes; appends rewritten bytes of every complete row to `out`.
    pub fn feed(&mut self, data: &[u8], out: &mut Vec<u8>) -> Result<(), WriteError> {
        self.pending.extend_from_slice(data);
        self.drain(false, out)
    }

    /// End of file: rewrite what is left.
    pub fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), WriteError> {
        self.drain(true, out)?;
        out.extend_from_slice(&self.pending);
        self.pending.clear();
        Ok(())
    }

    fn drain(&mut self, eof: bool, out: &mut Vec<u8>) -> Result<(), WriteError> {
        let mut pos = 0;
        let mut buf = std::mem::take(&mut self.pending);
        let mut cur = std::mem::take(&mut self.cur);
        let result = (|| {
            while pos < buf.len() && !self.done {
                match self.row(&mut cur, &buf[pos..], eof) {
                    Row::NeedMore => break,
                    Row::TooBig { col, size } => {
                        let rule = self.rule(col);
                        return Err(WriteError::TooBig {
                            column: rule.label.clone(),
                            size,
                            limit: rule.max_value_size,
                        });
                    }
                    Row::Done { end, fields, data } => {
                        let row = &buf[pos..pos + end];
                        if data {
                            self.rows += 1;
                            self.every_document_given(&fields)?;
                        }
                        let mut at = 0;
                        for (span, value, col, null) in fields {
                            let rule = self.rule(col);
                            out.extend_from_slice(&row[at..span.start]);
                            at = span.start;
                            // The text the server would store for the field
                            // (the file's CHARACTER SET converted to utf8mb4).
                            let text = if null {
                                std::borrow::Cow::Borrowed(&value[..])
                            } else {
                                self.as_the_server_reads(&value).map_err(|why| {
                                    WriteError::Refused(document_refusal(&rule, self.rows, &why))
                                })?
                            };
                            if !null {
                                self.scratch.clear();
                                let compressed = compress_value(&rule, &text, &mut self.scratch)?;
                                let mut encoded = Vec::new();
                                if compressed && self.encode(&self.scratch, &mut encoded) {
                                    out.extend_from_slice(&encoded);
                                    at = span.end;
                                    self.compressed += 1;
                                } else {
                                    self.passed += 1;
                                }
                            }
                            out.extend_from_slice(&row[at..span.end]);
                            at = span.end;
                            let document = (!null).then_some(&text[..]);
                            self.derived_fields(&rule, document, out)?;
                        }
                        out.extend_from_slice(&row[at..]);
                        pos += end;
                        cur = self.new_row();
                    }
                }
            }
            Ok(())
        })();
        // Only consumed rows are dropped from the front: the partial row
        // that stays is moved once, when the row before it completes.
        buf.drain(..pos);
        self.pending = buf;
        self.cur = cur;
        result
    }

    /// A row that stops before a document with declared paths: the
    /// server would give the document and its paths their defaults, which
    /// need not agree; refused.
    fn every_document_given(&self, fields: &[Field]) -> Result<(), WriteError> {
        for (col, rule) in &self.targets {
            if !rule.extracts.is_empty() && !fields.iter().any(|f| f.2 == *col) {
                let why = "the row ends before the document's field (the server would give the document and its columns their defaults)";
                return Err(WriteError::Refused(row_refusal(rule, None, self.rows, why)));
            }
        }
        Ok(())
    }

    /// After a document's field: a field for each of its declared paths,
    /// with the value INSERT would write (`extract::derive`).
    fn derived_fields(
        &self,
        rule: &ColumnRule,
        document: Option<&[u8]>,
        out: &mut Vec<u8>,
    ) -> Result<(), WriteError> {
        for e in &rule.extracts {
            let refuse =
                |why: &str| WriteError::Refused(row_refusal(rule, Some(e), self.rows, why));
            let v = extract::derive(e, document).map_err(|err| refuse(&derive_why(e, err)))?;
            out.extend_from_slice(&self.st.field_term);
            match v {
                None => match self.null_spelling() {
                    Some(null) => out.extend_from_slice(&null),
                    None => return Err(refuse("the value is NULL, which a file with neither FIELDS ESCAPED BY nor ENCLOSED BY cannot spell; load it with ESCAPED BY '\\\\'")),
                },
                Some(v) => {
                    // The file's bytes are read in its CHARACTER SET; the
                    // value is UTF-8.
                    if !self.reads_as_utf8(&v) {
                        return Err(refuse("the value is not ASCII and the statement does not say CHARACTER SET utf8mb4 (the server would read the file's bytes in another character set)"));
                    }
                    if !self.encode_text(&v, out) {
                        return Err(refuse("the statement's FIELDS and LINES options cannot carry the value (it holds a terminator and there is neither an escape nor an enclosure)"));
                    }
                }
            }
        }
        Ok(())
    }

    /// Does the server read `v` back as these UTF-8 bytes in the file's
    /// character set? ASCII in any the statement may name (`unsupported`
    /// allows only ASCII-compatible ones); otherwise utf8mb4 as named, or
    /// utf8mb3 for characters of up to three bytes. Without the clause the
    /// server uses the database's character set, which squeeze does not
    /// follow: refused.
    fn reads_as_utf8(&self, v: &[u8]) -> bool {
        match self.st.charset.as_deref() {
            _ if v.is_ascii() => true,
            Some("utf8mb4") => true,
            Some("utf8" | "utf8mb3") => v.iter().all(|&b| b < 0xF0),
            _ => false,
        }
    }

    /// The utf8mb4 text the server stores for a document field whose
    /// bytes (escapes decoded) are `v`, read in the file's CHARACTER SET
    /// (measured on MariaDB 10.11: `binary` keeps valid UTF-8 as it is and
    /// stores `?` with warning 1366 for an invalid byte; `latin1` converts
    /// every byte). `Err`: a conversion squeeze does not reproduce (a
    /// warning, another character set); the row is refused.
    fn as_the_server_reads<'v>(&self, v: &'v [u8]) -> Result<std::borrow::Cow<'v, [u8]>, String> {
        use std::borrow::Cow;
        if v.is_ascii() {
            return Ok(Cow::Borrowed(v));
        }
        let charset = self.st.charset.as_deref().map(str::to_ascii_lowercase);
        let utf8 = std::str::from_utf8(v).is_ok();
        match charset.as_deref() {
            // Without the clause (the current database's character set,
            // which squeeze does not follow) and under utf8mb3 the bytes
            // are stored as they are, as before (docs/writes.md: a known
            // gap for a database that is not utf8mb4 and for a 4-byte
            // character under utf8mb3; the declared paths of such a row
            // are refused by `derived_fields`).
            None | Some("utf8" | "utf8mb3") => Ok(Cow::Borrowed(v)),
            Some("utf8mb4" | "binary") if utf8 => Ok(Cow::Borrowed(v)),
            Some("latin1") => Ok(Cow::Owned(crate::results_charset::latin1_to_utf8(v))),
            Some(cs) => Err(format!(
                "the document is not {} in the file's CHARACTER SET {cs}, which MariaDB would convert or store with a warning squeeze cannot reproduce",
                if utf8 { "ASCII" } else { "valid UTF-8" }
            )),
        }
    }

    /// How the file spells NULL: `\N` with an escape character (that is
    /// not the enclosure), an unenclosed `NULL` with an enclosure.
    fn null_spelling(&self) -> Option<Vec<u8>> {
        let esc = self.st.escaped.first().copied();
        let quote = self.st.enclosed.first().copied();
        match (esc, quote) {
            (Some(e), q) if Some(e) != q => Some(vec![e, b'N']),
            (_, Some(_)) => Some(b"NULL".to_vec()),
            _ => None,
        }
    }

    /// `encode` for a text value: the server reads a field whose decoded
    /// bytes are `NULL`, unenclosed, as NULL where an enclosure is set
    /// (even `\NULL`), so that text goes out enclosed.
    fn encode_text(&self, v: &[u8], out: &mut Vec<u8>) -> bool {
        if let (b"NULL", Some(&q)) = (v, self.st.enclosed.first()) {
            out.extend_from_slice(&[q, b'N', b'U', b'L', b'L', q]);
            return true;
        }
        self.encode(v, out)
    }

    fn rule(&self, col: usize) -> Arc<ColumnRule> {
        self.targets
            .iter()
            .find(|(c, _)| *c == col)
            .map(|(_, r)| r.clone())
            .expect("target column")
    }

    fn matches(&self, buf: &[u8], at: usize, term: &[u8], eof: bool) -> Option<bool> {
        if term.is_empty() {
            return Some(false);
        }
        let avail = &buf[at..];
        self.count(term.len().min(avail.len()));
        if avail.len() >= term.len() {
            Some(avail.starts_with(term))
        } else if term.starts_with(avail) && !eof {
            None
        } else {
            Some(false)
        }
    }

    /// Skip to the end of the line like `READ_INFO::next_line`.
    #[cfg(test)]
    fn skip_line(&self, buf: &[u8], mut p: usize, eof: bool) -> Option<usize> {
        self.skip_line_from(buf, &mut p, eof)
    }

    /// `skip_line` resumable: on `None`, `*p` is where to go on once more
    /// input arrived.
    fn skip_line_from(&self, buf: &[u8], p: &mut usize, eof: bool) -> Option<usize> {
        let esc = self.st.escaped.first().copied();
        loop {
            if *p >= buf.len() {
                return if eof { Some(buf.len()) } else { None };
            }
            self.count(1);
            if Some(buf[*p]) == esc {
                if *p + 1 >= buf.len() {
                    return if eof { Some(buf.len()) } else { None };
                }
                *p += 2;
                continue;
            }
            match self.matches(buf, *p, &self.st.line_term, eof) {
                None => return None,
                Some(true) => return Some(*p + self.st.line_term.len()),
                Some(false) => *p += 1,
            }
        }
    }

    /// Advance the row that starts at `buf[0]` from where `cur` stopped.
    fn row(&mut self, cur: &mut Cursor, buf: &[u8], eof: bool) -> Row {
        loop {
            let outcome = match cur.phase {
                Phase::Ignore => Some(match self.skip_line_from(buf, &mut cur.p, eof) {
                    None => Row::NeedMore,
                    Some(end) => {
                        self.ignore_left -= 1;
                        Row::Done {
                            end,
                            fields: Vec::new(),
                            data: false,
                        }
                    }
                }),
                Phase::LineStart => self.line_start(cur, buf, eof),
                Phase::Field => self.next_field(cur, buf, eof),
                Phase::SkipRest => Some(match self.skip_line_from(buf, &mut cur.p, eof) {
                    None => Row::NeedMore,
                    Some(end) => Row::Done {
                        end,
                        fields: std::mem::take(&mut cur.fields),
                        data: true,
                    },
                }),
            };
            if let Some(row) = outcome {
                return row;
            }
        }
    }

    /// Find the row's `LINES STARTING BY` prefix; `None` once found (the
    /// row's first field comes next).
    fn line_start(&mut self, cur: &mut Cursor, buf: &[u8], eof: bool) -> Option<Row> {
        let ls = &self.st.line_start;
        self.count(buf.len() - cur.p);
        match find(&buf[cur.p..], ls) {
            Some(i) => {
                let start = cur.p + i + ls.len();
                cur.phase = Phase::Field;
                cur.field = self.field_state(start, 0);
                None
            }
            None if eof => {
                self.done = true;
                Some(Row::Done {
                    end: buf.len(),
                    fields: Vec::new(),
                    data: false,
                })
            }
            None => {
                // A prefix may end the buffer: look again there.
                cur.p = buf.len().saturating_sub(ls.len() - 1).max(cur.p);
                Some(Row::NeedMore)
            }
        }
    }

    /// Read the current field on; `None` when the row goes on with the
    /// next field (or skips the rest of its line).
    fn next_field(&mut self, cur: &mut Cursor, buf: &[u8], eof: bool) -> Option<Row> {
        if !cur.field.started && cur.field.start >= buf.len() {
            if eof {
                // At the end of the file, a row with no field read is no
                // row (`read_sep_field` stops there).
                return Some(Row::Done {
                    end: buf.len(),
                    fields: std::mem::take(&mut cur.fields),
                    data: cur.col > 0,
                });
            }
            return Some(Row::NeedMore);
        }
        let Step::Field(raw_end, next, line_ended, is_null) =
            self.field_step(buf, &mut cur.field, eof)
        else {
            return Some(Row::NeedMore);
        };
        let f = std::mem::take(&mut cur.field);
        if f.keep {
            if !is_null && f.len > f.limit {
                return Some(Row::TooBig {
                    col: cur.col,
                    size: f.len,
                });
            }
            cur.fields
                .push((f.start..raw_end, f.value, cur.col, is_null));
        }
        if line_ended {
            return Some(Row::Done {
                end: next,
                fields: std::mem::take(&mut cur.fields),
                data: true,
            });
        }
        cur.col += 1;
        if cur.col >= self.ncols {
            cur.phase = Phase::SkipRest;
            cur.p = next;
        } else {
            cur.field = self.field_state(next, cur.col);
        }
        None
    }

    /// Read one field from scratch (the tests' view of the reader).
    #[cfg(test)]
    fn field(&self, buf: &[u8], start: usize, eof: bool) -> FieldEnd {
        let mut f = FieldState::at(start, true, usize::MAX);
        match self.field_step(buf, &mut f, eof) {
            Step::NeedMore => FieldEnd::NeedMore,
            Step::Field(raw_end, next, line_ended, null) => {
                FieldEnd::Field(raw_end, next, line_ended, f.value, null)
            }
        }
    }

    /// Read a field on from `f.p`. Needs `f.start < buf.len()` on the
    /// first call (the first byte says whether the field is enclosed).
    fn field_step(&self, buf: &[u8], f: &mut FieldState, eof: bool) -> Step {
        if !f.started {
            let quote = self.st.enclosed.first().copied();
            f.started = true;
            f.enclosed = quote.is_some() && buf.get(f.start).copied() == quote;
            f.p = if f.enclosed { f.start + 1 } else { f.start };
        }
        let mut p = f.p;
        loop {
            // Every return below that asks for more input leaves `p` at a
            // byte whose meaning the next bytes decide.
            f.p = p;
            if p >= buf.len() {
                if !eof {
                    return Step::NeedMore;
                }
                let null = self.is_null(f, f.enclosed, &buf[f.start..]);
                return Step::Field(buf.len(), buf.len(), true, null);
            }
            // Copy a run of ordinary bytes at once (nearly all of a JSON
            // document): byte by byte below they would take the same path.
            let run = buf[p..]
                .iter()
                .position(|&b| !self.ordinary[usize::from(b)])
                .unwrap_or(buf.len() - p);
            if run > 0 {
                self.count(run);
                f.push(&buf[p..p + run]);
                p += run;
                continue;
            }
            self.count(1);
            match self.special_byte(buf, p, f, eof) {
                Special::End(step) => return step,
                Special::Literal { byte, width } => {
                    f.push(&[byte]);
                    p += width;
                }
            }
        }
    }

    /// What the byte at `p` (escape, enclosure or the start of a
    /// terminator, or an ordinary byte the run above stopped short of)
    /// does to the field.
    fn special_byte(&self, buf: &[u8], p: usize, f: &mut FieldState, eof: bool) -> Special {
        let esc = self.st.escaped.first().copied();
        let quote = self.st.enclosed.first().copied();
        let c = buf[p];
        if Some(c) == esc {
            if p + 1 >= buf.len() {
                if !eof {
                    return Special::End(Step::NeedMore);
                }
                return Special::Literal { byte: c, width: 1 };
            }
            let n = buf[p + 1];
            if esc != quote || Some(n) == esc {
                if n == b'N' {
                    f.found_null = true;
                }
                return Special::Literal {
                    byte: unescape(n),
                    width: 2,
                };
            }
            // Escape == enclosure and not doubled: an enclosure (below).
        }
        if f.enclosed && Some(c) == quote {
            return self.after_enclosure(buf, p, c, eof);
        }
        if !f.enclosed {
            for (term, line_ended) in [(&self.st.line_term, true), (&self.st.field_term, false)] {
                match self.matches(buf, p, term, eof) {
                    None => return Special::End(Step::NeedMore),
                    Some(true) => {
                        let null = self.is_null(f, false, &buf[f.start..p]);
                        return Special::End(Step::Field(p, p + term.len(), line_ended, null));
                    }
                    Some(false) => {}
                }
            }
        }
        Special::Literal { byte: c, width: 1 }
    }

    /// An enclosure inside an enclosed field: doubled it is one, followed
    /// by a line or field terminator it ends the field, else it is data.
    fn after_enclosure(&self, buf: &[u8], p: usize, c: u8, eof: bool) -> Special {
        if p + 1 >= buf.len() {
            if !eof {
                return Special::End(Step::NeedMore);
            }
            return Special::End(Step::Field(p + 1, p + 1, true, false));
        }
        if buf[p + 1] == c {
            return Special::Literal { byte: c, width: 2 };
        }
        for (term, line_ended) in [(&self.st.line_term, true), (&self.st.field_term, false)] {
            match self.matches(buf, p + 1, term, eof) {
                None => return Special::End(Step::NeedMore),
                Some(true) => {
                    return Special::End(Step::Field(p + 1, p + 1 + term.len(), line_ended, false))
                }
                Some(false) => {}
            }
        }
        Special::Literal { byte: c, width: 1 }
    }

    /// `read_sep_field`'s test, on the decoded bytes: `\N` alone, or
    /// (with an enclosure set) an unenclosed field that decodes to `NULL`
    /// (`\NULL` too).
    fn is_null(&self, f: &FieldState, enclosed: bool, raw: &[u8]) -> bool {
        let decoded_null = if f.keep {
            f.len == 4 && f.value == b"NULL"
        } else {
            raw == b"NULL"
        };
        (f.len == 1 && f.found_null) || (!enclosed && !self.st.enclosed.is_empty() && decoded_null)
    }

    /// Write `value` so the server reads back exactly its bytes; false when
    /// the format cannot carry it (the original value is kept).
    fn encode(&self, value: &[u8], out: &mut Vec<u8>) -> bool {
        let esc = self.st.escaped.first().copied();
        let quote = self.st.enclosed.first().copied();
        let ft0 = self.st.field_term.first().copied();
        let lt0 = self.st.line_term.first().copied();
        match (esc, quote) {
            (Some(e), q) if Some(e) != q => {
                // Escaped bytes must come back as themselves.
                for special in [ft0, lt0, q].into_iter().flatten() {
                    if unescape(special) != special || special == b'N' {
                        return false;
                    }
                }
                out.reserve(value.len() + value.len() / 16 + 8);
                let mut rest = value;
                while !rest.is_empty() {
                    // Bytes that are ordinary to the reader go out as they
                    // are, a run at a time; NUL, the escape, the enclosure
                    // and terminators' first bytes get the escape.
                    let run = rest
                        .iter()
                        .position(|&b| b == 0 || !self.ordinary[usize::from(b)])
                        .unwrap_or(rest.len());
                    out.extend_from_slice(&rest[..run]);
                    let Some(&b) = rest.get(run) else { break };
                    out.extend_from_slice(&[e, if b == 0 { b'0' } else { b }]);
                    rest = &rest[run + 1..];
                }
                true
            }
            (_, Some(q)) => {
                // Enclosed, enclosures doubled (escape == enclosure or none).
                out.push(q);
                for &b in value {
                    out.push(b);
                    if b == q {
                        out.push(q);
                    }
                }
                out.push(q);
                true
            }
            (_, None) => {
                // No escape, no enclosure: only if no terminator can appear.
                if find(value, &self.st.field_term).is_some()
                    || find(value, &self.st.line_term).is_some()
                    || (!self.st.line_start.is_empty()
                        && find(value, &self.st.line_start).is_some())
                {
                    return false;
                }
                out.extend_from_slice(value);
                true
            }
        }
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::LexOptions;

    fn parse(s: &str) -> LoadData {
        parse_load_data(s.as_bytes(), LexOptions::default()).unwrap()
    }

    #[test]
    fn load_data_options_are_parsed_into_the_statement_model() {
        let st = parse("LOAD DATA LOCAL INFILE '/tmp/x' REPLACE INTO TABLE db.t CHARACTER SET utf8mb4 FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '\\\\' LINES STARTING BY '>' TERMINATED BY '\\r\\n' IGNORE 2 LINES (id, @skip, doc) SET other = 1");
        assert!(st.local && !st.xml);
        assert_eq!(st.db.as_deref(), Some("db"));
        assert_eq!(st.table, "t");
        assert_eq!(st.charset.as_deref(), Some("utf8mb4"));
        assert_eq!(st.field_term, b",");
        assert_eq!(st.enclosed, b"\"");
        assert_eq!(st.escaped, b"\\");
        assert_eq!(st.line_start, b">");
        assert_eq!(st.line_term, b"\r\n");
        assert_eq!(st.ignore_lines, 2);
        assert_eq!(
            st.columns,
            Some(vec![Some("id".into()), None, Some("doc".into())])
        );
        assert_eq!(st.set_names, vec!["other".to_string()]);
        let d = parse("load data local infile 'f' into table `t`");
        assert_eq!(d.field_term, b"\t");
        assert_eq!(d.line_term, b"\n");
        assert_eq!(d.escaped, b"\\");
        assert!(d.enclosed.is_empty());
    }

    /// Decode a file the way the server would (for the tests): split rows
    /// and fields with the same rules, return the decoded values.
    fn server_view(st: &LoadData, ncols: usize, file: &[u8]) -> Vec<Vec<Option<Vec<u8>>>> {
        let r = InfileRewriter::new(st.clone(), ncols, vec![]);
        let mut rows = Vec::new();
        let mut pos = 0;
        while pos < file.len() {
            let buf = &file[pos..];
            let mut p = 0;
            if !st.line_start.is_empty() {
                p = find(buf, &st.line_start).unwrap() + st.line_start.len();
            }
            let mut row = Vec::new();
            let mut ended = false;
            for _ in 0..ncols {
                if p >= buf.len() {
                    break;
                }
                match r.field(buf, p, true) {
                    FieldEnd::Field(_, next, le, v, null) => {
                        row.push(if null { None } else { Some(v) });
                        p = next;
                        if le {
                            ended = true;
                            break;
                        }
                    }
                    FieldEnd::NeedMore => unreachable!(),
                }
            }
            if !ended {
                p = r.skip_line(buf, p, true).unwrap();
            }
            rows.push(row);
            pos += p;
        }
        rows
    }

    #[test]
    fn an_unenclosed_field_decoding_to_null_is_null_where_an_enclosure_is_set() {
        // `read_sep_field` compares the decoded bytes: `\NULL` is NULL.
        let st = parse("LOAD DATA LOCAL INFILE 'f' INTO TABLE t FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"'");
        let r = InfileRewriter::new(st.clone(), 2, vec![]);
        for (raw, null) in [
            (&b"\\NULL,"[..], true),
            (b"NULL,", true),
            (b"\"NULL\",", false),
            (b"\\N,", true),
            (b"NULLX,", false),
        ] {
            let FieldEnd::Field(_, _, _, _, is) = r.field(raw, 0, true) else {
                panic!("{raw:?}")
            };
            assert_eq!(is, null, "{:?}", String::from_utf8_lossy(raw));
        }
        // And the text `NULL` derived for a path goes out enclosed.
        let mut out = Vec::new();
        assert!(r.encode_text(b"NULL", &mut out));
        assert_eq!(out, b"\"NULL\"");
    }

    fn nasty_values() -> Vec<Vec<u8>> {
        let mut all: Vec<u8> = (0..=255u8).collect();
        all.extend_from_slice(b"\\\\\t\n\r\"\"'\0NULL\\N,");
        vec![
            all,
            b"\"starts with quote".to_vec(),
            b"N".to_vec(),
            b"\\".to_vec(),
            b"a\tb\nc\\d\0e\"f,g".to_vec(),
            vec![0xF5, 0x01, b'\t', b'\n', 0, b'\\', b'"'],
        ]
    }

    const FORMATS: [&str; 5] = [
        "LOAD DATA LOCAL INFILE 'f' INTO TABLE t",
        "LOAD DATA LOCAL INFILE 'f' INTO TABLE t FIELDS TERMINATED BY ',' ENCLOSED BY '\"'",
        "LOAD DATA LOCAL INFILE 'f' INTO TABLE t FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY ''",
        "LOAD DATA LOCAL INFILE 'f' INTO TABLE t FIELDS TERMINATED BY ',' ENCLOSED BY '\"' ESCAPED BY '\"' LINES TERMINATED BY '\\r\\n'",
        "LOAD DATA LOCAL INFILE 'f' INTO TABLE t FIELDS TERMINATED BY '|' ESCAPED BY '!' LINES STARTING BY 'xx' TERMINATED BY ';;'",
    ];

    #[test]
    fn encode_round_trips_through_the_field_reader() {
        for f in FORMATS {
            let st = parse(f);
            let r = InfileRewriter::new(st.clone(), 2, vec![]);
            for v in nasty_values() {
                let mut enc = Vec::new();
                if !r.encode(&v, &mut enc) {
                    continue;
                }
                let mut file = st.line_start.clone();
                file.extend_from_slice(b"7");
                file.extend_from_slice(&st.field_term);
                file.extend_from_slice(&enc);
                file.extend_from_slice(&st.line_term);
                let rows = server_view(&st, 2, &file);
                assert_eq!(rows.len(), 1, "{f}: {file:?}");
                assert_eq!(rows[0][1].as_deref(), Some(&v[..]), "{f}");
            }
        }
    }

    /// Runs of ordinary bytes are copied at once; with no byte counted as
    /// ordinary the reader takes every byte one at a time. Both must read
    /// the same field from any buffer, cut anywhere, at end of file or not.
    #[test]
    fn run_copying_reads_fields_as_byte_by_byte_reading_does() {
        for f in FORMATS {
            let st = parse(f);
            let fast = InfileRewriter::new(st.clone(), 2, vec![]);
            let mut slow = InfileRewriter::new(st.clone(), 2, vec![]);
            slow.ordinary = [false; 256];
            let mut file = Vec::new();
            for v in nasty_values() {
                file.extend_from_slice(&st.line_start);
                file.extend_from_slice(&v);
                file.extend_from_slice(&st.field_term);
                file.extend_from_slice(b"{\"a\": 1}");
                file.extend_from_slice(&st.line_term);
            }
            for cut in 0..=file.len() {
                for start in [0, 1, 2, 7, 40].into_iter().filter(|&s| s < cut) {
                    for eof in [false, true] {
                        assert_eq!(
                            fast.field(&file[..cut], start, eof),
                            slow.field(&file[..cut], start, eof),
                            "{f}: cut {cut}, start {start}, eof {eof}"
                        );
                    }
                }
            }
        }
    }
    fn zstd_rule(limit: usize) -> Arc<ColumnRule> {
        use crate::codec::{CodecKind, ValueEncoder};
        use crate::config::{InvalidJson, PresentAs};
        Arc::new(ColumnRule {
            schema: crate::router::NamePattern::parse("db").unwrap(),
            table: "t".into(),
            column: "doc".into(),
            encoder: ValueEncoder::new(CodecKind::Zstd, 1, None, 16).unwrap(),
            present_as: PresentAs::Text,
            on_invalid_json: InvalidJson::Compress,
            label: "db.t.doc".into(),
            metrics: crate::metrics::ColumnMetrics::for_column("db.t.doc"),
            max_value_size: limit,
            extracts: Vec::new(),
        })
    }

    /// A JSON-ish document of about `n` bytes that contains every byte the
    /// formats treat specially (escapes, enclosures, terminators, NUL).
    fn big_value(n: usize) -> Vec<u8> {
        let mut v = b"{\"items\": [".to_vec();
        let mut i = 0u32;
        while v.len() < n {
            v.extend_from_slice(
                format!("{{\"id\": {i}, \"s\": \"a\\\"b\\\\c\tx\", \"t\": \"").as_bytes(),
            );
            // Every 97th item carries the nasty bytes.
            if i % 97 == 0 {
                v.extend_from_slice(b"\\\\\t\n\r\"\"'\0NULL\\N,|!;;xx\r\n");
            }
            v.extend_from_slice(b"\"}, ");
            i += 1;
        }
        v.extend_from_slice(b"{}]}");
        v
    }

    /// A file of rows `id<ft>value<lt>` as the server would read them.
    fn file_of(st: &LoadData, values: &[Vec<u8>]) -> Vec<u8> {
        let w = InfileRewriter::new(st.clone(), 2, vec![]);
        let mut file = Vec::new();
        for (i, v) in values.iter().enumerate() {
            file.extend_from_slice(&st.line_start);
            file.extend_from_slice(i.to_string().as_bytes());
            file.extend_from_slice(&st.field_term);
            assert!(w.encode(v, &mut file), "the test value fits the format");
            file.extend_from_slice(&st.line_term);
        }
        file
    }

    /// Rewrite `file` fed in pieces of the given sizes (cycled).
    fn rewrite_in(st: &LoadData, file: &[u8], sizes: &[usize]) -> (Vec<u8>, InfileRewriter) {
        let mut r = InfileRewriter::new(st.clone(), 2, vec![(1, zstd_rule(64 << 20))]);
        let mut out = Vec::new();
        let mut at = 0;
        for &n in sizes.iter().cycle() {
            if at >= file.len() {
                break;
            }
            let end = (at + n.max(1)).min(file.len());
            r.feed(&file[at..end], &mut out).unwrap();
            at = end;
        }
        r.finish(&mut out).unwrap();
        (out, r)
    }

    /// The values the server reads from a rewritten file, inflated.
    fn inflated_values(st: &LoadData, rewritten: &[u8]) -> Vec<Vec<u8>> {
        let registry = crate::codec::DictionaryRegistry::empty();
        server_view(st, 2, rewritten)
            .into_iter()
            .map(|row| {
                let stored = row[1].clone().expect("a value");
                let mut out = Vec::new();
                match crate::codec::decoder::decode_value(&stored, &registry, 64 << 20, &mut out)
                    .unwrap()
                {
                    crate::codec::decoder::Decoded::Legacy => stored,
                    crate::codec::decoder::Decoded::Inflated(_) => out,
                }
            })
            .collect()
    }

    /// The reader keeps its place across `feed` calls: a 20 MB field fed in
    /// 16 KiB chunks is examined about once per byte, not once per chunk
    /// (re-reading the pending row from its start made this quadratic).
    #[test]
    fn a_20_mb_field_fed_in_16_kib_chunks_is_examined_about_once_per_byte() {
        let st = parse("LOAD DATA LOCAL INFILE 'f' INTO TABLE t");
        let doc = big_value(20 << 20);
        let file = file_of(
            &st,
            &[b"{\"small\": 1}".to_vec(), doc.clone(), b"{}".to_vec()],
        );
        let started = std::time::Instant::now();
        let (out, r) = rewrite_in(&st, &file, &[16 << 10]);
        let per_byte = r.examined.get() as f64 / file.len() as f64;
        assert!(
            per_byte < 3.0,
            "{per_byte:.1} bytes examined per byte fed ({} for {})",
            r.examined.get(),
            file.len()
        );
        assert_eq!(
            r.compressed, 1,
            "the 20 MB document (the others are below min_size)"
        );
        let values = inflated_values(&st, &out);
        assert_eq!(values.len(), 3);
        assert!(values[1] == doc, "the 20 MB document reads back as it was");
        eprintln!(
            "{per_byte:.3} bytes examined per byte fed; {} bytes in {:?}",
            file.len(),
            started.elapsed()
        );
    }

    /// Feeding a file with large fields in any pieces (two pieces cut at
    /// every point, byte by byte, odd chunk sizes) gives exactly the bytes
    /// of feeding it whole, and the server reads back every value.
    #[test]
    fn large_fields_rewrite_identically_wherever_the_input_is_cut() {
        for f in FORMATS {
            let st = parse(f);
            let fits =
                |v: &Vec<u8>| InfileRewriter::new(st.clone(), 2, vec![]).encode(v, &mut Vec::new());
            let small: Vec<Vec<u8>> = [
                big_value(3000),
                b"{\"a\": 1}".to_vec(),
                nasty_values()[0].clone(),
            ]
            .into_iter()
            .filter(fits)
            .collect();
            let large: Vec<Vec<u8>> = [b"{}".to_vec(), big_value(200_000), big_value(5000)]
                .into_iter()
                .filter(fits)
                .collect();
            assert_eq!(large.len(), 3, "{f}");
            for (values, every) in [(small, 1), (large, 997)] {
                let file = file_of(&st, &values);
                let (whole, _) = rewrite_in(&st, &file, &[file.len()]);
                assert_eq!(inflated_values(&st, &whole), values, "{f}");
                for cut in (0..=file.len()).step_by(every) {
                    let (out, _) = rewrite_in(&st, &file, &[cut, file.len()]);
                    assert!(out == whole, "{f}: cut at {cut}");
                }
                for sizes in [&[1][..], &[2, 3, 5], &[4096, 1, 16384, 7]] {
                    let (out, _) = rewrite_in(&st, &file, sizes);
                    assert!(out == whole, "{f}: pieces of {sizes:?}");
                }
            }
        }
    }

    /// A value above the column's max_value_size is refused with its full
    /// size, and the reader stops keeping its bytes once past the limit.
    #[test]
    fn a_field_above_max_value_size_is_refused_with_its_size() {
        let st = parse("LOAD DATA LOCAL INFILE 'f' INTO TABLE t");
        let doc = big_value(100_000);
        let file = file_of(&st, std::slice::from_ref(&doc));
        let mut r = InfileRewriter::new(st.clone(), 2, vec![(1, zstd_rule(50_000))]);
        let mut out = Vec::new();
        let mut res = Ok(());
        for piece in file.chunks(4096) {
            res = r.feed(piece, &mut out);
            if res.is_err() {
                break;
            }
            assert!(r.cur.field.value.len() <= 50_000);
        }
        let res = res.and_then(|_| r.finish(&mut out));
        match res {
            Err(WriteError::TooBig { size, limit, .. }) => {
                assert_eq!(size, doc.len());
                assert_eq!(limit, 50_000);
            }
            other => panic!("expected TooBig, got {other:?}"),
        }
    }
}
