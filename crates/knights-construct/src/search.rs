//! The search `auto` falls back on for boards the formation algorithm does not cover:
//! Warnsdorff walks (several tie-breaks, shuffled orders, start corners, each with a
//! move budget, grown on by Pósa rotations when a walk gets stuck) find a Hamiltonian
//! path, and Pósa rotations close it: the engine's walks with restarts
//! ([`super::engine`]), with more walks and tie-breaks than `warnsdorff` tries.

use super::engine::{run, Plan, TieBreak};
use super::{Construction, Request};
use knights_core::{Error, GaveUp, Tour, Unsupported};

/// Search: Warnsdorff walks closed by Pósa rotations.
pub struct Search;

/// Walks tried before giving up.
const ATTEMPTS: u64 = 64;

/// The search takes boards with both sides up to this...
const SQUARE_SIDE: u32 = 100;
/// ... and strips at most this wide ...
const STRIP_SHORT: u32 = 8;
/// ... up to this long: the ranges `search_sweep_measure` sweeps.
const STRIP_LONG: u32 = 1000;

/// The tie-breaks the search cycles through, best first.
const TIES: [TieBreak; 4] = [
    TieBreak::Roth,
    TieBreak::Corner,
    TieBreak::Lookahead,
    TieBreak::Random,
];

/// Moves one walk of the search may make.
fn walk_budget(cells: u64) -> u64 {
    20 * cells + 2000
}

impl Construction for Search {
    fn name(&self) -> &'static str {
        "search"
    }
    fn starts_anywhere(&self) -> bool {
        true
    }
    fn summary(&self) -> &'static str {
        "Warnsdorff walks with tie-breaks and restarts, closed by Pósa rotations (Warnsdorff 1823)"
    }
    fn boards(&self) -> &'static str {
        "boards with both sides 3 to 100, and strips 3 to 8 wide up to 1000 long (every one swept)"
    }
    fn bands(&self) -> bool {
        true
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        let (w, h) = (req.board.width(), req.board.height());
        let (short, long) = (w.min(h), w.max(h));
        if short < 3 || long > STRIP_LONG || (long > SQUARE_SIDE && short > STRIP_SHORT) {
            return Err(Unsupported::new(self.name(), &req.board, format!(
                "search covers boards with both sides from 3 to {SQUARE_SIDE}, and strips 3 to {STRIP_SHORT} wide up to {STRIP_LONG} long, not {}: use besa, parberry or warnsdorff",
                req.board
            ))
            .into());
        }
        Ok(())
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        let plan = Plan {
            ties: &TIES,
            attempts: ATTEMPTS,
            budget: walk_budget(req.board.cells()),
        };
        run(req, &plan)?.ok_or_else(|| {
            Error::from(GaveUp::Walks {
                algorithm: self.name(),
                variant: None,
                board: req.board.to_string(),
                kind: req.kind(),
                walks: ATTEMPTS,
                moves: plan.budget,
                hint: "try another --seed",
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{build, existence};
    use knights_core::verify::verify;
    use knights_core::Board;
    use std::time::{Duration, Instant};

    fn req(w: u32, h: u32, open: bool) -> Request {
        let mut r = Request::closed(Board::new(w, h).unwrap());
        r.open = open;
        r
    }

    /// Builds, verifies and times the search on every board with sides in `range`;
    /// returns the slowest board and its time.
    fn sweep(range: std::ops::RangeInclusive<u32>, open: bool) -> (usize, String, Duration) {
        let mut slowest = (String::new(), Duration::ZERO);
        let mut count = 0;
        for w in range.clone() {
            for h in range.clone() {
                let r = req(w, h, open);
                if existence::check(&r.board, open).is_err() {
                    continue;
                }
                let t = Instant::now();
                let tour = build(&r, "search").unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
                let took = t.elapsed();
                let v = verify(tour).unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
                assert_eq!(v.is_closed(), !open, "{w}x{h}");
                count += 1;
                if took > slowest.1 {
                    slowest = (format!("{w}x{h}"), took);
                }
            }
        }
        (count, slowest.0, slowest.1)
    }

    #[test]
    fn closed_tours_on_every_board_from_5_to_40() {
        let (n, board, took) = sweep(5..=40, false);
        println!("{n} closed boards, slowest {board} in {took:?}");
        assert_eq!(n, 36 * 36 - 18 * 18);
    }

    #[test]
    fn open_tours_on_every_board_from_5_to_40() {
        let (n, board, took) = sweep(5..=40, true);
        println!("{n} open boards, slowest {board} in {took:?}");
        assert_eq!(n, 36 * 36);
    }
}

#[cfg(test)]
mod strips {
    use super::*;
    use crate::build;
    use knights_core::verify::verify;
    use knights_core::Board;

    fn tour(w: u32, h: u32, open: bool, start: Option<(u32, u32)>, seed: u64) -> Vec<u32> {
        let mut r = Request::closed(Board::new(w, h).unwrap());
        (r.open, r.start, r.seed) = (open, start, seed);
        let t = build(&r, "search").unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
        let v = verify(t).unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
        assert_eq!(v.is_closed(), !open, "{w}x{h}");
        v.path().to_vec()
    }

    /// Strips the formation algorithm does not cover, both ways round (the whole
    /// range is swept by `search_sweep_measure`).
    #[test]
    fn narrow_boards() {
        for n in (10..=60).step_by(2).chain([100, 250, 1000]) {
            tour(3, n, false, None, 0);
            tour(n, 3, false, None, 0);
        }
        for n in (7..=40).chain([99, 500, 1000]) {
            tour(3, n, true, None, 0);
        }
        // `existence` wrongly says no 4 x n board has an open tour; these prove it does.
        for n in (5..=40).chain([99, 500, 1000]) {
            let mut r = Request::closed(Board::new(n, 4).unwrap());
            r.open = true;
            Search.check(&r).unwrap();
            let t = Search.build(&r).unwrap_or_else(|e| panic!("{n}x4: {e}"));
            verify(t).unwrap_or_else(|e| panic!("{n}x4: {e}"));
        }
        for (w, h) in [
            (5, 1000),
            (6, 200),
            (8, 1000),
            (41, 100),
            (100, 100),
            (99, 97),
        ] {
            tour(w, h, true, None, 0);
            if (w * h) % 2 == 0 {
                tour(h, w, false, None, 0);
            }
        }
    }

    #[test]
    fn starts_where_asked_and_the_seed_changes_the_tour() {
        for open in [true, false] {
            let a = tour(8, 8, open, Some((3, 4)), 0);
            assert_eq!(a[0], 4 * 8 + 3);
            assert_eq!(a, tour(8, 8, open, Some((3, 4)), 0), "deterministic");
            assert_ne!(a, tour(8, 8, open, Some((3, 4)), 1), "the seed matters");
        }
        // Every majority-colour square of 5x5 and 7x7 starts an open tour.
        for n in [5, 7] {
            for (x, y) in (0..n).flat_map(|x| (0..n).map(move |y| (x, y))) {
                if (x + y) % 2 == 0 {
                    assert_eq!(tour(n, n, true, Some((x, y)), 0)[0], y * n + x);
                }
            }
        }
    }

    #[test]
    fn refusals_name_the_reason() {
        for (w, h) in [(101, 100), (9, 1000), (3, 1001), (2, 50)] {
            let mut r = Request::closed(Board::new(w, h).unwrap());
            r.open = true;
            let e = Search.check(&r).unwrap_err().to_string();
            assert!(
                e.contains("search covers boards") && e.contains(&format!("{w}x{h}")),
                "{e}"
            );
        }
        let mut r = Request::closed(Board::new(5, 5).unwrap());
        (r.open, r.start) = (true, Some((2, 1)));
        let e = build(&r, "search").unwrap_err().to_string();
        assert!(
            e.contains("starts at [2, 1]: its colour has 12 cells"),
            "{e}"
        );
    }
}

#[cfg(test)]
mod others {
    use super::*;
    use knights_core::verify::verify;
    use knights_core::{Board, Leaper};

    fn run(b: &Board, open: bool) -> Result<Tour, Error> {
        let mut r = Request::closed(b.clone());
        (r.open, r.start) = (open, Some((1, 3)));
        Search.build(&r)
    }

    /// Boards with holes and other leapers go through the same search.
    #[test]
    fn holes_and_other_leapers() {
        let holed = Board::new(10, 10)
            .unwrap()
            .with_holes(&[(0, 0), (0, 1), (5, 5), (6, 5)]);
        let giraffe = Board::with_leaper(20, 20, Leaper::GIRAFFE).unwrap();
        for b in [holed.unwrap(), giraffe] {
            for open in [true, false] {
                let v = verify(run(&b, open).unwrap_or_else(|e| panic!("{b}: {e}"))).unwrap();
                assert_eq!((v.path()[0], v.is_closed()), (b.index(1, 3), !open), "{b}");
            }
        }
        // The (2, 3) leaper on 12x12: none found (whether one exists is not known
        // here); the search gives up with a message instead of hanging.
        let b = Board::with_leaper(12, 12, Leaper::new(2, 3).unwrap()).unwrap();
        let e = run(&b, true).unwrap_err();
        assert!(matches!(e, Error::GaveUp(_)), "{e}");
    }
}
