//! How `dict train --from` picks a random sample without scanning the
//! whole table: random starting points in the integer primary key's
//! range, each followed by one short index range read. Pure; the queries
//! run in `mysql_source`.
//!
//! Bound: at most `max_queries(n)` range reads of `chunk_size(n)` rows,
//! i.e. about 4·n rows read through the primary key, whatever the table's
//! size. Rows right after a gap in the key are a little more likely to be
//! picked; rows are never picked twice.

use rand::Rng;

/// Rows read after each random starting point.
pub fn chunk_size(n: u64) -> u64 {
    (n / 100).clamp(10, 200)
}

/// Most range reads for a sample of `n` rows (NULLs, gaps and repeats
/// make some reads come back short).
pub fn max_queries(n: u64) -> u64 {
    4 * n.div_ceil(chunk_size(n)) + 10
}

/// A starting key, uniform over `[min, max]`.
pub fn random_start(rng: &mut impl Rng, min: i128, max: i128) -> i128 {
    if max <= min {
        return min;
    }
    rng.gen_range(min..=max)
}

/// Integer types a key range can be drawn from.
pub fn is_integer_type(data_type: &str) -> bool {
    matches!(
        data_type.to_ascii_lowercase().as_str(),
        "tinyint" | "smallint" | "mediumint" | "int" | "integer" | "bigint"
    )
}

/// `db.table` or `table` -> backquoted identifier(s).
pub fn quote_ident(name: &str) -> String {
    name.split('.')
        .map(|p| format!("`{}`", p.replace('`', "``")))
        .collect::<Vec<_>>()
        .join(".")
}

/// One range read: `chunk` rows from `start` on, in key order.
pub fn range_query(table: &str, pk: &str, column: &str, start: i128, chunk: u64) -> String {
    let (t, k, c) = (quote_ident(table), quote_ident(pk), quote_ident(column));
    format!("SELECT {k}, {c} FROM {t} WHERE {k} >= {start} ORDER BY {k} LIMIT {chunk}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_bounded_to_about_four_times_the_sample() {
        for n in [10, 1_000, 20_000, 1_000_000] {
            assert!(max_queries(n) * chunk_size(n) <= 4 * n + 10 * chunk_size(n) + 4 * 200);
        }
    }

    #[test]
    fn starts_stay_in_range() {
        let mut rng = rand::thread_rng();
        for _ in 0..1000 {
            let s = random_start(&mut rng, -5, 7);
            assert!((-5..=7).contains(&s));
        }
        assert_eq!(random_start(&mut rng, 3, 3), 3);
    }

    #[test]
    fn range_query_quotes_names() {
        assert_eq!(
            range_query("db.t`x", "id", "doc", 42, 10),
            "SELECT `id`, `doc` FROM `db`.`t``x` WHERE `id` >= 42 ORDER BY `id` LIMIT 10"
        );
    }
}
