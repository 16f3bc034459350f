//! Metrics: turns and crossings (Definitions 1 and 2 of Besa, Johnson, Mamano, Osegueda
//! and Williams, "Taming the Knight's Tour: Minimizing Turns and Crossings"), straight
//! runs, the lower bound every tour obeys, and the ratio of a tour to it.
//!
//! Everything reads the tour's [`MoveGrid`] in linear time and in parallel:
//! - [`turns`]: a turn is a cell whose two moves are not opposite, tested for eight cells
//!   at a time in a 64-bit word;
//! - [`crossings`]: leaps are short, so whether two edges cross depends only on their
//!   directions and the offset between their cells, a small table of patterns
//!   (`patterns`); with the rightward edges stored as bit-planes (`planes`), each pattern
//!   is a word-wide AND and a popcount per 64 cells (`crossings`);
//!   Planes are built per cache-sized tile of rows and words, so beyond the grid the
//!   memory is a few tens of kilobytes per thread;
//! - [`longest_run`]: the longest straight piece of the drawn polyline;
//! - [`structure::count`]: turns and crossings of a tour given by a constant-time rule,
//!   without its board, for boards too large to build.
//!
//! A board of three or more sides has no move grid: `levels` measures its tours (turns,
//! crossings inside each level, moves between levels), and [`measure`] branches there;
//! as it does for the other shapes of walk: a tourney (`cycles`, its cycles' count and
//! lengths) and an uncrossed path (`uncrossed`, its turns read from the path).
//!
//! On a band (cylinder, Moebius strip) or a torus crossings are counted with the
//! plane's bit-planes read past the seams (`seam`, which says why that is the count on
//! the surface) and placed leap by leap (`band`); turns and runs read each cell's moves
//! in its own frame.
//!
//! The test-only `naive` module counts the same things straight from the definitions, in
//! quadratic time, and the tests compare the two on random paths.

mod angles;
mod band;
pub mod bounds;
mod crossings;
mod cycles;
mod geometry;
pub mod levels;
mod patterns;
mod planes;
mod runs;
mod seam;
pub mod structure;
mod turns;
mod uncrossed;

#[cfg(test)]
mod naive;
#[cfg(test)]
mod tests;
pub mod zigzags;

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::tour::Shape;
use crate::verify::Verified;

pub use angles::{
    sharp_cells, sharp_turns, turn_degrees, turns_by_angle, AngleTurns, SHARP_DEGREES,
};
pub use crossings::{crossing_points, crossings};
pub use cycles::{lengths_text, Cycles};
pub use geometry::open_segments_cross;
pub use levels::{Levels, CROSSINGS_NOTE};
pub use runs::{longest_run, longest_runs};
pub use turns::{is_turn, turn_cells, turns};

/// What a tour measures. On a board of three or more sides the measures of 2-D
/// drawings (longest run, the turn bounds and ratio, turns by angle) are left at zero
/// or empty and [`Metrics::levels`] holds what its levels measure; so they are on a
/// tourney, whose cycles [`Metrics::cycles`] holds, and on an uncrossed path.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// Cells visited.
    pub cells: u64,
    /// Closed or open.
    pub closed: bool,
    /// Turns (Definition 1 of Besa et al.).
    pub turns: u64,
    /// Crossings (Definition 2 of Besa et al.).
    pub crossings: u64,
    /// The most leaps in one straight run of the drawn tour.
    pub longest_run: u64,
    /// The edge-cell bound on turns, `2(w + h) - 4` (less two for an open tour): every
    /// edge cell is a turn. Not the asymptotic `(6 - ε)n` bound of Besa et al. (The
    /// JSON key is `turn_lower_bound`.)
    #[serde(rename = "turn_lower_bound")]
    pub edge_turn_bound: u64,
    /// `turns / edge_turn_bound`.
    pub turn_ratio: f64,
    /// Turns against the lower bound proved for the board, with its source and the
    /// formula that gives it on this kind of tour ([`bounds::edge_source`]). No bound
    /// on crossings is proved for a given board (the paper's is asymptotic).
    #[serde(default)]
    pub turns_to_bound: Option<bounds::Ratio>,
    /// The turns of each angle (how far travel turns, in degrees), by increasing angle.
    #[serde(default)]
    pub turns_by_angle: Vec<AngleTurns>,
    /// On a board of three or more sides, the facts of its levels (crossings inside
    /// each, moves between them); `None` on a board of two sides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub levels: Option<Levels>,
    /// On a tourney, its cycles (how many, how long); `None` on any other walk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycles: Option<Cycles>,
}

impl Metrics {
    /// The measures of a walk whose only counts are `turns` and `crossings`, the
    /// measures of a tour's drawing left at zero or empty.
    fn of_counts(walk: &Verified, turns: u64, crossings: u64) -> Metrics {
        Metrics {
            cells: walk.len() as u64,
            closed: walk.is_closed(),
            turns,
            crossings,
            longest_run: 0,
            edge_turn_bound: 0,
            turn_ratio: 0.0,
            turns_to_bound: None,
            turns_by_angle: Vec::new(),
            levels: None,
            cycles: None,
        }
    }
}

/// Measures a verified tour (a tourney, an uncrossed path).
pub fn measure(tour: &Verified) -> Metrics {
    match tour.shape() {
        Shape::Tour => {}
        Shape::Tourney { .. } => return cycles::measure(tour),
        Shape::Uncrossed { .. } => return uncrossed::measure(tour),
    }
    if tour.board().dims() > 2 {
        return levels::measure(tour);
    }
    let grid = tour.grid();
    let turns = turns(grid);
    let mut bound = edge_turn_bound(tour.board());
    if tour.board().topology().wraps_rows() {
        bound = bounds::torus_turns(tour.board(), tour.is_closed()).0;
    } else if !tour.is_closed() {
        bound = bound.saturating_sub(2); // the ends need not turn
    }
    let crossings = crossings(grid);
    let source = bounds::edge_source(tour.board(), tour.is_closed());
    let turns_to_bound = Some(bounds::Ratio::of(turns, bound, source));
    Metrics {
        cells: tour.len() as u64,
        closed: tour.is_closed(),
        turns,
        crossings,
        longest_run: match tour.unwritten_walk() {
            Some(walk) => runs::longest_run_of_walk(grid, walk, tour.is_closed()),
            None => longest_run(grid, tour.path(), tour.is_closed()),
        },
        edge_turn_bound: bound,
        turn_ratio: if bound == 0 {
            0.0
        } else {
            turns as f64 / bound as f64
        },
        turns_to_bound,
        turns_by_angle: turns_by_angle(grid),
        levels: None,
        cycles: None,
    }
}

/// The number of edge cells, `2(w + h) - 4` (`2w` on a band) less any missing ones: both moves at an
/// edge cell go inwards, so each is a turn in any closed tour (an open tour's two ends
/// may be edge cells that do not turn).
pub fn edge_turn_bound(board: &Board) -> u64 {
    let (w, h) = (board.width(), board.height());
    // A torus has no edge: every leap may go on straight.
    if board.topology().wraps_rows() {
        return 0;
    }
    if w < 2 || h < 2 {
        return w as u64 * h as u64;
    }
    // A band's left and right columns are glued: only its top and bottom rows are edges.
    let band = board.topology().wraps();
    let missing = missing_edge_cells(board);
    let edge = if band {
        2 * w as u64
    } else {
        2 * (w as u64 + h as u64) - 4
    };
    edge - missing
}

/// The missing cells of `board` on its edges (a band's top and bottom rows).
fn missing_edge_cells(board: &Board) -> u64 {
    let (w, h) = (board.width(), board.height());
    let band = board.topology().wraps();
    let on_edge = |c: &&u32| {
        let (x, y) = board.xy(**c);
        y == 0 || y == h - 1 || (!band && (x == 0 || x == w - 1))
    };
    board.holes().iter().filter(on_edge).count() as u64
}
