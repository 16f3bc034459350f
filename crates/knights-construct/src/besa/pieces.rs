//! The pieces of Algorithm 1 (the junctions of the paper's Figure 4 and the corner
//! sequences of its Figure 5), and the searched pieces beside them; the encoding of
//! their TOML files is explained in docs/formation.md.
//!
//! A piece is a small grid of cells, rows from the TOP, each cell either not covered or
//! holding the two moves of the tour there as a direction mask (the TOML's move digits
//! are the project's direction numbers, see [`knights_core::Leaper::dirs`]).
//! The TOML files are the source; what the library reads is `pieces.stored`, the same
//! pieces as masks, one line each, which the tests make again from the TOML (through
//! [`super::piece_file`], shared with the level corners) and compare
//! (`KNIGHTS_REGENERATE=1 cargo test -p knights-construct stored_pieces` rewrites it):
//! a formation tour then reads its pieces without a TOML parser, which the browser's
//! module would otherwise run (and compile) before its first drawing. What is this
//! module's own is the background and the pieces turned for the top and right edges.

use std::collections::BTreeMap;
use std::sync::OnceLock;

#[cfg(test)]
use super::piece_file::{self, moves, BadData};

/// The pieces files as the library reads them: the TOML files below, stored as masks.
const STORED: &str = include_str!("pieces.stored");
/// The embedded pieces data.
#[cfg(test)]
const DATA: &str = include_str!("pieces.toml");
/// The optimized heels found by the gadget search, in the same encoding.
#[cfg(test)]
const HEELS: &str = include_str!("heels.toml");
/// The corner variant's pieces found by the gadget search, in the same encoding.
#[cfg(test)]
const CORNER: &str = include_str!("corner.toml");
/// The best tour's corners found by the gadget search, in the same encoding.
#[cfg(test)]
const BEST_CORNERS: &str = include_str!("best_corners.toml");
/// The band tour's edge band and its transitions, found by the band integer program.
#[cfg(test)]
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

/// Every piece of one file, as drawn (`[0]`) and turned 180 degrees (`[1]`).
#[derive(Debug, PartialEq, Eq)]
struct Pieces {
    background: u8,
    by_name: BTreeMap<String, [Piece; 2]>,
}

/// The pieces files, in the order a piece is looked for: the paper's first (every tour
/// needs them), then the searched ones. No two have a piece of the same name (tested).
#[cfg(test)]
const FILES: [(&str, &str); 5] = [
    ("pieces.toml", DATA),
    ("heels.toml", HEELS),
    ("corner.toml", CORNER),
    ("best_corners.toml", BEST_CORNERS),
    ("band.toml", BAND),
];

/// Every file's pieces, in the order of the TOML files, read from [`STORED`] once.
fn files() -> &'static [Pieces] {
    static READ: OnceLock<Vec<Pieces>> = OnceLock::new();
    READ.get_or_init(|| {
        stored(STORED).unwrap_or_else(|line| panic!("pieces.stored line {line} is valid (tested)"))
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
    (files().iter())
        .find_map(|f| f.by_name.get(name))
        .map(|p| &p[rotated as usize])
}

/// The mask of the background: the straight diagonal formation moves.
pub fn background() -> u8 {
    files()[0].background
}

/// Reads the stored form: a line `file NAME BACKGROUND` opens a file's pieces, each
/// piece a line `NAME WIDTH HEIGHT CELLS`, its cells' masks in hexadecimal, two digits
/// each, rows from the top; lines starting with `#` are comments. `Err` gives the
/// 1-based number of a line that is none of these.
fn stored(text: &str) -> Result<Vec<Pieces>, usize> {
    let mut files: Vec<Pieces> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        match words[..] {
            [c, ..] if c.starts_with('#') => {}
            ["file", _, background] => files.push(Pieces {
                background: background.parse().map_err(|_| i + 1)?,
                by_name: BTreeMap::new(),
            }),
            [name, width, height, cells] => {
                let piece = stored_piece(width, height, cells).ok_or(i + 1)?;
                let file = files.last_mut().ok_or(i + 1)?;
                let rotated = piece.rotated();
                file.by_name.insert(name.to_string(), [piece, rotated]);
            }
            _ => return Err(i + 1),
        }
    }
    Ok(files)
}

/// A piece of the stored form, if its cells are its width times its height of masks.
fn stored_piece(width: &str, height: &str, cells: &str) -> Option<Piece> {
    let (width, height): (u32, u32) = (width.parse().ok()?, height.parse().ok()?);
    if cells.len() != 2 * (width * height) as usize {
        return None;
    }
    let cells = (0..cells.len() / 2)
        .map(|k| u8::from_str_radix(cells.get(2 * k..2 * k + 2)?, 16).ok())
        .collect::<Option<Vec<u8>>>()?;
    Some(Piece {
        width,
        height,
        cells,
    })
}

/// The stored form of the TOML files' pieces (see [`stored`]).
#[cfg(test)]
fn store(files: &[(&str, Pieces)]) -> String {
    let mut out = String::from(
        "# The formation algorithm's pieces, as the library reads them: made from\n\
         # pieces.toml, heels.toml, corner.toml, best_corners.toml and band.toml by\n\
         #   KNIGHTS_REGENERATE=1 cargo test -p knights-construct stored_pieces\n\
         # 'file NAME BACKGROUND', then 'NAME WIDTH HEIGHT CELLS' for each of its pieces,\n\
         # the cells' direction masks in hexadecimal, rows from the top, 00 uncovered.\n",
    );
    for (name, file) in files {
        out += &format!("file {name} {}\n", file.background);
        for (piece, [p, _]) in &file.by_name {
            let cells: String = p.cells.iter().map(|m| format!("{m:02x}")).collect();
            out += &format!("{piece} {} {} {cells}\n", p.width, p.height);
        }
    }
    out
}

/// Parses the pieces data ([`piece_file`] checks its move numbering and reads its
/// cells), adding each piece turned 180 degrees.
#[cfg(test)]
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

    /// The TOML files, parsed.
    fn parsed() -> Vec<(&'static str, Pieces)> {
        (FILES.iter())
            .map(|(name, text)| (*name, parse(text).unwrap_or_else(|e| panic!("{name}: {e}"))))
            .collect()
    }

    /// What the library reads is what the TOML files say, made again here.
    #[test]
    fn the_stored_pieces_are_the_tomls() {
        let made = store(&parsed());
        if std::env::var("KNIGHTS_REGENERATE").as_deref() == Ok("1") {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/besa/pieces.stored");
            std::fs::write(path, &made).unwrap();
        }
        assert!(
            made == STORED,
            "src/besa/pieces.stored is not what the pieces' TOML files say: \
             KNIGHTS_REGENERATE=1 cargo test -p knights-construct stored_pieces"
        );
        let read: Vec<Pieces> = parsed().into_iter().map(|(_, p)| p).collect();
        assert_eq!(files(), &read[..]);
    }

    #[test]
    fn a_bad_stored_line_is_refused_by_number() {
        assert_eq!(
            stored("file a.toml 68\np 1 1 44").unwrap()[0].by_name.len(),
            1
        );
        assert_eq!(stored("file a.toml 68\np 2 1 44").unwrap_err(), 2);
        assert_eq!(stored("p 1 1 44").unwrap_err(), 1);
        assert_eq!(stored("# note\nfile a.toml 68\np 1 1 4g").unwrap_err(), 3);
        assert_eq!(stored("file a.toml x").unwrap_err(), 1);
    }

    /// Every file parses, with the paper's background, and no two files have a piece
    /// of the same name (a piece is looked for file by file, in order).
    #[test]
    fn embedded_data_parses_with_the_expected_meaning() {
        assert_eq!(background(), 0b0100_0100);
        let mut names = BTreeMap::new();
        for (file_name, file) in parsed() {
            assert_eq!(file.background, background(), "{file_name}");
            for name in file.by_name.keys() {
                let before = names.insert(name.clone(), file_name);
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
