//! `knights serve`: builds the site, serves it on the loopback interface, watches what
//! the build reads (the content folder, the template overrides, a theme file) and
//! builds again when any of it changes, through the build cache, so only the changed
//! tours are drawn again. It holds one [`Site`] for all of it: loaded once, reloaded
//! and built again on each change, with the same worker threads. Open pages reload themselves: every HTML page this server
//! sends (never a file of the site) ends with a small script that asks
//! [`VERSION_PATH`] once a second which build it is, reloads when a newer one is in
//! place, and shows the error of a failed one.
//!
//! A failed rebuild leaves the previous site in place (the build is atomic) and served.
//! An interrupt (Ctrl-C) ends the process through [`knights_core::interrupt`], which removes
//! the staging folder of a build in progress.
//!
//! The HTTP side is our own small server ([`crate::http`]: one thread polls the
//! connections, a bounded pool of workers answers); [`answer`] says what each request
//! gets.

mod answer;
mod reload;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, SystemTime};

use notify::{RecommendedWatcher, RecursiveMode, Watcher};

use crate::error::SiteError;
use crate::http;
use crate::options::BuildOptions;
use crate::site::Site;
use knights_core::Error;

/// Where the injected script asks for the current build.
pub const VERSION_PATH: &str = "/.knights/version";

/// How long a burst of file events (an editor's save) may take before the rebuild.
const SETTLE: Duration = Duration::from_millis(200);

/// What `knights serve` was asked to do.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The build (its `out` is the folder served).
    pub build: BuildOptions,
    /// The port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// Stop after answering this many requests (for tests); none: until interrupted.
    /// Each connection carries one request, so this counts connections.
    pub stop_after: Option<u64>,
}

/// The served build: its number (from 1, raised by every successful rebuild) and the
/// error of the last rebuild if it failed.
#[derive(Debug, Default)]
struct State {
    version: u64,
    error: Option<String>,
}

type Shared = Arc<Mutex<State>>;

fn lock(state: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|e| e.into_inner())
}

/// Builds, then serves and rebuilds until interrupted (or `stop_after` requests).
pub fn serve(opts: &ServeOptions) -> Result<(), Error> {
    let listener =
        TcpListener::bind(("127.0.0.1", opts.port)).map_err(|source| SiteError::Port {
            port: opts.port,
            source,
        })?;
    let addr = listener
        .local_addr()
        .map_err(|e| Error::internal(format!("the server has no address: {e}")))?;
    // The port is taken first, so a busy one is refused before the build.
    let site = Site::load(opts.build.clone())?;
    let summary = site.build()?;
    for w in &summary.warnings {
        eprintln!("knights: warning: {w}");
    }
    eprintln!("{summary}");
    let state: Shared = Arc::new(Mutex::new(State {
        version: 1,
        error: None,
    }));
    let _watcher = watch(site, Arc::clone(&state))?;
    eprintln!(
        "serving {} at http://{addr}/ and rebuilding when {} changes (Ctrl-C stops)",
        opts.build.out.display(),
        opts.build.content.display()
    );
    let root = opts.build.out.clone();
    let respond = move |method: &str, target: &str| answer::answer(method, target, &root, &state);
    http::serve(&listener, opts.stop_after, respond)
        .map_err(|e| Error::internal(format!("the server stopped: {e}")))
}

// Watching and rebuilding.

/// Starts watching the inputs of `site`, and a thread that holds it and rebuilds it
/// when they change. The thread ends when the returned watcher is dropped.
fn watch(site: Site, state: Shared) -> Result<Arc<Mutex<RecommendedWatcher>>, Error> {
    // Stamped before watching and before the server starts: a change made once the
    // server answers is always newer than this.
    let last = stamp(&site.inputs(), &site.options().out);
    let (tx, rx) = mpsc::channel();
    let watcher = notify::recommended_watcher(tx)
        .map_err(|source| SiteError::Watch { path: None, source })?;
    let watcher = Arc::new(Mutex::new(watcher));
    let mut watched = Vec::new();
    add_watches(&watcher, &site.inputs(), &mut watched)?;
    let weak = Arc::downgrade(&watcher);
    std::thread::spawn(move || rebuild_loop(site, &rx, &state, &weak, watched, last));
    Ok(watcher)
}

/// Watches each input not yet in `watched`: a folder with everything in it, a file
/// through its folder (editors often save by replacing the file).
fn add_watches(
    watcher: &Mutex<RecommendedWatcher>,
    inputs: &[PathBuf],
    watched: &mut Vec<PathBuf>,
) -> Result<(), Error> {
    let mut w = watcher.lock().unwrap_or_else(|e| e.into_inner());
    for input in inputs {
        let (path, mode) = if input.is_dir() {
            (input.clone(), RecursiveMode::Recursive)
        } else {
            match input.parent() {
                Some(p) if !p.as_os_str().is_empty() => {
                    (p.to_path_buf(), RecursiveMode::NonRecursive)
                }
                _ => (PathBuf::from("."), RecursiveMode::NonRecursive),
            }
        };
        if watched.contains(&path) || !path.exists() {
            continue;
        }
        w.watch(&path, mode).map_err(|source| SiteError::Watch {
            path: Some(path.clone()),
            source,
        })?;
        watched.push(path);
    }
    Ok(())
}

/// Waits for changes to the inputs of `site`, and reloads and builds it again after
/// each burst of them; ends when the watcher is gone.
fn rebuild_loop(
    mut site: Site,
    events: &Receiver<notify::Result<notify::Event>>,
    state: &Mutex<State>,
    watcher: &Weak<Mutex<RecommendedWatcher>>,
    mut watched: Vec<PathBuf>,
    mut last: Vec<Stamp>,
) {
    while events.recv().is_ok() {
        while events.recv_timeout(SETTLE).is_ok() {}
        let now = stamp(&site.inputs(), &site.options().out);
        if now == last {
            continue; // reads, or our own writes: nothing the build depends on
        }
        last = now;
        eprintln!("a change: building again");
        rebuild(&mut site, state);
        let Some(watcher) = watcher.upgrade() else {
            return;
        };
        if let Err(e) = add_watches(&watcher, &site.inputs(), &mut watched) {
            eprintln!("knights: warning: {e}");
        }
    }
}

/// Reloads `site` and builds it, publishing the new build's version or its error.
fn rebuild(site: &mut Site, state: &Mutex<State>) {
    match site.reload().and_then(|()| site.build()) {
        Ok(summary) => {
            eprintln!("{summary}");
            let mut s = lock(state);
            s.version += 1;
            s.error = None;
        }
        Err(e) => {
            eprintln!("knights: {e} (still serving the previous build)");
            lock(state).error = Some(e.to_string());
        }
    }
}

/// A file's path, size and modification time.
type Stamp = (PathBuf, u64, Option<SystemTime>);

/// The files under `inputs` (hidden ones and the site itself left out, should it lie
/// among them) with their sizes and modification times: equal stamps, nothing to
/// build again.
fn stamp(inputs: &[PathBuf], site: &Path) -> Vec<Stamp> {
    let site = site.canonicalize().ok();
    let keep = |e: &walkdir::DirEntry| {
        e.depth() == 0
            || !(e.file_name().to_string_lossy().starts_with('.')
                || e.file_type().is_dir() && e.path().canonicalize().ok() == site)
    };
    let mut out = Vec::new();
    for input in inputs {
        let walk = walkdir::WalkDir::new(input)
            .follow_links(true)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(keep);
        for e in walk.flatten() {
            if let Ok(m) = e.metadata() {
                if m.is_file() {
                    out.push((e.into_path(), m.len(), m.modified().ok()));
                }
            }
        }
    }
    out
}
