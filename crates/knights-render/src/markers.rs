//! Markers on the tour: a dot at each turn, a white disk at each crossing (as in the
//! figures of Besa et al.), and the start, the direction of travel and an open tour's
//! end. One element per turn (`class="turn"`) and per crossing (`class="crossing"`),
//! so their counts can be checked against the metrics.

use svg::node::element::{Circle, Group, Polygon, Rectangle};

use super::frame::{num, Frame};
use super::theme::Theme;
use knights_core::metrics;
use knights_core::tour::Tour;
use knights_core::verify::Verified;

/// A circle of class `class` centred on `(x, y)` with radius `r`.
pub fn disk(class: &str, (x, y): (f64, f64), r: &str) -> Circle {
    Circle::new()
        .set("class", class)
        .set("cx", num(x))
        .set("cy", num(y))
        .set("r", r)
}

/// A dot at every turn.
pub fn turns(tour: &Verified, frame: &Frame, theme: &Theme) -> Group {
    let b = tour.board();
    let cells = metrics::turn_cells(tour.grid())
        .into_iter()
        .map(|c| b.xy(c));
    turn_dots(cells.filter(|&xy| frame.shows_cell(xy)), frame, theme)
}

/// A dot (`class="turn"`) at each of the cells `cells`.
pub fn turn_dots(cells: impl Iterator<Item = (u32, u32)>, frame: &Frame, theme: &Theme) -> Group {
    let r = num(frame.size(&theme.markers.turn));
    cells.fold(
        Group::new()
            .set("class", "turns")
            .set("fill", theme.markers.turn_colour.as_str()),
        |g, xy| {
            let (x, y) = frame.cell(xy);
            g.add(disk("turn", (x as f64, y as f64), &r))
        },
    )
}

/// A white disk with a dark outline at every crossing.
pub fn crossings(tour: &Verified, frame: &Frame, theme: &Theme) -> Group {
    let points = metrics::crossing_points(tour.grid()).into_iter();
    crossing_disks(points.filter(|&p| frame.shows_point(p)), frame, theme)
}

/// A white disk with a dark outline (`class="crossing"`) at each of the board points
/// `points` (see [`Frame::point`]), sized by their spacing: at most
/// [`SPACING_SHARE`] of the distance between the two closest, so that no two disks
/// merge into a blob (the closest crossings of knight's leaps are 0.11 squares apart;
/// the theme's radius is 0.13), but never below the theme's smallest size in points.
pub fn crossing_disks(
    points: impl Iterator<Item = (f64, f64)>,
    frame: &Frame,
    theme: &Theme,
) -> Group {
    let m = &theme.markers;
    let points: Vec<(f64, f64)> = points.collect();
    let floor = m.crossing.min / frame.cell_pt;
    let r = match closest_pair(&points) {
        Some(d) => frame.size(&m.crossing).min((d * SPACING_SHARE).max(floor)),
        None => frame.size(&m.crossing),
    };
    let r = num(r);
    points.into_iter().fold(
        Group::new()
            .set("class", "crossings")
            .set("fill", m.crossing_fill.as_str())
            .set("stroke", m.crossing_stroke.as_str())
            .set("stroke-width", num(frame.size(&m.crossing_stroke_width))),
        |g, p| g.add(disk("crossing", frame.point(p), &r)),
    )
}

/// A crossing disk's largest radius as a share of the distance between the two
/// closest crossings: two disks that close stay apart by a tenth of it.
pub const SPACING_SHARE: f64 = 0.45;

/// The distance between the two closest of `points`, or `None` for fewer than two:
/// a sweep along x, comparing each point with those less than the best distance
/// before it.
fn closest_pair(points: &[(f64, f64)]) -> Option<f64> {
    let mut sorted = points.to_vec();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut best = f64::INFINITY;
    for (i, p) in sorted.iter().enumerate() {
        for q in sorted[..i].iter().rev() {
            if p.0 - q.0 >= best {
                break;
            }
            let d = ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
            if d > 0.0 {
                best = best.min(d);
            }
        }
    }
    best.is_finite().then_some(best)
}

/// A ring at the start, an arrow along the first leap, and a square at an open tour's
/// last cell. The ring and square are at least `around` squares in radius, so they can
/// circle a step number's disk.
pub fn ends(tour: &Tour, frame: &Frame, theme: &Theme, around: f64) -> Group {
    let m = &theme.markers;
    let arrow_size = frame.size(&m.start);
    let r = arrow_size.max(around);
    let width = frame.size(&theme.tour.width);
    let b = tour.board();
    let p = tour.path();
    let at = |i: usize| {
        let (x, y) = frame.cell(b.xy(p[i]));
        (x as f64, y as f64)
    };
    let (s, next) = (at(0), at(1));
    let mut g = Group::new().set("class", "ends");
    if frame.shows_cell(b.xy(p[0])) {
        let ring = disk("start", s, &num(r))
            .set("fill", "none")
            .set("stroke", m.start_colour.as_str())
            .set("stroke-width", num((arrow_size * 0.35).max(width)));
        let halo = theme.page.background.as_str();
        g = g
            .add(ring)
            .add(arrow(s, next, arrow_size, &m.start_colour, halo));
    }
    if !tour.is_closed() && frame.shows_cell(b.xy(p[p.len() - 1])) {
        let (x, y) = at(p.len() - 1);
        let side = r * 2.0;
        g = g.add(
            Rectangle::new()
                .set("class", "end")
                .set("x", num(x - side / 2.0))
                .set("y", num(y - side / 2.0))
                .set("width", num(side))
                .set("height", num(side))
                .set("fill", "none")
                .set("stroke", m.end_colour.as_str())
                .set("stroke-width", num((arrow_size * 0.35).max(width))),
        );
    }
    g
}

/// A triangle half way along the leap from `a` to `b`, pointing towards `b`, with a
/// halo in `halo` so that no line crossing it hides its tip.
pub fn arrow(a: (f64, f64), b: (f64, f64), size: f64, colour: &str, halo: &str) -> Polygon {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let (cx, cy) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let (l, w) = (size * 2.6, size * 0.75);
    let tip = (cx + ux * l / 2.0, cy + uy * l / 2.0);
    let base = (cx - ux * l / 2.0, cy - uy * l / 2.0);
    let left = (base.0 - uy * w, base.1 + ux * w);
    let right = (base.0 + uy * w, base.1 - ux * w);
    let pts: Vec<String> = [tip, left, right]
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect();
    Polygon::new()
        .set("class", "direction")
        .set("points", pts.join(" "))
        .set("fill", colour)
        .set("stroke", halo)
        .set("stroke-width", num(size * 0.3))
        .set("stroke-linejoin", "round")
        .set("paint-order", "stroke")
}
