//! Why no tour of the kind asked for comes back, in the typed reasons a caller can act
//! on: a theorem or an exhaustive search that rules the board out ([`NoTour`]), a
//! construction that does not cover the board ([`Unsupported`]), and a search that
//! stopped within its budget ([`GaveUp`]).

use std::fmt;

use crate::board::Leaper;
use crate::kind::TourKind;

/// Why no tour of the kind asked for exists: the theorem that rules the board out, or
/// the exhaustive search that found none.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoTour {
    /// A theorem rules out every tour of this kind on this board.
    #[error("no {kind} {}'s tour exists on {} board: {theorem}{}", leaper.name(), crate::article::an(board), theorem.hint_text(*hint))]
    Theorem {
        /// The board.
        board: String,
        /// The piece that tours it.
        leaper: Leaper,
        /// The kind asked for.
        kind: TourKind,
        /// The rule that fails.
        theorem: Theorem,
        /// Whether the message ends with what to ask for instead ([`Theorem::hint`]):
        /// false where that cannot be asked (`--open` of a construction that builds
        /// closed tours only, the tour a tourney is joined into).
        hint: bool,
    },
    /// An open tour alternates colours, so it cannot start on the colour with fewer cells.
    #[error("no open tour of the {board} board starts at [{}, {}]: its colour has {mine} cells and the other {other}, and a tour alternates colours, so it starts on the colour with more", start.0, start.1)]
    StartColour {
        /// The board.
        board: String,
        /// The start asked for (column, row from the bottom).
        start: (u32, u32),
        /// Cells of the start's colour.
        mine: u64,
        /// Cells of the other colour.
        other: u64,
    },
    /// An exhaustive search tried every path from the start.
    #[error("no {kind} tour of the {board} board starts at [{}, {}]: the search tried every path", start.0, start.1)]
    Exhausted {
        /// The board.
        board: String,
        /// The kind asked for.
        kind: TourKind,
        /// The start (column, row from the bottom).
        start: (u32, u32),
    },
    /// A known result rules out every tour with the property asked for (magic,
    /// symmetric) on this board.
    #[error(
        "no {kind} {what} knight's tour exists on {} board: {why}",
        crate::article::an(board)
    )]
    Property {
        /// The board.
        board: String,
        /// The kind asked for.
        kind: TourKind,
        /// The property: `magic`, `quarter-turn symmetric`, ...
        what: String,
        /// The result that rules it out, with its source.
        why: String,
    },
    /// The motif solver proved its model has no tour.
    #[error("the motif model of {board} has no tour (HiGHS: {status})")]
    Solver {
        /// The board.
        board: String,
        /// The solver's status.
        status: String,
    },
}

/// The theorems that say which full knight's boards have a tour: Schwenk (1991, "Which
/// rectangular chessboards have a knight's tour?") for closed tours, Conrad, Hindrichs,
/// Morsy and Wegener (1994, "Solution of the knight's Hamiltonian path problem on
/// chessboards") for open ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Theorem {
    /// A single cell has no closing move.
    #[error("a single cell has no closing move")]
    SingleCell,
    /// No open tour with a side of 1 or 2 (other than the single cell).
    #[error("no board with a side of 1 or 2 has one (Conrad et al. 1994)")]
    NarrowOpen,
    /// An open tour with a side of 3 needs the other side to be 4 or at least 7.
    #[error(
        "a board with a side of 3 needs the other side to be 4 or at least 7 (Conrad et al. 1994)"
    )]
    ThreeWide,
    /// The 4x4 board has no open tour.
    #[error("the 4x4 board has none (Conrad et al. 1994)")]
    FourByFour,
    /// Both sides odd: an odd number of cells, and a closed tour alternates colours.
    #[error("both sides are odd, so the board has an odd number of cells and a closed tour alternates colours (Schwenk 1991)")]
    OddCells,
    /// No closed tour with a side of 1, 2 or 4.
    #[error("no board with a side of 1, 2 or 4 has one (Schwenk 1991)")]
    NarrowClosed,
    /// No closed tour on 3x4, 3x6 or 3x8.
    #[error("3x4, 3x6 and 3x8 are the exceptions of Schwenk's theorem (Schwenk 1991)")]
    ThreeByEven,
    /// A band (a board whose sides are joined) of one row: every leap changes the row.
    #[error("every leap changes the row, and the band has one row")]
    OneRowBand,
    /// A closed tour of a four-row band whose colouring survives the seam: Schwenk's
    /// outer-and-inner-rows argument carries over.
    #[error("with four rows every leap from an outer row lands in an inner one, and the colours survive the seam (Schwenk's argument, 1991)")]
    FourRowBand,
    /// A closed tour of a board of three or more sides, all odd: a leap changes the
    /// sum of the coordinates by an odd number, so a closed tour alternates colours.
    #[error("every side is odd, so the board has an odd number of cells and a closed tour alternates colours (Erde, Golénia and Golénia 2012)")]
    AllSidesOdd,
    /// A board of three or more sides whose centre cell has no leap: it can be on no
    /// path through the other cells.
    #[error("its centre cell is no leap away from any other cell, so no path reaches it")]
    IsolatedCentre,
    /// A leaper whose steps add up to an even number keeps the colour of its square, so
    /// it never reaches the other colour.
    #[error("its steps add up to an even number, so every leap keeps the colour of the square and the squares of the other colour stay out of reach (Knuth, \"Leaper graphs\", 1994)")]
    LeaperParity,
    /// A leaper whose steps share a factor keeps the remainders of the coordinates by it.
    #[error("its steps share the factor {0}, so it never leaves the squares whose coordinates leave the same remainders by {0} (Knuth, \"Leaper graphs\", 1994)")]
    LeaperFactor(u32),
    /// A board too small for the leaper's graph to be connected: an (r, s) leaper,
    /// r < s, reaches every square of an m x n board, m <= n, only when m >= r + s and
    /// n >= 2s.
    #[error("an (r, s) leaper, r < s, reaches every square only when the shorter side is at least r + s = {short} and the longer at least 2s = {long} (Knuth, \"Leaper graphs\", 1994)")]
    LeaperBoardTooSmall {
        /// The least shorter side, r + s.
        short: u32,
        /// The least longer side, 2s.
        long: u32,
    },
    /// A closed tour of a two-row cylinder of even width.
    #[error("with two rows every leap changes row and colour together, so a closed tour would give each row one colour")]
    TwoRowCylinder,
    /// A closed tour of a plane board with an odd number of cells, by a leaper whose
    /// steps add up to an odd number: every leap changes colour.
    #[error("its steps add up to an odd number, so every leap changes the colour of the square and a closed tour alternates colours, but the board has an odd number of cells (Knuth, \"Leaper graphs\", 1994)")]
    LeaperOddCells,
    /// A band whose leaper graph is in pieces, found by walking it.
    #[error("a walk along its leaps from the first cell reaches only {reached} of the {cells} cells, so no tour joins them all")]
    Unreached {
        /// The cells the walk reached.
        reached: u64,
        /// The cells of the board.
        cells: u64,
    },
    /// A torus whose leaper graph is in pieces: the leaps and the two sides span a
    /// lattice of index `index > 1`, and each piece is one of its cosets.
    #[error("its leaps, with the seams, reach only one square in {index}, so the squares fall into {index} separate pieces that no tour joins (the leaps and the sides span a lattice of index {index})")]
    TorusPieces {
        /// The index of the lattice, the number of pieces.
        index: u64,
    },
    /// A closed tour needs at least three cells (two cells would use one leap twice).
    #[error("a closed tour visits at least 3 cells")]
    TwoCells,
}

impl Theorem {
    /// What to ask for instead when this rule refuses a closed tour: `--open` (and,
    /// for a band, an odd width); `None` for a rule that refuses every tour.
    pub fn hint(&self) -> Option<&'static str> {
        match self {
            Theorem::OddCells
            | Theorem::NarrowClosed
            | Theorem::ThreeByEven
            | Theorem::AllSidesOdd
            | Theorem::LeaperOddCells
            | Theorem::TwoCells => Some("try --open"),
            Theorem::FourRowBand | Theorem::TwoRowCylinder => Some("try --open or an odd width"),
            _ => None,
        }
    }

    /// `; ` and [`Theorem::hint`] when `shown`, else nothing: the end of the message.
    fn hint_text(&self, shown: bool) -> String {
        match self.hint() {
            Some(h) if shown => format!("; {h}"),
            _ => String::new(),
        }
    }
}

impl NoTour {
    /// The same reason without the theorem's hint ([`Theorem::hint`]), for a caller
    /// where what it suggests cannot be asked.
    pub fn without_hint(self) -> NoTour {
        match self {
            NoTour::Theorem {
                board,
                leaper,
                kind,
                theorem,
                ..
            } => NoTour::Theorem {
                board,
                leaper,
                kind,
                theorem,
                hint: false,
            },
            other => other,
        }
    }
}

/// A construction that does not cover a board, and the rule the board breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct Unsupported {
    /// The construction that refuses; `None` when no construction covers the board.
    pub algorithm: Option<&'static str>,
    /// The board.
    pub board: String,
    /// The rule the board breaks, as the one-line sentence the message shows.
    pub reason: String,
}

impl Unsupported {
    /// `algorithm` refuses `board` because of `reason`.
    pub fn new(algorithm: &'static str, board: impl fmt::Display, reason: String) -> Unsupported {
        Unsupported {
            algorithm: Some(algorithm),
            board: board.to_string(),
            reason,
        }
    }
}

/// A search that stopped within its budget without a tour (one may still exist).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GaveUp {
    /// Restarted walks that all ran out of moves.
    #[error(
        "{} found no {kind} tour of the {board} board in {walks} walks of {moves} moves; {hint}",
        named(algorithm, variant)
    )]
    Walks {
        /// The construction.
        algorithm: &'static str,
        /// Its variant, when it has one.
        variant: Option<String>,
        /// The board.
        board: String,
        /// The kind asked for.
        kind: TourKind,
        /// Walks tried.
        walks: u64,
        /// Moves each walk may make.
        moves: u64,
        /// What to try instead (`try another --seed`).
        hint: &'static str,
    },
    /// Plain backtracking out of moves.
    #[error(
        "plain backtracking gave up on the {board} board after {moves} moves; use --algo search"
    )]
    Moves {
        /// The board.
        board: String,
        /// The moves it may make.
        moves: u64,
    },
    /// The motif solver out of time before its first tour.
    #[error("HiGHS found no tour of the motif model of {board} within {seconds} s")]
    Solver {
        /// The board.
        board: String,
        /// Its time limit.
        seconds: u64,
    },
    /// A randomized process (the neural network, the joining of cycles) restarted
    /// as often as it may without reaching its goal.
    #[error("{algorithm} gave up on the {board} board: {what}; {hint}")]
    Runs {
        /// The construction.
        algorithm: &'static str,
        /// The board.
        board: String,
        /// What it tried, and how often.
        what: String,
        /// What to try instead.
        hint: &'static str,
    },
    /// The motif solver out of time before the tour of the rank asked for.
    #[error("the solver found {found} tours within {seconds} s, fewer than --rank {rank}")]
    Rank {
        /// Tours found.
        found: usize,
        /// Its time limit.
        seconds: u64,
        /// The rank asked for.
        rank: usize,
    },
}

/// `algorithm`, with its variant in brackets when it has one.
fn named(algorithm: &str, variant: &Option<String>) -> String {
    match variant {
        Some(v) => format!("{algorithm} ({v})"),
        None => algorithm.to_string(),
    }
}
