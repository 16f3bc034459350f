//! The corner pieces of `levels.toml` (found by the search of knights-lab), read once: for each
//! corner, the piece where the knights leave a level and the one where they arrive on
//! the next, placed on a board of any size. The file is read by [`crate::besa::piece_file`]
//! (shared with the 2-D pieces); what is this module's own is the end cells (a move
//! digit and `z`) and the placing of a corner's pieces.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::corners::Corner;
use crate::besa::piece_file::{self, digit, moves, BadData, PieceFault, PieceSpec};
use crate::besa::Cell;

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

/// Every corner's pieces.
pub(super) fn pieces() -> &'static BTreeMap<Corner, CornerPieces> {
    static PIECES: OnceLock<BTreeMap<Corner, CornerPieces>> = OnceLock::new();
    PIECES.get_or_init(|| parse(DATA).expect("the embedded levels data is valid (tested)"))
}

/// Parses the data ([`piece_file`] checks its move numbering and reads its cells),
/// checking that every corner has its two pieces, each with four ends, two cells apart.
pub(super) fn parse(text: &str) -> Result<BTreeMap<Corner, CornerPieces>, BadData> {
    let spec = piece_file::read(text)?;
    let mut out = BTreeMap::new();
    for corner in Corner::ALL {
        let get = |kind: &str| -> Result<Piece, BadData> {
            let name = format!("{}_{kind}", corner.name());
            let p = spec
                .pieces
                .get(&name)
                .ok_or_else(|| BadData::NoPiece(name.clone()))?;
            parse_piece(p).map_err(|e| BadData::Piece(name, e))
        };
        let pieces = CornerPieces {
            end: get("end")?,
            start: get("start")?,
        };
        let shift = pieces.shift(corner, 40, 40);
        if !matches!(shift, Some((0, 2 | -2) | (2 | -2, 0))) {
            return Err(BadData::Squares(corner.name()));
        }
        out.insert(corner, pieces);
    }
    Ok(out)
}

/// A piece's covered cells with their moves and ends; it must have four ends.
fn parse_piece(p: &PieceSpec) -> Result<Piece, PieceFault> {
    let width = p.width as usize;
    let cells: Vec<_> = p
        .cells(end_or_moves)?
        .into_iter()
        .enumerate()
        .filter_map(|(k, c)| {
            let (m, end) = c?;
            Some((((k % width) as i32, (k / width) as i32), m, end))
        })
        .collect();
    if cells.iter().filter(|c| c.2).count() != 4 {
        return Err(PieceFault::Ends);
    }
    Ok(Piece {
        width: p.width as i32,
        height: p.height as i32,
        cells,
    })
}

/// A cell: two distinct move digits, or one digit and `z` (an end: its other move
/// leaves the level).
fn end_or_moves(cell: &str) -> Option<(u8, bool)> {
    match cell.chars().collect::<Vec<_>>()[..] {
        [a, 'z'] => Some((digit(a)?, true)),
        _ => Some((moves(cell)?, false)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded data with the piece `to` replaced by a copy of the piece `from`.
    fn copied(from: &str, to: &str) -> String {
        let mut t: toml::Table = DATA.parse().unwrap();
        let pieces = t["pieces"].as_table_mut().unwrap();
        pieces.insert(to.into(), pieces[from].clone());
        t.to_string()
    }

    #[test]
    fn the_embedded_data_has_every_corner() {
        let p = pieces();
        assert_eq!(p.keys().copied().collect::<Vec<_>>(), Corner::ALL);
        assert_eq!(
            p[&Corner::BottomLeft].shift(Corner::BottomLeft, 40, 29),
            Some((2, 0))
        );
        // The round trip through the table used below keeps the data as it was.
        assert!(parse(&copied("bottom_left_end", "bottom_left_end")).is_ok());
    }

    #[test]
    fn malformed_data_is_refused_with_a_reason() {
        let e = parse(&DATA.replace("[pieces.bottom_left_start]", "[pieces.other]")).unwrap_err();
        assert!(matches!(&e, BadData::NoPiece(n) if n == "bottom_left_start"));
        assert_eq!(e.to_string(), "no piece bottom_left_start");
        let bad_cell = DATA.replace("\"0z 07 16 1z 07 67\"", "\"0y 07 16 1z 07 67\"");
        let e = parse(&bad_cell).unwrap_err();
        assert!(matches!(&e, BadData::Piece(_, PieceFault::Cell(4, c)) if c == "0y"));
        assert_eq!(e.to_string(), "piece bottom_left_end: row 4: bad cell '0y'");
        let narrow = DATA.replace("\"0z 07 16 1z 07 67\"", "\"0z 07 16 1z 07\"");
        let e = parse(&narrow).unwrap_err();
        assert_eq!(
            e.to_string(),
            "piece bottom_left_end: row 4 is not 6 cells wide"
        );
        let three_ends = DATA.replace("\"0z 07 16 1z 07 67\"", "\"01 07 16 1z 07 67\"");
        let e = parse(&three_ends).unwrap_err();
        assert!(matches!(&e, BadData::Piece(_, PieceFault::Ends)));
        assert_eq!(
            e.to_string(),
            "piece bottom_left_end: it does not have the quartet's four ends"
        );
        let e = parse(&copied("top_right_h6_end", "top_right_h6_start")).unwrap_err();
        assert!(matches!(&e, BadData::Squares(n) if n == "top_right_h6"));
        assert_eq!(
            e.to_string(),
            "the top_right_h6 pieces' squares are not two cells apart"
        );
        let flipped = DATA.replace("[-2, -1, 1, 2,", "[2, 1, -1, -2,");
        assert!(matches!(parse(&flipped), Err(BadData::MoveDigits)));
        assert!(matches!(parse("[moves]"), Err(BadData::Toml(_))));
    }
}
