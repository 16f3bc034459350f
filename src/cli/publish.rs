//! `build`: the gallery site from a content folder; [`SiteArgs`], the folders of a
//! site, which `serve` shares.

use std::path::PathBuf;

use knights_site as site;

use super::args::jobs;
use super::Failure;

/// Where a site's sources are and where it goes (`build` and `serve`).
#[derive(clap::Args, Debug)]
pub(super) struct SiteArgs {
    /// The catalogue folder; its templates/ overrides the built-in templates and its
    /// static/ is copied into the site.
    #[arg(long, default_value = "content")]
    content: PathBuf,
    /// A folder of templates (and static/ files) that overrides the built-in ones and
    /// the content's, file by file.
    #[arg(long)]
    templates: Option<PathBuf>,
    /// Where the site goes (replaced atomically when the build succeeds).
    #[arg(long, default_value = "site")]
    out: PathBuf,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = jobs)]
    jobs: Option<usize>,
    /// Replace --out even if knights did not create it.
    #[arg(long)]
    force: bool,
}

impl SiteArgs {
    /// The build these arguments ask for, with this gallery's exhibits.
    pub(super) fn options(self) -> site::BuildOptions {
        site::BuildOptions {
            content: self.content,
            templates: self.templates.unwrap_or_default(),
            out: self.out,
            jobs: self.jobs,
            force: self.force,
            progress: true,
            exhibits: knights_gallery::all(),
        }
    }
}

pub(super) fn build_site(args: SiteArgs) -> Result<(), Failure> {
    let summary = site::build(&args.options())?;
    for w in &summary.warnings {
        eprintln!("knights: warning: {w}");
    }
    eprintln!("{summary}");
    Ok(())
}
