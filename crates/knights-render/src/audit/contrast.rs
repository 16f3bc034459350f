//! A mark's stroke too faint to see: its colour against what lies under it (the last
//! filled shape, or dot, painted before it there; the page's white where nothing is),
//! under 3:1 by the WCAG's contrast ratio for graphics. Only marks (and their legend
//! pictures) must stand out: a grid line or a square's edge is faint by design. The gallery's pages show drawings on
//! their own light background in both of the page's themes, so a figure's own colours
//! decide.

use super::figure::{Item, Rgb, Shape, What};
use super::{together, Check, Figure, Finding};

/// The least contrast of a stroke against its background.
pub const MIN_CONTRAST: f64 = 3.0;

/// What lies under a figure where it paints nothing: the page's white.
const PAGE: Rgb = [255, 255, 255];

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
        let mut out = Vec::new();
        let marks =
            (fig.items.iter().enumerate()).filter(|(_, i)| i.mark.is_some() || i.legend.is_some());
        for (k, item) in marks {
            let What::Shape(s) = &item.what else { continue };
            let (Some((colour, width, _)), Some(&(x, y))) = (s.stroke, s.points.first()) else {
                continue;
            };
            if width <= 0.0 {
                continue;
            }
            let at = (x as f64 / 100.0, y as f64 / 100.0);
            let under = (grounds.iter().rev())
                .filter(|(j, g, _)| *j < k && together(item, g))
                .find_map(|(_, _, g)| g.colour_at(at))
                .unwrap_or(PAGE);
            let ratio = contrast(colour, under);
            if ratio < MIN_CONTRAST {
                let detail = format!("stroke {} on {}: {ratio:.2}:1", hex(colour), hex(under));
                out.push(Finding::on(self.kind(), item, detail));
            }
        }
        Ok(out)
    }
}

/// What an item paints that a later stroke may lie on: its fill, or its dots.
struct Ground<'a> {
    shape: &'a Shape,
    colour: Rgb,
    even_odd: bool,
    dots: bool,
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
        });
    }
    let (colour, width, _) = s.stroke?;
    let dot = |r: &[f64; 4]| (r[2] - r[0]).max(r[3] - r[1]) <= 2.5 * width;
    (s.parts.iter().all(|(r, _)| dot(r))).then_some(Ground {
        shape: s,
        colour,
        even_odd: false,
        dots: true,
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
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The WCAG relative luminance of a colour.
fn luminance(c: Rgb) -> f64 {
    let lin = |v: u8| {
        let s = v as f64 / 255.0;
        if s <= 0.03928 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

/// `#rrggbb`.
fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}
