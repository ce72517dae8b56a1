//! The pure SQL layer: lexing, statement classification, compressed-column
//! literal location and splicing. No I/O, no async, no dependency on other
//! squeeze modules.
//!
//! Typical use for a `COM_QUERY` (possibly multi-statement):
//!
//! ```ignore
//! let plans = sql::plan_query(query, session.lex_opts, session.db.as_deref(), &catalog);
//! let mut edits = Vec::new();
//! for st in &plans {
//!     match &st.plan {
//!         Plan::Untouched => {}
//!         Plan::Refuse(r) => return Err(r.message()),
//!         Plan::Rewrite { sites, .. } => for s in sites {
//!             edits.push((s.span.clone(), sql::shortest_literal(&compress(&s.value), opts)));
//!         },
//!     }
//!     // st.class: Use / Set / Ddl ... update session state after the server says OK.
//! }
//! let rewritten = sql::splice(query, &edits);
//! ```

pub mod catalog;
pub mod classify;
pub mod comment_gate;
pub mod compound;
pub mod diagnostics;
pub mod direct_reads;
pub mod json;
pub mod kill;
pub mod lexer;
pub mod nesting;
pub mod own_values;
pub mod plan;
pub mod prescan;
pub mod query;
pub mod refusal;
pub mod results;
pub mod route;
pub mod set_scope;
pub mod shape;
pub mod splice;
pub mod state;
pub mod statement;
pub mod tables;
pub mod temporary;
pub mod thread_id_literals;
pub mod tokens;

#[cfg(test)]
mod computed_writes_tests;
#[cfg(test)]
mod plan_tests;
#[cfg(test)]
mod writes_ring_two_tests;
#[cfg(test)]
mod writes_tests;

pub use classify::{classify_statement, ddl_targets, SchemaTarget, SessionChange, StatementKind};
pub use lexer::{decode_string, LexOptions, Lexer, Token, TokenKind};
pub(crate) use plan::view_columns;
pub use plan::{
    plan_query, plan_statement, plan_statements, prepared_outputs, prepared_placeholders,
    ColumnCatalog, ColumnRef, LiteralKind, LiteralSite, Plan, Refusal, RefuseReason, StatementPlan,
    TableNameFilter,
};
pub use shape::shape_into;
pub use splice::{binary_literal, hex_literal, shortest_literal, splice};
pub use tables::TableRef;
