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
//! The HTTP side is our own small loop on std's listener ([`crate::http`] reads the
//! requests): each connection gets a thread, answers one request and is closed.

use std::fs;
use std::net::TcpListener;
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, SystemTime};

use notify::{RecommendedWatcher, RecursiveMode, Watcher};

use crate::error::SiteError;
use crate::http::{self, Reply};
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
    let respond = move |method: &str, target: &str| answer(method, target, &root, &state);
    http::serve(&listener, opts.stop_after, respond);
    Ok(())
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

// Answering requests.

fn reply(status: u16, kind: &str, body: Vec<u8>) -> Reply {
    Reply::new(status, body)
        .with_header("Content-Type", kind)
        .with_header("Cache-Control", "no-store")
}

/// The response to `method url`: a file of the site under `root` (HTML with the reload
/// script), the build's version, or an error status.
fn answer(method: &str, url: &str, root: &Path, state: &Mutex<State>) -> Reply {
    if !matches!(method, "GET" | "HEAD") {
        let text = b"only GET and HEAD\n".to_vec();
        return reply(405, "text/plain; charset=utf-8", text).with_header("Allow", "GET, HEAD");
    }
    let path = url.split(['?', '#']).next().unwrap_or("/");
    if path == VERSION_PATH {
        let s = lock(state);
        let json = serde_json::json!({ "version": s.version, "error": s.error });
        return reply(200, "application/json", json.to_string().into_bytes());
    }
    let not_found = || {
        reply(
            404,
            "text/plain; charset=utf-8",
            format!("not found: {path}\n").into_bytes(),
        )
    };
    let Some(file) = local_path(root, path).and_then(|f| inside(root, &f)) else {
        return not_found();
    };
    if file.is_dir() {
        if !path.ends_with('/') {
            // Relative links in the folder's index page need the slash. One leading
            // slash only: `//tours/` would be an address on another host.
            let to = format!("/{}/", path.trim_start_matches('/'));
            return reply(301, "text/plain; charset=utf-8", Vec::new())
                .with_header("Location", &to);
        }
        return answer(method, &format!("{path}index.html"), root, state);
    }
    if !file.is_file() {
        return not_found(); // a device, a pipe, a socket: only regular files are served
    }
    let Ok(bytes) = fs::read(&file) else {
        return not_found();
    };
    let kind = content_type(&file);
    if kind.starts_with("text/html") {
        let version = lock(state).version;
        return reply(200, kind, with_reload_script(bytes, version));
    }
    reply(200, kind, bytes)
}

/// The file under `root` that the URL path `path` names, or `None` when it is not a
/// path under `root` (`..`, a drive, bytes that are not UTF-8).
fn local_path(root: &Path, path: &str) -> Option<PathBuf> {
    let decoded = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .ok()?;
    let mut out = root.to_path_buf();
    for part in decoded.split('/') {
        let part = Path::new(part);
        match part.components().next() {
            None => {}
            Some(Component::Normal(_)) if part.components().count() == 1 => out.push(part),
            Some(Component::CurDir) => {}
            _ => return None,
        }
    }
    Some(out)
}

/// `file` with its links followed, when that lies inside `root` (its links followed
/// too): a link that leads out of the site is refused like a path that climbs out of it.
fn inside(root: &Path, file: &Path) -> Option<PathBuf> {
    let real = file.canonicalize().ok()?;
    real.starts_with(root.canonicalize().ok()?).then_some(real)
}

/// The script that reloads a page when a newer build is served, and shows the error
/// of a failed one.
fn reload_script(version: u64) -> String {
    format!(
        r#"<script>/* added by knights serve, not part of the site */
(function () {{
  var built = {version}, banner = null;
  function show(error) {{
    if (!banner) {{
      banner = document.createElement("pre");
      banner.style.cssText = "position:fixed;left:0;right:0;bottom:0;margin:0;padding:1em;" +
        "background:#fdecea;color:#611a15;border-top:3px solid #c62828;white-space:pre-wrap;z-index:9999";
      document.body.appendChild(banner);
    }}
    banner.textContent = "The last build failed (the page shows the one before):\n" + error;
  }}
  function poll() {{
    fetch("{VERSION_PATH}", {{ cache: "no-store" }})
      .then(function (r) {{ return r.json(); }})
      .then(function (s) {{
        if (s.version !== built) location.reload();
        else if (s.error) show(s.error);
        else if (banner) {{ banner.remove(); banner = null; }}
      }})
      .catch(function () {{}})
      .then(function () {{ setTimeout(poll, 1000); }});
  }}
  setTimeout(poll, 1000);
}})();
</script>
"#
    )
}

/// `html` with the reload script before its closing body tag (or at its end).
fn with_reload_script(mut html: Vec<u8>, version: u64) -> Vec<u8> {
    let script = reload_script(version);
    let at = html
        .windows(7)
        .rposition(|w| w.eq_ignore_ascii_case(b"</body>"))
        .unwrap_or(html.len());
    html.splice(at..at, script.into_bytes());
    html
}

/// The media type of a file of the site, by its extension.
fn content_type(path: &Path) -> &'static str {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "gif" => "image/gif",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "pdf" => "application/pdf",
        "csv" => "text/csv; charset=utf-8",
        "xml" => "application/xml",
        "md" => "text/markdown; charset=utf-8",
        "woff2" => "font/woff2",
        "wasm" => "application/wasm",
        "txt" | "" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_paths_stay_under_the_root() {
        let root = Path::new("/srv/site");
        assert_eq!(local_path(root, "/"), Some(root.to_path_buf()));
        assert_eq!(
            local_path(root, "/tours/8x8%20a.html"),
            Some(root.join("tours/8x8 a.html"))
        );
        assert_eq!(
            local_path(root, "/./static//style.css"),
            Some(root.join("static/style.css"))
        );
        for bad in [
            "/../etc/passwd",
            "/tours/%2e%2e/%2e%2e/x",
            "/a/..%2F..%2Fb",
            "/%ff",
        ] {
            assert_eq!(local_path(root, bad), None, "{bad}");
        }
    }

    /// Links are followed only where they stay inside the site: a link to a file or
    /// a folder outside it is not found, one to a page inside it is served.
    #[cfg(unix)]
    #[test]
    fn links_out_of_the_site_are_not_followed() {
        use std::os::unix::fs::symlink;
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("secret.txt"), "secret").unwrap();
        let site = tempfile::tempdir().unwrap();
        fs::write(site.path().join("index.html"), "<body>hi</body>").unwrap();
        symlink(
            outside.path().join("secret.txt"),
            site.path().join("passwd.txt"),
        )
        .unwrap();
        symlink(outside.path(), site.path().join("linkdir")).unwrap();
        symlink(
            site.path().join("index.html"),
            site.path().join("home.html"),
        )
        .unwrap();
        let state = Mutex::new(State {
            version: 1,
            error: None,
        });
        let get = |url: &str| answer("GET", url, site.path(), &state).status;
        assert_eq!(get("/passwd.txt"), 404);
        assert_eq!(get("/linkdir/secret.txt"), 404);
        assert_eq!(get("/linkdir/"), 404);
        assert_eq!(get("/home.html"), 200, "a link inside the site is served");
        assert_eq!(get("/index.html"), 200);
    }

    #[test]
    fn the_script_goes_before_the_closing_body_tag() {
        let html = with_reload_script(b"<html><body>x</body></html>".to_vec(), 7);
        let html = String::from_utf8(html).unwrap();
        assert!(html.starts_with("<html><body>x<script>"), "{html}");
        assert!(html.ends_with("</script>\n</body></html>"), "{html}");
        assert!(html.contains("var built = 7,"));
        let bare = String::from_utf8(with_reload_script(b"<p>x".to_vec(), 1)).unwrap();
        assert!(bare.starts_with("<p>x<script>"));
    }

    #[test]
    fn answers_files_versions_and_errors() {
        let tmp = tempfile::tempdir().unwrap();
        fs::create_dir(tmp.path().join("tours")).unwrap();
        fs::write(tmp.path().join("index.html"), "<body>hi</body>").unwrap();
        fs::write(tmp.path().join("tours/a.svg"), "<svg/>").unwrap();
        let state = Mutex::new(State {
            version: 3,
            error: Some("bad".into()),
        });
        let get = |url: &str| answer("GET", url, tmp.path(), &state).status;
        assert_eq!(get("/"), 200);
        assert_eq!(get("/index.html?x=1"), 200);
        assert_eq!(get("/tours/a.svg"), 200);
        assert_eq!(get("/tours"), 301);
        for asked in ["/tours", "//tours", "///tours"] {
            let r = answer("GET", asked, tmp.path(), &state);
            assert_eq!(r.header("location"), Some("/tours/"), "{asked}");
        }
        assert_eq!(get("/tours/"), 404, "no index.html there");
        assert_eq!(get("/missing.html"), 404);
        assert_eq!(get("/../x"), 404);
        assert_eq!(get(VERSION_PATH), 200);
        assert_eq!(answer("POST", "/", tmp.path(), &state).status, 405);
        assert_eq!(
            content_type(Path::new("CNAME")),
            "text/plain; charset=utf-8"
        );
        assert_eq!(content_type(Path::new("a.SVG")), "image/svg+xml");
    }
}
