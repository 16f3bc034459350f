//! The fewest turns of a tour: a cell turns unless its two leaps are opposite. The
//! model has a 0/1 "straight" column per cell and pair of opposite leaps at it, at
//! most each of the two; turns = (cells with two leaps) - (sum of straights).

use knights_core::metrics::Metrics;
use knights_core::Board;
use knights_render::Layer;

use super::super::leaps::Counter;
use super::super::walk::{Cost, Move, Walk};
use super::Objective;
use crate::motif::Graph;

/// The turns of a tour (`knights metrics`' `turns`).
pub struct Turns;

impl Objective for Turns {
    fn name(&self) -> String {
        "turns".into()
    }

    fn help(&self) -> &'static str {
        "turns"
    }

    fn goal(&self) -> String {
        "fewest turns".into()
    }

    fn of_metrics(&self, m: &Metrics) -> u64 {
        m.turns
    }

    fn count(&self, counter: &Counter<'_>, chosen: &[bool]) -> u64 {
        counter.two(chosen) - counter.both(counter.straight(), chosen)
    }

    fn cost<'a>(&self, _graph: &'a Graph, _board: &'a Board) -> Box<dyn Cost + 'a> {
        Box::new(TurnsCost)
    }

    #[cfg(feature = "motif")]
    fn rows(&self, model: &mut super::super::model::Columns<'_>, w: f64) {
        model.offset(w * model.two());
        for (_, e, f) in super::super::straight_pairs(model.graph(), model.board()) {
            let s = model.pair(-w, e, f);
            model.row(..=0.0, vec![(s, 1.0), (model.x(e), -1.0)]);
            model.row(..=0.0, vec![(s, 1.0), (model.x(f), -1.0)]);
        }
    }

    fn layers(&self) -> Vec<Layer> {
        vec![Layer::Turns]
    }
}

/// The turns at the cells a move changes.
struct TurnsCost;

impl Cost for TurnsCost {
    fn delta(&self, walk: &mut Walk<'_>, m: &Move) -> i64 {
        walk.cells_delta(m, |u, v| u != (-v.0, -v.1))
    }
}
