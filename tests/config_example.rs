//! `proxy-config/squeeze.example.toml` documents every key of the
//! configuration model (issue #20). The model's keys are not listed by
//! hand: they are read from the model itself. Every section refuses unknown
//! keys (`deny_unknown_fields`), and serde's refusal lists the section's
//! fields ("expected one of `a`, `b`"), so probing each section with an
//! unknown key walks the whole model, nested tables, arrays of tables and
//! named maps (`[shards.NAME]`) included. A field added to the model
//! without a line in the example fails here.

use std::collections::BTreeSet;

const EXAMPLE: &str = include_str!("../proxy-config/squeeze.example.toml");
const PROBE: &str = "zz_probe_key";

#[derive(Clone, Debug)]
enum Seg {
    Table(String),
    Array(String),
    Map(String),
}

/// TOML putting an unknown key in the table at `path`.
fn probe_toml(path: &[Seg]) -> String {
    let mut out = String::new();
    let mut dotted: Vec<String> = Vec::new();
    for (i, seg) in path.iter().enumerate() {
        match seg {
            Seg::Table(n) => dotted.push(n.clone()),
            Seg::Map(n) => {
                dotted.push(n.clone());
                dotted.push("zz_name".into());
            }
            Seg::Array(n) => {
                dotted.push(n.clone());
                if i + 1 < path.len() {
                    out.push_str(&format!("[[{}]]\n", dotted.join(".")));
                }
            }
        }
    }
    match path.last() {
        None => {}
        Some(Seg::Array(_)) => out.push_str(&format!("[[{}]]\n", dotted.join("."))),
        Some(_) => out.push_str(&format!("[{}]\n", dotted.join("."))),
    }
    out.push_str(&format!("{PROBE} = 1\n"));
    out
}

/// The fields of the table at `path`, when it is a struct.
fn fields_at(path: &[Seg]) -> Option<Vec<String>> {
    let err = squeeze::config::Config::from_toml(&probe_toml(path)).err()?;
    if !err.contains(&format!("unknown field `{PROBE}`")) {
        return None;
    }
    if err.contains("there are no fields") {
        return Some(Vec::new());
    }
    let list = err.split("expected").nth(1)?;
    let list = list.split('\n').next()?;
    Some(
        list.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect(),
    )
}

/// Every (section, key) of the model; named map entries as `NAME`.
fn model_keys(path: &mut Vec<Seg>, out: &mut BTreeSet<(String, String)>) {
    let Some(fields) = fields_at(path) else {
        return;
    };
    for f in fields {
        let mut found = false;
        for seg in [
            Seg::Table(f.clone()),
            Seg::Array(f.clone()),
            Seg::Map(f.clone()),
        ] {
            path.push(seg);
            if fields_at(path).is_some() {
                model_keys(path, out);
                found = true;
            }
            path.pop();
            if found {
                break;
            }
        }
        if !found {
            out.insert((section_name(path), f));
        }
    }
}

fn section_name(path: &[Seg]) -> String {
    path.iter()
        .map(|s| match s {
            Seg::Table(n) | Seg::Array(n) => n.clone(),
            Seg::Map(n) => format!("{n}.NAME"),
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// Every (section, key) the example mentions, set or commented out.
/// `[shards.anything]` counts as `shards.NAME`.
fn example_keys() -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    let mut section = String::new();
    for line in EXAMPLE.lines() {
        let l = line.trim_start_matches(|c: char| c == '#' || c.is_whitespace());
        if l.starts_with('[') {
            let name = l
                .trim_matches(|c| c == '[' || c == ']')
                .split(']')
                .next()
                .unwrap_or("");
            if name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
                && !name.is_empty()
            {
                let mut parts: Vec<&str> = name.split('.').collect();
                if parts.first() == Some(&"shards") && parts.len() > 1 {
                    parts[1] = "NAME";
                }
                // A section is also a key of its parent (`[bulk.attributes]`).
                if let Some((last, parent)) = parts.split_last() {
                    out.insert((parent.join("."), last.to_string()));
                }
                section = parts.join(".");
            }
            continue;
        }
        if let Some((k, _)) = l.split_once('=') {
            let k = k.trim();
            if !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                out.insert((section.clone(), k.to_string()));
            }
        }
    }
    out
}

#[test]
fn the_model_walk_finds_nested_tables_arrays_and_maps() {
    let mut keys = BTreeSet::new();
    model_keys(&mut Vec::new(), &mut keys);
    for want in [
        ("proxy", "listen"),
        ("proxy.tls", "cert"),
        ("users", "password_env"),
        ("shards.NAME", "address"),
        ("columns", "dictionary"),
        ("admin", "token_env"),
    ] {
        assert!(
            keys.contains(&(want.0.to_string(), want.1.to_string())),
            "{want:?} not found in the model walk: {keys:?}"
        );
    }
    assert!(keys.len() > 60, "only {} keys: {keys:?}", keys.len());
}

#[test]
fn every_key_of_the_config_model_is_in_the_example_file() {
    let mut keys = BTreeSet::new();
    model_keys(&mut Vec::new(), &mut keys);
    let documented = example_keys();
    let missing: Vec<String> = keys
        .iter()
        .filter(|k| !documented.contains(k))
        .map(|(s, k)| format!("[{s}] {k}"))
        .collect();
    assert!(
        missing.is_empty(),
        "proxy-config/squeeze.example.toml lacks {} key(s) of the configuration model:\n  {}",
        missing.len(),
        missing.join("\n  ")
    );
    // And the example sets nothing the model does not know.
    let t: toml::Table = toml::from_str(EXAMPLE).unwrap();
    assert!(squeeze::config::Config::from_toml(&toml::to_string(&t).unwrap()).is_ok());
}
