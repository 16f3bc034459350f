//! Rows that make the integer programs smaller to search without changing their
//! optimum (issue 40, `knights optimum --strengthen`): a valid cut for turns, and the
//! board's symmetries broken by orbit rows. Each row is proved valid where it is
//! added; the tests solve 6x6, 8x8 and 10x10 with and without them and compare.
//!
//! The other cuts one might add for turns are in the model already: an edge cell has
//! no pair of opposite leaps, so it has no straight column and always turns; and a
//! straight run needs no row of its own, since every straight column is tied to the
//! two leaps it continues, and a line of leaps ends at the board's border.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use highs::Col;

use super::model::Columns;
use super::{chosen_of, Spec};
use crate::motif::Graph;
use knights_core::Board;

/// Adds the rows of `spec`'s measure that `--strengthen` asks for: the straight
/// cells' cut (turns alone), the local rows (crossings of closed tours alone,
/// `local.rs`, separated within `budget`) and the symmetry-breaking rows (every
/// measure of tours: the board's symmetries keep turns, crossings and sharp turns).
pub fn add(model: &mut Columns<'_>, spec: &Spec, budget: Duration) {
    match spec.measure.to_string().as_str() {
        "turns" => straight_holds_nothing_else(model),
        "crossings" if spec.closed => local_rows(model, spec, budget),
        _ => {}
    }
    symmetry_rows(model);
}

/// The local rows of the closed crossings model (`local.rs`: each holds at every
/// way a tour can take the leaps of its few cells, so for every tour), separated at
/// the model's relaxation in at most [`LOCAL_ROUNDS`] rounds within `budget`.
fn local_rows(model: &mut Columns<'_>, spec: &Spec, budget: Duration) {
    let deadline = Instant::now() + budget;
    let (rows, _) = super::local::root(&spec.board, LOCAL_DEPTH, LOCAL_ROUNDS, deadline);
    let col: HashMap<(usize, usize), Col> =
        model.pairs().iter().map(|&(c, e, f)| ((e, f), c)).collect();
    for r in rows {
        let mut row: Vec<(Col, f64)> = r.x.iter().map(|&(e, c)| (model.x(e), c)).collect();
        row.extend(r.pairs.iter().map(|&(p, c)| (col[&p], c)));
        model.row(r.at_least.., row);
    }
}

/// Rounds of separating the local rows (the relaxation gains little after six).
const LOCAL_ROUNDS: usize = 8;

/// How near the border the centres of the local rows' 3 x 3 blocks lie.
const LOCAL_DEPTH: u32 = 2;

/// For each straight column `s` (cell `c` going straight on along its leaps `e` and
/// `f`) and each other leap `g` at `c`: `s + x_g <= 1`.
///
/// Valid: at a whole answer, `s = 1` forces `x_e = x_f = 1` (the rows `s <= x_e`,
/// `s <= x_f`), and `c`'s degree row (`= 2`, or `= 2 - z_c <= 2` on an open tour)
/// leaves no room for a third leap, so `x_g = 0`; with `s = 0` the row is `x_g <= 1`,
/// the column's own bound. So every tour satisfies it. It is not implied by the
/// model: the relaxation allows `x_e = x_f = x_g = 2/3`, `s = 2/3` (degree 2), where
/// `s + x_g = 4/3`.
fn straight_holds_nothing_else(model: &mut Columns<'_>) {
    let pairs: Vec<(Col, usize, usize)> = model.pairs().to_vec();
    for (s, e, f) in pairs {
        let cell = common_cell(model.graph(), e, f);
        let others: Vec<usize> = model
            .graph()
            .incident(cell)
            .iter()
            .copied()
            .filter(|&g| g != e && g != f)
            .collect();
        for g in others {
            model.row(..=1.0, vec![(s, 1.0), (model.x(g), 1.0)]);
        }
    }
}

/// The cell the leaps `e` and `f` share.
fn common_cell(graph: &Graph, e: usize, f: usize) -> u32 {
    let (a, b) = graph.edges()[e];
    let (c, d) = graph.edges()[f];
    if a == c || a == d {
        a
    } else {
        debug_assert!(b == c || b == d, "leaps {e} and {f} share no cell");
        b
    }
}

/// The orbit rows: with a weight `w_e` on each leap, `w . x <= w . sigma(x)` for every
/// symmetry `sigma` of the board (its image of the tour `x`), one row each.
///
/// Valid for any weights, because the measures are the same on a tour and on its
/// images (a symmetry of the board keeps which leaps are opposite, which cross, and
/// every angle): of the (up to eight) images of an optimal tour, the one with the
/// least `w . x` satisfies every row, since each of its images is an image of the
/// first tour. So some optimal tour survives, and the optimum is unchanged; the
/// other images are cut off, which spares the search their copies. A starting tour
/// is first turned into its least image ([`canonical`]) so that it satisfies them.
fn symmetry_rows(model: &mut Columns<'_>) {
    let maps = leap_maps(model.graph(), model.board());
    let m = model.graph().edges().len();
    for map in maps.iter().skip(1) {
        // w . x - w . sigma(x): the image takes leap sigma(e) where x takes e.
        let mut coef = vec![0.0; m];
        for e in 0..m {
            coef[e] += weight(e);
            coef[map[e]] -= weight(e);
        }
        let row: Vec<(Col, f64)> = (0..m)
            .filter(|&e| coef[e] != 0.0)
            .map(|e| (model.x(e), coef[e]))
            .collect();
        if !row.is_empty() {
            model.row(..=0.0, row);
        }
    }
}

/// The orbit rows' weight of leap `e`: its number plus one, so that no two leaps
/// weigh the same and no image of a tour ties with it by accident of the weights.
fn weight(e: usize) -> f64 {
    (e + 1) as f64
}

/// A symmetry of the board as a map of coordinates.
type CellMap = Box<dyn Fn(u32, u32) -> (u32, u32)>;

/// The board's symmetries as maps of cells: eight on a square board, four on
/// another (the identity first).
pub(super) fn cell_maps(board: &Board) -> Vec<Vec<u32>> {
    let (w, h) = (board.width(), board.height());
    let mut maps: Vec<CellMap> = vec![
        Box::new(|x, y| (x, y)),
        Box::new(move |x, y| (w - 1 - x, y)),
        Box::new(move |x, y| (x, h - 1 - y)),
        Box::new(move |x, y| (w - 1 - x, h - 1 - y)),
    ];
    if w == h {
        maps.push(Box::new(|x, y| (y, x)));
        maps.push(Box::new(move |x, y| (w - 1 - y, x)));
        maps.push(Box::new(move |x, y| (y, w - 1 - x)));
        maps.push(Box::new(move |x, y| (w - 1 - y, w - 1 - x)));
    }
    maps.iter()
        .map(|f| {
            (0..board.area() as u32)
                .map(|c| {
                    let (x, y) = board.xy(c);
                    let (u, v) = f(x, y);
                    board.index(u, v)
                })
                .collect()
        })
        .collect()
}

/// The board's symmetries as maps of leaps (the identity first).
fn leap_maps(graph: &Graph, board: &Board) -> Vec<Vec<usize>> {
    cell_maps(board)
        .iter()
        .map(|cells| {
            graph
                .edges()
                .iter()
                .map(|&(a, b)| {
                    graph
                        .edge(cells[a as usize], cells[b as usize])
                        .expect("a symmetry maps a leap to a leap")
                })
                .collect()
        })
        .collect()
}

/// The image of the tour `path` (cells in order) with the least `w . x`: the one
/// the orbit rows keep, so a starting answer HiGHS accepts.
pub fn canonical(graph: &Graph, board: &Board, path: &[u32], closed: bool) -> Vec<u32> {
    let score = |p: &[u32]| -> f64 {
        chosen_of(graph, p, closed).map_or(f64::INFINITY, |chosen| {
            (0..chosen.len()).filter(|&e| chosen[e]).map(weight).sum()
        })
    };
    let images: Vec<Vec<u32>> = cell_maps(board)
        .iter()
        .map(|cells| path.iter().map(|&c| cells[c as usize]).collect())
        .collect();
    images
        .into_iter()
        .min_by(|a, b| score(a).total_cmp(&score(b)))
        .unwrap_or_else(|| path.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_symmetries_map_leaps_to_leaps_and_compose_to_a_group() {
        for (w, h) in [(6, 6), (5, 8)] {
            let board = Board::parse_flat(&format!("{w}x{h}")).unwrap();
            let graph = Graph::new(&board);
            let maps = leap_maps(&graph, &board);
            assert_eq!(maps.len(), if w == h { 8 } else { 4 });
            // Each map is a permutation, and the composition of two is among them.
            for m in &maps {
                let mut seen = m.clone();
                seen.sort_unstable();
                assert_eq!(seen, (0..m.len()).collect::<Vec<_>>());
                for k in &maps {
                    let both: Vec<usize> = m.iter().map(|&e| k[e]).collect();
                    assert!(maps.contains(&both));
                }
            }
        }
    }

    #[test]
    fn the_canonical_image_satisfies_every_orbit_row() {
        let board = Board::parse_flat("6x6").unwrap();
        let graph = Graph::new(&board);
        let spec = Spec {
            board: board.clone(),
            closed: true,
            measure: super::super::Measure::parse("turns", false).unwrap(),
        };
        let (path, _) = super::super::built_tour(&spec).unwrap();
        let best = canonical(&graph, &board, &path, true);
        let x = chosen_of(&graph, &best, true).unwrap();
        for map in leap_maps(&graph, &board) {
            let lhs: f64 = (0..x.len()).filter(|&e| x[e]).map(weight).sum();
            let rhs: f64 = (0..x.len()).filter(|&e| x[e]).map(|e| weight(map[e])).sum();
            assert!(lhs <= rhs, "{lhs} > {rhs}");
        }
    }
}
