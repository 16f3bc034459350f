//! The stored optima (`content/optima/`, written by `knights optimum`): every file's
//! tour is verified and measured again, its value is the one its record claims, its
//! record is consistent (optimal exactly when the value meets the bound, the
//! literature's value, where it gives one, between the two), and the results table is
//! the one `knights optimum --table` makes from the files. With the `motif` feature the
//! quick entries are solved again from their stored command and must reach the same
//! optimum.

use std::path::PathBuf;

use knights_core::{format, metrics, uncrossed, verify};
use serde_json::Value;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content/optima")
}

/// Every stored file: its name and text.
fn stored() -> Vec<(String, String)> {
    let mut files: Vec<_> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no stored optima");
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// The measure of a stored file, counted from its tour or path.
fn measured(name: &str, text: &str, record: &Value) -> u64 {
    if record["measure"] == "uncrossed" {
        let format::Document::Uncrossed(p) = format::parse_document(text, name).unwrap() else {
            panic!("{name}: not an uncrossed path file");
        };
        assert_eq!(p.claim(), Some(p.leaps()), "{name} claims its leaps");
        return uncrossed::verify(p)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .leaps();
    }
    let tour = format::parse(text, name).unwrap();
    let v = verify::constructed(tour).unwrap_or_else(|e| panic!("{name}: {e}"));
    let m = metrics::measure(&v);
    let count = |measure: &str| match measure {
        "turns" => m.turns,
        "crossings" => m.crossings,
        "sharp" => metrics::sharp_turns(&m.turns_by_angle),
        "run" => m.longest_run,
        other => panic!("{name}: unknown measure {other}"),
    };
    let measure = record["measure"].as_str().unwrap();
    if !measure.contains('+') {
        return count(measure);
    }
    // A weighted sum, `[WEIGHT*]MEASURE+...`: its record holds each measure's count.
    measure
        .split('+')
        .map(|term| {
            let (k, each) = term.split_once('*').unwrap_or(("1", term));
            let n = count(each);
            assert_eq!(
                record["counts"][each].as_u64(),
                Some(n),
                "{name}: counts.{each}"
            );
            k.parse::<u64>().unwrap() * n
        })
        .sum()
}

#[test]
fn every_stored_optimum_is_verified_and_has_its_value() {
    for (name, text) in stored() {
        let json: Value = serde_json::from_str(&text).unwrap();
        let r = &json["optimum"];
        let (value, bound) = (r["value"].as_u64().unwrap(), r["bound"].as_u64().unwrap());
        assert_eq!(measured(&name, &text, r), value, "{name}");
        let met = if r["sense"] == "maximize" {
            value >= bound
        } else {
            value <= bound
        };
        assert_eq!(r["optimal"].as_bool().unwrap(), met, "{name}");
        assert_eq!(
            r["gap"].as_u64().unwrap(),
            if met { 0 } else { value.abs_diff(bound) }
        );
        // The literature's value, where the record gives one, lies between our best
        // and our bound, and is ours when we proved it.
        if let Some(known) = r["known"].as_u64() {
            assert!(value <= known && known <= bound, "{name}: known {known}");
            assert!(!met || value == known, "{name}: known {known}");
            assert!(r["known_by"].as_str().is_some(), "{name}");
        }
        let command = r["command"].as_str().unwrap();
        assert!(command.starts_with("knights optimum "), "{name}");
    }
}

/// The README's table is the one `knights optimum --table` makes from the files: a
/// hand edit, a stale row or a file without its row fails here (regenerate it with
/// the command in the message).
#[test]
fn the_results_table_is_made_by_knights_optimum_table() {
    use super::run::{knights, stderr, stdout};
    let dir = dir().display().to_string();
    let o = knights(&["optimum", "--table", &dir]);
    assert!(o.status.success(), "{}", stderr(&o));
    let readme = std::fs::read_to_string(dir + "/README.md").unwrap();
    assert!(
        stdout(&o) == readme,
        "content/optima/README.md is not the table the files make: run knights optimum --table content/optima -o content/optima/README.md"
    );
    for (name, _) in stored() {
        assert!(readme.contains(&format!("]({name})")), "no row for {name}");
    }
}

/// The gallery's page "What is optimal", built: every stored file has its row, with
/// the value, bound and verdict its record says (read here from the JSON, apart from
/// the code that makes the page), the command that proved the bound, and the local
/// search's command where one found the tour; and its drawing, captioned.
#[test]
fn the_optima_page_shows_every_stored_result_as_its_file_says() {
    use super::run::{knights, stderr};
    let tmp = tempfile::tempdir().unwrap();
    let content = tmp.path().join("content");
    std::fs::create_dir_all(content.join("pages")).unwrap();
    std::fs::copy(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content/pages/optima.md"),
        content.join("pages/optima.md"),
    )
    .unwrap();
    std::fs::write(
        content.join("catalogue.toml"),
        "[site]\n\n[[tour]]\nboard = \"6x6\"\n",
    )
    .unwrap();
    let out = tmp.path().join("site");
    let o = knights(&[
        "build",
        "--content",
        content.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let page = std::fs::read_to_string(out.join("pages/optima.html")).unwrap();
    let files = stored();
    assert_eq!(
        page.matches("<tbody id=").count(),
        files.len(),
        "one row each"
    );
    assert_eq!(
        page.matches("<figure>").count(),
        files.len(),
        "one drawing each"
    );
    for (name, text) in files {
        let stem = name.strip_suffix(".json").unwrap();
        let r = &serde_json::from_str::<Value>(&text).unwrap()["optimum"];
        let at = page
            .find(&format!("<tbody id=\"{stem}\">"))
            .unwrap_or_else(|| panic!("no row for {stem}"));
        let row = &page[at..at + page[at..].find("</tbody>").unwrap()];
        let verdict = if r["optimal"].as_bool().unwrap() {
            "optimal".to_string()
        } else {
            format!("gap {}", r["gap"])
        };
        let cells = format!(
            "<td>{}</td><td>{}</td><td>{verdict}</td>",
            r["value"], r["bound"]
        );
        assert!(row.contains(&cells), "{stem}: {row}");
        let command = r["command"].as_str().unwrap();
        assert!(
            row.contains(&format!("Bound: <code>{command}</code>")),
            "{row}"
        );
        match r["improved"]["command"].as_str() {
            Some(improve) => assert!(
                row.contains(&format!("the local search, <code>{improve}</code>"))
                    && row.contains(&format!(
                        "from {} {}",
                        r["improved"]["from"],
                        r["measure"].as_str().unwrap()
                    )),
                "{row}"
            ),
            None => assert!(row.contains(": the same run."), "{row}"),
        }
        assert!(
            page.contains(&format!("<img src=\"../optima/{stem}.svg\"")),
            "{stem}"
        );
        assert!(out.join(format!("optima/{stem}.svg")).is_file(), "{stem}");
    }
}

/// Every stored uncrossed record carries the literature's value where it gives one
/// (OEIS A003192 and A157416, as `optimum::uncrossed::known` has them), and where our
/// search proved its value, it is the literature's.
#[test]
fn every_stored_uncrossed_value_is_the_literatures_where_both_exist() {
    use knights_lab::optimum::uncrossed::known;
    let mut proved = 0;
    for (name, text) in stored() {
        let json: Value = serde_json::from_str(&text).unwrap();
        let r = &json["optimum"];
        if r["measure"] != "uncrossed" {
            continue;
        }
        let b = &json["board"];
        let board: knights_core::Board = format!("{}x{}", b["width"], b["height"]).parse().unwrap();
        let Some((value, by)) = known(&board, json["closed"].as_bool().unwrap()) else {
            continue;
        };
        assert_eq!(
            (r["known"].as_u64(), r["known_by"].as_str()),
            (Some(value), Some(by)),
            "{name}"
        );
        if r["optimal"].as_bool().unwrap() {
            assert_eq!(r["value"].as_u64(), Some(value), "{name}");
            proved += 1;
        }
    }
    assert!(proved >= 10, "{proved} proved");
}

/// A page that places an exhibit block no exhibit offers is refused before any tour
/// is built, naming the page and the block.
#[test]
fn build_refuses_a_page_placing_an_unknown_exhibit_block() {
    use super::run::{knights, refused};
    let tmp = tempfile::tempdir().unwrap();
    let content = tmp.path().join("content");
    std::fs::create_dir_all(content.join("pages")).unwrap();
    std::fs::write(
        content.join("pages/odd.md"),
        "# Odd\n\n```exhibit\noptima/nothing\n```\n",
    )
    .unwrap();
    std::fs::write(
        content.join("catalogue.toml"),
        "[[tour]]\nboard = \"6x6\"\n",
    )
    .unwrap();
    let out = tmp.path().join("site");
    let o = knights(&[
        "build",
        "--content",
        content.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    refused(&o, "odd.md: no exhibit block 'optima/nothing'");
    assert!(super::run::stderr(&o).contains("optima/results"), "{o:?}");
    assert!(!out.exists(), "nothing built");
}

/// A bad stored file stops `--table` with one line naming the file and the field.
#[test]
fn optimum_table_refuses_a_bad_file_naming_it_and_the_field() {
    use super::run::{knights, refused};
    let good = std::fs::read_to_string(dir().join("6x6-closed-turns.json")).unwrap();
    let improved = std::fs::read_to_string(dir().join("9x9-open-turns.json")).unwrap();
    let cycle = std::fs::read_to_string(dir().join("8x8-cycle-uncrossed.json")).unwrap();
    for (name, text, why) in [
        (
            "6x6-closed-turns.json",
            good.replace("\"value\": 32", "\"value\": 31"),
            "6x6-closed-turns.json: field optimum.value is 31 but the tour has 32 turns",
        ),
        (
            "6x6-closed-turns.json",
            good.replace("\"bound\": 32, ", ""),
            "6x6-closed-turns.json: field optimum.bound is not a whole number",
        ),
        (
            "6x6-closed-turns.json",
            good.replace("\"optimal\": true", "\"optimal\": false"),
            "field optimum.optimal is not true",
        ),
        (
            "6x6-open-turns.json",
            good.clone(),
            "holds the 6x6 closed turns, so is named 6x6-closed-turns.json",
        ),
        (
            "6x6-closed-turns.json",
            good.replace("[0, 0]", "[1, 1]"),
            "6x6-closed-turns.json",
        ),
        (
            "9x9-open-turns.json",
            improved.replace("\"source\": \"local search\"", "\"source\": \"solver\""),
            "9x9-open-turns.json: field optimum.improved is given, but optimum.source is \"solver\"",
        ),
        (
            "9x9-open-turns.json",
            improved.replace("\"from\": 70", "\"from\": 48"),
            "field optimum.improved: 1 runs from 48 turns to 48 is no improvement",
        ),
        (
            "9x9-open-turns.json",
            improved.replace("--improve 9x9-open-turns.json", "--improve other.json"),
            "field optimum.improved.command does not start with \"knights optimum --improve 9x9-open-turns.json\"",
        ),
        (
            "9x9-open-turns.json",
            improved.replace(", \"improved\": {", ", \"was\": {"),
            "field optimum.improved is missing, but optimum.source says the local search found the tour",
        ),
        (
            "8x8-cycle-uncrossed.json",
            cycle.replace("\"known\": 32, \"known_by\": \"OEIS A157416\", ", ""),
            "8x8-cycle-uncrossed.json: fields optimum.known and optimum.known_by are not the literature's 32 leaps (OEIS A157416)",
        ),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join(name), text).unwrap();
        let o = knights(&["optimum", "--table", tmp.path().to_str().unwrap()]);
        refused(&o, why);
        assert_eq!(super::run::stderr(&o).trim().lines().count(), 1, "{o:?}");
    }
}

/// The stored entries quick to prove (seconds), solved again from their command.
#[cfg(feature = "motif")]
#[test]
fn the_quick_stored_optima_are_found_again_from_their_commands() {
    use knights_lab::optimum::{solve, Measure, Solve, Spec};
    for (name, text) in stored() {
        let json: Value = serde_json::from_str(&text).unwrap();
        let r = &json["optimum"];
        if !r["optimal"].as_bool().unwrap() || r["seconds"].as_f64().unwrap() > 5.0 {
            continue;
        }
        let words: Vec<&str> = r["command"].as_str().unwrap().split_whitespace().collect();
        // Tours are closed unless the command says --open; uncrossed paths are open
        // unless it says --closed.
        let maximize = words[3] == "--maximize";
        let spec = Spec {
            board: words[2].parse().unwrap(),
            closed: if maximize {
                words.contains(&"--closed")
            } else {
                !words.contains(&"--open")
            },
            measure: Measure::parse(words[4], maximize).unwrap(),
        };
        let found = solve(
            &spec,
            Solve {
                limit: std::time::Duration::from_secs(60),
                start: None,
                report: &mut |_| {},
            },
        )
        .unwrap();
        assert!(found.optimal(), "{name}");
        assert_eq!(found.value, r["value"].as_u64().unwrap(), "{name}");
    }
}

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
    use super::run::{knights, refused};
    for (args, why) in [
        (
            &["optimum", "6x6", "--minimize", "zigzags"][..],
            "not a measure",
        ),
        (
            &["optimum", "6x6", "--maximize", "turns"][..],
            "--minimize turns",
        ),
        (&["optimum", "5x5", "--minimize", "turns"][..], "5x5"),
        (
            &["optimum", "6x6", "--minimize", "2*turns+zigzags"][..],
            "'zigzags' in '2*turns+zigzags' is not a term of a weighted sum",
        ),
        (
            &["optimum", "6x6", "--minimize", "0*turns+crossings"][..],
            "'0*turns'",
        ),
        (
            &["optimum", "6x6", "--maximize", "turns+sharp"][..],
            "--minimize turns+sharp",
        ),
        (
            &["optimum", "30x30", "--minimize", "turns"][..],
            "900 cells",
        ),
        (
            &["optimum", "6x6", "--maximize", "run"][..],
            "the longest line of leaps the board has",
        ),
        (
            &["optimum", "6x6", "--minimize", "turns+run"][..],
            "'run' in 'turns+run' is not a term of a weighted sum: the longest run is a maximum",
        ),
    ] {
        refused(&knights(args), why);
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
}
