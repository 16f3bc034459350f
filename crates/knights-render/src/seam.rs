//! The glued edges of a band drawn flat: the left and right edges, where the tour
//! leaves and comes back, are marked with arrows in the usual way of drawing a surface
//! from a square: both pointing up on a cylinder (glued as they are), opposite ways on
//! a Moebius strip (glued with a half twist). A torus has its top and bottom edges
//! glued too: they are marked the same way, with double arrows both pointing right.
//! The legend ([`legend`]) names each of these marks.

use svg::node::element::{Group, Line, Path};

use super::frame::{num, Frame};
use super::legend::{Entry, Spot};
use super::theme::Theme;
use knights_core::{Board, Topology};

/// Whether `frame` of `board` shows the seam.
fn shown(board: &Board, frame: &Frame) -> bool {
    board.topology().wraps() && frame.is_whole()
}

/// The length of the seam's arrows, in squares.
fn arrow(frame: &Frame) -> f64 {
    (frame.h as f64 / 6.0).clamp(0.4, 1.2)
}

/// The half width of a side arrow and the half height of a top or bottom one, in
/// squares.
fn halves(frame: &Frame) -> (f64, f64) {
    (arrow(frame) / 3.0, arrow(frame) / 5.0)
}

/// The gap between the board's edge and the arrows outside it, in squares: the width
/// of the dashed edge.
fn gap(frame: &Frame, theme: &Theme) -> f64 {
    frame.size(&theme.board.outline_width) * 2.0
}

/// How far, in squares, the seam's arrows reach left of the board's left edge (where
/// the row numbers go) and below its bottom edge (where the column letters go): 0
/// without a seam, or without glued rows below. The arrows lie outside the board, so
/// that no mark or number of its squares is under them.
pub fn reach(board: &Board, frame: &Frame, theme: &Theme) -> (f64, f64) {
    if !shown(board, frame) {
        return (0.0, 0.0);
    }
    let (side, ends) = halves(frame);
    let gap = gap(frame, theme);
    let rows = if board.topology().wraps_rows() {
        2.0 * ends + gap
    } else {
        0.0
    };
    (2.0 * side + gap, rows)
}

/// The view box `v` of `frame` grown, if need be, so that the arrows outside the
/// board (which reach [`reach`] squares past it) are not cut off, nor the row numbers
/// and column letters moved past them.
pub fn fit(board: &Board, frame: &Frame, theme: &Theme, v: [f64; 4]) -> [f64; 4] {
    let (side, rows) = reach(board, frame, theme);
    let right = frame.area()[0] + frame.area()[2] + side;
    let room = frame.cell_pt.recip() * 2.0; // two points clear of the page's edge
    let [x, y, w, h] = v;
    let w = w.max(right + room - x);
    [x - side, y - rows, w + side, h + 2.0 * rows]
}

/// The marks of the seam, or nothing on a plane board.
pub fn layer(board: &Board, frame: &Frame, theme: &Theme) -> Group {
    let mut g = Group::new().set("class", "seam").set("data-mark", "seam");
    if !shown(board, frame) {
        return g;
    }
    let colour = theme.markers.start_colour.as_str();
    let width = gap(frame, theme);
    let (top, bottom) = (-0.5, frame.h as f64 - 0.5);
    let arrow = arrow(frame);
    let mid = (top + bottom) / 2.0;
    let (side, ends) = halves(frame);
    for (x, up, out) in [
        (-0.5, true, -1.0),
        (
            frame.w as f64 - 0.5,
            board.topology() != Topology::Moebius,
            1.0,
        ),
    ] {
        g = g.add(
            Line::new()
                .set("x1", num(x))
                .set("y1", num(top))
                .set("x2", num(x))
                .set("y2", num(bottom))
                .set("stroke", colour)
                .set("stroke-width", num(width))
                .set("stroke-dasharray", format!("{} {}", num(0.3), num(0.2))),
        );
        let (tip, base) = if up {
            (mid - arrow / 2.0, mid + arrow / 2.0)
        } else {
            (mid + arrow / 2.0, mid - arrow / 2.0)
        };
        // Outside the edge, clear of the squares' marks.
        let (half, x) = (side, x + out * (side + width));
        g = g.add(Path::new().set("fill", colour).set(
            "d",
            format!(
                "M{} {}L{} {}L{} {}Z",
                num(x),
                num(tip),
                num(x - half),
                num(base),
                num(x + half),
                num(base)
            ),
        ));
    }
    if board.topology().wraps_rows() {
        let (left, right) = (-0.5, frame.w as f64 - 0.5);
        let mid = (left + right) / 2.0;
        // Smaller than the side arrows and outside the board: the column letters
        // below it move down past them.
        let (long, half) = (arrow * 0.5, ends);
        for (y, outward) in [(top, -(half + width)), (bottom, half + width)] {
            g = g.add(
                Line::new()
                    .set("x1", num(left))
                    .set("y1", num(y))
                    .set("x2", num(right))
                    .set("y2", num(y))
                    .set("stroke", colour)
                    .set("stroke-width", num(width))
                    .set("stroke-dasharray", format!("{} {}", num(0.3), num(0.2))),
            );
            let y = y + outward;
            for tip in [mid + long, mid] {
                let base = tip - long;
                g = g.add(Path::new().set("fill", colour).set(
                    "d",
                    format!(
                        "M{} {}L{} {}L{} {}Z",
                        num(tip),
                        num(y),
                        num(base),
                        num(y - half),
                        num(base),
                        num(y + half)
                    ),
                ));
            }
        }
    }
    g
}

/// The legend's lines for the seam's marks (none on a plane board): the dashed edges,
/// the side arrows as this band glues them, and on a torus the double arrows.
pub fn legend(board: &Board, frame: &Frame) -> Vec<Entry> {
    if !shown(board, frame) {
        return Vec::new();
    }
    let mut out = vec![Entry::new(
        "dashed edge: glued; a leap leaving it comes back on the opposite edge",
        dashed,
    )];
    out.push(match board.topology() {
        Topology::Moebius => Entry::new(
            "arrows on the sides, opposite ways: glued with a half twist (Moebius strip)",
            |at, theme| sides(at, theme, false),
        ),
        Topology::Torus => Entry::new(
            "single arrows on the sides, both up: left and right edges glued",
            |at, theme| sides(at, theme, true),
        ),
        _ => Entry::new(
            "arrows on the sides, both up: glued as they are (cylinder)",
            |at, theme| sides(at, theme, true),
        ),
    });
    if board.topology().wraps_rows() {
        out.push(Entry::new(
            "double arrows at top and bottom, both right: those edges glued",
            double,
        ));
    }
    out
}

/// A dashed stretch of edge through `(x, y)`, across (`vertical`) or along, `half`
/// long each way, in the seam's colour.
fn edge(x: f64, y: f64, half: f64, vertical: bool, at: Spot, theme: &Theme) -> Line {
    let (dx, dy) = if vertical { (0.0, half) } else { (half, 0.0) };
    Line::new()
        .set("x1", num(x - dx))
        .set("y1", num(y - dy))
        .set("x2", num(x + dx))
        .set("y2", num(y + dy))
        .set("stroke", theme.markers.start_colour.as_str())
        .set("stroke-width", num(at.fs * 0.12))
        .set(
            "stroke-dasharray",
            format!("{} {}", num(at.fs * 0.3), num(at.fs * 0.2)),
        )
}

/// A filled triangle with its tip at `tip`, pointing along `(ux, uy)`, `long` long.
fn triangle(tip: (f64, f64), (ux, uy): (f64, f64), long: f64, theme: &Theme) -> Path {
    let half = long / 2.5;
    let base = (tip.0 - ux * long, tip.1 - uy * long);
    Path::new()
        .set("fill", theme.markers.start_colour.as_str())
        .set(
            "d",
            format!(
                "M{} {}L{} {}L{} {}Z",
                num(tip.0),
                num(tip.1),
                num(base.0 - uy * half),
                num(base.1 + ux * half),
                num(base.0 + uy * half),
                num(base.1 - ux * half)
            ),
        )
}

/// The icon of the dashed edges.
fn dashed(at: Spot, theme: &Theme) -> Group {
    Group::new().add(edge(at.x, at.y, at.fs * 0.9, false, at, theme))
}

/// The icon of the side arrows: two dashed edges, their arrows both up (`same`) or
/// opposite ways.
fn sides(at: Spot, theme: &Theme, same: bool) -> Group {
    let mut g = Group::new();
    let long = at.fs * 0.8;
    for (k, up) in [(-1.0, true), (1.0, same)] {
        let x = at.x + k * at.fs * 0.5;
        let (tip, u) = if up {
            (at.y - long / 2.0, (0.0, -1.0))
        } else {
            (at.y + long / 2.0, (0.0, 1.0))
        };
        g = g
            .add(edge(x, at.y, at.fs * 0.6, true, at, theme))
            .add(triangle((x, tip), u, long, theme));
    }
    g
}

/// The icon of the double arrows of a torus's top and bottom edges.
fn double(at: Spot, theme: &Theme) -> Group {
    let long = at.fs * 0.6;
    let mut g = Group::new().add(edge(at.x, at.y, at.fs * 0.9, false, at, theme));
    for tip in [at.x + long, at.x] {
        g = g.add(triangle((tip, at.y), (1.0, 0.0), long, theme));
    }
    g
}

#[cfg(test)]
mod tests {
    use crate::fixtures::tour;
    use crate::{Drawing, Layer, Options, Show};

    /// The row numbers of a band stand clear of the seam's arrows, which reach
    /// [`super::reach`] squares left of the board (they hid the middle row's number).
    #[test]
    fn row_numbers_stand_clear_of_the_seam_arrows() {
        let t = tour("10x8-moebius.json");
        let m = knights_core::metrics::measure(&t);
        let opts = Options {
            show: Show::defaults().with(Layer::Coords),
            ..Default::default()
        };
        let svg = Drawing::new(&t, &m, &opts).unwrap().svg().to_string();
        let rows = svg.split("text-anchor=\"end\"").nth(1).unwrap();
        let rows = &rows[..rows.find("</g>").unwrap()];
        let xs: Vec<f64> = rows
            .split(" x=\"")
            .skip(1)
            .map(|s| s[..s.find('"').unwrap()].parse().unwrap())
            .collect();
        assert_eq!(xs.len(), 8);
        // The arrow's width (8 rows: 2 * 8 / 6 / 3 squares) left of the edge at -0.5.
        let arrow_left = -0.5 - 2.0 * 8.0 / 6.0 / 3.0;
        assert!(xs.iter().all(|&x| x < arrow_left), "{xs:?}");
    }

    /// The board's edges and a leap's length, in squares, of a stored band tour.
    fn bounds(t: &knights_core::Verified) -> ([f64; 4], f64) {
        let b = t.board();
        let (a, c) = b.leaper().steps();
        let len = ((a * a + c * c) as f64).sqrt();
        let (w, h) = (b.width() as f64, b.height() as f64);
        ([-0.5, -0.5, w - 0.5, h - 0.5], len)
    }

    /// The value of attribute `name` in the first tag of `svg` after `at`.
    fn attr<'a>(svg: &'a str, at: &str, name: &str) -> &'a str {
        let tag = &svg[svg.find(at).unwrap_or_else(|| panic!("no {at}"))..];
        let tag = &tag[..tag.find('>').unwrap()];
        let v = &tag[tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3..];
        &v[..v.find('"').unwrap()]
    }

    /// The straight segments of the absolute path data `d` (`M` and `L` only, as a
    /// band's tour is written).
    fn segments(d: &str) -> Vec<((f64, f64), (f64, f64))> {
        let mut out = Vec::new();
        let mut last: Option<(f64, f64)> = None;
        for cmd in d
            .split_inclusive(['M', 'L'])
            .collect::<String>()
            .replace('M', "|M")
            .replace('L', "|L")
            .split('|')
        {
            let Some(op) = cmd.chars().next() else {
                continue;
            };
            let nums: Vec<f64> = cmd[1..]
                .split(' ')
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            for xy in nums.chunks(2) {
                let p = (xy[0], xy[1]);
                if let (Some(q), 'L') = (last, op) {
                    out.push((q, p));
                }
                last = Some(p);
            }
        }
        out
    }

    /// How long a stretch of segment `s` lies outside `edges`, measured by sampling.
    fn outside(s: ((f64, f64), (f64, f64)), edges: [f64; 4]) -> f64 {
        let ((x0, y0), (x1, y1)) = s;
        let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
        let n = 400;
        let out = (0..n)
            .filter(|&k| {
                let t = (k as f64 + 0.5) / n as f64;
                let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
                x < edges[0] - 1e-9
                    || y < edges[1] - 1e-9
                    || x > edges[2] + 1e-9
                    || y > edges[3] + 1e-9
            })
            .count();
        len * out as f64 / n as f64
    }

    /// Every path's segments in the group of class `class` of `svg`.
    fn drawn(svg: &str, class: &str) -> Vec<((f64, f64), (f64, f64))> {
        let key = format!("<g class=\"{class}\"");
        let g = &svg[svg.find(&key).unwrap_or_else(|| panic!("no {class}"))..];
        // Up to the next group that is not one of its steps.
        let end = (g.match_indices("<g class=\"").skip(1))
            .find(|(i, m)| !g[i + m.len()..].starts_with("step"))
            .map_or(g.len(), |(i, _)| i);
        g[..end]
            .split(" d=\"")
            .skip(1)
            .flat_map(|d| segments(&d[..d.find('"').unwrap()]))
            .collect()
    }

    /// A wrapped leap is drawn as two halves, each at most a leap outside the board,
    /// and the group is clipped to the board: on the drawing and on the walk-through.
    #[test]
    fn leaps_across_the_seam_are_drawn_in_clipped_halves() {
        for name in ["8x8-torus.json", "10x8-cylinder.json", "9x7-moebius.json"] {
            let t = tour(name);
            let (edges, leap) = bounds(&t);
            let m = knights_core::metrics::measure(&t);
            let svg = Drawing::new(&t, &m, &Options::default())
                .unwrap()
                .svg()
                .to_string();
            let theme = crate::Theme::load("web").unwrap();
            let walk = crate::Walkthrough::new(
                &t,
                &theme,
                crate::Layers::defaults(&theme.layers, 8),
                1000,
            );
            let frozen = walk.frozen(walk.steps().len());
            for (svg, class, clip) in [(&svg, "tour", "region"), (&frozen, "walk", "walk-board")] {
                assert_eq!(
                    attr(svg, &format!("<g class=\"{class}\""), "clip-path"),
                    format!("url(#{clip})"),
                    "{name} {class}"
                );
                let rect = &svg[svg.find(&format!("<clipPath id=\"{clip}\"")).unwrap()..];
                let xywh: Vec<f64> = ["x", "y", "width", "height"]
                    .iter()
                    .map(|a| attr(rect, "<rect", a).parse().unwrap())
                    .collect();
                assert_eq!(
                    xywh,
                    [edges[0], edges[1], edges[2] + 0.5, edges[3] + 0.5],
                    "{name} {class}"
                );
                assert!(
                    svg.contains("<g class=\"seam\" data-mark=\"seam\">"),
                    "{name} {class}: no seam marks"
                );
                // The right edge's arrows fit in the view box.
                let v: Vec<f64> = (attr(svg, "<svg", "viewBox").split(' '))
                    .map(|n| n.parse().unwrap())
                    .collect();
                assert!(v[0] + v[2] > edges[2] + 8.0_f64.min(t.board().height() as f64) / 18.0);
                let segs = drawn(svg, class);
                let halves = segs.iter().filter(|&&s| outside(s, edges) > 0.0).count();
                assert!(halves >= 2, "{name} {class}: no leap across the seam drawn");
                for s in segs {
                    assert!(
                        outside(s, edges) <= leap,
                        "{name} {class}: {s:?} runs past the board"
                    );
                }
            }
        }
    }

    /// The first-leap arrow of a torus whose first leap wraps off the bottom-left corner
    /// lies on that leap, within one square of the start, on the board (it sat at d4, on
    /// no drawn line, half way between the leap's two ends).
    #[test]
    fn the_first_leap_arrow_lies_on_the_first_leap() {
        for name in [
            "8x8-torus.json",
            "10x8-cylinder.json",
            "10x8-moebius.json",
            "9x7-moebius.json",
        ] {
            let t = tour(name);
            let (edges, _) = bounds(&t);
            let (b, p) = (t.board(), t.path());
            let m = knights_core::metrics::measure(&t);
            let svg = Drawing::new(&t, &m, &Options::default())
                .unwrap()
                .svg()
                .to_string();
            let pts: Vec<(f64, f64)> = attr(&svg, "class=\"direction\"", "points")
                .split(' ')
                .map(|xy| {
                    let (x, y) = xy.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            let (cx, cy) = (
                pts.iter().map(|p| p.0).sum::<f64>() / 3.0,
                pts.iter().map(|p| p.1).sum::<f64>() / 3.0,
            );
            let (sx, sy) = b.xy(p[0]);
            let (sx, sy) = (sx as f64, (b.height() - 1 - sy) as f64);
            assert!(
                (cx - sx).abs() <= 1.0 && (cy - sy).abs() <= 1.0,
                "{name}: arrow at {cx},{cy}, start {sx},{sy}"
            );
            assert!(
                cx > edges[0] && cy > edges[1] && cx < edges[2] && cy < edges[3],
                "{name}: arrow off the board"
            );
            // On the line of the leap as it leaves the start.
            let (dx, dy) = b.leaper().dirs()[b.dir_between(p[0], p[1]).unwrap()];
            let (dx, dy) = (dx as f64, -dy as f64);
            let off = ((cx - sx) * dy - (cy - sy) * dx).abs() / (dx * dx + dy * dy).sqrt();
            assert!(
                off < 0.05 && (cx - sx) * dx + (cy - sy) * dy > 0.0,
                "{name}: arrow {off} off the leap"
            );
        }
        let t = tour("8x8-torus.json");
        assert!(t.board().wraps(
            t.path()[0],
            t.board().dir_between(t.path()[0], t.path()[1]).unwrap()
        ));
    }

    /// The legend names every mark of the seam: the dashed edges, the side arrows as
    /// the band glues them, and a torus's double arrows; a plane board has none.
    #[test]
    fn the_legend_explains_every_edge_mark() {
        let labels = |name: &str| {
            let t = tour(name);
            let m = knights_core::metrics::measure(&t);
            let opts = Options {
                legend: true,
                ..Default::default()
            };
            let svg = Drawing::new(&t, &m, &opts).unwrap().svg().to_string();
            let g = &svg[svg.find("class=\"legend-labels\"").unwrap()..];
            g[..g.find("</g>").unwrap()].to_string()
        };
        let torus = labels("8x8-torus.json");
        assert!(torus.contains("dashed edge"), "{torus}");
        assert!(torus.contains("single arrows on the sides"), "{torus}");
        assert!(torus.contains("double arrows at top and bottom"), "{torus}");
        let cylinder = labels("10x8-cylinder.json");
        assert!(
            cylinder.contains("dashed edge") && cylinder.contains("(cylinder)"),
            "{cylinder}"
        );
        assert!(!cylinder.contains("double"), "{cylinder}");
        let moebius = labels("10x8-moebius.json");
        assert!(moebius.contains("half twist (Moebius strip)"), "{moebius}");
        let plane = labels("8x8.json");
        assert!(
            !plane.contains("dashed") && !plane.contains("arrows on the sides"),
            "{plane}"
        );
    }
}
