//! The corner variant of the formation algorithm (Section 5.2 of Besa, Johnson, Mamano,
//! Osegueda and Williams, "Taming the Knight's Tour: Minimizing Turns and Crossings",
//! 2020): a closed tour of an odd `w x h` board that misses its bottom-left cell.
//!
//! Algorithm 1 tours the `(w - 1) x h` board one column to the right; the pieces of
//! `corner.toml` (found by the corner search of knights-lab, `knights gadgets corner`;
//! their regions are [`super::corner_strip`]'s) re-cover the five columns along
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

use super::corner_strip::{skew, top_rows, COLS, JUNCTION_ROWS};
use super::layout::Layout;
use super::pieces::{piece, Piece};
use super::sections::{self, Junctions, Role};
use super::{Besa, Variant};
use crate::Construction;
use knights_core::MoveGrid;
use knights_core::Stretch;
use knights_core::{Board, Error, Sections, Tour};

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
    width: u32,
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
            width: w,
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

/// The junctions of the corner tour: the searched junction piece and the cells of the
/// formation tour's bottom-left junction it leaves alone, and the formation tour's
/// top-right junction, one column right.
impl Junctions for CornerLayout {
    fn junction(&self, c: u32) -> Option<Role> {
        let (x, y) = (c % self.width, c / self.width);
        if at(self.junction, 0, x, y) != 0 {
            return Some(Role::BottomLeft);
        }
        let h = self.height as i64;
        let repatched = at(self.top, h - top_rows(self.height) as i64 - 1, x, y) != 0
            || self.edge_at(x, y) != 0;
        if x == 0 || repatched {
            return None;
        }
        self.inner.junction(y * (self.width - 1) + x - 1)
    }

    fn clear(&self, _: &Stretch) -> bool {
        false
    }
}

/// The direction bits of the corner variant's two moves at `(x, y)` of an odd `w x h`
/// board (0 at the missing bottom-left cell, off the board, or on a board the variant
/// does not build as it is): the test's oracle for the corner variant's move grid.
#[cfg(test)]
fn corner_cell_moves(w: u32, h: u32, x: u32, y: u32) -> u8 {
    match CornerLayout::new(w, h) {
        Some(l) if fits(w, h) && x < w && y < h => l.moves(x, y),
        _ => 0,
    }
}

/// The board of the corner variant: `board` with its bottom-left cell missing.
pub(super) fn board_of(board: &Board) -> Result<Board, Error> {
    Board::with_leaper(board.width(), board.height(), board.leaper())?.with_holes(&[(0, 0)])
}

/// The moves of the corner variant on `board` (built as it is), its bottom-left cell
/// missing, one row per parallel task.
fn move_grid(board: &Board) -> Result<MoveGrid, Error> {
    let (w, h) = (board.width(), board.height());
    let board = board_of(board)?;
    let layout = CornerLayout::new(w, h)
        .filter(|_| fits(w, h))
        .ok_or_else(|| {
            Error::Unsupported(knights_core::Unsupported::new(
                Besa.name(),
                &board,
                format!(
                    "the corner variant of the formation algorithm does not support the {board} board"
                ),
            ))
        })?;
    let what = format!("the move grid of the {board} board");
    let mut masks = knights_core::memory::try_vec(board.area() as usize, 0u8, &what)?;
    masks
        .par_chunks_mut(w as usize)
        .with_min_len(16)
        .enumerate()
        .for_each(|(y, row)| layout.fill_row(y as u32, row));
    Ok(MoveGrid::from_masks(board, masks))
}

/// Why the quarter-turn variant cannot tour a `w x h` board, naming the rule that
/// fails; `None` when it can.
pub(super) fn sym90_refusal(w: u32, h: u32) -> Option<String> {
    let why = if w != h {
        "the board must be square"
    } else if w % 4 != 2 {
        "the side must be 4k + 2 (no tour is invariant under a quarter turn otherwise)"
    } else if w < 34 {
        "the side must be at least 34, so that each quadrant is an odd board the corner variant tours (17x17 and up)"
    } else {
        return None;
    };
    Some(why.into())
}

/// The closed tour of an `n x n` board (`n = 4k + 2 >= 34`) invariant under a quarter
/// turn (the paper's Section 5.3): the corner variant's tour of the `n/2` square, its
/// missing cell turned to the centre in each quadrant, joined as Parberry joins his.
pub(super) fn build_sym90(board: &Board) -> Result<Tour, Error> {
    let m = board.width() / 2;
    let quadrant = move_grid(&Board::with_leaper(m, m, board.leaper())?)?;
    crate::parberry::sym90_join(&quadrant)
}

/// The closed tour of an odd board missing its bottom-left cell.
pub(super) fn build(board: &Board) -> Result<Tour, Error> {
    let (w, h) = (board.width(), board.height());
    if !fits(w, h) && fits(h, w) {
        return Ok(build(&board.transposed())?.transposed());
    }
    let grid = move_grid(board)?;
    let board = grid.board().clone();
    let trace = grid.trace(board.index(1, 0), None);
    let broken = |what: &str| {
        Error::internal(format!(
            "the corner formation tour of the {board} board {what}"
        ))
    };
    if !trace.closed() || trace.len() as u64 != board.cells() {
        return Err(broken("is not a single cycle"));
    }
    let layout = CornerLayout::new(w, h).ok_or_else(|| broken("has no layout"))?;
    let labels =
        sections::labels(&layout, &trace).ok_or_else(|| broken("does not have eight sections"))?;
    let names = sections::NAMES.iter().map(|s| s.to_string()).collect();
    Ok(Tour::walked(board, grid, trace, true).with_sections(Sections::new(names, labels)))
}

#[cfg(test)]
mod tests {
    use rayon::prelude::*;

    use super::*;
    use crate::Request;
    use knights_core::metrics;
    use knights_core::verify::verify;

    fn corner_tour(w: u32, h: u32) -> Result<Tour, Error> {
        let mut req = Request::closed(Board::new(w, h).unwrap());
        req.variant = Some("corner".into());
        crate::build(&req, Besa.name())
    }

    /// Turns and crossings of the verified corner tour of `w x h`.
    fn measured(w: u32, h: u32) -> (u64, u64) {
        let t = corner_tour(w, h).unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
        assert_eq!(t.board().holes(), [0], "{w}x{h}");
        assert!(t.is_closed());
        // The eight sections of the formation tour, each a non-empty part of the path.
        let s = t
            .sections()
            .unwrap_or_else(|| panic!("{w}x{h}: no sections"));
        assert_eq!(s.names(), sections::NAMES, "{w}x{h}");
        assert_eq!(s.labels().len(), t.path().len());
        let mut seen = [0usize; 8];
        for &l in s.labels() {
            seen[l as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "{w}x{h}: {seen:?}");
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
            let d = knights_core::Leaper::KNIGHT.dir_of(2, -1).unwrap();
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

    fn sym90_tour(n: u32) -> Result<Tour, Error> {
        let mut req = Request::closed(Board::new(n, n).unwrap());
        req.variant = Some("sym90".into());
        crate::build(&req, Besa.name())
    }

    #[test]
    fn every_sym90_board_up_to_90_is_closed_and_invariant_under_a_quarter_turn() {
        let sizes: Vec<u32> = (34..=90).step_by(4).collect();
        let counts: Vec<(u32, u64, u64)> = sizes
            .par_iter()
            .map(|&n| {
                let t = sym90_tour(n).unwrap_or_else(|e| panic!("{n}x{n}: {e}"));
                assert!(t.board().holes().is_empty() && t.is_closed());
                // Sections: the four quadrants, a quarter of the cells each.
                let s = t
                    .sections()
                    .unwrap_or_else(|| panic!("{n}x{n}: no sections"));
                assert_eq!(s.names(), ["NW", "NE", "SE", "SW"]);
                for q in 0..4u8 {
                    let cells = s.labels().iter().filter(|&&l| l == q).count();
                    assert_eq!(cells as u32, n * n / 4, "{n}x{n}: quadrant {q}");
                }
                let v = verify(t).unwrap_or_else(|e| panic!("{n}x{n}: {e:?}"));
                let s = knights_core::symmetry::of_moves(v.grid());
                assert!(s.quarter_turn && s.half_turn, "{n}x{n}: {s:?}");
                let m = metrics::measure(&v);
                (n, m.turns, m.crossings)
            })
            .collect();
        // Each quadrant is a corner tour: sixteen more rows and columns add four times
        // what eight more add to a corner tour (88 turns, 132 crossings).
        for (a, b) in counts.iter().zip(counts.iter().skip(4)) {
            assert_eq!((b.1 - a.1, b.2 - a.2), (4 * 88, 4 * 132), "{a:?} {b:?}");
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
        let e = crate::build(&req, Besa.name()).unwrap_err().to_string();
        assert!(e.contains("other holes"), "{e}");
        req.board = Board::new(17, 13).unwrap().with_holes(&[(0, 0)]).unwrap();
        assert!(crate::build(&req, Besa.name()).is_ok());
        let sym = |n| match sym90_tour(n) {
            Err(Error::Unsupported(m)) => m.reason,
            other => panic!("{n}: {other:?}"),
        };
        assert!(sym(36).contains("4k + 2"));
        assert!(sym(30).contains("at least 34"));
        let mut req = Request::closed(Board::new(34, 38).unwrap());
        req.variant = Some("sym90".into());
        let e = crate::build(&req, Besa.name()).unwrap_err().to_string();
        assert!(e.contains("square"), "{e}");
    }
}
