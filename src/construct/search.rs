//! The search `auto` falls back on for boards the formation algorithm does not cover:
//! Warnsdorff walks (several tie-breaks, shuffled orders, start corners, each with a
//! move budget) find a Hamiltonian path, and Pósa rotations close it.
//!
//! A Pósa rotation: if the end `e` of the path `v0 .. vi vi+1 .. e` is a leap from `vi`,
//! then `v0 .. vi e .. vi+1` is a path over the same cells ending at `vi+1`. Each
//! rotation moves an end at most two leaps, so the search walks the ends towards each
//! other (greedily, with some random moves to escape local minima) and, at every
//! step, takes a rotation that brings them a leap apart as soon as one exists.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::backtrack::Field;
use super::warnsdorff::{run, Plan, TieBreak};
use super::{Construction, Request};
use crate::{Error, Tour};

/// Reverses `path[a..=b]`, keeping `pos` (the index of every cell in `path`) right.
fn reverse(path: &mut [u32], pos: &mut [u32], a: usize, b: usize) {
    path[a..=b].reverse();
    for (i, &p) in path[a..=b].iter().enumerate() {
        pos[p as usize] = (a + i) as u32;
    }
}

/// Squared distance between two cells.
fn dist2(field: &Field, p: u32, q: u32) -> u64 {
    let ((px, py), (qx, qy)) = (field.xy(p), field.xy(q));
    let (dx, dy) = (px.abs_diff(qx) as u64, py.abs_diff(qy) as u64);
    dx * dx + dy * dy
}

/// A rotation that leaves the two ends a leap apart, as the segment to reverse.
fn closing_rotation(field: &Field, path: &[u32], pos: &[u32]) -> Option<(usize, usize)> {
    let k = path.len() - 1;
    let (s, e) = (path[0], path[k]);
    for u in field.neighbours(e).filter(|&u| field.is_cell(u)) {
        let i = pos[u as usize] as usize;
        if i + 1 < k && field.adjacent(path[i + 1], s) {
            return Some((i + 1, k));
        }
    }
    for u in field.neighbours(s).filter(|&u| field.is_cell(u)) {
        let i = pos[u as usize] as usize;
        if i > 1 && field.adjacent(path[i - 1], e) {
            return Some((0, i - 1));
        }
    }
    None
}

/// One rotation at either end: usually the one whose new end is nearest the other
/// end, one time in four a random one.
fn some_rotation(
    field: &Field,
    path: &[u32],
    pos: &[u32],
    rng: &mut ChaCha8Rng,
) -> Option<(usize, usize)> {
    let k = path.len() - 1;
    let (s, e) = (path[0], path[k]);
    let mut moves = [(0u64, 0usize, 0usize); 16];
    let mut n = 0;
    for u in field.neighbours(e).filter(|&u| field.is_cell(u)) {
        let i = pos[u as usize] as usize;
        if i + 1 < k {
            moves[n] = (dist2(field, path[i + 1], s), i + 1, k);
            n += 1;
        }
    }
    for u in field.neighbours(s).filter(|&u| field.is_cell(u)) {
        let i = pos[u as usize] as usize;
        if i > 1 {
            moves[n] = (dist2(field, path[i - 1], e), 0, i - 1);
            n += 1;
        }
    }
    if n == 0 {
        return None;
    }
    let moves = &mut moves[..n];
    if rng.gen_ratio(1, 4) {
        let (_, a, b) = moves[rng.gen_range(0..n)];
        return Some((a, b));
    }
    let best = moves.iter().map(|m| m.0).min().expect("n > 0");
    let ties = moves.iter().filter(|m| m.0 == best).count();
    let (_, a, b) = *moves
        .iter()
        .filter(|m| m.0 == best)
        .nth(rng.gen_range(0..ties))
        .expect("a tie");
    Some((a, b))
}

/// Brings the ends of the Hamiltonian path `path` (padded indices) a leap apart by at
/// most `budget` Pósa rotations. Returns the rotations made, `None` if it failed.
pub(crate) fn close(
    field: &Field,
    path: &mut [u32],
    rng: &mut ChaCha8Rng,
    budget: u64,
) -> Option<u64> {
    if path.len() < 3 {
        return None;
    }
    let mut pos = vec![0u32; field.len()];
    for (i, &p) in path.iter().enumerate() {
        pos[p as usize] = i as u32;
    }
    let k = path.len() - 1;
    for made in 0..budget {
        if field.adjacent(path[0], path[k]) {
            return Some(made);
        }
        if let Some((a, b)) = closing_rotation(field, path, &pos) {
            reverse(path, &mut pos, a, b);
            return Some(made + 1);
        }
        let (a, b) = some_rotation(field, path, &pos, rng)?;
        reverse(path, &mut pos, a, b);
    }
    field.adjacent(path[0], path[k]).then_some(budget)
}

/// Rotations [`close_and_align`] may make on a `w` x `h` board: about ten times what
/// closing takes (measured: 0.2 (w + h) on n x n boards, `closing_measure` below).
fn rotation_budget(field: &Field) -> u64 {
    let (w, h) = field.size();
    200 + 2 * (w as u64 + h as u64)
}

/// `path` closed into a cycle by Pósa rotations and turned to begin at `start`, or
/// `None` when the rotation budget ran out.
pub(crate) fn close_and_align(
    field: &Field,
    mut path: Vec<u32>,
    start: u32,
    seed: u64,
) -> Option<Vec<u32>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    close(field, &mut path, &mut rng, rotation_budget(field))?;
    let at = path.iter().position(|&p| p == start)?;
    path.rotate_left(at);
    Some(path)
}

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
    fn summary(&self) -> &'static str {
        "Warnsdorff walks with tie-breaks and restarts, closed by Pósa rotations"
    }
    fn boards(&self) -> &'static str {
        "boards with both sides 3 to 100, and strips 3 to 8 wide up to 1000 long (every one swept)"
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        let (w, h) = (req.board.width(), req.board.height());
        let (short, long) = (w.min(h), w.max(h));
        if short < 3 || long > STRIP_LONG || (long > SQUARE_SIDE && short > STRIP_SHORT) {
            return Err(Error::Unsupported(format!(
                "search covers boards with both sides from 3 to {SQUARE_SIDE}, and strips 3 to {STRIP_SHORT} wide up to {STRIP_LONG} long, not {}: use besa, parberry or warnsdorff",
                req.board
            )));
        }
        Ok(())
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        let plan = Plan {
            ties: &TIES,
            attempts: ATTEMPTS,
            budget: walk_budget(req.board.cells()),
        };
        run(req, &plan, self.name())?.ok_or_else(|| {
            Error::GaveUp(format!(
                "search found no {} tour of the {} board in {ATTEMPTS} walks of {} moves; try another --seed",
                if req.open { "open" } else { "closed" },
                req.board,
                plan.budget
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::construct::{build, existence};
    use crate::verify::verify;
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
mod measure {
    use super::*;
    use crate::board::Board;
    use crate::verify::verify;
    use std::time::{Duration, Instant};

    fn try_board(w: u32, h: u32, open: bool) {
        let mut r = Request::closed(Board::new(w, h).unwrap());
        r.open = open;
        let t = Instant::now();
        let res = Search.build(&r).map(|t| verify(t).map(|_| ()));
        println!(
            "{w}x{h} {}: {:?} in {:?}",
            if open { "open" } else { "closed" },
            res.map_err(|e| e.to_string()),
            t.elapsed()
        );
    }

    /// Rotations and time to close a Warnsdorff (roth) path on n x n boards.
    #[test]
    #[ignore]
    fn closing_measure() {
        use crate::construct::backtrack::Outcome;
        use crate::construct::warnsdorff::{walk, Heuristic};
        for n in [10, 20, 40, 100, 200, 300, 500, 1000] {
            let b = Board::new(n, n).unwrap();
            let mut field = Field::new(&b).unwrap();
            let start = field.cell(0, 0);
            let mut rule = Heuristic::new(&field, TieBreak::Roth, 0, 0);
            let t = Instant::now();
            let Outcome::Found(mut path) = walk(&mut field, start, &mut rule, 10 * b.cells())
            else {
                println!("{n}x{n}: no path");
                continue;
            };
            let tw = t.elapsed();
            let (s, e) = (field.xy(path[0]), field.xy(*path.last().unwrap()));
            for seed in 0..3 {
                let mut p = path.clone();
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let t = Instant::now();
                let r = close(&field, &mut p, &mut rng, 10_000_000);
                println!("{n}x{n}: walk {tw:?} ends {s:?} {e:?}; seed {seed}: closed after {r:?} rotations in {:?}", t.elapsed());
            }
            path.clear();
        }
    }

    /// Every board the search accepts, open and closed (where a tour exists), built
    /// and verified: `cargo test --release --lib search_sweep_measure -- --ignored
    /// --nocapture` (several minutes).
    #[test]
    #[ignore]
    fn search_sweep_measure() {
        use crate::construct::existence;
        let mut boards: Vec<(u32, u32)> = Vec::new();
        for w in 3..=SQUARE_SIDE {
            boards.extend((3..=SQUARE_SIDE).map(|h| (w, h)));
        }
        for s in 3..=STRIP_SHORT {
            for l in SQUARE_SIDE + 1..=STRIP_LONG {
                boards.extend([(s, l), (l, s)]);
            }
        }
        for open in [false, true] {
            let t = Instant::now();
            let (mut n, mut fails, mut slowest) = (0, Vec::new(), (Duration::ZERO, (0, 0)));
            for &(w, h) in &boards {
                let mut r = Request::closed(Board::new(w, h).unwrap());
                r.open = open;
                if existence::check(&r.board, open).is_err() {
                    continue;
                }
                n += 1;
                let tb = Instant::now();
                let ok = Search
                    .build(&r)
                    .map(|t| verify(t).map(|v| v.is_closed() != open));
                if !matches!(ok, Ok(Ok(true))) {
                    fails.push((w, h));
                }
                slowest = slowest.max((tb.elapsed(), (w, h)));
            }
            println!(
                "open {open}: {n} boards in {:?}, slowest {slowest:?}, failures {fails:?}",
                t.elapsed()
            );
        }
    }

    #[test]
    #[ignore]
    fn search_narrow() {
        for n in [10, 12, 14, 20, 30, 50, 100, 200, 500, 1000] {
            try_board(3, n, false);
            try_board(n, 3, false);
        }
        for n in [7, 9, 20, 50, 100, 200, 500, 1000] {
            try_board(3, n, true);
            try_board(4, n, true);
            try_board(n, 4, true);
        }
        for (w, h) in [
            (5, 1000),
            (5, 5000),
            (6, 5000),
            (7, 5000),
            (8, 5000),
            (5, 200),
            (10, 300),
            (5000, 5),
        ] {
            try_board(w, h, true);
            try_board(w, h, false);
        }
    }
}
