//! A tour of a board of three or more sides: the visiting order of its cells (linear
//! indices, see [`super::Space::index`]), closed or open, with the construction's name
//! and optional section labels. Only a claim until [`super::verify`] proves it.

use super::Space;
use crate::tour::{Sections, TourKind};

/// A visiting order of the cells of a [`Space`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceTour {
    space: Space,
    path: Vec<u32>,
    closed: bool,
    algorithm: String,
    sections: Option<Sections>,
}

impl SpaceTour {
    /// A tour visiting the cell numbers of `path` in order; `closed` claims the last
    /// cell is a leap from the first. Nothing is checked here.
    pub fn new(space: Space, path: Vec<u32>, closed: bool) -> SpaceTour {
        SpaceTour {
            space,
            path,
            closed,
            algorithm: String::new(),
            sections: None,
        }
    }

    /// Names the construction that made this tour.
    pub fn with_algorithm(mut self, name: impl Into<String>) -> SpaceTour {
        self.algorithm = name.into();
        self
    }

    /// Attaches section labels (one per step).
    pub fn with_sections(mut self, sections: Sections) -> SpaceTour {
        self.sections = Some(sections);
        self
    }

    /// The board toured.
    pub fn space(&self) -> &Space {
        &self.space
    }

    /// The cells in visiting order.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// Whether the tour claims to be closed.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Whether the tour claims to be closed or open.
    pub fn kind(&self) -> TourKind {
        TourKind::open_if(!self.closed)
    }

    /// The construction that made the tour (empty when unknown).
    pub fn algorithm(&self) -> &str {
        &self.algorithm
    }

    /// Section labels, when the construction recorded them.
    pub fn sections(&self) -> Option<&Sections> {
        self.sections.as_ref()
    }
}
