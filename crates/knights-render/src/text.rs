//! Text on a drawing: coordinates along the edges (a-h / 1-8 on chess-sized boards,
//! numbers every few squares on larger ones) and the step number in each square.

use svg::node::element::{Circle, Group, Text};

use super::frame::{num, Frame};
use super::theme::Theme;
use knights_core::Board;
use knights_core::Tour;
use knights_core::{Error, TooLarge};

/// The most squares `--show numbers` will write a number in.
pub const MAX_NUMBERED_CELLS: usize = 65_536;

/// Average advance of a digit in DejaVu Sans, in ems.
const DIGIT_EM: f64 = 0.64;

fn label(x: f64, y: f64, s: String) -> Text {
    Text::new(s).set("x", num(x)).set("y", num(y))
}

fn text_group(class: &str, theme: &Theme, size: f64, colour: &str) -> Group {
    Group::new()
        .set("class", class)
        .set(
            "font-family",
            format!("{}, DejaVu Sans, sans-serif", theme.text.font),
        )
        .set("font-size", num(size))
        .set("fill", colour)
}

/// The smallest of 1, 2, 5, 10, 20, 50, ... that spaces labels `room` squares apart.
fn label_step(room: f64) -> u32 {
    let mut base = 1;
    loop {
        for m in [1, 2, 5] {
            if (base * m) as f64 >= room {
                return base * m;
            }
        }
        base *= 10;
    }
}

/// Which 1-based positions of `range` get a label: the first, and the multiples of
/// `step` at least `room` squares past it (rows 1 and 2 of a 116x38 board, labelled
/// every 2, wrote one number over the other).
fn labelled(
    range: std::ops::RangeInclusive<u32>,
    step: u32,
    room: f64,
) -> impl Iterator<Item = u32> {
    let first = *range.start();
    range.filter(move |&i| i == first || (i % step == 0 && (i - first) as f64 >= room))
}

/// Column letters below the drawn squares and row numbers to their left (as
/// [`coords_clear`], `clear` squares further left only).
pub fn coords(frame: &Frame, theme: &Theme, clear: f64) -> Group {
    coords_clear(frame, theme, (clear, 0.0))
}

/// Column letters (numbers past 26 columns) below the drawn squares, row numbers to
/// their left, `clear` squares further left and lower than usual (clear of a band's
/// seam arrows outside the board, which hid a row number); a region is labelled with
/// the board's own numbers.
pub fn coords_clear(frame: &Frame, theme: &Theme, (clear, clear_below): (f64, f64)) -> Group {
    let f = frame.coords_size;
    let (w, h) = (frame.w, frame.h);
    let r = frame.region;
    let mut g = text_group("coords", theme, f, &theme.text.coords_colour);
    let below = (h - 1 - r.y0) as f64 + 0.5 + f * 1.1 + clear_below;
    let letters = w <= 26;
    let col_room = if letters {
        f
    } else {
        f * (DIGIT_EM * (r.x1 + 1).to_string().len() as f64 + 0.6)
    };
    let mut cols = Group::new().set("text-anchor", "middle");
    for i in labelled(r.x0 + 1..=r.x1 + 1, label_step(col_room), col_room) {
        let s = if letters {
            char::from(b'a' + (i - 1) as u8).to_string()
        } else {
            i.to_string()
        };
        cols = cols.add(label((i - 1) as f64, below, s));
    }
    let mut rows = Group::new().set("text-anchor", "end");
    let row_room = f * 1.2;
    for i in labelled(r.y0 + 1..=r.y1 + 1, label_step(row_room), row_room) {
        let y = (h - i) as f64 + f * 0.36;
        rows = rows.add(label(r.x0 as f64 - 0.5 - f * 0.4 - clear, y, i.to_string()));
    }
    g = g.add(cols).add(rows);
    g
}

/// The font size of step numbers on a tour of `cells` squares, and the radius of the
/// disk behind each, in squares.
pub fn number_size(cells: usize, frame: &Frame, theme: &Theme) -> (f64, f64) {
    let digits = cells.to_string().len() as f64;
    let size = frame
        .size(&theme.text.numbers_size)
        .min(0.86 / (DIGIT_EM * digits));
    let r = (size * DIGIT_EM * digits / 2.0 + size * 0.18).max(size * 0.62);
    (size, r)
}

/// The step number (from 1) in each square, on a small disk so the tour's lines do not
/// hide it.
pub fn numbers(tour: &Tour, frame: &Frame, theme: &Theme) -> Result<Group, Error> {
    let p = tour.path();
    let b = tour.board();
    let shown = if frame.is_whole() {
        p.len()
    } else {
        p.iter().filter(|&&c| frame.shows_cell(b.xy(c))).count()
    };
    if shown > MAX_NUMBERED_CELLS {
        return Err(TooLarge::Numbers {
            board: tour.board().to_string(),
            limit: MAX_NUMBERED_CELLS as u64,
        }
        .into());
    }
    Ok(numbers_at(tour.board(), p, 0..p.len(), frame, theme))
}

/// The step numbers of the path positions `steps` (from 0, written from 1), each on a
/// small disk, sized for a path of `path.len()` cells. The path need not be a tour.
pub fn numbers_at(
    b: &Board,
    path: &[u32],
    steps: impl IntoIterator<Item = usize>,
    frame: &Frame,
    theme: &Theme,
) -> Group {
    let (size, r) = number_size(path.len(), frame, theme);
    let t = &theme.text;
    let mut disks = Group::new().set("fill", t.numbers_backdrop.as_str());
    let mut labels = Group::new().set("text-anchor", "middle");
    for i in steps {
        if !frame.shows_cell(b.xy(path[i])) {
            continue;
        }
        let (x, y) = frame.cell(b.xy(path[i]));
        let (x, y) = (x as f64, y as f64);
        disks = disks.add(
            Circle::new()
                .set("cx", num(x))
                .set("cy", num(y))
                .set("r", num(r)),
        );
        labels = labels.add(label(x, y + size * 0.36, (i + 1).to_string()));
    }
    text_group("numbers", theme, size, &t.numbers_colour)
        .add(disks)
        .add(labels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_steps_are_round_numbers() {
        assert_eq!(label_step(0.3), 1);
        assert_eq!(label_step(1.5), 2);
        assert_eq!(label_step(3.0), 5);
        assert_eq!(label_step(7.0), 10);
        assert_eq!(label_step(130.0), 200);
        assert_eq!(
            labelled(1..=25, 5, 3.0).collect::<Vec<_>>(),
            [1, 5, 10, 15, 20, 25]
        );
        assert_eq!(labelled(13..=31, 10, 7.0).collect::<Vec<_>>(), [13, 20, 30]);
        // A multiple too close to the first label is left out.
        assert_eq!(labelled(1..=8, 2, 1.5).collect::<Vec<_>>(), [1, 4, 6, 8]);
        assert_eq!(labelled(19..=31, 10, 2.0).collect::<Vec<_>>(), [19, 30]);
    }
}
