//! Charts of numbers (not of tours): panels of bars and a heat map, side by side, as
//! one SVG document. `knights stats` draws the move directions, the turns and
//! crossings spread over its samples and the consecutive pairs of directions with it;
//! PNG and PDF come from [`crate::svg_to_png`] and [`crate::svg_to_pdf`].

use svg::node::element::{Group, Rectangle, Text, Title};
use svg::Document;

use super::frame::num;

/// A bar chart: one bar per label.
#[derive(Clone, Debug)]
pub struct Bars {
    /// Above the panel.
    pub title: String,
    /// Under each bar.
    pub labels: Vec<String>,
    /// Each bar's height.
    pub values: Vec<f64>,
}

/// A heat map: `cells[row][column]`, darker for more.
#[derive(Clone, Debug)]
pub struct Heat {
    /// Above the panel.
    pub title: String,
    /// The rows' and the columns' labels.
    pub labels: Vec<String>,
    /// The values.
    pub cells: Vec<Vec<f64>>,
}

/// One panel of a chart.
#[derive(Clone, Debug)]
pub enum Panel {
    /// Bars.
    Bars(Bars),
    /// A heat map.
    Heat(Heat),
}

const PANEL: f64 = 320.0;
const PAD: f64 = 36.0;
const BAR: &str = "#0072b2";

fn text(x: f64, y: f64, size: f64, anchor: &str, s: &str) -> Text {
    Text::new(s)
        .set("x", num(x))
        .set("y", num(y))
        .set("font-size", num(size))
        .set("font-family", "sans-serif")
        .set("text-anchor", anchor)
}

/// `panels` side by side under `title`.
pub fn chart(title: &str, panels: &[Panel]) -> String {
    let width = panels.len() as f64 * (PANEL + PAD) + PAD;
    let height = PANEL + 3.0 * PAD;
    let mut doc = Document::new()
        .set("viewBox", format!("0 0 {} {}", num(width), num(height)))
        .set("width", num(width))
        .set("height", num(height))
        .add(Title::new(title))
        .add(
            Rectangle::new()
                .set("width", num(width))
                .set("height", num(height))
                .set("fill", "white"),
        )
        .add(text(PAD, PAD * 0.7, 16.0, "start", title));
    for (i, p) in panels.iter().enumerate() {
        let x0 = PAD + i as f64 * (PANEL + PAD);
        let g = match p {
            Panel::Bars(b) => bars(b),
            Panel::Heat(h) => heat(h),
        };
        doc = doc.add(g.set(
            "transform",
            format!("translate({} {})", num(x0), num(PAD * 1.5)),
        ));
    }
    crate::xml_safe(doc.to_string())
}

fn bars(b: &Bars) -> Group {
    let max = b
        .values
        .iter()
        .cloned()
        .fold(0.0, f64::max)
        .max(f64::MIN_POSITIVE);
    let n = b.values.len().max(1) as f64;
    let slot = PANEL / n;
    let mut g = Group::new().add(text(0.0, 0.0, 13.0, "start", &b.title));
    let base = PANEL - 4.0;
    for (k, (&v, label)) in b.values.iter().zip(&b.labels).enumerate() {
        let h = (base - 24.0) * v / max;
        let x = k as f64 * slot;
        g = g
            .add(
                Rectangle::new()
                    .set("x", num(x + slot * 0.1))
                    .set("y", num(base - h))
                    .set("width", num(slot * 0.8))
                    .set("height", num(h))
                    .set("fill", BAR),
            )
            .add(text(x + slot / 2.0, base + 14.0, 10.0, "middle", label))
            .add(text(
                x + slot / 2.0,
                base - h - 3.0,
                9.0,
                "middle",
                &short(v),
            ));
    }
    g
}

fn heat(h: &Heat) -> Group {
    let max = h
        .cells
        .iter()
        .flatten()
        .cloned()
        .fold(0.0, f64::max)
        .max(f64::MIN_POSITIVE);
    let n = h.labels.len().max(1) as f64;
    let side = (PANEL - 40.0) / n;
    let mut g = Group::new().add(text(0.0, 0.0, 13.0, "start", &h.title));
    for (r, row) in h.cells.iter().enumerate() {
        g = g.add(text(
            32.0,
            14.0 + (r as f64 + 0.6) * side,
            10.0,
            "end",
            &h.labels[r],
        ));
        for (c, &v) in row.iter().enumerate() {
            let shade = 255.0 - 200.0 * v / max;
            g = g.add(
                Rectangle::new()
                    .set("x", num(36.0 + c as f64 * side))
                    .set("y", num(14.0 + r as f64 * side))
                    .set("width", num(side - 1.0))
                    .set("height", num(side - 1.0))
                    .set("fill", format!("rgb({0},{0},255)", shade.round() as u8)),
            );
        }
    }
    for (c, l) in h.labels.iter().enumerate() {
        g = g.add(text(
            36.0 + (c as f64 + 0.5) * side,
            PANEL,
            10.0,
            "middle",
            l,
        ));
    }
    g
}

/// A value as a bar's label: whole numbers as they are, else three figures.
fn short(v: f64) -> String {
    if v == v.trunc() && v.abs() < 1e9 {
        format!("{v}")
    } else {
        format!("{v:.3}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_has_a_bar_per_value_and_renders() {
        let svg = chart(
            "t",
            &[
                Panel::Bars(Bars {
                    title: "b".into(),
                    labels: vec!["x".into(), "y".into()],
                    values: vec![1.0, 3.0],
                }),
                Panel::Heat(Heat {
                    title: "h".into(),
                    labels: vec!["0".into(), "1".into()],
                    cells: vec![vec![0.0, 1.0], vec![2.0, 0.0]],
                }),
            ],
        );
        assert_eq!(svg.matches("fill=\"#0072b2\"").count(), 2);
        assert_eq!(svg.matches("rgb(").count(), 4);
        assert!(!crate::svg_to_png(&svg, crate::Resolution::default())
            .unwrap()
            .is_empty());
    }
}
