//! Where the band tour (`--variant band`) lays its edge band: the period the band
//! integer program of knights-lab found (`band.toml`, 20 turns per 8 columns against
//! the best heel's 21), repeated over the middle heels of the best tour's bottom edge,
//! and turned over the middle heels of its top edge. The period's leaps run into the
//! next copy, so a run of copies cannot simply stop: at each end a transition piece,
//! found by the same program over a finite window, joins the run to the best heels
//! kept next to the corners (docs/gadgets.md, "Edge bands as an integer program").
//!
//! Along the bottom edge, of the heels `0..n` the first and last [`KEEP`] stay best
//! heels and the copies take the rest; the start transition covers the columns of heels
//! `KEEP - 1` and `KEEP` (the last best heel and the first copy), the end transition
//! those of heels `n - KEEP - 1` and `n - KEEP`. The top edge is the bottom edge turned
//! 180 degrees: the end transition, turned, at its left end, the start one at its right.
//! An edge with fewer than `2 KEEP +` [`LEAST_COPIES`] heels keeps the best heels.

use std::ops::Range;

/// Best heels kept at each end of an edge, next to the corners, whose pieces (searched
/// on the best tour) see the cells they were searched with.
pub const KEEP: u32 = 2;

/// The fewest copies of the period on an edge, so that the two transitions are apart
/// and each sees a whole copy beside it.
pub const LEAST_COPIES: u32 = 3;

/// The period's piece in `band.toml`: 8 columns, drawn for the bottom edge.
pub const PERIOD: &str = "band_period";

/// The transition from the best heels to the copies, left to right along the bottom.
pub const START: &str = "band_start";

/// The transition from the copies back to the best heels.
pub const END: &str = "band_end";

/// Columns a transition piece spans: two heels.
pub const TRANSITION_HEELS: u32 = 2;

/// Of an edge's `n` heels, those that become copies of the period, if the edge is long
/// enough.
pub fn copies(n: u32) -> Option<Range<u32>> {
    (n >= 2 * KEEP + LEAST_COPIES).then(|| KEEP..n - KEEP)
}
