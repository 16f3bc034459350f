//! Whether a tour is open or closed: a leaf of the module graph, so that the error types
//! can name the kind of tour a request asked for without depending on tours.

use std::fmt;

/// Whether a tour ends a leap from where it began: the two kinds a request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TourKind {
    /// The last cell is a leap from the first.
    Closed,
    /// The ends need not be a leap apart.
    Open,
}

impl TourKind {
    /// [`TourKind::Open`] when `open`, else [`TourKind::Closed`].
    pub fn open_if(open: bool) -> TourKind {
        if open {
            TourKind::Open
        } else {
            TourKind::Closed
        }
    }

    /// Whether this is [`TourKind::Open`].
    pub fn is_open(self) -> bool {
        self == TourKind::Open
    }
}

impl fmt::Display for TourKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TourKind::Closed => "closed",
            TourKind::Open => "open",
        })
    }
}
