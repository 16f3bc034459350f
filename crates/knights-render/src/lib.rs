//! Drawing tours: a [`Drawing`] is made from a verified tour, its metrics and parsed
//! [`Options`] (a [`Theme`], the layers to [`Show`], a PNG [`Resolution`]). Its SVG
//! document is a pure function of those; PNG (resvg) and vector PDF (svg2pdf) are made
//! from one parsed copy of that document, as bytes: writing files is the caller's
//! business.
//!
//! Reading command-line strings (a theme's name or path, a `--show` list) is the
//! caller's business too: [`Theme::load`] and [`Show::parse`] do it.
//!
//! The groups of modules below come in the order a drawing is made. Those public are the parts
//! that the teaching figures, the gallery and the command line draw with themselves.

// How to draw: the look (a theme and its colours), the layers shown, square by square
// or as an overview, and how a walk-through plays.
mod colour;
mod layers;
mod options;
mod palette;
pub mod steps;
pub mod theme;

// Where things go: the frame from cells to points, and the tour as a walk of moves
// coloured by section.
pub mod frame;
mod path;

// The parts of a drawing: the layers (each one type, listed once in `layers`), the
// marks and text they and the other drawings draw with, and the legend that says what
// they mean.
mod legend;
pub mod markers;
pub mod overview;
mod seam;
mod sheet;
pub mod squares;
pub mod text;

// The document: of a board of two sides, of three or more (its levels side by side,
// or stacked in isometric projection), and a band's 3-D model; the drawing made of
// it, within the renderer's budget.
pub mod band3d;
mod budget;
pub mod chart;
mod document;
mod drawing;
pub mod isometric;
pub mod levels;
pub mod numbered;
mod tourney;
mod uncrossed;

// Out of the document: the fonts, PNG (whole, or tiled as an image pyramid) and PDF
// (one drawing, or pages of them).
pub mod font;
pub mod pages;
mod pdf;
pub mod raster;
pub mod tiles;
mod zlib;

// The walk-through: an animated SVG, and its steps as a GIF or numbered PNG frames.
pub mod animate;
pub mod frames;

// Small tours for the tests.
#[cfg(test)]
mod fixtures;

pub use budget::MAX_ELEMENTS;
pub use drawing::{svg_to_pdf, svg_to_png, Drawing, Format};
pub use knights_core::Region;
pub use layers::{Layer, Layers, Show};
pub use options::Options;
pub use overview::Style;
pub use pages::pdf as pdf_pages;
pub use raster::{Resolution, DEFAULT_DPI};
pub use theme::{section_colour, Theme};
