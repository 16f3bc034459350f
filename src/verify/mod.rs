//! The proof that a tour is a tour: every cell exactly once, every step a legal leap,
//! and the closing leap when it claims to be closed. Nothing is drawn or published
//! without passing through here: [`verify`] is the only way to get a [`Verified`] tour.
//!
//! All checks are O(cells) and run in parallel.

use std::fmt;
use std::ops::Deref;

mod fast;
mod locate;

pub use crate::error::Failure;
use crate::tour::Tour;
use crate::Error;

/// A tour that passed [`verify`]. Read it through `Deref` as a [`Tour`].
#[derive(Clone, Debug)]
pub struct Verified(Tour);

impl Deref for Verified {
    type Target = Tour;
    fn deref(&self) -> &Tour {
        &self.0
    }
}

impl Verified {
    /// Gives the tour back.
    pub fn into_inner(self) -> Tour {
        self.0
    }
}

impl fmt::Display for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.is_closed() {
            "a closed"
        } else {
            "an open"
        };
        write!(f, "{kind} tour of the {} board", self.board())
    }
}

/// Proves `tour` valid, or says where it is not.
pub fn verify(tour: Tour) -> Result<Verified, Failure> {
    check(&tour)?;
    Ok(Verified(tour))
}

/// Proves a tour a construction made. Its failure is a bug of that construction,
/// reported as [`Error::Unverified`]; the tour is never published.
pub fn constructed(tour: Tour) -> Result<Verified, Error> {
    check(&tour).map_err(|failure| Error::Unverified {
        algorithm: match tour.algorithm() {
            "" => "unnamed".to_string(),
            name => name.to_string(),
        },
        board: tour.board().to_string(),
        failure,
    })?;
    Ok(Verified(tour))
}

/// The checks of [`verify`] without taking the tour.
///
/// Two complete proofs: [`fast::valid`] answers yes or no in one parallel pass, and
/// only on a no does [`locate`] go through the path again to say where it fails.
pub fn check(tour: &Tour) -> Result<(), Failure> {
    if fast::valid(tour) {
        return Ok(());
    }
    let b = tour.board();
    let path = tour.path();
    locate::cells(b, path)?;
    locate::length(b, path)?;
    locate::leaps(b, path)?;
    if tour.is_closed() {
        let (first, last) = (path[0], path[path.len() - 1]);
        if path.len() < 3 || b.dir_between(last, first).is_none() {
            return Err(Failure::NotClosed {
                first: b.xy(first),
                last: b.xy(last),
                leaper: b.leaper().to_string(),
            });
        }
    }
    Ok(())
}

/// Every step of a path of distinct board cells that is not a leap, in order, where
/// [`check`] names only the first: a "find the mistake" worksheet locates its errors
/// with it. Empty when the path has cells off the board, holes or repeats (those
/// failures come first; [`check`] says which).
pub fn bad_leaps(tour: &Tour) -> Vec<Failure> {
    let (b, path) = (tour.board(), tour.path());
    if locate::cells(b, path).is_err() {
        return Vec::new();
    }
    locate::every_bad_leap(b, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    fn ring() -> (Board, Vec<u32>) {
        // The eight outer cells of a 3x3 board form a closed knight's cycle.
        let t = crate::examples::ring();
        (t.board().clone(), t.path().to_vec())
    }

    #[test]
    fn accepts_a_closed_cycle_and_its_open_cut() {
        let (b, path) = ring();
        assert!(verify(Tour::new(b.clone(), path.clone(), true)).is_ok());
        assert!(verify(Tour::new(b, path, false)).is_ok());
    }

    #[test]
    fn names_each_kind_of_failure() {
        let (b, path) = ring();
        let bad = |p: Vec<u32>, closed| check(&Tour::new(b.clone(), p, closed)).unwrap_err();
        let mut p = path.clone();
        p.pop();
        assert!(matches!(bad(p.clone(), false), Failure::WrongLength { .. }));
        assert!(matches!(bad(p, true), Failure::WrongLength { .. }));
        let mut p = path.clone();
        p[7] = p[1];
        assert_eq!(
            bad(p, false),
            Failure::Repeated {
                x: 1,
                y: 2,
                first: 1,
                second: 7
            }
        );
        let mut p = path.clone();
        p[3] = 4;
        assert!(matches!(bad(p, false), Failure::Hole { step: 3, .. }));
        let mut p = path.clone();
        p.swap(2, 3);
        assert!(matches!(bad(p, false), Failure::NotALeap { step: 2, .. }));
        let mut p = path.clone();
        p[0] = 99;
        assert!(matches!(bad(p, false), Failure::OffBoard { step: 0, .. }));
        // Any rotation of a cycle is closed again.
        let p2: Vec<u32> = path[1..].iter().copied().chain([path[0]]).collect();
        assert!(check(&Tour::new(b.clone(), p2, true)).is_ok());
        // Two cells a leap apart are an open path, never a closed tour.
        let two = Board::new(2, 3)
            .unwrap()
            .with_holes(&[(1, 0), (0, 1), (1, 1), (0, 2)])
            .unwrap();
        let p = vec![two.index(0, 0), two.index(1, 2)];
        assert!(check(&Tour::new(two.clone(), p.clone(), false)).is_ok());
        assert!(matches!(
            check(&Tour::new(two, p, true)),
            Err(Failure::NotClosed { .. })
        ));
    }
}
