//! Default-deny analysis of statements that read compressed columns.
//!
//! A recursive-descent parser over the lexer's tokens that follows every
//! value derived from a compressed column through aliases, derived tables,
//! CTEs (recursive too), views, subqueries, set operations and ordinals,
//! and accepts a statement only when each such value is either handed to
//! the client unchanged (the result side inflates it), tested with
//! `IS [NOT] NULL`, or counted. Everything else that would make MariaDB
//! look inside a compressed value is refused with a reason; and a statement
//! the parser does not understand is refused too, when it touches a table
//! with compressed columns. Nothing is re-printed: the statement is sent as
//! the client wrote it.
//!
//! Entry points: [`analyze_query`] (SELECT, WITH, VALUES, TABLE, and a
//! parenthesised query), [`analyze_expressions`] (the right-hand sides of
//! `SET`/`DO`).

mod expr;
mod extracted;
mod filter;
mod from;
pub mod scope;
mod select;
mod server_eval;

use std::sync::Arc;

use super::catalog::ColumnCatalog;
use super::lexer::{ident_name, lex, LexOptions, Token, TokenKind};
use super::refusal::{ColumnRef, Refusal, RefuseReason};
use super::tables::{table_refs, TableRef};
use super::tokens::is_reserved;
pub use expr::JsonItem;
pub use filter::{Cond, RowFilter};
pub use scope::OutCol;
use scope::Scope;
pub use server_eval::{inflated, typed, COPY_VALUE_FUNCTION, DEFLATE_FUNCTION};

/// What the analyzer learnt about an accepted query: for each column of its
/// result, the compressed column whose values it passes through unchanged.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QueryShape {
    pub outputs: Vec<Option<ColumnRef>>,
    /// Top-level select items squeeze evaluates itself (a JSON function of
    /// a compressed column), by output position; only [`analyze_read`]
    /// accepts them.
    pub json: Vec<(usize, ColumnRef, JsonItem)>,
    /// Byte edits replacing a JSON path of a compressed column by the real
    /// column declared to hold it (`JSON_UNQUOTE(JSON_EXTRACT(t.doc,
    /// '$.a')) = 'x'` becomes `` t.`doc_a` = 'x' ``); only
    /// [`analyze_read`] makes them.
    pub rewrites: Vec<(std::ops::Range<usize>, String)>,
    /// Conditions of the WHERE squeeze evaluates itself on each row (their
    /// edits are in `rewrites`); only [`analyze_read`] finds them, for a
    /// catalog that [`ColumnCatalog::evaluates_row_filters`].
    pub filter: Option<RowFilter>,
}

/// Why the analysis stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// MariaDB would have to look inside a compressed value.
    Refuse(Refusal),
    /// The statement has a shape the analyzer does not understand (the
    /// caller refuses it if it touches a compressed table).
    Unparsed(String),
    /// `*` or `NATURAL JOIN` over a table whose columns the catalog does not
    /// know yet (the caller fetches them and plans again).
    NeedColumns(String, String),
}

impl From<Refusal> for Stop {
    fn from(r: Refusal) -> Self {
        Stop::Refuse(r)
    }
}

type R<T> = Result<T, Stop>;

/// Deepest nesting of subqueries, views and parentheses analysed; deeper
/// statements are refused (they would otherwise risk the stack).
const MAX_DEPTH: usize = 96;

/// A CTE visible by name.
#[derive(Debug, Clone)]
struct Cte {
    name: String,
    /// `None` while its own (recursive) body is analysed for the first time.
    columns: Option<Vec<OutCol>>,
}

/// The parser state over one statement's significant tokens.
pub(crate) struct Parser<'a, 'c> {
    src: &'a [u8],
    toks: &'a [Token],
    pos: usize,
    opts: LexOptions,
    current_db: Option<String>,
    catalog: &'c dyn ColumnCatalog,
    scopes: Vec<Scope>,
    ctes: Vec<Cte>,
    depth: usize,
    /// Views being expanded (to stop a definition that names itself).
    views: Vec<(String, String)>,
    /// Query expressions entered (1: the statement's own).
    qdepth: usize,
    /// Whether top-level select items may be JSON functions squeeze
    /// evaluates (the statement is sent rewritten, its result evaluated).
    allow_json: bool,
    /// Such items found, by output position.
    json: Vec<(usize, ColumnRef, JsonItem)>,
    /// The statement uses syntax the server rejects (`->` on MariaDB): it
    /// is sent as written, nothing evaluated.
    server_rejects: bool,
    /// Paths replaced by their extracted columns (see
    /// [`QueryShape::rewrites`]).
    rewrites: Vec<(ColumnRef, (std::ops::Range<usize>, String))>,
    /// The statement's table references from the one relation walk, when
    /// the caller has them (cached with the statement)...
    given: Option<&'a [TableRef<'a>]>,
    /// ...or walked here on first use.
    walked: std::cell::OnceCell<Vec<TableRef<'a>>>,
    /// For each token, the first token at or after it that is not `(`
    /// (computed on first use): asking whether a query starts at each of
    /// n nested parentheses must not rescan the run each time.
    paren_run_end: std::cell::OnceCell<Vec<u32>>,
    /// Every `(`'s partner (computed on first use): a group skipped or
    /// scanned at each of n nested levels must not be matched by a scan.
    parens: std::cell::OnceCell<crate::sql::tokens::Parens>,
    /// JSON calls being read as items squeeze evaluates around the one at
    /// the cursor (`expr::json_select_call_at`, at most
    /// `MAX_COMPOSED_CALLS`).
    json_call_depth: usize,
    /// In a HAVING condition of the current query level.
    in_having: bool,
    /// Whether the statement's own WHERE may hold conditions squeeze
    /// evaluates (`filter`).
    allow_filter: bool,
    /// Such conditions found.
    filters: Vec<filter::Found>,
    /// The compressed column each of their calls reads.
    filter_leaves: Vec<ColumnRef>,
    /// Where the last `IS ..` / `= 0|1` test read by the filter grammar
    /// ended (a test right under NOT is refused).
    filter_test_end: usize,
    /// The statement's own SELECT (its first, at query level 1).
    top: Option<filter::TopSelect>,
    /// Judging an ORDER BY key (not a GROUP BY one).
    in_order_by: bool,
    /// Parsing a select-list item (its value is a result column).
    in_select_item: bool,
    /// The in-server function answers compressed values
    /// (`server_eval`): references are wrapped instead of refused.
    server: Option<server_eval::ServerEval>,
    /// Parsing a WHERE, ON or HAVING condition (a wrap there needs no
    /// exact type: `server_eval::inflated`).
    in_condition: bool,
    /// Whether a bare compressed select item of the query being parsed
    /// may stay the stored bytes: the statement's own result, a derived
    /// table or a CTE (whose readers wrap it); not a subquery inside an
    /// expression, whose value is compared.
    keep_bare: bool,
}

/// Analyse a query statement (`toks` are its significant tokens, `rels`
/// their table references when the caller has walked them).
pub fn analyze_query<'a>(
    src: &'a [u8],
    toks: &'a [Token],
    rels: Option<&'a [TableRef<'a>]>,
    opts: LexOptions,
    current_db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Result<QueryShape, Stop> {
    let mut p = Parser::new(src, toks, opts, current_db, catalog);
    p.given = rels;
    let out = p.query_statement()?;
    Ok(QueryShape {
        outputs: out.into_iter().map(|c| c.blob).collect(),
        json: Vec::new(),
        rewrites: Vec::new(),
        filter: None,
    })
}

/// [`analyze_query`] for a statement whose result squeeze relays: a
/// top-level select item may also be a JSON function of a compressed column
/// that squeeze evaluates itself (listed in [`QueryShape::json`]).
pub fn analyze_read<'a>(
    src: &'a [u8],
    toks: &'a [Token],
    rels: Option<&'a [TableRef<'a>]>,
    opts: LexOptions,
    current_db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Result<QueryShape, Stop> {
    if catalog.server_inflates() {
        return analyze_read_by_server(src, toks, rels, opts, current_db, catalog);
    }
    let mut p = Parser::new(src, toks, opts, current_db, catalog);
    p.given = rels;
    p.allow_json = true;
    p.allow_filter = catalog.evaluates_row_filters();
    let out = p.query_statement()?;
    let mut filter = None;
    let mut filter_edits = Vec::new();
    if !p.filters.is_empty() && !p.server_rejects {
        match p.filter_plan() {
            Ok((f, edits)) => {
                filter = Some(f);
                filter_edits = edits;
            }
            Err(filter::NoFilter::ServerRejects) => p.server_rejects = true,
            Err(filter::NoFilter::Refuse(why)) => {
                // Refused as anywhere else, saying why squeeze does not
                // evaluate the condition in this statement.
                let mut q = Parser::new(src, toks, opts, current_db, catalog);
                q.given = rels;
                q.allow_json = true;
                return Err(match q.query_statement() {
                    Err(stop) => filter::explain(stop, &why),
                    Ok(_) => Stop::Unparsed(why),
                });
            }
        }
    }
    let mut rewrites: Vec<_> = if p.server_rejects {
        Vec::new()
    } else {
        p.rewrites.into_iter().map(|(_, e)| e).collect()
    };
    rewrites.extend(filter_edits);
    Ok(QueryShape {
        outputs: out.into_iter().map(|c| c.blob).collect(),
        json: if p.server_rejects { Vec::new() } else { p.json },
        rewrites,
        filter,
    })
}

/// [`analyze_read`] where the server evaluates compressed values
/// (`server_eval`): nothing is evaluated or filtered by squeeze; the
/// edits wrap every reference the result does not relay as stored bytes.
fn analyze_read_by_server<'a>(
    src: &'a [u8],
    toks: &'a [Token],
    rels: Option<&'a [TableRef<'a>]>,
    opts: LexOptions,
    current_db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Result<QueryShape, Stop> {
    let mut keep_top = true;
    loop {
        let mut p = Parser::new(src, toks, opts, current_db, catalog);
        p.given = rels;
        p.allow_json = true;
        p.server = Some(server_eval::ServerEval::new(keep_top));
        let out = match p.query_statement() {
            Ok(out) => out,
            Err(_) if keep_top && p.server.as_ref().is_some_and(|s| s.rewrap) => {
                keep_top = false;
                continue;
            }
            Err(e) => return Err(e),
        };
        let mut rewrites: Vec<_> = if p.server_rejects {
            Vec::new()
        } else {
            p.rewrites.into_iter().map(|(_, e)| e).collect()
        };
        let taken: Vec<_> = rewrites.iter().map(|(r, _)| r.clone()).collect();
        if let Some(s) = p.server.take() {
            rewrites.extend(s.edits(src, &taken));
        }
        rewrites.sort_by_key(|(r, _)| (r.start, r.end));
        return Ok(QueryShape {
            outputs: out.into_iter().map(|c| c.blob).collect(),
            json: Vec::new(),
            rewrites,
            filter: None,
        });
    }
}

/// Analyse `SET a = expr, ...` or `DO expr, ...`: no assigned or evaluated
/// value may be a compressed value (it would be compared or carried into a
/// variable squeeze does not inflate), unless the server reads it through
/// the in-server function (`server_eval`): then the edits that wrap each
/// reference. `start` is the token after `SET`/`DO`.
pub fn analyze_expressions(
    src: &[u8],
    toks: &[Token],
    start: usize,
    opts: LexOptions,
    current_db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Result<Vec<(std::ops::Range<usize>, String)>, Stop> {
    let mut p = Parser::new(src, toks, opts, current_db, catalog);
    p.pos = start;
    p.scopes.push(Scope::default());
    if catalog.server_inflates() {
        // A variable holds the document: nothing stays stored bytes.
        p.server = Some(server_eval::ServerEval::new(false));
    }
    p.assignment_list()?;
    Ok(p.server
        .take()
        .map(|s| s.edits(src, &[]))
        .unwrap_or_default())
}

/// Analyse the condition (and `LIMIT`) from `start` to the end of a
/// statement that reads `table` (`HANDLER t READ ... WHERE cond`): no
/// compressed value may be looked at.
pub fn analyze_table_condition(
    src: &[u8],
    toks: &[Token],
    start: usize,
    opts: LexOptions,
    current_db: Option<&str>,
    catalog: &dyn ColumnCatalog,
    table: (&str, &str),
) -> Result<(), Stop> {
    let mut p = Parser::new(src, toks, opts, current_db, catalog);
    p.pos = start;
    p.scopes.push(Scope {
        relations: vec![scope::Relation {
            qualifier: table.1.to_string(),
            base: Some((table.0.to_string(), table.1.to_string())),
            columns: None,
            star: scope::StarRole::Listed,
        }],
        ..Scope::default()
    });
    p.plain_expr(RefuseReason::Comparison, "a HANDLER ... WHERE condition")?;
    if p.eat_kw("LIMIT") {
        p.plain_expr(RefuseReason::Other, "LIMIT")?;
        if p.eat_kind(TokenKind::Comma) {
            p.plain_expr(RefuseReason::Other, "LIMIT")?;
        }
    }
    if !p.at_end() {
        return Err(p.unparsed("unexpected token after HANDLER ... WHERE"));
    }
    Ok(())
}

/// The query of an `INSERT ... SELECT` into a table without compressed
/// columns (`toks[start..]`, ending before any `ON DUPLICATE KEY UPDATE`):
/// the edits replacing declared JSON paths in its conditions, sort and
/// group keys by their extracted columns, as in a SELECT's. Its select
/// list is not relayed: a JSON function there is not evaluated.
pub fn analyze_inserted_query(
    src: &[u8],
    toks: &[Token],
    start: usize,
    opts: LexOptions,
    current_db: Option<&str>,
    catalog: &dyn ColumnCatalog,
) -> Result<Vec<(std::ops::Range<usize>, String)>, Stop> {
    let mut p = Parser::new(src, toks, opts, current_db, catalog);
    p.pos = start;
    // Its top level is not the statement's own: no select-list items.
    p.qdepth = 1;
    p.allow_json = true;
    p.query_statement()?;
    if p.server_rejects {
        return Ok(Vec::new());
    }
    Ok(p.rewrites.into_iter().map(|(_, e)| e).collect())
}

/// The `WHERE`, `ORDER BY` and `LIMIT` of a single-table UPDATE or DELETE
/// (`toks[start..]`, ending before any `RETURNING`) that writes `table`
/// under `qualifier`, analysed as a query's would be: the edits replacing
/// declared JSON paths by their extracted columns (see
/// [`QueryShape::rewrites`]), with the same provable-agreement rules as a
/// SELECT's, or why not.
#[allow(clippy::too_many_arguments)]
pub fn analyze_write_condition(
    src: &[u8],
    toks: &[Token],
    start: usize,
    opts: LexOptions,
    current_db: Option<&str>,
    catalog: &dyn ColumnCatalog,
    table: (&str, &str),
    qualifier: &str,
) -> Result<Vec<(std::ops::Range<usize>, String)>, Stop> {
    let mut p = Parser::new(src, toks, opts, current_db, catalog);
    p.pos = start;
    // The statement's own level: a subquery's select list is not relayed.
    p.qdepth = 1;
    p.allow_json = true;
    p.scopes.push(Scope {
        relations: vec![scope::Relation {
            qualifier: qualifier.to_string(),
            base: Some((table.0.to_string(), table.1.to_string())),
            columns: None,
            star: scope::StarRole::Listed,
        }],
        ..Scope::default()
    });
    if p.eat_kw("WHERE") {
        p.where_condition()?;
    }
    if p.kw("ORDER") && p.kw_at(1, "BY") {
        p.pos += 2;
        p.sort_keys(&[], RefuseReason::OrderBy, "ORDER BY")?;
    }
    if p.eat_kw("LIMIT") {
        p.plain_expr(RefuseReason::Other, "LIMIT")?;
        if p.eat_kind(TokenKind::Comma) || p.eat_kw("OFFSET") {
            p.plain_expr(RefuseReason::Other, "LIMIT")?;
        }
    }
    if !p.at_end() {
        return Err(p.unparsed("unexpected token after an UPDATE/DELETE condition"));
    }
    if p.server_rejects {
        return Ok(Vec::new());
    }
    Ok(p.rewrites.into_iter().map(|(_, e)| e).collect())
}

impl<'a, 'c> Parser<'a, 'c> {
    fn new(
        src: &'a [u8],
        toks: &'a [Token],
        opts: LexOptions,
        current_db: Option<&str>,
        catalog: &'c dyn ColumnCatalog,
    ) -> Self {
        Parser {
            src,
            toks,
            pos: 0,
            opts,
            current_db: current_db.map(str::to_string),
            catalog,
            scopes: Vec::new(),
            ctes: Vec::new(),
            depth: 0,
            views: Vec::new(),
            qdepth: 0,
            allow_json: false,
            json: Vec::new(),
            server_rejects: false,
            rewrites: Vec::new(),
            given: None,
            walked: std::cell::OnceCell::new(),
            paren_run_end: std::cell::OnceCell::new(),
            parens: std::cell::OnceCell::new(),
            json_call_depth: 0,
            in_having: false,
            allow_filter: false,
            filters: Vec::new(),
            filter_leaves: Vec::new(),
            filter_test_end: 0,
            top: None,
            in_order_by: false,
            in_select_item: false,
            server: None,
            in_condition: false,
            keep_bare: true,
        }
    }

    /// The statement's table references (the one relation walk).
    fn relations(&self) -> &[TableRef<'a>] {
        match self.given {
            Some(r) => r,
            None => self.walked.get_or_init(|| table_refs(self.src, self.toks)),
        }
    }

    // ---- cursor ---------------------------------------------------------

    fn peek(&self) -> Option<&Token> {
        self.toks.get(self.pos)
    }

    fn peek_at(&self, k: usize) -> Option<&Token> {
        self.toks.get(self.pos + k)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    fn kind_at(&self, k: usize) -> Option<TokenKind> {
        self.peek_at(k).map(|t| t.kind)
    }

    fn is_kind(&self, kind: TokenKind) -> bool {
        self.kind_at(0) == Some(kind)
    }

    fn kw_at(&self, k: usize, w: &str) -> bool {
        self.peek_at(k).is_some_and(|t| t.is_keyword(self.src, w))
    }

    fn kw(&self, w: &str) -> bool {
        self.kw_at(0, w)
    }

    fn any_kw_at(&self, k: usize, words: &[&str]) -> bool {
        words.iter().any(|w| self.kw_at(k, w))
    }

    fn any_kw(&self, words: &[&str]) -> bool {
        words.iter().any(|w| self.kw(w))
    }

    fn op(&self, o: &str) -> bool {
        self.peek().is_some_and(|t| t.is_op(self.src, o))
    }

    fn eat_kw(&mut self, w: &str) -> bool {
        if self.kw(w) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_kind(&mut self, kind: TokenKind) -> bool {
        if self.is_kind(kind) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_op(&mut self, o: &str) -> bool {
        if self.op(o) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_kw(&mut self, w: &str) -> R<()> {
        if self.eat_kw(w) {
            Ok(())
        } else {
            Err(self.unparsed(&format!("expected {w}")))
        }
    }

    fn expect_kind(&mut self, kind: TokenKind, what: &str) -> R<()> {
        if self.eat_kind(kind) {
            Ok(())
        } else {
            Err(self.unparsed(&format!("expected {what}")))
        }
    }

    /// An identifier (quoted, or unquoted and not a reserved word).
    fn is_name(&self) -> bool {
        match self.peek() {
            Some(t) if t.kind == TokenKind::QuotedIdent => true,
            Some(t) if t.kind == TokenKind::Ident => !is_reserved(t.text(self.src)),
            _ => false,
        }
    }

    fn name_text(&self, i: usize) -> String {
        ident_name(self.src, &self.toks[i]).into_owned()
    }

    fn take_name(&mut self) -> R<String> {
        if self.is_name() || self.is_kind(TokenKind::Ident) {
            self.pos += 1;
            Ok(self.name_text(self.pos - 1))
        } else {
            Err(self.unparsed("expected a name"))
        }
    }

    fn unparsed(&self, what: &str) -> Stop {
        let near = self
            .peek()
            .map(|t| {
                let text = String::from_utf8_lossy(t.text(self.src));
                text.chars().take(32).collect::<String>()
            })
            .unwrap_or_else(|| "end of statement".into());
        Stop::Unparsed(format!("{what} near `{near}`"))
    }

    /// The index of the `)` matching the `(` at `open`, or the token
    /// count.
    fn matching_paren(&self, open: usize) -> usize {
        self.parens
            .get_or_init(|| crate::sql::tokens::Parens::of(self.toks))
            .matching(open)
    }

    /// Skip a balanced parenthesised group starting at `(`.
    fn skip_parens(&mut self) -> R<()> {
        if !self.is_kind(TokenKind::LParen) {
            return Err(self.unparsed("expected ("));
        }
        let close = self.matching_paren(self.pos);
        if close >= self.toks.len() {
            return Err(self.unparsed("unbalanced parenthesis"));
        }
        self.pos = close + 1;
        Ok(())
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Stop::Unparsed(
                "nesting deeper than squeeze analyses".into(),
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Is the token at `pos + k` the start of a query (`SELECT`, `WITH`,
    /// `VALUES`, `TABLE`, or `(` of one)?
    fn query_starts_at(&self, k: usize) -> bool {
        let run_end = self.paren_run_end.get_or_init(|| {
            let mut ends = vec![0u32; self.toks.len() + 1];
            ends[self.toks.len()] = self.toks.len() as u32;
            for i in (0..self.toks.len()).rev() {
                ends[i] = if self.toks[i].kind == TokenKind::LParen {
                    ends[i + 1]
                } else {
                    i as u32
                };
            }
            ends
        });
        let first = run_end
            .get(self.pos + k)
            .map_or(self.toks.len(), |&e| e as usize);
        super::tables::query_starts_at(self.src, self.toks, first)
    }

    // ---- views ----------------------------------------------------------

    /// The output columns of a view, analysed from its definition.
    fn view_columns(&mut self, db: &str, name: &str, text: &Arc<str>) -> R<Vec<OutCol>> {
        let key = (db.to_string(), name.to_string());
        if self.views.contains(&key) {
            return Err(Stop::Unparsed(format!(
                "view `{db}`.`{name}` refers to itself"
            )));
        }
        self.enter()?;
        let toks: Vec<Token> = lex(text.as_bytes(), LexOptions::default())
            .into_iter()
            .filter(|t| !t.kind.is_trivia())
            .collect();
        let mut p = Parser::new(
            text.as_bytes(),
            &toks,
            LexOptions::default(),
            Some(db),
            self.catalog,
        );
        p.views = self.views.clone();
        p.views.push(key);
        p.depth = self.depth;
        let out = p.query_expression();
        self.leave();
        let out = out?;
        if !p.at_end() {
            return Err(Stop::Unparsed(format!(
                "the definition of view `{db}`.`{name}`"
            )));
        }
        Ok(out)
    }
}

fn refusal(col: ColumnRef, reason: RefuseReason, what: impl Into<String>) -> Stop {
    Stop::Refuse(Refusal {
        column: col,
        reason,
        what: what.into(),
    })
}

#[cfg(test)]
mod tests;
