//! The parts a drawing is made of, for figures drawn outside this crate (the teaching
//! figures and worksheets): the frame from cells to points, the board's squares and
//! coordinates, step numbers, and the marks (turns, crossings, arrows). A facade: the
//! parts live in their own modules, which stay private.

pub use crate::frame::{background, num, Frame};
pub use crate::markers::{arrow, count, crossing_disks, turn_dots};
pub use crate::squares::layer as squares;
pub use crate::text::{coords, numbers_at, MAX_NUMBERED_CELLS};
