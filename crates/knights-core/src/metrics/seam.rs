//! Crossings on a band (cylinder, Moebius strip) or a torus, counted as on the plane
//! (`crossings`): for each crossing pattern, a word-wide AND and a popcount per 64 cells.
//!
//! Why the plane's count applies: draw the surface as a picture in the plane, each row
//! continued past the right seam by the cells beyond it (on a Moebius strip every other
//! lap upside down, its leaps mirrored) and, on a torus, the rows continued past the top
//! and bottom. Every leap is drawn from the cell it leaves rightwards, and a crossing of
//! the surface is a crossing of two leaps of the picture. Of the pictures of one pair
//! (moved by whole laps), exactly one has its left leap (the lower, in one column) on
//! the board: a lap along the board keeps which leap is left of the other, though on a
//! Moebius strip it may swap which is lower, so the patterns are named from their left
//! end (`Order::LeftFirst`) and the partner is never left of the leap. So the count is,
//! for each pattern `(d, e, dx, dy)`, the leaps of the board leaving in direction `d`
//! whose partner `(dx, dy)` away in the picture leaves in direction `e`: the board's
//! rows are the plane's planes, the picture's the same rows read past the seams
//! (`Picture`), a tile at a time.
//!
//! The work is the plane's, the patterns (`4b(a + b)` for an `(a, b)` leaper: 16640 for
//! `(1, 64)`) times the cells over 64, where testing each leap's window of partners one
//! by one cost the patterns per cell (35 s for a `(1, 64)` tour of a 1000x1000 torus).
//! It needs no board wider than a leap: a narrow board's picture just laps it more.

use rayon::prelude::*;

use super::patterns::{patterns_in, Order, Pattern};
use super::planes::{and_count, pack_word, Planes, Tile, Tiling};
use crate::moves::MoveGrid;
use crate::Topology;

/// The number of crossings of a tour on a band or torus.
pub(super) fn count(grid: &MoveGrid) -> u64 {
    count_tiled(grid, Tiling::DEFAULT)
}

/// [`count`] with a given tiling (tests use tiny tiles to cross every boundary).
pub(super) fn count_tiled(grid: &MoveGrid, tiling: Tiling) -> u64 {
    let b = grid.board();
    let pats = patterns_in(b.leaper(), Order::LeftFirst);
    // A partner starts at most this many rows above or below the leap it crosses.
    let reach = 2 * b.leaper().steps().1 - 1;
    let pairs: u64 = tiling
        .tiles(b.width(), b.height())
        .into_par_iter()
        .map(|t| {
            let board = Planes::build(grid, t, 0);
            let picture = Picture::build(grid, t, reach);
            count_in_tile(&board, &picture, t, &pats)
        })
        .sum();
    pairs - self_meetings(grid, &pats)
}

/// The leaps a pattern pairs with themselves: on a Moebius strip narrower than a leap,
/// its picture an odd number of laps on, upside down, may cross it. A crossing is of
/// two leaps, so these are not counted. The pattern names the leap leaving `(x, y)` in
/// direction `d` and its own mirror image (direction `e`) `dx` on, an odd number of
/// laps, where row `y + dy` upside down is row `y` again.
fn self_meetings(grid: &MoveGrid, pats: &[Pattern]) -> u64 {
    let b = grid.board();
    if b.topology() != Topology::Moebius {
        return 0; // a picture of a leap a lap on is a parallel leap
    }
    let (w, h) = (b.width() as i32, b.height() as i32);
    let mirror = |d: usize| mirrored(1 << d).trailing_zeros() as usize;
    let mut n = 0;
    for p in pats {
        let odd_laps = p.dx % w == 0 && (p.dx / w) % 2 == 1;
        let twice_y = h - 1 - p.dy;
        if odd_laps && p.e == mirror(p.d) && twice_y >= 0 && twice_y % 2 == 0 && twice_y < 2 * h {
            let y = (twice_y / 2) as usize;
            let row = &grid.masks()[y * w as usize..(y + 1) * w as usize];
            n += row.iter().filter(|&&m| m & (1 << p.d) != 0).count() as u64;
        }
    }
    n
}

/// The crossings whose left leap leaves a cell of `tile`.
fn count_in_tile(board: &Planes, picture: &Picture, tile: Tile, pats: &[Pattern]) -> u64 {
    let core = 1..tile.k1 - tile.k0 + 1;
    let mut n = 0;
    for y in tile.y0..tile.y1 {
        for p in pats {
            let a = &board.row(p.d, y)[core.clone()];
            n += and_count(a, picture.row(p.e, y as i64 + p.dy as i64), p.dx);
        }
    }
    n
}

/// The picture's planes over a tile: rows `y0 - reach` to `y1 - 1 + reach`, read past
/// the seams, and words `k0 - 1 ..= k1` of each, as [`Planes`] holds them (word `k0 - 1`
/// stays empty: a partner is never left of its leap). Rows off a band are empty.
struct Picture {
    y0: i64,
    stride: usize,
    words: Vec<u64>,
}

impl Picture {
    fn build(grid: &MoveGrid, tile: Tile, reach: u32) -> Picture {
        let stride = tile.k1 - tile.k0 + 2;
        let y0 = tile.y0 as i64 - reach as i64;
        let rows = (tile.y1 - tile.y0 + 2 * reach) as usize;
        let mut words = vec![0u64; rows * 4 * stride];
        let mut cells = vec![0u8; 64 * (stride - 1)];
        for (i, planes) in words.chunks_exact_mut(4 * stride).enumerate() {
            if !picture_row(grid, y0 + i as i64, 64 * tile.k0 as i64, &mut cells) {
                continue;
            }
            for (j, c) in cells.chunks(64).enumerate() {
                for (d, word) in pack_word(c).into_iter().enumerate() {
                    planes[d * stride + j + 1] = word;
                }
            }
        }
        Picture { y0, stride, words }
    }

    /// Direction `d`'s words of the picture's row `y`: index `j` holds word `k0 - 1 + j`.
    fn row(&self, d: usize, y: i64) -> &[u64] {
        let at = ((y - self.y0) as usize * 4 + d) * self.stride;
        &self.words[at..at + self.stride]
    }
}

/// The moves of the picture's cells `x0..x0 + out.len()` (`x0 >= 0`) of row `y`, into
/// `out`: the board's cells, then those past the right seam, lap after lap (upside
/// down with their leaps mirrored on the odd laps of a Moebius strip). False for a row
/// off a band, which has no cells.
fn picture_row(grid: &MoveGrid, y: i64, x0: i64, out: &mut [u8]) -> bool {
    let b = grid.board();
    let (w, h) = (b.width() as i64, b.height() as i64);
    let torus = b.topology() == Topology::Torus;
    if !torus && !(0..h).contains(&y) {
        return false;
    }
    let y = y.rem_euclid(h);
    let masks = grid.masks();
    let mut x = x0;
    let mut rest = &mut out[..];
    while !rest.is_empty() {
        let (lap, cx) = (x / w, x % w);
        let run = rest.len().min((w - cx) as usize);
        let upside = b.topology() == Topology::Moebius && lap % 2 == 1;
        let row = if upside { h - 1 - y } else { y };
        let from = &masks[(row * w + cx) as usize..][..run];
        let (now, later) = rest.split_at_mut(run);
        if upside {
            for (o, &m) in now.iter_mut().zip(from) {
                *o = mirrored(m);
            }
        } else {
            now.copy_from_slice(from);
        }
        rest = later;
        x += run as i64;
    }
    true
}

/// A cell's rightward moves seen upside down: `(a, b)` and `(a, -b)` exchanged, as
/// `(b, a)` and `(b, -a)` (directions 0 and 3, 1 and 2 of `Leaper::dirs`).
fn mirrored(m: u8) -> u8 {
    (m & 1) << 3 | (m & 2) << 1 | (m & 4) >> 1 | (m & 8) >> 3
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Leaper;
    use crate::metrics::naive;

    /// Every leap of `g` as a segment from the cell it leaves rightwards.
    fn leaps(g: &MoveGrid) -> Vec<[naive::Point; 2]> {
        let b = g.board();
        let dirs = b.leaper().dirs();
        let mut out = Vec::new();
        for c in 0..b.area() as u32 {
            let (x, y) = b.xy(c);
            for (d, &(dx, dy)) in dirs.iter().enumerate().take(4) {
                if g.masks()[c as usize] & (1 << d) != 0 {
                    let (x, y) = (x as i64, y as i64);
                    out.push([(x, y), (x + dx as i64, y + dy as i64)]);
                }
            }
        }
        out
    }

    /// The plain count: every pair of two leaps tested exactly in every picture of the
    /// second one (moved by whole laps, each way, and upside down on a Moebius strip's
    /// odd laps) near enough to meet the first.
    fn pairwise(g: &MoveGrid) -> u64 {
        let b = g.board();
        let (w, h) = (b.width() as i64, b.height() as i64);
        let reach = b.leaper().steps().1 as i64;
        let laps = |side: i64| 2 * reach / side + 2;
        let (xl, yl) = (laps(w), laps(h));
        let yl = if b.topology() == Topology::Torus {
            yl
        } else {
            0
        };
        let s = leaps(g);
        let mut n = 0;
        for i in 0..s.len() {
            for j in i + 1..s.len() {
                for lx in -xl..=xl {
                    for ly in -yl..=yl {
                        let upside = b.topology() == Topology::Moebius && lx % 2 != 0;
                        let moved = s[j].map(|(x, y)| {
                            let y = if upside { h - 1 - y } else { y };
                            (x + lx * w, y + ly * h)
                        });
                        n += naive::pairs_of(&[s[i], moved]).len() as u64;
                    }
                }
            }
        }
        n
    }

    /// Issue 39, case 9: the count of long leaps on a band or torus is the plain
    /// pairwise count, on boards narrower and wider than a leap, of odd and even
    /// heights, for short and long leapers, on tiles of every size.
    #[test]
    fn the_count_is_the_pairwise_count_on_every_band_and_torus() {
        let leapers = [(1, 2), (1, 4), (2, 3), (3, 4), (1, 9)];
        let tops = [Topology::Cylinder, Topology::Moebius, Topology::Torus];
        let boards = [(3, 3), (5, 4), (9, 7), (12, 10), (20, 6), (70, 5), (7, 30)];
        let tilings = [Tiling::DEFAULT, Tiling { rows: 1, words: 1 }];
        for (w, h) in boards {
            for (a, l) in leapers {
                let leaper = Leaper::new(a, l).unwrap();
                for top in tops {
                    let g = naive::random_grid(w, h, leaper, top, (w * 31 + h + l) as u64);
                    let want = pairwise(&g);
                    assert!(want > 0 || w * h < 20, "{w}x{h} {top} {leaper:?}");
                    for t in tilings {
                        assert_eq!(count_tiled(&g, t), want, "{w}x{h} {top} {leaper:?} {t:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn mirroring_exchanges_the_leaps_upside_down() {
        let dirs = Leaper::new(2, 5).unwrap().dirs();
        for d in 0..4 {
            let e = mirrored(1 << d).trailing_zeros() as usize;
            assert_eq!(dirs[e], (dirs[d].0, -dirs[d].1));
        }
    }
}
