//! Gadget search: replace one region of a tour by the best way its knights can cover it.
//!
//! Section 4.2 of Besa, Johnson, Mamano, Osegueda and Williams, "Taming the Knight's
//! Tour: Minimizing Turns and Crossings" (2020) improves its formation tours by letting
//! the four knights break formation inside each heel: an exhaustive search over every
//! way four knight paths can cover the heel's cells, from the knights' cells before the
//! heel to their cells after it, scored by the turns and crossings the whole tour then
//! has. This module is that search for any region of any tour:
//!
//! - [`Spec`] names the region, the knights' cells just before and after it, the tour
//!   around it, and whether the region repeats (a heel every eight columns);
//! - [`Problem`] checks the spec against the tour and precomputes the candidate moves
//!   and which pairs of moves cross (inside the region, against the fixed moves around
//!   it, against the region's own copies), so a solution's score is a sum over its
//!   moves;
//! - [`search`] enumerates every solution and keeps the Pareto front of (turns,
//!   crossings), with a tally of all scores.
//!
//! A solution's score is what it adds to the tour: the turns at the region's cells and
//! at the knights' cells just outside it (whose outer move is fixed), and the crossings
//! of its moves with each other, with every fixed move of the tour, and with the moves
//! of the next copies of the region. With the plain solution this is exactly what one
//! more region adds to a tour, which the tests check against whole boards.

mod bits;
mod enumerate;
mod problem;
#[cfg(test)]
mod tests;

pub use enumerate::{search, Ending, Options, Outcome};
pub use problem::{Cell, Problem, Solution, Spec};

/// Why a region cannot be searched: its spec does not fit the tour around it, or it is
/// larger than the search's bitsets.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsearchable {
    /// Entries and exits must come in pairs, one pair per knight.
    #[error("{entries} entries and {exits} exits: give one of each per knight")]
    Ports {
        /// Entries given.
        entries: usize,
        /// Exits given.
        exits: usize,
    },
    /// A cell appears twice among the region, entries and exits.
    #[error("a cell is listed twice among the region, entries and exits")]
    Repeated,
    /// The region meets one of its own copies.
    #[error("the region or its entries and exits overlap a copy of the region")]
    OverlapsCopy,
    /// An entry or exit is not a single step into the region.
    #[error("the {role} {cell:?} does not have exactly one move into the region and one away from it and its copies")]
    Port {
        /// `entry` or `exit`.
        role: &'static str,
        /// The cell.
        cell: Cell,
    },
    /// The tour passes a region cell other than once.
    #[error("the tour does not pass through region cell {0:?}")]
    NotVisited(Cell),
    /// A region cell's move leaves the region other than through an entry or exit.
    #[error("region cell {cell:?} has a move to {to:?}, which is neither in the region nor an entry or exit")]
    Escapes {
        /// The region cell.
        cell: Cell,
        /// Where its move goes.
        to: Cell,
    },
    /// The tour around the region does not take each entry to an exit.
    #[error("the tour does not take every entry through the region to an exit")]
    Unpaired,
    /// A required move is not a candidate move.
    #[error("no candidate move joins {0:?} and {1:?}")]
    NoMove(Cell, Cell),
    /// More cells or candidate moves than the search's bitsets hold.
    #[error(
        "the region has {cells} cells and {moves} candidate moves; the search handles up to 512"
    )]
    TooLarge {
        /// Region cells.
        cells: usize,
        /// Candidate moves.
        moves: usize,
    },
}
