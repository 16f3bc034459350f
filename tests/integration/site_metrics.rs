//! The fixture gallery's numbers: each tour page's table, the metrics table and its CSV
//! and JSON say what `knights metrics` says of the tour files the gallery publishes.

use std::fs;

use super::site::{build_fixture, files};

/// `(data-metric name, value)` pairs of a page's table cells.
fn metric_cells(html: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("data-metric=\"") {
        rest = &rest[i + 13..];
        let name_end = rest.find('"').unwrap();
        let name = rest[..name_end].to_string();
        let open_end = rest.find('>').unwrap();
        let close = rest.find("</").unwrap();
        out.push((name, rest[open_end + 1..close].trim().to_string()));
        rest = &rest[close..];
    }
    out
}

/// `knights metrics FILE --json`: what the command line says about a tour file.
fn knights_metrics(input: &str) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(["metrics", input, "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "knights metrics {input}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A fraction as the pages show it: three decimals at most, no trailing zeros.
fn shown(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[test]
fn the_tables_show_the_metrics_of_the_published_tours() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    build_fixture(&out);
    let (mut tours, mut besa) = (0, 0);
    for page in files(&out).iter().filter(|f| f.starts_with("tours/")) {
        let slug = page.trim_start_matches("tours/").trim_end_matches(".html");
        let m = knights_metrics(&out.join(format!("files/{slug}.json")).to_string_lossy());
        let cells = metric_cells(&fs::read_to_string(out.join(page)).unwrap());
        let get = |k: &str| {
            cells
                .iter()
                .find(|(n, _)| n == k)
                .unwrap_or_else(|| panic!("{page}: no {k}"))
                .1
                .clone()
        };
        for k in [
            "board",
            "algorithm",
            "cells",
            "turns",
            "crossings",
            "longest_run",
            "turn_lower_bound",
        ] {
            let want = m[k]
                .as_str()
                .map_or_else(|| m[k].to_string(), str::to_string);
            assert_eq!(get(k), want, "{page}: {k}");
        }
        let ratio = shown(m["turn_ratio"].as_f64().unwrap());
        assert_eq!(get("turn_ratio"), ratio, "{page}");
        // The bound on turns names the same source as `knights metrics`; the paper's
        // asymptotic bounds are shown, never divided by, where they concern the tour.
        let r = &m["turns_to_bound"];
        assert_eq!(
            get("turn_lower_bound"),
            r["bound"].as_f64().unwrap().to_string()
        );
        let html = fs::read_to_string(out.join(page)).unwrap();
        let source = r["source"].as_str().unwrap();
        let text = html.replace("&#39;", "'").replace("&#x27;", "'");
        assert!(text.contains(&format!("({source})")), "{page}: {source}");
        let asymptotic = m["asymptotic"].as_array().unwrap();
        for a in asymptotic {
            let key = format!("asymptotic_{}", a["measure"].as_str().unwrap());
            assert!(cells.iter().any(|(n, _)| *n == key), "{page}: {key}");
        }
        if asymptotic.is_empty() {
            assert!(!html.contains("Theorem"), "{page}");
        }
        let closed = m["closed"].as_bool().unwrap();
        assert_eq!(
            get("closed"),
            if closed { "closed" } else { "open" },
            "{page}"
        );
        // The formation tours are deterministic: the page equals the board's metrics.
        if slug.ends_with("-besa") {
            let by_board = knights_metrics(&get("board"));
            assert_eq!(by_board["turns"], m["turns"], "{page}");
            assert_eq!(by_board["crossings"], m["crossings"], "{page}");
            besa += 1;
        }
        assert!(get("verified").starts_with("yes"), "{page}");
        tours += 1;
    }
    assert_eq!((tours, besa), (8, 2));
    // The metrics table, its CSV and its JSON agree with the tour files.
    let rows: Vec<serde_json::Value> =
        serde_json::from_str(&fs::read_to_string(out.join("metrics.json")).unwrap()).unwrap();
    assert_eq!(rows.len(), 3, "the series has 6x6, 8x8 and 10x10");
    let csv = fs::read_to_string(out.join("metrics.csv")).unwrap();
    assert_eq!(csv.lines().count(), 4);
    let metrics_html = fs::read_to_string(out.join("metrics.html")).unwrap();
    for (row, line) in rows.iter().zip(csv.lines().skip(1)) {
        let page = row["page"].as_str().unwrap();
        let slug = page.trim_start_matches("tours/").trim_end_matches(".html");
        let m = knights_metrics(&out.join(format!("files/{slug}.json")).to_string_lossy());
        assert_eq!(row["turns"], m["turns"]);
        assert_eq!(row["crossings"], m["crossings"]);
        let cols: Vec<&str> = line.split(',').collect();
        assert_eq!(
            (cols[5], cols[6]),
            (&*m["turns"].to_string(), &*m["crossings"].to_string())
        );
        let cells = format!(
            "<td data-metric=\"turns\">{}</td><td data-metric=\"crossings\">{}</td>",
            m["turns"], m["crossings"]
        );
        assert!(metrics_html.contains(&cells), "metrics.html lacks {cells}");
        let ratio = |key: &str| shown(m[key]["ratio"].as_f64().unwrap());
        assert_eq!(
            cols[10],
            format!("{:.6}", m["turns_to_bound"]["ratio"].as_f64().unwrap())
        );
        let cell = format!(
            "<td data-metric=\"turns_to_bound\">{}</td>",
            ratio("turns_to_bound")
        );
        assert!(metrics_html.contains(&cell), "metrics.html lacks {cell}");
    }
}
