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
//! The tour is labelled with the eight sections of the paper's Figure 3, named by the
//! part of the construction that made them ([`SECTION_NAMES`]); below they go by
//! Figure 3's colours: "red" (bottom-left junction, run 1), "green" (formation knight
//! 1), "light red" (top-right junction, run 1), "purple" (formation knight 2), "blue"
//! (bottom-left junction, run 2), "orange" (formation knight 3), "light blue"
//! (top-right junction, run 2), "black" (formation knight 4), in tour order from the
//! bottom-left cell. A junction section is a run of the
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

pub mod band_edge;
mod corner;
pub mod corner_classes;
pub mod corner_strip;
mod giraffe;
mod heels_only;
mod layout;
pub mod levels;
mod piece_file;
pub mod pieces;
mod sections;
#[cfg(test)]
mod tests;

use rayon::prelude::*;

use super::{Construction, MoreSides, Request};
use knights_core::Leaper;
use knights_core::MoveGrid;
use knights_core::{Board, Error, Sections, Tour, Unsupported};

pub use heels_only::HeelsOnly;
pub use layout::cell_moves;
use layout::Layout;
pub use sections::NAMES as SECTION_NAMES;

/// A cell `(x, y)` of a board, `y` up, as the searched pieces give them; it may lie off
/// the board.
pub type Cell = (i32, i32);

/// The formation algorithm of Besa et al.
pub struct Besa;

/// Every `--variant` besa accepts: the heels, then the boards of the paper's Section 5.
const VARIANTS: [&str; 6] = ["turns", "crossings", "best", "band", "corner", "sym90"];

/// Which heel the construction puts wherever a heel goes (the paper's Section 4.2 and
/// the gadget search of knights-lab, `knights gadgets heel`); the rest of Algorithm 1
/// is the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// The plain heel of formation moves: 9.5n + O(1) turns, 13n + O(1) crossings.
    Plain,
    /// The paper's 21-turn heel: 9.25n + O(1) turns (and 12.75n + O(1) crossings).
    Turns,
    /// The paper's 28-crossing heel: 12n + O(1) crossings (and 9.5n + O(1) turns).
    Crossings,
    /// The project's 21-turn, 27-crossing heel: 9.25n + O(1) turns and 11.75n + O(1)
    /// crossings at once; and the corners the corner search found (see
    /// [`corner_classes`]).
    Best,
    /// The best tour with the band integer program's edge band along most of the top and
    /// bottom edges (20 turns per 8 columns, see [`band_edge`]): 9n + O(1) turns.
    Band,
}

impl Variant {
    /// The names `--variant` accepts, in the order of [`Variant::ALL`] after `Plain`.
    pub const NAMES: [&'static str; 4] = ["turns", "crossings", "best", "band"];

    /// The variant a request names (`None` for no variant); `None` for an unknown name.
    pub fn named(name: Option<&str>) -> Option<Variant> {
        match name {
            None => Some(Variant::Plain),
            Some("turns") => Some(Variant::Turns),
            Some("crossings") => Some(Variant::Crossings),
            Some("best") => Some(Variant::Best),
            Some("band") => Some(Variant::Band),
            Some(_) => None,
        }
    }

    /// Its heel piece.
    pub fn heel(self) -> &'static str {
        match self {
            Variant::Plain => "heel",
            Variant::Turns => "heel_turns",
            Variant::Crossings => "heel_crossings",
            Variant::Best | Variant::Band => "heel_best",
        }
    }

    /// Whether its corners are the ones the corner search found.
    pub(crate) fn corners(self) -> bool {
        matches!(self, Variant::Best | Variant::Band)
    }

    /// Whether it lays the edge band of [`band_edge`] along the top and bottom edges.
    pub(crate) fn band(self) -> bool {
        self == Variant::Band
    }

    /// The piece of the cells just outside its heel that it changes, if any.
    pub fn heel_ports(self) -> Option<&'static str> {
        self.corners().then_some("heel_best_ports")
    }
}

impl Construction for Besa {
    /// Closed tours only (the formation closes every tour).
    fn opens(&self) -> bool {
        false
    }
    fn name(&self) -> &'static str {
        "besa"
    }

    fn summary(&self) -> &'static str {
        "the formation algorithm: a quartet of leapers on diagonals (knights; giraffes with --leaper 1,4), O(n) turns and crossings, linear time (Besa, Johnson, Mamano, Osegueda, Williams, Taming the Knight's Tour: Minimizing Turns and Crossings, arXiv:1904.02824)"
    }

    fn boards(&self) -> &'static str {
        "closed knight's tours; one even side >= 16, the other >= 12; corner: both sides odd, one >= 17, the other >= 13, missing the bottom-left cell; sym90: n x n, n = 4k + 2 >= 34, invariant under a quarter turn; --leaper 1,4: the giraffe's tour of w x h, w = 32k + 20, h = 8l + 14 (k, l >= 1)"
    }

    fn variants(&self) -> &'static [&'static str] {
        &VARIANTS
    }

    fn reshapes(&self, variant: &str) -> bool {
        variant == "corner"
    }

    fn more_sides(&self) -> Option<MoreSides> {
        Some(MoreSides {
            summary: "the formation algorithm on every level (Besa et al., Section 5.1)",
            boards: "one of the first two sides even and >= 16, the other >= 12; closed; knight",
        })
    }

    fn check(&self, req: &Request) -> Result<(), Error> {
        let b = &req.board;
        if b.dims() > 2 {
            return levels::check_request(req);
        }
        let refuse = |why: String| Err(Unsupported::new(self.name(), b, why).into());
        if req.open {
            return refuse(
                "the formation algorithm builds closed tours only; besa does not support --open"
                    .into(),
            );
        }
        if b.leaper() == Leaper::GIRAFFE {
            if req.variant.is_some() {
                return refuse(
                    "the giraffe's formation tour has no variants; leave out --variant".into(),
                );
            }
            if !b.holes().is_empty() {
                return refuse(format!(
                    "the giraffe's formation tour needs a full board, and the {b} board has holes"
                ));
            }
            return match giraffe::refusal(b.width(), b.height()) {
                Some(why) => refuse(why),
                None => Ok(()),
            };
        }
        if b.leaper() != Leaper::KNIGHT {
            return refuse(format!(
                "the formation algorithm moves knights, not the {} leaper",
                b.leaper()
            ));
        }
        if req.variant.as_deref() == Some("corner") {
            let corner_hole = b.holes().is_empty() || b.holes() == [b.index(0, 0)];
            if !corner_hole {
                return refuse(format!(
                    "the corner variant misses the bottom-left cell only, and the {b} board has other holes"
                ));
            }
            return match corner::refusal(b.width(), b.height()) {
                Some(why) => refuse(format!(
                    "the corner variant of the formation algorithm cannot tour the {b} board: {why}"
                )),
                None => Ok(()),
            };
        }
        if !b.holes().is_empty() {
            return refuse(format!(
                "the formation algorithm needs a full board, and the {b} board has holes"
            ));
        }
        if req.variant.as_deref() == Some("sym90") {
            return match corner::sym90_refusal(b.width(), b.height()) {
                Some(why) => refuse(format!(
                    "the quarter-turn symmetric formation tour cannot tour the {b} board: {why}"
                )),
                None => Ok(()),
            };
        }
        if layout::orientation(b.width(), b.height()).is_none() {
            return refuse(format!(
                "the formation algorithm needs one even side of at least 16 and the other side at least 12, which the {b} board does not have"
            ));
        }
        Ok(())
    }

    fn build(&self, req: &Request) -> Result<Tour, Error> {
        if req.board.dims() > 2 {
            return levels::tour(req);
        }
        if req.board.leaper() == Leaper::GIRAFFE {
            return giraffe::build(&req.board);
        }
        match req.variant.as_deref() {
            Some("corner") => return corner::build(&req.board),
            Some("sym90") => return corner::build_sym90(&req.board),
            _ => {}
        }
        let variant = Variant::named(req.variant.as_deref()).ok_or_else(|| {
            super::unchecked_variant(self, req.variant.as_deref().unwrap_or_default())
        })?;
        build(&req.board, variant)
    }
}

/// The turns and crossings of the variant's tour of a `w x h` board, counted from the
/// layout without building the board (time linear in the side, a few kilobytes per
/// thread; see [`knights_core::metrics::structure`]), for boards up to `u32::MAX` on a side;
/// `None` when the algorithm does not support the board. Equal to the counts of the
/// built tour on every buildable board (tested on whole sweeps of sizes).
pub fn structure_counts(w: u32, h: u32, variant: Variant) -> Option<(u64, u64)> {
    structure_counts_reporting(w, h, variant, &|_, _| {})
}

/// [`structure_counts`], telling `report` how far the count is (blocks counted, of how
/// many).
pub fn structure_counts_reporting(
    w: u32,
    h: u32,
    variant: Variant,
    report: &(dyn Fn(u64, u64) + Sync),
) -> Option<(u64, u64)> {
    let layout = Layout::new(w, h, variant)?;
    Some(knights_core::metrics::structure::count_reporting(
        w,
        h,
        Leaper::KNIGHT,
        &layout.straight(),
        |x, y| layout.moves(x, y),
        report,
    ))
}

/// The closed tour of a supported, full board, with its sections and move grid.
pub fn build(board: &Board, variant: Variant) -> Result<Tour, Error> {
    let (w, h) = (board.width(), board.height());
    let layout = Layout::new(w, h, variant).ok_or_else(|| {
        Error::from(Unsupported::new(
            Besa.name(),
            board,
            format!("the formation algorithm does not support the {board} board"),
        ))
    })?;
    let grid = move_grid(&layout, board)?;
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
    // The path is written out only if asked for: proving and measuring need the grid.
    Ok(Tour::walked(board.clone(), grid, trace, true).with_sections(Sections::new(names, labels)))
}

/// Every cell's moves, one row per parallel task; a failed allocation is an error.
fn move_grid(layout: &Layout, board: &Board) -> Result<MoveGrid, Error> {
    let w = board.width() as usize;
    let what = format!("the move grid of the {board} board");
    let mut masks = knights_core::memory::try_vec(board.area() as usize, 0u8, &what)?;
    masks
        .par_chunks_mut(w)
        .with_min_len(16)
        .enumerate()
        .for_each(|(y, row)| layout.fill_row(y as u32, row));
    Ok(MoveGrid::from_masks(board.clone(), masks).with_straight(layout.straight()))
}
