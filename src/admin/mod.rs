//! Admin HTTP endpoint: `/metrics` (Prometheus text format), `/healthz`
//! (process alive) and `/readyz` (every backend reachable), and the admin
//! view in the ecosystem's conventions (ProxySQL's processlist, MaxScale's
//! `maxctrl list sessions`, PgBouncer's `SHOW`): read-only JSON at
//! `/sessions`, `/backends`, `/columns`, `/dictionaries`, `/config`, plus
//! `POST /reload` (what SIGHUP does, with its outcome in the answer).
//!
//! With `[admin] token`/`token_env` set, everything but the three probe
//! endpoints needs `Authorization: Bearer <token>` (401 otherwise).

pub mod drift;
pub mod gate;
pub mod redact;
pub mod view;

/// Metrics live in `crate::metrics` (pure modules count too, and must not
/// depend on the HTTP side); re-exported for existing paths.
pub use crate::metrics;

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use parking_lot::RwLock;
use serde_json::{json, Value};
use tokio::sync::{mpsc, oneshot};

use crate::backend::health::HealthRegistry;
use crate::context::ProxyContext;

/// A reload asked over HTTP: the server loop answers with the outcome
/// (`Ok`: what changed; `Err`: every validation message).
pub type ReloadRequest = oneshot::Sender<Result<Value, Vec<String>>>;

/// What the admin endpoint reads; the server swaps `ctx` and `config` on
/// each reload.
pub struct AdminState {
    pub ctx: RwLock<Arc<ProxyContext>>,
    /// `/config`'s document (already redacted).
    pub config: RwLock<Value>,
    /// Where `POST /reload` asks the server loop (none: started without
    /// `--config`, nothing to reload).
    pub reload: Option<mpsc::Sender<ReloadRequest>>,
    /// The admin view's token; a reload replaces it at once.
    pub token: RwLock<Option<String>>,
}

impl AdminState {
    fn ctx(&self) -> Arc<ProxyContext> {
        self.ctx.read().clone()
    }

    fn health(&self) -> Arc<HealthRegistry> {
        self.ctx.read().health.clone()
    }
}

pub async fn serve(
    listener: tokio::net::TcpListener,
    state: Arc<AdminState>,
    limits: AdminLimits,
    shutdown: tokio::sync::watch::Receiver<bool>,
) -> anyhow::Result<()> {
    let view = Router::new()
        .route("/sessions", get(|s: State<Arc<AdminState>>| async move { json_response(&view::sessions(&s.ctx())) }))
        .route("/backends", get(|s: State<Arc<AdminState>>| async move { json_response(&view::backends(&s.ctx())) }))
        .route("/columns", get(|s: State<Arc<AdminState>>| async move { json_response(&view::columns(&s.ctx())) }))
        .route("/dictionaries", get(|s: State<Arc<AdminState>>| async move { json_response(&view::dictionaries(&s.ctx())) }))
        .route("/config", get(|s: State<Arc<AdminState>>| async move { json_response(&s.config.read()) }))
        .route("/reload", post(reload))
        .route_layer(axum::middleware::from_fn_with_state(state.clone(), require_token));
    let app = Router::new()
        .route("/metrics", get(metrics_handler))
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(readyz))
        .merge(view)
        .with_state(state);
    let addr = listener.local_addr()?;
    tracing::info!(%addr, max_connections = limits.max_connections, "admin endpoint listening");
    accept_loop(listener, app, limits, shutdown).await;
    Ok(())
}

/// How much of the process the admin port may take.
#[derive(Debug, Clone, Copy)]
pub struct AdminLimits {
    /// Connections open at once (see `gate`).
    pub max_connections: usize,
    /// Connections open at once from one client address.
    pub max_connections_per_host: usize,
    /// Until a request's headers are complete.
    pub header_timeout: std::time::Duration,
}

impl AdminLimits {
    pub fn from_config(cfg: &crate::config::AdminConfig) -> AdminLimits {
        AdminLimits {
            max_connections: cfg.max_connections.max(1),
            max_connections_per_host: cfg.max_connections_per_host.max(1),
            header_timeout: std::time::Duration::from_millis(cfg.header_timeout_ms.max(100)),
        }
    }
}

/// Serves each accepted connection with one request (no keep-alive) in
/// its own task, within the bounds of `gate` (a connection over a bound
/// displaces the oldest one still waiting for its headers, so half-open
/// connections cannot starve `/healthz`), each bounded in time: a client
/// that never finishes its headers (slowloris), or never reads the answer,
/// is closed, so the admin port holds a bounded number of descriptors and
/// bytes whatever its clients do.
async fn accept_loop(
    listener: tokio::net::TcpListener,
    app: Router,
    limits: AdminLimits,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
) {
    let gate = Arc::new(gate::Gate::default());
    let lifetime = limits.header_timeout * 4;
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = shutdown.wait_for(|s| *s) => return,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of descriptors (EMFILE) or a connection reset before
                // accept: back off instead of spinning.
                tracing::warn!(error = %e, "admin accept failed");
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        let refused = &metrics::METRICS.admin_connections_refused_total;
        let admitted = gate.admit(
            peer.ip(),
            limits.max_connections,
            limits.max_connections_per_host,
        );
        let place = match admitted {
            Ok((place, displaced)) => {
                if displaced {
                    refused.with_label_values(&["displaced"]).inc();
                }
                place
            }
            Err(d) => {
                let reason = match d {
                    gate::Decision::RefusePerHost => "host_cap",
                    _ => "cap",
                };
                refused.with_label_values(&[reason]).inc();
                drop(stream);
                continue;
            }
        };
        let app = app.clone();
        let id = place.id;
        let task = tokio::spawn(async move {
            let waiting = place.waiting.clone();
            let _place = place;
            let inner = hyper_util::service::TowerToHyperService::new(app);
            // The request's headers are in: no longer displaceable.
            let service = hyper::service::service_fn(move |req| {
                waiting.store(false, std::sync::atomic::Ordering::Relaxed);
                hyper::service::Service::call(&inner, req)
            });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .keep_alive(false);
            let conn = builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            let reason = match tokio::time::timeout(lifetime, conn).await {
                Ok(Ok(())) => None,
                Ok(Err(e)) if e.is_timeout() => Some("header_timeout"),
                Ok(Err(_)) => None,
                Err(_) => Some("timeout"),
            };
            if let Some(r) = reason {
                metrics::METRICS
                    .admin_connections_refused_total
                    .with_label_values(&[r])
                    .inc();
            }
        });
        gate.set_abort(id, task.abort_handle());
    }
}

fn json_response(v: &Value) -> Response {
    let mut body = serde_json::to_string_pretty(v).unwrap_or_default();
    body.push('\n');
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

fn json_error(code: StatusCode, message: &str, extra: Value) -> Response {
    let mut v = json!({ "error": message });
    if let (Some(o), Value::Object(e)) = (v.as_object_mut(), extra) {
        o.extend(e);
    }
    let mut r = json_response(&v);
    *r.status_mut() = code;
    r
}

/// Whether `headers` carry `Authorization: Bearer <token>`. Compared in
/// constant time over the token's length.
pub fn token_matches(headers: &HeaderMap, token: &str) -> bool {
    let Some(given) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
    else {
        return false;
    };
    let (a, b) = (given.trim().as_bytes(), token.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

async fn require_token(State(state): State<Arc<AdminState>>, req: Request, next: Next) -> Response {
    let allowed = match &*state.token.read() {
        Some(t) => token_matches(req.headers(), t),
        None => true,
    };
    match allowed {
        false => {
            let mut r = json_error(
                StatusCode::UNAUTHORIZED,
                "the admin view needs the token of [admin] token/token_env: send Authorization: Bearer <token> (squeeze ctl --token-env VAR)",
                json!({}),
            );
            r.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                header::HeaderValue::from_static("Bearer"),
            );
            r
        }
        true => next.run(req).await,
    }
}

async fn reload(State(state): State<Arc<AdminState>>) -> Response {
    let Some(tx) = &state.reload else {
        return json_error(
            StatusCode::CONFLICT,
            "squeeze was started without --config: there is no file to reload",
            json!({}),
        );
    };
    let (reply, answer) = oneshot::channel();
    if tx.send(reply).await.is_err() {
        return json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "squeeze is shutting down",
            json!({}),
        );
    }
    match answer.await {
        Ok(Ok(v)) => json_response(&v),
        Ok(Err(errors)) => json_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "config reload refused; the running configuration stays",
            json!({ "errors": errors }),
        ),
        Err(_) => json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "squeeze is shutting down",
            json!({}),
        ),
    }
}

async fn metrics_handler() -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        metrics::METRICS.render(),
    )
}

async fn readyz(State(state): State<Arc<AdminState>>) -> impl IntoResponse {
    let report = state.health().report();
    let all_up = report.iter().all(|r| r.up);
    let mut body = String::new();
    for r in &report {
        body.push_str(&format!(
            "{} {} {}{}\n",
            r.name,
            r.address,
            if r.up { "up" } else { "down" },
            r.error
                .as_ref()
                .map(|e| format!(" ({e})"))
                .unwrap_or_default()
        ));
    }
    let code = if all_up {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (code, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_exact_bearer_token_opens_the_admin_view() {
        let mut h = HeaderMap::new();
        assert!(!token_matches(&h, "s3cret"));
        h.insert(header::AUTHORIZATION, "Bearer s3cre".parse().unwrap());
        assert!(!token_matches(&h, "s3cret"));
        h.insert(header::AUTHORIZATION, "Basic s3cret".parse().unwrap());
        assert!(!token_matches(&h, "s3cret"));
        h.insert(header::AUTHORIZATION, "Bearer s3cret".parse().unwrap());
        assert!(token_matches(&h, "s3cret"));
    }
}
