//! Tourneys (disjoint closed knight cycles covering a board) and what Parberry's
//! Tourney program does with them: generators (Takefuji and Lee's neural network, the
//! concentric braid, the four-cover), the joining of a tourney's cycles into one tour
//! by exchanges of moves, and the blur of a tour by random exchanges that keep it one
//! tour. Every generator's output is a tourney claim (a [`Tour`] of
//! [`knights_core::Shape::Tourney`]), proved by [`knights_core::verify::verify`].

mod blur;
mod braid;
mod cover;
mod factor;
mod join;
mod links;
mod neural;
mod no_tourney;

pub use blur::{blur, blur_reporting, check as check_blur, MAX_BLUR, MAX_BLUR_WORK};
pub use factor::two_factor;
pub use join::{join, joinable, Joined};
pub use neural::Neural;
pub use no_tourney::NoTourney;

use knights_core::{Board, Leaper};
use knights_core::{Error, Named, Tour, Unknown, Unsupported};

/// A family of tourneys.
pub trait Generator: Sync {
    /// The name given to `knights tourney --algo`.
    fn name(&self) -> &'static str;
    /// One line on what it builds, with its source.
    fn summary(&self) -> &'static str;
    /// Which boards it covers, in words.
    fn boards(&self) -> &'static str;
    /// `Ok` when it can cover `board` (known to have a tourney), else why not.
    fn check(&self, board: &Board) -> Result<(), Error>;
    /// Builds a tourney of `board` (after `check` said yes); `seed` drives any random
    /// choice.
    fn generate(&self, board: &Board, seed: u64) -> Result<Tour, Error>;
    /// Whether a board it covers (`check` said yes) is proved to have a tourney by the
    /// construction itself, so that [`build`] need not decide it by the flow (seconds on
    /// large boards). A generator that may fail to find one (the network) says no.
    fn constructs(&self) -> bool {
        false
    }
}

/// Every tourney generator, the default first.
pub fn generators() -> &'static [&'static dyn Generator] {
    &[&neural::Neural, &braid::Braid, &cover::FourCover]
}

/// The generator named `name`.
pub fn generator(name: &str) -> Result<&'static dyn Generator, Error> {
    generators()
        .iter()
        .find(|g| g.name() == name)
        .copied()
        .ok_or_else(|| {
            let names: Vec<&str> = generators().iter().map(|g| g.name()).collect();
            Unknown::new(Named::TourneyGenerator, name, &names).into()
        })
}

/// Largest board (cells) any generator covers.
pub const CELL_LIMIT: u64 = 250_000;

/// `Ok` when `board` has a knight's tourney: a flat board of the knight with an even
/// number of cells whose knight's graph has a 2-factor (decided by a flow, on boards
/// up to [`CELL_LIMIT`] cells).
pub fn exists(board: &Board) -> Result<(), Error> {
    may_exist(board)?;
    if two_factor(board).is_none() {
        return Err(NoTourney::NoTwoFactor {
            board: board.to_string(),
        }
        .into());
    }
    Ok(())
}

/// The checks of [`exists`] that need no flow: the knight, a flat board, at most
/// [`CELL_LIMIT`] cells, an even number of them.
fn may_exist(board: &Board) -> Result<(), Error> {
    let name = board.to_string();
    if board.leaper() != Leaper::KNIGHT {
        return Err(NoTourney::Leaper {
            board: name,
            leaper: board.leaper(),
        }
        .into());
    }
    if board.topology().wraps() {
        return Err(NoTourney::Topology {
            board: name,
            topology: board.topology(),
        }
        .into());
    }
    if board.cells() > CELL_LIMIT {
        return Err(Unsupported::new(
            "tourney",
            board,
            format!(
                "tourneys are built on boards of at most {CELL_LIMIT} cells; the {board} board has {}",
                board.cells()
            ),
        )
        .into());
    }
    if board.cells() % 2 == 1 {
        return Err(NoTourney::OddCells {
            board: name,
            cells: board.cells(),
        }
        .into());
    }
    Ok(())
}

/// Checks `board` and builds its tourney with the generator `name`, named after it.
/// The flow that decides whether a tourney exists runs only where the generator's own
/// construction does not prove it: before a generator's refusal (so that a board with
/// no tourney is refused for that reason), and before the network.
pub fn build(board: &Board, name: &str, seed: u64) -> Result<Tour, Error> {
    let g = generator(name)?;
    may_exist(board)?;
    match g.check(board) {
        Ok(()) if g.constructs() => {}
        Ok(()) => exists(board)?,
        Err(refusal) => {
            exists(board)?;
            return Err(refusal);
        }
    }
    Ok(g.generate(board, seed)?.with_algorithm(g.name()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_core::verify::verify;

    #[test]
    fn boards_without_a_tourney_are_refused_with_the_reason() {
        let e = |w, h| exists(&Board::new(w, h).unwrap()).unwrap_err().to_string();
        assert!(e(5, 5).contains("odd number"), "{}", e(5, 5));
        assert!(e(2, 8).contains("no 2-factor"), "{}", e(2, 8));
        assert!(exists(&Board::new(4, 4).unwrap()).is_ok());
        let giraffe = Board::with_leaper(8, 8, Leaper::new(1, 4).unwrap()).unwrap();
        assert!(exists(&giraffe)
            .unwrap_err()
            .to_string()
            .contains("knight only"));
    }

    /// Which narrow boards have tourneys, by the flow, each one checked by `verify`.
    #[test]
    fn two_factors_are_tourneys() {
        for w in 1..=12 {
            for h in 1..=12 {
                let b = Board::new(w, h).unwrap();
                if let Some(t) = two_factor(&b) {
                    verify(t).unwrap_or_else(|f| panic!("{b}: {f}"));
                    assert!(b.cells().is_multiple_of(2) && w >= 3 && h >= 3, "{b}");
                }
            }
        }
        // Boards without a closed tour that still have tourneys.
        for (w, h) in [(4, 4), (6, 6), (3, 10), (4, 6), (5, 6), (8, 8)] {
            assert!(two_factor(&Board::new(w, h).unwrap()).is_some(), "{w}x{h}");
        }
    }
}
