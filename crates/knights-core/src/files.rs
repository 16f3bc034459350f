//! Reading the user's files: every file the tool reads that a user names or puts in a
//! folder it reads (tours, themes, the catalogue, templates, static files, the pages a
//! server sends) is opened here, once, checked to be a regular file (a device such as
//! `/dev/zero` never ends, a pipe may never answer), and read with a bound on its size
//! or handed back open to be streamed. A file that is not one, or is larger than the
//! bound, is refused by name with a [`PathProblem`] before anything is read.
//!
//! A path is looked at before it is opened, so that a pipe is refused without the open
//! that would wait for a writer; the open file is looked at again, so that what is read
//! is what was checked.

use std::fs::{File, Metadata};
use std::io::Read;
use std::path::Path;

use crate::{Bytes, Error, PathProblem};

/// An open regular file and its length when opened.
#[derive(Debug)]
pub struct Opened {
    /// The file, at its start.
    pub file: File,
    /// Its length in bytes.
    pub len: u64,
}

/// Opens `path` for reading, refusing anything but a regular file (links followed).
pub fn open(path: &Path) -> Result<Opened, Error> {
    let meta = std::fs::metadata(path).map_err(|e| Error::io(path, e))?;
    regular(path, &meta)?;
    let file = File::open(path).map_err(|e| Error::io(path, e))?;
    let meta = file.metadata().map_err(|e| Error::io(path, e))?;
    regular(path, &meta)?;
    Ok(Opened {
        file,
        len: meta.len(),
    })
}

/// Refuses `path` unless it is a regular file (links followed), without opening it: a
/// file listed now and read later (a site's static files) is refused before any work.
pub fn check(path: &Path) -> Result<(), Error> {
    let meta = std::fs::metadata(path).map_err(|e| Error::io(path, e))?;
    regular(path, &meta)
}

/// The bytes of the regular file `path`, refused when longer than `limit` (checked
/// before reading, and again while reading: a file that grows is cut off, not read on).
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, Error> {
    let Opened { file, len } = open(path)?;
    if len > limit {
        return Err(too_big(path, limit));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, e))?;
    if bytes.len() as u64 > limit {
        return Err(too_big(path, limit));
    }
    Ok(bytes)
}

/// The text of the regular file `path` (UTF-8), refused when longer than `limit`.
pub fn read_to_string(path: &Path, limit: u64) -> Result<String, Error> {
    String::from_utf8(read(path, limit)?).map_err(|_| {
        let e = std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        );
        Error::io(path, e)
    })
}

/// The bound on a text file the tool reads whole (a theme, a template, the catalogue,
/// a page of prose): far above any honest one.
pub const TEXT_LIMIT: u64 = 16 * 1024 * 1024;

fn regular(path: &Path, meta: &Metadata) -> Result<(), Error> {
    if meta.is_file() {
        return Ok(());
    }
    let what = if meta.is_dir() {
        "a folder"
    } else {
        "a device, a pipe or a socket"
    };
    Err(Error::path(
        path,
        PathProblem::NotAFile,
        format!(
            "{}: it is {what}, not a regular file: give a file",
            path.display()
        ),
    ))
}

fn too_big(path: &Path, limit: u64) -> Error {
    Error::path(
        path,
        PathProblem::TooBig,
        format!(
            "{}: larger than the {} this tool reads of such a file",
            path.display(),
            Bytes(limit)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(e: Error) -> PathProblem {
        match e {
            Error::Path { problem, .. } => problem,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn reads_regular_files_within_their_bound() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("a.toml");
        std::fs::write(&path, "name = 1\n").unwrap();
        assert_eq!(read_to_string(&path, 9).unwrap(), "name = 1\n");
        let e = read(&path, 8).unwrap_err();
        assert!(e.to_string().contains("larger than the 8 bytes"), "{e}");
        assert_eq!(problem(e), PathProblem::TooBig);
        assert_eq!(
            problem(read(tmp.path(), 100).unwrap_err()),
            PathProblem::NotAFile
        );
        assert!(matches!(
            read(&tmp.path().join("none"), 9).unwrap_err(),
            Error::Io { .. }
        ));
    }

    /// A device that never ends and a pipe nobody writes are refused at once, by name.
    #[cfg(unix)]
    #[test]
    fn devices_and_pipes_are_refused_unread() {
        let e = read(Path::new("/dev/zero"), TEXT_LIMIT).unwrap_err();
        assert_eq!(
            e.to_string(),
            "/dev/zero: it is a device, a pipe or a socket, not a regular file: give a file"
        );
        let tmp = tempfile::tempdir().unwrap();
        let fifo = tmp.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            assert_eq!(problem(open(&fifo).unwrap_err()), PathProblem::NotAFile);
        }
    }
}
