//! Issue 39's classes, each pinned by its reproducer: counts bounded before work
//! (`worksheet --count`), arrays sized by the board's area where cell numbers index
//! them (the cipher on a board with holes), boards of zero cells, each construction's
//! own memory estimate, and user text that reaches a drawing or the terminal.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::run::{knights, knights_limited, refused, stderr, stdout};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A refusal in one line, exit 1, within a few seconds of starting.
fn refused_at_once(args: &[&str], text: &str) {
    let t0 = Instant::now();
    let o = knights(args);
    refused(&o, text);
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    assert!(t0.elapsed() < Duration::from_secs(10), "{args:?}");
}

#[test]
fn worksheet_counts_are_refused_before_work_with_the_figure() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("w.pdf");
    for (board, count, fit) in [("8x8", "4294967295", 1000), ("100x100", "100", 40)] {
        let args = ["worksheet", board, "--count", count, "-o", s(&out)];
        refused_at_once(&args, &format!("a worksheet takes at most {fit} exercises"));
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
