//! The crossing patterns of a leaper: which pairs of leaps cross, as a small fixed table.
//!
//! Every tour edge is stored once, at its left end, as a rightward direction 0..4. Two
//! edges leaving cells `c` and `c + (dx, dy)` in directions `d` and `e` cross or not
//! depending only on `(d, e, dx, dy)`, and only when the cells are close: both edges
//! span at most `b` columns and `b` rows each way, so `|dx| < b` and `|dy| < 2b`.

use super::geometry::open_segments_cross;
use crate::board::Leaper;

/// The edge leaving a cell in direction `d` crosses the edge leaving the cell `(dx, dy)`
/// away in direction `e`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pattern {
    pub d: usize,
    pub e: usize,
    pub dx: i32,
    pub dy: i32,
}

/// Which end of an unordered pair of edges names it: each pair has exactly one name
/// under either order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// From its lower (then left) end: the second edge's cell is never below the first's.
    LowerFirst,
    /// From its left (then lower) end: the second edge's cell is never left of the
    /// first's. Mirroring rows keeps this order, as crossing a Moebius seam does
    /// (`seam`).
    LeftFirst,
}

impl Order {
    /// Whether `(d, dx, dy, e)` names an unordered pair of edges from the end this order
    /// takes first.
    fn is_canonical(self, d: usize, e: usize, dx: i32, dy: i32) -> bool {
        let (major, minor) = match self {
            Order::LowerFirst => (dy, dx),
            Order::LeftFirst => (dx, dy),
        };
        major > 0 || (major == 0 && (minor > 0 || (minor == 0 && e > d)))
    }
}

/// All crossing patterns of `leaper`, each unordered pair of edges once, with `dy >= 0`
/// (the second edge's cell is never below the first's).
pub(crate) fn patterns(leaper: Leaper) -> Vec<Pattern> {
    patterns_in(leaper, Order::LowerFirst)
}

/// All crossing patterns of `leaper`, each unordered pair of edges once, named from the
/// end `order` takes first.
pub(crate) fn patterns_in(leaper: Leaper, order: Order) -> Vec<Pattern> {
    let dirs = leaper.dirs();
    let r = leaper.steps().1 as i32;
    let mut out = Vec::new();
    // Both edges span at most `r` columns and `r` rows either way.
    for dy in 1 - 2 * r..2 * r {
        for dx in 1 - r..r {
            for d in 0..4 {
                for e in 0..4 {
                    if !order.is_canonical(d, e, dx, dy) {
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

/// How many rows above a cell its crossing partners can start: `2b - 1`.
pub(crate) fn reach_up(leaper: Leaper) -> u32 {
    2 * leaper.steps().1 - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wider search than [`patterns`] uses finds nothing more: the window is enough.
    #[test]
    fn the_window_holds_every_crossing() {
        for (a, b) in [(1, 2), (1, 4), (2, 3), (2, 4), (3, 7)] {
            let l = Leaper::new(a, b).unwrap();
            let dirs = l.dirs();
            let r = 3 * b as i32;
            for order in [Order::LowerFirst, Order::LeftFirst] {
                let mut wide = 0;
                for dy in -r..=r {
                    for dx in -r..=r {
                        for d in 0..4 {
                            for e in 0..4 {
                                let p = [(0, 0), dirs[d]];
                                let q = [(dx, dy), (dx + dirs[e].0, dy + dirs[e].1)];
                                if order.is_canonical(d, e, dx, dy) && open_segments_cross(p, q) {
                                    wide += 1;
                                }
                            }
                        }
                    }
                }
                assert_eq!(patterns_in(l, order).len(), wide, "leaper ({a}, {b})");
            }
            // Each order names every pair once.
            let left = patterns_in(l, Order::LeftFirst).len();
            assert_eq!(patterns(l).len(), left, "leaper ({a}, {b})");
        }
    }
}
