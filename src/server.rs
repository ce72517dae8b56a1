//! The listener: accepts client connections, enforces the connection limit,
//! runs one session task per client, and drains on SIGTERM.

use std::collections::HashMap;
use std::sync::atomic::AtomicU32;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::backend::health::{self, HealthRegistry, ProbeLogin};
use crate::backend::BackendTarget;
use crate::config::Config;
use crate::metrics::METRICS;
use crate::session;
use crate::workers::WorkerPool;

pub use crate::context::{ProxyContext, UserEntry};

/// Builds a fresh context. On a reload, `previous` hands over the health
/// registry (the admin endpoint keeps serving the same one), the session
/// count (sessions of the old configuration still count against the
/// connection limit) and the connection-id sequence.
pub fn build_context(
    cfg: &Config,
    previous: Option<&ProxyContext>,
) -> anyhow::Result<Arc<ProxyContext>> {
    let health = previous.map(|p| p.health.clone());
    let issues = cfg.validate();
    if !issues.is_empty() {
        let list: Vec<String> = issues.iter().map(|i| i.to_string()).collect();
        anyhow::bail!("invalid configuration:\n  {}", list.join("\n  "));
    }
    let users = user_entries(cfg)?;
    let backends = cfg.backends();
    if backends.is_empty() {
        anyhow::bail!("no backend configured");
    }
    let mut shards = backends
        .iter()
        .map(|(name, b)| BackendTarget::from_config(name, b))
        .collect::<anyhow::Result<Vec<_>>>()?;
    // A shard that stays at its address keeps the packet limit learned
    // from it (the probe refreshes it at once anyway).
    for s in &mut shards {
        if let Some(old) = previous.and_then(|p| {
            p.shards
                .iter()
                .find(|o| o.name == s.name && o.address == s.address)
        }) {
            s.max_allowed_packet = old.max_allowed_packet.clone();
            s.max_connections = old.max_connections.clone();
        }
    }
    let router = crate::router::Router::from_config(
        backends.iter().map(|(n, _)| n.clone()).collect(),
        &cfg.routing,
    )
    .map_err(|e| anyhow::anyhow!(e))?;
    let tls_acceptor = match &cfg.proxy.tls {
        Some(t) => Some(tokio_rustls::TlsAcceptor::from(
            crate::net::tls::server_config(&t.cert, &t.key)?,
        )),
        None => None,
    };
    let health = match health {
        Some(h) => {
            h.replace_targets(&shards);
            h
        }
        None => HealthRegistry::new(&shards),
    };
    let rules = crate::transform::ColumnRules::from_config(cfg).map_err(|e| anyhow::anyhow!(e))?;
    METRICS.configure_labels(
        cfg.admin.per_user_metrics,
        cfg.admin.per_schema_metrics,
        cfg.admin.metrics_label_limit,
    );
    METRICS.preset(
        &shards.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
        &rules.all().map(|r| r.label.clone()).collect::<Vec<_>>(),
    );
    let accounts_login = accounts_login(cfg)?;
    Ok(Arc::new(ProxyContext {
        rules: Arc::new(rules),
        schema: Arc::default(),
        proxy: crate::config::ProxyConfig {
            // The socket is bound once, at start: `@@socket` keeps naming
            // the one clients can reach.
            socket: previous.map_or_else(|| cfg.proxy.socket.clone(), |p| p.proxy.socket.clone()),
            ..cfg.proxy.clone()
        },
        auth: cfg.auth.clone(),
        users,
        accounts: Arc::new(crate::backend::accounts::AccountHashes::new(accounts_login)),
        shards,
        router,
        tls_acceptor,
        health,
        next_connection_id: previous
            .map(|p| p.next_connection_id.clone())
            .unwrap_or_else(|| Arc::new(AtomicU32::new(1))),
        active_sessions: previous
            .map(|p| p.active_sessions.clone())
            .unwrap_or_default(),
        sessions: previous.map(|p| p.sessions.clone()).unwrap_or_default(),
        preauth: previous.map(|p| p.preauth.clone()).unwrap_or_default(),
        relaying: previous.map_or_else(
            || Arc::new(crate::limits::preauth::PreAuth::relayed_logins()),
            |p| p.relaying.clone(),
        ),
    }))
}

/// `[[users]]` with their verifiers and backend logins, by name.
fn user_entries(cfg: &Config) -> anyhow::Result<HashMap<String, UserEntry>> {
    let mut users = HashMap::new();
    for u in &cfg.users {
        let secret = u.secret();
        let verifier = secret
            .verifier()
            .map_err(|e| anyhow::anyhow!("user {}: {e}", u.name))?;
        let plaintext = secret
            .plaintext_value()
            .map_err(|e| anyhow::anyhow!("user {}: {e}", u.name))?;
        let backend_login = u
            .backend_user
            .clone()
            .map(|bu| (bu, u.backend_password.clone().unwrap_or_default()));
        users.insert(
            u.name.clone(),
            UserEntry {
                name: u.name.clone(),
                verifier,
                plaintext,
                backend_login,
            },
        );
    }
    Ok(users)
}

/// The `[auth] accounts_user` login that reads account hashes, if any.
fn accounts_login(cfg: &Config) -> anyhow::Result<Option<ProbeLogin>> {
    let Some(user) = &cfg.auth.accounts_user else {
        return Ok(None);
    };
    Ok(Some(ProbeLogin {
        user: user.clone(),
        password: cfg
            .auth
            .accounts_password()
            .map_err(|e| anyhow::anyhow!("auth.accounts_password: {e}"))?
            .unwrap_or_default(),
    }))
}

/// Credentials for health probes (and `check-config --connect`): the
/// service account, else `[auth] accounts_user`, else the first user with
/// a plaintext password.
pub fn probe_login(ctx: &ProxyContext) -> Option<ProbeLogin> {
    if let Some((user, password)) = ctx.shards.iter().find_map(|s| s.service_user.as_ref()) {
        return Some(ProbeLogin {
            user: user.clone(),
            password: password.clone(),
        });
    }
    if let Some(l) = ctx.accounts.login() {
        return Some(l.clone());
    }
    let mut users: Vec<_> = ctx.users.values().collect();
    users.sort_by(|a, b| a.name.cmp(&b.name));
    users
        .into_iter()
        .find_map(|u| match (&u.backend_login, &u.plaintext) {
            (Some((bu, bp)), _) => Some(ProbeLogin {
                user: bu.clone(),
                password: bp.clone(),
            }),
            (None, Some(p)) => Some(ProbeLogin {
                user: u.name.clone(),
                password: p.clone(),
            }),
            _ => None,
        })
}

/// Re-reads the configuration (for SIGHUP and `POST /reload`); `Err`
/// holds every problem found, one message each.
pub type Reload = Box<dyn Fn() -> Result<Config, Vec<String>> + Send + Sync>;

/// What runs with the current configuration and is replaced on a reload.
struct Running {
    ctx: Arc<ProxyContext>,
    health_task: tokio::task::JoinHandle<()>,
    drift_task: tokio::task::JoinHandle<()>,
}

/// Validate and apply a new configuration; a bad one leaves everything as
/// it was. Returns what the admin endpoint reports.
fn apply_reload(
    reload: &Reload,
    running: &mut Running,
    store: Option<&Arc<crate::meta::loader::Loader>>,
    admin: &crate::admin::AdminState,
) -> Result<serde_json::Value, Vec<String>> {
    let outcome: Result<serde_json::Value, Vec<String>> = (|| {
        let new_cfg = reload()?;
        // Resolved before anything is swapped: a token that cannot be read
        // refuses the whole reload.
        let token = new_cfg
            .admin
            .resolve_token()
            .map_err(|e| vec![format!("admin.token: {e}")])?;
        let new_ctx = build_context(&new_cfg, Some(&running.ctx)).map_err(|e| {
            format!("{e:#}")
                .lines()
                .map(|l| l.trim().to_string())
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
        })?;
        running.health_task.abort();
        running.ctx = new_ctx;
        running.health_task = spawn_health(&running.ctx, &new_cfg);
        running.drift_task.abort();
        running.drift_task = tokio::spawn(crate::admin::drift::run(running.ctx.rules.clone()));
        if let Some(store) = store.cloned() {
            let rules = running.ctx.rules.clone();
            tokio::spawn(async move { store.record_use(&rules).await });
        }
        *admin.ctx.write() = running.ctx.clone();
        *admin.config.write() = crate::admin::view::config(&new_cfg);
        // The old token stops working with this reload, not at restart.
        *admin.token.write() = token;
        log_running(&running.ctx, "configuration reloaded; new sessions use it");
        Ok(serde_json::json!({
            "outcome": "ok",
            "shards": running.ctx.shards.len(),
            "columns": running.ctx.rules.all().count(),
            "dictionaries": running.ctx.rules.registry.len(),
        }))
    })();
    let label = if outcome.is_ok() { "ok" } else { "refused" };
    METRICS
        .config_reloads_total
        .with_label_values(&[label])
        .inc();
    if let Err(errors) = &outcome {
        tracing::error!(error = %errors.join("; "), "config reload refused; the running configuration stays");
    }
    outcome
}

/// One line with what the process runs: version, shards, compressed
/// columns and dictionaries (names only; no secrets, no documents).
fn log_running(ctx: &ProxyContext, message: &str) {
    let columns: Vec<String> = ctx
        .rules
        .all()
        // Id 0 is "no dictionary": never asked of the registry, whose miss
        // hook would go and look for it in the metadata store.
        .map(|r| {
            match (r.encoder.dict_id() != 0)
                .then(|| ctx.rules.registry.get(r.encoder.dict_id()))
                .flatten()
            {
                Some(d) => format!(
                    "{} ({}, dictionary {} #{})",
                    r.label,
                    r.encoder.codec().name(),
                    d.name,
                    d.id
                ),
                None => format!("{} ({})", r.label, r.encoder.codec().name()),
            }
        })
        .collect();
    let dictionaries: Vec<String> = ctx
        .rules
        .registry
        .dictionaries()
        .iter()
        .map(|d| format!("{} #{}", d.name, d.id))
        .collect();
    tracing::info!(
        version = env!("CARGO_PKG_VERSION"),
        commit = env!("SQUEEZE_GIT_COMMIT"),
        shards = %ctx.shards.iter().map(|s| format!("{}={}", s.name, s.address)).collect::<Vec<_>>().join(","),
        columns = %columns.join(", "),
        dictionaries = %dictionaries.join(", "),
        "{message}"
    );
}

/// Watches each shard's in-server function (`in_server`) when server
/// evaluation is on and an account can reach the shards; the first look
/// is taken before the first client (bounded), so statements are planned
/// one way from the start.
async fn spawn_in_server_watch(cfg: &Config, ctx: &ProxyContext) {
    if !cfg.codec.server_evaluation {
        return;
    }
    let targets = match crate::meta::store::targets(cfg) {
        Ok(t) => t,
        Err(e) => {
            tracing::info!(error = %e, "in-server functions not checked: squeeze evaluates compressed values itself");
            return;
        }
    };
    let registry = ctx.rules.registry.clone();
    let every = Duration::from_secs(cfg.codec.dictionary_poll_secs.max(1));
    let expected = crate::in_server::watch::expected(&registry);
    let first = crate::in_server::watch::probe_all(&targets, &expected);
    if tokio::time::timeout(Duration::from_secs(5), first)
        .await
        .is_err()
    {
        tracing::warn!("the shards did not answer the in-server function check within 5 s; squeeze evaluates compressed values itself until they do");
    }
    tokio::spawn(crate::in_server::watch::run(
        targets,
        Arc::new(move || crate::in_server::watch::expected(&registry)),
        every,
    ));
}

fn spawn_health(ctx: &ProxyContext, cfg: &Config) -> tokio::task::JoinHandle<()> {
    let interval = Duration::from_millis(
        cfg.backends()
            .first()
            .map(|b| b.1.health_check_interval_ms)
            .unwrap_or(2000)
            .max(100),
    );
    tokio::spawn(health::run(
        ctx.health.clone(),
        ctx.shards.clone(),
        probe_login(ctx),
        interval,
    ))
}

/// The client listener, with an explicit accept backlog (std's and
/// tokio's `bind` use a fixed one).
fn listen(addr: std::net::SocketAddr, backlog: u32) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(backlog)
}

/// The Unix socket listener at `path`: a stale socket file left by a
/// previous run is replaced; anything else at that path is an error.
/// Everyone may connect, as to MariaDB's own socket (authentication
/// decides who gets in); restrict with the directory's permissions.
fn listen_unix(path: &std::path::Path) -> anyhow::Result<tokio::net::UnixListener> {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if !meta.file_type().is_socket() {
            anyhow::bail!("{} exists and is not a socket", path.display());
        }
        if std::os::unix::net::UnixStream::connect(path).is_ok() {
            anyhow::bail!("{} is in use by another process", path.display());
        }
        std::fs::remove_file(path).with_context(|| format!("removing stale {}", path.display()))?;
    }
    let listener = tokio::net::UnixListener::bind(path)
        .with_context(|| format!("binding Unix socket {}", path.display()))?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o777))?;
    Ok(listener)
}

/// Accept on the Unix socket when there is one; never resolves otherwise.
async fn accept_unix(
    listener: Option<&tokio::net::UnixListener>,
) -> std::io::Result<tokio::net::UnixStream> {
    match listener {
        Some(l) => l.accept().await.map(|(s, _)| s),
        None => std::future::pending().await,
    }
}

pub async fn run(cfg: Config, reload: Option<Reload>) -> anyhow::Result<()> {
    // Client sessions take two descriptors each, more with several shards.
    let nofile = crate::limits::fds::raise_nofile();
    tracing::debug!(nofile, "file descriptor limit");
    let (mut ctx, store) = start_context(&cfg).await?;
    let listener = listen(ctx.proxy.listen, ctx.proxy.listen_backlog)
        .with_context(|| format!("binding {}", ctx.proxy.listen))?;
    // Fixed at start, like `listen`: a reload does not move it.
    let socket_path = ctx.proxy.socket.clone();
    let unix_listener = socket_path.as_deref().map(listen_unix).transpose()?;
    let (shutdown_tx, shutdown_rx) = watch::channel(false);
    // Fired when the drain times out: sessions still running a command
    // answer it with ERR 1053 and close.
    let (cut_tx, cut_rx) = watch::channel(false);

    // Bound before the backends are probed: whoever sees the MySQL port
    // listening finds the admin port too.
    let (admin, mut reload_rx) = start_admin(&cfg, &ctx, reload.is_some(), &shutdown_rx)?;

    // Learn the backend's version and capabilities before the first client.
    let login = probe_login(&ctx);
    health::probe_all(&ctx.health, &ctx.shards, login.as_ref()).await;
    let mut running = Running {
        health_task: spawn_health(&ctx, &cfg),
        drift_task: tokio::spawn(crate::admin::drift::run(ctx.rules.clone())),
        ctx: ctx.clone(),
    };

    log_running(&ctx, "squeeze starting");
    tracing::info!(listen = %ctx.proxy.listen, socket = ?socket_path, shards = ctx.shards.len(), "squeeze listening");

    let mut sigterm = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    let mut sighup = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup())?;
    let workers =
        WorkerPool::start(ctx.proxy.worker_threads).context("starting session worker threads")?;
    tracing::info!(workers = workers.len(), "session workers started");
    let mut sessions = tokio::task::JoinSet::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let signals = session::Signals {
                    drain: shutdown_rx.clone(),
                    cut: cut_rx.clone(),
                };
                if !hand_to_worker(accepted, &ctx, signals, &workers, &mut sessions) {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
            accepted = accept_unix(unix_listener.as_ref()) => {
                let signals = session::Signals {
                    drain: shutdown_rx.clone(),
                    cut: cut_rx.clone(),
                };
                if !hand_unix_to_worker(accepted, &ctx, signals, &workers, &mut sessions) {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
            Some(_) = sessions.join_next(), if !sessions.is_empty() => {}
            _ = sighup.recv() => {
                // Validate first; a bad file leaves the running config alone.
                let Some(reload) = reload.as_ref() else {
                    tracing::warn!("SIGHUP ignored: squeeze was started without --config");
                    continue;
                };
                let _ = apply_reload(reload, &mut running, store.as_ref(), &admin);
                ctx = running.ctx.clone();
            }
            Some(reply) = reload_rx.recv() => {
                // Only sent when `reload` is set (see AdminState::reload).
                if let Some(reload) = reload.as_ref() {
                    let _ = reply.send(apply_reload(reload, &mut running, store.as_ref(), &admin));
                    ctx = running.ctx.clone();
                }
            }
            _ = sigterm.recv() => break,
            _ = tokio::signal::ctrl_c() => break,
        }
    }

    // Drain: stop accepting, tell sessions to finish, wait up to the timeout.
    drop(listener);
    if let (Some(l), Some(path)) = (unix_listener, socket_path.as_deref()) {
        drop(l);
        let _ = std::fs::remove_file(path);
    }
    let _ = shutdown_tx.send(true);
    drain(&mut sessions, &ctx, &cut_tx).await;
    let _ = METRICS.connections_active.get();
    Ok(())
}

/// The first context, after the dictionaries stored on the shards (a
/// column may name one the directory does not hold); installs the memory
/// budget.
async fn start_context(
    cfg: &Config,
) -> anyhow::Result<(Arc<ProxyContext>, Option<Arc<crate::meta::loader::Loader>>)> {
    let store = crate::meta::loader::Loader::start(cfg).await;
    let ctx = build_context(cfg, None)?;
    spawn_in_server_watch(cfg, &ctx).await;
    if let Some(store) = &store {
        let _ = tokio::time::timeout(Duration::from_secs(5), store.record_use(&ctx.rules)).await;
        store.clone().spawn();
    }
    let budget = crate::limits::budget::install(crate::limits::Budget::new(
        cfg.limits.memory_budget_bytes(),
    ));
    tracing::info!(
        memory_budget = budget.limit(),
        max_packet_size = ?ctx.proxy.max_packet_size,
        "memory limits"
    );
    Ok((ctx, store))
}

/// The admin state (and the endpoint, when `[admin] listen` is set); the
/// receiver of `POST /reload` requests, answered in the accept loop.
fn start_admin(
    cfg: &Config,
    ctx: &Arc<ProxyContext>,
    can_reload: bool,
    shutdown_rx: &watch::Receiver<bool>,
) -> anyhow::Result<(
    Arc<crate::admin::AdminState>,
    tokio::sync::mpsc::Receiver<crate::admin::ReloadRequest>,
)> {
    let (reload_tx, reload_rx) = tokio::sync::mpsc::channel::<crate::admin::ReloadRequest>(4);
    let issues = cfg.admin_issues();
    if !issues.is_empty() {
        anyhow::bail!(
            "{}",
            issues
                .iter()
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
    let admin = Arc::new(crate::admin::AdminState {
        ctx: parking_lot::RwLock::new(ctx.clone()),
        config: parking_lot::RwLock::new(crate::admin::view::config(cfg)),
        reload: can_reload.then_some(reload_tx),
        token: parking_lot::RwLock::new(
            cfg.admin
                .resolve_token()
                .map_err(|e| anyhow::anyhow!("admin.token: {e}"))?,
        ),
    });
    if let Some(addr) = cfg.admin.listen {
        let open = admin.token.read().is_none() && !addr.ip().is_loopback();
        METRICS.admin_open_without_token.set(i64::from(open));
        if open {
            tracing::warn!(%addr, "the admin view listens beyond loopback WITHOUT a token ([admin] open_without_token = true): anyone who reaches it sees sessions and configuration and can reload");
        }
        let mut limits = crate::admin::AdminLimits::from_config(&cfg.admin);
        let nofile = crate::limits::fds::raise_nofile();
        let share = crate::limits::fds::admin_share(limits.max_connections, nofile);
        if share < limits.max_connections {
            tracing::warn!(
                nofile,
                configured = limits.max_connections,
                "[admin] max_connections lowered to {share}: the admin port gets at most an eighth of the file descriptors"
            );
            limits.max_connections = share;
        }
        let listener = std::net::TcpListener::bind(addr)
            .and_then(|l| l.set_nonblocking(true).map(|()| l))
            .and_then(tokio::net::TcpListener::from_std)
            .with_context(|| format!("binding the admin endpoint {addr}"))?;
        let rx = shutdown_rx.clone();
        let admin = admin.clone();
        tokio::spawn(async move {
            if let Err(e) = crate::admin::serve(listener, admin, limits, rx).await {
                tracing::error!(error = %e, "admin endpoint failed");
            }
        });
    }
    Ok((admin, reload_rx))
}

/// Give an accepted connection to a session worker; false when accepting
/// failed (the caller backs off briefly).
fn hand_to_worker(
    accepted: std::io::Result<(tokio::net::TcpStream, std::net::SocketAddr)>,
    ctx: &Arc<ProxyContext>,
    signals: session::Signals,
    workers: &WorkerPool,
    sessions: &mut tokio::task::JoinSet<()>,
) -> bool {
    let (stream, peer) = match accepted {
        Ok(a) => a,
        Err(e) => {
            tracing::warn!(error = %e, "accept failed");
            return false;
        }
    };
    // Re-registered with the worker's own reactor below.
    let stream = match stream.into_std() {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!(error = %e, %peer, "could not hand the connection to a worker");
            return true;
        }
    };
    let ctx = ctx.clone();
    workers.spawn_in(sessions, async move {
        match tokio::net::TcpStream::from_std(stream) {
            Ok(stream) => {
                session::run(ctx, session::ClientStream::Tcp(stream), peer, signals).await
            }
            Err(e) => tracing::warn!(error = %e, %peer, "worker could not take the connection"),
        }
    });
    true
}

/// `hand_to_worker` for a client on the Unix socket.
fn hand_unix_to_worker(
    accepted: std::io::Result<tokio::net::UnixStream>,
    ctx: &Arc<ProxyContext>,
    signals: session::Signals,
    workers: &WorkerPool,
    sessions: &mut tokio::task::JoinSet<()>,
) -> bool {
    let stream = match accepted.and_then(|s| s.into_std()) {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!(error = %e, "accept on the Unix socket failed");
            return false;
        }
    };
    let ctx = ctx.clone();
    workers.spawn_in(sessions, async move {
        match tokio::net::UnixStream::from_std(stream) {
            Ok(stream) => {
                let client = session::ClientStream::Unix(stream);
                session::run(ctx, client, session::UNIX_PEER, signals).await
            }
            Err(e) => tracing::warn!(error = %e, "worker could not take the connection"),
        }
    });
    true
}

/// Wait up to the shutdown timeout for sessions to finish; then cut the
/// rest (each answers a running command with ERR 1053) and abort what
/// still hangs.
async fn drain(
    sessions: &mut tokio::task::JoinSet<()>,
    ctx: &ProxyContext,
    cut_tx: &watch::Sender<bool>,
) {
    tracing::info!(
        sessions = sessions.len(),
        timeout_secs = ctx.proxy.shutdown_timeout_secs,
        "shutting down: waiting for sessions"
    );
    let drained = tokio::time::timeout(
        Duration::from_secs(ctx.proxy.shutdown_timeout_secs),
        async { while sessions.join_next().await.is_some() {} },
    )
    .await;
    if drained.is_err() {
        tracing::warn!(
            remaining = sessions.len(),
            "shutdown timeout reached; closing remaining sessions"
        );
        // Let each cut session send its ERR 1053 (as MySQL does at
        // shutdown) before the process ends; abort whatever still hangs.
        let _ = cut_tx.send(true);
        let _ = tokio::time::timeout(Duration::from_secs(2), async {
            while sessions.join_next().await.is_some() {}
        })
        .await;
        sessions.abort_all();
    }
}
