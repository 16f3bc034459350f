//! The classic numbered grid: one line per row, top row first, each cell the 1-based
//! step that visits it (`.` for a hole). Closed is inferred from the ends.
//!
//! [`Numbered`] is the one reader and writer of this picture in the crate: tour files
//! use it, and so do the stored tiles of the constructions (blocks of rows inside
//! their data files).

use std::io::{self, BufRead, Seek, SeekFrom, Write};

use super::parse_error;
use crate::board::{Board, Topology};
use crate::tour::Tour;
use crate::Error;

/// A numbered grid read: its size, the cells in visiting order (cell numbers
/// `y * width + x`, `y` from the BOTTOM row), and the cells marked `.`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbered {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Cell numbers in visiting order.
    pub path: Vec<u32>,
    /// The `(x, y)` of every `.`.
    pub holes: Vec<(u32, u32)>,
}

/// Where a numbered grid is wrong, and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridError {
    /// `line 3`, `line 3, column 2`, or `grid` for the grid as a whole.
    pub place: String,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for GridError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.place, self.message)
    }
}

fn wrong(place: impl Into<String>, message: impl Into<String>) -> GridError {
    GridError {
        place: place.into(),
        message: message.into(),
    }
}

/// The rows of `text` worth reading: `(line number, text)` of the lines that are
/// neither blank nor a `#` comment.
pub fn rows(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
}

impl Numbered {
    /// Reads the grid whose rows, top row first, are `rows` (line number, text): every
    /// row as wide as the first, every cell a step or `.`, the steps exactly
    /// `1..=cells` where `cells` counts the cells that are not `.`.
    pub fn read(rows: &[(usize, &str)]) -> Result<Numbered, GridError> {
        let Some(&(_, first)) = rows.first() else {
            return Err(wrong("line 1", "the grid has no rows"));
        };
        let (width, height) = (first.split_whitespace().count(), rows.len());
        let mut numbering = Numbering::new(width, height, vec![u32::MAX; width * height]);
        for &(line, text) in rows {
            numbering.row(line, text)?;
        }
        numbering.finish()
    }

    /// Reads the next `height` rows of `lines` as a grid `width` cells wide: a block of
    /// a data file that holds several grids, each after a header line.
    pub fn block<'a>(
        lines: &mut impl Iterator<Item = (usize, &'a str)>,
        width: u32,
        height: u32,
    ) -> Result<Numbered, GridError> {
        let rows: Vec<(usize, &str)> = lines.take(height as usize).collect();
        if rows.len() != height as usize {
            return Err(wrong(
                "grid",
                format!("{} rows where {height} were expected", rows.len()),
            ));
        }
        let grid = Numbered::read(&rows)?;
        if grid.width != width {
            let line = rows[0].0;
            return Err(wrong(
                format!("line {line}"),
                format!("{} cells in a row where {width} were expected", grid.width),
            ));
        }
        Ok(grid)
    }
}

/// A grid of known size read one row at a time, top row first, into the path it
/// numbers: four bytes a cell (the path, each step's cell) and a line number a row,
/// so a file of any size is read without holding its text.
struct Numbering {
    width: usize,
    height: usize,
    /// `path[step - 1]` is the cell of that step, `u32::MAX` while none is read.
    path: Vec<u32>,
    /// The line of each row read.
    lines: Vec<usize>,
    holes: Vec<(u32, u32)>,
}

impl Numbering {
    /// Reading a `width` x `height` grid into `path`, `width * height` times `u32::MAX`.
    fn new(width: usize, height: usize, path: Vec<u32>) -> Numbering {
        Numbering {
            width,
            height,
            path,
            lines: Vec::with_capacity(height),
            holes: Vec::new(),
        }
    }

    /// Reads the next row, on line `line`.
    fn row(&mut self, line: usize, text: &str) -> Result<(), GridError> {
        let (width, area) = (self.width, self.path.len());
        let cells = text.split_whitespace().count();
        if cells != width {
            let s = if cells == 1 { "" } else { "s" };
            return Err(wrong(
                format!("line {line}"),
                format!("this row has {cells} cell{s} but the first row has {width}"),
            ));
        }
        let r = self.lines.len();
        if r == self.height {
            return Err(wrong(
                format!("line {line}"),
                format!(
                    "a row more than the {} counted: the file changed while it was read",
                    self.height
                ),
            ));
        }
        self.lines.push(line);
        let y = self.height - 1 - r;
        for (x, word) in text.split_whitespace().enumerate() {
            let place = || format!("line {line}, column {}", x + 1);
            if word == "." {
                self.holes.push((x as u32, y as u32));
                continue;
            }
            let step: usize = word
                .parse()
                .map_err(|_| wrong(place(), format!("'{word}' is not a step number or '.'")))?;
            if step == 0 || step > area {
                return Err(wrong(
                    place(),
                    format!("step {step} is out of range 1..={area}"),
                ));
            }
            let at = &mut self.path[step - 1];
            if *at != u32::MAX {
                let other = self.lines[self.height - 1 - *at as usize / width];
                return Err(wrong(
                    place(),
                    format!("step {step} appears twice (also on line {other})"),
                ));
            }
            *at = (y * width + x) as u32;
        }
        Ok(())
    }

    /// The grid read, once every row is: every step up to the number of cells that are
    /// not holes is there.
    fn finish(self) -> Result<Numbered, GridError> {
        if self.lines.len() != self.height {
            let why = format!(
                "{} rows where {} were counted: the file changed while it was read",
                self.lines.len(),
                self.height
            );
            return Err(wrong("grid", why));
        }
        let steps = self.path.len() - self.holes.len();
        let mut path = self.path;
        if let Some(i) = path[..steps].iter().position(|&c| c == u32::MAX) {
            let why = format!("step {} is missing: the steps must be 1..={steps}", i + 1);
            return Err(wrong("grid", why));
        }
        path.truncate(steps);
        Ok(Numbered {
            width: self.width as u32,
            height: self.height as u32,
            path,
            holes: self.holes,
        })
    }
}

/// Writes the numbered grid of `path` (cell numbers `y * width + x`) over a `width` x
/// `height` rectangle: one line per row, top row first, each step right-aligned to the
/// width of the largest, `.` for a cell not on the path.
pub fn write(width: u32, height: u32, path: &[u32], out: &mut impl Write) -> io::Result<()> {
    let area = width as usize * height as usize;
    let mut step =
        crate::memory::try_vec(area, 0u32, "the numbered grid").map_err(io::Error::other)?;
    for (i, &c) in path.iter().enumerate() {
        step[c as usize] = i as u32 + 1;
    }
    let digits = path.len().to_string().len();
    for y in (0..height as usize).rev() {
        let row = &step[y * width as usize..][..width as usize];
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

/// [`write`] into a string (for data files of small grids).
pub fn text(width: u32, height: u32, path: &[u32]) -> String {
    let mut out = Vec::new();
    write(width, height, path, &mut out).expect("a small grid is written to memory");
    String::from_utf8(out).expect("the grid is ASCII")
}

/// Bytes per row and per cell that reading a grid takes: the row's line, and the path
/// (each step's cell).
const BYTES_PER_ROW: u64 = 8;
const BYTES_PER_CELL: u64 = 4;

/// Reads a numbered grid from `input` in two passes, neither holding the text: the
/// first counts its rows, so that the grid's size is checked against memory before
/// anything is allocated (a long file of short rows is a grid of more cells than its
/// text has bytes), and the second numbers the path. `input` is read from where it
/// stands, and rewound there for the second pass.
pub(super) fn parse_grid(
    mut input: impl BufRead + Seek,
    file: &str,
    topology: Topology,
) -> Result<Tour, Error> {
    let start = input.stream_position().map_err(|e| Error::io(file, e))?;
    let (mut width, mut height) = (0u64, 0u64);
    each_row(&mut input, file, |_, text| {
        if height == 0 {
            width = text.split_whitespace().count() as u64;
        }
        height += 1;
        Ok(())
    })?;
    if height == 0 {
        return Err(parse_error(
            file,
            "line 1",
            "the file is empty: expected a JSON tour or a numbered grid",
        ));
    }
    let cells = width.saturating_mul(height);
    let limit = crate::board::MAX_CELLS;
    if cells > limit {
        let why = format!("{width}x{height} cells, more than the {limit} this tool can number");
        return Err(parse_error(file, "grid", why));
    }
    let what = format!("{file}: the numbered grid of {width}x{height} cells");
    crate::memory::check(
        cells * BYTES_PER_CELL + height * BYTES_PER_ROW,
        &what,
        &format!("{cells} cells at {BYTES_PER_CELL} bytes each, {height} rows at {BYTES_PER_ROW}"),
    )?;
    let path = crate::memory::try_vec(cells as usize, u32::MAX, &what)?;
    let mut numbering = Numbering::new(width as usize, height as usize, path);
    input
        .seek(SeekFrom::Start(start))
        .map_err(|e| Error::io(file, e))?;
    let grid = |e: GridError| parse_error(file, e.place, e.message);
    each_row(&mut input, file, |line, text| {
        numbering.row(line, text).map_err(grid)
    })?;
    let grid = numbering.finish().map_err(grid)?;
    let board = Board::new(grid.width, grid.height)
        .and_then(|b| b.with_holes(&grid.holes))
        .map_err(|e| parse_error(file, "grid", e.to_string()))?
        .with_topology(topology);
    let path = grid.path;
    // Closed when the ends are a leap apart on the board it is read on: on a torus,
    // across a seam too.
    let closed = path.len() > 2 && board.dir_between(path[path.len() - 1], path[0]).is_some();
    Ok(Tour::new(board, path, closed))
}

/// Calls `row` with the line number and text of each line of `input` that is neither
/// blank nor a `#` comment (as [`rows`] does on a text), one line in memory at a time,
/// and of that line only what a row needs (see [`read_line`]).
fn each_row(
    input: &mut impl BufRead,
    file: &str,
    mut row: impl FnMut(usize, &str) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut bytes = Vec::new();
    let mut line = 0;
    while read_line(input, &mut bytes).map_err(|e| Error::io(file, e))? {
        line += 1;
        let text = std::str::from_utf8(&bytes)
            .map_err(|e| Error::io(file, io::Error::new(io::ErrorKind::InvalidData, e)))?;
        if !text.trim().is_empty() && !text.starts_with('#') {
            row(line, text)?;
        }
    }
    Ok(())
}

/// The longest word of a row kept: a step is at most ten digits, and a longer word is
/// no step whatever follows it.
const MAX_WORD: usize = 32;

/// Reads the next line of `input` into `line` as a row needs it, so that no line
/// holds more than its words, whatever it is: runs of blank space become one space
/// (none at its start), a `#` comment line keeps only its `#`, and a word keeps at
/// most [`MAX_WORD`] bytes (and the rest of a character begun within them). False at
/// the end of the input.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<bool> {
    line.clear();
    let (mut any, mut comment, mut word, mut kept) = (false, false, 0, false);
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let mut used = 0;
        for &b in buf {
            used += 1;
            match b {
                b'\n' => {
                    input.consume(used);
                    return Ok(true);
                }
                _ if comment => {}
                b' ' | b'\t' | b'\r' => {
                    if word > 0 {
                        line.push(b' ');
                    }
                    word = 0;
                }
                b'#' if line.is_empty() => {
                    line.push(b'#');
                    comment = true;
                }
                _ => {
                    // The rest of a character begun within the bound is kept with it.
                    kept = word < MAX_WORD || kept && b & 0xC0 == 0x80;
                    if kept {
                        line.push(b);
                    }
                    word += 1;
                }
            }
        }
        input.consume(used);
    }
}

pub(super) fn write_grid(tour: &Tour, out: &mut impl Write) -> io::Result<()> {
    let b = tour.board();
    write(b.width(), b.height(), tour.path(), out)
}
