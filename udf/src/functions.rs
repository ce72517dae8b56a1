//! The exported functions, in the UDF calling convention: every body runs
//! under `catch_unwind`, so a panic is an SQL error, never an unwinding
//! into mariadbd.
//!
//! # Safety
//!
//! Every exported function is called by the server with its own
//! `UDF_INIT`/`UDF_ARGS` (and, for the row functions, its result, length
//! and flag pointers) as `include/mysql_com.h` declares them: the init
//! function before any row, the deinit function once after.
#![allow(clippy::missing_safety_doc)]
use std::ffi::{c_char, c_uint, c_ulong};
use std::panic::{catch_unwind, AssertUnwindSafe};

use squeeze_format::Contexts;

use crate::abi::{
    init_message, raise_sql_error, UdfArgs, UdfInit, ER_DATA_TOO_LONG, ER_UNKNOWN_ERROR,
    LONGBLOB_LENGTH,
};
use crate::deflate::{deflate, DeflateError, Deflated, Encoding};
use crate::inflate::{inflate, Inflated};
use crate::store::beside_library;
use crate::IN_SERVER_VERSION;

/// One statement's state, in `UDF_INIT::ptr`, given back by the deinit
/// function.
#[derive(Default)]
struct Call {
    ctx: Contexts,
    out: Vec<u8>,
}

/// Idle states kept for the next statement: a stored function calling
/// `squeeze_inflate` runs init and deinit once per row, and a new zstd
/// context costs ~10 µs. At most [`POOLED`] are kept (each holds a
/// decompression context, ~100 KB, and an output buffer trimmed to
/// [`KEPT_BUFFER`]).
// Boxed: the init function hands the box itself to the server.
#[allow(clippy::vec_box)]
static POOL: std::sync::Mutex<Vec<Box<Call>>> = std::sync::Mutex::new(Vec::new());
const POOLED: usize = 64;
const KEPT_BUFFER: usize = 64 << 10;

fn take_call() -> Box<Call> {
    let pooled = POOL.lock().ok().and_then(|mut p| p.pop());
    pooled.unwrap_or_default()
}

fn give_back(mut call: Box<Call>) {
    call.out.clear();
    if call.out.capacity() > KEPT_BUFFER {
        call.out = Vec::new();
    }
    if let Ok(mut p) = POOL.lock() {
        if p.len() < POOLED {
            p.push(call);
        }
    }
}

/// Shared init: argument count, string arguments, a LONGBLOB result.
unsafe fn init(
    initid: *mut UdfInit,
    args: *mut UdfArgs,
    message: *mut c_char,
    name: &str,
    arity: u32,
    usage: &str,
) -> bool {
    let ok = catch_unwind(AssertUnwindSafe(|| {
        let args = &mut *args;
        if args.arg_count != arity {
            init_message(message, &format!("{name}() takes {usage}"));
            return false;
        }
        args.want_strings();
        let initid = &mut *initid;
        initid.maybe_null = 1;
        initid.const_item = 0;
        initid.max_length = LONGBLOB_LENGTH;
        initid.ptr = Box::into_raw(take_call()).cast::<c_char>();
        true
    }));
    match ok {
        Ok(true) => false,
        Ok(false) => true,
        Err(_) => {
            init_message(message, &format!("{name}(): internal error"));
            true
        }
    }
}

unsafe fn deinit(initid: *mut UdfInit) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        let p = (*initid).ptr.cast::<Call>();
        if !p.is_null() {
            give_back(Box::from_raw(p));
            (*initid).ptr = std::ptr::null_mut();
        }
    }));
}

/// A row's error: the statement's error code and text.
struct Failure {
    code: c_uint,
    text: String,
}

impl From<String> for Failure {
    fn from(text: String) -> Self {
        Failure {
            code: ER_UNKNOWN_ERROR,
            text,
        }
    }
}

/// Runs `body` for one row: its bytes become the result (`None`: NULL); an
/// error is raised as the statement's error.
unsafe fn row(
    initid: *mut UdfInit,
    args: *mut UdfArgs,
    length: *mut c_ulong,
    is_null: *mut c_char,
    error: *mut c_char,
    body: impl FnOnce(&mut Call, &UdfArgs) -> Result<Option<()>, Failure>,
) -> *mut c_char {
    let call = &mut *(*initid).ptr.cast::<Call>();
    let outcome = catch_unwind(AssertUnwindSafe(|| body(call, &*args))).unwrap_or_else(|_| {
        Err(Failure::from(
            "squeeze: internal error in the in-server function".to_string(),
        ))
    });
    match outcome {
        Ok(Some(())) => {
            *length = call.out.len() as c_ulong;
            *is_null = 0;
            call.out.as_mut_ptr().cast::<c_char>()
        }
        Ok(None) => {
            *is_null = 1;
            std::ptr::null_mut()
        }
        Err(why) => {
            raise_sql_error(why.code, &why.text);
            *error = 1;
            *is_null = 1;
            std::ptr::null_mut()
        }
    }
}

/// Exports one string function `$name` in the UDF convention: its init
/// (arity `$arity`, `$usage` in the message otherwise), its deinit, and
/// the row function running `$body` (a `fn(&mut Call, &UdfArgs) ->
/// Result<Option<()>, Failure>`) under [`row`].
macro_rules! string_function {
    ($name:ident, $init:ident, $deinit:ident, $arity:expr, $usage:expr, $body:expr) => {
        #[no_mangle]
        pub unsafe extern "C" fn $init(
            initid: *mut UdfInit,
            args: *mut UdfArgs,
            message: *mut c_char,
        ) -> bool {
            init(initid, args, message, stringify!($name), $arity, $usage)
        }

        #[no_mangle]
        pub unsafe extern "C" fn $deinit(initid: *mut UdfInit) {
            deinit(initid)
        }

        #[no_mangle]
        pub unsafe extern "C" fn $name(
            initid: *mut UdfInit,
            args: *mut UdfArgs,
            _result: *mut c_char,
            length: *mut c_ulong,
            is_null: *mut c_char,
            error: *mut c_char,
        ) -> *mut c_char {
            row(initid, args, length, is_null, error, $body)
        }
    };
}

string_function!(
    squeeze_inflate,
    squeeze_inflate_init,
    squeeze_inflate_deinit,
    1,
    "one argument: a column squeeze stores compressed",
    inflate_row
);
string_function!(
    squeeze_deflate,
    squeeze_deflate_init,
    squeeze_deflate_deinit,
    5,
    "five arguments: the document, then the column's codec id, level, dictionary id and min_size as squeeze writes them",
    deflate_row
);
string_function!(
    squeeze_udf_version,
    squeeze_udf_version_init,
    squeeze_udf_version_deinit,
    0,
    "no arguments",
    version_row
);
string_function!(
    squeeze_udf_dictionaries,
    squeeze_udf_dictionaries_init,
    squeeze_udf_dictionaries_deinit,
    0,
    "no arguments",
    dictionaries_row
);

/// The document a stored value holds (the value itself when it is plain).
fn inflate_row(call: &mut Call, args: &UdfArgs) -> Result<Option<()>, Failure> {
    // SAFETY: argument 0 exists (arity checked by init) and is the server's.
    let Some(stored) = (unsafe { args.value(0) }) else {
        return Ok(None);
    };
    match inflate(&mut call.ctx, beside_library(), stored, &mut call.out)? {
        Inflated::Document => {}
        Inflated::AsStored => {
            call.out.clear();
            call.out.extend_from_slice(stored);
        }
    }
    Ok(Some(()))
}

/// The stored value for a document (the document itself when squeeze
/// would keep it as it is); NULL for NULL.
fn deflate_row(call: &mut Call, args: &UdfArgs) -> Result<Option<()>, Failure> {
    // SAFETY: arguments 0..5 exist (arity checked by init).
    let Some(document) = (unsafe { args.value(0) }) else {
        return Ok(None);
    };
    let mut encoding = [&[][..]; 4];
    for (i, slot) in encoding.iter_mut().enumerate() {
        // SAFETY: as above.
        *slot = unsafe { args.value(i + 1) }
            .ok_or_else(|| "squeeze_deflate: an encoding argument is NULL".to_string())?;
    }
    let encoding = Encoding::parse(encoding)?;
    match deflate(beside_library(), encoding, document, &mut call.out) {
        Ok(Deflated::Compressed) => {}
        Ok(Deflated::AsGiven) => {
            call.out.clear();
            call.out.extend_from_slice(document);
        }
        Err(DeflateError::TooLong { size, limit }) => {
            return Err(Failure {
                code: ER_DATA_TOO_LONG,
                text: format!("Data too long for a column squeeze stores compressed: the value is {size} bytes, above squeeze's codec.max_value_size of {limit} bytes (a longer value could never be read back through squeeze)"),
            })
        }
        Err(DeflateError::Other(why)) => return Err(why.into()),
    }
    Ok(Some(()))
}

fn version_row(call: &mut Call, _: &UdfArgs) -> Result<Option<()>, Failure> {
    call.out.clear();
    call.out.extend_from_slice(IN_SERVER_VERSION.as_bytes());
    Ok(Some(()))
}

/// `id:sha256` per verified file, `id:unreadable` otherwise, comma
/// separated, by id; then `;max_value_size=N` and `;dir=PATH`.
fn dictionaries_row(call: &mut Call, _: &UdfArgs) -> Result<Option<()>, Failure> {
    let store = beside_library();
    let listing = store.listing()?;
    let items: Vec<String> = listing
        .iter()
        .map(|(id, sha)| match sha {
            Ok(sha) => format!("{id}:{sha}"),
            Err(_) => format!("{id}:unreadable"),
        })
        .collect();
    let text = format!(
        "{};max_value_size={};dir={}",
        items.join(","),
        store.max_value_size(),
        store.dir().display()
    );
    call.out.clear();
    call.out.extend_from_slice(text.as_bytes());
    Ok(Some(()))
}
