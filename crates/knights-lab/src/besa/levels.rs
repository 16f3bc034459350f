//! The corner pieces of the formation tour on boards with more than two sides (the
//! paper's Figure 18, lost from its text), found again by search and written as
//! knights-construct's `levels.toml` (its `besa::levels` reads them).
//!
//! On every level but the first and the last, the bottom-left and top-right corners of
//! the 2-D formation tour hold no junction: the four knights must leave the level
//! there, or arrive from the level below. The paper's pieces keep the knights in
//! formation until they stand next to the corner. Ours are the 2-D junction itself
//! with one move of each of its two runs removed: the four formation knights run into
//! the junction as in two dimensions and stop at the four cells the cuts leave with
//! one move, the *ends*; from each end the knight leaps one level up and two cells to
//! the side (a knight's move) onto the ends of the same junction, on the next level,
//! cut at the same two moves moved two cells over. So the search is over pairs of
//! moves, one of each run, whose copy two cells to the side is again such a pair; of
//! those it keeps the pair that adds the fewest turns less removed crossings, then the
//! one nearest the corner. (The exhaustive gadget search of [`crate::gadget`], asked to
//! re-cover a corner with four paths from its ports to a 2x2 square, did not finish
//! the top-right regions of 36 to 66 cells in ten minutes.)

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::encode::{digits, MOVES};
use super::error::SearchError;
use super::regions::ports;
use crate::gadget::Cell;
use knights_construct::besa::cell_moves;
use knights_construct::besa::levels::corners::Corner;
use knights_construct::besa::pieces::piece;

/// The stored file the pieces are written to, from the repository's root (its test
/// compares it).
#[cfg(test)]
const STORED: &str = "crates/knights-construct/src/besa/levels/levels.toml";

/// The command that regenerates `levels.toml` (docs/regenerating.md; also
/// `KNIGHTS_REGENERATE=1 cargo test -p knights-lab besa::levels`).
pub(crate) const REGENERATE: &str =
    "knights gadgets levels --write crates/knights-construct/src/besa/levels/levels.toml";

/// The width of the boards the corners are searched on (any even width >= 16 would
/// do: the corner regions and their ports do not depend on it).
const SEARCH_WIDTH: u32 = 40;

/// The board a corner is searched on: the top-right junction's height is
/// `5 + (w/2 + h - 1) mod 4`.
fn board(corner: Corner) -> (u32, u32) {
    let t = corner.junction_height();
    let h = (28..32)
        .find(|h| 5 + (SEARCH_WIDTH / 2 + h - 1) % 4 == t)
        .expect("every height 5-8 is reached");
    (SEARCH_WIDTH, h)
}

/// The corner's region on a `w x h` board: the cells of its junction in the 2-D tour,
/// `(x, y)` with `y` up.
fn region(corner: Corner, w: u32, h: u32) -> Vec<Cell> {
    let (p, rotated) = match corner {
        Corner::BottomLeft => (piece("junction_h5_horizontal", false), false),
        Corner::TopRight(t) => (piece(&format!("junction_h{t}_vertical"), true), true),
    };
    let (x0, y_top) = if rotated {
        ((w - p.width()) as i32, h as i32 - 1)
    } else {
        (0, p.height() as i32 - 1)
    };
    let mut cells = Vec::new();
    for i in 0..p.height() {
        for j in 0..p.width() {
            if p.at(i, j) != 0 {
                cells.push((x0 + j as i32, y_top - i as i32));
            }
        }
    }
    cells.sort_unstable();
    cells
}

/// One way the knights leave (or enter) a level at a corner: the corner's junction
/// with one move of each of its two runs removed; the four cells left with one move
/// are the ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cover {
    /// The region's cells and their moves, on the board the search ran on.
    pub masks: BTreeMap<Cell, u8>,
    /// The two removed moves.
    pub cut: [(Cell, Cell); 2],
}

/// The pieces of one corner: where the knights leave the level and where they arrive
/// on the next one (the first cover's cut moves moved by `shift`).
#[derive(Clone, Debug)]
pub struct Found {
    /// The corner.
    pub corner: Corner,
    /// The board the search ran on.
    pub board: (u32, u32),
    /// Where the knights leave the level.
    pub end: Cover,
    /// Where they arrive on the next level.
    pub start: Cover,
    /// The in-plane part of the leap between levels.
    pub shift: Cell,
    /// Turns the two pieces add to their levels, counting each end as a turn, less
    /// those of the two junctions; and the crossings they remove.
    pub turns: i32,
    /// Crossings of the four removed moves with the other moves of their levels.
    pub crossings: u32,
    /// Pairs of cuts that fit, of all pairs of moves of the two runs.
    pub candidates: usize,
}

/// The moves of each of the junction's two runs (both ends in the region), in the
/// order the run passes them.
fn runs(
    cells: &[Cell],
    base: &dyn Fn(i32, i32) -> u8,
) -> Result<[Vec<(Cell, Cell)>; 2], SearchError> {
    let (entries, _) = ports(cells, base)?;
    if entries.len() != 2 {
        return Err(SearchError::Runs(entries.len()));
    }
    let dirs = knights_core::Leaper::KNIGHT.dirs();
    let inside: BTreeSet<Cell> = cells.iter().copied().collect();
    let step = |c: Cell, d: usize| (c.0 + dirs[d].0, c.1 + dirs[d].1);
    let mut out = [Vec::new(), Vec::new()];
    for (r, &p) in entries.iter().enumerate() {
        let m = base(p.0, p.1);
        let d = (0..8)
            .find(|&d| m >> d & 1 == 1 && inside.contains(&step(p, d)))
            .ok_or(SearchError::Port { port: p, moves: 0 })?;
        let (mut prev, mut at) = (p, step(p, d));
        while inside.contains(&at) {
            let m = base(at.0, at.1);
            let next = (0..8)
                .filter(|&d| m >> d & 1 == 1)
                .map(|d| step(at, d))
                .find(|&o| o != prev)
                .ok_or(SearchError::Stops(at))?;
            if inside.contains(&next) {
                out[r].push((at, next));
            }
            (prev, at) = (at, next);
        }
    }
    Ok(out)
}

/// The direction from `a` to `b`.
fn dir(a: Cell, b: Cell) -> u8 {
    knights_core::Leaper::KNIGHT
        .dir_of(b.0 - a.0, b.1 - a.1)
        .expect("a knight's move") as u8
}

/// The region's masks with two moves removed.
fn cut(cells: &[Cell], base: &dyn Fn(i32, i32) -> u8, moves: [(Cell, Cell); 2]) -> Cover {
    let mut masks: BTreeMap<Cell, u8> = cells.iter().map(|&c| (c, base(c.0, c.1))).collect();
    for (a, b) in moves {
        *masks.get_mut(&a).expect("in the region") &= !(1 << dir(a, b));
        *masks.get_mut(&b).expect("in the region") &= !(1 << dir(b, a));
    }
    Cover { masks, cut: moves }
}

/// Whether the move `a`-`b` is straight at `a` in the tour (its other move in line).
fn straight_at(base: &dyn Fn(i32, i32) -> u8, a: Cell, b: Cell) -> bool {
    base(a.0, a.1) >> ((dir(a, b) + 4) % 8) & 1 == 1
}

/// Crossings of the move `a`-`b` with the tour's other moves near it.
fn crossings_of(base: &dyn Fn(i32, i32) -> u8, (a, b): (Cell, Cell)) -> u32 {
    let dirs = knights_core::Leaper::KNIGHT.dirs();
    let mut n = 0;
    for x in a.0.min(b.0) - 3..=a.0.max(b.0) + 3 {
        for y in a.1.min(b.1) - 3..=a.1.max(b.1) + 3 {
            let m = base(x, y);
            for d in (0..8).filter(|&d| m >> d & 1 == 1) {
                let o = (x + dirs[d].0, y + dirs[d].1);
                // Each move once, from its lower end.
                if (x, y) < o {
                    n += knights_core::metrics::open_segments_cross([a, b], [(x, y), o]) as u32;
                }
            }
        }
    }
    n
}

/// A kept pair of cuts: its sort key, turns, crossings, the cuts on the level left
/// and on the level reached, and the shift.
type Best = (
    (i32, Option<i32>, [(Cell, Cell); 4], Cell),
    i32,
    u32,
    [(Cell, Cell); 2],
    [(Cell, Cell); 2],
    Cell,
);

/// Searches one corner: every pair of moves, one of each run of its junction, whose
/// copy two cells to the side is again a pair of moves, one of each run; the pair that
/// adds the fewest turns less removed crossings (then the one nearest the corner) is
/// kept.
pub(crate) fn find(corner: Corner) -> Result<Found, SearchError> {
    let (w, h) = board(corner);
    let base = move |x: i32, y: i32| {
        if x < 0 || y < 0 || x >= w as i32 || y >= h as i32 {
            0
        } else {
            cell_moves(w, h, x as u32, y as u32)
        }
    };
    let cells = region(corner, w, h);
    let [a, b] = runs(&cells, &base)?;
    let norm = |(p, q): (Cell, Cell)| (p.min(q), p.max(q));
    let run_of: BTreeMap<(Cell, Cell), usize> = a
        .iter()
        .map(|&m| (norm(m), 0))
        .chain(b.iter().map(|&m| (norm(m), 1)))
        .collect();
    let corner_cell = match corner {
        Corner::BottomLeft => (0, 0),
        Corner::TopRight(_) => (w as i32 - 1, h as i32 - 1),
    };
    let far = |(p, q): (Cell, Cell)| {
        [p, q]
            .iter()
            .map(|c| (c.0 - corner_cell.0).abs().max((c.1 - corner_cell.1).abs()))
            .max()
            .unwrap_or(0)
    };
    let moved =
        |(p, q): (Cell, Cell), s: Cell| norm(((p.0 + s.0, p.1 + s.1), (q.0 + s.0, q.1 + s.1)));
    let mut best: Option<Best> = None;
    let mut candidates = 0;
    for &ma in &a {
        for &mb in &b {
            for s in [(2, 0), (-2, 0), (0, 2), (0, -2)] {
                let (na, nb) = (moved(ma, s), moved(mb, s));
                let fits = matches!(
                    (run_of.get(&na), run_of.get(&nb)),
                    (Some(0), Some(1)) | (Some(1), Some(0))
                );
                if !fits {
                    continue;
                }
                candidates += 1;
                let moves = [norm(ma), norm(mb), na, nb];
                let turns: i32 = moves
                    .iter()
                    .map(|&(p, q)| {
                        straight_at(&base, p, q) as i32 + straight_at(&base, q, p) as i32
                    })
                    .sum();
                let crossings: u32 = moves.iter().map(|&m| crossings_of(&base, m)).sum();
                let key = (
                    turns - crossings as i32,
                    moves.iter().map(|&m| far(m)).max(),
                    moves,
                    s,
                );
                if best.as_ref().is_none_or(|(k, ..)| key < *k) {
                    best = Some((key, turns, crossings, [ma, mb], [na, nb], s));
                }
            }
        }
    }
    let (_, turns, crossings, end, start, shift) =
        best.ok_or_else(|| SearchError::NoCut(corner.name()))?;
    Ok(Found {
        corner,
        board: (w, h),
        end: cut(&cells, &base, end),
        start: cut(&cells, &base, start),
        shift,
        turns,
        crossings,
        candidates,
    })
}

/// Every corner's pieces.
pub fn find_all() -> Result<Vec<Found>, SearchError> {
    Corner::ALL.iter().map(|&c| find(c)).collect()
}

/// A cell of the data: `xx` off the piece, two move digits, or one digit and `z` at an
/// end (the other move leaves the level).
fn cell_text(mask: Option<u8>) -> String {
    match mask {
        None => "xx".into(),
        Some(m) if m.count_ones() == 1 => format!("{}z", m.trailing_zeros()),
        Some(m) => digits(m),
    }
}

/// The text of `levels.toml`.
pub fn toml_of(found: &[Found]) -> String {
    let mut s = format!(
        "# The corner pieces of the formation tour on boards with three sides or more (Section\n\
         # 5.1 of Besa, Johnson, Mamano, Osegueda and Williams, \"Taming the Knight's Tour:\n\
         # Minimizing Turns and Crossings\", 2020, whose Figure 18 was lost), found by a\n\
         # search over the moves of the 2-D formation tour's junctions\n\
         # (crates/knights-lab/src/besa/levels.rs).\n\
         # Generated by\n\
         #   {REGENERATE}\n\
         # and checked by the tests; do not edit. Encoding as in pieces.toml (rows from the\n\
         # top), except that a cell written as one digit and `z` is an end: its other move\n\
         # leaves the level. A bottom_left piece is placed with its bottom-left cell on the\n\
         # board's bottom-left cell, a top_right one with its top-right cell on the board's\n\
         # top-right cell, as drawn (not turned). The knights leave a level from the `z`\n\
         # cells of an _end piece and arrive on the next level on those of the _start piece.\n\
         {MOVES}"
    );
    for f in found {
        for (kind, c) in [("end", &f.end), ("start", &f.start)] {
            let (x0, x1, y0, y1) = c
                .masks
                .keys()
                .fold((i32::MAX, i32::MIN, i32::MAX, i32::MIN), |a, &(x, y)| {
                    (a.0.min(x), a.1.max(x), a.2.min(y), a.3.max(y))
                });
            let role = if kind == "end" {
                "the knights leave the level from"
            } else {
                "the knights arrive from the level below on"
            };
            let _ = write!(
                s,
                "\n[pieces.{}_{kind}]\ndescription = \"{}: {role} the ends of its moves {:?} and {:?} (x, y from the bottom-left on the {}x{} board), which are cut; the leap between levels moves {:?} in the plane.\"\nwidth = {}\nheight = {}\ncells = [\n",
                f.corner.name(),
                describe(f.corner),
                c.cut[0],
                c.cut[1],
                f.board.0,
                f.board.1,
                f.shift,
                x1 - x0 + 1,
                y1 - y0 + 1
            );
            for y in (y0..=y1).rev() {
                let row: Vec<String> = (x0..=x1)
                    .map(|x| cell_text(c.masks.get(&(x, y)).copied()))
                    .collect();
                let _ = writeln!(s, "  \"{}\",", row.join(" "));
            }
            s += "]\n";
        }
    }
    s
}

fn describe(c: Corner) -> String {
    match c {
        Corner::BottomLeft => {
            "The bottom-left corner, on the cells of the bottom-left junction".into()
        }
        Corner::TopRight(t) => format!(
            "The top-right corner where the top-right junction has height {t}, on its cells"
        ),
    }
}

/// One line per corner: its squares, the kept pair and their scores.
pub fn report(found: &[Found]) -> String {
    let mut s = String::from(
        "formation tour on boards with more sides (Section 5.1): the corners between levels\n",
    );
    for f in found {
        let _ = writeln!(
            s,
            "{}: {} pairs of cuts fit; leave at the ends of {:?} and {:?}, arrive at those of {:?} and {:?} ({:?} in the plane); {:+} turns, -{} crossings on the two levels",
            f.corner.name(),
            f.candidates,
            f.end.cut[0],
            f.end.cut[1],
            f.start.cut[0],
            f.start.cut[1],
            f.shift,
            f.turns,
            f.crossings
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_corner_pieces_are_what_the_search_finds() {
        crate::stored::check(STORED, &toml_of(&find_all().unwrap()));
    }
}
