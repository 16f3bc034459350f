//! A tour of a board of three sides seen whole: its levels drawn as plates stacked in
//! isometric projection, the first level at the bottom, each plate with the leaps
//! inside it in the tour's colours, and every move between levels a line from plate to
//! plate (as Besa et al. draw their 26x26x26 tour). The side-by-side drawing of
//! [`super::levels`] shows each level in full; this one shows how they stack and where
//! the tour climbs.
//!
//! A plate is opaque enough to hide the plates under it, as a solid stack would, but
//! lets their leaps show through faintly. The levels are as far apart as a drawing at
//! most twice as tall as it is wide allows, and never further than one plate's height.

use std::fmt::Write;

use svg::node::element::{Group, Path, Polygon, Text, Title};
use svg::Document;

use super::frame::{background, num};
use super::levels::{label, Colours};
use super::theme::Theme;
use knights_core::metrics::levels::steps;
use knights_core::{Board, Verified};

/// cos 30° and sin 30°: a square's sides in isometric projection.
const C: f64 = 0.866_025_403_784_438_6;
const S: f64 = 0.5;
/// How much of what lies under a plate it hides.
const PLATE_OPACITY: f64 = 0.86;
/// The smallest size of a level's label, in points.
const LABEL_PT: f64 = 9.0;
/// A plate's width over its labels' size, at most.
const PLATE_PER_LABEL: f64 = 20.0;

/// The projection: board cell `(x, y)` of level `z` (centres on whole numbers) to the
/// drawing, in squares; y down as in SVG.
struct Iso {
    /// The height between two levels.
    step: f64,
}

impl Iso {
    fn at(&self, x: f64, y: f64, z: f64) -> (f64, f64) {
        ((x + y) * C, (x - y) * S - z * self.step)
    }
}

/// The isometric view of `tour` drawn with `theme`'s colours, as an SVG document;
/// `None` unless the board has exactly three sides (a fourth has no direction left).
pub fn isometric(tour: &Verified, theme: &Theme) -> Option<String> {
    document(tour, theme).map(|(svg, _)| svg)
}

/// The document and its points per square.
fn document(tour: &Verified, theme: &Theme) -> Option<(String, f64)> {
    let s = tour.board();
    if s.dims() != 3 {
        return None;
    }
    let (w, h, levels) = (s.width() as f64, s.height() as f64, s.levels());
    let (plate_w, plate_h) = ((w + h) * C, (w + h) * S);
    let step = if levels > 1 {
        ((2.0 * plate_w - plate_h) / (levels - 1) as f64).clamp(plate_h * 0.1, plate_h)
    } else {
        0.0
    };
    let iso = Iso { step };
    let total_h = plate_h + step * (levels - 1) as f64;
    // Squares in points: the longer side of the drawing at most the page's size.
    let cell_pt = theme
        .page
        .cell
        .min(theme.page.max_size / plate_w.max(total_h));
    // At least a twentieth of a plate's width: shown across a phone (360 pixels),
    // a 26x26x26 stack's labels at 9 points alone were 5 pixels high.
    let font = (LABEL_PT / cell_pt).max(0.9).max(plate_w / PLATE_PER_LABEL);
    // Label every level when they are far enough apart, else every few.
    let every = ((font * 1.3) / step.max(1e-9)).ceil().max(1.0) as u32;
    let longest = (0..levels).map(|l| label(s, l).len()).max().unwrap_or(1) as f64;
    let margin = 1.0;
    // The first plate spans `-h S` (its far corner) to `w S` (its near one) down the
    // page, centred on 0 only when the board is square; the plates above rise by `step`.
    let (x0, y0) = (-C - margin, -h * S - step * (levels - 1) as f64 - margin);
    let view = [
        x0,
        y0,
        plate_w + 2.0 * margin + 1.0 + 0.6 * font * longest,
        total_h + 2.0 * margin,
    ];
    let mut doc = Document::new()
        .set("viewBox", view.map(num).join(" "))
        .set("width", num(view[2] * cell_pt))
        .set("height", num(view[3] * cell_pt))
        .set("data-levels", levels)
        .add(Title::new(format!(
            "The {} levels of {} tour of the {s} board stacked in isometric projection",
            levels,
            knights_core::article::an(tour.kind())
        )))
        .add(background(view, &theme.page.background));
    let colours = Colours::new(tour, theme, true);
    let line = theme.tour.width.resolve(cell_pt);
    // Each step's path data, by the level it is drawn with: inside a level, on it;
    // between levels, under the upper level's plate.
    let mut inside = vec![Vec::<(String, String)>::new(); levels as usize];
    let mut between = vec![Vec::<(String, String)>::new(); levels as usize];
    for (i, (a, b)) in steps(tour.path(), tour.is_closed()).enumerate() {
        let (pa, pb) = (point(s, &iso, a), point(s, &iso, b));
        let (la, lb) = (s.level_of(a), s.level_of(b));
        let into = if la == lb {
            &mut inside[la as usize]
        } else {
            &mut between[la.max(lb) as usize]
        };
        let c = colours.of(i);
        let d = match into.iter_mut().find(|(k, _)| *k == c) {
            Some((_, d)) => d,
            None => {
                into.push((c, String::new()));
                &mut into.last_mut().expect("just pushed").1
            }
        };
        // A step from where the last one of this path ended continues its line (round
        // joins draw what two round caps drew); any other starts a new one.
        if !d.ends_with(&format!("L{} {}", num(pa.0), num(pa.1))) {
            let _ = write!(d, "M{} {}", num(pa.0), num(pa.1));
        }
        let _ = write!(d, "L{} {}", num(pb.0), num(pb.1));
    }
    let paths = |class: &str, by_colour: Vec<(String, String)>, width: f64| {
        by_colour.into_iter().fold(
            Group::new()
                .set("class", class)
                .set("fill", "none")
                .set("stroke-width", num(width))
                .set("stroke-linecap", "round")
                .set("stroke-linejoin", "round"),
            |g, (c, d)| g.add(Path::new().set("stroke", c).set("d", d)),
        )
    };
    for (l, (inside, between)) in inside.into_iter().zip(between).enumerate() {
        let z = l as f64;
        let corners = [
            (-0.5, -0.5),
            (w - 0.5, -0.5),
            (w - 0.5, h - 0.5),
            (-0.5, h - 0.5),
        ]
        .map(|(x, y)| iso.at(x, y, z))
        .map(|(x, y)| format!("{},{}", num(x), num(y)))
        .join(" ");
        let mut g = Group::new()
            .set("class", "level")
            .set("data-level", l)
            .add(paths("between-levels", between, line * 1.5))
            .add(
                Polygon::new()
                    .set("class", "plate")
                    .set("points", corners)
                    .set("fill", theme.board.light.as_str())
                    .set("fill-opacity", num(PLATE_OPACITY))
                    .set("stroke", theme.board.outline.as_str())
                    .set("stroke-width", num(line * 0.8)),
            )
            .add(paths("tour", inside, line));
        let l = l as u32;
        if l.is_multiple_of(every) || l + 1 == levels {
            let (x, y) = iso.at(w - 0.5, h - 0.5, z);
            g = g.add(
                Text::new(label(s, l))
                    .set("class", "level-label")
                    .set("x", num(x + 0.8))
                    .set("y", num(y + font * 0.35))
                    .set("font-family", theme.text.font.as_str())
                    .set("font-size", num(font))
                    .set("fill", theme.text.coords_colour.as_str()),
            );
        }
        doc = doc.add(g);
    }
    Some((crate::xml_safe(doc.to_string()), cell_pt))
}

/// Where cell `c` of the space is drawn.
fn point(s: &Board, iso: &Iso, c: u32) -> (f64, f64) {
    let xyz = s.coords(c);
    iso.at(xyz[0] as f64, xyz[1] as f64, xyz[2] as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::space_tour;

    /// The segments of the paths in the groups of `class`: one `L` each (an empty
    /// group closes itself: `<g .../>`).
    fn segments(svg: &str, class: &str) -> usize {
        svg.split(&format!("class=\"{class}\""))
            .skip(1)
            .map(|g| {
                let head = &g[..g.find('>').unwrap()];
                if head.ends_with('/') {
                    return 0;
                }
                g[..g.find("</g>").unwrap()].matches('L').count()
            })
            .sum()
    }

    #[test]
    fn one_plate_per_level_and_every_move_drawn() {
        for name in ["6x5x3.json"] {
            let t = space_tour(name);
            let s = t.board();
            let svg = isometric(&t, &Theme::default()).unwrap();
            assert_eq!(svg.matches("class=\"level\"").count(), s.levels() as usize);
            assert_eq!(svg.matches("class=\"plate\"").count(), s.levels() as usize);
            let moves = steps(t.path(), t.is_closed());
            let (mut within, mut across) = (0, 0);
            for (a, b) in moves {
                if s.level_of(a) == s.level_of(b) {
                    within += 1;
                } else {
                    across += 1;
                }
            }
            assert!(across > 0);
            assert_eq!(segments(&svg, "tour"), within, "{name}");
            assert_eq!(segments(&svg, "between-levels"), across, "{name}");
            assert_eq!(within + across, t.path().len() - !t.is_closed() as usize);
            // Every level is labelled on this small board, bottom to top.
            for l in 0..s.levels() {
                assert!(svg.contains(&format!(">\n{}\n</text>", label(s, l))), "{l}");
            }
            let png = crate::svg_to_png(&svg, crate::Resolution::Width(200)).unwrap();
            assert_eq!(&png[1..4], b"PNG");
        }
        let four = space_tour("4x3x3x2-open.json");
        assert!(isometric(&four, &Theme::default()).is_none());
    }

    /// A board longer than it is wide: the margin is the same above the highest plate
    /// and below the lowest (the first plate is not centred on the origin).
    #[test]
    fn the_plates_sit_within_equal_margins() {
        let t = space_tour("6x5x3.json");
        let svg = isometric(&t, &Theme::default()).unwrap();
        let view: Vec<f64> = (svg.split("viewBox=\"").nth(1).unwrap().split('"').next())
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        let ys: Vec<f64> = (svg.split("class=\"plate\"").skip(1))
            .flat_map(|p| {
                let pts = p
                    .split("points=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap();
                let pairs: Vec<f64> = (pts.split(' '))
                    .map(|xy| xy.split(',').nth(1).unwrap().parse().unwrap())
                    .collect();
                pairs
            })
            .collect();
        let top = ys.iter().copied().fold(f64::INFINITY, f64::min);
        let bottom = ys.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        assert!((top - view[1] - 1.0).abs() < 0.01, "{top} {view:?}");
        assert!(
            (view[1] + view[3] - bottom - 1.0).abs() < 0.01,
            "{bottom} {view:?}"
        );
    }

    /// Higher levels are drawn higher up the page, each plate over the one below.
    #[test]
    fn levels_stack_upwards() {
        let t = space_tour("6x5x3.json");
        let svg = isometric(&t, &Theme::default()).unwrap();
        let tops: Vec<f64> = svg
            .split("class=\"plate\"")
            .skip(1)
            .map(|p| {
                let pts = p.split("points=\"").nth(1).unwrap();
                let pts = &pts[..pts.find('"').unwrap()];
                pts.split(' ')
                    .map(|xy| xy.split(',').nth(1).unwrap().parse::<f64>().unwrap())
                    .fold(f64::INFINITY, f64::min)
            })
            .collect();
        assert_eq!(tops.len(), 3);
        assert!(tops.windows(2).all(|w| w[1] < w[0]), "{tops:?}");
    }
}
