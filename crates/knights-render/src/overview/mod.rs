//! The overview style, for boards whose squares are too small to draw one by one: a
//! tour line per cell at under a few points a square reads as a flat grey texture, or
//! worse as a moire. Instead the board is cut into blocks of `b x b` cells (at most
//! `theme.overview.blocks` along the longer side) and each block shows what the eye
//! can take in at that scale:
//! - its fill: the colour of the section (or gradient piece) most of its cells belong
//!   to, the same colours as the detailed drawing, so sections read as bands and regions;
//! - a dark dot whose area is the share of its cells where the tour turns, and a white
//!   disk whose area follows its crossings per cell (the detailed drawing's turn dots
//!   and crossing disks, summed over the block);
//! - framed and named: the board's corners and its busiest places ([`spots`]), which a
//!   gallery page also shows as detailed crops, numbered outside the board
//!   ([`numbers`]).
//!
//! Everything is drawn from flat shapes on block boundaries, so no resolution shows a
//! moire, and the document's size grows with the number of blocks, not of cells.

mod blocks;
mod density;
mod distinct;
mod fills;
pub(crate) mod numbers;
mod spots;
mod style;

pub use blocks::{Blocks, Summary};
pub use spots::{framed, frames, numbers_room, spots, spots_of, Spot};
pub(crate) use spots::{places, spots_on};
pub use style::{detail_sides, Style};

use svg::node::element::Group;

use super::frame::Frame;
use super::path::{Colours, Walk};
use super::theme::Theme;
use density::{densities, Density};
use fills::fills;
use knights_core::Tour;

/// What an overview shows besides the coloured blocks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Show {
    /// Turn density dots.
    pub turns: bool,
    /// Crossing density disks.
    pub crossings: bool,
    /// Frames around the corners and busiest places.
    pub spots: bool,
}

/// The overview layers: coloured blocks, density markers and framed spots.
pub fn layer(
    walk: &Walk,
    tour: &Tour,
    frame: &Frame,
    theme: &Theme,
    colours: &Colours,
    show: Show,
) -> Group {
    let b = tour.board();
    let blocks = Blocks::new(b.width(), b.height(), theme.overview.blocks);
    let s = Summary::of(walk, tour, blocks, colours.len(), |i| {
        colours.key_of_step(i)
    });
    let mut g = Group::new()
        .set("class", "overview")
        .set("data-mark", "tour")
        .set("data-block", blocks.side)
        .add(fills(&s, frame, theme, colours, b.leaper().dirs()));
    if show.turns {
        g = g.add(densities(&s, frame, theme, Density::Turns));
    }
    if show.crossings {
        g = g.add(densities(&s, frame, theme, Density::Crossings));
    }
    if show.spots {
        g = g.add(frames(&spots(tour, &s), frame, theme));
    }
    g
}
