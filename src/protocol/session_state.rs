//! Session-state information (`CLIENT_SESSION_TRACK`) in OK packets and
//! OK-shaped EOFs: parsing what the server says changed, and re-encoding
//! the packet for a client that asked for less (or nothing) of it.
//!
//! Layout after the header, affected rows, last insert id, status and
//! warnings: the info string (length-encoded), then, when the status has
//! `SERVER_SESSION_STATE_CHANGED`, one length-encoded block of entries,
//! each `type:u8, data:lenenc-string`. A system-variable entry's data is
//! `name:lenenc, value:lenenc`; a schema entry's is `name:lenenc`; a
//! state-change entry's is `"1"`.

use super::capabilities::SERVER_SESSION_STATE_CHANGED;
use super::lenenc::{put_lenenc_bytes, put_lenenc_int, Reader};
use super::packet::ProtocolError;

pub const TRACK_SYSTEM_VARIABLES: u8 = 0;
pub const TRACK_SCHEMA: u8 = 1;
pub const TRACK_STATE_CHANGE: u8 = 2;

/// An OK packet (or OK-shaped EOF) of a connection that negotiated
/// `CLIENT_SESSION_TRACK`, split into its fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackedOk<'a> {
    pub header: u8,
    pub affected_rows: u64,
    pub last_insert_id: u64,
    pub status: u16,
    pub warnings: u16,
    pub info: &'a [u8],
    /// The entries block, when the status flags one.
    pub state: Option<&'a [u8]>,
}

/// One entry of the session-state block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry<'a> {
    pub kind: u8,
    /// The entry's data (without its type byte and length).
    pub data: &'a [u8],
    /// The whole entry as sent (type, length, data), for re-encoding.
    pub raw: &'a [u8],
}

/// What an entry says changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change<'a> {
    SystemVariable {
        name: &'a [u8],
        value: &'a [u8],
    },
    Schema(&'a [u8]),
    StateChanged,
    /// GTIDs, transaction characteristics or state: relayed, not used.
    Other(u8),
}

impl<'a> TrackedOk<'a> {
    pub fn parse(payload: &'a [u8]) -> Result<TrackedOk<'a>, ProtocolError> {
        let mut r = Reader::new(payload);
        let header = r.u8()?;
        let affected_rows = r.lenenc_int()?;
        let last_insert_id = r.lenenc_int()?;
        let status = r.u16()?;
        let warnings = if r.remaining() >= 2 { r.u16()? } else { 0 };
        // The server omits an empty info string when nothing changed.
        let info = if r.remaining() > 0 {
            r.lenenc_bytes()?
        } else {
            &[]
        };
        let state = if status & SERVER_SESSION_STATE_CHANGED != 0 && r.remaining() > 0 {
            Some(r.lenenc_bytes()?)
        } else {
            None
        };
        Ok(TrackedOk {
            header,
            affected_rows,
            last_insert_id,
            status,
            warnings,
            info,
            state,
        })
    }

    /// The entries of the state block (none without one).
    pub fn entries(&self) -> Result<Vec<Entry<'a>>, ProtocolError> {
        let Some(block) = self.state else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        let mut r = Reader::new(block);
        while r.remaining() > 0 {
            let start = r.position();
            let kind = r.u8()?;
            let data = r.lenenc_bytes()?;
            out.push(Entry {
                kind,
                data,
                raw: &block[start..r.position()],
            });
        }
        Ok(out)
    }

    /// The packet as a client gets it that tracks only the entries `keep`
    /// accepts (`client_tracks` false: none, and the pre-tracking layout).
    /// `None` when that is the packet as sent.
    pub fn for_client(
        &self,
        client_tracks: bool,
        keep: impl Fn(&Entry<'_>) -> bool,
    ) -> Result<Option<Vec<u8>>, ProtocolError> {
        let entries = self.entries()?;
        let kept: Vec<&Entry<'_>> = if client_tracks {
            entries.iter().filter(|e| keep(e)).collect()
        } else {
            Vec::new()
        };
        if client_tracks && kept.len() == entries.len() {
            return Ok(None);
        }
        let mut out = vec![self.header];
        put_lenenc_int(&mut out, self.affected_rows);
        put_lenenc_int(&mut out, self.last_insert_id);
        let mut status = self.status & !SERVER_SESSION_STATE_CHANGED;
        if !kept.is_empty() {
            status |= SERVER_SESSION_STATE_CHANGED;
        }
        out.extend_from_slice(&status.to_le_bytes());
        out.extend_from_slice(&self.warnings.to_le_bytes());
        // As the server writes it: the info string only when it says
        // something or a state block follows.
        if !self.info.is_empty() || !kept.is_empty() {
            put_lenenc_bytes(&mut out, self.info);
        }
        if !kept.is_empty() {
            let len: usize = kept.iter().map(|e| e.raw.len()).sum();
            put_lenenc_int(&mut out, len as u64);
            for e in kept {
                out.extend_from_slice(e.raw);
            }
        }
        Ok(Some(out))
    }
}

impl<'a> Entry<'a> {
    pub fn change(&self) -> Result<Change<'a>, ProtocolError> {
        let mut r = Reader::new(self.data);
        Ok(match self.kind {
            TRACK_SYSTEM_VARIABLES => {
                let name = r.lenenc_bytes()?;
                let value = r.lenenc_bytes()?;
                Change::SystemVariable { name, value }
            }
            TRACK_SCHEMA => Change::Schema(r.lenenc_bytes()?),
            TRACK_STATE_CHANGE => Change::StateChanged,
            k => Change::Other(k),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::capabilities::SERVER_STATUS_AUTOCOMMIT;

    fn entry(kind: u8, data: &[u8]) -> Vec<u8> {
        let mut e = vec![kind];
        put_lenenc_bytes(&mut e, data);
        e
    }

    fn sysvar(name: &str, value: &str) -> Vec<u8> {
        let mut d = Vec::new();
        put_lenenc_bytes(&mut d, name.as_bytes());
        put_lenenc_bytes(&mut d, value.as_bytes());
        entry(TRACK_SYSTEM_VARIABLES, &d)
    }

    fn ok_with(info: &[u8], entries: &[Vec<u8>]) -> Vec<u8> {
        let mut p = vec![0x00, 0x00, 0x00];
        let status = SERVER_STATUS_AUTOCOMMIT | SERVER_SESSION_STATE_CHANGED;
        p.extend_from_slice(&status.to_le_bytes());
        p.extend_from_slice(&1u16.to_le_bytes());
        put_lenenc_bytes(&mut p, info);
        let block: Vec<u8> = entries.concat();
        put_lenenc_bytes(&mut p, &block);
        p
    }

    /// An OK in the layout MariaDB sends for `SET sql_mode='MSSQL'` with
    /// `session_track_system_variables='sql_mode'` and state-change tracking.
    const MARIADB_SET_MSSQL: &[u8] = b"\x00\x00\x00\x02\x40\x00\x00\x00\x6e\x00\x69\x08sql_mode\x5fPIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,MSSQL,NO_KEY_OPTIONS,NO_TABLE_OPTIONS,NO_FIELD_OPTIONS\x02\x01\x31";

    #[test]
    fn a_system_variable_a_schema_and_a_state_change_are_read_from_an_ok() {
        let mut schema = Vec::new();
        put_lenenc_bytes(&mut schema, b"shop");
        let p = ok_with(
            b"",
            &[
                sysvar("sql_mode", "ANSI_QUOTES"),
                entry(TRACK_SCHEMA, &schema),
                entry(TRACK_STATE_CHANGE, b"1"),
                entry(5, b"________"),
            ],
        );
        let ok = TrackedOk::parse(&p).unwrap();
        assert_eq!(ok.warnings, 1);
        let changes: Vec<_> = ok
            .entries()
            .unwrap()
            .iter()
            .map(|e| e.change().unwrap())
            .collect();
        assert_eq!(
            changes,
            vec![
                Change::SystemVariable {
                    name: b"sql_mode",
                    value: b"ANSI_QUOTES"
                },
                Change::Schema(b"shop"),
                Change::StateChanged,
                Change::Other(5),
            ]
        );
    }

    #[test]
    fn a_mode_alias_is_reported_expanded_as_mariadb_sends_it() {
        let ok = TrackedOk::parse(MARIADB_SET_MSSQL).unwrap();
        let e = ok.entries().unwrap();
        let Change::SystemVariable { name, value } = e[0].change().unwrap() else {
            panic!("{e:?}")
        };
        assert_eq!(name, b"sql_mode");
        assert!(value.starts_with(b"PIPES_AS_CONCAT,ANSI_QUOTES"));
        assert_eq!(e[1].change().unwrap(), Change::StateChanged);
    }

    #[test]
    fn an_ok_without_state_or_info_parses_with_nothing_to_apply() {
        let p = crate::protocol::response::ok_packet(SERVER_STATUS_AUTOCOMMIT, 3, 9);
        let ok = TrackedOk::parse(&p).unwrap();
        assert_eq!((ok.affected_rows, ok.last_insert_id), (3, 9));
        assert!(ok.entries().unwrap().is_empty());
        assert_eq!(ok.for_client(true, |_| true).unwrap(), None);
        // A client that never asked for tracking gets the same bytes.
        assert_eq!(ok.for_client(false, |_| true).unwrap().unwrap(), p);
    }

    #[test]
    fn a_client_without_tracking_gets_no_state_block_and_no_state_changed_flag() {
        let p = ok_with(b"Rows matched: 1", &[sysvar("sql_mode", "")]);
        let out = TrackedOk::parse(&p)
            .unwrap()
            .for_client(false, |_| true)
            .unwrap()
            .unwrap();
        let mut want = vec![0x00, 0x00, 0x00];
        want.extend_from_slice(&SERVER_STATUS_AUTOCOMMIT.to_le_bytes());
        want.extend_from_slice(&1u16.to_le_bytes());
        put_lenenc_bytes(&mut want, b"Rows matched: 1");
        assert_eq!(out, want);
        // Without an info string nothing follows the warnings.
        let bare = ok_with(b"", &[sysvar("sql_mode", "")]);
        let out = TrackedOk::parse(&bare)
            .unwrap()
            .for_client(false, |_| true)
            .unwrap()
            .unwrap();
        assert_eq!(out.len(), 7);
        let again = TrackedOk::parse(&out).unwrap();
        assert_eq!(again.status & SERVER_SESSION_STATE_CHANGED, 0);
    }

    #[test]
    fn a_tracking_client_gets_only_the_entries_it_asked_for() {
        let p = ok_with(
            b"",
            &[
                sysvar("sql_mode", "ANSI"),
                sysvar("autocommit", "ON"),
                entry(TRACK_STATE_CHANGE, b"1"),
            ],
        );
        let ok = TrackedOk::parse(&p).unwrap();
        let keep_autocommit = |e: &Entry<'_>| !matches!(e.change(), Ok(Change::SystemVariable { name, .. }) if name == b"sql_mode");
        let out = ok.for_client(true, keep_autocommit).unwrap().unwrap();
        assert_eq!(
            out,
            ok_with(b"", &[sysvar("autocommit", "ON"), entry(2, b"1")])
        );
        // Nothing left: the flag goes and so does the empty info string.
        let out = ok.for_client(true, |_| false).unwrap().unwrap();
        assert_eq!(out.len(), 7);
        assert_eq!(
            u16::from_le_bytes([out[3], out[4]]),
            SERVER_STATUS_AUTOCOMMIT
        );
    }

    #[test]
    fn an_ok_shaped_eof_keeps_its_header() {
        let mut p = ok_with(b"", &[sysvar("sql_mode", "")]);
        p[0] = 0xFE;
        let out = TrackedOk::parse(&p)
            .unwrap()
            .for_client(false, |_| true)
            .unwrap()
            .unwrap();
        assert_eq!(out[0], 0xFE);
    }

    proptest::proptest! {
        /// Hostile bytes never panic the parser or the re-encoder.
        #[test]
        fn any_bytes_parse_and_reencode_without_panicking(p in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64)) {
            if let Ok(ok) = TrackedOk::parse(&p) {
                if let Ok(es) = ok.entries() {
                    for e in es { let _ = e.change(); }
                }
                let _ = ok.for_client(false, |_| true);
                let _ = ok.for_client(true, |e| e.kind == 0);
            }
        }
    }
}
