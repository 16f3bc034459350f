//! The best symmetry count by trying every tour: a depth-first search over all tours
//! of a board small enough, to check the integer program's optimum against.

use super::{Ends, Graph, Spec};

/// The largest symmetry count over every tour of `spec` (forced leaps and repetition
/// ignored: tests use plain specs), and the number of tours seen (each closed tour
/// twice, once per direction), or `None` when there is no tour.
pub fn best(spec: &Spec) -> Option<(u32, u64)> {
    let board = spec.board();
    let graph = Graph::new(&board);
    let n = board.area() as usize;
    let (start, end) = match spec.ends {
        Ends::Open(s, t) => (board.index(s.0, s.1), Some(board.index(t.0, t.1))),
        Ends::Closed => (0, None),
    };
    let mut search = Search {
        graph: &graph,
        spec,
        n,
        start,
        end,
        seen: vec![false; n],
        chosen: vec![false; graph.edges().len()],
        best: None,
        tours: 0,
    };
    search.seen[start as usize] = true;
    search.go(start, 1);
    search.best.map(|b| (b, search.tours))
}

struct Search<'a> {
    graph: &'a Graph,
    spec: &'a Spec,
    n: usize,
    start: u32,
    end: Option<u32>,
    seen: Vec<bool>,
    chosen: Vec<bool>,
    best: Option<u32>,
    tours: u64,
}

impl Search<'_> {
    fn go(&mut self, at: u32, depth: usize) {
        if depth == self.n {
            self.finish(at);
            return;
        }
        for &e in self.graph.incident(at) {
            let (a, b) = self.graph.edges()[e];
            let next = if a == at { b } else { a };
            // An open tour reaches its end square last.
            if self.seen[next as usize] || (Some(next) == self.end && depth + 1 < self.n) {
                continue;
            }
            self.seen[next as usize] = true;
            self.chosen[e] = true;
            self.go(next, depth + 1);
            self.chosen[e] = false;
            self.seen[next as usize] = false;
        }
    }

    fn finish(&mut self, last: u32) {
        let closing = match self.end {
            Some(t) => {
                if last != t {
                    return;
                }
                None
            }
            None => match self.graph.edge(last, self.start) {
                Some(e) => Some(e),
                None => return,
            },
        };
        if let Some(e) = closing {
            self.chosen[e] = true;
        }
        let count = self.graph.symmetric_count(&self.chosen, self.spec.symmetry);
        if let Some(e) = closing {
            self.chosen[e] = false;
        }
        self.tours += 1;
        self.best = Some(self.best.map_or(count, |b| b.max(count)));
    }
}
