//! The longest uncrossed knight's path or cycle by exhaustive branch-and-bound search.
//!
//! The integer program of the other measures does not serve here: without connectivity
//! its answers are swarms of small uncrossed cycles, so its first solve alone outlasts
//! any time limit on 7x7 and its split answers are far from the optimum. A depth-first
//! search over paths, pruned by a bound, proves the known values instead (Yarbrough
//! 1969; Knuth): when it finishes, every path was either seen or cut off by a bound no
//! better than the best found, so the best is optimal.
//!
//! - A path is searched from one end, from one cell of each orbit of the board's
//!   symmetries (in one eighth of a square board, a quarter of an oblong one): every
//!   path has an end whose image under a symmetry lies there. Once an orbit is done,
//!   later searches need no path ending in it (its reverse was seen). A cycle is
//!   searched from its smallest cell.
//! - Each leap taken blocks the leaps it crosses (a count per leap).
//! - The bound: the cells still reachable from the head through unblocked leaps and
//!   free cells, by colour (a knight's path alternates colours), limit how many more
//!   leaps the path can take; a branch whose bound is no better than the best is cut.

use std::time::{Duration, Instant};

use knights_core::Board;

use super::crossing_pairs;
use crate::motif::Graph;

/// What a search gave.
#[derive(Clone, Debug)]
pub struct Found {
    /// The longest path (cycle) seen, as cells in order (a cycle's first cell not
    /// repeated).
    pub path: Vec<u32>,
    /// Its leaps.
    pub leaps: u64,
    /// No path (cycle) has more leaps than this: `leaps` when the search finished.
    pub bound: u64,
    /// Whether every branch was searched or cut by the bound (then `leaps` is optimal).
    pub complete: bool,
    /// Nodes of the search tree visited.
    pub nodes: u64,
    /// Start cells searched, of `starts`.
    pub searched: usize,
    /// Start cells to search.
    pub starts: usize,
}

/// Progress after each start cell: cells searched, of all, best leaps so far, seconds.
pub type Progress<'a> = &'a mut dyn FnMut(usize, usize, u64, f64);

/// The longest uncrossed path (closed: cycle) of `board` within `limit`.
pub fn longest(board: &Board, closed: bool, limit: Duration, progress: Progress<'_>) -> Found {
    let graph = Graph::new(board);
    let m = graph.edges().len();
    let mut crosses = vec![Vec::new(); m];
    for (e, f) in crossing_pairs(&graph, board) {
        crosses[e].push(f as u32);
        crosses[f].push(e as u32);
    }
    let n = board.area() as usize;
    let starts: Vec<u32> = if closed {
        (0..n as u32).collect()
    } else {
        canonical_cells(board)
    };
    let mut s = Search {
        board,
        graph: &graph,
        crosses,
        closed,
        blocked: vec![0; m],
        seen: vec![false; n],
        path: Vec::with_capacity(n),
        best: Vec::new(),
        best_leaps: 0,
        start: 0,
        nodes: 0,
        clock: Instant::now(),
        limit,
        stopped: false,
        mark: vec![0; n],
        stamp: 0,
        queue: Vec::with_capacity(n),
        done: vec![false; n],
    };
    let orbit = orbits(board);
    let mut searched = 0;
    let mut bound = 0;
    for (i, &start) in starts.iter().enumerate() {
        // A cycle from its smallest cell: no cycle of more cells than those left.
        if closed && (n - start as usize) as u64 <= s.best_leaps {
            searched = starts.len();
            break;
        }
        s.start = start;
        s.seen[start as usize] = true;
        s.path.push(start);
        s.go(start);
        s.path.pop();
        s.seen[start as usize] = false;
        if s.stopped {
            // The unsearched starts bound what they could give by their reach.
            bound = starts[i..]
                .iter()
                .map(|&c| s.reach_bound(c, c).unwrap_or(0))
                .max()
                .unwrap_or(0);
            break;
        }
        searched += 1;
        // Every path with an end in this orbit has now been seen from that end.
        if !closed {
            for c in 0..n {
                if orbit[c] == orbit[start as usize] {
                    s.done[c] = true;
                }
            }
        }
        progress(
            searched,
            starts.len(),
            s.best_leaps,
            s.clock.elapsed().as_secs_f64(),
        );
    }
    let complete = !s.stopped;
    Found {
        path: s.best,
        leaps: s.best_leaps,
        bound: if complete {
            s.best_leaps
        } else {
            bound.max(s.best_leaps)
        },
        complete,
        nodes: s.nodes,
        searched,
        starts: starts.len(),
    }
}

/// One cell of each orbit under the symmetries of the board, from the canonical
/// region.
fn canonical_cells(board: &Board) -> Vec<u32> {
    let orbit = orbits(board);
    let mut cells = canonical_region(board);
    // One start per orbit.
    let mut seen = vec![false; board.area() as usize];
    cells.retain(|&c| !std::mem::replace(&mut seen[orbit[c as usize] as usize], true));
    cells
}

/// Each cell's orbit under the symmetries of the board, named by its smallest cell.
fn orbits(board: &Board) -> Vec<u32> {
    let (w, h) = (board.width(), board.height());
    (0..board.area() as u32)
        .map(|c| {
            let (x, y) = board.xy(c);
            let mut images = vec![
                (x, y),
                (w - 1 - x, y),
                (x, h - 1 - y),
                (w - 1 - x, h - 1 - y),
            ];
            if w == h {
                images.extend([
                    (y, x),
                    (h - 1 - y, x),
                    (y, w - 1 - x),
                    (h - 1 - y, w - 1 - x),
                ]);
            }
            images
                .into_iter()
                .map(|(x, y)| board.index(x, y))
                .min()
                .expect("eight images")
        })
        .collect()
}

/// The lower left quarter of the board, and of a square board the cells on or above
/// its diagonal: every orbit has a cell there.
fn canonical_region(board: &Board) -> Vec<u32> {
    let (w, h) = (board.width(), board.height());
    (0..board.area() as u32)
        .filter(|&c| {
            let (x, y) = board.xy(c);
            x <= w - 1 - x && y <= h - 1 - y && (w != h || x <= y)
        })
        .collect()
}

struct Search<'a> {
    board: &'a Board,
    graph: &'a Graph,
    crosses: Vec<Vec<u32>>,
    closed: bool,
    /// Chosen leaps crossing each leap.
    blocked: Vec<u32>,
    seen: Vec<bool>,
    path: Vec<u32>,
    best: Vec<u32>,
    best_leaps: u64,
    start: u32,
    nodes: u64,
    clock: Instant,
    limit: Duration,
    stopped: bool,
    /// Scratch of the reach: cells marked with the current stamp were reached.
    mark: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    /// Cells of the orbits whose paths have all been seen (paths only): no path
    /// searched later needs to end there.
    done: Vec<bool>,
}

impl Search<'_> {
    fn other(&self, e: usize, c: u32) -> u32 {
        let (a, b) = self.graph.edges()[e];
        if a == c {
            b
        } else {
            a
        }
    }

    /// Whether cell `c` may still be entered (cycles use only cells above the start).
    fn free(&self, c: u32) -> bool {
        !self.seen[c as usize] && (!self.closed || c > self.start)
    }

    /// How many more leaps a path from `head` can take: the free cells reachable
    /// through unblocked leaps, by colour, a path alternating colours (a cycle: and
    /// the leap back; none when the start cannot be reached again).
    fn reach_bound(&mut self, head: u32, start: u32) -> Option<u64> {
        self.stamp += 1;
        let stamp = self.stamp;
        self.queue.clear();
        self.queue.push(head);
        self.mark[head as usize] = stamp;
        let parity = |c: u32, b: &Board| {
            let (x, y) = b.xy(c);
            (x + y) % 2
        };
        let mut returns = false;
        let mut i = 0;
        while i < self.queue.len() {
            let c = self.queue[i];
            i += 1;
            for &e in self.graph.incident(c) {
                if self.blocked[e] > 0 {
                    continue;
                }
                let d = self.other(e, c);
                if self.closed && d == start && (c != head || self.path.len() >= 4) {
                    returns = true;
                }
                if self.mark[d as usize] == stamp || !self.free(d) {
                    continue;
                }
                self.mark[d as usize] = stamp;
                self.queue.push(d);
            }
        }
        if self.closed && !returns && self.path.len() > 1 {
            return None;
        }
        // A reached cell with one open leap (to a reached cell, the head or, for a
        // cycle, the start) can only end a path, and cannot lie on a cycle: at most
        // one such end counts.
        let head_colour = parity(head, self.board);
        let (mut same, mut other, mut ends) = (0u64, 0u64, 0u64);
        for k in 1..self.queue.len() {
            let d = self.queue[k];
            let open = self
                .graph
                .incident(d)
                .iter()
                .filter(|&&e| {
                    let f = self.other(e, d);
                    self.blocked[e] == 0
                        && (self.mark[f as usize] == stamp || (self.closed && f == start))
                })
                .count();
            if open < 2 {
                // An end in an orbit already searched was seen from that end.
                ends += u64::from(!self.done[d as usize]);
            } else if parity(d, self.board) == head_colour {
                same += 1;
            } else {
                other += 1;
            }
        }
        let cells = (2 * other).min(2 * same + 1);
        if self.closed {
            // The cells, then the leap back to the start.
            Some(cells + 1)
        } else {
            Some(cells + u64::from(ends > 0))
        }
    }

    fn take(&mut self, e: usize, c: u32) {
        for i in 0..self.crosses[e].len() {
            let f = self.crosses[e][i] as usize;
            self.blocked[f] += 1;
        }
        self.seen[c as usize] = true;
        self.path.push(c);
    }

    fn undo(&mut self, e: usize, c: u32) {
        for i in 0..self.crosses[e].len() {
            let f = self.crosses[e][i] as usize;
            self.blocked[f] -= 1;
        }
        self.seen[c as usize] = false;
        self.path.pop();
    }

    fn go(&mut self, head: u32) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) && self.clock.elapsed() >= self.limit {
            self.stopped = true;
        }
        if self.stopped {
            return;
        }
        let leaps = self.path.len() as u64 - 1;
        if !self.closed && leaps > self.best_leaps && !self.done[head as usize] {
            self.best_leaps = leaps;
            self.best = self.path.clone();
        }
        match self.reach_bound(head, self.start) {
            Some(more) if leaps + more > self.best_leaps => {}
            _ => return,
        }
        let at = self.graph.incident(head).len();
        for k in 0..at {
            let e = self.graph.incident(head)[k];
            if self.blocked[e] > 0 {
                continue;
            }
            let next = self.other(e, head);
            if self.closed && next == self.start && leaps >= 3 {
                if leaps + 1 > self.best_leaps {
                    self.best_leaps = leaps + 1;
                    self.best = self.path.clone();
                }
                continue;
            }
            if !self.free(next) {
                continue;
            }
            self.take(e, next);
            self.go(next);
            self.undo(e, next);
        }
    }
}
