//! `knights`: knight's tours for a catalogue of boards and variants, each proved valid,
//! measured (turns, crossings, lower bounds), drawn and published.
//!
//! Data flows one way: [`construct`] builds a [`Tour`], [`verify`] proves it and returns
//! a [`Verified`] tour, [`metrics`] measures it, and the drawing and publishing modules
//! only accept verified tours.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod atomic;
pub mod bench;
pub mod board;
pub mod construct;
mod error;
pub mod examples;
pub mod exercises;
pub mod format;
pub mod fragments;
pub mod gadget;
pub mod interrupt;
mod kind;
pub mod memory;
pub mod metrics;
pub mod moves;
pub mod render;
pub mod rule_trace;
pub mod site;
pub mod space;
pub mod symmetry;
pub mod tour;
pub mod trace;
pub mod verify;

pub use board::{Board, Leaper, Topology};
pub use error::{Bytes, Error, GaveUp, NoTour, Theorem, TooLarge, Unsupported};
pub use tour::{Sections, Tour, TourKind};
pub use verify::Verified;
