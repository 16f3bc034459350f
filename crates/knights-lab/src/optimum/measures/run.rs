//! The shortest longest straight run of a tour, in leaps (`knights metrics`' `longest
//! run`): a maximum over the tour's runs, so not a term of a sum, and with no linear
//! objective. Its solve is a loop of its own around the model's solves
//! (`model.rs`): "no run longer than `k`" is a row per `k + 1` consecutive leaps of a
//! line of the board, `sum x <= k` (a tour that takes them all goes straight through
//! the `k` cells between them). From the best tour known (run `r`), `k` is set to
//! `r - 1` and the model solved, with its subtour cuts, until it gives a tour in one
//! piece (a better tour: lower `k` again) or HiGHS proves it has none: then no tour's
//! longest run is under `r`, the bound. A run of one leap needs no proof.
//!
//! The local search anneals on a sum over the runs that grows fourfold with each leap
//! of a run ([`run_cost`]), so that a move's change is counted at its cells; the tour
//! kept is the best by the longest run itself.

use knights_core::metrics::Metrics;
use knights_core::Board;
use knights_render::Layer;

use super::super::leaps::Counter;
use super::super::walk::{move_cells, Cost, Move, Walk};
use super::Objective;
use crate::motif::Graph;

/// Why a sum has no `run` term.
const RUN_IN_A_SUM: &str = "the longest run is a maximum over the tour's runs, not a sum over its cells, so it does not add up with the others: minimize it alone (--minimize run)";

/// Why `--maximize run` is refused: brute force finds the longest line of the board as
/// the most on 6x6 closed and 5x5 open (the tests), and a tour through one line is an
/// easy feasibility question, not an optimum worth a model.
const RUN_MAXIMUM: &str = "the longest run a tour can have is the longest line of leaps the board has wherever a tour can take that line (2 leaps on 6x6, closed, and 5x5, open), so there is nothing to optimize: use --minimize run";

/// The longest straight run of a tour.
pub struct Run;

impl Objective for Run {
    fn name(&self) -> String {
        "run".into()
    }

    fn help(&self) -> &'static str {
        "run (the longest straight run, in leaps)"
    }

    fn goal(&self) -> String {
        "shortest longest run".into()
    }

    fn heading(&self) -> String {
        "Shortest longest straight run (leaps in a row along one line)".into()
    }

    fn in_a_sum(&self) -> Result<(), Option<&'static str>> {
        Err(Some(RUN_IN_A_SUM))
    }

    fn refuse_sense(&self, maximize: bool) -> Option<String> {
        maximize.then(|| RUN_MAXIMUM.to_string())
    }

    fn of_metrics(&self, m: &Metrics) -> u64 {
        m.longest_run
    }

    /// The most consecutive chosen leaps of a line.
    fn count(&self, counter: &Counter<'_>, chosen: &[bool]) -> u64 {
        counter
            .lines()
            .iter()
            .flat_map(|line| {
                line.iter().scan(0, |streak, &e| {
                    *streak = if chosen[e] { *streak + 1 } else { 0 };
                    Some(*streak)
                })
            })
            .max()
            .unwrap_or(0)
    }

    /// Every tour has a leap.
    fn trivial_bound(&self) -> Option<u64> {
        Some(1)
    }

    fn cost<'a>(&self, _graph: &'a Graph, _board: &'a Board) -> Box<dyn Cost + 'a> {
        Box::new(RunsCost)
    }

    /// No objective: its own loop (`solve::lowered`) adds the rows that forbid long
    /// runs.
    #[cfg(feature = "motif")]
    fn rows(&self, _model: &mut super::super::model::Columns<'_>, _weight: f64) {}

    #[cfg(feature = "motif")]
    fn solve(
        &self,
        spec: &super::super::Spec,
        run: super::super::Solve<'_>,
    ) -> Result<super::super::Optimum, knights_core::Error> {
        solve::lowered(spec, run)
    }

    fn layers(&self) -> Vec<Layer> {
        vec![Layer::Run]
    }
}

/// The local search's cost: the sum of [`run_cost`] over the runs.
struct RunsCost;

impl Cost for RunsCost {
    /// The change in the cost of the runs through the move's cells, before it and
    /// after it (every other run is the same).
    fn delta(&self, walk: &mut Walk<'_>, m: &Move) -> i64 {
        let moved = move_cells(m);
        let after: Vec<(u32, Vec<u32>)> = moved
            .iter()
            .map(|&c| (c, walk.neighbours_after(c, m)))
            .collect();
        let now = |c: u32| walk.neighbours(c);
        let then = |c: u32| match after.iter().find(|(d, _)| *d == c) {
            Some((_, nb)) => nb.clone(),
            None => walk.neighbours(c),
        };
        runs_cost(walk, &moved, &then) - runs_cost(walk, &moved, &now)
    }

    fn start(&self, walk: &Walk<'_>, _value: u64) -> i64 {
        runs_cost(walk, walk.tour(), &|c| walk.neighbours(c))
    }

    fn exact(&self) -> bool {
        false
    }
}

/// The sum of [`run_cost`] over the runs through `cells`, the tour's neighbours of
/// each cell given by `nb`.
fn runs_cost(walk: &Walk<'_>, cells: &[u32], nb: &dyn Fn(u32) -> Vec<u32>) -> i64 {
    let mut runs: Vec<(u32, u32, u64)> = Vec::new();
    for &c in cells {
        for d in nb(c) {
            let (a, _) = run_end(walk, d, c, nb);
            let (b, leaps) = run_end(walk, a.0, a.1, nb);
            let run = (b.0.min(a.0), b.0.max(a.0), leaps);
            if !runs.contains(&run) {
                runs.push(run);
            }
        }
    }
    runs.iter().map(|r| run_cost(r.2)).sum()
}

/// Walks from leap `from -> to` straight on while the cell reached goes straight:
/// the last leap of the run, as `(its end, the cell before)`, and the leaps walked.
fn run_end(walk: &Walk<'_>, from: u32, to: u32, nb: &dyn Fn(u32) -> Vec<u32>) -> ((u32, u32), u64) {
    let (mut prev, mut at, mut leaps) = (from, to, 1);
    loop {
        let next = nb(at);
        if !walk.straight(at, &next) {
            return ((at, prev), leaps);
        }
        let onward = if next[0] == prev { next[1] } else { next[0] };
        (prev, at, leaps) = (at, onward, leaps + 1);
    }
}

/// What a run of `leaps` leaps costs the local search: 0 for one leap, then 1, 5, 21,
/// ... (`(4^(leaps-1) - 1) / 3`), so that a leap more on a long run outweighs several
/// short runs and the sum falls with the longest run.
fn run_cost(leaps: u64) -> i64 {
    (4i64.pow(leaps.saturating_sub(1) as u32) - 1) / 3
}

/// The solve loop that lowers the longest run allowed (the `motif` feature).
#[cfg(feature = "motif")]
mod solve {
    use std::time::Instant;

    use highs::{HighsModelStatus, Model};

    use super::super::super::model::{build, finish, step, Layout};
    use super::super::super::subtours::Subtours;
    use super::super::super::{lines, Optimum, Round, Solve, Spec};
    use knights_core::{Error, NoTour};

    /// Solves `spec` (its measure `run`) within `run.limit`: the best tour found, its
    /// longest run and the bound (the last run proved impossible, plus one; else 1).
    pub fn lowered(spec: &Spec, run: Solve<'_>) -> Result<Optimum, Error> {
        let clock = Instant::now();
        let (mut model, layout) = build(spec, |m| spec.measure.rows(m, 1.0));
        let graph = &layout.graph;
        let run_of = |path: &[u32]| {
            super::super::super::chosen_of(graph, path, spec.closed)
                .map(|c| spec.measure.value(graph, &spec.board, &c))
        };
        let mut best: Option<(Vec<u32>, u64, &str)> = run
            .start
            .as_ref()
            .and_then(|p| Some((p.clone(), run_of(p)?, "start")));
        let mut bound = spec.measure.trivial_bound().unwrap_or(1);
        let (mut solves, mut cuts, mut rows) = (0, 0, layout.rows);
        // A continued run's cuts go in first (the rows only remove answers not tours).
        let mut subtours = Subtours::new(spec, run.cutting.images);
        for set in &run.cutting.given {
            let added = subtours.add(&mut model, &layout, set);
            (cuts, rows) = (cuts + added, rows + added);
        }
        'lower: while best.as_ref().is_none_or(|b| b.1 > bound) {
            // The runs allowed in this round: under the best tour's (any, before one).
            let most = best.as_ref().map(|b| b.1 - 1);
            if let Some(k) = most {
                rows += forbid_runs_over(&mut model, &layout, k);
            }
            loop {
                let left = run.limit.saturating_sub(clock.elapsed());
                if left.is_zero() {
                    break 'lower;
                }
                let (next, step) = step(model, &layout, left.as_secs_f64(), None, &mut subtours)?;
                model = next;
                solves += 1;
                cuts += step.cuts;
                rows += step.cuts;
                let found = match (&step.chosen, step.pieces.len()) {
                    (Some(_), 1) => Some(step.pieces[0].0.clone()),
                    _ => None,
                };
                let better = found.is_some();
                let what = if step.infeasible() {
                    let Some(k) = most else {
                        return Err(NoTour::Solver {
                            board: spec.board.to_string(),
                            status: format!("{:?}", step.status),
                        }
                        .into());
                    };
                    bound = k + 1;
                    format!("infeasible, so every tour has a run of {bound}")
                } else if let Some(path) = found {
                    let r = run_of(&path).expect("a tour of the graph");
                    best = Some((path, r, "solver"));
                    format!("a tour, its longest run {r}")
                } else if step.chosen.is_some() {
                    format!("{} pieces, cut", step.pieces.len())
                } else {
                    "no answer".to_string()
                };
                let allowed =
                    most.map_or("any run".to_string(), |k| format!("runs of at most {k}"));
                (run.report)(&Round {
                    number: solves,
                    answer: format!("{allowed}: {what}"),
                    bound: Some(bound),
                    best: best.as_ref().map(|b| b.1),
                    seconds: clock.elapsed().as_secs_f64(),
                });
                if better {
                    // The next round asks for a shorter run than this tour's.
                    continue 'lower;
                }
                if step.infeasible()
                    || step.status != HighsModelStatus::Optimal
                    || step.chosen.is_none()
                {
                    break 'lower;
                }
            }
        }
        finish(
            spec,
            &layout,
            run.limit,
            clock,
            best,
            bound,
            (solves, cuts, rows, &subtours),
        )
    }

    /// Adds the rows "no run of more than `k` leaps": for every `k + 1` consecutive
    /// leaps of a line of the board, at most `k` of them; returns how many.
    pub(super) fn forbid_runs_over(model: &mut Model, layout: &Layout, k: u64) -> usize {
        let k = k as usize;
        let mut added = 0;
        for line in lines(&layout.graph, &layout.spec.board) {
            for window in line.windows(k + 1) {
                model.add_row(..=k as f64, window.iter().map(|&e| (layout.x[e], 1.0)));
                added += 1;
            }
        }
        added
    }

    #[cfg(test)]
    mod tests {
        use super::super::super::super::{chosen_of, model::Step};
        use super::super::super::Measure;
        use super::*;

        fn spec(board: &str, closed: bool) -> Spec {
            Spec {
                board: board.parse().unwrap(),
                closed,
                measure: Measure::one(&super::super::Run),
            }
        }

        /// Solves `spec`'s model with runs of more than `k` leaps forbidden, cutting
        /// subtours until it has a tour or none: the last step.
        fn solved_below(spec: &Spec, k: u64) -> Step {
            let (mut model, layout) = build(spec, |_| {});
            forbid_runs_over(&mut model, &layout, k);
            let mut subtours = Subtours::new(spec, false);
            loop {
                let (next, s) = step(model, &layout, 60.0, None, &mut subtours).unwrap();
                model = next;
                if s.infeasible() || s.pieces.len() == 1 {
                    return s;
                }
                assert!(s.cuts > 0, "{:?}", s.status);
            }
        }

        // No board of the table has a longest run over 1, so the solve loop never
        // needs its proof of infeasibility there: these check that step and its rows
        // directly.
        #[test]
        fn forbidding_every_leap_leaves_no_tour_and_the_solver_proves_it() {
            for (board, closed) in [("6x6", true), ("5x5", false), ("3x4", false)] {
                let s = solved_below(&spec(board, closed), 0);
                assert!(s.infeasible(), "{board}: {:?}", s.status);
            }
        }

        #[test]
        fn runs_of_one_leap_allowed_give_a_tour_whose_every_cell_turns() {
            for (board, closed) in [("6x6", true), ("5x5", false), ("3x10", true)] {
                let spec = spec(board, closed);
                let s = solved_below(&spec, 1);
                let path = &s.pieces[0].0;
                let graph = crate::motif::Graph::new(&spec.board);
                let chosen = chosen_of(&graph, path, closed).expect("a tour");
                assert_eq!(
                    spec.measure.value(&graph, &spec.board, &chosen),
                    1,
                    "{board}"
                );
            }
        }
    }
}
