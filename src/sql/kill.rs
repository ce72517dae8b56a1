//! `KILL` statements that name a thread id. squeeze hands clients its own
//! session ids, so a `KILL <id>` must be translated to the backend threads
//! of that session, and an id squeeze did not hand out must never reach a
//! server (it could name an unrelated session's backend thread).

use super::lexer::{Token, TokenKind};

/// What a `KILL` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kill {
    /// `KILL [HARD|SOFT] [CONNECTION] <id>`.
    Connection(u64),
    /// `KILL [HARD|SOFT] QUERY <id>`.
    Query(u64),
    /// A thread id squeeze cannot read (`KILL @v`, an expression): refuse.
    Opaque,
}

/// `Some` for a statement that kills by thread id; `None` for any other
/// statement, and for `KILL QUERY ID <query id>` / `KILL USER <name>`,
/// which name no thread id and go to the server as they are.
pub fn parse_kill(src: &[u8], toks: &[Token]) -> Option<Kill> {
    let kw = |i: usize, w: &str| toks.get(i).is_some_and(|t| t.is_keyword(src, w));
    if !kw(0, "KILL") {
        return None;
    }
    let mut i = 1;
    if kw(i, "HARD") || kw(i, "SOFT") {
        i += 1;
    }
    let query = if kw(i, "QUERY") {
        i += 1;
        if kw(i, "ID") {
            return None;
        }
        true
    } else {
        if kw(i, "CONNECTION") {
            i += 1;
        }
        false
    };
    if kw(i, "USER") {
        return None;
    }
    let id = match (toks.get(i), toks.len() == i + 1) {
        (Some(t), true) if t.kind == TokenKind::Number => {
            std::str::from_utf8(t.text(src)).ok()?.parse::<u64>().ok()
        }
        _ => None,
    };
    Some(match id {
        Some(id) if query => Kill::Query(id),
        Some(id) => Kill::Connection(id),
        None => Kill::Opaque,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::classify::significant_tokens;
    use crate::sql::lexer::LexOptions;

    fn parse(sql: &str) -> Option<Kill> {
        let (toks, _, _) = significant_tokens(sql.as_bytes(), 0, LexOptions::default());
        parse_kill(sql.as_bytes(), &toks)
    }

    #[test]
    fn kill_statements_are_read_in_every_spelling() {
        assert_eq!(parse("KILL 12"), Some(Kill::Connection(12)));
        assert_eq!(parse("kill   connection 12"), Some(Kill::Connection(12)));
        assert_eq!(parse("KILL HARD QUERY 7"), Some(Kill::Query(7)));
        assert_eq!(
            parse("/* x */ Kill Soft Connection 9"),
            Some(Kill::Connection(9))
        );
        assert_eq!(parse("KILL QUERY @id"), Some(Kill::Opaque));
        assert_eq!(parse("KILL 1 + 1"), Some(Kill::Opaque));
        assert_eq!(parse("KILL QUERY ID 5"), None);
        assert_eq!(parse("KILL USER app"), None);
        assert_eq!(parse("SELECT 1"), None);
    }
}
