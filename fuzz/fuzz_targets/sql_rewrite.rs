//! Lex + plan + splice arbitrary bytes with a fixed catalog: never panics,
//! tokens tile the input, literal sites never overlap and splicing keeps
//! every byte outside them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use squeeze::sql::{self, ColumnCatalog, LexOptions, Plan};

struct Cat;

impl ColumnCatalog for Cat {
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        db == "app" && matches!(table, "docs" | "t") && column.eq_ignore_ascii_case("doc")
    }
    fn table_has_compressed(&self, db: &str, table: &str) -> bool {
        db == "app" && matches!(table, "docs" | "t")
    }
    fn table_columns(&self, _db: &str, table: &str) -> Option<Vec<String>> {
        (table == "docs").then(|| vec!["id".into(), "doc".into(), "title".into()])
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, sql)) = data.split_first() else {
        return;
    };
    let opts = LexOptions {
        no_backslash_escapes: flags & 1 != 0,
        ansi_quotes: flags & 2 != 0,
    };
    let mut pos = 0;
    for t in sql::Lexer::new(sql, opts) {
        assert_eq!(t.start, pos);
        assert!(t.end > t.start);
        pos = t.end;
    }
    assert_eq!(pos, sql.len());

    let plans = sql::plan_query(sql, opts, Some("app"), &Cat);
    let mut edits = Vec::new();
    for p in &plans {
        assert!(p.range.start <= p.range.end && p.range.end <= sql.len());
        if let Plan::Rewrite { sites, .. } = &p.plan {
            for s in sites {
                assert!(s.span.start >= p.range.start && s.span.end <= p.range.end);
                edits.push((s.span.clone(), sql::binary_literal(&s.value, p.opts)));
            }
        }
        if let Plan::Refuse(r) = &p.plan {
            let _ = r.message();
            let _ = r.reason.as_label();
        }
    }
    for w in edits.windows(2) {
        assert!(w[0].0.end <= w[1].0.start, "overlapping edits");
    }
    let out = sql::splice(sql, &edits);
    let mut i = 0;
    let mut o = 0;
    for (r, b) in &edits {
        assert_eq!(&out[o..o + (r.start - i)], &sql[i..r.start]);
        o += r.start - i + b.len();
        i = r.end;
    }
    assert_eq!(&out[o..], &sql[i..]);
});
