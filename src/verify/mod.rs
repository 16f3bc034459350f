//! The proof that a tour is a tour: every cell exactly once, every step a legal leap,
//! and the closing leap when it claims to be closed. Nothing is drawn or published
//! without passing through here: [`verify`] is the only way to get a [`Verified`] tour.
//!
//! All checks are O(cells) and run in parallel.

use std::fmt;
use std::ops::Deref;
use std::sync::OnceLock;

mod fast;
mod locate;

pub use crate::error::Failure;
use crate::moves::MoveGrid;
use crate::tour::Tour;
use crate::Error;

/// A tour that passed [`verify`], with its move grid. Read it through `Deref` as a
/// [`Tour`].
#[derive(Clone, Debug)]
pub struct Verified {
    tour: Tour,
    /// The construction's grid, proven equal to the path, or one made from the path
    /// when first asked for.
    grid: OnceLock<MoveGrid>,
}

impl Deref for Verified {
    type Target = Tour;
    fn deref(&self) -> &Tour {
        &self.tour
    }
}

impl Verified {
    /// The tour's moves, one byte of direction bits per cell (proven to be exactly the
    /// path's moves).
    pub fn grid(&self) -> &MoveGrid {
        self.grid.get_or_init(|| fast::moves(&self.tour))
    }

    /// Gives the tour back (with its grid, which [`verify`] checks again).
    pub fn into_inner(self) -> Tour {
        match self.grid.into_inner() {
            Some(grid) => self.tour.with_grid(grid),
            None => self.tour,
        }
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

/// Proves `tour` valid, or says where it is not. A move grid a construction attached
/// to it is proven equal to its path in the same pass.
pub fn verify(mut tour: Tour) -> Result<Verified, Failure> {
    let grid = tour.take_grid();
    check_with(&tour, grid.as_ref())?;
    Ok(Verified {
        tour,
        grid: grid.map(OnceLock::from).unwrap_or_default(),
    })
}

/// Proves a tour a construction made. Its failure is a bug of that construction,
/// reported as [`Error::Unverified`]; the tour is never published.
pub fn constructed(tour: Tour) -> Result<Verified, Error> {
    let algorithm = match tour.algorithm() {
        "" => "unnamed".to_string(),
        name => name.to_string(),
    };
    let board = tour.board().to_string();
    verify(tour).map_err(|failure| Error::Unverified {
        algorithm,
        board,
        failure,
    })
}

/// The checks of [`verify`] without taking the tour.
pub fn check(tour: &Tour) -> Result<(), Failure> {
    check_with(tour, tour.attached_grid())
}

/// Two complete proofs: [`fast::valid`] answers yes or no in one parallel pass, and
/// only on a no does [`locate`] go through the path again to say where it fails.
fn check_with(tour: &Tour, grid: Option<&MoveGrid>) -> Result<(), Failure> {
    if fast::valid(tour, grid) {
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
    match grid {
        Some(grid) => locate::grid(tour, grid),
        None => Ok(()),
    }
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

    #[test]
    fn a_constructions_grid_is_proven_equal_to_its_path() {
        let board = Board::new(16, 12).unwrap();
        let built = || {
            crate::construct::build(&crate::construct::Request::closed(board.clone()), "besa")
                .unwrap()
        };
        let t = built();
        assert!(t.attached_grid().is_some(), "besa attaches its grid");
        let v = verify(t).unwrap();
        let from_path = MoveGrid::from_path(&board, v.path(), true).unwrap();
        assert_eq!(v.grid().masks(), from_path.masks());
        // Every corruption of one cell's byte is found, at that cell.
        for c in (0..board.area() as u32).step_by(7) {
            for bit in [0, 3, 6] {
                let t = built();
                let mut masks = t.attached_grid().unwrap().masks().to_vec();
                masks[c as usize] ^= 1 << bit;
                let bad = t.with_grid(MoveGrid::from_masks(board.clone(), masks));
                let (x, y) = board.xy(c);
                assert_eq!(
                    verify(bad).unwrap_err(),
                    Failure::GridMismatch { x, y },
                    "cell {c} bit {bit}"
                );
            }
        }
        // The moves of another tour of the same board, and a grid of another board.
        let other = Tour::new(
            board.clone(),
            v.path().iter().rev().copied().collect(),
            true,
        );
        assert!(verify(other.clone()).is_ok());
        let mirrored: Vec<u8> = (0..board.area() as u32)
            .map(|c| {
                let (x, y) = board.xy(c);
                let m = from_path.masks()[board.index(15 - x, y) as usize];
                // Mirroring left-right maps direction d to 7 - d.
                (0..8)
                    .filter(|d| m & (1 << d) != 0)
                    .fold(0, |a, d| a | 1 << (7 - d))
            })
            .collect();
        assert_ne!(mirrored, from_path.masks());
        let e = verify(
            other
                .clone()
                .with_grid(MoveGrid::from_masks(board.clone(), mirrored)),
        );
        assert!(matches!(e, Err(Failure::GridMismatch { .. })), "{e:?}");
        let wide = Board::new(12, 16).unwrap();
        let e = verify(other.with_grid(MoveGrid::from_masks(wide.clone(), vec![0; 192])));
        assert!(matches!(e, Err(Failure::GridBoard { .. })), "{e:?}");
    }

    #[test]
    fn a_grids_uniform_rectangle_is_proven_before_it_stands_for_its_cells() {
        let board = Board::new(40, 30).unwrap();
        let req = crate::construct::Request::closed(board.clone());
        let t = crate::construct::build(&req, "besa").unwrap();
        let grid = t.attached_grid().unwrap().clone();
        let s = grid
            .straight()
            .expect("besa declares its background")
            .clone();
        assert!(s.xs.len() > 10 && s.ys.len() > 10, "{s:?}");
        let with = |masks: Vec<u8>, s: crate::trace::Straight| {
            t.clone()
                .with_grid(MoveGrid::from_masks(board.clone(), masks).with_straight(s))
        };
        assert!(verify(with(grid.masks().to_vec(), s.clone())).is_ok());
        // A wrong byte inside the rectangle: the path-order pass does not read it, the
        // proof of the rectangle finds it, and the located check names it.
        for (x, y) in [
            (s.xs.start, s.ys.start),
            (s.xs.end - 1, s.ys.end - 1),
            (s.xs.start + 5, s.ys.start + 7),
        ] {
            let mut masks = grid.masks().to_vec();
            masks[board.index(x, y) as usize] ^= 0b11;
            let e = verify(with(masks, s.clone())).unwrap_err();
            assert_eq!(e, Failure::GridMismatch { x, y });
        }
        // The right moves, but a declaration that does not hold: a wider rectangle,
        // another mask, one off the board.
        let mut wider = s.clone();
        wider.xs.start = 0;
        let e = verify(with(grid.masks().to_vec(), wider)).unwrap_err();
        assert!(matches!(e, Failure::GridStraight { x: 0, .. }), "{e:?}");
        let mut other = s.clone();
        other.mask = other.mask.rotate_left(1);
        let e = verify(with(grid.masks().to_vec(), other)).unwrap_err();
        assert_eq!(
            e,
            Failure::GridStraight {
                x: s.xs.start,
                y: s.ys.start
            }
        );
        let mut off = s.clone();
        off.ys.end = 31;
        let e = verify(with(grid.masks().to_vec(), off)).unwrap_err();
        assert!(matches!(e, Failure::GridStraight { .. }), "{e:?}");
    }

    #[test]
    fn a_grid_made_from_the_path_is_the_paths_moves() {
        let (b, path) = ring();
        for closed in [false, true] {
            let v = verify(Tour::new(b.clone(), path.clone(), closed)).unwrap();
            let want = MoveGrid::from_path(&b, &path, closed).unwrap();
            assert_eq!(v.grid().masks(), want.masks());
            // Given back and verified again, the grid is checked again.
            let again = verify(v.into_inner()).unwrap();
            assert_eq!(again.grid().masks(), want.masks());
        }
    }
}
