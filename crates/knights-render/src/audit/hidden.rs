//! A series hidden under another: two marks drawn through the same points (a plot's
//! "proved optimum" exactly under "the solver's lower bound"), the later one solid and
//! at least as wide, so the earlier cannot be seen anywhere. Coinciding series must
//! be drawn apart (a dash, a marker of their own).

use std::collections::{BTreeMap, BTreeSet};

use super::figure::{Item, What};
use super::{Check, Figure, Finding};

/// Marks wholly under another.
pub struct Hidden;

/// A mark's lines: the points of its open paths, its widest solid stroke, whether
/// all its strokes are solid, and its first and last item's place in paint order.
struct Lines<'a> {
    first: &'a Item,
    points: BTreeSet<(i64, i64)>,
    width: f64,
    solid: bool,
    from: usize,
    to: usize,
}

impl Check for Hidden {
    fn kind(&self) -> &'static str {
        "hidden"
    }

    fn check(&self, fig: &Figure) -> Result<Vec<Finding>, String> {
        let marks = lines(fig);
        let mut out = Vec::new();
        for (name, a) in &marks {
            let cover = marks.iter().find(|(other, b)| {
                other != &name
                    && b.from > a.to
                    && b.solid
                    && b.width >= a.width
                    && !a.points.is_empty()
                    && a.points.is_subset(&b.points)
            });
            if let Some((other, _)) = cover {
                let detail = format!("\"{name}\" lies wholly under \"{other}\"");
                out.push(Finding::on(self.kind(), a.first, detail));
            }
        }
        Ok(out)
    }
}

/// The lines of each mark outside the legend.
fn lines(fig: &Figure) -> BTreeMap<&str, Lines<'_>> {
    let mut marks: BTreeMap<&str, Lines> = BTreeMap::new();
    for (k, item) in fig.items.iter().enumerate() {
        let (Some(name), None, What::Shape(s)) = (&item.mark, &item.legend, &item.what) else {
            continue;
        };
        let Some((_, width, dashed)) = s.stroke else {
            continue;
        };
        if s.parts.iter().any(|p| p.1) || s.fill.is_some() {
            continue;
        }
        let m = marks.entry(name).or_insert(Lines {
            first: item,
            points: BTreeSet::new(),
            width: 0.0,
            solid: true,
            from: k,
            to: k,
        });
        m.points.extend(s.points.iter().copied());
        m.width = m.width.max(width);
        m.solid &= !dashed;
        m.to = k;
    }
    marks
}
