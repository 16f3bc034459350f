//! The proof of a tour that carries its move grid, read in memory order.
//!
//! Comparing the grid with the path step by step reads the grid in path order: a cache
//! miss (and often a page walk) per step, since a tour's straight runs cross rows at
//! every step. This proof instead reads the grid row by row, in parallel:
//!
//! 1. every cell holds at most two moves, holes none, and each move stays on the board
//!    and is answered by the cell it leads to (so the moves are the edges of a graph in
//!    which no cell has more than two: its parts are paths and cycles);
//! 2. the rectangle the grid declares uniform is ([`MoveGrid::straight_breach`]);
//! 3. the walk of the grid from the path's first cell towards its second (which jumps
//!    the uniform rectangle's straight runs) visits as many cells as the board has and
//!    comes back to its start exactly when the tour claims to be closed: in a graph of
//!    paths and cycles a walk never meets a cell twice, so that walk is a tour and the
//!    grid holds exactly its moves;
//! 4. the path is that walk, compared stretch by stretch in parallel, in path order
//!    but reading only the path and the walk's short list of cells.
//!
//! The path's own cells and leaps need no check of their own: the path is the walk. A
//! tour built from its grid, whose path is not written out, skips step 4: its path
//! becomes this walk.
//!
//! Step 1 reads every move in the plane's terms, on a band or torus too: a leap
//! across a seam counts as leaving the board. A grid proven so on a band or torus is
//! a tour of the plane of its size, whose leaps are the same leaps there (a plane's
//! tour put on a band, `Tour::with_topology`); a grid with a leap across a seam is
//! not proven here, and [`super::verify`] proves it from its path.

use rayon::prelude::*;

use crate::board::Board;
use crate::moves::MoveGrid;
use crate::tour::Tour;
use crate::trace::{Stretch, Trace};

/// The walk of `grid` that `tour` is, when `tour` is a tour of its board and `grid`
/// holds exactly its moves; `None` otherwise, and for every grid with a leap across a
/// seam (there, directions are not opposite in pairs).
pub(super) fn proof(tour: &Tour, grid: &MoveGrid) -> Option<Trace> {
    if grid.board() != tour.board() {
        return None;
    }
    let (first, second) = tour.first_two()?;
    let walk = walk_proof(grid, tour.len(), (first, second), tour.is_closed())?;
    if tour.unwritten_walk().is_some() {
        return Some(walk);
    }
    let path = tour.path();
    let stretches: Vec<(usize, Stretch<'_>)> = walk.stretches().collect();
    let same_path = stretches
        .par_iter()
        .with_max_len(64)
        .all(|&(pos, s)| same(&path[pos..pos + s.len()], s));
    drop(stretches);
    same_path.then_some(walk)
}

/// Steps 1 to 3: the walk of `grid` from `first` towards `second`, when it is a tour
/// of `n` cells of the grid's board, closed when `closed` says so, and `grid` holds
/// exactly its moves; `None` otherwise.
pub(super) fn walk_proof(
    grid: &MoveGrid,
    n: usize,
    (first, second): (u32, Option<u32>),
    closed: bool,
) -> Option<Trace> {
    let b = grid.board();
    if n == 0 || n as u64 != b.cells() {
        return None;
    }
    if (first as u64) >= b.area() || b.is_hole(first) {
        return None;
    }
    if !moves_answered(b, grid.masks()) || !straight_holds(grid) {
        return None;
    }
    let walk = grid.trace(first, second);
    if walk.len() != n || walk.closed() != closed || (closed && n < 3) {
        return None;
    }
    Some(walk)
}

/// Step 2: the rectangle the grid declares uniform, if any, is, and its cells hold a
/// move and its opposite (so a walk through it goes straight).
fn straight_holds(grid: &MoveGrid) -> bool {
    grid.straight()
        .is_none_or(|s| s.mask.count_ones() == 2 && s.mask & 0x0f == s.mask >> 4)
        && grid.straight_breach().is_none()
}

/// Whether `cells` are the cells of stretch `s`.
fn same(cells: &[u32], s: Stretch<'_>) -> bool {
    match s {
        Stretch::Cells(c) => c == cells,
        Stretch::Run { first, step, .. } => {
            let mut want = first as i64;
            cells.iter().fold(true, |ok, &c| {
                let hit = c as i64 == want;
                want += step;
                ok & hit
            })
        }
    }
}

/// Step 1: every cell has at most two moves, holes none, and every move stays on the
/// board as on the plane (never across a seam) and is answered. Row by row in parallel; each row is compared with the rows
/// its leaps reach, a few rows away, so the reads stay in cache.
fn moves_answered(b: &Board, masks: &[u8]) -> bool {
    if b.holes().iter().any(|&h| masks[h as usize] != 0) {
        return false;
    }
    let w = b.width() as usize;
    let h = b.height() as i64;
    let dirs = b.leaper().dirs();
    masks
        .par_chunks(w)
        .with_min_len(16)
        .enumerate()
        .all(|(y, row)| {
            // At most two bits: clearing the lowest twice leaves nothing.
            let mut bad = row.iter().fold(0u8, |acc, &m| {
                let m1 = m & m.wrapping_sub(1);
                acc | (m1 & m1.wrapping_sub(1))
            });
            for (d, &(dx, dy)) in dirs.iter().enumerate() {
                let bit = 1u8 << d;
                let ty = y as i64 + dy as i64;
                if ty < 0 || ty >= h {
                    bad |= row.iter().fold(0, |acc, &m| acc | (m & bit));
                    continue;
                }
                let target = &masks[ty as usize * w..(ty as usize + 1) * w];
                // Columns whose leap stays on the board: x + dx in 0..w.
                let dx = dx as i64;
                let lo = (-dx).clamp(0, w as i64) as usize;
                let hi = (w as i64 - dx).clamp(0, w as i64) as usize;
                let off = |x: usize| (x as i64 + dx) as usize;
                bad |= row[..lo].iter().fold(0, |acc, &m| acc | (m & bit));
                bad |= row[hi.max(lo)..].iter().fold(0, |acc, &m| acc | (m & bit));
                if lo < hi {
                    // A move d at x must be met by the move d + 4 at x + dx.
                    let there = &target[off(lo)..off(hi - 1) + 1];
                    bad |= row[lo..hi]
                        .iter()
                        .zip(there)
                        .fold(0, |acc, (&m, &t)| acc | (m & !t.rotate_left(4) & bit));
                }
            }
            bad == 0
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::Straight;

    /// A closed tour of the 6x6 board.
    fn six() -> Tour {
        let rows = [
            [18, 25, 34, 9, 12, 21],
            [35, 10, 19, 22, 33, 8],
            [24, 17, 26, 11, 20, 13],
            [3, 36, 23, 30, 7, 32],
            [16, 27, 2, 5, 14, 29],
            [1, 4, 15, 28, 31, 6],
        ];
        let b = Board::new(6, 6).unwrap();
        let mut path = vec![0; 36];
        for (y, row) in rows.iter().enumerate() {
            for (x, &k) in row.iter().enumerate() {
                path[k - 1] = b.index(x as u32, y as u32);
            }
        }
        Tour::new(b, path, true)
    }

    fn grid_of(t: &Tour) -> MoveGrid {
        MoveGrid::from_path(t.board(), t.path(), t.is_closed()).unwrap()
    }

    #[test]
    fn a_tour_and_its_own_grid_pass_open_and_closed() {
        let t = six();
        assert!(crate::verify::check(&t).is_ok(), "the example is a tour");
        assert!(valid(&t, &grid_of(&t)));
        let open = Tour::new(t.board().clone(), t.path().to_vec(), false);
        assert!(valid(&open, &grid_of(&open)));
        // Reversed, and started elsewhere on the cycle.
        let mut rev = t.path().to_vec();
        rev.reverse();
        rev.rotate_left(5);
        let rev = Tour::new(t.board().clone(), rev, true);
        assert!(valid(&rev, &grid_of(&t)));
    }

    #[test]
    fn every_change_of_one_grid_byte_is_caught() {
        let t = six();
        let good = grid_of(&t);
        for c in 0..36 {
            for m in 0..=255u8 {
                if m == good.masks()[c] {
                    continue;
                }
                let mut masks = good.masks().to_vec();
                masks[c] = m;
                let g = MoveGrid::from_masks(t.board().clone(), masks);
                assert!(!valid(&t, &g), "cell {c} mask {m:#04x}");
            }
        }
    }

    /// A plane's tour put on a band or torus (`Tour::with_topology`) is proven by its
    /// grid, read in the plane's terms; any one byte changed is caught there too,
    /// whether it breaks the tour or makes a leap across a seam (which only the path
    /// proves).
    #[test]
    fn a_plane_tours_grid_is_proven_on_every_band_and_torus() {
        use crate::Topology;
        let t = six();
        for top in [Topology::Cylinder, Topology::Moebius, Topology::Torus] {
            let b = t.board().clone().with_topology(top);
            let on = Tour::new(b.clone(), t.path().to_vec(), true);
            let g = grid_of(&on);
            assert_eq!(g.masks(), grid_of(&t).masks(), "{top}");
            assert!(valid(&on, &g), "{top}");
            for c in 0..36 {
                for m in 0..=255u8 {
                    if m == g.masks()[c] {
                        continue;
                    }
                    let mut masks = g.masks().to_vec();
                    masks[c] = m;
                    let bad = MoveGrid::from_masks(b.clone(), masks);
                    assert!(!valid(&on, &bad), "{top} cell {c} mask {m:#04x}");
                }
            }
        }
        // A leap across the seam, (5, 0) to (1, 1) on the cylinder 6 round: its grid's
        // moves are not the plane's (the path proves it).
        let cyl = Board::new(6, 6).unwrap().with_topology(Topology::Cylinder);
        let leap = [cyl.index(5, 0), cyl.index(1, 1)];
        let g = MoveGrid::from_path(&cyl, &leap, false).expect("a leap of the cylinder");
        assert!(!moves_answered(&cyl, g.masks()));
    }

    #[test]
    fn a_walked_plane_tour_keeps_its_grid_and_walk_on_a_band() {
        use crate::Topology;
        let t = six();
        let g = grid_of(&t);
        let start = t.path()[3];
        for top in [Topology::Cylinder, Topology::Moebius, Topology::Torus] {
            let trace = g.trace(start, None);
            let walked = Tour::walked(t.board().clone(), g.clone(), trace, true);
            let on = walked.with_topology(top);
            assert!(
                on.unwritten_walk().is_some(),
                "{top}: the path was written out"
            );
            assert_eq!(on.attached_grid().map(|g| g.board().topology()), Some(top));
            let v = crate::verify::verify(on).unwrap();
            assert!(v.unwritten_walk().is_some(), "{top}");
            assert_eq!(v.grid().masks(), g.masks(), "{top}");
            let by_path = Tour::new(v.board().clone(), v.path().to_vec(), true);
            let by_path = crate::verify::verify(by_path).unwrap();
            assert_eq!(
                crate::metrics::measure(&v),
                crate::metrics::measure(&by_path),
                "{top}"
            );
            // Back to the plane from a band, the grid is made again from the path.
            let back = v.into_inner().with_topology(Topology::Plane);
            assert!(back.unwritten_walk().is_none() && back.attached_grid().is_none());
        }
    }

    #[test]
    fn a_grid_of_the_closed_tour_is_not_the_open_ones_and_back() {
        let t = six();
        let open = Tour::new(t.board().clone(), t.path().to_vec(), false);
        assert!(!valid(&open, &grid_of(&t)));
        assert!(!valid(&t, &grid_of(&open)));
    }

    #[test]
    fn every_change_of_the_path_is_caught() {
        let t = six();
        let g = grid_of(&t);
        let n = t.path().len();
        for i in 0..n {
            for c in 0..40 {
                let mut p = t.path().to_vec();
                if p[i] == c {
                    continue;
                }
                p[i] = c;
                assert!(
                    !valid(&Tour::new(t.board().clone(), p, true), &g),
                    "{i} {c}"
                );
            }
            for j in 0..n {
                let mut p = t.path().to_vec();
                p.swap(i, j);
                if i != j {
                    assert!(!valid(&Tour::new(t.board().clone(), p, true), &g));
                }
            }
            let p = t.path()[..i].to_vec();
            assert!(!valid(&Tour::new(t.board().clone(), p, true), &g));
        }
    }

    #[test]
    fn two_cycles_with_every_cell_answered_are_not_a_tour() {
        // Two knight's 4-cycles cover the eight cells of a 4x4 board with eight holes;
        // every move is answered, and only the walk notices it closes after four.
        let b = Board::new(4, 4).unwrap();
        let cyc = |cells: [(u32, u32); 4]| -> Vec<u32> {
            cells.iter().map(|&(x, y)| b.index(x, y)).collect()
        };
        // (0,0)-(1,2)-(3,3)-(2,1) and its mirror are both knight 4-cycles.
        let a = cyc([(0, 0), (1, 2), (3, 3), (2, 1)]);
        let c = cyc([(0, 3), (2, 2), (3, 0), (1, 1)]);
        let mut masks = MoveGrid::from_path(&b, &a, true).unwrap().masks().to_vec();
        for (m, o) in masks
            .iter_mut()
            .zip(MoveGrid::from_path(&b, &c, true).unwrap().masks())
        {
            *m |= o;
        }
        let g = MoveGrid::from_masks(b.clone(), masks);
        assert!(moves_answered(&b, g.masks()));
        let path: Vec<u32> = a.iter().chain(&c).copied().collect();
        let board8 = b
            .with_holes(&[
                (0, 1),
                (0, 2),
                (1, 0),
                (1, 3),
                (2, 0),
                (2, 3),
                (3, 1),
                (3, 2),
            ])
            .unwrap();
        let g8 = MoveGrid::from_masks(board8.clone(), g.masks().to_vec());
        assert!(!valid(&Tour::new(board8, path, true), &g8));
    }

    fn valid(t: &Tour, g: &MoveGrid) -> bool {
        proof(t, g).is_some()
    }

    #[test]
    fn a_tour_without_its_path_is_proven_by_its_grid_and_walked_again() {
        let t = six();
        let g = grid_of(&t);
        let start = t.path()[3];
        let walked = |g: MoveGrid, closed| {
            let trace = g.trace(start, None);
            Tour::walked(t.board().clone(), g, trace, closed)
        };
        let v = crate::verify::verify(walked(g.clone(), true)).unwrap();
        assert_eq!(v.len(), 36);
        assert_eq!(v.path()[0], start);
        assert_eq!(v.grid().masks(), g.masks());
        assert_eq!(
            MoveGrid::from_path(t.board(), v.path(), true)
                .unwrap()
                .masks(),
            g.masks()
        );
        // Claimed open, or with any one byte of its grid changed, it is refused.
        assert!(crate::verify::verify(walked(g.clone(), false)).is_err());
        for c in 0..36 {
            let mut masks = g.masks().to_vec();
            masks[c] ^= 0b101;
            let bad = |masks: &[u8]| {
                walked(
                    MoveGrid::from_masks(t.board().clone(), masks.to_vec()),
                    true,
                )
            };
            assert!(crate::verify::check(&bad(&masks)).is_err(), "cell {c}");
            // `verify` lets the construction's walk go before it walks the grid again,
            // and still says where the walk breaks.
            assert!(crate::verify::verify(bad(&masks)).is_err(), "cell {c}");
        }
    }

    #[test]
    fn a_false_straight_declaration_is_caught() {
        let t = six();
        let g = grid_of(&t).with_straight(Straight {
            xs: 0..6,
            ys: 0..6,
            mask: 0x11,
        });
        assert!(!valid(&t, &g));
    }
}
