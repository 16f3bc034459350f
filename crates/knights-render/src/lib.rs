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
// or as an overview, and how a walk-through plays. `theme` is public: a theme's parts
// (`theme::Page`, `theme::Size`, `theme::BUILT_IN`) read best under its name.
mod colour;
mod layers;
mod options;
mod palette;
mod paper;
mod shade;
mod steps;
pub mod theme;

// Where things go: the frame from cells to points, and the tour as a walk of moves
// coloured by section.
mod frame;
mod path;

// The parts of a drawing: the layers (each one type, listed once in `layers`), the
// marks and text they and the other drawings draw with, and the legend that says what
// they mean.
mod legend;
mod markers;
mod overview;
mod seam;
mod sheet;
mod squares;
mod text;

// The same parts for figures drawn outside this crate (the teaching figures): a facade.
pub mod parts;

// The document: of a board of two sides, of three or more (its levels side by side,
// or stacked in isometric projection), and a band's 3-D model; the drawing made of
// it, within the renderer's budget; charts and numbered squares.
mod budget;
mod chart;
mod document;
mod drawing;
mod figure;
mod isometric;
mod numbered;

// A band's 3-D model, with entry points of its own (`band3d::stl`,
// `band3d::projection`); the levels of a board of three or more sides, tourneys and
// uncrossed paths, which are branches of `Drawing::new`.
pub mod band3d;
mod levels;
mod tourney;
mod uncrossed;

// Out of the document: the fonts (and the table of the font's widths that text is
// measured with), PNG (whole, or tiled as an image pyramid) and PDF
// (one drawing, or pages of them); the boxes of a laid-out page, read back (public for
// the tests of pages laid out elsewhere). `font` and `raster` are public for the benches,
// which time the raster pipeline's steps against baselines made of them; `tiles` for
// the pyramid (`tiles::Level`, `tiles::TILE`).
pub mod boxes;
pub mod font;
mod pages;
mod pdf;
pub mod raster;
pub mod tiles;
mod widths;
mod zlib;

// The audit of a finished figure (`audit`): text over text or marks, elements outside
// the figure, lines and type too thin to print, faint strokes, a legend that does not
// match its marks, a series hidden under another; each kind one type, listed once.
mod audit;

// User text in documents: the characters XML forbids shown as control pictures.
mod xml;

// The walk-through: an animated SVG, and its steps as a GIF or numbered PNG frames
// (public: `frames::gif`, `frames::png`, `frames::check_cost` read best under it).
mod animate;
pub mod frames;

// Small tours for the tests.
#[cfg(test)]
mod fixtures;

pub use figure::{Insets, MAX_INSETS, MOST_ASPECT};
pub use knights_core::Region;
pub use layers::{Layer, Layers, Show};
pub use options::Options;
pub use overview::{detail_sides, spots_of, Spot, Style};
pub use paper::{Paper, LINE_PT, TYPE_PT};
pub use steps::{Repeat, Steps, Timing, MAX_STEPS};
pub use theme::{section_colour, Theme};

pub use budget::{check_before, MAX_ELEMENTS, MAX_SQUARES_SIDE};
pub use drawing::{svg_to_pdf, svg_to_png, Drawing, Format};

pub use chart::{chart, Bars, Heat, Panel};
pub use isometric::isometric;
pub use levels::some_levels;
pub use numbered::{lettered, numbered, Sums};

pub use pages::{pdf as pdf_pages, pdf_reporting as pdf_pages_reporting};
pub use raster::{Resolution, DEFAULT_DPI};
pub use shade::{route_ink, SPARSE_INK};

pub use animate::{Walkthrough, FRAME_DPI};
pub use audit::{audit, Finding, Report};
pub use xml::xml_safe;
