//! Writing files atomically: every output goes to a temporary file in the same folder
//! and is renamed over the target only when complete, so a failure never leaves a
//! truncated file where a good one was.

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::Error;

/// Writes `path` by calling `fill` on a buffered temporary file, then renaming it into
/// place. On any error the temporary file is removed and `path` is left untouched.
pub fn write_atomic<F>(path: &Path, fill: F) -> Result<(), Error>
where
    F: FnOnce(&mut BufWriter<File>) -> Result<(), Error>,
{
    let tmp = temp_path(path);
    let result = (|| {
        let file = File::create(&tmp).map_err(|e| Error::io(path, e))?;
        let mut out = BufWriter::new(file);
        fill(&mut out)?;
        let file = out
            .into_inner()
            .map_err(|e| Error::io(path, e.into_error()))?;
        file.sync_all().map_err(|e| Error::io(path, e))?;
        fs::rename(&tmp, path).map_err(|e| Error::io(path, e))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Writes `bytes` to `path` atomically.
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_atomic(path, |out| {
        out.write_all(bytes).map_err(|e| Error::io(path, e))
    })
}

/// `.NAME.tmp-PID` next to `path`.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.txt");
        write_bytes(&p, b"good").unwrap();
        let r = write_atomic(&p, |out| {
            out.write_all(b"half").unwrap();
            Err(Error::invalid("stopped"))
        });
        assert!(r.is_err());
        assert_eq!(fs::read(&p).unwrap(), b"good");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn an_unwritable_folder_is_an_error_naming_the_file() {
        let e = write_bytes(Path::new("/nonexistent/dir/x.json"), b"x").unwrap_err();
        assert!(
            e.to_string().starts_with("/nonexistent/dir/x.json: "),
            "{e}"
        );
    }
}
