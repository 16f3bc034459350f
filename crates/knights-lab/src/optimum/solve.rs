//! The solver's loop for a measure with an objective (the `motif` feature): the model
//! of `model.rs` with the subtour cuts a continued run stored and those separated at
//! its linear relaxation (`subtours.rs`), solved, its answer's subtour cuts added,
//! solved again, with the best tour known handed to the solver as its starting answer
//! before every solve; the best bound of any solve kept (cuts only remove answers
//! that are not tours), and an answer in one piece optimal when its solve was. A
//! measure with no objective (the longest run) has a loop of its own.

use std::time::Instant;

use highs::HighsModelStatus;

use super::model::{build, finish, step};
use super::subtours::{at_the_relaxation, Subtours};
use super::{Optimum, Round, Solve, Spec};
use knights_core::{Error, NoTour};

/// Solves `spec` within `run.limit`: the best answer found, its value and the bound.
pub fn minimize(spec: &Spec, run: Solve<'_>) -> Result<Optimum, Error> {
    let clock = Instant::now();
    let (mut model, layout) = build(spec, |m| {
        spec.measure.rows(m, 1.0);
        if run.strengthen {
            super::cuts::add(m, spec, run.limit / 4);
        }
        m.connect(run.cutting.connect, spec.closed);
    });
    let graph = &layout.graph;
    let mut best: Option<(Vec<u32>, u64, &str)> = None;
    // The orbit rows keep one image of each tour: the start is turned into it.
    let start = match (&run.start, run.strengthen) {
        (Some(path), true) => Some(super::cuts::canonical(
            graph,
            &spec.board,
            path,
            spec.closed,
        )),
        (start, _) => start.clone(),
    };
    if let Some(path) = &start {
        if let Some(chosen) = super::chosen_of(graph, path, spec.closed) {
            best = Some((
                path.clone(),
                spec.measure.value(graph, &spec.board, &chosen),
                "start",
            ));
        }
    }
    let mut bound: Option<u64> = None;
    let (mut solves, mut cuts, mut rows) = (0, 0, layout.rows);
    let mut subtours = Subtours::new(spec, run.cutting.images);
    for set in &run.cutting.given {
        cuts += subtours.add(&mut model, &layout, set);
    }
    // The steps reported: the relaxation's, if cut, then one per solve.
    let mut steps = 0;
    if run.cutting.relaxation {
        let (next, relaxed) = at_the_relaxation(model, &layout, &mut subtours, clock + run.limit);
        model = next;
        cuts += relaxed.cuts;
        if let Some(v) = relaxed.value {
            // The relaxation of a relaxation bounds every tour too.
            bound = Some((v - 1e-6).ceil().max(0.0) as u64);
        }
        steps += 1;
        let so_far = checkpoint(
            spec,
            &layout,
            (run.limit, clock),
            &best,
            bound,
            (solves, cuts, rows + cuts, &subtours),
        );
        (run.report)(&Round {
            number: steps,
            answer: format!(
                "the relaxation {} with {} subtour cuts ({} rounds)",
                relaxed
                    .value
                    .map_or("not solved".to_string(), |v| format!("{v:.2}")),
                cuts,
                relaxed.rounds
            ),
            bound,
            best: best.as_ref().map(|b| b.1),
            seconds: clock.elapsed().as_secs_f64(),
            so_far,
        });
    }
    rows += cuts;
    loop {
        let left = run.limit.saturating_sub(clock.elapsed());
        if left.is_zero() {
            break;
        }
        let start = best.as_ref().map(|b| b.0.as_slice());
        let (next, step) = step(model, &layout, left.as_secs_f64(), start, &mut subtours)?;
        model = next;
        solves += 1;
        steps += 1;
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
            let v = spec.measure.value(graph, &spec.board, chosen);
            if best.as_ref().is_none_or(|b| v < b.1) {
                best = Some((step.pieces[0].0.clone(), v, "solver"));
            }
        }
        cuts += step.cuts;
        rows += step.cuts;
        let so_far = checkpoint(
            spec,
            &layout,
            (run.limit, clock),
            &best,
            bound,
            (solves, cuts, rows, &subtours),
        );
        (run.report)(&Round {
            number: steps,
            answer: step.answer(),
            bound,
            best: best.as_ref().map(|b| b.1),
            seconds: clock.elapsed().as_secs_f64(),
            so_far,
        });
        if step.status != HighsModelStatus::Optimal || one || step.chosen.is_none() {
            break;
        }
        // The best tour meets the bound: it is optimal whatever pieces this answer
        // has, and another solve could only prove it again (the 8x8 crossings run
        // of issue 40 proved 69 with an answer of 69 in four pieces).
        if matches!((&best, bound), (Some((_, v, _)), Some(b)) if *v <= b) {
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
        (solves, cuts, rows, &subtours),
    )
}

/// The run so far as its record would hold it, a checkpoint (`runs.rs`): the best
/// tour, the best bound (0 before any), every cut; none before a tour.
fn checkpoint(
    spec: &Spec,
    layout: &super::model::Layout,
    (limit, clock): (std::time::Duration, Instant),
    best: &Option<(Vec<u32>, u64, &str)>,
    bound: Option<u64>,
    work: (usize, usize, usize, &Subtours),
) -> Option<Optimum> {
    let mut found = finish(
        spec,
        layout,
        limit,
        clock,
        best.clone(),
        bound.unwrap_or(0),
        work,
    )
    .ok()?;
    found.status = super::runs::Status::Running;
    Some(found)
}
