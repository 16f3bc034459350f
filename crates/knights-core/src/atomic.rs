//! Writing output files so that a failure never leaves a truncated file where a good one
//! was. A regular file (or a new one) is written to a temporary file in the same folder
//! and renamed over the target only when complete; the temporary file has a short random
//! name and is created exclusively (the `tempfile` crate), so nobody can plant a link in
//! its place. The replacement keeps the target's permissions, and a target that is a
//! symbolic link stays one: the file it points to is replaced.
//!
//! What cannot be renamed over is written in place: `-` is standard output, and an
//! existing device, FIFO or socket (`/dev/null`, `/dev/stdout`) is opened and written.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::interrupt::Unfinished;
use crate::Error;

/// Temporary files are named `.knights-XXXXXX.tmp`, whatever the target's name.
const TEMP_PREFIX: &str = ".knights-";
const TEMP_SUFFIX: &str = ".tmp";

/// How old an unlocked temporary file must be to count as a killed run's: a writer
/// creates its file and only then locks it, so a fresh unlocked one may be another
/// run's about to be locked (two renders into one folder at once lost their files
/// to each other's cleanup).
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(60);

/// How many links a target may go through before we give up (as the kernel does).
const MAX_LINKS: usize = 40;

/// Where the bytes for a path go.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    /// `-`: standard output.
    Stdout,
    /// An existing file that is not a regular one: written in place.
    InPlace,
    /// A regular file, existing or not, at this path (links followed): replaced.
    Replace(PathBuf),
}

/// Writes `path` by calling `fill` on a buffered writer (see the module documentation
/// for where the bytes go). On any error a regular target is left untouched.
pub fn write_with<F>(path: &Path, fill: F) -> Result<(), Error>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    match target(path)? {
        Target::Stdout => {
            let mut out = BufWriter::new(io::stdout().lock());
            fill(&mut out)
                .and_then(|_| out.flush())
                .map_err(|e| Error::io("standard output", e))
        }
        Target::InPlace => {
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| Error::io(path, e))?;
            let mut out = BufWriter::new(file);
            fill(&mut out)
                .and_then(|_| out.flush())
                .map_err(|e| Error::io(path, e))
        }
        Target::Replace(real) => replace(&real, fill).map_err(|e| Error::io(path, e)),
    }
}

/// Writes `bytes` to `path` (see [`write_with`]).
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_with(path, |out| out.write_all(bytes))
}

/// Refuses, before any work, a `path` that [`write_with`] could not write because its
/// folder is missing or is not a folder, or because it is a folder itself: the error
/// names `path` as the user wrote it.
pub fn check_folder(path: &Path) -> Result<(), Error> {
    if path == Path::new("-") {
        return Ok(());
    }
    if path.is_dir() {
        return Err(Error::Folder { path: path.into() });
    }
    let folder = folder_of(path);
    match fs::metadata(&folder) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(Error::io(
            path,
            io::Error::other(format!("{} is not a folder", folder.display())),
        )),
        Err(e) => Err(Error::io(path, e)),
    }
}

/// Decides how `path` is written.
fn target(path: &Path) -> Result<Target, Error> {
    if path == Path::new("-") {
        return Ok(Target::Stdout);
    }
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(Error::Folder { path: path.into() }),
        // The kernel's own links (/dev/stdout, /proc/self/fd/N) may name a pipe or a
        // deleted file: such paths are written through, never replaced.
        Ok(m) if m.is_file() && !is_system_path(path) => Ok(Target::Replace(
            follow_links(path).map_err(|e| Error::io(path, e))?,
        )),
        Ok(_) => Ok(Target::InPlace),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            // A new file, or a link to a file that does not exist yet.
            Ok(Target::Replace(
                follow_links(path).map_err(|e| Error::io(path, e))?,
            ))
        }
        Err(e) => Err(Error::io(path, e)),
    }
}

fn is_system_path(path: &Path) -> bool {
    path.starts_with("/dev") || path.starts_with("/proc")
}

/// `path` with its symbolic links followed, up to the first name that is not a link
/// (which need not exist).
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&p)?;
                p = folder_of(&p).join(to); // an absolute link replaces the whole path
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// The folder holding `path` (`.` for a bare file name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Writes a temporary file beside `real` and renames it over `real`.
fn replace<F>(real: &Path, fill: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let folder = folder_of(real);
    remove_stale(&folder);
    let old = fs::metadata(real).ok().map(|m| m.permissions());
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMP_PREFIX).suffix(TEMP_SUFFIX);
    #[cfg(unix)]
    if old.is_none() {
        // What a plain create gives (0666 less the umask), not tempfile's private 0600.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    // tempfile's errors name the temporary file, which the user never asked for: the
    // caller names the target.
    let tmp = builder.tempfile_in(&folder).map_err(without_path)?;
    let _unfinished = Unfinished::track(tmp.path());
    // The lock tells the next run that this file is still being written. Filesystems
    // without locks only lose the stale-file cleanup.
    let _ = tmp.as_file().try_lock();
    let mut out = BufWriter::new(tmp.as_file());
    fill(&mut out)?;
    out.flush()?;
    drop(out);
    if let Some(perms) = old {
        fs::set_permissions(tmp.path(), perms)?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(real).map_err(|e| e.error)?;
    Ok(())
}

/// `e` without the ` at path "..."` tempfile adds to its message (its error type is
/// private, and keeps the system's error only as text).
fn without_path(e: io::Error) -> io::Error {
    let text = e.to_string();
    match text.split_once(" at path \"") {
        Some((said, _)) => io::Error::new(e.kind(), said.to_string()),
        None => e,
    }
}

/// Removes the temporary files that killed runs left in `folder`: ours by name, and
/// stale because nobody holds their lock and nobody has written them for
/// [`STALE_AFTER`].
fn remove_stale(folder: &Path) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let ours = name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX);
        if !ours || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let age = entry.metadata().and_then(|m| m.modified()).ok();
        if age
            .and_then(|t| t.elapsed().ok())
            .is_none_or(|a| a < STALE_AFTER)
        {
            continue;
        }
        let path = entry.path();
        if File::open(&path).is_ok_and(|f| f.try_lock().is_ok()) {
            let _ = fs::remove_file(&path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.txt");
        write_bytes(&p, b"good").unwrap();
        let r = write_with(&p, |out| {
            out.write_all(b"half")?;
            Err(io::Error::other("stopped"))
        });
        assert_eq!(
            r.unwrap_err().to_string(),
            format!("{}: stopped", p.display())
        );
        assert_eq!(fs::read(&p).unwrap(), b"good");
        assert_eq!(names(dir.path()), ["a.txt"]);
    }

    #[test]
    fn an_unwritable_folder_is_an_error_naming_the_file() {
        let e = write_bytes(Path::new("/nonexistent/dir/x.json"), b"x").unwrap_err();
        assert!(
            e.to_string().starts_with("/nonexistent/dir/x.json: "),
            "{e}"
        );
    }

    /// Issue 39, case 14: `stats --plot /nodir/x.svg` found the missing folder only
    /// after sampling, and named the temporary file.
    #[test]
    fn a_missing_folder_is_found_before_work_and_named_by_the_target() {
        let p = Path::new("/nonexistent/dir/x.svg");
        let e = check_folder(p).unwrap_err().to_string();
        assert_eq!(
            e,
            "/nonexistent/dir/x.svg: No such file or directory (os error 2)"
        );
        let e = write_bytes(p, b"x").unwrap_err().to_string();
        assert_eq!(
            e,
            "/nonexistent/dir/x.svg: No such file or directory (os error 2)"
        );
        let dir = tempfile::tempdir().unwrap();
        check_folder(&dir.path().join("x.svg")).unwrap();
        check_folder(Path::new("x.svg")).unwrap();
        check_folder(Path::new("-")).unwrap();
        assert!(check_folder(dir.path()).is_err());
        let file = dir.path().join("f");
        fs::write(&file, b"").unwrap();
        let e = check_folder(&file.join("x.svg")).unwrap_err().to_string();
        assert!(e.ends_with("/f is not a folder"), "{e}");
    }

    #[test]
    fn what_cannot_be_replaced_is_written_in_place() {
        assert_eq!(target(Path::new("-")).unwrap(), Target::Stdout);
        assert_eq!(target(Path::new("/dev/null")).unwrap(), Target::InPlace);
        write_bytes(Path::new("/dev/null"), b"gone").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let e = write_bytes(dir.path(), b"x").unwrap_err().to_string();
        assert!(e.ends_with("is a folder, not a file"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions_and_its_link() {
        use std::os::unix::fs::{symlink, PermissionsExt};
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.json");
        fs::write(&real, "old").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("link.json");
        symlink("real.json", &link).unwrap();
        write_bytes(&link, b"new").unwrap();
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"new");
        let mode = fs::metadata(&real).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        // A dangling link gets its file created.
        let dangling = dir.path().join("later.json");
        symlink("made.json", &dangling).unwrap();
        write_bytes(&dangling, b"made").unwrap();
        assert_eq!(fs::read(dir.path().join("made.json")).unwrap(), b"made");
        assert_eq!(
            names(dir.path()),
            ["later.json", "link.json", "made.json", "real.json"]
        );
    }

    #[test]
    fn a_long_file_name_is_not_made_longer() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join(format!("{}.json", "a".repeat(245 - 5)));
        write_bytes(&p, b"{}").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"{}");
    }

    #[test]
    fn stale_temporary_files_are_removed_but_live_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let stale = dir.path().join(".knights-abc123.tmp");
        let live = dir.path().join(".knights-def456.tmp");
        let other = dir.path().join(".other.tmp");
        // Just made, not yet locked: another run's, about to be.
        let fresh = dir.path().join(".knights-ghi789.tmp");
        let past = std::time::SystemTime::now() - STALE_AFTER * 2;
        for p in [&stale, &live, &other, &fresh] {
            fs::write(p, "half").unwrap();
            if p != &fresh {
                File::options()
                    .write(true)
                    .open(p)
                    .unwrap()
                    .set_modified(past)
                    .unwrap();
            }
        }
        let held = File::open(&live).unwrap();
        held.try_lock().unwrap();
        write_bytes(&dir.path().join("t.json"), b"{}").unwrap();
        assert!(!stale.exists(), "left by a killed run: removed");
        assert!(live.exists() && other.exists() && fresh.exists());
    }
}
