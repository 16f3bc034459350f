//! The stored optima (`content/optima/`, written by `knights optimum`): every file's
//! tour is verified and measured again, its value is the one its record claims, its
//! record is consistent (optimal exactly when the value meets the bound, the
//! literature's value, where it gives one, between the two), and the results table is
//! the one `knights optimum --table` makes from the files. With the `motif` feature the
//! quick entries are solved again from their stored command and must reach the same
//! optimum.

use std::path::PathBuf;

use knights_core::{format, metrics, verify, Shape};
use serde_json::Value;

pub fn dir() -> PathBuf {
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
pub fn measured(name: &str, text: &str, record: &Value) -> u64 {
    if record["measure"] == "uncrossed" {
        let p = format::parse_document(text, name).unwrap();
        let Shape::Uncrossed { claim } = p.shape() else {
            panic!("{name}: not an uncrossed path file");
        };
        assert_eq!(*claim, Some(p.leaps()), "{name} claims its leaps");
        return verify::verify(p)
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
/// search's command where one found the tour; and its drawing, captioned. The records
/// are the content folder's (`optima/`, read at build time): without them the build
/// stops with one line naming the folder.
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
    let build = || {
        knights(&[
            "build",
            "--content",
            content.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let o = build();
    let missing = format!("{}: no such folder", content.join("optima").display());
    assert!(!o.status.success());
    assert!(stderr(&o).contains(&missing), "{}", stderr(&o));
    let files = stored();
    std::fs::create_dir_all(content.join("optima")).unwrap();
    for (name, text) in &files {
        std::fs::write(content.join("optima").join(name), text).unwrap();
    }
    let o = build();
    assert!(o.status.success(), "{}", stderr(&o));
    let page = std::fs::read_to_string(out.join("pages/optima.html")).unwrap();
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
        // A closed tour's fewest turns is also a cell of the grid of n x m boards
        // (both sides from 5) and, on a square board, a term of the sequence.
        if r["measure"] != "turns" || !stem.contains("-closed-") {
            continue;
        }
        let (w, h) = stem.split('-').next().unwrap().split_once('x').unwrap();
        let (w, h): (u32, u32) = (w.parse().unwrap(), h.parse().unwrap());
        let shown = match r["optimal"].as_bool().unwrap() {
            true => r["value"].to_string(),
            false => format!("{} (bound {})", r["value"], r["bound"]),
        };
        let cell = format!("<a href=\"#{stem}\">{shown}</a></td>");
        assert_eq!(page.contains(&cell), w.min(h) >= 5, "{stem}: {cell}");
        if w == h {
            let term = format!(
                "<tr id=\"sequence-{w}\"><th scope=\"row\"><a href=\"#{stem}\">{w}</a></th><td>{}</td><td>{}</td>",
                r["value"], r["bound"]
            );
            assert!(page.contains(&term), "{term}");
        }
    }
    assert!(out.join("optima/sequence.svg").is_file());
    assert!(
        page.contains("Least squares through the"),
        "the sequence's fit"
    );
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
                strengthen: false,
                cutting: knights_lab::optimum::Cutting::from(vec![]),
            },
        )
        .unwrap();
        assert!(found.optimal(), "{name}");
        assert_eq!(found.value, r["value"].as_u64().unwrap(), "{name}");
    }
}

/// The regression of issue 40: a run continuing a stored one recorded a command
/// without `--resume FILE`, in its record and its run log, so the command made
/// another run. Both now say it, the log's with where the record and log went.
#[cfg(feature = "motif")]
#[test]
fn a_continued_run_records_and_logs_the_command_that_makes_it_again() {
    use super::run::{knights, stderr};
    let tmp = tempfile::tempdir().unwrap();
    let record = tmp.path().join("5x6-closed-turns.json");
    std::fs::copy(dir().join("5x6-closed-turns.json"), &record).unwrap();
    let (record, log) = (
        record.display().to_string(),
        tmp.path().join("runs.log").display().to_string(),
    );
    let o = knights(&[
        "optimum",
        "5x6",
        "--minimize",
        "turns",
        "--time-limit",
        "30",
        "--resume",
        &record,
        "-o",
        &record,
        "--log",
        &log,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let run = format!("knights optimum 5x6 --minimize turns --time-limit 30 --resume {record}");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(json["optimum"]["command"], run.as_str());
    let text = std::fs::read_to_string(&log).unwrap();
    let line = text.lines().nth(1).unwrap();
    assert!(
        line.ends_with(&format!("\t{run} -o {record} --log {log}")),
        "{line}"
    );
}
