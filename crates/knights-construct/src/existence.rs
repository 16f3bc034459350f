//! Which boards have a tour at all, and whether a board fits in memory: checked before
//! any construction or search starts, so that an impossible request fails at once with
//! the rule that forbids it. The one place the existence rules are stated:
//!
//! - closed knight's tours of rectangles: Schwenk, "Which rectangular chessboards have
//!   a knight's tour?", 1991;
//! - open knight's tours of rectangles: Conrad, Hindrichs, Morsy and Wegener, "Solution
//!   of the knight's Hamiltonian path problem on chessboards", 1994 (Cull and De
//!   Curtins, "Knight's tour revisited", 1978, for the large boards);
//! - other leapers: Knuth, "Leaper graphs", 1994: the (r, s) leaper, r < s, reaches
//!   every square of an m x n board, 2 <= m <= n, only when r + s is odd, r and s are
//!   prime to each other, m >= r + s and n >= 2s (a graph in pieces has no tour);
//! - bands (cylinders, Moebius strips): [`check_band`];
//! - boards of three or more sides: [`crate::space::check_exists`], with
//!   [`unreachable`] for the leaper.

use knights_core::board::{Board, Leaper};
use knights_core::{Error, NoTour, Theorem, TourKind};

/// `Ok` when a tour of the kind asked for exists on `board` (or when the rule is not
/// known for this board: boards with holes, large boards of other leapers), else
/// [`Error::NoTour`] citing the rule.
pub fn check(board: &Board, open: bool) -> Result<(), Error> {
    if board.topology().wraps() {
        return check_band(board, open);
    }
    if !board.holes().is_empty() {
        return Ok(());
    }
    let (m, n) = {
        let (w, h) = (board.width(), board.height());
        (w.min(h), w.max(h))
    };
    let none = |theorem: Theorem| {
        Err(NoTour::Theorem {
            board: board.to_string(),
            leaper: board.leaper(),
            kind: TourKind::open_if(open),
            theorem,
        }
        .into())
    };
    if board.leaper() != Leaper::KNIGHT {
        return match unreachable(board.leaper(), &[m, n]) {
            Some(theorem) => none(theorem),
            None => Ok(()),
        };
    }
    if m == 1 && n == 1 {
        return if open {
            Ok(())
        } else {
            none(Theorem::SingleCell)
        };
    }
    if open {
        // Conrad, Hindrichs, Morsy, Wegener (1994): m <= n has an open tour iff
        // m >= 5, or m = 4 and n >= 5, or m = 3 and n = 4 or n >= 7 (or the single cell).
        return match m {
            1 | 2 => none(Theorem::NarrowOpen),
            3 if n == 4 || n >= 7 => Ok(()),
            3 => none(Theorem::ThreeWide),
            4 if n == 4 => none(Theorem::FourByFour),
            _ => Ok(()),
        };
    }
    if m % 2 == 1 && n % 2 == 1 {
        return none(Theorem::OddCells);
    }
    if m <= 2 || m == 4 {
        return none(Theorem::NarrowClosed);
    }
    if m == 3 && matches!(n, 4 | 6 | 8) {
        return none(Theorem::ThreeByEven);
    }
    Ok(())
}

/// The rule of Knuth's "Leaper graphs" (1994) that keeps `leaper` from reaching every
/// cell of a full board with these sides (in any order), if one does: steps of even
/// sum keep the colour, steps with a common factor keep the remainders by it, and on
/// two sides an m x n board, m <= n, needs m >= r + s and n >= 2s. On three or more
/// sides only the first two rules are known. A single cell is always reached.
pub fn unreachable(leaper: Leaper, sides: &[u32]) -> Option<Theorem> {
    if sides.iter().all(|&s| s == 1) {
        return None;
    }
    let (r, s) = leaper.steps();
    if (r + s) % 2 == 0 {
        return Some(Theorem::LeaperParity);
    }
    let factor = gcd(r, s);
    if factor > 1 {
        return Some(Theorem::LeaperFactor(factor));
    }
    if let [a, b] = *sides {
        let (m, n) = (a.min(b), a.max(b));
        if m < r + s || n < 2 * s {
            return Some(Theorem::LeaperBoardTooSmall {
                short: r + s,
                long: 2 * s,
            });
        }
    }
    None
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The rules of a band (cylinder or Moebius strip), where the plane's theorems do not
/// hold: an odd band may have a closed tour (9x7 has, on the cylinder), since a leap
/// across the seam of an odd-width band joins two squares of the same colour. Only
/// what cannot exist is refused: a band of one row, where no leap stays on the board.
/// Bands narrower than two long steps plus one are not modelled: a leap there could
/// join the same two cells across the seam and directly.
fn check_band(board: &Board, open: bool) -> Result<(), Error> {
    let (_, long) = board.leaper().steps();
    let kind = knights_core::tour::TourKind::open_if(open);
    if board.width() < 2 * long + 1 {
        return Err(Error::Unsupported(knights_core::error::Unsupported {
            algorithm: None,
            board: board.to_string(),
            reason: format!(
                "a band must be at least {} columns wide (twice the leap plus one), so that a leap across the seam never joins two cells a direct leap joins too; the {board} board is {} wide",
                2 * long + 1,
                board.width()
            ),
        }));
    }
    let none = |theorem| {
        Error::NoTour(knights_core::error::NoTour::Theorem {
            board: board.to_string(),
            leaper: board.leaper(),
            kind,
            theorem,
        })
    };
    if board.height() == 1 && board.cells() > 1 {
        return Err(none(knights_core::error::Theorem::OneRowBand));
    }
    if board.leaper() != Leaper::KNIGHT || open || !board.holes().is_empty() {
        return Ok(());
    }
    // The chessboard colouring survives the seam when a leap across it still changes
    // colour: an even cylinder, or a Moebius strip whose width and height differ in
    // parity. Then Schwenk's argument for four rows carries over: every leap from an
    // outer row lands in an inner one, the rows keep the colours, so a closed tour would
    // alternate outer and inner cells and colours at once, and the outer rows hold both
    // colours.
    let (w, h) = (board.width(), board.height());
    let coloured = match board.topology() {
        knights_core::board::Topology::Moebius => (w + h) % 2 == 1,
        _ => w % 2 == 0,
    };
    if coloured && h == 4 {
        return Err(none(knights_core::error::Theorem::FourRowBand));
    }
    if coloured && h == 2 && board.topology() == knights_core::board::Topology::Cylinder {
        return Err(none(knights_core::error::Theorem::TwoRowCylinder));
    }
    Ok(())
}

/// Refuses, before any allocation, a board whose tour would not fit in the memory this
/// process may use (see [`knights_core::memory::available`]).
pub fn check_memory(board: &Board) -> Result<(), Error> {
    knights_core::memory::check_tour(board.area(), &board.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn closed(w: u32, h: u32) -> bool {
        check(&Board::new(w, h).unwrap(), false).is_ok()
    }

    fn open(w: u32, h: u32) -> bool {
        check(&Board::new(w, h).unwrap(), true).is_ok()
    }

    #[test]
    fn schwenks_theorem() {
        assert!(closed(8, 8) && closed(5, 6) && closed(3, 10) && closed(10, 3) && closed(6, 6));
        assert!(!closed(5, 5) && !closed(4, 9) && !closed(9, 4) && !closed(3, 8) && !closed(6, 3));
        assert!(!closed(2, 10) && !closed(1, 1) && !closed(3, 4));
    }

    #[test]
    fn open_tours() {
        assert!(open(5, 5) && open(3, 4) && open(3, 7) && open(7, 7) && open(1, 1));
        assert!(open(4, 5) && open(4, 9) && open(9, 4) && open(4, 1000));
        assert!(!open(3, 5) && !open(4, 4) && !open(2, 8) && !open(3, 6));
    }

    fn leaper(w: u32, h: u32, a: u32, b: u32, open: bool) -> Result<(), String> {
        let board = Board::with_leaper(w, h, Leaper::new(a, b).unwrap()).unwrap();
        check(&board, open).map_err(|e| e.to_string())
    }

    #[test]
    fn leapers_that_cannot_reach_every_square_have_no_tour() {
        let e = leaper(8, 8, 1, 3, false).unwrap_err();
        assert!(e.starts_with("no closed (1, 3) leaper's tour exists on an 8x8 board: its steps add up to an even number"), "{e}");
        assert!(e.contains("(Knuth, \"Leaper graphs\", 1994)"), "{e}");
        let e = leaper(8, 8, 2, 4, false).unwrap_err();
        assert!(e.contains("even number"), "{e}");
        let e = leaper(9, 9, 2, 5, true).unwrap_err();
        assert!(e.contains("leaper's tour") && e.contains("no open"), "{e}");
        let e = leaper(10, 10, 3, 6, true).unwrap_err();
        assert!(e.contains("share the factor 3"), "{e}");
        let e = leaper(64, 64, 1, 64, true).unwrap_err();
        assert!(
            e.starts_with("no open (1, 64) leaper's tour exists")
                && e.contains("at least r + s = 65"),
            "{e}"
        );
        let e = leaper(5, 7, 1, 4, true).unwrap_err();
        assert!(
            e.starts_with("no open giraffe's tour") && e.contains("2s = 8"),
            "{e}"
        );
        assert!(leaper(5, 8, 1, 4, true).is_ok());
        assert!(leaper(8, 8, 2, 3, false).is_ok());
        assert!(leaper(1, 1, 1, 3, true).is_ok());
    }

    #[test]
    fn refuses_what_cannot_fit() {
        let b = Board::new(60000, 60000).unwrap();
        let e = check_memory(&b).unwrap_err().to_string();
        assert!(e.contains("needs about"), "{e}");
    }
}
