//! The sections layer: the tour's line in its sections' colours, or along a gradient
//! when it has none (the line draws them, see [`crate::path::Colours`]); its legend
//! names the colours of the sections in the drawn region, or the gradient.

use svg::node::element::{Definitions, Group, LinearGradient, Rectangle, Stop};

use super::{Canvas, Kind};
use crate::frame::num;
use crate::legend::{line, Entry, Spot};
use crate::theme::Theme;

/// The most section entries listed one by one; more are summed up in one line.
const MOST_SECTIONS: usize = 16;

/// Colours by section, or a gradient along tours without sections.
pub struct Sections;

impl Kind for Sections {
    fn name(&self) -> &'static str {
        "sections"
    }

    fn shown_up_to(&self) -> u32 {
        1_000_000
    }

    fn legend_rank(&self) -> u8 {
        90
    }

    /// The section colours with their names (those of sections with a cell in the
    /// drawn region), or the gradient.
    fn legend(&self, c: &Canvas) -> Vec<Entry> {
        let Some(colours) = c.colours else {
            return Vec::new();
        };
        if colours.by_gradient() {
            return vec![Entry::new("colour: from the start to the end", gradient).or_mark("tour")];
        }
        if !colours.by_section() {
            return Vec::new();
        }
        let b = c.tour.board();
        let mut present = vec![false; colours.len()];
        for (i, &cell) in c.tour.path().iter().enumerate() {
            if c.frame.shows_cell(b.xy(cell)) {
                present[colours.key_of_step(i)] = true;
            }
        }
        let keys: Vec<usize> = (0..colours.len()).filter(|&k| present[k]).collect();
        let listed = if keys.len() > MOST_SECTIONS {
            MOST_SECTIONS - 1
        } else {
            keys.len()
        };
        let mut out: Vec<Entry> = keys[..listed]
            .iter()
            .map(|&k| {
                let colour = colours.colour(k).to_string();
                let swatch =
                    move |at: Spot, _: &Theme| Group::new().add(line(at, &colour, at.fs * 0.4));
                Entry::new(colours.name(k).unwrap_or_default(), swatch).or_mark("tour")
            })
            .collect();
        if listed < keys.len() {
            let more = format!("and {} more sections", keys.len() - listed);
            out.push(Entry::new(more, |_, _| Group::new()).or_mark("tour"));
        }
        out
    }
}

/// A bar running through the gradient's colours.
fn gradient(at: Spot, theme: &Theme) -> Group {
    let Spot { x, y, fs } = at;
    let n = theme.tour.gradient.len().max(2) - 1;
    let stops = theme.tour.gradient.iter().enumerate().fold(
        LinearGradient::new().set("id", "legend-gradient"),
        |lg, (i, c)| {
            lg.add(
                Stop::new()
                    .set("offset", num(i as f64 / n as f64))
                    .set("stop-color", c.as_str()),
            )
        },
    );
    // A filled bar: a gradient over a line's zero-height box would paint nothing.
    Group::new().add(Definitions::new().add(stops)).add(
        Rectangle::new()
            .set("x", num(x - fs * 0.9))
            .set("y", num(y - fs * 0.2))
            .set("width", num(fs * 1.8))
            .set("height", num(fs * 0.4))
            .set("fill", "url(#legend-gradient)"),
    )
}
