//! The read analyzer (`src/sql/query/`) through `plan_query`, with a catalog
//! that has compressed tables, views over them (nested, self-referencing,
//! and one whose definition the input supplies) and a routine that reads
//! compressed columns: never panics, every refusal names a db and table,
//! and an accepted query's shape is consistent (only for a statement that
//! is not refused, and every output it marks compressed is a compressed
//! column of the catalog).
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use squeeze::sql::{self, ColumnCatalog, LexOptions, Plan};

struct Cat {
    /// Definition of `app.v_fuzz`, from the input.
    fuzz_view: Option<Arc<str>>,
}

impl ColumnCatalog for Cat {
    fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
        db == "app" && matches!(table, "docs" | "t") && column.eq_ignore_ascii_case("doc")
    }
    fn table_has_compressed(&self, db: &str, table: &str) -> bool {
        db == "app" && matches!(table, "docs" | "t")
    }
    fn table_columns(&self, db: &str, table: &str) -> Option<Vec<String>> {
        let cols: &[&str] = match (db, table) {
            ("app", "docs") => &["id", "doc", "title"],
            ("app", "t") => &["id", "doc"],
            ("app", "plain") => &["id", "doc", "n"],
            _ => return None,
        };
        Some(cols.iter().map(|c| c.to_string()).collect())
    }
    fn view_definition(&self, db: &str, name: &str) -> Option<Arc<str>> {
        if db != "app" {
            return None;
        }
        let def = match name {
            "v_docs" => {
                "select `app`.`docs`.`id` AS `id`,`app`.`docs`.`doc` AS `body` from `app`.`docs`"
            }
            "v_v" => "select `v`.`body` AS `b2`,`v`.`id` AS `id` from `app`.`v_docs` `v`",
            "v_join" => {
                "select `d`.`doc` AS `doc`,`t`.`doc` AS `tdoc`,`p`.`n` AS `n` from ((`app`.`docs` `d` join `app`.`t` on(`d`.`id` = `t`.`id`)) left join `app`.`plain` `p` on(`p`.`id` = `d`.`id`))"
            }
            "v_expr" => "select length(`app`.`docs`.`doc`) AS `len` from `app`.`docs`",
            "v_loop" => "select `app`.`v_loop`.`doc` AS `doc` from `app`.`v_loop`",
            "v_fuzz" => return self.fuzz_view.clone(),
            _ => return None,
        };
        Some(def.into())
    }
    fn routine_reads_compressed(&self, db: &str, name: &str) -> bool {
        db == "app" && name.eq_ignore_ascii_case("f_doc")
    }
    fn compressed_columns(&self, db: &str, table: &str) -> Vec<String> {
        if self.table_has_compressed(db, table) {
            vec!["doc".into()]
        } else {
            Vec::new()
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let opts = LexOptions {
        no_backslash_escapes: flags & 1 != 0,
        ansi_quotes: flags & 2 != 0,
    };
    let db = (flags & 4 == 0).then_some("app");
    // `query \0 definition of app.v_fuzz`
    let (sql, fuzz_view) = match rest.iter().position(|&b| b == 0) {
        Some(i) => (
            &rest[..i],
            Some(Arc::from(String::from_utf8_lossy(&rest[i + 1..]).as_ref())),
        ),
        None => (rest, None),
    };
    let cat = Cat { fuzz_view };
    let plans = sql::plan_query(sql, opts, db, &cat);
    assert!(!plans.is_empty());
    let mut pos = 0;
    for p in &plans {
        assert!(p.range.start >= pos && p.range.start <= p.range.end && p.range.end <= sql.len());
        pos = p.range.end;
        if let Plan::Refuse(r) = &p.plan {
            assert!(
                !r.column.db.is_empty() && !r.column.table.is_empty(),
                "a refusal that names no table: {r:?}"
            );
            assert!(!r.message().is_empty());
            let _ = r.reason.as_label();
        }
        if let Some(shape) = &p.shape {
            assert!(
                !matches!(p.plan, Plan::Refuse(_)),
                "a refused statement with a result shape"
            );
            for c in shape.outputs.iter().flatten() {
                assert!(
                    cat.is_compressed(&c.db, &c.table, &c.column),
                    "output marked compressed is not a compressed column: {c:?}"
                );
            }
        }
    }
});
