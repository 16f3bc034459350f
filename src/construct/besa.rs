//! Placeholder: the formation algorithm (being written).
use super::{Construction, Request};
use crate::{Error, Tour};

/// The formation algorithm of Besa et al.
pub struct Besa;

impl Construction for Besa {
    fn name(&self) -> &'static str {
        "besa"
    }
    fn summary(&self) -> &'static str {
        "the formation algorithm"
    }
    fn boards(&self) -> &'static str {
        "one even side >= 16, the other >= 12"
    }
    fn check(&self, _req: &Request) -> Result<(), Error> {
        Err(Error::Unsupported("not yet written".into()))
    }
    fn build(&self, _req: &Request) -> Result<Tour, Error> {
        unreachable!()
    }
}
