//! Writing JSON tour files, one writer for every shape of walk: a tour (of a board of
//! any number of sides), a tourney and an uncrossed path. Big paths are formatted in parallel pieces, a bounded batch
//! at a time.

use std::io::{self, Write};

use rayon::prelude::*;

use crate::board::Board;
use crate::tour::{Sections, Shape, Tour};

/// Opens a tour file's object with its `board` (and holes) and `leaper` lines.
fn write_board(b: &Board, out: &mut impl Write) -> io::Result<()> {
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
    writeln!(out, "  \"leaper\": [{a}, {l}],")
}

/// Writes a tour (a tourney, an uncrossed path: [`write_tourney`], [`write_uncrossed`]):
/// the board, the leaper, `closed`, the topology of a band, the algorithm, the sections
/// and the path.
pub(in crate::format) fn write_json(tour: &Tour, out: &mut impl Write) -> io::Result<()> {
    let b = tour.board();
    match tour.shape() {
        Shape::Tour if b.dims() > 2 => return write_more_sides(tour, out),
        Shape::Tour => {}
        Shape::Tourney { .. } => return write_tourney(tour, out),
        Shape::Uncrossed { .. } => return write_uncrossed(tour, out),
    }
    write_board(b, out)?;
    writeln!(out, "  \"closed\": {},", tour.is_closed())?;
    if b.topology().wraps() {
        writeln!(out, "  \"topology\": \"{}\",", b.topology())?;
    }
    write_algorithm(tour.algorithm(), out)?;
    if let Some(s) = tour.sections() {
        write_sections(s, out)?;
    }
    write!(out, "  \"path\": [")?;
    write_cells(b, tour.path(), out)?;
    writeln!(out, "]\n}}")
}

/// Writes a tourney: the board, the leaper, the algorithm and `cycles`, one cycle a line.
fn write_tourney(t: &Tour, out: &mut impl Write) -> io::Result<()> {
    let b = t.board();
    write_board(b, out)?;
    write_algorithm(t.algorithm(), out)?;
    write!(out, "  \"cycles\": [")?;
    for (i, cycle) in t.cycles().iter().enumerate() {
        write!(out, "{}\n    [", if i == 0 { "" } else { "," })?;
        write_cells(b, cycle, out)?;
        write!(out, "]")?;
    }
    writeln!(out, "\n  ]\n}}")
}

/// Writes an uncrossed path: the board, the leaper, `kind`, `closed`, the algorithm, its
/// `leaps` and `path`.
fn write_uncrossed(p: &Tour, out: &mut impl Write) -> io::Result<()> {
    let b = p.board();
    write_board(b, out)?;
    writeln!(out, "  \"kind\": \"uncrossed\",")?;
    writeln!(out, "  \"closed\": {},", p.is_closed())?;
    write_algorithm(p.algorithm(), out)?;
    writeln!(out, "  \"leaps\": {},", p.leaps())?;
    write!(out, "  \"path\": [")?;
    write_cells(b, p.path(), out)?;
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

/// The `algorithm` line: the construction's name as a JSON string.
fn write_algorithm(name: &str, out: &mut impl Write) -> io::Result<()> {
    let quoted = serde_json::to_string(name).expect("a string serializes");
    writeln!(out, "  \"algorithm\": {quoted},")
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

/// Writes a tour of a board of three or more sides: the board's `width`, `height` and
/// `depth` (and `sides`, all of them, from four sides on), and cells of as many
/// coordinates as the board has sides.
fn write_more_sides(tour: &Tour, out: &mut impl Write) -> io::Result<()> {
    let s = tour.board();
    let (a, l) = s.leaper().steps();
    let sides = s.sides();
    write!(
        out,
        "{{\n  \"board\": {{ \"width\": {}, \"height\": {}, \"depth\": {}",
        sides[0], sides[1], sides[2]
    )?;
    if sides.len() > 3 {
        let all: Vec<String> = sides.iter().map(u32::to_string).collect();
        write!(out, ", \"sides\": [{}]", all.join(", "))?;
    }
    writeln!(out, " }},")?;
    writeln!(out, "  \"leaper\": [{a}, {l}],")?;
    writeln!(out, "  \"closed\": {},", tour.is_closed())?;
    write_algorithm(tour.algorithm(), out)?;
    if let Some(sec) = tour.sections() {
        write_sections(sec, out)?;
    }
    write!(out, "  \"path\": [")?;
    let mut num = itoa::Buffer::new();
    let mut text = Vec::new();
    for (i, &c) in tour.path().iter().enumerate() {
        text.clear();
        if i > 0 {
            text.extend_from_slice(b", ");
        }
        text.push(b'[');
        for (k, v) in s.coords(c).into_iter().enumerate() {
            if k > 0 {
                text.extend_from_slice(b", ");
            }
            text.extend_from_slice(num.format(v).as_bytes());
        }
        text.push(b']');
        out.write_all(&text)?;
    }
    writeln!(out, "]\n}}")
}
