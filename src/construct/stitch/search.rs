//! The search that found the special tiles of `tiles.txt` (run by a test, never when
//! building a tour). It is the plain search of Leslie-Hurd's "Large Knight's Tours": Warnsdorff's rule (try the
//! cell with the fewest onward leaps first) with backtracking under a budget of 100
//! leaps per cell, restarting with fresh random tie-breaks when the budget runs out,
//! here with the tiles' join edges forced in. Of the first [`TRIES`] tours it finds
//! for a rectangle it keeps the one with the fewest turns, then crossings, so that the
//! stitched tours are as calm as these tiles allow. Seeded, so it finds the same tiles
//! every time.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::tiles::{Side, Tile};
use crate::board::Board;
use crate::metrics;
use crate::moves::MoveGrid;

/// How many tours of each rectangle the search finds before keeping the best.
pub const TRIES: usize = 200;

/// A tour of the `w` x `h` rectangle holding the join edges of its sides: closed
/// starting at `(0, 0)`, or open starting at `(w - 1, 0)` when both sides are odd; of
/// [`TRIES`] found, the one with the fewest turns, then crossings.
pub fn find_tile(w: u32, h: u32) -> Vec<u32> {
    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(w * 100 + h));
    let board = Board::new(w, h).expect("tile sizes are valid");
    let closed = !Tile::is_open_size(w, h);
    let score = |path: &[u32]| {
        let g = MoveGrid::from_path(&board, path, closed).expect("the search leaps");
        (metrics::turns(&g), metrics::crossings(&g))
    };
    let found = std::iter::repeat_with(|| {
        let mut s = Search::new(w, h, rng.gen());
        s.run().then_some(s.path)
    });
    let tours = found.flatten().take(TRIES);
    tours.min_by_key(|p| score(p)).expect("TRIES is positive")
}

/// Did a branch find a tour, fail, or use up the budget?
#[derive(PartialEq)]
enum Outcome {
    Found,
    Failed,
    OutOfBudget,
}

/// One attempt.
struct Search {
    nbrs: Vec<Vec<u32>>,
    /// The partners each cell must be linked to (the join edges).
    forced: Vec<Vec<u32>>,
    visited: Vec<bool>,
    /// Unvisited neighbours of each cell.
    free: Vec<u32>,
    path: Vec<u32>,
    closed: bool,
    start: u32,
    /// For a closed tour: the start's other neighbour, which only the last step enters.
    last: Option<u32>,
    budget: u64,
    rng: ChaCha8Rng,
}

impl Search {
    fn new(w: u32, h: u32, seed: u64) -> Search {
        let board = Board::new(w, h).expect("tile sizes are valid");
        let cells = w * h;
        let nbrs: Vec<Vec<u32>> = (0..cells)
            .map(|c| (0..8).filter_map(|d| board.step(c, d)).collect())
            .collect();
        let closed = !Tile::is_open_size(w, h);
        let sides: &[Side] = if closed {
            &[Side::Left, Side::Right, Side::Bottom, Side::Top]
        } else {
            &[Side::Left, Side::Top]
        };
        let mut forced = vec![Vec::new(); cells as usize];
        for side in sides {
            let [(ax, ay), (bx, by)] = side.edge(w, h);
            let (a, b) = (board.index(ax, ay), board.index(bx, by));
            forced[a as usize].push(b);
            forced[b as usize].push(a);
        }
        let start = if closed { 0 } else { w - 1 };
        Search {
            free: nbrs.iter().map(|n| n.len() as u32).collect(),
            last: closed.then(|| nbrs[0][1]),
            nbrs,
            forced,
            visited: vec![false; cells as usize],
            path: Vec::with_capacity(cells as usize),
            closed,
            start,
            budget: 100 * u64::from(cells),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    fn run(&mut self) -> bool {
        self.visit(self.start);
        self.extend(self.start, None) == Outcome::Found
    }

    fn visit(&mut self, c: u32) {
        self.visited[c as usize] = true;
        self.path.push(c);
        for &u in &self.nbrs[c as usize] {
            self.free[u as usize] -= 1;
        }
    }

    fn unvisit(&mut self, c: u32) {
        self.visited[c as usize] = false;
        self.path.pop();
        for &u in &self.nbrs[c as usize] {
            self.free[u as usize] += 1;
        }
    }

    /// The forced partners of `c` other than those in `linked`.
    fn unlinked(&self, c: u32, linked: &[u32]) -> Vec<u32> {
        let f = &self.forced[c as usize];
        f.iter().copied().filter(|p| !linked.contains(p)).collect()
    }

    fn extend(&mut self, c: u32, prev: Option<u32>) -> Outcome {
        let n = self.nbrs.len();
        if self.path.len() == n {
            return if self.ends_ok(c, prev) {
                Outcome::Found
            } else {
                Outcome::Failed
            };
        }
        if self.budget == 0 {
            return Outcome::OutOfBudget;
        }
        self.budget -= 1;
        let mut linked: Vec<u32> = prev.into_iter().collect();
        if self.closed && c == self.start {
            linked.extend(self.last);
        }
        let must = self.unlinked(c, &linked);
        if must.len() > 1 {
            return Outcome::Failed;
        }
        let mut next: Vec<u32> = self.nbrs[c as usize]
            .iter()
            .copied()
            .filter(|&m| !self.visited[m as usize] && must.iter().all(|&f| f == m))
            .filter(|&m| self.may_enter(m, c))
            .collect();
        next.shuffle(&mut self.rng);
        next.sort_by_key(|&m| self.free[m as usize]);
        for m in next {
            self.visit(m);
            if !self.dead_end_ahead(m) {
                let r = self.extend(m, Some(c));
                if r != Outcome::Failed {
                    return r;
                }
            }
            self.unvisit(m);
        }
        Outcome::Failed
    }

    /// Whether `m` may be entered from `c` now: the reserved last cell only at the end,
    /// and `m`'s other forced partners must still be free to link to it.
    fn may_enter(&self, m: u32, c: u32) -> bool {
        let final_step = self.path.len() + 1 == self.nbrs.len();
        if Some(m) == self.last {
            return final_step;
        }
        let rest = self.unlinked(m, &[c]);
        rest.len() <= usize::from(!final_step) && rest.iter().all(|&f| !self.visited[f as usize])
    }

    /// After entering `m`: an unvisited neighbour with no other way in must be the
    /// last cell, so two of them, or one before the last step, is a dead end.
    fn dead_end_ahead(&self, m: u32) -> bool {
        let stuck = self.nbrs[m as usize]
            .iter()
            .filter(|&&u| !self.visited[u as usize] && self.free[u as usize] == 0)
            .count();
        stuck > 1 || (stuck == 1 && self.path.len() + 1 != self.nbrs.len())
    }

    /// The tour's ends keep their forced links (and a closed tour can close).
    fn ends_ok(&self, c: u32, prev: Option<u32>) -> bool {
        let second = self.path[1];
        let prev: Vec<u32> = prev.into_iter().collect();
        if self.closed {
            Some(c) == self.last
                && self.unlinked(c, &[prev[0], self.start]).is_empty()
                && self.unlinked(self.start, &[second, c]).is_empty()
        } else {
            self.unlinked(c, &prev).is_empty() && self.unlinked(self.start, &[second]).is_empty()
        }
    }
}
