//! Dictionary training and measurement, shared by `squeeze dict`, the
//! benchmark and the tests.
use std::time::{Duration, Instant};

use super::decoder::{decode_value, Decoded};
use super::dictionary::{LZ4_WINDOW, ZLIB_WINDOW};
use super::encoder::{EncodeOutcome, ValueEncoder};
use super::registry::DictionaryRegistry;
use super::CodecKind;

/// Default dictionary size for zstd (zstd's own default is 110 KiB; the
/// benchmark picks the size, see docs/FORMAT.md "Defaults").
pub const DEFAULT_ZSTD_DICT_SIZE: usize = 112_640;

/// Splits documents into (training, held-out): every `1/fraction`-th document
/// is held out, so both halves span the whole file rather than its two ends.
pub fn split_holdout<T: Clone>(docs: &[T], fraction: f64) -> (Vec<T>, Vec<T>) {
    let fraction = fraction.clamp(0.0, 0.9);
    let (mut train, mut hold) = (Vec::new(), Vec::new());
    let mut acc = 0.0;
    for d in docs {
        acc += fraction;
        if acc >= 1.0 {
            acc -= 1.0;
            hold.push(d.clone());
        } else {
            train.push(d.clone());
        }
    }
    (train, hold)
}

/// Trains a dictionary of at most `size` bytes for `codec`.
///
/// zstd gets a full zstd dictionary (entropy tables + content). zlib and lz4
/// can only use raw content from their window, so they get the tail of a zstd
/// dictionary trained at their window size, where zstd puts the best content.
pub fn train_dictionary<S: AsRef<[u8]>>(
    samples: &[S],
    codec: CodecKind,
    size: usize,
) -> std::io::Result<Vec<u8>> {
    let size = match codec {
        CodecKind::Zstd => size,
        CodecKind::Zlib => size.min(ZLIB_WINDOW),
        CodecKind::Lz4 => size.min(LZ4_WINDOW),
    };
    // zstd's trainer wants enough input and rejects tiny sizes.
    let dict = zstd::dict::from_samples(samples, size.max(1024))?;
    Ok(match codec {
        CodecKind::Zstd => dict,
        _ => {
            let keep = size.min(dict.len());
            dict[dict.len() - keep..].to_vec()
        }
    })
}

/// Totals of compressing and decompressing documents one at a time.
#[derive(Debug, Clone, Copy, Default)]
pub struct Measurement {
    pub docs: usize,
    pub raw_bytes: u64,
    /// Bytes as stored (compressed values with headers, others as they came).
    pub stored_bytes: u64,
    pub compressed_docs: usize,
    pub compress_time: Duration,
    pub decompress_time: Duration,
}

impl Measurement {
    pub fn ratio(&self) -> f64 {
        self.raw_bytes as f64 / self.stored_bytes.max(1) as f64
    }
    pub fn compress_mb_s(&self) -> f64 {
        mb_s(self.raw_bytes, self.compress_time)
    }
    pub fn decompress_mb_s(&self) -> f64 {
        mb_s(self.raw_bytes, self.decompress_time)
    }
}

fn mb_s(bytes: u64, t: Duration) -> f64 {
    bytes as f64 / 1e6 / t.as_secs_f64().max(1e-9)
}

/// Encodes and decodes every document `rounds` times, checking each round
/// trip, and returns the best time of the rounds (ratio from the first).
/// Errors if any document does not come back identical.
pub fn measure<S: AsRef<[u8]>>(
    encoder: &ValueEncoder,
    registry: &DictionaryRegistry,
    docs: &[S],
    rounds: usize,
) -> Result<Measurement, String> {
    let mut m = Measurement::default();
    let total: usize = docs.iter().map(|d| d.as_ref().len()).sum();
    // One arena for all stored values (encode appends), so the timing measures
    // the codec rather than per-value allocations.
    let mut arena: Vec<u8> = Vec::with_capacity(total + docs.len() * 16);
    let mut ends: Vec<usize> = Vec::with_capacity(docs.len());
    let mut best_c = Duration::MAX;
    let mut best_d = Duration::MAX;
    let max_len = docs.iter().map(|d| d.as_ref().len()).max().unwrap_or(0);
    let mut buf = Vec::with_capacity(max_len + 64);
    for round in 0..rounds.max(1) {
        arena.clear();
        ends.clear();
        let t = Instant::now();
        for d in docs {
            let d = d.as_ref();
            if !matches!(encoder.encode(d, &mut arena), EncodeOutcome::Compressed(_)) {
                arena.extend_from_slice(d);
            }
            ends.push(arena.len());
        }
        best_c = best_c.min(t.elapsed());
        let t = Instant::now();
        let mut start = 0;
        for &end in &ends {
            buf.clear();
            decode_value(&arena[start..end], registry, max_len, &mut buf)
                .map_err(|e| e.to_string())?;
            std::hint::black_box(&buf);
            start = end;
        }
        best_d = best_d.min(t.elapsed());
        if round == 0 {
            let mut start = 0;
            for (d, &end) in docs.iter().zip(&ends) {
                let (d, s) = (d.as_ref(), &arena[start..end]);
                start = end;
                buf.clear();
                let back = match decode_value(s, registry, max_len, &mut buf)
                    .map_err(|e| e.to_string())?
                {
                    Decoded::Inflated(_) => &buf[..],
                    Decoded::Legacy => s,
                };
                if back != d {
                    return Err("a document did not round-trip".into());
                }
                m.raw_bytes += d.len() as u64;
                m.stored_bytes += s.len() as u64;
                m.compressed_docs += usize::from(s != d);
            }
            m.docs = docs.len();
        }
    }
    m.compress_time = best_c;
    m.decompress_time = best_d;
    Ok(m)
}
