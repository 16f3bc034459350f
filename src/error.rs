//! The library's one error type: each variant is a problem a user can act on, and its
//! message names the board, file, line or field concerned.

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
    /// A tour failed verification.
    #[error("{0}")]
    NotATour(#[from] crate::verify::Failure),
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

    /// An [`Error::Io`] for `path`.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}
