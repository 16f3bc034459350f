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
/// reported as [`Error::UnverifiedSpace`].
pub fn constructed(tour: SpaceTour) -> Result<VerifiedSpaceTour, Error> {
    let algorithm = match tour.algorithm() {
        "" => "unnamed".to_string(),
        name => name.to_string(),
    };
    let board = tour.space().to_string();
    verify(tour).map_err(|failure| Error::UnverifiedSpace {
        algorithm,
        board,
        failure,
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::{walk, Coords, Space};

    /// A closed tour of the 4x4x4 board, from the construction for small boards (it
    /// is verified by this module first, then corrupted).
    fn good() -> SpaceTour {
        let s = Space::new(&[4, 4, 4]).unwrap();
        let path = walk::tour(&s, false, 0).expect("4x4x4 has a closed tour");
        let t = SpaceTour::new(s, path, true);
        check(&t).unwrap();
        t
    }

    fn bad(t: &SpaceTour, path: Vec<u32>, closed: bool) -> SpaceFailure {
        check(&SpaceTour::new(t.space().clone(), path, closed)).unwrap_err()
    }

    #[test]
    fn accepts_a_closed_tour_its_open_cuts_and_rotations() {
        let t = good();
        let p = t.path().to_vec();
        assert!(verify(SpaceTour::new(t.space().clone(), p.clone(), false)).is_ok());
        for k in [1, 17, 63] {
            let r: Vec<u32> = p[k..].iter().chain(&p[..k]).copied().collect();
            assert!(check(&SpaceTour::new(t.space().clone(), r, true)).is_ok());
        }
        assert_eq!(
            verify(t).unwrap().to_string(),
            "a closed tour of the 4x4x4 board"
        );
    }

    #[test]
    fn names_each_kind_of_failure() {
        let t = good();
        let s = t.space().clone();
        let p = t.path().to_vec();
        // A repeated cell.
        let mut q = p.clone();
        q[9] = q[2];
        assert_eq!(
            bad(&t, q, true),
            SpaceFailure::Repeated {
                cell: s.at(p[2]),
                first: 2,
                second: 9
            }
        );
        // A missing cell.
        let mut q = p.clone();
        q.pop();
        assert!(matches!(
            bad(&t, q.clone(), false),
            SpaceFailure::WrongLength {
                expected: 64,
                actual: 63,
                ..
            }
        ));
        assert!(matches!(bad(&t, q, true), SpaceFailure::WrongLength { .. }));
        // A step that is not a leap: two neighbours of the path swapped.
        let mut q = p.clone();
        q.swap(10, 11);
        let e = bad(&t, q, false);
        assert!(
            matches!(e, SpaceFailure::NotALeap { step: 10, .. }),
            "{e:?}"
        );
        // A cell off the board.
        let mut q = p.clone();
        q[5] = 64;
        assert!(matches!(
            bad(&t, q, false),
            SpaceFailure::OffBoard {
                step: 5,
                cell: 64,
                ..
            }
        ));
        // A false closed claim: a Posa rotation of the tour, `p[..=j]` then `p[j+1..]`
        // reversed (a path, since `p[j]` and the last cell are a leap apart), whose
        // ends `p[0]` and `p[j + 1]` are not.
        let n = p.len();
        let j = (0..n - 2)
            .find(|&j| s.is_leap(p[j], p[n - 1]) && !s.is_leap(p[0], p[j + 1]))
            .expect("a rotation with ends apart");
        let q: Vec<u32> = p[..=j]
            .iter()
            .chain(p[j + 1..].iter().rev())
            .copied()
            .collect();
        assert!(check(&SpaceTour::new(s.clone(), q.clone(), false)).is_ok());
        assert_eq!(
            bad(&t, q, true),
            SpaceFailure::NotClosed {
                first: s.at(p[0]),
                last: s.at(p[j + 1]),
                leaper: "(1, 2)".into()
            }
        );
        assert_eq!(
            SpaceFailure::NotClosed {
                first: Coords(vec![0, 0, 0]),
                last: Coords(vec![3, 3, 3]),
                leaper: "(1, 2)".into()
            }
            .to_string(),
            "the tour claims to be closed, but its last cell [3, 3, 3] is not a (1, 2) leap from its first [0, 0, 0]"
        );
    }
}
