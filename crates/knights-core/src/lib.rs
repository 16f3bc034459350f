//! `knights-core`: what every other layer of `knights` stands on. A board, a tour on it,
//! the proof that a tour is one ([`verify`], which returns a [`Verified`] tour), its
//! measures ([`metrics`]), and the tour file formats.
//!
//! No construction, no drawing, no templates, no HTTP: a caller who only proves or
//! measures tours compiles this crate alone.
//!
//! The groups of modules below come in the order a tour goes through them: the board, the tour
//! on it, its proof, its measures, its file; then what every layer shares.

// The board and what lies on it: the board (its leaper and topology, any number of
// sides), the kind of tour, the moves, a part of the board, the tour and its shape (a
// tour, a tourney, an uncrossed path: one claim), and the walk from a move grid to a
// visiting order.
mod board;
mod kind;
mod moves;
mod region;
mod shape;
mod tour;
mod trace;

// The types of the modules above are re-exported below; the modules from here on are
// public as families of functions named by what they do to a tour (`verify::verify`,
// `metrics::measure`, `format::parse`, `atomic::write_bytes`).

// The proof and the measures.
pub mod magic;
pub mod metrics;
pub mod symmetry;
pub mod verify;

// Reading and writing tours.
pub mod format;

// What every layer shares: the errors, memory limits, interrupt-safe file writing,
// bounded reading of the user's files.
pub mod article;
pub mod atomic;
mod error;
pub mod files;
pub mod interrupt;
pub mod memory;

// Small tours that can be checked by hand.
pub mod examples;

// Tests that need real tours, read from `tests/fixtures/`.
#[cfg(test)]
mod stored_tours;

pub use board::{sides, sides_written, Board, Leaper, Topology, MAX_SIDES};
pub use error::{
    BadBoard, BadField, BadOption, Bytes, Coords, Error, Failure, GaveUp, Named, NoTour,
    PathProblem, Theorem, TooLarge, Unknown, Unsupported,
};
pub use moves::MoveGrid;
pub use region::Region;
pub use tour::{Sections, Shape, Tour, TourKind};
pub use trace::{Straight, Stretch, Trace};
pub use verify::Verified;
