//! `knights-teach`: knight's tours for the classroom, built on the constructions and
//! drawn with the render crate's parts. Exercises and their printable worksheets,
//! Warnsdorff's rule traced and animated step by step, and the figures that explain
//! the formation construction of Besa et al. piece by piece.

// Exercises on a tour, and the worksheets that print them (`worksheet` is a public
// module of two functions that read best under its name: `worksheet::check` before a
// tour is built, `worksheet::pages` after).
mod exercises;
pub mod worksheet;

// The tour as a permutation cipher: a public module whose functions all are its API
// and read best under its name (`cipher::encode`, `cipher::decode`, `cipher::rows`).
pub mod cipher;

// Warnsdorff's rule, traced and animated.
mod rule;
mod rule_trace;

// The formation construction explained: its pieces as fragments, and their drawing.
mod figures;
mod fragment_drawing;
mod fragments;

pub use exercises::{ciphers as cipher_exercises, make as make_exercises, Exercise, Plan, Task};

pub use rule::animated as animate_rule;
pub use rule_trace::{record as trace_rule, Decision, Event, RuleTrace, SHOWN as RULE_TIE_BREAKS};

pub use figures::{all as formation_figures, Figure};
pub use fragment_drawing::svg as draw_fragments;
pub use fragments::{Fragment, Fragments, Status};

/// A verified tour of the `w x h` board, open or closed, as `auto` builds it: the
/// fixture of the tests that draw or exercise a real tour.
#[cfg(test)]
fn tour(w: u32, h: u32, open: bool) -> knights_core::Verified {
    let mut r = knights_construct::Request::closed(knights_core::Board::new(w, h).unwrap());
    r.open = open;
    knights_core::verify::verify(knights_construct::build(&r, "auto").unwrap()).unwrap()
}
