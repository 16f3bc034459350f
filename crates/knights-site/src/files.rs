//! Writing into the staging folder: every step that writes a file of the site goes
//! through here, so that a failure names the file.

use std::path::Path;

use knights_core::Error;

/// Writes `bytes` to `path` (inside the staging folder, so no temp file is needed:
/// the whole folder is swapped in at the end).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    std::fs::write(path, bytes).map_err(|e| Error::io(path, e))
}
