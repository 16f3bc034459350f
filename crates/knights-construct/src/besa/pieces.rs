//! The pieces of Algorithm 1 (the junctions of the paper's Figure 4 and the corner
//! sequences of its Figure 5), read once from the embedded `pieces.toml`; the encoding
//! is explained in docs/formation.md.
//!
//! A piece is a small grid of cells, rows from the TOP, each cell either not covered or
//! holding the two moves of the tour there as a direction mask (the TOML's move digits
//! are the project's direction numbers, see [`knights_core::Leaper::dirs`]).
//! The file is read by [`super::piece_file`], shared with the level corners; what is
//! this module's own is the background and the pieces turned for the top and right
//! edges.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::piece_file::{self, moves, BadData};

/// The embedded pieces data.
const DATA: &str = include_str!("pieces.toml");
/// The optimized heels found by the gadget search, in the same encoding.
const HEELS: &str = include_str!("heels.toml");
/// The corner variant's pieces found by the gadget search, in the same encoding.
const CORNER: &str = include_str!("corner.toml");
/// The best tour's corners found by the gadget search, in the same encoding.
const BEST_CORNERS: &str = include_str!("best_corners.toml");
/// The band tour's edge band and its transitions, found by the band integer program.
const BAND: &str = include_str!("band.toml");

/// A piece, rows from the top; a cell's mask is 0 where the piece does not cover it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    width: u32,
    height: u32,
    cells: Vec<u8>,
}

impl Piece {
    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The mask of the cell in row `i` (from the top) and column `j`, 0 if uncovered.
    pub fn at(&self, i: u32, j: u32) -> u8 {
        self.cells[(i * self.width + j) as usize]
    }

    /// The piece turned 180 degrees: rows and columns reversed, every move reversed.
    fn rotated(&self) -> Piece {
        let cells = self.cells.iter().rev().map(|&m| m.rotate_left(4)).collect();
        Piece { cells, ..*self }
    }
}

/// Every piece, as drawn (`[0]`) and turned 180 degrees (`[1]`).
#[derive(Debug)]
struct Pieces {
    background: u8,
    by_name: BTreeMap<String, [Piece; 2]>,
}

/// The pieces files, in the order a piece is looked for: the paper's first (every tour
/// needs them), then the searched ones. No two have a piece of the same name (tested).
const FILES: [(&str, &str); 5] = [
    ("pieces.toml", DATA),
    ("heels.toml", HEELS),
    ("corner.toml", CORNER),
    ("best_corners.toml", BEST_CORNERS),
    ("band.toml", BAND),
];

/// File `i` of [`FILES`], read the first time a piece is looked for in it: a tour of
/// the paper's pieces reads the paper's file alone (a sixth of the data), which the
/// browser's module reads on its first drawing.
fn file(i: usize) -> &'static Pieces {
    static READ: [OnceLock<Pieces>; FILES.len()] = [const { OnceLock::new() }; FILES.len()];
    READ[i].get_or_init(|| {
        let (name, text) = FILES[i];
        parse(text).unwrap_or_else(|e| panic!("the embedded {name} is valid (tested): {e}"))
    })
}

/// The piece called `name` in the TOML, turned 180 degrees when `rotated`.
///
/// Panics on a name the data does not have: the names are fixed in the layout code and
/// all of them are exercised by the tests.
pub fn piece(name: &str, rotated: bool) -> &'static Piece {
    find_piece(name, rotated)
        .unwrap_or_else(|| panic!("no piece '{name}' in the embedded pieces data"))
}

/// The piece called `name`, if the data has one (a corner the search left plain has
/// none).
pub(super) fn find_piece(name: &str, rotated: bool) -> Option<&'static Piece> {
    (0..FILES.len())
        .find_map(|i| file(i).by_name.get(name))
        .map(|p| &p[rotated as usize])
}

/// The mask of the background: the straight diagonal formation moves.
pub fn background() -> u8 {
    file(0).background
}

/// Parses the pieces data ([`piece_file`] checks its move numbering and reads its
/// cells), adding each piece turned 180 degrees.
fn parse(text: &str) -> Result<Pieces, BadData> {
    let spec = piece_file::read(text)?;
    let background = spec
        .moves
        .background
        .as_deref()
        .and_then(moves)
        .ok_or(BadData::Background)?;
    let mut by_name = BTreeMap::new();
    for (name, p) in spec.pieces {
        let cells = p
            .cells(moves)
            .map_err(|e| BadData::Piece(name.clone(), e))?;
        let piece = Piece {
            width: p.width,
            height: p.height,
            cells: cells.into_iter().map(|m| m.unwrap_or(0)).collect(),
        };
        let rotated = piece.rotated();
        by_name.insert(name, [piece, rotated]);
    }
    Ok(Pieces {
        background,
        by_name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::besa::piece_file::PieceFault;

    /// Every file parses, with the paper's background, and no two files have a piece
    /// of the same name (a piece is looked for file by file, in order).
    #[test]
    fn embedded_data_parses_with_the_expected_meaning() {
        assert_eq!(background(), 0b0100_0100);
        let mut names = BTreeMap::new();
        for (i, (file_name, _)) in FILES.iter().enumerate() {
            assert_eq!(file(i).background, background(), "{file_name}");
            for name in file(i).by_name.keys() {
                let before = names.insert(name.clone(), *file_name);
                assert_eq!(before, None, "{name} in {file_name}");
            }
        }
        assert_eq!(names.len(), 10 + 4 + 4 + 24 + 3);
        let heel = piece("heel", false);
        assert_eq!((heel.width(), heel.height()), (8, 4));
        assert_eq!(heel.at(0, 6), 0); // "xx"
        assert_eq!(heel.at(3, 0), 0b11); // "01"
        let rot = piece("heel", true);
        assert_eq!(rot.at(0, 7), 0b0011_0000); // "01" turned is "45"
        assert_eq!(rot.at(3, 1), 0);
    }

    #[test]
    fn malformed_data_is_refused_with_a_reason() {
        let good = "[moves]\nrow_delta = [-2, -1, 1, 2, 2, 1, -1, -2]\ncol_delta = [1, 2, 2, 1, -1, -2, -2, -1]\nbackground = \"26\"\n";
        let bad_row = format!("{good}[pieces.p]\nwidth = 2\nheight = 1\ncells = [\"26\"]\n");
        let e = parse(&bad_row).unwrap_err();
        assert!(matches!(&e, BadData::Piece(p, PieceFault::Width(0, 2)) if p == "p"));
        assert!(e.to_string().contains("piece p: row 0"), "{e}");
        let bad_cell = format!("{good}[pieces.p]\nwidth = 1\nheight = 1\ncells = [\"29\"]\n");
        let e = parse(&bad_cell).unwrap_err();
        assert!(matches!(&e, BadData::Piece(_, PieceFault::Cell(0, c)) if c == "29"));
        assert!(e.to_string().contains("bad cell '29'"), "{e}");
        // An empty pieces table, so that only the move digits are wrong.
        assert!(parse(&format!("{good}[pieces]\n")).is_ok());
        let flipped = format!("{good}[pieces]\n").replace("[-2, -1, 1, 2,", "[2, 1, -1, -2,");
        assert!(matches!(parse(&flipped), Err(BadData::MoveDigits)));
        // The background must be there and be a move cell.
        for background in ["", "background = \"2z\"\n"] {
            let text = good.replace("background = \"26\"\n", background);
            let e = parse(&format!("{text}[pieces]\n")).unwrap_err();
            assert!(matches!(e, BadData::Background), "{e}");
            assert_eq!(e.to_string(), "bad background");
        }
    }
}
