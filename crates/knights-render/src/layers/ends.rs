//! The ends layer: a ring at the start, an arrow along the first leap and a square at
//! an open tour's end ([`crate::markers::ends`]), wide enough to circle a step
//! number's disk when the numbers are shown.

use svg::node::element::{Group, Rectangle};

use super::{Canvas, Depth, Kind, Layer};
use crate::frame::num;
use crate::legend::{line, stroke, Entry, Spot};
use crate::markers::{self, arrow, disk};
use crate::text;
use crate::theme::Theme;
use knights_core::Error;

/// The start, the direction of travel and an open tour's end.
pub struct Ends;

impl Kind for Ends {
    fn name(&self) -> &'static str {
        "ends"
    }

    fn shown_up_to(&self) -> u32 {
        64
    }

    fn depth(&self) -> Depth {
        Depth(66)
    }

    fn draw(&self, c: &Canvas) -> Result<Option<Group>, Error> {
        if !c.has_line() {
            return Ok(None);
        }
        Ok(Some(markers::ends(
            c.tour,
            c.frame,
            c.theme,
            around(c),
            numbers(c),
        )))
    }

    fn legend_rank(&self) -> u8 {
        50
    }

    fn legend(&self, c: &Canvas) -> Vec<Entry> {
        let (b, p) = (c.tour.board(), c.tour.path());
        let mut out = Vec::new();
        if !c.has_line() {
            return out;
        }
        if c.frame.shows_cell(b.xy(p[0])) {
            out.push(Entry::new("start", start));
            out.push(Entry::new("direction of the first move", direction));
        }
        if !c.tour.is_closed() && c.frame.shows_cell(b.xy(p[p.len() - 1])) {
            out.push(Entry::new("end of the open tour", end));
        }
        out
    }
}

/// The font size of the step numbers the first leap's arrow keeps clear of, when
/// they are shown on `c`.
pub fn numbers(c: &Canvas) -> Option<f64> {
    (c.layers.has(Layer::Numbers))
        .then(|| text::number_size(c.tour.path().len(), c.frame, c.theme).0)
}

/// The radius of the disk the start's ring circles on `c`: the step number's disk,
/// and the turn's ring round it, with a little to spare; 0 without numbers.
pub fn around(c: &Canvas) -> f64 {
    if c.layers.has(Layer::Numbers) {
        let r = text::number_size(c.tour.path().len(), c.frame, c.theme).1;
        let turn = c.layers.has(Layer::Turns) && !c.overview;
        let r = if turn {
            r + markers::ring_of(c.frame, c.theme, r).1
        } else {
            r
        };
        r * 1.15
    } else {
        0.0
    }
}

/// The start's ring.
fn start(at: Spot, theme: &Theme) -> Group {
    Group::new().add(
        disk("legend-start", (at.x, at.y), &num(at.fs * 0.45))
            .set("fill", "none")
            .set("stroke", theme.markers.start_colour.as_str())
            .set("stroke-width", num(stroke(at) * 1.5)),
    )
}

/// A stretch of line with the first move's arrow.
fn direction(at: Spot, theme: &Theme) -> Group {
    let Spot { x, y, fs } = at;
    let m = &theme.markers;
    Group::new()
        .add(line(at, &theme.tour.colour, stroke(at)))
        .add(
            arrow(
                (x - fs, y),
                (x + fs, y),
                fs * 0.4,
                &m.start_colour,
                &theme.page.background,
            )
            .set("class", "legend-direction"),
        )
}

/// An open tour's end square.
fn end(at: Spot, theme: &Theme) -> Group {
    let Spot { x, y, fs } = at;
    Group::new().add(
        Rectangle::new()
            .set("x", num(x - fs * 0.45))
            .set("y", num(y - fs * 0.45))
            .set("width", num(fs * 0.9))
            .set("height", num(fs * 0.9))
            .set("fill", "none")
            .set("stroke", theme.markers.end_colour.as_str())
            .set("stroke-width", num(stroke(at) * 1.5)),
    )
}
