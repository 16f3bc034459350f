//! `knights-lab`: the searches that made the data the constructions keep in the
//! repository, apart from the product. `knights-construct` builds tours from stored
//! pieces, tiles and motifs and never runs a search to make them; the searches live
//! here, with the tests that run them again and compare what they find with the stored
//! files byte for byte (`KNIGHTS_REGENERATE=1` writes the files instead:
//! docs/regenerating.md). Every stored file names the command that makes it again.
//!
//! - [`gadget`]: the exhaustive gadget search (a region of a tour re-covered by its
//!   knights, scored by turns and crossings).
//! - [`besa`]: the formation algorithm's searched pieces: the heels, the corner
//!   variant's pieces, the best tour's corners and the corners between levels
//!   (`knights gadgets`).
//! - [`giraffe`]: the SAT search of the giraffe's formation pieces (`giraffe.toml`,
//!   `knights gadgets giraffe`).
//! - [`motif`]: the motif designer, an integer program solved by HiGHS behind the
//!   `motif` cargo feature (`knights motif`); the motifs it found are stored in
//!   knights-construct, and the tests here recount them and find the small ones again.
//! - [`optimum`]: exact optima (fewest turns, fewest crossings, longest uncrossed
//!   path) by integer programming on the motif solver (`knights optimum`).
//! - `tiles`: the searches that found the stored tiles of Parberry's divide and
//!   conquer and of the stitched tours (knights-construct's engine, its tile rule).
//! - [`bench()`]: `knights bench`, the constructions timed against a memory baseline.
//! - [`sample`]: `knights stats`, a construction studied over many seeded tours.
//!
//! The dependency runs one way: this crate uses `knights-construct` (the tours the
//! searches cut regions from, the stored data they are compared with), and nothing in
//! the product depends on it but the command line and the gallery's search page.

// The searches, one public module each: every module is the facade of its search (its
// own files private behind it), and they stay modules because their names read best
// under the search's name and clash between searches (`motif::Spec`, `optimum::Spec`,
// `gadget::Spec`; `besa::SearchError`, `giraffe::SearchError`).
pub mod besa;
pub mod gadget;
pub mod giraffe;
pub mod motif;
pub mod optimum;

// The tiles' searches: only their tests run them, to compare with the stored tiles.
#[cfg(test)]
mod tiles;

// The constructions timed and studied: `knights bench` and `knights stats`.
mod bench;
mod stats;

#[cfg(test)]
mod stored;

pub use bench::run as bench;
pub use stats::{histogram, sample, sample_reporting, Stats, MAX_SAMPLES};
