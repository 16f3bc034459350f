//! From a request to a walk and back: the start cell a request asks for (refusing
//! one off the board, or one no open tour can start from), and a walk's path as a
//! tour of the board.

use super::field::Field;
use crate::Request;
use knights_core::Board;
use knights_core::{BadBoard, Error, NoTour, Tour};

/// The padded start square of `req`: the one asked for, else the bottom-left corner.
/// Refuses a square off the board, and (for an open tour) a square of the minority
/// colour when every leap changes colour: such a path starts and ends on the majority.
pub(crate) fn start_of(field: &Field, req: &Request) -> Result<u32, Error> {
    let (x, y) = req.start.unwrap_or((0, 0));
    let b = &req.board;
    if x >= b.width() || y >= b.height() || b.is_hole(b.index(x, y)) {
        return Err(BadBoard::StartNotACell {
            x,
            y,
            board: b.to_string(),
        }
        .into());
    }
    let (l, m) = b.leaper().steps();
    if req.open && (l + m) % 2 == 1 {
        let colour = |c: u32| {
            let (x, y) = b.xy(c);
            (x + y) % 2
        };
        let odd = b.area() / 2 - b.holes().iter().filter(|&&c| colour(c) == 1).count() as u64;
        let even = b.cells() - odd;
        let (mine, other) = if (x + y) % 2 == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        if mine < other {
            return Err(NoTour::StartColour {
                board: b.to_string(),
                start: (x, y),
                mine,
                other,
            }
            .into());
        }
    }
    Ok(field.cell(x, y))
}

/// `path` (padded indices) as a tour of `board`.
pub(crate) fn tour_of(field: &Field, board: &Board, path: Vec<u32>, closed: bool) -> Tour {
    let path = path.into_iter().map(|p| field.board_cell(p)).collect();
    Tour::new(board.clone(), path, closed)
}
