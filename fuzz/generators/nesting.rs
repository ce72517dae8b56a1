//! Hostile nesting shapes built from arbitrary bytes: a statement head
//! (SELECT list, WHERE, UPDATE SET of a table with extracted columns,
//! INSERT VALUES, FROM, ORDER BY, HAVING, a CTE, ON DUPLICATE KEY UPDATE,
//! a PREPARE text, a JSON literal), then runs of wrappers (parentheses,
//! prefix operators, CAST, IF, CASE, subqueries, JSON functions, ...)
//! mixed in any order and repeated up to thousands of levels, closed or
//! left open. Shared by the `hostile_nesting` cargo-fuzz target and the
//! seeded test `tests/hostile_nesting.rs`, which replays the same builder.
//!
//! Every wrapper states how many levels squeeze's nesting budget counts
//! for it, so a caller can check the answer, not only survival: a statement
//! counted deeper than the budget must be refused with ERR 1436.

/// A statement built from fuzz bytes.
pub struct Built {
    pub sql: String,
    /// Nesting levels the statement's tokens carry (wrappers only; the
    /// head and the atom add at most [`HEAD_LEVELS`]).
    pub levels: usize,
    /// Wrappers, counted or not.
    pub count: usize,
    /// The wrappers sit inside a string literal (a PREPARE text or a JSON
    /// document): the statement's own tokens are flat, the text is judged
    /// where it is analysed (as a statement, or as JSON with its own
    /// depth limit).
    pub quoted: bool,
    /// The text is a PREPARE statement's: refused as the statement that
    /// carries it (ERR 1235) or for its own depth (1436).
    pub prepared_text: bool,
    /// Closers were left off: the statement is malformed.
    pub unclosed: bool,
}

/// The most levels a head and an atom add to the wrappers' levels.
pub const HEAD_LEVELS: usize = 3;

/// The most levels one statement gets: well past the budget, bounded so a
/// statement stays under ~1 MB.
pub const MAX_LEVELS: usize = 24_000;

/// Where a head puts the wrappers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Site {
    Expression,
    /// A table reference.
    Table,
    /// Inside a JSON text in a string literal.
    Json,
    /// Inside the statement text of `PREPARE .. FROM '..'` (quotes doubled).
    PreparedText,
}

struct Head {
    before: &'static str,
    after: &'static str,
    site: Site,
}

const HEADS: &[Head] = &[
    Head {
        before: "SELECT id FROM docs WHERE JSON_VALID(doc) AND ",
        after: "",
        site: Site::Expression,
    },
    Head {
        before: "SELECT ",
        after: " FROM docs",
        site: Site::Expression,
    },
    Head {
        before: "SELECT id, ",
        after: " AS j FROM docs WHERE id = 1",
        site: Site::Expression,
    },
    Head {
        before: "UPDATE docs SET doc = ",
        after: " WHERE id = 1",
        site: Site::Expression,
    },
    Head {
        before: "UPDATE docs SET doc = JSON_SET(doc, '$.a', ",
        after: ")",
        site: Site::Expression,
    },
    Head {
        before: "INSERT INTO docs (id, doc) VALUES (1, ",
        after: ")",
        site: Site::Expression,
    },
    Head {
        before: "INSERT INTO docs (id, doc) SELECT id, ",
        after: " FROM docs",
        site: Site::Expression,
    },
    Head {
        before: "INSERT INTO docs (id, doc) VALUES (1, '{}') ON DUPLICATE KEY UPDATE doc = ",
        after: "",
        site: Site::Expression,
    },
    Head {
        before: "REPLACE INTO docs SET id = 2, doc = ",
        after: "",
        site: Site::Expression,
    },
    Head {
        before: "DELETE FROM docs WHERE ",
        after: "",
        site: Site::Expression,
    },
    Head {
        before: "SELECT id FROM docs ORDER BY ",
        after: "",
        site: Site::Expression,
    },
    Head {
        before: "SELECT id FROM docs GROUP BY id HAVING ",
        after: "",
        site: Site::Expression,
    },
    Head {
        before: "WITH c AS (SELECT ",
        after: " AS x FROM docs) SELECT x FROM c",
        site: Site::Expression,
    },
    Head {
        before: "SELECT doc FROM docs WHERE id IN (SELECT id FROM docs WHERE ",
        after: ")",
        site: Site::Expression,
    },
    Head {
        before: "SELECT doc FROM ",
        after: "",
        site: Site::Table,
    },
    Head {
        before: "SELECT d.doc FROM docs d JOIN ",
        after: " ON 1",
        site: Site::Table,
    },
    Head {
        before: "PREPARE s FROM 'SELECT doc FROM docs WHERE ",
        after: "'",
        site: Site::PreparedText,
    },
    Head {
        before: "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '",
        after: "')",
        site: Site::Json,
    },
    Head {
        before: "INSERT INTO docs (id, doc) VALUES (1, '{\"author\": ",
        after: "}')",
        site: Site::Json,
    },
];

/// One wrapper around the expression built so far.
struct Wrapper {
    open: &'static str,
    close: &'static str,
    /// Levels the nesting budget counts for one of these.
    levels: usize,
}

const EXPRESSION_WRAPPERS: &[Wrapper] = &[
    Wrapper {
        open: "(",
        close: ")",
        levels: 1,
    },
    Wrapper {
        open: "NOT ",
        close: "",
        levels: 1,
    },
    Wrapper {
        open: "! ",
        close: "",
        levels: 1,
    },
    Wrapper {
        open: "- ",
        close: "",
        levels: 1,
    },
    Wrapper {
        open: "+ ",
        close: "",
        levels: 1,
    },
    Wrapper {
        open: "~ ",
        close: "",
        levels: 1,
    },
    Wrapper {
        open: "BINARY ",
        close: "",
        levels: 1,
    },
    Wrapper {
        open: "CAST(",
        close: " AS CHAR)",
        levels: 1,
    },
    Wrapper {
        open: "CONVERT(",
        close: ", CHAR)",
        levels: 1,
    },
    Wrapper {
        open: "IF(id = 1, ",
        close: ", doc)",
        levels: 1,
    },
    Wrapper {
        open: "IFNULL(",
        close: ", doc)",
        levels: 1,
    },
    Wrapper {
        open: "COALESCE(",
        close: ", doc)",
        levels: 1,
    },
    Wrapper {
        open: "CASE WHEN id = 1 THEN ",
        close: " ELSE doc END",
        levels: 1,
    },
    Wrapper {
        open: "CASE ",
        close: " WHEN 1 THEN doc END",
        levels: 1,
    },
    Wrapper {
        open: "CONCAT(doc, ",
        close: ")",
        levels: 1,
    },
    Wrapper {
        open: "JSON_EXTRACT(",
        close: ", '$.a')",
        levels: 1,
    },
    Wrapper {
        open: "JSON_VALUE(",
        close: ", '$.a')",
        levels: 1,
    },
    Wrapper {
        open: "JSON_UNQUOTE(",
        close: ")",
        levels: 1,
    },
    Wrapper {
        open: "JSON_OBJECT('a', ",
        close: ")",
        levels: 1,
    },
    Wrapper {
        open: "JSON_ARRAY(1, ",
        close: ")",
        levels: 1,
    },
    Wrapper {
        open: "JSON_SET(doc, '$.a', ",
        close: ")",
        levels: 1,
    },
    Wrapper {
        open: "(SELECT ",
        close: " FROM docs LIMIT 1)",
        levels: 1,
    },
    Wrapper {
        open: "EXISTS (SELECT 1 FROM docs WHERE ",
        close: ")",
        levels: 2,
    },
    Wrapper {
        open: "id IN (SELECT id FROM docs WHERE ",
        close: ")",
        levels: 1,
    },
    // Chains of binary operators: not nesting, so not counted; only
    // survival is checked (an analyzer that recursed per operator would
    // overflow here).
    Wrapper {
        open: "doc = ",
        close: "",
        levels: 0,
    },
    Wrapper {
        open: "1 AND ",
        close: "",
        levels: 0,
    },
    Wrapper {
        open: "@v := ",
        close: "",
        levels: 0,
    },
    Wrapper {
        open: "doc IS NOT ",
        close: "",
        levels: 0,
    },
    Wrapper {
        open: "ROW(1, ",
        close: ") = ROW(1, 1)",
        levels: 1,
    },
];

const TABLE_WRAPPERS: &[Wrapper] = &[
    Wrapper {
        open: "(",
        close: ")",
        levels: 1,
    },
    Wrapper {
        open: "(SELECT doc FROM ",
        close: " AS q)",
        levels: 1,
    },
    Wrapper {
        open: "(docs AS a JOIN ",
        close: " ON 1)",
        levels: 1,
    },
];

/// Inside a JSON literal: arrays and objects (their own depth limit).
const JSON_WRAPPERS: &[Wrapper] = &[
    Wrapper {
        open: "[",
        close: "]",
        levels: 0,
    },
    Wrapper {
        open: "{\"a\": ",
        close: "}",
        levels: 0,
    },
    Wrapper {
        open: "[1, ",
        close: ", {}]",
        levels: 0,
    },
];

const ATOMS: &[&str] = &[
    "doc",
    "JSON_VALID(doc)",
    "'{\"author\": \"x\"}'",
    "id",
    "JSON_EXTRACT(doc, '$.author')",
    "NULL",
];

const JSON_ATOMS: &[&str] = &["1", "\"x\"", "null", "{}"];

const TABLE_ATOMS: &[&str] = &["docs", "app.docs"];

/// The statement `data` describes: byte 0 the head and whether closers are
/// left off, byte 1 the atom, then (wrapper, count) pairs, each run
/// `1 + count^2 / 16` levels deep (0 to ~4,000), up to [`MAX_LEVELS`].
pub fn build(data: &[u8]) -> Built {
    let mut bytes = data.iter().copied();
    let first = bytes.next().unwrap_or(0) as usize;
    let atom = bytes.next().unwrap_or(0) as usize;
    let mut runs = Vec::new();
    while let (Some(w), Some(n)) = (bytes.next(), bytes.next()) {
        runs.push((w as usize, 1 + (n as usize * n as usize) / 16));
    }
    build_runs(first % HEADS.len(), atom, &runs, first & 0x80 != 0)
}

/// How many heads there are.
pub fn heads() -> usize {
    HEADS.len()
}

/// How many wrappers `head`'s site has.
pub fn wrappers(head: usize) -> usize {
    site_parts(HEADS[head % HEADS.len()].site).0.len()
}

/// How many atoms `head`'s site has.
pub fn atoms(head: usize) -> usize {
    site_parts(HEADS[head % HEADS.len()].site).1.len()
}

/// Levels one `wrapper` of `head`'s site counts for.
pub fn wrapper_levels(head: usize, wrapper: usize) -> usize {
    let wrappers = site_parts(HEADS[head % HEADS.len()].site).0;
    wrappers[wrapper % wrappers.len()].levels
}

fn site_parts(site: Site) -> (&'static [Wrapper], &'static [&'static str]) {
    match site {
        Site::Table => (TABLE_WRAPPERS, TABLE_ATOMS),
        Site::Json => (JSON_WRAPPERS, JSON_ATOMS),
        Site::Expression | Site::PreparedText => (EXPRESSION_WRAPPERS, ATOMS),
    }
}

/// `head` around runs of (wrapper, how many), outermost first, around
/// `atom` (indices wrap around).
pub fn build_runs(head: usize, atom: usize, runs: &[(usize, usize)], unclosed: bool) -> Built {
    let head = &HEADS[head % HEADS.len()];
    let (wrappers, atoms) = site_parts(head.site);
    let atom = atoms[atom % atoms.len()];
    let mut chosen: Vec<(&Wrapper, usize)> = Vec::new();
    let mut count = 0usize;
    for &(w, n) in runs {
        let wrapper = &wrappers[w % wrappers.len()];
        let n = n.min(MAX_LEVELS - count);
        if n == 0 {
            break;
        }
        count += n;
        chosen.push((wrapper, n));
    }
    let runs = chosen;
    // A run of prefix operators nests what follows unless an operand comes
    // first (`- - id IN (..)`: the minus signs apply to `id` and are done;
    // `NOT NOT 1 AND ..`: AND ends the NOTs' operand; `NOT id IN (..)`
    // nests, NOT binding looser than IN).
    let levels = runs
        .iter()
        .enumerate()
        .map(|(k, (w, n))| {
            let next = runs.get(k + 1).map(|(next, _)| next.open);
            let operand_next = next.is_some_and(|o| {
                ["doc ", "1 AND", "@v", "id IN"]
                    .iter()
                    .any(|p| o.starts_with(p))
            });
            let done = match w.open {
                "NOT " => next.is_some_and(|o| o.starts_with("1 AND")),
                "! " | "- " | "+ " | "~ " | "BINARY " => operand_next,
                _ => false,
            };
            if done {
                0
            } else {
                n * w.levels
            }
        })
        .sum();

    let mut inner = String::new();
    for (w, n) in &runs {
        for _ in 0..*n {
            inner.push_str(w.open);
        }
    }
    inner.push_str(atom);
    if !unclosed {
        for (w, n) in runs.iter().rev() {
            for _ in 0..*n {
                inner.push_str(w.close);
            }
        }
    }
    if head.site == Site::PreparedText {
        inner = inner.replace('\'', "''");
    }
    let mut sql = String::with_capacity(head.before.len() + inner.len() + head.after.len());
    sql.push_str(head.before);
    sql.push_str(&inner);
    if !unclosed {
        sql.push_str(head.after);
    }
    Built {
        sql,
        levels,
        count,
        quoted: matches!(head.site, Site::Json | Site::PreparedText),
        prepared_text: head.site == Site::PreparedText,
        unclosed,
    }
}

/// The statement rewrite a session runs (reads planned, writes compressed,
/// extracted columns derived) with a catalog of one compressed table
/// `app.docs (id, doc, doc_author)` whose `doc_author` is extracted from
/// `$.author`.
pub struct Analyzer {
    rules: squeeze::transform::ColumnRules,
    schema: squeeze::transform::schema::SchemaCache,
}

/// The rewrite's answer: the bytes it would send, or the ERR code.
pub type Answer = Result<Vec<u8>, u16>;

impl Analyzer {
    pub fn new() -> Analyzer {
        let cfg = squeeze::config::Config::from_toml(
            "[[columns]]\nschema = \"app\"\ntable = \"docs\"\ncolumn = \"doc\"\n\
             extract = [{ path = \"$.author\", column = \"doc_author\", type = \"VARCHAR(8)\" }]\n",
        )
        .expect("config parses");
        let rules = squeeze::transform::ColumnRules::from_config(&cfg).expect("rules build");
        let schema = squeeze::transform::schema::SchemaCache::default();
        schema.insert(
            "app",
            "docs",
            squeeze::transform::schema::TableInfo {
                columns: vec!["id".into(), "doc".into(), "doc_author".into()],
                data_types: vec!["int".into(), "longblob".into(), "varchar".into()],
                primary_key: vec!["id".into()],
                definitions: None,
            },
        );
        Analyzer { rules, schema }
    }

    pub fn answer(&self, sql: &str) -> Answer {
        let ctx = squeeze::transform::write::WriteContext {
            rules: &self.rules,
            schema: &self.schema,
            opts: squeeze::sql::LexOptions::default(),
            db: Some("app"),
            non_utf8_charset: None,
            connection_utf8mb4: true,
            sql_prepared: None,
            temporary: None,
            row_filters: true,
            server_inflates: false,
        };
        squeeze::transform::write::rewrite_query(sql.as_bytes(), &ctx)
            .map(|r| r.sql.into_owned())
            .map_err(|e| e.to_sql_error().code)
    }
}

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer::new()
    }
}

/// What a statement's answer must be, given how it was built; `Err` says
/// why it is wrong. (Survival, on the production stack, is the caller's.)
pub fn judge(built: &Built, answer: &Answer) -> Result<(), String> {
    let budget = squeeze::sql::nesting::MAX_NESTING;
    let refused_deep = answer == &Err(1436);
    // A statement left unclosed is the server's syntax error to report:
    // squeeze may pass it (it never descends into it) or refuse it.
    if !built.quoted && !built.unclosed && built.levels > budget && !refused_deep {
        return Err(format!(
            "{} levels (budget {budget}) answered {:?}",
            built.levels,
            answer.as_ref().map(|_| "rewritten or passed")
        ));
    }
    if built.prepared_text
        && !built.unclosed
        && built.levels > budget
        && !(refused_deep || answer == &Err(1235))
    {
        return Err(format!(
            "a PREPARE text {} levels deep answered {:?}",
            built.levels,
            answer.as_ref().map(|_| "rewritten or passed")
        ));
    }
    // Nothing MariaDB answers at ordinary depths is refused for depth
    // (every wrapper counts at most 2 levels, the head at most 3).
    if built.count * 2 + HEAD_LEVELS <= budget / 2 && refused_deep {
        return Err(format!(
            "{} wrappers refused as too deep (budget {budget})",
            built.count
        ));
    }
    Ok(())
}
