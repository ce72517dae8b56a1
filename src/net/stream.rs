//! A TCP stream that is plain or wrapped in TLS (either direction), or a
//! client's plain Unix socket stream.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpStream, UnixStream};

pub enum MaybeTlsStream {
    Plain(TcpStream),
    /// A client on squeeze's Unix socket (no TLS: the link is local).
    Unix(UnixStream),
    ServerTls(Box<tokio_rustls::server::TlsStream<TcpStream>>),
    ClientTls(Box<tokio_rustls::client::TlsStream<TcpStream>>),
    /// Transitional state while the TCP stream is handed to a TLS upgrade.
    Detached,
}

impl MaybeTlsStream {
    pub fn is_tls(&self) -> bool {
        matches!(
            self,
            MaybeTlsStream::ServerTls(_) | MaybeTlsStream::ClientTls(_)
        )
    }

    /// Protocol version and cipher suite of a TLS stream.
    pub fn tls_suite(&self) -> Option<(rustls::ProtocolVersion, rustls::CipherSuite)> {
        let (v, s) = match self {
            MaybeTlsStream::ServerTls(t) => {
                let c = t.get_ref().1;
                (c.protocol_version(), c.negotiated_cipher_suite())
            }
            MaybeTlsStream::ClientTls(t) => {
                let c = t.get_ref().1;
                (c.protocol_version(), c.negotiated_cipher_suite())
            }
            _ => return None,
        };
        Some((v?, s?.suite()))
    }

    /// The TCP socket underneath, to ask the kernel about its queues.
    pub fn tcp(&self) -> Option<&TcpStream> {
        match self {
            MaybeTlsStream::Plain(s) => Some(s),
            MaybeTlsStream::ServerTls(t) => Some(t.get_ref().0),
            MaybeTlsStream::ClientTls(t) => Some(t.get_ref().0),
            MaybeTlsStream::Unix(_) | MaybeTlsStream::Detached => None,
        }
    }

    pub fn is_unix(&self) -> bool {
        matches!(self, MaybeTlsStream::Unix(_))
    }

    pub fn take_plain(&mut self) -> Option<TcpStream> {
        match std::mem::replace(self, MaybeTlsStream::Detached) {
            MaybeTlsStream::Plain(s) => Some(s),
            other => {
                *self = other;
                None
            }
        }
    }
}

fn detached() -> io::Error {
    io::Error::new(
        io::ErrorKind::NotConnected,
        "stream detached during TLS upgrade",
    )
}

impl AsyncRead for MaybeTlsStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match self.get_mut() {
            MaybeTlsStream::Plain(s) => Pin::new(s).poll_read(cx, buf),
            MaybeTlsStream::Unix(s) => Pin::new(s).poll_read(cx, buf),
            MaybeTlsStream::ServerTls(s) => Pin::new(s.as_mut()).poll_read(cx, buf),
            MaybeTlsStream::ClientTls(s) => Pin::new(s.as_mut()).poll_read(cx, buf),
            MaybeTlsStream::Detached => Poll::Ready(Err(detached())),
        }
    }
}

impl AsyncWrite for MaybeTlsStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match self.get_mut() {
            MaybeTlsStream::Plain(s) => Pin::new(s).poll_write(cx, buf),
            MaybeTlsStream::Unix(s) => Pin::new(s).poll_write(cx, buf),
            MaybeTlsStream::ServerTls(s) => Pin::new(s.as_mut()).poll_write(cx, buf),
            MaybeTlsStream::ClientTls(s) => Pin::new(s.as_mut()).poll_write(cx, buf),
            MaybeTlsStream::Detached => Poll::Ready(Err(detached())),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            MaybeTlsStream::Plain(s) => Pin::new(s).poll_flush(cx),
            MaybeTlsStream::Unix(s) => Pin::new(s).poll_flush(cx),
            MaybeTlsStream::ServerTls(s) => Pin::new(s.as_mut()).poll_flush(cx),
            MaybeTlsStream::ClientTls(s) => Pin::new(s.as_mut()).poll_flush(cx),
            MaybeTlsStream::Detached => Poll::Ready(Err(detached())),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            MaybeTlsStream::Plain(s) => Pin::new(s).poll_shutdown(cx),
            MaybeTlsStream::Unix(s) => Pin::new(s).poll_shutdown(cx),
            MaybeTlsStream::ServerTls(s) => Pin::new(s.as_mut()).poll_shutdown(cx),
            MaybeTlsStream::ClientTls(s) => Pin::new(s.as_mut()).poll_shutdown(cx),
            MaybeTlsStream::Detached => Poll::Ready(Ok(())),
        }
    }
}
