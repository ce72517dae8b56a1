//! The top-level modules of `src/` are layered: each imports only modules
//! of a lower layer (`LAYERS`), never its own layer or a higher one, so a
//! pure module (`protocol`, `sql`, `codec`, `transform`, `router`) can be
//! read and tested on its own, and the graph has no cycle.
//!
//! An edge is any `crate::<module>` path (in `use` or inline) and any
//! `use crate::{<module>, ...}` group in a file of another module; comments
//! and `#[cfg(test)]` modules at the end of a file are not read.
//! A re-export kept for old paths (`pub use crate::metrics;`) is an edge
//! too: it must point down as well. The modules inside `src/sql/` are
//! layered the same way (`SQL_LAYERS`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without comments and without its trailing test
/// module.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn identifier_at(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// Top-level module -> the top-level modules its files name.
fn edges(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(src).unwrap();
        let first = rel.components().next().unwrap().as_os_str();
        let module = first.to_string_lossy().trim_end_matches(".rs").to_string();
        if module == "lib" || module == "main" {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        let mut named = BTreeSet::new();
        for (i, _) in code.match_indices("crate::") {
            let rest = &code[i + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let group = &group[..group.find('}').unwrap_or(group.len())];
                for item in group.split(',') {
                    let name = identifier_at(item.trim());
                    if !name.is_empty() {
                        named.insert(name.to_string());
                    }
                }
            } else {
                named.insert(identifier_at(rest).to_string());
            }
        }
        named.remove(&module);
        named.remove("");
        graph.entry(module).or_default().extend(named);
    }
    graph
}

/// A cycle through `start`, as the path of modules, if there is one.
fn cycle_through(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![(start.to_string(), vec![start.to_string()])];
    let mut seen = BTreeSet::new();
    while let Some((at, path)) = stack.pop() {
        for next in graph.get(&at).into_iter().flatten() {
            if next == start {
                let mut cycle = path.clone();
                cycle.push(start.to_string());
                return Some(cycle);
            }
            if seen.insert(next.clone()) {
                let mut p = path.clone();
                p.push(next.clone());
                stack.push((next.clone(), p));
            }
        }
    }
    None
}

/// The top-level modules of `src/`, lowest layer first. A module may
/// import only modules of earlier rows; a new module must be placed here.
const LAYERS: &[&[&str]] = &[
    // Leaves: pure byte and SQL-free code, counters, the thread pool.
    &[
        "charset",
        "codec",
        "protocol",
        "router",
        "metrics",
        "interrupt",
    ],
    &["limits", "sql", "results_charset"],
    // The session workers run on the stack size `limits` chooses.
    &["net", "error", "workers"],
    &["config"],
    // Pure result/write translation.
    &["transform"],
    &["backend"],
    // What every session shares at runtime.
    &["context"],
    // squeeze's metadata schema on the shards, then the admin view of it.
    &["meta"],
    // squeeze's in-server functions on the shards (status, install).
    &["in_server"],
    &["admin"],
    &["session"],
    &["server"],
    // Offline commands: the shard list and sampling, the jobs, the CLI.
    &["fleet"],
    &["jobs"],
    &["cli"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|row| row.contains(&module))
}

/// Edges that point to the importing module's own layer or above.
fn upward_imports(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut bad = Vec::new();
    for (from, tos) in graph {
        for to in tos {
            match (layer_of(from), layer_of(to)) {
                (Some(a), Some(b)) if b < a => {}
                (Some(a), Some(b)) => {
                    bad.push(format!("{from} (layer {a}) imports {to} (layer {b})"))
                }
                _ => bad.push(format!("{from} -> {to}: a module missing from LAYERS")),
            }
        }
    }
    bad
}

#[test]
fn every_top_level_module_imports_only_modules_of_lower_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = edges(&src);
    let unplaced: Vec<&String> = graph.keys().filter(|m| layer_of(m).is_none()).collect();
    assert!(
        unplaced.is_empty(),
        "modules of src/ not in LAYERS (place them): {unplaced:?}"
    );
    let bad = upward_imports(&graph);
    assert!(
        bad.is_empty(),
        "upward imports in src/:\n  {}",
        bad.join("\n  ")
    );
}

#[test]
fn the_layer_check_rejects_an_upward_or_same_layer_import() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph
        .entry("session".into())
        .or_default()
        .insert("sql".into());
    assert!(upward_imports(&graph).is_empty());
    graph
        .entry("meta".into())
        .or_default()
        .insert("admin".into());
    graph
        .entry("net".into())
        .or_default()
        .insert("error".into());
    assert_eq!(
        upward_imports(&graph).len(),
        2,
        "{:?}",
        upward_imports(&graph)
    );
}

#[test]
fn the_top_level_modules_of_src_form_no_import_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = edges(&src);
    assert!(graph.len() > 5, "read too few modules: {graph:?}");
    let cycles: Vec<String> = graph
        .keys()
        .filter_map(|m| cycle_through(&graph, m))
        .map(|c| c.join(" -> "))
        .collect();
    assert!(
        cycles.is_empty(),
        "import cycles in src/:\n  {}",
        cycles.join("\n  ")
    );
}

#[test]
fn the_cycle_check_finds_a_cycle_it_is_given() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    assert_eq!(cycle_through(&graph, "a"), None);
    graph.entry("c".into()).or_default().insert("a".into());
    assert_eq!(
        cycle_through(&graph, "a"),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
}

#[test]
fn edges_are_read_from_inline_paths_and_use_groups_but_not_comments() {
    let code = code_of(
        "use crate::{net, protocol::Packet};\nlet m = crate::metrics::METRICS; // crate::admin\n#[cfg(test)]\nmod tests { use crate::server; }",
    );
    assert!(code.contains("crate::{net, protocol"));
    assert!(!code.contains("crate::admin"));
    assert!(!code.contains("crate::server"));
}

/// The modules of `src/sql/`, lowest layer first, under the same rule:
/// the shared vocabulary (tokens, refusals, the catalog) at the bottom, the
/// read analyzer above it, the planner with its write analyzer on top, so
/// that one grammar question has one owner.
const SQL_LAYERS: &[&[&str]] = &[
    &["comment_gate", "json"],
    &["lexer"],
    &[
        "tokens", "prescan", "splice", "shape", "kill", "refusal", "nesting",
    ],
    &["classify", "own_values"],
    // The one relation walk, then the statement model that caches it.
    &["tables"],
    &["statement"],
    &["compound", "route", "thread_id_literals", "set_scope"],
    // How a statement changes the reading of the rest; which statement of
    // a query each result the server sends is of.
    &["state", "results"],
    &["temporary"],
    &["catalog"],
    // The default-deny read analyzer.
    &["query"],
    &["direct_reads", "diagnostics"],
    // Planning: statements to plans, with the write analyzer inside.
    &["plan"],
];

/// The `super::` hops and the rest of a path written at `at`.
fn strip_supers(mut at: &str) -> (usize, &str) {
    let mut hops = 0;
    while let Some(rest) = at.strip_prefix("super::") {
        hops += 1;
        at = rest;
    }
    (hops, at)
}

/// The identifiers a path names next: one name, or each item of a
/// `{a, b::c}` group.
fn names_at(rest: &str) -> Vec<String> {
    match rest.strip_prefix('{') {
        Some(group) => group[..group.find('}').unwrap_or(group.len())]
            .split(',')
            .map(|item| identifier_at(item.trim()).to_string())
            .filter(|n| !n.is_empty())
            .collect(),
        None => vec![identifier_at(rest).to_string()],
    }
}

/// Child module of `src/sql/` -> the sibling modules its files name, by
/// `crate::sql::x` or by as many `super::` as lead back to `sql`.
fn sql_edges(sql: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(sql, &mut files);
    let siblings: BTreeSet<String> = std::fs::read_dir(sql)
        .unwrap()
        .map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.trim_end_matches(".rs").to_string()
        })
        .filter(|n| n != "mod")
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(sql).unwrap();
        let parts: Vec<String> = rel
            .components()
            .map(|c| {
                c.as_os_str()
                    .to_string_lossy()
                    .trim_end_matches(".rs")
                    .to_string()
            })
            .collect();
        let module = parts[0].clone();
        // Test-only files: `x_tests.rs` beside a module, `tests.rs` inside one.
        if module == "mod" || module.ends_with("tests") || parts.last().unwrap() == "tests" {
            continue;
        }
        // How deep below `sql` the file's module is (`a/mod.rs` is `a`).
        let depth = parts.len() - usize::from(parts.last().unwrap() == "mod");
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        let mut named = BTreeSet::new();
        for (i, _) in code.match_indices("crate::sql::") {
            named.extend(names_at(&code[i + "crate::sql::".len()..]));
        }
        for (i, _) in code.match_indices("super::") {
            if code[..i].ends_with("super::") {
                continue;
            }
            let (hops, rest) = strip_supers(&code[i..]);
            if hops == depth {
                named.extend(names_at(rest));
            }
        }
        named.retain(|n| siblings.contains(n) && *n != module);
        graph.entry(module).or_default().extend(named);
    }
    graph
}

fn sql_layer_of(module: &str) -> Option<usize> {
    SQL_LAYERS.iter().position(|row| row.contains(&module))
}

#[test]
fn every_module_of_sql_imports_only_modules_of_lower_layers() {
    let sql = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/sql");
    let graph = sql_edges(&sql);
    assert!(
        graph.get("plan").is_some_and(|to| to.contains("query")),
        "the reader missed plan -> query: {graph:?}"
    );
    let mut bad = Vec::new();
    for (from, tos) in &graph {
        for to in tos {
            match (sql_layer_of(from), sql_layer_of(to)) {
                (Some(a), Some(b)) if b < a => {}
                (Some(a), Some(b)) => bad.push(format!(
                    "sql::{from} (layer {a}) imports sql::{to} (layer {b})"
                )),
                (None, _) => bad.push(format!("sql::{from}: a module missing from SQL_LAYERS")),
                (_, None) => bad.push(format!("sql::{to}: a module missing from SQL_LAYERS")),
            }
        }
    }
    bad.sort();
    bad.dedup();
    assert!(
        bad.is_empty(),
        "upward imports in src/sql/:\n  {}",
        bad.join("\n  ")
    );
}

#[test]
fn the_sql_reader_follows_super_paths_back_to_sql_and_no_further() {
    let (hops, rest) = strip_supers("super::super::lexer::Token");
    assert_eq!((hops, rest), (2, "lexer::Token"));
    assert_eq!(names_at("{refuse, Analyzer}"), vec!["refuse", "Analyzer"]);
    assert_eq!(names_at("query::Stop"), vec!["query"]);
}
