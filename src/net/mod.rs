//! Async plumbing shared by the frontend and backend sides: a stream that
//! may be upgraded to TLS, and a packet connection over it with optional
//! compressed-protocol framing, and a probe of the kernel's send queue.

pub mod adaptive;
pub mod conn;
pub mod meter;
pub mod policy;
pub mod sendq;
pub mod stream;
pub mod tcp_info;
pub mod tls;

pub use conn::{ChunkRelayError, NetError, PacketConn};
pub use meter::{ByteTotals, Meter};
pub use sendq::SendQueueProbe;
pub use stream::MaybeTlsStream;
