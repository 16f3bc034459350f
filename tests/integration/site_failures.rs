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
