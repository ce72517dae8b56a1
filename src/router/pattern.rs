//! Database-name patterns shared by schema routing and column rules:
//! an exact name, a numeric range (`pins_0000..pins_0511`), or a glob with
//! `*` and `?`.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NamePattern {
    Exact(String),
    /// Same prefix, a zero-padded number of `width` digits in `lo..=hi`.
    Range {
        prefix: String,
        width: usize,
        lo: u64,
        hi: u64,
    },
    Glob(String),
}

impl NamePattern {
    pub fn parse(spec: &str) -> Result<NamePattern, String> {
        let spec = spec.trim();
        if spec.is_empty() {
            return Err("empty name pattern".into());
        }
        if let Some((a, b)) = spec.split_once("..") {
            let (pa, na) =
                split_number(a).ok_or_else(|| format!("range start {a:?} must end in digits"))?;
            let (pb, nb) =
                split_number(b).ok_or_else(|| format!("range end {b:?} must end in digits"))?;
            if pa != pb {
                return Err(format!(
                    "range {spec:?}: both ends must share the prefix ({pa:?} vs {pb:?})"
                ));
            }
            if na.len() != nb.len() {
                return Err(format!(
                    "range {spec:?}: both ends must have the same number of digits"
                ));
            }
            let lo: u64 = na
                .parse()
                .map_err(|_| format!("range {spec:?}: number too large"))?;
            let hi: u64 = nb
                .parse()
                .map_err(|_| format!("range {spec:?}: number too large"))?;
            if lo > hi {
                return Err(format!("range {spec:?}: start is after end"));
            }
            return Ok(NamePattern::Range {
                prefix: pa.to_string(),
                width: na.len(),
                lo,
                hi,
            });
        }
        if spec.contains(['*', '?']) {
            return Ok(NamePattern::Glob(spec.to_string()));
        }
        Ok(NamePattern::Exact(spec.to_string()))
    }

    pub fn matches(&self, name: &str) -> bool {
        match self {
            NamePattern::Exact(e) => e == name,
            NamePattern::Range {
                prefix,
                width,
                lo,
                hi,
            } => {
                let Some(rest) = name.strip_prefix(prefix.as_str()) else {
                    return false;
                };
                rest.len() == *width
                    && rest.bytes().all(|b| b.is_ascii_digit())
                    && rest.parse::<u64>().is_ok_and(|n| (*lo..=*hi).contains(&n))
            }
            NamePattern::Glob(g) => glob_match(g.as_bytes(), name.as_bytes()),
        }
    }
}

impl fmt::Display for NamePattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NamePattern::Exact(e) => f.write_str(e),
            NamePattern::Range {
                prefix,
                width,
                lo,
                hi,
            } => write!(f, "{prefix}{lo:0width$}..{prefix}{hi:0width$}"),
            NamePattern::Glob(g) => f.write_str(g),
        }
    }
}

fn split_number(s: &str) -> Option<(&str, &str)> {
    let digits = s.bytes().rev().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    Some(s.split_at(s.len() - digits))
}

fn glob_match(p: &[u8], s: &[u8]) -> bool {
    // Iterative matcher with single-star backtracking: linear in practice.
    let (mut pi, mut si) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while si < s.len() {
        if pi < p.len() && (p[pi] == b'?' || p[pi] == s[si]) {
            pi += 1;
            si += 1;
        } else if pi < p.len() && p[pi] == b'*' {
            star = Some((pi, si));
            pi += 1;
        } else if let Some((sp, ss)) = star {
            pi = sp + 1;
            si = ss + 1;
            star = Some((sp, ss + 1));
        } else {
            return false;
        }
    }
    while pi < p.len() && p[pi] == b'*' {
        pi += 1;
    }
    pi == p.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_numeric_range_matches_same_width_names_inside_it_only() {
        let p = NamePattern::parse("pins_0000..pins_0511").unwrap();
        assert!(p.matches("pins_0000"));
        assert!(p.matches("pins_0511"));
        assert!(!p.matches("pins_0512"));
        assert!(!p.matches("pins_511"));
        assert!(!p.matches("pinz_0001"));
        assert_eq!(p.to_string(), "pins_0000..pins_0511");
        assert!(NamePattern::parse("a_10..b_20").is_err());
        assert!(NamePattern::parse("a_20..a_10").is_err());
    }

    #[test]
    fn globs_match_wildcards_and_exact_names_match_case_sensitively() {
        let g = NamePattern::parse("tenant_*_prod").unwrap();
        assert!(g.matches("tenant_42_prod"));
        assert!(!g.matches("tenant_42_dev"));
        assert!(NamePattern::parse("a?c").unwrap().matches("abc"));
        assert!(NamePattern::parse("app").unwrap().matches("app"));
        assert!(!NamePattern::parse("app").unwrap().matches("App"));
    }
}
