//! Text over text, or over a marker it would hide (a dot, a disk, a ring, an arrow):
//! the boxes usvg sets each line of text in, against each other and against the
//! compact parts of every mark. Lines (a tour's leaps, a plot's series) are not
//! markers: a number sits on the square the tour passes through by design. Text over
//! the marks of its own layer (a number on its own disk) is that layer's design too.

use super::figure::{intersect, Item, Shape, What};
use super::{together, Check, Figure, Finding};
use crate::boxes::{overlap, Rect, TEXT_SLACK};

/// Text over text or over a marker.
pub struct Overlap;

impl Check for Overlap {
    fn kind(&self) -> &'static str {
        "overlap"
    }

    fn check(&self, fig: &Figure) -> Result<Vec<Finding>, String> {
        let texts: Vec<(&Item, f64)> = (fig.items.iter())
            .filter_map(|i| match &i.what {
                What::Text { size, words } if !words.is_empty() => Some((i, *size)),
                _ => None,
            })
            .collect();
        let mut out = Vec::new();
        for (k, &(a, sa)) in texts.iter().enumerate() {
            for &(b, sb) in &texts[k + 1..] {
                if together(a, b) && overlap(&a.bbox, &b.bbox, TEXT_SLACK * sa.min(sb)) {
                    let detail = format!("over {}", b.name);
                    out.push(Finding::on(self.kind(), a, detail));
                }
            }
        }
        let markers = markers(fig);
        let grid = Grid::new(fig.view, &markers);
        for &(t, size) in &texts {
            let slack = TEXT_SLACK * size;
            let hit = grid.near(&t.bbox).find(|&&(m, r, ring)| {
                together(t, m)
                    && (t.mark.is_none() || t.mark != m.mark)
                    && (t.legend.is_none() || t.legend != m.legend)
                    && covers(&t.bbox, r, ring, slack)
            });
            if let Some(&(m, _, _)) = hit {
                let detail = format!("over the marker {}", m.name);
                out.push(Finding::on(self.kind(), t, detail));
            }
        }
        Ok(out)
    }
}

/// A marker's part: its item, its box, and the width of its ring when it is an
/// outline only (`None`: filled or a dot).
type Part<'a> = (&'a Item, Rect, Option<f64>);

/// The compact parts of the figure's marks: filled shapes, closed outlines and dots
/// (a stroke with no length), visible where they are.
fn markers(fig: &Figure) -> Vec<Part<'_>> {
    let mut out = Vec::new();
    for item in fig.items.iter().filter(|i| i.mark.is_some()) {
        let What::Shape(s) = &item.what else {
            continue;
        };
        for &(r, closed) in &s.parts {
            if let Some(part) = marker(s, r, closed) {
                let seen = item.clip.map_or(r, |c| intersect(&r, &c));
                if seen[0] < seen[2] && seen[1] < seen[3] {
                    out.push((item, seen, part));
                }
            }
        }
    }
    out
}

/// Whether a part of box `r` of `s` is a marker: `Some(None)` filled or a dot,
/// `Some(Some(w))` an outline of stroke width `w`, `None` a line.
fn marker(s: &Shape, r: Rect, closed: bool) -> Option<Option<f64>> {
    let extent = (r[2] - r[0]).max(r[3] - r[1]);
    match (s.fill, s.stroke) {
        (Some(_), _) => Some(None),
        (None, Some((_, w, _))) if extent <= 2.5 * w => Some(None),
        (None, Some((_, w, _))) if closed => Some(Some(w)),
        _ => None,
    }
}

/// Whether text in box `t` covers a part of box `r` (an outline `ring` wide: inside
/// the ring is free) by more than `slack`.
fn covers(t: &Rect, r: Rect, ring: Option<f64>, slack: f64) -> bool {
    if !overlap(t, &r, slack) {
        return false;
    }
    match ring {
        None => true,
        Some(w) => {
            let inner = [r[0] + w, r[1] + w, r[2] - w, r[3] - w];
            let inside =
                t[0] >= inner[0] - slack && t[1] >= inner[1] - slack && t[2] <= inner[2] + slack;
            !(inside && t[3] <= inner[3] + slack)
        }
    }
}

/// Markers bucketed by where they are, so that each text meets only its neighbours.
struct Grid<'a> {
    view: Rect,
    side: usize,
    cells: Vec<Vec<Part<'a>>>,
}

impl<'a> Grid<'a> {
    const SIDE: usize = 64;

    fn new(view: Rect, parts: &[Part<'a>]) -> Grid<'a> {
        let mut g = Grid {
            view,
            side: Self::SIDE,
            cells: vec![Vec::new(); Self::SIDE * Self::SIDE],
        };
        for p in parts {
            let (x0, y0, x1, y1) = g.span(&p.1);
            for y in y0..=y1 {
                for x in x0..=x1 {
                    g.cells[y * g.side + x].push(*p);
                }
            }
        }
        g
    }

    /// The cells a box spans, clamped to the grid.
    fn span(&self, r: &Rect) -> (usize, usize, usize, usize) {
        let v = self.view;
        let n = self.side as f64;
        let at = |x: f64, lo: f64, hi: f64| {
            (((x - lo) / (hi - lo).max(1e-9) * n).floor().max(0.0) as usize).min(self.side - 1)
        };
        (
            at(r[0], v[0], v[2]),
            at(r[1], v[1], v[3]),
            at(r[2], v[0], v[2]),
            at(r[3], v[1], v[3]),
        )
    }

    /// The markers in the cells `r` spans (one may come more than once).
    fn near(&self, r: &Rect) -> impl Iterator<Item = &Part<'a>> {
        let (x0, y0, x1, y1) = self.span(r);
        (y0..=y1).flat_map(move |y| (x0..=x1).flat_map(move |x| &self.cells[y * self.side + x]))
    }
}
