//! The library's error types, at the bottom of the module graph (they name no other
//! module of the crate but the leaf [`crate::TourKind`]): [`Error`], whose variants are
//! problems a user can act on or bugs of this tool, and beside it, one file per idea,
//! the typed reasons a board gets no tour ([`NoTour`], [`Unsupported`], [`GaveUp`]),
//! resource limits ([`TooLarge`]), and why a walk is not what it claims ([`Failure`], a
//! tour on a board of any number of sides, a tourney, an uncrossed path). Each message is one line naming
//! the board, file, line or field concerned. Boards are named as their `Display` writes
//! them (`8x8`, `5x5 (missing 1 cell)`), so that these types need not depend on
//! [`crate::Board`].

use std::path::PathBuf;

mod failure;
mod input;
mod limits;
mod no_tour;
mod path;

pub use failure::{Coords, Failure};
pub use input::{BadBoard, BadField, BadOption, Named, Unknown};
pub use limits::{Bytes, TooLarge};
pub use no_tour::{GaveUp, NoTour, Theorem, Unsupported};
pub use path::PathProblem;

/// `s` unless one: "1 exercise", "6 exercises".
fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Everything that can go wrong in the library.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input (a board, an option, a tour) is not acceptable, for a reason no
    /// variant below names.
    #[error("{0}")]
    Invalid(String),
    /// A name that is none of the choices, with the choices.
    #[error(transparent)]
    Unknown(#[from] Unknown),
    /// An option's value out of its range, or unreadable.
    #[error(transparent)]
    BadOption(#[from] BadOption),
    /// A board that does not fit what was asked of it.
    #[error(transparent)]
    BadBoard(#[from] BadBoard),
    /// A field of a settings file (a theme) that is wrong.
    #[error(transparent)]
    BadField(#[from] BadField),
    /// A folder where a file was to be written.
    #[error("{}: is a folder, not a file", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
    },
    /// A picture that its encoder refused.
    #[error("{format} encoding failed: {message}")]
    Encode {
        /// `GIF`.
        format: &'static str,
        /// What the encoder said.
        message: String,
    },
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
    /// A tour (a tourney, an uncrossed path) read from a file failed verification.
    #[error("{file}: {}", failure.refusal())]
    NotATour {
        /// The file (or `-` for standard input).
        file: String,
        /// Why it is not a tour (boxed: it names cells of any length).
        failure: Box<Failure>,
    },
    /// A construction returned a tour that failed verification: a bug of this tool.
    #[error(
        "internal error: the {algorithm} {} of the {board} board failed verification: \
         {failure}; please report this", failure.walk()
    )]
    Unverified {
        /// The construction.
        algorithm: String,
        /// The board, as its `Display` writes it (`WxH`, `WxHxD`, ...).
        board: String,
        /// Why its tour is not a tour (boxed: it names cells of any length).
        failure: Box<Failure>,
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
    /// SIGINT or SIGTERM arrived: the run stops before its next job (see
    /// [`crate::interrupt::check`]).
    #[error("interrupted")]
    Interrupted,
    /// A failure of a layer above this crate (the site's templates, its server, the
    /// motif designer's specification), in that layer's own error type, converted at
    /// the boundary with its sources kept: a caller downcasts it to act on the reason.
    #[error(transparent)]
    Other(Box<dyn std::error::Error + Send + Sync + 'static>),
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

    /// An [`Error::Parse`]: `file` is wrong at `place` (`field kind`, `line 3`), as
    /// `message` says.
    pub fn parse(file: &str, place: impl Into<String>, message: impl Into<String>) -> Error {
        Error::Parse {
            file: file.to_string(),
            place: place.into(),
            message: message.into(),
        }
    }

    /// An [`Error::Other`]: a layer's own failure `e`, its sources kept.
    pub fn other(e: impl std::error::Error + Send + Sync + 'static) -> Error {
        Error::Other(Box::new(e))
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

    /// An [`Error::Unverified`]: the tour `algorithm` built of `board` failed its proof.
    pub fn unverified(algorithm: &str, board: String, failure: Failure) -> Error {
        let algorithm = match algorithm {
            "" => "unnamed",
            name => name,
        };
        Error::Unverified {
            algorithm: algorithm.to_string(),
            board,
            failure: Box::new(failure),
        }
    }

    /// An [`Error::NotATour`]: the tour read from `file` failed its proof.
    pub fn not_a_tour(file: impl Into<String>, failure: Failure) -> Error {
        Error::NotATour {
            file: file.into(),
            failure: Box::new(failure),
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
        matches!(self, Error::Internal(_) | Error::Unverified { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_errors_are_not_internal() {
        let failure = Failure::Hole {
            step: 3,
            x: 1,
            y: 1,
        };
        let e = Error::not_a_tour("t.json", failure);
        assert!(!e.is_internal());
        assert_eq!(
            e.to_string(),
            "t.json: not a tour: step 3 of the path visits [1, 1], which is a hole of the board"
        );
        assert!(!Error::invalid("x").is_internal());
        // A tourney's and an uncrossed path's failures name their walk.
        let e = Error::not_a_tour("t.json", Failure::NoCycles);
        assert_eq!(e.to_string(), "t.json: not a tourney: there are no cycles");
        let crossing = Failure::Crossing {
            board: "4x4".into(),
            first: 1,
            second: 3,
        };
        assert_eq!(
            Error::not_a_tour("u.json", crossing.clone()).to_string(),
            "u.json: not an uncrossed path of 4x4: steps 1 and 3 cross"
        );
        let bug = Error::unverified("braid", "8x8".into(), Failure::NoCycles);
        assert_eq!(
            bug.to_string(),
            "internal error: the braid tourney of the 8x8 board failed verification: there are no cycles; please report this"
        );
        assert_eq!(crossing.walk(), "uncrossed path");
        assert!(Error::internal("x").is_internal());
        assert_eq!(
            Error::internal("the tiles do not load").to_string(),
            "internal error: the tiles do not load; please report this"
        );
    }
}
