//! The motif model solved by HiGHS, an open-source MILP solver (built with the `motif`
//! cargo feature): the variables and rows of the module comment in `mod.rs`, subtour
//! cuts added lazily (solve, split the answer into cycles, cut each, solve again) and
//! no-good cuts to find further tours.
//!
//! The count is proved optimal because the last model solved to optimality is the
//! full model with only some of its subtour cuts: a relaxation, so its optimum bounds
//! every tour's count, and its answer is a tour.

use std::time::{Duration, Instant};

use highs::{Col, HighsModelStatus, Model, RowProblem, Sense};

use super::{tour_of, Ends, Graph, Limits, Motif, Spec};
use knights_core::{Board, Error, GaveUp, NoTour};

/// Solves `spec` and returns up to `count` tours, best first, each cut off before the
/// next is searched. `limit` bounds the solver's time in all and per solve; a tour
/// found within it but not proved optimal comes with the solver's bound, higher than
/// its count.
pub fn solve(spec: &Spec, count: usize, limit: impl Into<Limits>) -> Result<Vec<Motif>, Error> {
    solve_with(spec, count, limit.into(), &mut |_| {})
}

/// What one solve of the model gave: for progress reports on long runs.
#[derive(Clone, Copy, Debug)]
pub struct Round {
    /// Solves so far, this one included.
    pub number: usize,
    /// The best count of the answer (its symmetric leaps, subtours or not).
    pub count: u32,
    /// The solver's bound on every tour's count.
    pub bound: u32,
    /// The pieces the answer splits into (1: a tour).
    pub pieces: usize,
    /// Seconds since the start.
    pub seconds: f64,
}

/// [`solve`], calling `report` after each solve of the model.
pub fn solve_with(
    spec: &Spec,
    count: usize,
    limit: Limits,
    report: &mut dyn FnMut(&Round),
) -> Result<Vec<Motif>, Error> {
    let Limits {
        total: limit,
        round,
    } = limit;
    spec.check()?;
    let board = spec.board();
    let graph = Graph::new(&board);
    let (mut model, x) = build(spec, &graph)?;
    let start = Instant::now();
    let mut found = Vec::new();
    let mut rounds = 0;
    let fixed = fixed_leaps(spec, &graph);
    let mut patched: Option<Motif> = None;
    let mut last_bound = u32::MAX;
    while found.len() < count {
        let left = limit.saturating_sub(start.elapsed());
        if left.is_zero() {
            break;
        }
        model.set_option("time_limit", left.min(round).as_secs_f64());
        let solved = model.solve();
        let status = solved.status();
        if !matches!(
            status,
            HighsModelStatus::Optimal | HighsModelStatus::ReachedTimeLimit
        ) {
            if found.is_empty() {
                return Err(NoTour::Solver {
                    board: board.to_string(),
                    status: format!("{status:?}"),
                }
                .into());
            }
            break;
        }
        let solution = solved.get_solution();
        let complete = solution.columns().len() >= x.len();
        let chosen: Vec<bool> = if complete {
            x.iter().map(|&c| solution[c] > 0.5).collect()
        } else {
            vec![false; x.len()]
        };
        let objective = solved.objective_value();
        let bound = bound_of(objective, solved.mip_gap(), status);
        // Every solve's bound holds for the full model (cuts only tighten it): keep
        // the best, not the last (a solve the total limit cut short bounds little).
        last_bound = last_bound.min(bound);
        model = Model::from(solved);
        rounds += 1;
        report(&Round {
            number: rounds,
            count: (objective + 1e-6).floor().max(0.0) as u32,
            bound,
            pieces: graph.pieces(&chosen).len(),
            seconds: start.elapsed().as_secs_f64(),
        });
        if !chosen.iter().any(|&c| c) {
            if found.is_empty() {
                return Err(gave_up(&board, limit));
            }
            break;
        }
        match tour_of(&graph, spec, &chosen) {
            Some(tour) => {
                let count = graph.symmetric_count(&chosen, spec.symmetry);
                // The no-good cut: not all of this tour's leaps again.
                let used: Vec<(Col, f64)> = (0..x.len())
                    .filter(|&e| chosen[e])
                    .map(|e| (x[e], 1.0))
                    .collect();
                model.add_row(..=(used.len() as f64 - 1.0), used);
                found.push(Motif {
                    tour,
                    count,
                    bound: bound.max(count),
                });
                if status != HighsModelStatus::Optimal {
                    break;
                }
            }
            None => {
                cut_subtours(&mut model, &graph, &x, &chosen);
                if found.is_empty() {
                    keep_better(&mut patched, patch_answer(spec, &graph, &chosen, &fixed));
                }
            }
        }
    }
    // A tour patched from a split answer stands in when the time ran out before a
    // solve gave a tour, or beats a first tour the time limit cut short.
    if let Some(mut p) = patched {
        p.bound = last_bound.max(p.count);
        match found.first_mut() {
            None => found.push(p),
            Some(first) if count == 1 && first.count < p.count => *first = p,
            Some(_) => {}
        }
    }
    if found.is_empty() {
        return Err(gave_up(&board, limit));
    }
    Ok(found)
}

/// Leaps patching may not remove: forced ones and those tied by repetition.
fn fixed_leaps(spec: &Spec, graph: &Graph) -> Vec<bool> {
    let board = spec.board();
    let mut fixed = vec![false; graph.edges().len()];
    for &(a, b) in &spec.forced {
        if let Some(e) = graph.edge(board.index(a.0, a.1), board.index(b.0, b.1)) {
            fixed[e] = true;
        }
    }
    let mut tied = spec.repeat.map(|r| graph.repeated(r)).unwrap_or_default();
    tied.extend(spec.columns.map(|p| graph.columns(p)).unwrap_or_default());
    for (e, f) in tied {
        fixed[e] = true;
        fixed[f] = true;
    }
    fixed
}

/// The split answer `chosen` patched into a tour (see `patch`), with its count; the
/// bound is filled in by the caller. `None` when patching fails or the model has
/// rules patching does not keep (a band motif's winding).
fn patch_answer(spec: &Spec, graph: &Graph, chosen: &[bool], fixed: &[bool]) -> Option<Motif> {
    if spec.copies.is_some_and(|n| n > 1) {
        return None;
    }
    let one = super::patch::patch(graph, chosen, spec.symmetry, fixed)?;
    let tour = tour_of(graph, spec, &one)?;
    Some(Motif {
        tour,
        count: graph.symmetric_count(&one, spec.symmetry),
        bound: 0,
    })
}

/// Keeps the better of two candidate tours.
fn keep_better(best: &mut Option<Motif>, new: Option<Motif>) {
    if let Some(n) = new {
        if best.as_ref().is_none_or(|b| n.count > b.count) {
            *best = Some(n);
        }
    }
}

/// The solver's time ran out before its first tour.
fn gave_up(board: &Board, limit: Duration) -> Error {
    GaveUp::Solver {
        board: board.to_string(),
        seconds: limit.as_secs(),
    }
    .into()
}

/// The best count any tour can have, from the solver's answer: the objective itself
/// when optimal, else the objective widened by the relative gap (rounded down: counts
/// are whole).
fn bound_of(objective: f64, gap: f64, status: HighsModelStatus) -> u32 {
    let bound = if status == HighsModelStatus::Optimal || !gap.is_finite() {
        objective
    } else {
        objective + gap * objective.abs().max(1.0)
    };
    (bound + 1e-6).floor().max(0.0) as u32
}

/// The model without subtour cuts: edge and symmetry variables, degree rows, symmetry
/// links, forced leaps and repetition.
fn build(spec: &Spec, graph: &Graph) -> Result<(Model, Vec<Col>), Error> {
    let board = spec.board();
    let m = graph.edges().len();
    let mut pb = RowProblem::default();
    let x: Vec<Col> = (0..m).map(|_| pb.add_integer_column(0.0, 0..=1)).collect();
    // v_e need not be declared integral: at integral x the optimum sets each to 0 or 1.
    let v: Vec<Col> = (0..m).map(|_| pb.add_column(1.0, 0..=1)).collect();
    for e in 0..m {
        pb.add_row(..=0, [(v[e], 1.0), (x[e], -1.0)]);
        for f in graph.images(e, spec.symmetry) {
            pb.add_row(..=0, [(v[e], 1.0), (x[f], -1.0)]);
        }
    }
    let ends = match spec.ends {
        Ends::Open(s, t) => vec![board.index(s.0, s.1), board.index(t.0, t.1)],
        Ends::Closed => Vec::new(),
    };
    for c in 0..board.area() as u32 {
        let degree = if ends.contains(&c) { 1.0 } else { 2.0 };
        let row: Vec<(Col, f64)> = graph.incident(c).iter().map(|&e| (x[e], 1.0)).collect();
        pb.add_row(degree..=degree, row);
    }
    for &(a, b) in &spec.forced {
        let e = graph
            .edge(board.index(a.0, a.1), board.index(b.0, b.1))
            .expect("checked by Spec::check");
        pb.add_row(1..=1, [(x[e], 1.0)]);
    }
    let mut tied = spec.repeat.map(|r| graph.repeated(r)).unwrap_or_default();
    tied.extend(spec.columns.map(|p| graph.columns(p)).unwrap_or_default());
    for (e, f) in tied {
        pb.add_row(0..=0, [(x[e], 1.0), (x[f], -1.0)]);
    }
    if let Some(n) = spec.copies.filter(|&n| n > 1) {
        wind(&mut pb, graph, &x, n);
    }
    if spec.flow {
        let root = ends.first().copied().unwrap_or(0);
        flow(&mut pb, graph, &x, root);
    }
    let mut model = pb.optimise(Sense::Maximise);
    model.make_quiet();
    model.set_option("mip_rel_gap", 0.0);
    Ok((model, x))
}

/// Rows that make the tour's winding round the band prime to `copies`, so that that
/// many copies laid end to end join into one tour. The winding needs a direction: each
/// leap gets two 0/1 arc variables (`x_e` is their sum), every cell one arc out (so,
/// with its two leaps, one in); the winding is the arcs crossing the seam rightwards
/// less those crossing it leftwards. For each prime `p` of `copies`, `winding = p z +
/// r` with `z` a whole number and `1 <= r <= p - 1`: not a multiple of `p`. A split
/// answer's cycles share the winding between them; the subtour cuts deal with it.
fn wind(pb: &mut RowProblem, graph: &Graph, x: &[Col], copies: u32) {
    let b = &graph.board;
    let dirs = b.leaper().dirs();
    let mut out: Vec<Vec<(Col, f64)>> = vec![Vec::new(); b.area() as usize];
    let mut winding = Vec::new();
    for (e, &(a, c)) in graph.edges().iter().enumerate() {
        let forth = pb.add_integer_column(0.0, 0..=1);
        let back = pb.add_integer_column(0.0, 0..=1);
        pb.add_row(0..=0, [(x[e], 1.0), (forth, -1.0), (back, -1.0)]);
        out[a as usize].push((forth, 1.0));
        out[c as usize].push((back, 1.0));
        let d = b.dir_between(a, c).expect("an edge is a leap");
        if b.wraps(a, d) {
            let sign = dirs[d].0.signum() as f64;
            winding.push((forth, sign));
            winding.push((back, -sign));
        }
    }
    for row in out {
        pb.add_row(1..=1, row);
    }
    let most = 2.0 * b.area() as f64;
    for p in primes_of(copies) {
        let z = pb.add_integer_column(0.0, -most..=most);
        let r = pb.add_integer_column(0.0, 1.0..=(p - 1) as f64);
        let mut row = winding.clone();
        row.push((z, -(p as f64)));
        row.push((r, -1.0));
        pb.add_row(0..=0, row);
    }
}

/// Rows that keep the chosen leaps connected: `n - 1` units of a commodity leave
/// `root`, every other cell keeps one, and a leap carries at most `n - 1` units each
/// way, none unless chosen. With the degree rows, a connected answer is one tour.
fn flow(pb: &mut RowProblem, graph: &Graph, x: &[Col], root: u32) {
    let n = graph.board.area() as usize;
    let most = (n - 1) as f64;
    let mut balance: Vec<Vec<(Col, f64)>> = vec![Vec::new(); n];
    for (e, &(a, c)) in graph.edges().iter().enumerate() {
        for (from, to) in [(a, c), (c, a)] {
            let f = pb.add_column(0.0, 0.0..=most);
            pb.add_row(..=0, [(f, 1.0), (x[e], -most)]);
            balance[from as usize].push((f, -1.0));
            balance[to as usize].push((f, 1.0));
        }
    }
    for (c, row) in balance.into_iter().enumerate() {
        let kept = if c == root as usize { -most } else { 1.0 };
        pb.add_row(kept..=kept, row);
    }
}

/// The distinct prime factors of `n`.
fn primes_of(mut n: u32) -> Vec<u32> {
    let mut primes = Vec::new();
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            primes.push(p);
            while n.is_multiple_of(p) {
                n /= p;
            }
        }
        p += 1;
    }
    if n > 1 {
        primes.push(n);
    }
    primes
}

/// Adds "at least two chosen leaps leave S" for the cells S of every cycle of the
/// answer that is not the whole board.
fn cut_subtours(model: &mut Model, graph: &Graph, x: &[Col], chosen: &[bool]) {
    for (cells, cycle) in graph.pieces(chosen) {
        if !cycle {
            continue;
        }
        let mut inside = vec![false; graph.incident.len()];
        for &c in &cells {
            inside[c as usize] = true;
        }
        let leaving: Vec<(Col, f64)> = graph
            .edges()
            .iter()
            .enumerate()
            .filter(|(_, &(a, b))| inside[a as usize] != inside[b as usize])
            .map(|(e, _)| (x[e], 1.0))
            .collect();
        model.add_row(2.., leaving);
    }
}
