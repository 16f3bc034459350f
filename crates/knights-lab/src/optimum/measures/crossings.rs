//! The fewest crossings of a tour: pairs of its leaps whose open segments meet
//! (Definition 2 of Besa et al.). The model has a column per crossing pair, at least
//! `x_e + x_f - 1`, and for each set of leaps crossing pairwise the rows that `k` of
//! them cross `k(k-1)/2 >= t k - t(t+1)/2` times (t = 1, 2).

use knights_core::metrics::Metrics;
use knights_core::Board;
use knights_render::Layer;

use super::super::leaps::{crossing_pairs, Counter};
use super::super::walk::{Cost, Move, Walk};
use super::Objective;
use crate::motif::Graph;

/// The crossings of a tour (`knights metrics`' `crossings`).
pub struct Crossings;

impl Objective for Crossings {
    fn name(&self) -> String {
        "crossings".into()
    }

    fn help(&self) -> &'static str {
        "crossings"
    }

    fn goal(&self) -> String {
        "fewest crossings".into()
    }

    fn of_metrics(&self, m: &Metrics) -> u64 {
        m.crossings
    }

    fn count(&self, counter: &Counter<'_>, chosen: &[bool]) -> u64 {
        counter.both(counter.crossing(), chosen)
    }

    fn cost<'a>(&self, graph: &'a Graph, board: &'a Board) -> Box<dyn Cost + 'a> {
        let mut crossing = vec![Vec::new(); graph.edges().len()];
        for (e, f) in crossing_pairs(graph, board) {
            crossing[e].push(f);
            crossing[f].push(e);
        }
        Box::new(CrossingsCost { crossing })
    }

    #[cfg(feature = "motif")]
    fn rows(&self, model: &mut super::super::model::Columns<'_>, w: f64) {
        let crossing = crossing_pairs(model.graph(), model.board());
        let mut of_pair = std::collections::HashMap::new();
        for &(e, f) in &crossing {
            let c = model.pair(w, e, f);
            model.row(
                ..=1.0,
                vec![(model.x(e), 1.0), (model.x(f), 1.0), (c, -1.0)],
            );
            of_pair.insert((e, f), c);
        }
        let leaps = model.graph().edges().len();
        for clique in super::super::crossing_cliques(leaps, &crossing) {
            for t in [1.0, 2.0] {
                let mut row = Vec::new();
                for (i, &e) in clique.iter().enumerate() {
                    row.push((model.x(e), -t));
                    for &f in &clique[i + 1..] {
                        row.push((of_pair[&(e, f)], 1.0));
                    }
                }
                model.row((-t * (t + 1.0) / 2.0).., row);
            }
        }
    }

    fn layers(&self) -> Vec<Layer> {
        vec![Layer::Crossings]
    }
}

/// The crossings a move adds and removes: each leap's crossing leaps, listed once.
struct CrossingsCost {
    crossing: Vec<Vec<usize>>,
}

impl CrossingsCost {
    /// Leaps of the tour crossing leap `e`.
    fn crossed(&self, walk: &Walk<'_>, e: usize) -> i64 {
        self.crossing[e].iter().filter(|&&f| walk.on(f)).count() as i64
    }
}

impl Cost for CrossingsCost {
    fn delta(&self, walk: &mut Walk<'_>, m: &Move) -> i64 {
        let out: Vec<usize> = m.out.iter().map(|&(a, b)| walk.leap(a, b)).collect();
        let ins: Vec<usize> = m.ins.iter().map(|&(a, b)| walk.leap(a, b)).collect();
        // Out one by one, in one by one: a pair among them counted once.
        let mut d = 0;
        for &e in &out {
            walk.set(e, false);
            d -= self.crossed(walk, e);
        }
        for &e in &ins {
            d += self.crossed(walk, e);
            walk.set(e, true);
        }
        for &e in &ins {
            walk.set(e, false);
        }
        for &e in &out {
            walk.set(e, true);
        }
        d
    }
}
