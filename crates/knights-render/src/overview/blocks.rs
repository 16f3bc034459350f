//! The board cut into blocks ([`Blocks`]) and what each block holds ([`Summary`]):
//! its cells, turns and crossings, and the colour key most of its cells have. Every
//! mark of an overview is drawn from these counts.

use crate::path::Walk;
use knights_core::metrics;
use knights_core::Region;
use knights_core::Tour;

/// A board cut into square blocks of cells; block `(i, j)` holds cells
/// `i*b .. (i+1)*b` across and `j*b .. (j+1)*b` up (the last row and column may be
/// narrower).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocks {
    /// Cells along a block's side.
    pub side: u32,
    /// Blocks across.
    pub cols: u32,
    /// Blocks up.
    pub rows: u32,
    w: u32,
    h: u32,
}

impl Blocks {
    /// Blocks of a `w x h` board, at most `most` along the longer side.
    pub fn new(w: u32, h: u32, most: u32) -> Blocks {
        let side = w.max(h).div_ceil(most.max(1)).max(1);
        Blocks {
            side,
            cols: w.div_ceil(side),
            rows: h.div_ceil(side),
            w,
            h,
        }
    }

    /// The number of blocks.
    pub fn len(&self) -> usize {
        (self.cols * self.rows) as usize
    }

    /// The block of cell `(x, y)`.
    pub fn of(&self, (x, y): (u32, u32)) -> usize {
        ((y / self.side) * self.cols + x / self.side) as usize
    }

    /// The cells of block `k`, as a region of the board.
    pub fn region(&self, k: usize) -> Region {
        let (i, j) = (k as u32 % self.cols, k as u32 / self.cols);
        let (x0, y0) = (i * self.side, j * self.side);
        Region {
            x0,
            y0,
            x1: (x0 + self.side).min(self.w) - 1,
            y1: (y0 + self.side).min(self.h) - 1,
        }
    }
}

/// What each block holds.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The blocks.
    pub blocks: Blocks,
    /// Cells of the tour in each block (holes excluded).
    pub cells: Vec<u32>,
    /// Turns in each block.
    pub turns: Vec<u32>,
    /// Crossings in each block (by where the two leaps meet).
    pub crossings: Vec<u32>,
    /// The colour key most of each block's cells have (`None`: no cells).
    pub key: Vec<Option<usize>>,
    /// The share of each block's cells that have its key.
    pub share: Vec<f64>,
    /// The line orientation (0 to 3: a leap direction and its opposite) most straight
    /// cells of each block run in, if at least half its cells do.
    pub orientation: Vec<Option<u8>>,
    /// The share of the tour's cells each colour key has.
    pub key_share: Vec<f64>,
}

impl Summary {
    /// Counts the cells, turns and crossings of `tour` in blocks of `blocks`, and the
    /// colour key (`step_key(i)` of step `i`, below `keys`) most cells of each have.
    pub fn of(
        walk: &Walk,
        tour: &Tour,
        blocks: Blocks,
        keys: usize,
        step_key: impl Fn(usize) -> usize,
    ) -> Self {
        let b = tour.board();
        let n = blocks.len();
        let mut orient = vec![[0u32; 4]; n];
        for i in 0..walk.edges() {
            if i > 0 && !walk.is_turn(i) {
                orient[blocks.of(b.xy(tour.path()[i]))][walk.dir(i) % 4] += 1;
            }
        }
        let mut cells = vec![0u32; n];
        let mut counts = vec![0u32; n * keys.max(1)];
        let mut per_key = vec![0u64; keys.max(1)];
        for i in 0..tour.path().len() {
            per_key[step_key(i).min(keys - 1)] += 1;
        }
        for (i, &c) in tour.path().iter().enumerate() {
            let k = blocks.of(b.xy(c));
            let key = step_key(i).min(keys - 1);
            cells[k] += 1;
            counts[k * keys + key] += 1;
        }
        let mut turns = vec![0u32; n];
        let mut crossings = vec![0u32; n];
        if let Some(grid) = tour.grid() {
            for c in metrics::turn_cells(grid) {
                turns[blocks.of(b.xy(c))] += 1;
            }
            for (x, y) in metrics::crossing_points(grid) {
                let cell = (x.round().max(0.0) as u32, y.round().max(0.0) as u32);
                let cell = (cell.0.min(b.width() - 1), cell.1.min(b.height() - 1));
                crossings[blocks.of(cell)] += 1;
            }
        }
        let best: Vec<(Option<usize>, f64)> = (0..n)
            .map(|k| {
                let row = &counts[k * keys..(k + 1) * keys];
                let best = (0..keys).max_by_key(|&i| (row[i], std::cmp::Reverse(i)));
                match best {
                    Some(i) if row[i] > 0 => (Some(i), row[i] as f64 / cells[k] as f64),
                    _ => (None, 0.0),
                }
            })
            .collect();
        let total = tour.path().len().max(1) as f64;
        let orientation = (0..n)
            .map(|k| {
                let (o, c) = (0..4u8)
                    .map(|o| (o, orient[k][o as usize]))
                    .max_by_key(|p| p.1)?;
                (c * 2 >= cells[k].max(1)).then_some(o)
            })
            .collect();
        Summary {
            orientation,
            key_share: per_key.iter().map(|&c| c as f64 / total).collect(),
            blocks,
            cells,
            turns,
            crossings,
            key: best.iter().map(|b| b.0).collect(),
            share: best.iter().map(|b| b.1).collect(),
        }
    }

    /// Whether the colour keys interleave rather than hold regions of their own: in most
    /// blocks no key has even half the cells (the formation tour's four knights sweep
    /// the board side by side). Blocks are then coloured by progress instead.
    pub fn interleaved(&self) -> bool {
        let mut shares: Vec<f64> = (0..self.blocks.len())
            .filter(|&k| self.cells[k] > 0)
            .map(|k| self.share[k])
            .collect();
        shares.sort_by(f64::total_cmp);
        shares.get(shares.len() / 2).is_some_and(|&m| m < 0.5)
    }

    /// Turns per cell of block `k`.
    pub fn turn_density(&self, k: usize) -> f64 {
        self.turns[k] as f64 / self.cells[k].max(1) as f64
    }

    /// Crossings per cell of block `k`.
    pub fn crossing_density(&self, k: usize) -> f64 {
        self.crossings[k] as f64 / self.cells[k].max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_cover_the_board_once() {
        let bl = Blocks::new(1000, 600, 64);
        assert_eq!(bl.side, 16);
        assert_eq!((bl.cols, bl.rows), (63, 38));
        let area: u32 = (0..bl.len())
            .map(|k| {
                let r = bl.region(k);
                (r.x1 + 1 - r.x0) * (r.y1 + 1 - r.y0)
            })
            .sum();
        assert_eq!(area, 1000 * 600);
        assert_eq!(bl.of((999, 599)), bl.len() - 1);
        assert_eq!(bl.region(bl.len() - 1).x1, 999);
        assert_eq!(Blocks::new(8, 8, 64).side, 1);
    }
}
