//! Length-encoded integers and strings, and a bounds-checked reader.

use super::packet::ProtocolError;

/// A cursor over a packet payload whose reads fail instead of panicking.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(buf: &'a [u8]) -> Self {
        Reader { buf, pos: 0 }
    }

    pub fn position(&self) -> usize {
        self.pos
    }

    pub fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    pub fn is_empty(&self) -> bool {
        self.remaining() == 0
    }

    pub fn rest(&mut self) -> &'a [u8] {
        let r = &self.buf[self.pos..];
        self.pos = self.buf.len();
        r
    }

    pub fn take(&mut self, n: usize) -> Result<&'a [u8], ProtocolError> {
        if self.remaining() < n {
            return Err(ProtocolError::Truncated);
        }
        let r = &self.buf[self.pos..self.pos + n];
        self.pos += n;
        Ok(r)
    }

    pub fn skip(&mut self, n: usize) -> Result<(), ProtocolError> {
        self.take(n).map(|_| ())
    }

    pub fn u8(&mut self) -> Result<u8, ProtocolError> {
        Ok(self.take(1)?[0])
    }

    pub fn u16(&mut self) -> Result<u16, ProtocolError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    pub fn u24(&mut self) -> Result<u32, ProtocolError> {
        let b = self.take(3)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], 0]))
    }

    pub fn u32(&mut self) -> Result<u32, ProtocolError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    pub fn u64(&mut self) -> Result<u64, ProtocolError> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    /// Length-encoded integer; `None` for the NULL marker 0xFB.
    pub fn lenenc_int_or_null(&mut self) -> Result<Option<u64>, ProtocolError> {
        let first = self.u8()?;
        Ok(match first {
            0xFB => None,
            0xFC => Some(self.u16()? as u64),
            0xFD => Some(self.u24()? as u64),
            0xFE => Some(self.u64()?),
            0xFF => {
                return Err(ProtocolError::Malformed(
                    "0xFF is not a length-encoded integer",
                ))
            }
            n => Some(n as u64),
        })
    }

    pub fn lenenc_int(&mut self) -> Result<u64, ProtocolError> {
        self.lenenc_int_or_null()?
            .ok_or(ProtocolError::Malformed("unexpected NULL length"))
    }

    pub fn lenenc_bytes(&mut self) -> Result<&'a [u8], ProtocolError> {
        let n = self.lenenc_int()?;
        let n = usize::try_from(n).map_err(|_| ProtocolError::Truncated)?;
        self.take(n)
    }

    /// Bytes up to (not including) the next NUL; the NUL is consumed.
    pub fn nul_terminated(&mut self) -> Result<&'a [u8], ProtocolError> {
        let rest = &self.buf[self.pos..];
        let end = rest
            .iter()
            .position(|&b| b == 0)
            .ok_or(ProtocolError::Malformed("missing NUL terminator"))?;
        self.pos += end + 1;
        Ok(&rest[..end])
    }

    /// Like `nul_terminated`, but a missing NUL at the end of the packet is
    /// accepted (several clients omit it on the last field).
    pub fn nul_terminated_or_rest(&mut self) -> &'a [u8] {
        let rest = &self.buf[self.pos..];
        match rest.iter().position(|&b| b == 0) {
            Some(end) => {
                self.pos += end + 1;
                &rest[..end]
            }
            None => {
                self.pos = self.buf.len();
                rest
            }
        }
    }
}

/// Size in bytes of the length-encoded form of `n`.
pub fn lenenc_int_len(n: u64) -> usize {
    match n {
        0..=250 => 1,
        251..=0xFFFF => 3,
        0x1_0000..=0xFF_FFFF => 4,
        _ => 9,
    }
}

pub fn put_lenenc_int(out: &mut Vec<u8>, n: u64) {
    match n {
        0..=250 => out.push(n as u8),
        251..=0xFFFF => {
            out.push(0xFC);
            out.extend_from_slice(&(n as u16).to_le_bytes());
        }
        0x1_0000..=0xFF_FFFF => {
            out.push(0xFD);
            out.extend_from_slice(&(n as u32).to_le_bytes()[..3]);
        }
        _ => {
            out.push(0xFE);
            out.extend_from_slice(&n.to_le_bytes());
        }
    }
}

pub fn put_lenenc_bytes(out: &mut Vec<u8>, b: &[u8]) {
    put_lenenc_int(out, b.len() as u64);
    out.extend_from_slice(b);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lenenc_round_trip_at_boundaries() {
        for n in [
            0u64,
            250,
            251,
            0xFFFF,
            0x1_0000,
            0xFF_FFFF,
            0x100_0000,
            u64::MAX,
        ] {
            let mut v = Vec::new();
            put_lenenc_int(&mut v, n);
            assert_eq!(v.len(), lenenc_int_len(n));
            assert_eq!(Reader::new(&v).lenenc_int().unwrap(), n);
        }
    }

    #[test]
    fn truncated_reads_fail() {
        assert_eq!(
            Reader::new(&[0xFC, 1]).lenenc_int(),
            Err(ProtocolError::Truncated)
        );
        assert_eq!(
            Reader::new(&[5, 1, 2]).lenenc_bytes(),
            Err(ProtocolError::Truncated)
        );
        assert!(Reader::new(b"abc").nul_terminated().is_err());
    }
}
