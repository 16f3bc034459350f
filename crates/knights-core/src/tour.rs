//! Tours: the visiting order of a board's cells, closed or open, with optional per-step
//! section labels that say which part of its construction each step belongs to.
//!
//! A `Tour` is only a claim; [`crate::verify`] turns it into a [`crate::Verified`] tour,
//! which is what drawing and publishing accept.

use std::sync::OnceLock;

use crate::board::Board;
pub use crate::kind::TourKind;
use crate::moves::MoveGrid;

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
    path: Vec<u32>,
    algorithm: String,
    sections: Option<Sections>,
    grid: OnceLock<Option<MoveGrid>>,
}

impl Clone for Tour {
    fn clone(&self) -> Tour {
        Tour {
            board: self.board.clone(),
            closed: self.closed,
            path: self.path.clone(),
            algorithm: self.algorithm.clone(),
            sections: self.sections.clone(),
            grid: OnceLock::new(),
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
            path,
            algorithm: String::new(),
            sections: None,
            grid: OnceLock::new(),
        }
    }

    /// Names the construction that made this tour.
    pub fn with_algorithm(mut self, name: impl Into<String>) -> Tour {
        self.algorithm = name.into();
        self
    }

    /// The same visiting order on the board glued as `topology` says (a tour of the
    /// plane is one of every band of its size). Any attached move grid is dropped.
    pub fn with_topology(self, topology: crate::board::Topology) -> Tour {
        Tour {
            board: self.board.with_topology(topology),
            grid: OnceLock::new(),
            ..self
        }
    }

    /// Attaches section labels (one per step).
    pub fn with_sections(mut self, sections: Sections) -> Tour {
        self.sections = Some(sections);
        self
    }

    /// Attaches the move grid this tour was walked from, so metrics need not rebuild it
    /// ([`crate::verify`] proves it equal to the path).
    pub fn with_grid(mut self, grid: MoveGrid) -> Tour {
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
    pub fn path(&self) -> &[u32] {
        &self.path
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
    /// is not a leap of the board's leaper.
    pub fn grid(&self) -> Option<&MoveGrid> {
        self.grid
            .get_or_init(|| MoveGrid::from_path(&self.board, &self.path, self.closed))
            .as_ref()
    }

    /// The same closed tour entered at `cell`: the cycle turned so that its path starts
    /// there, the section labels turned with it. `None` for an open tour that does not
    /// start at `cell`, or a cell the path does not visit.
    pub fn starting_at(self, cell: u32) -> Option<Tour> {
        let k = self.path.iter().position(|&c| c == cell)?;
        if k == 0 {
            return Some(self);
        }
        if !self.closed {
            return None;
        }
        let mut path = self.path;
        path.rotate_left(k);
        let sections = self.sections.map(|s| {
            let mut labels = s.labels;
            labels.rotate_left(k);
            Sections::new(s.names, labels)
        });
        Some(Tour {
            path,
            sections,
            grid: OnceLock::new(),
            ..self
        })
    }

    /// The same tour with rows and columns swapped.
    pub fn transposed(&self) -> Tour {
        let b = &self.board;
        let t = b.transposed();
        let path = self
            .path
            .iter()
            .map(|&c| {
                let (x, y) = b.xy(c);
                t.index(y, x)
            })
            .collect();
        Tour {
            board: t,
            closed: self.closed,
            path,
            algorithm: self.algorithm.clone(),
            sections: self.sections.clone(),
            grid: OnceLock::new(),
        }
    }
}
