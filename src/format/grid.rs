//! The classic numbered grid: one line per row, top row first, each cell the 1-based
//! step that visits it (`.` for a hole). Closed is inferred from the ends.

use std::io::{self, Write};

use super::parse_error;
use crate::board::Board;
use crate::tour::Tour;
use crate::Error;

pub(super) fn parse_grid(text: &str, file: &str) -> Result<Tour, Error> {
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
                    "this row has {} cell{} but the first row has {width}",
                    cells.len(),
                    if cells.len() == 1 { "" } else { "s" }
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

pub(super) fn write_grid(tour: &Tour, out: &mut impl Write) -> io::Result<()> {
    let b = tour.board();
    let mut step = crate::memory::try_vec(b.area() as usize, 0u32, "the numbered grid")
        .map_err(io::Error::other)?;
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
