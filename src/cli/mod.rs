//! Command-line subcommands other than `serve` (which lives in `server`).
pub mod check_config;
pub mod ctl;
pub mod dict;
pub mod inspect;
pub mod udf;
