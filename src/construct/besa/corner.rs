//! The corner variant of the formation algorithm (Section 5.2 of Besa, Johnson, Mamano,
//! Osegueda and Williams, "Taming the Knight's Tour: Minimizing Turns and Crossings",
//! 2020): a closed tour of an odd `w x h` board that misses its bottom-left cell.
//!
//! Algorithm 1 tours the `(w - 1) x h` board one column to the right; the pieces of
//! `corner.toml` (found by [`super::corner_gadgets`]) re-cover the five columns along
//! the left edge, the new column included: the junction in the seven bottom rows, the
//! top corner in the top four or six, and a left-edge transition every four rows
//! between. Each piece joins the tour's ports as the formation tour did, so the result
//! is one cycle without choosing a matching at the junction. Every cell's two moves
//! still follow from the board's size and the cell alone.
//!
//! Boards: both sides odd, the width at least 17 and the height at least 13 (the
//! paper's `w > 16`, `h > 12`); a board that fits only with its sides swapped is built
//! transposed (the missing cell stays in the bottom-left corner).

use rayon::prelude::*;

use super::corner_gadgets::{skew, top_rows, COLS, JUNCTION_ROWS};
use super::layout::Layout;
use super::pieces::{piece, Piece};
use super::Variant;
use crate::moves::MoveGrid;
use crate::{Board, Error, Tour};

/// Why the corner variant cannot tour a `w x h` board, naming the rule that fails;
/// `None` when it can (possibly transposed).
pub(super) fn refusal(w: u32, h: u32) -> Option<String> {
    if fits(w, h) || fits(h, w) {
        return None;
    }
    let why = if w.is_multiple_of(2) || h.is_multiple_of(2) {
        "both sides must be odd (a board with an even side has a full closed tour: drop --variant corner)"
    } else {
        "one side must be at least 17 and the other at least 13 (Section 5.2: w > 16, h > 12)"
    };
    Some(why.into())
}

/// Whether the board is built as it is.
fn fits(w: u32, h: u32) -> bool {
    w % 2 == 1 && h % 2 == 1 && w >= 17 && h >= 13
}

/// Where the pieces of the corner variant go on an odd board.
struct CornerLayout {
    inner: Layout,
    height: u32,
    edge: &'static Piece,
    junction: &'static Piece,
    top: &'static Piece,
}

/// The moves of a piece whose bottom row is at `y0`, at `(x, y)`; 0 off the piece.
fn at(p: &Piece, y0: i64, x: u32, y: u32) -> u8 {
    let row = y0 + p.height() as i64 - 1 - y as i64;
    if x < p.width() && (0..p.height() as i64).contains(&row) {
        p.at(row as u32, x)
    } else {
        0
    }
}

impl CornerLayout {
    /// The layout of an odd `w x h` board the variant builds as it is.
    fn new(w: u32, h: u32) -> Option<CornerLayout> {
        let inner = Layout::new(w - 1, h, Variant::Plain)?;
        let top = if top_rows(h) == 4 {
            "corner_top_seq0"
        } else {
            "corner_top_seq2"
        };
        Some(CornerLayout {
            inner,
            height: h,
            edge: piece("corner_edge", false),
            junction: piece("corner_junction", false),
            top: piece(top, false),
        })
    }

    /// The direction bits of the tour's two moves at `(x, y)`; 0 at the missing cell.
    fn moves(&self, x: u32, y: u32) -> u8 {
        let h = self.height as i64;
        let top = top_rows(self.height) as i64;
        let found =
            at(self.junction, 0, x, y) | at(self.top, h - top - 1, x, y) | self.edge_at(x, y);
        match found {
            0 if x == 0 => 0,
            0 => self.inner.moves(x - 1, y),
            m => m,
        }
    }

    /// The left-edge transition's moves at `(x, y)`, 0 outside the transitions.
    fn edge_at(&self, x: u32, y: u32) -> u8 {
        let rows = JUNCTION_ROWS as i64..self.height as i64 - top_rows(self.height) as i64;
        let yy = y as i64 - skew(x as i32) as i64;
        if x >= COLS as u32 || !rows.contains(&yy) {
            return 0;
        }
        let copy = (yy - JUNCTION_ROWS as i64) / 4;
        at(
            self.edge,
            JUNCTION_ROWS as i64 - 1,
            x,
            (y as i64 - 4 * copy) as u32,
        )
    }

    /// Fills row `y` of the direction masks.
    fn fill_row(&self, y: u32, row: &mut [u8]) {
        for (x, m) in row.iter_mut().enumerate() {
            *m = self.moves(x as u32, y);
        }
    }
}

/// The direction bits of the corner variant's two moves at `(x, y)` of an odd `w x h`
/// board (0 at the missing bottom-left cell, off the board, or on a board the variant
/// does not build as it is).
pub fn corner_cell_moves(w: u32, h: u32, x: u32, y: u32) -> u8 {
    match CornerLayout::new(w, h) {
        Some(l) if fits(w, h) && x < w && y < h => l.moves(x, y),
        _ => 0,
    }
}

/// The board of the corner variant: `board` with its bottom-left cell missing.
pub(super) fn board_of(board: &Board) -> Result<Board, Error> {
    Board::with_leaper(board.width(), board.height(), board.leaper())?.with_holes(&[(0, 0)])
}

/// The closed tour of an odd board missing its bottom-left cell.
pub(super) fn build(board: &Board) -> Result<Tour, Error> {
    let (w, h) = (board.width(), board.height());
    if !fits(w, h) && fits(h, w) {
        return Ok(build(&board.transposed())?.transposed());
    }
    let board = board_of(board)?;
    let layout = CornerLayout::new(w, h)
        .filter(|_| fits(w, h))
        .ok_or_else(|| {
            Error::Unsupported(crate::error::Unsupported::new(
                "besa",
                &board,
                format!(
                    "the corner variant of the formation algorithm does not support the {board} board"
                ),
            ))
        })?;
    let what = format!("the move grid of the {board} board");
    let mut masks = crate::memory::try_vec(board.area() as usize, 0u8, &what)?;
    masks
        .par_chunks_mut(w as usize)
        .with_min_len(16)
        .enumerate()
        .for_each(|(y, row)| layout.fill_row(y as u32, row));
    let grid = MoveGrid::from_masks(board.clone(), masks);
    let (path, closed) = grid.walk(board.index(1, 0));
    if !closed || path.len() as u64 != board.cells() {
        return Err(Error::internal(format!(
            "the corner formation tour of the {board} board is not a single cycle"
        )));
    }
    Ok(Tour::new(board, path, true).with_grid(grid))
}

#[cfg(test)]
mod tests {
    use rayon::prelude::*;

    use super::*;
    use crate::construct::{self, Request};
    use crate::metrics;
    use crate::verify::verify;

    fn corner_tour(w: u32, h: u32) -> Result<Tour, Error> {
        let mut req = Request::closed(Board::new(w, h).unwrap());
        req.variant = Some("corner".into());
        construct::build(&req, "besa")
    }

    /// Turns and crossings of the verified corner tour of `w x h`.
    fn measured(w: u32, h: u32) -> (u64, u64) {
        let t = corner_tour(w, h).unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
        assert_eq!(t.board().holes(), [0], "{w}x{h}");
        assert!(t.is_closed());
        let v = verify(t).unwrap_or_else(|e| panic!("{w}x{h}: {e:?}"));
        let m = metrics::measure(&v);
        assert_eq!(m.cells + 1, (w * h) as u64);
        (m.turns, m.crossings)
    }

    #[test]
    fn every_odd_board_up_to_61_is_one_closed_tour_missing_its_corner() {
        let boards: Vec<(u32, u32)> = (17..=61)
            .step_by(2)
            .flat_map(|w| (13..=61).step_by(2).map(move |h| (w, h)))
            .chain(
                (13..=15)
                    .step_by(2)
                    .flat_map(|w| (17..=61).step_by(2).map(move |h| (w, h))),
            )
            .collect();
        boards.par_iter().for_each(|&(w, h)| {
            measured(w, h);
        });
    }

    #[test]
    fn the_grid_is_the_constant_time_answer_and_holds_the_join_move() {
        for (w, h) in [(17, 13), (23, 23), (45, 45), (31, 19)] {
            let t = corner_tour(w, h).unwrap();
            let g = t.grid().unwrap();
            for c in 0..w * h {
                let (x, y) = (c % w, c / w);
                assert_eq!(g.masks()[c as usize], corner_cell_moves(w, h, x, y));
            }
            // The move (0, 1)-(2, 0) next to the missing cell: dir (2, -1) from (0, 1).
            let d = crate::board::Leaper::KNIGHT.dir_of(2, -1).unwrap();
            assert_eq!(corner_cell_moves(w, h, 0, 1) >> d & 1, 1, "{w}x{h}");
        }
    }

    #[test]
    fn turns_and_crossings_grow_linearly() {
        // n x n for n = 4k + r: the difference per four more rows and columns is the
        // same for every k (two heels top and bottom, one more transition per side).
        for r in [1, 3] {
            let m: Vec<(i64, i64)> = (5..=14)
                .map(|k| {
                    let (t, c) = measured(4 * k + r, 4 * k + r);
                    (t as i64, c as i64)
                })
                .collect();
            let d: Vec<(i64, i64)> = m
                .windows(2)
                .map(|p| (p[1].0 - p[0].0, p[1].1 - p[0].1))
                .collect();
            // Per 8 more: the steps alternate with the top-right junction's height.
            let per8: Vec<(i64, i64)> = d
                .windows(2)
                .map(|p| (p[0].0 + p[1].0, p[0].1 + p[1].1))
                .collect();
            println!("r {r}: {m:?} steps {d:?} per8 {per8:?}");
            assert!(per8.windows(2).all(|p| p[0] == p[1]), "{per8:?}");
        }
    }

    #[test]
    fn refusals_name_the_failing_rule() {
        let msg = |w, h| match corner_tour(w, h) {
            Err(Error::Unsupported(m)) => m.reason,
            other => panic!("{w}x{h}: {other:?}"),
        };
        assert!(msg(18, 13).contains("both sides must be odd"));
        assert!(msg(15, 15).contains("at least 17"));
        assert!(msg(17, 11).contains("at least 13"));
        let mut req = Request::closed(Board::new(17, 13).unwrap().with_holes(&[(3, 3)]).unwrap());
        req.variant = Some("corner".into());
        let e = construct::build(&req, "besa").unwrap_err().to_string();
        assert!(e.contains("other holes"), "{e}");
        req.board = Board::new(17, 13).unwrap().with_holes(&[(0, 0)]).unwrap();
        assert!(construct::build(&req, "besa").is_ok());
    }
}
