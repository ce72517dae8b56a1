//! A client session: login (`handshake.rs`), then the command loop below,
//! which decodes each command once and hands it to its handler
//! (`dispatch.rs`, `commands/`). The session owns a few parts, each in
//! its own file: the backend connections (`shards.rs`), the server-session
//! state squeeze follows (`tracked.rs`) and the prepared statements
//! (`statements.rs`).

mod abort;
mod aside;
mod auth;
mod auth_relay;
mod bulk;
mod catalog_view;
mod command_cx;
mod commands;
mod dispatch;
mod failure;
mod filtered_counts;
mod handshake;
mod link_status;
mod login_failure;
mod metadata;
mod plan;
mod relay;
mod routing;
mod row_work;
/// Moved to `crate::context` (the shared state holds it); re-exported for
/// existing paths.
pub use crate::context::registry;
mod shards;
mod statements;
mod temporary;
mod thread_ids;
mod tracked;

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::net::TcpStream;
use tokio::sync::watch;

use crate::backend::{BackendConn, BackendCredential};
use crate::context::ProxyContext;
use crate::error::{ErrorCode, SqlError};
use crate::metrics::{ErrorSource, ProtocolErrorKind, METRICS};
use crate::net::{NetError, PacketConn};
use crate::protocol::command::Command;
use crate::protocol::{Packet, ProtocolError};

use failure::{Counted, Loud, SessionError};
use login_failure::{LoginError, LoginOutcome};
use shards::ShardSet;
use statements::StatementTable;

/// A JSON function's column definition is the server's for this probe
/// text, schema generation, handshake collation, client character set and
/// results character set.
type JsonColumnKey = (
    String,
    u64,
    u8,
    Option<String>,
    crate::results_charset::ResultsCharset,
);
use tracked::Tracked;

/// What a session knows about its client after login.
pub struct ClientInfo {
    pub user: String,
    pub host: String,
    /// The client's address (for the PROXY protocol header).
    pub peer: Option<SocketAddr>,
    pub capabilities: u32,
    pub charset: u8,
    pub max_packet: u32,
    pub attributes: Vec<(Vec<u8>, Vec<u8>)>,
    pub nonce: Vec<u8>,
    /// MariaDB extended capabilities negotiated with the client.
    pub ext_capabilities: u32,
    /// The zstd level the client asked for (with zstd compression).
    pub zstd_level: Option<u8>,
}

pub struct Session {
    ctx: Arc<ProxyContext>,
    id: u32,
    client: PacketConn,
    info: ClientInfo,
    /// How squeeze logs in to backends for this client.
    credential: BackendCredential,
    backend_user: String,
    shards: ShardSet,
    tracked: Tracked,
    statements: StatementTable,
    /// Query shapes already planned as plain reads.
    read_plans: crate::transform::plan_cache::ReadPlanCache<crate::transform::write::ResultHints>,
    /// Column definitions the server gave JSON functions squeeze evaluates
    /// (by probe text, schema generation, character set).
    json_columns: std::collections::HashMap<JsonColumnKey, Vec<u8>>,
    /// Whether the statement being planned reads or keeps the previous
    /// statement's counts: squeeze's own metadata queries then go to `aside`.
    counts_ahead: aside::CountsAhead,
    aside: Option<aside::Aside>,
    /// The session ends in order (the client sent COM_QUIT, or squeeze is
    /// draining): say COM_QUIT to the backends. A client that vanished
    /// gets no COM_QUIT, so the server counts it in `Aborted_clients` as
    /// it would direct.
    orderly_end: bool,
    /// Wakes this session to close its client (`KILL CONNECTION` from
    /// another session).
    close_signal: Arc<tokio::sync::Notify>,
    /// Whether the session is a bulk-load one (its classification).
    bulk: bulk::BulkState,
    /// What the admin view shows of this session (set once registered).
    live: Option<Arc<registry::SessionLive>>,
    /// The connection (shard, backend thread) the login was relayed on
    /// (`[auth] accounts = "server"`): its nonce is the one the client
    /// proves COM_CHANGE_USER over.
    relayed: Option<(usize, u32)>,
    /// The last result set was one whose rows squeeze filtered (a WHERE
    /// condition it evaluates): the server's FOUND_ROWS() counts the rows
    /// it sent, not those the client received.
    /// The column and condition text of that filter.
    found_rows_filtered: Option<(String, String)>,
}

/// The listener's shutdown signals, as seen by a session.
pub struct Signals {
    /// SIGTERM: stop between commands.
    pub drain: watch::Receiver<bool>,
    /// The drain timed out: stop now, with ERR 1053 for the command in
    /// flight.
    pub cut: watch::Receiver<bool>,
}

/// Bytes a client may send before it has authenticated: a handshake
/// response with connection attributes, an auth-switch reply or a password
/// fits easily. A larger declared packet is refused before anything is
/// allocated for it.
pub const HANDSHAKE_MAX_PACKET: usize = 16 * 1024;

/// Run one client connection to completion. Never panics the process: all
/// errors end in an ERR packet or a closed socket, and are counted.
/// A client's connection as accepted: TCP, or squeeze's Unix socket.
pub enum ClientStream {
    Tcp(TcpStream),
    Unix(tokio::net::UnixStream),
}

/// The address a client on squeeze's Unix socket is shown with: the
/// loopback address, as the server treats a socket client as local.
pub const UNIX_PEER: SocketAddr = SocketAddr::V4(std::net::SocketAddrV4::new(
    std::net::Ipv4Addr::LOCALHOST,
    0,
));

pub async fn run(ctx: Arc<ProxyContext>, stream: ClientStream, peer: SocketAddr, signals: Signals) {
    let active = ctx.active_sessions.fetch_add(1, Ordering::AcqRel) + 1;
    METRICS.connections_active.inc();
    let id = ctx.next_connection_id();
    let max = HANDSHAKE_MAX_PACKET;
    let mut client = match stream {
        ClientStream::Tcp(s) => PacketConn::new(s, max),
        ClientStream::Unix(s) => PacketConn::new_unix(s, max),
    };
    let bytes = Arc::new(crate::net::ByteTotals::default());
    client.set_meter(crate::net::Meter::new(
        METRICS.client_bytes("client_to_proxy"),
        METRICS.client_bytes("proxy_to_client"),
        Some(bytes.clone()),
    ));
    let place = ctx.preauth.admit(
        peer.ip(),
        ctx.proxy.max_preauth_connections,
        ctx.proxy.max_preauth_per_host,
    );
    if active > ctx.proxy.max_connections {
        let err = SqlError::new(ErrorCode::ConCount, "Too many connections");
        let e = LoginError::new(ErrorSource::Client, LoginOutcome::TooMany, err);
        login_failure::not_completed(id, peer, e.refuse(&mut client, Some(peer)).await);
    } else if let Err(full) = place {
        let (outcome, why) = match full {
            crate::limits::preauth::Full::Total(n) => (
                LoginOutcome::PreauthFull,
                format!("{n} connections have not logged in yet (proxy.max_preauth_connections)"),
            ),
            crate::limits::preauth::Full::PerHost(n) => (
                LoginOutcome::PreauthHostFull,
                format!(
                    "{n} connections from {} have not logged in yet (proxy.max_preauth_per_host)",
                    peer.ip()
                ),
            ),
        };
        let err = SqlError::new(
            ErrorCode::ConCount,
            format!("Too many connections: squeeze: {why}; try again when they have logged in or timed out"),
        );
        let e = LoginError::new(ErrorSource::Client, outcome, err);
        login_failure::not_completed(id, peer, e.refuse(&mut client, Some(peer)).await);
    } else {
        let handshake_timeout = Duration::from_secs(ctx.proxy.handshake_timeout_secs);
        let login = handshake::login(ctx.clone(), client, id, peer);
        let logged_in = tokio::time::timeout(handshake_timeout, login).await;
        // Authenticated (or gone): the place is free for the next one.
        drop(place);
        match logged_in {
            Ok(Ok(mut session)) => {
                LoginOutcome::Ok.count();
                let live = Arc::new(registry::SessionLive::new(
                    peer,
                    session.client.is_tls(),
                    session.client.is_compressed(),
                    bytes,
                ));
                live.set_schema(session.tracked.current_db().as_deref());
                session.live = Some(live.clone());
                session.close_signal = ctx.sessions.register(id, &session.info.user, live);
                // Login may have connected a backend before the session
                // was registered.
                session.shards.forget_published();
                session.publish_backends();
                session.command_loop(signals).await;
                ctx.sessions.unregister(id);
            }
            Ok(Err(outcome)) => login_failure::not_completed(id, peer, outcome),
            Err(_) => login_failure::not_completed(id, peer, LoginOutcome::HandshakeTimeout),
        }
    }
    METRICS.connections_active.dec();
    ctx.active_sessions.fetch_sub(1, Ordering::AcqRel);
}

/// Per-session metric handles: label lookups are hashed per call, so each
/// is looked up once per session (per command and shard; per user; per
/// current database, looked up again when it changes).
#[derive(Default)]
struct CommandMetrics {
    by_command: rustc_hash::FxHashMap<(u8, usize), (prometheus::IntCounter, prometheus::Histogram)>,
    user: Option<Option<prometheus::IntCounter>>,
    schema: Option<(Option<Vec<u8>>, Option<prometheus::IntCounter>)>,
}

impl Session {
    async fn command_loop(mut self, signals: Signals) {
        let Signals {
            drain: mut shutdown,
            mut cut,
        } = signals;
        // Built once: a fresh watch future per command costs measurable CPU
        // on point-select workloads.
        let mut shutdown_signal = std::pin::pin!(async move {
            let _ = shutdown.wait_for(|s| *s).await;
        });
        let mut cut_signal = std::pin::pin!(async move {
            let _ = cut.wait_for(|s| *s).await;
        });
        let close_signal = self.close_signal.clone();
        // One waiter for the whole session (a KILL CONNECTION from another
        // session), not a new one per command.
        let mut killed = std::pin::pin!(close_signal.notified());
        let mut handles = CommandMetrics::default();
        loop {
            self.client.begin_command();
            // The limit of the shard the session is on now (it may have
            // moved, or the server's value changed).
            let limit = self.max_packet();
            self.client.set_max_payload(limit);
            if let Some(b) = self.shards.current_conn() {
                b.conn.set_max_payload(limit + shards::ROW_FRAMING_HEADROOM);
            }
            let packet = tokio::select! {
                biased;
                p = self.client.read_packet() => p,
                _ = &mut shutdown_signal => {
                    self.orderly_end = true;
                    break;
                }
                _ = &mut killed => break,
                (why, reset) = backend_closed(self.shards.current_conn()) => {
                    self.idle_backend_closed(&why);
                    if reset {
                        // The server reset the connection (MariaDB does at
                        // wait_timeout): so does squeeze, and the client
                        // sees what it would see directly.
                        self.client.reset();
                    }
                    break;
                }
            };
            let Some(packet) = self.command_packet(packet).await else {
                break;
            };
            let started = Instant::now();
            let first = packet.payload[0];
            if let Some(live) = &self.live {
                live.begin(first, started);
            }
            // Per command, dropped with it: nothing of it stays on the session.
            let mut cx = command_cx::CommandCx::new(crate::sql::state::StateEffect::None);
            let outcome = tokio::select! {
                biased;
                o = self.handle_command(&mut cx, packet) => o,
                _ = &mut cut_signal => {
                    self.cut_at_shutdown().await;
                    break;
                }
            };
            self.count_command(&mut handles, first, started);
            self.publish_backends();
            if let Some(live) = &self.live {
                live.idle();
                live.set_schema(self.tracked.current_db().as_deref());
            }
            if outcome == Flow::Close || self.client.flush().await.is_err() {
                break;
            }
            self.shrink_idle();
        }
        self.end().await;
    }

    /// The server ended the idle session (wait_timeout, KILL, a restart):
    /// end the client's too, as the server would have, rather than answer
    /// its next command from a new connection without the session's state.
    fn idle_backend_closed(&mut self, why: &str) {
        let name = self.target().name.clone();
        self.backend_lost();
        let e = SessionError::unanswered(ErrorSource::Backend)
            .counted(Counted::BackendLost {
                shard: name.clone(),
            })
            .logged(
                Loud::Info,
                "backend closed the idle session; closing the client connection",
            )
            .shard(&name)
            .cause(why)
            .closing();
        self.fail(e);
    }

    /// The command packet the client sent, or `None` when the session ends
    /// here (the client left, or broke the protocol and was sent an ERR).
    async fn command_packet(&mut self, read: Result<Packet, NetError>) -> Option<Packet> {
        // False once the client is gone while its packet is drained.
        let mut answer = true;
        let failure = match read {
            Ok(p) if !p.payload.is_empty() => return Some(p),
            Ok(_) => SessionError::protocol(
                ErrorSource::Client,
                ProtocolErrorKind::EmptyCommand,
                SqlError::from_client_protocol(&ProtocolError::Truncated),
            ),
            Err(NetError::Closed | NetError::Io(_) | NetError::Tls(_)) => return None,
            Err(NetError::Protocol(e)) => {
                let (kind, what) = match e {
                    ProtocolError::TooLarge { size, max } => {
                        // As MariaDB does: read the rest of the packet (the
                        // client is still writing it), answer with the id
                        // after its last piece, then close.
                        let drained = self.client.discard_packet().await;
                        let size = drained.as_ref().map_or(size as u64, |d| d.1);
                        match drained {
                            Ok((next, _)) => self.client.seq = next,
                            Err(_) => answer = false,
                        }
                        // Sizes only: a statement's text is never logged.
                        (
                            ProtocolErrorKind::TooLarge,
                            (format!("{size} bytes, limit {max}"), "client packet refused: larger than the packet limit (ERR 1153); closing the connection", Loud::Warn),
                        )
                    }
                    ProtocolError::OutOfOrder { expected, got } => {
                        self.client.seq = got.wrapping_add(1);
                        (
                            ProtocolErrorKind::OutOfOrder,
                            (format!("expected {expected}, got {got}"), "client packet refused: sequence id out of order (ERR 1156); closing the connection", Loud::Warn),
                        )
                    }
                    _ => {
                        self.client.seq = self.client.seq.max(1);
                        (
                            ProtocolErrorKind::Malformed,
                            (
                                e.to_string(),
                                "malformed client packet; closing the connection",
                                Loud::Info,
                            ),
                        )
                    }
                };
                let (cause, message, loud) = what;
                SessionError::protocol(
                    ErrorSource::Client,
                    kind,
                    SqlError::from_client_protocol(&e),
                )
                .logged(loud, message)
                .cause(cause)
            }
            Err(NetError::OverBudget(e)) => {
                // The statement is half read: refuse it and end the
                // session (as the server does past max_allowed_packet);
                // every other session goes on.
                self.client.seq = self.client.seq.max(1);
                SessionError::protocol(
                    ErrorSource::Client,
                    ProtocolErrorKind::OverBudget,
                    SqlError::over_budget("to buffer this statement", &e),
                )
                .logged(Loud::Warn, "statement refused: memory budget exhausted")
                .cause(e)
            }
        };
        self.fail(failure.answered(answer).closing());
        None
    }

    /// The per-packet cap on the session's current shard: its
    /// `max_allowed_packet` unless `proxy.max_packet_size` is set.
    pub(super) fn max_packet(&self) -> usize {
        self.ctx.packet_limit(self.shards.current())
    }

    /// Count a command and its duration under its command and shard.
    fn count_command(&self, handles: &mut CommandMetrics, first: u8, started: Instant) {
        // COM_QUIT ends the session; it is not a statement anyone waited on.
        if first == crate::protocol::command::Command::Quit as u8 {
            return;
        }
        let shard = self.shards.current();
        let (count, duration) = handles.by_command.entry((first, shard)).or_insert_with(|| {
            let label = Command::from_byte(first).map_or("unknown", Command::label);
            let shard = &self.ctx.shards[shard].name;
            (
                METRICS.commands_total.with_label_values(&[label, shard]),
                METRICS.command_duration.with_label_values(&[label, shard]),
            )
        });
        count.inc();
        duration.observe(started.elapsed().as_secs_f64());
        let user = handles
            .user
            .get_or_insert_with(|| METRICS.user_commands(&self.info.user));
        if let Some(c) = user {
            c.inc();
        }
        let db = &self.tracked.database;
        if handles.schema.as_ref().is_none_or(|(at, _)| at != db) {
            let name = db
                .as_deref()
                .map(String::from_utf8_lossy)
                .unwrap_or_default();
            handles.schema = Some((db.clone(), METRICS.schema_commands(&name)));
        }
        if let Some((_, Some(c))) = &handles.schema {
            c.inc();
        }
    }

    /// Close the client and every backend connection, saying COM_QUIT to
    /// the backends when the session ended in order.
    async fn end(mut self) {
        self.client.shutdown().await;
        for (_, mut b) in self.take_all_backends() {
            if self.orderly_end {
                b.quit().await;
            }
        }
        tracing::debug!(conn = self.id, "session ended");
    }

    /// The shutdown timeout cut the command in flight: answer it with ERR
    /// 1053, as MySQL answers the sessions it closes at shutdown, unless a
    /// write to the client was interrupted mid-packet (then an ERR would
    /// only garble the stream, and a bare close is all that is left).
    async fn cut_at_shutdown(&mut self) {
        let interrupted = self.client.write_interrupted();
        if interrupted {
            self.client.discard_output();
        }
        let err = SqlError::new(ErrorCode::ServerShutdown, format!(
                "Server shutdown in progress: squeeze stopped after waiting proxy.shutdown_timeout_secs ({} s) for this statement to finish; it may or may not have completed. Reconnect (to another instance) and retry",
                self.ctx.proxy.shutdown_timeout_secs
            ),
        );
        let e = SessionError::new(ErrorSource::Internal, err)
            .answered(!interrupted)
            .logged(Loud::Info, "session cut at the shutdown timeout")
            .closing();
        self.fail(e);
    }

    /// Between commands: give back what buffers grew to for the last one
    /// (and the budget they held), so idle sessions cost a few KB.
    fn shrink_idle(&mut self) {
        let mut released = self.client.shrink_idle();
        for b in self.shards.all_mut() {
            released += b.conn.shrink_idle();
        }
        if released >= crate::limits::budget::RETURN_TO_OS_ABOVE {
            crate::limits::budget::return_freed_memory();
        }
    }

    /// Refuse the current command with `err` (through `fail`).
    fn reply_error(&mut self, err: &SqlError) {
        let _ = self.fail(SessionError::refused(err.clone()));
    }
}

/// Resolves when the server closes (or writes unasked on) an idle backend
/// connection; never without one.
async fn backend_closed(backend: Option<&mut BackendConn>) -> (String, bool) {
    match backend {
        Some(b) => b.conn.closed_by_peer().await,
        None => std::future::pending().await,
    }
}

/// Whether the command loop goes on after a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Close,
}
