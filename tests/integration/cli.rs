//! The command line as a user meets it: the real binary, its output and exit status.

use std::path::Path;
use std::process::{Command, Output};

use crate::run::{knights, refused, stderr, stdout};

fn knights_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn the_chessboard_has_a_closed_tour_that_verifies_in_both_formats() {
    let dir = tempfile::tempdir().unwrap();
    for (format, name) in [("json", "t.json"), ("grid", "t.txt")] {
        let path = dir.path().join(name);
        let o = knights(&[
            "tour",
            "8x8",
            "--format",
            format,
            "-o",
            path.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let o = knights(&["verify", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(stdout(&o).contains("ok, a closed tour of the 8x8 board"));
    }
}

#[test]
fn verify_reads_standard_input_and_says_where_a_tour_breaks() {
    let o = knights(&["tour", "8x8", "--format", "grid"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let grid = stdout(&o);
    let o = knights_stdin(&["verify", "-"], grid.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Swap steps 1 and 2: the file is still a numbering, but no longer a tour.
    let broken: String = grid
        .split_whitespace()
        .collect::<Vec<_>>()
        .chunks(8)
        .map(|row| {
            row.iter()
                .map(|s| match *s {
                    "1" => "2",
                    "2" => "1",
                    s => s,
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n");
    let o = knights_stdin(&["verify", "-"], broken.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.starts_with("knights: -: not a tour: step"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
}

#[test]
fn a_malformed_file_gets_one_line_naming_file_and_place() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bad.json");
    std::fs::write(
        &p,
        "{\"board\": {\"width\": 5, \"height\": 5},\n \"closed\": \"yes\", \"path\": []}",
    )
    .unwrap();
    let o = knights(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("bad.json: line 2, column"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
}

#[test]
fn boards_without_a_tour_are_refused_with_the_rule() {
    let o = knights(&["tour", "4x9"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o).trim(),
        "knights: no closed knight's tour exists on a 4x9 board: no board with a side of 1, 2 or 4 has one (Schwenk 1991); try --open"
    );
    let o = knights(&["tour", "5x5"]);
    refused(&o, "odd");
    let o = knights(&["tour", "3x3", "--open"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn a_board_too_large_for_memory_is_refused_before_allocating() {
    let o = knights(&["tour", "65000x65000"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("needs about") || e.contains("more than"), "{e}");
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(knights(&["tour"]).status.code(), Some(2));
    // A board that does not parse is bad input, as from every command.
    assert_eq!(knights(&["tour", "8"]).status.code(), Some(1));
    assert_eq!(knights(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(
        knights(&["tour", "8x8", "--format", "png"]).status.code(),
        Some(2)
    );
    let o = knights(&["tour", "8x8", "--algo", "nope"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown algorithm 'nope': choose auto or one of besa"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn every_subcommand_has_help_with_an_example() {
    for sub in [
        "tour", "verify", "metrics", "render", "build", "init", "serve", "list", "bench", "bounds",
        "gadgets",
    ] {
        let o = knights(&[sub, "--help"]);
        assert!(o.status.success(), "{sub}");
        assert!(
            stdout(&o).contains("Example"),
            "{sub} --help has no example"
        );
    }
}

/// `tour --help` says which formats need `-o` in words that parse ("need -o unless
/// svg" named svg among those that need it).
#[test]
fn tour_help_says_which_formats_need_an_output_file() {
    let help = stdout(&knights(&["tour", "--help"]));
    assert!(!help.contains("unless svg"), "{help}");
    assert!(
        help.contains("png and pdf are binary and need -o"),
        "{help}"
    );
    // As said: svg goes to standard output, png does not.
    assert!(knights(&["tour", "6x6", "--format", "svg"])
        .status
        .success());
    assert_eq!(
        knights(&["tour", "6x6", "--format", "png"]).status.code(),
        Some(2)
    );
}

#[test]
fn metrics_json_has_the_documented_fields() {
    let o = knights(&["metrics", "30x30", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["cells"], 900);
    assert_eq!(v["closed"], true);
    assert!(v["turns"].as_u64().unwrap() >= 116);
    assert!(v["crossings"].is_u64());
    assert_eq!(v["turn_lower_bound"], 116);
}

#[test]
fn metrics_of_a_file_equal_metrics_of_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.json");
    let o = knights(&["tour", "20x16", "-o", p.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let from_file = knights(&["metrics", p.to_str().unwrap(), "--json"]);
    let from_board = knights(&["metrics", "20x16", "--json"]);
    assert!(from_file.status.success() && from_board.status.success());
    let a: serde_json::Value = serde_json::from_slice(&from_file.stdout).unwrap();
    let b: serde_json::Value = serde_json::from_slice(&from_board.stdout).unwrap();
    assert_eq!(a, b);
}

#[test]
fn list_names_every_construction() {
    let o = knights(&["list"]);
    assert!(o.status.success());
    for name in ["besa", "search", "auto"] {
        assert!(stdout(&o).contains(name), "{name}");
    }
}

#[test]
fn writing_to_an_unwritable_path_fails_cleanly() {
    let o = knights(&["tour", "8x8", "-o", "/nonexistent/folder/t.json"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("knights: /nonexistent/folder/t.json: "));
    assert!(!Path::new("/nonexistent/folder/t.json").exists());
}

#[test]
fn gadgets_heel_prints_the_papers_front_and_writes_the_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("heels.toml");
    let o = knights(&["gadgets", "heel", "--write", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("622 covers"), "{out}");
    assert!(out.contains("   21         31       2"), "{out}");
    assert!(out.contains("   22         28       1"), "{out}");
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        written,
        include_str!("../../crates/knights-construct/src/besa/heels.toml")
    );
}

#[test]
fn gadgets_best_corners_prints_each_front_and_writes_the_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("best_corners.toml");
    let o = knights(&["gadgets", "best-corners", "--write", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("BottomLeft"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("TopRight")).count(),
        16
    );
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        written,
        include_str!("../../crates/knights-construct/src/besa/best_corners.toml")
    );
}

#[test]
fn gadgets_giraffe_reports_its_stages_and_writes_the_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("giraffe.toml");
    let o = knights(&["gadgets", "giraffe", "--write", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.starts_with("heel: 128 free cells a period, 312 leaps"),
        "{err}"
    );
    let out = stdout(&o);
    assert!(out.contains("heel: 16 paths covering 128 cells"), "{out}");
    assert!(out.contains("corner: 32 paths covering 194 cells"), "{out}");
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        written,
        include_str!("../../crates/knights-construct/src/besa/giraffe.toml")
    );
}

#[test]
fn bounds_lists_each_bound_with_its_source() {
    let o = knights(&["bounds", "30x30", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), 4);
    assert_eq!(list[0]["value"], 116.0);
    assert_eq!(list[3]["measure"], "crossings");
    assert_eq!(list[3]["value"], 120.0);
    let o = knights(&["bounds", "4"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn besa_variants_build_and_verify() {
    for v in ["turns", "crossings", "best", "band"] {
        let o = knights(&[
            "metrics",
            "64x64",
            "--algo",
            "besa",
            "--variant",
            v,
            "--json",
        ]);
        assert!(o.status.success(), "{v}: {}", stderr(&o));
    }
    // A variant of another construction: a usage error listing besa's (issue 39).
    let o = knights(&["tour", "30x30", "--algo", "besa", "--variant", "semi"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "knights: --variant semi: algorithm besa has no variant 'semi' (it has: turns, crossings, best, band, corner, sym90)\n"
    );
}

#[test]
fn besa_corner_tours_an_odd_board_missing_a_corner_and_the_file_lists_the_hole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.json");
    let p = path.to_str().unwrap();
    let o = knights(&[
        "tour",
        "23x23",
        "--algo",
        "besa",
        "--variant",
        "corner",
        "-o",
        p,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"holes\": [[0, 0]]"), "{}", &text[..300]);
    let o = knights(&["verify", p]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = knights(&["metrics", p]);
    assert!(stdout(&o).contains("cells       528"), "{}", stdout(&o));
    let o = knights(&["tour", "24x23", "--algo", "besa", "--variant", "corner"]);
    refused(&o, "both sides must be odd");
    let o = knights(&["list"]);
    assert!(stdout(&o).contains("corner, sym90"), "{}", stdout(&o));
    let o = knights(&["metrics", "46x46", "--algo", "besa", "--variant", "sym90"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("symmetry    quarter turn"),
        "{}",
        stdout(&o)
    );
    let o = knights(&["tour", "44x44", "--algo", "besa", "--variant", "sym90"]);
    refused(&o, "4k + 2");
}

#[test]
fn structured_tours_build_and_verify_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    for board in ["8x8", "64x64"] {
        let path = dir.path().join(format!("{board}.json"));
        let o = knights(&[
            "tour",
            board,
            "--algo",
            "hilbert",
            "--open",
            "-o",
            path.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let o = knights(&["verify", path.to_str().unwrap()]);
        assert!(stdout(&o).contains("ok, an open tour"), "{}", stderr(&o));
    }
    let o = knights(&["tour", "24x24", "--algo", "hilbert", "--open"]);
    refused(&o, "8 * 2^k");
    let path = dir.path().join("fibonacci.json");
    let path = path.to_str().unwrap();
    let args = [
        "tour",
        "64x104",
        "--algo",
        "fibonacci",
        "--open",
        "-o",
        path,
    ];
    let o = knights(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = knights(&["verify", path]);
    assert!(stdout(&o).contains("ok, an open tour"), "{}", stderr(&o));
    let o = knights(&["tour", "64x100", "--algo", "fibonacci", "--open"]);
    refused(&o, "8F(k+1) high");
}

#[test]
fn motif_says_whether_this_build_has_the_solver() {
    let o = knights(&["motif", "6x6", "--format", "grid"]);
    if cfg!(feature = "motif") {
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stderr(&o).contains("optimal"), "{}", stderr(&o));
        let v = knights_stdin(&["verify", "-"], &o.stdout);
        assert!(v.status.success(), "{}", stderr(&v));
    } else {
        refused(&o, "--features motif");
    }
    // A bad model is refused either way, naming the problem.
    let o = knights(&["motif", "8x6", "--symmetry", "quarter"]);
    refused(&o, "square");
}

#[test]
fn metrics_divide_only_by_the_bound_proved_for_the_board() {
    let o = knights(&["metrics", "30x30", "--algo", "besa", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let turns = v["turns"].as_f64().unwrap();
    // The ratio is to the edge-cell bound, proved for this board; Theorem 8's 6n and
    // Theorem 9's 4n hold for n large enough and are listed, never divided by.
    let t = &v["turns_to_bound"];
    assert_eq!(
        (t["bound"].as_f64(), t["exact"].as_bool()),
        (Some(116.0), Some(true))
    );
    assert_eq!(t["ratio"].as_f64(), Some(turns / 116.0));
    assert!(v.get("crossings_to_bound").is_none());
    let asymptotic: Vec<f64> = v["asymptotic"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["value"].as_f64().unwrap())
        .collect();
    assert_eq!(asymptotic, [127.5, 180.0, 120.0]);
    let text = stdout(&knights(&["metrics", "30x30", "--algo", "besa"]));
    assert!(
        text.contains("turn bound  116 (every edge cell is a turn: 2(w + h) - 4); turns / bound")
            && text.contains("asymptotic  turns >= 180 on n x n, as n grows (Theorem 8")
            && !text.contains("crossings / bound"),
        "{text}"
    );
    // Each kind of tour names the formula that gives its bound: an open tour less its
    // ends, a band its two long edges, a rectangle none of the square boards' bounds.
    for (args, bound, source) in [
        (
            &["metrics", "8x8", "--open", "--json"][..],
            26.0,
            "less 2 for the open tour's ends",
        ),
        (
            &["metrics", "64x8", "--topology", "cylinder", "--json"][..],
            128.0,
            "top and bottom rows is a turn: 2w",
        ),
        (
            &[
                "metrics",
                "9x9",
                "--algo",
                "parberry",
                "--variant",
                "corner",
                "--json",
            ][..],
            31.0,
            "less the 1 missing edge cell",
        ),
        (&["metrics", "16x12", "--json"][..], 52.0, "2(w + h) - 4"),
    ] {
        let o = knights(args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(
            v["turns_to_bound"]["bound"].as_f64(),
            Some(bound),
            "{args:?}"
        );
        let s = v["turns_to_bound"]["source"].as_str().unwrap();
        assert!(s.contains(source), "{args:?}: {s}");
        assert_eq!(
            v["asymptotic"].as_array().map(Vec::len),
            Some(0),
            "{args:?}"
        );
    }
}

#[test]
fn metrics_count_a_board_too_large_to_build_from_the_construction() {
    use knights_construct::besa::{structure_counts, Variant};
    // 10^6 x 10^6 has more cells than a board can number; 60000 x 60000 more than
    // this machine's memory allows: both are counted, not refused.
    for (board, w, variant, v) in [
        ("1000000x1000000", 1_000_000, "best", Variant::Best),
        ("60000x60000", 60_000, "turns", Variant::Turns),
    ] {
        let o = knights(&[
            "metrics",
            board,
            "--algo",
            "besa",
            "--variant",
            variant,
            "--json",
        ]);
        assert!(o.status.success(), "{board}: {}", stderr(&o));
        let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let (t, c) = structure_counts(w, w, v).unwrap();
        assert_eq!(
            (j["turns"].as_u64(), j["crossings"].as_u64()),
            (Some(t), Some(c))
        );
        assert_eq!(j["built"], false);
        assert_eq!(j["cells"].as_u64(), Some(w as u64 * w as u64));
        assert_eq!(
            j["turns_to_bound"]["bound"].as_f64(),
            Some(4.0 * w as f64 - 4.0)
        );
        assert_eq!(j["asymptotic"][1]["value"].as_f64(), Some(6.0 * w as f64));
    }
    let text = stdout(&knights(&["metrics", "1000000x1000000", "--algo", "besa"]));
    assert!(text.contains("not built, not verified"), "{text}");
    let o = knights(&["metrics", "1000001x1000001", "--algo", "besa"]);
    assert!(
        !o.status.success() && stderr(&o).contains("1000001x1000001"),
        "{}",
        stderr(&o)
    );
    let o = knights(&[
        "metrics",
        "1000000x1000000",
        "--algo",
        "besa",
        "--variant",
        "fast",
    ]);
    assert!(
        !o.status.success() && stderr(&o).contains("'fast'"),
        "{}",
        stderr(&o)
    );
    // Other algorithms still refuse the board.
    let o = knights(&["metrics", "1000000x1000000"]);
    assert!(!o.status.success(), "{}", stdout(&o));
}

#[test]
fn leaper_is_taken_by_the_searches_and_refused_by_the_knight_constructions() {
    // The search tours a giraffe's board and the tour file records the leaper.
    let o = knights(&["tour", "20x20", "--algo", "search", "--leaper", "1,4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("\"leaper\": [1, 4]"),
        "{}",
        &stdout(&o)[..200]
    );
    // The formation builds the giraffe's tour on its boards and names its rule elsewhere.
    let file = std::env::temp_dir().join(format!("giraffe-{}.json", std::process::id()));
    let file = file.to_str().unwrap();
    let o = knights(&[
        "tour", "52x22", "--algo", "besa", "--leaper", "1,4", "-o", file,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = knights(&["verify", file]);
    let _ = std::fs::remove_file(file);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = knights(&["tour", "50x22", "--algo", "besa", "--leaper", "1,4"]);
    refused(&o, "w = 32k + 20 and height h = 8l + 14");
    // Constructions that move knights only say so, naming the leaper.
    for algo in ["parberry", "stitch", "hilbert"] {
        let o = knights(&["tour", "52x22", "--algo", algo, "--leaper", "1,4"]);
        assert_eq!(o.status.code(), Some(1), "{algo}");
        assert!(stderr(&o).contains("(1, 4)"), "{algo}: {}", stderr(&o));
    }
    // A bad leaper is a usage error; a leaper with a tour file is one too.
    let o = knights(&["tour", "8x8", "--leaper", "2,2"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("leaper"), "{}", stderr(&o));
    let o = knights(&["tour", "8x8", "--leaper", "one"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = knights(&["metrics", "no-such-file.json", "--leaper", "1,4"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--leaper"), "{}", stderr(&o));
}
