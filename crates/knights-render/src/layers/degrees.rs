//! The degrees layer: in a corner of each square, how many free squares it had a leap
//! to when the knight arrived there, counting only squares visited later. That is the
//! number Warnsdorff's rule compares when it picks the next square (fewest first), so
//! on a tour the rule built it shows why each step went where it did.

use svg::node::element::{Group, Text};

use super::{Canvas, Depth, Kind};
use crate::frame::{num, Frame};
use crate::legend::{sample, Entry, Spot};
use crate::text::MAX_NUMBERED_CELLS;
use crate::theme::Theme;
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

    fn draw(&self, c: &Canvas) -> Result<Option<Group>, Error> {
        layer(c.tour, c.frame, c.theme).map(Some)
    }

    /// A degree of print's smallest type, its share of the square.
    fn legible_from(&self, _theme: &Theme) -> f64 {
        crate::paper::TYPE_PT / SIZE
    }

    fn legend_rank(&self) -> u8 {
        70
    }

    fn legend(&self, _c: &Canvas) -> Vec<Entry> {
        vec![Entry::new("onward leaps when the knight came", icon)]
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

/// One `<text class="degree">` per square, in its top-right corner.
pub fn layer(tour: &Tour, frame: &Frame, theme: &Theme) -> Result<Group, Error> {
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
        g = g.add(
            Text::new(d.to_string())
                .set("class", "degree")
                .set("x", num(x as f64 + 0.45))
                .set("y", num(y as f64 - 0.45 + SIZE * 0.8)),
        );
    }
    Ok(g)
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
}
