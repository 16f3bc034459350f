//! The trait every construction implements, and what one says about boards of three or
//! more sides: the one shape the registry lists, checks and builds through.

use knights_core::Error;
use knights_core::Tour;

use crate::Request;

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
    /// The variants `--variant` accepts ([`crate::resolve`] refuses any other).
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
    /// Whether it builds open tours; `false` for one that builds closed tours only,
    /// whose requests a refusal then does not advise to make open.
    fn opens(&self) -> bool {
        true
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
    /// Bytes per cell at the peak of building, proving and measuring its tour of `req`,
    /// rounded up (measured under `ulimit -v`): the memory estimate [`crate::resolve`]
    /// refuses a board by before any work. The default is the least any construction
    /// needs, [`knights_core::memory::BYTES_PER_CELL`].
    fn bytes_per_cell(&self, _req: &Request) -> u64 {
        knights_core::memory::BYTES_PER_CELL
    }
    /// `Ok` when it can build `req`, else the reason it cannot ([`Error::Unsupported`]).
    fn check(&self, req: &Request) -> Result<(), Error>;
    /// Builds the tour. Only called after [`Construction::check`] said yes, with no
    /// variant or one of [`Construction::variants`]; the registry names the tour.
    fn build(&self, req: &Request) -> Result<Tour, Error>;
}
