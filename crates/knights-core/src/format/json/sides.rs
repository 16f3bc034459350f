//! A JSON tour file whose board has three or more sides (`depth`, and `sides` from four
//! on): its sides, each field that disagrees named, the fields such a board refuses,
//! and its path's cells of as many coordinates as the board has sides.

use super::visit::{JsonBoard, JsonTour};
use crate::board::{Board, Leaper, Topology};
use crate::format::{arity_message, parse_error};
use crate::Error;

/// The sides of a board of three or more sides (`None` for a 2-D board), with the
/// field that disagrees named.
pub(super) fn board_sides(b: &JsonBoard, file: &str) -> Result<Option<Vec<u32>>, Error> {
    let first = [b.width, b.height];
    match (&b.sides, b.depth) {
        (None, None) => Ok(None),
        (None, Some(d)) => Ok(Some(vec![b.width, b.height, d])),
        (Some(sides), depth) => {
            if sides.len() < 3 {
                return Err(parse_error(
                    file,
                    "field board.sides",
                    format!(
                        "lists {} sides; a board of two sides is written with width and height alone",
                        sides.len()
                    ),
                ));
            }
            let named = [
                ("width", Some(first[0])),
                ("height", Some(first[1])),
                ("depth", depth),
            ];
            for (i, (field, v)) in named.into_iter().enumerate() {
                if let Some(v) = v.filter(|&v| v != sides[i]) {
                    return Err(parse_error(
                        file,
                        format!("field board.{field}"),
                        format!("is {v} but board.sides[{i}] is {}", sides[i]),
                    ));
                }
            }
            Ok(Some(sides.clone()))
        }
    }
}

/// The board of three or more sides of a file, refused (naming the field) when the
/// file gives it holes or a topology.
pub(super) fn board(
    t: &JsonTour,
    sides: &[u32],
    leaper: Leaper,
    file: &str,
) -> Result<Board, Error> {
    let space = Board::with_sides(sides, leaper)
        .map_err(|e| parse_error(file, "field board", e.to_string()))?;
    if !t.board.holes.is_empty() {
        return Err(parse_error(
            file,
            "field board.holes",
            format!("the {space} board has three or more sides, and such boards take no holes"),
        ));
    }
    if let Some(name) = t
        .topology
        .as_deref()
        .filter(|&n| n != Topology::Plane.name())
    {
        return Err(parse_error(
            file,
            "field topology",
            format!("'{name}': a board of three or more sides is not glued into a band"),
        ));
    }
    Ok(space)
}

/// The path of a file whose board has three or more sides, each cell checked on it.
pub(super) fn path(t: &JsonTour, space: &Board, file: &str) -> Result<Vec<u32>, Error> {
    let p = t.path.as_ref().expect("a tour has a path (Form::of)");
    let sides = space.sides();
    let mut path = Vec::with_capacity(p.len());
    for i in 0..p.len() {
        let xs = p.get(i);
        if xs.len() != space.dims() {
            return Err(parse_error(
                file,
                format!("field path[{i}]"),
                arity_message(&xs, &space.to_string(), space.dims()),
            ));
        }
        let inside = xs.iter().zip(&sides).all(|(&v, &s)| v >= 0 && v < s as i64);
        if !inside {
            let written: Vec<String> = xs.iter().map(i64::to_string).collect();
            return Err(parse_error(
                file,
                format!("field path[{i}]"),
                format!("[{}] is outside the {space} board", written.join(", ")),
            ));
        }
        let coords: Vec<u32> = xs.iter().map(|&v| v as u32).collect();
        path.push(space.index_of(&coords));
    }
    Ok(path)
}
