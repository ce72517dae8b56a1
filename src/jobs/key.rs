//! The key a job walks a table by, and how a place in that walk is
//! written down. Pure: `server` reads the index description, this module
//! decides.
//!
//! Any PRIMARY KEY will do (else a UNIQUE key over NOT NULL columns):
//! integers, UUIDs in BINARY(16) or CHAR(36), VARCHARs, composites such as
//! `(tenant_id, id)`. The walk is keyset pagination in index order, as
//! pt-online-schema-change chunks: `WHERE (k1 > ?) OR (k1 = ? AND k2 > ?)
//! ... ORDER BY k1, k2 LIMIT n`. The comparison is spelled out rather than
//! written as a row constructor `(k1, k2) > (?, ?)`, which MariaDB does not
//! always turn into an index range.
//!
//! Every comparison is made by the server, on the same column, with the
//! values exactly as the server returned them for the previous batch
//! (bound as prepared-statement parameters, binary values byte for byte):
//! so a case-insensitive collation orders and compares the walk the same
//! way, and the client never has to know a collation.
use mysql_async::Value;

/// One column of the walked key as `information_schema` describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyColumn {
    pub name: String,
    /// `DATA_TYPE`, lowercase (`int`, `binary`, `varchar`, ...).
    pub data_type: String,
}

/// One row of `information_schema.STATISTICS` joined with `COLUMNS`.
#[derive(Debug, Clone)]
pub struct IndexPart {
    pub index: String,
    pub seq: u32,
    pub column: String,
    pub data_type: String,
    pub non_unique: bool,
    pub nullable: bool,
    /// Indexed prefix length, when only a prefix is indexed.
    pub sub_part: Option<u64>,
}

/// The key a job walks: the index it follows and its columns in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalkKey {
    pub index: String,
    pub columns: Vec<KeyColumn>,
}

/// Types whose `ORDER BY` order differs from how `k > 'value'` compares
/// (ENUM sorts by member number, compares as a string; SET likewise), or
/// whose values do not round-trip through a parameter.
fn unwalkable_type(data_type: &str) -> bool {
    matches!(data_type, "enum" | "set" | "geometry" | "point" | "json")
}

/// The key to walk: the PRIMARY KEY, else the UNIQUE key over NOT NULL
/// columns with the fewest columns (then by name), or why none will do.
/// `table` names the table in the message.
pub fn choose(table: &str, parts: &[IndexPart]) -> Result<WalkKey, String> {
    let mut indexes: Vec<(&str, Vec<&IndexPart>)> = Vec::new();
    for p in parts {
        match indexes.iter_mut().find(|(n, _)| *n == p.index) {
            Some((_, v)) => v.push(p),
            None => indexes.push((&p.index, vec![p])),
        }
    }
    for (_, v) in indexes.iter_mut() {
        v.sort_by_key(|p| p.seq);
    }
    let describe = |v: &[&IndexPart]| {
        v.iter()
            .map(|p| p.column.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let check = |name: &str, v: &[&IndexPart]| -> Result<WalkKey, String> {
        if let Some(p) = v.iter().find(|p| unwalkable_type(&p.data_type)) {
            return Err(format!(
                "{table}: key {name} ({}) has {} column {}, whose sort order is not its comparison order; \
                 add a UNIQUE key over NOT NULL columns of other types, or walk another table",
                describe(v),
                p.data_type.to_uppercase(),
                p.column
            ));
        }
        if let Some(p) = v.iter().find(|p| p.sub_part.is_some()) {
            return Err(format!(
                "{table}: key {name} indexes only a prefix of {}; a walk in its order would sort the whole table. \
                 Add a UNIQUE key over whole NOT NULL columns",
                p.column
            ));
        }
        Ok(WalkKey {
            index: name.to_string(),
            columns: v
                .iter()
                .map(|p| KeyColumn {
                    name: p.column.clone(),
                    data_type: p.data_type.to_ascii_lowercase(),
                })
                .collect(),
        })
    };
    if let Some((name, v)) = indexes.iter().find(|(n, _)| *n == "PRIMARY") {
        return check(name, v);
    }
    let mut candidates: Vec<&(&str, Vec<&IndexPart>)> = indexes
        .iter()
        .filter(|(_, v)| v.iter().all(|p| !p.non_unique && !p.nullable))
        .collect();
    candidates.sort_by(|a, b| a.1.len().cmp(&b.1.len()).then(a.0.cmp(b.0)));
    let mut why = Vec::new();
    for (name, v) in candidates {
        match check(name, v) {
            Ok(k) => return Ok(k),
            Err(e) => why.push(e),
        }
    }
    if why.is_empty() {
        let nullable: Vec<String> = indexes
            .iter()
            .filter(|(_, v)| v.iter().all(|p| !p.non_unique))
            .map(|(n, v)| format!("{n} ({})", describe(v)))
            .collect();
        return Err(format!(
            "{table} has no PRIMARY KEY and no UNIQUE key over NOT NULL columns{}, so its rows cannot be walked in batches; \
             add a primary key (ALTER TABLE ... ADD PRIMARY KEY, or an AUTO_INCREMENT id column)",
            if nullable.is_empty() {
                String::new()
            } else {
                format!(" (unique keys with NULLable columns: {})", nullable.join(", "))
            }
        ));
    }
    Err(why.join("; "))
}

impl WalkKey {
    /// Refuses to rewrite a column that is part of the key: a new value
    /// would move the row within the walk (and the compare-and-set would
    /// match on the old key).
    pub fn refuse_rewriting_key(&self, table: &str, column: &str) -> Result<(), String> {
        if self
            .columns
            .iter()
            .any(|c| c.name.eq_ignore_ascii_case(column))
        {
            return Err(format!(
                "{table}.{column} is part of the key ({}) the job walks by; a key column's values cannot be rewritten in place",
                self.names().join(", ")
            ));
        }
        Ok(())
    }

    /// The key's columns, backquoted, comma-separated (`ORDER BY`, `SELECT`).
    pub fn list(&self) -> String {
        self.columns
            .iter()
            .map(|c| crate::meta::schema::quote_ident(&c.name))
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub fn names(&self) -> Vec<String> {
        self.columns.iter().map(|c| c.name.clone()).collect()
    }

    /// Rows after a key: `(k1 > ?) OR (k1 = ? AND k2 > ?) OR ...`, with a
    /// leading `k1 >= ?` for composites so the range on the index's first
    /// column is plain to the optimizer. Parameters: [`WalkKey::after_params`].
    pub fn after(&self) -> String {
        let q: Vec<String> = self
            .columns
            .iter()
            .map(|c| crate::meta::schema::quote_ident(&c.name))
            .collect();
        let terms: Vec<String> = (0..q.len())
            .map(|i| {
                let mut t: Vec<String> = q[..i].iter().map(|k| format!("{k} = ?")).collect();
                t.push(format!("{} > ?", q[i]));
                format!("({})", t.join(" AND "))
            })
            .collect();
        if q.len() == 1 {
            terms[0].clone()
        } else {
            format!("{} >= ? AND ({})", q[0], terms.join(" OR "))
        }
    }

    /// The parameters of [`WalkKey::after`] for the last key read.
    pub fn after_params(&self, last: &[Value]) -> Vec<Value> {
        let mut out = Vec::new();
        if last.len() > 1 {
            out.push(last[0].clone());
        }
        for i in 0..last.len() {
            out.extend(last[..=i].iter().cloned());
        }
        out
    }

    /// `k1 = ? AND k2 = ?`: one row by its full key.
    pub fn equals(&self) -> String {
        self.columns
            .iter()
            .map(|c| format!("{} = ?", crate::meta::schema::quote_ident(&c.name)))
            .collect::<Vec<_>>()
            .join(" AND ")
    }

    /// Is the first column an integer (its range gives the progress)?
    pub fn first_is_integer(&self) -> bool {
        crate::fleet::sample_plan::is_integer_type(&self.columns[0].data_type)
    }

    /// A key for messages: `42` for one column, `(tenant=3, id=42)` for
    /// several; text shown quoted, other bytes as `x'..'`.
    pub fn show(&self, values: &[Value]) -> String {
        let one = |v: &Value| match v {
            Value::NULL => "NULL".to_string(),
            Value::Bytes(b) => match std::str::from_utf8(b) {
                Ok(s) if s.chars().all(|c| !c.is_control()) => format!("'{s}'"),
                _ => format!("x'{}'", hex::encode(b)),
            },
            Value::Int(i) => i.to_string(),
            Value::UInt(u) => u.to_string(),
            Value::Float(f) => f.to_string(),
            Value::Double(f) => f.to_string(),
            other => other.as_sql(false),
        };
        if values.len() == 1 {
            return one(&values[0]);
        }
        let parts: Vec<String> = self
            .columns
            .iter()
            .zip(values)
            .map(|(c, v)| format!("{}={}", c.name, one(v)))
            .collect();
        format!("({})", parts.join(", "))
    }
}

/// An integer key value as i128 (for the progress fraction).
pub fn as_i128(v: &Value) -> Option<i128> {
    match v {
        Value::Int(i) => Some(*i as i128),
        Value::UInt(u) => Some(*u as i128),
        Value::Bytes(b) => std::str::from_utf8(b).ok()?.parse().ok(),
        _ => None,
    }
}

/// A checkpoint's last key as text: `{"key":[column names],"last":[typed
/// values]}`. Each value is tagged with its wire type and written so it
/// reads back identical: bytes as hex, floats as their bits.
pub fn encode(key: &WalkKey, last: &[Value]) -> String {
    let vals: Vec<String> = last.iter().map(encode_value).collect();
    serde_json::json!({ "key": key.names(), "last": vals }).to_string()
}

fn encode_value(v: &Value) -> String {
    match v {
        Value::NULL => "n".into(),
        Value::Bytes(b) => format!("b:{}", hex::encode(b)),
        Value::Int(i) => format!("i:{i}"),
        Value::UInt(u) => format!("u:{u}"),
        Value::Float(f) => format!("f:{:08x}", f.to_bits()),
        Value::Double(d) => format!("d:{:016x}", d.to_bits()),
        Value::Date(y, mo, d, h, mi, s, us) => format!("D:{y},{mo},{d},{h},{mi},{s},{us}"),
        Value::Time(neg, d, h, mi, s, us) => format!("T:{},{d},{h},{mi},{s},{us}", *neg as u8),
    }
}

fn decode_value(s: &str) -> Option<Value> {
    if s == "n" {
        return Some(Value::NULL);
    }
    let (tag, body) = s.split_once(':')?;
    let nums = |n: usize| -> Option<Vec<u32>> {
        let v: Vec<u32> = body
            .split(',')
            .map(|x| x.parse().ok())
            .collect::<Option<_>>()?;
        (v.len() == n).then_some(v)
    };
    Some(match tag {
        "b" => Value::Bytes(hex::decode(body).ok()?),
        "i" => Value::Int(body.parse().ok()?),
        "u" => Value::UInt(body.parse().ok()?),
        "f" => Value::Float(f32::from_bits(u32::from_str_radix(body, 16).ok()?)),
        "d" => Value::Double(f64::from_bits(u64::from_str_radix(body, 16).ok()?)),
        "D" => {
            let n = nums(7)?;
            Value::Date(
                u16::try_from(n[0]).ok()?,
                u8::try_from(n[1]).ok()?,
                u8::try_from(n[2]).ok()?,
                u8::try_from(n[3]).ok()?,
                u8::try_from(n[4]).ok()?,
                u8::try_from(n[5]).ok()?,
                n[6],
            )
        }
        "T" => {
            let n = nums(6)?;
            Value::Time(
                n[0] != 0,
                n[1],
                u8::try_from(n[2]).ok()?,
                u8::try_from(n[3]).ok()?,
                u8::try_from(n[4]).ok()?,
                n[5],
            )
        }
        _ => return None,
    })
}

/// The last key of a checkpoint written by [`encode`] (`parts`), or by a
/// squeeze before composite keys (`legacy`: an integer in `last_key`).
/// Refuses a checkpoint written while walking other key columns: resuming
/// it would skip or repeat rows.
pub fn decode(
    key: &WalkKey,
    parts: Option<&str>,
    legacy: Option<i64>,
) -> Result<Option<Vec<Value>>, String> {
    let Some(text) = parts else {
        return match legacy {
            None => Ok(None),
            Some(i) if key.columns.len() == 1 && key.first_is_integer() => {
                Ok(Some(vec![Value::Int(i)]))
            }
            Some(i) => Err(format!(
                "the checkpoint (written by an older squeeze) is integer key {i}, but the table is walked by ({}); \
                 run again with --restart to walk from the start (rows already done are left as they are)",
                key.names().join(", ")
            )),
        };
    };
    let bad = |why: &str| {
        format!("the checkpoint's last key is unreadable ({why}); run again with --restart to walk from the start")
    };
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| bad(&e.to_string()))?;
    let names: Vec<String> = v
        .get("key")
        .and_then(|k| serde_json::from_value(k.clone()).ok())
        .ok_or_else(|| bad("no key columns"))?;
    if names != key.names() {
        return Err(format!(
            "the checkpoint was written walking key ({}) but the table's key is now ({}); \
             run again with --restart to walk from the start",
            names.join(", "),
            key.names().join(", ")
        ));
    }
    let vals: Vec<String> = v
        .get("last")
        .and_then(|k| serde_json::from_value(k.clone()).ok())
        .ok_or_else(|| bad("no values"))?;
    if vals.len() != names.len() {
        return Err(bad("value count differs from the key's columns"));
    }
    vals.iter()
        .map(|s| decode_value(s).ok_or_else(|| bad(&format!("value {s:?}"))))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(index: &str, seq: u32, column: &str, ty: &str) -> IndexPart {
        IndexPart {
            index: index.into(),
            seq,
            column: column.into(),
            data_type: ty.into(),
            non_unique: false,
            nullable: false,
            sub_part: None,
        }
    }

    fn composite() -> WalkKey {
        choose(
            "db.t",
            &[
                part("PRIMARY", 2, "id", "bigint"),
                part("PRIMARY", 1, "tenant", "int"),
            ],
        )
        .unwrap()
    }

    #[test]
    fn a_composite_primary_key_is_walked_in_index_order_with_the_expanded_comparison() {
        let k = composite();
        assert_eq!(k.names(), ["tenant", "id"]);
        assert_eq!(
            k.after(),
            "`tenant` >= ? AND ((`tenant` > ?) OR (`tenant` = ? AND `id` > ?))"
        );
        let last = [Value::Int(3), Value::Int(77)];
        assert_eq!(
            k.after_params(&last),
            [Value::Int(3), Value::Int(3), Value::Int(3), Value::Int(77)]
        );
        assert_eq!(k.equals(), "`tenant` = ? AND `id` = ?");
        assert_eq!(k.show(&last), "(tenant=3, id=77)");
    }

    #[test]
    fn a_key_column_is_not_rewritten() {
        let k = composite();
        assert!(k.refuse_rewriting_key("db.t", "doc").is_ok());
        let err = k.refuse_rewriting_key("db.t", "ID").unwrap_err();
        assert!(
            err.contains("db.t.ID is part of the key (tenant, id)"),
            "{err}"
        );
    }

    #[test]
    fn a_single_column_key_needs_no_leading_range() {
        let k = choose("db.t", &[part("PRIMARY", 1, "uuid", "binary")]).unwrap();
        assert_eq!(k.after(), "(`uuid` > ?)");
        assert_eq!(k.after_params(&[Value::Bytes(vec![0, 0xff])]).len(), 1);
        assert_eq!(k.show(&[Value::Bytes(vec![0, 0xff])]), "x'00ff'");
    }

    #[test]
    fn without_a_primary_key_the_narrowest_not_null_unique_key_is_walked() {
        let mut nullable = part("u_email", 1, "email", "varchar");
        nullable.nullable = true;
        let mut non_unique = part("k_tenant", 1, "tenant", "int");
        non_unique.non_unique = true;
        let parts = [
            nullable,
            non_unique,
            part("u_pair", 1, "a", "int"),
            part("u_pair", 2, "b", "int"),
            part("u_code", 1, "code", "char"),
        ];
        assert_eq!(choose("db.t", &parts).unwrap().index, "u_code");
        let err = choose("db.t", &parts[..2]).unwrap_err();
        assert!(
            err.contains("no PRIMARY KEY") && err.contains("u_email (email)"),
            "{err}"
        );
        assert!(choose("db.t", &[]).unwrap_err().contains("ADD PRIMARY KEY"));
    }

    #[test]
    fn an_enum_key_or_a_prefix_key_is_refused_naming_the_column() {
        let err = choose("db.t", &[part("PRIMARY", 1, "state", "enum")]).unwrap_err();
        assert!(err.contains("ENUM column state"), "{err}");
        let mut p = part("PRIMARY", 1, "name", "varchar");
        p.sub_part = Some(10);
        assert!(choose("db.t", &[p]).unwrap_err().contains("prefix of name"));
    }

    #[test]
    fn every_key_value_survives_the_checkpoint_exactly() {
        let k = WalkKey {
            index: "PRIMARY".into(),
            columns: (0..8)
                .map(|i| KeyColumn {
                    name: format!("c{i}"),
                    data_type: "x".into(),
                })
                .collect(),
        };
        let last = vec![
            Value::Bytes(vec![0, 0xff, 0x80, b'\'', b'"']),
            Value::Int(i64::MIN),
            Value::UInt(u64::MAX),
            Value::Float(-0.1),
            Value::Double(f64::MIN_POSITIVE),
            Value::Date(2024, 2, 29, 23, 59, 58, 999_999),
            Value::Time(true, 34, 22, 1, 2, 5),
            Value::NULL,
        ];
        let text = encode(&k, &last);
        assert_eq!(decode(&k, Some(&text), None).unwrap(), Some(last));
    }

    #[test]
    fn a_checkpoint_of_another_key_or_an_old_integer_one_on_a_composite_key_is_refused() {
        let k = composite();
        let single = choose("db.t", &[part("PRIMARY", 1, "id", "bigint")]).unwrap();
        let text = encode(&single, &[Value::Int(5)]);
        let err = decode(&k, Some(&text), None).unwrap_err();
        assert!(
            err.contains("walking key (id)") && err.contains("--restart"),
            "{err}"
        );
        assert!(decode(&k, None, Some(5))
            .unwrap_err()
            .contains("older squeeze"));
        assert_eq!(
            decode(&single, None, Some(5)).unwrap(),
            Some(vec![Value::Int(5)])
        );
        assert_eq!(decode(&k, None, None).unwrap(), None);
        assert!(decode(
            &k,
            Some("{\"key\":[\"tenant\",\"id\"],\"last\":[\"i:1\",\"q:2\"]}"),
            None
        )
        .unwrap_err()
        .contains("unreadable"));
    }
}
