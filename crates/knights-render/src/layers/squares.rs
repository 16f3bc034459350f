//! The squares layer: checkered squares or a plain board's grid lines. The board
//! (holes, outline) is drawn on every drawing ([`crate::squares`]); this layer only
//! says whether its squares are, so it draws nothing of its own.

use super::Kind;
use crate::theme::Theme;

/// Checkered squares or grid lines.
pub struct Squares;

impl Kind for Squares {
    fn name(&self) -> &'static str {
        "squares"
    }

    fn shown_up_to(&self) -> u32 {
        100
    }

    /// Grid lines of print's thinnest line, a share of the square at most (checkered
    /// squares need no line, but a grey of squares too small to see is no board).
    fn legible_from(&self, theme: &Theme) -> f64 {
        crate::paper::legible_from(&theme.board.grid_width, crate::paper::LINE_PT)
    }
}
