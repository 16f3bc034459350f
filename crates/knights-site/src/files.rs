//! Files in and out: every step that writes a file of the site goes through here, so
//! that a failure names the file; the listing of a folder the build reads whole (the
//! template overrides, the content's `static/`); and the content's `static/` files,
//! copied through last, so that one the build writes itself is refused.

use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use knights_core::{Error, PathProblem};

/// Writes `bytes` to `path` (inside the staging folder, so no temp file is needed:
/// the whole folder is swapped in at the end).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    std::fs::write(path, bytes).map_err(|e| Error::io(path, e))
}

/// Copies the content's `static/` folder (a CNAME, a robots.txt...) into the site
/// unchanged, refusing to replace a file the build wrote or writes `later`.
pub fn copy_through(from: &Path, to: &Path, later: &[&str]) -> Result<(), Error> {
    if !from.is_dir() {
        return Ok(());
    }
    for (rel, path) in list(from)? {
        let dest = to.join(&rel);
        if dest.exists() || later.contains(&rel.as_str()) {
            let message = format!(
                "{}: the site already has {rel} (the build writes it): rename the file{}",
                path.display(),
                if rel.starts_with("static/") {
                    ", or put it in the content's templates/ folder to override a built-in one"
                } else {
                    ""
                }
            );
            return Err(Error::path(&path, PathProblem::Taken, message));
        }
        if let Some(parent) = dest.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
        }
        std::fs::copy(&path, &dest).map_err(|e| Error::io(&path, e))?;
    }
    Ok(())
}

/// The bytes of the files under `dir` (see [`list`]): what publishing it uploads.
pub fn size(dir: &Path) -> Result<u64, Error> {
    let mut total = 0;
    for (_, path) in list(dir)? {
        total += std::fs::metadata(&path)
            .map_err(|e| Error::io(&path, e))?
            .len();
    }
    Ok(total)
}

/// The files under `dir` (following links), by path relative to it; hidden files
/// (editor and system leftovers) are left out.
pub fn list(dir: &Path) -> Result<Vec<(String, PathBuf)>, Error> {
    let mut out = Vec::new();
    let walk = WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
    for entry in walk {
        let entry =
            entry.map_err(|e| Error::io(e.path().unwrap_or(dir).to_path_buf(), e.into()))?;
        if entry.file_type().is_file() {
            let rel = entry
                .path()
                .strip_prefix(dir)
                .expect("walkdir stays under its root");
            out.push((rel.to_string_lossy().replace('\\', "/"), entry.into_path()));
        }
    }
    Ok(out)
}
