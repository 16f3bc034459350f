//! The base tiles of the divide and conquer: small closed tours with the moves the joins
//! need ("structured"), found once by the tile search of knights-lab and kept as data
//! in `tiles.txt`. Every tile is checked when the data is loaded, so a damaged data file
//! is an error, never a wrong tour. What a tile is, its rules and its text are public,
//! for that search to make them.
//!
//! Coordinates here are `(row, column)`, row 0 at the TOP of the tile.

use std::collections::HashMap;
use std::sync::OnceLock;

use knights_core::format::grid::{self, GridError, Numbered};
use knights_core::Error;
use knights_core::Leaper;

use super::canvas::Canvas;

/// The data file: one block per tile, in the project's grid format.
pub(super) const DATA: &str = include_str!("tiles.txt");

/// A cell of a tile or canvas: `(row from the top, column)`.
pub use super::canvas::Rc;

/// The moves a tile of `h` rows and `w` columns must contain (besides the moves at its
/// corners, which every closed tour has): the bottom-right move that the join deletes
/// as edge A, and either the top-left move deleted as edge C (full tiles) or, on odd
/// squares missing their top-left corner, the move next to the hole that the 90-degree
/// join deletes.
pub fn required_moves(h: u32, w: u32, hole: bool) -> [(Rc, Rc); 2] {
    let bottom_right = ((h - 1, w - 3), (h - 2, w - 1));
    let top_left = if hole { HOLE_MOVE } else { ((1, 0), (0, 2)) };
    [bottom_right, top_left]
}

/// The move next to the missing corner of a corner tile (the hole at `(0, 0)`) that the
/// 90-degree symmetric join deletes from each quadrant (one the join closes: tested).
pub(crate) const HOLE_MOVE: (Rc, Rc) = ((2, 0), (0, 1));

/// A base tile: a closed tour of `h` x `w` cells (the top-left one missing when
/// `hole`), as a visiting order.
#[derive(Clone, Debug)]
pub struct Tile {
    /// Rows.
    pub h: u32,
    /// Columns.
    pub w: u32,
    /// Whether the top-left cell is missing (a corner tile).
    pub hole: bool,
    /// A quadrisected tour of a small square board rather than a base tile.
    pub quadrisected: bool,
    /// `order[r * w + c]`: the step (from 0) at which `(r, c)` is visited; `u32::MAX`
    /// for the hole.
    pub order: Vec<u32>,
    /// The moves as canvas move bits (see [`masks`]), once checked.
    pub masks: Vec<u8>,
}

impl Tile {
    /// The cells in visiting order.
    pub fn path(&self) -> Vec<Rc> {
        let n = self.order.iter().filter(|&&s| s != u32::MAX).count();
        let mut path = vec![(0, 0); n];
        for (i, &s) in self.order.iter().enumerate() {
            if s != u32::MAX {
                path[s as usize] = (i as u32 / self.w, i as u32 % self.w);
            }
        }
        path
    }

    /// The tour's moves: `(a, b)` for every step and the closing step.
    pub fn moves(&self) -> Vec<(Rc, Rc)> {
        let p = self.path();
        (0..p.len()).map(|i| (p[i], p[(i + 1) % p.len()])).collect()
    }

    /// Checks that the tile is a closed knight's tour with its required moves.
    pub fn check(&self) -> Result<(), BadTile> {
        let bad = |fault| BadTile {
            w: self.w,
            h: self.h,
            fault,
        };
        let cells = (self.h * self.w) as usize - self.hole as usize;
        if self.order.len() != (self.h * self.w) as usize {
            return Err(bad(TileFault::Cells));
        }
        if self.hole != (self.order[0] == u32::MAX) {
            return Err(bad(TileFault::Hole));
        }
        let mut seen = vec![false; cells];
        for &s in self.order.iter().filter(|&&s| s != u32::MAX) {
            if s as usize >= cells || std::mem::replace(&mut seen[s as usize], true) {
                return Err(bad(TileFault::Step(s + 1)));
            }
        }
        let moves = self.moves();
        if let Some(&(a, b)) = moves.iter().find(|&&(a, b)| !is_knight_move(a, b)) {
            return Err(bad(TileFault::NotKnight(a, b)));
        }
        if self.quadrisected {
            let path = self.path();
            let q: Vec<u8> = path.iter().map(|&p| quadrant(self.h, p)).collect();
            let runs = (0..q.len())
                .filter(|&i| q[i] != q[(i + 1) % q.len()])
                .count();
            if self.h != self.w || self.hole || runs != 4 {
                return Err(bad(TileFault::NotQuadrisected));
            }
            return Ok(());
        }
        for (a, b) in required_moves(self.h, self.w, self.hole) {
            if !moves.contains(&(a, b)) && !moves.contains(&(b, a)) {
                return Err(bad(TileFault::Missing(a, b)));
            }
        }
        Ok(())
    }
}

/// A tile that breaks a rule of [`Tile::check`], and which.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("tile {w}x{h}: {fault}")]
pub struct BadTile {
    /// Columns.
    pub w: u32,
    /// Rows.
    pub h: u32,
    /// The rule broken.
    pub fault: TileFault,
}

/// The rule of [`Tile::check`] a tile breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TileFault {
    /// The tile does not have one step per cell but the hole.
    #[error("wrong number of cells")]
    Cells,
    /// A hole elsewhere than the top-left cell, or more than one.
    #[error("the hole must be the top-left cell and only it")]
    Hole,
    /// A 1-based step number that is too large or comes twice.
    #[error("step {0} is out of range or repeated")]
    Step(u32),
    /// Two consecutive steps that are not a knight's move apart.
    #[error("{0:?} to {1:?} is not a knight's move")]
    NotKnight(Rc, Rc),
    /// The tour does not split into the four quarters' paths Parberry's tiles join.
    #[error("not a quadrisected tour of a square")]
    NotQuadrisected,
    /// A move of [`required_moves`] that the tour does not make.
    #[error("the required move {0:?}-{1:?} is missing")]
    Missing(Rc, Rc),
}

/// The quadrant of `(r, c)` on an `n` x `n` board: NW, NE, SE, SW = 0, 1, 2, 3.
pub fn quadrant(n: u32, (r, c): Rc) -> u8 {
    [[0, 1], [3, 2]][(r >= n / 2) as usize][(c >= n / 2) as usize]
}

/// Whether `a` and `b` are a knight's move apart.
pub(super) fn is_knight_move(a: Rc, b: Rc) -> bool {
    let (dr, dc) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
    Leaper::KNIGHT.dir_of(dr as i32, dc as i32).is_some()
}

/// All base tiles, by `(rows, columns, hole)`, and the quadrisected tours of small
/// squares, by side.
#[derive(Debug, Default)]
pub(super) struct Tiles {
    joined: HashMap<(u32, u32, bool), Tile>,
    quadrisected: HashMap<u32, Tile>,
}

impl Tiles {
    /// The tile of `h` rows and `w` columns, if there is one.
    pub fn get(&self, h: u32, w: u32, hole: bool) -> Option<&Tile> {
        self.joined.get(&(h, w, hole))
    }

    /// The quadrisected tour of the `n` x `n` board, if there is one.
    pub fn quadrisected(&self, n: u32) -> Option<&Tile> {
        self.quadrisected.get(&n)
    }

    /// Every tile.
    #[cfg(test)]
    pub fn iter(&self) -> impl Iterator<Item = &Tile> {
        self.joined.values().chain(self.quadrisected.values())
    }
}

/// The tiles of `tiles.txt`, parsed and checked once; data that does not load is a
/// bug of this tool ([`Error::Internal`]).
pub(super) fn tiles() -> Result<&'static Tiles, Error> {
    static TILES: OnceLock<Result<Tiles, BadData>> = OnceLock::new();
    TILES
        .get_or_init(|| parse(DATA))
        .as_ref()
        .map_err(|e| Error::internal(e.to_string()))
}

/// Tile data that does not parse or check, at a line of it.
#[derive(Debug, thiserror::Error)]
#[error("parberry tiles.txt line {line}: {fault}")]
pub(super) struct BadData {
    /// The line of the tile's header.
    pub line: usize,
    pub fault: DataFault,
}

/// What is wrong with a block of the tile data.
#[derive(Debug, thiserror::Error)]
pub(super) enum DataFault {
    #[error("bad width")]
    Width,
    #[error("bad height")]
    Height,
    #[error("expected 'tile WxH'")]
    Header,
    #[error("tile sides must be between 5 and 64")]
    Sides,
    /// The rows of the numbered grid.
    #[error("{0}")]
    Grid(GridError),
    #[error(transparent)]
    Tile(#[from] BadTile),
    /// The tile's move bits could not be allocated.
    #[error("{0}")]
    Masks(Error),
    #[error("a second tile of this size and kind")]
    Again,
}

/// Parses and checks tile data: blocks of a `tile WxH` line (`tile WxH hole` for a
/// corner tile) followed by H rows, top row first, of 1-based steps (`.` for the hole):
/// the crate's numbered grid.
pub(super) fn parse(text: &str) -> Result<Tiles, BadData> {
    let mut tiles = Tiles::default();
    let mut lines = grid::rows(text);
    while let Some((line, header)) = lines.next() {
        let bad = |fault: DataFault| BadData { line, fault };
        let mut words = header.split_whitespace();
        let (w, h) = match (words.next(), words.next().and_then(|s| s.split_once('x'))) {
            (Some("tile"), Some((w, h))) => (
                w.parse::<u32>().map_err(|_| bad(DataFault::Width))?,
                h.parse::<u32>().map_err(|_| bad(DataFault::Height))?,
            ),
            _ => return Err(bad(DataFault::Header)),
        };
        let kind = words.next();
        let (hole, quadrisected) = (kind == Some("hole"), kind == Some("quadrisected"));
        if !(5..=64).contains(&w) || !(5..=64).contains(&h) {
            return Err(bad(DataFault::Sides));
        }
        let grid = Numbered::block(&mut lines, w, h).map_err(|e| bad(DataFault::Grid(e)))?;
        // Tiles count rows from the top; the grid's cells count them from the bottom.
        let mut order = vec![u32::MAX; (w * h) as usize];
        for (i, &c) in grid.path.iter().enumerate() {
            let (x, y) = (c % w, c / w);
            order[((h - 1 - y) * w + x) as usize] = i as u32;
        }
        let mut tile = Tile {
            h,
            w,
            hole,
            quadrisected,
            order,
            masks: Vec::new(),
        };
        tile.check().map_err(|e| bad(e.into()))?;
        tile.masks = masks(&tile).map_err(|e| bad(DataFault::Masks(e)))?;
        let again = if quadrisected {
            tiles.quadrisected.insert(w, tile).is_some()
        } else {
            tiles.joined.insert((h, w, hole), tile).is_some()
        };
        if again {
            return Err(bad(DataFault::Again));
        }
    }
    Ok(tiles)
}

/// The move bits of a tile, laid out as a canvas of its size.
fn masks(tile: &Tile) -> Result<Vec<u8>, Error> {
    let mut c = Canvas::new(tile.h, tile.w)?;
    for (a, b) in tile.moves() {
        c.link(a, b);
    }
    Ok(c.into_masks())
}

/// Writes a tile in the format [`parse`] reads.
pub fn format(tile: &Tile) -> String {
    let kind = match (tile.hole, tile.quadrisected) {
        (true, _) => " hole",
        (_, true) => " quadrisected",
        _ => "",
    };
    let (h, w) = (tile.h, tile.w);
    let path: Vec<u32> = tile
        .path()
        .iter()
        .map(|&(r, c)| (h - 1 - r) * w + c)
        .collect();
    format!("tile {w}x{h}{kind}\n{}", grid::text(w, h, &path))
}
