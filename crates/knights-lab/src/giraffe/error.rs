//! Why the search failed.

use thiserror::Error;

/// Why [`super::search`] found no pieces. Each names the piece (`heel`, `corner`,
/// `junction` or `top_junction`); none is expected with the blocks as they are, so each
/// means the model or the solver changed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SearchError {
    /// The piece's constraints have no solution.
    #[error("the {piece} has no solution: the SAT model is unsatisfiable")]
    Unsatisfiable {
        /// The piece searched.
        piece: &'static str,
    },
    /// The solver stopped without deciding.
    #[error("the SAT solver gave no answer for the {piece}")]
    SolverGaveUp {
        /// The piece searched.
        piece: &'static str,
    },
    /// A model passed the cycle check but a path through it could not be traced.
    #[error("the {piece}'s path from {from:?} does not end at a block cell")]
    BrokenPath {
        /// The piece searched.
        piece: &'static str,
        /// The cell the path starts at.
        from: (i32, i32),
    },
    /// A path of the heel joins two different places of the block.
    #[error("the heel's path from {from:?} ends at another place of the block")]
    HeelMovesAGiraffe {
        /// The cell the path starts at.
        from: (i32, i32),
    },
    /// A piece's region includes one of its block cells.
    #[error("the {piece}'s region overlaps its block cells")]
    RegionOverlapsBlocks {
        /// The piece searched.
        piece: &'static str,
    },
}
