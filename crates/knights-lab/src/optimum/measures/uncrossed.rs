//! The most leaps of a knight's path (or cycle) with no two leaps crossing
//! (Yarbrough 1969; Knuth): maximized, its answers uncrossed paths rather than tours,
//! found by the exhaustive search of `optimum::uncrossed` (no solver needed) and drawn
//! alone.

use std::time::Instant;

use knights_core::metrics::Metrics;
use knights_core::Board;
use knights_core::{Error, GaveUp};
use knights_render::Layer;

use super::super::leaps::Counter;
use super::super::walk::{Cost, Move, Walk};
use super::super::{How, Optimum, OptimumError, Round, Solve, Spec};
use super::Objective;
use crate::motif::Graph;

/// The leaps of an uncrossed path.
pub struct Uncrossed;

impl Objective for Uncrossed {
    fn name(&self) -> String {
        "uncrossed".into()
    }

    fn help(&self) -> &'static str {
        "uncrossed (the longest path with no two leaps crossing)"
    }

    fn goal(&self) -> String {
        "most leaps, none crossing".into()
    }

    fn heading(&self) -> String {
        "Most leaps with none crossing (uncrossed paths and cycles)".into()
    }

    fn maximized(&self) -> bool {
        true
    }

    fn tours(&self) -> bool {
        false
    }

    fn in_a_sum(&self) -> Result<(), Option<&'static str>> {
        Err(None)
    }

    /// None: its answers are not tours.
    fn of_metrics(&self, _m: &Metrics) -> u64 {
        0
    }

    /// The leaps chosen.
    fn count(&self, _counter: &Counter<'_>, chosen: &[bool]) -> u64 {
        chosen.iter().filter(|&&c| c).count() as u64
    }

    /// The leaps of a tour, which no move changes.
    fn cost<'a>(&self, _graph: &'a Graph, _board: &'a Board) -> Box<dyn Cost + 'a> {
        Box::new(Leaps)
    }

    /// None: it is searched, not modelled.
    #[cfg(feature = "motif")]
    fn rows(&self, _model: &mut super::super::model::Columns<'_>, _weight: f64) {}

    fn solve(&self, spec: &Spec, run: Solve<'_>) -> Result<Optimum, Error> {
        search(spec, run)
    }

    fn layers(&self) -> Vec<Layer> {
        Vec::new()
    }
}

/// A tour's leaps in the local search: every move keeps them as many.
struct Leaps;

impl Cost for Leaps {
    fn delta(&self, _walk: &mut Walk<'_>, _m: &Move) -> i64 {
        0
    }
}

/// The longest uncrossed path or cycle by the exhaustive search.
fn search(spec: &Spec, run: Solve<'_>) -> Result<Optimum, Error> {
    let clock = Instant::now();
    let report = run.report;
    let found = super::super::uncrossed::longest(
        &spec.board,
        spec.closed,
        run.limit,
        &mut |done, of, best, seconds| {
            report(&Round {
                number: done,
                answer: if done == 0 {
                    format!("beam sweep: {best} leaps")
                } else {
                    format!("start cell {done} of {of} searched")
                },
                bound: None,
                best: Some(best),
                seconds,
                so_far: None,
            })
        },
    );
    if found.path.is_empty() {
        let what = if spec.closed { "cycle" } else { "path" };
        return Err(if found.complete {
            OptimumError::NoUncrossed {
                board: spec.board.to_string(),
                what,
            }
            .into()
        } else {
            GaveUp::Runs {
                algorithm: "the uncrossed search",
                board: spec.board.to_string(),
                what: format!("no cycle found within {} s", run.limit.as_secs()),
                hint: "give it a longer --time-limit",
            }
            .into()
        });
    }
    Ok(Optimum {
        spec: spec.clone(),
        path: found.path,
        value: found.leaps,
        bound: found.bound,
        seconds: clock.elapsed().as_secs_f64(),
        how: How::Search {
            nodes: found.nodes,
            searched: found.searched,
            starts: found.starts,
        },
        source: "search".into(),
        improved: None,
        limit: run.limit,
        given: Default::default(),
        status: Default::default(),
    })
}
