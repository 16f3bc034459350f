//! Motifs designed by integer programming (Bosch and Huang, "Structured Knight's
//! Tours", 2021): the tour of a small board that is as close as possible to symmetric,
//! used as the building block of hidden-Hilbert and other structured tours.
//!
//! The model: one 0/1 variable `x_e` per leap `e` of the board (is it in the tour?),
//! degree constraints (one leap at the two ends of an open tour, two at every other
//! cell), and one symmetry variable `v_e <= x_e`, `v_e <= x_e'` per leap, where `e'` runs
//! over the images of `e` under the chosen symmetry (the mirror through the vertical
//! axis, or the three quarter turns). Maximizing the sum of the `v_e` maximizes the
//! number of leaps whose images are in the tour too. Degree constraints alone allow
//! several disjoint cycles; each time the solver returns some, every cycle's cell set
//! `S` gets the cut "at least two leaps leave S" and the model is solved again, until
//! the answer is one tour. Cuts that forbid a found tour enumerate further ones.
//!
//! This module holds the solver-free parts (the graph, the images, the cycle split, the
//! count, and a brute force for tiny boards that tests check the solver against); the
//! solver itself (HiGHS) is in `solve.rs`, behind the `motif` cargo feature. The motifs
//! the constructions use are stored as data in knights-construct (`motif::stored`),
//! which needs neither; the tests here recount them and, with the solver, find the
//! small ones again.

#[cfg(test)]
mod brute;
mod error;
// Patching needs no solver: its tests run in every build; only the solver calls it.
#[cfg(any(test, feature = "motif"))]
mod patch;
#[cfg(feature = "motif")]
mod solve;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use knights_construct::motif::stored::Stored;
use knights_core::Tour;
use knights_core::{Board, Topology};
use knights_core::{Error, Named, TooLarge, Unknown};

// How a band motif winds round its band: the constructions need it too.
pub use knights_construct::motif::{coprime, winding};

pub use error::SpecError;
#[cfg(feature = "motif")]
pub use solve::{solve, solve_with, Round};

/// What `knights motif` says in a build without the solver.
pub const WITHOUT_SOLVER: &str = "this build of knights has no motif solver: rebuild it with the `motif` feature (cargo build --release --features motif; it needs cmake, a C++ compiler and libclang), or use the motifs stored with the constructions";

/// How long the solver may take: in all, and on each model solved (a solve stopped
/// early hands on its best answer: split, it is cut and the model solved again; a
/// tour, it is kept with the solver's bound, not proved optimal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// For everything.
    pub total: Duration,
    /// For one solve.
    pub round: Duration,
}

impl From<Duration> for Limits {
    /// One limit for everything, each solve included.
    fn from(total: Duration) -> Limits {
        Limits {
            total,
            round: total,
        }
    }
}

/// The solver is not in this build: checks the spec, then says how to get it.
#[cfg(not(feature = "motif"))]
pub fn solve(spec: &Spec, _count: usize, _limit: impl Into<Limits>) -> Result<Vec<Motif>, Error> {
    spec.check()?;
    Err(knights_core::Unsupported::new("motif", spec.board(), WITHOUT_SOLVER.into()).into())
}

/// The symmetry a motif is designed towards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// The mirror through the vertical axis: `(x, y) -> (w - 1 - x, y)`.
    Mirror,
    /// The quarter turns of a square board (fourfold symmetry).
    Quarter,
}

impl FromStr for Symmetry {
    type Err = Error;
    fn from_str(s: &str) -> Result<Symmetry, Error> {
        match s {
            "mirror" => Ok(Symmetry::Mirror),
            "quarter" => Ok(Symmetry::Quarter),
            _ => Err(Unknown::new(Named::MotifSymmetry, s, &["mirror", "quarter"]).into()),
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::Mirror => "mirror",
            Symmetry::Quarter => "quarter",
        })
    }
}

/// Where the tour starts and ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ends {
    /// An open tour from the first square to the second, `(x, y)` each.
    Open((u32, u32), (u32, u32)),
    /// A closed tour.
    Closed,
}

/// Interior leaps repeated by translation: inside the frame `margin` cells from every
/// side, a leap is in the tour exactly when its copy `period` cells to the right (and
/// its copy `period` cells up) is, when that copy lies inside the frame too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeat {
    /// The translation, in cells, along each axis.
    pub period: u32,
    /// The cells along every side left free.
    pub margin: u32,
}

/// A motif model: the board, its ends, the symmetry to maximize, leaps forced into the
/// tour and translational repetition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Open (and between which squares) or closed.
    pub ends: Ends,
    /// The symmetry whose instances are counted.
    pub symmetry: Symmetry,
    /// Leaps that must be in the tour, as pairs of squares.
    pub forced: Vec<((u32, u32), (u32, u32))>,
    /// Interior repetition, if any.
    pub repeat: Option<Repeat>,
    /// How the left and right edges meet (a band's leaps cross the seam).
    pub topology: Topology,
    /// Columns after which the tour repeats all along the board (a motif repeated
    /// around a band): a leap is in the tour exactly when its copy this many columns
    /// to the right is, when that copy starts on the board.
    pub columns: Option<u32>,
    /// The number of copies of this closed band motif laid end to end around a band
    /// that many times as wide (each copy mirrored after the last on a Moebius strip):
    /// the motif's winding round its own band (see [`winding`]) must be prime to it,
    /// so that the copies join into one tour.
    pub copies: Option<u32>,
    /// Keep the answer in one piece by a flow (one commodity sent from the first
    /// square to every other along the chosen leaps) instead of subtour cuts added
    /// after each solve: one model, solved once, whose every answer is a tour. Its
    /// relaxation is weaker, but on models the cuts take many rounds to settle
    /// (bands, tessellations) the solver's own search finds good tours sooner.
    pub flow: bool,
}

impl Spec {
    /// The paper's default motif: an open tour of `width` x `height` from the
    /// bottom-left corner to the square diagonally next to the bottom-right corner,
    /// as close as possible to mirror symmetric.
    pub fn open_default(width: u32, height: u32) -> Spec {
        Spec {
            width,
            height,
            ends: Ends::Open((0, 0), (width.saturating_sub(2), 1)),
            symmetry: Symmetry::Mirror,
            forced: Vec::new(),
            repeat: None,
            topology: Topology::Plane,
            columns: None,
            copies: None,
            flow: false,
        }
    }

    /// `Ok` when the model makes sense (the ends and forced leaps on the board, a
    /// square board for quarter turns), else the reason.
    pub fn check(&self) -> Result<(), Error> {
        let board = Board::new(self.width, self.height)?.with_topology(self.topology);
        let on = |(x, y): (u32, u32), what: &'static str| -> Result<(), Error> {
            if x >= self.width || y >= self.height {
                return Err(SpecError::Outside {
                    what,
                    x,
                    y,
                    board: board.to_string(),
                }
                .into());
            }
            Ok(())
        };
        if let Ends::Open(s, t) = self.ends {
            on(s, "the start square")?;
            on(t, "the end square")?;
            if s == t {
                return Err(SpecError::SameEnds.into());
            }
        }
        for &(a, b) in &self.forced {
            on(a, "a forced leap's square")?;
            on(b, "a forced leap's square")?;
            if board
                .dir_between(board.index(a.0, a.1), board.index(b.0, b.1))
                .is_none()
            {
                return Err(SpecError::NotALeap { from: a, to: b }.into());
            }
        }
        if self.symmetry == Symmetry::Quarter && self.width != self.height {
            return Err(SpecError::NotSquare {
                board: board.to_string(),
            }
            .into());
        }
        if self.topology.wraps_rows() {
            return Err(SpecError::Torus {
                board: board.to_string(),
            }
            .into());
        }
        if self.symmetry == Symmetry::Quarter && self.topology.wraps() {
            return Err(SpecError::QuarterOnBand {
                topology: self.topology,
            }
            .into());
        }
        if self.topology.wraps() {
            knights_construct::existence::check(&board, matches!(self.ends, Ends::Open(..)))?;
        }
        if let Some(p) = self.columns {
            if p == 0 || !self.width.is_multiple_of(p) {
                return Err(SpecError::Period {
                    period: p,
                    width: self.width,
                }
                .into());
            }
        }
        if let Some(n) = self.copies {
            self.check_copies(n, &board)?;
        }
        if board.cells() > MAX_CELLS {
            return Err(TooLarge::Model {
                board: board.to_string(),
                cells: board.cells(),
                limit: MAX_CELLS,
            }
            .into());
        }
        Ok(())
    }

    /// `--copies n` asks for a closed tour of a band at least 5 wide (narrower, two
    /// leaps join the same squares and a copy's leaps are not told apart), and an odd
    /// number of copies on a Moebius strip (only then does the row come back unmirrored
    /// after the last copy).
    fn check_copies(&self, n: u32, board: &Board) -> Result<(), Error> {
        let refuse = |why: String| Err(SpecError::Copies { copies: n, why }.into());
        if n == 0 {
            return refuse("count at least one copy".into());
        }
        if !self.topology.wraps() {
            return refuse(format!(
                "copies are laid around a band: add --topology cylinder or moebius to the {board} board"
            ));
        }
        if self.ends != Ends::Closed {
            return refuse("the copies join into a closed tour: add --closed".into());
        }
        if self.width < 5 {
            return refuse(format!(
                "the motif's band must be at least 5 columns round, and {board} is {}",
                self.width
            ));
        }
        if self.topology == Topology::Moebius && n.is_multiple_of(2) {
            return refuse(
                "an even number of copies of a Moebius motif makes a cylinder, not a Moebius strip: choose an odd number".into(),
            );
        }
        Ok(())
    }

    /// The board.
    pub fn board(&self) -> Board {
        Board::new(self.width, self.height)
            .expect("checked by Spec::check")
            .with_topology(self.topology)
    }
}

/// The largest board (in cells) a motif model is built for.
pub const MAX_CELLS: u64 = 64 * 64;

/// The knight's graph of a board: every leap once, with its images under a symmetry.
pub struct Graph {
    board: Board,
    /// Every leap as its two cell numbers, the smaller first.
    edges: Vec<(u32, u32)>,
    /// The leaps at each cell, as indices into `edges`.
    incident: Vec<Vec<usize>>,
}

impl Graph {
    /// The knight's graph of `board` (full, no holes).
    pub fn new(board: &Board) -> Graph {
        let mut edges = Vec::new();
        let mut incident = vec![Vec::new(); board.area() as usize];
        for c in 0..board.area() as u32 {
            for d in 0..4 {
                if let Some(n) = board.step(c, d) {
                    incident[c as usize].push(edges.len());
                    incident[n as usize].push(edges.len());
                    edges.push((c.min(n), c.max(n)));
                }
            }
        }
        Graph {
            board: board.clone(),
            edges,
            incident,
        }
    }

    /// The leaps, as pairs of cell numbers.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The leaps at cell `c`.
    pub fn incident(&self, c: u32) -> &[usize] {
        &self.incident[c as usize]
    }

    /// The leap between two cells, if they are a leap apart.
    pub fn edge(&self, a: u32, b: u32) -> Option<usize> {
        let key = (a.min(b), a.max(b));
        self.incident[a as usize]
            .iter()
            .copied()
            .find(|&e| self.edges[e] == key)
    }

    /// The images of leap `e` under `symmetry` other than itself (one for the mirror,
    /// three for the quarter turns). A leap maps to a leap on a full board.
    pub fn images(&self, e: usize, symmetry: Symmetry) -> Vec<usize> {
        let b = &self.board;
        let (w, h) = (b.width(), b.height());
        let map = |c: u32, k: u32| {
            let (mut x, mut y) = b.xy(c);
            for _ in 0..k {
                match symmetry {
                    Symmetry::Mirror => x = w - 1 - x,
                    Symmetry::Quarter => (x, y) = (y, h - 1 - x),
                }
            }
            b.index(x, y)
        };
        let turns = match symmetry {
            Symmetry::Mirror => 1,
            Symmetry::Quarter => 3,
        };
        let (a, c) = self.edges[e];
        (1..=turns)
            .map(|k| {
                self.edge(map(a, k), map(c, k))
                    .expect("a symmetry of a full board maps leaps to leaps")
            })
            .collect()
    }

    /// The pairs of leaps tied by translational repetition: `(e, f)` with `f` the copy
    /// of `e` moved `period` right or up, both inside the frame.
    pub fn repeated(&self, r: Repeat) -> Vec<(usize, usize)> {
        let b = &self.board;
        let (w, h) = (b.width(), b.height());
        let inside = |(x, y): (u32, u32)| {
            x >= r.margin && y >= r.margin && x + r.margin < w && y + r.margin < h
        };
        let mut pairs = Vec::new();
        for (e, &(a, c)) in self.edges.iter().enumerate() {
            let (pa, pc) = (b.xy(a), b.xy(c));
            if !inside(pa) || !inside(pc) {
                continue;
            }
            for (dx, dy) in [(r.period, 0), (0, r.period)] {
                let (qa, qc) = ((pa.0 + dx, pa.1 + dy), (pc.0 + dx, pc.1 + dy));
                if inside(qa) && inside(qc) {
                    let f = self
                        .edge(b.index(qa.0, qa.1), b.index(qc.0, qc.1))
                        .expect("a translated leap is a leap");
                    pairs.push((e, f));
                }
            }
        }
        pairs
    }

    /// The pairs of leaps tied by repetition along the board: `(e, f)` with `f` the
    /// copy of `e` moved `period` columns right, `e` leaving its left end rightwards
    /// (every leap has one such end, on a band too).
    pub fn columns(&self, period: u32) -> Vec<(usize, usize)> {
        let b = &self.board;
        let mut pairs = Vec::new();
        for c in 0..b.area() as u32 {
            let (x, y) = b.xy(c);
            if x + period >= b.width() {
                continue;
            }
            let moved = b.index(x + period, y);
            for d in 0..4 {
                if let (Some(n), Some(m)) = (b.step(c, d), b.step(moved, d)) {
                    let e = self.edge(c, n).expect("a leap is an edge");
                    let f = self.edge(moved, m).expect("a leap is an edge");
                    pairs.push((e, f));
                }
            }
        }
        pairs
    }

    /// The number of chosen leaps all of whose images are chosen too: the objective.
    pub fn symmetric_count(&self, chosen: &[bool], symmetry: Symmetry) -> u32 {
        (0..self.edges.len())
            .filter(|&e| chosen[e] && self.images(e, symmetry).iter().all(|&f| chosen[f]))
            .count() as u32
    }

    /// The chosen leaps split into connected pieces, each as its cells in walking
    /// order from an end (a path) or from its smallest cell (a cycle), and whether it
    /// is a cycle. Every cell has one or two chosen leaps (the degree constraints).
    pub fn pieces(&self, chosen: &[bool]) -> Vec<(Vec<u32>, bool)> {
        let n = self.board.area() as usize;
        let next = |c: u32, from: Option<u32>| {
            self.incident[c as usize]
                .iter()
                .filter(|&&e| chosen[e])
                .map(|&e| {
                    let (a, b) = self.edges[e];
                    if a == c {
                        b
                    } else {
                        a
                    }
                })
                .find(|&m| Some(m) != from)
        };
        let degree = |c: u32| {
            self.incident[c as usize]
                .iter()
                .filter(|&&e| chosen[e])
                .count()
        };
        let mut seen = vec![false; n];
        let mut pieces = Vec::new();
        // Paths first, from their ends, then what is left is cycles.
        let starts = (0..n as u32)
            .filter(|&c| degree(c) <= 1)
            .chain((0..n as u32).filter(|&c| degree(c) > 1));
        for s in starts {
            if seen[s as usize] {
                continue;
            }
            let mut piece = vec![s];
            seen[s as usize] = true;
            let (mut prev, mut cur) = (None, s);
            let mut cycle = false;
            while let Some(m) = next(cur, prev) {
                if m == s {
                    cycle = true;
                    break;
                }
                if seen[m as usize] {
                    break;
                }
                seen[m as usize] = true;
                piece.push(m);
                (prev, cur) = (Some(cur), m);
            }
            pieces.push((piece, cycle));
        }
        pieces
    }
}

/// A motif found by the solver: the tour, its symmetry count, and the solver's bound
/// on the count (equal when the tour is proved optimal).
#[derive(Clone, Debug)]
pub struct Motif {
    /// The tour (open from the spec's start, or closed).
    pub tour: Tour,
    /// Leaps whose images are in the tour too.
    pub count: u32,
    /// No tour of the model has more (the solver's proof).
    pub bound: u32,
}

impl Motif {
    /// Whether the solver proved the count the best possible.
    pub fn optimal(&self) -> bool {
        self.count >= self.bound
    }
}

/// The tour of a chosen set of leaps that forms one piece (a path from the spec's
/// start, or a cycle), or `None` when it splits.
pub fn tour_of(graph: &Graph, spec: &Spec, chosen: &[bool]) -> Option<Tour> {
    let pieces = graph.pieces(chosen);
    let [(path, cycle)] = pieces.as_slice() else {
        return None;
    };
    let board = spec.board();
    let mut path = path.clone();
    if let Ends::Open(s, _) = spec.ends {
        if path[0] != board.index(s.0, s.1) {
            path.reverse();
        }
    }
    Some(Tour::new(board, path, *cycle).with_algorithm("motif"))
}

/// A stored motif's symmetry count recomputed from its tour: the leaps whose images
/// under its symmetry are in the tour too. `None` when its symmetry is not one the
/// model knows.
pub fn recount(motif: &Stored) -> Option<u32> {
    let symmetry: Symmetry = motif.symmetry.parse().ok()?;
    let t = motif.tour();
    let graph = Graph::new(t.board());
    let mut chosen = vec![false; graph.edges().len()];
    let n = t.path().len();
    let steps = if motif.closed { n } else { n - 1 };
    for i in 0..steps {
        let (a, b) = (t.path()[i], t.path()[(i + 1) % n]);
        if let Some(e) = graph.edge(a, b) {
            chosen[e] = true;
        }
    }
    Some(graph.symmetric_count(&chosen, symmetry))
}

#[cfg(test)]
mod tests;
