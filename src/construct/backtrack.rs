//! Placeholder: exhaustive backtracking search for small boards (being written).
use super::{Construction, Request};
use crate::{Error, Tour};

/// exhaustive backtracking search for small boards.
pub struct Backtrack;

impl Construction for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }
    fn summary(&self) -> &'static str {
        "exhaustive backtracking search for small boards"
    }
    fn boards(&self) -> &'static str {
        "none yet"
    }
    fn check(&self, _req: &Request) -> Result<(), Error> {
        Err(Error::Unsupported("backtrack is not written yet".into()))
    }
    fn build(&self, _req: &Request) -> Result<Tour, Error> {
        Err(Error::Unsupported("backtrack is not written yet".into()))
    }
}
