//! The turns layer: a dot at each cell where the tour turns ([`crate::markers::turns`]),
//! or a ring round the cell's step number when the numbers are shown (a dot would lie
//! under the number's disk);
//! on an overview, the share of turning cells of each block (drawn with its blocks).

use svg::node::element::Group;

use super::{Canvas, Depth, Kind, Layer};
use crate::frame::num;
use crate::legend::{Entry, Spot};
use crate::markers::{self, disk};
use crate::text;
use crate::theme::Theme;
use knights_core::metrics::{self, Metrics};
use knights_core::{Board, Error};

/// A dot at each turn.
pub struct Turns;

impl Kind for Turns {
    fn name(&self) -> &'static str {
        "turns"
    }

    fn shown_up_to(&self) -> u32 {
        32
    }

    fn depth(&self) -> Depth {
        Depth(30)
    }

    fn draw(&self, c: &Canvas) -> Result<Option<Group>, Error> {
        let shown = !c.overview && c.has_line();
        Ok(shown.then(|| markers::turns(c.tour, c.frame, c.theme, around(c))))
    }

    /// Dots of the theme's least radius, a share of the square at most.
    fn legible_from(&self, theme: &Theme) -> f64 {
        crate::paper::legible_from(&theme.markers.turn, 0.0)
    }

    fn legend_rank(&self) -> u8 {
        10
    }

    fn legend(&self, c: &Canvas) -> Vec<Entry> {
        if !c.has_line() {
            return Vec::new();
        }
        let b = c.tour.board();
        if c.overview {
            vec![Entry::new("dot: share of cells where the tour turns", icon)]
        } else if (metrics::turn_cells(c.tour.grid()).into_iter())
            .any(|cell| c.frame.shows_cell(b.xy(cell)))
        {
            match around(c) {
                Some(_) => vec![Entry::new("ring round a number: the tour turns", ring)],
                None => vec![Entry::new("the tour turns", icon)],
            }
        } else {
            Vec::new()
        }
    }

    /// About 48 bytes a turn (measured, see [`crate::budget`]).
    fn bytes(&self, _board: &Board, metrics: &Metrics) -> u64 {
        metrics.turns * 48
    }
}

/// The radius of the step numbers' disks when they are shown: a turn's dot would
/// lie under its number, so it rings the number instead.
fn around(c: &Canvas) -> Option<f64> {
    (c.layers.has(Layer::Numbers))
        .then(|| text::number_size(c.tour.path().len(), c.frame, c.theme).1)
}

/// A turn's ring round a number.
fn ring(at: Spot, theme: &Theme) -> Group {
    let r = at.fs * 0.42;
    let ring = disk("legend-turn", (at.x, at.y), &num(r))
        .set("fill", "none")
        .set("stroke", theme.markers.turn_colour.as_str())
        .set("stroke-width", num(at.fs * 0.14));
    Group::new().add(ring)
}

/// A turn's dot.
fn icon(at: Spot, theme: &Theme) -> Group {
    let dot = disk("legend-turn", (at.x, at.y), &num(at.fs * 0.22));
    Group::new().add(dot.set("fill", theme.markers.turn_colour.as_str()))
}
