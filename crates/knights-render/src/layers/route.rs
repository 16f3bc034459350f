//! The route layer: a thin line through the centres of a tour's sections, in the order
//! the tour visits them. The sections of a hidden-Hilbert tour are its 8x8 blocks, so
//! the route is the Hilbert curve the tour hides; on the Fibonacci tour it is the
//! spiral of squares. A section visited in several stretches gets a point per stretch.

use svg::node::element::{Group, Polyline};

use super::{Canvas, Depth, Kind};
use crate::frame::{num, Frame};
use crate::legend::{line, Entry, Spot};
use crate::theme::{Field, Size, Theme, Value};
use knights_core::verify::Verified;
use knights_core::Error;

/// The width of the route line.
const WIDTH: Field = Field {
    table: "markers",
    key: "route",
    default: Value::Size(Size {
        cells: 0.25,
        min: 0.8,
        max: 6.0,
        limit: 0.5,
    }),
};

/// The colour of the route line.
const COLOUR: Field = Field {
    table: "markers",
    key: "route_colour",
    default: Value::Colour("#222222"),
};

/// A thin line through the centres of the sections, in visiting order.
pub struct Route;

impl Kind for Route {
    fn name(&self) -> &'static str {
        "route"
    }

    /// On a tour whose sections follow no curve the route is a scribble: `all`
    /// leaves it to `+route`.
    fn in_all(&self) -> bool {
        false
    }

    fn fields(&self) -> &'static [Field] {
        &[WIDTH, COLOUR]
    }

    fn depth(&self) -> Depth {
        Depth(60)
    }

    fn draw(&self, c: &Canvas) -> Result<Option<Group>, Error> {
        let line = layer(c.tour, c.frame, c.theme);
        Ok(line.map(|l| c.clip(Group::new().add(l))))
    }

    fn legend_rank(&self) -> u8 {
        80
    }

    fn legend(&self, c: &Canvas) -> Vec<Entry> {
        if c.tour.sections().is_none() {
            return Vec::new();
        }
        vec![Entry::new(
            "route: the sections' centres in visiting order",
            icon,
        )]
    }
}

/// A stretch of the route line.
fn icon(at: Spot, theme: &Theme) -> Group {
    let l = line(at, theme.colour(&COLOUR), at.fs * 0.25);
    Group::new().add(l.set("stroke-opacity", "0.75"))
}

/// The centre of each stretch of consecutive steps in one section, in cell units
/// (`(0, 0)` the centre of the bottom-left cell). Empty without sections.
pub fn points(tour: &Verified) -> Vec<(f64, f64)> {
    let Some(sections) = tour.sections() else {
        return Vec::new();
    };
    let b = tour.board();
    let labels = sections.labels();
    let mut out = Vec::new();
    let mut start = 0;
    while start < labels.len() {
        let end = (start..labels.len())
            .find(|&i| labels[i] != labels[start])
            .unwrap_or(labels.len());
        let (mut sx, mut sy) = (0.0, 0.0);
        for &c in &tour.path()[start..end] {
            let (x, y) = b.xy(c);
            sx += f64::from(x);
            sy += f64::from(y);
        }
        let n = (end - start) as f64;
        out.push((sx / n, sy / n));
        start = end;
    }
    out
}

/// The route as one polyline (`class="route"`), or `None` when the tour has fewer
/// than two stretches of sections (nothing to join).
pub fn layer(tour: &Verified, frame: &Frame, theme: &Theme) -> Option<Polyline> {
    let pts = points(tour);
    if pts.len() < 2 {
        return None;
    }
    let text: Vec<String> = pts
        .into_iter()
        .map(|p| {
            let (x, y) = frame.point(p);
            format!("{},{}", num(x), num(y))
        })
        .collect();
    Some(
        Polyline::new()
            .set("class", "route")
            .set("points", text.join(" "))
            .set("fill", "none")
            .set("stroke", theme.colour(&COLOUR))
            .set("stroke-width", num(frame.size(&theme.size(&WIDTH))))
            .set("stroke-linejoin", "round")
            .set("stroke-linecap", "round")
            .set("stroke-opacity", "0.75"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::tour;

    /// On a hidden-Hilbert tour the route visits the 8x8 blocks' centres in Hilbert
    /// order: every step is to an edge-adjacent block, and each block once.
    #[test]
    fn hilbert_route_steps_between_adjacent_blocks() {
        for n in [16, 32, 64] {
            let tour = tour(&format!("{n}x{n}-hilbert-open.json"));
            let pts = points(&tour);
            let blocks = (n / 8) * (n / 8);
            assert_eq!(pts.len() as u32, blocks, "{n}x{n}");
            let mut seen = std::collections::HashSet::new();
            for w in pts.windows(2) {
                let d = (w[1].0 - w[0].0).abs() + (w[1].1 - w[0].1).abs();
                assert!((d - 8.0).abs() < 1e-9, "{n}x{n}: {w:?}");
            }
            for p in &pts {
                assert!(seen.insert(((p.0 * 2.0) as i64, (p.1 * 2.0) as i64)));
                // A block's centre is half-way across it.
                assert!(((p.0 - 3.5) / 8.0).fract().abs() < 1e-9, "{p:?}");
            }
        }
    }
}
