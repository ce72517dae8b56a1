//! squeeze: a transparent MySQL wire-protocol proxy that stores configured JSON
//! columns as dictionary-compressed blobs.
//!
//! Pure folders (no I/O): `protocol`, `sql`, `codec`, `transform`, `router`,
//! and the shared `error`, `limits` and `metrics`.
//! I/O folders: `session` (frontend), `backend`, `net`, `context` (what
//! every session shares: rules, backend targets, health), `admin`, `server`,
//! `workers`, `meta` (squeeze's metadata schema on the shards; `meta::schema`
//! is pure), `fleet` (the shards an offline command works on, sampling) and
//! `jobs` (backfill/compact/restore; `jobs::value` and `jobs::throttle` are
//! pure); `cli` holds the subcommands. Each module imports only modules of
//! a lower layer (the ordered list in `tests/module_cycles.rs`).

pub mod admin;
pub mod backend;
pub mod charset;
pub mod cli;
pub mod codec;
pub mod config;
pub mod context;
pub mod error;
pub mod fleet;
pub mod in_server;
pub mod interrupt;
pub mod jobs;
pub mod limits;
pub mod meta;
pub mod metrics;
pub mod net;
pub mod protocol;
pub mod results_charset;
pub mod router;
pub mod server;
pub mod session;
pub mod sql;
pub mod transform;
pub mod workers;
