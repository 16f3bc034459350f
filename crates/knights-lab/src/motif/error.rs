//! Why the motif designer refuses a specification ([`SpecError`]): the designer's own
//! failures, in its own type, turned into the library's error at the boundary with
//! [`knights_core::Error::other`], so a caller can downcast and act on the reason.

use knights_core::Error;
use knights_core::Topology;

/// A specification of a motif that makes no model: each message is one line naming
/// the square, leap, board or option concerned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// A square of the specification off the board.
    #[error("{what} [{x}, {y}] is outside the {board} board")]
    Outside {
        /// Which square (`the start square`).
        what: &'static str,
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
        /// The board.
        board: String,
    },
    /// An open motif starting where it ends.
    #[error("an open motif needs different start and end squares")]
    SameEnds,
    /// A forced leap that is not a leap of the knight.
    #[error(
        "the forced leap [{}, {}]-[{}, {}] is not a knight's leap",
        from.0, from.1, to.0, to.1
    )]
    NotALeap {
        /// One square.
        from: (u32, u32),
        /// The other.
        to: (u32, u32),
    },
    /// Quarter turns of a board that is not square.
    #[error("quarter-turn symmetry needs a square board, and {board} is not square")]
    NotSquare {
        /// The board.
        board: String,
    },
    /// A torus, which the designer does not model.
    #[error(
        "the motif designer models the plane and the bands, not the torus: {board} is a \
         torus (knights tour --topology torus tours it)"
    )]
    Torus {
        /// The board.
        board: String,
    },
    /// Quarter turns of a band, which do not map its leaps to leaps.
    #[error(
        "a quarter turn does not map the leaps of a {topology} to leaps: use --symmetry mirror"
    )]
    QuarterOnBand {
        /// The band's topology.
        topology: Topology,
    },
    /// A period of columns that does not divide the width.
    #[error("a motif repeated every {period} columns must divide the width {width}")]
    Period {
        /// The period asked for.
        period: u32,
        /// The board's width.
        width: u32,
    },
    /// `--copies` that cannot be laid around the band.
    #[error("--copies {copies}: {why}")]
    Copies {
        /// The value as given.
        copies: u32,
        /// What is wrong with it for this board.
        why: String,
    },
}

impl From<SpecError> for Error {
    fn from(e: SpecError) -> Error {
        Error::other(e)
    }
}
