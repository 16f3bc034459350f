//! The density markers of an overview: per block, a turn dot and a crossing disk
//! whose areas follow how many turns and crossings its cells hold, drawn as
//! zero-length round-capped strokes to keep a document of thousands of them small.

use std::collections::BTreeMap;
use std::fmt::Write;

use svg::node::element::{Group, Path};

use super::blocks::Summary;
use crate::frame::{num, Frame};
use crate::theme::Theme;

/// Which density a marker shows.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Density {
    Turns,
    Crossings,
}

/// Density markers come in this many radii: the eye tells no more apart at an
/// overview's scale, and one path per radius keeps the document small.
const MARKER_SIZES: f64 = 12.0;

/// One marker per block whose area follows the density: turn dots in the upper left
/// of the block, crossing disks in the lower right, so both can be read together.
/// Thousands of markers make an overview, so each is a zero-length stroke with round
/// caps in one path per radius (about 8 bytes a marker rather than 40 for a circle);
/// a crossing disk is a dark stroke under a narrower white one.
pub(super) fn densities(s: &Summary, frame: &Frame, theme: &Theme, which: Density) -> Group {
    let o = &theme.overview;
    let m = &theme.markers;
    let (class, full, dx) = match which {
        Density::Turns => ("turn-density", o.full_turns, -0.2),
        Density::Crossings => ("crossing-density", o.full_crossings, 0.2),
    };
    let side = s.blocks.side as f64;
    let mut by_size: BTreeMap<u32, Vec<(f64, f64)>> = BTreeMap::new();
    for k in 0..s.blocks.len() {
        let d = match which {
            Density::Turns => s.turn_density(k),
            Density::Crossings => s.crossing_density(k),
        };
        if d <= 0.0 {
            continue;
        }
        let r = s.blocks.region(k);
        let size = ((d / full).min(1.0).sqrt() * MARKER_SIZES).round().max(1.0) as u32;
        // Within the board: a block cut short by its edge keeps its marker inside.
        let reach = o.marker * side * size as f64 / MARKER_SIZES + side * 0.03;
        let inside =
            |v: f64, n: u32| v.clamp(reach - 0.5, (n as f64 - 0.5 - reach).max(reach - 0.5));
        let cx = inside((r.x0 + r.x1) as f64 / 2.0 + dx * side, frame.w);
        let cy = inside((r.y0 + r.y1) as f64 / 2.0 - dx * side, frame.h);
        by_size.entry(size).or_default().push(frame.point((cx, cy)));
    }
    let g = Group::new()
        .set("class", class)
        .set(
            "data-mark",
            match which {
                Density::Turns => "turns",
                Density::Crossings => "crossings",
            },
        )
        .set("fill", "none")
        .set("stroke-linecap", "round");
    let stroke = s.blocks.side as f64 * 0.03;
    by_size.into_iter().fold(g, |g, (size, points)| {
        let diameter = 2.0 * o.marker * side * size as f64 / MARKER_SIZES;
        let d = dots(&points);
        match which {
            Density::Turns => g.add(dot_path(&d, diameter, &m.turn_colour)),
            Density::Crossings => g
                .add(dot_path(&d, diameter + stroke, &m.crossing_stroke))
                .add(dot_path(&d, (diameter - stroke).max(0.0), &m.crossing_fill)),
        }
    })
}

/// Path data with a zero-length segment at each point (`M x y h0 m dx dy h0 ...`), the
/// moves relative in whole thousandths so that no rounding accumulates.
pub fn dots(points: &[(f64, f64)]) -> String {
    let milli = |v: f64| (v * 1000.0).round() as i64;
    let text = |v: i64| num(v as f64 / 1000.0);
    let mut d = String::new();
    let mut at: Option<(i64, i64)> = None;
    for &(x, y) in points {
        let p = (milli(x), milli(y));
        let (cmd, (a, b)) = match at {
            None => ("M", p),
            Some(q) => ("m", (p.0 - q.0, p.1 - q.1)),
        };
        let (a, b) = (text(a), text(b));
        let sep = if b.starts_with('-') { "" } else { " " };
        let _ = write!(d, "{cmd}{a}{sep}{b}h0");
        at = Some(p);
    }
    d
}

/// A path drawing [`dots`] as round dots `diameter` across.
fn dot_path(d: &str, diameter: f64, colour: &str) -> Path {
    Path::new()
        .set("stroke", colour)
        .set("stroke-width", num(diameter))
        .set("d", d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_move_relatively_without_drift() {
        let d = dots(&[(1.5, 2.0), (4.5, 2.0), (0.001, -0.333), (0.002, 0.0)]);
        assert_eq!(d, "M1.5 2h0m3 0h0m-4.499-2.333h0m.001 .333h0");
        assert_eq!(dots(&[]), "");
    }
}
