//! The ratio each dictionary reached on held-out documents at training,
//! as the metadata store recorded it (the directory's come from its
//! manifest): the reference the admin view's drift gauge compares the
//! ratio of new writes against.
use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

/// Trained ratios of dictionaries known from the metadata store (the
/// directory's come from its manifest).
static TRAINED: LazyLock<RwLock<HashMap<u32, f64>>> = LazyLock::new(Default::default);

/// Records the ratio a stored dictionary was measured at.
pub fn set_trained_ratio(id: u32, ratio: f64) {
    if let Ok(mut m) = TRAINED.write() {
        m.insert(id, ratio);
    }
}

pub fn trained_ratio(rules: &crate::transform::ColumnRules, id: u32) -> Option<f64> {
    rules
        .registry
        .entries()
        .iter()
        .find(|e| e.id == id)
        .map(|e| e.ratio)
        .or_else(|| TRAINED.read().ok()?.get(&id).copied())
        .filter(|r| *r > 0.0)
}
