//! The metrics page's data: one row per series member (turns and crossings, per n and
//! against the lower bound on turns proved for each board), shipped as the page's table, as CSV and JSON
//! downloads, and as the two plots (turns / n and crossings / n against n, with the
//! paper's values as reference lines), each as SVG, PNG and PDF (the PNG and PDF
//! through the build cache, made again only when the SVG changed).

use std::path::Path;

use rayon::prelude::*;
use serde::Serialize;

use super::number::number;
use super::scale::{mean_side, per_n, per_name};
use crate::cache::Cache;
use crate::files;
use crate::plan::{Job, Plan};
use crate::plots;
use crate::tours::Built;
use knights_core::Error;

/// One row of the metrics table (and of its CSV and JSON downloads).
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The series' slug.
    pub series: String,
    /// The construction that made the tour.
    pub algorithm: String,
    /// `WxH` or `WxHxD...`.
    pub board: String,
    /// The board's number of sides d (2 on the plane).
    pub sides: usize,
    /// The board's n: the mean of its sides (see [`mean_side`]).
    pub n: f64,
    /// Cells.
    pub cells: u64,
    /// Turns.
    pub turns: u64,
    /// Crossings.
    pub crossings: u64,
    /// Turns / n^(d-1) (turns / n on the plane, see [`per_n`]).
    pub turns_per_n: f64,
    /// Crossings / n^(d-1).
    pub crossings_per_n: f64,
    /// The lower bound on turns proved for the board (every edge cell turns: see
    /// [`knights_core::metrics::bounds::edge_source`]); none is proved for crossings.
    pub turn_bound: Option<f64>,
    /// Turns / that bound.
    pub turns_to_bound: Option<f64>,
    /// The tour's page, relative to the site root.
    pub page: String,
}

/// The metrics page's data: one row per series member, and the series' headings.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// `(slug, title, algorithm)` of each series.
    pub series: Vec<(String, String, String)>,
    /// The rows, series by series.
    pub rows: Vec<Row>,
}

/// Collects the series' numbers.
pub fn table(plan: &Plan, built: &[Built]) -> Table {
    let mut out = Table::default();
    for s in &plan.series {
        let mut algos = Vec::new();
        for &i in &s.members {
            let (job, b) = (&plan.jobs[i], &built[i]);
            algos.push(b.algorithm.clone());
            out.rows.push(row(&s.slug, job, b));
        }
        algos.sort();
        algos.dedup();
        let algo = if algos.is_empty() {
            s.algorithm.clone()
        } else {
            algos.join(", ")
        };
        out.series.push((s.slug.clone(), s.title.clone(), algo));
    }
    out
}

/// The row of `job` (built as `b`) in the series `series`.
fn row(series: &str, job: &Job, b: &Built) -> Row {
    let sides = job.target.sides();
    let m = &b.metrics;
    let turns = m.turns_to_bound.as_ref();
    Row {
        series: series.to_string(),
        algorithm: b.algorithm.clone(),
        board: job.target.board_name(),
        sides: sides.len(),
        n: mean_side(&sides),
        cells: m.cells,
        turns: m.turns,
        crossings: m.crossings,
        turns_per_n: per_n(m.turns, &sides),
        crossings_per_n: per_n(m.crossings, &sides),
        turn_bound: turns.map(|r| r.bound),
        turns_to_bound: turns.map(|r| r.ratio),
        page: format!("tours/{}.html", job.slug),
    }
}

impl Row {
    /// The row as the metrics page's template reads it: the numbers formatted.
    pub fn for_page(&self) -> serde_json::Value {
        serde_json::json!({
            "series": self.series, "board": self.board, "n": number(self.n), "cells": self.cells,
            "per": per_name(self.sides),
            "turns": self.turns, "crossings": self.crossings, "page": self.page,
            "turns_per_n": number(self.turns_per_n),
            "crossings_per_n": number(self.crossings_per_n),
            "turn_bound": self.turn_bound.map(number),
            "turns_to_bound": self.turns_to_bound.map(number),
        })
    }
}

/// The metrics table as CSV.
pub fn csv(rows: &[Row]) -> String {
    let mut s = String::from(
        "series,algorithm,board,n,cells,turns,crossings,turns_per_n,crossings_per_n,turn_bound,turns_to_bound,sides\n",
    );
    let opt = |v: Option<f64>, digits: usize| v.map_or(String::new(), |v| format!("{v:.digits$}"));
    for r in rows {
        s.push_str(&format!(
            "{},{},{},{},{},{},{},{:.6},{:.6},{},{},{}\n",
            csv_field(&r.series),
            csv_field(&r.algorithm),
            r.board,
            r.n,
            r.cells,
            r.turns,
            r.crossings,
            r.turns_per_n,
            r.crossings_per_n,
            opt(r.turn_bound, 1),
            opt(r.turns_to_bound, 6),
            r.sides,
        ));
    }
    s
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Writes the table as `metrics.csv` and `metrics.json`, and the plots into `plots/`,
/// under `dir` (the staging folder).
pub fn write(dir: &Path, table: &Table, cache: &Cache) -> Result<(), Error> {
    files::write(&dir.join("metrics.csv"), csv(&table.rows).as_bytes())?;
    let json = serde_json::to_string_pretty(&table.rows).expect("rows serialise");
    files::write(&dir.join("metrics.json"), json.as_bytes())?;
    plots_of(table, plots::WIDE)
        .par_iter()
        .try_for_each(|(name, svg)| write_plot(dir, name, svg, cache))?;
    // For phones: the same plots laid out to be read at a phone's width (SVG only).
    for (name, svg) in plots_of(table, plots::NARROW) {
        files::write(
            &dir.join(format!("plots/{name}-narrow.svg")),
            svg.as_bytes(),
        )?;
    }
    Ok(())
}

/// The four plots in `frame`, by file stem: each measure scaled to the references (the
/// lines that rise far above them left off) and scaled to every line.
///
/// A board of d sides is plotted against the mean of its sides n, its counts divided
/// by n^(d-1): a tour whose counts grow with the boundary of its levels times their
/// number (the formation tour on every level) stays level, as 2-D tours' counts / n do.
fn plots_of(table: &Table, frame: plots::Frame) -> [(&'static str, String); 4] {
    let (turn_bound, crossing_bound) = knights_core::metrics::bounds::per_n();
    let turn_lines = lines(table, |r| r.turns_per_n);
    let turn_refs = [
        reference("9.5n plain formation", 9.5),
        reference("9.25n optimized heels", 9.25),
        reference(
            &format!("({turn_bound} − ε)n asymptotic lower bound"),
            turn_bound,
        ),
    ];
    let crossing_lines = lines(table, |r| r.crossings_per_n);
    let crossing_refs = [
        reference("13n plain formation", 13.0),
        reference("12n optimized heels", 12.0),
        reference(
            &format!("{crossing_bound}n − O(1) asymptotic lower bound"),
            crossing_bound,
        ),
    ];
    let (t, c) = ("Turns per side length", "Crossings per side length");
    let (n, tn, cn) = (
        "n (the mean of the board's sides)",
        "turns / n^(d−1) (d sides; turns / n on the plane)",
        "crossings / n^(d−1) (inside levels when d ≥ 3)",
    );
    [
        (
            "turns",
            plots::plot(frame, t, n, tn, &turn_lines, &turn_refs),
        ),
        (
            "turns-all",
            plots::plot_all(frame, t, n, tn, &turn_lines, &turn_refs),
        ),
        (
            "crossings",
            plots::plot(frame, c, n, cn, &crossing_lines, &crossing_refs),
        ),
        (
            "crossings-all",
            plots::plot_all(frame, c, n, cn, &crossing_lines, &crossing_refs),
        ),
    ]
}

/// One line per series: its members' `value` against n.
fn lines(table: &Table, value: fn(&Row) -> f64) -> Vec<plots::Line> {
    table
        .series
        .iter()
        .map(|(slug, title, algo)| plots::Line {
            label: series_label(title, algo, &table.rows, slug),
            points: table
                .rows
                .iter()
                .filter(|r| &r.series == slug)
                .map(|r| (r.n, value(r)))
                .collect(),
        })
        .collect()
}

/// A reference line.
fn reference(label: &str, value: f64) -> plots::Reference {
    plots::Reference {
        label: label.to_string(),
        value,
    }
}

/// A series' name in the plots' legends, saying what its counts are divided by when
/// that is not n (a series of boards of three or more sides).
fn series_label(title: &str, algo: &str, rows: &[Row], slug: &str) -> String {
    match rows.iter().find(|r| r.series == slug) {
        Some(r) if r.sides > 2 => {
            format!("{title} ({algo}; counts / {})", per_name(r.sides))
        }
        _ => format!("{title} ({algo})"),
    }
}

/// The plot `name` as `plots/<name>.svg`, `.png` and `.pdf`.
/// The plot `name` as SVG, and as PNG and PDF made from it, or taken from the build
/// cache when the same SVG made them before.
fn write_plot(dir: &Path, name: &str, svg: &str, cache: &Cache) -> Result<(), Error> {
    files::write(&dir.join(format!("plots/{name}.svg")), svg.as_bytes())?;
    let key = Cache::key(&("plot", name, svg));
    cache.files(&key, dir, || {
        let (png, pdf) = (format!("plots/{name}.png"), format!("plots/{name}.pdf"));
        let bytes = knights_render::svg_to_png(svg, knights_render::Resolution::Width(1600))?;
        files::write(&dir.join(&png), &bytes)?;
        files::write(&dir.join(&pdf), &knights_render::svg_to_pdf(svg)?)?;
        Ok(vec![png, pdf])
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_what_needs_quoting() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("plain"), "plain");
    }
}
