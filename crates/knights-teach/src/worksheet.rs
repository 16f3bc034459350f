//! Printable worksheets: exercises laid out several to an A4 page, then the same
//! number of answers to a page, as SVG pages that [`knights_render::pdf_pages`] binds into one PDF.
//!
//! Exercises draw from [`crate::make_exercises`]: a board with some step numbers, a board
//! with the first moves drawn, or a path with illegal steps drawn like a tour. That
//! path is the one thing outside [`Drawing`](super::Drawing) that draws cells in an
//! order that is not a verified tour; its illegal steps, as verify located them, are
//! circled on the answer page only.

use std::fmt::Write;

use svg::node::element::{Circle, Group, Path, Rectangle, Text};
use svg::Document;

use crate::exercises::{Exercise, Task};
use knights_core::verify::Failure;
use knights_core::Board;
use knights_core::{BadOption, Error, TooLarge};
use knights_render::parts::MAX_NUMBERED_CELLS;
use knights_render::parts::{num, Frame};
use knights_render::theme::Theme;
use knights_render::{parts, MAX_ELEMENTS};

/// An A4 page in points.
const PAGE: (f64, f64) = (595.0, 842.0);
/// Margin around a page, in points.
const MARGIN: f64 = 40.0;
/// Room for the page's heading, in points.
const HEADING: f64 = 36.0;
/// Room for an exercise's instruction above its board, in points.
const INSTRUCTION: f64 = 32.0;
/// Colour of circled mistakes.
const MISTAKE: &str = "#c62828";

/// Elements of a page of answers per square of each board on it: a numbered disk and
/// its text (whose words usvg counts as a node of their own).
const ELEMENTS_PER_SQUARE: u64 = 3;

/// The most exercises a worksheet holds, on any board (a class's sheets, not a book).
pub const MAX_EXERCISES: u64 = 1_000;
/// The most squares a worksheet numbers over its exercises and answers: about ten
/// seconds of drawing (the work grows with the squares drawn, about 70 microseconds a
/// square: 1000 exercises of 8x8 are 128000 squares, 8.8 s of CPU; four of 256x256,
/// 524288 squares, took 37 s of CPU and 2.4 GB, so the limit was lowered from 800000
/// for issue 39). Four exercises of 128x128 fit, or one of 256x256 (`--per-page 1`).
pub const MAX_SQUARES: u64 = 131_072;

/// Refuses, before any exercise is made, a worksheet of `count` exercises of `board`
/// whose squares cannot all be numbered: more than a drawing numbers
/// ([`MAX_NUMBERED_CELLS`]), more than the PDF renderer takes on a page of answers
/// (`per_page` boards, every square numbered), or more exercises or squares in all than
/// a sheet draws ([`MAX_EXERCISES`], [`MAX_SQUARES`]).
pub fn check(board: &Board, per_page: usize, count: u64) -> Result<(), Error> {
    check_page(board, per_page)?;
    let cells = board.cells();
    // Each exercise is drawn twice: on its page and on the answers' page.
    let squares = count.saturating_mul(cells).saturating_mul(2);
    if count > MAX_EXERCISES || squares > MAX_SQUARES {
        return Err(BadOption::Exercises {
            count,
            board: board.to_string(),
            squares,
            most_exercises: MAX_EXERCISES,
            most_squares: MAX_SQUARES,
            fit: MAX_EXERCISES.min(MAX_SQUARES / (2 * cells.max(1))),
        }
        .into());
    }
    Ok(())
}

/// The page's part of [`check`]: `per_page` boards of every square numbered.
fn check_page(board: &Board, per_page: usize) -> Result<(), Error> {
    let per_page = per_page.max(1);
    let limit =
        (MAX_NUMBERED_CELLS as u64).min(MAX_ELEMENTS / ELEMENTS_PER_SQUARE / per_page as u64);
    let cells = board.cells();
    if cells > limit {
        return Err(TooLarge::Worksheet {
            board: board.to_string(),
            cells,
            per_page,
            limit,
        }
        .into());
    }
    Ok(())
}

/// The pages of a worksheet: exercise pages, then answer pages, `per_page` to a page.
pub fn pages(exercises: &[Exercise], theme: &Theme, per_page: usize, title: &str) -> Vec<String> {
    let per_page = per_page.max(1);
    let chunks: Vec<&[Exercise]> = exercises.chunks(per_page).collect();
    let total = chunks.len() * 2;
    let mut out = Vec::with_capacity(total);
    for answers in [false, true] {
        for (p, chunk) in chunks.iter().enumerate() {
            let first = p * per_page;
            let heading = if answers {
                format!("{title}: answers")
            } else {
                title.to_string()
            };
            let page_no = out.len() + 1;
            out.push(page(
                chunk,
                first,
                theme,
                per_page,
                answers,
                &heading,
                (page_no, total),
            ));
        }
    }
    out
}

/// One page: a heading and a grid of exercises (or their answers).
fn page(
    chunk: &[Exercise],
    first: usize,
    theme: &Theme,
    per_page: usize,
    answers: bool,
    heading: &str,
    (page_no, pages): (usize, usize),
) -> String {
    let (w, h) = PAGE;
    let cols = if per_page == 1 { 1 } else { 2 };
    let rows = per_page.div_ceil(cols);
    let cell_w = (w - 2.0 * MARGIN) / cols as f64;
    let cell_h = (h - 2.0 * MARGIN - HEADING) / rows as f64;
    let mut doc = Document::new()
        .set("viewBox", format!("0 0 {w} {h}"))
        .set("width", w)
        .set("height", h)
        .add(
            Rectangle::new()
                .set("width", w)
                .set("height", h)
                .set("fill", "#ffffff"),
        )
        .add(words(heading, MARGIN, MARGIN + 16.0, 16.0, "start"))
        .add(words(
            &format!("page {page_no} of {pages}"),
            w - MARGIN,
            MARGIN + 16.0,
            9.0,
            "end",
        ));
    for (k, ex) in chunk.iter().enumerate() {
        let (col, row) = (k % cols, k / cols);
        let x = MARGIN + col as f64 * cell_w;
        let y = MARGIN + HEADING + row as f64 * cell_h;
        let number = first + k + 1;
        doc = doc.add(
            exercise(
                ex,
                number,
                theme,
                answers,
                (x, y, cell_w - 12.0, cell_h - 12.0),
            )
            .set("class", if answers { "answer" } else { "exercise" })
            .set("data-exercise", number),
        );
    }
    knights_render::xml_safe(doc.to_string())
}

/// Text in points, in the bundled font.
fn words(s: &str, x: f64, y: f64, size: f64, anchor: &str) -> Text {
    Text::new(s)
        .set("x", num(x))
        .set("y", num(y))
        .set("font-size", num(size))
        .set("font-family", "DejaVu Sans, sans-serif")
        .set("text-anchor", anchor)
        .set("fill", "#222222")
}

/// The instruction for an exercise.
fn instruction(ex: &Exercise, number: usize, answers: bool) -> String {
    let n = ex.tour.path().len();
    let what = match &ex.task {
        Task::FillIn { .. } => "Fill in the missing step numbers of the knight's tour.".to_string(),
        Task::Finish { moves } => {
            format!("The knight made its first {moves} moves: finish the tour (steps 1 to {n}).")
        }
        Task::Cipher { cipher, .. } => format!(
            "This message was written along the knight's tour, one letter a square from step 1, then copied out row by row from the top: {}. Write it back into the squares row by row, then read it in the order of the steps.",
            crate::cipher::rows(cipher, ex.tour.board().width() as usize)
        ),
        Task::Mistake { errors, .. } if errors.len() == 1 => {
            "One step of this tour is not a knight's move: find it.".to_string()
        }
        Task::Mistake { errors, .. } => format!(
            "{} steps of this tour are not knight's moves: find them.",
            errors.len()
        ),
    };
    if let (true, Task::Cipher { message, .. }) = (answers, &ex.task) {
        format!("{number}. Answer: {message}")
    } else if answers {
        format!("{number}. Answer")
    } else {
        format!("{number}. {what}")
    }
}

/// An exercise in the box `(x, y, w, h)` (points): its instruction and its board.
fn exercise(
    ex: &Exercise,
    number: usize,
    theme: &Theme,
    answers: bool,
    area: (f64, f64, f64, f64),
) -> Group {
    let (x, y, w, h) = area;
    let board = ex.tour.board();
    let frame = Frame::new(board, theme, true);
    let v = frame.view_box();
    let base = if answers { 11.0 } else { 9.5 };
    let text = instruction(ex, number, answers);
    let (size, lines, top) = fit_instruction(&text, base, w, h);
    let scale = (w / v[2]).min((h - top) / v[3]);
    let drawing = Group::new()
        .set(
            "transform",
            format!(
                "translate({} {}) scale({}) translate({} {})",
                num(x),
                num(y + top),
                num(scale),
                num(-v[0]),
                num(-v[1])
            ),
        )
        .add(parts::squares(board, &frame, theme, true))
        .add(parts::coords(&frame, theme, 0.0));
    let drawing = contents(ex, board, &frame, theme, answers)
        .into_iter()
        .fold(drawing, |g, part| g.add(part));
    lines
        .iter()
        .enumerate()
        .fold(Group::new(), |g, (i, line)| {
            g.add(words(line, x, y + baseline(i, size), size, "start"))
        })
        .add(drawing)
}

/// The smallest type size of an instruction, in points.
const SMALLEST: f64 = 7.0;
/// Space between an instruction's last line and its board, in points.
const GAP: f64 = 4.0;

/// The baseline of line `i` of an instruction in `size` points, below its box's top.
fn baseline(i: usize, size: f64) -> f64 {
    11.0 + i as f64 * size * 1.25
}

/// An instruction set in a box `w` by `h` points, above its board: the type size
/// (`base`, or smaller down to [`SMALLEST`] while the board would get less than half
/// the box), the lines, wrapped at spaces to the width the font measures, and the
/// room they take above the board (at least [`INSTRUCTION`]).
fn fit_instruction(text: &str, base: f64, w: f64, h: f64) -> (f64, Vec<String>, f64) {
    let mut size = base;
    loop {
        let lines = parts::wrap_to_width(text, size, w);
        // The last line's descent (DejaVu Sans: 0.24 em), then a gap.
        let bottom = baseline(lines.len().saturating_sub(1), size) + size * 0.3 + GAP;
        let top = bottom.max(INSTRUCTION);
        if top <= h / 2.0 || size <= SMALLEST {
            return (size, lines, top);
        }
        size = (size - 0.5).max(SMALLEST);
    }
}

/// `s` cut at spaces into lines of at most `width` characters (longer words alone).
pub(super) fn wrap(s: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in s.split_whitespace() {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// What is drawn on the board of an exercise or its answer.
fn contents(ex: &Exercise, b: &Board, frame: &Frame, theme: &Theme, answers: bool) -> Vec<Group> {
    let p = ex.tour.path();
    let all = || parts::numbers_at(b, p, 0..p.len(), frame, theme);
    match (&ex.task, answers) {
        (Task::FillIn { shown }, false) => {
            vec![parts::numbers_at(b, p, shown.iter().copied(), frame, theme)]
        }
        (Task::Finish { moves }, false) => vec![
            line(b, &p[..=*moves], frame, theme),
            parts::numbers_at(b, p, 0..=*moves, frame, theme),
        ],
        (Task::Cipher { .. }, false) => vec![line(b, p, frame, theme), all()],
        (Task::Mistake { path, .. }, false) => vec![
            line(b, path, frame, theme),
            parts::numbers_at(b, path, 0..path.len(), frame, theme),
        ],
        (Task::Mistake { path, errors }, true) => vec![
            line(b, path, frame, theme),
            parts::numbers_at(b, path, 0..path.len(), frame, theme),
            circled(errors, frame),
        ],
        (_, true) => vec![line(b, p, frame, theme), all()],
    }
}

/// The cells `cells` joined in order by straight lines (any order: exercises draw
/// paths with mistakes in them).
fn line(b: &Board, cells: &[u32], frame: &Frame, theme: &Theme) -> Group {
    let mut d = String::new();
    for (i, &c) in cells.iter().enumerate() {
        let (x, y) = frame.cell(b.xy(c));
        let _ = write!(d, "{}{x} {y}", if i == 0 { "M" } else { "L" });
    }
    Group::new().set("class", "tour").add(
        Path::new()
            .set("d", d)
            .set("fill", "none")
            .set("stroke", theme.tour.colour.as_str())
            .set("stroke-width", num(frame.size(&theme.tour.width)))
            .set("stroke-linejoin", "round"),
    )
}

/// A red ring around both cells of every illegal step.
fn circled(errors: &[Failure], frame: &Frame) -> Group {
    let mut g = Group::new()
        .set("class", "mistakes")
        .set("fill", "none")
        .set("stroke", MISTAKE)
        .set("stroke-width", ".09");
    for e in errors {
        if let Failure::NotALeap { from, to, .. } = e {
            for cell in [from, to] {
                let (cx, cy) = frame.cell(cell.pair());
                g = g.add(
                    Circle::new()
                        .set("class", "mistake")
                        .set("cx", cx)
                        .set("cy", cy)
                        .set("r", ".46"),
                );
            }
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_bounded_by_exercises_and_by_squares() {
        let small = Board::new(8, 8).unwrap();
        assert!(check(&small, 4, MAX_EXERCISES).is_ok());
        let e = check(&small, 4, MAX_EXERCISES + 1).unwrap_err().to_string();
        assert!(e.contains("takes at most 1000 exercises"), "{e}");
        let large = Board::new(100, 100).unwrap();
        assert!(check(&large, 4, 6).is_ok());
        let e = check(&large, 4, 7).unwrap_err().to_string();
        assert!(
            e.contains("at most 6 exercises") && e.contains("140000"),
            "{e}"
        );
        // At the limit (issue 39: four of 256x256 took 37 s): a page of four 128x128
        // boards, or one 256x256 board, and no more.
        let (side128, side256) = (Board::new(128, 128).unwrap(), Board::new(256, 256).unwrap());
        assert!(check(&side128, 4, 4).is_ok());
        assert!(check(&side128, 4, 5).is_err());
        assert!(check(&side256, 1, 1).is_ok());
        let e = check(&side256, 4, 4).unwrap_err().to_string();
        assert!(
            e.contains("at most 1 exercise of it") && e.contains("at most 131072 squares"),
            "{e}"
        );
        let e = check(&small, 4, u64::MAX).unwrap_err().to_string();
        assert!(e.contains(&u64::MAX.to_string()), "{e}");
    }
    use crate::exercises::{make, Plan};
    use crate::tour;
    use knights_core::verify;
    use knights_core::Tour;

    #[test]
    fn instructions_wrap_at_spaces() {
        assert_eq!(wrap("one two three four", 9), ["one two", "three", "four"]);
        assert_eq!(wrap("", 5), Vec::<String>::new());
    }

    /// The part of a page's SVG that draws exercise (or answer) `k`.
    fn part<'a>(page: &'a str, class: &str, k: usize) -> &'a str {
        let start = page
            .find(&format!("<g class=\"{class}\" data-exercise=\"{k}\">"))
            .unwrap_or_else(|| panic!("no {class} {k}"));
        let rest = &page[start..];
        let end = rest[1..]
            .find(&format!("<g class=\"{class}\""))
            .map_or(rest.len(), |e| e + 1);
        &rest[..end]
    }

    /// The step numbers written in a part, with the cell each is written in (they come
    /// after the coordinates, the only other numbers).
    fn numbers(part: &str, b: &Board) -> Vec<(usize, u32)> {
        let mut out = Vec::new();
        let Some((_, part)) = part.split_once("class=\"numbers\"") else {
            return out;
        };
        for piece in part.split("<text x=\"").skip(1) {
            let (x, rest) = piece.split_once('"').unwrap();
            let y = rest
                .split("y=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            let label = rest
                .split('>')
                .nth(1)
                .unwrap()
                .split('<')
                .next()
                .unwrap()
                .trim();
            if let (Ok(n), Ok(x), Ok(y)) =
                (label.parse::<usize>(), x.parse::<f64>(), y.parse::<f64>())
            {
                let (col, row) = (x.round() as u32, y.round() as u32);
                out.push((n, b.index(col, b.height() - 1 - row)));
            }
        }
        out
    }

    #[test]
    fn hidden_numbers_are_the_complement_and_answers_verify() {
        let theme = Theme::load("teaching").unwrap();
        for (t, mistakes) in [
            (tour(5, 5, true), 1),
            (tour(6, 6, false), 2),
            (tour(8, 8, false), 2),
        ] {
            let b = t.board().clone();
            let n = t.path().len();
            let plan = Plan {
                count: 6,
                reveal: Some(9),
                mistakes,
                seed: 11,
            };
            let ex = make(&t, &plan).unwrap();
            let pages = pages(&ex, &theme, 4, "test");
            assert_eq!(pages.len(), 4); // two of exercises, two of answers
            for (i, e) in ex.iter().enumerate() {
                let k = i + 1;
                let page = &pages[i / 4];
                let answer = &pages[2 + i / 4];
                let shown = numbers(part(page, "exercise", k), &b);
                let given = numbers(part(answer, "answer", k), &b);
                match &e.task {
                    Task::FillIn { shown: asked } => {
                        let mut on_sheet: Vec<usize> = shown.iter().map(|s| s.0 - 1).collect();
                        on_sheet.sort_unstable();
                        assert_eq!(&on_sheet, asked);
                        let hidden: Vec<usize> = (0..n).filter(|i| !on_sheet.contains(i)).collect();
                        assert_eq!(hidden.len() + asked.len(), n);
                        assert!(hidden.iter().all(|h| !asked.contains(h)));
                    }
                    Task::Finish { moves } => assert_eq!(shown.len(), moves + 1),
                    Task::Cipher { .. } => unreachable!("make() makes no cipher"),
                    Task::Mistake { errors, .. } => {
                        assert_eq!(errors.len(), mistakes);
                        assert!(!part(page, "exercise", k).contains("class=\"mistake\""));
                        let circles = part(answer, "answer", k)
                            .matches("class=\"mistake\"")
                            .count();
                        assert_eq!(circles, 2 * mistakes);
                        continue;
                    }
                }
                // The answer's numbers, read back from the page, are a tour.
                let mut path = vec![u32::MAX; n];
                for (num, cell) in given {
                    path[num - 1] = cell;
                }
                let back = Tour::new(b.clone(), path, t.is_closed());
                verify::verify(back).unwrap();
            }
            let pdf = knights_render::pdf_pages(&pages).unwrap();
            let text = String::from_utf8_lossy(&pdf);
            assert_eq!(
                text.matches("/Type /Page\n").count()
                    + text.matches("/Type /Page/").count()
                    + text.matches("/Type /Page ").count(),
                4,
                "four pages"
            );
            assert!(text.contains("/FontFile2"), "fonts embedded");
        }
    }

    #[test]
    fn a_cipher_exercise_read_back_from_its_page_gives_the_answer_s_message() {
        let theme = Theme::load("teaching").unwrap();
        let t = tour(6, 6, false);
        let b = t.board().clone();
        let plan = Plan {
            count: 2,
            reveal: None,
            mistakes: 1,
            seed: 3,
        };
        let ex = crate::exercises::ciphers(&t, &plan, "Meet me at the old oak tree").unwrap();
        let pages = pages(&ex, &theme, 2, "test");
        assert_eq!(pages.len(), 2);
        for k in 1..=2 {
            let page = part(&pages[0], "exercise", k);
            // The key: every step number, which read back make a tour.
            let mut path = vec![u32::MAX; 36];
            for (n, cell) in numbers(page, &b) {
                path[n - 1] = cell;
            }
            let key = verify::verify(Tour::new(b.clone(), path, true)).unwrap();
            // The cipher, in rows of six, as the instruction prints it.
            let mut text = String::new();
            for piece in page.split('<') {
                text.push(' ');
                text.push_str(piece.split_once('>').map_or("", |p| p.1));
            }
            let words: Vec<&str> = text.split_whitespace().collect();
            let at = words.iter().position(|w| *w == "top:").unwrap();
            let cipher: String = words[at + 1..at + 7]
                .concat()
                .trim_end_matches('.')
                .to_string();
            assert!(words[at + 1..at + 7]
                .iter()
                .all(|w| w.trim_end_matches('.').len() == 6));
            let message = crate::cipher::decode(&key, &cipher).unwrap();
            assert!(message.starts_with("MEETMEATTHEOLDOAKTREE"));
            let answer = part(&pages[1], "answer", k);
            assert!(answer.contains(&format!("Answer: {}", "MEETMEATTHEOLDOAKTREE")));
        }
        let long = "x".repeat(37);
        let e = crate::exercises::ciphers(&t, &plan, &long)
            .unwrap_err()
            .to_string();
        assert!(e.ends_with("it has 37 letters, more than the 36 squares of the 6x6 board: a worksheet's message fits on one board"), "{e}");
    }

    /// The findings of a page's layout, read back from its SVG as usvg lays it out
    /// (the PDF is made from the same layout): words on words, words on a board, words
    /// off the page's margins.
    fn crowding(page: &str) -> Vec<String> {
        use knights_render::boxes::{laid_out, overlap};
        let laid = laid_out(page).unwrap();
        let mut out = Vec::new();
        for (i, (a, ra)) in laid.text.iter().enumerate() {
            for (b, rb) in &laid.text[i + 1..] {
                if overlap(ra, rb, 0.01) {
                    out.push(format!("{a:?} {ra:?} over {b:?} {rb:?}"));
                }
            }
            for f in &laid.figures {
                if overlap(ra, f, 0.01) {
                    out.push(format!("{a:?} {ra:?} over the board {f:?}"));
                }
            }
            let inside = ra[0] >= MARGIN - 0.5 && ra[2] <= PAGE.0 - MARGIN + 0.5;
            if !inside || ra[1] < 0.0 || ra[3] > PAGE.1 - MARGIN + 0.5 {
                out.push(format!("{a:?} {ra:?} outside the page's margins"));
            }
        }
        for f in &laid.figures {
            if f[0] < MARGIN - 0.5 || f[2] > PAGE.0 - MARGIN + 0.5 || f[3] > PAGE.1 - MARGIN + 0.5 {
                out.push(format!("the board {f:?} outside the page's margins"));
            }
        }
        out
    }

    /// `knights worksheet 8x8 --cipher "Meet me at noon"` at two exercises and at a
    /// page's worth, at every number per page: no two words overlap, no words run over
    /// a board or off the page (the instructions ran under and across the boards and
    /// into the next exercise: only one to a page laid out).
    #[test]
    fn cipher_worksheets_lay_out_at_any_count_and_per_page() {
        let theme = Theme::load("teaching").unwrap();
        let t = tour(8, 8, false);
        for per_page in 1..=6 {
            for count in [2, per_page] {
                let plan = Plan {
                    count,
                    reveal: None,
                    mistakes: 1,
                    seed: 0,
                };
                let ex = crate::exercises::ciphers(&t, &plan, "Meet me at noon").unwrap();
                let title = "Knight's tour ciphers on the 8x8 board";
                for (p, page) in pages(&ex, &theme, per_page, title).iter().enumerate() {
                    let found = crowding(page);
                    assert!(
                        found.is_empty(),
                        "{count} to {per_page} a page, page {}:\n{}",
                        p + 1,
                        found.join("\n")
                    );
                }
            }
        }
    }

    /// The other exercises too, on a small and a wide board.
    #[test]
    fn worksheets_lay_out_at_any_per_page() {
        let theme = Theme::load("teaching").unwrap();
        for t in [tour(5, 5, true), tour(12, 5, false)] {
            for per_page in 1..=6 {
                let plan = Plan {
                    count: 4,
                    reveal: None,
                    mistakes: 2,
                    seed: 1,
                };
                let ex = make(&t, &plan).unwrap();
                for (p, page) in pages(&ex, &theme, per_page, "A worksheet")
                    .iter()
                    .enumerate()
                {
                    let found = crowding(page);
                    assert!(
                        found.is_empty(),
                        "{} at {per_page} a page, page {}:\n{}",
                        t.board(),
                        p + 1,
                        found.join("\n")
                    );
                }
            }
        }
    }
}
