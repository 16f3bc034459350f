//! A gallery build that fails (a broken catalogue, a template failing late, a folder
//! it did not make, a bad number of workers) says where and why in one line and leaves
//! the old site as it was, with nothing beside it.

use std::fs;
use std::path::{Path, PathBuf};

use knights_site::{build, BuildOptions, MARKER};

use super::site::{beside, build_fixture, fixture, opts, root};

/// A copy of the fixture catalogue with `edit` applied to its TOML file.
fn broken_copy(dir: &Path, edit: &str) -> PathBuf {
    let content = dir.join("content");
    fs::create_dir_all(&content).unwrap();
    let toml = fs::read_to_string(fixture().join("catalogue.toml")).unwrap();
    fs::write(content.join("catalogue.toml"), format!("{toml}\n{edit}")).unwrap();
    content
}

#[test]
fn a_broken_catalogue_names_file_line_and_field_and_keeps_the_old_site() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    build_fixture(&out);
    let before = fs::read(out.join("index.html")).unwrap();
    let lines = fs::read_to_string(fixture().join("catalogue.toml"))
        .unwrap()
        .lines()
        .count();
    // The appended entry starts two lines after the fixture's last line.
    let cases = [
        (
            "[[tour]]\nboard = \"12x12\"\nalgorithm = \"zigzag\"\n",
            3,
            "algorithm",
            "unknown algorithm 'zigzag'",
        ),
        (
            "[[tour]]\nboard = \"4x4\"\nalgorithm = \"warnsdorff\"\n",
            2,
            "board",
            "no closed knight's tour exists on a 4x4 board",
        ),
        (
            // The advice is the catalogue's setting, not the command line's flag.
            "[[tour]]\nboard = \"5x5\"\nalgorithm = \"warnsdorff\"\n",
            2,
            "board",
            "(Schwenk 1991); try open = true",
        ),
        (
            "[[tour]]\nboard = \"12x12\"\nalgorithm = \"warnsdorff\"\nslug = \"six-by-six\"\n",
            4,
            "slug",
            "duplicate tour slug 'six-by-six'",
        ),
        (
            "[[tour]]\nboard = \"12x12\"\nalgorithm = \"warnsdorff\"\nslug = \"../../etc\"\n",
            4,
            "slug",
            "would escape the output folder",
        ),
        (
            "[[tour]]\nboard = \"12\"\n",
            2,
            "board",
            "'12' is not a board size",
        ),
        (
            "[[series]]\nslug = \"s\"\ntitle = \"t\"\nsizes = { from = 20, to = 10 }\n",
            4,
            "sizes",
            "is empty",
        ),
    ];
    for (i, (edit, line, field, message)) in cases.iter().enumerate() {
        let content = broken_copy(&tmp.path().join(format!("case{i}")), edit);
        let err = build(&opts(&content, &out)).unwrap_err().to_string();
        let file = content.join("catalogue.toml").display().to_string();
        let want = format!("{file}: line {}, field \"{field}\": ", lines + 1 + line);
        assert!(
            err.starts_with(&want),
            "expected '{want}...{message}', got '{err}'"
        );
        assert!(err.contains(message), "expected '{message}' in '{err}'");
        assert_eq!(
            fs::read(out.join("index.html")).unwrap(),
            before,
            "case {i} touched the old site"
        );
    }
    // A syntax error names the line too.
    let content = broken_copy(&tmp.path().join("syntax"), "[[tour]]\nboard = 8x8\n");
    let err = build(&opts(&content, &out)).unwrap_err().to_string();
    assert!(
        err.contains(&format!("catalogue.toml: line {}", lines + 3)),
        "{err}"
    );
    // Only the site and the case folders: no staging folder is left behind.
    let left: Vec<_> = beside(tmp.path())
        .into_iter()
        .filter(|n| n.starts_with('.') && n != ".site.knights-cache")
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_build_failing_late_keeps_the_old_site() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    build_fixture(&out);
    let before = fs::read(out.join("index.html")).unwrap();
    // Templates whose metrics page fails only when rendered, after every tour is built.
    let templates = tmp.path().join("templates");
    fs::create_dir_all(&templates).unwrap();
    for f in fs::read_dir(root().join("crates/knights-site/templates"))
        .unwrap()
        .flatten()
    {
        if f.path().is_file() {
            fs::copy(f.path(), templates.join(f.file_name())).unwrap();
        }
    }
    fs::write(templates.join("metrics.html"), "{{ no_such_value.field }}").unwrap();
    let mut o = opts(&fixture(), &out);
    o.templates = templates;
    let err = build(&o).unwrap_err().to_string();
    assert!(err.contains("template metrics.html"), "{err}");
    assert_eq!(fs::read(out.join("index.html")).unwrap(), before);
    assert_eq!(
        beside(tmp.path()),
        [".site.knights-cache", "site", "templates"],
        "a staging folder was left"
    );
}

#[test]
fn refuses_a_folder_it_did_not_create_unless_forced() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("docs");
    fs::create_dir(&out).unwrap();
    fs::write(out.join("thesis.tex"), "precious").unwrap();
    let err = build(&opts(&fixture(), &out)).unwrap_err().to_string();
    assert!(
        err.contains("refusing to replace") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(out.join("thesis.tex")).unwrap(),
        "precious"
    );
    let mut o = opts(&fixture(), &out);
    o.force = true;
    build(&o).unwrap();
    assert!(out.join("index.html").is_file() && out.join(MARKER).is_file());
    assert!(!out.join("thesis.tex").exists());
}

#[test]
fn the_library_bounds_worker_threads_as_the_command_line_does() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    for jobs in [0, knights_site::MAX_JOBS + 1, 100_000] {
        let o = BuildOptions {
            jobs: Some(jobs),
            ..opts(&fixture(), &out)
        };
        let e = build(&o).unwrap_err();
        assert!(
            matches!(
                e,
                knights_core::Error::BadOption(knights_core::BadOption::Jobs { jobs: j, most: 256 })
                    if j == jobs
            ),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            format!("{jobs} is not a number of worker threads from 1 to 256")
        );
        assert!(!out.exists(), "nothing is written for {jobs} jobs");
    }
    assert!(knights_site::check_jobs(knights_site::MAX_JOBS).is_ok());
}

/// The files of the site under `out`, by path, and whether it is whole: the marker and
/// the times are in it.
fn files_of(out: &Path) -> Vec<String> {
    let mut files: Vec<_> = walkdir::WalkDir::new(out)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            e.path()
                .strip_prefix(out)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    files
}

/// Issue 39, case 7: a build stopped at any of its steps (the test hook
/// `KNIGHTS_TEST_INTERRUPT=K` stops it at the K-th as SIGINT would; `K,kill` as SIGKILL
/// would, with no clean-up) leaves the old complete site or the new one, the times
/// included, and at every instant a site is there (a thread watches it); whatever
/// it left beside the site is removed by the next build.
#[cfg(target_os = "linux")]
#[test]
fn a_build_stopped_at_any_step_leaves_a_whole_site_and_the_next_one_cleans_up() {
    use std::process::Command;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let tmp = tempfile::tempdir().unwrap();
    assert!(crate::run::knights_in(tmp.path(), &["init", "s"])
        .status
        .success());
    let dir = tmp.path().join("s");
    let out = dir.join("site");
    let build = |hook: Option<String>| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_knights"));
        c.current_dir(&dir).args(["build", "--jobs", "2"]);
        if let Some(k) = hook {
            c.env("KNIGHTS_TEST_INTERRUPT", k);
        }
        c.output().unwrap()
    };
    let first = build(None);
    assert!(first.status.success(), "{}", crate::run::stderr(&first));
    let whole = files_of(&out);
    for name in [MARKER, "timings.json", "timings.js", "index.html"] {
        assert!(whole.iter().any(|f| f == name), "{name}: {whole:?}");
    }
    // Watches the site while the builds run: it is never missing.
    let (stop, missing) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicBool::new(false)),
    );
    let watcher = {
        let (stop, missing, out) = (stop.clone(), missing.clone(), out.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::SeqCst) {
                if !out.join(MARKER).is_file() || !out.join("timings.js").is_file() {
                    missing.store(true, Ordering::SeqCst);
                }
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
        })
    };
    let mut steps = Vec::new();
    for kill in [false, true] {
        for k in 1.. {
            let o = build(Some(if kill {
                format!("{k},kill")
            } else {
                k.to_string()
            }));
            let log = crate::run::stderr(&o);
            if o.status.success() {
                steps.push(k - 1);
                break;
            }
            let code = if kill { 137 } else { 130 };
            assert_eq!(o.status.code(), Some(code), "step {k}, kill {kill}: {log}");
            assert_eq!(
                files_of(&out),
                whole,
                "step {k}, kill {kill}: the site is not whole"
            );
            // Beside the site: the cache and at most this build's own staging or old
            // folder (those of the build before were removed); a lock file, which
            // `beside` leaves out, only after a kill.
            let left: Vec<_> = beside(&dir)
                .into_iter()
                .filter(|n| !["content", "site", ".site.knights-cache"].contains(&n.as_str()))
                .collect();
            let ours = left.iter().all(|n| {
                n.starts_with(".site.knights-new-") || n.starts_with(".site.knights-old-")
            });
            assert!(
                ours && left.len() <= 1,
                "step {k}, kill {kill}: {left:?} left"
            );
            assert!(kill || !dir.join(".site.knights-lock").exists());
            assert!(k < 50, "the build never ended");
        }
    }
    stop.store(true, Ordering::SeqCst);
    watcher.join().unwrap();
    assert!(
        !missing.load(Ordering::SeqCst),
        "the site was missing or half there at some instant"
    );
    assert_eq!(steps, [8, 8], "the steps of Site::build's test hook");
    assert_eq!(
        beside(&dir),
        [".site.knights-cache", "content", "site"],
        "a build cleans up what stopped ones left"
    );
}

/// Issue 39: a catalogue band whose drawing would cost more crossing tests than a
/// drawing makes is refused with the drawing's own bound (the one `knights render`
/// applies), naming the catalogue's file, line and tour, within seconds: the gallery
/// drew it for minutes.
#[test]
fn a_band_past_the_crossing_tests_bound_is_refused_naming_the_tour() {
    let tmp = tempfile::tempdir().unwrap();
    let content = tmp.path().join("content");
    fs::create_dir_all(&content).unwrap();
    let catalogue =
        "[site]\n[[tour]]\nboard = \"88x88\"\ntopology = \"torus\"\nleaper = \"1,64\"\n";
    fs::write(content.join("catalogue.toml"), catalogue).unwrap();
    let out = tmp.path().join("site");
    let t0 = std::time::Instant::now();
    let err = build(&opts(&content, &out)).unwrap_err().to_string();
    let file = content.join("catalogue.toml").display().to_string();
    assert!(
        err.starts_with(&format!(
            "{file}: line 3, field \"board\": closed tour of 88x88 torus"
        )),
        "{err}"
    );
    assert!(
        err.contains("a drawing of the 88x88 torus board places its crossings"),
        "{err}"
    );
    assert!(!out.exists(), "no site was written");
    assert!(
        t0.elapsed() < std::time::Duration::from_secs(60),
        "{:?}",
        t0.elapsed()
    );
}
