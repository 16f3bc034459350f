//! A mark's stroke too faint to see: its colour against what lies under it, under 3:1
//! by the WCAG's contrast ratio for graphics. Only marks (and their legend pictures)
//! must stand out: a grid line or a square's edge is faint by design. The gallery's
//! pages show drawings on their own light background in both of the page's themes, so
//! a figure's own colours decide.
//!
//! What lies under a stroke is measured where the eye meets it: at points spread along
//! it (a knight's leap joins a light and a dark square, so both are met), the last
//! filled shape painted there before it (the page's white where nothing is), the worst
//! of them counted. A line is seen against the figure's ground (the board, the page, a
//! legend's box) and its own mark's shapes; another mark it passes over (a turn's dot,
//! a block of an overview) is a crossing, not its background. A dot is seen against
//! whatever it sits on, dots included (a crossing's white disk on its dark ring).
//! A stroke drawn over a wider one through the same points is one mark with a rim: a
//! casing whose edge stands out against the ground, or a halo against which the mark
//! stands out. The pair passes when either does.

use std::collections::HashMap;

use super::figure::{Item, Rgb, Shape, What};
use super::{together, Check, Figure, Finding};

/// The least contrast of a stroke against its background.
pub const MIN_CONTRAST: f64 = 3.0;

/// What lies under a figure where it paints nothing: the page's white.
const PAGE: Rgb = [255, 255, 255];

/// Points sampled along a stroke, at most.
const SAMPLES: usize = 9;

/// Strokes too faint against their background.
pub struct Contrast;

impl Check for Contrast {
    fn kind(&self) -> &'static str {
        "contrast"
    }

    fn check(&self, fig: &Figure) -> Result<Vec<Finding>, String> {
        let grounds: Vec<(usize, &Item, Ground)> = (fig.items.iter().enumerate())
            .filter_map(|(k, i)| ground(i).map(|g| (k, i, g)))
            .collect();
        let rims = rims(fig);
        let mut out = Vec::new();
        let marks =
            (fig.items.iter().enumerate()).filter(|(_, i)| i.mark.is_some() || i.legend.is_some());
        for (k, item) in marks {
            let Some((colour, _, _)) = stroke(item) else {
                continue;
            };
            if rims.values().any(|&r| r == k) {
                continue; // a rim: judged with the stroke it rims
            }
            let worst = |k: usize| under(&grounds, fig, k);
            let detail = match rims.get(&k) {
                Some(&r) => {
                    let Some((rim, _, _)) = stroke(&fig.items[r]) else {
                        continue;
                    };
                    let (ground, _) = worst(r);
                    let (inner, outer) = (contrast(colour, rim), contrast(rim, ground));
                    if inner.max(outer) >= MIN_CONTRAST {
                        continue;
                    }
                    format!(
                        "stroke {} in its rim {} on {}: {:.2}:1 and {:.2}:1",
                        hex(colour),
                        hex(rim),
                        hex(ground),
                        inner,
                        outer
                    )
                }
                None => {
                    let (ground, ratio) = worst(k);
                    if ratio >= MIN_CONTRAST {
                        continue;
                    }
                    format!("stroke {} on {}: {ratio:.2}:1", hex(colour), hex(ground))
                }
            };
            out.push(Finding::on(self.kind(), item, detail));
        }
        Ok(out)
    }
}

/// The stroke of `item` (colour, width, dashed), when it is a shape with a visible one.
fn stroke(item: &Item) -> Option<(Rgb, f64, bool)> {
    let What::Shape(s) = &item.what else {
        return None;
    };
    s.stroke.filter(|st| st.1 > 0.0 && !s.points.is_empty())
}

/// The stroke `k` (a mark) as the eye meets it: the ground under it with the least
/// contrast, and that contrast.
fn under(grounds: &[(usize, &Item, Ground)], fig: &Figure, k: usize) -> (Rgb, f64) {
    let item = &fig.items[k];
    let What::Shape(s) = &item.what else {
        return (PAGE, 21.0);
    };
    let Some((colour, width, _)) = s.stroke else {
        return (PAGE, 21.0);
    };
    let dot = is_dot(s, width);
    let n = s.points.len();
    let mut picks: Vec<usize> = (0..SAMPLES.min(n))
        .map(|i| i * n / SAMPLES.min(n))
        .collect();
    if n > 1 {
        picks.push(1);
    }
    let mut worst: Option<(Rgb, f64)> = None;
    for i in picks {
        let (x, y) = s.points[i];
        let at = (x as f64 / 100.0, y as f64 / 100.0);
        let seen = |g: &Item, gr: &Ground| {
            let own = (g.mark.is_some() && g.mark == item.mark)
                || (g.legend.is_some() && g.legend == item.legend);
            together(item, g) && (dot || gr.ground || own)
        };
        let ground = (grounds.iter().rev())
            .filter(|(j, g, gr)| *j < k && seen(g, gr))
            .find_map(|(_, _, g)| g.colour_at(at))
            .unwrap_or(PAGE);
        let ratio = contrast(colour, ground);
        if worst.is_none_or(|w| ratio < w.1) {
            worst = Some((ground, ratio));
        }
    }
    worst.unwrap_or((PAGE, 21.0))
}

/// Whether a shape stroked `width` wide is dots (every subpath no longer than its
/// round cap).
fn is_dot(s: &Shape, width: f64) -> bool {
    let dot = |r: &[f64; 4]| (r[2] - r[0]).max(r[3] - r[1]) <= 2.5 * width;
    s.parts.iter().all(|(r, _)| dot(r))
}

/// The strokes drawn over a wider stroke through the same points, each with that rim's
/// index (the latest such).
fn rims(fig: &Figure) -> HashMap<usize, usize> {
    // The strokes seen so far through each list of points: index and width.
    type Seen = Vec<(usize, f64)>;
    let mut by_points: HashMap<&[(i64, i64)], Seen> = HashMap::new();
    let mut out = HashMap::new();
    for (k, item) in fig.items.iter().enumerate() {
        let (What::Shape(s), Some((_, width, _))) = (&item.what, stroke(item)) else {
            continue;
        };
        let seen = by_points.entry(s.points.as_slice()).or_default();
        if let Some(&(r, _)) = seen.iter().rev().find(|(_, w)| *w > width) {
            out.insert(k, r);
        }
        seen.push((k, width));
    }
    out
}

/// What an item paints that a later stroke may lie on: its fill, or its dots.
struct Ground<'a> {
    shape: &'a Shape,
    colour: Rgb,
    even_odd: bool,
    dots: bool,
    /// Part of the figure's ground (no mark), which every stroke is seen against.
    ground: bool,
}

/// The ground `item` makes, if any.
fn ground(item: &Item) -> Option<Ground<'_>> {
    let What::Shape(s) = &item.what else {
        return None;
    };
    if let Some((colour, even_odd)) = s.fill {
        return Some(Ground {
            shape: s,
            colour,
            even_odd,
            dots: false,
            ground: item.mark.is_none() && item.legend.is_none(),
        });
    }
    let (colour, width, _) = s.stroke?;
    is_dot(s, width).then_some(Ground {
        shape: s,
        colour,
        even_odd: false,
        dots: true,
        ground: false,
    })
}

impl Ground<'_> {
    /// Its colour at `p`, if it paints there (boxes of its parts; an even-odd fill
    /// paints where an odd number of them hold the point).
    fn colour_at(&self, p: (f64, f64)) -> Option<Rgb> {
        let holds = |r: &[f64; 4]| r[0] <= p.0 && p.0 <= r[2] && r[1] <= p.1 && p.1 <= r[3];
        let n = self.shape.parts.iter().filter(|(r, _)| holds(r)).count();
        let paints = if self.even_odd && !self.dots {
            n % 2 == 1
        } else {
            n > 0
        };
        paints.then_some(self.colour)
    }
}

/// The WCAG contrast ratio of two colours (1 to 21).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    crate::colour::contrast(
        crate::colour::Rgb(a[0], a[1], a[2]),
        crate::colour::Rgb(b[0], b[1], b[2]),
    )
}

/// `#rrggbb`.
fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}
