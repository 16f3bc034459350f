//! What a board of three or more sides (`WxHxD`, `WxHxDxE`, ...) adds to the 2-D board:
//! its sides, coordinates of any length, leaps along any two axes, and levels.
//!
//! Cells are numbered by the linear index `x + w*(y + h*(z + d*(...)))` as `u32`, `x`
//! fastest, so the first `w * h` cells are the bottom level, numbered as the 2-D board
//! numbers them. A *level* is a 2-D slice: all coordinates beyond the first two fixed.
//! A leaper `(a, b)` moves `a` along one axis and `b` along another, the other
//! coordinates unchanged (Besa et al., "Taming the Knight's Tour", Section 5.1). A board
//! of two sides answers every method here too (one level; its own leaps).

use super::{Board, Leaper, Topology, MAX_CELLS};
use crate::error::{BadBoard, Coords};
use crate::{Error, TooLarge};

/// The most sides a board may have (a board of 33 sides of at least 2 would have more
/// cells than cell numbers).
pub const MAX_SIDES: usize = 32;

impl Board {
    /// A full board with these sides (x first, at least two of them, at most
    /// [`MAX_SIDES`], each at least 1, at most [`MAX_CELLS`] cells) for `leaper`.
    pub fn with_sides(sides: &[u32], leaper: Leaper) -> Result<Board, Error> {
        if let [w, h] = *sides {
            return Board::with_leaper(w, h, leaper);
        }
        let name = name(sides);
        if sides.len() < 2 {
            return Err(BadBoard::FewSides {
                board: name,
                sides: sides.len(),
            }
            .into());
        }
        if sides.len() > MAX_SIDES {
            return Err(TooLarge::Sides {
                sides: sides.len(),
                limit: MAX_SIDES,
            }
            .into());
        }
        if let Some(i) = sides.iter().position(|&s| s == 0) {
            return Err(BadBoard::ZeroSide {
                board: name,
                side: i + 1,
            }
            .into());
        }
        let cells = sides.iter().try_fold(1u64, |n, &s| {
            n.checked_mul(s as u64).filter(|&n| n <= MAX_CELLS)
        });
        if cells.is_none() {
            return Err(TooLarge::Space {
                board: name,
                cells: cell_count(sides),
                limit: MAX_CELLS,
            }
            .into());
        }
        Ok(Board {
            width: sides[0],
            height: sides[1],
            leaper,
            topology: Topology::Plane,
            holes: Vec::new(),
            more: sides[2..].to_vec(),
        })
    }

    /// The same board for another leaper.
    pub fn for_leaper(&self, leaper: Leaper) -> Board {
        Board {
            leaper,
            ..self.clone()
        }
    }

    /// The sides, x first.
    pub fn sides(&self) -> Vec<u32> {
        self.side_iter().collect()
    }

    /// The sides, x first, without collecting them.
    fn side_iter(&self) -> impl Iterator<Item = u32> + '_ {
        [self.width, self.height]
            .into_iter()
            .chain(self.more.iter().copied())
    }

    /// Number of sides (dimensions): 2 for a rectangle.
    pub fn dims(&self) -> usize {
        2 + self.more.len()
    }

    /// Cells of one level, `width * height` (holes included).
    pub fn level_cells(&self) -> u32 {
        self.width * self.height
    }

    /// Number of levels: the product of the sides beyond the first two (1 on a board
    /// of two sides).
    pub fn levels(&self) -> u32 {
        self.more.iter().product()
    }

    /// The level of cell `c` (levels are numbered as cells are, the third side fastest).
    pub fn level_of(&self, c: u32) -> u32 {
        c / self.level_cells()
    }

    /// The coordinates beyond the first two of level `l`: `(z, w, ...)`.
    pub fn level_coords(&self, l: u32) -> Vec<u32> {
        let mut rest = l;
        self.more
            .iter()
            .map(|&s| {
                let v = rest % s;
                rest /= s;
                v
            })
            .collect()
    }

    /// The cell number of `coords` (one per side, each inside its side).
    pub fn index_of(&self, coords: &[u32]) -> u32 {
        debug_assert_eq!(coords.len(), self.dims());
        let sides: Vec<u32> = self.sides();
        coords
            .iter()
            .zip(&sides)
            .rev()
            .fold(0u32, |n, (&v, &s)| n * s + v)
    }

    /// The coordinates of cell number `c`, x first.
    pub fn coords(&self, c: u32) -> Vec<u32> {
        let mut rest = c;
        self.side_iter()
            .map(|s| {
                let v = rest % s;
                rest /= s;
                v
            })
            .collect()
    }

    /// The coordinates of cell `c`, for messages.
    pub fn at(&self, c: u32) -> Coords {
        Coords(self.coords(c))
    }

    /// The leap vectors: `±a` along one axis and `±b` along another, for every ordered
    /// pair of axes (`8 * d * (d - 1) / 2` of them in `d` dimensions). The first eight
    /// are the 2-D leaps inside a level, in the order of [`Leaper::dirs`].
    pub fn leap_vectors(&self) -> Vec<Vec<i32>> {
        let (a, b) = self.leaper.steps();
        let (a, b) = (a as i32, b as i32);
        let d = self.dims();
        let mut out = Vec::with_capacity(4 * d * (d - 1));
        let mut push = |i: usize, j: usize, di: i32, dj: i32| {
            let mut v = vec![0; d];
            v[i] = di;
            v[j] = dj;
            out.push(v);
        };
        for (dx, dy) in self.leaper.dirs() {
            push(0, 1, dx, dy);
        }
        for j in 2..d {
            for i in 0..j {
                for (di, dj) in [(a, b), (b, a)] {
                    for (si, sj) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        push(i, j, si * di, sj * dj);
                    }
                }
            }
        }
        out
    }

    /// The cell reached from `c` by the leap vector `v`, if it is in the box (edges
    /// apart, holes not looked at: the walk of boards of three or more sides).
    pub fn step_by(&self, c: u32, v: &[i32]) -> Option<u32> {
        let mut rest = c;
        let mut stride = 1u32;
        let mut n = c as i64;
        for (s, &dv) in self.side_iter().zip(v) {
            let x = (rest % s) as i64 + dv as i64;
            if x < 0 || x >= s as i64 {
                return None;
            }
            n += dv as i64 * stride as i64;
            rest /= s;
            stride = stride.wrapping_mul(s);
        }
        Some(n as u32)
    }

    /// The difference `b - a` of two cells' coordinates.
    pub fn delta(&self, a: u32, b: u32) -> Vec<i64> {
        let (ca, cb) = (self.coords(a), self.coords(b));
        ca.iter()
            .zip(&cb)
            .map(|(&p, &q)| q as i64 - p as i64)
            .collect()
    }

    /// Whether cells `a` and `b` are a leap apart: on a board of two sides, a leap of
    /// its topology ([`Board::dir_between`]); on one of more, one coordinate differs by
    /// the short step, one by the long step, the others not at all.
    pub fn is_leap(&self, a: u32, b: u32) -> bool {
        if self.more.is_empty() {
            return self.dir_between(a, b).is_some();
        }
        let (s, l) = self.leaper.steps();
        let (mut ra, mut rb) = (a, b);
        let (mut short, mut long, mut other) = (0, 0, 0);
        for side in self.side_iter() {
            match (ra % side).abs_diff(rb % side) {
                0 => {}
                d if d == s => short += 1,
                d if d == l => long += 1,
                _ => other += 1,
            }
            ra /= side;
            rb /= side;
        }
        short == 1 && long == 1 && other == 0
    }

    /// Whether cell `c` (a cell number, possibly off the board) is in the box.
    pub fn contains(&self, c: u32) -> bool {
        (c as u64) < self.area()
    }
}

/// The number of cells of a board with these sides, written out: exact while it fits
/// in 128 bits, else rounded (32 sides of at most 2^32 stay below 2^1024, within f64).
fn cell_count(sides: &[u32]) -> String {
    match sides
        .iter()
        .try_fold(1u128, |n, &s| n.checked_mul(s as u128))
    {
        Some(n) => n.to_string(),
        None => {
            let n: f64 = sides.iter().map(|&s| s as f64).product();
            format!("about {n:.3e}")
        }
    }
}

/// `20x16x6`.
fn name(sides: &[u32]) -> String {
    let s: Vec<String> = sides.iter().map(u32::to_string).collect();
    s.join("x")
}

/// The number of sides written in a board size such as `20x16x6` (separators counted,
/// whatever stands between them).
pub fn sides_written(s: &str) -> usize {
    s.trim().split(['x', 'X']).count()
}

/// Parses `WxHxD` or `WxHxDxE...`, width (columns) first.
pub(super) fn parse(s: &str) -> Result<Board, Error> {
    let bad = |why: &'static str| -> Error {
        BadBoard::Size {
            text: s.into(),
            why,
        }
        .into()
    };
    let usage = "write the sides separated by x, for example 8x8x8 or 20x16x6x2";
    let parts: Vec<&str> = s.trim().split(['x', 'X']).map(str::trim).collect();
    if parts.len() < 3 {
        return Err(bad(usage));
    }
    let mut sides = Vec::with_capacity(parts.len());
    for t in parts {
        if t.starts_with('-') && t.len() > 1 && t[1..].bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad(
                "a side cannot be negative: every side must be at least 1",
            ));
        }
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad(usage));
        }
        sides.push(t.parse::<u32>().map_err(|_| {
            Error::from(TooLarge::Side {
                text: s.to_string(),
                limit: MAX_CELLS,
            })
        })?);
    }
    Board::with_sides(&sides, Leaper::KNIGHT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_any_number_of_sides_and_names_what_is_wrong() {
        let s: Board = "20x16x6".parse().unwrap();
        assert_eq!(s.sides(), [20, 16, 6]);
        assert_eq!(s.to_string(), "20x16x6");
        assert_eq!((s.width(), s.height(), s.dims()), (20, 16, 3));
        let s: Board = "3X4x5x6".parse().unwrap();
        assert_eq!((s.dims(), s.cells(), s.levels()), (4, 360, 30));
        let e = |t: &str| t.parse::<Board>().unwrap_err().to_string();
        assert_eq!(
            e("8x0x8"),
            "an 8x0x8 board has no cells: side 2 is 0, and every side must be at least 1"
        );
        assert!(e("8x-1x8").contains("cannot be negative"));
        assert!(e("8xax8").contains("write the sides"));
        assert!(e("8x8x").contains("write the sides"));
        assert_eq!(
            e("2000x2000x2000"),
            "a 2000x2000x2000 board has 8000000000 cells, more than the 4294967294 this tool can number"
        );
        assert!(e("8x8x99999999999").contains("too large a board"));
        let many = vec!["2"; 33].join("x");
        assert!(e(&many).contains("more than the 32"), "{}", e(&many));
        // Two sides are the 2-D board, whichever way it is made.
        let flat = Board::with_sides(&[8, 6], Leaper::KNIGHT).unwrap();
        assert_eq!(
            (flat, "8x6".parse::<Board>().unwrap().dims()),
            (Board::new(8, 6).unwrap(), 2)
        );
    }

    #[test]
    fn coordinates_and_indices_agree_x_fastest() {
        let s = Board::with_sides(&[3, 4, 5, 2], Leaper::KNIGHT).unwrap();
        for c in 0..s.cells() as u32 {
            let xyz = s.coords(c);
            assert_eq!(s.index_of(&xyz), c);
            assert!(xyz.iter().zip(s.sides()).all(|(&v, s)| v < s));
        }
        assert_eq!(s.index_of(&[1, 2, 3, 1]), 1 + 3 * (2 + 4 * (3 + 5)));
        assert_eq!(s.level_of(s.index_of(&[2, 3, 4, 1])), 4 + 5);
        assert_eq!(s.level_coords(9), [4, 1]);
        // The bottom level is numbered as the 2-D board numbers it.
        assert_eq!(s.index_of(&[2, 3, 0, 0]), s.index(2, 3));
    }

    #[test]
    fn a_box_takes_no_holes() {
        let s: Board = "3x3x3".parse().unwrap();
        let e = s.with_holes(&[(0, 0)]).unwrap_err().to_string();
        assert_eq!(
            e,
            "the 3x3x3 board has three or more sides, and such boards take no holes"
        );
    }

    #[test]
    fn leaps_move_along_two_axes_and_match_a_brute_force_list() {
        for (sides, leaper) in [
            (vec![5, 5, 5], Leaper::KNIGHT),
            (vec![4, 3, 3, 3], Leaper::KNIGHT),
            (vec![6, 6, 6], Leaper::GIRAFFE),
        ] {
            let s = Board::with_sides(&sides, leaper).unwrap();
            let leaps = s.leap_vectors();
            let d = sides.len();
            assert_eq!(leaps.len(), 4 * d * (d - 1));
            for c in 0..s.cells() as u32 {
                let by_leaps: Vec<u32> = leaps.iter().filter_map(|v| s.step_by(c, v)).collect();
                let mut sorted = by_leaps.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), by_leaps.len(), "a cell reached twice");
                let brute: Vec<u32> = (0..s.cells() as u32).filter(|&o| s.is_leap(c, o)).collect();
                assert_eq!(sorted, brute, "cell {c} of {s}");
            }
            // The first eight stay in the level.
            assert!(leaps[..8].iter().all(|v| v[2..].iter().all(|&x| x == 0)));
            assert!(leaps[8..].iter().all(|v| v[2..].iter().any(|&x| x != 0)));
        }
    }
}
