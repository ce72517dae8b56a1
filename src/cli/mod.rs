//! Command-line subcommands other than `serve` (which lives in `server`).
pub mod dict;
pub mod inspect;
