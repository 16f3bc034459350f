//! The answer to a request: a file of the site (an HTML page with the reload script
//! added), the build's version, or an error status. Paths are decoded, kept under the
//! site's folder (links that lead out of it are not followed), and only regular files
//! are served, opened once and streamed.

use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

use knights_core::files::Opened;

use super::reload::{reload_script, WithScript};
use super::{lock, State, VERSION_PATH};
use crate::http::Reply;

fn reply(status: u16, kind: &str, body: Vec<u8>) -> Reply {
    Reply::new(status, body)
        .with_header("Content-Type", kind)
        .with_header("Cache-Control", "no-store")
}

/// The response to `method url`: a file of the site under `root` (HTML with the reload
/// script), the build's version, or an error status.
pub fn answer(method: &str, url: &str, root: &Path, state: &Mutex<State>) -> Reply {
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
    // Only regular files are served (not a device, a pipe, a socket), opened once and
    // streamed: a HEAD reads nothing.
    let Ok(Opened { file: open, len }) = knights_core::files::open(&file) else {
        return not_found();
    };
    let kind = content_type(&file);
    let body = if kind.starts_with("text/html") {
        let page = WithScript::new(open, len, reload_script(lock(state).version));
        Reply::stream(200, page.len(), Box::new(page))
    } else {
        Reply::stream(200, len, Box::new(open))
    };
    body.with_header("Content-Type", kind)
        .with_header("Cache-Control", "no-store")
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
    use std::fs;

    /// A file of a gigabyte is answered open, not read: the reply holds its length
    /// and a handle. A page gets the reload script, counted in its length.
    #[test]
    fn files_are_streamed_not_read() {
        let tmp = tempfile::tempdir().unwrap();
        let big = fs::File::create(tmp.path().join("big.bin")).unwrap();
        big.set_len(1 << 30).unwrap(); // sparse: no gigabyte is written or read
        fs::write(tmp.path().join("a.html"), "<body>hi</body>").unwrap();
        let state = Mutex::new(State {
            version: 4,
            error: None,
        });
        let r = answer("HEAD", "/big.bin", tmp.path(), &state);
        assert_eq!((r.status, r.len()), (200, 1 << 30));
        let page = answer("GET", "/a.html", tmp.path(), &state);
        let len = page.len();
        let body = String::from_utf8(page.into_body()).unwrap();
        assert_eq!(body.len() as u64, len);
        assert!(body.starts_with("<body>hi<script>") && body.contains("var built = 4,"));
    }

    /// A pipe in the site is not a file: not found, at once (opening it would wait
    /// for a writer).
    #[cfg(unix)]
    #[test]
    fn pipes_are_not_served() {
        let tmp = tempfile::tempdir().unwrap();
        let fifo = tmp.path().join("pipe.html");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return;
        }
        let state = Mutex::new(State::default());
        assert_eq!(answer("GET", "/pipe.html", tmp.path(), &state).status, 404);
    }

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
