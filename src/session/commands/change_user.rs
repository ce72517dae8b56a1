//! COM_CHANGE_USER: authenticate the new user here (or, with `[auth]
//! accounts = "server"` and a user squeeze does not list, on the server:
//! `auth_relay.rs`), then replace the backend connections (a new login
//! resets all session state, exactly as the server's own COM_CHANGE_USER
//! does).

use crate::error::SqlError;
use crate::metrics::{ErrorSource, ProtocolErrorKind};
use crate::protocol::capabilities::SERVER_STATUS_AUTOCOMMIT;
use crate::protocol::handshake::ChangeUser;
use crate::protocol::response::ok_packet;
use crate::protocol::Packet;
use crate::session::failure::SessionError;
use crate::session::{Flow, Session};

impl Session {
    pub(in crate::session) async fn change_user(&mut self, packet: &Packet) -> Flow {
        let cu = match ChangeUser::parse(&packet.payload, self.info.capabilities) {
            Ok(c) => c,
            Err(e) => {
                let e = SessionError::protocol(
                    ErrorSource::Client,
                    ProtocolErrorKind::Malformed,
                    SqlError::from_client_protocol(&e),
                );
                return self.fail(e.closing());
            }
        };
        let user = String::from_utf8_lossy(&cu.username).into_owned();
        let plugin = cu
            .auth_plugin
            .as_ref()
            .map(|p| String::from_utf8_lossy(p).into_owned())
            .unwrap_or_else(|| crate::protocol::auth::NATIVE_PASSWORD.to_string());
        if self.ctx.auth.accounts == crate::config::AccountSource::Server
            && !self.ctx.users.contains_key(&user)
        {
            // The server checks the new user, on the connection the login
            // was relayed on; squeeze's list does not have it.
            if self.relay_change_user(&cu).await.is_err() {
                return Flow::Close;
            }
            return self.changed_user(user, &cu).await;
        }
        let nonce = self.info.nonce.clone();
        let host = self.info.host.clone();
        let authed = match crate::session::auth::verify(
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
            Err(crate::session::auth::AuthFailure::Refused(e)) => {
                e.refuse(&mut self.client, self.info.peer).await;
                return Flow::Close;
            }
            Err(crate::session::auth::AuthFailure::Gone) => return Flow::Close,
        };
        self.take_all_backends();
        self.credential = authed.credential;
        self.backend_user = authed.backend_user;
        self.changed_user(user, &cu).await
    }

    /// The new user is in: reset what belonged to the old one, move to the
    /// new database's shard and connect there, and say OK.
    async fn changed_user(&mut self, user: String, cu: &ChangeUser) -> Flow {
        self.statements.user_changed();
        // A relayed COM_CHANGE_USER keeps its connection; the server
        // dropped its temporary tables.
        for b in self.shards.all_mut() {
            b.temporary.clear();
        }
        self.info.user = user;
        self.ctx.sessions.set_user(self.id, &self.info.user);
        self.tracked.database = cu.database.clone();
        let home = match &self.tracked.database {
            Some(db) => match self
                .ctx
                .router
                .shard_for_db(&String::from_utf8_lossy(db), self.ctx.router.default_shard)
            {
                Ok(s) => s,
                Err(crate::router::RouteError::UnknownDatabase(d)) => {
                    self.reply_error(&SqlError::unknown_database(&d));
                    return Flow::Close;
                }
            },
            None => self.ctx.router.default_shard,
        };
        // A relayed COM_CHANGE_USER kept its connection, on the default
        // shard: switching parks it when the database lives elsewhere.
        self.shards.switch(home);
        if let Some(cs) = cu.charset {
            self.info.charset = cs as u8;
        }
        if !cu.attributes.is_empty() {
            self.info.attributes = cu.attributes.clone();
        }
        self.bulk.user_changed();
        match self.ensure_backend().await {
            Ok(()) => {
                self.tracked.status = SERVER_STATUS_AUTOCOMMIT;
                self.client
                    .write_packet(&ok_packet(self.tracked.status, 0, 0));
                Flow::Continue
            }
            Err(err) => {
                // Counted and logged where the connect failed (`shards`).
                self.fail(SessionError::new(ErrorSource::Backend, err.into()).closing())
            }
        }
    }
}
