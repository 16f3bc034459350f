//! Tests of the formation algorithm, one module per idea: every board in a range is one
//! closed tour that verifies, equals a plain paste of the pieces, and whose turns and
//! crossings match an independent count from the path alone; the paper's own numbers;
//! the constant-time cell moves and the refusals; the structure counts without a
//! built tour; the walk a formation tour holds in place of its path.

mod cells_and_refusals;
mod counting;
mod paper;
mod reference;
mod structure_counts;
mod support;
mod sweeps;
mod walked;
