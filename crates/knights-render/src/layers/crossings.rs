//! The crossings layer: a white disk where two leaps cross
//! ([`crate::markers::crossing_disks`]); on an overview, the crossings per cell of each
//! block (drawn with its blocks). With the step numbers shown, a crossing under a
//! number's disk is left out, and the legend says how many.

use svg::node::element::Group;

use super::{Canvas, Depth, Kind, Layer};
use crate::frame::num;
use crate::legend::{stroke, Entry, Spot};
use crate::markers::{self, disk};
use crate::text;
use crate::theme::Theme;
use knights_core::metrics::{self, Metrics};
use knights_core::{Board, Error};

/// A white disk at each crossing.
pub struct Crossings;

impl Kind for Crossings {
    fn name(&self) -> &'static str {
        "crossings"
    }

    fn shown_up_to(&self) -> u32 {
        32
    }

    fn depth(&self) -> Depth {
        Depth(34)
    }

    fn draw(&self, c: &Canvas) -> Result<Option<Group>, Error> {
        let shown = !c.overview && c.has_line();
        Ok(shown.then(|| {
            let points = visible(c).into_iter().filter(|&(_, under)| !under);
            markers::crossing_disks(points.map(|(q, _)| q), c.frame, c.theme)
        }))
    }

    /// Disks of the theme's least radius, a share of the square at most.
    fn legible_from(&self, theme: &Theme) -> f64 {
        crate::paper::legible_from(&theme.markers.crossing, 0.0)
    }

    fn legend_rank(&self) -> u8 {
        40
    }

    fn legend(&self, c: &Canvas) -> Vec<Entry> {
        if !c.has_line() {
            return Vec::new();
        }
        if c.overview {
            vec![Entry::new("disk: crossings per cell", icon)]
        } else {
            let points = visible(c);
            let under = points.iter().filter(|&&(_, u)| u).count();
            match (points.len() - under, under) {
                (0, 0) => Vec::new(),
                (_, 0) => vec![Entry::new("two leaps cross", icon)],
                (_, n) => vec![Entry::new(
                    format!(
                        "two leaps cross ({n} crossing{} under step numbers not marked)",
                        if n == 1 { "" } else { "s" }
                    ),
                    icon,
                )],
            }
        }
    }

    /// About 56 bytes a crossing (measured, see [`crate::budget`]).
    fn bytes(&self, _board: &Board, metrics: &Metrics) -> u64 {
        metrics.crossings * 56
    }
}

/// The crossings the frame shows, each with whether it lies under a step number's
/// disk (when the numbers are shown): a disk there would be hidden by the number, or
/// hide it, so it is left out and the legend says how many.
fn visible(c: &Canvas) -> Vec<((f64, f64), bool)> {
    let numbers = (c.layers.has(Layer::Numbers))
        .then(|| text::number_size(c.tour.path().len(), c.frame, c.theme).1);
    let reach = numbers.map(|r| r + c.frame.size(&c.theme.markers.crossing));
    (metrics::crossing_points(c.tour.grid()).into_iter())
        .filter(|&q| c.frame.shows_point(q))
        .map(|q| {
            // The nearest square's centre: a number's disk lies within its square.
            let (cx, cy) = (q.0.round(), q.1.round());
            let d = ((q.0 - cx).powi(2) + (q.1 - cy).powi(2)).sqrt();
            (q, reach.is_some_and(|r| d < r))
        })
        .collect()
}

/// A crossing's disk.
fn icon(at: Spot, theme: &Theme) -> Group {
    let m = &theme.markers;
    Group::new().add(
        disk("legend-crossing", (at.x, at.y), &num(at.fs * 0.32))
            .set("fill", m.crossing_fill.as_str())
            .set("stroke", m.crossing_stroke.as_str())
            .set("stroke-width", num(stroke(at))),
    )
}
