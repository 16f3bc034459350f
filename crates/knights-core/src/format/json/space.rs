//! A JSON tour file whose board has three or more sides (`depth`, and `sides` from four
//! on): its sides, each field that disagrees named, and its path read into a
//! [`SpaceTour`].

use super::check::{arity_message, sections_from_runs};
use super::visit::{JsonBoard, JsonTour};
use crate::board::{Leaper, Topology};
use crate::format::parse_error;
use crate::space::{Space, SpaceTour};
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

/// The rest of a file whose board has three or more sides.
pub(super) fn parse_space(
    t: JsonTour,
    sides: &[u32],
    leaper: Leaper,
    file: &str,
) -> Result<SpaceTour, Error> {
    let space = Space::with_leaper(sides, leaper)
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
    let p = t.path.as_ref().expect("a tour has a path (Form::of)");
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
        let inside = xs
            .iter()
            .zip(space.sides())
            .all(|(&v, &s)| v >= 0 && v < s as i64);
        if !inside {
            let written: Vec<String> = xs.iter().map(i64::to_string).collect();
            return Err(parse_error(
                file,
                format!("field path[{i}]"),
                format!("[{}] is outside the {space} board", written.join(", ")),
            ));
        }
        let coords: Vec<u32> = xs.iter().map(|&v| v as u32).collect();
        path.push(space.index(&coords));
    }
    let n = path.len();
    let closed = t.closed.unwrap_or(false);
    let mut tour = SpaceTour::new(space, path, closed).with_algorithm(t.algorithm);
    if let Some(s) = t.sections {
        tour = tour.with_sections(sections_from_runs(s, n, file)?);
    }
    Ok(tour)
}
