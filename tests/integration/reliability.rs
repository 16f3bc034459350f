//! Issue 39's classes, each pinned by its reproducer: counts bounded before work
//! (`worksheet --count`), arrays sized by the board's area where cell numbers index
//! them (the cipher on a board with holes), boards of zero cells, each construction's
//! own memory estimate, and user text that reaches a drawing or the terminal.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::run::{knights, knights_limited, refused, refused_at_once, stderr, stdout};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn worksheet_counts_are_refused_before_work_with_the_figure() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("w.pdf");
    for (board, count, fit) in [
        ("8x8", "4294967295", 1000),
        ("100x100", "100", 6),
        ("256x256", "4", 1),
    ] {
        let args = ["worksheet", board, "--count", count, "-o", s(&out)];
        let noun = if fit == 1 { "exercise" } else { "exercises" };
        refused_at_once(
            &args,
            &format!("a worksheet takes at most {fit} {noun} of it"),
        );
        let cipher = [
            "worksheet",
            board,
            "--count",
            count,
            "--cipher",
            "hi",
            "-o",
            s(&out),
        ];
        refused_at_once(&cipher, &format!("--count {count} on the {board} board"));
    }
    assert!(!out.exists());
}

#[test]
fn a_cipher_worksheet_of_a_board_with_holes_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("w.pdf");
    let o = knights(&[
        "worksheet",
        "9x9",
        "--algo",
        "parberry",
        "--variant",
        "corner",
        "--cipher",
        "hello",
        "-o",
        s(&out),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(fs::read(&out).unwrap().starts_with(b"%PDF"));
}

#[test]
fn boards_of_zero_cells_are_refused_in_one_line_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("h.json");
    fs::write(
        &json,
        r#"{"board":{"width":2,"height":2,"holes":[[0,0],[0,1],[1,0],[1,1]]},"closed":true,"path":[]}"#,
    )
    .unwrap();
    let grid = dir.path().join("h.txt");
    fs::write(&grid, " . .\n . .\n").unwrap();
    let (svg, gif) = (dir.path().join("x.svg"), dir.path().join("x.gif"));
    for file in [&json, &grid] {
        for args in [
            &["verify", s(file)][..],
            &["metrics", s(file)],
            &["render", s(file), "-o", s(&svg)],
            &["render", s(file), "--animate", "-o", s(&gif)],
        ] {
            refused_at_once(args, "every cell of the 2x2 board is a hole");
        }
    }
    assert!(!svg.exists() && !gif.exists());
}

#[cfg(unix)]
#[test]
fn a_construction_needing_more_than_the_least_estimate_is_refused_by_its_own() {
    let t0 = Instant::now();
    let o = knights_limited(2_000_000, &["tour", "14000x14000", "--symmetry", "half"]);
    refused(&o, "a 14000x14000 board built by symmetric needs about");
    assert!(stderr(&o).contains("at 12 bytes each"), "{}", stderr(&o));
    assert!(t0.elapsed() < Duration::from_secs(10));
}

/// A 16x12 tour file whose section name and algorithm carry control characters.
fn hostile_tour(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("t.json");
    let o = knights(&["tour", "16x12", "--algo", "besa", "-o", s(&path)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = fs::read_to_string(&path).unwrap();
    let text = text
        .replacen(
            "\"algorithm\": \"besa\"",
            "\"algorithm\": \"be\\u001b[2J\\r\\u0007sa\"",
            1,
        )
        .replacen("\"names\": [\"", "\"names\": [\"a\\u0001b<&>", 1);
    assert!(
        text.contains("\\u0001") && text.contains("\\u0007"),
        "{text}"
    );
    fs::write(&path, text).unwrap();
    path
}

#[test]
fn control_characters_in_user_text_never_break_a_drawing_or_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let tour = hostile_tour(dir.path());
    let (svg, png) = (dir.path().join("x.svg"), dir.path().join("x.png"));
    for out in [&svg, &png] {
        let o = knights(&["render", s(&tour), "--show", "all", "-o", s(out)]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let text = fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("a\u{2401}b&lt;&amp;&gt;"),
        "the name is shown"
    );
    let opts = resvg::usvg::Options::default();
    resvg::usvg::Tree::from_str(&text, &opts).expect("well-formed XML");
    let o = knights(&["metrics", s(&tour)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("be\\u{1b}[2J\\r\\u{7}sa"),
        "{}",
        stdout(&o)
    );
    let raw = |c: char| c.is_control() && c != '\n';
    assert!(!stdout(&o).chars().any(raw), "{:?}", stdout(&o));
}

/// Issue 39, case 11: a theme that is a device or a pipe is refused by name before it
/// is opened (`/dev/zero` was read until memory ran out, a pipe hung for ever), on the
/// command line and in a catalogue.
#[cfg(unix)]
#[test]
fn themes_that_are_no_regular_file_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.svg");
    let not_a_file = "it is a device, a pipe or a socket, not a regular file: give a file";
    refused_at_once(
        &["render", "8x8", "--theme", "/dev/zero", "-o", s(&out)],
        &format!("/dev/zero: {not_a_file}"),
    );
    let fifo = dir.path().join("theme.toml");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    refused_at_once(
        &["render", "8x8", "--theme", s(&fifo), "-o", s(&out)],
        not_a_file,
    );
    assert!(!out.exists());
    // In a catalogue: the build is refused before anything is written.
    assert!(crate::run::knights_in(dir.path(), &["init", "g"])
        .status
        .success());
    let catalogue = dir.path().join("g/content/catalogue.toml");
    let text = fs::read_to_string(&catalogue).unwrap();
    for theme in ["/dev/zero", s(&fifo)] {
        let line = text.lines().find(|l| l.starts_with("theme = ")).unwrap();
        let edited = text.replacen(line, &format!("theme = \"{theme}\""), 1);
        fs::write(&catalogue, edited).unwrap();
        let t0 = Instant::now();
        let o = crate::run::knights_in(&dir.path().join("g"), &["build", "--jobs", "2"]);
        refused(&o, not_a_file);
        assert!(t0.elapsed() < Duration::from_secs(30));
        assert!(!dir.path().join("g/site").exists());
    }
}

/// Issue 39, case 11: 200 MB of blank space before a tour (JSON or a numbered grid)
/// is skipped without being held: the tour is read in 300 MB of address space, and
/// blank space then `{` is JSON.
#[cfg(unix)]
#[test]
fn blank_space_before_a_tour_is_never_held() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let tour = stdout(&knights(&["tour", "8x8"]));
    let grid = stdout(&knights(&["tour", "8x8", "--format", "grid"]));
    let spaces = vec![b' '; 1 << 20];
    for (name, text) in [("t.json", &tour), ("t.txt", &grid)] {
        let path = dir.path().join(name);
        let mut f = fs::File::create(&path).unwrap();
        for _ in 0..200 {
            f.write_all(&spaces).unwrap();
        }
        f.write_all(text.as_bytes()).unwrap();
        drop(f);
        let o = knights_limited(300_000, &["verify", s(&path)]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        fs::remove_file(&path).unwrap();
    }
}

/// Issue 39, case 11: a link in the content's `static/` that leads out of the content
/// folder is refused by name (its target was copied into the published site), and so
/// is a pipe there, both before any tour is built (the refusal came once every tour was
/// built and drawn); a link that stays inside is copied.
#[cfg(unix)]
#[test]
fn static_links_out_of_the_content_are_refused_by_name() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    assert!(crate::run::knights_in(dir.path(), &["init", "g"])
        .status
        .success());
    let content = dir.path().join("g/content");
    fs::write(content.join("pages/inside.txt"), "inside").unwrap();
    symlink(
        content.join("pages/inside.txt"),
        content.join("static/inside.txt"),
    )
    .unwrap();
    let secret = dir.path().join("secret.txt");
    fs::write(&secret, "secret").unwrap();
    symlink(&secret, content.join("static/secret.txt")).unwrap();
    let before_work = |o: &std::process::Output| {
        // One line, no tour's progress line before it, and nothing written.
        assert_eq!(stderr(o).lines().count(), 1, "{}", stderr(o));
        let written = ["site", ".site.knights-cache"].map(|n| dir.path().join("g").join(n));
        assert!(!written.iter().any(|p| p.exists()), "{}", stderr(o));
    };
    let o = crate::run::knights_in(&dir.path().join("g"), &["build", "--jobs", "2"]);
    refused(&o, "static/secret.txt: a link that leads out of");
    assert!(
        stderr(&o).contains("copy the file in instead"),
        "{}",
        stderr(&o)
    );
    before_work(&o);
    fs::remove_file(content.join("static/secret.txt")).unwrap();
    let fifo = content.join("static/feed.xml");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let o = crate::run::knights_in(&dir.path().join("g"), &["build", "--jobs", "2"]);
    refused(
        &o,
        "static/feed.xml: it is a device, a pipe or a socket, not a regular file",
    );
    before_work(&o);
    fs::remove_file(&fifo).unwrap();
    let o = crate::run::knights_in(&dir.path().join("g"), &["build", "--jobs", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        fs::read_to_string(dir.path().join("g/site/inside.txt")).unwrap(),
        "inside"
    );
}

/// Issue 39, case 15: an unknown `--show` layer and an unknown tourney generator are
/// usage errors (exit 2, as every other value of an option that is none of its
/// choices), checked before anything is built.
#[test]
fn unknown_layers_and_generators_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.svg");
    for (args, says) in [
        (
            vec!["render", "8x8", "--show", "bogus", "-o", s(&out)],
            "unknown layer 'bogus' in --show",
        ),
        (
            vec!["tourney", "8x8", "--algo", "bogus"],
            "unknown tourney generator 'bogus': choose one of neural, braid, four-cover",
        ),
    ] {
        let o = knights(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{}", stderr(&o));
    }
    assert!(!out.exists());
    let o = knights(&["render", "8x8", "--show", "numbers,-turns", "-o", s(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
}
