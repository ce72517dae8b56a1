//! Key routing: a table's shard-key column mapped to a shard by a declared
//! function of the key value.

use super::config::KeyRouteConfig;
use super::NamePattern;

/// A shard key's value as written in a statement or bound as a parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyValue {
    Int(i128),
    Bytes(Vec<u8>),
}

impl KeyValue {
    /// Parse a literal's text: integers become `Int`, anything else `Bytes`.
    pub fn from_literal(text: &[u8]) -> KeyValue {
        match std::str::from_utf8(text)
            .ok()
            .and_then(|s| s.trim().parse::<i128>().ok())
        {
            Some(n) => KeyValue::Int(n),
            None => KeyValue::Bytes(text.to_vec()),
        }
    }

    /// Canonical bytes for hashing: decimal text for integers, so `42` and
    /// `'42'` hash alike.
    fn hash_bytes(&self) -> Vec<u8> {
        match self {
            KeyValue::Int(n) => n.to_string().into_bytes(),
            KeyValue::Bytes(b) => b.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyFunction {
    /// `key mod len(shards)`.
    Modulo,
    /// CRC-32 (IEEE) of the key's canonical bytes, mod len(shards): stable
    /// across versions and languages.
    Hash,
    /// Ascending upper bounds: the first range whose `below` exceeds the key.
    Range(Vec<(i128, usize)>),
    /// Bits `shift..shift+width` of a 64-bit id (Pinterest keeps the shard
    /// number in the top bits), mod len(shards).
    Bits { shift: u32, width: u32 },
}

#[derive(Debug, Clone)]
pub struct KeyRule {
    pub schema: NamePattern,
    pub table: String,
    pub column: String,
    pub function: KeyFunction,
    pub shards: Vec<usize>,
}

impl KeyRule {
    pub fn from_config(
        k: &KeyRouteConfig,
        index: &dyn Fn(&str, &str) -> Result<usize, String>,
        path: &str,
    ) -> Result<KeyRule, String> {
        let schema = NamePattern::parse(&k.schema).map_err(|e| format!("{path}.schema: {e}"))?;
        let shards = k
            .shards
            .iter()
            .map(|s| index(s, "shards"))
            .collect::<Result<Vec<_>, _>>()?;
        let function = match k.function.as_str() {
            "modulo" => KeyFunction::Modulo,
            "hash" => KeyFunction::Hash,
            "bits" => {
                let (Some(shift), Some(width)) = (k.shift, k.width) else {
                    return Err(format!("{path}: function \"bits\" needs shift and width"));
                };
                if width == 0 || shift + width > 64 {
                    return Err(format!(
                        "{path}: shift + width must be within 64 bits and width > 0"
                    ));
                }
                KeyFunction::Bits { shift, width }
            }
            "range" => {
                let mut ranges = Vec::new();
                for (i, r) in k.ranges.iter().enumerate() {
                    ranges.push((
                        r.below as i128,
                        index(&r.shard, &format!("ranges[{i}].shard"))?,
                    ));
                }
                if ranges.is_empty() || ranges.windows(2).any(|w| w[0].0 >= w[1].0) {
                    return Err(format!(
                        "{path}.ranges: give ascending `below` bounds, at least one"
                    ));
                }
                KeyFunction::Range(ranges)
            }
            other => {
                return Err(format!(
                    "{path}.function: {other:?} is not one of modulo, hash, range, bits"
                ))
            }
        };
        if !matches!(function, KeyFunction::Range(_)) && shards.is_empty() {
            return Err(format!("{path}.shards: list the shards the key maps onto"));
        }
        Ok(KeyRule {
            schema,
            table: k.table.clone(),
            column: k.column.clone(),
            function,
            shards,
        })
    }

    /// The shard of a key value; `None` when the value cannot be mapped
    /// (a non-integer for modulo/bits, or beyond the last range).
    pub fn shard_for(&self, key: &KeyValue) -> Option<usize> {
        let pick = |n: u128| self.shards[(n % self.shards.len() as u128) as usize];
        match (&self.function, key) {
            (KeyFunction::Modulo, KeyValue::Int(n)) => Some(pick(n.unsigned_abs())),
            (KeyFunction::Hash, k) => Some(pick(crc32fast::hash(&k.hash_bytes()) as u128)),
            (KeyFunction::Bits { shift, width }, KeyValue::Int(n)) => {
                let id = u64::try_from(*n)
                    .ok()
                    .or_else(|| i64::try_from(*n).ok().map(|v| v as u64))?;
                let mask = if *width == 64 {
                    u64::MAX
                } else {
                    (1u64 << width) - 1
                };
                Some(pick(((id >> shift) & mask) as u128))
            }
            (KeyFunction::Range(ranges), KeyValue::Int(n)) => {
                ranges.iter().find(|(below, _)| n < below).map(|(_, s)| *s)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(function: KeyFunction, shards: Vec<usize>) -> KeyRule {
        KeyRule {
            schema: NamePattern::parse("app").unwrap(),
            table: "pins".into(),
            column: "id".into(),
            function,
            shards,
        }
    }

    #[test]
    fn modulo_hash_bits_range() {
        let m = rule(KeyFunction::Modulo, vec![0, 1, 2]);
        assert_eq!(m.shard_for(&KeyValue::Int(7)), Some(1));
        assert_eq!(m.shard_for(&KeyValue::Bytes(b"x".to_vec())), None);
        let h = rule(KeyFunction::Hash, vec![0, 1]);
        assert_eq!(
            h.shard_for(&KeyValue::Int(42)),
            h.shard_for(&KeyValue::Bytes(b"42".to_vec()))
        );
        // Shard 3 in the top 16 bits of a 64-bit id.
        let b = rule(
            KeyFunction::Bits {
                shift: 48,
                width: 16,
            },
            vec![0, 1, 2, 3],
        );
        let id = (3u64 << 48) | 12345;
        assert_eq!(b.shard_for(&KeyValue::Int(id as i128)), Some(3));
        let r = rule(KeyFunction::Range(vec![(100, 0), (1000, 1)]), vec![]);
        assert_eq!(r.shard_for(&KeyValue::Int(99)), Some(0));
        assert_eq!(r.shard_for(&KeyValue::Int(100)), Some(1));
        assert_eq!(r.shard_for(&KeyValue::Int(5000)), None);
        assert_eq!(KeyValue::from_literal(b" -5 "), KeyValue::Int(-5));
    }
}
