//! The Fibonacci tour (Bosch and Huang, "Structured Knight's Tours", 2021): an open tour
//! of the 64 x 104 board made of open tours of squares of sides 8, 8, 16, 24, 40 and 64
//! laid out as the Fibonacci rectangle, each joined to the next by one leap, a picture
//! of 1^2 + 1^2 + 2^2 + 3^2 + 5^2 + 8^2 = 8 * 13.
//!
//! The squares' tours: the stored motif for 8, hidden-Hilbert tours for 16 and 64, and
//! for 24 and 40 the motif's blocks chained row by row (each block turned or mirrored
//! so that it starts one leap from where the previous one ended). The squares are then
//! chained the same way, in the order of the spiral (see `chain.rs`). Sections: one
//! per square.

mod chain;

use super::hilbert;
use super::motif::stored;
use super::{Construction, Request};
use crate::{Board, Error, Sections, Tour};
use chain::{Piece, Place};

/// The Fibonacci tour of the 64 x 104 board.
pub struct Fibonacci;

/// The board: 64 columns, 104 rows.
const WIDTH: u32 = 64;
const HEIGHT: u32 = 104;

/// The squares in tour order: side and bottom-left corner. The 64 square fills the
/// bottom, the 40 square the top left; the 24 square sits at the top right, and below
/// it the 16 square (right) and the two 8 squares (left, stacked).
const SQUARES: [(u32, Place); 6] = [
    (8, (40, 64)),
    (8, (40, 72)),
    (16, (48, 64)),
    (24, (40, 80)),
    (40, (0, 64)),
    (64, (0, 0)),
];

impl Construction for Fibonacci {
    fn name(&self) -> &'static str {
        "fibonacci"
    }
    fn summary(&self) -> &'static str {
        "open tour of 64x104 from square tours of sides 8, 8, 16, 24, 40, 64 (Bosch-Huang)"
    }
    fn boards(&self) -> &'static str {
        "knight, open, 64x104 (64 wide, 104 high) only"
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        let b = &req.board;
        let refuse = |why: String| Err(Error::Unsupported(format!("fibonacci: {why}")));
        if b.leaper() != crate::Leaper::KNIGHT || !b.holes().is_empty() {
            return refuse(format!("it tours the full knight's board, not {b}"));
        }
        if (b.width(), b.height()) != (WIDTH, HEIGHT) {
            return refuse(format!(
                "it tours the {WIDTH}x{HEIGHT} board only (8 times the 8 x 13 Fibonacci rectangle), not {b}"
            ));
        }
        if !req.open {
            return refuse("its tour is open; add --open".into());
        }
        Ok(())
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        self.check(req)?;
        build()
    }
}

/// An open tour of the `side` x `side` square from the default motif: hidden-Hilbert
/// when `side / 8` is a power of two, else the motif's blocks chained row by row.
pub fn square(side: u32) -> Result<Piece, Error> {
    let motif = stored::get(stored::HILBERT_VARIANTS[0])?;
    let m = motif.side();
    let cells = if (side / m).is_power_of_two() && side.is_multiple_of(m) {
        let t = hilbert::tour(side, motif)?;
        t.path().iter().map(|&c| t.board().xy(c)).collect()
    } else {
        let blocks = side / m;
        let block = Piece {
            side: m,
            cells: motif.cells(),
        };
        let pieces: Vec<(Piece, Place)> = (0..blocks)
            .flat_map(|row| {
                (0..blocks).map(move |i| {
                    let col = if row % 2 == 0 { i } else { blocks - 1 - i };
                    (col * m, row * m)
                })
            })
            .map(|at| (block.clone(), at))
            .collect();
        let ways = chain::choose(&pieces, None).ok_or_else(|| {
            Error::Unsupported(format!(
                "no chaining of {m}x{m} blocks tours the {side}x{side} square"
            ))
        })?;
        chain::cells(&pieces, &ways)
    };
    Ok(Piece { side, cells })
}

/// The tour, with one section per square.
fn build() -> Result<Tour, Error> {
    let board = Board::new(WIDTH, HEIGHT)?;
    let pieces = SQUARES
        .iter()
        .map(|&(side, at)| Ok((square(side)?, at)))
        .collect::<Result<Vec<_>, Error>>()?;
    let ways = chain::choose(&pieces, None)
        .ok_or_else(|| Error::Unsupported("fibonacci: the squares do not chain".into()))?;
    let path: Vec<u32> = chain::cells(&pieces, &ways)
        .into_iter()
        .map(|(x, y)| board.index(x, y))
        .collect();
    let names = [
        "first 8x8",
        "second 8x8",
        "16x16",
        "24x24",
        "40x40",
        "64x64",
    ]
    .map(String::from)
    .to_vec();
    let labels = SQUARES
        .iter()
        .enumerate()
        .flat_map(|(k, &(side, _))| std::iter::repeat_n(k as u8, (side * side) as usize))
        .collect();
    Ok(Tour::new(board, path, false)
        .with_algorithm("fibonacci")
        .with_sections(Sections::new(names, labels)))
}

#[cfg(test)]
mod tests;
