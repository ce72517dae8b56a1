//! `squeeze inspect [HEX]`: show a stored value's header and its JSON.
use std::io::Read;
use std::path::PathBuf;

use anyhow::{bail, Context};

use crate::codec::{decode_value, parse_header, Decoded, DictionaryRegistry};

#[derive(clap::Args, Debug)]
pub struct InspectArgs {
    /// The stored value in hex (spaces and a 0x prefix allowed); raw bytes are
    /// read from stdin when absent.
    pub hex: Option<String>,
    /// Dictionary directory, needed for values compressed with a dictionary.
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Refuse values that declare more than this many bytes.
    #[arg(long, default_value_t = 64 << 20)]
    pub max_len: usize,
}

pub fn run(args: InspectArgs) -> anyhow::Result<()> {
    let stored = match &args.hex {
        Some(h) => parse_hex(h)?,
        None => {
            let mut b = Vec::new();
            std::io::stdin()
                .read_to_end(&mut b)
                .context("reading stdin")?;
            b
        }
    };
    let reg = match &args.dir {
        Some(d) => DictionaryRegistry::load_dir(d)?,
        None => DictionaryRegistry::empty(),
    };
    let Some((h, hlen)) = parse_header(&stored)? else {
        println!(
            "legacy value (not compressed by squeeze): {} bytes",
            stored.len()
        );
        print_document(&stored);
        return Ok(());
    };
    let dict = match (h.dict_id, reg.get(h.dict_id)) {
        (0, _) => "none".to_string(),
        (id, Some(d)) => format!("{id} ({})", d.name),
        (id, None) => format!(
            "{id} (not loaded{})",
            if args.dir.is_none() {
                ", pass --dir"
            } else {
                ""
            }
        ),
    };
    println!("format version     {}", h.version);
    println!("codec              {} (id {})", h.codec, h.codec.id());
    println!("dictionary         {dict}");
    println!("original length    {} bytes", h.len);
    println!("crc32              {:08x}", h.crc32);
    println!("header             {hlen} bytes");
    println!("payload            {} bytes", stored.len() - hlen);
    println!(
        "stored length      {} bytes (ratio {:.3})",
        stored.len(),
        h.len as f64 / stored.len() as f64
    );
    let mut out = Vec::new();
    match decode_value(&stored, &reg, args.max_len, &mut out)? {
        Decoded::Inflated(_) => print_document(&out),
        Decoded::Legacy => unreachable!("parse_header found a header"),
    }
    Ok(())
}

fn print_document(bytes: &[u8]) {
    println!();
    match serde_json::from_slice::<serde_json::Value>(bytes) {
        Ok(v) => println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default()),
        Err(_) => println!("{}", String::from_utf8_lossy(bytes)),
    }
}

fn parse_hex(s: &str) -> anyhow::Result<Vec<u8>> {
    let s = s.trim();
    let s = s
        .strip_prefix("0x")
        .or_else(|| s.strip_prefix("0X"))
        .unwrap_or(s);
    let digits: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if digits.len() % 2 != 0 {
        bail!("hex value has an odd number of digits");
    }
    digits
        .chunks(2)
        .map(|p| {
            let v = std::str::from_utf8(p)
                .ok()
                .and_then(|t| u8::from_str_radix(t, 16).ok());
            v.with_context(|| format!("invalid hex digits {:?}", String::from_utf8_lossy(p)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn hex_input_accepts_0x_and_spaces_and_rejects_odd_or_non_hex() {
        assert_eq!(super::parse_hex("0xF5 11").unwrap(), [0xf5, 0x11]);
        assert!(super::parse_hex("f").is_err());
        assert!(super::parse_hex("zz").is_err());
    }
}
