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
//! Counting needs no points: `seam` counts the same crossings with the plane's
//! bit-planes, read past the seams.

use super::geometry::{crossing_point, open_segments_cross, Segment};
use crate::moves::MoveGrid;

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
                    // lies an odd number of laps across the seam of a Moebius strip
                    // (its row may be the middle one, which mirroring keeps).
                    let flip = flip_at(b, px as f64);
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

/// Whether a point at `x` of the picture lies across an odd number of Moebius seams
/// (a cell's centre, or a point within half a cell of its column).
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
    use crate::board::Leaper;
    use crate::metrics::naive;
    use crate::Topology;

    #[test]
    fn the_count_is_the_number_of_points_on_every_band() {
        // The knight, the giraffe, and two leaps longer than the narrow boards.
        let leapers = [(1, 2), (1, 4), (2, 3), (1, 9)].map(|(a, b)| Leaper::new(a, b).unwrap());
        let tops = [Topology::Torus, Topology::Cylinder, Topology::Moebius];
        // Boards narrower and lower than a leap's reach wrap more than one lap.
        for (w, h) in [(3, 3), (5, 4), (9, 7), (12, 10), (20, 6)] {
            for leaper in leapers {
                for top in tops {
                    let g = naive::random_grid(w, h, leaper, top, (w * 31 + h) as u64);
                    let points = crossing_points(&g).len() as u64;
                    assert!(points > 0 || w * h < 20, "{w}x{h} {top} {leaper:?}");
                    assert_eq!(
                        super::super::seam::count(&g),
                        points,
                        "{w}x{h} {top} {leaper:?}"
                    );
                }
            }
        }
    }
}
