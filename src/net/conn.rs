// Over 600 lines: one connection type; reads, writes, compressed framing, TLS upgrade and the adaptive split share its buffers.
//! A packet connection: buffered reads and writes of MySQL packets over a
//! (possibly TLS) stream, with optional compressed-protocol framing.
//!
//! Writes are buffered until `flush`, so a whole response goes out in as few
//! syscalls as possible; the relay flushes whenever it would otherwise wait
//! for more input.

use std::io;
use std::sync::Arc;

use bytes::{Bytes, BytesMut};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::stream::MaybeTlsStream;
use crate::limits::{OverBudget, Reservation};
use crate::protocol::compress::{
    encode_frame, frame_end_hint, next_frame, FrameInflater, WireCodec,
};
use crate::protocol::packet::{
    decode_packet, encode_packet, opens_split_packet, packet_end_hint, PieceIds, SplitPacket,
    HEADER_LEN, MAX_PAYLOAD,
};
use crate::protocol::{Packet, ProtocolError};

#[derive(Debug, thiserror::Error)]
pub enum NetError {
    #[error("connection closed by peer")]
    Closed,
    #[error("i/o error: {0}")]
    Io(#[from] io::Error),
    #[error(transparent)]
    Protocol(#[from] ProtocolError),
    #[error("TLS error: {0}")]
    Tls(String),
    /// Buffering more would go past the global memory budget; the packet
    /// being read is incomplete, so the connection cannot go on.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
}

/// Which side failed while a chunk was relayed between two connections.
#[derive(Debug)]
pub enum ChunkRelayError {
    Read(NetError),
    Write(NetError),
}

/// Compressed-protocol state of one connection.
#[derive(Debug, Clone, Copy)]
pub struct Compression {
    pub seq: u8,
    /// The negotiated algorithm (both ways) and squeeze's level for it.
    pub codec: WireCodec,
    /// Compress outgoing frames (when false, frames are sent marked raw).
    pub compress_writes: bool,
}

pub struct PacketConn {
    stream: MaybeTlsStream,
    /// Decoded stream bytes (already inflated when compression is on).
    rbuf: BytesMut,
    /// Raw wire bytes awaiting frame decoding (compression only).
    raw: BytesMut,
    wbuf: BytesMut,
    /// Sequence id of the next packet read or written.
    pub seq: u8,
    compression: Option<Compression>,
    max_payload: usize,
    /// Bulk connections: the read half and the adaptive writer task that
    /// owns the write half (`stream` is then `Detached`).
    split: Option<SplitIo>,
    /// A flush started and has not finished (it was cancelled, or failed):
    /// the peer may have received part of a packet.
    write_interrupted: bool,
    /// The compressed frame being inflated (a step at a time).
    inflating: Option<FrameInflater>,
    /// The last read filled all the room it had: read more at a time.
    read_full: bool,
    /// Bytes of the packet last returned by a read, held by the caller
    /// until the next command (counted against the budget meanwhile).
    held: usize,
    /// The largest packet handed out since the connection was last idle:
    /// freed by now, and worth giving back to the operating system.
    largest_held: usize,
    /// This connection's share of the global memory budget: the capacity
    /// of its buffers plus `held`.
    mem: Reservation,
    /// Where the bytes read and written are counted (none: not counted).
    meter: Option<super::Meter>,
    /// A refused packet is being read and dropped: inflate in steps, not
    /// sized by the packet's headers.
    discarding: bool,
    /// A packet of several 16 MiB chunks being read into its own payload.
    gathering: Option<SplitPacket>,
}

struct SplitIo {
    read: tokio::io::ReadHalf<MaybeTlsStream>,
    writer: crate::net::adaptive::AdaptiveWriter,
}

const READ_CHUNK: usize = 64 * 1024;
/// First read into an empty buffer (an idle connection waiting for its next
/// command holds only this much).
const IDLE_READ: usize = 4 * 1024;
/// Buffers above this size are released when a command ends. Below it a
/// buffer is kept: releasing the few KB a typical row needs made every
/// point select re-grow it (one more recv and a copy per command, about 4%
/// of squeeze's CPU per point select); four of them stay within an idle
/// session's 64 KB target.
const IDLE_KEEP: usize = 16 * 1024;
/// Bytes inflated per step from a client-compressed frame.
const INFLATE_STEP: usize = 64 * 1024;
/// Flush automatically once this much output is buffered.
const WRITE_HIGH_WATER: usize = 1 << 20;

impl PacketConn {
    pub fn new(stream: TcpStream, max_payload: usize) -> Self {
        let _ = stream.set_nodelay(true);
        Self::over(MaybeTlsStream::Plain(stream), max_payload)
    }

    /// A client connection on squeeze's Unix socket.
    pub fn new_unix(stream: tokio::net::UnixStream, max_payload: usize) -> Self {
        Self::over(MaybeTlsStream::Unix(stream), max_payload)
    }

    fn over(stream: MaybeTlsStream, max_payload: usize) -> Self {
        PacketConn {
            stream,
            // Grown on first use: a connection that never gets past the
            // handshake costs no 64 KiB buffers.
            rbuf: BytesMut::new(),
            raw: BytesMut::new(),
            wbuf: BytesMut::new(),
            seq: 0,
            compression: None,
            max_payload,
            split: None,
            write_interrupted: false,
            inflating: None,
            read_full: false,
            held: 0,
            largest_held: 0,
            mem: Reservation::global(),
            meter: None,
            discarding: false,
            gathering: None,
        }
    }

    /// Count this connection's bytes from now on.
    pub fn set_meter(&mut self, meter: super::Meter) {
        self.meter = Some(meter);
    }

    fn count_read(&self, n: usize) {
        if let Some(m) = &self.meter {
            m.read(n);
        }
    }

    fn count_written(&self, n: usize) {
        if let Some(m) = &self.meter {
            m.written(n);
        }
    }

    /// Bytes this connection holds against the memory budget.
    pub fn budget_bytes(&self) -> usize {
        self.mem.bytes()
    }

    fn buffered_bytes(&self) -> usize {
        self.rbuf.capacity()
            + self.raw.capacity()
            + self.wbuf.capacity()
            + self.held
            + self.gathering.as_ref().map_or(0, SplitPacket::announced)
    }

    /// Count what the buffers hold now (they may have grown past what was
    /// reserved: allocators round up).
    fn true_up(&mut self) {
        let n = self.buffered_bytes();
        self.mem.set_forced(n);
    }

    /// Reserve for buffers growing by up to `extra` bytes before growing
    /// them.
    fn reserve_growth(&mut self, extra: usize) -> Result<(), OverBudget> {
        let n = self.buffered_bytes() + extra;
        self.mem.ensure(n)
    }

    /// The session is between commands: release the packet it held and
    /// the capacity of buffers that grew for a large packet or result, so
    /// an idle connection costs a few KB.
    /// Returns how many bytes of buffer capacity it released, counting
    /// the largest packet handed out during the command (dropped by now).
    pub fn shrink_idle(&mut self) -> usize {
        self.held = 0;
        let held = std::mem::take(&mut self.largest_held);
        let before = held + self.rbuf.capacity() + self.raw.capacity() + self.wbuf.capacity();
        if self.inflating.is_none() {
            if self.rbuf.is_empty() && self.rbuf.capacity() > IDLE_KEEP {
                self.rbuf = BytesMut::new();
                self.read_full = false;
            }
            if self.raw.is_empty() && self.raw.capacity() > IDLE_KEEP {
                self.raw = BytesMut::new();
                self.read_full = false;
            }
        }
        if self.wbuf.is_empty() && self.wbuf.capacity() > IDLE_KEEP {
            self.wbuf = BytesMut::new();
        }
        self.true_up();
        before - (self.rbuf.capacity() + self.raw.capacity() + self.wbuf.capacity())
    }

    /// Drop queued output (after an interrupted flush it cannot be sent).
    pub fn discard_output(&mut self) {
        self.wbuf.clear();
    }

    /// Whether a flush was cut short, so the peer may hold part of a packet.
    pub fn write_interrupted(&self) -> bool {
        self.write_interrupted
    }

    pub fn is_tls(&self) -> bool {
        self.stream.is_tls()
    }

    /// A client on squeeze's Unix socket.
    pub fn is_unix(&self) -> bool {
        self.stream.is_unix()
    }

    /// Protocol version and cipher suite, when the stream is TLS.
    pub fn tls_suite(&self) -> Option<(rustls::ProtocolVersion, rustls::CipherSuite)> {
        self.stream.tls_suite()
    }

    pub fn is_compressed(&self) -> bool {
        self.compression.is_some()
    }

    pub fn set_max_payload(&mut self, max: usize) {
        self.max_payload = max;
    }

    /// Switch to the compressed protocol (after the handshake OK packet).
    pub fn enable_compression(&mut self, codec: WireCodec, compress_writes: bool) {
        self.compression = Some(Compression {
            seq: self.seq,
            codec,
            compress_writes,
        });
    }

    /// Hand the write half to an adaptive writer task (compressed protocol
    /// only; call after `enable_compression`). Reads continue here.
    pub fn start_adaptive(&mut self, settings: crate::net::adaptive::WriterSettings) {
        let Some(codec) = self.compression.map(|c| c.codec) else {
            return;
        };
        if self.split.is_some() {
            return;
        }
        if let Some(tcp) = self.stream.tcp() {
            crate::net::sendq::tune_bulk_socket(
                tcp,
                settings.send_buffer_bytes,
                settings.unsent_low_water_bytes,
            );
        }
        let socket = self.stream.tcp().map(crate::net::SendQueueProbe::new);
        let stream = std::mem::replace(&mut self.stream, MaybeTlsStream::Detached);
        let (read, write) = tokio::io::split(stream);
        self.split = Some(SplitIo {
            read,
            writer: crate::net::adaptive::AdaptiveWriter::spawn(write, socket, settings, codec),
        });
    }

    /// The adaptive writer, when this is a bulk connection.
    pub fn adaptive(&mut self) -> Option<&mut crate::net::adaptive::AdaptiveWriter> {
        self.split.as_mut().map(|s| &mut s.writer)
    }

    /// Start a new command phase: sequence ids restart at 0.
    pub fn begin_command(&mut self) {
        self.held = 0;
        self.seq = 0;
        if let Some(c) = &mut self.compression {
            c.seq = 0;
        }
    }

    /// Upgrade to TLS as the server side. Nothing may be buffered: the
    /// connection phase reads exactly, so the ClientHello is still unread.
    pub async fn accept_tls(
        &mut self,
        acceptor: &tokio_rustls::TlsAcceptor,
    ) -> Result<(), NetError> {
        debug_assert!(self.rbuf.is_empty());
        let tcp = self
            .stream
            .take_plain()
            .ok_or_else(|| NetError::Tls("already using TLS".into()))?;
        let tls = acceptor
            .accept(tcp)
            .await
            .map_err(|e| NetError::Tls(e.to_string()))?;
        self.stream = MaybeTlsStream::ServerTls(Box::new(tls));
        Ok(())
    }

    /// Upgrade to TLS as the client side (towards a backend).
    pub async fn connect_tls(
        &mut self,
        config: Arc<rustls::ClientConfig>,
        server_name: &str,
    ) -> Result<(), NetError> {
        let tcp = self
            .stream
            .take_plain()
            .ok_or_else(|| NetError::Tls("already using TLS".into()))?;
        let name = rustls::pki_types::ServerName::try_from(server_name.to_string())
            .map_err(|e| NetError::Tls(format!("invalid server name {server_name:?}: {e}")))?;
        let tls = tokio_rustls::TlsConnector::from(config)
            .connect(name, tcp)
            .await
            .map_err(|e| NetError::Tls(e.to_string()))?;
        self.stream = MaybeTlsStream::ClientTls(Box::new(tls));
        Ok(())
    }

    /// Read one packet without reading past its end (connection phase, so a
    /// TLS ClientHello that follows an SSLRequest stays on the socket). The
    /// declared length is checked against the limit before anything is
    /// allocated for the payload. A peer that closes before sending a byte
    /// is `Closed`; one that closes partway through a packet is
    /// `Truncated` (a protocol error, not a client that merely left).
    pub async fn read_packet_exact(&mut self) -> Result<Packet, NetError> {
        debug_assert!(self.rbuf.is_empty() && self.compression.is_none());
        let mut header = [0u8; HEADER_LEN];
        match read_fully(&mut self.stream, &mut header).await? {
            0 => return Err(NetError::Closed),
            HEADER_LEN => {}
            _ => return Err(ProtocolError::Truncated.into()),
        }
        let len = u32::from_le_bytes([header[0], header[1], header[2], 0]) as usize;
        if len >= MAX_PAYLOAD || len > self.max_payload {
            return Err(ProtocolError::TooLarge {
                size: len,
                max: self.max_payload.min(MAX_PAYLOAD - 1),
            }
            .into());
        }
        if header[3] != self.seq {
            return Err(ProtocolError::OutOfOrder {
                expected: self.seq,
                got: header[3],
            }
            .into());
        }
        let mut payload = vec![0u8; len];
        if read_fully(&mut self.stream, &mut payload).await? < len {
            return Err(ProtocolError::Truncated.into());
        }
        self.count_read(HEADER_LEN + len);
        self.seq = self.seq.wrapping_add(1);
        Ok(Packet {
            seq: header[3],
            chunks: 1,
            payload: Bytes::from(payload),
        })
    }

    /// Take a complete packet from what is already buffered, if any.
    pub fn try_read_packet(&mut self) -> Result<Option<Packet>, NetError> {
        loop {
            let ids = if self.compression.is_some() {
                PieceIds::Unchecked
            } else {
                PieceIds::Consecutive
            };
            let packet = if self.gathering.is_some() || opens_split_packet(&self.rbuf) {
                self.gather(ids)?
            } else {
                decode_packet(&mut self.rbuf, self.max_payload, ids)?
            };
            if let Some(p) = packet {
                self.accept_seq(&p)?;
                // The caller holds the payload until its next command; a
                // packet joined from 16 MiB chunks is a copy of its own.
                // Small packets are not worth an atomic update per row.
                let held = if p.payload.len() >= READ_CHUNK {
                    p.payload.len()
                } else {
                    0
                };
                if held != self.held {
                    self.held = held;
                    self.largest_held = self.largest_held.max(held);
                    self.true_up();
                }
                return Ok(Some(p));
            }
            // With compression, inflate another buffered frame and retry.
            if !self.decode_buffered_frame()? {
                return Ok(None);
            }
        }
    }

    /// Read one packet, waiting for the peer as needed.
    pub async fn read_packet(&mut self) -> Result<Packet, NetError> {
        loop {
            if let Some(p) = self.try_read_packet()? {
                return Ok(p);
            }
            if !self.read_into_split_packet().await? {
                self.fill().await?;
            }
        }
    }

    /// Move what the buffers hold of a packet split into 16 MiB chunks
    /// into its own payload, charging each chunk to the budget when its
    /// header announces it; the packet once it is whole.
    fn gather(&mut self, ids: PieceIds) -> Result<Option<Packet>, NetError> {
        let max = self.max_payload;
        let first_seq = self.rbuf.get(3).copied().unwrap_or(0);
        let gathering = self
            .gathering
            .get_or_insert_with(|| SplitPacket::new(first_seq, ids, max));
        let announced = gathering.announced();
        match gathering.take_from(&mut self.rbuf, max) {
            Ok(Some(p)) => {
                self.gathering = None;
                Ok(Some(p))
            }
            Ok(None) => {
                let grew = self.gathering.as_ref().map_or(0, SplitPacket::announced) > announced;
                if grew {
                    if let Err(e) = self.mem.ensure(self.buffered_bytes()) {
                        self.gathering = None;
                        self.true_up();
                        return Err(e.into());
                    }
                }
                Ok(None)
            }
            Err(e) => {
                self.gathering = None;
                self.true_up();
                Err(e.into())
            }
        }
    }

    /// On a plain connection with nothing buffered, read the rest of the
    /// current chunk of a split packet straight into its payload (no copy
    /// through the read buffer). Returns whether it read.
    async fn read_into_split_packet(&mut self) -> Result<bool, NetError> {
        if self.compression.is_some() || self.split.is_some() || !self.rbuf.is_empty() {
            return Ok(false);
        }
        let Some(gathering) = &mut self.gathering else {
            return Ok(false);
        };
        if gathering.chunk_left() == 0 {
            return Ok(false);
        }
        let n = self.stream.read_buf(&mut gathering.chunk_room()).await?;
        if n == 0 {
            return Err(NetError::Closed);
        }
        gathering.took(n);
        self.count_read(n);
        Ok(true)
    }

    /// Read and drop the packet at the front of the stream (one refused as
    /// too large), piece by piece as it arrives, holding no more than a
    /// read's worth of it, so the peer is not cut off while it still
    /// writes. Returns the sequence id that follows its last piece (the id
    /// of the answer) and the packet's size. Gives up (`Closed`) past
    /// `MAX_DISCARD` bytes.
    pub async fn discard_packet(&mut self) -> Result<(u8, u64), NetError> {
        const MAX_DISCARD: u64 = 4 << 30;
        self.discarding = true;
        let r = self.discard_inner(MAX_DISCARD).await;
        self.discarding = false;
        r
    }

    async fn discard_inner(&mut self, max: u64) -> Result<(u8, u64), NetError> {
        let mut dropped = 0u64;
        loop {
            while self.rbuf.len() < HEADER_LEN {
                self.fill_discarding().await?;
            }
            let h = &self.rbuf[..HEADER_LEN];
            let len = u32::from_le_bytes([h[0], h[1], h[2], 0]) as usize;
            let seq = h[3];
            bytes::Buf::advance(&mut self.rbuf, HEADER_LEN);
            let mut left = len;
            loop {
                let n = left.min(self.rbuf.len());
                bytes::Buf::advance(&mut self.rbuf, n);
                left -= n;
                dropped += n as u64;
                if left == 0 {
                    break;
                }
                if dropped > max {
                    return Err(NetError::Closed);
                }
                self.fill_discarding().await?;
            }
            if len < MAX_PAYLOAD {
                let next = match &self.compression {
                    Some(c) => c.seq,
                    None => seq.wrapping_add(1),
                };
                self.seq = next;
                return Ok((next, dropped));
            }
        }
    }

    /// More stream bytes while discarding: into the room the buffers have
    /// (a read's worth), never sized by the packet being dropped.
    async fn fill_discarding(&mut self) -> Result<(), NetError> {
        if self.decode_buffered_frame()? {
            return Ok(());
        }
        let target = if self.compression.is_some() {
            &mut self.raw
        } else {
            &mut self.rbuf
        };
        if target.capacity() - target.len() < READ_CHUNK {
            let _ = target.try_reclaim(READ_CHUNK);
        }
        if self.compression.is_some() {
            // A whole frame must be here before it is inflated.
            let hint = frame_end_hint(&self.raw);
            if hint > self.raw.capacity() {
                let extra = hint - self.raw.len();
                self.reserve_growth(extra)?;
                self.raw.reserve(extra);
            }
        }
        let target = if self.compression.is_some() {
            &mut self.raw
        } else {
            &mut self.rbuf
        };
        if target.capacity() == target.len() {
            target.reserve(READ_CHUNK);
        }
        self.read_more().await
    }

    fn accept_seq(&mut self, p: &Packet) -> Result<(), NetError> {
        self.accept_chunks(p.seq, p.chunks)
    }

    /// Check and advance the sequence id past `chunks` physical packets
    /// starting at `seq`.
    fn accept_chunks(&mut self, seq: u8, chunks: u8) -> Result<(), NetError> {
        match &self.compression {
            // Inside compressed frames the packet ids are not checked (as
            // in MySQL's own net layer); the frame ids are.
            Some(c) => self.seq = c.seq,
            None => {
                if seq != self.seq {
                    return Err(ProtocolError::OutOfOrder {
                        expected: self.seq,
                        got: seq,
                    }
                    .into());
                }
                self.seq = seq.wrapping_add(chunks);
            }
        }
        Ok(())
    }

    /// The declared length of the next physical chunk if its header is
    /// here (inflating buffered compressed frames as needed), without
    /// reading from the socket.
    pub fn try_peek_chunk_len(&mut self) -> Result<Option<usize>, NetError> {
        debug_assert!(self.gathering.is_none(), "peek inside a packet being read");
        loop {
            if let Some(len) = buffered_chunk_len(&self.rbuf) {
                return Ok(Some(len));
            }
            if !self.decode_buffered_frame()? {
                return Ok(None);
            }
        }
    }

    /// The declared length of the next physical chunk, waiting for its
    /// header.
    pub async fn peek_chunk_len(&mut self) -> Result<usize, NetError> {
        loop {
            if let Some(len) = self.try_peek_chunk_len()? {
                return Ok(len);
            }
            self.fill().await?;
        }
    }

    /// Relay the next physical chunk to `out` as a chunk of its own (only
    /// the sequence id changes), once it is whole here. This is how a
    /// packet too large for one 16 MiB chunk crosses the proxy when nothing
    /// needs to read it: a session holds one chunk at a time instead of the
    /// whole packet (a 1 GiB row costs ~16 MiB, not 1 GiB). Returns whether
    /// the chunk ended its packet (shorter than 16 MiB - 1).
    pub async fn relay_chunk_to(&mut self, out: &mut PacketConn) -> Result<bool, ChunkRelayError> {
        let len = loop {
            if let Some(len) = self.try_peek_chunk_len().map_err(ChunkRelayError::Read)? {
                if self.rbuf.len() >= HEADER_LEN + len {
                    break len;
                }
            }
            self.fill().await.map_err(ChunkRelayError::Read)?;
        };
        self.accept_chunks(self.rbuf[3], 1)
            .map_err(ChunkRelayError::Read)?;
        out.write_chunk(&self.rbuf[HEADER_LEN..HEADER_LEN + len])
            .await
            .map_err(ChunkRelayError::Write)?;
        bytes::Buf::advance(&mut self.rbuf, HEADER_LEN + len);
        Ok(len < MAX_PAYLOAD)
    }

    /// Move more stream bytes out of the compressed frames received: the
    /// next step of the frame being inflated, or the next frame. A step
    /// adds at most `INFLATE_STEP` bytes, and the caller tries to cut a
    /// packet (whose declared size is checked) between steps, so what a
    /// client's frames expand to is never buffered past `max_payload` plus
    /// a step, and is charged to the budget before it is produced.
    fn decode_buffered_frame(&mut self) -> Result<bool, NetError> {
        let Some(c) = &mut self.compression else {
            return Ok(false);
        };
        if self.inflating.is_none() {
            let Some(frame) = next_frame(&mut self.raw, self.max_payload.max(MAX_PAYLOAD))? else {
                return Ok(false);
            };
            if frame.seq != c.seq {
                return Err(ProtocolError::OutOfOrder {
                    expected: c.seq,
                    got: frame.seq,
                }
                .into());
            }
            c.seq = frame.seq.wrapping_add(1);
            if frame.raw_len == 0 {
                self.reserve_growth(frame.body.len())?;
                self.rbuf.extend_from_slice(&frame.body);
                self.true_up();
                return Ok(true);
            }
            self.inflating = Some(FrameInflater::new(
                frame.body,
                frame.raw_len,
                c.codec.algorithm,
            )?);
        }
        let step = self
            .inflating
            .as_ref()
            .map_or(0, |f| f.remaining().min(INFLATE_STEP));
        // Room for the packet as far as its headers tell (its size was
        // checked against max_payload), so the buffer grows once per
        // 16 MiB chunk rather than doubling through every size below it.
        let want = if self.discarding {
            self.rbuf.len() + step
        } else {
            (self.rbuf.len() + step).max(packet_end_hint(&self.rbuf))
        };
        if want > self.rbuf.capacity() {
            let new_cap = self.next_capacity(self.rbuf.capacity(), want);
            self.reserve_growth(new_cap - self.rbuf.capacity())?;
            grow_to(&mut self.rbuf, new_cap);
        }
        let done = match &mut self.inflating {
            Some(f) => f.step(&mut self.rbuf, step)?,
            None => true,
        };
        if done {
            self.inflating = None;
        }
        self.true_up();
        Ok(true)
    }

    /// Make room for the next read, charging the growth to the budget
    /// first: as much as the packet (or frame) at the front says it needs,
    /// else a small read for a connection that has been quiet and a large
    /// one while data streams in.
    fn grow_for_read(&mut self) -> Result<(), OverBudget> {
        let compressed = self.compression.is_some();
        let target = if compressed { &self.raw } else { &self.rbuf };
        let hint = if compressed {
            frame_end_hint(target)
        } else if self.gathering.is_some() {
            // The front of the buffer may be the middle of a chunk, not a
            // header; the chunk goes to the packet's own payload anyway.
            0
        } else {
            packet_end_hint(target)
        };
        let (len, cap) = (target.len(), target.capacity());
        // The rest of a packet whose header is in fits: read just that.
        if hint > len && hint <= cap && !self.read_full {
            return Ok(());
        }
        let chunk = if self.read_full {
            READ_CHUNK
        } else {
            IDLE_READ
        };
        let want = hint.max(len + chunk);
        if cap >= want {
            return Ok(());
        }
        let target = if compressed {
            &mut self.raw
        } else {
            &mut self.rbuf
        };
        // Room that packets already taken left at the front is reused
        // without allocating; reading into the few bytes left at the end
        // instead cost a second recv for many responses.
        if target.try_reclaim(want - len) {
            return Ok(());
        }
        let new_cap = self.next_capacity(cap, want);
        self.reserve_growth(new_cap - cap)?;
        let target = if compressed {
            &mut self.raw
        } else {
            &mut self.rbuf
        };
        grow_to(target, new_cap);
        Ok(())
    }

    /// The capacity a read buffer grows to when it needs `want` bytes:
    /// doubling (so a packet of unknown total is copied O(log n) times),
    /// but never past what the largest allowed packet can need, so a
    /// refused packet cannot make the buffer twice the limit.
    fn next_capacity(&self, cap: usize, want: usize) -> usize {
        let ceiling = self.max_payload.max(MAX_PAYLOAD)
            + HEADER_LEN * (self.max_payload / MAX_PAYLOAD + 2)
            + INFLATE_STEP.max(READ_CHUNK);
        (2 * cap).min(ceiling).max(want)
    }

    async fn fill(&mut self) -> Result<(), NetError> {
        self.grow_for_read()?;
        self.read_more().await
    }

    /// Read into the spare room of the buffer the next bytes belong in.
    async fn read_more(&mut self) -> Result<(), NetError> {
        self.true_up();
        let target = if self.compression.is_some() {
            &mut self.raw
        } else {
            &mut self.rbuf
        };
        let room = target.capacity() - target.len();
        let n = match &mut self.split {
            Some(s) => s.read.read_buf(target).await?,
            None => self.stream.read_buf(target).await?,
        };
        if n == 0 {
            return Err(NetError::Closed);
        }
        self.count_read(n);
        self.read_full = n >= room;
        Ok(())
    }

    /// Wait until the peer closes the connection or sends something while
    /// no response is expected (an idle connection); returns why, and
    /// whether the peer reset the connection rather than closing it. Cancel
    /// safe: dropping it before it resolves reads nothing.
    pub async fn closed_by_peer(&mut self) -> (String, bool) {
        // Watching needs a small buffer; it is counted but never refused,
        // since a refusal here would read as the peer going away.
        let target = if self.compression.is_some() {
            &mut self.raw
        } else {
            &mut self.rbuf
        };
        if target.capacity() == target.len() {
            target.reserve(IDLE_READ);
        }
        match self.read_more().await {
            Ok(()) => ("unexpected data on an idle connection".to_string(), false),
            Err(e) => {
                let reset =
                    matches!(&e, NetError::Io(io) if io.kind() == io::ErrorKind::ConnectionReset);
                (e.to_string(), reset)
            }
        }
    }

    /// Wait until the peer closes the connection (true), or sends
    /// something, kept for the next read (false). Cancel safe, as
    /// [`Self::closed_by_peer`].
    pub async fn peer_gone(&mut self) -> bool {
        let target = if self.compression.is_some() {
            &mut self.raw
        } else {
            &mut self.rbuf
        };
        if target.capacity() == target.len() {
            target.reserve(IDLE_READ);
        }
        self.read_more().await.is_err()
    }

    /// End the connection with a reset (RST), as a peer that reset its own
    /// did, instead of an orderly close: nothing queued is sent.
    pub fn reset(&mut self) {
        self.discard_output();
        if let Some(tcp) = self.stream.tcp() {
            // A zero linger never blocks the thread: the close sends RST.
            #[allow(deprecated)]
            let _ = tcp.set_linger(Some(std::time::Duration::ZERO));
        }
        self.stream = MaybeTlsStream::Detached;
    }

    /// Queue one packet (split at 16 MiB as needed) with the next sequence
    /// id. Never refused: its buffer is counted against the budget after
    /// the fact (callers that relay large data use `write_packet_buffered`).
    pub fn write_packet(&mut self, payload: &[u8]) {
        encode_packet(&mut self.wbuf, &mut self.seq, payload);
        if self.wbuf.capacity() > IDLE_KEEP {
            self.true_up();
        }
    }

    /// Queue a packet and flush if a lot of output is pending. A large
    /// payload on a plain connection is written straight from the caller's
    /// buffer instead of being copied behind the queued output, so a row
    /// waiting for a slow client is held once, not twice. Buffer growth is
    /// charged to the budget first (`NetError::OverBudget`, nothing
    /// written).
    pub async fn write_packet_buffered(&mut self, payload: &[u8]) -> Result<(), NetError> {
        if payload.len() >= WRITE_HIGH_WATER && self.compression.is_none() && self.split.is_none() {
            self.flush().await?;
            return self.write_packet_direct(payload).await;
        }
        let needed =
            self.wbuf.len() + payload.len() + HEADER_LEN * (payload.len() / MAX_PAYLOAD + 1);
        if needed > self.wbuf.capacity() {
            let predicted = needed.max(2 * self.wbuf.capacity());
            self.reserve_growth(predicted - self.wbuf.capacity())?;
        }
        self.write_packet(payload);
        if self.wbuf.len() >= WRITE_HIGH_WATER {
            self.flush().await?;
        }
        Ok(())
    }

    /// Send one packet from `payload` without copying it (nothing else may
    /// be queued): headers and chunks go out as they are.
    async fn write_packet_direct(&mut self, payload: &[u8]) -> Result<(), NetError> {
        debug_assert!(self.wbuf.is_empty());
        self.write_interrupted = true;
        let mut rest = payload;
        loop {
            let n = rest.len().min(MAX_PAYLOAD);
            let header = self.next_chunk_header(n);
            self.stream.write_all(&header).await?;
            self.stream.write_all(&rest[..n]).await?;
            self.count_written(HEADER_LEN + n);
            rest = &rest[n..];
            if n < MAX_PAYLOAD {
                break;
            }
        }
        self.stream.flush().await?;
        self.write_interrupted = false;
        Ok(())
    }

    fn next_chunk_header(&mut self, len: usize) -> [u8; HEADER_LEN] {
        let mut header = [0u8; HEADER_LEN];
        header[..3].copy_from_slice(&(len as u32).to_le_bytes()[..3]);
        header[3] = self.seq;
        self.seq = self.seq.wrapping_add(1);
        header
    }

    /// Send one physical chunk of a packet relayed piece by piece
    /// (`relay_chunk_to`): `payload` is at most 16 MiB - 1 bytes, and
    /// exactly that means more chunks follow. Sent at once; on a plain
    /// connection straight from the caller's buffer.
    pub async fn write_chunk(&mut self, payload: &[u8]) -> Result<(), NetError> {
        debug_assert!(payload.len() <= MAX_PAYLOAD);
        if self.split.is_none() {
            self.flush().await?;
            self.write_interrupted = true;
            let header = self.next_chunk_header(payload.len());
            match self.compression {
                None => {
                    self.stream.write_all(&header).await?;
                    self.stream.write_all(payload).await?;
                    self.count_written(HEADER_LEN + payload.len());
                }
                Some(mut c) => {
                    // The compressed protocol is a byte stream: the header
                    // may travel in a frame of its own, so the chunk is
                    // framed from the caller's buffer, not copied behind it.
                    for piece in [&header[..], payload] {
                        let mut framed = BytesMut::with_capacity(piece.len() / 2 + 64);
                        encode_frame(
                            &mut framed,
                            c.seq,
                            piece,
                            c.compress_writes.then_some(c.codec),
                        );
                        c.seq = c.seq.wrapping_add(1);
                        self.stream.write_all(&framed).await?;
                        self.count_written(framed.len());
                    }
                    // The pieces of one packet are numbered one after the
                    // other whatever frames carry them (Connector/J checks
                    // it); the next packet continues from the frame ids.
                    if payload.len() < MAX_PAYLOAD {
                        self.seq = c.seq;
                    }
                    self.compression = Some(c);
                }
            }
            self.stream.flush().await?;
            self.write_interrupted = false;
            return Ok(());
        }
        let needed = self.wbuf.len() + HEADER_LEN + payload.len();
        if needed > self.wbuf.capacity() {
            self.reserve_growth(needed - self.wbuf.capacity())?;
        }
        let header = self.next_chunk_header(payload.len());
        self.wbuf.extend_from_slice(&header);
        self.wbuf.extend_from_slice(payload);
        self.flush().await
    }

    /// Fast path for result rows that need no transformation: move every
    /// complete, single-chunk row packet already buffered here straight into
    /// `out`'s write buffer, headers included, with one copy and no per-row
    /// `Packet`. Stops before anything that is not plainly a row (a packet
    /// starting with 0xFE or 0xFF, an empty or 16 MiB packet, an incomplete
    /// one, a sequence id out of step), which the caller then reads the
    /// normal way. Only when neither side is compressed or split and both
    /// sequence counters agree, so the forwarded ids are already right.
    /// Returns the number of packets moved.
    pub fn pass_rows_to(&mut self, out: &mut PacketConn) -> usize {
        if self.compression.is_some()
            || out.compression.is_some()
            || self.gathering.is_some()
            || self.split.is_some()
            || out.split.is_some()
            || self.seq != out.seq
        {
            return 0;
        }
        let buf = &self.rbuf[..];
        let (mut off, mut n, mut seq) = (0usize, 0usize, self.seq);
        while buf.len() >= off + HEADER_LEN {
            let h = &buf[off..off + HEADER_LEN];
            let len = u32::from_le_bytes([h[0], h[1], h[2], 0]) as usize;
            if len == 0 || len >= MAX_PAYLOAD || len > self.max_payload || h[3] != seq {
                break;
            }
            if buf.len() < off + HEADER_LEN + len {
                break;
            }
            if matches!(buf[off + HEADER_LEN], 0xFE | 0xFF) {
                break;
            }
            off += HEADER_LEN + len;
            seq = seq.wrapping_add(1);
            n += 1;
        }
        if n > 0 {
            out.wbuf.extend_from_slice(&self.rbuf[..off]);
            bytes::Buf::advance(&mut self.rbuf, off);
            self.seq = seq;
            out.seq = seq;
        }
        n
    }

    pub fn pending_output(&self) -> usize {
        self.wbuf.len()
    }

    /// Send everything queued.
    pub async fn flush(&mut self) -> Result<(), NetError> {
        if self.wbuf.is_empty() {
            return Ok(());
        }
        if self.split.is_some() {
            return self.flush_adaptive().await;
        }
        self.write_interrupted = true;
        match self.compression {
            None => {
                self.stream.write_all(&self.wbuf).await?;
                self.count_written(self.wbuf.len());
                self.wbuf.clear();
            }
            Some(mut c) => {
                let mut framed = BytesMut::with_capacity(self.wbuf.len() / 2 + 64);
                for chunk in self.wbuf.chunks(MAX_PAYLOAD) {
                    encode_frame(
                        &mut framed,
                        c.seq,
                        chunk,
                        c.compress_writes.then_some(c.codec),
                    );
                    c.seq = c.seq.wrapping_add(1);
                }
                self.wbuf.clear();
                // MySQL's net layer continues packet ids from frame ids.
                self.seq = c.seq;
                self.compression = Some(c);
                self.stream.write_all(&framed).await?;
                self.count_written(framed.len());
            }
        }
        self.stream.flush().await?;
        self.write_interrupted = false;
        Ok(())
    }

    /// Adaptive path: cut the write buffer into chunks, each with the next
    /// compression sequence id, and queue them; the writer task frames them
    /// (deflated or not) as it sends them.
    async fn flush_adaptive(&mut self) -> Result<(), NetError> {
        let Some(mut c) = self.compression else {
            return Err(NetError::Io(io::Error::other(
                "adaptive writer without compression",
            )));
        };
        let split = self.split.as_mut().expect("checked by caller");
        let chunk = split.writer.chunk_size().clamp(1, MAX_PAYLOAD);
        let mut data = self.wbuf.split().freeze();
        // Counted as handed to the writer (before its frame headers and
        // compression, which adaptive_wire_bytes_total measures).
        let n = data.len();
        if let Some(m) = &self.meter {
            m.written(n);
        }
        let mut result = Ok(());
        while !data.is_empty() {
            let part = data.split_to(chunk_len(data.len(), chunk));
            let seq = c.seq;
            c.seq = c.seq.wrapping_add(1);
            if let Err(e) = split.writer.send(seq, part).await {
                result = Err(NetError::Io(e));
                break;
            }
        }
        self.seq = c.seq;
        self.compression = Some(c);
        result
    }

    /// Flush and close the write side; errors are irrelevant at this point.
    pub async fn shutdown(&mut self) {
        let _ = self.flush().await;
        if let Some(s) = &mut self.split {
            s.writer.shutdown().await;
            return;
        }
        let _ = self.stream.shutdown().await;
    }
}

/// Bytes of `remaining` stream to put in the next chunk of nominal size
/// `chunk`: a short tail (up to a quarter chunk) joins the chunk before it
/// rather than going out as a frame of its own (LOAD DATA flushes of 65,600
/// bytes used to send a 64-byte frame after every 64 KiB one).
/// Length declared by the physical packet header at the front of `buf`.
fn buffered_chunk_len(buf: &[u8]) -> Option<usize> {
    (buf.len() >= HEADER_LEN).then(|| u32::from_le_bytes([buf[0], buf[1], buf[2], 0]) as usize)
}

fn chunk_len(remaining: usize, chunk: usize) -> usize {
    if remaining <= chunk + chunk / 4 && remaining <= MAX_PAYLOAD {
        remaining
    } else {
        chunk
    }
}

/// Give `buf` at least `cap` bytes of capacity, exactly that much when it
/// must reallocate (BytesMut's own `reserve` may double past it). Room
/// already consumed at the front is reused when that is enough.
fn grow_to(buf: &mut BytesMut, cap: usize) {
    if buf.capacity() >= cap || buf.try_reclaim(cap - buf.len()) {
        return;
    }
    let mut bigger = BytesMut::with_capacity(cap);
    bigger.extend_from_slice(buf);
    *buf = bigger;
}

/// Fill `buf` unless the peer closes first; returns how many bytes came.
async fn read_fully(stream: &mut MaybeTlsStream, buf: &mut [u8]) -> Result<usize, NetError> {
    let mut got = 0;
    while got < buf.len() {
        match stream.read(&mut buf[got..]).await {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => break,
            Err(e) => return Err(e.into()),
        }
    }
    Ok(got)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_tails_join_the_chunk_before_them() {
        let c = 65536;
        assert_eq!(chunk_len(100, c), 100);
        assert_eq!(chunk_len(65600, c), 65600);
        assert_eq!(chunk_len(c + c / 4, c), c + c / 4);
        assert_eq!(chunk_len(c + c / 4 + 1, c), c);
        assert_eq!(chunk_len(3 * c, c), c);
        // Never past the 16 MiB frame limit.
        assert_eq!(chunk_len(MAX_PAYLOAD + 5, MAX_PAYLOAD), MAX_PAYLOAD);
    }
}
