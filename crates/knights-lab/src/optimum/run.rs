//! The shortest longest straight run (`knights optimum --minimize run`), a loop of its
//! own around the solves of `solve.rs`: a maximum has no linear objective, so the
//! model has none, and "no run longer than `k`" is a row per `k + 1` consecutive leaps
//! of a line of the board, `sum x <= k` (a tour that takes them all goes straight
//! through the `k` cells between them). From the best tour known (run `r`), `k` is
//! set to `r - 1` and the model solved, with its subtour cuts, until it gives a tour in
//! one piece (a better tour: lower `k` again) or HiGHS proves it has none: then no
//! tour's longest run is under `r`, the bound. A run of one leap needs no proof.

use std::time::Instant;

use highs::{HighsModelStatus, Model};

use super::solve::{build, finish, step, Layout};
use super::{chosen_of, lines, value, Measure, Optimum, Round, Solve, Spec};
use knights_core::{Error, NoTour};

/// Solves `spec` (its measure `run`) within `run.limit`: the best tour found, its
/// longest run and the bound (the last run proved impossible, plus one; else 1).
pub fn solve(spec: &Spec, run: Solve<'_>) -> Result<Optimum, Error> {
    let clock = Instant::now();
    let (mut model, layout) = build(spec);
    let graph = &layout.graph;
    let run_of = |path: &[u32]| {
        chosen_of(graph, path, spec.closed).map(|c| value(graph, &spec.board, Measure::Run, &c))
    };
    let mut best: Option<(Vec<u32>, u64, &str)> = run
        .start
        .as_ref()
        .and_then(|p| Some((p.clone(), run_of(p)?, "start")));
    // Every tour has a leap.
    let mut bound = 1;
    let (mut solves, mut cuts, mut rows) = (0, 0, layout.rows);
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
            let (next, step) = step(model, &layout, left.as_secs_f64(), None)?;
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
            let allowed = most.map_or("any run".to_string(), |k| format!("runs of at most {k}"));
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
        (solves, cuts, rows),
    )
}

/// Adds the rows "no run of more than `k` leaps": for every `k + 1` consecutive
/// leaps of a line of the board, at most `k` of them; returns how many.
fn forbid_runs_over(model: &mut Model, layout: &Layout, k: u64) -> usize {
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
    use super::*;

    fn spec(board: &str, closed: bool) -> Spec {
        Spec {
            board: board.parse().unwrap(),
            closed,
            measure: Measure::Run,
        }
    }

    /// Solves `spec`'s model with runs of more than `k` leaps forbidden, cutting
    /// subtours until it has a tour or none: the last step.
    fn solved_below(spec: &Spec, k: u64) -> super::super::solve::Step {
        let (mut model, layout) = build(spec);
        forbid_runs_over(&mut model, &layout, k);
        loop {
            let (next, s) = step(model, &layout, 60.0, None).unwrap();
            model = next;
            if s.infeasible() || s.pieces.len() == 1 {
                return s;
            }
            assert!(s.cuts > 0, "{:?}", s.status);
        }
    }

    // No board of the table has a longest run over 1, so the solve loop never needs
    // its proof of infeasibility there: these check that step and its rows directly.
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
                value(&graph, &spec.board, Measure::Run, &chosen),
                1,
                "{board}"
            );
        }
    }
}
