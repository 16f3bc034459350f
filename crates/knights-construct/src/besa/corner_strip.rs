//! Where the corner variant's pieces lie along the left edge of an odd board (the
//! paper's Section 5.2): a strip of [`COLS`] columns, the bottom-left junction in its
//! [`JUNCTION_ROWS`] bottom rows, the top-left corner in its top [`top_rows`], a
//! left-edge transition every four rows between, each region's rows one lower in
//! columns 3 and 4 ([`skew`]). The construction pastes the pieces of `corner.toml`
//! there; the search that found them (knights-lab, `knights gadgets corner`) cuts the
//! same regions out of the formation tour.

use super::Cell;

/// Columns of the odd board the regions along the left edge re-cover.
pub const COLS: i32 = 5;

/// The bottom row of the first left-edge transition; the rows below are the junction's.
pub const JUNCTION_ROWS: i32 = 7;

/// The move next to the empty corner, `(0, 1)`-`(2, 0)`, that the quarter-turn join
/// deletes from each quadrant (its transpose is the paper's edge): the junction piece
/// must hold it.
pub const CORNER_MOVE: (Cell, Cell) = ((0, 1), (2, 0));

/// Each region's rows start one lower in columns 3 and 4 than in columns 0 to 2: the
/// diagonals leave the two inner edge columns one row down, so the regions are closed
/// under the tour's moves along the edge and the transitions tile the strip.
pub fn skew(x: i32) -> i32 {
    -((x >= 3) as i32)
}

/// The rows of the top-left region for a board of height `h`: 4 under corner
/// sequence 0 (`h = 3 mod 4`), 6 under sequence 2 (`h = 1 mod 4`).
pub fn top_rows(h: u32) -> i32 {
    if h % 4 == 3 {
        4
    } else {
        6
    }
}
