//! Drift: the compression ratio of a column's recent writes against the
//! ratio its dictionary reached on held-out documents at training. When
//! the documents' shape moves away from what the dictionary learned (new
//! fields, renamed keys, another producer), the ratio of new writes falls
//! while the table's total ratio hides it for weeks; this shows it on the
//! dashboard before the disk fills.
//!
//! The window is a byte count, not a time: a ratio is only published once
//! at least `MIN_WINDOW_BYTES` were written since the last one, so a quiet
//! column does not show noise from three documents.
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use crate::meta::trained::trained_ratio;

/// Raw bytes a window needs before its ratio is published.
pub const MIN_WINDOW_BYTES: u64 = 256 * 1024;

/// How often the counters are read.
pub const INTERVAL: Duration = Duration::from_secs(5);

/// Raw and stored byte counters at the start of the current window. Pure.
#[derive(Debug, Default, Clone, Copy)]
pub struct Window {
    raw: u64,
    stored: u64,
}

impl Window {
    /// Reads cumulative counters; returns the window's raw/stored ratio
    /// and starts a new window once enough bytes were written.
    pub fn observe(&mut self, raw: u64, stored: u64) -> Option<f64> {
        let (dr, ds) = (
            raw.saturating_sub(self.raw),
            stored.saturating_sub(self.stored),
        );
        if dr < MIN_WINDOW_BYTES || ds == 0 {
            return None;
        }
        *self = Window { raw, stored };
        Some(dr as f64 / ds as f64)
    }
}

/// Publishes every column's window ratio, its dictionary's trained ratio
/// and their quotient, until aborted (the server restarts it with each
/// configuration).
pub async fn run(rules: Arc<crate::transform::ColumnRules>) {
    let m = crate::metrics::adopt();
    let mut windows: HashMap<String, Window> = HashMap::new();
    for r in rules.all() {
        // Start each window at the counters' current values: writes made
        // under an earlier configuration belong to an earlier dictionary.
        windows.insert(
            r.label.clone(),
            Window {
                raw: r.metrics.raw_bytes.get(),
                stored: r.metrics.stored_bytes.get(),
            },
        );
    }
    let mut tick = tokio::time::interval(INTERVAL);
    loop {
        tick.tick().await;
        for r in rules.all() {
            let w = windows.entry(r.label.clone()).or_default();
            let Some(ratio) = w.observe(r.metrics.raw_bytes.get(), r.metrics.stored_bytes.get())
            else {
                continue;
            };
            let id = r.encoder.dict_id();
            let labels = [r.label.as_str(), &id.to_string()];
            m.write_ratio.with_label_values(&labels).set(ratio);
            if let Some(trained) = trained_ratio(&rules, id) {
                m.trained_ratio.with_label_values(&labels).set(trained);
                m.ratio_vs_trained
                    .with_label_values(&labels)
                    .set(ratio / trained);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratio_is_of_the_window_not_of_all_time() {
        let mut w = Window::default();
        assert_eq!(w.observe(1000, 200), None, "too few bytes for a ratio");
        assert_eq!(w.observe(1 << 20, 1 << 18), Some(4.0));
        // The next window compresses worse: it shows, undiluted by the past.
        let r = w
            .observe((1 << 20) + (1 << 19), (1 << 18) + (1 << 18))
            .unwrap();
        assert!((r - 2.0).abs() < 1e-9, "{r}");
    }
}
