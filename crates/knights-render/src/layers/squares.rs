//! The squares layer: checkered squares or a plain board's grid lines. The board
//! (holes, outline) is drawn on every drawing ([`crate::squares`]); this layer only
//! says whether its squares are, so it draws nothing of its own.

use super::Kind;

/// Checkered squares or grid lines.
pub struct Squares;

impl Kind for Squares {
    fn name(&self) -> &'static str {
        "squares"
    }

    fn shown_up_to(&self) -> u32 {
        100
    }
}
