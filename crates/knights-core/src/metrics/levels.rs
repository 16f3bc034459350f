//! The measures of a tour of a board of three or more sides, which has no move grid.
//!
//! - A turn is a cell where the leap arriving and the leap leaving differ (Definition 1
//!   of Besa et al. carries over unchanged; a closed tour wraps, an open one's ends
//!   never turn).
//! - Crossings are counted per level: two leaps inside the same 2-D level (all
//!   coordinates beyond the first two equal) cross as they do on a 2-D board, and the
//!   2-D count of [`crate::metrics::crossings`] is run on each level's leaps. Besa et
//!   al. leave crossings between levels undefined (segments in space seldom meet), so
//!   none are counted: [`CROSSINGS_NOTE`] says so wherever the number is shown.
//! - Moves between levels: the leaps that change a coordinate beyond the first two.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::Metrics;
use crate::board::Board;
use crate::moves::MoveGrid;
use crate::verify::Verified;

/// What the crossing count means, in words, for every output that shows it.
pub const CROSSINGS_NOTE: &str = "crossings are counted inside each level (leaps whose coordinates beyond the first two are all equal); crossings between levels are left undefined by Besa et al. and not counted";

/// What only a tour of a board of three or more sides measures: its levels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Levels {
    /// Crossings inside each level, levels numbered as cells are (third side fastest).
    pub crossings_per_level: Vec<u64>,
    /// Leaps that change level.
    pub moves_between_levels: u64,
    /// Leaps that stay in their level.
    pub moves_in_levels: u64,
    /// The levels.
    pub levels: u32,
}

/// Measures a verified tour of a board of three or more sides: turns, crossings
/// inside levels and the levels' facts; the measures of 2-D drawings (runs, angles,
/// the bounds) are left at nothing.
pub(super) fn measure(tour: &Verified) -> Metrics {
    let (s, path) = (tour.board(), tour.path());
    let steps = steps(path, tour.is_closed());
    let between = steps
        .clone()
        .filter(|&(a, b)| s.level_of(a) != s.level_of(b))
        .count() as u64;
    let per_level = level_crossings(s, steps.clone());
    let counts = Metrics::of_counts(
        tour,
        turns(s, path, tour.is_closed()),
        per_level.iter().sum(),
    );
    Metrics {
        levels: Some(Levels {
            crossings_per_level: per_level,
            moves_between_levels: between,
            moves_in_levels: steps.count() as u64 - between,
            levels: s.levels(),
        }),
        ..counts
    }
}

/// The tour's leaps `(from, to)`, the closing one last.
pub fn steps(path: &[u32], closed: bool) -> impl Iterator<Item = (u32, u32)> + Clone + '_ {
    let closing = (closed && path.len() > 2).then(|| (path[path.len() - 1], path[0]));
    path.windows(2).map(|w| (w[0], w[1])).chain(closing)
}

/// Cells where the leap vector changes.
fn turns(s: &Board, path: &[u32], closed: bool) -> u64 {
    let n = path.len();
    if n < 3 {
        return 0;
    }
    let turn_at = |i: usize| {
        let (p, c, q) = (path[(i + n - 1) % n], path[i], path[(i + 1) % n]);
        s.delta(p, c) != s.delta(c, q)
    };
    let inner = if closed { 0..n } else { 1..n - 1 };
    inner.into_par_iter().filter(|&i| turn_at(i)).count() as u64
}

/// Each level's leaps as a 2-D move grid (of the level's `width x height` board), for
/// the 2-D crossing count and the drawings.
pub fn level_grids(s: &Board, steps: impl Iterator<Item = (u32, u32)>) -> Vec<MoveGrid> {
    let leaper = s.leaper();
    let (w, h) = (s.width(), s.height());
    let per = s.level_cells() as usize;
    let mut masks = vec![0u8; s.cells() as usize];
    for (a, b) in steps {
        if s.level_of(a) != s.level_of(b) {
            continue;
        }
        let (la, lb) = (a as usize % per, b as usize % per);
        let (dx, dy) = (
            (lb % w as usize) as i32 - (la % w as usize) as i32,
            (lb / w as usize) as i32 - (la / w as usize) as i32,
        );
        let (d, back) = (leaper.dir_of(dx, dy), leaper.dir_of(-dx, -dy));
        let (Some(d), Some(back)) = (d, back) else {
            continue; // not a leap: verified tours have none
        };
        masks[a as usize] |= 1 << d;
        masks[b as usize] |= 1 << back;
    }
    let board = Board::with_leaper(w, h, leaper).expect("a level is a board");
    masks
        .chunks(per)
        .map(|m| MoveGrid::from_masks(board.clone(), m.to_vec()))
        .collect()
}

/// Crossings inside each level.
fn level_crossings(s: &Board, steps: impl Iterator<Item = (u32, u32)>) -> Vec<u64> {
    level_grids(s, steps)
        .par_iter()
        .map(crate::metrics::crossings)
        .collect()
}
