//! Crossings on a band (cylinder or Moebius strip) or a torus, where the bit-plane
//! count of the plane does not apply: a leap may cross the seam (on a torus either
//! seam), and on a Moebius strip the cells beyond it are upside down.
//!
//! How it is measured: on the surface itself. Each leap is a segment in the picture of
//! the cell it leaves rightwards (every leap has one such end), reaching past the edge
//! when it crosses the seam. The leaps that could meet it leave cells at most one long
//! step away; each is drawn in the same picture (beyond the seam of a Moebius strip,
//! rows and leaps mirrored) and tested exactly. A pair is counted once, from the end
//! that comes first. Turns need nothing special: a cell's two moves are read in its own
//! frame, so a leap straight across the seam is no turn.
//!
//! Counting needs no points: [`count`] tests no segments at all, but looks up, for
//! each leap, the partners that cross it (a table made once per leaper: the other
//! leap's offset, direction and whether it is mirrored), so that a long leaper's
//! window of thousands of cells costs a lookup each, over rows in parallel.

use rayon::prelude::*;

use super::geometry::{crossing_point, open_segments_cross, Segment};
use crate::board::{Board, Leaper};
use crate::moves::MoveGrid;
use crate::Topology;

/// A leap that crosses the one leaving a cell rightwards in a given direction: it
/// leaves the cell `(ox, oy)` away in direction `e`, mirrored (up and down exchanged)
/// when `flip`, as a leap beyond the seam of a Moebius strip is drawn.
#[derive(Clone, Copy, Debug)]
struct Partner {
    ox: i64,
    oy: i64,
    e: usize,
    flip: bool,
}

/// For each rightward direction `d`, the partners that cross the leap leaving `(0, 0)`
/// in it: the window [`crossing_points`] tests, tested once. On a Moebius strip with
/// the mirrored ones, and all of them (a pair is told apart by its cells' order). On a
/// torus or cylinder every picture of a pair is the other's moved, so each pair is
/// named once, by the partner above (or right of, or after) the leap.
fn partners(leaper: Leaper, moebius: bool) -> [Vec<Partner>; 4] {
    let dirs = leaper.dirs();
    let reach = leaper.steps().1 as i64;
    std::array::from_fn(|d| {
        let s: Segment = [(0, 0), dirs[d]];
        let mut out = Vec::new();
        for ox in -reach..=reach {
            for oy in -2 * reach..=2 * reach {
                let named = |e: usize| match (ox, oy) {
                    (0, 0) => e > d,
                    _ => oy > 0 || (oy == 0 && ox > 0),
                };
                for (e, &(ex, ey)) in dirs.iter().enumerate().take(4) {
                    if !moebius && !named(e) {
                        continue;
                    }
                    for flip in [false, true].into_iter().filter(|&f| moebius || !f) {
                        let ey = if flip { -ey } else { ey };
                        let (px, py) = (ox as i32, oy as i32);
                        if open_segments_cross(s, [(px, py), (px + ex, py + ey)]) {
                            out.push(Partner { ox, oy, e, flip });
                        }
                    }
                }
            }
        }
        out
    })
}

/// The number of crossings, [`crossing_points`]`.len()` without the points: every
/// pair of leaps that cross in the picture of the cell one leaves, once.
pub(super) fn count(grid: &MoveGrid) -> u64 {
    let b = grid.board();
    let table = partners(b.leaper(), b.topology() == Topology::Moebius);
    let masks = grid.masks();
    (0..b.height())
        .into_par_iter()
        .map(|y| {
            let mut n = 0;
            for x in 0..b.width() {
                let c = b.index(x, y);
                for d in (0..4).filter(|&d| masks[c as usize] & (1 << d) != 0) {
                    n += crossing_partners(b, masks, (c, d), (x as i64, y as i64), &table[d]);
                }
            }
            n
        })
        .sum()
}

/// How many of `partners` the leap `(c, d)` at `(x, y)` meets (on a Moebius strip
/// those that come after it: a pair is counted from the leap that comes first, as
/// [`crossing_points`] does).
fn crossing_partners(
    b: &Board,
    masks: &[u8],
    (c, d): (u32, usize),
    (x, y): (i64, i64),
    partners: &[Partner],
) -> u64 {
    let moebius = b.topology() == Topology::Moebius;
    let mut n = 0;
    for p in partners {
        let (px, py) = (x + p.ox, y + p.oy);
        let Some((qx, qy)) = land(b, px, py) else {
            continue;
        };
        if (moebius && qy as i64 != py) != p.flip {
            continue;
        }
        let q = b.index(qx, qy);
        if masks[q as usize] & (1 << p.e) != 0 && (!moebius || (q, p.e) > (c, d)) {
            n += 1;
        }
    }
    n
}

/// [`Board::land`] without its divisions where the point is at most a lap off the
/// board (a leap reaches no further on a board wider and taller than its reach).
fn land(b: &Board, x: i64, y: i64) -> Option<(u32, u32)> {
    let (w, h) = (b.width() as i64, b.height() as i64);
    let near = (-w..2 * w).contains(&x) && (-h..2 * h).contains(&y);
    match b.topology() {
        Topology::Torus | Topology::Cylinder if near => {
            let wrap = |v: i64, n: i64| {
                if v < 0 {
                    v + n
                } else if v >= n {
                    v - n
                } else {
                    v
                }
            };
            if b.topology() == Topology::Cylinder && !(0..h).contains(&y) {
                return None;
            }
            Some((wrap(x, w) as u32, wrap(y, h) as u32))
        }
        _ => b.land(x, y),
    }
}

/// The points where the tour crosses itself, one per crossing, in board coordinates
/// (a crossing beyond the right edge is brought back across the seam).
pub(super) fn crossing_points(grid: &MoveGrid) -> Vec<(f64, f64)> {
    let b = grid.board();
    let (w, h) = (b.width() as i64, b.height() as i64);
    let dirs = b.leaper().dirs();
    let (_, long) = b.leaper().steps();
    let reach = long as i64;
    let masks = grid.masks();
    let mut points = Vec::new();
    for c in 0..b.area() as u32 {
        let (cx, cy) = b.xy(c);
        let (cx, cy) = (cx as i64, cy as i64);
        for d in (0..4).filter(|&d| masks[c as usize] & (1 << d) != 0) {
            let s: Segment = [
                (cx as i32, cy as i32),
                (cx as i32 + dirs[d].0, cy as i32 + dirs[d].1),
            ];
            for ox in -reach..=reach {
                for oy in -2 * reach..=2 * reach {
                    let (px, py) = (cx + ox, cy + oy);
                    let Some((qx, qy)) = b.land(px, py) else {
                        continue;
                    };
                    // The other cell's rows run the other way in this picture when it
                    // lies across the seam of a Moebius strip.
                    let flip = b.topology() == crate::Topology::Moebius && qy as i64 != py;
                    let q = b.index(qx, qy);
                    for e in (0..4).filter(|&e| masks[q as usize] & (1 << e) != 0) {
                        if (q, e) <= (c, d) {
                            continue;
                        }
                        let (ex, ey) = dirs[e];
                        let ey = if flip { -ey } else { ey };
                        let t: Segment = [(px as i32, py as i32), (px as i32 + ex, py as i32 + ey)];
                        if open_segments_cross(s, t) {
                            let (x, y) = crossing_point(s, t);
                            points.push(on_board(x, y, w, h, flip_at(b, x)));
                        }
                    }
                }
            }
        }
    }
    points
}

/// Whether a point at `x` of the picture lies across an odd number of Moebius seams.
fn flip_at(b: &crate::Board, x: f64) -> bool {
    let w = b.width() as f64;
    let laps = ((x + 0.5) / w).floor() as i64;
    b.topology() == crate::Topology::Moebius && laps % 2 != 0
}

/// A point of the picture brought back onto the board (cell centres at whole numbers;
/// on a board of any topology but the torus `y` is already on it).
fn on_board(x: f64, y: f64, w: i64, h: i64, flip: bool) -> (f64, f64) {
    let (w, h) = (w as f64, h as f64);
    let x = (x + 0.5).rem_euclid(w) - 0.5;
    let y = if flip { h - 1.0 - y } else { y };
    (x, (y + 0.5).rem_euclid(h) - 0.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Masks of pseudo-random rightward leaps (any set: counting reads no tour).
    fn grid(w: u32, h: u32, leaper: Leaper, topology: Topology, seed: u64) -> MoveGrid {
        let b = Board::with_leaper(w, h, leaper)
            .unwrap()
            .with_topology(topology);
        let mut x = seed | 1;
        let masks = (0..b.area())
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 20) as u8 & (x >> 40) as u8 & 0x0f
            })
            .collect();
        MoveGrid::from_masks(b, masks)
    }

    #[test]
    fn the_count_is_the_number_of_points_on_every_band() {
        let leapers = [Leaper::KNIGHT, Leaper::GIRAFFE, Leaper::new(2, 3).unwrap()];
        let tops = [Topology::Torus, Topology::Cylinder, Topology::Moebius];
        // Boards narrower and lower than a leap's reach wrap more than one lap.
        for (w, h) in [(3, 3), (5, 4), (9, 7), (12, 10), (20, 6)] {
            for leaper in leapers {
                for top in tops {
                    let g = grid(w, h, leaper, top, (w * 31 + h) as u64);
                    let points = crossing_points(&g).len() as u64;
                    assert!(points > 0 || w * h < 20, "{w}x{h} {top} {leaper:?}");
                    assert_eq!(count(&g), points, "{w}x{h} {top} {leaper:?}");
                }
            }
        }
    }
}
