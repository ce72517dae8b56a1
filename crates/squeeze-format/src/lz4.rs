//! lz4 codec: an lz4_flex block (no frame, no size prefix: the squeeze header
//! has the length) with an external dictionary.
use lz4_flex::block;

/// Compresses `src`, appending at most `limit` bytes to `out`; false if it does not fit.
pub fn compress(src: &[u8], dict: &[u8], out: &mut Vec<u8>, limit: usize) -> bool {
    let start = out.len();
    // lz4_flex needs an initialised slice of its worst-case size (it errors
    // out early on anything smaller); values are small so zeroing is cheap.
    out.resize(start + block::get_maximum_output_size(src.len()), 0);
    match block::compress_into_with_dict(src, &mut out[start..], dict) {
        Ok(n) if n <= limit => {
            out.truncate(start + n);
            true
        }
        _ => {
            out.truncate(start);
            false
        }
    }
}

/// Decompresses `src`, appending at most `len` bytes to `out` (on error `out` is unchanged).
pub fn decompress(src: &[u8], dict: &[u8], len: usize, out: &mut Vec<u8>) -> Result<usize, String> {
    let start = out.len();
    out.resize(start + len, 0);
    match block::decompress_into_with_dict(src, &mut out[start..], dict) {
        Ok(n) => {
            out.truncate(start + n);
            Ok(n)
        }
        Err(e) => {
            out.truncate(start);
            Err(e.to_string())
        }
    }
}
