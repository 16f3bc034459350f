//! The move grid: a tour stored as one byte per cell whose bits are the directions of
//! the (at most two) tour edges at that cell.
//!
//! Constructions that decide each cell's moves locally (the formation algorithm) build
//! this directly and in parallel; metrics read it with word-wide bit tricks. Walking it
//! recovers the visiting order.

use rayon::prelude::*;

use crate::board::Board;
use crate::kind::TourKind;
use crate::trace::{self, Straight, Trace};
use crate::Error;

/// One byte of direction bits (see [`crate::board::Leaper::dirs`]) per cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveGrid {
    board: Board,
    masks: Vec<u8>,
    straight: Option<Straight>,
}

impl MoveGrid {
    /// A grid from per-cell direction masks, `masks[board.index(x, y)]`.
    pub fn from_masks(board: Board, masks: Vec<u8>) -> MoveGrid {
        assert_eq!(masks.len() as u64, board.area(), "one mask per cell");
        MoveGrid {
            board,
            masks,
            straight: None,
        }
    }

    /// Declares a rectangle whose cells all hold `straight.mask`, which walks then
    /// cross in jumps. [`crate::verify`] proves the declaration (see
    /// [`MoveGrid::straight_breach`]) before a verified tour's grid is used.
    pub fn with_straight(mut self, straight: Straight) -> MoveGrid {
        self.straight = Some(straight);
        self
    }

    /// The rectangle declared by [`MoveGrid::with_straight`], if any.
    pub fn straight(&self) -> Option<&Straight> {
        self.straight.as_ref()
    }

    /// A cell of the declared rectangle that is off the board or does not hold its
    /// mask (the first in the lowest such row), or `None` when the declaration holds or
    /// there is none. One parallel pass over the rectangle's rows, in memory order.
    pub fn straight_breach(&self) -> Option<(u32, u32)> {
        let s = self.straight.as_ref()?;
        let b = &self.board;
        if s.xs.is_empty() || s.ys.is_empty() {
            return None;
        }
        if s.xs.end > b.width() || s.ys.end > b.height() {
            return Some((s.xs.end - 1, s.ys.end - 1));
        }
        s.ys.clone().into_par_iter().find_map_first(|y| {
            let first = b.index(s.xs.start, y) as usize;
            self.masks[first..first + s.xs.len()]
                .iter()
                .position(|&m| m != s.mask)
                .map(|i| (s.xs.start + i as u32, y))
        })
    }

    /// The moves of a path (and its closing move when `closed`), or `None` if some
    /// step is not a leap on this board.
    pub fn from_path(board: &Board, path: &[u32], closed: bool) -> Option<MoveGrid> {
        if board.dims() > 2 {
            return None; // a board of more sides has no move grid
        }
        let area = board.area() as usize;
        if path.iter().any(|&c| c as usize >= area) {
            return None;
        }
        let mut masks = vec![0u8; area];
        let n = path.len();
        let edges = if closed && n > 2 {
            n
        } else {
            n.saturating_sub(1)
        };
        for i in 0..edges {
            let (a, b) = (path[i], path[(i + 1) % n]);
            let d = board.dir_between(a, b)?;
            masks[a as usize] |= 1 << d;
            masks[b as usize] |= 1 << board.back(a, d);
        }
        Some(MoveGrid::from_masks(board.clone(), masks))
    }

    /// The moves of closed cycles (a tourney's), or `None` if some step is not a leap
    /// on this board.
    pub fn from_cycles(board: &Board, cycles: &[&[u32]]) -> Option<MoveGrid> {
        let area = board.area() as usize;
        if board.dims() > 2
            || cycles
                .iter()
                .flat_map(|c| c.iter())
                .any(|&c| c as usize >= area)
        {
            return None;
        }
        let mut masks = vec![0u8; area];
        for cycle in cycles {
            for (i, &a) in cycle.iter().enumerate() {
                let b = cycle[(i + 1) % cycle.len()];
                let d = board.dir_between(a, b)?;
                masks[a as usize] |= 1 << d;
                masks[b as usize] |= 1 << board.back(a, d);
            }
        }
        Some(MoveGrid::from_masks(board.clone(), masks))
    }

    /// The same direction bits on `board`, a board of the same cells glued otherwise
    /// (for [`crate::Tour::with_topology`], from the plane, whose leaps are the same
    /// leaps on every band and torus).
    pub(crate) fn on_board(self, board: Board) -> MoveGrid {
        debug_assert_eq!(board.area(), self.board.area());
        MoveGrid { board, ..self }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The direction bits of every cell.
    pub fn masks(&self) -> &[u8] {
        &self.masks
    }

    /// Follows the moves from `start`, first along its lowest direction bit, until the
    /// walk comes back to `start`, reaches a dead end, or has taken as many steps as the
    /// board has cells. Returns the cells visited and whether it came back to `start`.
    ///
    /// On a grid where every cell has degree two and every move is answered by its
    /// neighbour, the walk is a tour exactly when it visits every cell.
    pub fn walk(&self, start: u32) -> (Vec<u32>, bool) {
        let t = self.trace(start, None);
        let closed = t.closed();
        (t.into_path(), closed)
    }

    /// The tour a construction's grid holds, walked from `start` (an end of an open
    /// tour): every cell visited, closed or open as `kind` says. A grid that is not
    /// that tour is a bug of the construction, an internal error; a path too large to
    /// allocate is an error too, where [`MoveGrid::walk`] would abort.
    pub fn tour_from(&self, start: u32, kind: TourKind) -> Result<Vec<u32>, Error> {
        self.tour_trace(start, kind)?.try_into_path()
    }

    /// The walk of [`MoveGrid::tour_from`], its path not written out (for
    /// [`crate::Tour::walked`]).
    pub fn tour_trace(&self, start: u32, kind: TourKind) -> Result<Trace, Error> {
        let t = self.trace(start, None);
        let walked = TourKind::open_if(!t.closed());
        if walked != kind || t.len() as u64 != self.board.cells() {
            return Err(Error::internal(format!(
                "the moves built on the {} board are not one {kind} tour: the walk from cell {start} is {walked} and visits {} of its {} cells",
                self.board,
                t.len(),
                self.board.cells()
            )));
        }
        Ok(t)
    }

    /// The walk of [`MoveGrid::walk`] as stretches, leaving `start` towards `second`
    /// when given (and stopping at once when that is not one of its moves).
    pub fn trace(&self, start: u32, second: Option<u32>) -> Trace {
        trace::walk(
            &self.board,
            &self.masks,
            self.straight.as_ref(),
            start,
            second,
        )
    }

    /// Every cell's moves stay on the board and are answered by the neighbour, in
    /// parallel. Returns the first cell (lowest number) that breaks this.
    pub fn first_unmatched(&self) -> Option<u32> {
        let b = &self.board;
        (0..b.area() as u32).into_par_iter().find_first(|&c| {
            let m = self.masks[c as usize];
            (0..8).any(|d| {
                m & (1 << d) != 0
                    && match b.step(c, d) {
                        Some(n) => self.masks[n as usize] & (1 << b.back(c, d)) == 0,
                        None => true,
                    }
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_round_trips_through_the_grid() {
        // A closed tour of the 3x4 board does not exist, but 5x6 cycles are easy to
        // check by hand; here a 4-cycle of knight moves on a 3x3 board.
        let b = Board::new(3, 3).unwrap();
        let path = vec![b.index(0, 0), b.index(1, 2), b.index(2, 0), b.index(0, 1)];
        assert!(MoveGrid::from_path(&b, &path, true).is_none()); // (0,1)->(0,0) is no leap
        let path = vec![
            b.index(0, 0),
            b.index(1, 2),
            b.index(2, 0),
            b.index(0, 1),
            b.index(2, 2),
            b.index(1, 0),
            b.index(0, 2),
            b.index(2, 1),
        ];
        let g = MoveGrid::from_path(&b, &path, true).unwrap();
        assert_eq!(g.first_unmatched(), None);
        let (walked, closed) = g.walk(path[0]);
        assert!(closed);
        assert_eq!(walked.len(), 8);
    }
}
