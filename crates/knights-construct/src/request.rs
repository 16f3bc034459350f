//! What a user asks a construction for: the board, open or closed, a variant, a seed,
//! a start. One type every construction, the registry and the callers share.

use knights_core::Board;
use knights_core::TourKind;

/// What the user asked for: a board, open or closed, a variant, a seed.
#[derive(Clone, Debug)]
pub struct Request {
    /// The board to tour.
    pub board: Board,
    /// An open tour rather than a closed one.
    pub open: bool,
    /// A construction-specific variant (`--variant`), if any.
    pub variant: Option<String>,
    /// Seed for constructions that make random choices.
    pub seed: u64,
    /// The square `(x, y)` the tour should start from, for constructions that honour it
    /// (searches); `None` lets the construction choose.
    pub start: Option<(u32, u32)>,
}

impl Request {
    /// A closed tour of `board`, no variant, seed 0.
    pub fn closed(board: Board) -> Request {
        Request {
            board,
            open: false,
            variant: None,
            seed: 0,
            start: None,
        }
    }

    /// Whether it asks for an open or a closed tour.
    pub fn kind(&self) -> TourKind {
        TourKind::open_if(self.open)
    }
}
