//! Files in and out: every step that writes a file of the site goes through here, so
//! that a failure names the file; the listing of a folder the build reads whole (the
//! template overrides, the content's `static/`), whose links may not lead out of it;
//! and the content's `static/` files, copied through last (each a regular file,
//! streamed), so that one the build writes itself is refused.

use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use knights_core::{Error, PathProblem};

/// Writes `bytes` to `path` (inside the staging folder, so no temp file is needed:
/// the whole folder is swapped in at the end).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    std::fs::write(path, bytes).map_err(|e| Error::io(path, e))
}

/// Copies the content's `static/` folder (a CNAME, a robots.txt...) into the site
/// unchanged, refusing to replace a file the build wrote or writes `later`, a link
/// that leads out of the content folder `within`, and anything but a regular file.
pub fn copy_through(from: &Path, within: &Path, to: &Path, later: &[&str]) -> Result<(), Error> {
    if !from.is_dir() {
        return Ok(());
    }
    for (rel, path) in list(from, within)? {
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
        let mut source = knights_core::files::open(&path)?.file;
        let mut copy = std::fs::File::create(&dest).map_err(|e| Error::io(&dest, e))?;
        std::io::copy(&mut source, &mut copy).map_err(|e| Error::io(&path, e))?;
    }
    Ok(())
}

/// Refuses, before the build writes anything, what [`copy_through`] would refuse of
/// the content's `static/` folder `from` at its end: a link that leads out of the
/// content folder `within`, and anything but a regular file.
pub fn check_through(from: &Path, within: &Path) -> Result<(), Error> {
    if from.is_dir() {
        list(from, within)?;
    }
    Ok(())
}

/// The bytes of the files under `dir` (see [`list`]): what publishing it uploads.
pub fn size(dir: &Path) -> Result<u64, Error> {
    let mut total = 0;
    for (_, path) in list(dir, dir)? {
        total += std::fs::metadata(&path)
            .map_err(|e| Error::io(&path, e))?
            .len();
    }
    Ok(total)
}

/// The files under `dir` (following links), by path relative to it; hidden files
/// (editor and system leftovers) are left out. A link that leads out of the folder
/// `within` (`dir` or one holding it) is refused by name: what the build reads stays
/// where its user put it; so is anything but a folder or a regular file (a pipe, a
/// device), which would hang or never end when read.
pub fn list(dir: &Path, within: &Path) -> Result<Vec<(String, PathBuf)>, Error> {
    let root = within.canonicalize().map_err(|e| Error::io(within, e))?;
    let mut out = Vec::new();
    let walk = WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
    for entry in walk {
        let entry =
            entry.map_err(|e| Error::io(e.path().unwrap_or(dir).to_path_buf(), e.into()))?;
        if entry.path_is_symlink() {
            inside(entry.path(), &root, within)?;
        }
        if !entry.file_type().is_dir() {
            knights_core::files::check(entry.path())?;
        }
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

/// Refuses the link `path` when what it leads to is not inside `root` (the folder
/// `within`, its links followed).
fn inside(path: &Path, root: &Path, within: &Path) -> Result<(), Error> {
    let real = path.canonicalize().map_err(|e| Error::io(path, e))?;
    if real.starts_with(root) {
        return Ok(());
    }
    let message = format!(
        "{}: a link that leads out of {} (to {}): copy the file in instead",
        path.display(),
        within.display(),
        real.display()
    );
    Err(Error::path(path, PathProblem::Outside, message))
}
