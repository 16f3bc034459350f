//! Gadget search: replace one region of a tour by the best way its knights can cover it.
//!
//! Section 4.2 of Besa, Johnson, Mamano, Osegueda and Williams, "Taming the Knight's
//! Tour: Minimizing Turns and Crossings" (2020) improves its formation tours by letting
//! the four knights break formation inside each heel: an exhaustive search over every
//! way four knight paths can cover the heel's cells, from the knights' cells before the
//! heel to their cells after it, scored by the turns and crossings the whole tour then
//! has. This module is that search for any region of any tour:
//!
//! - [`Spec`] names the region, the knights' cells just before and after it, the tour
//!   around it, and whether the region repeats (a heel every eight columns);
//! - [`Problem`] checks the spec against the tour and precomputes the candidate moves
//!   and which pairs of moves cross (inside the region, against the fixed moves around
//!   it, against the region's own copies), so a solution's score is a sum over its
//!   moves;
//! - [`search`] enumerates every solution and keeps the Pareto front of (turns,
//!   crossings), with a tally of all scores.
//!
//! A solution's score is what it adds to the tour: the turns at the region's cells and
//! at the knights' cells just outside it (whose outer move is fixed), and the crossings
//! of its moves with each other, with every fixed move of the tour, and with the moves
//! of the next copies of the region. With the plain solution this is exactly what one
//! more region adds to a tour, which the tests check against whole boards.

mod bits;
mod problem;
mod search;

pub use problem::{Cell, Problem, Spec};
pub use search::{search, Ending, Options, Outcome, Solution};
