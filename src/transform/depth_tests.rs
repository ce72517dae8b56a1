//! Every hostile nesting shape, up to 1 MB statements, through the whole
//! statement rewrite on a thread with the production stack: a clean answer
//! or a refusal (ERR 1436 past `sql::nesting::MAX_NESTING`), never a
//! stack overflow; and fast (no scan per level over the statement).

use std::time::{Duration, Instant};

use crate::config::Config;
use crate::limits::stack::ANALYSIS_STACK;
use crate::sql::nesting::MAX_NESTING;
use crate::sql::LexOptions;
use crate::transform::schema::{SchemaCache, TableInfo};
use crate::transform::write::{rewrite_query, WriteContext};
use crate::transform::ColumnRules;

/// One hostile shape: the statement nested `n` levels deep.
pub struct Shape {
    pub name: &'static str,
    pub build: fn(usize) -> String,
}

fn nest(head: &str, open: &str, inner: &str, close: &str, tail: &str, n: usize) -> String {
    let mut s = String::with_capacity(head.len() + n * (open.len() + close.len()) + 64);
    s.push_str(head);
    for _ in 0..n {
        s.push_str(open);
    }
    s.push_str(inner);
    for _ in 0..n {
        s.push_str(close);
    }
    s.push_str(tail);
    s
}

pub const SHAPES: &[Shape] = &[
    Shape {
        name: "where_parens",
        build: |n| {
            nest(
                "SELECT id FROM docs WHERE JSON_VALID(doc) AND ",
                "(",
                "JSON_VALID(doc)",
                ")",
                "",
                n,
            )
        },
    },
    Shape {
        name: "where_not",
        build: |n| {
            nest(
                "SELECT id FROM docs WHERE JSON_VALID(doc) AND ",
                "NOT ",
                "JSON_VALID(doc)",
                "",
                "",
                n,
            )
        },
    },
    Shape {
        name: "where_bang",
        build: |n| {
            nest(
                "SELECT id FROM docs WHERE ",
                "!",
                "JSON_VALID(doc)",
                "",
                "",
                n,
            )
        },
    },
    Shape {
        name: "select_cast",
        build: |n| {
            nest(
                "SELECT ",
                "CAST(",
                "JSON_EXTRACT(doc, '$.a')",
                " AS CHAR)",
                " FROM docs",
                n,
            )
        },
    },
    Shape {
        name: "select_if",
        build: |n| {
            nest(
                "SELECT ",
                "IF(id = 1, ",
                "JSON_VALUE(doc, '$.a')",
                ", NULL)",
                " FROM docs",
                n,
            )
        },
    },
    Shape {
        name: "select_case",
        build: |n| {
            nest(
                "SELECT ",
                "CASE WHEN id = 1 THEN ",
                "doc",
                " END",
                " FROM docs",
                n,
            )
        },
    },
    Shape {
        name: "select_minus",
        build: |n| nest("SELECT ", "- ", "id", "", ", doc FROM docs", n),
    },
    Shape {
        name: "select_tilde",
        build: |n| nest("SELECT ", "~", "JSON_LENGTH(doc)", "", " FROM docs", n),
    },
    Shape {
        name: "update_parens",
        build: |n| {
            nest(
                "UPDATE docs SET doc = ",
                "(",
                "'{\"author\": \"x\"}'",
                ")",
                " WHERE id = 1",
                n,
            )
        },
    },
    Shape {
        name: "update_if",
        build: |n| {
            nest(
                "UPDATE docs SET doc = ",
                "IF(id = 1, ",
                "'{\"author\": \"x\"}'",
                ", doc)",
                " WHERE id = 1",
                n,
            )
        },
    },
    Shape {
        name: "update_case",
        build: |n| {
            nest(
                "UPDATE docs SET doc = ",
                "CASE WHEN id = 1 THEN ",
                "'{}'",
                " ELSE doc END",
                "",
                n,
            )
        },
    },
    Shape {
        name: "update_coalesce",
        build: |n| {
            nest(
                "UPDATE docs SET doc = ",
                "COALESCE(",
                "'{}'",
                ", doc)",
                "",
                n,
            )
        },
    },
    Shape {
        name: "insert_parens",
        build: |n| {
            nest(
                "INSERT INTO docs (id, doc) VALUES (1, ",
                "(",
                "'{}'",
                ")",
                ")",
                n,
            )
        },
    },
    Shape {
        name: "subqueries",
        build: |n| {
            nest(
                "SELECT doc FROM docs WHERE id IN ",
                "(SELECT id FROM docs WHERE id IN ",
                "(1)",
                ")",
                "",
                n,
            )
        },
    },
    Shape {
        name: "from_parens",
        build: |n| nest("SELECT doc FROM ", "(", "docs", ")", "", n),
    },
    Shape {
        name: "prepare_text",
        build: |n| {
            nest(
                "PREPARE s FROM 'SELECT doc FROM docs WHERE ",
                "(",
                "1",
                ")",
                "'",
                n,
            )
        },
    },
    Shape {
        name: "json_document",
        build: |n| {
            nest(
                "INSERT INTO docs (id, doc) VALUES (1, '{\"author\": ",
                "[",
                "1",
                "]",
                "}')",
                n,
            )
        },
    },
    Shape {
        name: "json_candidate",
        build: |n| {
            nest(
                "SELECT id FROM docs WHERE JSON_CONTAINS(doc, '",
                "[",
                "1",
                "]",
                "')",
                n,
            )
        },
    },
    Shape {
        name: "json_path",
        build: |n| {
            nest(
                "SELECT JSON_EXTRACT(doc, '$",
                ".a",
                "",
                "",
                "') FROM docs",
                n,
            )
        },
    },
];

fn rules() -> ColumnRules {
    let cfg = Config::from_toml(
        "[[columns]]\nschema = \"app\"\ntable = \"docs\"\ncolumn = \"doc\"\nextract = [{ path = \"$.author\", column = \"doc_author\", type = \"VARCHAR(8)\" }]\n",
    )
    .expect("config parses");
    ColumnRules::from_config(&cfg).expect("rules build")
}

fn schema() -> SchemaCache {
    let s = SchemaCache::default();
    s.insert(
        "app",
        "docs",
        TableInfo {
            columns: vec!["id".into(), "doc".into(), "doc_author".into()],
            data_types: vec!["int".into(), "longblob".into(), "varchar".into()],
            primary_key: vec!["id".into()],
            definitions: None,
        },
    );
    s
}

/// The rewrite's answer: `Ok` (rewritten or passed), or the ERR code.
pub fn analyse(sql: &str) -> Result<(), u16> {
    let (rules, schema) = (rules(), schema());
    let ctx = WriteContext {
        rules: &rules,
        schema: &schema,
        opts: LexOptions::default(),
        db: Some("app"),
        non_utf8_charset: None,
        connection_utf8mb4: true,
        sql_prepared: None,
        temporary: None,
        row_filters: true,
        server_inflates: false,
    };
    rewrite_query(sql.as_bytes(), &ctx)
        .map(|_| ())
        .map_err(|e| e.to_sql_error().code)
}

/// `f` on a thread of `stack` bytes (a stack overflow aborts the test).
fn on_stack<R: Send + 'static>(stack: usize, f: impl FnOnce() -> R + Send + 'static) -> R {
    std::thread::Builder::new()
        .stack_size(stack)
        .spawn(f)
        .expect("thread starts")
        .join()
        .expect("the analyzer never panics")
}

#[test]
fn every_nesting_shape_up_to_a_megabyte_is_answered_or_refused_on_the_production_stack() {
    for shape in SHAPES {
        let per_level = ((shape.build)(2).len() - (shape.build)(1).len()).max(1);
        let megabyte = (1 << 20) / per_level;
        let mut depths = vec![100, 500, MAX_NESTING + 1, 5_000, megabyte];
        depths.retain(|&n| n <= megabyte);
        for n in depths {
            let sql = (shape.build)(n);
            let started = Instant::now();
            let answer = on_stack(ANALYSIS_STACK, move || analyse(&sql));
            let took = started.elapsed();
            // Nothing MariaDB answers at ordinary depths is over-refused.
            if n <= 500 {
                assert_ne!(answer, Err(1436), "{} at {n}", shape.name);
            }
            // Past the budget: refused (a JSON text is bounded by its own
            // depth limit, refused or passed as MariaDB's).
            if n > MAX_NESTING && !shape.name.starts_with("json_") {
                // A text inside a literal (PREPARE .. FROM '..') is refused
                // as the statement that carries it (1235, naming the
                // nesting refusal of the text).
                let carried = shape.name == "prepare_text" && answer == Err(1235);
                assert!(
                    answer == Err(1436) || carried,
                    "{} at {n}: {answer:?}",
                    shape.name
                );
            }
            assert!(
                took < Duration::from_secs(2),
                "{} at {n} took {took:?}",
                shape.name
            );
        }
    }
}

#[test]
fn the_deepest_statement_analysed_fits_a_quarter_of_the_production_stack() {
    for shape in SHAPES {
        let sql = (shape.build)(MAX_NESTING - 2);
        let answer = on_stack(ANALYSIS_STACK / 4, move || analyse(&sql));
        assert_ne!(answer, Err(1436), "{} at {MAX_NESTING}", shape.name);
    }
}

#[test]
fn sixty_thousand_parentheses_in_update_set_doc_are_refused_in_milliseconds() {
    let sql = (SHAPES[8].build)(60_000);
    let started = Instant::now();
    let answer = on_stack(ANALYSIS_STACK, move || analyse(&sql));
    assert_eq!(answer, Err(1436));
    assert!(
        started.elapsed() < Duration::from_millis(200),
        "{:?}",
        started.elapsed()
    );
}
