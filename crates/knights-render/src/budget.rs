//! What a drawing costs, estimated before it is built, so that one too large for this
//! process is refused with the figure instead of aborting on a failed allocation (the
//! SVG) or on usvg's element limit (PNG and PDF).
//!
//! The figures are measured: on a 200x200 stitch tour (37,094 turns, 63,077 crossings)
//! the SVG holds about 6.4 bytes per cell for the path, 47 per turn marker, 56 per
//! crossing disk and 76 per step number, and building it peaks at 17 to 21 times its
//! size; parsing it for PDF peaks at about 40 times its size.

use super::layers::{self, Layer, Layers};
use super::options::Options;
use super::text::MAX_NUMBERED_CELLS;
use super::Format;
use knights_core::metrics::Metrics;
use knights_core::{memory, Board, Error, TooLarge};

/// SVG bytes per cell for the path (and the squares, drawn as a pattern); each
/// layer's marks add their own ([`crate::layers::Kind::bytes`]).
const PER_CELL: u64 = 8;
/// Peak memory while building the SVG, over its size.
const SVG_PEAK: u64 = 22;
/// Peak memory while parsing it into a tree and drawing that, over its size.
const TREE_PEAK: u64 = 42;
/// The most elements usvg parses ("for security reasons"); more is its error.
pub const MAX_ELEMENTS: u64 = 1_000_000;

/// The most squares a side of the drawn part a PNG or PDF draws checkered or ruled
/// (`--show squares`): past it a square is smaller than the picture's pixels (a flat
/// grey), and rasterizing the stripes takes minutes (measured: 3000 squares a side in
/// 1 s, 6000 in 53 s).
pub const MAX_SQUARES_SIDE: u32 = 3000;

/// Refuses, before a tour of `board` visiting `cells` cells is built, read whole or
/// drawn as `opts` say into `format`, what drawing it would refuse or take minutes on:
/// step numbers or degrees in more squares than are read (the refusals the layers
/// make once drawn), and in a PNG or PDF the squares of a drawn part of more than
/// [`MAX_SQUARES_SIDE`] squares a side.
pub fn check_before(
    board: &Board,
    cells: u64,
    opts: &Options,
    format: Format,
) -> Result<(), Error> {
    if board.dims() > 2 {
        return Ok(());
    }
    let layers = opts.layers(board);
    let (w, h) = match &opts.region {
        Some(r) => (r.x1 - r.x0 + 1, r.y1 - r.y0 + 1),
        None => (board.width(), board.height()),
    };
    let limit = MAX_NUMBERED_CELLS as u64;
    let name = board.to_string();
    if layers.has(Layer::Numbers) && cells.min(w as u64 * h as u64) > limit {
        return Err(TooLarge::Numbers { board: name, limit }.into());
    }
    if layers.has(Layer::Degrees) && cells > limit {
        return Err(TooLarge::Degrees { board: name, limit }.into());
    }
    check_band_crossings(board)?;
    if layers.has(Layer::Squares) && format != Format::Svg && w.max(h) > MAX_SQUARES_SIDE {
        return Err(TooLarge::Squares {
            board: name,
            side: w.max(h),
            limit: MAX_SQUARES_SIDE,
        }
        .into());
    }
    Ok(())
}

/// The most leap-against-leap tests a drawing of a band or torus makes to place its
/// crossings (`metrics::crossing_points`, which the crossings layer, its legend and an
/// overview's blocks read): about ten seconds (measured: a (1, 64) leaper's tour of
/// the 200x200 torus, 5.3e9 tests, ran past 120 s).
pub const MAX_BAND_CROSSING_TESTS: u64 = 1_000_000_000;

/// Refuses a band or torus whose crossings' places cost more than
/// [`MAX_BAND_CROSSING_TESTS`]: each of a cell's two leaps is tested against the two
/// leaps of every cell up to one long step across and two up or down. The one check:
/// [`check_before`] makes it from the board alone, before a tour is built, and every
/// drawing (`Drawing::new`) makes it before it places a crossing; a walk-through
/// places none.
pub(crate) fn check_band_crossings(board: &Board) -> Result<(), Error> {
    if !board.topology().wraps() {
        return Ok(());
    }
    let (a, b) = board.leaper().steps();
    let reach = b.max(a) as u64;
    let per_cell = 2 * (2 * reach + 1) * (4 * reach + 1) * 2;
    let tests = board.area().saturating_mul(per_cell);
    if tests <= MAX_BAND_CROSSING_TESTS {
        return Ok(());
    }
    Err(TooLarge::BandCrossings {
        board: board.to_string(),
        leaper: format!("({a}, {b})"),
        per_cell,
        tests,
        limit: MAX_BAND_CROSSING_TESTS,
    }
    .into())
}

/// The SVG's estimated size in bytes.
fn svg_bytes(board: &Board, metrics: &Metrics, layers: Layers) -> u64 {
    board.area() * PER_CELL + layers::bytes(layers, board, metrics)
}

/// Refuses to build a drawing whose SVG would not fit in memory.
pub fn check_svg(board: &Board, metrics: &Metrics, layers: Layers) -> Result<(), Error> {
    let size = svg_bytes(board, metrics, layers);
    memory::check(
        size.saturating_mul(SVG_PEAK),
        &format!("the drawing of the {board} board"),
        &format!(
            "an SVG of about {}: fewer layers with --show, e.g. -turns,-crossings,-numbers, make it smaller",
            memory::human_bytes(size)
        ),
    )
}

/// Refuses to parse `svg` for PNG or PDF when usvg would refuse it or it would not fit
/// in memory.
pub fn check_tree(svg: &str) -> Result<(), Error> {
    let elements = (svg.matches('<').count() - svg.matches("</").count()) as u64;
    let texts = svg.matches("<text").count() as u64;
    if elements + texts > MAX_ELEMENTS {
        return Err(TooLarge::Drawing {
            elements: elements + texts,
            limit: MAX_ELEMENTS,
        }
        .into());
    }
    memory::check(
        (svg.len() as u64).saturating_mul(TREE_PEAK),
        "the PNG or PDF of this drawing",
        &format!(
            "its SVG of {} parsed and drawn",
            memory::human_bytes(svg.len() as u64)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_many_elements_are_refused_with_the_count() {
        let svg = format!("<svg>{}</svg>", "<circle r=\"1\"/>".repeat(1_000_001));
        let e = check_tree(&svg).unwrap_err().to_string();
        assert!(
            e.starts_with("the drawing has 1000002 elements, more than the 1000000"),
            "{e}"
        );
        assert!(check_tree("<svg><text>1</text></svg>").is_ok());
    }
}
