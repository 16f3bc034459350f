//! A legend that does not match its figure: an entry for a mark the figure does not
//! draw (a series with no points, a layer with no marks here), or a mark the figure
//! draws that its legend does not explain. Marks are named by the drawing code
//! (`data-mark` on a layer's or a series' group, `data-legend` on a legend entry);
//! a figure with no legend of its own (a drawing whose page explains it) is not
//! checked, and the check says so. A mark made of text only (coordinates, labels)
//! says what it is and needs no entry.

use std::collections::BTreeMap;

use super::figure::{Item, What};
use super::{Check, Figure, Finding};

/// Legend entries without marks, and marks without entries.
pub struct Legend;

impl Check for Legend {
    fn kind(&self) -> &'static str {
        "legend"
    }

    fn check(&self, fig: &Figure) -> Result<Vec<Finding>, String> {
        let mut entries: BTreeMap<&str, &Item> = BTreeMap::new();
        let mut marks: BTreeMap<&str, &Item> = BTreeMap::new();
        let mut drawn: BTreeMap<&str, bool> = BTreeMap::new();
        for item in &fig.items {
            match (&item.legend, &item.mark) {
                (Some(l), _) => {
                    entries.entry(l).or_insert(item);
                }
                (None, Some(m)) => {
                    marks.entry(m).or_insert(item);
                    *drawn.entry(m).or_default() |= matches!(item.what, What::Shape(_));
                }
                _ => {}
            }
        }
        if entries.is_empty() {
            return Err("the figure has no legend of its own: not checked".to_string());
        }
        let mut out = Vec::new();
        for (name, item) in &entries {
            if !marks.contains_key(name) {
                let detail = format!("explains \"{name}\", which the figure does not draw");
                out.push(Finding::on(self.kind(), item, detail));
            }
        }
        for (name, item) in &marks {
            if drawn[name] && !entries.contains_key(name) {
                let detail = format!("the mark \"{name}\" has no legend entry");
                out.push(Finding::on(self.kind(), item, detail));
            }
        }
        Ok(out)
    }
}
