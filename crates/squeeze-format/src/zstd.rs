//! zstd codec: magicless frames without content size, checksum or dictID
//! (the squeeze header already carries length, crc32 and dictionary id),
//! compressed with thread-local contexts and prepared (shared) dictionaries.
use std::cell::RefCell;

use zstd::dict::{DecoderDictionary, EncoderDictionary};
pub use zstd::zstd_safe::DCtx;
use zstd::zstd_safe::{CCtx, CParameter, DParameter, FrameFormat, WriteBuf};

thread_local! {
    // One context per thread, reused for every value: creating a context
    // costs far more than compressing a 1 KB document.
    static CCTX: RefCell<Option<CCtx<'static>>> = const { RefCell::new(None) };
    static DCTX: RefCell<Option<DCtx<'static>>> = const { RefCell::new(None) };
}

fn new_cctx() -> Option<CCtx<'static>> {
    let mut c = CCtx::try_create()?;
    for p in [
        CParameter::Format(FrameFormat::Magicless),
        CParameter::ContentSizeFlag(false),
        CParameter::ChecksumFlag(false),
        CParameter::DictIdFlag(false),
    ] {
        c.set_parameter(p).ok()?;
    }
    Some(c)
}

fn new_dctx() -> Option<DCtx<'static>> {
    let mut d = DCtx::try_create()?;
    d.set_parameter(DParameter::Format(FrameFormat::Magicless))
        .ok()?;
    Some(d)
}

/// Compresses `src`, appending at most `limit` bytes to `out`.
/// Returns false (with `out` unchanged) if the result would not fit or zstd failed.
pub fn compress(
    src: &[u8],
    level: i32,
    dict: Option<&EncoderDictionary<'static>>,
    out: &mut Vec<u8>,
    limit: usize,
) -> bool {
    CCTX.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = new_cctx();
        }
        let Some(cctx) = slot.as_mut() else {
            return false;
        };
        // The context keeps a pointer to the last CDict; it is replaced here,
        // before every use, so it never outlives the dictionary it points to.
        let ok = match dict {
            Some(d) => cctx.ref_cdict(d.as_cdict()).is_ok(),
            None => {
                cctx.load_dictionary(&[]).is_ok()
                    && cctx
                        .set_parameter(CParameter::CompressionLevel(level))
                        .is_ok()
            }
        };
        if !ok {
            return false;
        }
        let start = out.len();
        out.reserve(limit);
        let mut tail = Tail::new(out, start, limit);
        let res = cctx.compress2(&mut tail, src);
        if res.is_err() {
            out.truncate(start);
            // A failed frame leaves the context mid-session; start clean next time.
            let _ = cctx.reset(zstd::zstd_safe::ResetDirective::SessionOnly);
        }
        res.is_ok()
    })
}

/// Decompresses one frame from `src` with the thread's context, appending
/// exactly `len` bytes to `out`. On error `out` is unchanged; the caller
/// checks length and checksum.
pub fn decompress(
    src: &[u8],
    dict: Option<&DecoderDictionary<'static>>,
    len: usize,
    out: &mut Vec<u8>,
) -> Result<usize, String> {
    DCTX.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = new_dctx();
        }
        let dctx = slot
            .as_mut()
            .ok_or_else(|| "cannot allocate zstd context".to_string())?;
        decompress_in(dctx, src, dict, len, out)
    })
}

/// A decompression context for [`decompress_in`] (callers that must not keep
/// one per thread: the in-server function frees its own per statement).
pub fn decompression_context() -> Option<DCtx<'static>> {
    new_dctx()
}

/// [`decompress`] with the caller's context.
pub fn decompress_in(
    dctx: &mut DCtx<'static>,
    src: &[u8],
    dict: Option<&DecoderDictionary<'static>>,
    len: usize,
    out: &mut Vec<u8>,
) -> Result<usize, String> {
    let set = match dict {
        Some(d) => dctx.ref_ddict(d.as_ddict()),
        None => dctx.load_dictionary(&[]),
    };
    set.map_err(zstd_err)?;
    let start = out.len();
    // zstd copies with 32-byte wild copies only where the output buffer
    // has that much room past the sequence; a little slack keeps the
    // last sequences off its slow path. A frame that inflates past
    // `len` + slack fails with "destination buffer too small" instead of
    // growing memory; one within the slack fails the caller's length
    // check.
    let cap = len + DECODE_SLACK;
    out.reserve(cap);
    let mut tail = Tail::new(out, start, cap);
    match dctx.decompress(&mut tail, src) {
        Ok(n) => Ok(n),
        Err(code) => {
            out.truncate(start);
            let _ = dctx.reset(zstd::zstd_safe::ResetDirective::SessionOnly);
            Err(zstd_err(code))
        }
    }
}

/// Output room past the value's length (zstd's WILDCOPY_OVERLENGTH).
const DECODE_SLACK: usize = 32;

fn zstd_err(code: usize) -> String {
    zstd::zstd_safe::get_error_name(code).to_string()
}

/// The spare capacity after `start` of a Vec, limited to `cap` bytes, so zstd
/// writes straight into the caller's buffer without zero-filling it first.
struct Tail<'a> {
    vec: &'a mut Vec<u8>,
    start: usize,
    cap: usize,
}

impl<'a> Tail<'a> {
    fn new(vec: &'a mut Vec<u8>, start: usize, cap: usize) -> Self {
        debug_assert!(vec.capacity() - start >= cap && vec.len() == start);
        Tail { vec, start, cap }
    }
}

// Safety: as_mut_ptr points at `cap` writable bytes reserved by `new`'s caller,
// and filled_until is only called by zstd-safe with n <= cap written bytes.
unsafe impl WriteBuf for Tail<'_> {
    fn as_slice(&self) -> &[u8] {
        &self.vec[self.start..]
    }
    fn capacity(&self) -> usize {
        self.cap
    }
    fn as_mut_ptr(&mut self) -> *mut u8 {
        // Safety: start == len <= capacity.
        unsafe { self.vec.as_mut_ptr().add(self.start) }
    }
    unsafe fn filled_until(&mut self, n: usize) {
        self.vec.set_len(self.start + n);
    }
}
