//! Column definitions (ColumnDefinition41) as they appear in result sets and
//! prepare responses.
//!
//! With MariaDB's `MARIADB_CLIENT_EXTENDED_METADATA` negotiated, every
//! definition carries one more length-encoded string after `org_name`: a
//! block of `(id: u8, value: lenenc string)` entries, id 0 the data type
//! name (`inet6`, `uuid`, ...) and id 1 the format (`json`). The layout is
//! chosen by the capability, not recognisable from the bytes, so parsing
//! takes it as a parameter.

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

/// Extended-metadata entry ids (MariaDB `MARIADB_FIELD_ATTR_*`).
pub const EXT_DATA_TYPE_NAME: u8 = 0;
pub const EXT_FORMAT: u8 = 1;
/// The extended-metadata block MariaDB 10.11 sends for a JSON column
/// (captured: `01 04 6a736f6e`, format = "json").
pub const EXT_JSON_FORMAT: &[u8] = b"\x01\x04json";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnDef {
    pub catalog: Vec<u8>,
    pub schema: Vec<u8>,
    pub table: Vec<u8>,
    pub org_table: Vec<u8>,
    pub name: Vec<u8>,
    pub org_name: Vec<u8>,
    /// The extended-metadata block (`None` when the capability is off).
    pub extended: Option<Vec<u8>>,
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
    /// The extended-metadata block (`None` when the capability is off).
    pub extended: Option<&'a [u8]>,
    pub charset: u16,
    pub column_length: u32,
    pub column_type: u8,
    pub flags: u16,
    pub decimals: u8,
    pub trailer: &'a [u8],
    /// Offset of the extended-metadata field (its length prefix), which
    /// is where the fixed-length part starts when there is none.
    pub extended_at: usize,
    /// Offset of the fixed part's length prefix (0x0c).
    pub fixed_len_at: usize,
    /// Offset of the fixed-length fields (charset first) in the payload.
    pub fixed_at: usize,
}

impl<'a> ColumnDefView<'a> {
    /// `extended_metadata`: whether `MARIADB_CLIENT_EXTENDED_METADATA` is in
    /// force on the connection the packet came from.
    pub fn parse(
        payload: &'a [u8],
        extended_metadata: bool,
    ) -> Result<ColumnDefView<'a>, ProtocolError> {
        let mut r = Reader::new(payload);
        let catalog = r.lenenc_bytes()?;
        let schema = r.lenenc_bytes()?;
        let table = r.lenenc_bytes()?;
        let org_table = r.lenenc_bytes()?;
        let name = r.lenenc_bytes()?;
        let org_name = r.lenenc_bytes()?;
        let extended_at = r.position();
        let extended = if extended_metadata {
            let block = r.lenenc_bytes()?;
            check_extended(block)?;
            Some(block)
        } else {
            None
        };
        let fixed_len_at = r.position();
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
            extended,
            charset,
            column_length,
            column_type,
            flags,
            decimals,
            // Anything after the fixed fields (COM_FIELD_LIST default values).
            trailer: r.rest(),
            extended_at,
            fixed_len_at,
            fixed_at,
        })
    }

    /// A copy of `payload` (the packet this view was parsed from) with the
    /// type fields changed: one allocation, names copied as they came.
    /// `extended`: a new extended-metadata block, used only when the packet
    /// has one (the capability is on); `None` keeps the server's.
    pub fn retyped(
        &self,
        payload: &[u8],
        charset: u16,
        column_length: u32,
        column_type: u8,
        flags: u16,
        extended: Option<&[u8]>,
    ) -> Vec<u8> {
        let (mut out, f) = match (extended, self.extended) {
            (Some(new), Some(_)) => {
                let mut out = Vec::with_capacity(payload.len() + new.len() + 9);
                out.extend_from_slice(&payload[..self.extended_at]);
                put_lenenc_bytes(&mut out, new);
                let moved = out.len();
                out.extend_from_slice(&payload[self.fixed_len_at..]);
                (out, moved + (self.fixed_at - self.fixed_len_at))
            }
            _ => (payload.to_vec(), self.fixed_at),
        };
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
            extended: self.extended.map(<[u8]>::to_vec),
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
    pub fn parse(payload: &[u8], extended_metadata: bool) -> Result<ColumnDef, ProtocolError> {
        ColumnDefView::parse(payload, extended_metadata).map(|v| v.to_owned_def())
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + self.name.len() * 2 + self.table.len() * 2);
        put_lenenc_bytes(&mut out, &self.catalog);
        put_lenenc_bytes(&mut out, &self.schema);
        put_lenenc_bytes(&mut out, &self.table);
        put_lenenc_bytes(&mut out, &self.org_table);
        put_lenenc_bytes(&mut out, &self.name);
        put_lenenc_bytes(&mut out, &self.org_name);
        if let Some(block) = &self.extended {
            put_lenenc_bytes(&mut out, block);
        }
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

/// The `(id, value)` entries of an extended-metadata block; an error when
/// an entry runs past the block.
pub fn extended_entries(block: &[u8]) -> Result<Vec<(u8, &[u8])>, ProtocolError> {
    let mut r = Reader::new(block);
    let mut out = Vec::new();
    while !r.is_empty() {
        let id = r.u8()?;
        out.push((id, r.lenenc_bytes()?));
    }
    Ok(out)
}

/// Whether `block` is a whole number of entries (no allocation: every
/// column definition of a result passes here).
fn check_extended(block: &[u8]) -> Result<(), ProtocolError> {
    let mut r = Reader::new(block);
    while !r.is_empty() {
        r.u8()?;
        r.lenenc_bytes()?;
    }
    Ok(())
}

/// An extended-metadata block holding `entries`.
pub fn encode_extended(entries: &[(u8, &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    for (id, value) in entries {
        out.push(*id);
        put_lenenc_bytes(&mut out, value);
    }
    out
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
            extended: None,
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
        assert_eq!(ColumnDef::parse(&c.encode(), false).unwrap(), c);
        assert!(ColumnDef::parse(&c.encode()[..10], false).is_err());
        let encoded = c.encode();
        let v = ColumnDefView::parse(&encoded, false).unwrap();
        assert_eq!(
            (v.schema, v.org_table, v.org_name),
            (&c.schema[..], &c.org_table[..], &c.org_name[..])
        );
        assert_eq!(
            (v.charset, v.column_type, v.flags),
            (c.charset, c.column_type, c.flags)
        );
        assert!(ColumnDefView::parse(&encoded[..10], false).is_err());
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
        let v = ColumnDefView::parse(&encoded, false).unwrap();
        let out = v.retyped(&encoded, 45, u32::MAX, TYPE_JSON, FLAG_BLOB, None);
        assert_eq!(out.len(), encoded.len());
        let want = ColumnDef {
            charset: 45,
            column_length: u32::MAX,
            column_type: TYPE_JSON,
            flags: FLAG_BLOB,
            ..c
        };
        assert_eq!(ColumnDef::parse(&out, false).unwrap(), want);
    }

    /// What MariaDB 10.11 sent with `MARIADB_CLIENT_EXTENDED_METADATA` on
    /// for `SELECT j FROM t.j`, `j` a `JSON` column (captured with a raw
    /// client, client collation 45).
    const MARIADB_JSON_DEF: &str =
        "036465660174016a016a016a016a0601046a736f6e0c2d00fffffffffc9000000000";
    /// ... and for a LONGBLOB column of the same name: an empty block.
    const MARIADB_LONGBLOB_DEF: &str = "036465660174016a016a016a016a000c3f00fffffffffc9000000000";

    #[test]
    fn extended_metadata_block_parses_after_org_name_only_when_negotiated() {
        let json = hex::decode(MARIADB_JSON_DEF).unwrap();
        let v = ColumnDefView::parse(&json, true).unwrap();
        assert_eq!(v.org_name, b"j");
        assert_eq!(v.extended, Some(EXT_JSON_FORMAT));
        assert_eq!(
            extended_entries(v.extended.unwrap()).unwrap(),
            vec![(EXT_FORMAT, &b"json"[..])]
        );
        assert_eq!(
            (v.charset, v.column_length, v.column_type, v.flags),
            (45, u32::MAX, TYPE_BLOB, FLAG_BLOB | FLAG_BINARY)
        );
        assert!(v.trailer.is_empty());
        // Read without the capability, the block is taken for the fixed
        // part's length (6) and the definition is refused, not misread.
        assert!(ColumnDefView::parse(&json, false).is_err());
        let blob = hex::decode(MARIADB_LONGBLOB_DEF).unwrap();
        let v = ColumnDefView::parse(&blob, true).unwrap();
        assert_eq!(v.extended, Some(&b""[..]));
        assert_eq!(v.charset, CHARSET_BINARY);
    }

    #[test]
    fn extended_metadata_round_trips_through_encode() {
        for block in [
            Vec::new(),
            EXT_JSON_FORMAT.to_vec(),
            encode_extended(&[(EXT_DATA_TYPE_NAME, b"inet6"), (EXT_FORMAT, b"json")]),
        ] {
            let c = ColumnDef {
                extended: Some(block.clone()),
                trailer: b"dflt".to_vec(),
                ..sample_def()
            };
            let encoded = c.encode();
            assert_eq!(ColumnDef::parse(&encoded, true).unwrap(), c);
            let v = ColumnDefView::parse(&encoded, true).unwrap();
            assert_eq!(v.extended, Some(&block[..]));
            assert_eq!(v.trailer, b"dflt");
        }
        assert_eq!(
            ColumnDef::parse(&hex::decode(MARIADB_JSON_DEF).unwrap(), true)
                .unwrap()
                .encode(),
            hex::decode(MARIADB_JSON_DEF).unwrap()
        );
    }

    #[test]
    fn malformed_extended_metadata_is_an_error_not_a_panic() {
        // An entry whose value runs past the block.
        let c = ColumnDef {
            extended: Some(b"\x01\x09json".to_vec()),
            ..sample_def()
        };
        let encoded = c.encode();
        assert!(ColumnDefView::parse(&encoded, true).is_err());
        // A block length past the packet.
        let json = hex::decode(MARIADB_JSON_DEF).unwrap();
        let org_name_end = 14;
        let mut cut = json[..org_name_end].to_vec();
        cut.extend_from_slice(&[0xfc, 0xff, 0x00]);
        assert!(ColumnDefView::parse(&cut, true).is_err());
        for n in 0..json.len() {
            assert!(ColumnDefView::parse(&json[..n], true).is_err(), "{n}");
        }
    }

    #[test]
    fn retyped_with_a_new_extended_block_gives_mariadbs_json_definition() {
        // squeeze's JSON presentation of a LONGBLOB column, made from the
        // server's packet, is byte for byte MariaDB's own JSON definition.
        let blob = hex::decode(MARIADB_LONGBLOB_DEF).unwrap();
        let v = ColumnDefView::parse(&blob, true).unwrap();
        let out = v.retyped(
            &blob,
            45,
            u32::MAX,
            TYPE_BLOB,
            FLAG_BLOB | FLAG_BINARY,
            Some(EXT_JSON_FORMAT),
        );
        assert_eq!(hex::encode(&out), MARIADB_JSON_DEF);
        // And back: a shorter block moves the fixed part the other way.
        let j = ColumnDefView::parse(&out, true).unwrap();
        let back = j.retyped(
            &out,
            CHARSET_BINARY,
            u32::MAX,
            TYPE_BLOB,
            FLAG_BLOB | FLAG_BINARY,
            Some(b""),
        );
        assert_eq!(back, blob);
        // Without the capability there is no block to replace.
        let plain = sample_def().encode();
        let p = ColumnDefView::parse(&plain, false).unwrap();
        let out = p.retyped(
            &plain,
            45,
            u32::MAX,
            TYPE_BLOB,
            FLAG_BLOB,
            Some(EXT_JSON_FORMAT),
        );
        assert_eq!(out.len(), plain.len());
        assert_eq!(ColumnDef::parse(&out, false).unwrap().extended, None);
    }
}
