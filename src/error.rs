//! The library's error types, at the bottom of the module graph (they name no other
//! module of the crate): [`Error`], whose variants are problems a user can act on or
//! bugs of this tool, and [`Failure`], why a tour is not a tour. Each message is one
//! line naming the board, file, line or field concerned.

use std::path::PathBuf;

/// Everything that can go wrong in the library.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input (a board, an option, a tour) is not acceptable.
    #[error("{0}")]
    Invalid(String),
    /// No tour of the requested kind exists on this board.
    #[error("{0}")]
    NoTour(String),
    /// The chosen construction does not cover this board.
    #[error("{0}")]
    Unsupported(String),
    /// The board is too large for this machine or for cell numbering.
    #[error("{0}")]
    TooLarge(String),
    /// A search gave up within its budget.
    #[error("{0}")]
    GaveUp(String),
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

    /// Whether this is a bug of the tool rather than a problem with its input.
    pub fn is_internal(&self) -> bool {
        matches!(self, Error::Internal(_) | Error::Unverified { .. })
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
