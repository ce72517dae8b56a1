//! Command-line subcommands other than `serve` (which lives in `server`).
pub mod check_config;
pub mod ctl;
pub mod dict;
pub mod fleet;
pub mod inspect;
pub mod mysql_source;
pub mod sample_plan;
