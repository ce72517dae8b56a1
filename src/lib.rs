//! squeeze: a transparent MySQL wire-protocol proxy that stores configured JSON
//! columns as dictionary-compressed blobs.
//!
//! Pure folders (no I/O): `protocol`, `sql`, `codec`, `transform`, `router`.
//! I/O folders: `session` (frontend), `backend`, `admin`, `server`, `workers`,
//! `meta` (squeeze's metadata schema on the shards; `meta::schema` is pure),
//! `jobs` (backfill/compact/restore; `jobs::value` and `jobs::throttle` are pure).

pub mod admin;
pub mod backend;
pub mod cli;
pub mod codec;
pub mod config;
pub mod error;
pub mod jobs;
pub mod limits;
pub mod meta;
pub mod net;
pub mod protocol;
pub mod router;
pub mod server;
pub mod session;
pub mod sql;
pub mod transform;
pub mod workers;
