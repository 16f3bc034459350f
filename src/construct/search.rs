//! Placeholder: the search (being written).
use super::{Construction, Request};
use crate::{Error, Tour};

/// Search for small boards.
pub struct Search;

impl Construction for Search {
    fn name(&self) -> &'static str {
        "search"
    }
    fn summary(&self) -> &'static str {
        "Warnsdorff search"
    }
    fn boards(&self) -> &'static str {
        "small boards"
    }
    fn check(&self, _req: &Request) -> Result<(), Error> {
        Err(Error::Unsupported("not yet written".into()))
    }
    fn build(&self, _req: &Request) -> Result<Tour, Error> {
        unreachable!()
    }
}
