//! Line plots drawn by the tool itself as SVG (the metrics page's turns / n and
//! crossings / n against n): a pure function from the numbers to a document, with the
//! paper's values as dashed reference lines. No plotting library: a plot is a few dozen
//! elements, built with the `svg` crate like the tour drawings.

mod marks;
mod scale;

use svg::node::element::{ClipPath, Definitions, Group, Rectangle};
use svg::Document;

use marks::{data_line, grid, references, sorted_refs, swatch, text};
use scale::{axes_for, fmt_value, min_max, Axes};

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
/// (Okabe-Ito), each at least 3:1 against the white plot (the WCAG's contrast for
/// graphics): the lighter ones darkened in their own hue, as the drawings' palette.
const PALETTE: [&str; 7] = [
    "#0072b2", "#c15500", "#008661", "#a36085", "#9c6c00", "#3b7ca0", "#000000",
];

/// Where a plot puts its parts, in pixels: the wide layout of a desktop page and its
/// PDF and PNG downloads, and a narrow one for phones, whose text stays legible at a
/// phone's width (the wide plot shrunk to 340 px made 12 px text 5 px).
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    left: f64,
    top: f64,
    plot_w: f64,
    plot_h: f64,
    /// The margin right of the plot, for the reference lines' labels.
    right: f64,
    /// Legend labels longer than this many characters wrap onto further rows.
    wrap: usize,
    /// The reference lines are labelled at their right end (or else in the legend, as
    /// "- - 9.5: ..." with the value above the line inside the plot).
    refs_at_right: bool,
}

/// The desktop layout.
pub const WIDE: Frame = Frame {
    left: 64.0,
    top: 40.0,
    plot_w: 480.0,
    plot_h: 300.0,
    right: 240.0,
    wrap: 90,
    refs_at_right: true,
};

/// The phone layout: as wide as a phone's page, shown at about its own size.
pub const NARROW: Frame = Frame {
    left: 50.0,
    top: 40.0,
    plot_w: 262.0,
    plot_h: 280.0,
    right: 48.0,
    wrap: 40,
    refs_at_right: false,
};

const LEGEND_ROW: f64 = 18.0;
const FONT: f64 = 12.0;

/// A line is drawn on the plot scaled to the references while its highest point stays
/// below this many times the highest reference; steeper lines (a quadratic series
/// would flatten every linear one) are left off it, and [`plot_all`] shows them.
const HEADROOM: f64 = 3.0;

/// The plot as a standalone SVG document, its axes fitting the references and every
/// line it shows; lines far above the references are left off (see [`HEADROOM`];
/// the legend names them and [`plot_all`] shows them).
pub fn plot(
    frame: Frame,
    title: &str,
    x_label: &str,
    y_label: &str,
    lines: &[Line],
    refs: &[Reference],
) -> String {
    let top_ref = refs
        .iter()
        .map(|r| r.value)
        .fold(f64::NEG_INFINITY, f64::max);
    let limit = if top_ref.is_finite() {
        top_ref * HEADROOM
    } else {
        f64::INFINITY
    };
    let shown = |l: &Line| l.points.iter().all(|p| p.1 <= limit);
    let axes = axes_for(frame, lines.iter().filter(|l| shown(l)), refs);
    plot_with(title, x_label, y_label, lines, refs, &axes, &shown)
}

/// The plot with axes tall enough for every line, however far above the references.
pub fn plot_all(
    frame: Frame,
    title: &str,
    x_label: &str,
    y_label: &str,
    lines: &[Line],
    refs: &[Reference],
) -> String {
    let axes = axes_for(frame, lines.iter(), refs);
    plot_with(title, x_label, y_label, lines, refs, &axes, &|_| true)
}

/// A few points (a Pareto front): the axes fit the data with a unit of room on every
/// side rather than starting at zero, and the points are drawn large.
pub fn scatter(title: &str, x_label: &str, y_label: &str, lines: &[Line]) -> String {
    let points = || lines.iter().flat_map(|l| l.points.iter());
    let padded = |(a, b): (f64, f64)| (a.floor() - 1.0, b.ceil() + 1.0);
    let x = min_max(points().map(|p| p.0)).map_or((0.0, 1.0), padded);
    let y = min_max(points().map(|p| p.1)).map_or((0.0, 1.0), padded);
    let axes = Axes {
        frame: WIDE,
        x,
        y,
        marker: 5.0,
    };
    plot_with(title, x_label, y_label, lines, &[], &axes, &|_| true)
}

/// `text` cut into rows of at most `width` characters at spaces (a longer word keeps
/// a row of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match rows.last_mut() {
            Some(row) if row.chars().count() + 1 + word.chars().count() <= width => {
                row.push(' ');
                row.push_str(word);
            }
            _ => rows.push(word.to_string()),
        }
    }
    rows
}

/// One entry of the legend: its swatch and label rows, and the series it names.
struct Entry {
    colour: &'static str,
    dash: &'static str,
    rows: Vec<String>,
    series: Option<String>,
}

/// Whether `line` has a point to draw: a series with none is neither drawn nor named
/// in the legend.
fn drawn(line: &Line) -> bool {
    line.points
        .iter()
        .any(|p| p.0.is_finite() && p.1.is_finite())
}

/// How the `i`-th of `lines` is drawn: its colour, its dash, and whether its markers
/// are hollow. A series whose every point lies on an earlier drawn series (a proved
/// optimum equal to the solver's bound) is drawn dashed over it, its markers hollow,
/// so that both show.
fn look(lines: &[Line], i: usize) -> (&'static str, &'static str, bool) {
    let points = |l: &Line| -> Vec<(u64, u64)> {
        (l.points.iter())
            .filter(|p| p.0.is_finite() && p.1.is_finite())
            .map(|p| (p.0.to_bits(), p.1.to_bits()))
            .collect()
    };
    let mine = points(&lines[i]);
    let covers = (lines[..i].iter().filter(|l| drawn(l)))
        .any(|l| !mine.is_empty() && mine.iter().all(|p| points(l).contains(p)));
    let colour = PALETTE[i % PALETTE.len()];
    if covers {
        (colour, COINCIDING, true)
    } else {
        (colour, dash(i), false)
    }
}

/// The dash of a series drawn over an earlier one through the same points.
const COINCIDING: &str = "6 5";

/// The legend's entries: every line (saying so when it is left off), then, in a frame
/// with no room right of the plot, the references.
fn legend(
    f: &Frame,
    lines: &[Line],
    refs: &[Reference],
    shown: &dyn Fn(&Line) -> bool,
) -> Vec<Entry> {
    let mut entries = Vec::new();
    for (i, line) in lines.iter().enumerate().filter(|(_, l)| drawn(l)) {
        let (colour, dash, _) = look(lines, i);
        let mut label = line.label.clone();
        if !shown(line) {
            label.push_str(" (far above this scale: see the plot of every series)");
        }
        entries.push(Entry {
            colour,
            dash,
            rows: wrap(&label, f.wrap),
            // An entry for a series left off this plot says so: it is no key to a mark.
            series: shown(line).then(|| line.label.clone()),
        });
    }
    if !f.refs_at_right {
        for r in sorted_refs(refs) {
            entries.push(Entry {
                colour: "#777",
                dash: "5 4",
                rows: wrap(&format!("{}: {}", fmt_value(r.value), r.label), f.wrap),
                series: None,
            });
        }
    }
    entries
}

/// The plot on `axes`, drawing the lines `shown` keeps, with its title and legend.
fn plot_with(
    title: &str,
    x_label: &str,
    y_label: &str,
    lines: &[Line],
    refs: &[Reference],
    axes: &Axes,
    shown: &dyn Fn(&Line) -> bool,
) -> String {
    let f = axes.frame;
    let entries = legend(&f, lines, refs, shown);
    let legend_top = f.top + f.plot_h + 50.0;
    let rows: usize = entries.iter().map(|e| e.rows.len()).sum();
    let height = legend_top + LEGEND_ROW * rows.max(1) as f64;
    let width = f.left + f.plot_w + f.right;
    let mut doc = Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .set("font-family", "sans-serif")
        .set("font-size", FONT)
        .add(
            Rectangle::new()
                .set("width", width)
                .set("height", height)
                .set("fill", "white"),
        )
        .add(
            text(f.left, 22.0, title)
                .set("font-size", title_size(title, width - f.left - 6.0))
                .set("font-weight", "bold"),
        )
        .add(clip_to_plot_area(&f))
        .add(grid(axes, x_label, y_label))
        .add(references(axes, refs));
    for (i, line) in lines
        .iter()
        .enumerate()
        .filter(|(_, l)| shown(l) && drawn(l))
    {
        let (colour, dash, hollow) = look(lines, i);
        let g = data_line(axes, line, colour, dash, hollow)
            .set("clip-path", "url(#plot-area)")
            .set("data-mark", line.label.as_str());
        doc = doc.add(g);
    }
    let mut y = legend_top;
    for e in &entries {
        let mut entry = Group::new().add(swatch(f.left, y - 4.0, e.colour, e.dash));
        for row in &e.rows {
            entry = entry.add(text(f.left + 26.0, y, row));
            y += LEGEND_ROW;
        }
        if let Some(series) = &e.series {
            entry = entry.set("data-legend", series.as_str());
        }
        doc = doc.add(entry);
    }
    if !lines.iter().any(drawn) {
        doc = doc.add(text(f.left, legend_top, "no series in the catalogue"));
    }
    knights_render::xml_safe(doc.to_string())
}

/// The title's font size: 15 px, or less where the title would run past `room` px
/// (a long title on a phone's plot), measured with the bundled font (bold sets about a
/// tenth wider than the regular face it is measured in).
fn title_size(title: &str, room: f64) -> f64 {
    let wide = knights_render::parts::text_width(title, 15.0) * 1.1;
    (15.0 * (room / wide).min(1.0) * 10.0).floor() / 10.0
}

/// The plot area (with room for the markers on its top edge), for clipping data lines.
fn clip_to_plot_area(f: &Frame) -> Definitions {
    Definitions::new().add(
        ClipPath::new().set("id", "plot-area").add(
            Rectangle::new()
                .set("x", f.left)
                .set("y", f.top - 4.0)
                .set("width", f.plot_w)
                .set("height", f.plot_h + 4.0),
        ),
    )
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

#[cfg(test)]
mod tests {
    use super::marks::text_width;
    use super::*;

    /// The box of every `<text>` of an SVG document written by this module, estimated
    /// from its position, anchor, font size and length: (left, top, right, bottom, text).
    fn text_boxes(svg: &str) -> Vec<(f64, f64, f64, f64, String)> {
        let attr = |tag: &str, name: &str| -> Option<String> {
            let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
            Some(tag[at..at + tag[at..].find('"')?].to_string())
        };
        let mut out = Vec::new();
        for part in svg.split("<text").skip(1) {
            let (tag, rest) = part.split_once('>').unwrap();
            let content = rest.split("</text>").next().unwrap().trim().to_string();
            let num = |name| attr(tag, name).map_or(0.0, |v| v.parse::<f64>().unwrap());
            let size = attr(tag, "font-size").map_or(FONT, |v| v.parse().unwrap());
            let w = text_width(&content, size);
            let (mut x, mut y) = (num("x"), num("y"));
            let left = match attr(tag, "text-anchor").as_deref() {
                Some("middle") => -w / 2.0,
                Some("end") => -w,
                _ => 0.0,
            };
            // Along the baseline: left..left + w; across: 0.8 em above, 0.25 below.
            let (a, b) = ((left, -0.8 * size), (left + w, 0.25 * size));
            let b0 = if let Some(t) = attr(tag, "transform") {
                // translate(X Y) rotate(-90): the baseline runs upwards.
                let nums: Vec<f64> = t
                    .trim_start_matches("translate(")
                    .split([' ', ')'])
                    .filter_map(|v| v.parse().ok())
                    .collect();
                (x, y) = (nums[0], nums[1]);
                assert!(t.ends_with("rotate(-90)"), "{t}");
                (x + a.1, y - b.0, x + b.1, y - a.0)
            } else {
                (x + a.0, y + a.1, x + b.0, y + b.1)
            };
            out.push((b0.0, b0.1, b0.2, b0.3, content));
        }
        out
    }

    /// Pairs of text boxes that intersect.
    fn overlaps(svg: &str) -> Vec<(String, String)> {
        let boxes = text_boxes(svg);
        let mut out = Vec::new();
        for (i, p) in boxes.iter().enumerate() {
            for q in &boxes[..i] {
                if p.0 < q.2 && q.0 < p.2 && p.1 < q.3 && q.1 < p.3 {
                    out.push((p.4.clone(), q.4.clone()));
                }
            }
        }
        out
    }

    /// The (width, height) of an SVG document of this module.
    fn size(svg: &str) -> (f64, f64) {
        let v: Vec<f64> = svg
            .split("viewBox=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        (v[2], v[3])
    }

    /// The metrics page's plots as the shipped catalogue makes them: the references
    /// close together (9.25 and 9.5), a series just above the highest (the
    /// quarter-turn symmetric tours around 20 turns per n), one growing without bound,
    /// long series titles.
    fn shipped_like(frame: Frame, all: bool) -> String {
        let line = |label: &str, f: &dyn Fn(f64) -> f64| Line {
            label: label.into(),
            points: (0..24)
                .map(|i| 16.0 + 8.0 * i as f64)
                .map(|n| (n, f(n)))
                .collect(),
        };
        let lines = [
            line("Square boards 16 to 200 in steps of 4, formation algorithm (besa)", &|n| 9.5 + 8.0 / n),
            line("Square boards 16 to 200 in steps of 8, formation algorithm with the 21-turn heel (besa)", &|n| 9.25 + 4.0 / n),
            line("Square boards 34 to 202 in steps of 8, quarter-turn symmetric formation tours (besa)", &|n| 20.0 + 30.0 / n),
            line("Warnsdorff's rule (warnsdorff)", &|n| n),
        ];
        let refs = [
            Reference {
                label: "9.5n plain formation".into(),
                value: 9.5,
            },
            Reference {
                label: "9.25n optimized heels".into(),
                value: 9.25,
            },
            Reference {
                label: "(6 − ε)n asymptotic lower bound".into(),
                value: 6.0,
            },
        ];
        let f = if all { plot_all } else { plot };
        f(
            frame,
            "Turns per side length",
            "n (the mean of the board's sides)",
            "turns / n^(d−1) (d sides; turns / n on the plane)",
            &lines,
            &refs,
        )
    }

    #[test]
    fn no_two_labels_overlap_and_every_label_lies_inside_the_plot() {
        for frame in [WIDE, NARROW] {
            for all in [false, true] {
                let s = shipped_like(frame, all);
                assert_eq!(overlaps(&s), vec![], "{frame:?} all={all}");
                let (w, h) = size(&s);
                for b in text_boxes(&s) {
                    assert!(
                        b.0 >= 0.0 && b.1 >= 0.0 && b.2 <= w && b.3 <= h,
                        "{b:?} outside {w}x{h} ({frame:?})"
                    );
                }
            }
        }
        let s = shipped_like(WIDE, false);
        let clash = s.replacen("<text", "<text x=\"70\" y=\"25\">clash</text><text", 1);
        assert_eq!(overlaps(&clash).len(), 1, "the check finds an overlap");
    }

    #[test]
    fn the_axes_fit_every_line_shown() {
        let s = shipped_like(WIDE, false);
        // The quarter-turn series (up to 21.9) is drawn whole, under the top tick 25.
        let ticks: Vec<f64> = text_boxes(&s)
            .iter()
            .filter_map(|b| b.4.parse().ok())
            .collect();
        assert!(ticks.contains(&25.0) && !ticks.contains(&30.0), "{ticks:?}");
        assert!(s.contains("quarter-turn symmetric formation tours (besa)\n</text>"));
        // The steep line is left off and said to be.
        assert_eq!(s.matches("<polyline").count(), 3);
        assert!(s.contains("Warnsdorff's rule (warnsdorff) (far above this scale"));
        let all = shipped_like(WIDE, true);
        assert_eq!(all.matches("<polyline").count(), 4);
        assert!(!all.contains("far above"));
    }

    #[test]
    fn the_narrow_plot_is_a_phone_wide_and_says_what_its_references_are() {
        let s = shipped_like(NARROW, false);
        assert!(size(&s).0 <= 360.0, "{:?}", size(&s));
        assert!(s.contains(">\n9.25: 9.25n optimized heels\n</text>"), "{s}");
        assert!(s.contains(">\n9.25\n</text>"));
    }

    #[test]
    fn lines_of_one_colour_differ_in_their_dashes() {
        let lines: Vec<Line> = (0..9)
            .map(|i| Line {
                label: format!("l{i}"),
                points: vec![(1.0, i as f64), (2.0, i as f64)],
            })
            .collect();
        let s = plot(WIDE, "t", "n", "y", &lines, &[]);
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

    /// A series through the same points as an earlier one (a proved optimum equal to
    /// the solver's bound) is drawn dashed with ring markers, so both show; a series
    /// with no point is neither drawn nor in the legend. The audit agrees: nothing
    /// hidden, the legend naming exactly the series drawn.
    #[test]
    fn coinciding_series_both_show_and_the_legend_lists_only_those_drawn() {
        let line = |label: &str, points: Vec<(f64, f64)>| Line {
            label: label.into(),
            points,
        };
        let same = vec![(6.0, 20.0), (8.0, 28.0), (10.0, 36.0)];
        let lines = [
            line("proved optimum", same.clone()),
            line("best tour found, not proved optimal", vec![]),
            line("the solver's lower bound", same),
        ];
        let s = plot_all(WIDE, "t", "n", "turns", &lines, &[]);
        assert!(
            !s.contains("not proved optimal"),
            "an empty series is listed"
        );
        assert_eq!(s.matches("data-legend=").count(), 2);
        let bound = &s[s.find("data-mark=\"the solver").unwrap()..];
        assert!(bound.contains(&format!("stroke-dasharray=\"{COINCIDING}\"")));
        let report = knights_render::audit(&s).unwrap();
        let kinds: Vec<&str> = report.findings.iter().map(|f| f.kind).collect();
        assert!(
            !kinds.contains(&"hidden") && !kinds.contains(&"legend"),
            "{:?}",
            report.findings
        );
        // Drawn as before, the second solid over the first, the audit finds it hidden.
        let before = s.replace(
            &format!("stroke-dasharray=\"{COINCIDING}\""),
            "stroke-dasharray=\"none\"",
        );
        let found = knights_render::audit(&before).unwrap().findings;
        assert!(found.iter().any(|f| f.kind == "hidden"), "{found:?}");
    }

    #[test]
    fn labels_are_escaped_and_references_drawn() {
        let s = plot(
            WIDE,
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
}
