//! The gallery with boards of three or more sides: a catalogue of a 3-D tour, a 4-D
//! tour and a 3-D series built into a site; each page's numbers checked against
//! `knights metrics` of the tour file the page ships (which `knights verify` proves),
//! the drawing of its levels, the metrics table's per-n² numbers, the build cache,
//! and a bad entry refused before anything is built.

use std::fs;
use std::path::Path;

use knights_site::{build, BuildOptions};

use super::run::{knights, stderr, stdout};

const CATALOGUE: &str = r#"
[site]
downloads = ["png", "json"]
series_downloads = true

[[tour]]
board = "16x12x2"
algorithm = "besa"
title = "Two levels"

[[tour]]
board = "4x3x3x2"
open = true

[[series]]
slug = "boxes"
title = "6x6xn boxes"
board = "6x6x{n}"
sizes = { from = 3, to = 4 }
"#;

fn opts(content: &Path, out: &Path) -> BuildOptions {
    BuildOptions {
        content: content.to_path_buf(),
        templates: Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/knights-site/templates"),
        out: out.to_path_buf(),
        jobs: Some(2),
        force: false,
        progress: false,
        exhibits: knights_gallery::all(),
    }
}

/// The value of `data-metric="key"` on a page.
fn metric(html: &str, key: &str) -> String {
    let at = format!("data-metric=\"{key}\">");
    let i = html.find(&at).unwrap_or_else(|| panic!("no {key}")) + at.len();
    html[i..i + html[i..].find('<').unwrap()].to_string()
}

#[test]
fn tours_of_three_and_four_sides_get_verified_pages_and_series_rows() {
    let tmp = tempfile::tempdir().unwrap();
    let content = tmp.path().join("content");
    fs::create_dir_all(&content).unwrap();
    fs::write(content.join("catalogue.toml"), CATALOGUE).unwrap();
    let out = tmp.path().join("site");
    let first = build(&opts(&content, &out)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((first.entries, first.cached), (4, 0));
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    for (slug, board, levels) in [
        ("16x12x2-besa", "16x12x2", 2),
        ("4x3x3x2-auto-open", "4x3x3x2", 6),
        ("6x6x3-auto", "6x6x3", 3),
        ("6x6x4-auto", "6x6x4", 4),
    ] {
        let page = fs::read_to_string(out.join(format!("tours/{slug}.html"))).unwrap();
        let json = out.join(format!("files/{slug}.json"));
        let json = json.to_string_lossy();
        let v = knights(&["verify", &json]);
        assert!(v.status.success(), "{slug}: {}", stderr(&v));
        let m = knights(&["metrics", &json, "--json"]);
        assert!(m.status.success(), "{slug}: {}", stderr(&m));
        let m: serde_json::Value = serde_json::from_str(&stdout(&m)).unwrap();
        assert_eq!(metric(&page, "board"), board);
        assert_eq!(metric(&page, "levels"), levels.to_string());
        assert_eq!(metric(&page, "verified"), "yes");
        for key in [
            "cells",
            "turns",
            "crossings",
            "moves_between_levels",
            "moves_in_levels",
        ] {
            assert_eq!(metric(&page, key), m[key].to_string(), "{slug} {key}");
        }
        let per_level: Vec<u64> = m["crossings_per_level"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        let (lo, hi) = (
            per_level.iter().min().unwrap(),
            per_level.iter().max().unwrap(),
        );
        assert_eq!(metric(&page, "level_crossings"), format!("{lo}, {hi}"));
        assert!(
            page.contains("crossings between levels are left undefined by Besa et al."),
            "{slug}"
        );
        assert!(
            !page.contains("data-metric=\"longest_run\""),
            "{slug}: a 2-D measure"
        );
        // The drawing of its levels, a thumbnail and the downloads.
        let svg = fs::read_to_string(out.join(format!("files/{slug}.svg"))).unwrap();
        assert!(svg.contains(&format!("data-levels=\"{levels}\"")), "{slug}");
        assert_eq!(svg.matches("class=\"level\"").count(), levels, "{slug}");
        assert!(
            svg.contains(&format!("data-turns=\"{}\"", m["turns"])),
            "{slug}"
        );
        for f in [format!("files/{slug}.png"), format!("thumbs/{slug}@2x.png")] {
            assert_eq!(&fs::read(out.join(&f)).unwrap()[1..4], b"PNG", "{f}");
        }
        assert!(
            index.contains(&format!("<b>{board}</b> ({levels} levels)")),
            "{slug}"
        );
    }
    // A catalogue tour shows its turns and crossings; a series member only its leaps.
    let listed = fs::read_to_string(out.join("files/16x12x2-besa.svg")).unwrap();
    let member = fs::read_to_string(out.join("files/6x6x4-auto.svg")).unwrap();
    assert!(listed.contains("class=\"turn\""));
    assert!(!member.contains("class=\"turn\""));
    // The series' rows: counts over n² (n the mean side), with the number of sides.
    let rows: Vec<serde_json::Value> =
        serde_json::from_str(&fs::read_to_string(out.join("metrics.json")).unwrap()).unwrap();
    assert_eq!(rows.len(), 2);
    for r in &rows {
        let n = r["n"].as_f64().unwrap();
        let turns = r["turns"].as_f64().unwrap();
        assert_eq!(r["sides"], 3);
        assert!((r["turns_per_n"].as_f64().unwrap() - turns / (n * n)).abs() < 1e-9);
    }
    assert_eq!(
        (rows[0]["board"].as_str(), rows[0]["n"].as_f64()),
        (Some("6x6x3"), Some(5.0))
    );
    let metrics = fs::read_to_string(out.join("metrics.html")).unwrap();
    assert!(metrics.contains("n<sup>d−1</sup>"));
    // Unchanged, the second build takes every tour from the cache, files and all.
    let second = build(&opts(&content, &out)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((second.entries, second.cached), (4, 4));
    let json = out.join("files/4x3x3x2-auto-open.json");
    assert!(knights(&["verify", &json.to_string_lossy()])
        .status
        .success());
    let page = fs::read_to_string(out.join("tours/4x3x3x2-auto-open.html")).unwrap();
    assert_eq!(metric(&page, "levels"), "6");
}

#[test]
fn a_bad_entry_of_three_sides_is_refused_in_one_line_before_building() {
    let tmp = tempfile::tempdir().unwrap();
    let content = tmp.path().join("content");
    fs::create_dir_all(&content).unwrap();
    for (entry, line, field, why) in [
        (
            "board = \"6x4x3\"\nalgorithm = \"besa\"",
            2,
            "board",
            "even and at least 16",
        ),
        (
            "board = \"5x5x5\"",
            2,
            "board",
            "(Erde, Golénia and Golénia 2012); try open = true",
        ),
        (
            "board = \"16x12x4\"\nalgorithm = \"stitch\"",
            3,
            "algorithm",
            "use auto, besa or warnsdorff",
        ),
    ] {
        fs::write(
            content.join("catalogue.toml"),
            format!("[[tour]]\n{entry}\n"),
        )
        .unwrap();
        let out = tmp.path().join("site");
        let e = build(&opts(&content, &out)).unwrap_err().to_string();
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(
            e.contains(&format!("catalogue.toml: line {line}, field \"{field}\": ")),
            "{e}"
        );
        assert!(e.contains(why), "{e}");
        assert!(!out.exists(), "nothing is written: {e}");
    }
}
