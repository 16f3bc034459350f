//! The one reader of the formation algorithm's pieces files (`pieces.toml` and the
//! searched pieces beside it, read by `pieces.rs`; `levels/levels.toml`, read by
//! `levels/data.rs`), and the one error type for data they refuse; docs/formation.md
//! explains the encoding.
//!
//! A file has a `[moves]` table whose `row_delta` and `col_delta` (rows growing
//! downwards) must number the knight's leaps as the project does
//! ([`knights_core::Leaper::dirs`]), and one `[pieces.NAME]` table per piece:
//! its `width`, `height` and `cells`, one string per row from the top, each cell either
//! `xx` (not covered) or written in the encoding of the file's reader. What a cell means
//! beyond two move digits (the level corners' ends) and what becomes of a piece (turned,
//! placed) belongs to each reader.

use std::collections::BTreeMap;

use serde::Deserialize;

use knights_core::Leaper;

/// A pieces file as written.
#[derive(Debug, Deserialize)]
pub(super) struct FileSpec {
    pub moves: MovesSpec,
    pub pieces: BTreeMap<String, PieceSpec>,
}

/// The `[moves]` table.
#[derive(Debug, Deserialize)]
pub(super) struct MovesSpec {
    row_delta: Vec<i32>,
    col_delta: Vec<i32>,
    /// The cells no piece covers, as a move cell (`pieces.rs` requires it; the
    /// library reads its pieces from their stored form, the tests from this).
    #[cfg(test)]
    pub background: Option<String>,
}

/// A `[pieces.NAME]` table.
#[derive(Debug, Deserialize)]
pub(super) struct PieceSpec {
    pub width: u32,
    pub height: u32,
    cells: Vec<String>,
}

/// Pieces data that does not parse, and why.
#[derive(Debug, thiserror::Error)]
pub(super) enum BadData {
    #[error("{0}")]
    Toml(#[from] toml::de::Error),
    #[error("its move digits are not the project's direction numbers")]
    MoveDigits,
    #[error("bad background")]
    #[cfg(test)]
    Background,
    /// A piece the reader needs is missing, by name.
    #[error("no piece {0}")]
    NoPiece(String),
    #[error("piece {0}: {1}")]
    Piece(String, PieceFault),
    /// A level corner, by name, whose end and start squares are not a leap apart.
    #[error("the {0} pieces' squares are not two cells apart")]
    Squares(String),
}

/// What is wrong with a piece.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum PieceFault {
    /// The rows there are and the height the piece declares.
    #[error("{0} rows, height says {1}")]
    Rows(usize, u32),
    /// A cell that its reader cannot read (nor is it `xx`), and its row.
    #[error("row {0}: bad cell '{1}'")]
    Cell(usize, String),
    /// A row without the declared width of cells, and that width.
    #[error("row {0} is not {1} cells wide")]
    Width(usize, u32),
    /// A level corner's piece without exactly four end cells.
    #[error("it does not have the quartet's four ends")]
    Ends,
}

/// Parses a pieces file, checking that its move numbering is the project's.
pub(super) fn read(text: &str) -> Result<FileSpec, BadData> {
    let spec: FileSpec = toml::from_str(text)?;
    let (rows, cols) = (&spec.moves.row_delta, &spec.moves.col_delta);
    let dirs = Leaper::KNIGHT.dirs();
    let same = rows.len() == 8 && cols.len() == 8 && (0..8).all(|d| (cols[d], -rows[d]) == dirs[d]);
    if !same {
        return Err(BadData::MoveDigits);
    }
    Ok(spec)
}

impl PieceSpec {
    /// The piece's cells, row by row from the top, `None` where it is `xx`, the others
    /// read by `cell`; refuses a piece whose rows are not `height` rows of `width`
    /// cells, or with a cell `cell` cannot read.
    pub(super) fn cells<C>(
        &self,
        cell: impl Fn(&str) -> Option<C>,
    ) -> Result<Vec<Option<C>>, PieceFault> {
        if self.cells.len() != self.height as usize {
            return Err(PieceFault::Rows(self.cells.len(), self.height));
        }
        let mut out = Vec::with_capacity((self.width * self.height) as usize);
        for (i, row) in self.cells.iter().enumerate() {
            let before = out.len();
            for c in row.split_whitespace() {
                match c {
                    "xx" => out.push(None),
                    _ => out.push(Some(cell(c).ok_or_else(|| PieceFault::Cell(i, c.into()))?)),
                }
            }
            if out.len() - before != self.width as usize {
                return Err(PieceFault::Width(i, self.width));
            }
        }
        Ok(out)
    }
}

/// The direction mask of a cell written as two distinct move digits, `"26"`.
pub(super) fn moves(cell: &str) -> Option<u8> {
    match cell.chars().collect::<Vec<_>>()[..] {
        [a, b] if a != b => Some(digit(a)? | digit(b)?),
        _ => None,
    }
}

/// The direction bit of one move digit, `'0'` to `'7'`.
pub(super) fn digit(c: char) -> Option<u8> {
    c.to_digit(8).map(|d| 1u8 << d)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOVES: &str = "[moves]\nrow_delta = [-2, -1, 1, 2, 2, 1, -1, -2]\ncol_delta = [1, 2, 2, 1, -1, -2, -2, -1]\n";

    fn piece(width: u32, rows: &[&str]) -> PieceSpec {
        let cells = rows.iter().map(|r| r.to_string()).collect();
        let height = rows.len() as u32;
        PieceSpec {
            width,
            height,
            cells,
        }
    }

    #[test]
    fn move_cells_are_two_distinct_digits() {
        assert_eq!(moves("26"), Some(0b0100_0100));
        assert_eq!(moves("70"), Some(0b1000_0001));
        for bad in ["22", "28", "2", "261", "", "x2", "2z"] {
            assert_eq!(moves(bad), None, "{bad}");
        }
    }

    #[test]
    fn rows_are_read_from_the_top_and_checked_against_the_size() {
        let p = piece(2, &["26 xx", "xx 01"]);
        assert_eq!(
            p.cells(moves),
            Ok(vec![Some(0b0100_0100), None, None, Some(0b11)])
        );
        let short = PieceSpec {
            height: 3,
            ..piece(2, &["26 xx"])
        };
        assert_eq!(short.cells(moves), Err(PieceFault::Rows(1, 3)));
        assert_eq!(
            piece(2, &["26 xx", "01"]).cells(moves),
            Err(PieceFault::Width(1, 2))
        );
        let bad = piece(2, &["26 9x"]).cells(moves).unwrap_err();
        assert_eq!(bad, PieceFault::Cell(0, "9x".into()));
        assert_eq!(bad.to_string(), "row 0: bad cell '9x'");
    }

    #[test]
    fn the_move_numbering_must_be_the_projects() {
        let text = format!("{MOVES}[pieces]\n");
        let spec = read(&text).unwrap();
        assert!(spec.pieces.is_empty() && spec.moves.background.is_none());
        let flipped = text.replace("[-2, -1, 1, 2,", "[2, 1, -1, -2,");
        let e = read(&flipped).unwrap_err();
        assert!(matches!(e, BadData::MoveDigits));
        assert_eq!(
            e.to_string(),
            "its move digits are not the project's direction numbers"
        );
        let seven = text.replace("[1, 2, 2, 1, -1, -2, -2, -1]", "[1, 2, 2, 1, -1, -2, -2]");
        assert!(matches!(read(&seven), Err(BadData::MoveDigits)));
        assert!(matches!(read("[moves]\n"), Err(BadData::Toml(_))));
    }
}
