//! Placeholder: Warnsdorff's rule with tie-breaks and restarts (being written).
use super::{Construction, Request};
use crate::{Error, Tour};

/// Warnsdorff's rule with tie-breaks and restarts.
pub struct Warnsdorff;

impl Construction for Warnsdorff {
    fn name(&self) -> &'static str {
        "warnsdorff"
    }
    fn summary(&self) -> &'static str {
        "Warnsdorff's rule with tie-breaks and restarts"
    }
    fn boards(&self) -> &'static str {
        "none yet"
    }
    fn check(&self, _req: &Request) -> Result<(), Error> {
        Err(Error::Unsupported("warnsdorff is not written yet".into()))
    }
    fn build(&self, _req: &Request) -> Result<Tour, Error> {
        Err(Error::Unsupported("warnsdorff is not written yet".into()))
    }
}
