//! Publishing with an installed binary: `knights init` writes a site that
//! `knights build` turns into verified tours with the built-in templates, and
//! `knights serve` serves it on a loopback port, rebuilding when the content changes.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::run::{knights_in as knights, refused, stderr};

#[test]
fn init_then_build_publishes_verified_tours_without_the_repository() {
    let tmp = tempfile::tempdir().unwrap();
    let o = knights(tmp.path(), &["init", "tours"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("knights build"), "{}", stderr(&o));
    let site = tmp.path().join("tours");
    assert!(!site.join("content/templates").exists());

    // Built from the new folder with no --templates: the built-in ones.
    let o = knights(&site, &["build", "--jobs", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = site.join("site");
    for page in [
        "index.html",
        "metrics.html",
        "pages/about.html",
        "static/style.css",
    ] {
        assert!(out.join(page).is_file(), "{page}");
    }
    let tours: Vec<_> = fs::read_dir(out.join("files"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert_eq!(tours.len(), 3, "{tours:?}");
    for tour in &tours {
        let o = knights(&site, &["verify", tour.to_str().unwrap()]);
        assert!(o.status.success(), "{}: {}", tour.display(), stderr(&o));
    }
    assert_eq!(
        fs::read(out.join("robots.txt")).unwrap(),
        fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("crates/knights-site/starter/static/robots.txt")
        )
        .unwrap()
    );

    // The explorer is in: its page, linked from the header.
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(out.join("explore.html").is_file() && index.contains("href=\"explore.html\""));
    // `[site] explorer = false` leaves it out: no page, no header link, no module.
    let catalogue = site.join("content/catalogue.toml");
    let toml = fs::read_to_string(&catalogue).unwrap();
    fs::write(
        &catalogue,
        toml.replacen("[site]\n", "[site]\nexplorer = false\n", 1),
    )
    .unwrap();
    let o = knights(&site, &["build", "--jobs", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(!index.contains("explore.html"), "{index}");
    assert!(!out.join("explore.html").exists() && !out.join("explore").exists());
    assert!(out.join("pages/about.html").is_file());

    // A folder with something in it is refused, and left as it was.
    let o = knights(tmp.path(), &["init", "tours"]);
    refused(&o, "it is not empty");
    assert!(out.join("index.html").is_file());
}

#[test]
fn init_with_templates_writes_templates_the_build_uses() {
    let tmp = tempfile::tempdir().unwrap();
    let o = knights(tmp.path(), &["init", "t", "--templates"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let page = tmp.path().join("t/content/templates/page.html");
    let text = fs::read_to_string(&page).unwrap();
    fs::write(
        &page,
        text.replace("<article", "<p>EDITED TEMPLATE</p><article"),
    )
    .unwrap();
    let o = knights(&tmp.path().join("t"), &["build", "--jobs", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let about = fs::read_to_string(tmp.path().join("t/site/pages/about.html")).unwrap();
    assert!(about.contains("EDITED TEMPLATE"), "{about}");
}

/// A running `knights serve`, killed if the test ends early; its standard error is
/// collected as it comes.
struct Served {
    child: std::process::Child,
    log: std::sync::Arc<std::sync::Mutex<String>>,
    port: u16,
}

impl Served {
    fn start(dir: &Path, args: &[&str]) -> Served {
        use std::io::BufRead;
        let mut child = Command::new(env!("CARGO_BIN_EXE_knights"))
            .current_dir(dir)
            .args(["serve", "--port", "0", "--jobs", "2"])
            .args(args)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("knights serve starts");
        let log = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        let lines = std::io::BufReader::new(child.stderr.take().unwrap());
        let sink = log.clone();
        std::thread::spawn(move || {
            for line in lines.lines().map_while(Result::ok) {
                if let Some(at) = line.find("http://127.0.0.1:") {
                    let port = &line[at + 17..];
                    let _ = tx.send(port[..port.find('/').unwrap()].parse::<u16>().unwrap());
                }
                sink.lock().unwrap().push_str(&format!("{line}\n"));
            }
        });
        let port = rx
            .recv_timeout(std::time::Duration::from_secs(600))
            .unwrap_or_else(|_| panic!("serve did not start: {}", log.lock().unwrap()));
        Served { child, log, port }
    }

    /// `GET path`: the status and the body.
    fn get(&self, path: &str) -> (u16, Vec<u8>) {
        use std::io::{Read, Write};
        let mut s = std::net::TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).unwrap();
        let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let head = String::from_utf8_lossy(&raw[..split]).into_owned();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        (status, raw[split + 4..].to_vec())
    }

    fn text(&self, path: &str) -> String {
        let (status, body) = self.get(path);
        assert_eq!(status, 200, "{path}");
        String::from_utf8(body).unwrap()
    }

    /// The log once it holds `line` (polled for up to a minute).
    fn log_with(&self, line: &str) -> String {
        for _ in 0..600 {
            let log = self.log.lock().unwrap().clone();
            if log.contains(line) {
                return log;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("no '{line}' in the log: {}", self.log.lock().unwrap());
    }

    /// The served build's state, once `done` accepts it (polled for up to a minute).
    fn wait_for(&self, done: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
        for _ in 0..600 {
            let v: serde_json::Value =
                serde_json::from_str(&self.text("/.knights/version")).unwrap();
            if done(&v) {
                return v;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("no such build came: {}", self.log.lock().unwrap());
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn serve_serves_the_site_rebuilds_on_a_change_and_reloads_the_page() {
    let tmp = tempfile::tempdir().unwrap();
    assert!(knights(tmp.path(), &["init", "s"]).status.success());
    let dir = tmp.path().join("s");
    let served = Served::start(&dir, &["--stop-after", "5000"]);

    // A page, with the reload script that is never part of the built file.
    let index = served.text("/");
    let script = "added by knights serve";
    assert!(index.contains(script) && index.contains("</script>\n</body>"));
    let built = fs::read_to_string(dir.join("site/index.html")).unwrap();
    assert!(!built.contains(script));
    assert_eq!(
        index.replace(
            &index[index.find("<script>").unwrap()..index.find("</body>").unwrap()],
            ""
        ),
        built
    );
    // A static file, as it is.
    let css = served.get("/static/style.css");
    assert_eq!(css.0, 200);
    assert_eq!(css.1, fs::read(dir.join("site/static/style.css")).unwrap());
    assert_eq!(served.get("/nothing-here.html").0, 404);
    assert_eq!(served.get("/../Cargo.toml").0, 404);
    assert_eq!(served.wait_for(|_| true)["version"], 1);

    // An edited page: built again (the tours from the cache), served, and announced.
    let about = dir.join("content/pages/about.md");
    let text = fs::read_to_string(&about).unwrap();
    fs::write(&about, format!("{text}\nA SENTENCE ADDED WHILE SERVING.\n")).unwrap();
    served.wait_for(|v| v["version"] == 2);
    assert!(served
        .text("/pages/about.html")
        .contains("A SENTENCE ADDED WHILE SERVING."));
    // The summary is printed before the version is bumped, but the test reads it
    // through a pipe on another thread, which may lag behind the answer.
    let log = served.log_with("built 7 tours (7 unchanged, from the cache)");
    assert!(log.contains("a change: building again"), "{log}");

    // A broken catalogue: the error is announced, the last good build still served.
    let catalogue = dir.join("content/catalogue.toml");
    let good = fs::read_to_string(&catalogue).unwrap();
    fs::write(
        &catalogue,
        good.replace("board = \"8x8\"", "board = \"8x\""),
    )
    .unwrap();
    let v = served.wait_for(|v| v["error"].is_string());
    assert_eq!(v["version"], 2);
    assert!(
        v["error"].as_str().unwrap().contains("catalogue.toml"),
        "{v}"
    );
    assert!(served
        .text("/pages/about.html")
        .contains("A SENTENCE ADDED"));
    fs::write(&catalogue, good).unwrap();
    served.wait_for(|v| v["version"] == 3 && v["error"].is_null());
    interrupt(served, &dir);
}

/// Ctrl-C: the server stops with the interrupt's status and leaves only the site and
/// its build cache beside the content.
#[cfg(unix)]
fn interrupt(mut served: Served, dir: &Path) {
    let pid = served.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
    let status = served.child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{}", served.log.lock().unwrap());
    let mut names: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, [".site.knights-cache", "content", "site"]);
}

#[cfg(not(unix))]
fn interrupt(served: Served, _dir: &Path) {
    drop(served);
}

#[test]
fn serve_stops_after_the_requests_it_was_asked_to_answer() {
    let tmp = tempfile::tempdir().unwrap();
    assert!(knights(tmp.path(), &["init", "s"]).status.success());
    let mut served = Served::start(&tmp.path().join("s"), &["--stop-after", "2"]);
    assert_eq!(served.get("/robots.txt").0, 200);
    assert_eq!(served.get("/missing").0, 404);
    let status = served.child.wait().unwrap();
    assert!(status.success(), "{}", served.log.lock().unwrap());
}

#[test]
fn clients_that_never_finish_their_request_do_not_hold_up_the_others() {
    use std::io::{Read, Write};
    let tmp = tempfile::tempdir().unwrap();
    assert!(knights(tmp.path(), &["init", "s"]).status.success());
    let served = Served::start(&tmp.path().join("s"), &[]);
    // Twenty clients kept open, half of them in the middle of their request head, half
    // in the middle of a body that never comes in full (tiny_http drained such a body
    // on the one thread that answered, and its pool could queue a connection behind
    // a worker reading an idle one).
    let stalled: Vec<_> = (0..20)
        .map(|i| {
            let mut s = std::net::TcpStream::connect(("127.0.0.1", served.port)).unwrap();
            let half: &[u8] = if i % 2 == 0 {
                b"GET / HTTP/1.1\r\nHo"
            } else {
                b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nabc"
            };
            s.write_all(half).unwrap();
            s
        })
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(200));
    let mut s = std::net::TcpStream::connect(("127.0.0.1", served.port)).unwrap();
    // A bound far above any honest answer, met unless the request stalls.
    s.set_read_timeout(Some(std::time::Duration::from_secs(5)))
        .unwrap();
    s.write_all(b"GET /robots.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)
        .expect("the request is answered while others stall");
    assert!(
        raw.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&raw)
    );
    drop(stalled);
}

#[test]
fn a_busy_port_is_refused_before_anything_is_built() {
    let tmp = tempfile::tempdir().unwrap();
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = busy.local_addr().unwrap().port().to_string();
    // No content folder: the port is checked first.
    let o = knights(tmp.path(), &["serve", "--port", &port]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.starts_with(&format!("knights: cannot serve on 127.0.0.1:{port}: "))
            && e.contains("--port"),
        "{e}"
    );
    assert!(!tmp.path().join("site").exists());
}
