//! The SVG elements a plot is made of: the grid with its ticks and axis titles, the
//! reference lines and their labels, the data lines with their markers, the legend's
//! swatches, and text placed on round pixel positions.

use svg::node::element::{Circle, Group, Line as SvgLine, Polyline, Rectangle, Text};

use super::scale::{fmt_tick, fmt_value, ticks, Axes};
use super::{Line, Reference, FONT};

pub(super) fn text(x: f64, y: f64, s: &str) -> Text {
    Text::new(s).set("x", round(x)).set("y", round(y))
}

pub(super) fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// Frame, grid lines, tick labels and axis titles. The x ticks' labels are centred
/// under their tick, the last one kept inside the frame's right end.
pub(super) fn grid(a: &Axes, x_label: &str, y_label: &str) -> Group {
    let f = &a.frame;
    let bottom = f.top + f.plot_h;
    let mut g = Group::new().set("stroke-width", 1);
    for x in ticks(a.x) {
        let px = round(a.px(x));
        let label = fmt_tick(x);
        let half = text_width(&label, FONT) / 2.0;
        let centre = px.min(f.left + f.plot_w + f.right - half - 2.0);
        g = g
            .add(vline(px, f.top, bottom, "#e5e5e5"))
            .add(text(centre, bottom + 18.0, &label).set("text-anchor", "middle"));
    }
    for y in ticks(a.y) {
        let py = round(a.py(y));
        g = g
            .add(hline(f.left, f.left + f.plot_w, py, "#e5e5e5"))
            .add(text(f.left - 6.0, py + 4.0, &fmt_tick(y)).set("text-anchor", "end"));
    }
    g.add(
        Rectangle::new()
            .set("x", f.left)
            .set("y", f.top)
            .set("width", f.plot_w)
            .set("height", f.plot_h)
            .set("fill", "none")
            .set("stroke", "#444"),
    )
    .add(text(f.left + f.plot_w / 2.0, bottom + 34.0, x_label).set("text-anchor", "middle"))
    .add(text(0.0, 0.0, y_label).set("text-anchor", "middle").set(
        "transform",
        format!("translate(14 {}) rotate(-90)", f.top + f.plot_h / 2.0),
    ))
}

/// The width of `s` in the plots' sans-serif at `size` pixels, estimated generously
/// (0.6 em a character: wider than the mean of common sans-serif fonts).
pub(super) fn text_width(s: &str, size: f64) -> f64 {
    s.chars().count() as f64 * size * 0.6
}

pub(super) fn vline(x: f64, y0: f64, y1: f64, colour: &str) -> SvgLine {
    SvgLine::new()
        .set("x1", x)
        .set("x2", x)
        .set("y1", y0)
        .set("y2", y1)
        .set("stroke", colour)
}

pub(super) fn hline(x0: f64, x1: f64, y: f64, colour: &str) -> SvgLine {
    SvgLine::new()
        .set("x1", x0)
        .set("x2", x1)
        .set("y1", y)
        .set("y2", y)
        .set("stroke", colour)
}

/// The references, highest first.
pub(super) fn sorted_refs(refs: &[Reference]) -> Vec<&Reference> {
    let mut sorted: Vec<&Reference> = refs.iter().collect();
    sorted.sort_by(|p, q| q.value.total_cmp(&p.value));
    sorted
}

/// Dashed lines across the plot, labelled in the right margin (in a narrow frame by
/// their value, clear of the data's markers, the legend saying what it is); labels
/// that would overlap are pushed apart, and up again where they would pass the
/// plot's bottom (into the last x tick's label).
pub(super) fn references(a: &Axes, refs: &[Reference]) -> Group {
    let f = &a.frame;
    let sorted = sorted_refs(refs);
    let (gap, shift) = if f.refs_at_right {
        (14.0, 4.0)
    } else {
        (13.0, 4.0)
    };
    let mut ys: Vec<f64> = Vec::new();
    for r in &sorted {
        let want = round(a.py(r.value)) + shift;
        ys.push(ys.last().map_or(want, |&last| want.max(last + gap)));
    }
    let mut limit = f.top + f.plot_h;
    for y in ys.iter_mut().rev() {
        *y = y.min(limit);
        limit = *y - gap;
    }
    let mut g = Group::new();
    for (r, y) in sorted.into_iter().zip(ys) {
        let py = round(a.py(r.value));
        g = g.add(
            hline(f.left, f.left + f.plot_w, py, "#777")
                .set("stroke-dasharray", "5 4")
                .set("stroke-width", 1.2),
        );
        let label = if f.refs_at_right {
            text(f.left + f.plot_w + 6.0, y, &r.label)
        } else {
            text(f.left + f.plot_w + 4.0, y, &fmt_value(r.value))
        };
        g = g.add(label.set("fill", "#444"));
    }
    g
}

/// A series' line through its points, with a marker on each (`hollow`: a ring
/// around the point, for a series drawn over another whose dots it leaves seen).
pub(super) fn data_line(a: &Axes, line: &Line, colour: &str, dash: &str, hollow: bool) -> Group {
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
            let dot = Circle::new()
                .set("cx", round(a.px(x)))
                .set("cy", round(a.py(y)));
            g = g.add(if hollow {
                dot.set("r", a.marker + 2.5)
                    .set("fill", "none")
                    .set("stroke", colour)
                    .set("stroke-width", 1.5)
            } else {
                dot.set("r", a.marker).set("fill", colour)
            });
        }
    }
    g
}

pub(super) fn swatch(x: f64, y: f64, colour: &str, dash: &str) -> SvgLine {
    hline(x, x + 20.0, y, colour)
        .set("stroke-width", 3)
        .set("stroke-dasharray", dash)
}
