//! What the commands refuse before any work, and how (issue 24, its low items): a tour
//! that cannot exist is refused citing the rule, one fault gets one format and one
//! exit status whichever command meets it, and options out of range are refused, not
//! clamped.

use crate::run::{knights, refused, stderr, stdout};

#[test]
fn a_tour_that_cannot_exist_is_refused_with_its_rule_even_with_a_variant() {
    let o = knights(&[
        "metrics",
        "2x2",
        "--algo",
        "warnsdorff",
        "--variant",
        "first",
        "--open",
    ]);
    refused(&o, "no open knight's tour exists on a 2x2 board");
    for leaper in ["1,3", "2,4"] {
        let o = knights(&["tour", "8x8", "--leaper", leaper]);
        refused(
            &o,
            "leaper's tour exists on an 8x8 board: its steps add up to an even number",
        );
        assert!(stderr(&o).contains("Knuth"), "{}", stderr(&o));
        assert!(!stderr(&o).contains("try another"), "{}", stderr(&o));
    }
    let o = knights(&["tour", "9x9", "--leaper", "3,6", "--open"]);
    refused(&o, "share the factor 3");
    let o = knights(&["tour", "64x64", "--leaper", "1,64", "--open"]);
    refused(&o, "no open (1, 64) leaper's tour exists on a 64x64 board");
    let o = knights(&["tour", "6x6x6", "--leaper", "1,3", "--open"]);
    refused(
        &o,
        "(1, 3) leaper's tour exists on a 6x6x6 board: its steps add up",
    );
}

#[test]
fn the_count_without_building_names_the_variants_it_lacks() {
    for v in ["corner", "sym90"] {
        let o = knights(&[
            "metrics",
            "1000001x1000001",
            "--algo",
            "besa",
            "--variant",
            v,
        ]);
        refused(&o, &format!("--variant {v} is built, not counted"));
        assert!(!stderr(&o).contains("has no variant"), "{}", stderr(&o));
    }
    // A name no construction has is a usage error (issue 39), before the board counts.
    let o = knights(&[
        "metrics",
        "1000001x1000001",
        "--algo",
        "besa",
        "--variant",
        "nope",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("no construction has a variant 'nope'"));
}

#[test]
fn a_bad_board_gets_one_line_and_exit_1_from_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let out = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (svg, pdf, stl) = (out("a.svg"), out("a.pdf"), out("a.stl"));
    for board in ["8xq", "-5x8", "0x8"] {
        for args in [
            vec!["tour", board],
            vec!["bounds", board],
            vec!["motif", board],
            vec!["metrics", board],
            vec!["render", board, "-o", &svg],
            vec!["worksheet", board, "-o", &pdf],
            vec!["model", board, "-o", &stl],
        ] {
            let o = knights(&args);
            assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
            let e = stderr(&o);
            assert!(
                e.starts_with("knights: ") && e.lines().count() == 1,
                "{args:?}: {e}"
            );
        }
    }
}

#[test]
fn bounds_need_no_cells() {
    let o = knights(&["bounds", "1000000x1000000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("lower bounds for the 1000000x1000000 board"));
    assert!(stdout(&o).contains("3999996"), "{}", stdout(&o));
    let o = knights(&["bounds", "99999999999x2"]);
    refused(&o, "too large");
}

#[test]
fn a_closed_tour_starts_where_start_says_and_an_open_one_is_refused_where_it_cannot() {
    for algo in ["besa", "parberry"] {
        let o = knights(&["tour", "30x30", "--algo", algo, "--start", "1,1"]);
        assert!(o.status.success(), "{algo}: {}", stderr(&o));
        let tour: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(tour["path"][0], serde_json::json!([1, 1]), "{algo}");
        // The turned tour is still proved: verify reads it back.
        let v = crate::run::knights_stdin(&["verify", "-"], &o.stdout);
        assert!(v.status.success(), "{algo}: {}", stderr(&v));
    }
    let o = knights(&[
        "tour", "30x30", "--algo", "hilbert", "--open", "--start", "1,1",
    ]);
    refused(&o, "hilbert builds its open tours from a start of its own");
    // Off the board: said once, not once per construction `auto` tried.
    let o = knights(&["tour", "30x30", "--start", "30,0"]);
    refused(
        &o,
        "knights: the start square [30, 0] is not a cell of the 30x30 board\n",
    );
}

#[test]
fn a_field_with_control_characters_is_echoed_escaped_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.json");
    std::fs::write(
        &p,
        "{\"board\": {\"width\": 3, \"height\": 4}, \"topology\": \"a\\nb\\u001b[31mc\\u0000\", \"closed\": false, \"path\": []}",
    )
    .unwrap();
    let o = knights(&["verify", p.to_str().unwrap()]);
    refused(&o, "field topology: 'a\\nb\\u{1b}[31mc\\0'");
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    assert!(
        !o.stderr.iter().any(|&b| b == 0x1b || b == 0),
        "raw bytes echoed"
    );
}

#[test]
fn frames_into_a_file_are_refused_before_the_animation_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let taken = dir.path().join("taken");
    std::fs::write(&taken, "mine").unwrap();
    let gif = dir.path().join("a.gif");
    let o = knights(&[
        "render",
        "6x6",
        "--frames",
        taken.to_str().unwrap(),
        "-o",
        gif.to_str().unwrap(),
    ]);
    refused(&o, "it is a file, not a folder");
    assert!(!gif.exists(), "no animation written");
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "mine");
}

#[test]
fn a_worksheet_of_no_exercise_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("w.pdf");
    let o = knights(&[
        "worksheet",
        "6x6",
        "--count",
        "0",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--count"), "{}", stderr(&o));
    assert!(!pdf.exists());
}

#[test]
fn speeds_and_plays_out_of_range_are_refused_not_clamped() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("w.svg");
    let svg = svg.to_str().unwrap();
    for (args, says) in [
        (["--speed", "1e-300"], "from 0.01 to 50"),
        (["--speed", "51"], "from 0.01 to 50"),
        (["--loop", "65537"], "1 to 65536"),
    ] {
        let mut a = vec!["render", "6x6", "--animate", "-o", svg];
        a.extend(args);
        let o = knights(&a);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).len() < 400, "{args:?}: {}", stderr(&o));
    }
    assert!(
        dir.path().read_dir().unwrap().next().is_none(),
        "nothing written"
    );
    let help = stdout(&knights(&["render", "--help"]));
    assert!(
        help.contains("from 0.01 to 50") && help.contains("1 to 65536"),
        "{help}"
    );
}

#[test]
fn band_refusals_name_the_band_once() {
    let o = knights(&["tour", "12x6", "--topology", "moebius", "--algo", "bands"]);
    refused(&o, "8m x h Moebius strips with m odd");
    assert!(!stderr(&o).contains("moebiuss"), "{}", stderr(&o));
}
