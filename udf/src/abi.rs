//! The UDF calling convention of MariaDB (`include/mysql_com.h`:
//! `UDF_INIT`, `UDF_ARGS`) and the server's error reporting.
use std::ffi::{c_char, c_int, c_uint, c_ulong, c_void};

/// `Item_result::STRING_RESULT`: the argument type squeeze's functions ask for.
pub const STRING_RESULT: c_int = 0;
/// `MYSQL_ERRMSG_SIZE`: room in the message buffer an init function gets.
const ERRMSG_SIZE: usize = 512;
/// `ER_UNKNOWN_ERROR`, SQLSTATE HY000: the code a row-time error carries.
pub const ER_UNKNOWN_ERROR: c_uint = 1105;
/// `ER_DATA_TOO_LONG`, SQLSTATE 22001: a document above
/// `codec.max_value_size` (what squeeze answers for such a literal).
pub const ER_DATA_TOO_LONG: c_uint = 1406;
/// The longest string result MariaDB sizes as LONGBLOB (4 GiB - 1).
pub const LONGBLOB_LENGTH: c_ulong = 4_294_967_295;

#[repr(C)]
pub struct UdfArgs {
    pub arg_count: c_uint,
    pub arg_type: *mut c_int,
    pub args: *mut *mut c_char,
    pub lengths: *mut c_ulong,
    pub maybe_null: *mut c_char,
    pub attributes: *mut *mut c_char,
    pub attribute_lengths: *mut c_ulong,
    pub extension: *mut c_void,
}

#[repr(C)]
pub struct UdfInit {
    pub maybe_null: c_char,
    pub decimals: c_uint,
    pub max_length: c_ulong,
    pub ptr: *mut c_char,
    pub const_item: c_char,
    pub extension: *mut c_void,
}

impl UdfArgs {
    /// Argument `i`'s bytes, `None` for SQL NULL.
    ///
    /// # Safety
    /// `self` is the server's `UDF_ARGS` of the current call and `i <
    /// arg_count`.
    pub unsafe fn value(&self, i: usize) -> Option<&[u8]> {
        let p = *self.args.add(i);
        if p.is_null() {
            return None;
        }
        let len = *self.lengths.add(i) as usize;
        Some(std::slice::from_raw_parts(p.cast::<u8>(), len))
    }

    /// Asks the server to pass every argument as a string.
    ///
    /// # Safety
    /// As [`UdfArgs::value`], in an init function.
    pub unsafe fn want_strings(&mut self) {
        for i in 0..self.arg_count as usize {
            *self.arg_type.add(i) = STRING_RESULT;
        }
    }
}

/// Writes `text` (cut to fit, NUL-terminated) into an init function's
/// message buffer.
///
/// # Safety
/// `message` is the server's buffer of `MYSQL_ERRMSG_SIZE` bytes.
pub unsafe fn init_message(message: *mut c_char, text: &str) {
    let n = text.len().min(ERRMSG_SIZE - 1);
    std::ptr::copy_nonoverlapping(text.as_ptr(), message.cast::<u8>(), n);
    *message.add(n) = 0;
}

type PrintfError = unsafe extern "C" fn(c_uint, *const c_char, c_ulong, ...);

/// Reports `text` as the current statement's error `code` through the
/// server's own `my_printf_error`, found in the process that loaded the
/// library; false when there is none (not inside mariadbd): the caller
/// then only sets the UDF error flag, which makes the result NULL.
pub fn raise_sql_error(code: c_uint, text: &str) -> bool {
    static FN: std::sync::OnceLock<Option<PrintfError>> = std::sync::OnceLock::new();
    let f = FN.get_or_init(|| {
        // SAFETY: dlsym with a NUL-terminated name; the symbol, when
        // present, is mariadbd's `void my_printf_error(uint, const char*,
        // myf, ...)`.
        let p = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"my_printf_error".as_ptr()) };
        (!p.is_null()).then(|| unsafe { std::mem::transmute::<*mut c_void, PrintfError>(p) })
    });
    let Some(f) = f else {
        return false;
    };
    let mut msg: Vec<u8> = text
        .bytes()
        .filter(|&b| b != 0)
        .take(ERRMSG_SIZE - 1)
        .collect();
    msg.push(0);
    // SAFETY: "%s" with one NUL-terminated argument: the text is never read
    // as a format.
    unsafe { f(code, c"%s".as_ptr(), 0, msg.as_ptr().cast::<c_char>()) };
    true
}
