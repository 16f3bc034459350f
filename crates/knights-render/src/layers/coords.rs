//! The coordinates layer: letters and numbers along the edges ([`crate::text::coords`]),
//! clear of a band's seam arrows. The frame leaves room for them when shown.

use svg::node::element::Group;

use super::{Canvas, Depth, Kind};
use crate::{seam, text};
use knights_core::Error;

/// Coordinates along the edges.
pub struct Coords;

impl Kind for Coords {
    fn name(&self) -> &'static str {
        "coords"
    }

    fn shown_up_to(&self) -> u32 {
        32
    }

    fn depth(&self) -> Depth {
        Depth(68)
    }

    fn draw(&self, c: &Canvas) -> Result<Option<Group>, Error> {
        let clear = seam::reach(c.tour.board(), c.frame, c.theme);
        Ok(Some(text::coords_clear(c.frame, c.theme, clear)))
    }
}
