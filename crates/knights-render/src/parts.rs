//! The parts a drawing is made of, for figures drawn outside this crate (the teaching
//! figures and worksheets): the frame from cells to points, the board's squares and
//! coordinates, step numbers, the marks (turns, crossings, arrows), and the width of a
//! line of text in the bundled font (to lay out words around them). A facade: the
//! parts live in their own modules, which stay private.

pub use crate::font::{text_width, wrap as wrap_to_width};
pub use crate::frame::{background, num, Frame};
pub use crate::markers::{arrow, count, crossing_disks, turn_dots};
pub use crate::squares::layer as squares;
pub use crate::text::{coords, numbers_at, MAX_NUMBERED_CELLS};
