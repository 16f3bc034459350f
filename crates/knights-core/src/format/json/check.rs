//! What a JSON tour file's fields mean together, once read ([`super::visit`]): the
//! leaper, the shape of walk ([`Form`]), the board with its topology and holes, every
//! cell checked on it, and the sections. Each refusal names its field.

use super::form::Form;
use super::sides::{self, board_sides};
use super::visit::{Cells, JsonBoard, JsonSections, JsonTour};
use crate::board::{Board, Leaper, Topology};
use crate::format::{arity_message, parse_error};
use crate::tour::{Sections, Tour};
use crate::Error;

/// The walk a file's fields make: a tour (of a board of any number of sides), a
/// tourney or an uncrossed path.
pub(super) fn document(t: JsonTour, file: &str) -> Result<Tour, Error> {
    let leaper = match t.leaper {
        Some([a, b]) => {
            Leaper::new(a, b).map_err(|e| parse_error(file, "field leaper", e.to_string()))?
        }
        None => Leaper::KNIGHT,
    };
    let form = Form::of(&t, file)?;
    if let Some(sides) = board_sides(&t.board, file)? {
        form.refuse_more_sides(file)?;
        let board = sides::board(&t, &sides, leaper, file)?;
        let path = sides::path(&t, &board, file)?;
        return tour(t, board, path, file);
    }
    flat_document(t, form, leaper, file)
}

/// The tour of `path` on `board`, closed as the file says, with its algorithm and
/// sections.
fn tour(t: JsonTour, board: Board, path: Vec<u32>, file: &str) -> Result<Tour, Error> {
    let n = path.len();
    let closed = t.closed.unwrap_or(false);
    let mut tour = Tour::new(board, path, closed).with_algorithm(t.algorithm);
    if let Some(s) = t.sections {
        tour = tour.with_sections(sections_from_runs(s, n, file)?);
    }
    Ok(tour)
}

/// The walk of a file whose board has two sides.
fn flat_document(mut t: JsonTour, form: Form, leaper: Leaper, file: &str) -> Result<Tour, Error> {
    let board = flat_board(&t.board, t.topology.as_deref(), leaper, file)?;
    if let (Form::Tourney, Some(cycles)) = (form, &t.cycles) {
        let cycles = (cycles.iter().enumerate())
            .map(|(k, c)| cells_on(&board, c, file, &|i| format!("cycles[{k}][{i}]")))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Tour::tourney(board, cycles).with_algorithm(t.algorithm));
    }
    let path = match t.path.take() {
        // Read on this board, each pair checked on it.
        Some(Cells {
            numbered: Some(path),
            ..
        }) => path,
        Some(p) => cells_on(&board, &p, file, &|i| format!("path[{i}]"))?,
        None => Vec::new(),
    };
    if let Form::Uncrossed = form {
        let closed = t.closed.unwrap_or(false);
        let mut p = Tour::uncrossed(board, path, closed).with_algorithm(t.algorithm);
        if let Some(leaps) = t.leaps {
            p = p.with_claim(leaps);
        }
        return Ok(p);
    }
    tour(t, board, path, file)
}

/// The 2-D board: its sides and leaper, its topology (the plane when the field is
/// absent) and its holes, each checked on it.
fn flat_board(
    b: &JsonBoard,
    topology: Option<&str>,
    leaper: Leaper,
    file: &str,
) -> Result<Board, Error> {
    let topology = match topology {
        Some(name) => name
            .parse::<Topology>()
            .map_err(|e| parse_error(file, "field topology", e.to_string()))?,
        None => Topology::Plane,
    };
    let board = Board::with_leaper(b.width, b.height, leaper)
        .map_err(|e| parse_error(file, "field board", e.to_string()))?
        .with_topology(topology);
    let holes = (b.holes.iter().enumerate())
        .map(|(i, h)| cell(&board, h, file, &|| format!("board.holes[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    board
        .with_holes(&holes)
        .map_err(|e| parse_error(file, "field board.holes", e.to_string()))
}

/// Cells read as written, each checked on `board` and numbered; `field(i)` names cell
/// `i` in a refusal.
fn cells_on(
    board: &Board,
    cells: &Cells,
    file: &str,
    field: &dyn Fn(usize) -> String,
) -> Result<Vec<u32>, Error> {
    match cells.arity {
        0 => Ok(Vec::new()),
        2 => (0..cells.len())
            .map(|i| {
                cell(board, &cells.pair(i), file, &|| field(i)).map(|(x, y)| board.index(x, y))
            })
            .collect(),
        // Every cell has as many coordinates as the first: the first is wrong.
        _ => Err(cell(board, &cells.get(0), file, &|| field(0))
            .expect_err("a cell of the wrong arity is refused")),
    }
}

/// The cell `[x, y]` of `board`, refused (naming `field()`) when it is off the board or
/// has another number of coordinates.
fn cell(
    board: &Board,
    xy: &[i64],
    file: &str,
    field: &dyn Fn() -> String,
) -> Result<(u32, u32), Error> {
    let (w, h) = (board.width() as i64, board.height() as i64);
    match *xy {
        [x, y] if x >= 0 && y >= 0 && x < w && y < h => Ok((x as u32, y as u32)),
        [x, y] => Err(parse_error(
            file,
            format!("field {}", field()),
            format!("[{x}, {y}] is outside the {w}x{h} board"),
        )),
        _ => Err(parse_error(
            file,
            format!("field {}", field()),
            arity_message(xy, &format!("{w}x{h}"), 2),
        )),
    }
}

/// The labels of `steps` steps from runs of `[label, length]`, each run checked.
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
