//! Squeeze's metadata schema on each shard: the dictionaries its rows
//! reference (so a backup of the database alone can be read back), which
//! columns use which dictionary (so one in use is never deleted), and the
//! checkpoints of `backfill` / `compact` / `restore`.
//!
//! `schema` is pure (DDL, names, checks); `store` does the I/O over a
//! normal client connection (mysql_async); `loader` is the proxy's side:
//! load at start, poll, and fetch an unknown id on demand.
pub mod auth_guard;
pub mod loader;
pub mod pins;
pub mod schema;
pub mod store;
pub mod trained;

/// Default name of the metadata schema (`codec.metadata_schema`); kept in
/// `config`, which `meta` builds on (never the other way round).
pub use crate::config::DEFAULT_METADATA_SCHEMA as DEFAULT_SCHEMA;
