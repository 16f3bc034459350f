//! `knights-teach`: knight's tours for the classroom, built on the constructions and
//! drawn with the render crate's parts. Exercises and their printable worksheets,
//! Warnsdorff's rule traced and animated step by step, and the figures that explain
//! the formation construction of Besa et al. piece by piece.

// Exercises on a tour, and the worksheets that print them.
pub mod exercises;
pub mod worksheet;

// The tour as a permutation cipher.
pub mod cipher;

// Warnsdorff's rule, traced and animated.
pub mod rule;
pub mod rule_trace;

// The formation construction explained: its pieces as fragments, and their drawing.
pub mod figures;
pub mod fragment_drawing;
pub mod fragments;

/// A verified tour of the `w x h` board, open or closed, as `auto` builds it: the
/// fixture of the tests that draw or exercise a real tour.
#[cfg(test)]
fn tour(w: u32, h: u32, open: bool) -> knights_core::Verified {
    let mut r = knights_construct::Request::closed(knights_core::Board::new(w, h).unwrap());
    r.open = open;
    knights_core::verify::verify(knights_construct::build(&r, "auto").unwrap()).unwrap()
}
