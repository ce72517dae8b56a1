//! JSON functions squeeze evaluates itself on inflated documents (the
//! select-list form of `JSON_EXTRACT(doc, '$.a')` and friends), producing
//! MariaDB 10.11's exact bytes. Pure: paths, a span-keeping document
//! reader, the functions.

pub mod doc;
pub mod eval;
pub mod path;

pub use eval::{evaluate, CastTo, EvalError, JsonCall};
pub use path::{parse_path, Path, PathError, Step};
