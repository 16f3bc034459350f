//! Why a board has no tourney ([`NoTourney`]): the tourneys' own refusals, typed so that
//! a caller can tell a board that has none from one this tool does not build, and
//! turned into the library's error at the boundary.

use knights_core::Error;
use knights_core::{Leaper, Topology};

/// A board with no knight's tourney, or one the generators do not build, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoTourney {
    /// A leaper other than the knight.
    #[error("no tourney of the {board} board: tourneys are built for the knight only, not the {leaper} leaper")]
    Leaper {
        /// The board.
        board: String,
        /// Its leaper.
        leaper: Leaper,
    },
    /// A band or a torus.
    #[error("no tourney of the {board} board: tourneys are built on the plane only, not on a {topology}")]
    Topology {
        /// The board.
        board: String,
        /// Its topology.
        topology: Topology,
    },
    /// An odd number of cells, which no set of closed knight's cycles covers.
    #[error(
        "no tourney of the {board} board: it has {cells} cells, an odd number, and every \
         closed knight's cycle has as many light cells as dark ones"
    )]
    OddCells {
        /// The board.
        board: String,
        /// Its cells.
        cells: u64,
    },
    /// A knight's graph without a 2-factor.
    #[error(
        "no tourney of the {board} board: no set of knight's moves gives every cell exactly \
         two (no 2-factor of its knight's graph)"
    )]
    NoTwoFactor {
        /// The board.
        board: String,
    },
}

impl From<NoTourney> for Error {
    fn from(e: NoTourney) -> Error {
        Error::other(e)
    }
}
