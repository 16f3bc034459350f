//! The degrees layer: in a corner of each square, how many free squares it had a leap
//! to when the knight arrived there, counting only squares visited later. That is the
//! number Warnsdorff's rule compares when it picks the next square (fewest first), so
//! on a tour the rule built it shows why each step went where it did.

use svg::node::element::{Group, Text};

use super::{Canvas, Depth, Kind, Layer};
use crate::boxes::{overlap, TEXT_SLACK};
use crate::frame::{num, Frame};
use crate::legend::{sample, Entry, Spot};
use crate::text::{self, MAX_NUMBERED_CELLS};
use crate::theme::Theme;
use crate::{markers, overview};
use knights_core::metrics;
use knights_core::Tour;
use knights_core::{Error, TooLarge};

/// In each square, how many onward leaps it had when the knight reached it.
pub struct Degrees;

impl Kind for Degrees {
    fn name(&self) -> &'static str {
        "degrees"
    }

    fn depth(&self) -> Depth {
        Depth(64)
    }

    /// Nothing on an overview, as the step numbers.
    fn draw(&self, c: &Canvas) -> Result<Option<Group>, Error> {
        if c.overview {
            return Ok(None);
        }
        layer(c.tour, c.frame, c.theme, &Crowd::of(c)).map(Some)
    }

    /// A degree of print's smallest type, its share of the square.
    fn legible_from(&self, _theme: &Theme) -> f64 {
        crate::paper::TYPE_PT / SIZE
    }

    fn legend_rank(&self) -> u8 {
        70
    }

    fn legend(&self, c: &Canvas) -> Vec<Entry> {
        if c.overview {
            return Vec::new();
        }
        let left = left_out(c.tour, c.frame, &Crowd::of(c));
        let label = match left {
            0 => "onward leaps when the knight came".to_string(),
            n => format!(
                "onward leaps when the knight came (left out in {n} square{} whose corners \
                 other marks take)",
                if n == 1 { "" } else { "s" }
            ),
        };
        vec![Entry::new(label, icon)]
    }
}

/// A degree, in its colour.
fn icon(at: Spot, theme: &Theme) -> Group {
    Group::new().add(sample("3", &theme.markers.end_colour, at, theme))
}

/// Font size of a degree, in squares.
const SIZE: f64 = 0.26;

/// Each path position's onward count: its neighbours visited after it.
pub fn onward(tour: &Tour) -> Vec<u8> {
    let b = tour.board();
    let p = tour.path();
    let mut pos = vec![u32::MAX; b.area() as usize];
    for (i, &c) in p.iter().enumerate() {
        pos[c as usize] = i as u32;
    }
    p.iter()
        .enumerate()
        .map(|(i, &c)| {
            (0..8)
                .filter_map(|d| b.step(c, d))
                .filter(|&n| pos[n as usize] != u32::MAX && pos[n as usize] as usize > i)
                .count() as u8
        })
        .collect()
}

/// One `<text class="degree">` per square, in the first of its corners (top right,
/// top left, bottom right, bottom left) clear of the other marks (`crowd`); in none
/// when every corner is taken (the legend counts those, [`left_out`]).
pub fn layer(tour: &Tour, frame: &Frame, theme: &Theme, crowd: &Crowd) -> Result<Group, Error> {
    if tour.path().len() > MAX_NUMBERED_CELLS {
        return Err(TooLarge::Degrees {
            board: tour.board().to_string(),
            limit: MAX_NUMBERED_CELLS as u64,
        }
        .into());
    }
    let b = tour.board();
    let mut g = Group::new()
        .set("class", "degrees")
        .set("font-size", num(SIZE))
        .set(
            "font-family",
            format!("{}, DejaVu Sans, sans-serif", theme.text.font),
        )
        .set("text-anchor", "end")
        .set("fill", theme.markers.end_colour.as_str());
    for (&c, d) in tour.path().iter().zip(onward(tour)) {
        let (x, y) = frame.cell(b.xy(c));
        let text = d.to_string();
        if let Some(corner) = corner(&text, (x as f64, y as f64), crowd) {
            let (tx, ty, anchor) = corner.anchor((x as f64, y as f64));
            let t = Text::new(text)
                .set("class", "degree")
                .set("x", num(tx))
                .set("y", num(ty));
            g = g.add(if corner.right {
                t
            } else {
                t.set("text-anchor", anchor)
            });
        }
    }
    Ok(g)
}

/// How many squares' degrees [`layer`] leaves out: every corner taken.
pub fn left_out(tour: &Tour, frame: &Frame, crowd: &Crowd) -> usize {
    let b = tour.board();
    (tour.path().iter().zip(onward(tour)))
        .filter(|&(&c, d)| {
            let (x, y) = frame.cell(b.xy(c));
            corner(&d.to_string(), (x as f64, y as f64), crowd).is_none()
        })
        .count()
}

/// A corner of a square.
#[derive(Clone, Copy)]
struct Corner {
    right: bool,
    top: bool,
}

impl Corner {
    /// In the order they are tried: top right first, where degrees always went.
    const ALL: [Corner; 4] = [
        Corner {
            right: true,
            top: true,
        },
        Corner {
            right: false,
            top: true,
        },
        Corner {
            right: true,
            top: false,
        },
        Corner {
            right: false,
            top: false,
        },
    ];

    /// The text's anchor point and `text-anchor` in the square centred at `c`.
    fn anchor(self, c: (f64, f64)) -> (f64, f64, &'static str) {
        let x = if self.right { c.0 + 0.45 } else { c.0 - 0.45 };
        let y = if self.top {
            c.1 - 0.45 + SIZE * 0.8
        } else {
            c.1 + 0.45 - SIZE * 0.2
        };
        (x, y, if self.right { "end" } else { "start" })
    }

    /// The box of `text` set there.
    fn bbox(self, text: &str, c: (f64, f64)) -> [f64; 4] {
        let (x, y, _) = self.anchor(c);
        let w = crate::font::text_width(text, SIZE);
        let (x0, x1) = if self.right { (x - w, x) } else { (x, x + w) };
        [x0, y - SIZE * 0.8, x1, y + SIZE * 0.2]
    }
}

/// The first corner of the square centred at `c` where `text` is clear of `crowd`.
fn corner(text: &str, c: (f64, f64), crowd: &Crowd) -> Option<Corner> {
    Corner::ALL
        .into_iter()
        .find(|k| crowd.is_clear(&k.bbox(text, c)))
}

/// The other marks a degree must keep clear of, as boxes in SVG units, bucketed by
/// the square they lie in: the step numbers and the rings round them, the crossings'
/// disks, the start's ring and the end's square, the first leap's arrow, the framed
/// places' outlines. A degree is clear of a box it reaches into by less than the
/// audit's tolerance ([`TEXT_SLACK`] of its size): a ring round a number leaves the
/// square's corners just free.
pub struct Crowd {
    cells: std::collections::HashMap<(i64, i64), Vec<[f64; 4]>>,
}

impl Crowd {
    /// The marks of the layers shown on `c`.
    fn of(c: &Canvas) -> Crowd {
        let mut crowd = Crowd {
            cells: std::collections::HashMap::new(),
        };
        let (t, f, theme) = (c.tour, c.frame, c.theme);
        let b = t.board();
        let shown = |l: Layer| c.layers.has(l) && !c.overview && c.has_line();
        let numbers = shown(Layer::Numbers).then(|| text::number_size(t.path().len(), f, theme).1);
        if let Some(r) = numbers {
            let r = if shown(Layer::Turns) {
                r + markers::ring_of(f, theme, r).1
            } else {
                r
            };
            for &cell in t.path() {
                let (x, y) = f.cell(b.xy(cell));
                crowd.disk((x as f64, y as f64), r);
            }
        }
        if shown(Layer::Crossings) {
            let m = &theme.markers;
            let r = f.size(&m.crossing) + f.size(&m.crossing_stroke_width);
            for q in metrics::crossing_points(t.grid()) {
                crowd.disk(f.point(q), r);
            }
        }
        if shown(Layer::Ends) {
            let p = t.path();
            // The start's ring and an open tour's end square as drawn (see the ends
            // layer), out to the outer edge of their stroke.
            let (ring, stroke) = markers::ends_ring(f, theme, super::ends::around(c));
            let at = |cell: u32| {
                let (x, y) = f.cell(b.xy(cell));
                (x as f64, y as f64)
            };
            let r = ring + stroke / 2.0;
            crowd.disk(at(p[0]), r);
            if !t.is_closed() {
                let (x, y) = at(p[p.len() - 1]);
                crowd.add([x - r, y - r, x + r, y + r]);
            }
            let numbers = super::ends::numbers(c);
            if let Some(arrow) = markers::first_arrow_box(t, f, theme, numbers) {
                crowd.add(arrow);
            }
        }
        if f.is_whole() {
            let w = f.size(&theme.overview.frame_width);
            for sp in overview::spots_of(t, theme) {
                let r = sp.region;
                let (x0, y0) = f.point((r.x0 as f64 - 0.5, r.y1 as f64 + 0.5));
                let (x1, y1) = f.point((r.x1 as f64 + 0.5, r.y0 as f64 - 0.5));
                for e in [
                    [x0, y0, x1, y0],
                    [x0, y1, x1, y1],
                    [x0, y0, x0, y1],
                    [x1, y0, x1, y1],
                ] {
                    crowd.line(e, w);
                }
            }
        }
        crowd
    }

    /// A disk of radius `r` centred at `c`.
    fn disk(&mut self, c: (f64, f64), r: f64) {
        self.add([c.0 - r, c.1 - r, c.0 + r, c.1 + r]);
    }

    /// A straight line along an axis, from `(e[0], e[1])` to `(e[2], e[3])`, `w` wide.
    fn line(&mut self, e: [f64; 4], w: f64) {
        let h = w / 2.0;
        let (x0, x1) = (e[0].min(e[2]), e[0].max(e[2]));
        let (y0, y1) = (e[1].min(e[3]), e[1].max(e[3]));
        // Cut into squares, so that each bucket holds a short piece.
        let (n, along_x) = if x1 - x0 > y1 - y0 {
            ((x1 - x0).ceil() as usize, true)
        } else {
            ((y1 - y0).ceil() as usize, false)
        };
        for k in 0..n.max(1) {
            let k = k as f64;
            let piece = if along_x {
                [x0 + k, y0 - h, (x0 + k + 1.0).min(x1), y1 + h]
            } else {
                [x0 - h, y0 + k, x1 + h, (y0 + k + 1.0).min(y1)]
            };
            self.add(piece);
        }
    }

    fn add(&mut self, r: [f64; 4]) {
        for y in r[1].round() as i64..=r[3].round() as i64 {
            for x in r[0].round() as i64..=r[2].round() as i64 {
                self.cells.entry((x, y)).or_default().push(r);
            }
        }
    }

    /// Whether box `r` meets none of the marks.
    fn is_clear(&self, r: &[f64; 4]) -> bool {
        let c = ((r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0);
        let key = (c.0.round() as i64, c.1.round() as i64);
        let slack = TEXT_SLACK * SIZE;
        (self.cells.get(&key)).is_none_or(|marks| !marks.iter().any(|m| overlap(m, r, slack)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn onward_counts_only_later_squares() {
        let t = knights_core::examples::ring();
        let d = onward(&t);
        // On the ring each cell has two leaps on the board, both to ring cells.
        assert_eq!(d.len(), 8);
        assert_eq!(d[0], 2);
        assert_eq!(d[7], 0);
        assert!(d[1..7].iter().all(|&k| k == 1));
    }

    /// The ring with every layer: the turns ring the numbers, and a degree still
    /// finds a free corner in every square but the start's, whose ring takes all
    /// four (regression: a ring's box taken whole left out all eight); none is over
    /// another mark.
    #[test]
    fn degrees_take_the_free_corners_round_ringed_numbers() {
        use crate::{Drawing, Options, Show};
        let t = knights_core::verify::verify(knights_core::examples::ring()).unwrap();
        let m = metrics::measure(&t);
        let opts = Options {
            show: Show::parse("all").unwrap(),
            ..Default::default()
        };
        let svg = Drawing::new(&t, &m, &opts).unwrap().svg().to_string();
        assert_eq!(svg.matches("class=\"degree\"").count(), 7);
        let found = crate::audit(&svg).unwrap().findings;
        assert!(found.is_empty(), "{found:?}");
    }
}
