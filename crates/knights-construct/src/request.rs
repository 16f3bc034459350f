//! What a user asks a construction for: the board, open or closed, a variant, a seed,
//! a start. One type every construction, the registry and the callers share.

use knights_core::{Board, Topology, TourKind};

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

/// Why a start square or a glued topology cannot be asked of `board`: the tours of a
/// board of three or more sides start at its corner, and its sides are not glued.
/// `None` on a board of two sides, or when neither is asked. The command line and the
/// browser's module both refuse with this reason, each in its own kind of error.
pub fn flat_options_refused(
    board: &Board,
    start: bool,
    topology: Option<Topology>,
) -> Option<String> {
    if board.dims() == 2 {
        return None;
    }
    if start {
        return Some(format!(
            "--start takes a square X,Y of a 2-D board; tours of the {board} board start at its corner"
        ));
    }
    topology.filter(|t| t.wraps()).map(|_| {
        format!(
            "--topology glues the sides of a 2-D board; the {board} board has {} sides",
            board.dims()
        )
    })
}
