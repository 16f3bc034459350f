//! The turns and crossings models solved by HiGHS (the `motif` feature): the rows of
//! the module comment in `mod.rs`, connectivity by subtour cuts added after each solve,
//! and the best tour known handed to the solver as its starting answer before every
//! solve. One solve with its cuts is a [`step`], which the longest run's loop
//! (`run.rs`) shares.

use std::time::{Duration, Instant};

use highs::{Col, HighsModelStatus, HighsSolutionStatus, Model, RowProblem, Sense};

use super::{
    crossing_cliques, crossing_pairs, gentle_pairs, straight_pairs, value, How, Measure, Optimum,
    Round, Solve, Spec,
};
use crate::motif::Graph;
use knights_core::{Error, GaveUp, NoTour};

/// The model's columns, with their index order (for a starting answer).
pub(super) struct Layout {
    pub spec: Spec,
    pub graph: Graph,
    /// The leaps' columns.
    pub x: Vec<Col>,
    /// Straight pairs (turns) or crossing pairs (crossings): `(column, e, f)`.
    pairs: Vec<(Col, usize, usize)>,
    /// Cells' end variables (open tours).
    z: Vec<Col>,
    pub columns: usize,
    pub rows: usize,
    /// Added to the objective to give the measure (turns: the cells with two leaps).
    offset: f64,
}

impl Layout {
    /// The column values of the answer whose leaps are `chosen`, in the order the
    /// columns were added (leaps, ends, pairs).
    fn values(&self, chosen: &[bool]) -> Vec<f64> {
        let on = |b: bool| f64::from(u8::from(b));
        let n = self.spec.board.area() as u32;
        let degree: Vec<usize> = (0..n)
            .map(|c| {
                self.graph
                    .incident(c)
                    .iter()
                    .filter(|&&e| chosen[e])
                    .count()
            })
            .collect();
        let mut v: Vec<f64> = chosen.iter().map(|&c| on(c)).collect();
        if !self.z.is_empty() {
            v.extend(degree.iter().map(|&d| on(d == 1)));
        }
        v.extend(
            self.pairs
                .iter()
                .map(|&(_, e, f)| on(chosen[e] && chosen[f])),
        );
        debug_assert_eq!(v.len(), self.columns);
        v
    }
}

/// What one solve of the model gave.
pub(super) struct Step {
    /// HiGHS's status: `Optimal`, `ReachedTimeLimit`, `Infeasible` or
    /// `UnboundedOrInfeasible` (any other is an error).
    pub status: HighsModelStatus,
    /// The solver's bound on the measure (its dual bound plus the offset), if any.
    pub dual: Option<f64>,
    /// The answer's measure, if there is an answer.
    pub objective: Option<f64>,
    /// The answer's leaps, if there is an answer.
    pub chosen: Option<Vec<bool>>,
    /// The answer's pieces that hold a leap; when there are more than one, each is cut.
    pub pieces: Vec<(Vec<u32>, bool)>,
    /// The cuts added.
    pub cuts: usize,
}

impl Step {
    /// Whether the model was proved to have no answer (its cuts and rows included).
    pub fn infeasible(&self) -> bool {
        matches!(
            self.status,
            HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible
        )
    }

    /// The answer in words: `42 in one piece`, `42 in 3 pieces, cut`, `no answer`.
    pub fn answer(&self) -> String {
        match (self.objective, self.pieces.len()) {
            (None, _) => "no answer".to_string(),
            (Some(v), 1) => format!("{v:.0} in one piece"),
            (Some(v), p) => format!("{v:.0} in {p} pieces, cut"),
        }
    }
}

/// Solves `model` once within `left` seconds, from the tour `start` if one is given
/// (a starting answer HiGHS may refuse), and cuts every piece of an answer that is
/// not in one piece.
pub(super) fn step(
    model: Model,
    layout: &Layout,
    left: f64,
    start: Option<&[u32]>,
) -> Result<(Model, Step), Error> {
    let mut model = model;
    let (spec, graph) = (&layout.spec, &layout.graph);
    model.set_option("time_limit", left);
    if let Some(path) = start {
        let chosen = super::chosen_of(graph, path, spec.closed).expect("a tour of the graph");
        let _ = model.try_set_solution(Some(&layout.values(&chosen)), None, None, None);
    }
    let solved = model.solve();
    let status = solved.status();
    let mut step = Step {
        status,
        dual: None,
        objective: None,
        chosen: None,
        pieces: Vec::new(),
        cuts: 0,
    };
    if step.infeasible() {
        return Ok((Model::from(solved), step));
    }
    if !matches!(
        status,
        HighsModelStatus::Optimal | HighsModelStatus::ReachedTimeLimit
    ) {
        return Err(Error::internal(format!(
            "HiGHS stopped with status {status:?} on the {} model",
            spec.name()
        )));
    }
    step.dual = solved
        .double_info_value(c"mip_dual_bound")
        .ok()
        .filter(|d| d.is_finite())
        .or((status == HighsModelStatus::Optimal).then(|| solved.objective_value()))
        .map(|d| d + layout.offset);
    let feasible = solved.primal_solution_status() == HighsSolutionStatus::Feasible;
    let answer = feasible.then(|| solved.get_solution());
    step.chosen = answer
        .as_ref()
        .filter(|s| s.columns().len() >= layout.x.len())
        .map(|s| layout.x.iter().map(|&c| s[c] > 0.5).collect());
    step.objective = feasible.then(|| solved.objective_value() + layout.offset);
    let mut model = Model::from(solved);
    if let Some(chosen) = &step.chosen {
        step.pieces = used_pieces(graph, chosen);
        if step.pieces.len() > 1 {
            step.cuts = cut(&mut model, layout, &step.pieces);
        }
    }
    Ok((model, step))
}

/// Solves `spec` within `run.limit`: the best answer found, its value and the bound.
pub fn solve(spec: &Spec, run: Solve<'_>) -> Result<Optimum, Error> {
    if spec.measure == Measure::Run {
        return super::run::solve(spec, run);
    }
    let clock = Instant::now();
    let (mut model, layout) = build(spec);
    let graph = &layout.graph;
    let mut best: Option<(Vec<u32>, u64, &str)> = None;
    if let Some(path) = &run.start {
        if let Some(chosen) = super::chosen_of(graph, path, spec.closed) {
            best = Some((
                path.clone(),
                value(graph, &spec.board, spec.measure, &chosen),
                "start",
            ));
        }
    }
    let mut bound: Option<u64> = None;
    let (mut solves, mut cuts, mut rows) = (0, 0, layout.rows);
    loop {
        let left = run.limit.saturating_sub(clock.elapsed());
        if left.is_zero() {
            break;
        }
        let start = best.as_ref().map(|b| b.0.as_slice());
        let (next, step) = step(model, &layout, left.as_secs_f64(), start)?;
        model = next;
        solves += 1;
        if step.infeasible() {
            if best.is_none() {
                return Err(NoTour::Solver {
                    board: spec.board.to_string(),
                    status: format!("{:?}", step.status),
                }
                .into());
            }
            break;
        }
        if let Some(d) = step.dual {
            let b = (d - 1e-6).ceil().max(0.0) as u64;
            // Every solve bounds the full model: keep the tightest.
            bound = Some(bound.map_or(b, |o| o.max(b)));
        }
        let one = step.chosen.is_some() && step.pieces.len() == 1;
        if let (true, Some(chosen)) = (one, &step.chosen) {
            let v = value(graph, &spec.board, spec.measure, chosen);
            if best.as_ref().is_none_or(|b| v < b.1) {
                best = Some((step.pieces[0].0.clone(), v, "solver"));
            }
        }
        cuts += step.cuts;
        rows += step.cuts;
        (run.report)(&Round {
            number: solves,
            answer: step.answer(),
            bound,
            best: best.as_ref().map(|b| b.1),
            seconds: clock.elapsed().as_secs_f64(),
        });
        if step.status != HighsModelStatus::Optimal || one || step.chosen.is_none() {
            break;
        }
    }
    // With no bound from any solve, the trivial one: nothing is proved.
    let bound = bound.unwrap_or(0);
    finish(
        spec,
        &layout,
        run.limit,
        clock,
        best,
        bound,
        (solves, cuts, rows),
    )
}

/// The result of a solve loop (this one or `run.rs`'s): its best tour (cells, value,
/// where it came from), the bound it proved and its work, `(solves, cuts, rows)`; an
/// error when the time ran out before any tour.
pub(super) fn finish(
    spec: &Spec,
    layout: &Layout,
    limit: Duration,
    clock: Instant,
    best: Option<(Vec<u32>, u64, &str)>,
    bound: u64,
    (solves, cuts, rows): (usize, usize, usize),
) -> Result<Optimum, Error> {
    let Some((path, value, source)) = best else {
        return Err(GaveUp::Solver {
            board: spec.board.to_string(),
            seconds: limit.as_secs(),
        }
        .into());
    };
    Ok(Optimum {
        spec: spec.clone(),
        path,
        value,
        bound,
        seconds: clock.elapsed().as_secs_f64(),
        how: How::Solver {
            solves,
            columns: layout.columns,
            rows,
            cuts,
        },
        source: source.to_string(),
        improved: None,
        limit,
    })
}

/// The pieces of the answer that hold a leap, each as its cells in order and whether
/// it is a cycle.
fn used_pieces(graph: &Graph, chosen: &[bool]) -> Vec<(Vec<u32>, bool)> {
    graph
        .pieces(chosen)
        .into_iter()
        .filter(|(cells, _)| cells.len() > 1)
        .collect()
}

/// Adds the cuts that separate the pieces of an answer; returns how many.
fn cut(model: &mut Model, layout: &Layout, pieces: &[(Vec<u32>, bool)]) -> usize {
    let graph = &layout.graph;
    let n = layout.spec.board.area() as usize;
    let inside_of = |cells: &[u32]| {
        let mut inside = vec![false; n];
        for &c in cells {
            inside[c as usize] = true;
        }
        inside
    };
    let leaving = |inside: &[bool]| -> Vec<(Col, f64)> {
        graph
            .edges()
            .iter()
            .enumerate()
            .filter(|(_, &(a, b))| inside[a as usize] != inside[b as usize])
            .map(|(e, _)| (layout.x[e], 1.0))
            .collect()
    };
    let mut added = 0;
    let spec = &layout.spec;
    for (cells, _) in pieces {
        let inside = inside_of(cells);
        if spec.closed {
            // A tour crosses the border of every proper set of cells twice.
            model.add_row(2.0.., leaving(&inside));
            added += 1;
        } else {
            // An open tour crosses it twice less the ends on either side.
            for side in [true, false] {
                let mut row = leaving(&inside);
                row.extend(
                    (0..n)
                        .filter(|&c| inside[c] == side)
                        .map(|c| (layout.z[c], 1.0)),
                );
                model.add_row(2.0.., row);
                added += 1;
            }
        }
    }
    added
}

/// The model of `spec` without connectivity: leaps, degrees, the measure's columns.
pub(super) fn build(spec: &Spec) -> (Model, Layout) {
    let board = &spec.board;
    let graph = Graph::new(board);
    let n = board.area() as usize;
    let mut pb = RowProblem::default();
    let mut columns = 0;
    let mut rows = 0;
    let mut int = |pb: &mut RowProblem, cost: f64| {
        columns += 1;
        pb.add_integer_column(cost, 0..=1)
    };
    let x: Vec<Col> = graph.edges().iter().map(|_| int(&mut pb, 0.0)).collect();
    let open = !spec.closed;
    let z: Vec<Col> = if open {
        (0..n).map(|_| int(&mut pb, 0.0)).collect()
    } else {
        Vec::new()
    };
    let mut pairs = Vec::new();
    let mut offset = 0.0;
    // The cells with two leaps: all of a closed tour, all but the ends of an open one.
    let two = (if open { n - 2 } else { n }) as f64;
    let terms = match spec.measure {
        Measure::Sum(w) => w.terms(),
        Measure::Uncrossed => Vec::new(),
        m => vec![(m, 1)],
    };
    for (measure, weight) in terms {
        let w = f64::from(weight);
        match measure {
            Measure::Turns => {
                // turns = (cells with two leaps) - straights.
                offset += w * two;
                for (_, e, f) in straight_pairs(&graph, board) {
                    let s = pb.add_column(-w, 0..=1);
                    pb.add_row(..=0, [(s, 1.0), (x[e], -1.0)]);
                    pb.add_row(..=0, [(s, 1.0), (x[f], -1.0)]);
                    rows += 2;
                    pairs.push((s, e, f));
                }
            }
            Measure::Sharp => {
                // sharp = (cells with two leaps) - gentle pairs taken; a leap taken
                // at a cell is in one taken pair there at most.
                offset += w * two;
                let mut at = std::collections::BTreeMap::<(u32, usize), Vec<(Col, f64)>>::new();
                for (c, e, f) in gentle_pairs(&graph, board) {
                    let s = pb.add_column(-w, 0..=1);
                    pairs.push((s, e, f));
                    at.entry((c, e)).or_default().push((s, 1.0));
                    at.entry((c, f)).or_default().push((s, 1.0));
                }
                for ((_, e), mut row) in at {
                    row.push((x[e], -1.0));
                    pb.add_row(..=0, row);
                    rows += 1;
                }
            }
            Measure::Crossings => {
                let crossing = crossing_pairs(&graph, board);
                let mut of_pair = std::collections::HashMap::new();
                for &(e, f) in &crossing {
                    let c = pb.add_column(w, 0..=1);
                    pb.add_row(..=1, [(x[e], 1.0), (x[f], 1.0), (c, -1.0)]);
                    rows += 1;
                    pairs.push((c, e, f));
                    of_pair.insert((e, f), c);
                }
                // k leaps of a clique cross k(k-1)/2 >= t k - t(t+1)/2 times (t = 1, 2).
                for clique in crossing_cliques(graph.edges().len(), &crossing) {
                    for t in [1.0, 2.0] {
                        let mut row: Vec<(Col, f64)> = Vec::new();
                        for (i, &e) in clique.iter().enumerate() {
                            row.push((x[e], -t));
                            for &f in &clique[i + 1..] {
                                row.push((of_pair[&(e, f)], 1.0));
                            }
                        }
                        pb.add_row((-t * (t + 1.0) / 2.0).., row);
                        rows += 1;
                    }
                }
            }
            // No objective: the run loop (`run.rs`) adds its rows for each bound.
            Measure::Run => {}
            Measure::Sum(_) | Measure::Uncrossed => unreachable!("not a term of a sum"),
        }
    }
    columns += pairs.len();
    for c in 0..n {
        let mut row: Vec<(Col, f64)> = graph
            .incident(c as u32)
            .iter()
            .map(|&e| (x[e], 1.0))
            .collect();
        // An open tour's end variable (none for a closed one).
        row.extend(z.get(c).map(|&end| (end, 1.0)));
        pb.add_row(2..=2, row);
        rows += 1;
    }
    if open {
        pb.add_row(2..=2, z.iter().map(|&c| (c, 1.0)));
        rows += 1;
    }
    let mut model = pb.optimise(Sense::Minimise);
    model.make_quiet();
    model.set_option("mip_rel_gap", 0.0);
    let layout = Layout {
        spec: spec.clone(),
        graph,
        x,
        pairs,
        z,
        columns,
        rows,
        offset,
    };
    (model, layout)
}
