//! The special tiles (Leslie-Hurd, "Large Knight's Tours"; docs/stitch.md): one tour of every rectangle with sides
//! 6..=11, closed unless both sides are odd, that holds the four "join edges" below.
//! They were found once by the tile search of knights-lab and are kept as data in
//! `tiles.txt`; a test there runs the search again and checks the file is what it finds.
//!
//! Joining two neighbouring tiles swaps two leaps for two others: each tile gives up
//! its join edge on the shared side, and the four freed ends are linked across the
//! boundary by two knight's leaps (first end to first end, second to second). Two
//! closed tours become one; a closed tour and an open one become one open tour.

use std::sync::OnceLock;

use knights_core::format::grid::{self, GridError, Numbered};
use knights_core::Board;
use knights_core::Error;
use knights_core::Failure;
use knights_core::MoveGrid;
use knights_core::{Tour, TourKind};

use crate::once::get_or_make;

/// The shortest side of a tile.
pub const MIN: u32 = 6;
/// The longest side of a tile: boards are cut into 6-wide strips, the last one taking
/// the remainder, so it is 6..=11 wide.
pub const MAX: u32 = 11;

/// The data file: one block per tile, see [`format`].
const DATA: &str = include_str!("tiles.txt");

/// A side of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The side at `x = 0`.
    Left,
    /// The side at `x = w - 1`.
    Right,
    /// The side at `y = 0`.
    Bottom,
    /// The side at `y = h - 1`.
    Top,
}

impl Side {
    /// The edge a `w` x `h` tile gives up to be joined on this side, in tile
    /// coordinates. With the tile `A` left of `B` and `X` the first column of `B`, A's
    /// right edge `(X-1, y) (X-2, y+2)` and B's left edge `(X+1, y+1) (X, y+3)` are
    /// replaced by the leaps `(X-1, y) (X+1, y+1)` and `(X-2, y+2) (X, y+3)`; the
    /// vertical join is the same with x and y swapped.
    pub fn edge(self, w: u32, h: u32) -> [(u32, u32); 2] {
        match self {
            Side::Right => [(w - 1, 0), (w - 2, 2)],
            Side::Left => [(1, 1), (0, 3)],
            Side::Top => [(0, h - 1), (2, h - 2)],
            Side::Bottom => [(1, 1), (3, 0)],
        }
    }
}

/// One special tile: a tour of a `width` x `height` rectangle.
#[derive(Clone, Debug)]
pub struct Tile {
    width: u32,
    height: u32,
    closed: bool,
    path: Vec<u32>,
    masks: Vec<u8>,
}

impl Tile {
    /// A tile from its path (cells numbered `y * width + x`), checked: see [`Tile::check`].
    pub fn new(width: u32, height: u32, closed: bool, path: Vec<u32>) -> Result<Tile, BadTile> {
        let bad = |fault| BadTile {
            width,
            height,
            fault,
        };
        let board = Board::new(width, height).map_err(|e| bad(TileFault::Board(e.to_string())))?;
        let grid =
            MoveGrid::from_path(&board, &path, closed).ok_or_else(|| bad(TileFault::Leap))?;
        let tile = Tile {
            width,
            height,
            closed,
            path,
            masks: grid.masks().to_vec(),
        };
        tile.check()?;
        Ok(tile)
    }

    /// Whether both sides are odd: then the tile is an open tour, used only in the
    /// bottom-right corner of a board with both sides odd, where the tour starts.
    pub fn is_open_size(width: u32, height: u32) -> bool {
        width % 2 == 1 && height % 2 == 1
    }

    /// The sides it can be joined on: all four for a closed tile; the open corner tile
    /// only has neighbours on its left and above.
    pub fn sides(&self) -> &'static [Side] {
        if self.closed {
            &[Side::Left, Side::Right, Side::Bottom, Side::Top]
        } else {
            &[Side::Left, Side::Top]
        }
    }

    /// Sides within 6..=11, closed unless both are odd, a tour, every join edge of
    /// [`Tile::sides`] among its leaps, and an open tile starting in its bottom-right
    /// corner (where the paper's 23x23 tour has its end).
    pub fn check(&self) -> Result<(), BadTile> {
        let (w, h) = (self.width, self.height);
        let bad = |fault| BadTile {
            width: w,
            height: h,
            fault,
        };
        if !(MIN..=MAX).contains(&w) || !(MIN..=MAX).contains(&h) {
            return Err(bad(TileFault::Sides));
        }
        if self.closed == Tile::is_open_size(w, h) {
            return Err(bad(TileFault::Kind));
        }
        let board = Board::new(w, h).map_err(|e| bad(TileFault::Board(e.to_string())))?;
        let tour = Tour::new(board.clone(), self.path.clone(), self.closed);
        knights_core::verify::check(&tour).map_err(|e| bad(TileFault::NotTour(e)))?;
        for &side in self.sides() {
            let [(ax, ay), (bx, by)] = side.edge(w, h);
            let d = board.dir_between(board.index(ax, ay), board.index(bx, by));
            let has = d.is_some_and(|d| self.masks[board.index(ax, ay) as usize] & (1 << d) != 0);
            if !has {
                return Err(bad(TileFault::JoinEdge(side)));
            }
        }
        if !self.closed && self.path[0] != w - 1 {
            return Err(bad(TileFault::OpenStart));
        }
        Ok(())
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether the tour of the tile is closed.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The cells in visiting order.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// The move bits of every cell, `y * width + x`.
    pub fn masks(&self) -> &[u8] {
        &self.masks
    }
}

/// A tile that breaks a rule of [`Tile::check`], and which.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{width}x{height} tile: {fault}")]
pub struct BadTile {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// The rule it breaks.
    pub fault: TileFault,
}

/// The rule of [`Tile::check`] a tile breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TileFault {
    /// A side outside 6..=11.
    #[error("sides must be {MIN} to {MAX}")]
    Sides,
    /// Closed with both sides odd, or open otherwise.
    #[error("must be open exactly when both sides are odd")]
    Kind,
    /// Its sides make no board.
    #[error("{0}")]
    Board(String),
    /// A step of the path is not a knight's leap.
    #[error("a step is not a knight's leap")]
    Leap,
    /// The path is not a tour of the tile.
    #[error(transparent)]
    NotTour(Failure),
    /// A join edge of [`Tile::sides`] is not among its leaps.
    #[error("lacks its {0:?} join edge")]
    JoinEdge(Side),
    /// An open tile that does not start in its bottom-right corner.
    #[error("an open tile starts in its bottom-right corner")]
    OpenStart,
}

/// Tile data that does not parse or check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum BadData {
    /// The text ends before the tile of this size.
    #[error("no {0}x{1} tile")]
    Missing(u32, u32),
    /// The line where the header of the next tile was expected, and that header.
    #[error("line {0}: expected '{1}'")]
    Header(usize, String),
    /// The rows of a `width` x `height` tile are not its numbered grid.
    #[error("{0}x{1} tile: {2}")]
    Grid(u32, u32, GridError),
    /// A tile breaks a rule.
    #[error(transparent)]
    Tile(#[from] BadTile),
    /// The line of the first text after the last tile.
    #[error("line {0}: text after the last tile")]
    Trailing(usize),
}

/// The stored tiles, in the order of [`sizes`], parsed and checked once (each proved
/// by `verify` outside the lock, so the proof may run parallel work); data that does
/// not load is a bug of this tool ([`Error::Internal`]).
pub fn stored() -> Result<&'static [Tile], Error> {
    static TILES: OnceLock<Result<Vec<Tile>, BadData>> = OnceLock::new();
    get_or_make(&TILES, || parse(DATA))
        .as_ref()
        .map(Vec::as_slice)
        .map_err(|e| Error::internal(format!("stitch tiles.txt: {e}")))
}

/// The stored tile of `width` x `height`, both in 6..=11.
pub fn tile(width: u32, height: u32) -> Result<&'static Tile, Error> {
    Ok(&stored()?[slot(width, height)])
}

/// Where the `width` x `height` tile sits in [`stored`], the file's order.
pub(super) fn slot(width: u32, height: u32) -> usize {
    assert!((MIN..=MAX).contains(&width) && (MIN..=MAX).contains(&height));
    ((height - MIN) * (MAX - MIN + 1) + (width - MIN)) as usize
}

/// The sizes in the file's order: heights 6..=11, and for each, widths 6..=11.
pub fn sizes() -> impl Iterator<Item = (u32, u32)> {
    (MIN..=MAX).flat_map(|h| (MIN..=MAX).map(move |w| (w, h)))
}

/// The data file's text: a comment, then per tile a line `WxH closed` (or `open`) and
/// its numbered grid (rows, top row first, each cell the 1-based step at which the
/// tour visits it).
pub fn format(tiles: &[Tile]) -> String {
    let mut s = String::from(
        "# The special tiles of the stitch construction (Leslie-Hurd), found by the search in\n\
         # crates/knights-lab/src/tiles/stitch.rs.\n\
         #   KNIGHTS_REGENERATE=1 cargo test -p knights-lab tiles::stitch\n\
         # rewrites this file (docs/regenerating.md).\n\
         # Per tile: 'WxH closed|open', then its rows, top first, of 1-based visiting steps.\n",
    );
    for t in tiles {
        let kind = TourKind::open_if(!t.closed);
        s += &format!("\n{}x{} {kind}\n", t.width, t.height);
        s += &grid::text(t.width, t.height, &t.path);
    }
    s
}

/// Reads the data file back, checking every tile and that each size comes once, in
/// the order of [`sizes`].
pub(crate) fn parse(text: &str) -> Result<Vec<Tile>, BadData> {
    let mut lines = grid::rows(text);
    let mut tiles = Vec::new();
    for (w, h) in sizes() {
        let (n, head) = lines.next().ok_or(BadData::Missing(w, h))?;
        let kind = TourKind::open_if(Tile::is_open_size(w, h));
        let expected = format!("{w}x{h} {kind}");
        if head.trim() != expected {
            return Err(BadData::Header(n, expected));
        }
        let grid = Numbered::block(&mut lines, w, h).map_err(|e| BadData::Grid(w, h, e))?;
        tiles.push(Tile::new(w, h, kind == TourKind::Closed, grid.path)?);
    }
    match lines.next() {
        Some((n, _)) => Err(BadData::Trailing(n)),
        None => Ok(tiles),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stored_tile_checks() {
        for (w, h) in sizes() {
            let t = tile(w, h).unwrap();
            assert_eq!((t.width(), t.height()), (w, h));
            t.check().unwrap();
        }
    }

    #[test]
    fn join_edges_are_leaps_and_pair_up_across_the_boundary() {
        let k = knights_core::Leaper::KNIGHT;
        let leap = |(a, b): (u32, u32), (c, d): (u32, u32)| {
            k.dir_of(c as i32 - a as i32, d as i32 - b as i32).is_some()
        };
        for (w, h) in sizes() {
            // A w x h tile left of (below) a tile with its corner at (w, 0) ((0, h)).
            let [a1, a2] = Side::Right.edge(w, h);
            let [b1, b2] = Side::Left.edge(6, 6).map(|(x, y)| (x + w, y));
            assert!(leap(a1, a2) && leap(b1, b2) && leap(a1, b1) && leap(a2, b2));
            let [a1, a2] = Side::Top.edge(w, h);
            let [b1, b2] = Side::Bottom.edge(6, 6).map(|(x, y)| (x, y + h));
            assert!(leap(a1, a2) && leap(b1, b2) && leap(a1, b1) && leap(a2, b2));
        }
    }

    #[test]
    fn refuses_bad_data() {
        let short = parse("6x6 closed\n1 2 3\n").unwrap_err();
        assert!(matches!(short, BadData::Grid(6, 6, _)), "{short:?}");
        let short = short.to_string();
        assert!(
            short.contains("6x6 tile: grid: 1 rows where 6 were expected"),
            "{short}"
        );
        let narrow = (1..=6).map(|r| format!("{} {}\n", 2 * r - 1, 2 * r));
        let narrow = parse(&format!("6x6 closed\n{}", narrow.collect::<String>()))
            .unwrap_err()
            .to_string();
        assert!(
            narrow.contains("line 2: 2 cells in a row where 6 were expected"),
            "{narrow}"
        );
        let good = format(&[tile(6, 6).unwrap().clone()]);
        let swapped = good.replacen("6x6 closed", "6x6 open", 1);
        let e = parse(&swapped).unwrap_err();
        assert!(
            matches!(&e, BadData::Header(_, h) if h == "6x6 closed"),
            "{e:?}"
        );
        assert!(e.to_string().contains("expected '6x6 closed'"));
        let t = tile(6, 6).unwrap();
        let mut p = t.path().to_vec();
        p.swap(3, 4);
        let e = Tile::new(6, 6, true, p).unwrap_err();
        assert!(
            matches!(e.fault, TileFault::Leap | TileFault::NotTour(_)),
            "{e:?}"
        );
    }
}
