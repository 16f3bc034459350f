//! Leslie-Hurd's stitched tours (Joe Leslie-Hurd, "Large Knight's Tours"; docs/stitch.md): the board is cut
//! into special tiles, closed 6x6 tours inside and 6..=11-sided ones on the right and
//! bottom edges, and each tile is joined to the next along a spiral through the grid
//! of tiles by swapping two leaps. Both sides must be at least 6. When both sides are
//! odd the bottom-right tile is an open tour and so is the result (no closed tour
//! exists); otherwise the tour is closed. Linear time: copy the tiles in, make one
//! swap per tile, walk the moves.
//!
//! Sections: every step is labelled by its tile, coloured by two parities: the ring of
//! the spiral the tile lies on (counted from the outside) and its place along that
//! ring. Four names, and tiles that share a side never share a colour.

mod layout;
mod spiral;
pub mod tiles;

use rayon::prelude::*;

use super::{Construction, Request};
use knights_core::Leaper;
use knights_core::MoveGrid;
use knights_core::Trace;
use knights_core::{Board, Error, Sections, Tour, TourKind, Unsupported};
use layout::Layout;

/// Closed 6x6 tiles stitched along a spiral (Leslie-Hurd).
pub struct Stitch;

impl Construction for Stitch {
    /// At the peak, the path, the stitched pieces' sections and the proof's grid: 10.4 bytes a
    /// cell measured at 7000x7000 (RSS), rounded up.
    fn bytes_per_cell(&self, _req: &Request) -> u64 {
        crate::parberry::BYTES_PER_CELL
    }
    fn name(&self) -> &'static str {
        "stitch"
    }
    fn summary(&self) -> &'static str {
        "closed 6x6 tiles (6..11 on the right and bottom edges) stitched along a spiral (Leslie-Hurd, Large Knight's Tours)"
    }
    fn boards(&self) -> &'static str {
        "knight, both sides at least 6: closed when a side is even, open when both are odd"
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        check(&req.board, req.open)
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        build(&req.board)
    }
}

/// `Ok` when stitching gives the tour asked for on `board`, else the one-line reason.
fn check(board: &Board, open: bool) -> Result<(), Error> {
    let refuse = |why: String| {
        let name = Stitch.name();
        Err(Unsupported::new(name, board, format!("{name}: {why}")).into())
    };
    if board.leaper() != Leaper::KNIGHT {
        return refuse(format!(
            "its tiles are knight's tours, not tours of the {} leaper",
            board.leaper()
        ));
    }
    if !board.holes().is_empty() {
        return refuse(format!(
            "it tours full boards only, and {board} has missing cells"
        ));
    }
    let (w, h) = (board.width(), board.height());
    if w.min(h) < tiles::MIN {
        return refuse(format!(
            "it needs both sides at least 6 (its tiles are 6x6 to 11x11), and {board} has a side of {}",
            w.min(h)
        ));
    }
    let odd = w % 2 == 1 && h % 2 == 1;
    if open && !odd {
        return refuse(format!(
            "it gives an open tour only when both sides are odd; on {board} it gives a closed tour (drop --open)"
        ));
    }
    if !open && odd {
        return refuse(format!(
            "{board} has both sides odd, so no closed tour exists (Schwenk 1991); stitch gives an open one with --open"
        ));
    }
    Ok(())
}

/// The stitched tour of `board` (checked by [`check`]): it starts in the bottom-right
/// corner, where the open tour of an odd board has its end.
fn build(board: &Board) -> Result<Tour, Error> {
    let layout = Layout::new(board.width(), board.height());
    let mut masks = layout.lay(board)?;
    let spiral = layout.spiral();
    for (a, b) in spiral.tiles().zip(spiral.tiles().skip(1)) {
        layout.join(&mut masks, board, a, b);
    }
    let grid = MoveGrid::from_masks(board.clone(), masks);
    let kind = TourKind::open_if(board.width() % 2 == 1 && board.height() % 2 == 1);
    let trace = grid.tour_trace(board.index(board.width() - 1, 0), kind)?;
    let sections = sections(board, &layout, &trace)?;
    // The path is written out only if asked for: proving and measuring need the grid.
    Ok(Tour::walked(board.clone(), grid, trace, kind == TourKind::Closed).with_sections(sections))
}

/// The section names, indexed by `2 * (ring % 2) + (place % 2)`.
const SECTION_NAMES: [&str; 4] = [
    "tiles on even rings, even places",
    "tiles on even rings, odd places",
    "tiles on odd rings, even places",
    "tiles on odd rings, odd places",
];

/// Labels every step with the colour of its tile (see the module comment).
fn sections(board: &Board, layout: &Layout, trace: &Trace) -> Result<Sections, Error> {
    let (cols, rows) = layout.grid();
    let spiral = layout.spiral();
    let colour: Vec<u8> = (0..cols * rows)
        .into_par_iter()
        .map(|t| {
            let (ring, place) = spiral.place(t % cols, t / cols);
            (2 * (ring % 2) + (place % 2) as u32) as u8
        })
        .collect();
    let labels = trace.map_cells("the tour's section labels", |c| {
        let (x, y) = board.xy(c);
        let (i, j) = layout.tile_of(x, y);
        colour[(j * cols + i) as usize]
    })?;
    Ok(Sections::new(
        SECTION_NAMES.map(String::from).to_vec(),
        labels,
    ))
}

#[cfg(test)]
mod tests;
