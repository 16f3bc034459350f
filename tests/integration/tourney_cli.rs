//! Tourneys through the real binary: `tourney` (generators, --join), tourney files read
//! by `verify`, `metrics` and `render`, `tour --algo neural`, `--blur` and `stats`.

use super::run::{knights, knights_stdin, refused, stderr, stdout};

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("knights-tourney-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_tourney_is_generated_proved_measured_and_drawn() {
    for algo in ["neural", "braid", "four-cover"] {
        let file = scratch(&format!("{algo}.json"));
        let f = file.to_str().unwrap();
        let o = knights(&["tourney", "12x12", "--algo", algo, "--seed", "2", "-o", f]);
        assert!(o.status.success(), "{algo}: {}", stderr(&o));
        let o = knights(&["verify", f]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("closed cycle"), "{}", stdout(&o));
        assert!(
            stdout(&o).ends_with("covering the 12x12 board (144 cells)\n"),
            "{}",
            stdout(&o)
        );
        let o = knights(&["metrics", f]);
        let text = stdout(&o);
        assert!(text.contains(&format!("algorithm   {algo}")), "{text}");
        assert!(
            text.contains("lengths     ") && text.contains("crossings   "),
            "{text}"
        );
        let png = scratch(&format!("{algo}.svg"));
        let o = knights(&["render", f, "-o", png.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        let svg = std::fs::read_to_string(&png).unwrap();
        assert!(svg.contains("data-cycles="), "{algo}");
    }
    let o = knights(&[
        "metrics",
        scratch("four-cover.json").to_str().unwrap(),
        "--json",
    ]);
    let m: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(m["cycles"], 36);
    assert_eq!(m["lengths"].as_array().unwrap().len(), 36);
}

#[test]
fn joining_reports_its_exchanges_and_gives_a_tour() {
    let o = knights(&["tourney", "10x10", "--seed", "4", "--join"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("into one tour by"), "{}", stderr(&o));
    let v = knights_stdin(&["verify", "-"], &o.stdout);
    assert_eq!(
        stdout(&v),
        "-: ok, a closed tour of the 10x10 board (100 cells)\n"
    );
    let o = knights(&["tour", "10x10", "--algo", "neural", "--seed", "1"]);
    let v = knights_stdin(&["metrics", "-"], &o.stdout);
    assert!(stdout(&v).contains("algorithm   neural"), "{}", stdout(&v));
}

#[test]
fn a_blurred_tour_is_another_verified_tour() {
    let plain = knights(&["tour", "12x12", "--algo", "warnsdorff"]);
    let blurred = knights(&[
        "tour",
        "12x12",
        "--algo",
        "warnsdorff",
        "--blur",
        "30",
        "--seed",
        "3",
    ]);
    assert!(blurred.status.success(), "{}", stderr(&blurred));
    assert_ne!(plain.stdout, blurred.stdout);
    let v = knights_stdin(&["verify", "-"], &blurred.stdout);
    assert!(v.status.success(), "{}", stderr(&v));
    refused(
        &knights(&["tour", "8x8", "--open", "--blur", "3"]),
        "closed tours only",
    );
    // Past the most exchanges on any board: a usage error (tests/integration/option_values.rs).
    let o = knights(&["tour", "8x8", "--blur", "100001"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn bad_tourney_input_gets_one_line() {
    // A generator that is none: a usage error (exit 2), as for `tour --algo`.
    let o = knights(&["tourney", "8x8", "--algo", "nope"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("unknown tourney generator 'nope'"));
    for (args, text) in [
        (&["tourney", "7x7"][..], "odd number"),
        (&["tourney", "2x10"][..], "no 2-factor"),
        (&["tourney", "10x10", "--algo", "braid"][..], ""),
        (
            &["tourney", "10x12", "--algo", "braid"][..],
            "square boards of even side",
        ),
        (&["tourney", "60x60"][..], "at most 2500 cells"),
        (
            &["stats", "1000x1000", "--samples", "100"][..],
            "take at most",
        ),
    ] {
        let o = knights(args);
        if text.is_empty() {
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
            continue;
        }
        refused(&o, text);
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
    }
    // A tourney file whose cycle breaks is refused where it breaks.
    let bad = r#"{"board": {"width": 4, "height": 4}, "cycles": [
        [[0, 1], [2, 0], [3, 2], [1, 3]], [[1, 0], [3, 1], [2, 3], [0, 2]],
        [[0, 0], [1, 2], [3, 3], [2, 1]], [[0, 3], [2, 2], [1, 1], [3, 0]]]}"#;
    let o = knights_stdin(&["verify", "-"], bad.as_bytes());
    refused(
        &o,
        "-: not a tourney: cycle 3, step 1: [2, 2] to [1, 1] is not a (1, 2) leap",
    );
    let o = knights_stdin(
        &["worksheet", "-", "-o", "w.pdf"],
        bad.replace("[1, 1], [3, 0]", "[3, 0], [1, 1]").as_bytes(),
    );
    refused(&o, "is a tourney of 4 cycles, not a tour");
}

#[test]
fn stats_prints_directions_pairs_spreads_and_draws_them() {
    let plot = scratch("stats.svg");
    let o = knights(&[
        "stats",
        "8x8",
        "--algo",
        "neural",
        "--samples",
        "6",
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for want in [
        "6 tours of the 8x8 board by neural",
        "direction   moves",
        "consecutive pairs",
        "turns       min",
        "crossings   min",
        "time        mean",
    ] {
        assert!(text.contains(want), "{want}: {text}");
    }
    assert!(std::fs::read_to_string(&plot).unwrap().contains("<svg"));
}
