//! Whether a board is drawn square by square or as an overview ([`Style`]), and the
//! longest side a theme draws square by square ([`detail_sides`]): the one decision
//! the document and the gallery share.

use crate::layers::{Layer, Layers};
use crate::theme::Theme;
use knights_core::{Named, Region, Unknown};

/// Square by square, or as an overview.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// An overview when the squares would be smaller than the theme's
    /// `overview.below` points, else square by square.
    #[default]
    Auto,
    /// Every square, leap and marker.
    Detail,
    /// Blocks of cells (see the module documentation).
    Overview,
}

impl Style {
    /// [`Style::Auto`] decided for drawing `region` with `theme`: square by square
    /// while its longer side is at most [`detail_sides`] squares.
    pub fn resolve(self, region: &Region, theme: &Theme) -> Style {
        if self != Style::Auto {
            return self;
        }
        if region.width().max(region.height()) <= detail_sides(theme) {
            Style::Detail
        } else {
            Style::Overview
        }
    }

    /// The layers an overview shows by default, in every theme: the sections'
    /// colours (without them a block is the tour's one colour, and the `print`
    /// theme's overview was a flat grey square) and the densities of turns and
    /// crossings are its point, squares would be a moire.
    pub fn default_layers(self, defaults: Layers) -> Layers {
        match self {
            Style::Overview => defaults
                .with(Layer::Sections, true)
                .with(Layer::Turns, true)
                .with(Layer::Crossings, true)
                .with(Layer::Squares, false),
            _ => defaults,
        }
    }
}

impl std::str::FromStr for Style {
    type Err = knights_core::Error;
    fn from_str(s: &str) -> Result<Style, knights_core::Error> {
        match s {
            "auto" => Ok(Style::Auto),
            "detail" => Ok(Style::Detail),
            "overview" => Ok(Style::Overview),
            _ => Err(Unknown::new(Named::Style, s, &["auto", "detail", "overview"]).into()),
        }
    }
}

/// The longest side, in squares, that `theme` draws square by square: squares are
/// drawn at `min(page.cell, page.max_size / side)` points, and an overview replaces
/// them below `overview.below` points. The decision is made on whole squares, with a
/// margin for rounding, so that a board whose squares come out at exactly `below`
/// points (720 / 4 = 180 squares) is drawn the same way on every machine and under
/// every way of writing the same numbers; the `web` theme's threshold also lies
/// between the sides of the shipped catalogue's boards (see its `below`).
pub fn detail_sides(theme: &Theme) -> u32 {
    let below = theme.overview.below;
    if theme.page.cell < below {
        return 0;
    }
    if below <= 0.0 {
        return u32::MAX;
    }
    let sides = theme.page.max_size / below * (1.0 + 1e-9);
    sides.floor().min(u32::MAX as f64) as u32
}
