//! `knights init`: a new site's folder, so that an installed `knights` can publish
//! without a copy of this repository. It writes the starter catalogue compiled into
//! the binary (from `starter/`: a few tours, a series, a page, a static file) into
//! `DIR/content/`, and on request the built-in templates into `DIR/content/templates/`,
//! where the build finds them and lets them override its own.

use std::path::{Path, PathBuf};

use super::templates::Templates;
use knights_core::interrupt::Unfinished;
use knights_core::{Error, PathProblem};

/// The starter catalogue: (path relative to `content/`, bytes).
const STARTER: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/starter.rs"));

/// Writes a new site into `dir` (which must not exist or be empty): the starter
/// catalogue in `dir/content/`, and with `templates` the built-in templates in
/// `dir/content/templates/`. Returns the files written. On failure nothing is left.
pub fn init(dir: &Path, templates: bool) -> Result<Vec<PathBuf>, Error> {
    let fresh = check_empty(dir)?;
    let content = dir.join("content");
    let _unfinished = Unfinished::track(if fresh { dir } else { &content });
    let written = write(&content, templates);
    if written.is_err() {
        let _ = std::fs::remove_dir_all(if fresh { dir } else { &content });
    }
    written
}

fn write(content: &Path, templates: bool) -> Result<Vec<PathBuf>, Error> {
    let mut written = Vec::new();
    for &(rel, bytes) in STARTER {
        let dest = content.join(rel);
        let parent = dest.parent().expect("a file of a folder");
        std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
        std::fs::write(&dest, bytes).map_err(|e| Error::io(&dest, e))?;
        written.push(dest);
    }
    if templates {
        let to = content.join("templates");
        Templates::load(&[])?.write_all(&to)?;
        written.push(to);
    }
    Ok(written)
}

/// Refuses a `dir` that is a file or a folder with something in it; says whether it
/// has to be created.
fn check_empty(dir: &Path) -> Result<bool, Error> {
    let refuse = |what: &str| {
        Err(Error::path(
            dir,
            PathProblem::Taken,
            format!(
                "refusing to write a new site into {}: {what}; choose a new folder",
                dir.display()
            ),
        ))
    };
    match std::fs::read_dir(dir) {
        Ok(mut entries) => match entries.next() {
            None => Ok(false),
            Some(_) => refuse("it is not empty"),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match std::fs::read_link(dir) {
            // A link to nothing: creating the folder would fail on the link itself.
            Ok(to) => refuse(&format!(
                "it is a symbolic link to {}, which does not exist",
                to.display()
            )),
            Err(_) => Ok(true),
        },
        Err(_) if dir.exists() => refuse("it is not a folder"),
        Err(e) => Err(Error::io(dir, e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_dangling_link_is_refused_and_named() {
        let tmp = tempfile::tempdir().unwrap();
        let link = tmp.path().join("site");
        std::os::unix::fs::symlink(tmp.path().join("nowhere"), &link).unwrap();
        let e = init(&link, false).unwrap_err().to_string();
        assert!(
            e.contains("it is a symbolic link to") && e.contains("nowhere, which does not exist"),
            "{e}"
        );
        assert!(link.symlink_metadata().is_ok(), "the link is left alone");
    }

    #[test]
    fn writes_the_starter_and_refuses_a_folder_with_something_in_it() {
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("new/site");
        let files = init(&site, true).unwrap();
        assert!(site.join("content/catalogue.toml").is_file());
        assert!(site.join("content/pages/about.md").is_file());
        assert!(site.join("content/templates/base.html").is_file());
        assert!(site.join("content/templates/static/style.css").is_file());
        assert_eq!(files.len(), STARTER.len() + 1);
        let e = init(&site, false).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Path {
                    problem: PathProblem::Taken,
                    ..
                }
            ),
            "{e:?}"
        );
        let e = e.to_string();
        assert!(
            e.contains("it is not empty") && e.contains("choose a new folder"),
            "{e}"
        );
        let file = tmp.path().join("file");
        std::fs::write(&file, "x").unwrap();
        let e = init(&file, false).unwrap_err().to_string();
        assert!(e.contains("it is not a folder"), "{e}");
        // An empty folder is fine, and without --templates there are none.
        let empty = tmp.path().join("empty");
        std::fs::create_dir(&empty).unwrap();
        init(&empty, false).unwrap();
        assert!(!empty.join("content/templates").exists());
    }
}
