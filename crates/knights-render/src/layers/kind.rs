//! What a layer is: the [`Kind`] trait every layer's type implements, the [`Canvas`]
//! it draws on and the [`Depth`] its marks take in the document.

use svg::node::element::Group;

use super::Layers;
use crate::frame::Frame;
use crate::legend::Entry;
use crate::path::Colours;
use crate::theme::{Field, Theme};
use knights_core::metrics::Metrics;
use knights_core::verify::Verified;
use knights_core::{Board, Error};

/// What a layer draws on: the tour, the frame from cells to points, the theme, and
/// what else the drawing shows.
pub struct Canvas<'a> {
    /// The tour drawn.
    pub tour: &'a Verified,
    /// Where its cells go.
    pub frame: &'a Frame,
    /// The look.
    pub theme: &'a Theme,
    /// Every layer shown.
    pub layers: Layers,
    /// Whether the drawing is an overview (turns and crossings as densities).
    pub overview: bool,
    /// How the tour is coloured (`None`: the tour has under two cells, no line).
    pub colours: Option<&'a Colours<'a>>,
    /// Whether marks that may leave the drawn cells are clipped to them (a region, or
    /// a band whose leaps across the seam leave the board).
    pub clipped: bool,
}

impl Canvas<'_> {
    /// `g` clipped to the drawn cells when the drawing clips.
    pub fn clip(&self, g: Group) -> Group {
        if self.clipped {
            g.set("clip-path", "url(#region)")
        } else {
            g
        }
    }

    /// Whether the tour has a line (two cells or more).
    pub fn has_line(&self) -> bool {
        self.tour.path().len() >= 2
    }
}

/// Where a part goes in the document, bottom to top. The parts every drawing has sit
/// at the named depths; a layer takes a depth between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Depth(pub u8);

impl Depth {
    /// The board: squares, holes, outline.
    pub const BOARD: Depth = Depth(0);
    /// The tour's line (or the overview's blocks and densities).
    pub const LINE: Depth = Depth(20);
    /// The numbered frames of the corners and busiest places.
    pub const FRAMES: Depth = Depth(40);
    /// A band's seam.
    pub const SEAM: Depth = Depth(50);
}

/// A layer: one type, listed once in [`super`]'s list.
pub trait Kind: Sync {
    /// Its name in `--show` and in a theme's `[layers]` table.
    fn name(&self) -> &'static str;

    /// The longest board side it is shown on by default when the theme's `[layers]`
    /// table does not say (0: never).
    fn shown_up_to(&self) -> u32 {
        0
    }

    /// Whether `--show all` shows it (a highlight of one measure is shown only when
    /// named).
    fn in_all(&self) -> bool {
        true
    }

    /// The theme fields it owns, with their defaults; each is checked as its kind
    /// says (a colour parses, a size lies within its ranges).
    fn fields(&self) -> &'static [Field] {
        &[]
    }

    /// Where its marks go in the document (a layer that draws nothing of its own, but
    /// changes how a part every drawing has is drawn, stays at the board's).
    fn depth(&self) -> Depth {
        Depth::BOARD
    }

    /// Its marks on `c`, if any.
    fn draw(&self, _c: &Canvas) -> Result<Option<Group>, Error> {
        Ok(None)
    }

    /// The smallest square, in points, at which its marks stay apart at a declared
    /// size on paper (see [`crate::paper`]): on smaller squares they would merge, and
    /// the layer is left out with a line in the legend saying so (0: always apart).
    fn legible_from(&self, _theme: &Theme) -> f64 {
        0.0
    }

    /// Its place in the legend (lower first).
    fn legend_rank(&self) -> u8 {
        u8::MAX
    }

    /// Its legend entries for `c`: only what the drawing shows.
    fn legend(&self, _c: &Canvas) -> Vec<Entry> {
        Vec::new()
    }

    /// The SVG bytes its marks add to a drawing of `board` with `metrics` (see
    /// [`crate::budget`]).
    fn bytes(&self, _board: &Board, _metrics: &Metrics) -> u64 {
        0
    }
}
