//! Why `knights optimum` refuses what it is asked ([`OptimumError`]): a measure it does
//! not model, a model it cannot build, a stored record that does not hold. The optima's
//! own failures, in their own type, turned into the library's error at the boundary
//! with [`knights_core::Error::other`], sources kept.

use knights_core::Error;

/// What stops `knights optimum` or the stored records' reader, in one line.
#[derive(Debug, thiserror::Error)]
pub enum OptimumError {
    /// A name that is no measure and no weighted sum of measures.
    #[error(
        "'{name}' is not a measure knights optimum models: choose {minimized} or a weighted \
         sum such as 2*turns+crossings (--minimize) or {maximized} (--maximize)"
    )]
    NotAMeasure {
        /// The name as given.
        name: String,
        /// The measures minimized, as `a, b, c`.
        minimized: String,
        /// The measures maximized, as `a or b`.
        maximized: String,
    },
    /// Neither `--minimize` nor `--maximize`.
    #[error("name a measure: --minimize {minimized}|SUM or --maximize {maximized}")]
    NoMeasure {
        /// The measures minimized, as `a|b|c`.
        minimized: String,
        /// The measures maximized, as `a|b`.
        maximized: String,
    },
    /// A measure asked for in the sense it has no question in (`--maximize turns`).
    #[error("{why}")]
    Sense {
        /// The measure.
        measure: String,
        /// Why, and the sense to use.
        why: String,
    },
    /// A term of a weighted sum that is not one.
    #[error("'{term}' in '{sum}' is not a term of a weighted sum: {why}")]
    Term {
        /// The term.
        term: String,
        /// The whole sum.
        sum: String,
        /// What is wrong with the term.
        why: String,
    },
    /// A board the models are not built for.
    #[error("knights optimum: {why}")]
    Model {
        /// Why, naming the board.
        why: String,
    },
    /// A board that has no uncrossed path or cycle at all (the search tried every one).
    #[error("{board} has no uncrossed knight's {what}: the search tried every one")]
    NoUncrossed {
        /// The board.
        board: String,
        /// `path` or `cycle`.
        what: &'static str,
    },
    /// A stored record that does not read or does not hold.
    #[error("{file}: {problem}")]
    Record {
        /// The record's file.
        file: String,
        /// What is wrong, naming the field.
        problem: String,
    },
}

impl From<OptimumError> for Error {
    fn from(e: OptimumError) -> Error {
        Error::other(e)
    }
}
