//! Lower bounds on turns and crossings from Besa, Johnson, Mamano, Osegueda and
//! Williams, "Taming the Knight's Tour: Minimizing Turns and Crossings" (2020), each with
//! its source, for `knights bounds`.
//!
//! The crossings bound of its Theorem 9 rests on a number the paper found by computer:
//! cut the left column into triplets of cells; each cell has 4 moves into the board
//! and uses 2, so a triplet has 216 configurations; weigh each by the crossings among
//! its six moves, and each ordered pair (one triplet right above the other) by the
//! crossings between them. The least mean weight of a cycle in that graph (Karp's
//! algorithm, on the graph with every node split in two so that node weights become
//! edge weights) is the fewest crossings per triplet any tour can have along an edge.
//! [`triplet_min_mean`] recomputes it: 3, one crossing per edge cell.

use serde::Serialize;

use super::open_segments_cross;
use crate::board::Leaper;

/// One lower bound.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bound {
    /// `turns` or `crossings`.
    pub measure: &'static str,
    /// The bound's value on the board (for an asymptotic bound, its leading term).
    pub value: f64,
    /// Whether it is exact on this board or only its leading term (`- O(1)`, `- εn`).
    pub exact: bool,
    /// Where it comes from.
    pub source: &'static str,
}

/// The six move pairs of an edge cell of the left column, as pairs of moves into the
/// board.
fn cell_choices() -> Vec<[(i32, i32); 2]> {
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
fn segments(config: usize, y0: i32, choices: &[[(i32, i32); 2]]) -> Vec<[(i32, i32); 2]> {
    let mut c = config;
    let mut out = Vec::with_capacity(6);
    for k in 0..3 {
        let pair = choices[c % choices.len()];
        c /= choices.len();
        for d in pair {
            out.push([(0, y0 + k), (d.0, y0 + k + d.1)]);
        }
    }
    out
}

fn crossings_between(a: &[[(i32, i32); 2]], b: &[[(i32, i32); 2]]) -> i64 {
    a.iter()
        .flat_map(|s| b.iter().map(move |t| (s, t)))
        .filter(|(s, t)| open_segments_cross(**s, **t))
        .count() as i64
}

/// The least mean weight of a cycle in the triplet graph of Theorem 9 (crossings per
/// triplet), as a fraction `(numerator, denominator)` in lowest terms.
pub fn triplet_min_mean() -> (i64, i64) {
    let choices = cell_choices();
    let n = choices.len().pow(3);
    let below: Vec<_> = (0..n).map(|c| segments(c, 0, &choices)).collect();
    let above: Vec<_> = (0..n).map(|c| segments(c, 3, &choices)).collect();
    let node: Vec<i64> = below
        .iter()
        .map(|s| {
            let mut x = 0;
            for i in 0..s.len() {
                x += crossings_between(&s[i..=i], &s[i + 1..]);
            }
            x
        })
        .collect();
    // Split graph: node v is v_in = v, v_out = n + v; v_in -> v_out weighs node[v],
    // v_out -> u_in weighs the crossings of v above u.
    let pair: Vec<Vec<i64>> = (0..n)
        .map(|v| {
            (0..n)
                .map(|u| crossings_between(&above[v], &below[u]))
                .collect()
        })
        .collect();
    let m = 2 * n;
    const INF: i64 = i64::MAX / 4;
    // Karp: d[k][x] = least weight of a walk of exactly k edges ending at x, from any
    // start (a virtual source joined to every node with weight 0).
    let mut d = vec![vec![0i64; m]];
    for k in 1..=m {
        let prev = &d[k - 1];
        let mut cur = vec![INF; m];
        for v in 0..n {
            if prev[v] < INF {
                cur[n + v] = cur[n + v].min(prev[v] + node[v]);
            }
        }
        for v in 0..n {
            if prev[n + v] < INF {
                for u in 0..n {
                    cur[u] = cur[u].min(prev[n + v] + pair[v][u]);
                }
            }
        }
        d.push(cur);
    }
    // min over x of max over k of (d[m][x] - d[k][x]) / (m - k).
    let mut best: Option<(i64, i64)> = None;
    for x in 0..m {
        if d[m][x] >= INF {
            continue;
        }
        let mut worst: Option<(i64, i64)> = None;
        for (k, dk) in d.iter().enumerate().take(m) {
            if dk[x] >= INF {
                continue;
            }
            let f = (d[m][x] - dk[x], (m - k) as i64);
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
    // Per triplet: two split-graph edges per node of the triplet graph.
    let (num, den) = best.expect("the triplet graph has cycles");
    let (num, den) = (2 * num, den);
    let g = gcd(num.abs(), den);
    (num / g, den / g)
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

/// The paper's lower bounds for a `w x h` board, with their sources. The bounds of its
/// Appendix A and Theorems 8 and 9 are stated for square boards; for a rectangle they
/// are given with `n` the shorter side.
pub fn bounds(w: u32, h: u32) -> Vec<Bound> {
    let n = w.min(h) as f64;
    let edge = if w < 2 || h < 2 {
        w as f64 * h as f64
    } else {
        2.0 * (w as f64 + h as f64) - 4.0
    };
    let (num, den) = triplet_min_mean();
    vec![
        Bound {
            measure: "turns",
            value: edge,
            exact: true,
            source: "every edge cell is a turn: 2(w + h) - 4",
        },
        Bound {
            measure: "turns",
            value: 4.25 * n,
            exact: false,
            source: "Appendix A: 4.25n - O(1) on n x n",
        },
        Bound {
            measure: "turns",
            value: 6.0 * n,
            exact: false,
            source: "Theorem 8: (6 - e)n for any e > 0, n large enough",
        },
        Bound {
            measure: "crossings",
            value: 4.0 * n * num as f64 / den as f64 / 3.0,
            exact: false,
            source: "Theorem 9: 4n - O(1), from the minimum mean cycle over edge triplets (Karp)",
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_triplet_minimum_mean_cycle_is_3_as_in_the_paper() {
        assert_eq!(cell_choices().len(), 6);
        assert_eq!(triplet_min_mean(), (3, 1));
    }

    #[test]
    fn bounds_of_a_square_board() {
        let b = bounds(30, 30);
        assert_eq!(b[0].value, 116.0);
        assert_eq!(b[1].value, 127.5);
        assert_eq!(b[3].value, 120.0);
    }
}
