//! The metadata schema's tables and the checks on names and contents. Pure.
use sha2::{Digest, Sha256};

/// `CREATE ... IF NOT EXISTS` statements for schema `db`, in order.
///
/// `dictionary.id` is the primary key, so two dictionaries never share an
/// id on a shard; publishing writes the same id on every shard. The
/// content's sha256 is unique, so the same bytes are published once.
/// `dictionary_use` references `dictionary` with `ON DELETE RESTRICT`: the
/// server itself refuses to delete a dictionary a column uses.
pub fn ddl(db: &str) -> Vec<String> {
    let q = quote_ident(db);
    vec![
        format!("CREATE DATABASE IF NOT EXISTS {q}"),
        format!(
            "CREATE TABLE IF NOT EXISTS {q}.dictionary (\
             id INT UNSIGNED NOT NULL, \
             name VARCHAR(128) NOT NULL, \
             codec VARCHAR(16) NOT NULL, \
             content LONGBLOB NOT NULL, \
             sha256 CHAR(64) CHARACTER SET ascii NOT NULL, \
             created VARCHAR(32) NOT NULL, \
             source VARCHAR(512) NOT NULL DEFAULT '', \
             samples BIGINT UNSIGNED NOT NULL DEFAULT 0, \
             holdout_samples BIGINT UNSIGNED NOT NULL DEFAULT 0, \
             level INT NOT NULL DEFAULT 0, \
             ratio DOUBLE NOT NULL DEFAULT 0, \
             PRIMARY KEY (id), UNIQUE KEY sha256 (sha256)\
             ) ENGINE=InnoDB"
        ),
        format!(
            "CREATE TABLE IF NOT EXISTS {q}.dictionary_use (\
             schema_name VARCHAR(64) NOT NULL, \
             table_name VARCHAR(64) NOT NULL, \
             column_name VARCHAR(64) NOT NULL, \
             dictionary_id INT UNSIGNED NOT NULL, \
             since VARCHAR(32) NOT NULL, \
             PRIMARY KEY (schema_name, table_name, column_name, dictionary_id), \
             KEY dictionary_id (dictionary_id), \
             CONSTRAINT dictionary_use_dictionary FOREIGN KEY (dictionary_id) \
             REFERENCES dictionary (id) ON DELETE RESTRICT\
             ) ENGINE=InnoDB"
        ),
        // A deleted dictionary's id stays taken: rows in a backup, or
        // proxies that loaded it, may still mean that dictionary by it.
        format!(
            "CREATE TABLE IF NOT EXISTS {q}.dictionary_retired (\
             id INT UNSIGNED NOT NULL, \
             name VARCHAR(128) NOT NULL, \
             sha256 CHAR(64) CHARACTER SET ascii NOT NULL, \
             deleted VARCHAR(32) NOT NULL, \
             PRIMARY KEY (id)\
             ) ENGINE=InnoDB"
        ),
        format!(
            "CREATE TABLE IF NOT EXISTS {q}.checkpoint (\
             job VARCHAR(255) NOT NULL, \
             last_key BIGINT NULL, \
             last_key_parts TEXT NULL, \
             rows_done BIGINT UNSIGNED NOT NULL DEFAULT 0, \
             bytes_before BIGINT UNSIGNED NOT NULL DEFAULT 0, \
             bytes_after BIGINT UNSIGNED NOT NULL DEFAULT 0, \
             finished TINYINT NOT NULL DEFAULT 0, \
             updated VARCHAR(32) NOT NULL, \
             PRIMARY KEY (job)\
             ) ENGINE=InnoDB"
        ),
    ]
}

/// Adds `checkpoint.last_key_parts` to a schema created before jobs
/// walked any key (it held only the integer `last_key`). Run by the jobs,
/// not the proxy, and only when the column is missing: the proxy's account
/// needs no ALTER privilege.
pub fn checkpoint_upgrade(db: &str) -> String {
    format!(
        "ALTER TABLE {}.checkpoint ADD COLUMN IF NOT EXISTS last_key_parts TEXT NULL AFTER last_key",
        quote_ident(db)
    )
}

pub use crate::config::check_schema_name;

/// `` `name` `` with backticks doubled.
pub fn quote_ident(name: &str) -> String {
    format!("`{}`", name.replace('`', "``"))
}

/// Lowercase hex sha256 of a dictionary's content.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// One dictionary as the store holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredDictionary {
    pub id: u32,
    pub name: String,
    pub codec: String,
    pub content: Vec<u8>,
    pub sha256: String,
    pub created: String,
    pub source: String,
    pub samples: u64,
    pub holdout_samples: u64,
    pub level: i32,
    pub ratio: f64,
}

impl StoredDictionary {
    /// Why a row read back from a shard cannot be used, if it cannot: the
    /// content must hash to its recorded sha256 (a truncated restore or a
    /// hand edit must not decode rows into garbage), name a codec, and be
    /// bytes every codec can load (a zstd header over garbage is refused
    /// here, not met by a decoder). Messages never quote the content.
    pub fn check(&self) -> Result<crate::codec::CodecKind, RowRejected> {
        let bad = |reason, message: String| Err(RowRejected { reason, message });
        if self.id == 0 {
            return bad("bad_id", "id 0 is reserved for \"no dictionary\"".into());
        }
        if self.name.trim().is_empty()
            || self.name.len() > 128
            || self.name.chars().any(char::is_control)
        {
            return bad(
                "bad_name",
                "name is empty, over 128 bytes or holds control characters".into(),
            );
        }
        if self.content.is_empty() {
            return bad("empty", "content is empty".into());
        }
        let sha = sha256_hex(&self.content);
        if !sha.eq_ignore_ascii_case(&self.sha256) {
            return bad(
                "sha_mismatch",
                format!(
                    "content hashes to sha256 {sha}, the row says {:?}",
                    self.sha256.chars().take(64).collect::<String>()
                ),
            );
        }
        let codec = match self.codec.parse() {
            Ok(c) => c,
            Err(e) => return bad("bad_codec", e),
        };
        if let Err(e) = crate::codec::dictionary::check_content(&self.content) {
            return bad("bad_content", e);
        }
        Ok(codec)
    }

    /// The in-memory dictionary (after `check`).
    pub fn to_dictionary(&self, codec: crate::codec::CodecKind) -> crate::codec::Dictionary {
        crate::codec::Dictionary::new(self.id, self.name.clone(), codec, self.content.clone())
    }

    /// From a directory manifest entry and its file's bytes.
    pub fn from_entry(e: &crate::codec::ManifestEntry, bytes: Vec<u8>) -> StoredDictionary {
        StoredDictionary {
            id: e.id,
            name: e.name.clone(),
            codec: e.codec.clone(),
            sha256: sha256_hex(&bytes),
            content: bytes,
            created: e.created.clone(),
            source: e.source.clone(),
            samples: e.samples,
            holdout_samples: e.holdout_samples,
            level: e.level,
            ratio: e.ratio,
        }
    }

    /// The manifest entry `dict export` writes (file, size, crc filled in
    /// by the registry).
    pub fn to_entry(&self) -> crate::codec::ManifestEntry {
        crate::codec::ManifestEntry {
            id: self.id,
            name: self.name.clone(),
            codec: self.codec.clone(),
            file: String::new(),
            created: self.created.clone(),
            source: self.source.clone(),
            samples: self.samples,
            holdout_samples: self.holdout_samples,
            level: self.level,
            ratio: self.ratio,
            size: 0,
            crc32: String::new(),
        }
    }
}

/// A store row refused: `reason` is the `squeeze_store_rows_rejected_total`
/// label, `message` says what is wrong without quoting the content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowRejected {
    pub reason: &'static str,
    pub message: String,
}

impl std::fmt::Display for RowRejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Server error codes the store tells apart.
pub mod codes {
    /// ER_DBACCESS_DENIED_ERROR: no privilege on the schema.
    pub const DB_ACCESS_DENIED: u16 = 1044;
    /// ER_TABLEACCESS_DENIED_ERROR.
    pub const TABLE_ACCESS_DENIED: u16 = 1142;
    /// ER_DUP_ENTRY.
    pub const DUP_ENTRY: u16 = 1062;
    /// ER_ROW_IS_REFERENCED_2: the foreign key refused a delete.
    pub const ROW_IS_REFERENCED: u16 = 1451;
    /// ER_NO_SUCH_TABLE.
    pub const NO_SUCH_TABLE: u16 = 1146;
    /// ER_BAD_DB_ERROR.
    pub const BAD_DB: u16 = 1049;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_schema_name_that_would_need_quoting_is_refused() {
        assert!(check_schema_name("squeeze_meta").is_ok());
        assert!(check_schema_name("a`b").is_err());
        assert!(check_schema_name("").is_err());
        assert!(check_schema_name("x; DROP").is_err());
    }

    #[test]
    fn a_dictionary_whose_content_does_not_match_its_hash_is_refused() {
        let mut d = StoredDictionary {
            id: 3,
            name: "n".into(),
            codec: "zstd".into(),
            content: b"dictionary".to_vec(),
            sha256: sha256_hex(b"dictionary"),
            created: String::new(),
            source: String::new(),
            samples: 0,
            holdout_samples: 0,
            level: 3,
            ratio: 1.0,
        };
        assert!(d.check().is_ok());
        d.content.pop();
        assert_eq!(d.check().unwrap_err().reason, "sha_mismatch");
        d.content = b"dictionary".to_vec();
        d.codec = "brotli".into();
        assert!(d.check().is_err());
    }

    #[test]
    fn the_use_table_restricts_deletes() {
        let d = ddl("m");
        assert!(d[2].contains("ON DELETE RESTRICT"), "{}", d[2]);
        assert!(d[3].contains("dictionary_retired"), "{}", d[3]);
        assert!(d[1].contains("UNIQUE KEY sha256"), "{}", d[1]);
    }
}
