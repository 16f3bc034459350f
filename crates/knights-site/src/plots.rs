//! Line plots drawn by the tool itself as SVG (the metrics page's turns / n and
//! crossings / n against n): a pure function from the numbers to a document, with the
//! paper's values as dashed reference lines. No plotting library: a plot is a few dozen
//! elements, built with the `svg` crate like the tour drawings.

use svg::node::element::{
    Circle, ClipPath, Definitions, Group, Line as SvgLine, Polyline, Rectangle, Text,
};
use svg::Document;

/// One data series: a label and its (x, y) points, in x order.
#[derive(Clone, Debug)]
pub struct Line {
    /// Shown in the legend.
    pub label: String,
    /// The points.
    pub points: Vec<(f64, f64)>,
}

/// A horizontal reference line (a value from a paper, a lower bound).
#[derive(Clone, Debug)]
pub struct Reference {
    /// Shown at its right end.
    pub label: String,
    /// Its height.
    pub value: f64,
}

/// Colours for data lines, distinguishable on white and for common colour blindness
/// (Okabe-Ito).
const PALETTE: [&str; 7] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000",
];

const LEFT: f64 = 64.0;
const TOP: f64 = 40.0;
const PLOT_W: f64 = 480.0;
const PLOT_H: f64 = 300.0;
const RIGHT: f64 = 230.0;
const LEGEND_ROW: f64 = 18.0;

/// Maps data to pixels.
struct Axes {
    x: (f64, f64),
    y: (f64, f64),
    /// The radius of the dot at each data point.
    marker: f64,
}

impl Axes {
    fn px(&self, x: f64) -> f64 {
        LEFT + (x - self.x.0) / (self.x.1 - self.x.0) * PLOT_W
    }
    fn py(&self, y: f64) -> f64 {
        TOP + PLOT_H - (y - self.y.0) / (self.y.1 - self.y.0) * PLOT_H
    }
}

/// Data lines may rise this many times above the highest reference line before the
/// plot stops following them (a quadratic series would flatten every linear one).
const HEADROOM: f64 = 2.0;

/// The plot as a standalone SVG document; lines far above the references leave it
/// at the top (see [`HEADROOM`]; [`plot_all`] shows them whole).
pub fn plot(
    title: &str,
    x_label: &str,
    y_label: &str,
    lines: &[Line],
    refs: &[Reference],
) -> String {
    let axes = axes_for(lines, refs, HEADROOM);
    plot_with(title, x_label, y_label, lines, refs, &axes)
}

/// The plot with axes tall enough for every line, however far above the references.
pub fn plot_all(
    title: &str,
    x_label: &str,
    y_label: &str,
    lines: &[Line],
    refs: &[Reference],
) -> String {
    let axes = axes_for(lines, refs, f64::INFINITY);
    plot_with(title, x_label, y_label, lines, refs, &axes)
}

/// A few points (a Pareto front): the axes fit the data with a unit of room on every
/// side rather than starting at zero, and the points are drawn large.
pub fn scatter(title: &str, x_label: &str, y_label: &str, lines: &[Line]) -> String {
    let points = || lines.iter().flat_map(|l| l.points.iter());
    let padded = |(a, b): (f64, f64)| (a.floor() - 1.0, b.ceil() + 1.0);
    let x = min_max(points().map(|p| p.0)).map_or((0.0, 1.0), padded);
    let y = min_max(points().map(|p| p.1)).map_or((0.0, 1.0), padded);
    let axes = Axes { x, y, marker: 5.0 };
    plot_with(title, x_label, y_label, lines, &[], &axes)
}

fn plot_with(
    title: &str,
    x_label: &str,
    y_label: &str,
    lines: &[Line],
    refs: &[Reference],
    axes: &Axes,
) -> String {
    let height = TOP + PLOT_H + 50.0 + LEGEND_ROW * lines.len().max(1) as f64;
    let width = LEFT + PLOT_W + RIGHT;
    let mut doc = Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .set("font-family", "sans-serif")
        .set("font-size", 12)
        .add(
            Rectangle::new()
                .set("width", width)
                .set("height", height)
                .set("fill", "white"),
        )
        .add(
            text(LEFT, 22.0, title)
                .set("font-size", 15)
                .set("font-weight", "bold"),
        )
        .add(clip_to_plot_area())
        .add(grid(axes, x_label, y_label))
        .add(references(axes, refs));
    for (i, line) in lines.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let dash = dash(i);
        doc = doc.add(data_line(axes, line, colour, dash).set("clip-path", "url(#plot-area)"));
        let y = TOP + PLOT_H + 50.0 + LEGEND_ROW * i as f64;
        let mut label = line.label.clone();
        if let Some(&(x, _)) = line.points.iter().find(|p| p.1 > axes.y.1) {
            label.push_str(&format!(" (above the plot from {} on)", fmt_tick(x)));
        }
        doc = doc
            .add(swatch(LEFT, y - 4.0, colour, dash))
            .add(text(LEFT + 26.0, y, &label));
    }
    if lines.is_empty() {
        doc = doc.add(text(
            LEFT,
            TOP + PLOT_H + 50.0,
            "no series in the catalogue",
        ));
    }
    doc.to_string()
}

/// The plot area (with room for the markers on its top edge), for clipping data lines.
fn clip_to_plot_area() -> Definitions {
    Definitions::new().add(
        ClipPath::new().set("id", "plot-area").add(
            Rectangle::new()
                .set("x", LEFT)
                .set("y", TOP - 4.0)
                .set("width", PLOT_W)
                .set("height", PLOT_H + 4.0),
        ),
    )
}

fn text(x: f64, y: f64, s: &str) -> Text {
    Text::new(s).set("x", round(x)).set("y", round(y))
}

fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// Ranges covering the data and the references, padded to round numbers.
fn axes_for(lines: &[Line], refs: &[Reference], headroom: f64) -> Axes {
    let xs = lines.iter().flat_map(|l| l.points.iter().map(|p| p.0));
    let (mut x0, mut x1) = min_max(xs).unwrap_or((0.0, 1.0));
    if x1 <= x0 {
        x0 -= 1.0;
        x1 += 1.0;
    }
    let ys = lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.1))
        .chain(refs.iter().map(|r| r.value));
    let (_, mut y1) = min_max(ys).unwrap_or((0.0, 1.0));
    if let Some((_, top_ref)) = min_max(refs.iter().map(|r| r.value)) {
        y1 = y1.min(top_ref * headroom);
    }
    let y_step = tick_step(y1.max(1.0));
    let y1 = (y1 / y_step).floor() * y_step + y_step;
    Axes {
        x: (x0, x1),
        y: (0.0, y1),
        marker: 2.5,
    }
}

fn min_max(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values
        .filter(|v| v.is_finite())
        .fold(None, |acc, v| match acc {
            None => Some((v, v)),
            Some((a, b)) => Some((a.min(v), b.max(v))),
        })
}

/// A round step giving about five ticks over `0..span`.
fn tick_step(span: f64) -> f64 {
    let raw = span / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let m = raw / mag;
    let nice = if m <= 1.0 {
        1.0
    } else if m <= 2.0 {
        2.0
    } else if m <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * mag
}

fn ticks(range: (f64, f64)) -> Vec<f64> {
    let step = tick_step(range.1 - range.0);
    let first = (range.0 / step).ceil() * step;
    let mut out = Vec::new();
    let mut v = first;
    while v <= range.1 + step * 1e-9 {
        out.push(v);
        v += step;
    }
    out
}

fn fmt_tick(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        format!("{v:.1}")
    }
}

/// Frame, grid lines, tick labels and axis titles.
fn grid(a: &Axes, x_label: &str, y_label: &str) -> Group {
    let mut g = Group::new().set("stroke-width", 1);
    for x in ticks(a.x) {
        let px = round(a.px(x));
        g = g
            .add(vline(px, TOP, TOP + PLOT_H, "#e5e5e5"))
            .add(text(px, TOP + PLOT_H + 16.0, &fmt_tick(x)).set("text-anchor", "middle"));
    }
    for y in ticks(a.y) {
        let py = round(a.py(y));
        g = g
            .add(hline(LEFT, LEFT + PLOT_W, py, "#e5e5e5"))
            .add(text(LEFT - 6.0, py + 4.0, &fmt_tick(y)).set("text-anchor", "end"));
    }
    g.add(
        Rectangle::new()
            .set("x", LEFT)
            .set("y", TOP)
            .set("width", PLOT_W)
            .set("height", PLOT_H)
            .set("fill", "none")
            .set("stroke", "#444"),
    )
    .add(text(LEFT + PLOT_W / 2.0, TOP + PLOT_H + 34.0, x_label).set("text-anchor", "middle"))
    .add(text(0.0, 0.0, y_label).set("text-anchor", "middle").set(
        "transform",
        format!("translate(16 {}) rotate(-90)", TOP + PLOT_H / 2.0),
    ))
}

fn vline(x: f64, y0: f64, y1: f64, colour: &str) -> SvgLine {
    SvgLine::new()
        .set("x1", x)
        .set("x2", x)
        .set("y1", y0)
        .set("y2", y1)
        .set("stroke", colour)
}

fn hline(x0: f64, x1: f64, y: f64, colour: &str) -> SvgLine {
    SvgLine::new()
        .set("x1", x0)
        .set("x2", x1)
        .set("y1", y)
        .set("y2", y)
        .set("stroke", colour)
}

/// Dashed lines across the plot, labelled in the right margin; labels that would
/// overlap are pushed apart.
fn references(a: &Axes, refs: &[Reference]) -> Group {
    let mut g = Group::new();
    let mut sorted: Vec<&Reference> = refs.iter().collect();
    sorted.sort_by(|p, q| q.value.total_cmp(&p.value));
    let mut last_label_y = f64::NEG_INFINITY;
    for r in sorted {
        let py = round(a.py(r.value));
        let label_y = (py + 4.0).max(last_label_y + 14.0);
        last_label_y = label_y;
        g = g
            .add(
                hline(LEFT, LEFT + PLOT_W, py, "#777")
                    .set("stroke-dasharray", "5 4")
                    .set("stroke-width", 1.2),
            )
            .add(text(LEFT + PLOT_W + 6.0, label_y, &r.label).set("fill", "#444"));
    }
    g
}

/// The dash pattern of the `i`-th line: solid for the first round of the palette,
/// then dashed, then dotted, so that two lines of one colour stay apart.
fn dash(i: usize) -> &'static str {
    match i / PALETTE.len() {
        0 => "none",
        1 => "7 4",
        _ => "2 3",
    }
}

fn data_line(a: &Axes, line: &Line, colour: &str, dash: &str) -> Group {
    let pts: Vec<String> = line
        .points
        .iter()
        .filter(|p| p.0.is_finite() && p.1.is_finite())
        .map(|&(x, y)| format!("{},{}", round(a.px(x)), round(a.py(y))))
        .collect();
    let mut g = Group::new().add(
        Polyline::new()
            .set("points", pts.join(" "))
            .set("fill", "none")
            .set("stroke", colour)
            .set("stroke-width", 2)
            .set("stroke-dasharray", dash),
    );
    for &(x, y) in &line.points {
        if x.is_finite() && y.is_finite() {
            g = g.add(
                Circle::new()
                    .set("cx", round(a.px(x)))
                    .set("cy", round(a.py(y)))
                    .set("r", a.marker)
                    .set("fill", colour),
            );
        }
    }
    g
}

fn swatch(x: f64, y: f64, colour: &str, dash: &str) -> SvgLine {
    hline(x, x + 20.0, y, colour)
        .set("stroke-width", 3)
        .set("stroke-dasharray", dash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_one_colour_differ_in_their_dashes() {
        let lines: Vec<Line> = (0..9)
            .map(|i| Line {
                label: format!("l{i}"),
                points: vec![(1.0, i as f64), (2.0, i as f64)],
            })
            .collect();
        let s = plot("t", "n", "y", &lines, &[]);
        let styles: Vec<(&str, &str)> = (0..9).map(|i| (PALETTE[i % 7], dash(i))).collect();
        for (i, a) in styles.iter().enumerate() {
            assert!(
                styles[..i].iter().all(|b| b != a),
                "line {i} looks like another"
            );
        }
        assert_eq!(
            s.matches("stroke-dasharray=\"7 4\"").count(),
            2 * 2,
            "two lines and swatches"
        );
    }

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        assert_eq!(ticks((0.0, 14.0)), vec![0.0, 5.0, 10.0]);
        assert_eq!(ticks((0.0, 20.0)), vec![0.0, 5.0, 10.0, 15.0, 20.0]);
        assert_eq!(ticks((16.0, 200.0)), vec![50.0, 100.0, 150.0, 200.0]);
    }

    #[test]
    fn labels_are_escaped_and_references_drawn() {
        let s = plot(
            "turns / n",
            "n",
            "turns / n",
            &[Line {
                label: "a <b>".into(),
                points: vec![(16.0, 10.0), (20.0, 9.9)],
            }],
            &[Reference {
                label: "(6 − ε)n asymptotic lower bound".into(),
                value: 6.0,
            }],
        );
        assert!(s.contains("a &lt;b&gt;"));
        assert!(!s.contains("<b>"));
        assert!(s.contains("stroke-dasharray"));
        assert!(s.contains("(6 − ε)n asymptotic lower bound"));
    }

    #[test]
    fn lines_far_above_the_references_leave_the_plot_with_a_note() {
        let line = |label: &str, k: f64| Line {
            label: label.into(),
            points: (1..=10).map(|i| (i as f64 * 10.0, k * i as f64)).collect(),
        };
        let refs = [Reference {
            label: "r".into(),
            value: 10.0,
        }];
        let s = plot(
            "t",
            "n",
            "y",
            &[line("flat", 1.0), line("steep", 5.0)],
            &refs,
        );
        assert!(s.contains("steep (above the plot from 60 on)"), "{s}");
        assert!(!s.contains("flat (above"));
        assert!(s.contains("clip-path=\"url(#plot-area)\""));
    }
}
