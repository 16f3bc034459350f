//! The formation algorithm: Algorithm 1 of Besa, Johnson, Mamano, Osegueda and
//! Williams, "Taming the Knight's Tour: Minimizing Turns and Crossings" (arXiv:1904.02824),
//! with the plain heel; docs/formation.md gives the piece encoding and placement rules.
//!
//! Four knights move as a 2x2 quartet along diagonals from a junction in the
//! bottom-left corner to one in the top-right corner; heels turn them along the top
//! and bottom edges, double straight-up moves along the left and right edges, and the
//! two junctions tie the four knights' paths into one cycle. Every cell's two moves
//! depend only on the board's size and the cell (the paper's Section 3.2), so
//! [`cell_moves`] answers in constant time and the move grid is filled in parallel,
//! row by row; the tour is then walked from the bottom-left cell.
//!
//! Boards: one even side of at least 16 and the other at least 12. When only the
//! height qualifies, the construction runs on the transposed board and each move
//! `(dx, dy)` becomes `(dy, dx)`.
//!
//! # Sections
//!
//! The tour is labelled with the eight sections of the paper's Figure 3, named after
//! its colours: "red", "green", "light red", "purple", "blue", "orange", "light blue",
//! "black", in tour order from the bottom-left cell. A junction section is a run of the
//! tour through a junction piece (each junction piece is crossed by exactly two runs);
//! the four others are the formation knights' paths between junctions. Which is which:
//!
//! - "red" is the bottom-left junction run through the bottom-left cell, which sits in
//!   its middle; it joins the top pair of the quartet's starting square (cells (0, 4)
//!   and (1, 4), `(x, y)` from the bottom-left). Lemma 3 of the paper says the tour's
//!   cells 1 to 6 from the bottom-left cell are in the junction, "the red path in
//!   Figure 10", and cell 7 begins the first formation knight, "the black path in
//!   Figure 10"; on this construction that is the direction whose first move is "one
//!   up, two right", ending at (1, 4), with cell 7 at (0, 6). Reading Figure 10 in
//!   Figure 3's palette (both colour the bottom-left junction run red; the figures
//!   themselves were lost), the black knight is the one Figure 3 visits last, so
//!   Figure 3 goes the other way: the tour starts "two up,
//!   one right", runs through the longer half of red to (0, 4), and ends with the black
//!   knight and red's short half (Lemma 3's cells 6 down to 2). The tests check Lemma
//!   3's numbers (cells 7, 23, 47 and 79 on the left edge, cell 85 at row 13, column
//!   13) on the 30x30 board of Figure 3.
//! - "green" is the formation knight leaving (0, 4); it ends in the top-right
//!   junction, whose first run is "light red".
//! - "purple" comes back to the bottom-left junction, whose second run is "blue": it
//!   joins the bottom pair of the starting square, (0, 3) and (1, 3) (the horizontal
//!   matching of the paper's Section 3.1).
//! - "orange" goes to the top-right junction again, whose second run is "light blue",
//!   and "black" (Lemma 3's section S, walked backwards) returns to red at (1, 4).
//!
//! On a transposed board the labels follow the same construction, so the tour is
//! walked so that its first move is the built board's "two up, one right".

mod layout;
mod pieces;
mod sections;
#[cfg(test)]
mod tests;

use rayon::prelude::*;

use super::{Construction, Request};
use crate::board::Leaper;
use crate::moves::MoveGrid;
use crate::{Board, Error, Sections, Tour};

pub use layout::cell_moves;
use layout::Layout;
pub use sections::NAMES as SECTION_NAMES;

/// The formation algorithm of Besa et al.
pub struct Besa;

impl Construction for Besa {
    fn name(&self) -> &'static str {
        "besa"
    }

    fn summary(&self) -> &'static str {
        "the formation algorithm: a knight quartet on diagonals, O(n) turns and crossings, linear time (Besa, Johnson, Mamano, Osegueda, Williams, Taming the Knight's Tour: Minimizing Turns and Crossings, arXiv:1904.02824)"
    }

    fn boards(&self) -> &'static str {
        "closed knight's tours; one even side >= 16, the other >= 12"
    }

    fn check(&self, req: &Request) -> Result<(), Error> {
        let b = &req.board;
        let refuse = |why: String| Err(Error::Unsupported(why));
        if req.open {
            return refuse(
                "the formation algorithm builds closed tours only; besa does not support --open"
                    .into(),
            );
        }
        if b.leaper() != Leaper::KNIGHT {
            return refuse(format!(
                "the formation algorithm moves knights, not the {} leaper",
                b.leaper()
            ));
        }
        if !b.holes().is_empty() {
            return refuse(format!(
                "the formation algorithm needs a full board, and the {b} board has holes"
            ));
        }
        if layout::orientation(b.width(), b.height()).is_none() {
            return refuse(format!(
                "the formation algorithm needs one even side of at least 16 and the other side at least 12, which the {b} board does not have"
            ));
        }
        Ok(())
    }

    fn build(&self, req: &Request) -> Result<Tour, Error> {
        build(&req.board)
    }
}

/// The closed tour of a supported, full board, with its sections and move grid.
fn build(board: &Board) -> Result<Tour, Error> {
    let (w, h) = (board.width(), board.height());
    let layout = Layout::new(w, h).ok_or_else(|| {
        Error::Unsupported(format!(
            "the formation algorithm does not support the {board} board"
        ))
    })?;
    let grid = move_grid(&layout, board);
    let (x1, y1) = layout.first_step();
    let trace = grid.trace(0, Some(board.index(x1, y1)));
    let broken =
        |what: &str| Error::internal(format!("the formation tour of the {board} board {what}"));
    if !trace.closed() || trace.len() as u64 != board.cells() {
        return Err(broken("is not a single cycle"));
    }
    let labels =
        sections::labels(&layout, &trace).ok_or_else(|| broken("does not have eight sections"))?;
    let names = sections::NAMES.iter().map(|s| s.to_string()).collect();
    Ok(Tour::new(board.clone(), trace.into_path(), true)
        .with_sections(Sections::new(names, labels))
        .with_grid(grid))
}

/// Every cell's moves, one row per parallel task.
fn move_grid(layout: &Layout, board: &Board) -> MoveGrid {
    let w = board.width() as usize;
    let mut masks = vec![0u8; board.area() as usize];
    masks
        .par_chunks_mut(w)
        .with_min_len(16)
        .enumerate()
        .for_each(|(y, row)| layout.fill_row(y as u32, row));
    MoveGrid::from_masks(board.clone(), masks).with_straight(layout.straight())
}
