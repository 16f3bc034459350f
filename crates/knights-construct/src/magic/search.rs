//! The search that found the stored semi-magic tours of the chessboard: a depth-first
//! search of the knight's path that numbers the cells as it goes and prunes every
//! branch where some row or column can no longer reach the magic sum. Kept (in the
//! tests) to prove that the stored tours are its answers from the default start: a
//! request is answered from them, moved by the board's symmetries (`known`), at once,
//! where the search from most other squares runs for minutes.
//!
//! What propagates at each step, for every row and column: its cells still empty will
//! receive distinct numbers above the current step, and of one parity per colour of
//! square (a knight's leap changes colour, so odd numbers stand on one colour and even
//! ones on the other); the sum still missing must lie between the smallest and the
//! largest such numbers can give. Besides, each quarter of the numbers falls twice in
//! every line (a restriction of the search, which the stored tours meet, not a
//! property of every semi-magic tour); an empty cell left with no empty neighbour
//! ends the branch, and a cell left with one must be the next or the last (a forced
//! move). Neighbours are tried fewest onward leaps first (Warnsdorff's order).

use knights_core::{Board, Error, GaveUp, Tour};

use super::START;
use crate::Request;

/// Steps the search may make: five times what the default start needs (about four
/// million), a few seconds of one core optimized.
const BUDGET: u64 = 20_000_000;

/// The search for a semi-magic tour of `req`, from its start or [`START`].
pub(super) fn search(req: &Request) -> Result<Tour, Error> {
    search_within(req, BUDGET)
}

/// [`search`], giving up after `budget` steps, or when its space (restricted, see the
/// module's comment) holds no tour: neither proves that none exists.
fn search_within(req: &Request, budget: u64) -> Result<Tour, Error> {
    let (x, y) = req.start.unwrap_or(START);
    let start = req.board.index(x, y);
    let mut s = Search::new(&req.board, !req.open, budget);
    match s.run(start) {
        Some(path) => Ok(Tour::new(req.board.clone(), path, !req.open)),
        None => Err(GaveUp::Runs {
            algorithm: "magic",
            board: req.board.to_string(),
            what: format!(
                "no semi-magic tour from [{x}, {y}] within the {budget} steps its search may make"
            ),
            hint: "leave out --start",
        }
        .into()),
    }
}

/// The state of the search.
struct Search {
    w: usize,
    n: usize,
    closed: bool,
    /// The colour of the start, whose cells get the odd numbers.
    parity: usize,
    /// Each cell's neighbours.
    adj: Vec<Vec<u32>>,
    /// The number given to each cell, 0 while empty.
    num: Vec<u32>,
    /// Empty neighbours of each cell.
    free: Vec<u8>,
    /// Sum and empty cells of each colour, per row and per column.
    rows: Vec<Line>,
    cols: Vec<Line>,
    row_target: u64,
    col_target: u64,
    path: Vec<u32>,
    steps: u64,
    /// Steps it may make.
    budget: u64,
}

/// A row or column: the sum so far and its empty cells of each colour.
#[derive(Clone, Copy)]
struct Line {
    sum: u64,
    empty: [u32; 2],
    /// How many numbers of each quarter of the tour fall in this line.
    quarters: [u8; 4],
}

impl Search {
    fn new(board: &Board, closed: bool, budget: u64) -> Search {
        let (w, h) = (board.width() as usize, board.height() as usize);
        let n = w * h;
        let adj: Vec<Vec<u32>> = (0..n as u32)
            .map(|c| (0..8).filter_map(|d| board.step(c, d)).collect())
            .collect();
        let free = adj.iter().map(|a| a.len() as u8).collect();
        let total = (n * (n + 1) / 2) as u64;
        let line = |len: usize| Line {
            sum: 0,
            empty: [len.div_ceil(2) as u32, (len / 2) as u32],
            quarters: [0; 4],
        };
        let mut rows = vec![line(w); h];
        let mut cols = vec![line(h); w];
        // Colour 0 is that of (0, 0); in odd rows it is the second cell.
        for (y, r) in rows.iter_mut().enumerate() {
            if y % 2 == 1 {
                r.empty = [(w / 2) as u32, w.div_ceil(2) as u32];
            }
        }
        for (x, c) in cols.iter_mut().enumerate() {
            if x % 2 == 1 {
                c.empty = [(h / 2) as u32, h.div_ceil(2) as u32];
            }
        }
        Search {
            w,
            n,
            closed,
            parity: 0,
            adj,
            num: vec![0; n],
            free,
            rows,
            cols,
            row_target: total / h as u64,
            col_target: total / w as u64,
            path: Vec::with_capacity(n),
            steps: 0,
            budget,
        }
    }

    /// The quarter of the tour step `t` (from 1) lies in.
    fn quarter(&self, t: u64) -> usize {
        ((t - 1) * 4 / self.n as u64) as usize
    }

    fn colour(&self, c: u32) -> usize {
        let (x, y) = (c as usize % self.w, c as usize / self.w);
        (x + y) % 2
    }

    fn run(&mut self, start: u32) -> Option<Vec<u32>> {
        self.parity = self.colour(start);
        self.place(start);
        if self.dfs(start) {
            return Some(std::mem::take(&mut self.path));
        }
        None
    }

    fn place(&mut self, c: u32) {
        let t = self.path.len() as u64 + 1;
        let colour = self.colour(c);
        let (x, y) = (c as usize % self.w, c as usize / self.w);
        self.num[c as usize] = t as u32;
        self.path.push(c);
        let q = self.quarter(t);
        for line in [&mut self.rows[y], &mut self.cols[x]] {
            line.sum += t;
            line.empty[colour] -= 1;
            line.quarters[q] += 1;
        }
        for i in 0..self.adj[c as usize].len() {
            let a = self.adj[c as usize][i];
            self.free[a as usize] -= 1;
        }
    }

    fn unplace(&mut self, c: u32) {
        let t = self.path.len() as u64;
        let colour = self.colour(c);
        let (x, y) = (c as usize % self.w, c as usize / self.w);
        self.num[c as usize] = 0;
        self.path.pop();
        let q = self.quarter(t);
        for line in [&mut self.rows[y], &mut self.cols[x]] {
            line.sum -= t;
            line.empty[colour] += 1;
            line.quarters[q] -= 1;
        }
        for i in 0..self.adj[c as usize].len() {
            let a = self.adj[c as usize][i];
            self.free[a as usize] += 1;
        }
    }

    /// Whether `line` can still reach `target` with numbers above the current step.
    fn feasible(&self, line: &Line, target: u64) -> bool {
        let t = self.path.len() as u64;
        let n = self.n as u64;
        let Some(need) = target.checked_sub(line.sum) else {
            return false;
        };
        let (mut lo, mut hi) = (0u64, 0u64);
        for colour in 0..2 {
            let e = line.empty[colour] as u64;
            if e == 0 {
                continue;
            }
            // Cells of the start's colour get the odd numbers.
            let odd = colour == self.parity;
            let first = if (t + 1) % 2 == odd as u64 {
                t + 1
            } else {
                t + 2
            };
            let last = if n % 2 == odd as u64 { n } else { n - 1 };
            if first + 2 * (e - 1) > last {
                return false;
            }
            lo += e * first + e * (e - 1);
            hi += e * last - e * (e - 1);
        }
        (lo..=hi).contains(&need) && self.quarters_feasible(line, need)
    }

    /// Whether `line` can still get `need` when each quarter of the numbers falls in
    /// it `n / 4` times: the numbers still due from each quarter lie in its range,
    /// above the current step.
    fn quarters_feasible(&self, line: &Line, need: u64) -> bool {
        let t = self.path.len() as u64;
        let (len, share) = ((self.n / 4) as u64, (self.w / 4) as u64);
        let (mut lo, mut hi) = (0u64, 0u64);
        for (q, &have) in line.quarters.iter().enumerate() {
            let due = share.saturating_sub(have as u64);
            if due == 0 {
                continue;
            }
            let first = (q as u64 * len + 1).max(t + 1);
            let last = (q as u64 + 1) * len;
            if first + due - 1 > last {
                return false;
            }
            lo += due * first + due * (due - 1) / 2;
            hi += due * last - due * (due - 1) / 2;
        }
        (lo..=hi).contains(&need)
    }

    /// Whether every row and column can still reach its sum.
    fn sums_feasible(&self, c: u32) -> bool {
        let (x, y) = (c as usize % self.w, c as usize / self.w);
        let q = self.quarter(self.path.len() as u64);
        let share = (self.w / 4) as u8;
        if self.rows[y].quarters[q] > share || self.cols[x].quarters[q] > share {
            return false;
        }
        if !(self.feasible(&self.rows[y], self.row_target)
            && self.feasible(&self.cols[x], self.col_target))
        {
            return false;
        }
        // The bounds of the other lines tighten as the step grows too: check them all.
        self.rows.iter().all(|l| self.feasible(l, self.row_target))
            && self.cols.iter().all(|l| self.feasible(l, self.col_target))
    }

    /// Whether the empty cells can still be toured from `c`: none without an empty
    /// neighbour, and at most one with a single one besides those next to `c` (it
    /// must end the path).
    fn connected_enough(&self, c: u32) -> bool {
        let near = &self.adj[c as usize];
        let mut ends = 0;
        for (i, &f) in self.free.iter().enumerate() {
            if self.num[i] != 0 || f > 1 {
                continue;
            }
            let next = near.contains(&(i as u32));
            match (f, next) {
                (0, false) => return false,
                (1, false) => ends += 1,
                _ => {}
            }
        }
        ends <= 1
    }

    fn dfs(&mut self, c: u32) -> bool {
        if self.path.len() == self.n {
            // A closed tour's ends are a leap apart, an open one's are not (the tour
            // format reads a numbering whose ends are a leap apart as closed).
            let first = self.path[0];
            return self.adj[c as usize].contains(&first) == self.closed;
        }
        self.steps += 1;
        if self.steps >= self.budget || !self.sums_feasible(c) || !self.connected_enough(c) {
            return false;
        }
        let mut next: Vec<(u8, u32)> = self.adj[c as usize]
            .iter()
            .filter(|&&a| self.num[a as usize] == 0)
            .map(|&a| (self.free[a as usize], a))
            .collect();
        next.sort_unstable();
        for (_, a) in next {
            self.place(a);
            if self.dfs(a) {
                return true;
            }
            self.unplace(a);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Construction;
    use knights_core::magic::{self, Kind};
    use knights_core::verify;

    /// The search's semi-magic tour of the chessboard, open or closed (searched, never
    /// the stored tour).
    fn semi(open: bool) -> Tour {
        let mut req = Request::closed(Board::new(8, 8).unwrap());
        req.open = open;
        req.variant = Some("semi".into());
        super::super::Magic.check(&req).unwrap();
        search(&req).unwrap()
    }

    #[test]
    fn finds_the_stored_open_semi_magic_tour_of_the_chessboard() {
        let t = verify::verify(semi(true)).unwrap();
        // Open by the format's definition: its ends are not a leap apart, so its
        // numbered grid reads back open (issue 39, case 12: it was the closed tour's
        // numbering, labelled open).
        assert!(!t.is_closed());
        let p = t.path();
        assert!(t.board().dir_between(p[63], p[0]).is_none());
        assert_eq!(p, knights_core::examples::magic_8x8_open().path());
        let m = magic::of_path(t.board(), t.path());
        assert_eq!(m.kind, Kind::SemiMagic, "{m:?}");
        assert_eq!(m.rows, vec![260; 8]);
    }

    #[test]
    fn finds_the_stored_closed_one() {
        let t = verify::verify(semi(false)).unwrap();
        assert!(t.is_closed());
        // The gallery's classic figures and its 8x8-magic tour: the search from the
        // default start finds exactly it.
        assert_eq!(t.path(), knights_core::examples::magic_8x8().path());
        let m = magic::of_path(t.board(), t.path());
        assert_eq!((m.kind, m.columns.clone()), (Kind::SemiMagic, vec![260; 8]));
    }

    /// A search out of steps says so, without claiming that no tour exists.
    #[test]
    fn a_search_out_of_steps_says_so() {
        let mut req = Request::closed(Board::new(8, 8).unwrap());
        req.variant = Some("semi".into());
        req.start = Some((7, 7));
        let e = search_within(&req, 1000).unwrap_err().to_string();
        assert_eq!(
            e,
            "magic gave up on the 8x8 board: no semi-magic tour from [7, 7] within the 1000 steps its search may make; leave out --start"
        );
    }
}
