//! A legend inside the drawing (`--legend`): what each kind of mark means, for a figure
//! that leaves the gallery page (a PNG in a paper, a printed PDF). It lists only what
//! the drawing shows (layers on, marks in the drawn region; each layer says what, see
//! [`crate::layers::Kind::legend`]) and sits in room added beside the board (below a
//! wide one), so it never covers the tour. Its sizes are in points, so it reads the
//! same on an 8x8 and a 1000x1000 board.

use svg::node::element::{Group, Line, Text};

use super::frame::{num, Frame};
use super::theme::Theme;

/// Font size of the labels, in points.
const FONT_PT: f64 = 10.0;
/// Average advance of a character of DejaVu Sans, in ems (to size the panel).
const CHAR_EM: f64 = 0.6;

/// Where an entry's picture goes: its centre, and the labels' font size, in squares.
#[derive(Clone, Copy, Debug)]
pub struct Spot {
    /// The centre's x.
    pub x: f64,
    /// The centre's y.
    pub y: f64,
    /// The labels' font size.
    pub fs: f64,
}

/// How an entry's picture is drawn at a spot, in a theme.
type Icon = Box<dyn Fn(Spot, &Theme) -> Group>;

/// One line of the legend: a picture and what it means.
pub struct Entry {
    icon: Icon,
    label: String,
    /// The mark it explains (`data-legend`, matching the mark's `data-mark`).
    mark: Option<&'static str>,
}

impl Entry {
    /// The line saying `label` beside the picture `icon` draws.
    pub fn new(label: impl Into<String>, icon: impl Fn(Spot, &Theme) -> Group + 'static) -> Entry {
        Entry {
            icon: Box::new(icon),
            label: label.into(),
            mark: None,
        }
    }

    /// The entry, explaining the mark `mark` unless it already names one.
    pub fn or_mark(mut self, mark: &'static str) -> Entry {
        self.mark.get_or_insert(mark);
        self
    }
}

/// A short line through `at`, `width` wide, in `colour`: the icon of a line's stretch.
pub fn line(at: Spot, colour: &str, width: f64) -> Line {
    let Spot { x, y, fs } = at;
    Line::new()
        .set("x1", num(x - fs * 0.9))
        .set("y1", num(y))
        .set("x2", num(x + fs * 0.9))
        .set("y2", num(y))
        .set("stroke", colour.to_string())
        .set("stroke-width", num(width))
        .set("stroke-linecap", "round")
}

/// The width of a tour's line in an icon at `at`.
pub fn stroke(at: Spot) -> f64 {
    at.fs * 0.12
}

/// A sample of text (a step number, a degree) in `colour`, centred on `at`.
pub fn sample(text: &'static str, colour: &str, at: Spot, theme: &Theme) -> Text {
    Text::new(text)
        .set("x", num(at.x))
        .set("y", num(at.y + at.fs * 0.35))
        .set("text-anchor", "middle")
        .set(
            "font-family",
            format!("{}, DejaVu Sans, sans-serif", theme.text.font),
        )
        .set("font-size", num(at.fs))
        .set("fill", colour.to_string())
}

/// Room for `entries` beside the board (below it when the drawing is wider than tall,
/// or has a size on paper)
/// in the view box `v` of `frame`: the grown view box and the legend drawn in it (none
/// when there is nothing to explain).
pub fn place(
    v: [f64; 4],
    frame: &Frame,
    theme: &Theme,
    entries: &[Entry],
) -> ([f64; 4], Option<Group>) {
    if entries.is_empty() {
        return (v, None);
    }
    let pt = 1.0 / frame.cell_pt; // squares per point
    let fs = FONT_PT * pt;
    let row = fs * 1.7;
    let icon = fs * 2.0;
    let gap = fs * 0.8;
    let longest = entries
        .iter()
        .map(|e| e.label.chars().count())
        .max()
        .unwrap_or(0);
    let width = icon + gap + longest as f64 * CHAR_EM * fs;
    let height = row * entries.len() as f64;
    let margin = theme.page.margin * pt;
    let area = frame.area();
    // Below a wide board, and at a size on paper (beside it, the legend's points
    // would take the board's share of the width).
    let below = v[2] > v[3] * 1.25 || theme.page.width.is_some();
    let (origin, grown) = if below {
        let o = (area[0], v[1] + v[3]);
        (
            o,
            [
                v[0],
                v[1],
                v[2].max(o.0 - v[0] + width + margin),
                v[3] + height + margin,
            ],
        )
    } else {
        let o = (v[0] + v[2], area[1]);
        (
            o,
            [
                v[0],
                v[1],
                v[2] + width + margin,
                v[3].max(o.1 - v[1] + height + margin),
            ],
        )
    };
    let mut g = Group::new().set("class", "legend");
    let mut text = Group::new()
        .set("class", "legend-labels")
        .set(
            "font-family",
            format!("{}, DejaVu Sans, sans-serif", theme.text.font),
        )
        .set("font-size", num(fs))
        .set("fill", theme.text.coords_colour.as_str());
    for (i, e) in entries.iter().enumerate() {
        let cy = origin.1 + row * (i as f64 + 0.5);
        let cx = origin.0 + icon / 2.0;
        let mut picture = (e.icon)(Spot { x: cx, y: cy, fs }, theme);
        let mut label = Text::new(e.label.clone())
            .set("x", num(origin.0 + icon + gap))
            .set("y", num(cy + fs * 0.35));
        if let Some(mark) = e.mark {
            picture = picture.set("data-legend", mark);
            label = label.set("data-legend", mark);
        }
        g = g.add(picture);
        text = text.add(label);
    }
    (grown, Some(g.add(text)))
}
