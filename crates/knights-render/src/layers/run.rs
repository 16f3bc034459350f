//! The longest-run layer (`--show run`): a band under each longest straight run of the
//! tour, the leaps `knights metrics` counts as its `longest run`, like a highlighter
//! under the tour's line, edged in a darker shade of its colour so that the pale band
//! stands out from the squares. Each run is one path (`class="run"`, `data-leaps` its
//! leaps) through its cells, broken where a band's leap crosses the seam.

use svg::node::element::{Group, Path};

use super::{Canvas, Depth, Kind};
use crate::frame::{num, Frame};
use crate::legend::{line, stroke, Entry, Spot};
use crate::theme::{Field, Size, Theme, Value};
use knights_core::metrics;
use knights_core::verify::Verified;
use knights_core::Error;

/// The width of the band.
const WIDTH: Field = Field {
    table: "markers",
    key: "run",
    default: Value::Size(Size {
        cells: 0.28,
        min: 2.5,
        max: 9.0,
        limit: 0.4,
    }),
};

/// The colour of the band.
const COLOUR: Field = Field {
    table: "markers",
    key: "run_colour",
    default: Value::Colour("#f6b93b"),
};

/// A band under each longest straight run.
pub struct Run;

impl Kind for Run {
    fn name(&self) -> &'static str {
        "run"
    }

    /// It singles out what one measure counts, over the marks `all` shows already:
    /// shown when named.
    fn in_all(&self) -> bool {
        false
    }

    fn fields(&self) -> &'static [Field] {
        &[WIDTH, COLOUR]
    }

    /// Under the tour's line, like a highlighter.
    fn depth(&self) -> Depth {
        Depth(10)
    }

    /// None on an overview: its cells are too small to single out.
    fn draw(&self, c: &Canvas) -> Result<Option<Group>, Error> {
        let shown = !c.overview && c.has_line();
        Ok(shown.then(|| c.clip(layer(c.tour, c.frame, c.theme))))
    }

    /// A band of the theme's least width, a share of the square at most.
    fn legible_from(&self, theme: &Theme) -> f64 {
        crate::paper::legible_from(&theme.size(&WIDTH), 0.0)
    }

    fn legend_rank(&self) -> u8 {
        30
    }

    fn legend(&self, c: &Canvas) -> Vec<Entry> {
        if c.overview || !c.has_line() {
            return Vec::new();
        }
        let t = c.tour;
        let run = metrics::longest_run(t.grid(), t.path(), t.is_closed());
        let leaps = if run == 1 { "leap" } else { "leaps" };
        let label = format!("the longest straight run: {run} {leaps}");
        vec![Entry::new(label, icon)]
    }
}

/// A stretch of line over its band.
fn icon(at: Spot, theme: &Theme) -> Group {
    let width = at.fs * 0.55;
    let rim = line(at, &edge(theme), width * RIM).set("class", "legend-run-edge");
    let band = line(at, theme.colour(&COLOUR), width).set("class", "legend-run");
    Group::new()
        .add(rim)
        .add(band)
        .add(line(at, &theme.tour.colour, stroke(at)))
}

/// The band's width with its edge, over the band's.
const RIM: f64 = 1.3;

/// The colour of the band's edge: the band's own, darkened until it stands out 3:1
/// against the squares and the page, so that a highlighter's pale band is still seen
/// (the tour's line on it keeps its contrast with the band itself).
fn edge(theme: &Theme) -> String {
    let parse = |c: &str| crate::colour::parse(c).unwrap_or(crate::colour::Rgb(255, 255, 255));
    let b = &theme.board;
    let grounds = [
        b.light.as_str(),
        b.dark.as_str(),
        theme.page.background.as_str(),
    ]
    .map(parse);
    crate::colour::darkened(parse(theme.colour(&COLOUR)), &grounds, 3.2).hex()
}

/// A band under every longest straight run.
pub fn layer(tour: &Verified, frame: &Frame, theme: &Theme) -> Group {
    let mut g = Group::new()
        .set("class", "runs")
        .set("fill", "none")
        .set("stroke", theme.colour(&COLOUR))
        .set("stroke-width", num(frame.size(&theme.size(&WIDTH))))
        .set("stroke-linecap", "round")
        .set("stroke-linejoin", "round");
    let (edge, width) = (edge(theme), frame.size(&theme.size(&WIDTH)));
    for (start, leaps) in metrics::longest_runs(tour.grid(), tour.path(), tour.is_closed()) {
        let d = path_data(tour, frame, start, leaps as usize);
        g = g
            .add(
                Path::new()
                    .set("class", "run-edge")
                    .set("stroke", edge.as_str())
                    .set("stroke-width", num(width * RIM))
                    .set("d", d.as_str()),
            )
            .add(
                Path::new()
                    .set("class", "run")
                    .set("data-leaps", leaps)
                    .set("d", d),
            );
    }
    g
}

/// The path data of the run of `leaps` leaps from path position `start`: a line from
/// cell to cell, a new subpath after a leap longer than the leaper's (across a band's
/// seam, where the drawing would otherwise cross the board).
fn path_data(tour: &Verified, frame: &Frame, start: usize, leaps: usize) -> String {
    let (b, p) = (tour.board(), tour.path());
    let (a, c) = b.leaper().steps();
    let reach = i64::from(a.max(c));
    let mut d = String::new();
    let mut last: Option<(i64, i64)> = None;
    for i in start..=start + leaps {
        let (x, y) = frame.cell(b.xy(p[i % p.len()]));
        let joined = last.is_some_and(|(u, v)| (x - u).abs() <= reach && (y - v).abs() <= reach);
        d.push_str(&format!("{}{x} {y}", if joined { "L" } else { "M" }));
        last = Some((x, y));
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::tour;

    /// The points of a path's data `M x yL x y...`, each subpath apart.
    fn subpaths(d: &str) -> Vec<Vec<(i64, i64)>> {
        let mut out: Vec<Vec<(i64, i64)>> = Vec::new();
        let mut rest = d;
        while let Some(c) = rest.chars().next() {
            let end = rest[1..].find(['M', 'L']).map_or(rest.len(), |i| i + 1);
            let mut xy = rest[1..end].split(' ').map(|v| v.parse::<i64>().unwrap());
            let p = (xy.next().unwrap(), xy.next().unwrap());
            match c {
                'M' => out.push(vec![p]),
                _ => out.last_mut().unwrap().push(p),
            }
            rest = &rest[end..];
        }
        out
    }

    /// Each band runs along `longest_run` leaps of the tour, all of one vector, through
    /// consecutive cells of the path; on closed and open tours, and across a band's seam.
    #[test]
    fn the_run_layer_marks_runs_of_exactly_the_longest_run() {
        let theme = Theme::load("web").unwrap();
        for name in [
            "6x6.json",
            "8x8.json",
            "5x5-open.json",
            "40x40.json",
            "10x8-cylinder.json",
        ] {
            let t = tour(name);
            let longest = metrics::measure(&t).longest_run;
            let frame = Frame::new(t.board(), &theme, false);
            let svg = layer(&t, &frame, &theme).to_string();
            let runs: Vec<&str> = svg.split("class=\"run\"").skip(1).collect();
            assert!(!runs.is_empty(), "{name}");
            let (b, p) = (t.board(), t.path());
            let at: std::collections::HashMap<(i64, i64), usize> = (p.iter().enumerate())
                .map(|(i, &c)| (frame.cell(b.xy(c)), i))
                .collect();
            for run in runs {
                assert!(
                    run.contains(&format!("data-leaps=\"{longest}\"")),
                    "{name}: {run}"
                );
                let d = &run[run.find("d=\"").unwrap() + 3..];
                let pieces = subpaths(&d[..d.find('"').unwrap()]);
                let points: Vec<(i64, i64)> = pieces.iter().flatten().copied().collect();
                assert_eq!(points.len() as u64, longest + 1, "{name}: {run}");
                // Consecutive cells of the path (either way round), every leap alike.
                let steps: Vec<usize> = points.iter().map(|q| at[q]).collect();
                let n = p.len();
                let forward = steps.windows(2).all(|w| w[1] == (w[0] + 1) % n);
                let backward = steps.windows(2).all(|w| w[0] == (w[1] + 1) % n);
                assert!(forward || backward, "{name}: {steps:?}");
                let leap = |i: usize| {
                    let (a, z) = (b.xy(p[steps[i]]), b.xy(p[steps[i + 1]]));
                    (
                        i64::from(z.0) - i64::from(a.0),
                        i64::from(z.1) - i64::from(a.1),
                    )
                };
                let first = leap(0);
                let same = |v: (i64, i64)| {
                    // Across a band's seam a leap's x wraps by the board's width.
                    let w = i64::from(b.width());
                    v.1 == first.1 && (v.0 - first.0).rem_euclid(w) == 0
                };
                assert!(
                    (0..steps.len() - 1).all(|i| same(leap(i))),
                    "{name}: {steps:?}"
                );
                if !b.topology().wraps() {
                    assert_eq!(pieces.len(), 1, "{name}: one line");
                }
            }
        }
    }
}
