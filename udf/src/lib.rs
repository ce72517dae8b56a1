//! squeeze's in-server functions, a library MariaDB loads into its own
//! process (`CREATE FUNCTION squeeze_inflate RETURNS STRING SONAME
//! 'squeeze_udf.so'`), so that the server can evaluate expressions over the
//! documents squeeze stores compressed (docs/json.md, "Evaluated by the
//! server").
//!
//! - `squeeze_inflate(value)`: the document squeeze would return for a
//!   stored value (plain values unchanged, NULL for NULL), as a binary
//!   string; squeeze wraps it as `CONVERT(.. USING utf8mb4) COLLATE
//!   utf8mb4_bin`, the uncompressed copy's type. A value that does not
//!   decode is an SQL error naming squeeze, never wrong bytes or a crash.
//! - `squeeze_deflate(document, codec, level, dictionary, min_size)`: the
//!   value squeeze would store for a document it compresses (its write
//!   path's encoder, the column's settings as squeeze writes them into a
//!   computed write), so `UPDATE t SET doc = JSON_SET(doc, ..)` is
//!   computed by the server and stored compressed.
//! - `squeeze_udf_version()`: this build's [`IN_SERVER_VERSION`].
//! - `squeeze_udf_dictionaries()`: `id:sha256` of every dictionary file the
//!   library can read, verified (what `squeeze udf status` compares with the
//!   store).
//!
//! It runs inside mariadbd: no allocator, runtime or thread of its own,
//! panics stopped at the boundary, every decode capped (`store::Limits`).
//! Memory: the dictionaries it has used (each its file plus zstd's prepared
//! tables, ~2x the file), and per statement calling it one output buffer
//! (the largest document of the statement) and one zstd/zlib context
//! (~100 KB), freed when the statement ends; for `squeeze_deflate`, up to
//! 8 encoders kept across statements (with a zstd dictionary, ~2x its
//! size each for the prepared tables).

pub mod abi;
pub mod deflate;
mod functions;
pub use functions::*;
pub mod inflate;
pub mod store;

pub use squeeze_format::IN_SERVER_VERSION;
