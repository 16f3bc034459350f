//! The proof of validity in one parallel pass that answers yes or no.
//!
//! The path is cut into one part per thread (at most 8). Each part checks that its
//! entries are cells of the board and that each of its steps is a leap, and marks its
//! cells in a bitmap of its own: no atomics and no sharing between threads. The tour is
//! valid when the path has as many entries as the board has cells and the union of the
//! bitmaps is exactly the board's cells, since `n` entries that cover `n` cells visit
//! each of them once.
//!
//! A tour with a move grid attached is proven with its grid instead, read in memory
//! order (see [`super::grid`]).

use std::ops::Range;

use rayon::prelude::*;

use crate::board::Board;
use crate::moves::MoveGrid;
use crate::tour::Tour;

/// Tours of fewer cells are scanned in one piece on the calling thread.
const SMALL: usize = 1 << 14;

/// Whether `tour` visits every cell of its board once, by leaps, and closes when it
/// says it is closed.
pub(super) fn valid(tour: &Tour) -> bool {
    let (b, path) = (tour.board(), tour.path());
    let n = path.len();
    if n == 0 || n as u64 != b.cells() {
        return false;
    }
    let g = Geometry::new(b);
    if tour.is_closed() && (n < 3 || path[n - 1] as u64 >= g.area || !g.leap(path[n - 1], path[0]))
    {
        return false;
    }
    if n < SMALL {
        // On the calling thread: a rayon job costs more than scanning a tour this small.
        return scan(&g, path, 0..n).is_some_and(|map| covers(b, &[map]));
    }
    let parts = rayon::current_num_threads().clamp(1, 8);
    let len = n.div_ceil(parts);
    let maps: Option<Vec<Vec<u64>>> = (0..parts)
        .into_par_iter()
        .map(|p| scan(&g, path, p * len..((p + 1) * len).min(n)))
        .collect();
    maps.is_some_and(|maps| covers(b, &maps))
}

/// Marks the cells of `path[range]` in a fresh bitmap, or `None` if one is off the
/// board or repeats, or a step from one of them is not a leap.
fn scan(g: &Geometry, path: &[u32], range: Range<usize>) -> Option<Vec<u64>> {
    let mut seen = vec![0u64; g.area.div_ceil(64) as usize];
    let last = path.len() - 1;
    for i in range {
        let c = path[i];
        if c as u64 >= g.area {
            return None;
        }
        let (word, bit) = ((c / 64) as usize, 1u64 << (c % 64));
        if seen[word] & bit != 0 || (i < last && !g.leap(c, path[i + 1])) {
            return None;
        }
        seen[word] |= bit;
    }
    Some(seen)
}

/// The moves of a tour whose every step is a leap (a verified tour's), as a grid.
pub(super) fn moves(tour: &Tour) -> MoveGrid {
    let (b, path) = (tour.board(), tour.path());
    if b.topology().wraps() {
        return MoveGrid::from_path(b, path, tour.is_closed())
            .unwrap_or_else(|| MoveGrid::from_masks(b.clone(), vec![0; b.area() as usize]));
    }
    let g = Geometry::new(b);
    let mut masks = vec![0u8; b.area() as usize];
    let n = path.len();
    let edges = if tour.is_closed() {
        n
    } else {
        n.saturating_sub(1)
    };
    for i in 0..edges {
        let (p, q) = (path[i], path[(i + 1) % n]);
        if let Some(d) = g.dir(p, q) {
            masks[p as usize] |= 1 << d;
            masks[q as usize] |= 1 << ((d + 4) % 8);
        }
    }
    MoveGrid::from_masks(b.clone(), masks)
}

/// Whether the union of the bitmaps is exactly the board's cells (no holes).
fn covers(b: &Board, maps: &[Vec<u64>]) -> bool {
    let area = b.area();
    let words = area.div_ceil(64) as usize;
    let mut holes = vec![0u64; if b.holes().is_empty() { 0 } else { words }];
    for &h in b.holes() {
        holes[(h / 64) as usize] |= 1 << (h % 64);
    }
    let tail = area % 64;
    (0..words).into_par_iter().with_min_len(1 << 12).all(|k| {
        let union = maps.iter().fold(0, |u, m| u | m[k]);
        let mut want = if k == words - 1 && tail != 0 {
            (1u64 << tail) - 1
        } else {
            u64::MAX
        };
        if let Some(h) = holes.get(k) {
            want &= !h;
        }
        union == want
    })
}

/// The board's width, area and leaper, with a division by the width that is a multiply
/// and a shift.
pub(super) struct Geometry {
    width: u32,
    area: u64,
    /// `ceil(2^64 / width)`: for every 32-bit `c`, `c / width` is the high half of the
    /// product `magic * c` (Lemire, Kaser and Kurz, "Faster remainder by direct
    /// computation", 2019, Theorem 1 with 64 fractional bits for 32-bit numbers).
    magic: u64,
    steps: (u32, u32),
    /// The board, when its edges are glued: leaps across the seam are its to judge.
    band: Option<Board>,
}

impl Geometry {
    pub(super) fn new(b: &Board) -> Geometry {
        let width = b.width();
        Geometry {
            width,
            area: b.area(),
            magic: if width > 1 {
                u64::MAX / width as u64 + 1
            } else {
                0
            },
            steps: b.leaper().steps(),
            band: b.topology().wraps().then(|| b.clone()),
        }
    }

    /// The `(x, y)` of cell number `c`.
    #[inline]
    fn xy(&self, c: u32) -> (u32, u32) {
        let y = if self.width > 1 {
            ((self.magic as u128 * c as u128) >> 64) as u32
        } else {
            c
        };
        (c - y * self.width, y)
    }

    /// The direction (see [`crate::board::Leaper::dirs`]) of the leap from `p` to `q`
    /// (both on the board), or `None` when they are not a leap apart.
    #[inline]
    pub(super) fn dir(&self, p: u32, q: u32) -> Option<u32> {
        self.dir_xy(self.xy(p), self.xy(q))
    }

    /// [`Geometry::dir`] of two cells given as `(x, y)`.
    #[inline]
    fn dir_xy(&self, (px, py): (u32, u32), (qx, qy): (u32, u32)) -> Option<u32> {
        let (right, up) = (qx > px, qy > py);
        let (dx, dy) = (px.abs_diff(qx), py.abs_diff(qy));
        let (a, b) = self.steps;
        let (narrow, wide) = ((dx == a) & (dy == b), (dx == b) & (dy == a));
        // Two directions per quadrant, clockwise from up-right: (a, b), (b, a) |
        // (b, -a), (a, -b) | (-a, -b), (-b, -a) | (-b, a), (-a, b). Without branches:
        // a tour's turns would make them hard to predict.
        let quadrant = 4 * u32::from(!right) + 2 * u32::from(right != up);
        let d = quadrant + u32::from(wide == (right == up));
        (narrow | wide).then_some(d)
    }

    /// Whether cells `p` and `q` (both on the board) are a leap apart.
    #[inline]
    pub(super) fn leap(&self, p: u32, q: u32) -> bool {
        let ((px, py), (qx, qy)) = (self.xy(p), self.xy(q));
        let (dx, dy) = (px.abs_diff(qx), py.abs_diff(qy));
        let (a, b) = self.steps;
        (dx == a && dy == b)
            || (dx == b && dy == a)
            || self
                .band
                .as_ref()
                .is_some_and(|band| band.dir_between(p, q).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_multiply_divides_exactly(w in 1u32..u32::MAX, c in any::<u32>()) {
            let g = Geometry::new(&Board::new(w, 1).unwrap());
            prop_assert_eq!(g.xy(c), (c % w, c / w));
        }
    }

    #[test]
    fn directions_are_the_leapers_numbering() {
        for leaper in [(1, 2), (1, 4), (2, 3), (3, 7)] {
            let leaper = crate::Leaper::new(leaper.0, leaper.1).unwrap();
            let b = Board::with_leaper(12, 11, leaper).unwrap();
            let g = Geometry::new(&b);
            for p in 0..b.area() as u32 {
                for q in 0..b.area() as u32 {
                    assert_eq!(
                        g.dir(p, q),
                        b.dir_between(p, q).map(|d| d as u32),
                        "{leaper:?} {p} {q}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_multiply_divides_exactly_at_the_edges() {
        for w in [
            1,
            2,
            3,
            7,
            64,
            1000,
            65_535,
            65_536,
            65_537,
            1 << 31,
            u32::MAX - 1,
        ] {
            let g = Geometry::new(&Board::new(w, 1).unwrap());
            for c in [0, 1, w - 1, w, w.saturating_add(1), u32::MAX - 1, u32::MAX] {
                assert_eq!(g.xy(c), (c % w, c / w), "{c} / {w}");
            }
        }
    }

    #[test]
    fn agrees_with_the_located_checks() {
        let t = examples::ring();
        assert!(valid(&t));
        let b = t.board().clone();
        let n = t.path().len();
        // Every single-cell change, swap and truncation of the ring, open and closed.
        for closed in [false, true] {
            let mut cases: Vec<Vec<u32>> = Vec::new();
            for i in 0..n {
                for c in 0..10 {
                    let mut p = t.path().to_vec();
                    p[i] = c;
                    cases.push(p);
                }
                for j in 0..n {
                    let mut p = t.path().to_vec();
                    p.swap(i, j);
                    cases.push(p);
                }
                cases.push(t.path()[..i].to_vec());
            }
            for p in cases {
                let tour = Tour::new(b.clone(), p.clone(), closed);
                let located = super::super::locate::cells(&b, &p)
                    .and_then(|()| super::super::locate::length(&b, &p))
                    .and_then(|()| super::super::locate::leaps(&b, &p));
                let ends =
                    !closed || (p.len() >= 3 && b.dir_between(p[p.len() - 1], p[0]).is_some());
                assert_eq!(
                    valid(&tour),
                    located.is_ok() && ends,
                    "{p:?} closed {closed}"
                );
            }
        }
    }
}
