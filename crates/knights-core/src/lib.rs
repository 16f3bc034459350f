//! `knights-core`: what every other layer of `knights` stands on. A board, a tour on it,
//! the proof that a tour is one ([`verify`], which returns a [`Verified`] tour), its
//! measures ([`metrics`]), and the tour file formats.
//!
//! No construction, no drawing, no templates, no HTTP: a caller who only proves or
//! measures tours compiles this crate alone.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The board and what lies on it, in the order a tour is made of them.
pub mod board;
mod kind;
pub mod moves;
pub mod region;
pub mod space;
pub mod tour;
pub mod trace;

// The proof and the measures.
pub mod metrics;
pub mod symmetry;
pub mod verify;

// Reading and writing tours.
pub mod format;

// Errors, resources and output that every layer shares.
pub mod atomic;
pub mod error;
pub mod interrupt;
pub mod memory;

// Small tours that can be checked by hand.
pub mod examples;

pub use board::{Board, Leaper, Topology};
pub use error::{
    Bytes, Coords, Error, Failure, GaveUp, NoTour, PathProblem, SpaceFailure, Theorem, TooLarge,
    Unsupported,
};
pub use region::Region;
pub use tour::{Sections, Tour, TourKind};
pub use verify::Verified;
