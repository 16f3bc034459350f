//! Why a tour is not a tour, and where ([`Failure`]): what [`crate::verify`] finds
//! wrong with a path, a move grid or a claimed closing move, on a board of any number
//! of sides, its cells written as [`Coords`].

use std::fmt;

/// The coordinates of a cell, x first, written `[x, y]` (`[x, y, z, ...]` on a board of
/// more sides).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coords(pub Vec<u32>);

impl Coords {
    /// The cell `(x, y)` of a board of two sides.
    pub fn xy((x, y): (u32, u32)) -> Coords {
        Coords(vec![x, y])
    }

    /// The first two coordinates, `(x, y)`.
    pub fn pair(&self) -> (u32, u32) {
        (self.0[0], self.0[1])
    }
}

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

/// Why a tour is not a tour, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The path does not have one entry per cell.
    #[error("the path has {actual} cells but the {board} board has {expected}{hint}")]
    WrongLength {
        /// The board, as `WxH` (or `WxHxD`).
        board: String,
        /// Cells the board has.
        expected: u64,
        /// Cells the path lists.
        actual: u64,
        /// A hint on which cells are missing or extra.
        hint: String,
    },
    /// A cell number is off the board.
    #[error("step {step} of the path is cell number {cell}, which is off the {board} board")]
    OffBoard {
        /// The position in the path (from 0).
        step: usize,
        /// The cell number.
        cell: u32,
        /// The board, as `WxH` (or `WxHxD`).
        board: String,
    },
    /// A cell the board does not have.
    #[error("step {step} of the path visits [{x}, {y}], which is a hole of the board")]
    Hole {
        /// The position in the path (from 0).
        step: usize,
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
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
    /// The move grid a construction attached is of another board.
    #[error("the tour's move grid is of the {grid} board, not the {board} board")]
    GridBoard {
        /// The grid's board.
        grid: String,
        /// The tour's board.
        board: String,
    },
    /// The move grid a construction attached does not hold the path's moves.
    #[error("the tour's move grid does not hold its path's moves at [{x}, {y}]")]
    GridMismatch {
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
    },
    /// The move grid holds the path's moves but declares a uniform rectangle (where
    /// walks jump) that is not.
    #[error("the tour's move grid declares that a rectangle's cells all hold the same moves, but [{x}, {y}] does not")]
    GridStraight {
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
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
