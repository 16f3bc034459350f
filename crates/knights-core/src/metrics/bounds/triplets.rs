//! Theorem 9's number recomputed: the triplet graph of the left column's edge cells
//! and Karp's minimum mean cycle over it (216 nodes, all 46,656 edges), which
//! `bounds::TRIPLET_MIN_MEAN` stores. Test builds only: the number depends on the
//! knight alone, and computing it took a fresh WebAssembly page a quarter of its
//! first drawing.

use super::super::open_segments_cross;
use super::gcd;
use crate::board::Leaper;

/// The six move pairs of an edge cell of the left column, as pairs of moves into the
/// board.
pub(super) fn cell_choices() -> Vec<[(i32, i32); 2]> {
    let into: Vec<(i32, i32)> = Leaper::KNIGHT
        .dirs()
        .into_iter()
        .filter(|d| d.0 > 0)
        .collect();
    let mut out = Vec::new();
    for a in 0..into.len() {
        for b in a + 1..into.len() {
            out.push([into[a], into[b]]);
        }
    }
    out
}

/// The segments of a triplet configuration whose lowest cell is at row `y0`.
pub(super) fn segments(
    config: usize,
    y0: i32,
    choices: &[[(i32, i32); 2]],
) -> Vec<[(i32, i32); 2]> {
    (0..3)
        .flat_map(|k| cell_segments(choices[digit(config, k, choices.len())], y0 + k as i32))
        .collect()
}

/// The two moves of an edge cell at row `y` into the board.
fn cell_segments(pair: [(i32, i32); 2], y: i32) -> [[(i32, i32); 2]; 2] {
    pair.map(|d| [(0, y), (d.0, y + d.1)])
}

/// The choice of cell `k` (0 the lowest) in triplet configuration `config`.
fn digit(config: usize, k: usize, base: usize) -> usize {
    config / base.pow(k as u32) % base
}

pub(super) fn crossings_between(a: &[[(i32, i32); 2]], b: &[[(i32, i32); 2]]) -> i64 {
    a.iter()
        .flat_map(|s| b.iter().map(move |t| (s, t)))
        .filter(|(s, t)| open_segments_cross(**s, **t))
        .count() as i64
}

/// The triplet graph's weights, `w[v * n + u]`: the crossings among the six moves of
/// triplet `v` (its node weight) and those between `v` and triplet `u` right above it.
/// Going from a triplet to the next one above carries the node weight of the one left,
/// so a cycle's weight is its nodes' and its edges' (the graph with every node split
/// in two, without the split). Two triplets cross where their cells' moves do, so the
/// crossings between them are sums over their cells' pairs, counted once per pair of
/// choices.
pub(super) fn triplet_weights(choices: &[[(i32, i32); 2]]) -> Vec<i32> {
    let (c, n) = (choices.len(), choices.len().pow(3));
    // between[((i * c + a) * 3 + j) * c + b]: cell i of the upper triplet with choice a
    // against cell j of the lower one with choice b.
    let mut between = Vec::with_capacity(9 * c * c);
    for i in 0..3 {
        for a in choices {
            for j in 0..3 {
                for b in choices {
                    let upper = cell_segments(*a, 3 + i);
                    between.push(crossings_between(&upper, &cell_segments(*b, j)));
                }
            }
        }
    }
    let mut w = Vec::with_capacity(n * n);
    for v in 0..n {
        let s = segments(v, 0, choices);
        let node: i64 = (0..s.len())
            .map(|i| crossings_between(&s[i..=i], &s[i + 1..]))
            .sum();
        for u in 0..n {
            let mut edge = node;
            for i in 0..3 {
                for j in 0..3 {
                    let (a, b) = (digit(v, i, c), digit(u, j, c));
                    edge += between[((i * c + a) * 3 + j) * c + b];
                }
            }
            w.push(i32::try_from(edge).expect("a few dozen crossings"));
        }
    }
    w
}

/// Karp's minimum mean cycle: with `d[k][x]` the least weight of a walk of exactly `k`
/// edges ending at `x` (from any start), the least mean is the minimum over `x` of the
/// maximum over `k < n` of `(d[n][x] - d[k][x]) / (n - k)`. The graph is complete, so
/// every walk length reaches every node.
pub(super) fn karp_triplet_min_mean() -> (i64, i64) {
    let choices = cell_choices();
    let n = choices.len().pow(3);
    let w = triplet_weights(&choices);
    let mut d = vec![vec![0i32; n]];
    for k in 1..=n {
        let next = relax(&d[k - 1], &w);
        d.push(next);
    }
    let mut best: Option<(i64, i64)> = None;
    for x in 0..n {
        let mut worst: Option<(i64, i64)> = None;
        for (k, dk) in d.iter().enumerate().take(n) {
            let f = (i64::from(d[n][x] - dk[x]), (n - k) as i64);
            if worst.is_none_or(|w| f.0 * w.1 > w.0 * f.1) {
                worst = Some(f);
            }
        }
        if let Some(w) = worst {
            if best.is_none_or(|b| w.0 * b.1 < b.0 * w.1) {
                best = Some(w);
            }
        }
    }
    let (num, den) = best.expect("the triplet graph has cycles");
    let g = gcd(num.abs(), den);
    (num / g, den / g)
}

/// One more edge: the least weight of a walk ending at each node, from `prev`'s walks
/// one edge shorter.
fn relax(prev: &[i32], w: &[i32]) -> Vec<i32> {
    let n = prev.len();
    let mut cur = vec![i32::MAX; n];
    for (&p, row) in prev.iter().zip(w.chunks_exact(n)) {
        for (c, &e) in cur.iter_mut().zip(row) {
            *c = (*c).min(p + e);
        }
    }
    cur
}
