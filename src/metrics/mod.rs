//! Metrics: turns and crossings (Definitions 1 and 2 of Besa et al., seed 000), the
//! lower bound every tour obeys, and the ratio of a tour to it.
//!
//! Both counts read the tour's [`MoveGrid`] in linear time: a turn is a cell whose two
//! moves are not opposite, and two leaps can only cross when their cells are close, so
//! each edge is tested against the edges of a small window of nearby cells.

use rayon::prelude::*;
use serde::Serialize;

use crate::board::Board;
use crate::moves::MoveGrid;
use crate::verify::Verified;

/// What a tour measures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Metrics {
    /// Cells visited.
    pub cells: u64,
    /// Closed or open.
    pub closed: bool,
    /// Turns (Definition 1 of Besa et al.).
    pub turns: u64,
    /// Crossings (Definition 2 of Besa et al.).
    pub crossings: u64,
    /// The simple lower bound on turns, `2(w + h) - 4`: every edge cell is a turn.
    pub turn_lower_bound: u64,
    /// `turns / turn_lower_bound`.
    pub turn_ratio: f64,
}

/// Measures a verified tour.
pub fn measure(tour: &Verified) -> Metrics {
    let grid = tour.grid().expect("a verified tour has a move grid");
    let turns = turns(grid);
    let bound = turn_lower_bound(tour.board());
    Metrics {
        cells: tour.path().len() as u64,
        closed: tour.is_closed(),
        turns,
        crossings: crossings(grid),
        turn_lower_bound: bound,
        turn_ratio: if bound == 0 {
            0.0
        } else {
            turns as f64 / bound as f64
        },
    }
}

/// `2(w + h) - 4`, the number of edge cells, each of which is a turn in any tour.
pub fn turn_lower_bound(board: &Board) -> u64 {
    let (w, h) = (board.width() as u64, board.height() as u64);
    if w < 2 || h < 2 {
        return w * h;
    }
    2 * (w + h) - 4
}

/// Whether a cell with these move bits is a turn: two moves that are not opposite.
/// The ends of an open tour (one move) are not turns.
pub fn is_turn(mask: u8) -> bool {
    mask.count_ones() == 2 && !matches!(mask, 0x11 | 0x22 | 0x44 | 0x88)
}

/// The number of turns.
pub fn turns(grid: &MoveGrid) -> u64 {
    grid.masks()
        .par_chunks(1 << 16)
        .map(|c| c.iter().filter(|&&m| is_turn(m)).count() as u64)
        .sum()
}

/// The cells at which the tour turns, in increasing cell order.
pub fn turn_cells(grid: &MoveGrid) -> Vec<u32> {
    grid.masks()
        .iter()
        .enumerate()
        .filter(|(_, &m)| is_turn(m))
        .map(|(c, _)| c as u32)
        .collect()
}

/// An edge-pair pattern that crosses: the edge leaving a cell in direction `d` crosses
/// the edge leaving the cell `(dx, dy)` away in direction `e`.
#[derive(Clone, Copy, Debug)]
struct Pattern {
    d: usize,
    e: usize,
    dx: i32,
    dy: i32,
}

/// All crossing patterns of a leaper between "rightward" edges (directions 0..4), each
/// unordered pair once.
fn patterns(board: &Board) -> Vec<Pattern> {
    let dirs = board.leaper().dirs();
    let (_, b) = board.leaper().steps();
    let r = b as i32;
    let mut out = Vec::new();
    for d in 0..4 {
        for e in 0..4 {
            for dx in -r..=r {
                for dy in -2 * r..=2 * r {
                    // Each unordered pair once: keep (d, 0, 0) < (e, dx, dy) lexicographically.
                    if (dx, dy) < (0, 0) || ((dx, dy) == (0, 0) && e <= d) {
                        continue;
                    }
                    let p = [(0, 0), dirs[d]];
                    let q = [(dx, dy), (dx + dirs[e].0, dy + dirs[e].1)];
                    if open_segments_cross(p, q) {
                        out.push(Pattern { d, e, dx, dy });
                    }
                }
            }
        }
    }
    out
}

fn orient(a: (i32, i32), b: (i32, i32), c: (i32, i32)) -> i64 {
    let v = (b.0 - a.0) as i64 * (c.1 - a.1) as i64 - (b.1 - a.1) as i64 * (c.0 - a.0) as i64;
    v.signum()
}

/// Whether the open segments `p` and `q` share a point.
pub(crate) fn open_segments_cross(p: [(i32, i32); 2], q: [(i32, i32); 2]) -> bool {
    let (o1, o2) = (orient(p[0], p[1], q[0]), orient(p[0], p[1], q[1]));
    let (o3, o4) = (orient(q[0], q[1], p[0]), orient(q[0], q[1], p[1]));
    if o1 == 0 && o2 == 0 {
        // Collinear: the open segments overlap when their projections do.
        let axis = |v: (i32, i32)| {
            if p[0].0 != p[1].0 {
                v.0
            } else {
                v.1
            }
        };
        let (a0, a1) = (axis(p[0]).min(axis(p[1])), axis(p[0]).max(axis(p[1])));
        let (b0, b1) = (axis(q[0]).min(axis(q[1])), axis(q[0]).max(axis(q[1])));
        return a0.max(b0) < a1.min(b1);
    }
    o1 * o2 < 0 && o3 * o4 < 0
}

/// Calls `f(cell, d, other, e)` for every crossing pair of edges, each pair once, where
/// `d` and `e` are rightward directions leaving `cell` and `other`.
fn for_each_crossing_in_row(
    grid: &MoveGrid,
    pats: &[Pattern],
    y: u32,
    mut f: impl FnMut(u32, usize, u32, usize),
) {
    let b = grid.board();
    let (w, h) = (b.width() as i64, b.height() as i64);
    let masks = grid.masks();
    for x in 0..b.width() {
        let c = b.index(x, y);
        let m = masks[c as usize];
        if m & 0x0f == 0 {
            continue;
        }
        for p in pats {
            if m & (1 << p.d) == 0 {
                continue;
            }
            let (ox, oy) = (x as i64 + p.dx as i64, y as i64 + p.dy as i64);
            if ox < 0 || oy < 0 || ox >= w || oy >= h {
                continue;
            }
            let o = b.index(ox as u32, oy as u32);
            if masks[o as usize] & (1 << p.e) != 0 {
                f(c, p.d, o, p.e);
            }
        }
    }
}

/// The number of crossings.
pub fn crossings(grid: &MoveGrid) -> u64 {
    let pats = patterns(grid.board());
    (0..grid.board().height())
        .into_par_iter()
        .map(|y| {
            let mut n = 0u64;
            for_each_crossing_in_row(grid, &pats, y, |_, _, _, _| n += 1);
            n
        })
        .sum()
}

/// The points where the tour crosses itself, in cell units with `(0, 0)` the centre of
/// the bottom-left cell and `y` up; one point per crossing.
pub fn crossing_points(grid: &MoveGrid) -> Vec<(f64, f64)> {
    let pats = patterns(grid.board());
    let b = grid.board();
    let dirs = b.leaper().dirs();
    (0..b.height())
        .into_par_iter()
        .flat_map_iter(|y| {
            let mut pts = Vec::new();
            for_each_crossing_in_row(grid, &pats, y, |c, d, o, e| {
                let (cx, cy) = b.xy(c);
                let (ox, oy) = b.xy(o);
                pts.push(intersection(
                    (cx as f64, cy as f64),
                    (dirs[d].0 as f64, dirs[d].1 as f64),
                    (ox as f64, oy as f64),
                    (dirs[e].0 as f64, dirs[e].1 as f64),
                ));
            });
            pts
        })
        .collect()
}

/// The intersection of the lines `p + t u` and `q + s v` (not parallel).
fn intersection(p: (f64, f64), u: (f64, f64), q: (f64, f64), v: (f64, f64)) -> (f64, f64) {
    let den = u.0 * v.1 - u.1 * v.0;
    if den == 0.0 {
        // Collinear overlap: mark the middle of the shared part's start.
        return ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
    }
    let t = ((q.0 - p.0) * v.1 - (q.1 - p.1) * v.0) / den;
    (p.0 + t * u.0, p.1 + t * u.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring() -> MoveGrid {
        // The 8 outer cells of the 3x3 board form one knight cycle.
        let b = Board::new(3, 3).unwrap();
        let path: Vec<u32> = [
            (0, 0),
            (1, 2),
            (2, 0),
            (0, 1),
            (2, 2),
            (1, 0),
            (0, 2),
            (2, 1),
        ]
        .iter()
        .map(|&(x, y)| b.index(x, y))
        .collect();
        MoveGrid::from_path(&b, &path, true).unwrap()
    }

    #[test]
    fn ring_turns_and_crossings_by_hand() {
        // Every cell of the ring turns (no two consecutive leaps are parallel). Its 8
        // edges form an 8-pointed star in which each edge crosses 4 others... checked
        // against a brute-force count below.
        let g = ring();
        assert_eq!(turns(&g), 8);
        let dirs = g.board().leaper().dirs();
        let mut edges = Vec::new();
        for c in 0..9u32 {
            for d in 0..4 {
                if g.masks()[c as usize] & (1 << d) != 0 {
                    let (x, y) = g.board().xy(c);
                    let p = (x as i32, y as i32);
                    edges.push([p, (p.0 + dirs[d].0, p.1 + dirs[d].1)]);
                }
            }
        }
        assert_eq!(edges.len(), 8);
        let mut brute = 0;
        for i in 0..edges.len() {
            for j in i + 1..edges.len() {
                brute += open_segments_cross(edges[i], edges[j]) as u64;
            }
        }
        assert_eq!(crossings(&g), brute);
        assert_eq!(crossing_points(&g).len() as u64, brute);
    }

    #[test]
    fn segment_crossing_cases() {
        assert!(open_segments_cross([(0, 0), (2, 1)], [(0, 1), (2, 0)]));
        // Touching at an endpoint is not a crossing.
        assert!(!open_segments_cross([(0, 0), (1, 2)], [(1, 2), (3, 1)]));
        // An endpoint in the other's interior is not a crossing of open segments.
        assert!(!open_segments_cross([(0, 0), (4, 2)], [(2, 1), (3, 3)]));
        // Collinear, overlapping.
        assert!(open_segments_cross([(0, 0), (4, 2)], [(2, 1), (6, 3)]));
        assert!(!open_segments_cross([(0, 0), (2, 1)], [(2, 1), (4, 2)]));
    }

    #[test]
    fn straight_cells_are_not_turns() {
        assert!(!is_turn(0x11));
        assert!(!is_turn(0x01));
        assert!(is_turn(0x03));
    }
}
