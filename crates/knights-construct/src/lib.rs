//! `knights-construct`: every construction of `knights`, one module per family of
//! tours, all behind the [`Construction`] trait, with the search engine and the stored
//! data they rest on (pieces, motifs, tiles). Boards of three or more sides are built by
//! the constructions that say so ([`Construction::more_sides`]: `besa` and
//! `warnsdorff`), which branch inside on the number of sides. The searches that made the stored data are not here but in knights-lab,
//! which depends on this crate (never the other way).
//!
//! Constructions: one module per family of tours, all behind the [`Construction`]
//! trait. Each says which boards it supports and refuses the others with a reason;
//! [`resolve`] checks a request against the construction asked for (or picks one for
//! `auto`), and [`Resolved::build`] runs it.
//!
//! Adding a construction: implement [`Construction`] (name, summary, boards, variants,
//! `check`, `build`) and list it in [`all`]. The registry checks the variant, stamps the
//! name on the tour and checks it is open or closed as asked, so `build` only builds.

// 1. What a user asks for, the trait every construction implements, and the registry
//    that lists them, checks a request against them and builds it.
mod construction;
mod registry;
mod request;

// 2. Which boards have a tour at all, and which fit in memory: a public module because
//    its rules read best under its name (`existence::check`, `existence::check_memory`).
pub mod existence;

// 3. The constructions, by idea (the registry lists them in the order `auto` tries them).
//    Structured tours in linear time, from stored pieces and tiles or a formula; three
//    are public modules, each a facade of what knights-lab's searches remake (the
//    pieces, corners and levels of `besa`, the tiles of `parberry` and `stitch`) and
//    knights-teach draws (`besa`'s pieces).
pub mod besa;
pub mod parberry;
pub mod stitch;
mod torus;

//    Walks and searches: Warnsdorff's rule, its restarts closed by Pósa rotations, plain
//    backtracking, and the searches for magic and for symmetric tours.
mod backtrack;
mod magic;
mod search;
mod symmetric;
mod warnsdorff;

//    Tours of motif blocks (Bosch-Huang): a Hilbert curve, a Fibonacci spiral, a band.
mod band_motif;
mod fibonacci;
mod hilbert;

//    Tourneys (cycles covering the board) and the tours joined from them: public for
//    its generators (`knights tourney`).
pub mod tourney;

// 4. What the constructions rest on: the search engine, the stored motifs, stored data
//    made once. `engine` and `motif` are public for knights-lab, whose tile searches
//    walk the engine and whose motif designer recounts the stored motifs.
pub mod engine;
pub mod motif;
mod once;
// A random index drawn alike on every target (the WebAssembly module's too).
mod pick;

#[cfg(test)]
mod bands_tests;
#[cfg(test)]
mod core_fixtures;
#[cfg(test)]
mod more_sides_tests;

pub use construction::{Construction, MoreSides};
pub(crate) use registry::unchecked_variant;
pub use registry::{all, build, check_exists, resolve, Algo, Part, Refusal, Resolved};
pub use request::{flat_options_refused, Request};
pub use warnsdorff::TieBreak;
