//! `knights-construct`: every construction of `knights`, one module per family of
//! tours, all behind the [`Construction`] trait, with the search engine and the stored
//! data they rest on (pieces, motifs, tiles). Boards of three or more sides are built by
//! the constructions that say so ([`Construction::more_sides`]: `besa` and
//! `warnsdorff`), which branch inside on the number of sides. The searches that made the stored data are not here but in knights-lab,
//! which depends on this crate (never the other way).
//!
//! Constructions: one module per family of tours, all behind the [`Construction`]
//! trait. Each says which boards it supports and refuses the others with a reason;
//! [`resolve`] checks a request against the construction asked for (or picks one for
//! `auto`), and [`Resolved::build`] runs it.
//!
//! Adding a construction: implement [`Construction`] (name, summary, boards, variants,
//! `check`, `build`) and list it in [`all`]. The registry checks the variant, stamps the
//! name on the tour and checks it is open or closed as asked, so `build` only builds.

pub mod backtrack;
pub mod band_motif;
#[cfg(test)]
mod bands_tests;
pub mod besa;
pub mod engine;
pub mod existence;
pub mod fibonacci;
pub mod hilbert;
pub mod magic;
#[cfg(test)]
mod more_sides_tests;
pub mod motif;
mod once;
pub mod parberry;
mod registry;
pub mod search;
pub mod stitch;
pub mod symmetric;
pub mod torus;
pub mod tourney;
pub mod warnsdorff;

#[cfg(test)]
mod core_fixtures;

use knights_core::tour::{Tour, TourKind};
use knights_core::Board;
use knights_core::Error;

pub(crate) use registry::unchecked_variant;
pub use registry::{all, build, check_exists, resolve, Algo, Part, Refusal, Resolved};

/// What the user asked for: a board, open or closed, a variant, a seed.
#[derive(Clone, Debug)]
pub struct Request {
    /// The board to tour.
    pub board: Board,
    /// An open tour rather than a closed one.
    pub open: bool,
    /// A construction-specific variant (`--variant`), if any.
    pub variant: Option<String>,
    /// Seed for constructions that make random choices.
    pub seed: u64,
    /// The square `(x, y)` the tour should start from, for constructions that honour it
    /// (searches); `None` lets the construction choose.
    pub start: Option<(u32, u32)>,
}

impl Request {
    /// A closed tour of `board`, no variant, seed 0.
    pub fn closed(board: Board) -> Request {
        Request {
            board,
            open: false,
            variant: None,
            seed: 0,
            start: None,
        }
    }

    /// Whether it asks for an open or a closed tour.
    pub fn kind(&self) -> TourKind {
        TourKind::open_if(self.open)
    }
}

/// What a construction builds on boards of three or more sides, for `knights list` and
/// the gallery.
#[derive(Clone, Copy, Debug)]
pub struct MoreSides {
    /// One line on what it builds there.
    pub summary: &'static str,
    /// Which of those boards it supports, in words.
    pub boards: &'static str,
}

/// A family of tours.
pub trait Construction: Sync {
    /// The name given to `--algo`.
    fn name(&self) -> &'static str;
    /// One line on what it builds, for `knights list`.
    fn summary(&self) -> &'static str;
    /// Which boards it supports, in words, for `knights list`.
    fn boards(&self) -> &'static str;
    /// The variants `--variant` accepts ([`resolve`] refuses any other).
    fn variants(&self) -> &'static [&'static str] {
        &[]
    }
    /// Whether its variant `variant` tours another board than the one asked for (the
    /// `corner` variants of `besa` and `parberry` leave out the bottom-left cell), so
    /// that the construction, not the full board's existence rules, judges the board.
    fn reshapes(&self, _variant: &str) -> bool {
        false
    }
    /// Whether its open tours start where `--start` asks (the searches); a closed tour
    /// of any construction is turned to start there.
    fn starts_anywhere(&self) -> bool {
        false
    }
    /// Whether it searches the leaps of a band (cylinder, Moebius strip) itself. The
    /// others build a band's tour on the flat board of the same size, which is a tour
    /// of the band too (every leap of the plane is one of the band).
    fn bands(&self) -> bool {
        false
    }
    /// What it builds on boards of three or more sides; `None` (the default) when it
    /// builds boards of two sides only.
    fn more_sides(&self) -> Option<MoreSides> {
        None
    }
    /// `Ok` when it can build `req`, else the reason it cannot ([`Error::Unsupported`]).
    fn check(&self, req: &Request) -> Result<(), Error>;
    /// Builds the tour. Only called after [`Construction::check`] said yes, with no
    /// variant or one of [`Construction::variants`]; the registry names the tour.
    fn build(&self, req: &Request) -> Result<Tour, Error>;
}
