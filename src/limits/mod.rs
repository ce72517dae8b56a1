//! Process-wide resource limits that every session shares.

pub mod budget;
pub mod fds;
pub mod heavy;
pub mod preauth;
pub mod stack;

pub use budget::{Budget, OverBudget, Reservation};
