//! The crossings layer: a white disk where two leaps cross
//! ([`crate::markers::crossings`]); on an overview, the crossings per cell of each
//! block (drawn with its blocks).

use svg::node::element::Group;

use super::{Canvas, Depth, Kind};
use crate::frame::num;
use crate::legend::{stroke, Entry, Spot};
use crate::markers::{self, disk};
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
        Ok(shown.then(|| markers::crossings(c.tour, c.frame, c.theme)))
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
        } else if (metrics::crossing_points(c.tour.grid()).into_iter())
            .any(|q| c.frame.shows_point(q))
        {
            vec![Entry::new("two leaps cross", icon)]
        } else {
            Vec::new()
        }
    }

    /// About 56 bytes a crossing (measured, see [`crate::budget`]).
    fn bytes(&self, _board: &Board, metrics: &Metrics) -> u64 {
        metrics.crossings * 56
    }
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
