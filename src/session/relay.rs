//! The command relay: forward one client command to the backend and stream
//! its response back, following the response's structure packet by packet
//! so the session always knows where a response ends.

use crate::admin::metrics::METRICS;
use crate::error::SqlError;
use crate::net::NetError;
use crate::protocol::capabilities::*;
use crate::protocol::command::Command;
use crate::protocol::handshake::ChangeUser;
use crate::protocol::lenenc::Reader;
use crate::protocol::response::{self, ok_packet, ErrPacket};
use crate::protocol::Packet;

use super::{Flow, Session};

/// How the backend answers a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ResponseShape {
    /// Nothing (COM_STMT_CLOSE, COM_STMT_SEND_LONG_DATA).
    None,
    /// Exactly one packet (OK, ERR, EOF or a string).
    Single,
    /// A text or binary result (possibly several, possibly LOCAL INFILE).
    Results,
    /// COM_STMT_PREPARE's OK plus parameter and column definitions.
    Prepare,
    /// Column definitions up to EOF (COM_FIELD_LIST).
    FieldList,
    /// Rows up to EOF (COM_STMT_FETCH).
    Fetch,
}

/// Why a relay stopped early.
enum RelayError {
    /// The client connection failed; nothing more can be sent to it.
    Client,
    /// The backend connection failed or spoke nonsense.
    Backend(String),
}

impl From<NetError> for RelayError {
    fn from(e: NetError) -> Self {
        RelayError::Backend(e.to_string())
    }
}

impl Session {
    pub(super) async fn handle_command(
        &mut self,
        command: Option<Command>,
        first: u8,
        packet: Packet,
    ) -> Flow {
        use Command::*;
        let shape = match command {
            Some(Quit) => return Flow::Close,
            Some(ChangeUser) => return self.change_user(packet).await,
            Some(Query) => ResponseShape::Results,
            Some(StmtExecute) => ResponseShape::Results,
            Some(StmtPrepare) => ResponseShape::Prepare,
            Some(FieldList) => ResponseShape::FieldList,
            Some(StmtFetch) => ResponseShape::Fetch,
            Some(StmtClose | StmtSendLongData) => ResponseShape::None,
            Some(
                InitDb | Ping | Statistics | SetOption | ResetConnection | StmtReset | Refresh
                | ProcessKill | Debug | CreateDb | DropDb,
            ) => ResponseShape::Single,
            Some(ProcessInfo) => ResponseShape::Results,
            Some(
                c @ (BinlogDump | BinlogDumpGtid | RegisterSlave | TableDump | ConnectOut
                | Shutdown | Daemon | DelayedInsert | Connect | Sleep | Time),
            ) => {
                self.reply_error(&SqlError::not_supported(&format!(
                    "the {} command through the proxy; connect to the server directly for replication and administration",
                    c.label()
                )));
                return Flow::Continue;
            }
            None => {
                METRICS
                    .protocol_errors_total
                    .with_label_values(&["client", "unknown_command"])
                    .inc();
                self.reply_error(&SqlError::unknown_command(first));
                return Flow::Continue;
            }
        };

        if command == Some(InitDb) {
            // Remember it so a reconnect lands in the same database.
            self.pending_db = Some(packet.payload[1..].to_vec());
        }
        if let Err(err) = self.ensure_backend().await {
            if shape != ResponseShape::None {
                self.client.write_packet(&err.encode());
            }
            return Flow::Continue;
        }
        match self.relay(&packet, shape).await {
            Ok(()) => {
                if command == Some(InitDb) {
                    if let Some(db) = self.pending_db.take() {
                        if self.last_ok {
                            self.database = Some(db);
                        }
                    }
                }
                Flow::Continue
            }
            Err(RelayError::Client) => {
                // The client is gone mid-response: the backend connection
                // has unread output, so it cannot be reused.
                self.drop_backend();
                Flow::Close
            }
            Err(RelayError::Backend(why)) => {
                let target = &self.ctx.backend;
                METRICS
                    .backend_connect_failures_total
                    .with_label_values(&[&target.name, "lost"])
                    .inc();
                tracing::warn!(conn = self.id, shard = %target.name, error = %why, "backend connection lost");
                let err = SqlError::backend_lost(&target.name, &target.address, &why);
                self.drop_backend();
                if shape != ResponseShape::None {
                    self.client.write_packet(&err.to_packet().encode());
                }
                Flow::Continue
            }
        }
    }

    async fn relay(&mut self, packet: &Packet, shape: ResponseShape) -> Result<(), RelayError> {
        let backend = self.backend.as_mut().expect("backend connected");
        backend.conn.begin_command();
        backend.conn.write_packet(&packet.payload);
        backend.conn.flush().await?;
        self.last_ok = false;
        match shape {
            ResponseShape::None => Ok(()),
            ResponseShape::Single => {
                let p = self.backend_packet().await?;
                self.note_status(&p.payload);
                self.forward(&p).await
            }
            ResponseShape::Results => self.relay_results().await,
            ResponseShape::Prepare => self.relay_prepare().await,
            ResponseShape::FieldList => loop {
                let p = self.backend_packet().await?;
                let done = response::is_eof(&p.payload) || response::is_err(&p.payload);
                self.note_status(&p.payload);
                self.forward(&p).await?;
                if done {
                    return Ok(());
                }
            },
            ResponseShape::Fetch => {
                self.relay_rows().await?;
                Ok(())
            }
        }
    }

    /// Next backend packet; flushes pending client output first if it would
    /// have to wait, so responses stream instead of piling up.
    async fn backend_packet(&mut self) -> Result<Packet, RelayError> {
        let backend = self.backend.as_mut().expect("backend connected");
        if let Some(p) = backend.conn.try_read_packet()? {
            return Ok(p);
        }
        self.client.flush().await.map_err(|_| RelayError::Client)?;
        let backend = self.backend.as_mut().expect("backend connected");
        Ok(backend.conn.read_packet().await?)
    }

    async fn forward(&mut self, p: &Packet) -> Result<(), RelayError> {
        self.client
            .write_packet_buffered(&p.payload)
            .await
            .map_err(|_| RelayError::Client)
    }

    fn deprecate_eof(&self) -> bool {
        self.info.capabilities & CLIENT_DEPRECATE_EOF != 0
    }

    /// Track transaction/autocommit status and whether the command succeeded.
    fn note_status(&mut self, payload: &[u8]) {
        if response::is_ok(payload) {
            self.last_ok = true;
            if let Ok(ok) = response::OkInfo::parse(payload) {
                self.status = ok.status;
            }
        } else if response::is_err(payload) {
            if let Ok(err) = ErrPacket::parse(payload) {
                METRICS
                    .backend_errors_total
                    .with_label_values(&[&self.ctx.backend.name, &err.code.to_string()])
                    .inc();
            }
        }
    }

    /// One or more result sets (COM_QUERY, COM_STMT_EXECUTE).
    async fn relay_results(&mut self) -> Result<(), RelayError> {
        loop {
            let p = self.backend_packet().await?;
            match p.first_byte() {
                Some(response::OK_HEADER) => {
                    self.note_status(&p.payload);
                    self.forward(&p).await?;
                    if !response::more_results(self.status) {
                        return Ok(());
                    }
                }
                Some(response::ERR_HEADER) => {
                    self.note_status(&p.payload);
                    return self.forward(&p).await;
                }
                Some(response::LOCAL_INFILE_HEADER) => {
                    self.forward(&p).await?;
                    self.relay_local_infile().await?;
                }
                _ => {
                    let columns = Reader::new(&p.payload)
                        .lenenc_int()
                        .map_err(|e| RelayError::Backend(format!("bad column count: {e}")))?;
                    self.forward(&p).await?;
                    for _ in 0..columns {
                        let c = self.backend_packet().await?;
                        self.forward(&c).await?;
                    }
                    if !self.deprecate_eof() {
                        let eof = self.backend_packet().await?;
                        let status = response::terminator_status(&eof.payload).unwrap_or(0);
                        self.forward(&eof).await?;
                        if status & SERVER_STATUS_CURSOR_EXISTS != 0 {
                            // A cursor was opened: rows come with COM_STMT_FETCH.
                            self.status = status;
                            return Ok(());
                        }
                    }
                    let status = self.relay_rows().await?;
                    if !response::more_results(status) {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Rows up to the terminating EOF/OK (returns its status) or ERR.
    async fn relay_rows(&mut self) -> Result<u16, RelayError> {
        loop {
            let p = self.backend_packet().await?;
            if response::is_eof(&p.payload) {
                let status = response::terminator_status(&p.payload)
                    .map_err(|e| RelayError::Backend(e.to_string()))?;
                self.status = status;
                self.last_ok = true;
                self.forward(&p).await?;
                return Ok(status);
            }
            if response::is_err(&p.payload) {
                self.note_status(&p.payload);
                self.forward(&p).await?;
                return Ok(0);
            }
            self.forward(&p).await?;
        }
    }

    /// LOAD DATA LOCAL INFILE: the client streams the file as packets ending
    /// with an empty one; each goes to the backend as it arrives.
    async fn relay_local_infile(&mut self) -> Result<(), RelayError> {
        self.client.flush().await.map_err(|_| RelayError::Client)?;
        loop {
            let p = match self.client.read_packet().await {
                Ok(p) => p,
                Err(_) => return Err(RelayError::Client),
            };
            let backend = self.backend.as_mut().expect("backend connected");
            backend.conn.write_packet(&p.payload);
            if p.payload.is_empty() {
                backend.conn.flush().await?;
                return Ok(());
            }
            if backend.conn.pending_output() >= 1 << 20 {
                backend.conn.flush().await?;
            }
        }
    }

    async fn relay_prepare(&mut self) -> Result<(), RelayError> {
        let p = self.backend_packet().await?;
        if response::is_err(&p.payload) {
            self.note_status(&p.payload);
            return self.forward(&p).await;
        }
        let mut r = Reader::new(&p.payload);
        let parsed = (|| {
            r.u8()?;
            let _stmt = r.u32()?;
            let cols = r.u16()?;
            let params = r.u16()?;
            Ok::<_, crate::protocol::ProtocolError>((cols, params))
        })();
        let (cols, params) =
            parsed.map_err(|e| RelayError::Backend(format!("bad prepare response: {e}")))?;
        self.last_ok = true;
        self.forward(&p).await?;
        for count in [params, cols] {
            if count == 0 {
                continue;
            }
            for _ in 0..count {
                let d = self.backend_packet().await?;
                self.forward(&d).await?;
            }
            if !self.deprecate_eof() {
                let eof = self.backend_packet().await?;
                self.forward(&eof).await?;
            }
        }
        Ok(())
    }

    /// COM_CHANGE_USER: authenticate the new user here, then replace the
    /// backend connection (a new login resets all session state, exactly as
    /// the server's own COM_CHANGE_USER does).
    async fn change_user(&mut self, packet: Packet) -> Flow {
        let cu = match ChangeUser::parse(&packet.payload, self.info.capabilities) {
            Ok(c) => c,
            Err(e) => {
                METRICS
                    .protocol_errors_total
                    .with_label_values(&["client", "malformed"])
                    .inc();
                self.reply_error(&SqlError::from_client_protocol(&e));
                return Flow::Close;
            }
        };
        let user = String::from_utf8_lossy(&cu.username).into_owned();
        let plugin = cu
            .auth_plugin
            .as_ref()
            .map(|p| String::from_utf8_lossy(p).into_owned())
            .unwrap_or_else(|| crate::protocol::auth::NATIVE_PASSWORD.to_string());
        let nonce = self.info.nonce.clone();
        let host = self.info.host.clone();
        let authed = match super::auth::verify(
            &self.ctx,
            &mut self.client,
            &user,
            &host,
            &plugin,
            cu.auth_response.clone(),
            &nonce,
        )
        .await
        {
            Ok(a) => a,
            Err(_) => return Flow::Close,
        };
        self.drop_backend();
        self.info.user = user;
        self.credential = authed.credential;
        self.backend_user = authed.backend_user;
        self.database = cu.database.clone();
        if let Some(cs) = cu.charset {
            self.info.charset = cs as u8;
        }
        if !cu.attributes.is_empty() {
            self.info.attributes = cu.attributes.clone();
        }
        match self.ensure_backend().await {
            Ok(()) => {
                self.status = SERVER_STATUS_AUTOCOMMIT;
                self.client.write_packet(&ok_packet(self.status, 0, 0));
                Flow::Continue
            }
            Err(err) => {
                self.client.write_packet(&err.encode());
                Flow::Close
            }
        }
    }
}
