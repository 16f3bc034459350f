//! The library's error types, at the bottom of the module graph (they name no other
//! module of the crate but the leaf [`TourKind`]): [`Error`], whose variants are
//! problems a user can act on or bugs of this tool, the typed reasons a board gets no
//! tour ([`NoTour`], [`Unsupported`], [`TooLarge`], [`GaveUp`]), and [`Failure`], why a
//! tour is not a tour. Each message is one line naming the board, file, line or field
//! concerned. Boards are named as their `Display` writes them (`8x8`, `5x5 (missing 1
//! cell)`), so that these types need not depend on [`crate::Board`].

use std::fmt;
use std::path::PathBuf;

use crate::kind::TourKind;

/// Everything that can go wrong in the library.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input (a board, an option, a tour) is not acceptable.
    #[error("{0}")]
    Invalid(String),
    /// No tour of the requested kind exists on this board.
    #[error(transparent)]
    NoTour(#[from] NoTour),
    /// The chosen construction does not cover this board.
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
    /// The request is too large for this machine, for cell numbering or for a renderer.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// A search gave up within its budget.
    #[error(transparent)]
    GaveUp(#[from] GaveUp),
    /// A tour file is malformed.
    #[error("{file}: {place}: {message}")]
    Parse {
        /// The file (or `-` for standard input).
        file: String,
        /// Where in the file: `line 3`, `field "path"`, ...
        place: String,
        /// What is wrong there.
        message: String,
    },
    /// A tour read from a file failed verification.
    #[error("{file}: not a tour: {failure}")]
    NotATour {
        /// The file (or `-` for standard input).
        file: String,
        /// Why it is not a tour.
        failure: Failure,
    },
    /// A tour of a board of three or more sides read from a file failed verification.
    #[error("{file}: not a tour: {failure}")]
    NotASpaceTour {
        /// The file (or `-` for standard input).
        file: String,
        /// Why it is not a tour (boxed: it names cells of any length).
        failure: Box<SpaceFailure>,
    },
    /// A construction returned a tour of a board of three or more sides that failed
    /// verification: a bug of this tool.
    #[error(
        "internal error: the {algorithm} tour of the {board} board failed verification: \
         {failure}; please report this"
    )]
    UnverifiedSpace {
        /// The construction.
        algorithm: String,
        /// The board, as `WxHxD`.
        board: String,
        /// Why its tour is not a tour (boxed: it names cells of any length).
        failure: Box<SpaceFailure>,
    },
    /// A construction returned a tour that failed verification: a bug of this tool.
    #[error(
        "internal error: the {algorithm} tour of the {board} board failed verification: \
         {failure}; please report this"
    )]
    Unverified {
        /// The construction.
        algorithm: String,
        /// The board, as `WxH`.
        board: String,
        /// Why its tour is not a tour.
        failure: Failure,
    },
    /// Any other bug of this tool (built-in data that does not load, a drawing the
    /// renderer cannot read back): never the user's fault.
    #[error("internal error: {0}; please report this")]
    Internal(String),
    /// A file or folder the command was given cannot be used as it is (missing, in
    /// use, not the tool's to replace): the message says what to do, the problem lets a
    /// caller act without reading it.
    #[error("{message}")]
    Path {
        /// The file or folder.
        path: PathBuf,
        /// What is wrong with it.
        problem: PathProblem,
        /// The one-line message.
        message: String,
    },
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
}

impl Error {
    /// An [`Error::Invalid`] with this message.
    pub fn invalid(message: impl Into<String>) -> Error {
        Error::Invalid(message.into())
    }

    /// An [`Error::Internal`]: `what` went wrong, in words that need no "internal
    /// error" or "please report" (the message adds them).
    pub fn internal(what: impl Into<String>) -> Error {
        Error::Internal(what.into())
    }

    /// An [`Error::Io`] for `path`.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }

    /// An [`Error::Path`]: `path` has `problem`, told by `message`.
    pub fn path(
        path: impl Into<PathBuf>,
        problem: PathProblem,
        message: impl Into<String>,
    ) -> Error {
        Error::Path {
            path: path.into(),
            problem,
            message: message.into(),
        }
    }

    /// Whether this is a bug of the tool rather than a problem with its input.
    pub fn is_internal(&self) -> bool {
        matches!(
            self,
            Error::Internal(_) | Error::Unverified { .. } | Error::UnverifiedSpace { .. }
        )
    }
}

/// What is wrong with a file or folder a command was given (see [`Error::Path`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathProblem {
    /// It does not exist: create it, or give another.
    Missing,
    /// Another process is using it (a build writing the same site): wait, then retry.
    Busy,
    /// It holds what the command would not replace (a folder it did not write, a
    /// folder that is not empty): force, or give another.
    Taken,
    /// It lies inside a folder the command replaces: move it, or give another.
    Inside,
}

/// Why no tour of the kind asked for exists: the theorem that rules the board out, or
/// the exhaustive search that found none.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoTour {
    /// A theorem rules out every tour of this kind on this board.
    #[error("no {kind} knight's tour exists on a {board} board: {theorem}")]
    Theorem {
        /// The board.
        board: String,
        /// The kind asked for.
        kind: TourKind,
        /// The rule that fails.
        theorem: Theorem,
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
    #[error("no board with a side of 1 or 2 has one")]
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
    #[error("both sides are odd, so the board has an odd number of cells and a closed tour alternates colours (Schwenk 1991); try --open")]
    OddCells,
    /// No closed tour with a side of 1, 2 or 4.
    #[error("no board with a side of 1, 2 or 4 has one (Schwenk 1991); try --open")]
    NarrowClosed,
    /// No closed tour on 3x4, 3x6 or 3x8.
    #[error("3x4, 3x6 and 3x8 are the exceptions of Schwenk's theorem (Schwenk 1991); try --open")]
    ThreeByEven,
    /// A band (a board whose sides are joined) of one row: every leap changes the row.
    #[error("every leap changes the row, and the band has one row")]
    OneRowBand,
    /// A closed tour of a four-row band whose colouring survives the seam: Schwenk's
    /// outer-and-inner-rows argument carries over.
    #[error("with four rows every leap from an outer row lands in an inner one, and the colours survive the seam (Schwenk's argument, 1991); try --open or an odd width")]
    FourRowBand,
    /// A closed tour of a board of three or more sides, all odd: a leap changes the
    /// sum of the coordinates by an odd number, so a closed tour alternates colours.
    #[error("every side is odd, so the board has an odd number of cells and a closed tour alternates colours (Erde, Golénia and Golénia 2012); try --open")]
    AllSidesOdd,
    /// A board of three or more sides whose centre cell has no leap: it can be on no
    /// path through the other cells.
    #[error("its centre cell is no leap away from any other cell, so no path reaches it")]
    IsolatedCentre,
    /// A closed tour of a two-row cylinder of even width.
    #[error("with two rows every leap changes row and colour together, so a closed tour would give each row one colour; try --open or an odd width")]
    TwoRowCylinder,
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

/// A request too large for this machine, for cell numbering or for a renderer, with the
/// figure and the limit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TooLarge {
    /// More cells than cell numbers (`u32`) can name.
    #[error(
        "a {width}x{height} board has {cells} cells, more than the {limit} this tool can number"
    )]
    Board {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
        /// Its cells.
        cells: u64,
        /// The most cells a board may have.
        limit: u64,
    },
    /// A board of three or more sides with more cells than cell numbers can name.
    #[error("a {board} board has more cells than the {limit} this tool can number")]
    Space {
        /// The board, as `WxHxD`.
        board: String,
        /// The most cells a board may have.
        limit: u64,
    },
    /// A side written with more digits than a side may have.
    #[error("'{text}' is too large a board: a side can be at most {} and the board at most {limit} cells", u32::MAX)]
    Side {
        /// The board as written.
        text: String,
        /// The most cells a board may have.
        limit: u64,
    },
    /// The board with its border of walls is too large for the search's cell numbers.
    #[error("a {board} board is too large to search: its padded grid has more than {limit} cells")]
    Search {
        /// The board.
        board: String,
        /// The most cells the padded grid may have.
        limit: u64,
    },
    /// A board too large for the motif solver's model.
    #[error(
        "a motif model of {board} has {cells} cells; the solver takes boards of at most {limit}"
    )]
    Model {
        /// The board.
        board: String,
        /// Its cells.
        cells: u64,
        /// The most cells the solver takes.
        limit: u64,
    },
    /// More memory than this process may use.
    #[error("{what} needs about {need} of memory ({detail}), but only {available} is available")]
    Memory {
        /// What needs it (`a 30000x30000 board`).
        what: String,
        /// How the need is counted.
        detail: String,
        /// The estimate.
        need: Bytes,
        /// What the process may still allocate.
        available: Bytes,
    },
    /// An allocation the system refused.
    #[error("cannot allocate {bytes} for {what}: not enough memory")]
    Allocation {
        /// What it was for.
        what: String,
        /// Its size.
        bytes: Bytes,
    },
    /// A tour file longer than the memory available can parse.
    #[error("{file}: more than {limit} of text, too much to parse in the {available} of memory available")]
    Text {
        /// The file (or `-` for standard input).
        file: String,
        /// The longest text parsed.
        limit: Bytes,
        /// The memory available.
        available: Bytes,
    },
    /// A drawing with more elements than the PNG and PDF renderer accepts.
    #[error("the drawing has {elements} elements, more than the {limit} the PNG and PDF renderer accepts: draw fewer layers with --show (e.g. -turns,-crossings,-numbers) or write SVG")]
    Drawing {
        /// Its elements.
        elements: u64,
        /// The most the renderer accepts.
        limit: u64,
    },
}

/// A number of bytes, written in binary units (`6.7 GiB`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Bytes(pub u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
        let mut v = self.0 as f64;
        let mut u = 0;
        while v >= 1024.0 && u + 1 < units.len() {
            v /= 1024.0;
            u += 1;
        }
        if u == 0 {
            write!(f, "{} bytes", self.0)
        } else {
            write!(f, "{v:.1} {}", units[u])
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

/// The coordinates of a cell of a board of three or more sides, x first, written
/// `[x, y, z, ...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coords(pub Vec<u32>);

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

/// Why a tour of a board of three or more sides is not a tour, and where (the
/// counterpart of [`Failure`], with cells written as [`Coords`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpaceFailure {
    /// The path does not have one entry per cell.
    #[error("the path has {actual} cells but the {board} board has {expected}")]
    WrongLength {
        /// The board, as `WxHxD`.
        board: String,
        /// Cells the board has.
        expected: u64,
        /// Cells the path lists.
        actual: u64,
    },
    /// A cell number is off the board.
    #[error("step {step} of the path is cell number {cell}, which is off the {board} board")]
    OffBoard {
        /// The position in the path (from 0).
        step: usize,
        /// The cell number.
        cell: u32,
        /// The board, as `WxHxD`.
        board: String,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{examples, verify, Tour};

    #[test]
    fn a_construction_bug_keeps_its_failure_and_is_internal() {
        let ring = examples::ring();
        let mut path = ring.path().to_vec();
        path.swap(2, 3);
        let bad = Tour::new(ring.board().clone(), path, true).with_algorithm("ring");
        let e = verify::constructed(bad).unwrap_err();
        assert!(e.is_internal());
        let Error::Unverified { failure, .. } = &e else {
            panic!("{e:?}")
        };
        assert!(
            matches!(failure, Failure::NotALeap { step: 2, .. }),
            "{failure:?}"
        );
        let msg = e.to_string();
        assert!(
            msg.starts_with(
                "internal error: the ring tour of the 3x3 (missing 1 cell) board failed verification: step 2"
            ) && msg.ends_with("; please report this"),
            "{msg}"
        );
        assert!(verify::constructed(examples::ring()).is_ok());
    }

    #[test]
    fn input_errors_are_not_internal() {
        let failure = Failure::Hole {
            step: 3,
            x: 1,
            y: 1,
        };
        let e = Error::NotATour {
            file: "t.json".into(),
            failure,
        };
        assert!(!e.is_internal());
        assert_eq!(
            e.to_string(),
            "t.json: not a tour: step 3 of the path visits [1, 1], which is a hole of the board"
        );
        assert!(!Error::invalid("x").is_internal());
        assert!(Error::internal("x").is_internal());
        assert_eq!(
            Error::internal("the tiles do not load").to_string(),
            "internal error: the tiles do not load; please report this"
        );
    }
}
