//! Routing: which shard a session or statement goes to. Pure: no I/O.

pub mod pattern;

pub use pattern::NamePattern;
