//! A construction for small boards of three or more sides: Warnsdorff's rule (leap to
//! the free cell with the fewest free onward leaps) generalized to any number of
//! dimensions, ties broken as the 2-D `roth` variant does (the cell farthest from the
//! centre first) and then at random, with Pósa rotations to get a stuck walk past its
//! dead end and to bring the ends of a finished walk a leap apart for a closed tour,
//! and restarts with another random stream when a walk's budget runs out.
//!
//! It is the stand-in for the formation construction on these boards (Besa et al.,
//! Section 5.1), and a construction in its own right for boards that one does not
//! cover. Its cost is O(cells * leaps) per walk plus O(cells) per rotation.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use knights_core::Board;
use knights_core::{Error, GaveUp, Tour, Unsupported};

use crate::Request;

/// Largest board (cells) the walk accepts.
pub const CELL_LIMIT: u64 = 1_000_000;
/// Largest board (cells) the walk accepts for a closed tour. Closing a finished walk
/// takes about `cells / 24` rotations of about `cells / 2` cells each, time growing
/// with the square of the cells: measured, 125,000 cells close in 13 s and 216,000 in
/// 73 s on two cores, and a million would take over half an hour.
pub const CLOSED_CELL_LIMIT: u64 = 130_000;
/// Walks tried before giving up.
pub const ATTEMPTS: u64 = 8;
/// Pósa rotations one walk may make, per cell.
const ROTATIONS_PER_CELL: u64 = 40;
/// Cells the rotations of all the walks may move, together: a bound on the time of
/// the walks that keep running into dead ends (long leapers on boards little wider
/// than their leap), which would otherwise rotate for hours. Enough to close a walk of
/// [`CLOSED_CELL_LIMIT`] cells; about half a minute at most.
pub const ROTATION_WORK: u64 = 5_000_000_000;

/// A closed (or, with `open`, open) tour of `space` as cell numbers, or `None` when
/// every walk ran out of its budget. `seed` chooses the random streams. Open tours
/// start at the corner, cell 0.
pub fn tour(space: &Board, open: bool, seed: u64) -> Option<Vec<u32>> {
    tour_within(space, open, seed, ROTATION_WORK)
}

/// [`tour`] with the rotations of all the walks moving at most `work` cells.
fn tour_within(space: &Board, open: bool, seed: u64, mut work: u64) -> Option<Vec<u32>> {
    let n = Neighbours::new(space);
    (0..ATTEMPTS).find_map(|attempt| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(attempt));
        Walk::new(&n, &mut rng, &mut work).run(open)
    })
}

/// The leaps from each cell, computed on the fly from its coordinates.
struct Neighbours {
    space: Board,
    /// The sides, x first.
    sides: Vec<i64>,
    strides: Vec<i64>,
    /// Each leap as its two moving axes and their steps.
    leaps: Vec<[(usize, i32); 2]>,
    cells: u32,
    /// Twice the centre of each axis, for the tie-break.
    centre2: Vec<i64>,
}

impl Neighbours {
    fn new(space: &Board) -> Neighbours {
        let sides = space.sides();
        let strides = sides
            .iter()
            .scan(1i64, |s, &side| {
                let here = *s;
                *s *= side as i64;
                Some(here)
            })
            .collect();
        let leaps = space
            .leap_vectors()
            .iter()
            .map(|v| {
                let mut moving = v.iter().enumerate().filter(|(_, &d)| d != 0);
                let mut next = || moving.next().map(|(i, &d)| (i, d)).expect("two axes move");
                [next(), next()]
            })
            .collect();
        Neighbours {
            centre2: sides.iter().map(|&s| s as i64 - 1).collect(),
            sides: sides.iter().map(|&s| s as i64).collect(),
            space: space.clone(),
            strides,
            leaps,
            cells: space.cells() as u32,
        }
    }

    fn coords(&self, c: u32) -> Vec<i64> {
        self.space.coords(c).into_iter().map(i64::from).collect()
    }

    /// The cells a leap from `c` reaches.
    fn of(&self, c: u32, out: &mut Vec<u32>) {
        out.clear();
        let xyz = self.coords(c);
        for &[(i, di), (j, dj)] in &self.leaps {
            let (a, b) = (xyz[i] + di as i64, xyz[j] + dj as i64);
            if a >= 0 && b >= 0 && a < self.sides[i] && b < self.sides[j] {
                let to = c as i64 + di as i64 * self.strides[i] + dj as i64 * self.strides[j];
                out.push(to as u32);
            }
        }
    }

    /// Four times the squared distance of `c` from the board's centre.
    fn spread(&self, c: u32) -> i64 {
        let xyz = self.coords(c);
        xyz.iter()
            .zip(&self.centre2)
            .map(|(&v, &m)| (2 * v - m) * (2 * v - m))
            .sum()
    }
}

/// One walk: the path so far, where each cell sits in it, and the free degrees.
struct Walk<'a, R: Rng> {
    n: &'a Neighbours,
    rng: &'a mut R,
    path: Vec<u32>,
    /// Position of each cell in the path, `u32::MAX` when free.
    pos: Vec<u32>,
    /// Free neighbours of each cell.
    free: Vec<u16>,
    rotations: u64,
    /// Cells the rotations of this and the later walks may still move.
    work: &'a mut u64,
    scratch: Vec<u32>,
}

impl<'a, R: Rng> Walk<'a, R> {
    fn new(n: &'a Neighbours, rng: &'a mut R, work: &'a mut u64) -> Walk<'a, R> {
        let mut scratch = Vec::new();
        let free = (0..n.cells)
            .map(|c| {
                n.of(c, &mut scratch);
                scratch.len() as u16
            })
            .collect();
        Walk {
            n,
            rng,
            path: Vec::with_capacity(n.cells as usize),
            pos: vec![u32::MAX; n.cells as usize],
            free,
            rotations: ROTATIONS_PER_CELL * n.cells as u64,
            work,
            scratch,
        }
    }

    /// Walks from cell 0 until every cell is visited (rotating past dead ends), then
    /// for a closed tour rotates until the ends are a leap apart.
    fn run(mut self, open: bool) -> Option<Vec<u32>> {
        self.visit(0);
        while self.path.len() < self.n.cells as usize {
            match self.next() {
                Some(c) => self.visit(c),
                None => self.rotate_to(|w, end| w.has_free(end))?,
            }
        }
        if !open && self.path.len() > 1 {
            if self.path.len() < 3 {
                return None;
            }
            let first = self.path[0];
            self.rotate_to(|w, end| w.leaps_to(end, first))?;
        }
        Some(self.path)
    }

    fn visit(&mut self, c: u32) {
        self.pos[c as usize] = self.path.len() as u32;
        self.path.push(c);
        self.n.of(c, &mut self.scratch);
        for &o in &self.scratch {
            self.free[o as usize] -= 1;
        }
    }

    fn has_free(&mut self, c: u32) -> bool {
        self.n.of(c, &mut self.scratch);
        self.scratch
            .iter()
            .any(|&o| self.pos[o as usize] == u32::MAX)
    }

    fn leaps_to(&mut self, a: u32, b: u32) -> bool {
        self.n.of(a, &mut self.scratch);
        self.scratch.contains(&b)
    }

    /// Warnsdorff's choice from the end: the free neighbour with the fewest free
    /// onward leaps, then the farthest from the centre, then at random.
    fn next(&mut self) -> Option<u32> {
        let end = *self.path.last()?;
        self.n.of(end, &mut self.scratch);
        let mut best: Option<(u16, i64, u32)> = None;
        let mut ties = 0u32;
        for &o in &self.scratch {
            if self.pos[o as usize] != u32::MAX {
                continue;
            }
            let key = (self.free[o as usize], -self.n.spread(o));
            match best {
                Some((f, s, _)) if (f, s) < key => {}
                Some((f, s, _)) if (f, s) == key => {
                    ties += 1;
                    if self.rng.gen_range(0..ties + 1) == 0 {
                        best = Some((key.0, key.1, o));
                    }
                }
                _ => {
                    best = Some((key.0, key.1, o));
                    ties = 0;
                }
            }
        }
        best.map(|(_, _, o)| o)
    }

    /// Pósa rotations of the path (keeping its start) until `done` holds for its end,
    /// within the walk's budget: with end `e` and a neighbour `p[i]` of it in the path,
    /// `p[..=i]` followed by `p[i+1..]` reversed is a path ending at `p[i + 1]`.
    fn rotate_to(&mut self, mut done: impl FnMut(&mut Self, u32) -> bool) -> Option<()> {
        let mut options = Vec::new();
        loop {
            let end = *self.path.last()?;
            if done(self, end) {
                return Some(());
            }
            if self.rotations == 0 {
                return None;
            }
            self.rotations -= 1;
            self.n.of(end, &mut options);
            let last = self.path.len() - 1;
            options.retain(|&o| {
                let p = self.pos[o as usize];
                p != u32::MAX && (p as usize) + 1 < last
            });
            if options.is_empty() {
                return None;
            }
            let pick = options[crate::pick::index(&mut self.rng, options.len())];
            let i = self.pos[pick as usize] as usize;
            let moved = (self.path.len() - i - 1) as u64;
            if *self.work < moved {
                *self.work = 0;
                return None;
            }
            *self.work -= moved;
            self.path[i + 1..].reverse();
            for (k, &c) in self.path.iter().enumerate().skip(i + 1) {
                self.pos[c as usize] = k as u32;
            }
        }
    }
}

/// Why `warnsdorff` refuses `req` on a board of three or more sides (a board too
/// large for its walks).
pub(crate) fn refusal(req: &Request) -> Result<(), Error> {
    let (board, cells) = (&req.board, req.board.cells());
    if cells > CELL_LIMIT {
        return Err(Unsupported::new(
            "warnsdorff",
            board,
            format!(
                "warnsdorff walks boards of three or more sides of at most {CELL_LIMIT} cells; the {board} board has {cells}"
            ),
        )
        .into());
    }
    if !req.open && cells > CLOSED_CELL_LIMIT {
        return Err(Unsupported::new(
            "warnsdorff",
            board,
            format!(
                "warnsdorff closes tours of boards of three or more sides of at most {CLOSED_CELL_LIMIT} cells, in time growing with the square of the cells; the {board} board has {cells}, which would take {}: try --open, or a board where besa applies",
                closing_minutes(cells)
            ),
        )
        .into());
    }
    Ok(())
}

/// How long a closed walk of `cells` takes, about (from the measured 73 s for 216,000
/// cells, scaled with the square of the cells).
fn closing_minutes(cells: u64) -> String {
    let x = cells as f64 / 216_000.0;
    match (73.0 * x * x / 60.0).round() as u64 {
        0..=1 => "about a minute".into(),
        m => format!("about {m} minutes"),
    }
}

/// Warnsdorff's rule with rotations and restarts on a board of three or more sides.
pub(crate) fn build(req: &Request) -> Result<Tour, Error> {
    let cells = req.board.cells();
    let path = tour(&req.board, req.open, req.seed).ok_or_else(|| {
        Error::from(GaveUp::Walks {
            algorithm: "warnsdorff",
            variant: None,
            board: req.board.to_string(),
            kind: req.kind(),
            walks: ATTEMPTS,
            moves: cells,
            hint: if req.open {
                "try another --seed"
            } else {
                "try another --seed, or --open"
            },
        })
    })?;
    Ok(Tour::new(req.board.clone(), path, !req.open))
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_core::verify;
    use knights_core::Leaper;

    /// Every 3-D board with sides 3..=6 and a few 4-D ones: the walk's tours are
    /// proven by `verify`, closed where a side is even, open everywhere; the boards it
    /// gives up on are listed (measured), so a change in either direction is seen.
    #[test]
    fn tours_of_small_boards_verify() {
        let mut gave_up = Vec::new();
        let mut boards: Vec<Vec<u32>> = Vec::new();
        for x in 3..=6 {
            for y in 3..=6 {
                for z in 3..=6 {
                    boards.push(vec![x, y, z]);
                }
            }
        }
        for s in [
            [3, 3, 3, 3],
            [4, 3, 3, 3],
            [4, 4, 4, 4],
            [5, 4, 3, 2],
            [3, 3, 3, 4],
        ] {
            boards.push(s.to_vec());
        }
        boards.push(vec![4, 4, 3, 3, 2]);
        for sides in boards {
            let s = Board::with_sides(&sides, Leaper::KNIGHT).unwrap();
            for open in [true, false] {
                if !open && sides.iter().all(|v| v % 2 == 1) {
                    continue; // no closed tour exists
                }
                if sides.iter().all(|&v| v == 3) {
                    continue; // the centre has no leap: no tour exists
                }
                match tour(&s, open, 0) {
                    Some(path) => {
                        let t = Tour::new(s.clone(), path, !open);
                        verify::check(&t).unwrap_or_else(|e| panic!("{s} open={open}: {e}"));
                    }
                    None => gave_up.push(format!("{s}{}", if open { " open" } else { "" })),
                }
            }
        }
        assert_eq!(gave_up, Vec::<String>::new());
    }

    #[test]
    fn the_issues_boards_get_closed_tours() {
        for sides in [[20, 16, 6], [12, 8, 3], [16, 12, 5]] {
            let s = Board::with_sides(&sides, Leaper::KNIGHT).unwrap();
            let path = tour(&s, false, 0).unwrap_or_else(|| panic!("{s}"));
            verify::check(&Tour::new(s, path, true)).unwrap();
        }
    }

    #[test]
    fn the_rotations_of_all_walks_share_one_bound() {
        let s = Board::with_sides(&[8, 8, 8], Leaper::KNIGHT).unwrap();
        assert!(tour_within(&s, false, 0, ROTATION_WORK).is_some());
        assert!(tour_within(&s, false, 0, 0).is_none());
    }
}
