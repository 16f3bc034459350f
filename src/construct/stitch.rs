//! Placeholder: closed 6x6 tiles stitched along a spiral (Leslie-Hurd) (being written).
use super::{Construction, Request};
use crate::{Error, Tour};

/// closed 6x6 tiles stitched along a spiral (Leslie-Hurd).
pub struct Stitch;

impl Construction for Stitch {
    fn name(&self) -> &'static str {
        "stitch"
    }
    fn summary(&self) -> &'static str {
        "closed 6x6 tiles stitched along a spiral (Leslie-Hurd)"
    }
    fn boards(&self) -> &'static str {
        "none yet"
    }
    fn check(&self, _req: &Request) -> Result<(), Error> {
        Err(Error::Unsupported("stitch is not written yet".into()))
    }
    fn build(&self, _req: &Request) -> Result<Tour, Error> {
        Err(Error::Unsupported("stitch is not written yet".into()))
    }
}
