//! The Fibonacci tour (Bosch and Huang, "Structured Knight's Tours", 2021): an open tour
//! of the `8 F(k)` x `8 F(k+1)` board (64x104 for k = 6) made of square tours of sides
//! `8 F(1), 8 F(2), ..., 8 F(k)` (8, 8, 16, 24, 40, 64) laid out as the Fibonacci
//! spiral, each square finished before the next one starts: a picture of
//! `F(1)^2 + ... + F(k)^2 = F(k) F(k+1)`.
//!
//! Every square is cut into 8x8 blocks, and every block gets the stored motif, an open
//! tour from a corner to the square diagonally next to an adjacent corner, turned or
//! mirrored so that it enters at one chosen corner and leaves next to another. Seen at
//! the scale of blocks, a block is then a step along one of its sides, from lattice
//! point to lattice point, and the next block can be either neighbour sharing the
//! point the step ends at: its motif starts in the corner cell at that point, one leap
//! from where the last one ended (see [`place`]). A depth-first search picks such a
//! walk through the blocks, square by square (the spiral's squares in order, smallest
//! first), so each square's tour is an open tour of that square from a corner to a
//! corner, one leap from the next square's start.

#[cfg(test)]
mod tests;

use super::motif::stored;
use super::{Construction, Request};
use knights_core::{Board, Error, Sections, Tour, Unsupported};

/// Fibonacci-spiral open tours from a stored motif.
pub struct Fibonacci;

impl Construction for Fibonacci {
    fn name(&self) -> &'static str {
        "fibonacci"
    }
    fn summary(&self) -> &'static str {
        "open tours of squares in the Fibonacci spiral, 8x8 motif blocks (Bosch-Huang)"
    }
    fn boards(&self) -> &'static str {
        "knight, open, 8F(k) x 8F(k+1) for k = 2..=6 (8x16, 16x24, 24x40, 40x64, 64x104)"
    }
    fn variants(&self) -> &'static [&'static str] {
        stored::BLOCK_VARIANTS
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        check(req).map(|_| ())
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        let (motif, k) = check(req)?;
        build(&req.board, motif, k)
    }
}

/// The largest `k` offered: the block search is proved (by the tests) up to here.
pub const MAX_K: usize = 6;

/// `F(1), F(2), ...`: 1, 1, 2, 3, 5, 8, ...
fn fib(k: usize) -> u32 {
    let (mut a, mut b) = (1u32, 1u32);
    for _ in 1..k {
        (a, b) = (b, a + b);
    }
    a
}

/// The motif and `k` of a request fibonacci can build, else the reason it cannot.
fn check(req: &Request) -> Result<(&'static stored::Stored, usize), Error> {
    let b = &req.board;
    let name = Fibonacci.name();
    let refuse = |why: String| Err(Unsupported::new(name, b, format!("{name}: {why}")).into());
    let motif = stored::get(req.variant.as_deref().unwrap_or(stored::BLOCK_VARIANTS[0]))?;
    let m = motif.side();
    if b.leaper() != knights_core::Leaper::KNIGHT || !b.holes().is_empty() {
        return refuse(format!("it tours full knight's boards, not {b}"));
    }
    if !req.open {
        return refuse("its tours are open (the spiral has two ends); add --open".into());
    }
    match (2..=MAX_K).find(|&k| (b.width(), b.height()) == (m * fib(k), m * fib(k + 1))) {
        Some(k) => Ok((motif, k)),
        None => refuse(format!(
            "it tours boards {m}F(k) wide and {m}F(k+1) high (F the Fibonacci numbers, k = 2..={MAX_K}: {}), not {b}",
            (2..=6)
                .map(|k| format!("{}x{}", m * fib(k), m * fib(k + 1)))
                .collect::<Vec<_>>()
                .join(", ")
                + ", ..."
        )),
    }
}

/// A square of blocks: its lower-left block and its side, in blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Square {
    pub x: u32,
    pub y: u32,
    pub side: u32,
}

/// The spiral's squares in the `F(k)` x `F(k+1)` rectangle of blocks, smallest first
/// (the walk's order): the largest square at the bottom, the next at the left of what is left above it,
/// then at the top, at the right, at the bottom again, and so on inwards.
pub(crate) fn spiral(k: usize) -> Vec<Square> {
    let (mut x, mut y, mut w, mut h) = (0, 0, fib(k), fib(k + 1));
    let mut squares = Vec::new();
    for (j, side) in (1..=k).rev().map(fib).enumerate() {
        let s = match j % 4 {
            0 => Square { x, y, side },
            1 => Square { x, y, side },
            2 => Square {
                x,
                y: y + h - side,
                side,
            },
            _ => Square {
                x: x + w - side,
                y,
                side,
            },
        };
        match j % 4 {
            0 => (y, h) = (y + side, h - side),
            1 => (x, w) = (x + side, w - side),
            2 => h -= side,
            _ => w -= side,
        }
        squares.push(s);
    }
    squares.reverse();
    // The two smallest squares in the other order: the one in the corner of the
    // spiral first, so the walk turns into the next square's side and not across it.
    squares.swap(0, 1);
    squares
}

/// One block of the walk: the block `(bx, by)`, entered at lattice point `from` (its
/// corner there) and left next to its corner at `to`, an adjacent corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub block: (u32, u32),
    pub from: (u32, u32),
    pub to: (u32, u32),
}

/// The corners of block `b` adjacent to its corner at point `p`.
fn along(b: (u32, u32), p: (u32, u32)) -> [(u32, u32); 2] {
    let flip = |v: u32, lo: u32| if v == lo { lo + 1 } else { lo };
    [(flip(p.0, b.0), p.1), (p.0, flip(p.1, b.1))]
}

/// The blocks sharing a side with block `b` whose corner is at point `p` (`p` a corner
/// of `b`), within `w` x `h` blocks.
fn beside(b: (u32, u32), p: (u32, u32), w: u32, h: u32) -> Vec<(u32, u32)> {
    let x = if p.0 == b.0 {
        b.0.checked_sub(1)
    } else {
        Some(b.0 + 1)
    };
    let y = if p.1 == b.1 {
        b.1.checked_sub(1)
    } else {
        Some(b.1 + 1)
    };
    [x.map(|x| (x, b.1)), y.map(|y| (b.0, y))]
        .into_iter()
        .flatten()
        .filter(|&(x, y)| x < w && y < h)
        .collect()
}

/// Search nodes allowed before the block walk gives up.
const BUDGET: u64 = 1_000_000;

/// The walk through the blocks of the spiral's squares for `k`, square by square, or
/// `None` when the search runs out of its budget (the tests show it does not for k <= 6; it does for k = 7).
pub(crate) fn walk(k: usize) -> Option<Vec<Step>> {
    let squares = spiral(k);
    let (w, h) = (fib(k), fib(k + 1));
    let mut owner = vec![usize::MAX; (w * h) as usize];
    for (i, s) in squares.iter().enumerate() {
        for y in s.y..s.y + s.side {
            for x in s.x..s.x + s.side {
                owner[(y * w + x) as usize] = i;
            }
        }
    }
    let mut search = Walk {
        w,
        h,
        owner,
        left: squares.iter().map(|s| s.side * s.side).collect(),
        seen: vec![false; (w * h) as usize],
        steps: Vec::new(),
        nodes: 0,
    };
    let first = squares[0];
    let b = (first.x, first.y);
    let corners = [
        (b.0, b.1),
        (b.0 + 1, b.1),
        (b.0, b.1 + 1),
        (b.0 + 1, b.1 + 1),
    ];
    for from in corners {
        for to in along(b, from) {
            if search.go(Step { block: b, from, to }) {
                return Some(search.steps);
            }
        }
    }
    None
}

/// The state of the block search.
struct Walk {
    w: u32,
    h: u32,
    /// The square of each block.
    owner: Vec<usize>,
    /// Blocks of each square not walked yet.
    left: Vec<u32>,
    seen: Vec<bool>,
    steps: Vec<Step>,
    nodes: u64,
}

impl Walk {
    fn index(&self, b: (u32, u32)) -> usize {
        (b.1 * self.w + b.0) as usize
    }

    /// The square being walked: the first with blocks left.
    fn current(&self) -> Option<usize> {
        self.left.iter().position(|&n| n > 0)
    }

    /// The steps that may follow `s`: into an unwalked block of the square being
    /// walked, or of the next one once this one is done.
    fn next(&self, s: Step) -> Vec<Step> {
        let Some(square) = self.current() else {
            return Vec::new();
        };
        beside(s.block, s.to, self.w, self.h)
            .into_iter()
            .filter(|&b| !self.seen[self.index(b)] && self.owner[self.index(b)] == square)
            .flat_map(|b| {
                along(b, s.to).map(|to| Step {
                    block: b,
                    from: s.to,
                    to,
                })
            })
            .collect()
    }

    /// Takes step `s` and walks on; true when every block is walked.
    fn go(&mut self, s: Step) -> bool {
        self.nodes += 1;
        if self.nodes > BUDGET {
            return false;
        }
        let i = self.index(s.block);
        let square = self.owner[i];
        self.seen[i] = true;
        self.left[square] -= 1;
        self.steps.push(s);
        if self.current().is_none() {
            return true;
        }
        if self.left[square] == 0 || (self.balanced(s.block, square) && self.connected(square)) {
            let mut options = self.next(s);
            // Warnsdorff: the step with the fewest onward steps first.
            options.sort_by_key(|&o| self.onward(o));
            for o in options {
                if self.go(o) {
                    return true;
                }
            }
        }
        self.steps.pop();
        self.left[square] += 1;
        self.seen[i] = false;
        false
    }

    /// Unwalked blocks next to step `o`'s end (not counting `o`'s own block).
    fn onward(&self, o: Step) -> usize {
        beside(o.block, o.to, self.w, self.h)
            .into_iter()
            .filter(|&b| !self.seen[self.index(b)])
            .count()
    }

    /// Whether the unwalked blocks of `square` can still be walked after block `b`: the
    /// walk alternates the blocks' colours (chessboard colouring of the blocks), so
    /// those of the other colour than `b` must number as many, or one more.
    fn balanced(&self, b: (u32, u32), square: usize) -> bool {
        let colour = (b.0 + b.1) % 2;
        let (mut other, mut same) = (0, 0);
        for (i, &seen) in self.seen.iter().enumerate() {
            if !seen && self.owner[i] == square {
                let (x, y) = (i as u32 % self.w, i as u32 / self.w);
                if (x + y) % 2 == colour {
                    same += 1;
                } else {
                    other += 1;
                }
            }
        }
        other == same || other == same + 1
    }

    /// Whether the unwalked blocks of `square` are connected by shared sides.
    fn connected(&self, square: usize) -> bool {
        let all: Vec<usize> = (0..self.seen.len())
            .filter(|&i| self.owner[i] == square && !self.seen[i])
            .collect();
        let Some(&start) = all.first() else {
            return true;
        };
        let mut reached = vec![false; self.seen.len()];
        reached[start] = true;
        let mut stack = vec![start];
        let mut count = 0;
        while let Some(i) = stack.pop() {
            count += 1;
            let (x, y) = (i as u32 % self.w, i as u32 / self.w);
            let near = [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ];
            for (nx, ny) in near {
                if nx < self.w && ny < self.h {
                    let j = self.index((nx, ny));
                    if !reached[j] && !self.seen[j] && self.owner[j] == square {
                        reached[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        count == all.len()
    }
}

/// The board cells of step `s`'s block, in the motif's order: the motif (from its
/// corner `(0, 0)` along its bottom side to next to `(m - 1, 0)`) turned and mirrored
/// so that it starts in the block's corner cell at `s.from` and ends diagonally next
/// to the corner cell at `s.to`. The next block starts in its own corner cell at
/// `s.to`, one cell across from that corner, along the side walked or out of it: a
/// leap either way (two along and one in, or one along and two out).
fn place(s: Step, m: u32, motif: &[(u32, u32)], width: u32) -> impl Iterator<Item = u32> + '_ {
    let corner = |p: (u32, u32)| {
        let at = |p: u32, b: u32| {
            if p == b {
                (b * m) as i64
            } else {
                (b * m + m - 1) as i64
            }
        };
        (at(p.0, s.block.0), at(p.1, s.block.1))
    };
    let (start, end) = (corner(s.from), corner(s.to));
    let u = ((end.0 - start.0).signum(), (end.1 - start.1).signum());
    // Inwards from the start corner, across the side walked.
    let inward = |c: i64, lo: i64| if c == lo { 1 } else { -1 };
    let v = if u.0 == 0 {
        (inward(start.0, (s.block.0 * m) as i64), 0)
    } else {
        (0, inward(start.1, (s.block.1 * m) as i64))
    };
    motif.iter().map(move |&(x, y)| {
        let (x, y) = (x as i64, y as i64);
        let cx = start.0 + x * u.0 + y * v.0;
        let cy = start.1 + x * u.1 + y * v.1;
        (cy * width as i64 + cx) as u32
    })
}

/// The Fibonacci tour of `board` (checked, `k` its index) from `motif`.
fn build(board: &Board, motif: &stored::Stored, k: usize) -> Result<Tour, Error> {
    let steps = walk(k).ok_or_else(|| {
        Error::from(Unsupported::new(
            Fibonacci.name(),
            board,
            format!("fibonacci: the block search found no walk for {board} within its budget"),
        ))
    })?;
    let m = motif.side();
    let cells = motif.cells();
    let squares = spiral(k);
    let mut path = knights_core::memory::try_vec(board.area() as usize, 0u32, "the tour's path")?;
    let mut labels = Vec::with_capacity(path.len());
    for (chunk, &s) in path.chunks_mut(cells.len()).zip(&steps) {
        for (cell, c) in chunk.iter_mut().zip(place(s, m, &cells, board.width())) {
            *cell = c;
        }
        let square = squares.iter().position(|q| inside(q, s.block)).unwrap_or(0);
        labels.extend(std::iter::repeat_n(square as u8, cells.len()));
    }
    let names = squares
        .iter()
        .enumerate()
        .map(|(i, q)| format!("square {}: {n}x{n}", i + 1, n = q.side * m))
        .collect();
    Ok(Tour::new(board.clone(), path, false)
        .with_algorithm(Fibonacci.name())
        .with_sections(Sections::new(names, labels)))
}

/// Whether block `b` lies in square `q`.
fn inside(q: &Square, b: (u32, u32)) -> bool {
    (q.x..q.x + q.side).contains(&b.0) && (q.y..q.y + q.side).contains(&b.1)
}
