//! Checks on the build's folders, made before anything is written: the output folder is
//! replaced wholesale, so the catalogue and the templates must not lie inside it; a
//! catalogue with nothing in it would replace a good site with an empty one; a site
//! without a base URL has no sitemap (built, with a warning).

use std::path::{Path, PathBuf};

use super::catalogue::Catalogue;
use super::config::SiteConfig;
use crate::error::SiteError;
use crate::options::BuildOptions;
use knights_core::{Error, PathProblem};

/// Refuses a content or templates folder inside the output folder.
pub fn check_folders(opts: &BuildOptions) -> Result<(), Error> {
    let out = absolute(&opts.out);
    for (flag, dir) in [
        ("--content", &opts.content),
        ("--templates", &opts.templates),
    ] {
        if !dir.as_os_str().is_empty() && absolute(dir).starts_with(&out) {
            return Err(Error::path(
                dir,
                PathProblem::Inside,
                format!(
                    "{flag} {} lies inside --out {}, which the build replaces: move it out, or build elsewhere",
                    dir.display(),
                    opts.out.display()
                ),
            ));
        }
    }
    Ok(())
}

/// Refuses a catalogue without a single tour or series.
pub fn check_catalogue(cat: &Catalogue, content: &Path) -> Result<(), Error> {
    if cat.tours.is_empty() && cat.series.is_empty() {
        return Err(SiteError::EmptyCatalogue {
            content: content.to_path_buf(),
        }
        .into());
    }
    Ok(())
}

/// What a build of `site` does but its publisher may not want.
pub fn site_warnings(site: &SiteConfig) -> Vec<String> {
    let mut out = Vec::new();
    if site.base_url.is_empty() {
        out.push(
            "[site] has no base_url: no sitemap.xml, and no page addresses or images for link previews"
                .to_string(),
        );
    }
    out
}

/// `path` made absolute with its links resolved, as far as it exists (the rest is
/// appended as written), so that two spellings of one folder compare equal.
fn absolute(path: &Path) -> PathBuf {
    let mut existing = path.to_path_buf();
    let mut rest = Vec::new();
    loop {
        if let Ok(p) = existing.canonicalize() {
            return rest.iter().rev().fold(p, |p, part| p.join(part));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = if parent.as_os_str().is_empty() {
                    PathBuf::from(".")
                } else {
                    parent.to_path_buf()
                };
            }
            _ => return path.to_path_buf(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_catalogue_names_no_address_and_says_so() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
        let cat = crate::catalogue::load(&dir).unwrap();
        // Where the gallery will be served is its publisher's to say: until then no
        // page names an address (no canonical link, no sitemap), and the build says so.
        assert!(cat.site.base_url.is_empty(), "{}", cat.site.base_url);
        let warnings = site_warnings(&cat.site);
        assert!(
            warnings.len() == 1 && warnings[0].contains("base_url"),
            "{warnings:?}"
        );
    }

    #[test]
    fn content_inside_the_output_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        std::fs::create_dir_all(site.join("content")).unwrap();
        let opts = |content: PathBuf, out: PathBuf| BuildOptions {
            content,
            out,
            ..BuildOptions::default()
        };
        let e = check_folders(&opts(site.join("content"), site.clone())).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Path {
                    problem: PathProblem::Inside,
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(e.to_string().contains("lies inside --out"), "{e}");
        // Spelled differently, through `..`.
        let odd = tmp.path().join("site/content/../content");
        assert!(check_folders(&opts(odd, site.clone())).is_err());
        // An output folder that does not exist yet, inside a folder that does.
        let new = tmp.path().join("new");
        assert!(check_folders(&opts(new.join("c"), new.clone())).is_err());
        assert!(check_folders(&opts(tmp.path().join("content"), site)).is_ok());
    }

    #[test]
    fn an_empty_catalogue_is_refused() {
        let e = check_catalogue(&Catalogue::default(), Path::new("c")).unwrap_err();
        assert!(
            e.to_string().contains("refusing to build an empty site"),
            "{e}"
        );
    }
}
