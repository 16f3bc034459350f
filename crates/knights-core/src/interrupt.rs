//! Cleaning up after an interrupted run: files and folders that are only half written
//! (the temporary file of an atomic write, the staging folder of a gallery build) are
//! tracked here while they exist, and removed when the process gets SIGINT or SIGTERM.
//!
//! A run killed without a chance to clean up (SIGKILL, power loss) still leaves them;
//! the writers remove such stale leftovers of their own on the next run.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// The exit status after an interrupt: 128 + SIGINT, as shells report it.
pub const INTERRUPTED: i32 = 130;

static UNFINISHED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Set by the handler before it removes anything: a writer that then fails because
/// its folder vanished is reporting the interrupt, not a problem of its own.
static SIGNALLED: AtomicBool = AtomicBool::new(false);

/// Held by the handler from before it sets [`SIGNALLED`] until it exits the process.
static CLEANING: Mutex<()> = Mutex::new(());

/// What the running command does on an interrupt before the process exits (a solver
/// run writes the record of what it has learned): at most one, run once.
type LastWords = Box<dyn FnOnce() + Send>;
static LAST_WORDS: Mutex<Option<LastWords>> = Mutex::new(None);

/// Sets what the handler does on SIGINT or SIGTERM before it removes what is
/// unfinished and exits: a long run's command writes what it has so far, so that
/// stopping it loses nothing it has finished. It runs on the handler's thread while
/// the run's own thread goes on (the handler exits the process when it returns), so it
/// must take the run's state under a lock. Replaces the one set before.
pub fn on_interrupt(last_words: impl FnOnce() + Send + 'static) {
    *LAST_WORDS.lock().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(last_words));
}

/// The run finished: nothing more to do on an interrupt.
pub fn clear_on_interrupt() {
    LAST_WORDS.lock().unwrap_or_else(|e| e.into_inner()).take();
}

/// Whether SIGINT or SIGTERM has arrived (the run is being cleaned up and will exit
/// with [`INTERRUPTED`]).
pub fn signalled() -> bool {
    SIGNALLED.load(Ordering::SeqCst)
}

/// `Err` once an interrupt has arrived: each job of a parallel run (a tour, an
/// exhibit, a page of a gallery build) asks before it starts, so that no job begins
/// writing into a folder the handler is removing (its writes would recreate it).
pub fn check() -> Result<(), crate::Error> {
    match signalled() {
        true => Err(crate::Error::Interrupted),
        false => Ok(()),
    }
}

/// Blocks while the handler removes what is unfinished; it then exits the process
/// with [`INTERRUPTED`], so after a signal this does not return.
pub fn wait_for_cleanup() {
    let _cleaning = CLEANING.lock();
}

fn unfinished() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic while holding the lock leaves the list itself intact.
    UNFINISHED.lock().unwrap_or_else(|e| e.into_inner())
}

/// A file or folder being written: removed on an interrupt while this guard lives.
#[derive(Debug)]
pub struct Unfinished(PathBuf);

impl Unfinished {
    /// Starts tracking `path`.
    pub fn track(path: &Path) -> Unfinished {
        unfinished().push(path.to_path_buf());
        Unfinished(path.to_path_buf())
    }
}

impl Drop for Unfinished {
    /// The writer finished (or cleaned up itself): stop tracking.
    fn drop(&mut self) {
        let mut list = unfinished();
        if let Some(i) = list.iter().rposition(|p| *p == self.0) {
            list.swap_remove(i);
        }
    }
}

/// Removes every tracked file and folder (what the signal handler does).
pub fn remove_unfinished() {
    remove_under(Path::new(""));
}

/// Removes the tracked files and folders under `root` and stops tracking them.
fn remove_under(root: &Path) {
    let mut list = unfinished();
    let (gone, kept): (Vec<_>, Vec<_>) = list.drain(..).partition(|p| p.starts_with(root));
    *list = kept;
    drop(list);
    for p in gone {
        remove_until_gone(&p);
    }
}

/// Removes `path`, again while other threads still write into it (a build's workers
/// recreate folders of the staging site until they notice the interrupt): done when it
/// has stayed absent for a few checks, or after about two seconds.
fn remove_until_gone(path: &Path) {
    use std::time::Duration;
    let mut absent = 0;
    for _ in 0..100 {
        match path.symlink_metadata() {
            Err(_) => absent += 1,
            Ok(m) => {
                absent = 0;
                let _ = if m.is_dir() {
                    std::fs::remove_dir_all(path)
                } else {
                    std::fs::remove_file(path)
                };
            }
        }
        if absent == 3 {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The environment variable of the test hook [`step`]: `K` interrupts a run at its
/// K-th step as SIGINT would, `K,kill` ends it there as SIGKILL would (exit 137, no
/// clean-up).
pub const TEST_HOOK: &str = "KNIGHTS_TEST_INTERRUPT";

/// A test hook: the steps of a long run that writes (the phases of a gallery build,
/// in its swap too) each call this, in order, on one thread. When [`TEST_HOOK`]
/// names this step's number the run stops here, as an interrupt or a kill would stop
/// it, so that a test can stop a run at every step and look at what it left.
/// Without the variable it costs one load.
pub fn step() {
    static AT: OnceLock<Option<(usize, bool)>> = OnceLock::new();
    static STEPS: AtomicUsize = AtomicUsize::new(0);
    let at = AT.get_or_init(|| {
        let value = std::env::var(TEST_HOOK).ok()?;
        let (k, kill) = match value.strip_suffix(",kill") {
            Some(k) => (k, true),
            None => (value.as_str(), false),
        };
        Some((k.parse().ok()?, kill))
    });
    let Some((k, kill)) = *at else { return };
    if STEPS.fetch_add(1, Ordering::SeqCst) + 1 != k {
        return;
    }
    if kill {
        std::process::exit(137);
    }
    clean_up_and_exit();
}

/// What the handler does on SIGINT or SIGTERM: the running command's last words
/// ([`on_interrupt`]), then remove what is unfinished and exit with
/// [`INTERRUPTED`].
fn clean_up_and_exit() -> ! {
    let _cleaning = CLEANING.lock();
    SIGNALLED.store(true, Ordering::SeqCst);
    let last_words = LAST_WORDS.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(last_words) = last_words {
        last_words();
    }
    remove_unfinished();
    std::process::exit(INTERRUPTED);
}

/// Installs the handler: on SIGINT or SIGTERM, remove what is unfinished and exit with
/// [`INTERRUPTED`]. Call once, at the start of `main`. (Not in a WebAssembly module,
/// which has no signals.)
#[cfg(not(target_family = "wasm"))]
pub fn clean_up_on_signals() -> Result<(), ctrlc::Error> {
    ctrlc::set_handler(|| clean_up_and_exit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracked_paths_are_removed_and_finished_ones_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let (file, folder, done) = (
            dir.path().join("f.tmp"),
            dir.path().join("stage"),
            dir.path().join("done"),
        );
        std::fs::write(&file, "half").unwrap();
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(folder.join("a.html"), "a").unwrap();
        std::fs::write(&done, "whole").unwrap();
        let _f = Unfinished::track(&file);
        let _d = Unfinished::track(&folder);
        drop(Unfinished::track(&done));
        remove_under(dir.path()); // not the files of other tests running alongside
        assert!(!file.exists() && !folder.exists());
        assert!(done.exists(), "a finished file is not touched");
    }
}
