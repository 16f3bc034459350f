//! A board written out square by square, as the classic figures of magic tours print
//! it: in each square the step at which the tour visits it (or a letter the tour
//! carries, for the cipher), and, when asked, each row's sum at its right, each column's
//! below it and the two diagonals' at their ends. Its own drawing rather than a layer of
//! [`Drawing`](crate::Drawing), because it shows no moves: it is a table to be read,
//! big type on plain squares, which stays crisp at any width.

use svg::node::element::{Group, Rectangle, Text, Title};
use svg::Document;

use super::frame::num;
use super::theme::Theme;
use knights_core::magic::Magic;
use knights_core::Board;

/// Points per square in the document's `width` and `height`.
const CELL_PT: f64 = 40.0;
/// Average advance of a digit in DejaVu Sans, in ems.
const DIGIT_EM: f64 = 0.62;
/// The colour of a sum that differs from the one the rows (or columns) should have.
const OFF: &str = "#c62828";
/// The tint of the squares on a diagonal whose sum is shown.
const DIAGONAL: &str = "#fff3c4";

/// The sums shown around a numbered board, with the sums each should have.
pub struct Sums<'a> {
    /// The board's sums (core's magic check).
    pub magic: &'a Magic,
    /// What every row should sum to, and every column (`magic::constants`).
    pub targets: (Option<u64>, Option<u64>),
}

/// The board numbered along `path` (cell numbers; its first cell gets 1), with the
/// sums when `sums` is given, as an SVG document titled `title`.
pub fn numbered(
    board: &Board,
    path: &[u32],
    sums: Option<Sums<'_>>,
    theme: &Theme,
    title: &str,
) -> String {
    let mut labels = vec![String::new(); board.area() as usize];
    for (i, &c) in path.iter().enumerate() {
        labels[c as usize] = (i + 1).to_string();
    }
    grid(board, &labels, sums, theme, title)
}

/// The board with `labels[c]` written in cell `c` (a letter, a number), no sums.
pub fn lettered(board: &Board, labels: &[String], theme: &Theme, title: &str) -> String {
    grid(board, labels, None, theme, title)
}

/// The drawing: one user unit per square, the board's top-left corner at
/// (`LEFT`, `top`), the sums in a column to its right and a row below it.
fn grid(
    board: &Board,
    labels: &[String],
    sums: Option<Sums<'_>>,
    theme: &Theme,
    title: &str,
) -> String {
    let (w, h) = (board.width() as f64, board.height() as f64);
    let longest = labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let size = (0.86 / (DIGIT_EM * longest as f64)).min(0.46);
    let sum_size = 0.36;
    let sum_digits = sums.as_ref().map_or(0, |s| {
        let m = s.magic;
        let most = m
            .rows
            .iter()
            .chain(&m.columns)
            .chain(m.diagonals.iter().flatten());
        most.max().map_or(1, |v| v.to_string().len())
    });
    let diagonals = sums.as_ref().is_some_and(|s| s.magic.diagonals.is_some());
    let pad = 0.25;
    let top = pad + if diagonals { sum_size * 1.6 } else { 0.0 };
    let right = match sums {
        Some(_) => 0.3 + sum_size * DIGIT_EM * (sum_digits as f64 + 1.5) + pad,
        None => pad,
    };
    let bottom = if sums.is_some() {
        0.3 + sum_size * 1.3 + pad
    } else {
        pad
    };
    let (vw, vh) = (pad + w + right, top + h + bottom);
    let font = format!("{}, DejaVu Sans, sans-serif", theme.text.font);
    let cell = |x: u32, y: u32| (pad + x as f64, top + (h - 1.0 - y as f64));
    let on_diagonal = |x: u32, y: u32| diagonals && (x == y || x + y + 1 == board.width());

    let mut squares = Group::new().set("class", "squares");
    let mut text = Group::new()
        .set("class", "labels")
        .set("font-family", font.as_str())
        .set("font-size", num(size))
        .set("text-anchor", "middle")
        .set("fill", theme.text.numbers_colour.as_str());
    for c in 0..board.cells() as u32 {
        let (x, y) = board.xy(c);
        let (cx, cy) = cell(x, y);
        let fill = if on_diagonal(x, y) {
            DIAGONAL
        } else if (x + y) % 2 == 0 {
            theme.board.dark.as_str()
        } else {
            theme.board.light.as_str()
        };
        let square = Rectangle::new()
            .set("x", num(cx))
            .set("y", num(cy))
            .set("width", 1)
            .set("height", 1)
            .set("fill", fill);
        let square = match (x + y) % 2 == 0 && !on_diagonal(x, y) {
            true => square.set("fill-opacity", "0.3"),
            false => square,
        };
        squares = squares.add(square);
        if let Some(l) = labels.get(c as usize).filter(|l| !l.is_empty()) {
            let t = Text::new(l.as_str())
                .set("x", num(cx + 0.5))
                .set("y", num(cy + 0.5 + size * 0.36))
                .set("data-cell", format!("{x},{y}"));
            text = text.add(t);
        }
    }
    let outline = Rectangle::new()
        .set("x", num(pad))
        .set("y", num(top))
        .set("width", num(w))
        .set("height", num(h))
        .set("fill", "none")
        .set("stroke", theme.board.outline.as_str())
        .set("stroke-width", "0.04");
    let mut doc = Document::new()
        .set("viewBox", format!("0 0 {} {}", num(vw), num(vh)))
        .set("width", num(vw * CELL_PT))
        .set("height", num(vh * CELL_PT))
        .add(Title::new(title))
        .add(
            Rectangle::new()
                .set("width", num(vw))
                .set("height", num(vh))
                .set("fill", theme.page.background.as_str()),
        )
        .add(squares)
        .add(outline)
        .add(text);
    if let Some(s) = sums {
        doc = doc.add(sum_labels(board, &s, (pad, top), sum_size, &font, theme));
    }
    crate::xml_safe(doc.to_string())
}

/// The sums: rows at the right (`data-row`, from the bottom), columns below
/// (`data-column`), the diagonal from the bottom-left corner at its top-right end and
/// the other at its bottom-right end (`data-diagonal` 0 and 1). A sum that differs from
/// what it should be is drawn in red.
fn sum_labels(
    board: &Board,
    s: &Sums<'_>,
    (left, top): (f64, f64),
    size: f64,
    font: &str,
    theme: &Theme,
) -> Group {
    let (w, h) = (board.width() as f64, board.height() as f64);
    let m = s.magic;
    let colour = |v: u64, target: Option<u64>| match target == Some(v) {
        true => theme.text.numbers_colour.clone(),
        false => OFF.to_string(),
    };
    let label = |s: String, x: f64, y: f64, fill: String, anchor: &str| {
        Text::new(s)
            .set("x", num(x))
            .set("y", num(y))
            .set("fill", fill)
            .set("text-anchor", anchor.to_string())
    };
    let mut g = Group::new()
        .set("class", "sums")
        .set("font-family", font)
        .set("font-size", num(size))
        .set("font-weight", "bold");
    let x_sums = left + w + 0.3;
    for (y, &v) in m.rows.iter().enumerate() {
        let cy = top + (h - 1.0 - y as f64) + 0.5 + size * 0.36;
        let l = label(v.to_string(), x_sums, cy, colour(v, s.targets.0), "start");
        g = g.add(l.set("data-row", y));
    }
    let y_sums = top + h + 0.3 + size;
    for (x, &v) in m.columns.iter().enumerate() {
        let l = label(
            v.to_string(),
            left + x as f64 + 0.5,
            y_sums,
            colour(v, s.targets.1),
            "middle",
        );
        g = g.add(l.set("data-column", x));
    }
    if let Some([rising, falling]) = m.diagonals {
        let target = s.targets.0.filter(|_| s.targets.0 == s.targets.1);
        let up = label(
            format!("\u{2197} {rising}"),
            x_sums,
            top - size * 0.5,
            colour(rising, target),
            "start",
        );
        let down = label(
            format!("\u{2198} {falling}"),
            x_sums,
            y_sums,
            colour(falling, target),
            "start",
        );
        g = g
            .add(up.set("data-diagonal", 0))
            .add(down.set("data-diagonal", 1));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_core::examples::beverley;
    use knights_core::magic::{constants, of_path};

    /// The text of every element of `svg` carrying `attr`, with the attribute's value.
    fn texts(svg: &str, attr: &str) -> Vec<(String, String)> {
        let key = format!("{attr}=\"");
        svg.split("<text")
            .skip(1)
            .filter_map(|t| {
                let at = t.find(&key)? + key.len();
                let value = t[at..].split('"').next()?.to_string();
                let body = t.split('>').nth(1)?.split('<').next()?.trim().to_string();
                Some((value, body))
            })
            .collect()
    }

    #[test]
    fn every_number_is_written_once_in_its_square_and_the_sums_are_the_board_s() {
        let tour = beverley();
        let (b, p) = (tour.board(), tour.path());
        let m = of_path(b, p);
        let sums = Sums {
            magic: &m,
            targets: constants(b),
        };
        let svg = numbered(b, p, Some(sums), &Theme::load("web").unwrap(), "Beverley");
        let cells = texts(&svg, "data-cell");
        assert_eq!(cells.len(), 64);
        let mut seen = [false; 64];
        for (xy, n) in cells {
            let n: usize = n.parse().unwrap();
            assert!(!seen[n - 1], "{n} twice");
            seen[n - 1] = true;
            let (x, y) = xy.split_once(',').unwrap();
            assert_eq!(b.index(x.parse().unwrap(), y.parse().unwrap()), p[n - 1]);
        }
        let rows = texts(&svg, "data-row");
        let columns = texts(&svg, "data-column");
        assert_eq!(rows.len(), 8);
        assert_eq!(columns.len(), 8);
        // Beverley's rows and columns sum to 260, and by hand: row 1 (the bottom).
        assert!(rows.iter().chain(&columns).all(|(_, v)| v == "260"));
        let bottom: u64 = (0..8)
            .map(|x| (p.iter().position(|&c| c == b.index(x, 0)).unwrap() + 1) as u64)
            .sum();
        assert_eq!(bottom, 260);
        // Its diagonals do not: they are drawn in red with their own sums.
        let [d0, d1] = m.diagonals.unwrap();
        assert_ne!((d0, d1), (260, 260));
        let diagonals = texts(&svg, "data-diagonal");
        assert_eq!(diagonals[0].1, format!("\u{2197} {d0}"));
        assert_eq!(diagonals[1].1, format!("\u{2198} {d1}"));
        assert!(svg.contains(OFF));
    }

    #[test]
    fn a_lettered_board_writes_each_label_in_its_square() {
        let b = Board::new(3, 2).unwrap();
        let labels: Vec<String> = "ABCDEF".chars().map(String::from).collect();
        let svg = lettered(&b, &labels, &Theme::load("web").unwrap(), "letters");
        let cells = texts(&svg, "data-cell");
        assert_eq!(cells.len(), 6);
        for (xy, l) in cells {
            let (x, y) = xy.split_once(',').unwrap();
            let c = b.index(x.parse().unwrap(), y.parse().unwrap());
            assert_eq!(l, labels[c as usize]);
        }
        assert!(!svg.contains("class=\"sums\""));
    }
}
