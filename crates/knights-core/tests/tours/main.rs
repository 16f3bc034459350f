//! Tests of core that need real tours: proof, measures, symmetry, the walk of a move
//! grid and the tour files, on tours built by the constructions and stored in
//! `tests/fixtures/` (core cannot build them: the constructions are the layer above
//! it). One test binary, one module per idea.

// Test helpers unwrap as the tests do: a failed unwrap is a failed test (the workspace
// lints forbid it only in the code a user runs).
#![allow(clippy::unwrap_used)]

mod errors;
mod fixtures;
mod format;
mod format_fuzz;
mod metrics;
mod more_sides_metrics;
mod more_sides_verify;
mod symmetry;
mod trace;
mod verify;
