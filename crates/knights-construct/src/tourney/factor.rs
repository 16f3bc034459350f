//! Whether a board has a tourney at all: a tourney is a 2-factor of the knight's graph
//! (every cell given exactly two of its moves), and because a knight always changes the
//! colour of its square the graph is bipartite, so a 2-factor is a flow of two units
//! through every cell from the light cells to the dark ones. Dinic's maximum flow finds
//! one or proves there is none; the moves that carry flow are the tourney.

use std::collections::VecDeque;

use super::links::Links;
use knights_core::Board;
use knights_core::Tour;

/// A flow network with integer capacities, edges stored in pairs (edge `e ^ 1` is the
/// reverse of `e`).
struct Network {
    head: Vec<usize>,
    next: Vec<usize>,
    to: Vec<usize>,
    cap: Vec<u32>,
    level: Vec<u32>,
    iter: Vec<usize>,
}

const END: usize = usize::MAX;

impl Network {
    fn new(nodes: usize) -> Network {
        Network {
            head: vec![END; nodes],
            next: Vec::new(),
            to: Vec::new(),
            cap: Vec::new(),
            level: vec![0; nodes],
            iter: vec![0; nodes],
        }
    }

    fn edge(&mut self, a: usize, b: usize, cap: u32) -> usize {
        for (from, to, c) in [(a, b, cap), (b, a, 0)] {
            self.next.push(self.head[from]);
            self.head[from] = self.to.len();
            self.to.push(to);
            self.cap.push(c);
        }
        self.to.len() - 2
    }

    fn levels(&mut self, s: usize, t: usize) -> bool {
        self.level.fill(u32::MAX);
        self.level[s] = 0;
        let mut queue = VecDeque::from([s]);
        while let Some(v) = queue.pop_front() {
            let mut e = self.head[v];
            while e != END {
                let u = self.to[e];
                if self.cap[e] > 0 && self.level[u] == u32::MAX {
                    self.level[u] = self.level[v] + 1;
                    queue.push_back(u);
                }
                e = self.next[e];
            }
        }
        self.level[t] != u32::MAX
    }

    /// One augmenting path of the level graph from `s` to `t` (iteratively, so that
    /// long paths on big boards need no deep stack), pushing one unit.
    fn push(&mut self, s: usize, t: usize) -> bool {
        let mut path: Vec<usize> = Vec::new();
        let mut v = s;
        loop {
            if v == t {
                for &e in &path {
                    self.cap[e] -= 1;
                    self.cap[e ^ 1] += 1;
                }
                return true;
            }
            let mut advanced = false;
            while self.iter[v] != END {
                let e = self.iter[v];
                let u = self.to[e];
                if self.cap[e] > 0 && self.level[u] == self.level[v] + 1 {
                    path.push(e);
                    v = u;
                    advanced = true;
                    break;
                }
                self.iter[v] = self.next[e];
            }
            if !advanced {
                // A dead end: drop it from the level graph and step back.
                self.level[v] = u32::MAX;
                match path.pop() {
                    Some(e) => {
                        v = self.to[e ^ 1];
                        self.iter[v] = self.next[self.iter[v]];
                    }
                    None => return false,
                }
            }
        }
    }

    fn max_flow(&mut self, s: usize, t: usize) -> u64 {
        let mut flow = 0;
        while self.levels(s, t) {
            self.iter.clone_from(&self.head);
            while self.push(s, t) {
                flow += 1;
            }
        }
        flow
    }
}

/// A tourney of `board` (knight's moves, each cell in one cycle), or `None` when its
/// knight's graph has no 2-factor. Deterministic.
pub fn two_factor(board: &Board) -> Option<Tour> {
    let area = board.area() as usize;
    if board.cells() % 2 == 1 || board.cells() == 0 {
        return None;
    }
    let (s, t) = (area, area + 1);
    let mut net = Network::new(area + 2);
    let light = |c: u32| {
        let (x, y) = board.xy(c);
        (x + y) % 2 == 0
    };
    let mut moves = Vec::new();
    for c in 0..area as u32 {
        if board.is_hole(c) {
            continue;
        }
        if light(c) {
            net.edge(s, c as usize, 2);
            for d in 0..8 {
                if let Some(n) = board.step(c, d) {
                    moves.push((net.edge(c as usize, n as usize, 1), c, n));
                }
            }
        } else {
            net.edge(c as usize, t, 2);
        }
    }
    if net.max_flow(s, t) != board.cells() {
        return None;
    }
    let mut links = Links::empty(board);
    for (e, a, b) in moves {
        if net.cap[e] == 0 {
            links.add(a, b);
        }
    }
    Some(links.tourney())
}
