//! Turns and crossings of a tour known only by its rule, without its board: for a
//! construction that gives any cell's two moves in constant time and a rectangle where
//! every cell holds the same straight pair of moves (see [`crate::trace::Straight`]).
//!
//! Inside that rectangle nothing turns, and two edges can cross only if one of their
//! four ends lies outside it (the straight edges are parallel). So a cell whose
//! crossing partners all start inside the rectangle adds exactly what an infinite
//! straight field adds per cell (zero for a straight mask, but computed, not assumed),
//! and only the cells near the rectangle's border are looked at one by one: on a
//! construction whose rectangle leaves a band of constant width along the edges, that
//! is time linear in the side and memory of one small block per thread. The counts
//! are exactly those of [`super::turns`] and [`super::crossings`] on the built tour
//! (tested on every buildable size of the formation algorithm).

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::patterns::{patterns, Pattern};
use super::turns::TURN;
use crate::board::Leaper;
use crate::trace::Straight;

/// Side of the square blocks the border band is cut into (one block per task).
const BLOCK: u32 = 1024;

/// The turns and crossings of the tour on a `width` x `height` board for `leaper` whose
/// cell `(x, y)` (`y` from the bottom) holds the direction bits `moves(x, y)`, and every
/// cell of `straight` holds `straight.mask`.
pub fn count(
    width: u32,
    height: u32,
    leaper: Leaper,
    straight: &Straight,
    moves: impl Fn(u32, u32) -> u8 + Sync,
) -> (u64, u64) {
    count_reporting(width, height, leaper, straight, moves, &|_, _| {})
}

/// [`count`], telling `report` how many of how many blocks of the border are counted
/// after each (its time is linear in the sides: hours for the largest boards).
pub fn count_reporting(
    width: u32,
    height: u32,
    leaper: Leaper,
    straight: &Straight,
    moves: impl Fn(u32, u32) -> u8 + Sync,
    report: &(dyn Fn(u64, u64) + Sync),
) -> (u64, u64) {
    let pats = patterns(leaper);
    let reach = Reach::of(&pats);
    let inner = reach.inner(straight);
    let bg = straight.mask;
    let turn = TURN[bg as usize] as u64;
    let crossing = pats
        .iter()
        .filter(|p| bg & (1 << p.d) != 0 && bg & (1 << p.e) != 0)
        .count() as u64;
    let inside = inner.0.len() as u64 * inner.1.len() as u64;
    let cell = |x: u32, y: u32| {
        if straight.xs.contains(&x) && straight.ys.contains(&y) {
            bg
        } else {
            moves(x, y)
        }
    };
    let blocks = border_blocks(width, height, &inner);
    let (total, done) = (blocks.len() as u64, AtomicU64::new(0));
    let (turns, crossings) = blocks
        .into_par_iter()
        .map(|(xs, ys)| {
            let counts = count_block((width, height), &pats, reach, xs, ys, &cell);
            report(done.fetch_add(1, Ordering::Relaxed) + 1, total);
            counts
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    (turns + inside * turn, crossings + inside * crossing)
}

/// How far a cell's crossing partners start from it: `dx` in `left..=right` (`left`
/// not positive), `dy` in `0..=up`.
#[derive(Clone, Copy, Debug)]
struct Reach {
    left: u32,
    right: u32,
    up: u32,
}

impl Reach {
    fn of(pats: &[Pattern]) -> Reach {
        let dx = |f: fn(i32, i32) -> i32| pats.iter().map(|p| p.dx).fold(0, f);
        Reach {
            left: dx(i32::min).unsigned_abs(),
            right: dx(i32::max) as u32,
            up: pats.iter().map(|p| p.dy).max().unwrap_or(0) as u32,
        }
    }

    /// The cells of `s` whose crossing partners all start in `s` (maybe none).
    fn inner(self, s: &Straight) -> (Range<u32>, Range<u32>) {
        let shrink = |r: &Range<u32>, lo: u32, hi: u32| {
            let (a, b) = (r.start + lo, r.end.saturating_sub(hi));
            if a < b {
                a..b
            } else {
                0..0
            }
        };
        let xs = shrink(&s.xs, self.left, self.right);
        let ys = shrink(&s.ys, 0, self.up);
        if xs.is_empty() || ys.is_empty() {
            (0..0, 0..0)
        } else {
            (xs, ys)
        }
    }
}

/// The board less the `inner` rectangle, as blocks of at most [`BLOCK`] x [`BLOCK`]
/// cells: the rows below and above it, and the parts of its rows left and right of it.
fn border_blocks(
    width: u32,
    height: u32,
    inner: &(Range<u32>, Range<u32>),
) -> Vec<(Range<u32>, Range<u32>)> {
    let (xs, ys) = inner;
    let (bottom, top) = if ys.is_empty() {
        (0..height, height..height)
    } else {
        (0..ys.start, ys.end..height)
    };
    let rects = [
        (0..width, bottom),
        (0..width, top),
        (0..xs.start, ys.clone()),
        (xs.end.max(xs.start)..width, ys.clone()),
    ];
    let cut = |r: Range<u32>| {
        r.clone()
            .step_by(BLOCK as usize)
            .map(move |a| a..(a + BLOCK).min(r.end))
    };
    let mut out = Vec::new();
    for (rx, ry) in rects {
        if rx.is_empty() || ry.is_empty() {
            continue;
        }
        for bx in cut(rx) {
            for by in cut(ry.clone()) {
                out.push((bx.clone(), by));
            }
        }
    }
    out
}

/// The turns of the cells of one block and the crossings whose lower (then left) edge
/// starts in it, from a copy of the masks it and its partners' cells hold.
fn count_block(
    (width, height): (u32, u32),
    pats: &[Pattern],
    reach: Reach,
    xs: Range<u32>,
    ys: Range<u32>,
    cell: &impl Fn(u32, u32) -> u8,
) -> (u64, u64) {
    // The copy spans columns x0 - left .. x1 + right and rows y0 .. y1 + up; cells off
    // the board hold no moves.
    let bx0 = xs.start as i64 - reach.left as i64;
    let bw = (xs.len() as u32 + reach.left + reach.right) as usize;
    let bh = (ys.len() as u32 + reach.up) as usize;
    let mut buf = vec![0u8; bw * bh];
    for (r, row) in buf.chunks_mut(bw).enumerate() {
        let y = ys.start + r as u32;
        if y >= height {
            break;
        }
        for (k, m) in row.iter_mut().enumerate() {
            let x = bx0 + k as i64;
            if (0..width as i64).contains(&x) {
                *m = cell(x as u32, y);
            }
        }
    }
    let at =
        |c: usize, dx: i32, dy: i32| buf[(c as i64 + dy as i64 * bw as i64 + dx as i64) as usize];
    let (mut turns, mut crossings) = (0, 0);
    for r in 0..ys.len() {
        for k in 0..xs.len() {
            let c = r * bw + k + reach.left as usize;
            let m = buf[c];
            turns += TURN[m as usize] as u64;
            crossings += pats
                .iter()
                .filter(|p| m & (1 << p.d) != 0 && at(c, p.dx, p.dy) & (1 << p.e) != 0)
                .count() as u64;
        }
    }
    (turns, crossings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveGrid;
    use crate::Board;

    /// A field of one straight mask inside a frame of random masks, counted both ways
    /// (the masks need not form a tour).
    #[test]
    fn equals_the_grid_count_on_random_frames() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for &(w, h, bx, by) in &[
            (20u32, 17u32, 3u32, 4u32),
            (9, 40, 2, 1),
            (70, 9, 5, 3),
            (6, 6, 3, 3),
        ] {
            let board = Board::new(w, h).unwrap();
            let straight = Straight {
                xs: bx.min(w)..w.saturating_sub(bx).max(bx.min(w)),
                ys: by.min(h)..h.saturating_sub(by).max(by.min(h)),
                mask: 0b0001_0001,
            };
            let masks: Vec<u8> = (0..w * h)
                .map(|c| {
                    let (x, y) = (c % w, c / w);
                    if straight.xs.contains(&x) && straight.ys.contains(&y) {
                        straight.mask
                    } else {
                        let a = next() % 8;
                        let b = (a + 1 + next() % 7) % 8;
                        (1 << a) | (1 << b)
                    }
                })
                .collect();
            let grid = MoveGrid::from_masks(board.clone(), masks.clone());
            let want = (super::super::turns(&grid), super::super::crossings(&grid));
            let last = std::sync::Mutex::new((0, 0));
            let report = |done: u64, total: u64| {
                let mut l = last.lock().unwrap();
                *l = (l.0.max(done), total);
            };
            let got = count_reporting(
                w,
                h,
                Leaper::KNIGHT,
                &straight,
                |x, y| masks[(y * w + x) as usize],
                &report,
            );
            assert_eq!(got, want, "{w}x{h}");
            let (done, total) = *last.lock().unwrap();
            assert!(
                total > 0 && done == total,
                "every block reported: {done}/{total}"
            );
        }
    }
}
