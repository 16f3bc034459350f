//! Placeholder: Parberry's divide and conquer (being written).
use super::{Construction, Request};
use crate::{Error, Tour};

/// Parberry's divide and conquer.
pub struct Parberry;

impl Construction for Parberry {
    fn name(&self) -> &'static str {
        "parberry"
    }
    fn summary(&self) -> &'static str {
        "Parberry's divide and conquer"
    }
    fn boards(&self) -> &'static str {
        "none yet"
    }
    fn check(&self, _req: &Request) -> Result<(), Error> {
        Err(Error::Unsupported("parberry is not written yet".into()))
    }
    fn build(&self, _req: &Request) -> Result<Tour, Error> {
        Err(Error::Unsupported("parberry is not written yet".into()))
    }
}
