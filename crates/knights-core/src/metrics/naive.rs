//! Test-only reference counts, straight from the definitions and sharing no code with the
//! fast ones: turns from the collinearity of consecutive triples of the path, crossings
//! by testing every pair of segments with exact integer arithmetic (quadratic time).

use crate::board::{Board, Leaper};
use crate::moves::MoveGrid;
use crate::Topology;

pub type Point = (i64, i64);

fn sub(p: Point, q: Point) -> Point {
    (p.0 - q.0, p.1 - q.1)
}

fn cross(u: Point, v: Point) -> i64 {
    u.0 * v.1 - u.1 * v.0
}

fn dot(u: Point, v: Point) -> i64 {
    u.0 * v.0 + u.1 * v.1
}

/// The path's cells as points.
fn points(board: &Board, path: &[u32]) -> Vec<Point> {
    path.iter()
        .map(|&c| {
            let (x, y) = board.xy(c);
            (x as i64, y as i64)
        })
        .collect()
}

/// The path's segments: consecutive cells, and last to first when closed.
pub fn segments(board: &Board, path: &[u32], closed: bool) -> Vec<[Point; 2]> {
    let p = points(board, path);
    let n = p.len();
    let mut out: Vec<[Point; 2]> = p.windows(2).map(|w| [w[0], w[1]]).collect();
    if closed && n > 2 {
        out.push([p[n - 1], p[0]]);
    }
    out
}

/// The middle cells of the triples of consecutive cells that are not collinear (all
/// triples around a closed path; only those inside an open one), sorted.
pub fn turn_cells(board: &Board, path: &[u32], closed: bool) -> Vec<u32> {
    let p = points(board, path);
    let n = p.len();
    let centres = if closed && n > 2 {
        0..n
    } else {
        1..n.saturating_sub(1)
    };
    let mut out: Vec<u32> = centres
        .filter(|&i| {
            let (a, b, c) = (p[(i + n - 1) % n], p[i], p[(i + 1) % n]);
            cross(sub(b, a), sub(c, b)) != 0
        })
        .map(|i| path[i])
        .collect();
    out.sort_unstable();
    out
}

/// The most consecutive segments with the same vector (around a closed path, a streak
/// may wrap from the last segment to the first).
pub fn longest_run(board: &Board, path: &[u32], closed: bool) -> u64 {
    let s = segments(board, path, closed);
    let v: Vec<Point> = s.iter().map(|q| sub(q[1], q[0])).collect();
    let m = v.len();
    let wrap = if closed && m > 0 { 2 } else { 1 };
    let (mut best, mut streak) = (0, 0);
    for i in 0..m * wrap {
        streak = if i > 0 && v[i % m] == v[(i - 1) % m] {
            streak + 1
        } else {
            1
        };
        best = best.max(streak.min(m));
    }
    best as u64
}

/// Whether the open segments `p0 + t u` and `q0 + s v` (`0 < t, s < 1`) share a point:
/// solving for `t` and `s` with the denominator made positive, or, on one line, comparing
/// the parameters of `q`'s ends along `p`.
fn open_cross(p: [Point; 2], q: [Point; 2]) -> bool {
    let (u, v, w) = (sub(p[1], p[0]), sub(q[1], q[0]), sub(q[0], p[0]));
    let den = cross(u, v);
    if den != 0 {
        let (t, s) = (cross(w, v), cross(w, u));
        let (t, s, den) = if den < 0 { (-t, -s, -den) } else { (t, s, den) };
        return 0 < t && t < den && 0 < s && s < den;
    }
    if cross(w, u) != 0 {
        return false; // parallel, on different lines
    }
    // Along p, p runs over [0, |u|^2] and q over [t0, t1]: open overlap iff they overlap
    // in more than one point.
    let (t0, t1) = (dot(w, u), dot(sub(q[1], p[0]), u));
    t0.min(t1) < dot(u, u) && t0.max(t1) > 0
}

/// Every pair of crossing segments of a path, each once, as indices into [`segments`].
pub fn crossing_pairs(board: &Board, path: &[u32], closed: bool) -> Vec<(usize, usize)> {
    pairs_of(&segments(board, path, closed))
}

/// Every pair of crossing segments of `s`, each once, as indices into it.
pub fn pairs_of(s: &[[Point; 2]]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..s.len() {
        for j in i + 1..s.len() {
            if open_cross(s[i], s[j]) {
                out.push((i, j));
            }
        }
    }
    out
}

/// Where two crossing segments meet, as an exact fraction turned into floats at the end:
/// the intersection point, or the middle of the shared part on one line.
pub fn meeting_point(p: [Point; 2], q: [Point; 2]) -> (f64, f64) {
    let (u, v, w) = (sub(p[1], p[0]), sub(q[1], q[0]), sub(q[0], p[0]));
    let den = cross(u, v);
    // The point is p0 + (num / den) u.
    let (num, den) = if den != 0 {
        (cross(w, v), den)
    } else {
        let (t0, t1) = (dot(w, u), dot(sub(q[1], p[0]), u));
        let (lo, hi) = (t0.min(t1).max(0), t0.max(t1).min(dot(u, u)));
        (lo + hi, 2 * dot(u, u))
    };
    let at = |p0: i64, u: i64| (p0 * den + num * u) as f64 / den as f64;
    (at(p[0].0, u.0), at(p[0].1, u.1))
}

/// Masks of pseudo-random rightward leaps on a `w x h` board (any set: counting
/// crossings reads no tour), the same for the same seed.
pub fn random_grid(w: u32, h: u32, leaper: Leaper, topology: Topology, seed: u64) -> MoveGrid {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_segment_test_cases() {
        // The diagonals of a 2x1 box cross; leaps meeting at a cell do not.
        assert!(open_cross([(0, 0), (2, 1)], [(0, 1), (2, 0)]));
        assert!(!open_cross([(0, 0), (1, 2)], [(1, 2), (3, 1)]));
        // A (2, 4) leap through the cell (1, 2), where another leap starts: no crossing.
        assert!(!open_cross([(0, 0), (2, 4)], [(1, 2), (2, 0)]));
        // Two (2, 4) leaps on one line sharing (1, 2)-(2, 4): a crossing.
        assert!(open_cross([(0, 0), (2, 4)], [(3, 6), (1, 2)]));
        // On one line, end to end: no crossing.
        assert!(!open_cross([(0, 0), (2, 4)], [(2, 4), (4, 8)]));
        // Parallel on different lines.
        assert!(!open_cross([(0, 0), (1, 2)], [(1, 0), (2, 2)]));
    }
}
