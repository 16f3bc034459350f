//! The site engine: `knights build` reads the catalogue in `content/`, builds every tour
//! in parallel (construct, verify, measure, draw), writes the exhibits its caller lists
//! ([`BuildOptions::exhibits`]: this project's gallery lists its own, in
//! `knights-gallery`), and fills the templates (built in, or overridden by
//! `content/templates/` and `--templates`) into `site/`.
//!
//! A [`Site`] is loaded once ([`Site::load`]: every check that needs no tour) and built
//! any number of times ([`Site::build`]); [`build`] does both. The modules below are
//! grouped by the build's steps, in the order it takes them (read the catalogue, plan,
//! load the templates, build the tours and the exhibits, render the pages, write the
//! output); a module imports only from its own group and the groups above it. `serve` (behind the `serve` feature) and `init` stand
//! around the build. A failure at any step leaves the previous site as it was.

// Leaves any step may use: what a build is asked to do, what an exhibit is, where a
// catalogue value was written, HTML escaping, files in and out, the build cache, line
// plots (public: exhibits plot with them).
mod cache;
mod error;
mod exhibit;
mod files;
mod html;
mod options;
mod place;
pub mod plots;

// 1. The catalogue as written: the `[site]` table, series patterns, the files.
mod catalogue;
mod config;
mod pattern;

// 2. The plan: every check that needs no tour, slugs, the checks on the folders, and
//    the command line that makes each planned tour.
mod command;
mod guards;
mod plan;
mod slugs;

// 3. The templates.
mod template_cycles;
mod templates;

// 4. The tours, built in parallel through the cache, and the exhibits (which the
//    caller lists: [`BuildOptions::exhibits`]).
mod exhibits;
mod tours;

// 5. The pages: cards, the metrics table and its plots, the sitemap.
mod links;
mod pages;

// 6. The output: a staging folder swapped in at the end, and the build's times.
mod output;
mod timings;

// The site that ties the steps together, and what stands around a build.
#[cfg(feature = "serve")]
mod http;
mod init;
#[cfg(feature = "serve")]
mod serve;
mod site;

#[cfg(test)]
mod fuzz;

pub use error::SiteError;
pub use exhibit::{Context, Exhibit, Page, PageHtml};
pub use html::escape;
pub use init::init;
pub use links::SITEMAP;
pub use options::{check_jobs, BuildOptions, MAX_JOBS};
pub use output::MARKER;
pub use plan::Target;
#[cfg(feature = "serve")]
pub use serve::{serve, ServeOptions};
pub use site::{Site, Summary};
pub use timings::{MEASURED, TIMINGS, TIMINGS_SCRIPT};

use knights_core::Error;

/// Builds the gallery of `opts` once: [`Site::load`], then [`Site::build`].
pub fn build(opts: &BuildOptions) -> Result<Summary, Error> {
    Site::load(opts.clone())?.build()
}
