//! The top-level modules of `src/` form no import cycle: each depends on
//! the modules below it, never back, so a pure module (`protocol`, `sql`,
//! `codec`, `transform`, `router`) can be read and tested on its own.
//!
//! An edge is any `crate::<module>` path (in `use` or inline) and any
//! `use crate::{<module>, ...}` group in a file of another module; comments
//! and `#[cfg(test)]` modules at the end of a file are not read.
//! A re-export kept for old paths (`pub use crate::metrics;`) is an edge
//! too: it must point down as well.

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
