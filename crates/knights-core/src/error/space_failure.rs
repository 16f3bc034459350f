//! Why a tour of a board of three or more sides is not a tour, and where
//! ([`SpaceFailure`]), with its cells written as [`Coords`]: the counterpart of
//! [`crate::Failure`] for [`crate::space`].

use std::fmt;

/// The coordinates of a cell of a board of three or more sides, x first, written
/// `[x, y, z, ...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coords(pub Vec<u32>);

impl fmt::Display for Coords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, v) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str("]")
    }
}

/// Why a tour of a board of three or more sides is not a tour, and where (the
/// counterpart of [`Failure`], with cells written as [`Coords`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpaceFailure {
    /// The path does not have one entry per cell.
    #[error("the path has {actual} cells but the {board} board has {expected}")]
    WrongLength {
        /// The board, as `WxHxD`.
        board: String,
        /// Cells the board has.
        expected: u64,
        /// Cells the path lists.
        actual: u64,
    },
    /// A cell number is off the board.
    #[error("step {step} of the path is cell number {cell}, which is off the {board} board")]
    OffBoard {
        /// The position in the path (from 0).
        step: usize,
        /// The cell number.
        cell: u32,
        /// The board, as `WxHxD`.
        board: String,
    },
    /// A cell visited twice.
    #[error("cell {cell} is visited twice, at steps {first} and {second} of the path")]
    Repeated {
        /// The cell.
        cell: Coords,
        /// The first visit (from 0).
        first: usize,
        /// The second visit.
        second: usize,
    },
    /// A step that is not a leap.
    #[error("step {step} of the path, from {from} to {to}, is not a {leaper} leap")]
    NotALeap {
        /// The position of the step's end in the path (from 1).
        step: usize,
        /// Where it leaves.
        from: Coords,
        /// Where it lands.
        to: Coords,
        /// The leaper, as `(1, 2)`.
        leaper: String,
    },
    /// A tour claimed closed whose ends are not a leap apart.
    #[error("the tour claims to be closed, but its last cell {last} is not a {leaper} leap from its first {first}")]
    NotClosed {
        /// The first cell.
        first: Coords,
        /// The last cell.
        last: Coords,
        /// The leaper.
        leaper: String,
    },
}
