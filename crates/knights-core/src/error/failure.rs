//! Why a tour of a two-sided board is not a tour, and where ([`Failure`]): what
//! [`crate::verify`] finds wrong with a path, a move grid or a claimed closing move;
//! and [`AnyFailure`], the same for a board of any number of sides.

use super::SpaceFailure;

/// Why a tour of a board of any number of sides is not a tour: the one failure type
/// of [`crate::AnyTour::verify`] and of the errors that report a failed proof.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnyFailure {
    /// A board of two sides.
    #[error(transparent)]
    Flat(#[from] Failure),
    /// A board of three or more sides (boxed: it names cells of any length).
    #[error(transparent)]
    Space(Box<SpaceFailure>),
}

impl From<SpaceFailure> for AnyFailure {
    fn from(f: SpaceFailure) -> AnyFailure {
        AnyFailure::Space(Box::new(f))
    }
}

/// Why a tour is not a tour, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The path does not have one entry per cell.
    #[error("the path has {actual} cells but the {board} board has {expected}{hint}")]
    WrongLength {
        /// The board, as `WxH`.
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
        /// The board, as `WxH`.
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
    #[error("cell [{x}, {y}] is visited twice, at steps {first} and {second} of the path")]
    Repeated {
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
        /// The first visit (from 0).
        first: usize,
        /// The second visit.
        second: usize,
    },
    /// A step that is not a leap.
    #[error("step {step} of the path, from [{}, {}] to [{}, {}], is not a {leaper} leap", from.0, from.1, to.0, to.1)]
    NotALeap {
        /// The position of the step's end in the path (from 1).
        step: usize,
        /// Where it leaves.
        from: (u32, u32),
        /// Where it lands.
        to: (u32, u32),
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
    #[error("the tour claims to be closed, but its last cell [{}, {}] is not a {leaper} leap from its first [{}, {}]", last.0, last.1, first.0, first.1)]
    NotClosed {
        /// The first cell.
        first: (u32, u32),
        /// The last cell.
        last: (u32, u32),
        /// The leaper.
        leaper: String,
    },
}
