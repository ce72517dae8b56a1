//! Process-wide resource limits that every session shares.

pub mod budget;

pub use budget::{Budget, OverBudget, Reservation};
