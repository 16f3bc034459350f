//! The formation tour with a variant's heels but without the best tour's searched
//! corners, cell by cell: the tour the corner search of knights-lab starts from, and
//! what the best tour's counts are compared against.

use super::layout::Layout;
use super::Variant;

/// The tour of one board with a variant's heels and the plain corners.
#[derive(Clone, Debug)]
pub struct HeelsOnly {
    layout: Layout,
    width: u32,
}

impl HeelsOnly {
    /// The tour of the `w x h` board, `None` when the formation algorithm does not
    /// support it.
    pub fn new(w: u32, h: u32, variant: Variant) -> Option<HeelsOnly> {
        Some(HeelsOnly {
            layout: Layout::heels_only(w, h, variant)?,
            width: w,
        })
    }

    /// The direction bits of the tour's two moves at `(x, y)` (`y` from the bottom), on
    /// the board.
    pub fn moves(&self, x: u32, y: u32) -> u8 {
        self.layout.moves(x, y)
    }

    /// Whether a junction covers the cell `(x, y)`.
    pub fn in_junction(&self, x: u32, y: u32) -> bool {
        self.layout.junction(y * self.width + x).is_some()
    }
}
