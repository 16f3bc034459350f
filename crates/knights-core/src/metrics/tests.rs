//! The fast metrics against hand counts and against the naive quadratic counts on random
//! self-avoiding leap walks (open paths and closed cycles) of many boards and leapers.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::crossings::{crossing_points_tiled, crossings_tiled};
use super::planes::Tiling;
use super::*;
use crate::board::{Board, Leaper};
use crate::moves::MoveGrid;

/// A board of `leaper` and the cells of `xy` on it.
fn path_of(w: u32, h: u32, leaper: Leaper, xy: &[(u32, u32)]) -> (Board, Vec<u32>) {
    let b = Board::with_leaper(w, h, leaper).unwrap();
    let path = xy.iter().map(|&(x, y)| b.index(x, y)).collect();
    (b, path)
}

fn grid(b: &Board, path: &[u32], closed: bool) -> MoveGrid {
    MoveGrid::from_path(b, path, closed).expect("every step is a leap")
}

/// Turns, crossings and longest run of a path, by the fast code.
fn fast(b: &Board, path: &[u32], closed: bool) -> (u64, u64, u64) {
    let g = grid(b, path, closed);
    (turns(&g), crossings(&g), longest_run(&g, path, closed))
}

#[test]
fn the_3x3_ring_by_hand() {
    // The 8 outer cells of the 3x3 board form one knight cycle. Its 8 leaps are
    // (1,2) (1,-2) (-2,1) (2,1) (-1,-2) (-1,2) (2,-1) (-2,-1) and then back to (1,2):
    // no two consecutive ones are parallel, so all 8 cells are turns. Every leap joins
    // a corner to the middle of a side, and the square's symmetries move any leap onto
    // any other, so every leap crosses as many others as (0,0)-(1,2) does: it meets
    // (2,0)-(0,1) at (0.4, 0.8), (0,1)-(2,2) at (2/3, 4/3), (1,0)-(0,2) at (0.5, 1) and
    // (0,2)-(2,1) at (0.8, 1.6); (2,2)-(1,0) is parallel to it and the other two share
    // an end with it. So 8 * 4 / 2 = 16 crossings. Runs are single leaps.
    let (b, path) = path_of(3, 3, Leaper::KNIGHT, &crate::examples::RING);
    assert_eq!(fast(&b, &path, true), (8, 16, 1));
    let pts = crossing_points(&grid(&b, &path, true));
    assert_eq!(pts.len(), 16);
    for want in [(0.4, 0.8), (2.0 / 3.0, 4.0 / 3.0), (0.5, 1.0), (0.8, 1.6)] {
        let near = |p: &(f64, f64)| (p.0 - want.0).abs() + (p.1 - want.1).abs() < 1e-12;
        assert!(pts.iter().any(near), "{want:?} in {pts:?}");
    }
}

#[test]
fn a_four_cell_knight_path_by_hand() {
    // (0,0) -> (2,1) -> (0,2) -> (1,0): leaps (2,1), (-2,1), (1,-2). Both inner cells
    // turn; the ends do not. The first leap (y = x/2) and the last (y = 2 - 2x) meet at
    // (0.8, 0.4), inside both; the other pairs share a cell. One crossing.
    let (b, path) = path_of(3, 3, Leaper::KNIGHT, &[(0, 0), (2, 1), (0, 2), (1, 0)]);
    assert_eq!(fast(&b, &path, false), (2, 1, 1));
    let pts = crossing_points(&grid(&b, &path, false));
    assert_eq!(pts.len(), 1);
    assert!((pts[0].0 - 0.8).abs() < 1e-12 && (pts[0].1 - 0.4).abs() < 1e-12);
}

#[test]
fn a_straight_knight_path_by_hand() {
    // Three (1,2) leaps on one line: no turn, no crossing, one run of 3.
    let (b, path) = path_of(4, 7, Leaper::KNIGHT, &[(0, 0), (1, 2), (2, 4), (3, 6)]);
    assert_eq!(fast(&b, &path, false), (0, 0, 3));
}

#[test]
fn giraffe_paths_by_hand() {
    // A zigzag (0,0) (1,4) (2,0) (3,4) (4,0): its 3 inner cells turn. Leaps two apart
    // are parallel (both up or both down) and the first and last span columns 0..1 and
    // 3..4, so no two leaps that do not share a cell meet. No crossing.
    let zig = [(0, 0), (1, 4), (2, 0), (3, 4), (4, 0)];
    let (b, path) = path_of(5, 5, Leaper::GIRAFFE, &zig);
    assert_eq!(fast(&b, &path, false), (3, 0, 1));
    // (4,2) -> (0,1) -> (4,0) -> (3,4): 2 turns. The first leap, y = 1 + x/4, and the
    // last, x = 4 - y/4, meet at y = 32/17, x = 60/17, inside both. One crossing.
    let (b, path) = path_of(5, 5, Leaper::GIRAFFE, &[(4, 2), (0, 1), (4, 0), (3, 4)]);
    assert_eq!(fast(&b, &path, false), (2, 1, 1));
    let p = crossing_points(&grid(&b, &path, false))[0];
    assert!((p.0 - 60.0 / 17.0).abs() < 1e-12 && (p.1 - 32.0 / 17.0).abs() < 1e-12);
}

#[test]
fn tiny_paths_have_nothing_to_count() {
    // One cell, and one leap: no turn, no crossing; runs of 0 and 1 leaps.
    let (b, path) = path_of(3, 3, Leaper::KNIGHT, &[(0, 0)]);
    assert_eq!(fast(&b, &path, false), (0, 0, 0));
    let (b, path) = path_of(3, 3, Leaper::KNIGHT, &[(0, 0), (1, 2)]);
    assert_eq!(fast(&b, &path, false), (0, 0, 1));
}

/// A random self-avoiding walk of `leaper` from a random cell, at most `len` cells. A
/// `greedy` walk prefers the unvisited neighbours with the fewest onward moves
/// (Warnsdorff's rule, ties broken at random), which runs much longer before it sticks.
fn random_walk(b: &Board, seed: u64, len: usize, greedy: bool) -> Vec<u32> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = vec![false; b.area() as usize];
    let free = |c: u32, seen: &[bool]| -> Vec<u32> {
        (0..8)
            .filter_map(|d| b.step(c, d))
            .filter(|&n| !seen[n as usize])
            .collect()
    };
    let mut cur = rng.gen_range(0..b.area() as u32);
    let mut path = vec![cur];
    seen[cur as usize] = true;
    while path.len() < len {
        let mut next = free(cur, &seen);
        if greedy {
            let onward = |c: &u32| free(*c, &seen).len();
            let least = next.iter().map(onward).min().unwrap_or(0);
            next.retain(|c| onward(c) == least);
        }
        if next.is_empty() {
            break;
        }
        cur = next[rng.gen_range(0..next.len())];
        seen[cur as usize] = true;
        path.push(cur);
    }
    path
}

/// The longest prefix of `path` (at least 3 cells) that closes into a cycle, if any.
fn closed_prefix(b: &Board, path: &[u32]) -> Option<Vec<u32>> {
    (3..=path.len())
        .rev()
        .find(|&k| b.dir_between(path[k - 1], path[0]).is_some())
        .map(|k| path[..k].to_vec())
}

/// Whether `got` and `want` are the same points (as multisets) up to rounding. Points are
/// sorted by `x`, and each wanted point takes an unused point within 1e-9 of it.
fn same_points(mut got: Vec<(f64, f64)>, mut want: Vec<(f64, f64)>) -> bool {
    let by_x = |p: &(f64, f64), q: &(f64, f64)| p.0.total_cmp(&q.0);
    got.sort_by(by_x);
    want.sort_by(by_x);
    let mut used = vec![false; got.len()];
    got.len() == want.len()
        && want.iter().all(|q| {
            let from = got.partition_point(|p| p.0 < q.0 - 1e-9);
            let hit = (from..got.len())
                .take_while(|&i| got[i].0 <= q.0 + 1e-9)
                .find(|&i| !used[i] && (got[i].1 - q.1).abs() < 1e-9);
            hit.map(|i| used[i] = true).is_some()
        })
}

/// Every fast count of `path` equals the naive one, for the default tiling and `tiling`.
fn check_against_naive(b: &Board, path: &[u32], closed: bool, tiling: Tiling) {
    let g = grid(b, path, closed);
    let pairs = naive::crossing_pairs(b, path, closed);
    let cells = naive::turn_cells(b, path, closed);
    assert_eq!(turns(&g), cells.len() as u64, "turns");
    assert_eq!(turn_cells(&g), cells, "turn cells");
    assert_eq!(crossings(&g), pairs.len() as u64, "crossings");
    assert_eq!(crossings_tiled(&g, tiling), pairs.len() as u64, "tiled");
    let segs = naive::segments(b, path, closed);
    let want: Vec<_> = pairs
        .iter()
        .map(|&(i, j)| naive::meeting_point(segs[i], segs[j]))
        .collect();
    assert!(same_points(crossing_points(&g), want.clone()), "points");
    assert!(
        same_points(crossing_points_tiled(&g, tiling), want),
        "tiled points"
    );
    let run = naive::longest_run(b, path, closed);
    assert_eq!(longest_run(&g, path, closed), run, "longest run");
    check_runs(
        &segs,
        closed && path.len() > 2,
        longest_runs(&g, path, closed),
        run,
    );
    assert_eq!(
        sharp_cells(&g),
        naive_sharp_cells(b, path, closed),
        "sharp cells"
    );
}

/// `runs` are exactly the stretches of `run` leaps of one vector between two corners
/// (cells where the vector changes, and an open path's ends), by their first step.
fn check_runs(segs: &[[naive::Point; 2]], closed: bool, runs: Vec<(usize, u64)>, run: u64) {
    let m = segs.len();
    if m == 0 {
        return;
    }
    let v = |i: usize| {
        let q = segs[i % m];
        (q[1].0 - q[0].0, q[1].1 - q[0].1)
    };
    let mut corners: Vec<usize> = (0..=m)
        .filter(|&i| match closed {
            true => i < m && v(i + m - 1) != v(i),
            false => i == 0 || i == m || v(i - 1) != v(i),
        })
        .collect();
    if closed {
        corners.push(corners[0] + m);
    }
    let want: Vec<(usize, u64)> = corners
        .windows(2)
        .map(|w| (w[0], (w[1] - w[0]) as u64))
        .filter(|r| r.1 == run)
        .collect();
    assert_eq!(runs, want, "longest runs");
}

/// The cells where travel turns by more than a right angle, from the path's points:
/// in along the leap from the cell before, out along the leap to the cell after.
fn naive_sharp_cells(b: &Board, path: &[u32], closed: bool) -> Vec<u32> {
    let n = path.len();
    let xy = |i: usize| {
        let (x, y) = b.xy(path[i % n]);
        (i64::from(x), i64::from(y))
    };
    let mut cells: Vec<u32> = (0..n)
        .filter(|&i| closed && n > 2 || (i > 0 && i + 1 < n))
        .filter(|&i| {
            let (c, p, q) = (xy(i), xy(i + n - 1), xy(i + 1));
            let (u, w) = ((p.0 - c.0, p.1 - c.1), (q.0 - c.0, q.1 - c.1));
            u.0 * w.0 + u.1 * w.1 > 0
        })
        .map(|i| path[i])
        .collect();
    cells.sort_unstable();
    cells
}

/// The leapers the properties range over: the knight, the giraffe, (2, 3), the
/// one-colour (1, 3), and (2, 4), which `Leaper::new` accepts though it is a knight
/// scaled by 2 (a segment then passes over a cell it does not visit).
const LEAPERS: [(u32, u32); 5] = [(1, 2), (1, 4), (2, 3), (1, 3), (2, 4)];

fn tiling() -> impl Strategy<Value = Tiling> {
    (1..5u32, 1..3usize).prop_map(|(rows, words)| Tiling { rows, words })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Small boards: open walks and the cycles closing their prefixes.
    #[test]
    fn small_walks_match_the_naive_counts(
        w in 1..=12u32, h in 1..=12u32, l in 0..LEAPERS.len(),
        seed in any::<u64>(), len in 1..=144usize, greedy in any::<bool>(), t in tiling(),
    ) {
        let leaper = Leaper::new(LEAPERS[l].0, LEAPERS[l].1).unwrap();
        let b = Board::with_leaper(w, h, leaper).unwrap();
        let path = random_walk(&b, seed, len, greedy);
        check_against_naive(&b, &path, false, t);
        if let Some(cycle) = closed_prefix(&b, &path) {
            check_against_naive(&b, &cycle, true, t);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Boards wider than a 64-cell word and taller than a tile, so that crossings span
    /// word and tile boundaries.
    #[test]
    fn wide_walks_match_the_naive_counts(
        w in 60..=200u32, h in 1..=12u32, l in 0..LEAPERS.len(),
        seed in any::<u64>(), greedy in any::<bool>(), t in tiling(),
    ) {
        let leaper = Leaper::new(LEAPERS[l].0, LEAPERS[l].1).unwrap();
        let b = Board::with_leaper(w, h, leaper).unwrap();
        let path = random_walk(&b, seed, 2400, greedy);
        check_against_naive(&b, &path, false, t);
        if let Some(cycle) = closed_prefix(&b, &path) {
            check_against_naive(&b, &cycle, true, t);
        }
    }
}

/// A (2, 4) path is a knight path scaled by 2: same turns, crossings and runs. (So no
/// leaper's path has two leaps overlapping on one line or a leap through a visited cell:
/// a primitive leap has no lattice point inside, and a scaled one only ones the path
/// cannot reach.)
#[test]
fn a_scaled_knight_counts_like_the_knight() {
    for seed in 0..200 {
        let knight = Board::new(9, 9).unwrap();
        let path = random_walk(&knight, seed, 81, seed % 2 == 0);
        let big = Board::with_leaper(17, 17, Leaper::new(2, 4).unwrap()).unwrap();
        let scaled: Vec<u32> = path
            .iter()
            .map(|&c| {
                let (x, y) = knight.xy(c);
                big.index(2 * x, 2 * y)
            })
            .collect();
        assert_eq!(fast(&knight, &path, false), fast(&big, &scaled, false));
    }
}

/// The benchmark's zigzag grids (many paths, every inner cell a turn, crossings all
/// along) against a quadratic count over their edges read straight from the masks, on
/// boards wider than a word and taller than a tile.
#[test]
fn zigzag_grids_match_a_quadratic_count() {
    for (w, h) in [(3, 3), (8, 8), (70, 9), (130, 12), (5, 140)] {
        let g = super::zigzags::zigzags(w, h);
        let b = g.board();
        let dirs = b.leaper().dirs();
        let mut segs = Vec::new();
        let mut turning = 0;
        for c in 0..b.area() as u32 {
            let m = g.masks()[c as usize];
            let (x, y) = b.xy(c);
            let p = (x as i64, y as i64);
            let v: Vec<(i64, i64)> = (0..8)
                .filter(|d| m >> d & 1 == 1)
                .map(|d| (dirs[d].0 as i64, dirs[d].1 as i64))
                .collect();
            for &(dx, dy) in &v {
                if dx > 0 {
                    segs.push([p, (p.0 + dx, p.1 + dy)]);
                }
            }
            // Two leaps at a cell turn unless one is the other reversed.
            turning += (v.len() == 2 && v[0] != (-v[1].0, -v[1].1)) as u64;
        }
        let pairs = naive::pairs_of(&segs).len() as u64;
        assert_eq!(crossings(&g), pairs, "{w}x{h}");
        assert_eq!(crossings_tiled(&g, Tiling { rows: 3, words: 1 }), pairs);
        assert_eq!(turns(&g), turning, "{w}x{h}");
    }
}
