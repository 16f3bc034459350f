//! What an exhibit is: material the build makes (again only when this binary or the
//! theme changed: see [`crate::cache`]), from verified tours and the constructions' own
//! data, for a prose page of the catalogue to show (the
//! teaching notes' drawings and worksheets, the heel search's figures, the formation's
//! drawings). Each exhibit implements [`Exhibit`] in its own module and is listed once
//! in the `exhibits` registry, as a construction is in the constructions' registry;
//! the build writes each into its own folder of the site.

use std::path::Path;

use knights_core::Error;
use knights_render::Theme;

/// What the build gives every exhibit.
pub struct Context<'a> {
    /// The site's theme (`[site] theme`), for exhibits drawn as the tours are.
    pub theme: &'a Theme,
}

/// Material made at every build into a folder of its own.
pub trait Exhibit: Sync {
    /// Its folder in the site (`teaching`), which the page that shows it links into
    /// (`../teaching/...`).
    fn folder(&self) -> &'static str;
    /// Writes its files into `dir`, its folder in the staging site.
    fn write(&self, dir: &Path, ctx: &Context<'_>) -> Result<(), Error>;
}
