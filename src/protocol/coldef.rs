//! Column definitions (ColumnDefinition41) as they appear in result sets and
//! prepare responses.

use super::lenenc::{put_lenenc_bytes, put_lenenc_int, Reader};
use super::packet::ProtocolError;

pub const TYPE_DECIMAL: u8 = 0x00;
pub const TYPE_TINY: u8 = 0x01;
pub const TYPE_SHORT: u8 = 0x02;
pub const TYPE_LONG: u8 = 0x03;
pub const TYPE_FLOAT: u8 = 0x04;
pub const TYPE_DOUBLE: u8 = 0x05;
pub const TYPE_NULL: u8 = 0x06;
pub const TYPE_TIMESTAMP: u8 = 0x07;
pub const TYPE_LONGLONG: u8 = 0x08;
pub const TYPE_INT24: u8 = 0x09;
pub const TYPE_DATE: u8 = 0x0A;
pub const TYPE_TIME: u8 = 0x0B;
pub const TYPE_DATETIME: u8 = 0x0C;
pub const TYPE_YEAR: u8 = 0x0D;
pub const TYPE_NEWDATE: u8 = 0x0E;
pub const TYPE_VARCHAR: u8 = 0x0F;
pub const TYPE_BIT: u8 = 0x10;
pub const TYPE_TIMESTAMP2: u8 = 0x11;
pub const TYPE_DATETIME2: u8 = 0x12;
pub const TYPE_TIME2: u8 = 0x13;
pub const TYPE_JSON: u8 = 0xF5;
pub const TYPE_NEWDECIMAL: u8 = 0xF6;
pub const TYPE_ENUM: u8 = 0xF7;
pub const TYPE_SET: u8 = 0xF8;
pub const TYPE_TINY_BLOB: u8 = 0xF9;
pub const TYPE_MEDIUM_BLOB: u8 = 0xFA;
pub const TYPE_LONG_BLOB: u8 = 0xFB;
pub const TYPE_BLOB: u8 = 0xFC;
pub const TYPE_VAR_STRING: u8 = 0xFD;
pub const TYPE_STRING: u8 = 0xFE;
pub const TYPE_GEOMETRY: u8 = 0xFF;

pub const FLAG_NOT_NULL: u16 = 1;
pub const FLAG_PRI_KEY: u16 = 2;
pub const FLAG_BLOB: u16 = 1 << 4;
pub const FLAG_BINARY: u16 = 1 << 7;

/// The `binary` collation id: what BLOB/VARBINARY columns carry.
pub const CHARSET_BINARY: u16 = 63;
/// utf8mb4_general_ci, what squeeze presents decompressed JSON columns as.
pub const CHARSET_UTF8MB4_GENERAL_CI: u16 = 45;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnDef {
    pub catalog: Vec<u8>,
    pub schema: Vec<u8>,
    pub table: Vec<u8>,
    pub org_table: Vec<u8>,
    pub name: Vec<u8>,
    pub org_name: Vec<u8>,
    pub charset: u16,
    pub column_length: u32,
    pub column_type: u8,
    pub flags: u16,
    pub decimals: u8,
    /// Anything after the fixed fields (COM_FIELD_LIST default values).
    pub trailer: Vec<u8>,
}

/// A column definition borrowed from its packet: results relay one
/// definition per column per result set, and most (those of columns that
/// are not compressed) need no owned copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColumnDefView<'a> {
    pub catalog: &'a [u8],
    pub schema: &'a [u8],
    pub table: &'a [u8],
    pub org_table: &'a [u8],
    pub name: &'a [u8],
    pub org_name: &'a [u8],
    pub charset: u16,
    pub column_length: u32,
    pub column_type: u8,
    pub flags: u16,
    pub decimals: u8,
    pub trailer: &'a [u8],
    /// Offset of the fixed-length fields (charset first) in the payload.
    pub fixed_at: usize,
}

impl<'a> ColumnDefView<'a> {
    pub fn parse(payload: &'a [u8]) -> Result<ColumnDefView<'a>, ProtocolError> {
        let mut r = Reader::new(payload);
        let catalog = r.lenenc_bytes()?;
        let schema = r.lenenc_bytes()?;
        let table = r.lenenc_bytes()?;
        let org_table = r.lenenc_bytes()?;
        let name = r.lenenc_bytes()?;
        let org_name = r.lenenc_bytes()?;
        let fixed_len = r.lenenc_int()?;
        if fixed_len < 0x0a {
            return Err(ProtocolError::Malformed(
                "column definition fixed part too short",
            ));
        }
        let fixed_at = r.position();
        let charset = r.u16()?;
        let column_length = r.u32()?;
        let column_type = r.u8()?;
        let flags = r.u16()?;
        let decimals = r.u8()?;
        r.skip(fixed_len as usize - 0x0a)?;
        Ok(ColumnDefView {
            catalog,
            schema,
            table,
            org_table,
            name,
            org_name,
            charset,
            column_length,
            column_type,
            flags,
            decimals,
            // Anything after the fixed fields (COM_FIELD_LIST default values).
            trailer: r.rest(),
            fixed_at,
        })
    }

    /// A copy of `payload` (the packet this view was parsed from) with the
    /// type fields changed: one allocation, names copied as they came.
    pub fn retyped(
        &self,
        payload: &[u8],
        charset: u16,
        column_length: u32,
        column_type: u8,
        flags: u16,
    ) -> Vec<u8> {
        let mut out = payload.to_vec();
        let f = self.fixed_at;
        out[f..f + 2].copy_from_slice(&charset.to_le_bytes());
        out[f + 2..f + 6].copy_from_slice(&column_length.to_le_bytes());
        out[f + 6] = column_type;
        out[f + 7..f + 9].copy_from_slice(&flags.to_le_bytes());
        out
    }

    pub fn to_owned_def(&self) -> ColumnDef {
        ColumnDef {
            catalog: self.catalog.to_vec(),
            schema: self.schema.to_vec(),
            table: self.table.to_vec(),
            org_table: self.org_table.to_vec(),
            name: self.name.to_vec(),
            org_name: self.org_name.to_vec(),
            charset: self.charset,
            column_length: self.column_length,
            column_type: self.column_type,
            flags: self.flags,
            decimals: self.decimals,
            trailer: self.trailer.to_vec(),
        }
    }
}

impl ColumnDef {
    pub fn parse(payload: &[u8]) -> Result<ColumnDef, ProtocolError> {
        ColumnDefView::parse(payload).map(|v| v.to_owned_def())
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + self.name.len() * 2 + self.table.len() * 2);
        put_lenenc_bytes(&mut out, &self.catalog);
        put_lenenc_bytes(&mut out, &self.schema);
        put_lenenc_bytes(&mut out, &self.table);
        put_lenenc_bytes(&mut out, &self.org_table);
        put_lenenc_bytes(&mut out, &self.name);
        put_lenenc_bytes(&mut out, &self.org_name);
        put_lenenc_int(&mut out, 0x0c);
        out.extend_from_slice(&self.charset.to_le_bytes());
        out.extend_from_slice(&self.column_length.to_le_bytes());
        out.push(self.column_type);
        out.extend_from_slice(&self.flags.to_le_bytes());
        out.push(self.decimals);
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(&self.trailer);
        out
    }
}

/// How a binary-protocol value of this type is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryLayout {
    Fixed(usize),
    /// One length byte, then that many bytes (dates and times).
    LengthByte,
    LenencString,
    Nothing,
}

pub fn binary_layout(column_type: u8) -> BinaryLayout {
    match column_type {
        TYPE_TINY => BinaryLayout::Fixed(1),
        TYPE_SHORT | TYPE_YEAR => BinaryLayout::Fixed(2),
        TYPE_LONG | TYPE_INT24 | TYPE_FLOAT => BinaryLayout::Fixed(4),
        TYPE_LONGLONG | TYPE_DOUBLE => BinaryLayout::Fixed(8),
        TYPE_DATE | TYPE_DATETIME | TYPE_TIMESTAMP | TYPE_TIME | TYPE_NEWDATE | TYPE_TIMESTAMP2
        | TYPE_DATETIME2 | TYPE_TIME2 => BinaryLayout::LengthByte,
        TYPE_NULL => BinaryLayout::Nothing,
        _ => BinaryLayout::LenencString,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `app.docs.body` as the server describes a LONGBLOB column.
    fn sample_def() -> ColumnDef {
        ColumnDef {
            catalog: b"def".to_vec(),
            schema: b"app".to_vec(),
            table: b"d".to_vec(),
            org_table: b"docs".to_vec(),
            name: b"body".to_vec(),
            org_name: b"body".to_vec(),
            charset: CHARSET_BINARY,
            column_length: 0xFFFF_FFFF,
            column_type: TYPE_LONG_BLOB,
            flags: FLAG_BLOB | FLAG_BINARY,
            decimals: 0,
            trailer: Vec::new(),
        }
    }

    #[test]
    fn column_def_round_trip() {
        let c = sample_def();
        assert_eq!(ColumnDef::parse(&c.encode()).unwrap(), c);
        assert!(ColumnDef::parse(&c.encode()[..10]).is_err());
        let encoded = c.encode();
        let v = ColumnDefView::parse(&encoded).unwrap();
        assert_eq!(
            (v.schema, v.org_table, v.org_name),
            (&c.schema[..], &c.org_table[..], &c.org_name[..])
        );
        assert_eq!(
            (v.charset, v.column_type, v.flags),
            (c.charset, c.column_type, c.flags)
        );
        assert!(ColumnDefView::parse(&encoded[..10]).is_err());
    }

    #[test]
    fn retyped_changes_only_the_type_fields() {
        let c = ColumnDef {
            column_length: 0xFFFF,
            column_type: TYPE_BLOB,
            trailer: b"dflt".to_vec(),
            ..sample_def()
        };
        let encoded = c.encode();
        let v = ColumnDefView::parse(&encoded).unwrap();
        let out = v.retyped(&encoded, 45, u32::MAX, TYPE_JSON, FLAG_BLOB);
        assert_eq!(out.len(), encoded.len());
        let want = ColumnDef {
            charset: 45,
            column_length: u32::MAX,
            column_type: TYPE_JSON,
            flags: FLAG_BLOB,
            ..c
        };
        assert_eq!(ColumnDef::parse(&out).unwrap(), want);
    }
}
