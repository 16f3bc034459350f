//! Lower bounds on turns and crossings from Besa, Johnson, Mamano, Osegueda and
//! Williams, "Taming the Knight's Tour: Minimizing Turns and Crossings" (2020), each with
//! its source, for `knights bounds`.
//!
//! The crossings bound of its Theorem 9 rests on a number the paper found by computer:
//! cut the left column into triplets of cells; each cell has 4 moves into the board
//! and uses 2, so a triplet has 216 configurations; weigh each by the crossings among
//! its six moves, and each ordered pair (one triplet right above the other) by the
//! crossings between them. The least mean weight of a cycle in that graph (Karp's
//! algorithm, each node's weight carried by the edges leaving it) is the fewest
//! crossings per triplet any tour can have along an edge:
//! [`TRIPLET_MIN_MEAN`], 3, one crossing per edge cell, which a test recomputes.

use serde::{Deserialize, Serialize};

use crate::board::{Board, Leaper};

// Theorem 9's number computed (Karp's minimum mean cycle), for the tests.
#[cfg(test)]
mod triplets;

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

/// The least mean weight of a cycle in the triplet graph of Theorem 9 (crossings per
/// triplet), as a fraction `(numerator, denominator)` in lowest terms: 3, one crossing
/// per edge cell. Stored, not computed: it depends on the knight alone, and the
/// computation (Karp's algorithm, in `triplets`, test builds only) is a test that
/// finds it again.
pub const TRIPLET_MIN_MEAN: (i64, i64) = (3, 1);

/// [`TRIPLET_MIN_MEAN`].
pub fn triplet_min_mean() -> (i64, i64) {
    TRIPLET_MIN_MEAN
}

/// The greatest common divisor (1 for two zeros).
fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

/// The lower bounds `knights bounds` lists for a closed knight's tour of a full `w x h`
/// board, with their sources: the edge-cell bound, proved for every board, and on a
/// square board the paper's asymptotic bounds (its Appendix A and Theorems 8 and 9),
/// each the leading term of a bound that holds for n large enough or up to an unnamed
/// constant, so a bound on no particular board. The paper states them for n x n boards
/// only: a rectangle gets none of them (not even through its shorter side).
pub fn bounds(w: u32, h: u32) -> Vec<Bound> {
    let edge = if w < 2 || h < 2 {
        w as f64 * h as f64
    } else {
        2.0 * (w as f64 + h as f64) - 4.0
    };
    let mut out = vec![Bound {
        measure: "turns",
        value: edge,
        exact: true,
        source: EDGE,
    }];
    if w == h {
        out.extend(asymptotic(w));
    }
    out
}

/// The edge-cell bound's source on a closed tour of a full board of the plane.
pub const EDGE: &str = "every edge cell is a turn: 2(w + h) - 4";

/// The paper's asymptotic lower bounds on an n x n board, as leading terms: they hold
/// only for n large enough (Theorem 8) or up to an unnamed constant (Appendix A,
/// Theorem 9), so no tour is compared with them as with a bound on its board.
pub fn asymptotic(n: u32) -> Vec<Bound> {
    let n = n as f64;
    let (num, den) = triplet_min_mean();
    vec![
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

/// The leading coefficients of the asymptotic lower bounds on an n x n board: turns
/// (Theorem 8) and crossings (Theorem 9) per side length, for plots and tables.
pub fn per_n() -> (f64, f64) {
    let (num, den) = triplet_min_mean();
    (6.0, 4.0 * num as f64 / den as f64 / 3.0)
}

/// A tour's count against a lower bound proved for its board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ratio {
    /// The bound's value on the board.
    pub bound: f64,
    /// Whether the bound holds exactly on this board: always, for a ratio (kept in the
    /// JSON that `knights metrics` prints).
    pub exact: bool,
    /// Where the bound comes from, with the formula that gives it on this kind of tour.
    pub source: String,
    /// The tour's count divided by the bound.
    pub ratio: f64,
}

impl Ratio {
    /// `count` against the proved bound `bound` whose source is `source`.
    pub fn of(count: u64, bound: u64, source: String) -> Ratio {
        Ratio {
            bound: bound as f64,
            exact: true,
            source,
            ratio: if bound > 0 {
                count as f64 / bound as f64
            } else {
                0.0
            },
        }
    }
}

/// Whether the paper's bounds concern a tour: they are proved for closed knight's
/// tours of full n x n boards of the plane (asymptotically: see [`asymptotic`]).
pub fn paper_applies(board: &Board, closed: bool) -> bool {
    closed
        && board.leaper() == Leaper::KNIGHT
        && board.holes().is_empty()
        && !board.topology().wraps()
        && board.width() == board.height()
}

/// The number of cells a straight run of leaps in direction `(dx, dy)` visits on a
/// `w` x `h` torus before it comes back: the order of the leap in `Z_w x Z_h`.
pub fn torus_line(w: u32, h: u32, (dx, dy): (i32, i32)) -> u64 {
    let order = |n: u32, d: i32| n as i64 / gcd(n as i64, d.unsigned_abs() as i64);
    let (a, b) = (order(w, dx), order(h, dy));
    (a / gcd(a, b) * b) as u64
}

/// The lower bound on the turns of a tour of a full torus, and how it is reached: a
/// torus has no edge, but a straight run of leaps comes back where it started after
/// `L` cells (Besa et al. note it for n x n). A tour with a turn is cut by its turns
/// into straight runs of at most `L - 1` leaps, `L` the longest line of any leap:
/// a closed tour of `N` cells has at least `ceil(N / (L - 1))` turns (none when one
/// line holds every cell), an open one at least `ceil((N - 1) / (L - 1)) - 1`.
pub fn torus_turns(board: &Board, closed: bool) -> (u64, String) {
    let (w, h) = (board.width(), board.height());
    let n = board.cells();
    let line = board
        .leaper()
        .dirs()
        .iter()
        .map(|&d| torus_line(w, h, d))
        .max()
        .unwrap_or(1);
    let why = |v: u64, f: &str| {
        (
            v,
            format!("a straight run on the torus closes after {line} cells: {f}"),
        )
    };
    if !board.holes().is_empty() || n < 3 || line < 2 {
        return (0, "a torus has no edge cells: 0".into());
    }
    if line >= n {
        return why(0, "one line can hold every cell, 0");
    }
    if closed {
        why(n.div_ceil(line - 1), "ceil(N / (L - 1))")
    } else {
        why(
            (n - 1).div_ceil(line - 1) - 1,
            "ceil((N - 1) / (L - 1)) - 1",
        )
    }
}

/// What the edge-cell bound counts on `board` for a tour that is `closed` or open, in
/// words with the formula that gives it: on the plane `2(w + h) - 4` edge cells, on a
/// band `2w` (its left and right columns are glued: only the top and bottom rows are
/// edges), less the missing edge cells and an open tour's two ends (an end has one
/// move, so it need not turn). [`super::edge_turn_bound`] gives its value.
pub fn edge_source(board: &Board, closed: bool) -> String {
    let (w, h) = (board.width(), board.height());
    if board.topology().wraps_rows() {
        return torus_turns(board, closed).1;
    }
    let mut s = if w < 2 || h < 2 {
        "every cell is an edge cell: w x h".to_string()
    } else if board.topology().wraps() {
        "every cell of the band's top and bottom rows is a turn: 2w".to_string()
    } else {
        EDGE.to_string()
    };
    let missing = super::missing_edge_cells(board);
    if missing > 0 {
        let plural = if missing == 1 { "" } else { "s" };
        s.push_str(&format!(", less the {missing} missing edge cell{plural}"));
    }
    if !closed {
        s.push_str(", less 2 for the open tour's ends");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::triplets::{
        cell_choices, crossings_between, karp_triplet_min_mean, segments, triplet_weights,
    };
    use super::*;
    use crate::board::Topology;

    /// Karp's algorithm over the triplet graph finds the stored number again: 3, as
    /// in the paper.
    #[test]
    fn the_triplet_minimum_mean_cycle_is_3_as_in_the_paper() {
        assert_eq!(cell_choices().len(), 6);
        assert_eq!(karp_triplet_min_mean(), TRIPLET_MIN_MEAN);
        assert_eq!(TRIPLET_MIN_MEAN, (3, 1));
    }

    /// The weights summed over the cells' pairs are the crossings of the triplets'
    /// six moves among themselves and with the triplet above, counted whole.
    #[test]
    fn the_triplet_weights_count_every_crossing() {
        let choices = cell_choices();
        let n = choices.len().pow(3);
        let w = triplet_weights(&choices);
        for v in 0..n {
            let s = segments(v, 0, &choices);
            let node: i64 = (0..6)
                .map(|i| crossings_between(&s[i..=i], &s[i + 1..]))
                .sum();
            for u in 0..n {
                let edge = crossings_between(&segments(v, 3, &choices), &segments(u, 0, &choices));
                assert_eq!(i64::from(w[v * n + u]), node + edge, "{v} above {u}");
            }
        }
    }

    #[test]
    fn bounds_of_a_square_board() {
        let b = bounds(30, 30);
        assert_eq!(b[0].value, 116.0);
        assert!(b[0].exact);
        assert_eq!(b[1].value, 127.5);
        assert_eq!(b[3].value, 120.0);
        assert!(b[1..].iter().all(|b| !b.exact));
        assert_eq!(per_n(), (6.0, 4.0));
    }

    #[test]
    fn a_rectangle_gets_no_bound_stated_for_squares() {
        let b = bounds(64, 104);
        assert_eq!(b.len(), 1);
        assert_eq!((b[0].value, b[0].exact), (332.0, true));
        let r = Board::new(40, 30).unwrap();
        assert!(!paper_applies(&r, true));
    }

    #[test]
    fn the_edge_bound_names_its_formula_for_each_kind_of_tour() {
        let b = Board::new(30, 30).unwrap();
        assert!(paper_applies(&b, true) && !paper_applies(&b, false));
        assert_eq!(edge_source(&b, true), EDGE);
        assert_eq!(
            edge_source(&b, false),
            format!("{EDGE}, less 2 for the open tour's ends")
        );
        let band = Board::new(64, 8).unwrap().with_topology(Topology::Cylinder);
        assert!(!paper_applies(&band, true));
        assert_eq!(
            edge_source(&band, true),
            "every cell of the band's top and bottom rows is a turn: 2w"
        );
        let r = Ratio::of(228, 114, edge_source(&b, true));
        assert_eq!((r.bound, r.exact, r.ratio), (114.0, true, 2.0));
        let g = Board::with_leaper(30, 30, Leaper::new(1, 4).unwrap()).unwrap();
        assert!(!paper_applies(&g, true));
    }
}
