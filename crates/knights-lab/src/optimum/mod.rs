//! Exact optima (issue 27): the fewest turns or crossings a tour of a small board can
//! have, each an integer program solved by HiGHS with a proof of its bound, and the
//! longest knight's path or cycle with no two moves crossing (Yarbrough 1969; Knuth),
//! by an exhaustive search (`uncrossed.rs`).
//!
//! The integer programs share the variables of the motif designer: one 0/1 variable
//! `x_e` per leap of the board ([`Graph`]) and its degree rows. What they add:
//! - turns: a 0/1 "straight" variable per cell and pair of opposite leaps at it, at most
//!   each of the two; a cell with two leaps turns unless one of its straights is 1, so
//!   turns = (cells with two leaps) - (sum of straights), minimized;
//! - crossings: a variable per pair of leaps whose open segments meet (Definition 2 of
//!   Besa et al.), at least `x_e + x_f - 1`; their sum is minimized;
//! - sharp turns (by more than a right angle): as the turns, with a "gentle" variable
//!   per cell and pair of leaps at it meeting at a right angle or less;
//! - a weighted sum of those: each measure's columns, their costs times its weight;
//! - the longest straight run: no objective; "no run of `k + 1` leaps" is a row per
//!   `k + 1` consecutive leaps of a line of the board ([`lines`]), their sum at most
//!   `k`, and `k` is lowered after each tour found until the model has none (the
//!   proof), in a loop of its own in `solve.rs`.
//!
//! Connectivity is added lazily as in the motif designer: solve, split the answer into
//! its pieces, cut each cycle that is not the whole answer, solve again. Every solve's
//! bound holds for the full model (cuts only remove answers that are not tours), so the
//! best bound is kept, and an answer in one piece is optimal when its solve was.
//!
//! This module holds the solver-free parts (the specification and its refusals, the
//! crossing pairs, the counts of a set of leaps, the result); the solver is in
//! `solve.rs` behind the `motif` feature; `brute.rs` (tests) enumerates every tour of a
//! small board to check the solver against.

#[cfg(test)]
mod brute;
mod file;
pub mod frontier;
pub mod improve;
mod measure;
#[cfg(feature = "motif")]
mod run;
#[cfg(feature = "motif")]
mod solve;
pub mod table;
#[cfg(test)]
mod tests;
pub mod uncrossed;

use std::time::Duration;

use knights_core::board::{Board, Leaper, Topology};
use knights_core::metrics::open_segments_cross;
use knights_core::{Error, GaveUp};

use crate::motif::Graph;

pub use file::{command, file_text};
pub use measure::{Measure, Weights};

/// What `knights optimum` says in a build without the solver.
pub const WITHOUT_SOLVER: &str = "this build of knights has no solver: rebuild it with the `motif` feature (cargo build --release --features motif; it needs cmake, a C++ compiler and libclang), or use the optima stored in content/optima";

/// The largest board (in cells) a model is built for: beyond it the models have
/// hundreds of thousands of rows and no proof comes within hours.
pub const MAX_CELLS: u64 = 400;

/// A model: the board, closed or open, the measure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The board (a full knight's board of the plane).
    pub board: Board,
    /// A closed tour (or, uncrossed, a cycle).
    pub closed: bool,
    /// What is optimized.
    pub measure: Measure,
}

impl Spec {
    /// `Ok` when the model can be built, else the reason (one line).
    pub fn check(&self) -> Result<(), Error> {
        let b = &self.board;
        let refuse = |why: String| Err(Error::invalid(format!("knights optimum: {why}")));
        if b.leaper() != Leaper::KNIGHT {
            return refuse(format!(
                "the models are of the knight's leaps, not the {} leaper's",
                b.leaper()
            ));
        }
        if b.topology() != Topology::Plane {
            return refuse(format!(
                "the crossings of a {} are counted on its surface, which the models do not do: use a board of the plane",
                b.topology()
            ));
        }
        if !b.holes().is_empty() {
            return refuse(format!("{b} has holes; the models are of full boards"));
        }
        if b.cells() > MAX_CELLS {
            return refuse(format!(
                "{b} has {} cells, more than the {MAX_CELLS} a model is built for (no proof would come in hours)",
                b.cells()
            ));
        }
        if self.measure != Measure::Uncrossed {
            knights_construct::existence::check(b, !self.closed)?;
            if b.cells() < 2 {
                return refuse(format!(
                    "the tour of {b} is its one cell, with no leap to measure"
                ));
            }
        } else if b.width().min(b.height()) < 3 && b.width().max(b.height()) < 3 {
            return refuse(format!("{b} has no knight's leap"));
        }
        Ok(())
    }

    /// The stored file's stem: `6x6-closed-turns`, `8x8-path-uncrossed`,
    /// `6x6-closed-2turns+crossings` (no `*` in a file name).
    pub fn stem(&self) -> String {
        self.name().replace(' ', "-").replace('*', "")
    }

    /// A short name: `6x6 closed turns`.
    pub fn name(&self) -> String {
        let kind = match (self.measure, self.closed) {
            (Measure::Uncrossed, true) => "cycle",
            (Measure::Uncrossed, false) => "path",
            (_, true) => "closed",
            (_, false) => "open",
        };
        format!("{} {kind} {}", self.board, self.measure)
    }
}

/// The pairs of leaps of `graph` whose open segments meet, as indices into its edges,
/// the smaller first (two leaps at one cell meet only there, so never cross).
pub fn crossing_pairs(graph: &Graph, board: &Board) -> Vec<(usize, usize)> {
    let seg = |e: usize| {
        let (a, b) = graph.edges()[e];
        let (p, q) = (board.xy(a), board.xy(b));
        [(p.0 as i32, p.1 as i32), (q.0 as i32, q.1 as i32)]
    };
    let m = graph.edges().len();
    let mut pairs = Vec::new();
    for e in 0..m {
        let s = seg(e);
        for f in e + 1..m {
            let t = seg(f);
            // Leaps are short: only those whose boxes overlap can meet.
            let apart = s[0].0.max(s[1].0) < t[0].0.min(t[1].0)
                || t[0].0.max(t[1].0) < s[0].0.min(s[1].0)
                || s[0].1.max(s[1].1) < t[0].1.min(t[1].1)
                || t[0].1.max(t[1].1) < s[0].1.min(s[1].1);
            if !apart && open_segments_cross(s, t) {
                pairs.push((e, f));
            }
        }
    }
    pairs
}

/// The maximal sets of three or more leaps that cross each other pairwise (cliques of
/// the crossing graph, by Bron and Kerbosch with pivoting), each sorted. `k` leaps of
/// one such set make `k(k-1)/2 >= t k - t(t+1)/2` crossings for every integer `t`: the
/// crossings model's cuts, much tighter than one pair at a time.
pub fn crossing_cliques(m: usize, pairs: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); m];
    for &(e, f) in pairs {
        adj[e].push(f);
        adj[f].push(e);
    }
    let mut out = Vec::new();
    let all: Vec<usize> = (0..m).filter(|&e| !adj[e].is_empty()).collect();
    bron_kerbosch(&adj, &mut Vec::new(), all, Vec::new(), &mut out);
    for c in &mut out {
        c.sort_unstable();
    }
    out.sort();
    out
}

fn bron_kerbosch(
    adj: &[Vec<usize>],
    r: &mut Vec<usize>,
    p: Vec<usize>,
    mut x: Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    if p.is_empty() {
        if x.is_empty() && r.len() >= 3 {
            out.push(r.clone());
        }
        return;
    }
    let pivot = p
        .iter()
        .chain(&x)
        .copied()
        .max_by_key(|&u| p.iter().filter(|v| adj[u].contains(v)).count())
        .expect("p is not empty");
    let mut p = p;
    let candidates: Vec<usize> = p
        .iter()
        .copied()
        .filter(|v| !adj[pivot].contains(v))
        .collect();
    for v in candidates {
        r.push(v);
        let keep = |w: &usize| adj[v].contains(w);
        bron_kerbosch(
            adj,
            r,
            p.iter().copied().filter(keep).collect(),
            x.iter().copied().filter(keep).collect(),
            out,
        );
        r.pop();
        p.retain(|&w| w != v);
        x.push(v);
    }
}

/// The pairs of leaps at each cell whose directions `u`, `v` from it satisfy `keep`,
/// as `(cell, e, f)` with indices into the edges of `graph`.
fn pairs_at_cells(
    graph: &Graph,
    board: &Board,
    keep: impl Fn((i64, i64), (i64, i64)) -> bool,
) -> Vec<(u32, usize, usize)> {
    let mut pairs = Vec::new();
    for c in 0..board.area() as u32 {
        let (x, y) = board.xy(c);
        let (x, y) = (x as i64, y as i64);
        let dir = |e: usize| {
            let (a, b) = graph.edges()[e];
            let (p, q) = (board.xy(if a == c { b } else { a }), (x, y));
            (p.0 as i64 - q.0, p.1 as i64 - q.1)
        };
        let at = graph.incident(c);
        for (i, &e) in at.iter().enumerate() {
            for &f in &at[i + 1..] {
                if keep(dir(e), dir(f)) {
                    pairs.push((c, e, f));
                }
            }
        }
    }
    pairs
}

/// The pairs of opposite leaps at each cell (a cell that holds one such pair goes
/// straight on), as indices into the edges of `graph`.
pub fn straight_pairs(graph: &Graph, board: &Board) -> Vec<(u32, usize, usize)> {
    pairs_at_cells(graph, board, |u, v| u.0 == -v.0 && u.1 == -v.1)
}

/// The pairs of leaps at each cell at which travel turns by a right angle or less
/// (straight on included): a cell with two leaps is a sharp turn unless it holds one
/// of them. Travel comes in along `-u` and leaves along `v`, so it turns by more than
/// a right angle exactly when `u . v > 0`.
pub fn gentle_pairs(graph: &Graph, board: &Board) -> Vec<(u32, usize, usize)> {
    pairs_at_cells(graph, board, |u, v| u.0 * v.0 + u.1 * v.1 <= 0)
}

/// The lines of leaps of the board: each a maximal chain of leaps of `graph` end to
/// end along one straight line, in order. A tour's straight runs are the stretches of
/// consecutive leaps of a line that it takes (a cell between two leaps of one line
/// holds nothing else), so its longest run is the most consecutive leaps of a line it
/// takes.
pub fn lines(graph: &Graph, board: &Board) -> Vec<Vec<usize>> {
    let m = graph.edges().len();
    // Each leap's neighbours along its line: at most one at each end.
    let mut along = vec![Vec::new(); m];
    for (_, e, f) in straight_pairs(graph, board) {
        along[e].push(f);
        along[f].push(e);
    }
    let mut seen = vec![false; m];
    let mut out = Vec::new();
    // A line starts at a leap with one neighbour along it, or none (a line of one).
    for first in 0..m {
        if seen[first] || along[first].len() > 1 {
            continue;
        }
        let mut line = vec![first];
        seen[first] = true;
        while let Some(&next) = along[*line.last().expect("not empty")]
            .iter()
            .find(|&&f| !seen[f])
        {
            seen[next] = true;
            line.push(next);
        }
        out.push(line);
    }
    out
}

/// Counts the measures of sets of chosen leaps of one board, its pairs listed once.
pub struct Counter<'a> {
    graph: &'a Graph,
    cells: u32,
    lines: Vec<Vec<usize>>,
    straight: Vec<(usize, usize)>,
    gentle: Vec<(usize, usize)>,
    crossing: Vec<(usize, usize)>,
}

impl<'a> Counter<'a> {
    /// The counter of `graph`, the leaps of `board`.
    pub fn new(graph: &'a Graph, board: &Board) -> Counter<'a> {
        let at_cells =
            |p: Vec<(u32, usize, usize)>| p.into_iter().map(|(_, e, f)| (e, f)).collect();
        Counter {
            graph,
            cells: board.area() as u32,
            lines: lines(graph, board),
            straight: at_cells(straight_pairs(graph, board)),
            gentle: at_cells(gentle_pairs(graph, board)),
            crossing: crossing_pairs(graph, board),
        }
    }

    /// The value of the chosen leaps under `measure`: turns (cells with two leaps not
    /// opposite), sharp turns (cells with two leaps at a sharp angle), crossings
    /// (chosen crossing pairs), a weighted sum of those, the longest run (the most
    /// consecutive chosen leaps of a line) or leaps (uncrossed).
    pub fn value(&self, measure: Measure, chosen: &[bool]) -> u64 {
        let both = |pairs: &[(usize, usize)]| {
            pairs
                .iter()
                .filter(|&&(e, f)| chosen[e] && chosen[f])
                .count() as u64
        };
        let two = || {
            (0..self.cells)
                .filter(|&c| {
                    self.graph
                        .incident(c)
                        .iter()
                        .filter(|&&e| chosen[e])
                        .count()
                        == 2
                })
                .count() as u64
        };
        match measure {
            Measure::Turns => two() - both(&self.straight),
            Measure::Sharp => two() - both(&self.gentle),
            Measure::Crossings => both(&self.crossing),
            Measure::Sum(w) => w
                .terms()
                .into_iter()
                .map(|(m, k)| u64::from(k) * self.value(m, chosen))
                .sum(),
            Measure::Run => self
                .lines
                .iter()
                .flat_map(|line| {
                    line.iter().scan(0, |streak, &e| {
                        *streak = if chosen[e] { *streak + 1 } else { 0 };
                        Some(*streak)
                    })
                })
                .max()
                .unwrap_or(0),
            Measure::Uncrossed => chosen.iter().filter(|&&c| c).count() as u64,
        }
    }
}

/// The value of a set of chosen leaps under `measure` ([`Counter::value`]).
pub fn value(graph: &Graph, board: &Board, measure: Measure, chosen: &[bool]) -> u64 {
    Counter::new(graph, board).value(measure, chosen)
}

/// The chosen leaps of a path of cells (closed: the last back to the first too).
pub fn chosen_of(graph: &Graph, path: &[u32], closed: bool) -> Option<Vec<bool>> {
    let mut chosen = vec![false; graph.edges().len()];
    let n = path.len();
    let steps = if closed { n } else { n.saturating_sub(1) };
    for i in 0..steps {
        chosen[graph.edge(path[i], path[(i + 1) % n])?] = true;
    }
    Some(chosen)
}

/// What a run gave: the best path found, its value, the proof figures.
#[derive(Clone, Debug)]
pub struct Optimum {
    /// The model.
    pub spec: Spec,
    /// The best tour (or uncrossed path or cycle) found, as cells in order.
    pub path: Vec<u32>,
    /// Its value.
    pub value: u64,
    /// The proved bound: no answer does better (a lower bound when minimizing).
    pub bound: u64,
    /// Seconds spent.
    pub seconds: f64,
    /// How the bound was proved, with its figures.
    pub how: How,
    /// Where the best answer came from: `solver`, `search`, `start` (the starting
    /// tour, the construction's improved by the local search) or, for a stored tour
    /// improved by `knights optimum --improve`, `local search` (then `improved` says
    /// how).
    pub source: String,
    /// The local search that found the tour after the run that proved the bound.
    pub improved: Option<Improved>,
    /// The time limit.
    pub limit: Duration,
}

/// How `knights optimum --improve` found a stored tour after the run that proved its
/// bound: the record's `improved` field.
#[derive(Clone, Debug, PartialEq)]
pub struct Improved {
    /// The command (`knights optimum --improve 8x8-closed-crossings.json --time-limit
    /// 600`).
    pub command: String,
    /// How many times it was run, each from the tour the last one wrote.
    pub runs: u64,
    /// The seconds of local search, all runs together.
    pub seconds: f64,
    /// The value of the tour the run that proved the bound wrote.
    pub from: u64,
}

/// How an optimum was computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum How {
    /// HiGHS on the integer program, with subtour cuts after each solve.
    Solver {
        /// Solves of the model (one per round of cuts).
        solves: usize,
        /// Columns of the last model solved.
        columns: usize,
        /// Rows of the last model solved (cuts included).
        rows: usize,
        /// The subtour cuts added.
        cuts: usize,
    },
    /// The exhaustive search of `uncrossed.rs`.
    Search {
        /// Nodes of the search tree visited.
        nodes: u64,
        /// Start cells searched in full.
        searched: usize,
        /// Start cells to search.
        starts: usize,
    },
}

impl Optimum {
    /// Whether the value is proved optimal (the bound met).
    pub fn optimal(&self) -> bool {
        if self.spec.measure.maximized() {
            self.value >= self.bound
        } else {
            self.value <= self.bound
        }
    }

    /// The absolute gap between the value and the bound (0 when optimal).
    pub fn gap(&self) -> u64 {
        self.value.abs_diff(self.bound) * u64::from(!self.optimal())
    }
}

/// A step of a run, for its progress line: a solve of the model, or a start cell of
/// the search done.
#[derive(Clone, Debug)]
pub struct Round {
    /// Steps so far, this one included.
    pub number: usize,
    /// What the step gave, in words (`42 in 3 pieces, cut`, `start cell 3 of 10`).
    pub answer: String,
    /// The best bound so far (none while the search is not done).
    pub bound: Option<u64>,
    /// The best answer's value so far.
    pub best: Option<u64>,
    /// Seconds since the start.
    pub seconds: f64,
}

/// How to run: the time limit, a starting tour (its cells in order), the progress
/// report.
pub struct Solve<'a> {
    /// Time for everything.
    pub limit: Duration,
    /// A tour of the model to start from (the construction's), if any.
    pub start: Option<Vec<u32>>,
    /// Called after each step.
    pub report: &'a mut dyn FnMut(&Round),
}

/// Solves `spec` within `run.limit`: the best answer found, its value and the bound.
/// The uncrossed measure is searched (no solver needed), the others solved by HiGHS.
pub fn solve(spec: &Spec, run: Solve<'_>) -> Result<Optimum, Error> {
    spec.check()?;
    if spec.measure == Measure::Uncrossed {
        return search_uncrossed(spec, run);
    }
    solver(spec, run)
}

#[cfg(feature = "motif")]
fn solver(spec: &Spec, run: Solve<'_>) -> Result<Optimum, Error> {
    solve::solve(spec, run)
}

/// The solver is not in this build: says how to get it.
#[cfg(not(feature = "motif"))]
fn solver(spec: &Spec, _run: Solve<'_>) -> Result<Optimum, Error> {
    Err(knights_core::Unsupported::new("optimum", &spec.board, WITHOUT_SOLVER.into()).into())
}

/// The longest uncrossed path or cycle by the exhaustive search.
fn search_uncrossed(spec: &Spec, run: Solve<'_>) -> Result<Optimum, Error> {
    let clock = std::time::Instant::now();
    let report = run.report;
    let found = uncrossed::longest(
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
            })
        },
    );
    if found.path.is_empty() {
        let what = if spec.closed { "cycle" } else { "path" };
        return Err(if found.complete {
            Error::invalid(format!(
                "{} has no uncrossed knight's {what}: the search tried every one",
                spec.board
            ))
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
    })
}

/// The solver's first answer: the tour the constructions build for the model's board,
/// improved by the local search (`improve.rs`) within `budget` (none for the
/// uncrossed models, whose answers are not tours, and none in a build without the
/// solver, which refuses the model at once).
pub fn start_tour(spec: &Spec, budget: Duration) -> Option<Start> {
    if spec.measure == Measure::Uncrossed || !cfg!(feature = "motif") {
        return None;
    }
    let (built_path, built) = built_tour(spec)?;
    let clock = std::time::Instant::now();
    let (path, value) = improve::improve(spec, &built_path, built, budget);
    Some(Start {
        path,
        built,
        value,
        seconds: clock.elapsed().as_secs_f64(),
    })
}

/// The tour the constructions build for the model's board, and its value.
pub fn built_tour(spec: &Spec) -> Option<(Vec<u32>, u64)> {
    let req = knights_construct::Request {
        open: !spec.closed,
        ..knights_construct::Request::closed(spec.board.clone())
    };
    let tour = knights_construct::build(&req, "auto").ok()?;
    let v = knights_core::verify::constructed(tour).ok()?;
    let graph = Graph::new(&spec.board);
    let chosen = chosen_of(&graph, v.path(), spec.closed)?;
    Some((
        v.path().to_vec(),
        value(&graph, &spec.board, spec.measure, &chosen),
    ))
}

/// The starting tour: the construction's, improved.
#[derive(Clone, Debug)]
pub struct Start {
    /// The cells in order.
    pub path: Vec<u32>,
    /// The construction's tour's value.
    pub built: u64,
    /// This tour's value.
    pub value: u64,
    /// Seconds the local search took.
    pub seconds: f64,
}
