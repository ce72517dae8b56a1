//! squeeze: a transparent MySQL wire-protocol proxy that stores configured JSON
//! columns as dictionary-compressed blobs.
//!
//! Pure folders (no I/O): `protocol`, `sql`, `codec`, `transform`, `router`,
//! and the shared `error`, `metrics` and `context`.
//! I/O folders: `session` (frontend), `backend`, `net`, `admin`, `server`,
//! `workers`, `meta` (squeeze's metadata schema on the shards; `meta::schema`
//! is pure) and `jobs` (backfill/compact/restore; `jobs::value` and
//! `jobs::throttle` are pure). Modules depend downwards only
//! (`tests/module_cycles.rs`).

pub mod admin;
pub mod backend;
pub mod charset;
pub mod cli;
pub mod codec;
pub mod config;
pub mod context;
pub mod error;
pub mod jobs;
pub mod limits;
pub mod meta;
pub mod metrics;
pub mod net;
pub mod protocol;
pub mod router;
pub mod server;
pub mod session;
pub mod sql;
pub mod transform;
pub mod workers;
