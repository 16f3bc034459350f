//! Tests of core that need real tours: proof, measures, symmetry, the walk of a move
//! grid and the tour files, on tours built by the constructions and stored in
//! `tests/fixtures/` (core cannot build them: the constructions are the layer above
//! it). As render's tests do, they read the files from inside the crate, so they test
//! its private parts as well as its public ones. One module per idea.

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
