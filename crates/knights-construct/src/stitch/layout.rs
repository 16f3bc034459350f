//! How a board is cut into tiles and the tiles laid and joined: columns 6 wide with the
//! last one taking the remainder (6..=11), rows 6 high with the BOTTOM one taking the
//! remainder, so the larger tiles sit on the right and bottom edges as in Leslie-Hurd's
//! "Large Knight's Tours" (docs/stitch.md).
//! Every tile's moves are copied in (in parallel, by rows), then each tile is joined to
//! the next along the spiral by swapping two leaps (see `tiles.rs`).

use rayon::prelude::*;

use super::spiral::Spiral;
use super::tiles::{self, Side};
use knights_core::Error;
use knights_core::{Board, Leaper};

/// The tile grid of a board with both sides at least 6.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    cols: u32,
    rows: u32,
    last_width: u32,
    first_height: u32,
}

impl Layout {
    /// The layout of a `width` x `height` board, both at least 6.
    pub fn new(width: u32, height: u32) -> Layout {
        assert!(width >= tiles::MIN && height >= tiles::MIN);
        Layout {
            cols: width / 6,
            rows: height / 6,
            last_width: 6 + width % 6,
            first_height: 6 + height % 6,
        }
    }

    /// The spiral through this grid of tiles.
    pub fn spiral(&self) -> Spiral {
        Spiral::new(self.cols, self.rows)
    }

    /// Tile columns and rows.
    pub fn grid(&self) -> (u32, u32) {
        (self.cols, self.rows)
    }

    fn col_x(&self, i: u32) -> u32 {
        6 * i
    }

    fn col_width(&self, i: u32) -> u32 {
        if i + 1 == self.cols {
            self.last_width
        } else {
            6
        }
    }

    fn row_y(&self, j: u32) -> u32 {
        if j == 0 {
            0
        } else {
            self.first_height + 6 * (j - 1)
        }
    }

    fn row_height(&self, j: u32) -> u32 {
        if j == 0 {
            self.first_height
        } else {
            6
        }
    }

    /// The tile `(i, j)` holding cell `(x, y)`.
    pub fn tile_of(&self, x: u32, y: u32) -> (u32, u32) {
        let j = if y < self.first_height {
            0
        } else {
            (y - self.first_height) / 6 + 1
        };
        ((x / 6).min(self.cols - 1), j)
    }

    /// The move bits of every cell of `board` with every tile laid in but none joined,
    /// or an error when they cannot be allocated.
    pub fn lay(&self, board: &Board) -> Result<Vec<u8>, Error> {
        let w = board.width() as usize;
        let what = format!("the move grid of the {board} board");
        let mut masks = knights_core::memory::try_vec(board.area() as usize, 0u8, &what)?;
        let stored = tiles::stored()?;
        masks.par_chunks_mut(w).enumerate().for_each(|(y, row)| {
            let j = self.tile_of(0, y as u32).1;
            let (h, ly) = (self.row_height(j), y as u32 - self.row_y(j));
            for i in 0..self.cols {
                let (x, tw) = (self.col_x(i) as usize, self.col_width(i));
                let from = (ly * tw) as usize;
                let t = stored[tiles::slot(tw, h)].masks();
                row[x..x + tw as usize].copy_from_slice(&t[from..from + tw as usize]);
            }
        });
        Ok(masks)
    }

    /// Joins tiles `a` and `b`, which share a side, by swapping their join edges for
    /// two leaps across that side.
    pub fn join(&self, masks: &mut [u8], board: &Board, a: (u32, u32), b: (u32, u32)) {
        let (lo, hi) = (a.min(b), a.max(b));
        let (lo_side, hi_side) = if lo.1 == hi.1 {
            (Side::Right, Side::Left)
        } else {
            (Side::Top, Side::Bottom)
        };
        let [p1, p2] = self.edge(lo, lo_side);
        let [q1, q2] = self.edge(hi, hi_side);
        set_edge(masks, board, p1, p2, false);
        set_edge(masks, board, q1, q2, false);
        set_edge(masks, board, p1, q1, true);
        set_edge(masks, board, p2, q2, true);
    }

    /// The join edge of tile `t` on `side`, in board coordinates.
    fn edge(&self, t: (u32, u32), side: Side) -> [(u32, u32); 2] {
        let (x0, y0) = (self.col_x(t.0), self.row_y(t.1));
        let e = side.edge(self.col_width(t.0), self.row_height(t.1));
        e.map(|(x, y)| (x0 + x, y0 + y))
    }
}

/// Adds (`on`) or removes the knight's leap between `p` and `q`, which must (not)
/// already be there.
fn set_edge(masks: &mut [u8], board: &Board, p: (u32, u32), q: (u32, u32), on: bool) {
    let d = Leaper::KNIGHT
        .dir_of(q.0 as i32 - p.0 as i32, q.1 as i32 - p.1 as i32)
        .expect("join edges are knight's leaps");
    for (c, d) in [(p, d), (q, (d + 4) % 8)] {
        let m = &mut masks[board.index(c.0, c.1) as usize];
        debug_assert_eq!(*m & (1 << d) == 0, on, "join edge at {c:?}");
        if on {
            *m |= 1 << d;
        } else {
            *m &= !(1 << d);
        }
    }
}
