//! Tours: the visiting order of a board's cells, closed or open, with optional per-step
//! section labels that say which part of its construction each step belongs to. A
//! board of any number of sides; the move grid is of boards of two. A tour's
//! [`Shape`] says which kind of walk it claims to be: a tour proper, a tourney (its
//! cycles one after another in the path) or an uncrossed path over some cells.
//!
//! A tour built from its move grid need not hold its path: it holds the walk of the
//! grid (mostly arithmetic runs) and writes the path out when first asked for, so a
//! tour that is only proven and measured never spends four bytes a cell on it.
//!
//! A `Tour` is only a claim; [`crate::verify`] turns it into a [`crate::Verified`] tour,
//! which is what drawing and publishing accept.

use std::sync::OnceLock;

use crate::board::Board;
pub use crate::kind::TourKind;
use crate::moves::MoveGrid;
pub use crate::shape::Shape;
use crate::trace::Trace;

/// Labels that split a tour into named parts (formation sections, tiles, quadrants).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sections {
    names: Vec<String>,
    labels: Vec<u8>,
}

impl Sections {
    /// `labels[i]` is the section of step `i` of the path, an index into `names`.
    pub fn new(names: Vec<String>, labels: Vec<u8>) -> Sections {
        Sections { names, labels }
    }

    /// The sections' names, in the order their labels number them.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The section of every step, as an index into [`Sections::names`].
    pub fn labels(&self) -> &[u8] {
        &self.labels
    }
}

/// A visiting order of the cells of a board.
#[derive(Debug)]
pub struct Tour {
    board: Board,
    closed: bool,
    /// The visiting order, written out from `walk` when first asked for.
    path: OnceLock<Vec<u32>>,
    /// The walk of the grid that is the path, for a tour built from its grid.
    walk: Option<Trace>,
    algorithm: String,
    sections: Option<Sections>,
    grid: OnceLock<Option<MoveGrid>>,
    shape: Shape,
}

impl Clone for Tour {
    fn clone(&self) -> Tour {
        Tour {
            board: self.board.clone(),
            closed: self.closed,
            path: self.path.clone(),
            walk: self.walk.clone(),
            algorithm: self.algorithm.clone(),
            sections: self.sections.clone(),
            shape: self.shape.clone(),
            // A tour without its path keeps its grid, which the walk needs.
            grid: match (&self.walk, self.attached_grid()) {
                (Some(_), Some(g)) => OnceLock::from(Some(g.clone())),
                _ => OnceLock::new(),
            },
        }
    }
}

impl Tour {
    /// A tour visiting the cell numbers of `path` in order; `closed` claims the last cell
    /// is a leap from the first. Nothing is checked here: see [`crate::verify`].
    pub fn new(board: Board, path: Vec<u32>, closed: bool) -> Tour {
        Tour {
            board,
            closed,
            path: OnceLock::from(path),
            walk: None,
            algorithm: String::new(),
            sections: None,
            grid: OnceLock::new(),
            shape: Shape::Tour,
        }
    }

    /// The closed cycles `cycles` (cell numbers, each in visiting order without its
    /// first cell repeated) claimed to cover `board`: a tourney, whose path is its
    /// cycles one after another. Nothing is checked here: see [`crate::verify`].
    pub fn tourney(board: Board, cycles: Vec<Vec<u32>>) -> Tour {
        let mut starts = Vec::with_capacity(cycles.len());
        let mut path = Vec::with_capacity(cycles.iter().map(Vec::len).sum());
        for cycle in cycles {
            starts.push(path.len());
            path.extend(cycle);
        }
        Tour {
            shape: Shape::Tourney { starts },
            ..Tour::new(board, path, true)
        }
    }

    /// The path `path` (closed: a cycle, its first cell not repeated) over some cells
    /// of `board`, claimed to have no two leaps crossing. Nothing is checked here: see
    /// [`crate::verify`].
    pub fn uncrossed(board: Board, path: Vec<u32>, closed: bool) -> Tour {
        Tour {
            shape: Shape::Uncrossed { claim: None },
            ..Tour::new(board, path, closed)
        }
    }

    /// The number of leaps the file of an uncrossed path claims, which
    /// [`crate::verify`] checks (ignored on other shapes).
    pub fn with_claim(mut self, leaps: u64) -> Tour {
        if let Shape::Uncrossed { claim } = &mut self.shape {
            *claim = Some(leaps);
        }
        self
    }

    /// The same cells as a tourney: a closed tour is a tourney of one cycle.
    pub fn into_tourney(self) -> Tour {
        self.path(); // written out: the grid a walk reads is dropped
        let starts = if self.is_empty() { Vec::new() } else { vec![0] };
        Tour {
            shape: Shape::Tourney { starts },
            closed: true,
            walk: None,
            grid: OnceLock::new(),
            ..self
        }
    }

    /// Which kind of walk the tour claims to be.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Whether it claims to be a tourney (cycles covering the board).
    pub fn is_tourney(&self) -> bool {
        matches!(self.shape, Shape::Tourney { .. })
    }

    /// Whether it claims to be an uncrossed path.
    pub fn is_uncrossed(&self) -> bool {
        matches!(self.shape, Shape::Uncrossed { .. })
    }

    /// The cycles of a tourney, each a piece of the path; a tour or an uncrossed path
    /// is its one piece.
    pub fn cycles(&self) -> Vec<&[u32]> {
        let path = self.path();
        match &self.shape {
            Shape::Tourney { starts } => (starts.iter().enumerate())
                .map(|(i, &s)| &path[s..starts.get(i + 1).copied().unwrap_or(path.len())])
                .collect(),
            _ => vec![path],
        }
    }

    /// The leaps walked: between consecutive cells (of each cycle), and back to the
    /// first when closed.
    pub fn leaps(&self) -> u64 {
        let n = self.len() as u64;
        if self.closed {
            n
        } else {
            n.saturating_sub(1)
        }
    }

    /// The tour that `walk` of `grid` traced (closed when `closed`), whose path is
    /// written out only when asked for. Nothing is checked here: [`crate::verify`]
    /// proves the grid and walks it again itself.
    pub fn walked(board: Board, grid: MoveGrid, walk: Trace, closed: bool) -> Tour {
        Tour {
            board,
            closed,
            path: OnceLock::new(),
            walk: Some(walk),
            algorithm: String::new(),
            sections: None,
            grid: OnceLock::from(Some(grid)),
            shape: Shape::Tour,
        }
    }

    /// Names the construction that made this tour.
    pub fn with_algorithm(mut self, name: impl Into<String>) -> Tour {
        self.algorithm = name.into();
        self
    }

    /// The same visiting order on the board glued as `topology` says (a tour of the
    /// plane is one of every band and torus of its size).
    ///
    /// From the plane, the tour keeps its move grid and its unwritten walk: every leap
    /// of the plane is the same leap there (in the same direction, to the same cell), so
    /// the grid's bits mean the same moves and the walk is the grid's walk there too
    /// (issue 39: the path of a 20000x20000 cylinder's tour, written out and its grid
    /// made again from it, step by step, cost 1.6 GB and 30 s). From any other
    /// topology the path is written out and the grid dropped: a leap across a seam is
    /// no leap of the plane.
    pub fn with_topology(mut self, topology: crate::board::Topology) -> Tour {
        let board = self.board.clone().with_topology(topology);
        if self.board.topology() == crate::board::Topology::Plane {
            if let Some(grid) = self.take_grid() {
                return Tour {
                    grid: OnceLock::from(Some(grid.on_board(board.clone()))),
                    board,
                    ..self
                };
            }
        }
        self.path(); // written out: the walk was of the other board's grid
        Tour {
            board,
            grid: OnceLock::new(),
            walk: None,
            ..self
        }
    }

    /// Attaches section labels (one per step).
    pub fn with_sections(mut self, sections: Sections) -> Tour {
        self.sections = Some(sections);
        self
    }

    /// Attaches the move grid this tour was walked from, so metrics need not rebuild it
    /// ([`crate::verify`] proves it equal to the path). A tour walked from another grid
    /// ([`Tour::walked`]) has its path written out first: its walk is that grid's, and
    /// the proof takes a tour's unwritten walk for the walk of its grid.
    pub fn with_grid(mut self, grid: MoveGrid) -> Tour {
        self.path();
        self.grid = OnceLock::from(Some(grid));
        self
    }

    /// Gives back the grid [`Tour::take_grid`] took, whose walk the tour's still is.
    pub(crate) fn with_own_grid(mut self, grid: MoveGrid) -> Tour {
        self.grid = OnceLock::from(Some(grid));
        self
    }

    /// The grid a construction attached (or one already made from the path).
    pub fn attached_grid(&self) -> Option<&MoveGrid> {
        self.grid.get().and_then(Option::as_ref)
    }

    /// Takes the grid out of the tour, for [`crate::verify`] to prove and keep.
    pub(crate) fn take_grid(&mut self) -> Option<MoveGrid> {
        self.grid.take().flatten()
    }

    /// The walk the path is written from, while it is not written out yet.
    pub(crate) fn unwritten_walk(&self) -> Option<&Trace> {
        match self.path.get() {
            Some(_) => None,
            None => self.walk.as_ref(),
        }
    }

    /// Takes out the walk the path is written from, while it is not written out yet
    /// (for [`crate::verify`], which walks the grid again and gives back its own walk
    /// with [`Tour::set_walk`]).
    pub(crate) fn take_walk(&mut self) -> Option<Trace> {
        match self.path.get() {
            Some(_) => None,
            None => self.walk.take(),
        }
    }

    /// Replaces the walk the path is written from (by [`crate::verify`]'s own walk of
    /// the proven grid).
    pub(crate) fn set_walk(&mut self, walk: Trace) {
        self.walk = Some(walk);
    }

    /// The number of cells visited (without writing the path out).
    pub fn len(&self) -> usize {
        match self.unwritten_walk() {
            Some(w) => w.len(),
            None => self.path().len(),
        }
    }

    /// Whether the tour visits no cell.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first cell and the second, if any (without writing the path out).
    pub(crate) fn first_two(&self) -> Option<(u32, Option<u32>)> {
        let cell = |k: usize| match self.unwritten_walk() {
            Some(w) => (k < w.len()).then(|| w.cell(k)),
            None => self.path().get(k).copied(),
        };
        Some((cell(0)?, cell(1)))
    }

    /// The board toured.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the tour claims to be closed.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Whether the tour claims to be closed or open.
    pub fn kind(&self) -> TourKind {
        TourKind::open_if(!self.closed)
    }

    /// The cells in visiting order (cell numbers, see [`Board::index`]).
    ///
    /// A tour built from its grid writes its path out on the first call (four bytes a
    /// cell, in parallel); a failed allocation of it aborts with a message.
    pub fn path(&self) -> &[u32] {
        self.path.get_or_init(|| match &self.walk {
            Some(w) => w.to_path().unwrap_or_else(|e| panic!("{e}")),
            None => Vec::new(),
        })
    }

    /// Folds `f` over the visiting order in parallel blocks, each given its position
    /// and its cells, and joins the folds with `join`: what reads every cell in order
    /// without writing out the path of a tour built from its grid (four bytes a cell).
    pub fn fold_blocks<A: Send>(
        &self,
        init: impl Fn() -> A + Sync + Send,
        f: impl Fn(A, usize, &[u32]) -> A + Sync + Send,
        join: impl Fn(A, A) -> A + Sync + Send,
    ) -> A {
        use rayon::prelude::*;
        if let Some(walk) = self.unwritten_walk() {
            return walk.fold_blocks(init, f, join);
        }
        const BLOCK: usize = 1 << 16;
        self.path()
            .par_chunks(BLOCK)
            .enumerate()
            .fold(&init, |acc, (b, cells)| f(acc, b * BLOCK, cells))
            .reduce(&init, &join)
    }

    /// The construction that made the tour (empty when unknown).
    pub fn algorithm(&self) -> &str {
        &self.algorithm
    }

    /// Section labels, when the construction recorded them.
    pub fn sections(&self) -> Option<&Sections> {
        self.sections.as_ref()
    }

    /// The tour's moves as one byte of direction bits per cell, or `None` when a step
    /// is not a leap of the board's leaper or the board has more than two sides.
    /// A tourney's grid holds each cycle's moves; an uncrossed path has none.
    pub fn grid(&self) -> Option<&MoveGrid> {
        self.grid
            .get_or_init(|| match &self.shape {
                Shape::Tour => MoveGrid::from_path(&self.board, self.path(), self.closed),
                Shape::Tourney { .. } => MoveGrid::from_cycles(&self.board, &self.cycles()),
                Shape::Uncrossed { .. } => None,
            })
            .as_ref()
    }

    /// The same closed tour entered at `cell`: the cycle turned so that its path starts
    /// there, the section labels turned with it. `None` for an open tour that does not
    /// start at `cell`, a tourney of cycles not starting there, or a cell the path does
    /// not visit.
    pub fn starting_at(self, cell: u32) -> Option<Tour> {
        let k = self.path().iter().position(|&c| c == cell)?;
        if k == 0 {
            return Some(self);
        }
        if !self.closed || self.is_tourney() {
            return None;
        }
        let mut path = self.path().to_vec();
        path.rotate_left(k);
        let sections = self.sections.map(|s| {
            let mut labels = s.labels;
            labels.rotate_left(k);
            Sections::new(s.names, labels)
        });
        Some(Tour {
            path: OnceLock::from(path),
            walk: None,
            sections,
            grid: OnceLock::new(),
            ..self
        })
    }

    /// The same tour with rows and columns swapped (a tour of a board of two sides).
    pub fn transposed(&self) -> Tour {
        let b = &self.board;
        let t = b.transposed();
        let path: Vec<u32> = self
            .path()
            .iter()
            .map(|&c| {
                let (x, y) = b.xy(c);
                t.index(y, x)
            })
            .collect();
        Tour {
            board: t,
            closed: self.closed,
            path: OnceLock::from(path),
            walk: None,
            algorithm: self.algorithm.clone(),
            sections: self.sections.clone(),
            grid: OnceLock::new(),
            shape: self.shape.clone(),
        }
    }
}
