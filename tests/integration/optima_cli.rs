//! `knights optimum` and the commands around its files, end to end: the refusals in one
//! line, the uncrossed paths (`--maximize uncrossed`, which needs no solver) proved by
//! `knights verify`, measured by `knights metrics` and drawn by `knights render`,
//! `--improve`, and the turns by angle that `--minimize sharp` counts. (The module's
//! name holds `optima` so that CI's run of the binary with the solver, `cargo test
//! --features motif --test integration optima`, takes these tests too.)

use super::optima::{dir, measured};
use serde_json::Value;

#[test]
fn metrics_reports_turns_by_angle_summing_to_the_turns() {
    use super::run::{knights, stdout};
    let o = knights(&["metrics", "8x8", "--json"]);
    assert!(o.status.success());
    let m: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let by = m["turns_by_angle"].as_array().unwrap();
    let sum: u64 = by.iter().map(|a| a["turns"].as_u64().unwrap()).sum();
    assert_eq!(sum, m["turns"].as_u64().unwrap());
    for a in by {
        assert!(
            [37, 53, 90, 127, 143].contains(&a["degrees"].as_u64().unwrap()),
            "{a}"
        );
    }
    let text = stdout(&knights(&["metrics", "8x8"]));
    assert!(text.contains("turn angles 37°: "), "{text}");
    // The sharp turns, what `knights optimum --minimize sharp` counts: over 90°.
    let sharp: u64 = by
        .iter()
        .filter(|a| a["degrees"].as_u64().unwrap() > 90)
        .map(|a| a["turns"].as_u64().unwrap())
        .sum();
    assert!(
        text.contains(&format!("\nsharp turns {sharp} (by more than 90°)\n")),
        "{text}"
    );
}

#[test]
fn optimum_refuses_what_it_cannot_model_in_one_line() {
    use super::run::{knights, refused, stderr};
    // The board's faults: exit 1.
    for (args, why) in [
        (&["optimum", "5x5", "--minimize", "turns"][..], "5x5"),
        (
            &["optimum", "30x30", "--minimize", "turns"][..],
            "900 cells",
        ),
    ] {
        refused(&knights(args), why);
    }
    // A measure, sum or way that is none of the option's choices: a usage error (exit
    // 2, issue 39), its first line naming the option and why.
    for (args, option, why) in [
        (
            &["optimum", "6x6", "--minimize", "zigzags"][..],
            "--minimize",
            "not a measure knights optimum models: choose turns, crossings",
        ),
        (
            &["optimum", "6x6", "--maximize", "turns"][..],
            "--maximize",
            "--minimize turns",
        ),
        (
            &["optimum", "6x6", "--minimize", "2*turns+zigzags"][..],
            "--minimize",
            "'zigzags' in '2*turns+zigzags' is not a term of a weighted sum",
        ),
        (
            &["optimum", "6x6", "--minimize", "0*turns+crossings"][..],
            "--minimize",
            "'0*turns'",
        ),
        (
            &["optimum", "6x6", "--maximize", "turns+sharp"][..],
            "--maximize",
            "--minimize turns+sharp",
        ),
        (
            &["optimum", "6x6", "--maximize", "run"][..],
            "--maximize",
            "the longest line of leaps the board has",
        ),
        (
            &["optimum", "6x6", "--minimize", "turns+run"][..],
            "--minimize",
            "'run' in 'turns+run' is not a term of a weighted sum: the longest run is a maximum",
        ),
        (
            &[
                "optimum",
                "6x6",
                "--minimize",
                "turns",
                "--connect",
                "rings",
            ][..],
            "--connect",
            "'rings' is not a way to keep the tour in one piece: choose cuts, flow or multiflow",
        ),
    ] {
        let o = knights(args);
        let err = stderr(&o);
        let first = err.lines().next().unwrap_or("");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            first.contains(option) && first.contains(why),
            "{args:?}: {first}"
        );
    }
}

/// Without the solver the command says how to get it.
#[cfg(not(feature = "motif"))]
#[test]
fn optimum_without_the_solver_says_how_to_get_it() {
    use super::run::{knights, refused};
    refused(
        &knights(&["optimum", "6x6", "--minimize", "turns"]),
        "--features motif",
    );
}

/// An uncrossed path file (`"kind": "uncrossed"`): the 4x4 ring with `leaps` and
/// `closed` as given, and a cell list.
fn uncrossed_file(
    dir: &std::path::Path,
    name: &str,
    cells: &str,
    closed: bool,
    leaps: u64,
) -> String {
    let path = dir.join(name);
    std::fs::write(
        &path,
        format!(
            "{{ \"board\": {{ \"width\": 4, \"height\": 4 }}, \"kind\": \"uncrossed\", \"closed\": {closed}, \"leaps\": {leaps}, \"path\": [{cells}] }}"
        ),
    )
    .unwrap();
    path.display().to_string()
}

#[test]
fn verify_metrics_and_render_prove_and_show_uncrossed_paths() {
    use super::run::{knights, refused, stdout};
    let dir = tempfile::tempdir().unwrap();
    let ring = "[0, 1], [2, 0], [3, 2], [1, 3]";
    let good = uncrossed_file(dir.path(), "ring.json", ring, true, 4);
    let o = knights(&["verify", &good]);
    assert!(o.status.success(), "{o:?}");
    assert!(
        stdout(&o).contains("ok, uncrossed cycle of 4 leaps over 4 of the 16 cells"),
        "{}",
        stdout(&o)
    );
    let m = stdout(&knights(&["metrics", &good, "--json"]));
    let m: Value = serde_json::from_str(&m).unwrap();
    assert_eq!(
        (m["leaps"].as_u64(), m["turns"].as_u64()),
        (Some(4), Some(4))
    );
    let svg = dir.path().join("ring.svg");
    let o = knights(&["render", &good, "-o", svg.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
    assert!(std::fs::read_to_string(&svg)
        .unwrap()
        .contains("data-leaps=\"4\""));
    // The stored 8x8 path is proved by verify as well.
    let stored = dir_file("8x8-path-uncrossed.json");
    let o = knights(&["verify", &stored]);
    assert!(
        o.status.success() && stdout(&o).contains("uncrossed path"),
        "{o:?}"
    );
    // Each fault in one line, naming it.
    for (name, cells, closed, leaps, why) in [
        (
            "claim.json",
            ring,
            true,
            5,
            "claims 5 leaps but the path has 4",
        ),
        (
            "cross.json",
            "[0, 1], [2, 0], [1, 2], [0, 0]",
            false,
            3,
            "steps 1 and 3 cross",
        ),
        (
            "twice.json",
            "[0, 0], [1, 2], [0, 0]",
            false,
            2,
            "visited twice",
        ),
        (
            "leap.json",
            "[0, 0], [1, 1]",
            false,
            1,
            "not a knight's leap",
        ),
    ] {
        let f = uncrossed_file(dir.path(), name, cells, closed, leaps);
        refused(&knights(&["verify", &f]), why);
    }
    let o = knights(&["render", &good, "--animate", "-o", "x.gif"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(super::run::stderr(&o).contains("drawn still"), "{o:?}");
    let pdf = dir.path().join("w.pdf");
    refused(
        &knights(&["worksheet", &good, "-o", pdf.to_str().unwrap()]),
        "is an uncrossed path of 4 cells, not a tour",
    );
}

fn dir_file(name: &str) -> String {
    dir().join(name).display().to_string()
}

/// `knights optimum --maximize uncrossed` needs no solver: it writes a file that
/// `knights verify` proves, with the known longest path of 5x5 (10 leaps).
#[test]
fn optimum_writes_the_longest_uncrossed_path_that_verify_proves() {
    use super::run::{knights, stderr, stdout};
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p.json");
    let o = knights(&[
        "optimum",
        "5x5",
        "--maximize",
        "uncrossed",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("5x5 path uncrossed: 10 leaps, bound 10: optimal"),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("start cell 1 of"),
        "progress per start cell"
    );
    let o = knights(&["verify", out.to_str().unwrap()]);
    assert!(
        stdout(&o).contains("ok, uncrossed path of 10 leaps"),
        "{o:?}"
    );
}

/// The binary built with the solver (`--features motif`) solves, reports each solve
/// and writes a tour that `knights verify` proves.
#[cfg(feature = "motif")]
#[test]
fn optimum_with_the_solver_writes_a_proved_optimal_tour() {
    use super::run::{knights, stderr, stdout};
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.json");
    let o = knights(&[
        "optimum",
        "4x5",
        "--minimize",
        "turns",
        "--open",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("step 1: ") && err.contains("4x5 open turns: 17, bound 17: optimal"),
        "{err}"
    );
    let o = knights(&["verify", out.to_str().unwrap()]);
    assert!(stdout(&o).contains("ok, an open tour"), "{o:?}");
}

/// `knights optimum --improve` (no solver) improves a stored tour by the local search:
/// here the stored 6x6 closed crossings optimum's file with the construction's tour
/// (58 crossings) in its place. The tour written is proved, has fewer crossings, keeps
/// the bound, says where it came from, and `--table` accepts it.
#[test]
fn optimum_improve_betters_a_stored_tour_and_keeps_its_bound() {
    use super::run::{knights, refused, stderr, stdout};
    let tmp = tempfile::tempdir().unwrap();
    let built: Value = serde_json::from_str(&stdout(&knights(&["tour", "6x6"]))).unwrap();
    let mut json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir().join("6x6-closed-crossings.json")).unwrap(),
    )
    .unwrap();
    json["path"] = built["path"].clone();
    let was = measured(
        "built",
        &serde_json::to_string(&json).unwrap(),
        &json["optimum"],
    );
    assert!(was > 52, "{was}");
    json["optimum"]["value"] = was.into();
    json["optimum"]["gap"] = (was - 52).into();
    json["optimum"]["optimal"] = false.into();
    let built_record = json.clone();
    let file = tmp.path().join("6x6-closed-crossings.json");
    std::fs::write(&file, serde_json::to_string(&json).unwrap()).unwrap();
    let file = file.to_str().unwrap();
    let o = knights(&["optimum", "--improve", file, "-o", file]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains(&format!("{was} -> ")), "{}", stderr(&o));
    let text = std::fs::read_to_string(file).unwrap();
    let json: Value = serde_json::from_str(&text).unwrap();
    let r = &json["optimum"];
    let now = measured("improved", &text, r);
    assert!(now < was, "{now}");
    assert_eq!(r["value"].as_u64(), Some(now));
    assert_eq!(r["bound"].as_u64(), Some(52));
    assert_eq!(r["source"], "local search", "{r}");
    // How: the command that found it, from what, in how long.
    let i = &r["improved"];
    assert_eq!(
        i["command"],
        "knights optimum --improve 6x6-closed-crossings.json --time-limit 600"
    );
    assert_eq!(
        (i["runs"].as_u64(), i["from"].as_u64()),
        (Some(1), Some(was))
    );
    assert!(i["seconds"].as_f64().unwrap() >= 0.0, "{i}");
    let o = knights(&["optimum", "--table", tmp.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(&format!("| {now} | 52 |"))
            && stdout(&o).contains(
                "| local search: `knights optimum --improve 6x6-closed-crossings.json --time-limit 600`, "
            ),
        "{}",
        stdout(&o)
    );
    refused(
        &knights(&["optimum", "--improve", &dir_file("5x5-path-uncrossed.json")]),
        "searched in full",
    );
    // Another seed: its own search, which its command names; no seed without --improve.
    let other = tmp.path().join("seeded");
    std::fs::create_dir(&other).unwrap();
    let seeded = other.join("6x6-closed-crossings.json");
    std::fs::write(&seeded, serde_json::to_string(&built_record).unwrap()).unwrap();
    let seeded = seeded.to_str().unwrap();
    let o = knights(&["optimum", "--improve", seeded, "--seed", "5", "-o", seeded]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(seeded).unwrap();
    let r = &serde_json::from_str::<Value>(&text).unwrap()["optimum"];
    assert!(measured("seed 5", &text, r) < was, "{r}");
    assert_eq!(
        r["improved"]["command"],
        "knights optimum --improve 6x6-closed-crossings.json --time-limit 600 --seed 5"
    );
    let o = knights(&["optimum", "6x6", "--minimize", "turns", "--seed", "5"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("cannot be used") && err.contains("'--seed <SEED>'"),
        "{err}"
    );
}
