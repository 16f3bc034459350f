//! Local rows for the crossings model of closed tours (issue 40): the convex hull of
//! what a tour can do at a few cells, separated at the model's linear relaxation (the
//! "local cuts" of Applegate, Bixby, Chvatal and Cook for the travelling salesman,
//! here on the crossings' pair columns).
//!
//! The model's `k_ef >= x_e + x_f - 1` is 0 at `x = 1/2`, so its relaxation spreads
//! every cell's two leaps over its leaps and crosses little, while a tour's crossings
//! are forced near the border, where a cell has few leaps. A *window* is a set of one
//! to three cells; on a closed tour each of them takes exactly two of its leaps (a
//! leap between two cells of the window taken by both), and `k_ef = x_e x_f` for the
//! crossing pairs among the window's leaps. Those finitely many *points* (the window's
//! leaps' values and its pairs' products) span a polytope, and every tour's columns,
//! restricted to the window, lie in it. So every row `w . k >= a . x + b` that holds at
//! each point holds for every tour: valid. One is found for the relaxation's answer
//! `(x*, k*)` by a small linear program over `(w, a, b)` (`w` in `[0, 1]`) that
//! minimizes `w . k* - a . x* - b` subject to the row holding at every point; when its
//! optimum is below 0 the row cuts the answer off. `b` is then recomputed as the least
//! `w . k - a . x` over the points, so the row holds exactly at every point whatever
//! the linear solver's tolerance.
//!
//! Two leaps at one cell never cross, so a window of one cell has no pair; the
//! windows are the pairs of cells whose leaps cross, and every three cells of a 3 x 3
//! block whose centre lies near the border (where the forcing is; among them the runs
//! of three along it). The blocks' windows took 12x12's relaxation from 81.89 (pairs
//! and runs) to 85.58 (docs/optimum.md). Their rows are found before the model is
//! built, on a model of its own, and added to it as rows on the leap and pair columns.

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use highs::{Col, HighsModelStatus, RowProblem, Sense};

use crate::motif::Graph;
use knights_core::Board;

/// A window: its cells' leaps, the crossing pairs among them, and every way a tour
/// can take them (each a choice of leaps and the pairs both taken).
pub struct Window {
    /// Its leaps (indices into the graph's edges).
    leaps: Vec<usize>,
    /// The crossing pairs among its leaps, each `(e, f)` with `e < f`.
    pairs: Vec<(usize, usize)>,
    /// The points: for each, the local indices of its leaps taken and of its pairs.
    points: Vec<(Vec<usize>, Vec<usize>)>,
}

/// A valid row: `sum w k_ef - sum a x_e >= at_least`.
#[derive(Clone, Debug)]
pub struct Row {
    /// The leaps' coefficients, `-a` (so the row is a sum of all its terms).
    pub x: Vec<(usize, f64)>,
    /// The pairs' coefficients `w`.
    pub pairs: Vec<((usize, usize), f64)>,
    /// The right-hand side.
    pub at_least: f64,
}

impl Row {
    /// The row's left-hand side at the leaps `x` and pairs' values `k`.
    pub fn lhs(&self, x: &dyn Fn(usize) -> f64, k: &dyn Fn(usize, usize) -> f64) -> f64 {
        self.x.iter().map(|&(e, c)| c * x(e)).sum::<f64>()
            + self
                .pairs
                .iter()
                .map(|&((e, f), c)| c * k(e, f))
                .sum::<f64>()
    }
}

/// The most points a window may have (its separation is a linear program of a row
/// per point).
const MAX_POINTS: usize = 4000;

/// A row is added when it is violated by more than this.
const VIOLATION: f64 = 1e-3;

impl Window {
    /// The window of `cells`, or none when no two of its leaps cross or it has more
    /// than [`MAX_POINTS`] points.
    pub fn new(graph: &Graph, cells: &[u32], crossing: &HashSet<(usize, usize)>) -> Option<Window> {
        let mut leaps: Vec<usize> = cells
            .iter()
            .flat_map(|&c| graph.incident(c).iter().copied())
            .collect();
        leaps.sort_unstable();
        leaps.dedup();
        let local: HashMap<usize, usize> = leaps.iter().enumerate().map(|(i, &e)| (e, i)).collect();
        let mut pairs = Vec::new();
        for (i, &e) in leaps.iter().enumerate() {
            for &f in &leaps[i + 1..] {
                if crossing.contains(&(e, f)) {
                    pairs.push((e, f));
                }
            }
        }
        if pairs.is_empty() {
            return None;
        }
        // How many of the window's cells each leap is at (1 or 2).
        let mut at = vec![0usize; leaps.len()];
        let mut choices = Vec::new();
        for &c in cells {
            let mine: Vec<usize> = graph.incident(c).iter().map(|e| local[e]).collect();
            for &l in &mine {
                at[l] += 1;
            }
            let mut two = Vec::new();
            for i in 0..mine.len() {
                for j in i + 1..mine.len() {
                    two.push((mine[i], mine[j]));
                }
            }
            choices.push(two);
        }
        if choices.iter().map(Vec::len).product::<usize>() > MAX_POINTS * 8 {
            return None;
        }
        let mut points = Vec::new();
        let mut count = vec![0usize; leaps.len()];
        enumerate(&choices, 0, &mut count, &at, &mut |taken: &[usize]| {
            let on: Vec<usize> = (0..taken.len()).filter(|&l| taken[l] > 0).collect();
            let both: Vec<usize> = (0..pairs.len())
                .filter(|&p| {
                    let (e, f) = pairs[p];
                    taken[local[&e]] > 0 && taken[local[&f]] > 0
                })
                .collect();
            points.push((on, both));
        });
        (points.len() <= MAX_POINTS && !points.is_empty()).then_some(Window {
            leaps,
            pairs,
            points,
        })
    }

    /// The row of this window most violated by the answer with leaps `x` and pairs'
    /// values `k`, if one is violated.
    pub fn separate(
        &self,
        x: &dyn Fn(usize) -> f64,
        k: &dyn Fn(usize, usize) -> f64,
    ) -> Option<Row> {
        let mut pb = RowProblem::default();
        // The row is sum w k - sum a x >= b; minimize its slack at the answer.
        let a: Vec<Col> = self
            .leaps
            .iter()
            .map(|&e| pb.add_column(-x(e), -20.0..=20.0))
            .collect();
        let w: Vec<Col> = self
            .pairs
            .iter()
            .map(|&(e, f)| pb.add_column(k(e, f), 0.0..=1.0))
            .collect();
        let b = pb.add_column(-1.0, -100.0..=100.0);
        for (on, both) in &self.points {
            let mut row: Vec<(Col, f64)> = both.iter().map(|&p| (w[p], 1.0)).collect();
            row.extend(on.iter().map(|&l| (a[l], -1.0)));
            row.push((b, -1.0));
            pb.add_row(0.0.., row);
        }
        let mut model = pb.optimise(Sense::Minimise);
        model.make_quiet();
        let solved = model.solve();
        if solved.status() != HighsModelStatus::Optimal || solved.objective_value() > -VIOLATION {
            return None;
        }
        let s = solved.get_solution();
        let clean = |v: f64| if v.abs() < 1e-9 { 0.0 } else { v };
        let a: Vec<f64> = a.iter().map(|&c| clean(s[c])).collect();
        let w: Vec<f64> = w.iter().map(|&c| clean(s[c])).collect();
        // The least left-hand side over the points: the row holds at each exactly.
        let least = self
            .points
            .iter()
            .map(|(on, both)| {
                both.iter().map(|&p| w[p]).sum::<f64>() - on.iter().map(|&l| a[l]).sum::<f64>()
            })
            .fold(f64::INFINITY, f64::min);
        let row = Row {
            x: (0..self.leaps.len())
                .filter(|&l| a[l] != 0.0)
                .map(|l| (self.leaps[l], -a[l]))
                .collect(),
            pairs: (0..self.pairs.len())
                .filter(|&p| w[p] != 0.0)
                .map(|p| (self.pairs[p], w[p]))
                .collect(),
            at_least: least - 1e-9,
        };
        (row.lhs(x, k) < row.at_least - VIOLATION).then_some(row)
    }
}

/// Every way the cells' choices (`choices[i]`: cell `i`'s pairs of leaps) fit
/// together: a leap at two of the cells taken by both or by neither. `count` is how
/// many chosen each leap so far, `at` how many of the cells it is at.
fn enumerate(
    choices: &[Vec<(usize, usize)>],
    i: usize,
    count: &mut [usize],
    at: &[usize],
    visit: &mut dyn FnMut(&[usize]),
) {
    if i == choices.len() {
        if count.iter().zip(at).all(|(&c, &a)| c == 0 || c == a) {
            visit(count);
        }
        return;
    }
    for &(l, m) in &choices[i] {
        count[l] += 1;
        count[m] += 1;
        enumerate(choices, i + 1, count, at, visit);
        count[l] -= 1;
        count[m] -= 1;
    }
}

/// The windows of `board`: every pair of cells whose leaps cross, and every three
/// cells of a 3 x 3 block whose centre lies within `depth` of the border (the block's
/// centre and two others of it, among them the runs of three along the border, where
/// the forcing is).
pub fn windows(
    graph: &Graph,
    board: &Board,
    crossing: &[(usize, usize)],
    depth: u32,
) -> Vec<Window> {
    let set: HashSet<(usize, usize)> = crossing.iter().copied().collect();
    let mut cell_pairs: HashSet<(u32, u32)> = HashSet::new();
    for &(e, f) in crossing {
        let (a, b) = graph.edges()[e];
        let (c, d) = graph.edges()[f];
        for p in [a, b] {
            for q in [c, d] {
                if p != q {
                    cell_pairs.insert((p.min(q), p.max(q)));
                }
            }
        }
    }
    let mut sets: Vec<Vec<u32>> = cell_pairs.into_iter().map(|(p, q)| vec![p, q]).collect();
    sets.sort();
    sets.extend(blocks(board, depth));
    sets.iter()
        .filter_map(|cells| Window::new(graph, cells, &set))
        .collect()
}

/// Every three cells of the 3 x 3 block around a cell within `depth` of the border,
/// the centre among them, in order.
fn blocks(board: &Board, depth: u32) -> Vec<Vec<u32>> {
    let (w, h) = (i64::from(board.width()), i64::from(board.height()));
    let d = i64::from(depth);
    let near = |x: i64, y: i64| x < d || y < d || x + d >= w || y + d >= h;
    let mut sets: HashSet<Vec<u32>> = HashSet::new();
    for c in 0..board.area() as u32 {
        let (x, y) = board.xy(c);
        let (x, y) = (i64::from(x), i64::from(y));
        if !near(x, y) {
            continue;
        }
        let around: Vec<u32> = (-1..=1)
            .flat_map(|dy| (-1..=1).map(move |dx| (x + dx, y + dy)))
            .filter(|&(u, v)| (u, v) != (x, y) && u >= 0 && v >= 0 && u < w && v < h)
            .map(|(u, v)| board.index(u as u32, v as u32))
            .collect();
        for (i, &p) in around.iter().enumerate() {
            for &q in &around[i + 1..] {
                let mut cells = vec![c, p, q];
                cells.sort_unstable();
                sets.insert(cells);
            }
        }
    }
    let mut sets: Vec<Vec<u32>> = sets.into_iter().collect();
    sets.sort();
    sets
}

/// The rows of the windows `wins` violated by the answer with leaps `x` and pairs'
/// values `k` (a pair not listed is 0), those found before `deadline`.
pub fn separate(
    wins: &[Window],
    x: &[f64],
    k: &HashMap<(usize, usize), f64>,
    deadline: Instant,
) -> Vec<Row> {
    let xv = |e: usize| x[e];
    let kv = |e: usize, f: usize| k.get(&(e, f)).copied().unwrap_or(0.0);
    wins.iter()
        .take_while(|_| Instant::now() < deadline)
        .filter_map(|w| w.separate(&xv, &kv))
        .collect()
}

/// The local rows of the closed crossings model of `board`, separated at its
/// relaxation (with the clique rows, without subtour cuts) in at most `rounds` rounds
/// until `deadline`, with the relaxation's value before each round and after the last.
pub fn root(board: &Board, depth: u32, rounds: usize, deadline: Instant) -> (Vec<Row>, Vec<f64>) {
    let spec = super::Spec {
        board: board.clone(),
        closed: true,
        measure: "crossings".parse().expect("a measure"),
    };
    let (model, layout) = super::model::build(&spec, |m| spec.measure.rows(m, 1.0));
    let graph = &layout.graph;
    let crossing = super::crossing_pairs(graph, board);
    let wins = windows(graph, board, &crossing, depth);
    let col: HashMap<(usize, usize), Col> = layout
        .pairs()
        .iter()
        .map(|&(c, e, f)| ((e, f), c))
        .collect();
    let mut model = model;
    let mut values = Vec::new();
    let mut all = Vec::new();
    for round in 0..=rounds {
        model.set_option("solve_relaxation", true);
        let solved = model.solve();
        if solved.status() != HighsModelStatus::Optimal {
            break;
        }
        values.push(solved.objective_value() + layout.offset());
        let s = solved.get_solution();
        let x: Vec<f64> = layout.x.iter().map(|&c| s[c]).collect();
        let k: HashMap<(usize, usize), f64> = layout
            .pairs()
            .iter()
            .map(|&(c, e, f)| ((e, f), s[c]))
            .collect();
        model = highs::Model::from(solved);
        if round == rounds || Instant::now() > deadline {
            break;
        }
        let found = separate(&wins, &x, &k, deadline);
        if found.is_empty() {
            break;
        }
        for r in &found {
            let mut row: Vec<(Col, f64)> = r.x.iter().map(|&(e, c)| (layout.x[e], c)).collect();
            row.extend(r.pairs.iter().map(|&(p, c)| (col[&p], c)));
            model.add_row(r.at_least.., row);
        }
        all.extend(found);
    }
    (all, values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::optimum::crossing_pairs;

    /// Every point of a window satisfies the rows found for it, and so does every
    /// closed tour of the board (random closed tours of 8x8 from the local search's
    /// walk, and the stored records), restricted to the window.
    #[test]
    fn every_tour_satisfies_every_local_row() {
        let board = Board::new(6, 6).unwrap();
        let graph = Graph::new(&board);
        let crossing = crossing_pairs(&graph, &board);
        let wins = windows(&graph, &board, &crossing, 2);
        assert!(wins.len() > 50, "{} windows", wins.len());
        // An answer that spreads every cell's two leaps evenly over its leaps.
        let spread: Vec<f64> = (0..graph.edges().len())
            .map(|e| {
                let (a, b) = graph.edges()[e];
                let d = |c: u32| 2.0 / graph.incident(c).len() as f64;
                d(a).min(d(b))
            })
            .collect();
        let rows: Vec<Row> = wins
            .iter()
            .filter_map(|w| w.separate(&|e| spread[e], &|_, _| 0.0))
            .collect();
        assert!(rows.len() > 10, "{} rows cut the spread answer", rows.len());
        // Every closed tour of 6x6 (brute force: 9,862) satisfies every row.
        let mut tours = 0;
        crate::optimum::brute::closed_tours(&board, &mut |x| {
            tours += 1;
            let xv = |e: usize| f64::from(u8::from(x[e]));
            let kv = |e: usize, f: usize| f64::from(u8::from(x[e] && x[f]));
            for row in &rows {
                assert!(row.lhs(&xv, &kv) >= row.at_least - 1e-7, "{row:?}");
            }
        });
        assert_eq!(tours, 9862);
    }

    /// With the local rows (and the rest of `--strengthen`) the solver proves brute
    /// force's least crossings of a closed 6x6 tour, 52: no row cuts off the optimum.
    /// Minutes of solving: `cargo test -p knights-lab --features motif --lib
    /// strengthened_6x6_closed_crossings -- --ignored`.
    #[test]
    #[ignore = "minutes of solving"]
    fn the_strengthened_6x6_closed_crossings_are_brute_forces_52() {
        use crate::optimum::{solve, Cutting, Solve, Spec};
        let board = Board::new(6, 6).unwrap();
        let crossings = "crossings".parse().unwrap();
        let least = crate::optimum::brute::closed(&board, &[crossings]).of(crossings);
        assert_eq!(least, 52);
        let spec = Spec {
            board,
            closed: true,
            measure: crossings,
        };
        let o = solve(
            &spec,
            Solve {
                limit: std::time::Duration::from_secs(3600),
                start: None,
                report: &mut |_| {},
                strengthen: true,
                cutting: Cutting::from(vec![]),
            },
        )
        .unwrap();
        assert!(
            o.value == 52 && o.bound == 52,
            "{} bound {}",
            o.value,
            o.bound
        );
    }

    /// The relaxation with and without the local rows, for measuring:
    /// `KNIGHTS_LOCAL='8x8 2 5;10x10 2 5' cargo test -p knights-lab --features motif
    /// --lib local_experiment -- --ignored --nocapture` (board, border depth of the
    /// blocks' centres, rounds) prints each round's relaxation and rows.
    #[test]
    #[ignore = "an experiment: prints the relaxations' bounds"]
    fn local_experiment() {
        let runs = std::env::var("KNIGHTS_LOCAL").unwrap_or_default();
        for run in runs.split(';').filter(|r| !r.trim().is_empty()) {
            let words: Vec<&str> = run.split_whitespace().collect();
            let board: Board = words[0].parse().unwrap();
            let depth = words[1].parse().unwrap();
            let rounds = words[2].parse().unwrap();
            let clock = Instant::now();
            let deadline = clock + std::time::Duration::from_secs(3600);
            let (rows, values) = root(&board, depth, rounds, deadline);
            eprintln!(
                "{board}: {} rows in {:.1} s; relaxation by round {values:?}",
                rows.len(),
                clock.elapsed().as_secs_f64()
            );
        }
    }
}
