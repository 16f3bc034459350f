//! The proof that a tour is a tour: every cell exactly once, every step a legal leap,
//! and the closing leap when it claims to be closed. Nothing is drawn or published
//! without passing through here: [`verify`] is the only way to get a [`Verified`] tour.
//!
//! All checks are O(cells) and run in parallel. A board of three or more sides has no
//! move grid: its tours are proved by [`more_sides`], one pass over the path. The
//! other shapes of walk ([`crate::Shape`]) are proved by their own branch: a tourney
//! by `tourney`, an uncrossed path by `uncrossed`.

use std::fmt;
use std::ops::Deref;
use std::sync::OnceLock;

mod fast;
mod grid;
mod locate;
mod more_sides;
mod tourney;
mod uncrossed;

use crate::error::Coords;
pub use crate::error::Failure;
use crate::moves::MoveGrid;
use crate::tour::{Shape, Tour};
use crate::trace::Trace;
use crate::Error;

/// A tour (a tourney, an uncrossed path) that passed [`verify`], with its move grid (a
/// tour's or a tourney's on a board of two sides). Read it through `Deref` as a [`Tour`].
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
    /// path's moves; a tourney's, every cycle's). Boards of two sides only, and no
    /// uncrossed path: a caller that takes boards of more sides branches on
    /// [`crate::Board::dims`] first, one that takes every shape on [`Tour::shape`].
    pub fn grid(&self) -> &MoveGrid {
        assert!(
            self.board().dims() == 2 && !self.is_uncrossed(),
            "the {} board has no move grid",
            self.board()
        );
        self.grid.get_or_init(|| fast::moves(&self.tour))
    }

    /// Gives the tour back (with its grid, which [`verify`] checks again).
    pub fn into_inner(self) -> Tour {
        match self.grid.into_inner() {
            Some(grid) => self.tour.with_own_grid(grid),
            None => self.tour,
        }
    }
}

impl fmt::Display for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.board();
        match self.shape() {
            Shape::Tour => {}
            Shape::Tourney { starts } => {
                let n = starts.len();
                let plural = if n == 1 { "" } else { "s" };
                return write!(
                    f,
                    "a tourney of {n} closed cycle{plural} covering the {b} board"
                );
            }
            Shape::Uncrossed { .. } => {
                let kind = if self.is_closed() { "cycle" } else { "path" };
                return write!(
                    f,
                    "uncrossed {kind} of {} leaps over {} of the {} cells of {b}",
                    self.leaps(),
                    self.len(),
                    b.cells()
                );
            }
        }
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
///
/// A tour built from its grid without its path written out is proven by its grid alone,
/// and its path becomes the walk the proof made of that grid. A tourney or an uncrossed
/// path is proven by its own branch.
pub fn verify(mut tour: Tour) -> Result<Verified, Failure> {
    match tour.shape() {
        Shape::Tour => {}
        Shape::Tourney { .. } => {
            let grid = tourney::proof(&tour)?;
            return Ok(Verified {
                tour,
                grid: OnceLock::from(grid),
            });
        }
        Shape::Uncrossed { .. } => {
            uncrossed::proof(&tour)?;
            return Ok(Verified {
                tour,
                grid: OnceLock::new(),
            });
        }
    }
    if tour.board().dims() > 2 {
        more_sides::check(&tour)?;
        return Ok(Verified {
            tour,
            grid: OnceLock::new(),
        });
    }
    let grid = tour.take_grid();
    if let (Some(g), Some(trace)) = (&grid, tour.take_walk()) {
        // The tour is the walk of its grid from its first cell towards its second: the
        // proof walks it again, so the construction's walk is let go first (on a board
        // without straight runs it holds the whole path).
        let n = trace.len();
        let ends = (n > 0).then(|| (trace.cell(0), (n > 1).then(|| trace.cell(1))));
        let proven = match ends {
            Some(ends) if g.board() == tour.board() => {
                drop(trace);
                let walk = grid::walk_proof(g, n, ends, tour.is_closed());
                // Not proven: the same walk again, written out for the located checks
                // to say where it fails.
                let proven = walk.is_some();
                tour.set_walk(walk.unwrap_or_else(|| g.trace(ends.0, ends.1)));
                proven
            }
            _ => {
                tour.set_walk(trace);
                false
            }
        };
        if proven {
            let grid = grid.expect("matched above");
            return Ok(Verified {
                tour,
                grid: OnceLock::from(grid),
            });
        }
    }
    if let Some(walk) = check_with(&tour, grid.as_ref())? {
        if tour.unwritten_walk().is_some() {
            tour.set_walk(walk);
        }
    }
    Ok(Verified {
        tour,
        grid: grid.map(OnceLock::from).unwrap_or_default(),
    })
}

/// Proves a tour (a tourney, an uncrossed path) a construction made. Its failure is a bug of that construction,
/// reported as [`Error::Unverified`]; the tour is never published.
pub fn constructed(tour: Tour) -> Result<Verified, Error> {
    let (algorithm, board) = (tour.algorithm().to_string(), tour.board().to_string());
    verify(tour).map_err(|failure| Error::unverified(&algorithm, board, failure))
}

/// The checks of [`verify`] without taking the tour.
pub fn check(tour: &Tour) -> Result<(), Failure> {
    match tour.shape() {
        Shape::Tour => {}
        Shape::Tourney { .. } => return tourney::proof(tour).map(drop),
        Shape::Uncrossed { .. } => return uncrossed::proof(tour),
    }
    if tour.board().dims() > 2 {
        return more_sides::check(tour);
    }
    check_with(tour, tour.attached_grid()).map(drop)
}

/// Two complete proofs: [`grid::proof`] (with a grid, which on a band or torus proves
/// only a grid with no leap across a seam) or [`fast::valid`] answers yes or no in one
/// parallel pass, and only on a no does [`locate`] go through the path again to say
/// where it fails. A proof by the grid gives back its walk of the grid.
fn check_with(tour: &Tour, grid: Option<&MoveGrid>) -> Result<Option<Trace>, Failure> {
    match grid {
        Some(g) => {
            if let Some(walk) = grid::proof(tour, g) {
                return Ok(Some(walk));
            }
            // Across the seam of a band directions are not opposite in pairs: the
            // located checks compare the grid with the path's moves.
        }
        None if fast::valid(tour) => return Ok(None),
        None => {}
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
                first: Coords::xy(b.xy(first)),
                last: Coords::xy(b.xy(last)),
                leaper: b.leaper().to_string(),
            });
        }
    }
    match grid {
        Some(grid) => locate::grid(tour, grid).map(|()| None),
        None => Ok(None),
    }
}

/// Every step of a path of distinct board cells that is not a leap, in order, where
/// [`check`] names only the first: a "find the mistake" worksheet locates its errors
/// with it. Empty when the path has cells off the board, holes or repeats (those
/// failures come first; [`check`] says which).
pub fn bad_leaps(tour: &Tour) -> Vec<Failure> {
    let (b, path) = (tour.board(), tour.path());
    if b.dims() > 2 || tour.shape() != &Shape::Tour || locate::cells(b, path).is_err() {
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
                cell: Coords(vec![1, 2]),
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

    #[test]
    fn a_construction_bug_keeps_its_failure_and_is_internal() {
        let ring = crate::examples::ring();
        let mut path = ring.path().to_vec();
        path.swap(2, 3);
        let bad = Tour::new(ring.board().clone(), path, true).with_algorithm("ring");
        let e = constructed(bad).unwrap_err();
        assert!(e.is_internal());
        let Error::Unverified { failure, .. } = &e else {
            panic!("{e:?}")
        };
        assert!(
            matches!(**failure, Failure::NotALeap { step: 2, .. }),
            "{failure:?}"
        );
        let msg = e.to_string();
        assert!(
            msg.starts_with(
                "internal error: the ring tour of the 3x3 (missing 1 cell) board failed verification: step 2"
            ) && msg.ends_with("; please report this"),
            "{msg}"
        );
        assert!(constructed(crate::examples::ring()).is_ok());
    }
}
