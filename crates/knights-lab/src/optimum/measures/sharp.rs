//! The fewest sharp turns of a tour: those by more than a right angle
//! (`knights_core::metrics::SHARP_DEGREES`). The model has a "gentle" column per cell
//! and pair of leaps at it meeting at a right angle or less; a leap taken at a cell is
//! in one taken pair there at most, and sharp = (cells with two leaps) - (gentle pairs
//! taken).

use knights_core::metrics::{sharp_turns, Metrics};
use knights_core::Board;
use knights_render::Layer;

use super::super::leaps::Counter;
use super::super::walk::{Cost, Move, Walk};
use super::Objective;
use crate::motif::Graph;

/// The sharp turns of a tour.
pub struct Sharp;

impl Objective for Sharp {
    fn name(&self) -> String {
        "sharp".into()
    }

    fn help(&self) -> &'static str {
        "sharp (turns by more than a right angle)"
    }

    fn goal(&self) -> String {
        "fewest sharp turns".into()
    }

    fn heading(&self) -> String {
        "Fewest sharp turns (turns by more than 90 degrees)".into()
    }

    fn of_metrics(&self, m: &Metrics) -> u64 {
        sharp_turns(&m.turns_by_angle)
    }

    fn count(&self, counter: &Counter<'_>, chosen: &[bool]) -> u64 {
        counter.two(chosen) - counter.both(counter.gentle(), chosen)
    }

    fn cost<'a>(&self, _graph: &'a Graph, _board: &'a Board) -> Box<dyn Cost + 'a> {
        Box::new(SharpCost)
    }

    #[cfg(feature = "motif")]
    fn rows(&self, model: &mut super::super::model::Columns<'_>, w: f64) {
        model.offset(w * model.two());
        let mut at = std::collections::BTreeMap::<(u32, usize), Vec<(highs::Col, f64)>>::new();
        for (c, e, f) in super::super::gentle_pairs(model.graph(), model.board()) {
            let s = model.pair(-w, e, f);
            at.entry((c, e)).or_default().push((s, 1.0));
            at.entry((c, f)).or_default().push((s, 1.0));
        }
        for ((_, e), mut row) in at {
            row.push((model.x(e), -1.0));
            model.row(..=0.0, row);
        }
    }

    fn layers(&self) -> Vec<Layer> {
        vec![Layer::Sharp]
    }
}

/// The sharp turns at the cells a move changes: travel comes in along `-u` and leaves
/// along `v`, so it turns by more than a right angle exactly when `u . v > 0`.
struct SharpCost;

impl Cost for SharpCost {
    fn delta(&self, walk: &mut Walk<'_>, m: &Move) -> i64 {
        walk.cells_delta(m, |u, v| u.0 * v.0 + u.1 * v.1 > 0)
    }
}
