//! Admin HTTP endpoint: `/metrics` (Prometheus text format), `/healthz`
//! (process alive) and `/readyz` (every backend reachable).

pub mod drift;

/// Metrics live in `crate::metrics` (pure modules count too, and must not
/// depend on the HTTP side); re-exported for existing paths.
pub use crate::metrics;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

use crate::backend::health::HealthRegistry;

pub async fn serve(
    addr: SocketAddr,
    health: Arc<HealthRegistry>,
    shutdown: tokio::sync::watch::Receiver<bool>,
) -> anyhow::Result<()> {
    let app = Router::new()
        .route("/metrics", get(metrics_handler))
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(readyz))
        .with_state(health);
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!(%addr, "admin endpoint listening");
    let mut shutdown = shutdown;
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            let _ = shutdown.wait_for(|s| *s).await;
        })
        .await?;
    Ok(())
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

async fn readyz(State(health): State<Arc<HealthRegistry>>) -> impl IntoResponse {
    let report = health.report();
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
