//! docs/cli.md's "Refusals as printed" against the binary: every row's arguments are
//! run in a folder holding the hostile files the section names, and must exit with the
//! row's status and print the row's message (after `knights: ` for exit 1, in one line;
//! clap's first line for exit 2). A message changed in the code and not in the table,
//! or the other way round, fails here.

use std::fs;
use std::path::Path;
use std::process::Output;

use crate::run::stderr;

/// The rows of the section: arguments, message, status.
fn rows(doc: &str) -> Vec<(String, String, i32)> {
    let section = doc
        .split("### Refusals as printed")
        .nth(1)
        .expect("docs/cli.md has the section");
    let section = section.split("\n#").next().unwrap_or(section);
    let cell = |c: &str| c.trim().trim_matches('`').to_string();
    section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.trim().trim_matches('|').split(" | ").collect();
            assert_eq!(cells.len(), 3, "{l}");
            (
                cell(cells[0]),
                cell(cells[1]),
                cells[2].trim().parse().expect("a status"),
            )
        })
        .collect()
}

/// The files the section names, in `dir`.
fn fixtures(dir: &Path) {
    let holes = r#"{"board":{"width":2,"height":2,"holes":[[0,0],[0,1],[1,0],[1,1]]},"closed":true,"path":[]}"#;
    fs::write(dir.join("holes.json"), holes).unwrap();
    fs::write(dir.join("holes.txt"), " . .\n . .\n").unwrap();
    fs::write(dir.join("blank.txt"), "   \n\n  ").unwrap();
    let fifo = std::process::Command::new("mkfifo")
        .arg(dir.join("theme.fifo"))
        .status()
        .unwrap();
    assert!(fifo.success());
    let slug = "a".repeat(300);
    for (name, catalogue) in [
        ("link", "[site]\n[[tour]]\nboard = \"8x8\"\n".to_string()),
        (
            "zero",
            "[site]\ntheme = \"/dev/zero\"\n[[tour]]\nboard = \"8x8\"\n".into(),
        ),
        (
            "slug",
            format!("[site]\n[[tour]]\nboard = \"8x8\"\nslug = \"{slug}\"\n"),
        ),
        (
            "big",
            "[site]\n[[tour]]\nboard = \"4000x4000\"\nalgorithm = \"besa\"\n".into(),
        ),
        (
            "dots",
            "[site]\nbase_url = \"https://x/../../\"\n[[tour]]\nboard = \"8x8\"\n".into(),
        ),
    ] {
        fs::create_dir_all(dir.join(name)).unwrap();
        fs::write(dir.join(name).join("catalogue.toml"), catalogue).unwrap();
    }
    fs::create_dir_all(dir.join("link/static")).unwrap();
    fs::write(dir.join("secret.txt"), "secret").unwrap();
    std::os::unix::fs::symlink(dir.join("secret.txt"), dir.join("link/static/secret.txt")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let stored = "10x10-closed-turns.json";
    let text = fs::read_to_string(root.join("content/optima").join(stored)).unwrap();
    let broken = text.replacen("\"path\": [[0, 0], [1, 2]", "\"path\": [[0, 0], [0, 0]", 1);
    assert_ne!(broken, text);
    fs::create_dir_all(dir.join("opt")).unwrap();
    fs::write(dir.join("opt").join(stored), broken).unwrap();
}

/// Whether the binary's message is the table's: word for word, but for the memory
/// available under a `ulimit -v`, which depends on the binary's own mappings (a test
/// build's differ from the release build's the table was written from).
fn same(shown: Option<&str>, message: &str) -> bool {
    let Some(shown) = shown else { return false };
    let cut = |m: &'_ str| -> Option<String> {
        let (head, tail) = m.split_once(", but only ")?;
        tail.ends_with(" GiB is available")
            .then(|| format!("{head}, but only N GiB is available"))
    };
    match (cut(shown), cut(message)) {
        (Some(a), Some(b)) => a == b,
        _ => shown == message,
    }
}

/// Runs a row's arguments in `dir`: `ulimit -v KIB; ARGS` under that limit.
fn run(dir: &Path, args: &str) -> Output {
    let (limit, args) = match args.strip_prefix("ulimit -v ") {
        Some(rest) => {
            let (kib, args) = rest.split_once("; ").expect("ulimit -v KIB; ARGS");
            (Some(kib.parse::<u64>().unwrap()), args)
        }
        None => (None, args),
    };
    let words: Vec<&str> = args.split_whitespace().collect();
    match limit {
        Some(kib) => {
            // knights_limited runs in the current folder: the row's paths are made
            // absolute under `dir` instead.
            let abs: Vec<String> = words
                .iter()
                .map(|w| match w.ends_with(".json") {
                    true => dir.join(w).to_string_lossy().into_owned(),
                    false => w.to_string(),
                })
                .collect();
            let abs: Vec<&str> = abs.iter().map(String::as_str).collect();
            crate::run::knights_limited(kib, &abs)
        }
        None => crate::run::knights_in(dir, &words),
    }
}

#[cfg(unix)]
#[test]
fn every_refusal_in_the_table_is_printed_word_for_word_with_its_status() {
    let doc =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cli.md")).unwrap();
    let rows = rows(&doc);
    assert!(rows.len() >= 25, "{} rows", rows.len());
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().canonicalize().unwrap();
    fixtures(&dir);
    let mut wrong = Vec::new();
    for (args, message, status) in &rows {
        let o = run(&dir, args);
        let err = stderr(&o).replace(&*dir.to_string_lossy(), "DIR");
        let first = err.lines().next().unwrap_or("");
        let shown = match status {
            1 if err.lines().count() == 1 => first.strip_prefix("knights: "),
            1 => None,
            _ => Some(first),
        };
        if o.status.code() != Some(*status) || !same(shown, message) {
            wrong.push(format!(
                "{args}\n  table: {status} {message}\n  binary: {:?} {err}",
                o.status.code()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Nothing was written by a refused command but the fixtures.
    for name in [
        "w.pdf",
        "x.gif",
        "x.svg",
        "t.json",
        "zero-site",
        "link-site",
    ] {
        assert!(!dir.join(name).exists(), "{name}");
    }
}
