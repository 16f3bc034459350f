//! The board as the engine's walks see it.
//!
//! The board (or a region of it: any set of its cells) is padded by a margin of walls as wide as the longest leap, so a neighbour
//! is one addition with no bounds test, and each free cell keeps its number of free
//! neighbours in one byte: Warnsdorff's "accessibility", kept up to date in O(1) per
//! move. Counts of free cells with 0 and 1 free neighbours make dead ends visible at
//! once. On a band (cylinder or Moebius strip) the leaps that cross the seam land far
//! from where one addition would: a table of every cell's eight landings replaces the
//! addition there.

use knights_core::Board;
use knights_core::{Error, TooLarge};

/// `degree` flag: the cell is visited (or not a cell at all).
const BLOCKED: u8 = 0x80;
/// `degree` flag: the cell is in the margin or a hole, never part of a tour.
const WALL: u8 = 0x40;

/// A board padded with walls, with the number of free neighbours of every free cell.
#[derive(Clone, Debug)]
pub struct Field {
    width: u32,
    height: u32,
    pad: u32,
    stride: u32,
    offsets: [u32; 8],
    /// On a band, the padded index each leap lands on, eight per padded cell.
    landings: Option<Vec<u32>>,
    degree: Vec<u8>,
    free: u64,
    /// Free cells with 0 and with 1 free neighbour.
    low: [u64; 2],
}

impl Field {
    /// The padded field of `board`, every cell free.
    pub fn new(board: &Board) -> Result<Field, Error> {
        Field::region(board, |_| true)
    }

    /// The padded field of the cells of `board` (cell numbers, see [`Board::index`])
    /// for which `keep` holds, every one free; the others are walls like the holes.
    pub(crate) fn region(board: &Board, keep: impl Fn(u32) -> bool) -> Result<Field, Error> {
        let (_, b) = board.leaper().steps();
        let (w, h) = (board.width() as u64, board.height() as u64);
        let (stride, rows) = (w + 2 * b as u64, h + 2 * b as u64);
        if stride * rows > u32::MAX as u64 {
            return Err(TooLarge::Search {
                board: board.to_string(),
                limit: u32::MAX as u64,
            }
            .into());
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
            landings: None,
            degree: vec![WALL | BLOCKED; (stride * rows) as usize],
            free: 0,
            low: [0; 2],
        };
        if board.topology().wraps() {
            f.landings = Some(f.landings_on(board));
        }
        for c in 0..board.area() as u32 {
            if !board.is_hole(c) && keep(c) {
                let (x, y) = board.xy(c);
                let p = f.cell(x, y);
                f.degree[p as usize] = 0;
                f.free += 1;
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

    /// The landing table of a band: one addition, except for the leaps across the seam.
    fn landings_on(&self, board: &Board) -> Vec<u32> {
        let mut t: Vec<u32> = (0..self.degree.len() as u32)
            .flat_map(|p| self.offsets.map(|o| p.wrapping_add(o)))
            .collect();
        for c in 0..board.area() as u32 {
            let (x, y) = board.xy(c);
            let p = self.cell(x, y) as usize;
            for d in 0..8 {
                if let (true, Some(n)) = (board.wraps(c, d), board.step(c, d)) {
                    let (nx, ny) = board.xy(n);
                    t[p * 8 + d] = self.cell(nx, ny);
                }
            }
        }
        t
    }

    /// The padded index of board square `(x, y)`.
    pub fn cell(&self, x: u32, y: u32) -> u32 {
        (y + self.pad) * self.stride + x + self.pad
    }

    /// The board square `(x, y)` of padded index `p`.
    pub fn xy(&self, p: u32) -> (u32, u32) {
        (p % self.stride - self.pad, p / self.stride - self.pad)
    }

    /// The board's cell number of padded index `p`.
    pub fn board_cell(&self, p: u32) -> u32 {
        let (x, y) = self.xy(p);
        y * self.width + x
    }

    /// Board width and height.
    pub(crate) fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Number of padded cells (the length of per-cell arrays indexed by padded index).
    // A field is never empty (a board has a cell and the margin around it).
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.degree.len()
    }

    /// The cell a leap in direction `d` from `p` lands on (maybe a wall).
    pub(crate) fn step(&self, p: u32, d: usize) -> u32 {
        match &self.landings {
            None => p.wrapping_add(self.offsets[d]),
            Some(t) => t[p as usize * 8 + d],
        }
    }

    /// The eight cells a leap from `p` lands on, walls included.
    pub fn neighbours(&self, p: u32) -> impl Iterator<Item = u32> + '_ {
        (0..8).map(move |d| self.step(p, d))
    }

    /// Whether `p` is a cell of the board (visited or not).
    pub(crate) fn is_cell(&self, p: u32) -> bool {
        self.degree[p as usize] & WALL == 0
    }

    /// Whether `p` is a cell not yet visited.
    pub fn is_free(&self, p: u32) -> bool {
        self.degree[p as usize] & BLOCKED == 0
    }

    /// The number of free neighbours of the free cell `p`.
    pub(crate) fn degree(&self, p: u32) -> u8 {
        self.degree[p as usize]
    }

    /// The degree byte of every padded cell (for tests that compare fields).
    #[cfg(test)]
    pub(crate) fn degrees(&self) -> &[u8] {
        &self.degree
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degrees_follow_visits_and_dead_ends_show() {
        let b = Board::new(8, 8).unwrap().with_holes(&[(7, 7)]).unwrap();
        let mut f = Field::new(&b).unwrap();
        let (corner, centre) = (f.cell(0, 0), f.cell(3, 3));
        assert_eq!((f.degree(corner), f.degree(centre)), (2, 8));
        assert_eq!(f.degree(f.cell(6, 5)), 5, "the hole is not a neighbour");
        assert!(!f.is_cell(f.cell(7, 7)) && f.is_cell(corner));
        assert_eq!(f.remaining(), 63);
        let fresh = f.clone();
        // Visiting both neighbours of the corner cuts it off.
        let (a, c) = (f.cell(1, 2), f.cell(2, 1));
        f.visit(a);
        assert_eq!(f.degree(corner), 1);
        f.visit(c);
        assert_eq!(f.degree(corner), 0);
        assert!(!f.feasible(c), "a cell with no way in and cells left over");
        f.leave(c);
        f.leave(a);
        assert_eq!(f.degrees(), fresh.degrees());
        assert!(f.adjacent(corner, a) && !f.adjacent(corner, centre));
        assert_eq!(f.board_cell(centre), b.index(3, 3));
    }
}
