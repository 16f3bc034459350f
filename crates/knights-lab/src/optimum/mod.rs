//! Exact optima (issue 27): the fewest turns or crossings a tour of a small board can
//! have, each an integer program solved by HiGHS with a proof of its bound, and the
//! longest knight's path or cycle with no two moves crossing (Yarbrough 1969; Knuth),
//! by an exhaustive search (`uncrossed.rs`).
//!
//! The integer programs share the variables of the motif designer: one 0/1 variable
//! `x_e` per leap of the board ([`Graph`]) and its degree rows (`model.rs`); each
//! measure adds its own columns and rows (`measures/`, one file per measure: turns,
//! crossings, sharp turns, the longest run, uncrossed paths, weighted sums).
//! Connectivity is added lazily as in the motif designer: solve, split the answer into
//! its pieces, cut each cycle that is not the whole answer, solve again (`solve.rs`);
//! or, as an option, by a flow in the model itself (`connect.rs`).
//!
//! This module holds the specification and its refusals and the result; the leaps'
//! relations the measures count by are in `leaps.rs`, the local search in `improve.rs`
//! (its moves in `walk.rs`); the solver is behind the `motif` feature; `brute.rs`
//! (tests) enumerates every tour of a small board to check the solver against;
//! `runs.rs` continues a stored run and keeps the run log; `sequence.rs` and
//! `rectangles.rs` read the stored records of the turns as the sequence of closed
//! n x n minima (with its fitted line) and the grid of closed n x m minima.

#[cfg(test)]
mod brute;
mod connect;
#[cfg(feature = "motif")]
mod cuts;
mod error;
mod file;
pub mod frontier;
mod improve;
mod leaps;
#[cfg(feature = "motif")]
mod local;
mod measures;
#[cfg(feature = "motif")]
mod model;
mod rectangles;
mod rotations;
pub mod runs;
mod sequence;
#[cfg(feature = "motif")]
mod solve;
#[cfg(feature = "motif")]
mod subtours;
pub mod table;
#[cfg(test)]
mod tests;
pub mod uncrossed;
mod walk;
#[cfg(all(test, feature = "motif"))]
mod windows;

use std::time::Duration;

use knights_core::Error;
use knights_core::{Board, Leaper, Topology};

use crate::motif::Graph;

pub use connect::Connect;
pub use error::OptimumError;
pub use file::{command, file_text, Given};
pub use improve::SEED as IMPROVE_SEED;
pub use leaps::{
    chosen_of, crossing_cliques, crossing_pairs, gentle_pairs, lines, straight_pairs, Counter,
};
pub use measures::{help, names, Measure, Objective, Sum, ALL};
pub use rectangles::{grid, markdown as grid_markdown, Cell, Grid};
pub use sequence::{
    least_squares, markdown as sequence_markdown, sequence, side, Fit, Sequence, BUILT, CONJECTURE,
    LOWER,
};

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
        let refuse = |why: String| Err(OptimumError::Model { why }.into());
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
        if self.measure.tours() {
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
        format!("{} {} {}", self.board, self.kind(), self.measure)
    }

    /// `closed` or `open` (a tour), `cycle` or `path` (an uncrossed path).
    pub fn kind(&self) -> &'static str {
        match (self.measure.tours(), self.closed) {
            (false, true) => "cycle",
            (false, false) => "path",
            (true, true) => "closed",
            (true, false) => "open",
        }
    }
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
    /// What the run was given beyond its model and time limit (`--strengthen`,
    /// `--resume FILE`, `--connect flow`), which its command says.
    pub given: Given,
    /// Whether the run is over, or this is a checkpoint of a run still going or one
    /// stopped by a signal (`runs.rs`).
    pub status: runs::Status,
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
        /// The subtour cuts added (rows: the sets' and their images').
        cuts: usize,
        /// The cell sets of the subtour cuts found (each the smaller side, as
        /// `subtours.rs` keeps them), a continued run's stored ones included: the
        /// record's `subtours`, which a run continuing it adds before its first solve.
        subtours: Vec<Vec<u32>>,
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
    /// The run so far as its record would hold it (the best tour, the best bound, the
    /// cuts), when it has a tour: a checkpoint to write (`runs.rs`).
    pub so_far: Option<Optimum>,
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
    /// Adds the valid cuts and the symmetry-breaking rows of `cuts.rs` to the model
    /// (`knights optimum --strengthen`); the optimum is the same either way.
    pub strengthen: bool,
    /// The subtour cuts to start from and how to add them.
    pub cutting: Cutting,
}

/// The subtour cuts a run starts from and how it adds them (`subtours.rs`): none of
/// them changes the optimum, each only removes answers that are not tours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cutting {
    /// Cell sets whose cuts go into the model before its first solve (those of the
    /// record a run continues).
    pub given: Vec<Vec<u32>>,
    /// Each cut goes in with its images under the board's symmetries.
    pub images: bool,
    /// Cuts are separated on the linear relaxation before the first solve.
    pub relaxation: bool,
    /// Connectivity in the model itself (`connect.rs`), or only by these cuts.
    pub connect: Connect,
}

impl Cutting {
    /// How `knights optimum` cuts, from the cell sets `given`: with the images and at
    /// the relaxation.
    pub fn from(given: Vec<Vec<u32>>) -> Cutting {
        Cutting {
            given,
            images: true,
            relaxation: true,
            connect: Connect::Cuts,
        }
    }

    /// Cuts only as the pieces of answers are found, none given, no images: the
    /// model as it was before issue 40's stored cuts.
    pub fn lazy() -> Cutting {
        Cutting {
            given: Vec::new(),
            images: false,
            relaxation: false,
            connect: Connect::Cuts,
        }
    }
}

/// Solves `spec` within `run.limit`: the best answer found, its value and the bound,
/// as its measure is solved (the uncrossed paths searched, no solver needed; the
/// others by HiGHS).
pub fn solve(spec: &Spec, run: Solve<'_>) -> Result<Optimum, Error> {
    spec.check()?;
    // The rows strengthen only the solver's models; the uncrossed search has none.
    let strengthen = run.strengthen && spec.measure.tours();
    let connect = run.cutting.connect;
    if connect != Connect::Cuts && (!spec.measure.tours() || spec.measure.maximized()) {
        return Err(OptimumError::Model {
            why: format!(
                "--connect {connect} is for the solver's minimized measures of tours, not {}",
                spec.measure
            ),
        }
        .into());
    }
    // What the run was given, said by its record and by every checkpoint of it (a
    // checkpoint without `--strengthen` in its command would make another run).
    let say = |found: &mut Optimum| {
        found.given.strengthen = strengthen;
        found.given.connect = connect;
    };
    let outer = run.report;
    let mut report = |round: &Round| match &round.so_far {
        Some(_) => {
            let mut round = round.clone();
            round.so_far.as_mut().map(say);
            outer(&round)
        }
        None => outer(round),
    };
    let mut found = spec.measure.solve(
        spec,
        Solve {
            report: &mut report,
            ..run
        },
    )?;
    say(&mut found);
    Ok(found)
}

/// The solver's loop on the model's objective (`solve.rs`): a measure's solve unless
/// it has its own.
#[cfg(feature = "motif")]
fn solver(spec: &Spec, run: Solve<'_>) -> Result<Optimum, Error> {
    solve::minimize(spec, run)
}

/// The solver is not in this build: says how to get it.
#[cfg(not(feature = "motif"))]
fn solver(spec: &Spec, _run: Solve<'_>) -> Result<Optimum, Error> {
    Err(knights_core::Unsupported::new("optimum", &spec.board, WITHOUT_SOLVER.into()).into())
}

/// The solver's first answer: the tour the constructions build for the model's board,
/// improved by the local search (`improve.rs`) within `budget` (none for the
/// uncrossed models, whose answers are not tours, and none in a build without the
/// solver, which refuses the model at once).
pub fn start_tour(spec: &Spec, budget: Duration) -> Option<Start> {
    if !spec.measure.tours() || !cfg!(feature = "motif") {
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
        spec.measure.value(&graph, &spec.board, &chosen),
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
