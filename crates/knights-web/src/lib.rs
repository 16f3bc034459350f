//! Knight's tours in the browser: the command line's construction, proof, measures and
//! SVG drawing, compiled to a WebAssembly module (`wasm32-unknown-unknown`) that a page
//! or Node loads. One implementation: the module runs knights-core, knights-construct
//! and knights-render's SVG output, not a second one in JavaScript, so a drawing made
//! here is byte for byte the one `knights render` writes for the same options.
//!
//! A request is one string of `key=value` pairs joined by `&`, as in a URL's hash
//! (`board=46x38&algo=besa&show=turns,crossings`): [`Ask::parse`] reads it,
//! [`Explored::build`] builds and proves the tour or tourney it names, and the
//! [`Explored`] measures it, draws it and writes its JSON. `abi` exports these to the
//! module's host as functions taking and giving strings in linear memory
//! (`js/knights.mjs` is the loader).

// The request, read from its string.
mod ask;
// A tour or tourney built, proved, measured, drawn and written.
mod explored;
// The module's exports: strings in and out through linear memory.
#[cfg(target_family = "wasm")]
mod abi;

pub use ask::{Ask, Kind};
pub use explored::Explored;
