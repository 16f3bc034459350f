//! The numbers layer: the step number in each square, on a small disk
//! ([`crate::text::numbers`]); refused past the cells a drawing can number.

use svg::node::element::Group;

use super::{Canvas, Depth, Kind};
use crate::legend::{sample, Entry, Spot};
use crate::text;
use crate::theme::Theme;
use knights_core::metrics::Metrics;
use knights_core::{Board, Error};

/// The step number in each square.
pub struct Numbers;

impl Kind for Numbers {
    fn name(&self) -> &'static str {
        "numbers"
    }

    fn depth(&self) -> Depth {
        Depth(62)
    }

    /// Nothing on an overview, whose blocks hold many squares each: a large board's
    /// numbers are read in its figure's insets.
    fn draw(&self, c: &Canvas) -> Result<Option<Group>, Error> {
        if c.overview {
            return Ok(None);
        }
        text::numbers(c.tour, c.frame, c.theme).map(Some)
    }

    /// A number of print's smallest type, a share of the square at most.
    fn legible_from(&self, theme: &Theme) -> f64 {
        crate::paper::legible_from(&theme.text.numbers_size, crate::paper::TYPE_PT)
    }

    fn legend_rank(&self) -> u8 {
        60
    }

    fn legend(&self, c: &Canvas) -> Vec<Entry> {
        if c.overview {
            return Vec::new();
        }
        vec![Entry::new("step number: the order of the moves", icon)]
    }

    /// About 80 bytes a number (measured, see [`crate::budget`]).
    fn bytes(&self, board: &Board, _metrics: &Metrics) -> u64 {
        board.cells() * 80
    }
}

/// A step number.
fn icon(at: Spot, theme: &Theme) -> Group {
    Group::new().add(sample("17", &theme.text.numbers_colour, at, theme))
}
