//! Walkers over text and binary result rows: they find each value's byte
//! span so a transformer can replace some values and copy the rest.

use std::ops::Range;

use super::coldef::{binary_layout, BinaryLayout};
use super::lenenc::{lenenc_int_len, put_lenenc_int, Reader};
use super::packet::ProtocolError;

/// Where one value sits in a row payload: `None` for NULL, else the span of
/// its content (without the length prefix).
pub type ValueSpan = Option<Range<usize>>;

/// Spans of every value of a text-protocol row.
pub fn text_row_spans(
    payload: &[u8],
    columns: usize,
    out: &mut Vec<ValueSpan>,
) -> Result<(), ProtocolError> {
    out.clear();
    let mut r = Reader::new(payload);
    for _ in 0..columns {
        match r.lenenc_int_or_null()? {
            None => out.push(None),
            Some(n) => {
                let n = usize::try_from(n).map_err(|_| ProtocolError::Truncated)?;
                let start = r.position();
                r.skip(n)?;
                out.push(Some(start..start + n));
            }
        }
    }
    if !r.is_empty() {
        return Err(ProtocolError::Malformed("text row longer than its columns"));
    }
    Ok(())
}

/// Byte length of the binary-protocol NULL bitmap for `columns` columns.
pub fn binary_null_bitmap_len(columns: usize) -> usize {
    (columns + 7 + 2) / 8
}

/// Spans of every value of a binary-protocol row (`00 null-bitmap values`).
pub fn binary_row_spans(
    payload: &[u8],
    column_types: &[u8],
    out: &mut Vec<ValueSpan>,
) -> Result<(), ProtocolError> {
    out.clear();
    let mut r = Reader::new(payload);
    if r.u8()? != 0 {
        return Err(ProtocolError::Malformed("binary row must start with 0x00"));
    }
    let bitmap = r.take(binary_null_bitmap_len(column_types.len()))?;
    for (i, &ty) in column_types.iter().enumerate() {
        let bit = i + 2;
        if bitmap[bit / 8] & (1 << (bit % 8)) != 0 {
            out.push(None);
            continue;
        }
        let span = match binary_layout(ty) {
            BinaryLayout::Fixed(n) => {
                let s = r.position();
                r.skip(n)?;
                s..s + n
            }
            BinaryLayout::LengthByte => {
                let n = r.u8()? as usize;
                let s = r.position();
                r.skip(n)?;
                s..s + n
            }
            BinaryLayout::LenencString => {
                let n = usize::try_from(r.lenenc_int()?).map_err(|_| ProtocolError::Truncated)?;
                let s = r.position();
                r.skip(n)?;
                s..s + n
            }
            BinaryLayout::Nothing => {
                let s = r.position();
                s..s
            }
        };
        out.push(Some(span));
    }
    if !r.is_empty() {
        return Err(ProtocolError::Malformed(
            "binary row longer than its columns",
        ));
    }
    Ok(())
}

/// Copies a row into `out` with some length-encoded values replaced, one
/// value at a time, so a new value can be written straight into `out`
/// (inflated in place) instead of through a buffer of its own. Works for
/// text rows and for the length-encoded values of binary rows alike,
/// because in both the value is preceded by its length prefix, which ends
/// where the span starts.
pub struct RowSplice<'p> {
    payload: &'p [u8],
    /// Payload bytes before this offset are already in `out`.
    copied: usize,
}

impl<'p> RowSplice<'p> {
    pub fn new(payload: &'p [u8]) -> Self {
        RowSplice { payload, copied: 0 }
    }

    /// Copy the row up to the value at `span` (spans in ascending order)
    /// and write the length prefix of its replacement; the caller then
    /// appends exactly `new_len` bytes.
    pub fn replace_value(&mut self, out: &mut Vec<u8>, span: &Range<usize>, new_len: u64) {
        let prefix_start = lenenc_prefix_start(span);
        out.extend_from_slice(&self.payload[self.copied..prefix_start]);
        put_lenenc_int(out, new_len);
        self.copied = span.end;
    }

    /// Copy the row up to the value at `span` (with its length prefix) and
    /// drop it: the caller writes what replaces it, prefix and all (a NULL
    /// marker, a binary integer), or nothing (a binary-row NULL, flagged in
    /// the bitmap).
    pub fn drop_value(&mut self, out: &mut Vec<u8>, span: &Range<usize>) {
        let prefix_start = lenenc_prefix_start(span);
        out.extend_from_slice(&self.payload[self.copied..prefix_start]);
        self.copied = span.end;
    }

    /// Copy the row up to offset `at` and skip `skip` bytes there (a text
    /// row's NULL marker; none for a binary-row NULL, which takes no
    /// bytes): the caller writes a value in that place.
    pub fn insert_at(&mut self, out: &mut Vec<u8>, at: usize, skip: usize) {
        out.extend_from_slice(&self.payload[self.copied..at]);
        self.copied = at + skip;
    }

    /// Copy the rest of the row.
    pub fn finish(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.payload[self.copied..]);
    }
}

/// Where the length prefix of the value at `span` begins: the prefix
/// length is implied by the value length, so it can be computed backwards.
fn lenenc_prefix_start(span: &Range<usize>) -> usize {
    span.start - lenenc_int_len(span.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::coldef::*;
    use crate::protocol::lenenc::put_lenenc_bytes;

    /// Rebuild a row replacing some length-encoded values. `replacements` holds
    /// (column index, new bytes) in ascending column order; every other byte of
    /// the row is copied as it was.
    fn rebuild_row(
        payload: &[u8],
        spans: &[ValueSpan],
        replacements: &[(usize, &[u8])],
        out: &mut Vec<u8>,
    ) {
        out.clear();
        out.reserve(payload.len() + replacements.iter().map(|(_, v)| v.len()).sum::<usize>());
        let mut splice = RowSplice::new(payload);
        for &(col, value) in replacements {
            let Some(span) = &spans[col] else { continue };
            splice.replace_value(out, span, value.len() as u64);
            out.extend_from_slice(value);
        }
        splice.finish(out);
    }

    #[test]
    fn text_row_with_null_and_replace() {
        let mut row = Vec::new();
        put_lenenc_bytes(&mut row, b"1");
        row.push(0xFB);
        put_lenenc_bytes(&mut row, &[0xF5; 300]);
        let mut spans = Vec::new();
        text_row_spans(&row, 3, &mut spans).unwrap();
        assert_eq!(spans[1], None);
        let mut out = Vec::new();
        rebuild_row(&row, &spans, &[(2, b"{\"a\":1}")], &mut out);
        let mut expect = Vec::new();
        put_lenenc_bytes(&mut expect, b"1");
        expect.push(0xFB);
        put_lenenc_bytes(&mut expect, b"{\"a\":1}");
        assert_eq!(out, expect);
    }

    #[test]
    fn binary_row_spans_and_replace() {
        let types = [
            TYPE_LONGLONG,
            TYPE_BLOB,
            TYPE_NULL,
            TYPE_DATETIME,
            TYPE_BLOB,
        ];
        let mut row = vec![0u8];
        let mut bitmap = vec![0u8; binary_null_bitmap_len(types.len())];
        bitmap[0] |= 1 << 4; // column 2 (bits are offset by 2)
        bitmap[0] |= 1 << 6; // column 4
        row.extend_from_slice(&bitmap);
        row.extend_from_slice(&7u64.to_le_bytes());
        put_lenenc_bytes(&mut row, b"blob");
        row.extend_from_slice(&[4, 0xE8, 0x07, 1, 2]);
        let mut spans = Vec::new();
        binary_row_spans(&row, &types, &mut spans).unwrap();
        assert_eq!(spans.iter().filter(|s| s.is_none()).count(), 2);
        let mut out = Vec::new();
        rebuild_row(&row, &spans, &[(1, &[b'x'; 260])], &mut out);
        let mut again = Vec::new();
        binary_row_spans(&out, &types, &mut again).unwrap();
        assert_eq!(&out[again[1].clone().unwrap()], &[b'x'; 260][..]);
        assert_eq!(&out[again[3].clone().unwrap()], &[0xE8, 0x07, 1, 2][..]);
    }

    #[test]
    fn truncated_rows_are_errors() {
        let mut row = Vec::new();
        put_lenenc_bytes(&mut row, b"hello");
        let mut spans = Vec::new();
        for cut in 0..row.len() {
            assert!(text_row_spans(&row[..cut], 1, &mut spans).is_err());
        }
    }
}
