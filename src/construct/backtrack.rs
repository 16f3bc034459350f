//! Exact depth-first search for tours, and the board representation every search here
//! shares (Warnsdorff's rule and the closing search build on it).
//!
//! The board is padded by a margin of blocked cells as wide as the longest leap, so a
//! neighbour is one addition with no bounds test, and each free cell keeps its number of
//! free neighbours in one byte: that is Warnsdorff's "accessibility", kept up to date in
//! O(1) per move. The search is iterative (no recursion, so a million-cell walk cannot
//! overflow the stack), keeps one byte of tried directions per step, allocates nothing
//! per step, and stops after a budget of moves.
//!
//! The `backtrack` construction is the plain baseline of seed 004: neighbours in a fixed
//! order, no pruning. It only accepts boards it measurably finishes quickly.

use super::{Construction, Request};
use crate::board::Board;
use crate::{Error, Tour};

/// `degree` flag: the cell is visited (or not a cell at all).
const BLOCKED: u8 = 0x80;
/// `degree` flag: the cell is in the margin or a hole, never part of a tour.
const WALL: u8 = 0x40;

/// A board padded with walls, with the number of free neighbours of every free cell.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    width: u32,
    height: u32,
    pad: u32,
    stride: u32,
    offsets: [u32; 8],
    degree: Vec<u8>,
    free: u64,
    /// Free cells with 0 and with 1 free neighbour.
    low: [u64; 2],
}

impl Field {
    /// The padded field of `board`, every cell free.
    pub(crate) fn new(board: &Board) -> Result<Field, Error> {
        let (_, b) = board.leaper().steps();
        let (w, h) = (board.width() as u64, board.height() as u64);
        let (stride, rows) = (w + 2 * b as u64, h + 2 * b as u64);
        if stride * rows > u32::MAX as u64 {
            return Err(Error::TooLarge(format!(
                "a {board} board is too large to search: its padded grid has more than {} cells",
                u32::MAX
            )));
        }
        let offsets = board
            .leaper()
            .dirs()
            .map(|(dx, dy)| (dx as i64 + dy as i64 * stride as i64) as u32);
        let mut f = Field {
            width: board.width(),
            height: board.height(),
            pad: b,
            stride: stride as u32,
            offsets,
            degree: vec![WALL | BLOCKED; (stride * rows) as usize],
            free: board.cells(),
            low: [0; 2],
        };
        for c in 0..board.area() as u32 {
            if !board.is_hole(c) {
                let (x, y) = board.xy(c);
                let p = f.cell(x, y);
                f.degree[p as usize] = 0;
            }
        }
        for p in 0..f.degree.len() as u32 {
            if f.is_free(p) {
                let d = f.neighbours(p).filter(|&n| f.is_free(n)).count() as u8;
                f.degree[p as usize] = d;
                f.count(d, 1);
            }
        }
        Ok(f)
    }

    /// The padded index of board square `(x, y)`.
    pub(crate) fn cell(&self, x: u32, y: u32) -> u32 {
        (y + self.pad) * self.stride + x + self.pad
    }

    /// The board square `(x, y)` of padded index `p`.
    pub(crate) fn xy(&self, p: u32) -> (u32, u32) {
        (p % self.stride - self.pad, p / self.stride - self.pad)
    }

    /// The board's cell number of padded index `p`.
    pub(crate) fn board_cell(&self, p: u32) -> u32 {
        let (x, y) = self.xy(p);
        y * self.width + x
    }

    /// Board width and height.
    pub(crate) fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Number of padded cells (the length of per-cell arrays indexed by padded index).
    pub(crate) fn len(&self) -> usize {
        self.degree.len()
    }

    /// The cell a leap in direction `d` from `p` lands on (maybe a wall).
    pub(crate) fn step(&self, p: u32, d: usize) -> u32 {
        p.wrapping_add(self.offsets[d])
    }

    /// The eight cells a leap from `p` lands on, walls included.
    pub(crate) fn neighbours(&self, p: u32) -> impl Iterator<Item = u32> + '_ {
        self.offsets.iter().map(move |&o| p.wrapping_add(o))
    }

    /// Whether `p` is a cell of the board (visited or not).
    pub(crate) fn is_cell(&self, p: u32) -> bool {
        self.degree[p as usize] & WALL == 0
    }

    /// Whether `p` is a cell not yet visited.
    pub(crate) fn is_free(&self, p: u32) -> bool {
        self.degree[p as usize] & BLOCKED == 0
    }

    /// The number of free neighbours of the free cell `p`.
    pub(crate) fn degree(&self, p: u32) -> u8 {
        self.degree[p as usize]
    }

    /// Free cells left.
    pub(crate) fn remaining(&self) -> u64 {
        self.free
    }

    /// Whether the board cells `p` and `q` are a leap apart.
    pub(crate) fn adjacent(&self, p: u32, q: u32) -> bool {
        let diff = q.wrapping_sub(p);
        self.offsets.contains(&diff)
    }

    /// Adds `add` (±1) to the count of free cells of `degree`, when it is 0 or 1.
    fn count(&mut self, degree: u8, add: i64) {
        if degree < 2 {
            self.low[degree as usize] = self.low[degree as usize].wrapping_add(add as u64);
        }
    }

    /// Updates the low-degree counts for a free cell going from `old` to `new` free
    /// neighbours (they differ by one).
    fn moved(&mut self, old: u8, new: u8) {
        if old.min(new) < 2 {
            self.count(old, -1);
            self.count(new, 1);
        }
    }

    /// Marks the free cell `p` visited.
    pub(crate) fn visit(&mut self, p: u32) {
        self.count(self.degree[p as usize], -1);
        self.degree[p as usize] = BLOCKED;
        self.free -= 1;
        for d in 0..8 {
            let n = self.step(p, d);
            if self.is_free(n) {
                let old = self.degree[n as usize];
                self.moved(old, old - 1);
                self.degree[n as usize] = old - 1;
            }
        }
    }

    /// Undoes [`Field::visit`] of `p`.
    pub(crate) fn leave(&mut self, p: u32) {
        let mut own = 0;
        for d in 0..8 {
            let n = self.step(p, d);
            if self.is_free(n) {
                let old = self.degree[n as usize];
                self.moved(old, old + 1);
                self.degree[n as usize] = old + 1;
                own += 1;
            }
        }
        self.degree[p as usize] = own;
        self.count(own, 1);
        self.free += 1;
    }

    /// Whether a path whose head is `head` (visited) may still cover every free cell:
    /// no free cell is cut off, at most one free cell away from the head has a single
    /// way in (it must be the last), and a neighbour of the head with no way on is
    /// only allowed as the very last cell.
    pub(crate) fn feasible(&self, head: u32) -> bool {
        if self.free == 0 {
            return true;
        }
        let (mut near, mut zero, mut one) = (0, 0, 0);
        for n in self.neighbours(head) {
            if self.is_free(n) {
                near += 1;
                match self.degree[n as usize] {
                    0 => zero += 1,
                    1 => one += 1,
                    _ => {}
                }
            }
        }
        if near == 0 || (zero > 0 && self.free > 1) {
            return false;
        }
        self.low[0] == zero && self.low[1] - one <= 1
    }
}

/// How a search picks the next leap.
pub(crate) trait Rule {
    /// The direction to try next from `head`, among the free neighbours whose direction
    /// bit is not in `tried`; `None` when none is left.
    fn choose(&mut self, field: &Field, head: u32, tried: u8) -> Option<usize>;
}

/// The plain rule of seed 004: the first untried direction, in the leaper's order.
pub(crate) struct Fixed;

impl Rule for Fixed {
    fn choose(&mut self, field: &Field, head: u32, tried: u8) -> Option<usize> {
        (0..8).find(|&d| tried & (1 << d) == 0 && field.is_free(field.step(head, d)))
    }
}

/// How a search ended.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// A path over every cell (padded indices), closing when a closed one was asked.
    Found(Vec<u32>),
    /// Every possibility was tried: there is none from this start.
    Exhausted,
    /// The move budget ran out.
    OverBudget,
}

/// What a depth-first search looks for.
pub(crate) struct Goal {
    /// The path must end a leap from its start.
    pub closed: bool,
    /// Cut branches that [`Field::feasible`] rules out.
    pub prune: bool,
    /// Most moves (leaps forward) to make before giving up.
    pub budget: u64,
}

/// Depth-first search from `start` over the free cells of `field`, choosing leaps with
/// `rule`. The field is left as it was.
pub(crate) fn dfs(field: &mut Field, start: u32, rule: &mut impl Rule, goal: &Goal) -> Outcome {
    if !field.is_free(start) {
        return Outcome::Exhausted;
    }
    let total = field.remaining() as usize;
    let mut path = Vec::with_capacity(total);
    let mut tried: Vec<u8> = Vec::with_capacity(total);
    field.visit(start);
    path.push(start);
    tried.push(0);
    let mut moves = 0u64;
    let outcome = loop {
        let head = *path.last().expect("the path is never empty here");
        if path.len() == total && (!goal.closed || total > 2 && field.adjacent(head, start)) {
            break Outcome::Found(path.clone());
        }
        let top = tried.len() - 1;
        let ok = path.len() < total && (!goal.prune || field.feasible(head));
        match ok.then(|| rule.choose(field, head, tried[top])).flatten() {
            Some(d) => {
                moves += 1;
                if moves > goal.budget {
                    break Outcome::OverBudget;
                }
                tried[top] |= 1 << d;
                let next = field.step(head, d);
                field.visit(next);
                path.push(next);
                tried.push(0);
            }
            None => {
                if path.len() == 1 {
                    break Outcome::Exhausted;
                }
                field.leave(head);
                path.pop();
                tried.pop();
            }
        }
    };
    while let Some(p) = path.pop() {
        field.leave(p);
    }
    outcome
}

/// Exhaustive plain backtracking for small boards.
pub struct Backtrack;

/// Moves the plain search may make before it gives up (about four seconds).
const PLAIN_BUDGET: u64 = 100_000_000;

impl Backtrack {
    /// Why plain backtracking will not take `req` on, if it will not. The limits were
    /// measured with `cargo test --release --lib backtrack_measure -- --ignored`.
    fn refusal(req: &Request) -> Option<String> {
        let cells = req.board.cells();
        let limit = if req.open { OPEN_LIMIT } else { CLOSED_LIMIT };
        (cells > limit).then(|| {
            format!(
                "plain backtracking is limited to {limit} cells for {} tours (the {} board has {cells}): larger searches can run for hours; use --algo search",
                if req.open { "open" } else { "closed" },
                req.board
            )
        })
    }
}

/// Largest board (in cells) plain backtracking accepts for an open / a closed tour.
const OPEN_LIMIT: u64 = 36;
const CLOSED_LIMIT: u64 = 30;

/// The padded start square of `req`: the one asked for, else the bottom-left corner.
/// Refuses a square off the board, and (for an open tour) a square of the minority
/// colour when every leap changes colour: such a path starts and ends on the majority.
pub(crate) fn start_of(field: &Field, req: &Request) -> Result<u32, Error> {
    let (x, y) = req.start.unwrap_or((0, 0));
    let b = &req.board;
    if x >= b.width() || y >= b.height() || b.is_hole(b.index(x, y)) {
        return Err(Error::invalid(format!(
            "the start square [{x}, {y}] is not a cell of the {b} board"
        )));
    }
    let (l, m) = b.leaper().steps();
    if req.open && (l + m) % 2 == 1 {
        let colour = |c: u32| {
            let (x, y) = b.xy(c);
            (x + y) % 2
        };
        let odd = b.area() / 2 - b.holes().iter().filter(|&&c| colour(c) == 1).count() as u64;
        let even = b.cells() - odd;
        let (mine, other) = if (x + y) % 2 == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        if mine < other {
            return Err(Error::NoTour(format!(
                "no open tour of the {b} board starts at [{x}, {y}]: its colour has {mine} cells and the other {other}, and a tour alternates colours, so it starts on the colour with more"
            )));
        }
    }
    Ok(field.cell(x, y))
}

/// `path` (padded indices) as a tour of `board`, named `algorithm`.
pub(crate) fn tour_of(
    field: &Field,
    board: &Board,
    path: Vec<u32>,
    closed: bool,
    algorithm: &str,
) -> Tour {
    let path = path.into_iter().map(|p| field.board_cell(p)).collect();
    Tour::new(board.clone(), path, closed).with_algorithm(algorithm)
}

impl Construction for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }
    fn summary(&self) -> &'static str {
        "plain backtracking in a fixed move order (the baseline of seed 004)"
    }
    fn boards(&self) -> &'static str {
        "boards of at most 36 cells for an open tour, 30 for a closed one"
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        match Backtrack::refusal(req) {
            Some(why) => Err(Error::Unsupported(why)),
            None => Ok(()),
        }
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        let mut field = Field::new(&req.board)?;
        let start = start_of(&field, req)?;
        let goal = Goal {
            closed: !req.open,
            prune: false,
            budget: PLAIN_BUDGET,
        };
        match dfs(&mut field, start, &mut Fixed, &goal) {
            Outcome::Found(path) => Ok(tour_of(&field, &req.board, path, !req.open, self.name())),
            Outcome::Exhausted => Err(Error::NoTour(format!(
                "plain backtracking tried every path: there is no {} tour of the {} board from [{}, {}]",
                if req.open { "open" } else { "closed" },
                req.board,
                field.xy(start).0,
                field.xy(start).1
            ))),
            Outcome::OverBudget => Err(Error::GaveUp(format!(
                "plain backtracking gave up on the {} board after {PLAIN_BUDGET} moves; use --algo search",
                req.board
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::construct::{build, existence};
    use crate::verify::verify;

    fn req(w: u32, h: u32, open: bool) -> Request {
        let mut r = Request::closed(Board::new(w, h).unwrap());
        r.open = open;
        r
    }

    #[test]
    fn plain_backtracking_tours_every_board_it_accepts() {
        let mut boards = Vec::new();
        for open in [true, false] {
            for w in 1..=36u32 {
                for h in 1..=36 / w {
                    let r = req(w, h, open);
                    if existence::check(&r.board, open).is_err() || Backtrack.check(&r).is_err() {
                        continue;
                    }
                    let tour = build(&r, "backtrack").unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
                    let v = verify(tour).unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
                    assert_eq!(v.is_closed(), !open);
                    assert_eq!(v.path()[0], 0, "starts in the corner");
                    boards.push(format!("{w}x{h}{}", if open { "" } else { " closed" }));
                }
            }
        }
        // 1x1, 3xN (N = 4, 7..=12) both ways, 5x5, 5x6, 6x5, 5x7, 7x5, 6x6 open;
        // 3x10, 10x3, 5x6, 6x5 closed.
        assert_eq!(boards.len(), 25, "{boards:?}");
    }

    #[test]
    fn exhausting_the_search_proves_there_is_none() {
        for (w, h) in [(4, 4), (3, 3), (3, 5)] {
            let e = Backtrack.build(&req(w, h, true)).unwrap_err();
            assert!(matches!(e, Error::NoTour(_)), "{w}x{h}: {e}");
            assert!(e.to_string().contains("tried every path"), "{e}");
        }
        // The minority colour of the 5x5 board starts no open tour.
        let mut r = req(5, 5, true);
        r.start = Some((1, 0));
        let e = Backtrack.build(&r).unwrap_err().to_string();
        assert!(
            e.contains("starts at [1, 0]: its colour has 12 cells and the other 13"),
            "{e}"
        );
    }

    #[test]
    fn refuses_boards_it_cannot_finish_and_stops_at_its_budget() {
        let e = Backtrack.check(&req(8, 8, false)).unwrap_err().to_string();
        assert!(
            e.contains("limited to 30 cells for closed tours") && e.contains("8x8"),
            "{e}"
        );
        let e = Backtrack.check(&req(8, 5, true)).unwrap_err().to_string();
        assert!(e.contains("limited to 36 cells for open tours"), "{e}");
        let mut field = Field::new(&Board::new(8, 8).unwrap()).unwrap();
        let start = field.cell(0, 0);
        let goal = Goal {
            closed: true,
            prune: false,
            budget: 10_000,
        };
        assert!(matches!(
            dfs(&mut field, start, &mut Fixed, &goal),
            Outcome::OverBudget
        ));
        let fresh = Field::new(&Board::new(8, 8).unwrap()).unwrap();
        assert_eq!(
            field.degree, fresh.degree,
            "the search leaves the field as it found it"
        );
        let mut r = req(5, 5, true);
        r.start = Some((5, 0));
        assert!(Backtrack
            .build(&r)
            .unwrap_err()
            .to_string()
            .contains("not a cell of the 5x5 board"));
    }

    /// Times plain backtracking on every small board, to set the limits.
    #[test]
    #[ignore]
    fn backtrack_measure() {
        for open in [true, false] {
            for w in 3..=14u32 {
                for h in 3..=14u32 {
                    let r = req(w, h, open);
                    if existence::check(&r.board, open).is_err() || w * h > 42 {
                        continue;
                    }
                    let mut field = Field::new(&r.board).unwrap();
                    let start = start_of(&field, &r).unwrap();
                    let goal = Goal {
                        closed: !open,
                        prune: false,
                        budget: 100_000_000,
                    };
                    let t = std::time::Instant::now();
                    let out = dfs(&mut field, start, &mut Fixed, &goal);
                    let kind = if open { "open" } else { "closed" };
                    let res = match out {
                        Outcome::Found(_) => "found",
                        Outcome::Exhausted => "exhausted",
                        Outcome::OverBudget => "over budget",
                    };
                    println!("{w}x{h} {kind}: {res} in {:?}", t.elapsed());
                }
            }
        }
    }
}
