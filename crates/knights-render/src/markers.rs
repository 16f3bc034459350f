//! Markers on the tour: a dot at each turn, a white disk at each crossing (as in the
//! figures of Besa et al.), and the start, the direction of travel and an open tour's
//! end. The turns are one path of dots (`class="turn"`) and the crossings one path
//! drawn twice, wide and dark then narrower and white (`class="crossing"` and
//! `crossing-fill`): each dot is a zero-length subpath with round caps, a few bytes
//! where an element per marker took fifty (the detailed crops of a gallery were mostly
//! markers). [`count`] reads the number of dots back, to check against the metrics.

use svg::node::element::{Circle, Group, Path, Polygon, Rectangle};

use super::frame::{num, Frame};
use super::theme::Theme;
use knights_core::metrics;
use knights_core::verify::Verified;
use knights_core::Tour;

/// A circle of class `class` centred on `(x, y)` with radius `r`.
pub fn disk(class: &str, (x, y): (f64, f64), r: &str) -> Circle {
    Circle::new()
        .set("class", class)
        .set("cx", num(x))
        .set("cy", num(y))
        .set("r", r)
}

/// A dot at every turn, or a ring round a step number's disk of radius `around`
/// when the numbers are shown.
pub fn turns(tour: &Verified, frame: &Frame, theme: &Theme, around: Option<f64>) -> Group {
    let b = tour.board();
    let cells = metrics::turn_cells(tour.grid())
        .into_iter()
        .map(|c| b.xy(c))
        .filter(|&xy| frame.shows_cell(xy));
    match around {
        Some(r) => turn_rings(cells, frame, theme, r),
        None => turn_dots(cells, frame, theme),
    }
}

/// A dot at each of the cells `cells`: one path (`class="turn"`) of round-capped
/// zero-length subpaths.
pub fn turn_dots(cells: impl Iterator<Item = (u32, u32)>, frame: &Frame, theme: &Theme) -> Group {
    let r = frame.size(&theme.markers.turn);
    let points = cells.map(|xy| {
        let (x, y) = frame.cell(xy);
        (x as f64, y as f64)
    });
    let g = Group::new()
        .set("class", "turns")
        .set("stroke", theme.markers.turn_colour.as_str())
        .set("stroke-width", num(2.0 * r))
        .set("stroke-linecap", "round");
    match dots(points) {
        Some(d) => g.add(Path::new().set("class", "turn").set("d", d)),
        None => g,
    }
}

/// A ring at each of the cells `cells`, hugging a step number's disk of radius
/// `around` (squares): with the numbers shown, a turn's dot would lie under its
/// square's number, so it is drawn round it instead. One path (`class="turn"`) of
/// closed circles, each counted by [`count`] as a dot is.
pub fn turn_rings(
    cells: impl Iterator<Item = (u32, u32)>,
    frame: &Frame,
    theme: &Theme,
    around: f64,
) -> Group {
    let (r, w) = ring_of(frame, theme, around);
    let mut d = String::new();
    for xy in cells {
        let (x, y) = frame.cell(xy);
        let (l, y) = (num(x as f64 - r), num(y as f64));
        let (rr, dia) = (num(r), num(2.0 * r));
        d.push_str(&format!(
            "M{l} {y}a{rr} {rr} 0 1 0 {dia} 0a{rr} {rr} 0 1 0 -{dia} 0z"
        ));
    }
    let g = Group::new()
        .set("class", "turns")
        .set("fill", "none")
        .set("stroke", theme.markers.turn_colour.as_str())
        .set("stroke-width", num(w));
    if d.is_empty() {
        g
    } else {
        g.add(Path::new().set("class", "turn").set("d", d))
    }
}

/// The radius and stroke width of a turn's ring round a number's disk of radius
/// `around`: as wide as the turn's dot is in radius, just outside the disk.
pub fn ring_of(frame: &Frame, theme: &Theme, around: f64) -> (f64, f64) {
    let w = frame.size(&theme.markers.turn);
    (around + w / 2.0, w)
}

/// The path data of a dot at each of `points` (SVG units): a zero-length subpath per
/// point, `None` for no points. The points are sorted row by row and each moves from
/// the one before; the steps are taken between the points rounded to thousandths, so
/// the rounding of one step is never carried into the next.
pub fn dots(points: impl Iterator<Item = (f64, f64)>) -> Option<String> {
    let milli = |v: f64| (v * 1000.0).round() as i64;
    let mut pts: Vec<(i64, i64)> = points.map(|(x, y)| (milli(x), milli(y))).collect();
    pts.sort_unstable_by_key(|&(x, y)| (y, x));
    let first = *pts.first()?;
    let at = |v: i64| num(v as f64 / 1000.0);
    let mut d = format!("M{} {}h0", at(first.0), at(first.1));
    for w in pts.windows(2) {
        let (dx, dy) = (w[1].0 - w[0].0, w[1].1 - w[0].1);
        let dy = at(dy);
        let sep = if dy.starts_with('-') { "" } else { " " };
        d.push_str(&format!("m{}{sep}{dy}h0", at(dx)));
    }
    Some(d)
}

/// The number of dots in the paths of class `class` in `svg` as [`turn_dots`],
/// [`turn_rings`] and [`crossing_disks`] write them (one `h0` a dot, one `z` a ring).
pub fn count(svg: &str, class: &str) -> usize {
    let key = format!("class=\"{class}\" d=\"");
    svg.match_indices(&key)
        .map(|(i, _)| {
            let d = &svg[i + key.len()..];
            let d = &d[..d.find('"').unwrap_or(d.len())];
            d.matches("h0").count() + d.matches('z').count()
        })
        .sum()
}

/// A white disk with a dark outline at each of the board points `points` (see
/// [`Frame::point`]): one path of dots drawn twice, its outline's width wider
/// (`class="crossing"`) then the disk's white (`class="crossing-fill"`), which looks
/// as a stroked circle each because no two disks touch. They are sized by their
/// spacing: at most `SPACING_SHARE` of the distance between the two closest, so
/// that no two disks merge into a blob (the closest crossings of knight's leaps are
/// 0.11 squares apart; the theme's radius is 0.13), but never below the theme's
/// smallest size in points.
pub fn crossing_disks(
    points: impl Iterator<Item = (f64, f64)>,
    frame: &Frame,
    theme: &Theme,
) -> Group {
    let m = &theme.markers;
    let points: Vec<(f64, f64)> = points.map(|p| frame.point(p)).collect();
    let floor = m.crossing.min / frame.cell_pt;
    let r = match closest_pair(&points) {
        Some(d) => frame.size(&m.crossing).min((d * SPACING_SHARE).max(floor)),
        None => frame.size(&m.crossing),
    };
    let sw = frame.size(&m.crossing_stroke_width);
    let g = Group::new()
        .set("class", "crossings")
        .set("stroke-linecap", "round");
    let Some(d) = dots(points.into_iter()) else {
        return g;
    };
    let fill = Path::new()
        .set("class", "crossing-fill")
        .set("d", d.as_str())
        .set("stroke", m.crossing_fill.as_str())
        .set("stroke-width", num((2.0 * r - sw).max(0.0)));
    let outline = Path::new()
        .set("class", "crossing")
        .set("d", d)
        .set("stroke", m.crossing_stroke.as_str())
        .set("stroke-width", num(2.0 * r + sw));
    g.add(outline).add(fill)
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
/// circle a step number's disk; the arrow keeps clear of the step numbers, `numbers`
/// (their font size, in squares) when they are shown.
pub fn ends(tour: &Tour, frame: &Frame, theme: &Theme, around: f64, numbers: Option<f64>) -> Group {
    let m = &theme.markers;
    let arrow_size = frame.size(&m.start);
    let (r, stroke) = ends_ring(frame, theme, around);
    let b = tour.board();
    let p = tour.path();
    let at = |i: usize| {
        let (x, y) = frame.cell(b.xy(p[i]));
        (x as f64, y as f64)
    };
    let s = at(0);
    let mut g = Group::new().set("class", "ends");
    if frame.shows_cell(b.xy(p[0])) {
        let ((a, b), size) = arrow_spot(tour, frame, arrow_size, numbers);
        let ring = disk("start", s, &num(r))
            .set("fill", "none")
            .set("stroke", m.start_colour.as_str())
            .set("stroke-width", num(stroke));
        let halo = theme.page.background.as_str();
        g = g.add(ring).add(arrow(a, b, size, &m.start_colour, halo));
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
                .set("stroke-width", num(stroke)),
        );
    }
    g
}

/// The box of the first leap's arrow that [`ends`] draws (with `numbers` as there),
/// when the start is shown.
pub fn first_arrow_box(
    tour: &Tour,
    frame: &Frame,
    theme: &Theme,
    numbers: Option<f64>,
) -> Option<[f64; 4]> {
    let start = tour.board().xy(tour.path()[0]);
    frame.shows_cell(start).then(|| {
        let ((a, b), size) = arrow_spot(tour, frame, frame.size(&theme.markers.start), numbers);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        let c = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        arrow_box(c, (dx / len, dy / len), size)
    })
}

/// The radius and stroke width of the start's ring round a disk of radius `around`
/// (0 for none); the end's square has the ring's radius as its half side.
pub fn ends_ring(frame: &Frame, theme: &Theme, around: f64) -> (f64, f64) {
    let arrow_size = frame.size(&theme.markers.start);
    let width = frame.size(&theme.tour.width);
    // Within its square, clear of the coordinates beside it, when a wide number's
    // disk would push it out (its number, 1, or the end's, is narrower than the disk).
    let stroke = (arrow_size * 0.35).max(width);
    let r = match around > 0.0 {
        true => around.min(0.5 - stroke / 2.0).max(arrow_size),
        false => arrow_size,
    };
    (r, stroke)
}

/// A stretch of a drawn line, from one point to another (SVG units).
type Stretch = ((f64, f64), (f64, f64));

/// Where the arrow along the first leap goes, and how large: a short stretch of the
/// leap as drawn, half way along which [`arrow`] sets it, and its size. Half way
/// along the leap when that is clear of the step numbers (or they are not shown);
/// else the place along the leap's drawn stretches nearest their middles where it is,
/// at its size or a little smaller; else half way, as before.
fn arrow_spot(tour: &Tour, frame: &Frame, size: f64, numbers: Option<f64>) -> (Stretch, f64) {
    let stretches = first_leap_drawn(tour, frame);
    let Some(font) = numbers else {
        return (stretches[0], size);
    };
    let boxes = number_boxes(tour, frame, font);
    let clear = |c: (f64, f64), u: (f64, f64), size: f64| {
        let bx = arrow_box(c, u, size);
        let (x0, y0) = (bx[0].floor() as i64, bx[1].floor() as i64);
        let (x1, y1) = (bx[2].ceil() as i64, bx[3].ceil() as i64);
        !(y0..=y1).any(|y| {
            (x0..=x1).any(|x| {
                boxes(x, y)
                    .is_some_and(|n| n[0] < bx[2] && bx[0] < n[2] && n[1] < bx[3] && bx[1] < n[3])
            })
        })
    };
    let mut ts: Vec<f64> = (6..=34).map(|k| k as f64 * 0.025).collect();
    ts.sort_by(|a, b| (a - 0.5).abs().total_cmp(&(b - 0.5).abs()));
    for share in [1.0, 0.8, 0.65] {
        let size = size * share;
        let len = size * 2.6;
        for &(p, q) in &stretches {
            let (dx, dy) = (q.0 - p.0, q.1 - p.1);
            let l = (dx * dx + dy * dy).sqrt();
            let u = (dx / l, dy / l);
            for &t in &ts {
                let c = (p.0 + dx * t, p.1 + dy * t);
                let fits = l * t >= len / 2.0 && l * (1.0 - t) >= len / 2.0;
                if fits && clear(c, u, size) {
                    let e = len / 2.0;
                    let s = (
                        (c.0 - u.0 * e, c.1 - u.1 * e),
                        (c.0 + u.0 * e, c.1 + u.1 * e),
                    );
                    return (s, size);
                }
            }
        }
    }
    (stretches[0], size)
}

/// The box of the step number in the square centred at `(x, y)` (SVG units), if it
/// is on the board: `font` large, set on its baseline as [`crate::text`] sets it.
fn number_boxes(tour: &Tour, frame: &Frame, font: f64) -> impl Fn(i64, i64) -> Option<[f64; 4]> {
    let b = tour.board();
    let mut step = std::collections::HashMap::new();
    for (i, &c) in tour.path().iter().enumerate() {
        step.insert(frame.cell(b.xy(c)), i + 1);
    }
    move |x, y| {
        let n = step.get(&(x, y))?;
        let half = crate::font::text_width(&n.to_string(), font) / 2.0;
        let (x, y) = (x as f64, y as f64);
        Some([x - half, y - 0.6 * font, x + half, y + 0.6 * font])
    }
}

/// The box of the arrow [`arrow`] draws `size` large centred at `c` along `u`: its
/// triangle's, grown by half its halo's width (the halo's round joins reach no
/// further), as the audit reads it.
fn arrow_box(c: (f64, f64), u: (f64, f64), size: f64) -> [f64; 4] {
    let pts = triangle(c, u, size);
    let h = halo_width(size) / 2.0;
    let (xs, ys) = (pts.map(|p| p.0), pts.map(|p| p.1));
    let min = |v: [f64; 3]| v.into_iter().fold(f64::INFINITY, f64::min);
    let max = |v: [f64; 3]| v.into_iter().fold(f64::NEG_INFINITY, f64::max);
    [min(xs) - h, min(ys) - h, max(xs) + h, max(ys) + h]
}

/// The corners of the arrow's triangle `size` large centred at `c` along the unit
/// vector `u`: its tip, then the two corners of its base.
fn triangle(c: (f64, f64), u: (f64, f64), size: f64) -> [(f64, f64); 3] {
    let (l, w) = (size * 2.6, size * 0.75);
    let tip = (c.0 + u.0 * l / 2.0, c.1 + u.1 * l / 2.0);
    let base = (c.0 - u.0 * l / 2.0, c.1 - u.1 * l / 2.0);
    let left = (base.0 - u.1 * w, base.1 + u.0 * w);
    let right = (base.0 + u.1 * w, base.1 - u.0 * w);
    [tip, left, right]
}

/// The width of the halo round an arrow `size` large.
fn halo_width(size: f64) -> f64 {
    size * 0.3
}

/// The first leap as drawn: from the start to the next cell, or on a band whose first
/// leap crosses the seam, its half leaving the start (up to the edge it meets) and its
/// half entering the next cell (from the opposite edge), as the tour's line draws
/// them.
fn first_leap_drawn(tour: &Tour, frame: &Frame) -> Vec<Stretch> {
    let (b, p) = (tour.board(), tour.path());
    let at = |c: u32| {
        let (x, y) = frame.cell(b.xy(c));
        (x as f64, y as f64)
    };
    let (s, n) = (at(p[0]), at(p[1]));
    let dir = match b.dir_between(p[0], p[1]) {
        Some(dir) if b.wraps(p[0], dir) => dir,
        _ => return vec![(s, n)],
    };
    let back = b.back(p[0], dir);
    vec![
        (s, to_edge(s, b.leaper().dirs()[dir], frame)),
        (to_edge(n, b.leaper().dirs()[back], frame), n),
    ]
}

/// The point where a leap of `(dx, dy)` (board steps, y up) from `from` leaves the
/// board's squares, or its end if it does not.
fn to_edge(from: (f64, f64), (dx, dy): (i32, i32), frame: &Frame) -> (f64, f64) {
    let (dx, dy) = (dx as f64, -dy as f64);
    let (ax, ay, aw, ah) = (-0.5, -0.5, frame.w as f64, frame.h as f64);
    // The share of the leap on the board: up to the first edge it meets.
    let exit = |from: f64, d: f64, lo: f64, hi: f64| {
        if d > 0.0 {
            (hi - from) / d
        } else if d < 0.0 {
            (lo - from) / d
        } else {
            f64::INFINITY
        }
    };
    let t = exit(from.0, dx, ax, ax + aw)
        .min(exit(from.1, dy, ay, ay + ah))
        .min(1.0);
    (from.0 + dx * t, from.1 + dy * t)
}

/// A triangle half way along the leap from `a` to `b`, pointing towards `b`, with a
/// halo in `halo` so that no line crossing it hides its tip.
pub fn arrow(a: (f64, f64), b: (f64, f64), size: f64, colour: &str, halo: &str) -> Polygon {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    let u = (dx / len, dy / len);
    let c = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let pts: Vec<String> = triangle(c, u, size)
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect();
    Polygon::new()
        .set("class", "direction")
        .set("points", pts.join(" "))
        .set("fill", colour)
        .set("stroke", halo)
        .set("stroke-width", num(halo_width(size)))
        .set("stroke-linejoin", "round")
        .set("paint-order", "stroke")
}

#[cfg(test)]
mod tests {
    use crate::fixtures::tour;
    use crate::{Drawing, Options, Show, Theme};
    use knights_core::metrics::measure;

    /// The arrow's `points` and halo width in a drawing of `svg`.
    fn arrow_of(svg: &str) -> (Vec<(f64, f64)>, String) {
        let p = &svg[svg.find("<polygon class=\"direction\"").unwrap()..];
        let attr = |name: &str| {
            let key = format!(" {name}=\"");
            let v = &p[p.find(&key).unwrap() + key.len()..];
            v[..v.find('"').unwrap()].to_string()
        };
        let points = (attr("points").split(' '))
            .map(|xy| {
                let (x, y) = xy.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        (points, attr("stroke-width"))
    }

    /// The numbered teaching figure of the 16x16 fixture, whose first leap (a1 to c2)
    /// passes between two numbers with room for the arrow: the
    /// arrow is drawn half way along it at its full size, as without numbers
    /// (regression: its clearance was taken as the box of a rectangle round it plus a
    /// margin, and it shrank), and the audit finds nothing.
    #[test]
    fn the_first_arrow_keeps_its_size_and_place_where_the_numbers_leave_room() {
        let t = tour("16x16-hilbert-open.json");
        let m = measure(&t);
        let svg = |show: Show| {
            let opts = Options {
                theme: Theme::load("teaching").unwrap(),
                show,
                ..Default::default()
            };
            Drawing::new(&t, &m, &opts).unwrap().svg().to_string()
        };
        let numbered = svg(Show::Defaults);
        assert!(numbered.contains("class=\"numbers\""));
        let bare = svg(Show::parse("squares,ends").unwrap());
        let ((p, w), (q, v)) = (arrow_of(&numbered), arrow_of(&bare));
        assert_eq!(w, v, "the arrow's size");
        for (a, b) in p.iter().zip(&q) {
            assert!(
                (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9,
                "{p:?} {q:?}"
            );
        }
        let found = crate::audit(&numbered).unwrap().findings;
        assert!(found.is_empty(), "{found:?}");
    }
}
