//! `build`: the gallery site from a content folder.

use std::path::PathBuf;

use knights::site;

use super::Failure;

pub(super) fn build_site(
    content: PathBuf,
    templates: PathBuf,
    out: PathBuf,
    jobs: Option<usize>,
    force: bool,
) -> Result<(), Failure> {
    let opts = site::BuildOptions {
        content,
        templates,
        out,
        jobs,
        force,
        progress: true,
    };
    let summary = site::build(&opts)?;
    for w in &summary.warnings {
        eprintln!("knights: warning: {w}");
    }
    eprintln!("{summary}");
    Ok(())
}
