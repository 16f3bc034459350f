//! An element outside the figure or its clip: text cut at the figure's edge or at the
//! frame it is clipped to (a caption running off its frame), a mark drawn past the
//! figure's box where nothing clips it. A line cut at its clip (a leap leaving the
//! drawn region) is what the clip is for, and no finding.

use super::figure::{intersect, Item, What};
use super::{Check, Figure, Finding};
use crate::boxes::Rect;

/// How far past an edge, in px, counts: less is rounding.
const SLACK: f64 = 0.5;

/// Elements outside the view box or their clip.
pub struct Bounds;

impl Check for Bounds {
    fn kind(&self) -> &'static str {
        "outside"
    }

    fn check(&self, fig: &Figure) -> Result<Vec<Finding>, String> {
        let mut out = Vec::new();
        for item in &fig.items {
            let text = matches!(&item.what, What::Text { words, .. } if !words.is_empty());
            if let Some(detail) = beyond(item, fig.view, text) {
                out.push(Finding::on(self.kind(), item, detail));
            }
        }
        Ok(out)
    }
}

/// What of `item` lies beyond the figure's box `view` or (for text) its clip.
fn beyond(item: &Item, view: Rect, text: bool) -> Option<String> {
    let seen = item.clip.map_or(item.bbox, |c| intersect(&item.bbox, &c));
    if seen[0] >= seen[2] || seen[1] >= seen[3] {
        return None;
    }
    if let Some(side) = past(&seen, &view) {
        return Some(format!("runs past the figure's {side} edge"));
    }
    match item.clip {
        Some(clip) if text => {
            past(&item.bbox, &clip).map(|side| format!("cut at its clip's {side} edge"))
        }
        _ => None,
    }
}

/// The first side of `outer` that `r` runs past.
fn past(r: &Rect, outer: &Rect) -> Option<&'static str> {
    if r[0] < outer[0] - SLACK {
        Some("left")
    } else if r[2] > outer[2] + SLACK {
        Some("right")
    } else if r[1] < outer[1] - SLACK {
        Some("top")
    } else if r[3] > outer[3] + SLACK {
        Some("bottom")
    } else {
        None
    }
}
