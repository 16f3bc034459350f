//! Crossings (Definition 2 of Besa et al.): pairs of tour edges whose open segments meet.
//!
//! For each crossing pattern `(d, e, dx, dy)` (see [`super::patterns`]) and each row `y`,
//! the crossings of that pattern are the set bits of
//! `plane_d[y] & (plane_e[y + dy] shifted by dx)`, so a count is a word-wide AND and a
//! popcount per pattern per 64 cells, over tiles in parallel.

use rayon::prelude::*;

use super::geometry::crossing_point;
use super::patterns::{patterns, reach_up, Pattern};
use super::planes::{and_count, shifted_word, Planes, Tile, Tiling};
use crate::moves::MoveGrid;

/// The number of crossings.
pub fn crossings(grid: &MoveGrid) -> u64 {
    if grid.board().topology().wraps() {
        return super::seam::count(grid);
    }
    crossings_tiled(grid, Tiling::DEFAULT)
}

/// The points where the tour crosses itself, in cell units with `(0, 0)` the centre of
/// the bottom-left cell and `y` up; one point per crossing (for two leaps that overlap on
/// one line, the middle of the shared part). Ordered by tile, then row, then pattern.
pub fn crossing_points(grid: &MoveGrid) -> Vec<(f64, f64)> {
    if grid.board().topology().wraps() {
        return super::band::crossing_points(grid);
    }
    crossing_points_tiled(grid, Tiling::DEFAULT)
}

/// [`crossings`] with a given tiling (tests use tiny tiles to cross every boundary).
pub(crate) fn crossings_tiled(grid: &MoveGrid, tiling: Tiling) -> u64 {
    let b = grid.board();
    let pats = patterns(b.leaper());
    let up = reach_up(b.leaper());
    tiling
        .tiles(b.width(), b.height())
        .into_par_iter()
        .map(|t| count_in_tile(&Planes::build(grid, t, up), t, &pats))
        .sum()
}

/// The crossings whose lower (then left) edge starts in `tile`.
fn count_in_tile(planes: &Planes, tile: Tile, pats: &[Pattern]) -> u64 {
    let core = 1..tile.k1 - tile.k0 + 1;
    let mut n = 0;
    for y in tile.y0..tile.y1 {
        for p in pats {
            let a = &planes.row(p.d, y)[core.clone()];
            n += and_count(a, planes.row(p.e, y + p.dy as u32), p.dx);
        }
    }
    n
}

/// [`crossing_points`] with a given tiling.
pub(crate) fn crossing_points_tiled(grid: &MoveGrid, tiling: Tiling) -> Vec<(f64, f64)> {
    let b = grid.board();
    let pats = patterns(b.leaper());
    let up = reach_up(b.leaper());
    let dirs = b.leaper().dirs();
    tiling
        .tiles(b.width(), b.height())
        .into_par_iter()
        .flat_map_iter(|t| {
            let mut pts = Vec::new();
            for_each_crossing(&Planes::build(grid, t, up), t, &pats, |x, y, p| {
                let start = |dx: i32, dy: i32, d: usize| {
                    let c = (x as i32 + dx, y as i32 + dy);
                    [c, (c.0 + dirs[d].0, c.1 + dirs[d].1)]
                };
                pts.push(crossing_point(start(0, 0, p.d), start(p.dx, p.dy, p.e)));
            });
            pts
        })
        .collect()
}

/// Calls `f(x, y, pattern)` for every crossing whose lower (then left) edge leaves
/// `(x, y)` in `tile`.
fn for_each_crossing(
    planes: &Planes,
    tile: Tile,
    pats: &[Pattern],
    mut f: impl FnMut(u32, u32, &Pattern),
) {
    for y in tile.y0..tile.y1 {
        for p in pats {
            let a = planes.row(p.d, y);
            let src = planes.row(p.e, y + p.dy as u32);
            for j in 0..tile.k1 - tile.k0 {
                let mut hit = a[j + 1] & shifted_word(src, j, p.dx);
                while hit != 0 {
                    let x = 64 * (tile.k0 + j) as u32 + hit.trailing_zeros();
                    f(x, y, p);
                    hit &= hit - 1;
                }
            }
        }
    }
}
