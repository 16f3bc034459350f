//! [`Options`]: how to draw, everything a drawing depends on besides the tour, with
//! the layers it resolves to on a board. Its own module, apart from the drawing, so
//! that the document and the levels that read it name no drawing.

use knights_core::Region;

use super::figure::Insets;
use super::layers::{Layers, Show};
use super::overview::Style;
use super::raster::Resolution;
use super::theme::Theme;

/// How to draw: everything a drawing depends on besides the tour. The default is the
/// `web` theme with its default layers at [`DEFAULT_DPI`](crate::DEFAULT_DPI). New ways of drawing add
/// fields here, with defaults that keep today's drawings.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Colours, sizes, fonts, and the layers shown by default.
    pub theme: Theme,
    /// Which layers to draw.
    pub show: Show,
    /// How big [`Drawing::png`] makes the picture.
    pub resolution: Resolution,
    /// Square by square, as an overview, or chosen by the size of the squares.
    pub style: Style,
    /// Only these cells, at full detail (`None`: the whole board).
    pub region: Option<Region>,
    /// A legend beside the board: what each mark shown means (`--legend`).
    pub legend: bool,
    /// Leave out the numbered frames of the corners and busiest places that a drawing
    /// of small squares or an overview carries (`overview::framed`): for a
    /// page that shows no detailed crops of them to point at.
    pub no_frames: bool,
    /// Leave out the caption under the levels of a board of three or more sides (what
    /// the triangles between levels mean, how crossings are counted): for a card's
    /// thumbnail, where its three lines were a grey smudge a few pixels high that took
    /// a seventh of the card from the levels.
    pub no_caption: bool,
    /// Detailed insets beside the whole board (`--insets`; none by default, the
    /// command line's default is [`Insets::Auto`]).
    pub insets: Insets,
    /// On a board of three or more sides, at most this many levels a row (`None`:
    /// about as many squares across as down). A page that shows the drawing across a
    /// screen asks for fewer, larger levels than a printed square figure.
    pub levels_across: Option<u32>,
    /// On a board of three or more sides, only these levels (by index, in this order;
    /// `None`: every level): a page that shows each level as a picture of its own, a
    /// card that has room for a few levels at a size where their leaps show.
    pub levels: Option<Vec<u32>>,
    /// Draw the tour's line in this many shades of each colour along the walk, each
    /// stretch of a section from light at its start to dark at its end (0: one shade,
    /// as the page's drawings). For a picture too small to follow the leaps, a card's
    /// thumbnail: the order shows where the lines merge. Square by square only.
    pub order_shades: u32,
    /// Draw the route simplified, a line through the centre of every this many steps
    /// in turn (0 or 1: every leap): on squares of a few pixels a drawing of each leap
    /// merges into one patch. Square by square only, and not on a band.
    pub simplify: u32,
}

impl Options {
    /// The layers shown on `board`: [`Options::show`] resolved against the theme's
    /// defaults for the board's size.
    pub fn layers(&self, board: &knights_core::Board) -> Layers {
        let side = board.width().max(board.height());
        self.show
            .resolve(Layers::defaults(&self.theme.layers, side))
    }
}
