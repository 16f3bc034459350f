//! Window rows for the crossings model (issue 40): the crossings a tour must make in
//! each small part of the board, found by solving that part alone.
//!
//! The crossings model's relaxation is weak because a leap taken by half crosses
//! nothing (`k >= x_e + x_f - 1` is 0 at `x = 1/2`), while on a real tour the
//! crossings are forced by the border, where cells have few leaps. So the board's
//! crossing points are split into windows (blocks of its unit squares, each crossing
//! counted in the block its crossing point lies in), and each window gets the least
//! number of crossings in it that any tour can have, as a row on the model's pair
//! columns: `sum of k over the window's pairs >= least`. The least is the optimum of
//! a small integer program of the cells around the window (every cell of them with
//! two leaps, no cycle within them), solved once when the model is built.
//!
//! Valid: a tour, restricted to the leaps at those cells, gives each of them two
//! leaps and has no cycle among them (its one cycle is the whole tour, which passes
//! through cells outside them, unless they are the whole board), so it is an answer
//! of the small program, and its crossings in the window are at least the program's
//! optimum. The windows' pairs are disjoint, so the rows add up.
//!
//! Measured (docs/optimum.md, `window_experiment` in `tests/solver.rs`), the rows do
//! not move the model's relaxation at all: its optimum (61.24 on 10x10, 71.29 on
//! 12x12, with the clique rows) already satisfies every window's least, which adds up
//! to far less (49 and 44 for the largest windows solved in a minute). So they are
//! not in the model; this module and its test stay as the tool that measured it.

use std::collections::HashMap;

use highs::{Col, HighsModelStatus, RowProblem, Sense};

use crate::motif::Graph;
use knights_core::Board;

/// A window's row: the crossing pairs that cross in it, and the least number of them
/// any tour takes.
pub struct Window {
    /// The pairs `(e, f)` (indices into the leaps) whose crossing point lies in it.
    pub pairs: Vec<(usize, usize)>,
    /// The fewest of them a tour takes both leaps of.
    pub least: u64,
}

/// The unit square (its lower left corner) in which the open segments of the leaps
/// `e` and `f` meet, by exact arithmetic; a point on a square's side goes to the
/// square on its right (above).
fn square_of(graph: &Graph, board: &Board, e: usize, f: usize) -> (i64, i64) {
    let pt = |c: u32| {
        let (x, y) = board.xy(c);
        (i64::from(x), i64::from(y))
    };
    let (a, b) = graph.edges()[e];
    let (c, d) = graph.edges()[f];
    let (p, q, r, s) = (pt(a), pt(b), pt(c), pt(d));
    let d1 = (q.0 - p.0, q.1 - p.1);
    let d2 = (s.0 - r.0, s.1 - r.1);
    let den = d1.0 * d2.1 - d1.1 * d2.0;
    let num = (r.0 - p.0) * d2.1 - (r.1 - p.1) * d2.0;
    // The point is p + (num / den) d1; its coordinates times den are integers.
    let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
    let fx = p.0 * den + num * d1.0;
    let fy = p.1 * den + num * d1.1;
    (fx.div_euclid(den), fy.div_euclid(den))
}

/// The windows of `board`: its unit squares in blocks of `block` by `block`, each
/// with the least crossings a tour makes in it, from the cells within `margin` of the
/// block (Chebyshev distance from the block's corners' cells).
pub fn windows(
    graph: &Graph,
    board: &Board,
    crossing: &[(usize, usize)],
    block: i64,
    margin: i64,
) -> Vec<Window> {
    let mut by_block: HashMap<(i64, i64), Vec<(usize, usize)>> = HashMap::new();
    for &(e, f) in crossing {
        let (sx, sy) = square_of(graph, board, e, f);
        by_block
            .entry((sx.div_euclid(block), sy.div_euclid(block)))
            .or_default()
            .push((e, f));
    }
    let mut keys: Vec<(i64, i64)> = by_block.keys().copied().collect();
    keys.sort_unstable();
    keys.into_iter()
        .map(|(bx, by)| {
            let pairs = by_block.remove(&(bx, by)).unwrap_or_default();
            let (x0, y0) = (bx * block - margin, by * block - margin);
            let (x1, y1) = ((bx + 1) * block + margin, (by + 1) * block + margin);
            let cells: Vec<u32> = (0..board.area() as u32)
                .filter(|&c| {
                    let (x, y) = board.xy(c);
                    let (x, y) = (i64::from(x), i64::from(y));
                    x >= x0 && x <= x1 && y >= y0 && y <= y1
                })
                .collect();
            let least = least_crossings(graph, board, &cells, &pairs);
            Window { pairs, least }
        })
        .collect()
}

/// The fewest of `pairs` with both leaps taken, over the choices of two leaps at each
/// of `cells` with no cycle among them (one through every cell of the board allowed).
pub fn least_crossings(
    graph: &Graph,
    board: &Board,
    cells: &[u32],
    pairs: &[(usize, usize)],
) -> u64 {
    let n = board.area() as usize;
    let mut inside = vec![false; n];
    for &c in cells {
        inside[c as usize] = true;
    }
    // The leaps at the cells, each once, numbered locally.
    let mut local: HashMap<usize, usize> = HashMap::new();
    let mut leaps = Vec::new();
    for &c in cells {
        for &e in graph.incident(c) {
            local.entry(e).or_insert_with(|| {
                leaps.push(e);
                leaps.len() - 1
            });
        }
    }
    let mut pb = RowProblem::default();
    let x: Vec<Col> = leaps
        .iter()
        .map(|_| pb.add_integer_column(0.0, 0..=1))
        .collect();
    for &(e, f) in pairs {
        let (Some(&le), Some(&lf)) = (local.get(&e), local.get(&f)) else {
            // A leap at none of the cells is free: left out, it crosses nothing.
            continue;
        };
        let k = pb.add_column(1.0, 0..=1);
        pb.add_row(..=1.0, [(x[le], 1.0), (x[lf], 1.0), (k, -1.0)]);
    }
    for &c in cells {
        pb.add_row(
            2.0..=2.0,
            graph.incident(c).iter().map(|e| (x[local[e]], 1.0)),
        );
    }
    let mut model = pb.optimise(Sense::Minimise);
    model.make_quiet();
    model.set_option("mip_rel_gap", 0.0);
    model.set_option("threads", 1);
    loop {
        let solved = model.solve();
        if solved.status() != HighsModelStatus::Optimal {
            // Infeasible cannot be for a board with a tour; count nothing then.
            return 0;
        }
        let value = (solved.objective_value() - 1e-6).ceil().max(0.0) as u64;
        let sol = solved.get_solution();
        let chosen: Vec<usize> = leaps
            .iter()
            .enumerate()
            .filter(|&(i, _)| sol[x[i]] > 0.5)
            .map(|(_, &e)| e)
            .collect();
        let cycles = cycles_within(graph, &inside, &chosen);
        let mut model_next = highs::Model::from(solved);
        if cycles.is_empty() {
            return value;
        }
        for cyc in cycles {
            let mut set = vec![false; n];
            for &c in &cyc {
                set[c as usize] = true;
            }
            let row: Vec<(Col, f64)> = leaps
                .iter()
                .enumerate()
                .filter(|&(_, &e)| {
                    let (a, b) = graph.edges()[e];
                    set[a as usize] != set[b as usize]
                })
                .map(|(i, _)| (x[i], 1.0))
                .collect();
            model_next.add_row(2.0.., row);
        }
        model = model_next;
    }
}

/// The cycles of the leaps `chosen` that lie within the cells marked `inside` (each
/// as its cells), but one through every cell of the board.
fn cycles_within(graph: &Graph, inside: &[bool], chosen: &[usize]) -> Vec<Vec<u32>> {
    let n = inside.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut a: usize) -> usize {
        while parent[a] != a {
            parent[a] = parent[parent[a]];
            a = parent[a];
        }
        a
    }
    let mut edges_of = vec![0usize; n];
    let within: Vec<(u32, u32)> = chosen
        .iter()
        .map(|&e| graph.edges()[e])
        .filter(|&(a, b)| inside[a as usize] && inside[b as usize])
        .collect();
    for &(a, b) in &within {
        let (ra, rb) = (root(&mut parent, a as usize), root(&mut parent, b as usize));
        parent[ra] = rb;
    }
    for &(a, _) in &within {
        let r = root(&mut parent, a as usize);
        edges_of[r] += 1;
    }
    let mut cells_of: HashMap<usize, Vec<u32>> = HashMap::new();
    for (c, &inner) in inside.iter().enumerate() {
        if inner {
            let r = root(&mut parent, c);
            cells_of.entry(r).or_default().push(c as u32);
        }
    }
    let mut out: Vec<Vec<u32>> = cells_of
        .into_iter()
        .filter(|(r, cells)| cells.len() > 1 && edges_of[*r] == cells.len() && cells.len() < n)
        .map(|(_, cells)| cells)
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::super::{chosen_of, crossing_pairs, table};
    use super::*;

    /// Every window's least is at most the crossings the stored closed tours of 6x6
    /// to 12x12 make in it (the least crossing tours known: a wrong least, one the
    /// small program proves too high, would show on them first), and the 6x6 leasts
    /// add up to no more than its proved 52.
    #[test]
    fn no_stored_tour_makes_fewer_crossings_in_a_window_than_its_least() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/optima");
        for n in [6, 8, 10, 12] {
            let stem = format!("{n}x{n}-closed-crossings");
            let text = std::fs::read_to_string(dir.join(format!("{stem}.json"))).unwrap();
            let stored = table::read_one(&stem, &stem, &text).unwrap();
            let board = stored.spec.board.clone();
            let graph = Graph::new(&board);
            let chosen = chosen_of(&graph, &stored.path, true).unwrap();
            let crossing = crossing_pairs(&graph, &board);
            let mut sum = 0;
            for w in windows(&graph, &board, &crossing, 3, 2) {
                let made = w
                    .pairs
                    .iter()
                    .filter(|&&(e, f)| chosen[e] && chosen[f])
                    .count();
                assert!(w.least <= made as u64, "{stem}: {} > {made}", w.least);
                sum += w.least;
            }
            assert!(sum <= stored.value, "{stem}: {sum}");
            if n == 6 {
                assert!(sum > 0 && sum <= 52, "{sum}");
            }
        }
    }
}
