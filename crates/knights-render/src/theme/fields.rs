//! The fields of a theme, table by table as a theme file writes them: the page, the
//! board, the tour's line, markers, text, the layers shown by default and the overview.
//! Deserializing refuses unknown fields, so a misspelt field is an error. The fields a
//! layer owns are its own (see [`super::own`]).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::own::Owned;
use crate::layers::LayerDefaults;

/// A length that follows the size of a square: `cells` squares, clamped to `min..=max`
/// points, and never more than `limit` squares.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Size {
    /// The length in squares.
    pub cells: f64,
    /// The smallest length in points.
    #[serde(default)]
    pub min: f64,
    /// The largest length in points.
    #[serde(default = "unbounded")]
    pub max: f64,
    /// The largest length in squares (wins over `min`).
    #[serde(default = "unbounded")]
    pub limit: f64,
}

fn unbounded() -> f64 {
    f64::INFINITY
}

impl Size {
    /// The length in squares on a drawing where one square is `cell_pt` points.
    pub fn resolve(&self, cell_pt: f64) -> f64 {
        let pt = (self.cells * cell_pt).clamp(self.min, self.max.max(self.min));
        (pt / cell_pt).min(self.limit)
    }
}

/// The page: scale, margins, background.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    /// Points per square on small boards.
    pub cell: f64,
    /// The longer side of the board never exceeds this many points.
    pub max_size: f64,
    /// Points of empty space around the board.
    pub margin: f64,
    /// Page colour.
    pub background: String,
    /// The figure's width on paper (`--size`, or `width = "120mm"` in a theme file):
    /// the squares are then sized so that the whole figure is this wide, and `cell` and
    /// `max_size` are solved for it (see `paper`). None: `cell` and `max_size` decide.
    #[serde(default)]
    pub width: Option<crate::paper::Paper>,
}

/// The board: squares, grid, outline, holes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardStyle {
    /// Checkered squares (`true`) or a plain grid.
    pub checkered: bool,
    /// Light squares (and the plain board's colour).
    pub light: String,
    /// Dark squares.
    pub dark: String,
    /// Grid lines of a plain board.
    pub grid: String,
    /// Width of the grid lines.
    pub grid_width: Size,
    /// The board's outline.
    pub outline: String,
    /// Width of the outline.
    pub outline_width: Size,
    /// Missing squares.
    pub hole: String,
}

/// The tour's line.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourStyle {
    /// The line's colour when sections are not shown.
    pub colour: String,
    /// Line width.
    pub width: Size,
    /// Line opacity, 0 to 1.
    pub opacity: f64,
    /// Colour stops of the gradient along tours without sections.
    pub gradient: Vec<String>,
    /// The gradient is drawn in at most this many pieces.
    pub gradient_pieces: u32,
    /// Colours of sections without an entry in [`Theme::sections`], by section index.
    pub palette: Vec<String>,
}

/// Markers at turns, crossings and the ends of the tour.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Markers {
    /// Radius of a turn dot.
    pub turn: Size,
    /// Colour of turn dots.
    pub turn_colour: String,
    /// Radius of a crossing disk.
    pub crossing: Size,
    /// Fill of crossing disks.
    pub crossing_fill: String,
    /// Outline of crossing disks.
    pub crossing_stroke: String,
    /// Width of the outline of crossing disks.
    pub crossing_stroke_width: Size,
    /// Radius of the start marker (the direction arrow and end marker follow it).
    pub start: Size,
    /// Colour of the start marker and the direction arrow.
    pub start_colour: String,
    /// Colour of an open tour's end marker.
    pub end_colour: String,
}

/// Text: step numbers and coordinates.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextStyle {
    /// Font family (PNG and PDF always have the bundled DejaVu Sans to fall back on).
    pub font: String,
    /// Font size of step numbers.
    pub numbers_size: Size,
    /// Colour of step numbers.
    pub numbers_colour: String,
    /// The disk behind each step number.
    pub numbers_backdrop: String,
    /// Font size of coordinates.
    pub coords_size: Size,
    /// Colour of coordinates.
    pub coords_colour: String,
}

/// The overview style of boards whose squares are too small to draw one by one (see
/// the `overview` module).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverviewStyle {
    /// The overview is drawn when a square is smaller than this many points.
    pub below: f64,
    /// Most blocks along the board's longer side.
    pub blocks: u32,
    /// How much of a section's colour fills its blocks: 0 the board's light colour, 1
    /// the full colour.
    pub tint: f64,
    /// Radius of a density marker at full density, as a fraction of a block's side.
    pub marker: f64,
    /// Turns per cell drawn at full size.
    pub full_turns: f64,
    /// Crossings per cell drawn at full size.
    pub full_crossings: f64,
    /// Colour of the frames around the corners and busy places.
    pub frame_colour: String,
    /// Width of those frames.
    pub frame_width: Size,
    /// Font size of their numbers.
    pub label_size: Size,
}

/// Everything a drawing's look depends on.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Theme {
    /// Scale, margins and background.
    pub page: Page,
    /// Squares, grid and outline.
    pub board: BoardStyle,
    /// The tour's line.
    pub tour: TourStyle,
    /// Turn, crossing and end markers.
    pub markers: Markers,
    /// Numbers and coordinates.
    pub text: TextStyle,
    /// Which layers are shown by default.
    pub layers: LayerDefaults,
    /// The overview of large boards.
    pub overview: OverviewStyle,
    /// Colours of named sections.
    pub sections: BTreeMap<String, String>,
    /// The fields the layers own (read apart, see [`super::own`]).
    #[serde(skip)]
    pub(crate) owned: Owned,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_the_square_within_their_bounds() {
        let s = Size {
            cells: 0.1,
            min: 0.5,
            max: 2.0,
            limit: 0.3,
        };
        assert_eq!(s.resolve(10.0), 0.1); // 1 pt
        assert_eq!(s.resolve(100.0), 0.02); // capped at 2 pt
        assert!((s.resolve(2.0) - 0.25).abs() < 1e-12); // raised to 0.5 pt
        assert_eq!(s.resolve(1.0), 0.3); // 0.5 pt would be half a square: limited
    }
}
