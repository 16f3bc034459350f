//! The JSON tour format (docs/tour-format.md): `[x, y]` pairs with `y` from the bottom, the
//! board, the leaper, closed or open, and optional sections as label runs. Big paths
//! are read packed and written in parallel pieces.

use std::fmt;
use std::io::{self, Write};

use rayon::prelude::*;
use serde::de::{Deserializer, SeqAccess, Visitor};
use serde::Deserialize;

use super::parse_error;
use crate::board::{Board, Leaper, Topology};
use crate::tour::{Sections, Tour};
use crate::Error;

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
struct JsonTour {
    board: JsonBoard,
    leaper: Option<[u32; 2]>,
    closed: bool,
    /// Absent in files written before bands existed: the plane.
    topology: Option<String>,
    #[serde(default)]
    algorithm: String,
    path: Pairs,
    sections: Option<JsonSections>,
}

#[derive(Deserialize)]
struct JsonBoard {
    width: u32,
    height: u32,
    #[serde(default)]
    holes: Vec<[i64; 2]>,
}

/// The path's `[x, y]` pairs packed as `x << 32 | y`, half the memory of `[i64; 2]`
/// on a 10^8-cell tour. The first pair that does not fit is kept as written, for the
/// error message.
struct Pairs {
    packed: Vec<u64>,
    unfit: Option<(usize, [i64; 2])>,
}

impl Pairs {
    /// Pair `i` as written.
    fn get(&self, i: usize) -> [i64; 2] {
        match self.unfit {
            Some((j, xy)) if j == i => xy,
            _ => [
                (self.packed[i] >> 32) as i64,
                (self.packed[i] as u32) as i64,
            ],
        }
    }
}

impl<'de> Deserialize<'de> for Pairs {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pairs, D::Error> {
        struct PairsVisitor;
        impl<'de> Visitor<'de> for PairsVisitor {
            type Value = Pairs;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of [x, y] pairs")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Pairs, A::Error> {
                let mut p = Pairs {
                    packed: Vec::with_capacity(seq.size_hint().unwrap_or(0)),
                    unfit: None,
                };
                while let Some([x, y]) = seq.next_element::<[i64; 2]>()? {
                    let packed = match (u32::try_from(x), u32::try_from(y)) {
                        (Ok(x), Ok(y)) => (x as u64) << 32 | y as u64,
                        _ => {
                            p.unfit.get_or_insert((p.packed.len(), [x, y]));
                            u64::MAX
                        }
                    };
                    p.packed.push(packed);
                }
                Ok(p)
            }
        }
        d.deserialize_seq(PairsVisitor)
    }
}

/// Sections as runs: `names`, and `runs` of `[label, length]` along the path.
#[derive(Deserialize)]
struct JsonSections {
    names: Vec<String>,
    runs: Vec<[u64; 2]>,
}

pub(super) fn parse_json(text: &str, file: &str) -> Result<Tour, Error> {
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
    let topology = match &t.topology {
        Some(name) => name
            .parse::<Topology>()
            .map_err(|e| parse_error(file, "field topology", e.to_string()))?,
        None => Topology::Plane,
    };
    let board = Board::with_leaper(t.board.width, t.board.height, leaper)
        .map_err(|e| parse_error(file, "field board", e.to_string()))?
        .with_topology(topology);
    let (w, h) = (board.width() as i64, board.height() as i64);
    let cell = |field: &dyn Fn() -> String, [x, y]: [i64; 2]| {
        if x < 0 || y < 0 || x >= w || y >= h {
            Err(parse_error(
                file,
                format!("field {}", field()),
                format!("[{x}, {y}] is outside the {w}x{h} board"),
            ))
        } else {
            Ok((x as u32, y as u32))
        }
    };
    let holes = (t.board.holes.iter().enumerate())
        .map(|(i, &h)| cell(&|| format!("board.holes[{i}]"), h))
        .collect::<Result<Vec<_>, _>>()?;
    let board = board
        .with_holes(&holes)
        .map_err(|e| parse_error(file, "field board.holes", e.to_string()))?;
    let path = (0..t.path.packed.len())
        .map(|i| cell(&|| format!("path[{i}]"), t.path.get(i)).map(|(x, y)| board.index(x, y)))
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

pub(super) fn write_json(tour: &Tour, out: &mut impl Write) -> io::Result<()> {
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
    if b.topology().wraps() {
        writeln!(out, "  \"topology\": \"{}\",", b.topology())?;
    }
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
