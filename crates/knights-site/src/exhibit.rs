//! What an exhibit is: material the build makes (again only when this binary, the theme
//! or the content files it reads changed: see [`crate::cache`]), from verified tours,
//! the constructions' own data and records kept in the content folder, for a prose page
//! of the catalogue to show (the
//! teaching notes' drawings and worksheets, the heel search's figures, the formation's
//! drawings). Each exhibit implements [`Exhibit`] in its own module and is listed once
//! in its caller's list ([`crate::BuildOptions::exhibits`]: this project's gallery
//! lists its own in `knights-gallery`), as a construction is in the constructions'
//! registry; the build writes each into its own folder of the site.
//!
//! An exhibit may also offer blocks of HTML made from its data (the stored optima's
//! results table), which a page places where it wants them with a fenced code block
//! of language `exhibit` holding the block's name, `FOLDER/NAME`: the page then never
//! holds a copy that could go stale.
//!
//! An exhibit may also have a page of its own at the site's root ([`Exhibit::page`]:
//! an interactive page, the gallery's explorer), rendered in the site's templates
//! (`exhibit.html`) and linked from every page's header; such an exhibit is always
//! written, since every page links to it.

use std::fmt;
use std::path::{Path, PathBuf};

use knights_core::Error;
use knights_render::Theme;

/// What the build gives every exhibit.
pub struct Context<'a> {
    /// The site's theme (`[site] theme`), for exhibits drawn as the tours are.
    pub theme: &'a Theme,
    /// The content folder (`content/`), where an exhibit's records are kept: an
    /// exhibit reads them at build time, like any content, and names them in
    /// [`Exhibit::reads`].
    pub content: &'a Path,
}

/// An exhibit's page at the site's root: its file and its title in the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Page {
    /// The file at the site's root (`explore.html`).
    pub file: &'static str,
    /// The title in the header's navigation and the page's `<title>`.
    pub title: &'static str,
}

/// What an exhibit's page holds: its main part and the scripts at the end of the body,
/// HTML for a page at the site's root (links into its folder start `FOLDER/`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageHtml {
    /// The page's `<main>`.
    pub main: String,
    /// The `<script>` elements after it.
    pub scripts: String,
}

/// Material made at every build into a folder of its own.
pub trait Exhibit: Sync {
    /// Its folder in the site (`teaching`), which the page that shows it links into
    /// (`../teaching/...`).
    fn folder(&self) -> &'static str;
    /// Writes its files into `dir`, its folder in the staging site.
    fn write(&self, dir: &Path, ctx: &Context<'_>) -> Result<(), Error>;
    /// The files of the content folder it reads (none by default): their names and
    /// bytes join its build-cache key, so an edited record makes it again. Asked only
    /// when a page shows it; a folder it needs and cannot find is its error.
    fn reads(&self, _ctx: &Context<'_>) -> Result<Vec<PathBuf>, Error> {
        Ok(Vec::new())
    }
    /// Its page at the site's root, if it has one (none by default).
    fn page(&self) -> Option<Page> {
        None
    }
    /// The HTML of its page ([`Exhibit::page`]).
    fn page_html(&self, _ctx: &Context<'_>) -> Result<PageHtml, Error> {
        Err(Error::internal(format!(
            "the {} exhibit has no page",
            self.folder()
        )))
    }
    /// The names of the HTML blocks it offers the pages (none by default).
    fn blocks(&self) -> &'static [&'static str] {
        &[]
    }
    /// The HTML of its block `name`, one of [`Exhibit::blocks`], for a page one folder
    /// below the site's root (links start `../`).
    fn block(&self, name: &str, _ctx: &Context<'_>) -> Result<String, Error> {
        Err(Error::internal(format!(
            "the {} exhibit has no block {name}",
            self.folder()
        )))
    }
}

/// An exhibit shows as its folder (a [`crate::BuildOptions`] prints its list).
impl fmt::Debug for dyn Exhibit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Exhibit({})", self.folder())
    }
}
