//! One command's own state, kept off the long-lived `Session`: what the
//! command brings to the relay (what it leaves in the server session, the
//! analyzer's result hints) is a `CommandCx` built per command and borrowed
//! by the relay, and what the backend's answer said comes back from
//! `forward_command` as an `Outcome`. Nothing of a command outlives it.

use crate::sql::results::ResultCursor;
use crate::sql::state::StateEffect;
use crate::transform::infile::InfileRewriter;
use crate::transform::write::ResultHints;

use super::relay::StatementHints;
use super::statements::Preparing;
use super::tracked::TrackingReport;
use super::Flow;

/// The context of the command being handled, borrowed for its duration.
pub(super) struct CommandCx {
    /// What the command leaves in the server session: its backend is
    /// marked before it is sent, and a loss mid-command is judged by it.
    pub leaves: StateEffect,
    /// How the result sets of the command carry compressed values (from
    /// the analyzer), and which statement each result is of.
    pub hints: Option<(ResultHints, ResultCursor)>,
    /// What a COM_STMT_PREPARE brings to its statement's record.
    pub preparing: Preparing,
    /// The rewriter for the LOAD DATA LOCAL file the command will send.
    pub infile: Option<InfileRewriter>,
    /// What its OKs reported about the client's session tracking.
    pub tracking: TrackingReport,
    /// Where the response being relayed has ended so far (the relay
    /// writes it; `forward_command` returns it as the `Outcome`).
    pub(super) ended: Ended,
}

/// How far a relayed response has got.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Ended {
    /// An OK (or an OK-shaped end of rows) was relayed, or the command has
    /// no response.
    pub ok: bool,
    /// The last thing relayed was the server's ERR.
    pub err: bool,
}

impl CommandCx {
    pub fn new(leaves: StateEffect) -> Self {
        CommandCx {
            leaves,
            hints: None,
            preparing: Preparing::default(),
            infile: None,
            tracking: TrackingReport::default(),
            ended: Ended::default(),
        }
    }

    /// The analyzer's column hints for the next result of the command
    /// (`ok`: an OK packet), if it has any: those of the statement the
    /// result is of (see `sql::results`).
    pub fn next_result_hints(&mut self, ok: bool) -> StatementHints {
        match &mut self.hints {
            Some((hints, cursor)) => StatementHints(cursor.next(ok).map(|k| (hints.clone(), k))),
            None => StatementHints(None),
        }
    }

    /// The hints of the first statement (a prepare describes one).
    pub fn first_hints(&self) -> StatementHints {
        StatementHints(self.hints.as_ref().map(|(h, _)| (h.clone(), 0)))
    }
}

/// What happened to one relayed command.
#[must_use]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Outcome {
    /// Whether the session goes on.
    pub flow: Flow,
    /// The response ended in the server's OK (or the command has none):
    /// what the command changed may be taken as done.
    pub ok: bool,
    /// The response ended in the server's ERR (a multi-statement query may
    /// have had OKs before it).
    pub err: bool,
}

impl Outcome {
    /// Nothing was relayed (the command was answered or dropped before).
    pub fn not_sent(flow: Flow) -> Self {
        Outcome {
            flow,
            ok: false,
            err: false,
        }
    }

    pub(super) fn ended(flow: Flow, ended: Ended) -> Self {
        Outcome {
            flow,
            ok: ended.ok,
            err: ended.err,
        }
    }

    /// Every statement of the command ran: OK, and no ERR after it.
    pub fn all_ran(&self) -> bool {
        self.ok && !self.err
    }
}
