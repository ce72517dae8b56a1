//! Routing: which shard a session or statement goes to. Pure: no I/O.
//!
//! * Schema routing maps database names (exact, numeric ranges, globs) to
//!   shards; the handshake's database, `USE`, COM_INIT_DB and qualified
//!   `db.table` names pick the shard.
//! * Key routing maps a table's shard-key column to a shard by a declared
//!   function of the key's value.

pub mod config;
pub mod key;
pub mod pattern;

use config::RoutingConfig;
pub use key::{KeyFunction, KeyRule, KeyValue};
pub use pattern::NamePattern;

/// Schemas every server has; they follow the session's current shard.
const SYSTEM_SCHEMAS: [&str; 4] = ["information_schema", "mysql", "performance_schema", "sys"];

#[derive(Debug, Clone)]
pub struct Router {
    /// Shard names; indexes into this are shard ids.
    pub shards: Vec<String>,
    pub default_shard: usize,
    schema_rules: Vec<(NamePattern, usize)>,
    pub key_rules: Vec<KeyRule>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RouteError {
    UnknownDatabase(String),
}

impl Router {
    /// A router that sends everything to one shard.
    pub fn single(name: &str) -> Router {
        Router {
            shards: vec![name.to_string()],
            default_shard: 0,
            schema_rules: Vec::new(),
            key_rules: Vec::new(),
        }
    }

    pub fn from_config(shards: Vec<String>, cfg: &RoutingConfig) -> Result<Router, String> {
        let index = |name: &str, path: &str| {
            shards.iter().position(|s| s == name).ok_or_else(|| {
                format!(
                    "{path}: unknown shard {name:?} (shards: {})",
                    shards.join(", ")
                )
            })
        };
        let default_shard = match &cfg.default_shard {
            Some(s) => index(s, "routing.default_shard")?,
            None => 0,
        };
        let mut schema_rules = Vec::new();
        for (i, r) in cfg.schema.iter().enumerate() {
            let path = format!("routing.schema[{i}]");
            let pattern =
                NamePattern::parse(&r.databases).map_err(|e| format!("{path}.databases: {e}"))?;
            schema_rules.push((pattern, index(&r.shard, &format!("{path}.shard"))?));
        }
        let mut key_rules = Vec::new();
        for (i, k) in cfg.key.iter().enumerate() {
            let path = format!("routing.key[{i}]");
            key_rules.push(KeyRule::from_config(
                k,
                &|name: &str, p: &str| index(name, &format!("{path}.{p}")),
                &path,
            )?);
        }
        Ok(Router {
            shards,
            default_shard,
            schema_rules,
            key_rules,
        })
    }

    pub fn is_sharded(&self) -> bool {
        self.shards.len() > 1
    }

    pub fn has_schema_rules(&self) -> bool {
        !self.schema_rules.is_empty()
    }

    /// The shard of a database. `current` is the session's shard, used for
    /// system schemas. Without schema rules every database lives on the
    /// default shard.
    pub fn shard_for_db(&self, db: &str, current: usize) -> Result<usize, RouteError> {
        if SYSTEM_SCHEMAS.iter().any(|s| s.eq_ignore_ascii_case(db)) {
            return Ok(current);
        }
        if self.schema_rules.is_empty() {
            return Ok(self.default_shard);
        }
        self.schema_rules
            .iter()
            .find(|(p, _)| p.matches(db))
            .map(|(_, s)| *s)
            .ok_or_else(|| RouteError::UnknownDatabase(db.to_string()))
    }

    /// Does `db` exist on every shard its key-routed tables spread over?
    /// (A key-routed schema is present on each shard.)
    pub fn db_is_key_routed(&self, db: &str) -> bool {
        self.key_rules.iter().any(|k| k.schema.matches(db))
    }

    /// The key rule of a table, if it is key-routed.
    pub fn key_rule(&self, db: &str, table: &str) -> Option<&KeyRule> {
        self.key_rules
            .iter()
            .find(|k| k.table == table && k.schema.matches(db))
    }

    pub fn shard_name(&self, shard: usize) -> &str {
        &self.shards[shard]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::router::config::{RoutingConfig, SchemaRoute};

    #[test]
    fn schema_ranges_pick_shards() {
        let cfg = RoutingConfig {
            default_shard: None,
            schema: vec![
                SchemaRoute {
                    databases: "pins_0000..pins_0511".into(),
                    shard: "a".into(),
                },
                SchemaRoute {
                    databases: "pins_0512..pins_1023".into(),
                    shard: "b".into(),
                },
                SchemaRoute {
                    databases: "meta".into(),
                    shard: "b".into(),
                },
            ],
            key: vec![],
        };
        let r = Router::from_config(vec!["a".into(), "b".into()], &cfg).unwrap();
        assert_eq!(r.shard_for_db("pins_0007", 0), Ok(0));
        assert_eq!(r.shard_for_db("pins_0700", 0), Ok(1));
        assert_eq!(r.shard_for_db("meta", 0), Ok(1));
        assert_eq!(r.shard_for_db("information_schema", 1), Ok(1));
        assert_eq!(
            r.shard_for_db("pins_2000", 0),
            Err(RouteError::UnknownDatabase("pins_2000".into()))
        );
    }

    #[test]
    fn unknown_shard_in_rule_is_a_config_error() {
        let cfg = RoutingConfig {
            default_shard: None,
            schema: vec![SchemaRoute {
                databases: "x".into(),
                shard: "nope".into(),
            }],
            key: vec![],
        };
        let e = Router::from_config(vec!["a".into()], &cfg).unwrap_err();
        assert!(e.contains("routing.schema[0].shard"), "{e}");
    }
}
