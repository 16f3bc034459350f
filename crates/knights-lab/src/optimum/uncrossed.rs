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
//!   path has an end whose image under a symmetry lies there. The starts are taken in
//!   order, in parallel (one thread per core, sharing the best length): a start's
//!   search needs no path ending in the orbit of an earlier start, whose search sees
//!   its reverse (or, stopped by the time limit, bounds it by that start's reach). A
//!   cycle is searched from its smallest cell.
//! - Each leap taken blocks the leaps it crosses (a count per leap).
//! - The bound: the cells still reachable from the head through unblocked leaps and
//!   free cells, by colour (a knight's path alternates colours), limit how many more
//!   leaps the path can take; a branch whose bound is no better than the best is cut.
//! - The best starts as the path of a beam sweep (`frontier.rs`: the board swept cell
//!   by cell, keeping the [`BEAM`] partial paths of most leaps), which finds the known
//!   longest paths of 8x8 and 9x9 in seconds, so the search cuts by it from its first
//!   node and has only to prove that nothing is longer.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use knights_core::Board;

use super::{crossing_pairs, frontier};
use crate::motif::Graph;

/// The states the first sweep keeps after each cell: enough to find the known longest
/// paths and cycles of 8x8 and 9x9 (35, 47; 32, 42 leaps) in seconds of a release build.
pub const BEAM: usize = 100_000;

/// The longest uncrossed paths (cycles) of n x n boards as the literature gives them,
/// for n from 3: Yarbrough (1969) to 8x8 and Knuth's proof for 9x9 (2010; OEIS A003192);
/// the cycles as OEIS A157416 lists them.
const KNOWN_PATHS: [(u64, &str); 7] = [
    (2, "Yarbrough 1969"),
    (5, "Yarbrough 1969"),
    (10, "Yarbrough 1969"),
    (17, "Yarbrough 1969"),
    (24, "Yarbrough 1969"),
    (35, "Yarbrough 1969"),
    (47, "Knuth 2010"),
];
const KNOWN_CYCLES: [(u64, &str); 8] = [
    (0, "OEIS A157416"),
    (4, "OEIS A157416"),
    (8, "OEIS A157416"),
    (12, "OEIS A157416"),
    (24, "OEIS A157416"),
    (32, "OEIS A157416"),
    (42, "OEIS A157416"),
    (54, "OEIS A157416"),
];

/// The longest uncrossed paths of oblong m x n boards, 3 <= m < n <= 9, as the table
/// of OEIS A003192 gives them: for each m from 3, n from m + 1 to 9.
const OBLONG_PATHS: [&[u64]; 6] = [
    &[4, 5, 6, 8, 9, 10],
    &[7, 9, 11, 13, 15],
    &[14, 16, 19, 22],
    &[21, 25, 29],
    &[30, 35],
    &[42],
];

/// The literature's longest uncrossed path (closed: cycle) of `board`, and whose it is:
/// square boards from 3x3 to 9x9 (cycles to 10x10), and the paths of oblong boards of
/// sides 3 to 9.
pub fn known(board: &Board, closed: bool) -> Option<(u64, &'static str)> {
    let n = board.width();
    if n != board.height() {
        let (m, n) = (n.min(board.height()), n.max(board.height()));
        let row = OBLONG_PATHS
            .get((m as usize).checked_sub(3)?)
            .filter(|_| !closed)?;
        let leaps = row.get((n as usize).checked_sub(m as usize + 1)?)?;
        return Some((*leaps, "OEIS A003192"));
    }
    if n < 3 {
        return None;
    }
    let table: &[(u64, &str)] = if closed { &KNOWN_CYCLES } else { &KNOWN_PATHS };
    table.get(n as usize - 3).copied()
}

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

/// The longest uncrossed path (closed: cycle) of `board` within `limit`: the start
/// cells are searched in parallel, one thread per core, sharing the best length found.
pub fn longest(board: &Board, closed: bool, limit: Duration, progress: Progress<'_>) -> Found {
    let clock = Instant::now();
    // The sweep has half the time at most, and the states it stores to read its path
    // back (48 bytes each) half a gigabyte: past either, the search starts from nothing.
    let how = frontier::Sweep {
        limit: limit / 2,
        beam: Some(BEAM),
        store: 10_000_000,
    };
    let seed = frontier::longest(board, closed, how, &mut |_, _, _, _| {})
        .ok()
        .filter(|s| !s.path.is_empty());
    let graph = Graph::new(board);
    let mut crosses = vec![Vec::new(); graph.edges().len()];
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
    let best = AtomicU64::new(seed.as_ref().map_or(0, |s| s.leaps));
    if let Some(seed) = &seed {
        progress(0, starts.len(), seed.leaps, clock.elapsed().as_secs_f64());
    }
    let ctx = Context {
        board,
        graph: &graph,
        crosses: &crosses,
        closed,
        clock,
        limit,
        best: &best,
        orbit: orbits(board),
        starts: &starts,
    };
    let mut outcomes: Vec<Option<Outcome>> = vec![None; starts.len()];
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(starts.len()) {
            let (tx, next, ctx) = (tx.clone(), &next, &ctx);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= ctx.starts.len() || tx.send((i, ctx.search(i))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut searched = 0;
        for (i, outcome) in rx {
            if outcome.complete {
                searched += 1;
                let best = best.load(Ordering::Relaxed);
                progress(searched, starts.len(), best, clock.elapsed().as_secs_f64());
            }
            outcomes[i] = Some(outcome);
        }
    });
    let outcomes: Vec<Outcome> = outcomes.into_iter().flatten().collect();
    let (mut path, mut leaps) = seed.map_or((Vec::new(), 0), |s| (s.path, s.leaps));
    for o in &outcomes {
        if o.leaps > leaps {
            (path, leaps) = (o.path.clone(), o.leaps);
        }
    }
    let searched = outcomes.iter().filter(|o| o.complete).count();
    let complete = searched == starts.len();
    // The starts not searched in full bound what they could give by their reach, and no
    // path has more leaps than the colours allow.
    let mut fresh = ctx.searcher(0);
    let bound = (0..starts.len())
        .filter(|&i| !outcomes[i].complete)
        .map(|i| fresh.reach_bound(starts[i], starts[i]).unwrap_or(0))
        .max()
        .unwrap_or(0)
        .min(colour_bound(board, closed));
    Found {
        path,
        leaps,
        bound: if complete { leaps } else { bound.max(leaps) },
        complete,
        nodes: outcomes.iter().map(|o| o.nodes).sum(),
        searched,
        starts: starts.len(),
    }
}

/// What the search from one start cell gave.
#[derive(Clone, Debug)]
struct Outcome {
    complete: bool,
    path: Vec<u32>,
    leaps: u64,
    nodes: u64,
}

/// What the searches from all start cells share.
struct Context<'a> {
    board: &'a Board,
    graph: &'a Graph,
    crosses: &'a [Vec<u32>],
    closed: bool,
    clock: Instant,
    limit: Duration,
    /// The most leaps found so far, by any search.
    best: &'a AtomicU64,
    orbit: Vec<u32>,
    starts: &'a [u32],
}

impl Context<'_> {
    /// A search from start `i`, the orbits of the starts before it done: any path with
    /// an end there is seen from that end (or, if that search is stopped, bounded by its
    /// start's reach).
    fn searcher(&self, i: usize) -> Search<'_> {
        let n = self.board.area() as usize;
        let mut done = vec![false; n];
        if !self.closed {
            for &c in &self.starts[..i] {
                for (d, o) in done.iter_mut().zip(&self.orbit) {
                    *d |= *o == self.orbit[c as usize];
                }
            }
        }
        Search {
            board: self.board,
            graph: self.graph,
            crosses: self.crosses,
            closed: self.closed,
            blocked: vec![0; self.crosses.len()],
            seen: vec![false; n],
            path: Vec::with_capacity(n),
            best: Vec::new(),
            best_leaps: 0,
            shared: self.best,
            start: self.starts.get(i).copied().unwrap_or(0),
            nodes: 0,
            clock: self.clock,
            limit: self.limit,
            stopped: false,
            mark: vec![0; n],
            stamp: 0,
            queue: Vec::with_capacity(n),
            done,
        }
    }

    /// Searches every path (cycle) from start `i`.
    fn search(&self, i: usize) -> Outcome {
        let start = self.starts[i];
        let n = self.board.area() as usize;
        let skip = |complete| Outcome {
            complete,
            path: Vec::new(),
            leaps: 0,
            nodes: 0,
        };
        if self.clock.elapsed() >= self.limit {
            return skip(false);
        }
        // A cycle from its smallest cell: no cycle of more cells than those left.
        if self.closed && (n - start as usize) as u64 <= self.best.load(Ordering::Relaxed) {
            return skip(true);
        }
        let mut s = self.searcher(i);
        s.seen[start as usize] = true;
        s.path.push(start);
        s.go(start);
        Outcome {
            complete: !s.stopped,
            path: s.best,
            leaps: s.best_leaps,
            nodes: s.nodes,
        }
    }
}

/// The most leaps the colours allow: a knight's path alternates colours, so it visits
/// at most one cell more of one colour than of the other, and a cycle as many of each.
fn colour_bound(board: &Board, closed: bool) -> u64 {
    let (n, light) = (board.area(), board.area() / 2);
    if closed {
        2 * light
    } else {
        (2 * light + 1).min(n) - 1
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
    crosses: &'a [Vec<u32>],
    closed: bool,
    /// Chosen leaps crossing each leap.
    blocked: Vec<u32>,
    seen: Vec<bool>,
    path: Vec<u32>,
    /// The best path this search found (none if no better than the others').
    best: Vec<u32>,
    best_leaps: u64,
    /// The most leaps any search found: what a branch must beat.
    shared: &'a AtomicU64,
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

    /// The most leaps found by any search.
    fn beat(&self) -> u64 {
        self.shared.load(Ordering::Relaxed)
    }

    /// Keeps the path so far (`leaps` long) if no search found as long a one meanwhile.
    fn record(&mut self, leaps: u64) {
        if self.shared.fetch_max(leaps, Ordering::Relaxed) < leaps {
            self.best_leaps = leaps;
            self.best = self.path.clone();
        }
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
        if !self.closed && leaps > self.beat() && !self.done[head as usize] {
            self.record(leaps);
        }
        match self.reach_bound(head, self.start) {
            Some(more) if leaps + more > self.beat() => {}
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
                if leaps + 1 > self.beat() {
                    self.record(leaps + 1);
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
