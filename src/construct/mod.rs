//! Constructions: one module per family of tours, all behind the [`Construction`]
//! trait. Each says which boards it supports and refuses the others with a reason;
//! [`build`] picks one (`auto`) or runs the one asked for.

pub mod backtrack;
pub mod besa;
pub mod existence;
pub mod fibonacci;
mod field;
pub mod hilbert;
pub mod motif;
pub mod parberry;
mod posa;
pub mod search;
pub mod stitch;
pub mod warnsdorff;

use crate::board::Board;
use crate::tour::Tour;
use crate::Error;

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
}

/// A family of tours.
pub trait Construction: Sync {
    /// The name given to `--algo`.
    fn name(&self) -> &'static str;
    /// One line on what it builds, for `knights list`.
    fn summary(&self) -> &'static str;
    /// Which boards it supports, in words, for `knights list`.
    fn boards(&self) -> &'static str;
    /// The variants `--variant` accepts.
    fn variants(&self) -> &'static [&'static str] {
        &[]
    }
    /// `Ok` when it can build `req`, else the reason it cannot ([`Error::Unsupported`]).
    fn check(&self, req: &Request) -> Result<(), Error>;
    /// Builds the tour. Only called after [`Construction::check`] said yes.
    fn build(&self, req: &Request) -> Result<Tour, Error>;
}

/// Every construction, in the order `auto` tries them.
pub fn all() -> &'static [&'static dyn Construction] {
    &[
        &besa::Besa,
        &search::Search,
        &parberry::Parberry,
        &stitch::Stitch,
        &warnsdorff::Warnsdorff,
        &backtrack::Backtrack,
        &hilbert::Hilbert,
        &fibonacci::Fibonacci,
    ]
}

/// The construction called `name`.
pub fn by_name(name: &str) -> Result<&'static dyn Construction, Error> {
    all()
        .iter()
        .copied()
        .find(|c| c.name() == name)
        .ok_or_else(|| {
            let names: Vec<_> = all().iter().map(|c| c.name()).collect();
            Error::invalid(format!(
                "unknown algorithm '{name}': choose auto or one of {}",
                names.join(", ")
            ))
        })
}

/// Refuses, before any work, a request for a tour that does not exist (citing the
/// rule) or would not fit in memory.
pub fn check_exists(req: &Request) -> Result<(), Error> {
    // A variant may change the board (Parberry's `corner` removes a corner of an odd
    // board), so the construction itself judges boards asked for with a variant.
    if req.variant.is_none() {
        existence::check(&req.board, req.open)?;
    }
    existence::check_memory(&req.board)
}

/// Builds a tour for `req` with the construction `algo` (`auto` picks the first that
/// supports the board). Refuses boards with no tour, and boards too large for memory,
/// before allocating anything.
pub fn build(req: &Request, algo: &str) -> Result<Tour, Error> {
    check_exists(req)?;
    if algo == "auto" {
        let mut reasons = Vec::new();
        for c in all() {
            if req.variant.is_some() && !c.variants().contains(&req.variant.as_deref().unwrap()) {
                continue;
            }
            match c.check(req) {
                Ok(()) => return c.build(req),
                Err(e) => reasons.push(format!("{}: {e}", c.name())),
            }
        }
        return Err(Error::Unsupported(format!(
            "no construction supports a {} {} tour ({})",
            if req.open { "open" } else { "closed" },
            req.board,
            reasons.join("; ")
        )));
    }
    let c = by_name(algo)?;
    if let Some(v) = &req.variant {
        if !c.variants().contains(&v.as_str()) {
            return Err(Error::invalid(format!(
                "algorithm {} has no variant '{v}' (it has: {})",
                c.name(),
                if c.variants().is_empty() {
                    "none".to_string()
                } else {
                    c.variants().join(", ")
                }
            )));
        }
    }
    c.check(req)?;
    c.build(req)
}
