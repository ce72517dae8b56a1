//! zlib codec: raw deflate (no 2-byte zlib header, no adler32 — the squeeze
//! header has the length and a crc32) with a preset dictionary.
use std::cell::RefCell;
use std::collections::HashMap;

pub use flate2::Decompress;
use flate2::{Compress, Compression, FlushCompress, FlushDecompress, Status};

thread_local! {
    // A deflate state is ~256 KB to set up; keep one per level per thread.
    static COMPRESSORS: RefCell<HashMap<i32, Compress>> = RefCell::new(HashMap::new());
    static DECOMPRESSOR: RefCell<Option<Decompress>> = const { RefCell::new(None) };
}

/// Compresses `src`, appending at most `limit` bytes to `out`; false if it does not fit.
pub fn compress(
    src: &[u8],
    level: i32,
    dict: Option<&[u8]>,
    out: &mut Vec<u8>,
    limit: usize,
) -> bool {
    COMPRESSORS.with(|cell| {
        let mut map = cell.borrow_mut();
        let c = map
            .entry(level)
            .or_insert_with(|| Compress::new(Compression::new(level.clamp(0, 9) as u32), false));
        c.reset();
        if let Some(d) = dict {
            if c.set_dictionary(d).is_err() {
                return false;
            }
        }
        let start = out.len();
        // Always give deflate its worst-case output size and check `limit`
        // afterwards: zlib-rs 0.6.8 panics in deflate_quick (level 1) when the
        // output buffer runs out ("buf.len() must fit in remaining()").
        out.reserve_exact(src.len() + src.len() / 8 + 128);
        let res = c.compress_vec(src, out, FlushCompress::Finish);
        let ok = matches!(res, Ok(Status::StreamEnd))
            && c.total_in() as usize == src.len()
            && out.len() - start <= limit;
        if !ok {
            out.truncate(start);
        }
        ok
    })
}

/// Inflates `src` with the thread's state, appending at most `len` bytes to
/// `out` (on error `out` is unchanged).
pub fn decompress(
    src: &[u8],
    dict: Option<&[u8]>,
    len: usize,
    out: &mut Vec<u8>,
) -> Result<usize, String> {
    DECOMPRESSOR.with(|cell| {
        let mut slot = cell.borrow_mut();
        let d = slot.get_or_insert_with(|| Decompress::new(false));
        decompress_in(d, src, dict, len, out)
    })
}

/// A raw-deflate state for [`decompress_in`].
pub fn decompression_state() -> Decompress {
    Decompress::new(false)
}

/// [`decompress`] with the caller's state.
pub fn decompress_in(
    d: &mut Decompress,
    src: &[u8],
    dict: Option<&[u8]>,
    len: usize,
    out: &mut Vec<u8>,
) -> Result<usize, String> {
    d.reset(false);
    let start = out.len();
    let res = inflate(d, src, dict, len, out);
    if res.is_err() {
        out.truncate(start);
    }
    res
}

fn inflate(
    d: &mut Decompress,
    src: &[u8],
    dict: Option<&[u8]>,
    len: usize,
    out: &mut Vec<u8>,
) -> Result<usize, String> {
    if let Some(dict) = dict {
        d.set_dictionary(dict).map_err(|e| e.to_string())?;
    }
    let start = out.len();
    // One spare byte: a stream inflating past `len` is reported as too long
    // (not as truncated), and the fixed-size slice bounds memory either way.
    out.resize(start + len + 1, 0);
    let res = d.decompress(src, &mut out[start..], FlushDecompress::Finish);
    out.truncate(start + d.total_out() as usize);
    let status = res.map_err(|e| e.to_string())?;
    let produced = out.len() - start;
    if produced > len {
        return Err(format!("inflates beyond the declared {len} bytes"));
    }
    if status != Status::StreamEnd {
        return Err("deflate stream is truncated".into());
    }
    if d.total_in() as usize != src.len() {
        return Err("trailing bytes after the deflate stream".into());
    }
    Ok(produced)
}
