//! The stack of every thread that analyses client statements: the session
//! workers and the heavy-work thread.
//!
//! Every analyzer descends at most `sql::nesting::MAX_NESTING` (1,000)
//! levels (deeper statements are refused before analysis; JSON documents
//! at most `sql::json::doc::DEPTH_LIMIT`). The deepest stack per level,
//! measured by `transform::depth_tests` over every construct on an
//! unoptimised build (whose frames are the largest), is FRAME_PER_LEVEL
//! bytes: 1,000 levels need NEEDED, and the budget below adds a 4x margin
//! for the session and runtime frames under the analyzer and for
//! constructs that nest the same level through more functions. The pages
//! are reserved, not committed: an idle thread costs no memory.
pub const ANALYSIS_STACK: usize = 32 << 20;
