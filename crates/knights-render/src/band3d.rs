//! A band's tour in three dimensions: the cylinder or Moebius strip bent into space,
//! the tour's leaps as thin square tubes. Written as a binary STL solid that can be 3-D
//! printed (as Bosch and Huang, "Structured Knight's Tours", 2021, printed theirs), and
//! drawn as an SVG projection for a page.
//!
//! The band of width `w` is bent around a circle of circumference `w` (one unit per
//! column). Across it, a cell's offset from the middle row is carried along a direction
//! that stays upright on a cylinder and turns half a revolution on the way round on a
//! Moebius strip, so column `w` lands on column 0 with its rows mirrored: the strip's
//! own gluing. A torus is bent twice, into a ring: its rows run round the tube, a
//! circle of circumference `h` (no more than half the ring's radius), so row `h` lands
//! on row 0 too.

use std::f64::consts::PI;
use std::fmt::Write;

use crate::frame::num;
use knights_core::verify::Verified;
use knights_core::Topology;
use knights_core::{memory, BadBoard, Error};

/// A point in space.
pub type Point = [f64; 3];

/// Pieces each leap is cut into, so that it follows the bend.
const PIECES: usize = 6;
/// The side of a tube, in cells.
const TUBE: f64 = 0.18;
/// Bytes per leap at the peak of writing the STL: its 72 facets of 50 bytes, and the
/// leap's points.
const STL_PER_LEAP: u64 = 12 * PIECES as u64 * 50 + 200;
/// Bytes per leap at the peak of drawing the projection: its pieces as sorted path
/// strings, then the SVG.
const SVG_PER_LEAP: u64 = 1_000;

/// Refuses a model of `tour` (`what`: STL or SVG) that would not fit in memory, with
/// the figure, before anything is allocated.
fn check(tour: &Verified, what: &str, per_leap: u64) -> Result<(), Error> {
    let leaps = tour.path().len() as u64;
    memory::check(
        leaps.saturating_mul(per_leap),
        &format!("the {what} model of the {} board", tour.board()),
        &format!("{leaps} leaps at about {per_leap} bytes each"),
    )
}

/// Where the point `(x, y)` of the flat band (cell units, `x` past the edge allowed)
/// lies in space.
pub fn place(topology: Topology, w: u32, h: u32, (x, y): (f64, f64)) -> Point {
    let r = w as f64 / (2.0 * PI);
    let t = 2.0 * PI * (x + 0.5) / w as f64;
    if topology == Topology::Torus {
        let tube = (h as f64 / (2.0 * PI)).min(r / 2.0);
        let f = 2.0 * PI * (y + 0.5) / h as f64;
        let ring = r + tube * f.cos();
        return [ring * t.cos(), ring * t.sin(), tube * f.sin()];
    }
    let s = y - (h as f64 - 1.0) / 2.0;
    let (out, up) = match topology {
        Topology::Moebius => {
            let a = (t - PI / w as f64) / 2.0;
            (s * a.sin(), s * a.cos())
        }
        _ => (0.0, s),
    };
    [(r + out) * t.cos(), (r + out) * t.sin(), up]
}

/// The tour's leaps as polylines in space, each from the end it leaves rightwards.
pub fn leaps(tour: &Verified) -> Result<Vec<Vec<Point>>, Error> {
    let b = tour.board();
    if !b.topology().wraps() {
        return Err(BadBoard::Flat {
            board: b.to_string(),
        }
        .into());
    }
    let (w, h) = (b.width(), b.height());
    let dirs = b.leaper().dirs();
    let masks = tour.grid().masks();
    let mut out = Vec::new();
    for c in 0..b.area() as u32 {
        let (x, y) = b.xy(c);
        for d in (0..4).filter(|&d| masks[c as usize] & (1 << d) != 0) {
            let (dx, dy) = dirs[d];
            let line = (0..=PIECES)
                .map(|k| {
                    let f = k as f64 / PIECES as f64;
                    let p = (x as f64 + f * dx as f64, y as f64 + f * dy as f64);
                    place(b.topology(), w, h, p)
                })
                .collect();
            out.push(line);
        }
    }
    Ok(out)
}

fn sub(a: Point, b: Point) -> Point {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cross(a: Point, b: Point) -> Point {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn unit(a: Point) -> Point {
    let n = (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).sqrt();
    if n == 0.0 {
        return [0.0, 0.0, 1.0];
    }
    [a[0] / n, a[1] / n, a[2] / n]
}

fn add(a: Point, b: Point, k: f64) -> Point {
    [a[0] + k * b[0], a[1] + k * b[1], a[2] + k * b[2]]
}

/// A closed square tube around the segment `p -> q`: four sides and two end caps, as
/// triangles wound counter-clockwise seen from outside.
pub fn tube(p: Point, q: Point) -> Vec<[Point; 3]> {
    let axis = unit(sub(q, p));
    let helper = if axis[2].abs() < 0.9 {
        [0.0, 0.0, 1.0]
    } else {
        [1.0, 0.0, 0.0]
    };
    let u = unit(cross(axis, helper));
    let v = cross(axis, u);
    let r = TUBE / 2.0;
    let corner = |c: Point, k: usize| {
        let (a, b) = [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)][k];
        add(add(c, u, a * r), v, b * r)
    };
    let (lo, hi): (Vec<Point>, Vec<Point>) = (0..4).map(|k| (corner(p, k), corner(q, k))).unzip();
    let mut t = Vec::with_capacity(12);
    for k in 0..4 {
        let j = (k + 1) % 4;
        t.push([lo[k], lo[j], hi[j]]);
        t.push([lo[k], hi[j], hi[k]]);
    }
    // Caps: the low end faces back along the axis, the high end forwards.
    t.push([lo[0], lo[2], lo[1]]);
    t.push([lo[0], lo[3], lo[2]]);
    t.push([hi[0], hi[1], hi[2]]);
    t.push([hi[0], hi[2], hi[3]]);
    t
}

/// The triangles of the model: a tube around every piece of every leap.
pub fn triangles(tour: &Verified) -> Result<Vec<[Point; 3]>, Error> {
    Ok(facets(&leaps(tour)?).collect())
}

/// The tubes' triangles around the pieces of `lines`, one at a time.
fn facets(lines: &[Vec<Point>]) -> impl Iterator<Item = [Point; 3]> + '_ {
    lines
        .iter()
        .flat_map(|line| line.windows(2).flat_map(|s| tube(s[0], s[1])))
}

/// The outward normal of a triangle wound counter-clockwise.
pub fn normal(t: &[Point; 3]) -> Point {
    unit(cross(sub(t[1], t[0]), sub(t[2], t[0])))
}

/// The model as binary STL: an 80-byte header, the facet count, then per facet its
/// normal, three corners (little-endian `f32`, in cells: scale when printing) and a
/// zero attribute word.
pub fn stl(tour: &Verified) -> Result<Vec<u8>, Error> {
    check(tour, "STL", STL_PER_LEAP)?;
    let lines = leaps(tour)?;
    let count: usize = lines.iter().map(|l| 12 * (l.len() - 1)).sum();
    let mut out = Vec::with_capacity(84 + 50 * count);
    let mut header = format!("knights: {}", knights_core::article::an(tour)).into_bytes();
    header.resize(80, b' ');
    out.extend_from_slice(&header);
    out.extend_from_slice(&(count as u32).to_le_bytes());
    // Facet by facet: the triangles of a large band would need more than its STL.
    for t in facets(&lines) {
        for p in std::iter::once(normal(&t)).chain(t.iter().copied()) {
            for c in p {
                out.extend_from_slice(&(c as f32).to_le_bytes());
            }
        }
        out.extend_from_slice(&[0, 0]);
    }
    Ok(out)
}

/// The band seen from above and to the side, as SVG: the edges of the band in grey,
/// the tour's leaps darker where they are nearer.
pub fn projection(tour: &Verified, colour: &str) -> Result<String, Error> {
    check(tour, "SVG", SVG_PER_LEAP)?;
    let b = tour.board();
    let lines = leaps(tour)?;
    let (w, h) = (b.width(), b.height());
    // The camera: turned 30 degrees about the vertical, looking 25 degrees down.
    let (ya, pa) = (30f64.to_radians(), 25f64.to_radians());
    let view = |p: Point| {
        let x = p[0] * ya.cos() - p[1] * ya.sin();
        let depth = p[0] * ya.sin() + p[1] * ya.cos();
        let y = p[2] * pa.cos() - depth * pa.sin();
        let near = p[2] * pa.sin() + depth * pa.cos();
        (x, -y, -near)
    };
    let edge: Vec<Vec<Point>> = [-0.5, h as f64 - 0.5]
        .iter()
        .map(|&y| {
            (0..=4 * w)
                .map(|k| place(b.topology(), w, h, (k as f64 / 4.0 - 0.5, y)))
                .collect()
        })
        .collect();
    let mut segs: Vec<(f64, String, f64)> = Vec::new();
    let mut bounds = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
    for (line, grey) in lines
        .iter()
        .map(|l| (l, false))
        .chain(edge.iter().map(|l| (l, true)))
    {
        for s in line.windows(2) {
            let (a, c) = (view(s[0]), view(s[1]));
            for p in [a, c] {
                bounds = [
                    bounds[0].min(p.0),
                    bounds[1].min(p.1),
                    bounds[2].max(p.0),
                    bounds[3].max(p.1),
                ];
            }
            let near = (a.2 + c.2) / 2.0;
            segs.push((near, segment(a, c), if grey { -1.0 } else { 1.0 }));
        }
    }
    segs.sort_by(|p, q| p.0.total_cmp(&q.0));
    // The view fits the band as drawn, with a margin: a fixed box of the cylinder's
    // radius left a torus (whose tube is a sixth of it) a small blob in its middle.
    let span = (bounds[2] - bounds[0]).max(bounds[3] - bounds[1]).max(1e-9);
    let pad = span * 0.04;
    let vb = [
        bounds[0] - pad,
        bounds[1] - pad,
        bounds[2] - bounds[0] + 2.0 * pad,
        bounds[3] - bounds[1] + 2.0 * pad,
    ];
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{:.3} {:.3} {:.3} {:.3}" width="800" height="{:.0}"><title>A {tour} in three dimensions</title><rect x="{:.3}" y="{:.3}" width="{:.3}" height="{:.3}" fill="white"/>"#,
        vb[0],
        vb[1],
        vb[2],
        vb[3],
        800.0 * vb[3] / vb[2],
        vb[0],
        vb[1],
        vb[2],
        vb[3]
    );
    // Lines in shares of the drawing's size, as they were on a 64x8 cylinder.
    let (leap_w, edge_w) = (num(span * 0.003), num(span * 0.0015));
    let (lo, hi) = segs
        .iter()
        .fold((f64::MAX, f64::MIN), |(l, u), s| (l.min(s.0), u.max(s.0)));
    // Nearer to farther, each run of segments of one stroke in a group that carries it
    // (the same drawing as a stroke on each, in a third of the bytes).
    svg.push_str(r#"<g fill="none" stroke-linecap="round">"#);
    let mut open: Option<String> = None;
    for (near, d, kind) in &segs {
        let f = if hi > lo {
            (near - lo) / (hi - lo)
        } else {
            1.0
        };
        let (stroke, width) = if *kind < 0.0 {
            ("#999", edge_w.as_str())
        } else {
            (colour, leap_w.as_str())
        };
        let style = format!(
            r#"<g stroke="{stroke}" stroke-width="{width}" stroke-opacity="{}">"#,
            num(((0.25 + 0.75 * f) * 100.0).round() / 100.0)
        );
        if open.as_ref() != Some(&style) {
            if open.is_some() {
                svg.push_str("</g>");
            }
            svg.push_str(&style);
            open = Some(style);
        }
        let _ = write!(svg, r#"<path d="{d}"/>"#);
    }
    if open.is_some() {
        svg.push_str("</g>");
    }
    svg.push_str("</g></svg>\n");
    Ok(svg)
}

/// The path data of the segment from `a` to `c` (SVG points), in thousandths: the
/// start, then the step to the end taken between the rounded points.
fn segment(a: (f64, f64, f64), c: (f64, f64, f64)) -> String {
    let milli = |v: f64| (v * 1000.0).round() / 1000.0;
    let (ax, ay, cx, cy) = (milli(a.0), milli(a.1), milli(c.0), milli(c.1));
    let dy = num(cy - ay);
    let sep = if dy.starts_with('-') { "" } else { " " };
    format!("M{} {}l{}{sep}{dy}", num(ax), num(ay), num(cx - ax))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::tour;
    use std::collections::HashMap;

    fn band(w: u32, h: u32, t: Topology) -> Verified {
        tour(&format!("{w}x{h}-{}.json", t.to_string().to_lowercase()))
    }

    #[test]
    fn the_moebius_gluing_is_the_strips_own() {
        for t in [Topology::Cylinder, Topology::Moebius] {
            for y in 0..8 {
                let a = place(t, 40, 8, (40.0, y as f64));
                let y2 = if t == Topology::Moebius { 7 - y } else { y };
                let b = place(t, 40, 8, (0.0, y2 as f64));
                assert!(
                    a.iter().zip(b).all(|(p, q)| (p - q).abs() < 1e-9),
                    "{t} {y}"
                );
            }
        }
    }

    #[test]
    fn the_torus_is_glued_both_ways() {
        let same = |a: Point, b: Point| a.iter().zip(b).all(|(p, q)| (p - q).abs() < 1e-9);
        for y in 0..8 {
            for x in 0..12 {
                let p = place(Topology::Torus, 12, 8, (x as f64, y as f64));
                assert!(same(
                    place(Topology::Torus, 12, 8, (x as f64 + 12.0, y as f64)),
                    p
                ));
                assert!(same(
                    place(Topology::Torus, 12, 8, (x as f64, y as f64 + 8.0)),
                    p
                ));
            }
        }
    }

    #[test]
    fn the_stl_is_a_closed_well_formed_solid() {
        for t in [Topology::Cylinder, Topology::Moebius] {
            let v = band(10, 8, t);
            let bytes = stl(&v).unwrap();
            let n = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as usize;
            assert_eq!(
                n,
                80 * PIECES * 12,
                "a closed tour of 80 cells has 80 leaps"
            );
            assert_eq!(bytes.len(), 84 + 50 * n);
            let f = |o: usize| f32::from_le_bytes(bytes[o..o + 4].try_into().unwrap()) as f64;
            let mut edges: HashMap<([i64; 3], [i64; 3]), i32> = HashMap::new();
            let key = |p: Point| p.map(|c| (c * 1e4).round() as i64);
            for k in 0..n {
                let o = 84 + 50 * k;
                let nrm = [f(o), f(o + 4), f(o + 8)];
                let tri: [Point; 3] = std::array::from_fn(|j| {
                    [f(o + 12 + 12 * j), f(o + 16 + 12 * j), f(o + 20 + 12 * j)]
                });
                // The stored normal is a unit vector along the winding's normal.
                let len = (nrm.iter().map(|c| c * c).sum::<f64>()).sqrt();
                assert!((len - 1.0).abs() < 1e-4, "facet {k}");
                let w = normal(&tri);
                assert!(nrm.iter().zip(w).map(|(a, b)| a * b).sum::<f64>() > 0.999);
                for j in 0..3 {
                    let (a, b) = (key(tri[j]), key(tri[(j + 1) % 3]));
                    *edges.entry((a, b)).or_default() += 1;
                }
            }
            // Closed and consistently wound: every edge is met once each way.
            for (&(a, b), &count) in &edges {
                assert_eq!(count, 1, "{t}");
                assert_eq!(edges.get(&(b, a)), Some(&1), "{t}: an open edge");
            }
        }
    }

    #[test]
    fn a_flat_board_has_no_model_and_the_projection_draws_every_leap() {
        let flat = tour("8x8.json");
        assert!(stl(&flat).is_err());
        let v = band(9, 7, Topology::Moebius);
        let svg = projection(&v, "#c33").unwrap();
        let doc = resvg::usvg::roxmltree::Document::parse(&svg).unwrap();
        let drawn = doc
            .descendants()
            .filter(|n| n.has_tag_name("path"))
            .filter(|n| n.parent().and_then(|g| g.attribute("stroke")) == Some("#c33"))
            .count();
        assert_eq!(drawn, 63 * PIECES);
    }

    /// The projection's view fits the band it draws, a torus as a cylinder: the leaps
    /// and edges reach across nine tenths of the view (the 8x8 torus was a blob a
    /// sixth of its view across, in leaps as thick as a cylinder's).
    #[test]
    fn the_projection_fits_its_view() {
        for t in [band(8, 8, Topology::Torus), band(10, 8, Topology::Cylinder)] {
            let svg = projection(&t, "#c33").unwrap();
            let doc = resvg::usvg::roxmltree::Document::parse(&svg).unwrap();
            let root = doc.root_element();
            let vb: Vec<f64> = (root.attribute("viewBox").unwrap().split(' '))
                .map(|v| v.parse().unwrap())
                .collect();
            let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).unwrap();
            // The strokes' box: every path but the background's (the one filled).
            fn strokes(g: &resvg::usvg::Group, b: &mut [f64; 4]) {
                for n in g.children() {
                    match n {
                        resvg::usvg::Node::Group(c) => strokes(c, b),
                        resvg::usvg::Node::Path(p) if p.fill().is_none() => {
                            let r = p.abs_stroke_bounding_box();
                            *b = [
                                b[0].min(r.left() as f64),
                                b[1].min(r.top() as f64),
                                b[2].max(r.right() as f64),
                                b[3].max(r.bottom() as f64),
                            ];
                        }
                        _ => {}
                    }
                }
            }
            let mut b = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
            strokes(tree.root(), &mut b);
            let size = tree.size();
            let share =
                ((b[2] - b[0]) / size.width() as f64).max((b[3] - b[1]) / size.height() as f64);
            assert!(vb[2] > 0.0);
            assert!(share > 0.9, "{}: {share}", t.board());
        }
    }
}
