//! Why a search of the formation algorithm's pieces failed. With the tours and regions
//! as they are none happens: an error means the construction or a region changed.

use crate::gadget::{Cell, Unsearchable};

/// Why a piece search found nothing to write.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// A cell just outside a region has other than one move into it.
    #[error("port {port:?} has {moves} moves into the region")]
    Port {
        /// The cell.
        port: Cell,
        /// Its moves into the region.
        moves: usize,
    },
    /// The tour through a region stops at a cell with fewer than two moves.
    #[error("the tour stops at {0:?}")]
    Stops(Cell),
    /// The gadget search cannot take a region.
    #[error("{region}: {problem}")]
    Unsearchable {
        /// The region (a piece's name, or a corner and its class).
        region: String,
        /// Why.
        #[source]
        problem: Unsearchable,
    },
    /// No cover of a region joins its ports as the tour did.
    #[error("{0}: no cover keeps the tour's pairs")]
    NoCover(String),
    /// A piece searched on boards of two heights came out different.
    #[error("the {0} piece depends on the board's height")]
    DependsOnHeight(&'static str),
    /// The formation algorithm has no tour of the board a search runs on.
    #[error("the formation algorithm does not support the {0}x{1} board")]
    Unsupported(u32, u32),
    /// No cover of a corner is as good as the tour's own on both counts.
    #[error("{0}: nothing as good as the plain cover")]
    NothingBetter(String),
    /// A junction's region is crossed by other than two runs of the tour.
    #[error("the region has {0} runs, not two")]
    Runs(usize),
    /// No pair of cuts, one on each run of a junction, has a copy two cells over.
    #[error("no two moves of the {0} junction's runs have a copy two cells to the side")]
    NoCut(String),
}

impl SearchError {
    /// The gadget search's refusal of `region`.
    pub(super) fn unsearchable(region: impl Into<String>) -> impl FnOnce(Unsearchable) -> Self {
        let region = region.into();
        move |problem| SearchError::Unsearchable { region, problem }
    }
}
