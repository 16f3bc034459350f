//! Tests of the core layer (verify, metrics, the formats, boards of more sides) that need
//! real tours: they live here because core cannot depend on the constructions.

mod error;
mod format;
mod format_fuzz;
mod metrics;
mod space_metrics;
mod space_verify;
mod symmetry;
mod trace;
mod verify;
