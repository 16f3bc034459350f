//! The optima by trying everything, on boards small enough: every closed tour (from a
//! corner, whose two leaps every closed tour uses, so each tour is seen once), every
//! open tour (from every start, so each twice), every uncrossed path. The tests check
//! the solver's optima against these.

use super::{crossing_pairs, Counter, Measure};
use crate::motif::Graph;
use knights_core::Board;

/// The least and the most value of each measure asked for over every tour, and the
/// number of tours seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Least {
    pub least: Vec<(Measure, u64)>,
    pub most: Vec<(Measure, u64)>,
    pub tours: u64,
}

impl Least {
    fn new(measures: &[Measure]) -> Least {
        Least {
            least: measures.iter().map(|&m| (m, u64::MAX)).collect(),
            most: measures.iter().map(|&m| (m, 0)).collect(),
            tours: 0,
        }
    }

    /// The least value of `measure` (one asked for).
    pub fn of(&self, measure: Measure) -> u64 {
        self.least
            .iter()
            .find(|(m, _)| *m == measure)
            .expect("a measure asked for")
            .1
    }

    /// The most value of `measure` (one asked for).
    pub fn most_of(&self, measure: Measure) -> u64 {
        self.most
            .iter()
            .find(|(m, _)| *m == measure)
            .expect("a measure asked for")
            .1
    }

    fn see(&mut self, counter: &Counter, chosen: &[bool]) {
        for ((m, least), (_, most)) in self.least.iter_mut().zip(&mut self.most) {
            let v = m.count(counter, chosen);
            *least = (*least).min(v);
            *most = (*most).max(v);
        }
        self.tours += 1;
    }
}

/// Every closed tour of `board` (its corner cell 0 has exactly two leaps), measured by
/// each of `measures`.
pub fn closed(board: &Board, measures: &[Measure]) -> Least {
    let graph = Graph::new(board);
    let counter = Counter::new(&graph, board);
    let mut least = Least::new(measures);
    closed_tours(board, &mut |chosen| least.see(&counter, chosen));
    least
}

/// Calls `visit` with the leaps of every closed tour of `board` (its corner cell 0
/// has exactly two leaps), each tour once.
pub fn closed_tours(board: &Board, visit: &mut dyn FnMut(&[bool])) {
    let graph = Graph::new(board);
    let n = board.area() as usize;
    let at0 = graph.incident(0);
    assert_eq!(at0.len(), 2, "a corner has two leaps");
    let other = |e: usize, c: u32| {
        let (a, b) = graph.edges()[e];
        if a == c {
            b
        } else {
            a
        }
    };
    let (first, last) = (other(at0[0], 0), other(at0[1], 0));
    let mut s = Search::new(&graph, n);
    s.visit(0, None);
    s.visit(first, Some(at0[0]));
    s.go(first, last, &mut |chosen| {
        let mut chosen = chosen.to_vec();
        chosen[at0[1]] = true;
        visit(&chosen);
    });
}

/// Every open tour of `board`, from every start (each tour seen twice), measured by
/// each of `measures`.
pub fn open(board: &Board, measures: &[Measure]) -> Least {
    let graph = Graph::new(board);
    let counter = Counter::new(&graph, board);
    let n = board.area() as usize;
    let mut least = Least::new(measures);
    for start in 0..n as u32 {
        let mut s = Search::new(&graph, n);
        s.visit(start, None);
        s.go(start, u32::MAX, &mut |chosen| least.see(&counter, chosen));
    }
    least
}

/// Depth-first search of Hamiltonian paths.
struct Search<'a> {
    graph: &'a Graph,
    n: usize,
    depth: usize,
    seen: Vec<bool>,
    /// Unvisited neighbours of each cell.
    onward: Vec<u32>,
    chosen: Vec<bool>,
}

impl<'a> Search<'a> {
    fn new(graph: &'a Graph, n: usize) -> Search<'a> {
        let onward = (0..n as u32)
            .map(|c| graph.incident(c).len() as u32)
            .collect();
        Search {
            graph,
            n,
            depth: 0,
            seen: vec![false; n],
            onward,
            chosen: vec![false; graph.edges().len()],
        }
    }

    fn neighbours(&self, c: u32) -> impl Iterator<Item = (usize, u32)> + 'a {
        let g = self.graph;
        g.incident(c).iter().map(move |&e| {
            let (a, b) = g.edges()[e];
            (e, if a == c { b } else { a })
        })
    }

    fn visit(&mut self, c: u32, by: Option<usize>) {
        self.seen[c as usize] = true;
        self.depth += 1;
        if let Some(e) = by {
            self.chosen[e] = true;
        }
        for (_, w) in self.neighbours(c).collect::<Vec<_>>() {
            self.onward[w as usize] -= 1;
        }
    }

    fn leave(&mut self, c: u32, by: Option<usize>) {
        self.seen[c as usize] = false;
        self.depth -= 1;
        if let Some(e) = by {
            self.chosen[e] = false;
        }
        for (_, w) in self.neighbours(c).collect::<Vec<_>>() {
            self.onward[w as usize] += 1;
        }
    }

    /// Extends the path at `at` to every Hamiltonian path ending at `end` (any end when
    /// `end` is not a cell), calling `found` with its leaps.
    fn go(&mut self, at: u32, end: u32, found: &mut dyn FnMut(&[bool])) {
        if self.depth == self.n {
            if end == u32::MAX || at == end {
                found(&self.chosen);
            }
            return;
        }
        let steps: Vec<(usize, u32)> = self.neighbours(at).collect();
        for &(e, next) in &steps {
            if self.seen[next as usize] || (next == end && self.depth + 1 < self.n) {
                continue;
            }
            self.visit(next, Some(e));
            // Every unvisited neighbour of `at` other than `next` can still be entered
            // and left (or, the end, entered) only through its unvisited neighbours or
            // `next`, now the head.
            let dead = end != u32::MAX
                && steps.iter().any(|&(_, w)| {
                    !self.seen[w as usize] && {
                        let head = u32::from(self.graph.edge(w, next).is_some());
                        let need = if w == end { 1 } else { 2 };
                        self.onward[w as usize] + head < need
                    }
                });
            if !dead {
                self.go(next, end, found);
            }
            self.leave(next, Some(e));
        }
    }
}

/// The most leaps of a path (closed: a cycle) of `board` with no two leaps crossing.
pub fn uncrossed(board: &Board, closed: bool) -> u64 {
    let graph = Graph::new(board);
    let m = graph.edges().len();
    let mut crosses = vec![Vec::new(); m];
    for (e, f) in crossing_pairs(&graph, board) {
        crosses[e].push(f);
        crosses[f].push(e);
    }
    let n = board.area() as usize;
    let mut best = 0;
    for start in 0..n as u32 {
        let mut u = Uncrossed {
            graph: &graph,
            crosses: &crosses,
            seen: vec![false; n],
            chosen: vec![false; m],
            closed,
            start,
            best: &mut best,
        };
        u.seen[start as usize] = true;
        u.go(start, 0);
    }
    best
}

struct Uncrossed<'a> {
    graph: &'a Graph,
    crosses: &'a [Vec<usize>],
    seen: Vec<bool>,
    chosen: Vec<bool>,
    closed: bool,
    start: u32,
    best: &'a mut u64,
}

impl Uncrossed<'_> {
    fn free(&self, e: usize) -> bool {
        !self.crosses[e].iter().any(|&f| self.chosen[f])
    }

    fn go(&mut self, at: u32, leaps: u64) {
        if !self.closed {
            *self.best = (*self.best).max(leaps);
        }
        for &e in self.graph.incident(at) {
            let (a, b) = self.graph.edges()[e];
            let next = if a == at { b } else { a };
            if !self.free(e) {
                continue;
            }
            if next == self.start && self.closed && leaps >= 2 && !self.chosen[e] {
                *self.best = (*self.best).max(leaps + 1);
                continue;
            }
            // Each cycle is seen from its smallest cell.
            if self.seen[next as usize] || (self.closed && next < self.start) {
                continue;
            }
            self.seen[next as usize] = true;
            self.chosen[e] = true;
            self.go(next, leaps + 1);
            self.chosen[e] = false;
            self.seen[next as usize] = false;
        }
    }
}
