//! Name resolution: which relations a name can refer to, and whether what
//! it names carries compressed values.
//!
//! A *relation* is anything in a FROM clause: a base table (whose
//! compressed columns the catalog knows), or a derived table, CTE or view
//! (whose output columns the analyzer computed). Scopes nest: a subquery
//! sees its own FROM first, then every enclosing query's (correlation).

use crate::sql::catalog::ColumnCatalog;
use crate::sql::refusal::ColumnRef;

/// One output column of a query: its name as a client (or an enclosing
/// query) sees it, and the compressed column its values come from unchanged,
/// if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutCol {
    /// Alias, or the column's own name, or the expression's text.
    pub name: String,
    /// `Some` when every non-NULL value of this column may be a compressed
    /// value of that column (passed through unchanged).
    pub blob: Option<ColumnRef>,
}

/// A relation of a FROM clause.
#[derive(Debug, Clone)]
pub struct Relation {
    /// The name a column may be qualified with (alias, else table name).
    pub qualifier: String,
    /// Database and table name for base tables.
    pub base: Option<(String, String)>,
    /// Output columns of a derived table, CTE or view; for a base table the
    /// columns if the catalog knew them when they were needed.
    pub columns: Option<Vec<OutCol>>,
    /// How `*` sees it (NATURAL JOIN and USING merge columns).
    pub star: StarRole,
}

/// A relation's part in `SELECT *`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StarRole {
    /// Expanded by `*` and resolvable by name.
    Listed,
    /// Joined by NATURAL/USING: `*` shows the merged columns instead.
    Merged,
    /// The merged columns of such a join: only `*` sees it.
    StarOnly,
}

impl Relation {
    /// Whether `name` (one part) is a compressed column of this relation:
    /// `Some(Some(c))` compressed, `Some(None)` a known plain column,
    /// `None` not known to be a column of this relation.
    fn column(&self, catalog: &dyn ColumnCatalog, name: &str) -> Option<Option<ColumnRef>> {
        if self.star == StarRole::StarOnly {
            return None;
        }
        if let Some((db, table)) = &self.base {
            if catalog.is_compressed(db, table, name) {
                return Some(Some(ColumnRef {
                    db: db.clone(),
                    table: table.clone(),
                    column: name.to_string(),
                }));
            }
            return None;
        }
        self.columns
            .as_ref()?
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
            .map(|c| c.blob.clone())
    }
}

/// The relations and select-list aliases visible at one query level.
#[derive(Debug, Default, Clone)]
pub struct Scope {
    pub relations: Vec<Relation>,
    /// Select-list outputs, visible to ORDER BY / GROUP BY / HAVING.
    pub outputs: Vec<OutCol>,
    /// Whether `outputs` are visible to names now (set while parsing
    /// ORDER BY, GROUP BY, HAVING).
    pub aliases_visible: bool,
    /// Whether this query level has a GROUP BY.
    pub grouped: bool,
}

/// Resolve a dotted name (1 to 3 parts) against `scopes` (innermost last).
/// Returns the compressed column it names, if any. Ambiguous or unknown
/// names resolve to a compressed column whenever any visible relation
/// could supply one by that name: over-refusing is safe, under-refusing is
/// not.
pub fn resolve(
    scopes: &[Scope],
    catalog: &dyn ColumnCatalog,
    current_db: Option<&str>,
    parts: &[&str],
) -> Option<ColumnRef> {
    match parts {
        [name] => resolve_bare(scopes, catalog, name),
        [qualifier, name] => {
            for scope in scopes.iter().rev() {
                let exact = scope
                    .relations
                    .iter()
                    .find(|r| r.star != StarRole::StarOnly && r.qualifier == *qualifier);
                let found = exact.or_else(|| {
                    scope.relations.iter().find(|r| {
                        r.star != StarRole::StarOnly && r.qualifier.eq_ignore_ascii_case(qualifier)
                    })
                });
                if let Some(r) = found {
                    // A base table's plain column, or a name the relation
                    // lacks (the server will say so), is not compressed.
                    return r.column(catalog, name).unwrap_or_default();
                }
            }
            // Unknown qualifier (a trigger's NEW/OLD, a typo): conservative.
            resolve_anywhere(scopes, catalog, name)
        }
        [db, table, name] => {
            if catalog.is_compressed(db, table, name) {
                return Some(ColumnRef {
                    db: db.to_string(),
                    table: table.to_string(),
                    column: name.to_string(),
                });
            }
            let _ = current_db;
            None
        }
        _ => None,
    }
}

fn resolve_bare(scopes: &[Scope], catalog: &dyn ColumnCatalog, name: &str) -> Option<ColumnRef> {
    for scope in scopes.iter().rev() {
        let mut known_plain = false;
        if scope.aliases_visible {
            if let Some(o) = scope
                .outputs
                .iter()
                .find(|o| o.name.eq_ignore_ascii_case(name))
            {
                if o.blob.is_some() {
                    return o.blob.clone();
                }
                known_plain = true;
            }
        }
        for r in &scope.relations {
            match r.column(catalog, name) {
                Some(Some(c)) => return Some(c),
                Some(None) => known_plain = true,
                None => {}
            }
        }
        if known_plain {
            return None;
        }
    }
    None
}

/// Any visible relation at any level that has a compressed column `name`.
fn resolve_anywhere(
    scopes: &[Scope],
    catalog: &dyn ColumnCatalog,
    name: &str,
) -> Option<ColumnRef> {
    scopes.iter().rev().find_map(|s| {
        s.relations
            .iter()
            .find_map(|r| r.column(catalog, name).flatten())
            .or_else(|| {
                s.outputs
                    .iter()
                    .find(|o| o.name.eq_ignore_ascii_case(name))
                    .and_then(|o| o.blob.clone())
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Cat;
    impl ColumnCatalog for Cat {
        fn is_compressed(&self, db: &str, table: &str, column: &str) -> bool {
            db == "app" && table == "docs" && column.eq_ignore_ascii_case("doc")
        }
        fn table_has_compressed(&self, db: &str, table: &str) -> bool {
            db == "app" && table == "docs"
        }
        fn table_columns(&self, _: &str, _: &str) -> Option<Vec<String>> {
            None
        }
    }

    fn base(q: &str, table: &str) -> Relation {
        Relation {
            qualifier: q.into(),
            base: Some(("app".into(), table.into())),
            columns: None,
            star: StarRole::Listed,
        }
    }

    fn derived(q: &str, cols: &[(&str, bool)]) -> Relation {
        Relation {
            qualifier: q.into(),
            base: None,
            columns: Some(
                cols.iter()
                    .map(|(n, b)| OutCol {
                        name: n.to_string(),
                        blob: b.then(|| ColumnRef {
                            db: "app".into(),
                            table: "docs".into(),
                            column: "doc".into(),
                        }),
                    })
                    .collect(),
            ),
            star: StarRole::Listed,
        }
    }

    fn scope(rels: Vec<Relation>) -> Scope {
        Scope {
            relations: rels,
            ..Scope::default()
        }
    }

    #[test]
    fn an_alias_of_a_compressed_column_in_a_derived_table_resolves_to_it() {
        let s = [scope(vec![derived("d", &[("x", true), ("id", false)])])];
        assert!(resolve(&s, &Cat, None, &["x"]).is_some());
        assert!(resolve(&s, &Cat, None, &["d", "X"]).is_some());
        assert!(resolve(&s, &Cat, None, &["id"]).is_none());
    }

    #[test]
    fn an_outer_compressed_column_is_seen_from_a_correlated_subquery() {
        let s = [
            scope(vec![base("d", "docs")]),
            scope(vec![base("p", "plain")]),
        ];
        assert!(resolve(&s, &Cat, None, &["doc"]).is_some());
        assert!(resolve(&s, &Cat, None, &["d", "doc"]).is_some());
        assert!(resolve(&s, &Cat, None, &["p", "doc"]).is_none());
    }

    #[test]
    fn an_inner_plain_column_hides_an_outer_compressed_one_of_the_same_name() {
        let s = [
            scope(vec![base("d", "docs")]),
            scope(vec![derived("q", &[("doc", false)])]),
        ];
        assert!(resolve(&s, &Cat, None, &["doc"]).is_none());
    }

    #[test]
    fn an_unknown_qualifier_is_treated_as_compressed_when_any_relation_could_be() {
        let s = [scope(vec![base("d", "docs")])];
        assert!(resolve(&s, &Cat, None, &["new", "doc"]).is_some());
        assert!(resolve(&s, &Cat, None, &["new", "id"]).is_none());
    }

    #[test]
    fn select_aliases_count_only_where_they_are_visible() {
        let mut s = scope(vec![base("p", "plain")]);
        s.outputs = vec![OutCol {
            name: "j".into(),
            blob: Some(ColumnRef {
                db: "app".into(),
                table: "docs".into(),
                column: "doc".into(),
            }),
        }];
        let mut scopes = [s];
        assert!(resolve(&scopes, &Cat, None, &["j"]).is_none());
        scopes[0].aliases_visible = true;
        assert!(resolve(&scopes, &Cat, None, &["j"]).is_some());
    }
}
