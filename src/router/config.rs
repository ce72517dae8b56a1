//! `[routing]` in the configuration file: database-name and shard-key
//! rules, as written. `Router::from_config` gives them their meaning.

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct RoutingConfig {
    /// Shard for sessions without a database and for tables no rule covers.
    /// Default: the first shard by name.
    pub default_shard: Option<String>,
    /// Database-name rules, first match wins.
    pub schema: Vec<SchemaRoute>,
    /// Shard-key rules for tables spread over shards by a key column.
    pub key: Vec<KeyRouteConfig>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchemaRoute {
    /// An exact name, a numeric range (`pins_0000..pins_0511`) or a glob (`tenant_*`).
    pub databases: String,
    /// The shard holding them.
    pub shard: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyRouteConfig {
    /// Database name or pattern of the table.
    pub schema: String,
    pub table: String,
    /// The shard-key column.
    pub column: String,
    /// `modulo`, `hash` (CRC-32 of the key's text), `range`, or `bits`.
    pub function: String,
    /// Shards the key maps onto (index = value mod count); not used by `range`.
    #[serde(default)]
    pub shards: Vec<String>,
    /// `bits`: the lowest bit of the field holding the shard number.
    pub shift: Option<u32>,
    /// `bits`: the field's width in bits.
    pub width: Option<u32>,
    /// `range`: ascending upper bounds (exclusive).
    #[serde(default)]
    pub ranges: Vec<KeyRange>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyRange {
    /// Keys below this value (and at or above the previous bound) ...
    pub below: i64,
    /// ... live on this shard.
    pub shard: String,
}
