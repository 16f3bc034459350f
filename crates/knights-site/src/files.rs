//! Writing into the staging folder: every step that writes a file of the site goes
//! through here, so that a failure names the file; and the content's `static/` files,
//! copied through last, so that one the build writes itself is refused.

use std::path::Path;

use crate::templates;
use knights_core::Error;

/// Writes `bytes` to `path` (inside the staging folder, so no temp file is needed:
/// the whole folder is swapped in at the end).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    std::fs::write(path, bytes).map_err(|e| Error::io(path, e))
}

/// Copies the content's `static/` folder (a CNAME, a robots.txt...) into the site
/// unchanged, refusing to replace a file the build wrote.
pub fn copy_through(from: &Path, to: &Path) -> Result<(), Error> {
    if !from.is_dir() {
        return Ok(());
    }
    for (rel, path) in templates::list(from)? {
        let dest = to.join(&rel);
        if dest.exists() {
            return Err(Error::invalid(format!(
                "{}: the site already has {rel} (the build writes it): rename the file{}",
                path.display(),
                if rel.starts_with("static/") {
                    ", or put it in the content's templates/ folder to override a built-in one"
                } else {
                    ""
                }
            )));
        }
        if let Some(parent) = dest.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
        }
        std::fs::copy(&path, &dest).map_err(|e| Error::io(&path, e))?;
    }
    Ok(())
}
