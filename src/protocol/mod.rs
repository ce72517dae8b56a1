//! MySQL client/server protocol: pure encoding and decoding, no I/O.
//!
//! Everything here works on byte slices and `Bytes` so it can be tested by
//! feeding bytes in and checking bytes out; the async plumbing lives in `net`.

pub mod auth;
pub mod bulk_execute;
pub mod capabilities;
pub mod coldef;
pub mod command;
pub mod compress;
pub mod execute;
pub mod fuzz;
pub mod handshake;
pub mod lenenc;
pub mod packet;
pub mod proxy_header;
pub mod response;
pub mod rows;
pub mod session_state;

pub use packet::{Packet, ProtocolError};
