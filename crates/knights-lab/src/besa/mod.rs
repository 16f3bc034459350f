//! The searches behind the formation algorithm's stored pieces (`knights-construct`'s
//! `besa` module reads them): each cuts regions out of a formation tour and re-covers
//! them, and writes what it finds in the encoding of `pieces.toml`.
//!
//! - [`gadgets`]: the heels of the paper's Section 4.2, by the gadget search
//!   (`heels.toml`, `knights gadgets heel`);
//! - [`corner_gadgets`]: the corner variant's left-edge pieces (`corner.toml`,
//!   `knights gadgets corner`);
//! - [`best_corners`]: the four corners of the best tour (`best_corners.toml`,
//!   `knights gadgets best-corners`);
//! - [`levels`]: the corners where the quartet moves between the levels of a board with
//!   more sides (`levels.toml`, `knights gadgets levels`);
//! - [`band`]: a periodic band along an edge as an integer program, the fewest turns
//!   an edge can have (`knights gadgets band`; stores nothing yet).
//!
//! The regions' ports ([`regions`]) and the pieces' encoding ([`encode`]) are shared.

pub mod band;
pub mod best_corners;
pub mod corner_gadgets;
mod encode;
mod error;
pub mod gadgets;
pub mod levels;
mod regions;

pub use error::SearchError;
