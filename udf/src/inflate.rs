//! Stored value -> document, as squeeze's result side decodes it. Pure
//! apart from the dictionary store; the fuzz target drives it directly.
use squeeze_format::{
    decode_value_in, parse_header, Contexts, Decoded, Dictionary, DictionaryLookup,
};

use crate::store::Store;

/// What [`inflate`] produced.
#[derive(Debug, PartialEq, Eq)]
pub enum Inflated {
    /// `out` holds the document.
    Document,
    /// Not a stored value (written before squeeze, or kept as it came):
    /// the document is the value itself.
    AsStored,
}

/// The one dictionary a value names.
struct Named<'a>(Option<&'a Dictionary>);

impl DictionaryLookup for Named<'_> {
    fn dictionary(&self, id: u32) -> Option<&Dictionary> {
        self.0.filter(|d| d.id == id)
    }
}

/// Inflates `stored` into `out` (cleared first), with the dictionary its
/// header names from `store`, capped by the header's length and the
/// store's `max_value_size`. The error says what is wrong without quoting
/// the value.
pub fn inflate(
    ctx: &mut Contexts,
    store: &Store,
    stored: &[u8],
    out: &mut Vec<u8>,
) -> Result<Inflated, String> {
    out.clear();
    let header = match parse_header(stored) {
        Ok(None) => return Ok(Inflated::AsStored),
        Ok(Some((h, _))) => h,
        Err(e) => return Err(unreadable(&e.to_string())),
    };
    let dict = match header.dict_id {
        0 => None,
        id => Some(store.get(id).map_err(|e| unreadable(&e))?),
    };
    let named = Named(dict.as_deref());
    match decode_value_in(ctx, stored, &named, store.max_value_size(), out) {
        Ok(Decoded::Inflated(_)) => Ok(Inflated::Document),
        Ok(Decoded::Legacy) => Ok(Inflated::AsStored),
        Err(e) => Err(unreadable(&e.to_string())),
    }
}

fn unreadable(why: &str) -> String {
    format!("squeeze_inflate: a value stored by squeeze cannot be read: {why}")
}
