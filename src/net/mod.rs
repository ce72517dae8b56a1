//! Async plumbing shared by the frontend and backend sides: a stream that
//! may be upgraded to TLS, and a packet connection over it with optional
//! compressed-protocol framing.

pub mod conn;
pub mod stream;
pub mod tls;

pub use conn::{NetError, PacketConn};
pub use stream::MaybeTlsStream;
