//! Tour files: the JSON format of DESIGN.md and the classic numbered grid, read and
//! written. Reading says exactly where a file is wrong (line and column for syntax,
//! the field such as `path[17]` for content), so users can fix it by hand.
//!
//! Reading only checks the file's shape; whether the path is a tour is
//! [`crate::verify`]'s job, so `knights verify` can say which step breaks it.

use std::io::{self, Write};

use rayon::prelude::*;
use serde::Deserialize;

use crate::board::{Board, Leaper};
use crate::tour::{Sections, Tour};
use crate::Error;

/// The on-disk forms of a tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The JSON tour file.
    Json,
    /// One line per row, top row first, each cell the 1-based step that visits it.
    Grid,
}

/// Reads a tour from `text` in either format (JSON when it starts with `{`). `file`
/// names the source in error messages.
pub fn parse(text: &str, file: &str) -> Result<Tour, Error> {
    if text.trim_start().starts_with('{') {
        parse_json(text, file)
    } else {
        parse_grid(text, file)
    }
}

/// Writes `tour` in `format`.
pub fn write(tour: &Tour, format: Format, out: &mut impl Write) -> io::Result<()> {
    match format {
        Format::Json => write_json(tour, out),
        Format::Grid => write_grid(tour, out),
    }
}

/// The tour as a JSON document.
pub fn to_json(tour: &Tour) -> String {
    let mut out = Vec::new();
    write_json(tour, &mut out).expect("writing to memory cannot fail");
    String::from_utf8(out).expect("JSON is UTF-8")
}

fn parse_error(file: &str, place: impl Into<String>, message: impl Into<String>) -> Error {
    Error::Parse {
        file: file.to_string(),
        place: place.into(),
        message: message.into(),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
struct JsonTour {
    board: JsonBoard,
    leaper: Option<[u32; 2]>,
    closed: bool,
    #[serde(default)]
    algorithm: String,
    path: Vec<[i64; 2]>,
    sections: Option<JsonSections>,
}

#[derive(Deserialize)]
struct JsonBoard {
    width: u32,
    height: u32,
    #[serde(default)]
    holes: Vec<[i64; 2]>,
}

/// Sections as runs: `names`, and `runs` of `[label, length]` along the path.
#[derive(Deserialize)]
struct JsonSections {
    names: Vec<String>,
    runs: Vec<[u64; 2]>,
}

fn parse_json(text: &str, file: &str) -> Result<Tour, Error> {
    let t: JsonTour = serde_json::from_str(text).map_err(|e| {
        let msg = e.to_string();
        // serde_json appends " at line L column C"; move the place to the front.
        let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
        parse_error(
            file,
            format!("line {}, column {}", e.line(), e.column()),
            msg,
        )
    })?;
    let leaper = match t.leaper {
        Some([a, b]) => {
            Leaper::new(a, b).map_err(|e| parse_error(file, "field leaper", e.to_string()))?
        }
        None => Leaper::KNIGHT,
    };
    let board = Board::with_leaper(t.board.width, t.board.height, leaper)
        .map_err(|e| parse_error(file, "field board", e.to_string()))?;
    let (w, h) = (board.width() as i64, board.height() as i64);
    let cell = |field: String, [x, y]: [i64; 2]| {
        if x < 0 || y < 0 || x >= w || y >= h {
            Err(parse_error(
                file,
                format!("field {field}"),
                format!("[{x}, {y}] is outside the {w}x{h} board"),
            ))
        } else {
            Ok((x as u32, y as u32))
        }
    };
    let holes = (t.board.holes.iter().enumerate())
        .map(|(i, &h)| cell(format!("board.holes[{i}]"), h))
        .collect::<Result<Vec<_>, _>>()?;
    let board = board
        .with_holes(&holes)
        .map_err(|e| parse_error(file, "field board.holes", e.to_string()))?;
    let path = (t.path.iter().enumerate())
        .map(|(i, &p)| cell(format!("path[{i}]"), p).map(|(x, y)| board.index(x, y)))
        .collect::<Result<Vec<_>, _>>()?;
    let n = path.len();
    let mut tour = Tour::new(board, path, t.closed).with_algorithm(t.algorithm);
    if let Some(s) = t.sections {
        tour = tour.with_sections(sections_from_runs(s, n, file)?);
    }
    Ok(tour)
}

fn sections_from_runs(s: JsonSections, steps: usize, file: &str) -> Result<Sections, Error> {
    let mut labels = Vec::with_capacity(steps);
    for (i, &[label, len]) in s.runs.iter().enumerate() {
        if label as usize >= s.names.len() || label > u8::MAX as u64 {
            return Err(parse_error(
                file,
                format!("field sections.runs[{i}]"),
                format!(
                    "label {label} names no section (there are {})",
                    s.names.len()
                ),
            ));
        }
        if labels.len() as u64 + len > steps as u64 {
            return Err(parse_error(
                file,
                format!("field sections.runs[{i}]"),
                format!("the runs cover more than the path's {steps} steps"),
            ));
        }
        labels.extend(std::iter::repeat_n(label as u8, len as usize));
    }
    if labels.len() != steps {
        return Err(parse_error(
            file,
            "field sections.runs",
            format!(
                "the runs cover {} steps but the path has {steps}",
                labels.len()
            ),
        ));
    }
    Ok(Sections::new(s.names, labels))
}

fn write_json(tour: &Tour, out: &mut impl Write) -> io::Result<()> {
    let b = tour.board();
    let (a, l) = b.leaper().steps();
    write!(
        out,
        "{{\n  \"board\": {{ \"width\": {}, \"height\": {}",
        b.width(),
        b.height()
    )?;
    if !b.holes().is_empty() {
        write!(out, ", \"holes\": [")?;
        write_cells(b, b.holes(), out)?;
        write!(out, "]")?;
    }
    writeln!(out, " }},")?;
    writeln!(out, "  \"leaper\": [{a}, {l}],")?;
    writeln!(out, "  \"closed\": {},", tour.is_closed())?;
    writeln!(
        out,
        "  \"algorithm\": {},",
        serde_json::to_string(tour.algorithm()).expect("a string serializes")
    )?;
    if let Some(s) = tour.sections() {
        write_sections(s, out)?;
    }
    write!(out, "  \"path\": [")?;
    write_cells(b, tour.path(), out)?;
    writeln!(out, "]\n}}")
}

/// Writes cells as `[x, y]` pairs separated by commas. Big paths are formatted in
/// parallel pieces, a bounded batch at a time, so a 10^8-cell tour is written in
/// seconds without holding its whole text in memory.
fn write_cells(b: &Board, cells: &[u32], out: &mut impl Write) -> io::Result<()> {
    const PIECE: usize = 1 << 14;
    let mut first = true;
    for batch in cells.chunks(PIECE * 64) {
        let texts: Vec<Vec<u8>> = batch.par_chunks(PIECE).map(|p| cells_text(b, p)).collect();
        for text in texts {
            // Every pair is written with a leading ", "; the first one of all drops it.
            out.write_all(if first { &text[2..] } else { &text })?;
            first = false;
        }
    }
    Ok(())
}

/// `, [x, y]` for each cell.
fn cells_text(b: &Board, cells: &[u32]) -> Vec<u8> {
    let mut num = itoa::Buffer::new();
    let mut text = Vec::with_capacity(cells.len() * 14);
    for &c in cells {
        let (x, y) = b.xy(c);
        text.extend_from_slice(b", [");
        text.extend_from_slice(num.format(x).as_bytes());
        text.extend_from_slice(b", ");
        text.extend_from_slice(num.format(y).as_bytes());
        text.push(b']');
    }
    text
}

fn write_sections(s: &Sections, out: &mut impl Write) -> io::Result<()> {
    let names = serde_json::to_string(s.names()).expect("strings serialize");
    write!(out, "  \"sections\": {{ \"names\": {names}, \"runs\": [")?;
    let labels = s.labels();
    let mut i = 0;
    while i < labels.len() {
        let j = i + labels[i..].iter().take_while(|&&l| l == labels[i]).count();
        let sep = if i == 0 { "" } else { ", " };
        write!(out, "{sep}[{}, {}]", labels[i], j - i)?;
        i = j;
    }
    writeln!(out, "] }},")
}

fn parse_grid(text: &str, file: &str) -> Result<Tour, Error> {
    let rows: Vec<(usize, Vec<&str>)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, l.split_whitespace().collect()))
        .collect();
    let Some((_, first)) = rows.first() else {
        return Err(parse_error(
            file,
            "line 1",
            "the file is empty: expected a JSON tour or a numbered grid",
        ));
    };
    let width = first.len();
    let height = rows.len();
    let board = Board::new(width as u32, height as u32)
        .map_err(|e| parse_error(file, "grid", e.to_string()))?;
    let mut at: Vec<Option<(u32, usize)>> = vec![None; width * height];
    let mut holes = Vec::new();
    for (r, (line, cells)) in rows.iter().enumerate() {
        if cells.len() != width {
            return Err(parse_error(
                file,
                format!("line {line}"),
                format!(
                    "this row has {} cells but the first row has {width}",
                    cells.len()
                ),
            ));
        }
        let y = (height - 1 - r) as u32;
        for (x, word) in cells.iter().enumerate() {
            let place = || format!("line {line}, column {}", x + 1);
            if *word == "." {
                holes.push((x as u32, y));
                continue;
            }
            let step: usize = word.parse().map_err(|_| {
                parse_error(
                    file,
                    place(),
                    format!("'{word}' is not a step number or '.'"),
                )
            })?;
            if step == 0 || step > width * height {
                return Err(parse_error(
                    file,
                    place(),
                    format!("step {step} is out of range 1..={}", width * height),
                ));
            }
            if let Some((_, other)) = at[step - 1] {
                return Err(parse_error(
                    file,
                    place(),
                    format!("step {step} appears twice (also on line {other})"),
                ));
            }
            at[step - 1] = Some((board.index(x as u32, y), *line));
        }
    }
    let steps = width * height - holes.len();
    let mut path = Vec::with_capacity(steps);
    for (i, a) in at.iter().enumerate().take(steps) {
        match a {
            Some((c, _)) => path.push(*c),
            None => {
                return Err(parse_error(
                    file,
                    "grid",
                    format!("step {} is missing: the steps must be 1..={steps}", i + 1),
                ))
            }
        }
    }
    let board = board
        .with_holes(&holes)
        .map_err(|e| parse_error(file, "grid", e.to_string()))?;
    let closed = path.len() > 2 && board.dir_between(path[path.len() - 1], path[0]).is_some();
    Ok(Tour::new(board, path, closed))
}

fn write_grid(tour: &Tour, out: &mut impl Write) -> io::Result<()> {
    let b = tour.board();
    let mut step = vec![0u32; b.area() as usize];
    for (i, &c) in tour.path().iter().enumerate() {
        step[c as usize] = i as u32 + 1;
    }
    let digits = tour.path().len().to_string().len();
    for y in (0..b.height()).rev() {
        let row = &step[b.index(0, y) as usize..][..b.width() as usize];
        let line = row
            .iter()
            .map(|&s| match s {
                0 => format!("{:>digits$}", "."),
                s => format!("{s:>digits$}"),
            })
            .collect::<Vec<_>>()
            .join(" ");
        writeln!(out, "{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring_with_hole() -> Tour {
        crate::examples::ring()
            .with_algorithm("hand")
            .with_sections(Sections::new(
                vec!["a".into(), "b".into()],
                vec![0, 0, 0, 1, 1, 1, 1, 0],
            ))
    }

    #[test]
    fn json_round_trips() {
        let t = ring_with_hole();
        let back = parse(&to_json(&t), "t.json").unwrap();
        assert_eq!(back.board(), t.board());
        assert_eq!(back.path(), t.path());
        assert_eq!(back.is_closed(), t.is_closed());
        assert_eq!(back.algorithm(), "hand");
        assert_eq!(back.sections(), t.sections());
        crate::verify::check(&back).unwrap();
    }

    #[test]
    fn grid_round_trips_and_infers_closed() {
        let t = ring_with_hole();
        let mut out = Vec::new();
        write(&t, Format::Grid, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "7 2 5\n4 . 8\n1 6 3\n");
        let back = parse(&text, "t.txt").unwrap();
        assert_eq!(back.path(), t.path());
        assert!(back.is_closed());
        assert_eq!(back.board().holes(), t.board().holes());
    }

    #[test]
    fn json_errors_name_the_place() {
        let e = parse("{\"board\": {\"width\": 3}}", "a.json").unwrap_err();
        assert!(e.to_string().starts_with("a.json: line 1, column "), "{e}");
        assert!(e.to_string().contains("height"), "{e}");
        let text = r#"{"board": {"width": 3, "height": 3}, "closed": false,
            "path": [[0, 0], [1, 2], [3, 1]]}"#;
        let e = parse(text, "b.json").unwrap_err().to_string();
        assert_eq!(e, "b.json: field path[2]: [3, 1] is outside the 3x3 board");
        let e = parse("{\"board\": 3", "c.json").unwrap_err().to_string();
        assert!(e.starts_with("c.json: line 1, column"), "{e}");
    }

    #[test]
    fn grid_errors_name_the_line() {
        let e = parse("1 2\n3\n", "g.txt").unwrap_err().to_string();
        assert_eq!(
            e,
            "g.txt: line 2: this row has 1 cells but the first row has 2"
        );
        let e = parse("1 2\n3 x\n", "g.txt").unwrap_err().to_string();
        assert_eq!(
            e,
            "g.txt: line 2, column 2: 'x' is not a step number or '.'"
        );
        let e = parse("1 2\n2 4\n", "g.txt").unwrap_err().to_string();
        assert_eq!(
            e,
            "g.txt: line 2, column 1: step 2 appears twice (also on line 1)"
        );
        let e = parse("1 2\n5 4\n", "g.txt").unwrap_err().to_string();
        assert_eq!(e, "g.txt: line 2, column 1: step 5 is out of range 1..=4");
        let e = parse("\n\n", "g.txt").unwrap_err().to_string();
        assert!(e.starts_with("g.txt: line 1: the file is empty"), "{e}");
    }
}
