//! What a build is asked to do: the folders (content, templates, output), the exhibits,
//! the worker threads and whether to force. The command line's `build` and `serve` fill it in;
//! every step of the build reads it.

use std::path::PathBuf;

use crate::exhibit::Exhibit;
use knights_core::{BadOption, Error};

/// The most worker threads a build starts (each has its own stack).
pub const MAX_JOBS: usize = 256;

/// `n` when it is a number of worker threads a build may start (1 to [`MAX_JOBS`]).
pub fn check_jobs(n: usize) -> Result<usize, Error> {
    if (1..=MAX_JOBS).contains(&n) {
        Ok(n)
    } else {
        Err(BadOption::Jobs {
            jobs: n,
            most: MAX_JOBS,
        }
        .into())
    }
}

/// What `knights build` was asked to do.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The catalogue folder (`content/`).
    pub content: PathBuf,
    /// A folder of templates and `static/` files that overrides the built-in ones file
    /// by file (after the content folder's own `templates/`); an empty path: none.
    pub templates: PathBuf,
    /// Where the site goes (`site/`).
    pub out: PathBuf,
    /// Worker threads, 1 to [`MAX_JOBS`] (default: one per core).
    pub jobs: Option<usize>,
    /// Replace an output folder this tool did not create, and build every tour again
    /// rather than take it from the build cache.
    pub force: bool,
    /// Report progress on standard error (a bar on a terminal, lines otherwise).
    pub progress: bool,
    /// The exhibits a page may show (each written when a page links into its folder
    /// or places one of its blocks), in the order the build writes them; none by
    /// default. The `knights` command passes its gallery's (`knights_gallery::all`).
    pub exhibits: &'static [&'static dyn Exhibit],
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        BuildOptions {
            content: "content".into(),
            templates: PathBuf::new(),
            out: "site".into(),
            jobs: None,
            force: false,
            progress: false,
            exhibits: &[],
        }
    }
}
