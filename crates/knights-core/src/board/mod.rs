//! Boards and leapers: the geometry every other module works in.
//!
//! A board is `width` columns by `height` rows, with optional missing cells (holes).
//! Cells are numbered `y * width + x`, with `x` the column from the left and `y` the row
//! from the BOTTOM (chess convention: a1 is `(0, 0)`). A leaper `(a, b)` moves `a` cells
//! along one axis and `b` along the other; the knight is `(1, 2)`.
//!
//! A board has a [`Topology`]: the plane rectangle, a band whose left and right
//! columns are glued together (a cylinder, or a Moebius strip when the row is mirrored
//! on crossing the seam), or a torus, whose top and bottom rows are glued too. Every leap is described in the frame of the cell it leaves;
//! on a Moebius strip the way back across the seam is therefore not the opposite
//! direction but its vertical mirror ([`Board::back`]).
//!
//! A board may have more than two sides (`20x16x6`): `more_sides` holds what it adds
//! (cells numbered `x` fastest, a *level* the 2-D slice of cells whose coordinates
//! beyond the first two agree). The 2-D accessors stay as fast as ever;
//! topologies and holes are of boards of two sides only.

use std::fmt;
use std::str::FromStr;

use crate::error::{BadBoard, Named, Unknown};
use crate::{Error, TooLarge};

mod more_sides;

pub use more_sides::{sides_written, MAX_SIDES};

/// The largest number of cells a board may have: cell numbers are `u32`.
pub const MAX_CELLS: u64 = u32::MAX as u64 - 1;

/// A generalized knight that leaps `a` cells along one axis and `b` along the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leaper {
    a: i32,
    b: i32,
}

impl Leaper {
    /// The chess knight, the (1, 2) leaper.
    pub const KNIGHT: Leaper = Leaper { a: 1, b: 2 };
    /// The giraffe, the (1, 4) leaper.
    pub const GIRAFFE: Leaper = Leaper { a: 1, b: 4 };

    /// A leaper moving `a` along one axis and `b` along the other (in either order).
    pub fn new(a: u32, b: u32) -> Result<Leaper, Error> {
        let (a, b) = (a.min(b), a.max(b));
        if a == 0 || a == b || b > 64 {
            return Err(BadBoard::Leaper { a, b }.into());
        }
        Ok(Leaper {
            a: a as i32, // at most 64: the cast is exact
            b: b as i32,
        })
    }

    /// What messages call it: `knight`, `giraffe`, or `(a, b) leaper`.
    pub fn name(self) -> String {
        match self {
            Leaper::KNIGHT => "knight".into(),
            Leaper::GIRAFFE => "giraffe".into(),
            _ => format!("{self} leaper"),
        }
    }

    /// The short and the long step, `a < b`.
    pub fn steps(self) -> (u32, u32) {
        (self.a as u32, self.b as u32)
    }

    /// The eight leap vectors `(dx, dy)`, `dy` up, clockwise from "b up, a right".
    ///
    /// Direction `d` and `d + 4 (mod 8)` are opposite; directions 0..4 all go right,
    /// so every edge of a tour has exactly one end where it leaves in a direction 0..4.
    /// For the knight this is the move numbering of `src/construct/besa/pieces.toml`
    /// (docs/formation.md).
    pub fn dirs(self) -> [(i32, i32); 8] {
        let (a, b) = (self.a, self.b);
        [
            (a, b),
            (b, a),
            (b, -a),
            (a, -b),
            (-a, -b),
            (-b, -a),
            (-b, a),
            (-a, b),
        ]
    }

    /// The direction of the leap `(dx, dy)`, if it is one.
    pub fn dir_of(self, dx: i32, dy: i32) -> Option<usize> {
        self.dirs().iter().position(|&v| v == (dx, dy))
    }
}

impl fmt::Display for Leaper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.a, self.b)
    }
}

/// How the edges of a board meet (Bosch and Huang, "Structured Knight's Tours", 2021,
/// last section, for the bands; Watkins and Hoenigman, "Knight's tours on a torus",
/// 1997, for the torus). On a band the width is the side that wraps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Topology {
    /// The flat rectangle: no edge meets another.
    #[default]
    Plane,
    /// The left and right columns are neighbours: a leap may cross the seam.
    Cylinder,
    /// As the cylinder, but the band has a half twist: crossing the seam, row `y`
    /// becomes row `height - 1 - y`.
    Moebius,
    /// Both pairs of opposite edges glued as they are: a leap may cross the left and
    /// right seam and the top and bottom one.
    Torus,
}

impl Topology {
    /// Every topology, plane first.
    pub const ALL: [Topology; 4] = [
        Topology::Plane,
        Topology::Cylinder,
        Topology::Moebius,
        Topology::Torus,
    ];

    /// Its name, as `--topology` and the tour file write it.
    pub fn name(self) -> &'static str {
        match self {
            Topology::Plane => "plane",
            Topology::Cylinder => "cylinder",
            Topology::Moebius => "moebius",
            Topology::Torus => "torus",
        }
    }

    /// Whether the left and right edges are glued (cylinder, Moebius strip, torus).
    pub fn wraps(self) -> bool {
        self != Topology::Plane
    }

    /// Whether the top and bottom edges are glued too (the torus).
    pub fn wraps_rows(self) -> bool {
        self == Topology::Torus
    }
}

impl fmt::Display for Topology {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Topology {
    type Err = Error;
    fn from_str(s: &str) -> Result<Topology, Error> {
        Topology::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| {
                let names = Topology::ALL.map(Topology::name);
                Unknown::new(Named::Topology, s, &names).into()
            })
    }
}

/// A board of two or more sides (a rectangle, possibly with missing cells and glued
/// edges, or a box of three or more sides), and the leaper that tours it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: u32,
    height: u32,
    leaper: Leaper,
    topology: Topology,
    /// Missing cells as cell numbers, sorted, without duplicates.
    holes: Vec<u32>,
    /// The sides beyond the first two (empty on a board of two sides).
    more: Vec<u32>,
}

impl Board {
    /// A full `width` x `height` board for the knight.
    pub fn new(width: u32, height: u32) -> Result<Board, Error> {
        Board::with_leaper(width, height, Leaper::KNIGHT)
    }

    /// A full board for any leaper.
    pub fn with_leaper(width: u32, height: u32, leaper: Leaper) -> Result<Board, Error> {
        if width == 0 || height == 0 {
            return Err(BadBoard::NoCells { width, height }.into());
        }
        if width as u64 * height as u64 > MAX_CELLS {
            return Err(TooLarge::Board {
                width,
                height,
                cells: width as u64 * height as u64,
                limit: MAX_CELLS,
            }
            .into());
        }
        Ok(Board {
            width,
            height,
            leaper,
            topology: Topology::Plane,
            holes: Vec::new(),
            more: Vec::new(),
        })
    }

    /// This board with its left and right edges glued as `topology` says.
    pub fn with_topology(mut self, topology: Topology) -> Board {
        self.topology = topology;
        self
    }

    /// How the left and right edges meet.
    pub fn topology(&self) -> Topology {
        self.topology
    }

    /// The same board with its edges apart (the flat rectangle).
    pub fn plane(&self) -> Board {
        self.clone().with_topology(Topology::Plane)
    }

    /// This board with the cells `(x, y)` removed (a board of two sides only); holes that
    /// take every cell are refused, so no board has zero cells.
    pub fn with_holes(mut self, holes: &[(u32, u32)]) -> Result<Board, Error> {
        if self.dims() > 2 && !holes.is_empty() {
            return Err(BadBoard::HolesInSpace {
                board: self.to_string(),
            }
            .into());
        }
        for &(x, y) in holes {
            if x >= self.width || y >= self.height {
                let (width, height) = (self.width, self.height);
                return Err(BadBoard::HoleOutside {
                    x,
                    y,
                    width,
                    height,
                }
                .into());
            }
            self.holes.push(self.index(x, y));
        }
        self.holes.sort_unstable();
        self.holes.dedup();
        if self.cells() == 0 {
            return Err(BadBoard::AllHoles {
                width: self.width,
                height: self.height,
            }
            .into());
        }
        Ok(self)
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The leaper that tours this board.
    pub fn leaper(&self) -> Leaper {
        self.leaper
    }

    /// The missing cells, as sorted cell numbers.
    pub fn holes(&self) -> &[u32] {
        &self.holes
    }

    /// Whether cell number `c` is missing.
    pub fn is_hole(&self, c: u32) -> bool {
        !self.holes.is_empty() && self.holes.binary_search(&c).is_ok()
    }

    /// All cells of the rectangle (or box), holes included.
    pub fn area(&self) -> u64 {
        self.width as u64 * self.height as u64 * self.levels() as u64
    }

    /// The cells a tour must visit: the rectangle minus the holes.
    pub fn cells(&self) -> u64 {
        self.area() - self.holes.len() as u64
    }

    /// The cell number of `(x, y)`.
    pub fn index(&self, x: u32, y: u32) -> u32 {
        y * self.width + x
    }

    /// The `(x, y)` of cell number `c`.
    pub fn xy(&self, c: u32) -> (u32, u32) {
        (c % self.width, c / self.width)
    }

    /// The cell reached from `c` by leaping in direction `d`, if it is on the board.
    pub fn step(&self, c: u32, d: usize) -> Option<u32> {
        let (x, y) = self.xy(c);
        let (dx, dy) = self.leaper.dirs()[d];
        let (nx, ny) = self.land(x as i64 + dx as i64, y as i64 + dy as i64)?;
        let n = self.index(nx, ny);
        (!self.is_hole(n)).then_some(n)
    }

    /// The square `(x, y)` (coordinates of the unrolled plane, `x` possibly past an
    /// edge) stands for on this board, if any: on a band, `x` is taken modulo the
    /// width, and on a Moebius strip each crossing of the seam mirrors the row; on a
    /// torus `y` is taken modulo the height too.
    pub fn land(&self, x: i64, y: i64) -> Option<(u32, u32)> {
        let (w, h) = (self.width as i64, self.height as i64);
        if self.topology == Topology::Torus {
            return Some((x.rem_euclid(w) as u32, y.rem_euclid(h) as u32));
        }
        if y < 0 || y >= h {
            return None;
        }
        if (0..w).contains(&x) {
            return Some((x as u32, y as u32));
        }
        let laps = x.div_euclid(w);
        match self.topology {
            Topology::Plane => None,
            Topology::Cylinder | Topology::Torus => Some((x.rem_euclid(w) as u32, y as u32)),
            Topology::Moebius => {
                let y = if laps % 2 == 0 { y } else { h - 1 - y };
                Some((x.rem_euclid(w) as u32, y as u32))
            }
        }
    }

    /// Whether the leap from `c` in direction `d` crosses a seam (of a band, or either
    /// seam of a torus).
    pub fn wraps(&self, c: u32, d: usize) -> bool {
        let (x, y) = self.xy(c);
        let (dx, dy) = self.leaper.dirs()[d];
        let (x, y) = (x as i64 + dx as i64, y as i64 + dy as i64);
        let across_rows = self.topology.wraps_rows() && !(0..self.height as i64).contains(&y);
        self.topology.wraps() && (!(0..self.width as i64).contains(&x) || across_rows)
    }

    /// The direction, in the frame of the cell landed on, of the way back of the leap
    /// from `c` in direction `d`: the opposite direction, mirrored vertically when the
    /// leap crosses the seam of a Moebius strip.
    pub fn back(&self, c: u32, d: usize) -> usize {
        let (dx, dy) = self.leaper.dirs()[d];
        let flip = self.topology == Topology::Moebius && self.wraps(c, d);
        let back = if flip { (-dx, dy) } else { (-dx, -dy) };
        self.leaper
            .dir_of(back.0, back.1)
            .expect("a leap's mirror is a leap")
    }

    /// The direction of the leap from `a` to `b`, if it is a leap (on a narrow band
    /// where two leaps join the same cells, the first in the order of
    /// [`Leaper::dirs`]).
    pub fn dir_between(&self, a: u32, b: u32) -> Option<usize> {
        let (ax, ay) = self.xy(a);
        let (bx, by) = self.xy(b);
        let direct = self
            .leaper
            .dir_of(bx as i32 - ax as i32, by as i32 - ay as i32);
        if direct.is_some() || !self.topology.wraps() {
            return direct;
        }
        (0..8).find(|&d| self.wraps(a, d) && self.step(a, d) == Some(b))
    }

    /// The board with rows and columns swapped (holes and leaper carried over; the
    /// sides beyond the first two stay).
    pub fn transposed(&self) -> Board {
        let holes = self
            .holes
            .iter()
            .map(|&c| {
                let (x, y) = self.xy(c);
                y + x * self.height
            })
            .collect::<Vec<_>>();
        let mut t = Board {
            width: self.height,
            height: self.width,
            leaper: self.leaper,
            topology: self.topology,
            holes,
            more: self.more.clone(),
        };
        t.holes.sort_unstable();
        t
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)?;
        for side in &self.more {
            write!(f, "x{side}")?;
        }
        if !self.holes.is_empty() {
            write!(f, " (missing {} cell", self.holes.len())?;
            if self.holes.len() > 1 {
                write!(f, "s")?;
            }
            write!(f, ")")?;
        }
        if self.topology.wraps() {
            write!(f, " {}", self.topology)?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = Error;

    /// Parses `WxH`, width (columns) first: `8x8`, `40x24`; or more sides, `20x16x6`.
    fn from_str(s: &str) -> Result<Board, Error> {
        if sides_written(s) >= 3 {
            return more_sides::parse(s);
        }
        let (w, h) = sides(s)?;
        Board::new(w, h)
    }
}

impl Board {
    /// A board of two sides written `WxH`, for what takes only those: a board written
    /// with more sides is refused as not `WxH`.
    pub fn parse_flat(s: &str) -> Result<Board, Error> {
        let (w, h) = sides(s)?;
        Board::new(w, h)
    }
}

/// The sides of `WxH`, width first, each at least 1, without the limit on the cells a
/// board may number: for what needs no cells (the lower bounds of a board).
pub fn sides(s: &str) -> Result<(u32, u32), Error> {
    let bad = |why: &'static str| -> Error {
        BadBoard::Size {
            text: s.into(),
            why,
        }
        .into()
    };
    let usage = "write WIDTHxHEIGHT, for example 8x8 or 40x24";
    let (w, h) = s.trim().split_once(['x', 'X']).ok_or_else(|| bad(usage))?;
    let side = |t: &str| -> Result<u32, Error> {
        let t = t.trim();
        if t.starts_with('-') && t.len() > 1 && t[1..].bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad(
                "a side cannot be negative: both sides must be at least 1",
            ));
        }
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            return t.parse().map_err(|_| {
                Error::from(TooLarge::Side {
                    text: s.to_string(),
                    limit: MAX_CELLS,
                })
            });
        }
        Err(bad(usage))
    };
    let (width, height) = (side(w)?, side(h)?);
    if width == 0 || height == 0 {
        return Err(BadBoard::NoCells { width, height }.into());
    }
    Ok((width, height))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sizes_width_first() {
        let b: Board = "40x24".parse().unwrap();
        assert_eq!((b.width(), b.height()), (40, 24));
        assert!("8".parse::<Board>().is_err());
        assert!("0x8".parse::<Board>().is_err());
        assert!("axb".parse::<Board>().is_err());
        assert!("100000x100000".parse::<Board>().is_err());
    }

    #[test]
    fn bad_sizes_get_a_board_specific_message() {
        let e = |s: &str| s.parse::<Board>().unwrap_err().to_string();
        assert_eq!(
            e("-5x8"),
            "'-5x8' is not a board size: a side cannot be negative: both sides must be at least 1"
        );
        assert!(e("99999999999x2")
            .starts_with("'99999999999x2' is too large a board: a side can be at most 4294967295"));
        assert!(e("8y8").ends_with("write WIDTHxHEIGHT, for example 8x8 or 40x24"));
        assert!(e("8x+8").ends_with("write WIDTHxHEIGHT, for example 8x8 or 40x24"));
    }

    #[test]
    fn huge_leaper_steps_are_reported_as_written() {
        let e = Leaper::new(1, 3_000_000_000).unwrap_err().to_string();
        assert!(
            e.starts_with("(1, 3000000000) is not a supported leaper"),
            "{e}"
        );
    }

    #[test]
    fn directions_are_opposite_in_pairs_and_rightward_first() {
        for l in [Leaper::KNIGHT, Leaper::GIRAFFE, Leaper::new(2, 3).unwrap()] {
            let d = l.dirs();
            for k in 0..4 {
                assert_eq!((d[k].0, d[k].1), (-d[k + 4].0, -d[k + 4].1));
                assert!(d[k].0 > 0);
            }
        }
    }

    #[test]
    fn steps_stay_on_the_board_and_avoid_holes() {
        let b = Board::new(5, 5).unwrap().with_holes(&[(1, 2)]).unwrap();
        assert_eq!(b.cells(), 24);
        assert_eq!(b.step(0, 0), None); // (1, 2) is a hole
        assert_eq!(b.step(0, 1), Some(b.index(2, 1)));
        assert_eq!(b.step(0, 4), None);
        assert_eq!(b.dir_between(0, b.index(2, 1)), Some(1));
    }
}
