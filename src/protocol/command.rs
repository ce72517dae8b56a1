//! Command bytes a client sends at the start of each command phase.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Command {
    Sleep = 0x00,
    Quit = 0x01,
    InitDb = 0x02,
    Query = 0x03,
    FieldList = 0x04,
    CreateDb = 0x05,
    DropDb = 0x06,
    Refresh = 0x07,
    Shutdown = 0x08,
    Statistics = 0x09,
    ProcessInfo = 0x0A,
    Connect = 0x0B,
    ProcessKill = 0x0C,
    Debug = 0x0D,
    Ping = 0x0E,
    Time = 0x0F,
    DelayedInsert = 0x10,
    ChangeUser = 0x11,
    BinlogDump = 0x12,
    TableDump = 0x13,
    ConnectOut = 0x14,
    RegisterSlave = 0x15,
    StmtPrepare = 0x16,
    StmtExecute = 0x17,
    StmtSendLongData = 0x18,
    StmtClose = 0x19,
    StmtReset = 0x1A,
    SetOption = 0x1B,
    StmtFetch = 0x1C,
    Daemon = 0x1D,
    BinlogDumpGtid = 0x1E,
    ResetConnection = 0x1F,
    /// MariaDB's COM_STMT_BULK_EXECUTE: one statement over many rows of
    /// parameters (negotiated with `MARIADB_CLIENT_STMT_BULK_OPERATIONS`).
    StmtBulkExecute = 0xFA,
}

impl Command {
    pub fn from_byte(b: u8) -> Option<Command> {
        use Command::*;
        const ALL: [Command; 32] = [
            Sleep,
            Quit,
            InitDb,
            Query,
            FieldList,
            CreateDb,
            DropDb,
            Refresh,
            Shutdown,
            Statistics,
            ProcessInfo,
            Connect,
            ProcessKill,
            Debug,
            Ping,
            Time,
            DelayedInsert,
            ChangeUser,
            BinlogDump,
            TableDump,
            ConnectOut,
            RegisterSlave,
            StmtPrepare,
            StmtExecute,
            StmtSendLongData,
            StmtClose,
            StmtReset,
            SetOption,
            StmtFetch,
            Daemon,
            BinlogDumpGtid,
            ResetConnection,
        ];
        if b == StmtBulkExecute as u8 {
            return Some(StmtBulkExecute);
        }
        ALL.get(b as usize).copied()
    }

    /// Stable lower-case label for metrics and logs.
    pub fn label(self) -> &'static str {
        use Command::*;
        match self {
            Sleep => "sleep",
            Quit => "quit",
            InitDb => "init_db",
            Query => "query",
            FieldList => "field_list",
            CreateDb => "create_db",
            DropDb => "drop_db",
            Refresh => "refresh",
            Shutdown => "shutdown",
            Statistics => "statistics",
            ProcessInfo => "process_info",
            Connect => "connect",
            ProcessKill => "process_kill",
            Debug => "debug",
            Ping => "ping",
            Time => "time",
            DelayedInsert => "delayed_insert",
            ChangeUser => "change_user",
            BinlogDump => "binlog_dump",
            TableDump => "table_dump",
            ConnectOut => "connect_out",
            RegisterSlave => "register_slave",
            StmtPrepare => "stmt_prepare",
            StmtExecute => "stmt_execute",
            StmtSendLongData => "stmt_send_long_data",
            StmtClose => "stmt_close",
            StmtReset => "stmt_reset",
            SetOption => "set_option",
            StmtFetch => "stmt_fetch",
            Daemon => "daemon",
            BinlogDumpGtid => "binlog_dump_gtid",
            ResetConnection => "reset_connection",
            StmtBulkExecute => "stmt_bulk_execute",
        }
    }
}

/// MariaDB's statement id -1: "the statement prepared last" (used by
/// clients that pipeline a prepare and its execute).
pub const LAST_STATEMENT: u32 = u32::MAX;

/// One client command, decoded once at the top of the command loop: the
/// statement id and every other field squeeze acts on are read here and
/// nowhere else. Bodies squeeze passes through stay borrowed slices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientCommand<'a> {
    Quit,
    /// COM_INIT_DB: the database name.
    InitDb(&'a [u8]),
    /// COM_QUERY: the statement text.
    Query(&'a [u8]),
    /// COM_STMT_PREPARE: the statement text.
    Prepare(&'a [u8]),
    /// COM_STMT_EXECUTE. `params` is everything after the iteration count
    /// (null bitmap, new-params-bound flag, types, values), read by
    /// `transform::params` against the statement's parameter count.
    Execute {
        stmt: u32,
        flags: u8,
        iterations: u32,
        params: &'a [u8],
    },
    SendLongData {
        stmt: u32,
        param: u16,
        data: &'a [u8],
    },
    Close(u32),
    Reset(u32),
    Fetch {
        stmt: u32,
        rows: u32,
    },
    /// COM_CHANGE_USER: its body depends on the negotiated capabilities
    /// (`handshake::ChangeUser::parse`).
    ChangeUser(&'a [u8]),
    Ping,
    ResetConnection,
    /// COM_STMT_BULK_EXECUTE: `body` is everything after the statement id
    /// (bulk flags, types, rows), read by `protocol::bulk_execute`.
    BulkExecute {
        stmt: u32,
        body: &'a [u8],
    },
    /// A known command squeeze relays or refuses without reading its body.
    Other(Command, &'a [u8]),
    /// A statement command too short to hold its fields: relayed as is
    /// (the server answers it as it would directly) or refused.
    Malformed(Command, &'a [u8]),
    /// A command byte MySQL does not define.
    Unknown(u8),
}

impl<'a> ClientCommand<'a> {
    /// Decode a whole command payload (command byte first). Only an empty
    /// payload is an error; short statement commands decode to `Malformed`.
    pub fn decode(payload: &'a [u8]) -> Result<ClientCommand<'a>, crate::protocol::ProtocolError> {
        let (&first, body) = payload
            .split_first()
            .ok_or(crate::protocol::ProtocolError::Truncated)?;
        let Some(command) = Command::from_byte(first) else {
            return Ok(ClientCommand::Unknown(first));
        };
        let u32_at = |i: usize| -> Option<u32> {
            body.get(i..i + 4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        let decoded = match command {
            Command::Quit => Some(ClientCommand::Quit),
            Command::InitDb => Some(ClientCommand::InitDb(body)),
            Command::Query => Some(ClientCommand::Query(body)),
            Command::StmtPrepare => Some(ClientCommand::Prepare(body)),
            Command::StmtExecute => (|| {
                Some(ClientCommand::Execute {
                    stmt: u32_at(0)?,
                    flags: *body.get(4)?,
                    iterations: u32_at(5)?,
                    params: &body[9..],
                })
            })(),
            Command::StmtSendLongData => (|| {
                let param = body.get(4..6)?;
                Some(ClientCommand::SendLongData {
                    stmt: u32_at(0)?,
                    param: u16::from_le_bytes([param[0], param[1]]),
                    data: &body[6..],
                })
            })(),
            Command::StmtClose => u32_at(0).map(ClientCommand::Close),
            Command::StmtReset => u32_at(0).map(ClientCommand::Reset),
            Command::StmtFetch => (|| {
                Some(ClientCommand::Fetch {
                    stmt: u32_at(0)?,
                    rows: u32_at(4)?,
                })
            })(),
            Command::ChangeUser => Some(ClientCommand::ChangeUser(body)),
            Command::Ping => Some(ClientCommand::Ping),
            Command::ResetConnection => Some(ClientCommand::ResetConnection),
            Command::StmtBulkExecute => u32_at(0).map(|stmt| ClientCommand::BulkExecute {
                stmt,
                body: &body[4..],
            }),
            other => Some(ClientCommand::Other(other, body)),
        };
        Ok(decoded.unwrap_or(ClientCommand::Malformed(command, body)))
    }

    /// The command byte's meaning (`None` for an unknown byte).
    pub fn command(&self) -> Option<Command> {
        use ClientCommand as C;
        Some(match self {
            C::Quit => Command::Quit,
            C::InitDb(_) => Command::InitDb,
            C::Query(_) => Command::Query,
            C::Prepare(_) => Command::StmtPrepare,
            C::Execute { .. } => Command::StmtExecute,
            C::SendLongData { .. } => Command::StmtSendLongData,
            C::Close(_) => Command::StmtClose,
            C::Reset(_) => Command::StmtReset,
            C::Fetch { .. } => Command::StmtFetch,
            C::ChangeUser(_) => Command::ChangeUser,
            C::Ping => Command::Ping,
            C::ResetConnection => Command::ResetConnection,
            C::BulkExecute { .. } => Command::StmtBulkExecute,
            C::Other(c, _) | C::Malformed(c, _) => *c,
            C::Unknown(_) => return None,
        })
    }

    /// The prepared statement the command names, as the client wrote it
    /// (possibly `LAST_STATEMENT`).
    pub fn statement(&self) -> Option<u32> {
        match *self {
            ClientCommand::Execute { stmt, .. }
            | ClientCommand::SendLongData { stmt, .. }
            | ClientCommand::Close(stmt)
            | ClientCommand::Reset(stmt)
            | ClientCommand::Fetch { stmt, .. }
            | ClientCommand::BulkExecute { stmt, .. } => Some(stmt),
            _ => None,
        }
    }

    /// The same command naming statement `id` instead (a shard's own id for
    /// squeeze's client-facing one). Commands without a statement are
    /// returned unchanged.
    pub fn with_statement(self, id: u32) -> ClientCommand<'a> {
        use ClientCommand as C;
        match self {
            C::Execute {
                flags,
                iterations,
                params,
                ..
            } => C::Execute {
                stmt: id,
                flags,
                iterations,
                params,
            },
            C::SendLongData { param, data, .. } => C::SendLongData {
                stmt: id,
                param,
                data,
            },
            C::Close(_) => C::Close(id),
            C::Reset(_) => C::Reset(id),
            C::Fetch { rows, .. } => C::Fetch { stmt: id, rows },
            C::BulkExecute { body, .. } => C::BulkExecute { stmt: id, body },
            other => other,
        }
    }

    /// The payload that decodes to this command, byte for byte (for what
    /// squeeze sends itself or re-sends with a field changed).
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + self.body_len());
        self.encode_into(&mut out);
        out
    }

    fn body_len(&self) -> usize {
        match self {
            ClientCommand::InitDb(b)
            | ClientCommand::Query(b)
            | ClientCommand::Prepare(b)
            | ClientCommand::ChangeUser(b)
            | ClientCommand::Other(_, b)
            | ClientCommand::Malformed(_, b) => b.len(),
            ClientCommand::Execute { params, .. } => params.len(),
            ClientCommand::SendLongData { data, .. } => data.len(),
            ClientCommand::BulkExecute { body, .. } => body.len(),
            _ => 0,
        }
    }

    /// `encode`, appending to `out`.
    pub fn encode_into(&self, out: &mut Vec<u8>) {
        use ClientCommand as C;
        match *self {
            C::Unknown(b) => out.push(b),
            _ => out.push(self.command().map_or(0, |c| c as u8)),
        }
        match *self {
            C::Quit | C::Ping | C::ResetConnection | C::Unknown(_) => {}
            C::InitDb(b)
            | C::Query(b)
            | C::Prepare(b)
            | C::ChangeUser(b)
            | C::Other(_, b)
            | C::Malformed(_, b) => out.extend_from_slice(b),
            C::Execute {
                stmt,
                flags,
                iterations,
                params,
            } => {
                out.extend_from_slice(&stmt.to_le_bytes());
                out.push(flags);
                out.extend_from_slice(&iterations.to_le_bytes());
                out.extend_from_slice(params);
            }
            C::SendLongData { stmt, param, data } => {
                out.extend_from_slice(&stmt.to_le_bytes());
                out.extend_from_slice(&param.to_le_bytes());
                out.extend_from_slice(data);
            }
            C::Close(stmt) | C::Reset(stmt) => out.extend_from_slice(&stmt.to_le_bytes()),
            C::BulkExecute { stmt, body } => {
                out.extend_from_slice(&stmt.to_le_bytes());
                out.extend_from_slice(body);
            }
            C::Fetch { stmt, rows } => {
                out.extend_from_slice(&stmt.to_le_bytes());
                out.extend_from_slice(&rows.to_le_bytes());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_byte_round_trips_through_its_label_table() {
        for b in 0u8..=0x1F {
            let c = Command::from_byte(b).expect("0x00..=0x1F are all commands");
            assert_eq!(c as u8, b);
            assert!(!c.label().is_empty());
        }
        assert_eq!(Command::from_byte(0x20), None);
    }

    #[test]
    fn an_execute_decodes_its_statement_flags_and_parameter_bytes() {
        let payload = [0x17, 7, 0, 0, 0, 1, 1, 0, 0, 0, 0x00, 1, 8, 0, 42];
        let c = ClientCommand::decode(&payload).unwrap();
        assert_eq!(
            c,
            ClientCommand::Execute {
                stmt: 7,
                flags: 1,
                iterations: 1,
                params: &[0x00, 1, 8, 0, 42],
            }
        );
        assert_eq!(c.statement(), Some(7));
        assert_eq!(c.encode(), payload);
    }

    #[test]
    fn statement_minus_one_is_kept_for_the_session_to_resolve() {
        let c = ClientCommand::decode(&[0x19, 0xFF, 0xFF, 0xFF, 0xFF]).unwrap();
        assert_eq!(c, ClientCommand::Close(LAST_STATEMENT));
    }

    #[test]
    fn every_decoded_command_encodes_back_to_the_same_bytes() {
        let cases: &[&[u8]] = &[
            b"\x01",
            b"\x02shop",
            b"\x03SELECT 1",
            b"\x16SELECT ?",
            b"\x18\x05\x00\x00\x00\x02\x00chunk",
            b"\x19\x05\x00\x00\x00",
            b"\x1a\x05\x00\x00\x00",
            b"\x1c\x05\x00\x00\x00\x0a\x00\x00\x00",
            b"\x11root\x00",
            b"\x0e",
            b"\x1f",
            b"\x1b\x01\x00",
            b"\x04tbl\x00",
            b"\x17\x01",
            b"\xfa\x05\x00\x00\x00\x80\x00\x03\x00\x00\x07\x00\x00\x00",
            b"\xfa\x05\x00",
        ];
        for &payload in cases {
            let c = ClientCommand::decode(payload).unwrap();
            assert_eq!(c.encode(), payload, "{c:?}");
        }
    }

    #[test]
    fn short_statement_commands_are_malformed_not_misread() {
        for payload in [
            &b"\x17\x01"[..],
            b"\x18\x01\x00\x00\x00\x02",
            b"\x19\x01",
            b"\x1c\x01\x00\x00\x00",
        ] {
            let c = ClientCommand::decode(payload).unwrap();
            assert!(matches!(c, ClientCommand::Malformed(..)), "{c:?}");
            assert_eq!(c.statement(), None);
        }
    }

    #[test]
    fn an_empty_payload_is_an_error_and_an_unknown_byte_is_kept() {
        assert!(ClientCommand::decode(&[]).is_err());
        assert_eq!(
            ClientCommand::decode(&[0xEE, 1]).unwrap(),
            ClientCommand::Unknown(0xEE)
        );
        assert_eq!(ClientCommand::Unknown(0xEE).command(), None);
    }

    #[test]
    fn a_bulk_execute_names_its_statement_so_a_shard_can_renumber_it() {
        let payload = b"\xfa\x05\x00\x00\x00\x80\x00\x03\x00\x00\x07\x00\x00\x00";
        let c = ClientCommand::decode(payload).unwrap();
        assert_eq!(c.command(), Some(Command::StmtBulkExecute));
        assert_eq!(c.statement(), Some(5));
        assert_eq!(
            c.with_statement(9).encode(),
            b"\xfa\x09\x00\x00\x00\x80\x00\x03\x00\x00\x07\x00\x00\x00"
        );
        assert!(matches!(
            ClientCommand::decode(b"\xfa\x05").unwrap(),
            ClientCommand::Malformed(Command::StmtBulkExecute, _)
        ));
    }

    #[test]
    fn with_statement_changes_only_the_statement_id() {
        let payload = b"\x18\x05\x00\x00\x00\x02\x00chunk";
        let c = ClientCommand::decode(payload).unwrap().with_statement(9);
        assert_eq!(c.encode(), b"\x18\x09\x00\x00\x00\x02\x00chunk");
        let q = ClientCommand::Query(b"SELECT 1");
        assert_eq!(q.with_statement(9), q);
    }
}
