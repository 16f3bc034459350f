//! Placeholder: turns and crossings (being written).
use serde::Serialize;

use crate::tour::Tour;

/// What a tour measures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Metrics {
    /// Cells visited.
    pub cells: u64,
    /// Closed or open.
    pub closed: bool,
    /// Turns (Definition 1 of Besa et al.).
    pub turns: u64,
    /// Crossings (Definition 2 of Besa et al.).
    pub crossings: u64,
}

/// Measures a tour.
pub fn measure(tour: &Tour) -> Metrics {
    Metrics {
        cells: tour.path().len() as u64,
        closed: tour.is_closed(),
        turns: 0,
        crossings: 0,
    }
}
