//! LEB128 unsigned varints: ids and lengths are small, so most take 1–2 bytes.

/// Appends `v` as LEB128.
pub fn put(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Number of bytes `put` writes for `v`.
pub fn len(v: u64) -> usize {
    let bits = 64 - (v | 1).leading_zeros() as usize;
    bits.div_ceil(7)
}

/// Why a varint could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VarintError {
    Truncated,
    /// More than 64 bits, or a redundant trailing zero group: the encoding is
    /// canonical so every value has exactly one stored form.
    Malformed,
}

/// Reads a canonical LEB128 value at the start of `buf`; returns it and its length.
pub fn get(buf: &[u8]) -> Result<(u64, usize), VarintError> {
    let mut v: u64 = 0;
    for (i, &b) in buf.iter().enumerate() {
        if i == 9 && b > 1 {
            return Err(VarintError::Malformed);
        }
        v |= u64::from(b & 0x7f) << (7 * i);
        if b & 0x80 == 0 {
            if b == 0 && i > 0 {
                return Err(VarintError::Malformed);
            }
            return Ok((v, i + 1));
        }
        if i == 9 {
            return Err(VarintError::Malformed);
        }
    }
    Err(VarintError::Truncated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_at_every_byte_boundary() {
        for v in [
            0u64,
            1,
            127,
            128,
            300,
            16383,
            16384,
            u32::MAX as u64,
            u64::MAX,
        ] {
            let mut b = Vec::new();
            put(&mut b, v);
            assert_eq!(b.len(), len(v), "len of {v}");
            assert_eq!(get(&b), Ok((v, b.len())));
            assert_eq!(get(&b[..b.len() - 1]), Err(VarintError::Truncated));
        }
    }

    #[test]
    fn rejects_non_canonical_and_overflow() {
        assert_eq!(get(&[0x80, 0x00]), Err(VarintError::Malformed));
        assert_eq!(get(&[0xff; 10]), Err(VarintError::Malformed));
        let mut b = vec![0xff; 9];
        b.push(0x02);
        assert_eq!(get(&b), Err(VarintError::Malformed));
    }
}
