//! The output folder, swapped whole: the build writes everything (the timings too)
//! into a fresh hidden folder beside the target and swaps it in at the end, so that at
//! every instant the target is the old complete site or the new one, and a failed or
//! interrupted build leaves the previous site intact. A marker file says which folders
//! this tool made; it will not replace any other non-empty folder unless forced.
//!
//! The swap: where the system can (Linux), one atomic exchange of the two folders
//! (`renameat2` with `RENAME_EXCHANGE`), the old site then removed from where the
//! staging folder was. Elsewhere, two renames (the site aside to `.NAME.knights-old-PID`,
//! the staging folder in its place): an interruption between them leaves no site, and
//! the next build puts the old one back before anything else (it is complete: its
//! removal starts only once the new site is in place).
//!
//! One build at a time writes a site: a lock file beside it (`.NAME.knights-lock`) is
//! held for the whole build and removed at its end. The staging folder and the lock
//! file are removed on an interrupt; what a killed build leaves (staging and old
//! folders, `.NAME.knights-new-PID` and `.NAME.knights-old-PID`, whole or half
//! removed) is recognised by its name and removed by the next build.

use std::fs::{self, File, TryLockError};
use std::path::{Path, PathBuf};

use knights_core::interrupt::{self, Unfinished};
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

/// Takes the lock of `target`'s builds, puts back the site an interrupted swap took
/// away, checks that `target` may be replaced, removes what interrupted builds left,
/// and creates a fresh staging folder with the marker in it.
pub fn begin(target: &Path, force: bool) -> Result<Staging, Error> {
    let parent = parent_of(target);
    fs::create_dir_all(&parent).map_err(|e| Error::io(&parent, e))?;
    let lock = lock(target)?;
    recover(target)?;
    check_target(target, force)?;
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

    /// Swaps the staging folder in place of the target: one atomic exchange where the
    /// system has it, else the old site moved aside and the new one renamed in (and the
    /// old one put back if that fails). The old site is removed once the new one is in
    /// place. Two steps of the test hook ([`interrupt::step`]): swapped (or moved
    /// aside), and the old site's removal begun.
    pub fn commit(mut self) -> Result<(), Error> {
        let is_dir = self.target.is_dir() && !self.target.is_symlink();
        if is_dir && exchange(&self.dir, &self.target).map_err(|e| Error::io(&self.target, e))? {
            // The staging folder's name now holds the old site: removed as such.
            self.done = true;
            interrupt::step();
            return remove_old(&self.dir);
        }
        let old = sibling(&self.target, &format!("old-{}", std::process::id()));
        if self.target.exists() || self.target.is_symlink() {
            if is_dir {
                fs::rename(&self.target, &old).map_err(|e| Error::io(&self.target, e))?;
            } else {
                // Only reachable with --force: a file (or link) where the site goes.
                fs::remove_file(&self.target).map_err(|e| Error::io(&self.target, e))?;
            }
        }
        interrupt::step();
        if let Err(e) = fs::rename(&self.dir, &self.target) {
            if old.exists() {
                let _ = fs::rename(&old, &self.target);
            }
            return Err(Error::io(&self.target, e));
        }
        self.done = true;
        remove_old(&old)
    }
}

/// Exchanges the folders `a` and `b` atomically; `Ok(false)` where the system or the
/// file system cannot (then nothing changed).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> std::io::Result<bool> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    use rustix::io::Errno;
    match renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(true),
        Err(Errno::INVAL | Errno::NOSYS | Errno::OPNOTSUPP) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> std::io::Result<bool> {
    Ok(false)
}

/// Removes the old site at `old`, if there is one: an entry at a time, the test hook's
/// step after the first (so a test can stop it half done: the next build removes the
/// rest by its name).
fn remove_old(old: &Path) -> Result<(), Error> {
    let entries = match fs::read_dir(old) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            interrupt::step();
            return Ok(());
        }
        Err(e) => return Err(Error::io(old, e)),
    };
    let mut stepped = false;
    for entry in entries {
        let path = entry.map_err(|e| Error::io(old, e))?.path();
        let removed = match path.symlink_metadata() {
            Ok(m) if m.is_dir() => fs::remove_dir_all(&path),
            _ => fs::remove_file(&path),
        };
        removed.map_err(|e| Error::io(&path, e))?;
        if !stepped {
            interrupt::step();
            stepped = true;
        }
    }
    if !stepped {
        interrupt::step();
    }
    fs::remove_dir(old).map_err(|e| Error::io(old, e))
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

/// The staging and old folders that builds of `target` leave when interrupted or
/// killed: `.NAME.knights-new-PID` and `.NAME.knights-old-PID`, real folders (not
/// links). Known by their name alone: a removal cut short may have taken the marker.
fn leftovers(target: &Path) -> Vec<PathBuf> {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.knights-");
    let Ok(entries) = fs::read_dir(parent_of(target)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for e in entries.flatten() {
        let file_name = e.file_name().to_string_lossy().into_owned();
        let Some(tag) = file_name.strip_prefix(&prefix) else {
            continue;
        };
        let pid = tag
            .strip_prefix("new-")
            .or_else(|| tag.strip_prefix("old-"));
        let is_pid = pid.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
        let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
        if is_pid && is_dir {
            out.push(e.path());
        }
    }
    out.sort();
    out
}

/// Removes what interrupted builds left beside `target` (see [`leftovers`]). Called
/// with the lock held: no build that is still running owns them.
fn remove_stale(target: &Path) {
    for p in leftovers(target) {
        let _ = fs::remove_dir_all(&p);
    }
}

/// Puts back the site that a swap by two renames took away: when `target` is gone and
/// an old site (whole, with its marker) waits beside it.
fn recover(target: &Path) -> Result<(), Error> {
    if target.exists() || target.is_symlink() {
        return Ok(());
    }
    let old = leftovers(target).into_iter().find(|p| {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
        name.is_some_and(|n| n.contains(".knights-old-")) && p.join(MARKER).is_file()
    });
    match old {
        Some(old) => fs::rename(&old, target).map_err(|e| Error::io(target, e)),
        None => Ok(()),
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

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }

    /// A swap by two renames stopped between them leaves no site: the next build puts
    /// the old one back before anything else, and removes the staging folder of the
    /// stopped build (whole: it cannot know) and an old site half removed (its marker
    /// already gone), known by their names. Folders of like names that are not a
    /// build's are kept.
    #[test]
    fn the_next_build_restores_the_site_and_removes_leftovers() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("site");
        let s = begin(&out, false).unwrap();
        fs::write(s.dir().join("a.html"), "old").unwrap();
        s.commit().unwrap();
        // Stopped between the renames: the site aside, the new one staged.
        fs::rename(&out, tmp.path().join(".site.knights-old-41")).unwrap();
        fs::create_dir(tmp.path().join(".site.knights-new-41")).unwrap();
        fs::write(tmp.path().join(".site.knights-new-41/a.html"), "new").unwrap();
        // An old site of another stopped build, half removed.
        fs::create_dir_all(tmp.path().join(".site.knights-old-7/tours")).unwrap();
        // Not a build's.
        fs::create_dir(tmp.path().join(".site.knights-old-x")).unwrap();
        fs::create_dir(tmp.path().join(".other.knights-new-3")).unwrap();
        let s = begin(&out, false).unwrap();
        assert_eq!(fs::read_to_string(out.join("a.html")).unwrap(), "old");
        assert!(out.join(MARKER).is_file());
        let pid = std::process::id();
        assert_eq!(
            names(tmp.path()),
            [
                ".other.knights-new-3".to_string(),
                ".site.knights-lock".into(),
                format!(".site.knights-new-{pid}"),
                ".site.knights-old-x".into(),
                "site".into()
            ]
        );
        fs::write(s.dir().join("a.html"), "newer").unwrap();
        s.commit().unwrap();
        assert_eq!(fs::read_to_string(out.join("a.html")).unwrap(), "newer");
        assert_eq!(
            names(tmp.path()),
            [".other.knights-new-3", ".site.knights-old-x", "site"]
        );
    }

    /// The swap in one exchange, where the system has it: the old site ends where the
    /// staging folder was, and is removed.
    #[cfg(target_os = "linux")]
    #[test]
    fn folders_are_exchanged_in_one_step() {
        let tmp = tempfile::tempdir().unwrap();
        let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
        fs::create_dir(&a).unwrap();
        fs::create_dir(&b).unwrap();
        fs::write(a.join("x"), "a").unwrap();
        fs::write(b.join("x"), "b").unwrap();
        if exchange(&a, &b).unwrap() {
            assert_eq!(fs::read_to_string(a.join("x")).unwrap(), "b");
            assert_eq!(fs::read_to_string(b.join("x")).unwrap(), "a");
        }
    }
}
