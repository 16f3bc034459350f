//! The proof that a tour of a board of three or more sides is a tour: every cell
//! exactly once, every step a leap, and the closing leap when it claims to be closed.
//! [`verify`] is the only way to get a [`VerifiedSpaceTour`], which is what metrics and
//! drawings accept. O(cells), one pass over the path.

use std::fmt;
use std::ops::Deref;

use super::{SpaceFailure, SpaceTour};
use crate::Error;

/// A tour that passed [`verify`]. Read it through `Deref` as a [`SpaceTour`].
#[derive(Clone, Debug)]
pub struct VerifiedSpaceTour {
    tour: SpaceTour,
}

impl Deref for VerifiedSpaceTour {
    type Target = SpaceTour;
    fn deref(&self) -> &SpaceTour {
        &self.tour
    }
}

impl VerifiedSpaceTour {
    /// Gives the tour back.
    pub fn into_inner(self) -> SpaceTour {
        self.tour
    }
}

impl fmt::Display for VerifiedSpaceTour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.is_closed() {
            "a closed"
        } else {
            "an open"
        };
        write!(f, "{kind} tour of the {} board", self.space())
    }
}

/// Proves `tour` valid, or says where it is not.
pub fn verify(tour: SpaceTour) -> Result<VerifiedSpaceTour, SpaceFailure> {
    check(&tour)?;
    Ok(VerifiedSpaceTour { tour })
}

/// Proves a tour a construction made; its failure is a bug of that construction,
/// reported as [`Error::Unverified`].
pub fn constructed(tour: SpaceTour) -> Result<VerifiedSpaceTour, Error> {
    let (algorithm, board) = (tour.algorithm().to_string(), tour.space().to_string());
    verify(tour).map_err(|failure| Error::unverified(&algorithm, board, failure))
}

/// The checks of [`verify`], in the order of the 2-D proof: cells on the board and
/// none twice, then the length, then the leaps, then the closing leap.
pub fn check(tour: &SpaceTour) -> Result<(), SpaceFailure> {
    let (s, path) = (tour.space(), tour.path());
    let cells = s.cells();
    let mut seen = vec![u32::MAX; cells.min(path.len() as u64 + 1) as usize];
    let mut first_of = std::collections::HashMap::new();
    for (step, &c) in path.iter().enumerate() {
        if !s.contains(c) {
            return Err(SpaceFailure::OffBoard {
                step,
                cell: c,
                board: s.to_string(),
            });
        }
        // Cells past the bitmap's end (a path shorter than the board) are tracked in
        // a map, so memory follows the path, not the board.
        let first = match seen.get_mut(c as usize) {
            Some(slot) if *slot == u32::MAX => {
                *slot = step as u32;
                None
            }
            Some(slot) => Some(*slot as usize),
            None => first_of.insert(c, step),
        };
        if let Some(first) = first {
            return Err(SpaceFailure::Repeated {
                cell: s.at(c),
                first,
                second: step,
            });
        }
    }
    if path.len() as u64 != cells {
        return Err(SpaceFailure::WrongLength {
            board: s.to_string(),
            expected: cells,
            actual: path.len() as u64,
        });
    }
    for (i, w) in path.windows(2).enumerate() {
        if !s.is_leap(w[0], w[1]) {
            return Err(SpaceFailure::NotALeap {
                step: i + 1,
                from: s.at(w[0]),
                to: s.at(w[1]),
                leaper: s.leaper().to_string(),
            });
        }
    }
    if tour.is_closed() {
        let (first, last) = (path[0], path[path.len() - 1]);
        if path.len() < 3 || !s.is_leap(last, first) {
            return Err(SpaceFailure::NotClosed {
                first: s.at(first),
                last: s.at(last),
                leaper: s.leaper().to_string(),
            });
        }
    }
    Ok(())
}
