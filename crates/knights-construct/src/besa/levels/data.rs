//! The corner pieces of `levels.toml` (found by the search of knights-lab), read once: for each
//! corner, the piece where the knights leave a level and the one where they arrive on
//! the next, placed on a board of any size.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::corners::Corner;
use crate::besa::Cell;
use knights_core::board::Leaper;

/// The embedded data.
const DATA: &str = include_str!("levels.toml");

/// A piece: its covered cells, relative to its anchor corner, with their moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Piece {
    width: i32,
    height: i32,
    /// `(column from the left, row from the top)`, the moves, and whether it is an end.
    cells: Vec<((i32, i32), u8, bool)>,
}

/// One corner's two pieces and the move between them.
#[derive(Clone, Debug)]
pub(super) struct CornerPieces {
    pub end: Piece,
    pub start: Piece,
}

impl Piece {
    /// The piece's cells on a `w x h` board, `(x, y)` with `y` up, with their moves and
    /// whether each is an end.
    pub(super) fn placed(&self, corner: Corner, w: u32, h: u32) -> Vec<(Cell, u8, bool)> {
        let (x0, y_top) = match corner {
            Corner::BottomLeft => (0, self.height - 1),
            Corner::TopRight(_) => (w as i32 - self.width, h as i32 - 1),
        };
        self.cells
            .iter()
            .map(|&((j, i), m, end)| ((x0 + j, y_top - i), m, end))
            .collect()
    }

    /// The lowest-leftmost end cell, relative to the anchor, as placed on `w x h`.
    fn square(&self, corner: Corner, w: u32, h: u32) -> Option<Cell> {
        self.placed(corner, w, h)
            .into_iter()
            .filter(|c| c.2)
            .map(|c| c.0)
            .min()
    }
}

impl CornerPieces {
    /// How the knights move in the plane from a level's end square to the next
    /// level's start square.
    pub(super) fn shift(&self, corner: Corner, w: u32, h: u32) -> Option<Cell> {
        let (a, b) = (
            self.end.square(corner, w, h)?,
            self.start.square(corner, w, h)?,
        );
        Some((b.0 - a.0, b.1 - a.1))
    }
}

#[derive(Deserialize)]
struct FileSpec {
    moves: MovesSpec,
    pieces: BTreeMap<String, PieceSpec>,
}

#[derive(Deserialize)]
struct MovesSpec {
    row_delta: Vec<i32>,
    col_delta: Vec<i32>,
}

#[derive(Deserialize)]
struct PieceSpec {
    width: i32,
    height: i32,
    cells: Vec<String>,
}

/// Every corner's pieces.
pub(super) fn pieces() -> &'static BTreeMap<Corner, CornerPieces> {
    static PIECES: OnceLock<BTreeMap<Corner, CornerPieces>> = OnceLock::new();
    PIECES.get_or_init(|| parse(DATA).expect("the embedded levels data is valid (tested)"))
}

/// Parses the data, checking the move numbering and that every corner has its two
/// pieces, each with four ends, two cells apart.
pub(super) fn parse(text: &str) -> Result<BTreeMap<Corner, CornerPieces>, String> {
    let spec: FileSpec = toml::from_str(text).map_err(|e| e.to_string())?;
    let dirs = Leaper::KNIGHT.dirs();
    let same = spec.moves.row_delta.len() == 8
        && spec.moves.col_delta.len() == 8
        && (0..8).all(|d| (spec.moves.col_delta[d], -spec.moves.row_delta[d]) == dirs[d]);
    if !same {
        return Err("its move digits are not the project's direction numbers".into());
    }
    let mut out = BTreeMap::new();
    for corner in Corner::ALL {
        let get = |kind: &str| -> Result<Piece, String> {
            let name = format!("{}_{kind}", corner.name());
            let p = spec
                .pieces
                .get(&name)
                .ok_or_else(|| format!("no piece {name}"))?;
            parse_piece(p).map_err(|e| format!("piece {name}: {e}"))
        };
        let pieces = CornerPieces {
            end: get("end")?,
            start: get("start")?,
        };
        let shift = pieces.shift(corner, 40, 40);
        if !matches!(shift, Some((0, 2 | -2) | (2 | -2, 0))) {
            return Err(format!(
                "the {} pieces' squares are not two cells apart",
                corner.name()
            ));
        }
        out.insert(corner, pieces);
    }
    Ok(out)
}

fn parse_piece(p: &PieceSpec) -> Result<Piece, String> {
    if p.cells.len() != p.height as usize {
        return Err(format!("{} rows, height says {}", p.cells.len(), p.height));
    }
    let mut cells = Vec::new();
    for (i, row) in p.cells.iter().enumerate() {
        let row: Vec<&str> = row.split_whitespace().collect();
        if row.len() != p.width as usize {
            return Err(format!("row {i} is not {} cells wide", p.width));
        }
        for (j, &cell) in row.iter().enumerate() {
            if cell == "xx" {
                continue;
            }
            let (m, end) = mask(cell).ok_or_else(|| format!("row {i}: bad cell '{cell}'"))?;
            cells.push(((j as i32, i as i32), m, end));
        }
    }
    if cells.iter().filter(|c| c.2).count() != 4 {
        return Err("it does not have the quartet's four ends".into());
    }
    Ok(Piece {
        width: p.width,
        height: p.height,
        cells,
    })
}

/// A cell: two distinct move digits, or one digit and `z` (an end).
fn mask(cell: &str) -> Option<(u8, bool)> {
    let c: Vec<char> = cell.chars().collect();
    let digit = |c: char| c.to_digit(8).map(|d| 1u8 << d);
    match c[..] {
        [a, 'z'] => Some((digit(a)?, true)),
        [a, b] if a != b => Some((digit(a)? | digit(b)?, false)),
        _ => None,
    }
}
