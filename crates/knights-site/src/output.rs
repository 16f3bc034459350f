//! The output folder, written atomically: the build writes into a fresh hidden folder
//! beside the target and swaps it in at the end, so a failed or interrupted build leaves
//! the previous site intact. A marker file says which folders this tool made; it will
//! not replace any other non-empty folder unless forced.
//!
//! One build at a time writes a site: a lock file beside it (`.NAME.knights-lock`) is
//! held for the whole build and removed at its end. The staging folder and the lock
//! file are removed on an interrupt.

use std::fs::{self, File, TryLockError};
use std::path::{Path, PathBuf};

use knights_core::interrupt::Unfinished;
use knights_core::{Error, PathProblem};

/// The file that marks a folder as written by `knights build`.
pub const MARKER: &str = ".knights-site";

/// A build in progress: the staging folder and where it goes when done.
#[derive(Debug)]
pub struct Staging {
    dir: PathBuf,
    target: PathBuf,
    done: bool,
    /// Removes the staging folder on an interrupt until the build is done.
    _unfinished: Unfinished,
    /// Held until the build ends: no other build writes the same site meanwhile.
    _lock: Lock,
}

/// Checks that `target` may be replaced, clears the stale staging folders of
/// interrupted builds, and creates a fresh staging folder with the marker in it.
pub fn begin(target: &Path, force: bool) -> Result<Staging, Error> {
    check_target(target, force)?;
    let parent = parent_of(target);
    fs::create_dir_all(&parent).map_err(|e| Error::io(&parent, e))?;
    let lock = lock(target)?;
    remove_stale(target);
    let dir = sibling(target, &format!("new-{}", std::process::id()));
    if dir.exists() {
        fs::remove_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
    }
    fs::create_dir(&dir).map_err(|e| Error::io(&dir, e))?;
    let unfinished = Unfinished::track(&dir);
    let marker = dir.join(MARKER);
    fs::write(
        &marker,
        "This folder was written by `knights build`; the next build replaces it.\n",
    )
    .map_err(|e| Error::io(&marker, e))?;
    Ok(Staging {
        dir,
        target: target.to_path_buf(),
        done: false,
        _unfinished: unfinished,
        _lock: lock,
    })
}

/// The lock of a site's builds: an open, locked file, deleted when released.
#[derive(Debug)]
struct Lock {
    file: File,
    path: PathBuf,
    _unfinished: Unfinished,
}

/// Takes the lock of `target`'s builds, or says who holds it.
fn lock(target: &Path) -> Result<Lock, Error> {
    let path = sibling(target, "lock");
    loop {
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| Error::io(&path, e))?;
        match file.try_lock() {
            // The holder before us may have deleted the file between our open and our
            // lock: then this lock guards nothing, and we start again.
            Ok(()) if same_file(&file, &path) => {
                let _unfinished = Unfinished::track(&path);
                return Ok(Lock {
                    file,
                    path,
                    _unfinished,
                });
            }
            Ok(()) => continue,
            Err(TryLockError::WouldBlock) => {
                return Err(Error::path(
                    target,
                    PathProblem::Busy,
                    format!(
                        "another build is writing {}: wait for it to finish",
                        target.display()
                    ),
                ))
            }
            Err(TryLockError::Error(e)) => return Err(Error::io(&path, e)),
        }
    }
}

/// Whether the open `file` is the one `path` names now.
fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

impl Drop for Lock {
    /// Deletes the lock file while still holding the lock (see [`lock`]).
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

impl Staging {
    /// The folder to write into.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Swaps the staging folder in place of the target. The old site is moved aside
    /// first and only deleted once the new one is in place; if the swap fails the old
    /// one is put back.
    pub fn commit(mut self) -> Result<(), Error> {
        let old = sibling(&self.target, &format!("old-{}", std::process::id()));
        let had_old = self.target.exists() || self.target.is_symlink();
        if had_old {
            if self.target.is_dir() && !self.target.is_symlink() {
                fs::rename(&self.target, &old).map_err(|e| Error::io(&self.target, e))?;
            } else {
                // Only reachable with --force: a file (or link) where the site goes.
                fs::remove_file(&self.target).map_err(|e| Error::io(&self.target, e))?;
            }
        }
        if let Err(e) = fs::rename(&self.dir, &self.target) {
            if old.exists() {
                let _ = fs::rename(&old, &self.target);
            }
            return Err(Error::io(&self.target, e));
        }
        self.done = true;
        if old.exists() {
            fs::remove_dir_all(&old).map_err(|e| Error::io(&old, e))?;
        }
        Ok(())
    }
}

impl Drop for Staging {
    /// A build that did not commit leaves nothing behind.
    fn drop(&mut self) {
        if !self.done {
            let _ = fs::remove_dir_all(&self.dir);
        }
    }
}

/// Refuses a target that exists and was not made by this tool (unless forced).
fn check_target(target: &Path, force: bool) -> Result<(), Error> {
    if force || !(target.exists() || target.is_symlink()) {
        return Ok(());
    }
    let refuse = |what: &str| {
        Err(Error::path(
            target,
            PathProblem::Taken,
            format!(
                "refusing to replace {}: {what} not written by `knights build` (no {MARKER} file); \
                 pass --force to replace it, or choose another --out",
                target.display()
            ),
        ))
    };
    if !target.is_dir() || target.is_symlink() {
        return refuse("it is not a folder, or a link, and was");
    }
    if target.join(MARKER).is_file() {
        return Ok(());
    }
    let mut entries = fs::read_dir(target).map_err(|e| Error::io(target, e))?;
    if entries.next().is_none() {
        return Ok(());
    }
    refuse("it is a folder")
}

fn parent_of(target: &Path) -> PathBuf {
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// `.<name>.knights-<tag>` beside `target`.
fn sibling(target: &Path, tag: &str) -> PathBuf {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "site".into());
    parent_of(target).join(format!(".{name}.knights-{tag}"))
}

/// Removes staging and old folders that interrupted builds left beside `target`, but
/// only those carrying the marker.
fn remove_stale(target: &Path) {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.knights-");
    let Ok(entries) = fs::read_dir(parent_of(target)) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let ours = e.file_name().to_string_lossy().starts_with(&prefix);
        if ours && p.is_dir() && !p.is_symlink() && p.join(MARKER).is_file() {
            let _ = fs::remove_dir_all(&p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swaps_in_and_refuses_foreign_folders() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("site");
        // A fresh target.
        let s = begin(&out, false).unwrap();
        fs::write(s.dir().join("a.html"), "a").unwrap();
        s.commit().unwrap();
        assert!(out.join("a.html").is_file() && out.join(MARKER).is_file());
        // Our own target is replaced; a build dropped before commit changes nothing.
        let s = begin(&out, false).unwrap();
        fs::write(s.dir().join("b.html"), "b").unwrap();
        drop(s);
        assert!(out.join("a.html").is_file() && !out.join("b.html").exists());
        let s = begin(&out, false).unwrap();
        fs::write(s.dir().join("b.html"), "b").unwrap();
        s.commit().unwrap();
        assert!(!out.join("a.html").exists() && out.join("b.html").is_file());
        // Nothing is left beside it.
        let mut names: Vec<_> = fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        assert_eq!(names, ["site"]);
        // A foreign folder is refused unless forced.
        let foreign = tmp.path().join("docs");
        fs::create_dir(&foreign).unwrap();
        fs::write(foreign.join("keep.txt"), "mine").unwrap();
        let e = begin(&foreign, false).unwrap_err();
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
            e.contains("refusing to replace") && e.contains("--force"),
            "{e}"
        );
        assert!(foreign.join("keep.txt").is_file());
        begin(&foreign, true).unwrap().commit().unwrap();
        assert!(!foreign.join("keep.txt").exists());
    }

    #[test]
    fn a_second_build_of_the_same_site_is_refused_while_the_first_runs() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("site");
        let first = begin(&out, false).unwrap();
        let e = begin(&out, false).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Path {
                    problem: PathProblem::Busy,
                    ..
                }
            ),
            "{e:?}"
        );
        let e = e.to_string();
        assert_eq!(
            e,
            format!(
                "another build is writing {}: wait for it to finish",
                out.display()
            )
        );
        assert!(
            first.dir().is_dir(),
            "the first build's staging folder is kept"
        );
        first.commit().unwrap();
        begin(&out, false).unwrap().commit().unwrap();
    }
}
