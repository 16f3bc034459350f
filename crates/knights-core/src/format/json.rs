//! The JSON tour format (docs/tour-format.md): `[x, y]` pairs with `y` from the bottom, the
//! board, the leaper, closed or open, and optional sections as label runs. Big paths
//! are read packed and written in parallel pieces. A board of three or more sides
//! (`depth`, and `sides` from four on) has cells of as many coordinates; it is read
//! into a [`SpaceTour`] and written by [`write_space_json`].

use std::cell::RefCell;
use std::fmt;
use std::io::{self, Write};

use rayon::prelude::*;
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

use super::parse_error;
use super::Document;
use crate::board::{Board, Leaper, Topology};
use crate::space::{Space, SpaceTour, MAX_SIDES};
use crate::tour::{Sections, Tour};
use crate::tourney::Tourney;
use crate::uncrossed::UncrossedPath;
use crate::AnyTour;
use crate::{Bytes, Error, TooLarge};

/// A tour file's fields. Read by [`TourSeed`], which reads the path's pairs into cell
/// numbers as they come when the board came first (as `knights` writes it), so a path
/// takes four bytes a cell while it is read.
struct JsonTour {
    board: JsonBoard,
    leaper: Option<[u32; 2]>,
    /// Required of a tour; a tourney's cycles are closed (`true` or absent).
    closed: Option<bool>,
    /// Absent in files written before bands existed: the plane.
    topology: Option<String>,
    algorithm: String,
    /// A tour's path; a tourney has `cycles` instead.
    path: Option<Cells>,
    /// A tourney's cycles, each a list of cells.
    cycles: Option<Vec<Cells>>,
    sections: Option<JsonSections>,
    /// `uncrossed`: the path covers some cells, no two leaps crossing; absent: a tour.
    kind: Option<String>,
    /// An uncrossed path's claimed number of leaps.
    leaps: Option<u64>,
}

#[derive(Deserialize)]
struct JsonBoard {
    width: u32,
    height: u32,
    /// The third side, on boards of three or more sides.
    depth: Option<u32>,
    /// Every side, on boards of four or more sides (the first three repeat width,
    /// height and depth).
    sides: Option<Vec<u32>>,
    #[serde(default)]
    holes: Vec<Vec<i64>>,
}

/// The path's cells. Pairs `[x, y]` (2-D boards) are packed as `x << 32 | y`, half
/// the memory of `[i64; 2]` on a 10^8-cell tour; cells of other lengths are kept flat.
/// Every cell has as many coordinates as the first (else the reader stops there, with
/// the line and column). The first cell whose numbers do not fit in 32 bits is kept as
/// written, for the error message.
struct Cells {
    /// Coordinates per cell (0 for an empty path).
    arity: usize,
    /// The cell numbers of a path read on a 2-D board known before it: then `packed`
    /// and `flat` stay empty.
    numbered: Option<Vec<u32>>,
    packed: Vec<u64>,
    flat: Vec<u32>,
    unfit: Option<(usize, Vec<i64>)>,
}

impl Cells {
    fn len(&self) -> usize {
        match self.arity {
            0 => 0,
            2 => self.packed.len(),
            k => self.flat.len() / k,
        }
    }

    /// Pair `i` of a path of pairs, as written, without allocating.
    fn pair(&self, i: usize) -> [i64; 2] {
        match &self.unfit {
            Some((j, v)) if *j == i => [v[0], v[1]],
            _ => [
                (self.packed[i] >> 32) as i64,
                (self.packed[i] as u32) as i64,
            ],
        }
    }

    /// Cell `i` as written.
    fn get(&self, i: usize) -> Vec<i64> {
        match &self.unfit {
            Some((j, v)) if *j == i => v.clone(),
            _ if self.arity == 2 => vec![
                (self.packed[i] >> 32) as i64,
                (self.packed[i] as u32) as i64,
            ],
            _ => (self.flat[i * self.arity..(i + 1) * self.arity].iter())
                .map(|&v| v as i64)
                .collect(),
        }
    }
}

/// One cell's coordinates, at most [`MAX_SIDES`], read without allocating.
struct Coord {
    len: usize,
    v: [i64; MAX_SIDES],
}

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Coord, D::Error> {
        struct CoordVisitor;
        impl<'de> Visitor<'de> for CoordVisitor {
            type Value = Coord;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a cell as a list of coordinates, [x, y] or [x, y, z, ...]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Coord, A::Error> {
                let mut c = Coord {
                    len: 0,
                    v: [0; MAX_SIDES],
                };
                while let Some(x) = seq.next_element::<i64>()? {
                    if c.len == MAX_SIDES {
                        return Err(serde::de::Error::custom(format!(
                            "a cell has more than {MAX_SIDES} coordinates"
                        )));
                    }
                    c.v[c.len] = x;
                    c.len += 1;
                }
                Ok(c)
            }
        }
        d.deserialize_seq(CoordVisitor)
    }
}

/// Reads the path. On a 2-D board known before it (`board`, its width and height),
/// each pair is checked on the board and kept as its cell number; a pair off the board
/// stops the reading with the error of its field, left in `error`.
struct CellsSeed<'a> {
    board: Option<(u32, u32)>,
    file: &'a str,
    error: &'a RefCell<Option<Error>>,
}

impl<'de> DeserializeSeed<'de> for CellsSeed<'_> {
    type Value = Cells;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Cells, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for CellsSeed<'_> {
    type Value = Cells;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of cells, [x, y] pairs or [x, y, z, ...]")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Cells, A::Error> {
        let mut p = Cells {
            arity: 0,
            numbered: self.board.map(|_| Vec::new()),
            packed: Vec::new(),
            flat: Vec::new(),
            unfit: None,
        };
        let mut i = 0;
        while let Some(c) = seq.next_element::<Coord>()? {
            let xs = &c.v[..c.len];
            if let (Some((w, h)), Some(cells)) = (self.board, p.numbered.as_mut()) {
                // Every cell of a 2-D board is a pair, each named by its field (which a
                // file streamed and the same text read whole place alike, where
                // serde's line and column of an error raised here can differ by one).
                p.arity = 2;
                let board = || format!("{w}x{h}");
                let why = match *xs {
                    [x, y] if x >= 0 && y >= 0 && x < w as i64 && y < h as i64 => None,
                    [x, y] => Some(format!("[{x}, {y}] is outside the {} board", board())),
                    _ => Some(arity_message(xs, &board(), 2)),
                };
                if let Some(why) = why {
                    let e = parse_error(self.file, format!("field path[{i}]"), why);
                    *self.error.borrow_mut() = Some(e);
                    return Err(serde::de::Error::custom("path"));
                }
                if cells.len() == cells.capacity()
                    && cells.try_reserve(cells.len().max(1 << 10)).is_err()
                {
                    *self.error.borrow_mut() = Some(
                        TooLarge::Allocation {
                            what: format!("{}: the path of the {} board", self.file, board()),
                            bytes: Bytes(2 * 4 * cells.len() as u64),
                        }
                        .into(),
                    );
                    return Err(serde::de::Error::custom("path"));
                }
                cells.push(xs[1] as u32 * w + xs[0] as u32);
                i += 1;
                continue;
            }
            if i == 0 {
                p.arity = c.len;
            } else if c.len != p.arity {
                return Err(serde::de::Error::custom(format!(
                    "path[{i}] has {} coordinates but path[0] has {}",
                    c.len, p.arity
                )));
            }
            let fit: Option<Vec<u32>> = xs.iter().map(|&x| u32::try_from(x).ok()).collect();
            if fit.is_none() {
                p.unfit.get_or_insert((i, xs.to_vec()));
            }
            match (c.len, fit) {
                (2, Some(v)) => p.packed.push((v[0] as u64) << 32 | v[1] as u64),
                (2, None) => p.packed.push(u64::MAX),
                (_, Some(v)) => p.flat.extend(v),
                (k, None) => p.flat.extend(std::iter::repeat_n(u32::MAX, k)),
            }
            i += 1;
        }
        Ok(p)
    }
}

/// Reads a tour file's object field by field; the path is read by [`CellsSeed`], with
/// the board when it came first.
struct TourSeed<'a> {
    file: &'a str,
    error: &'a RefCell<Option<Error>>,
}

impl<'de> DeserializeSeed<'de> for TourSeed<'_> {
    type Value = JsonTour;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<JsonTour, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for TourSeed<'_> {
    type Value = JsonTour;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a tour: an object with board, closed and path")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<JsonTour, A::Error> {
        use serde::de::Error as _;
        let mut board: Option<JsonBoard> = None;
        let mut leaper = None;
        let mut closed = None;
        let mut topology = None;
        let mut algorithm = None;
        let mut path = None;
        let mut cycles = None;
        let mut sections = None;
        let mut kind = None;
        let mut leaps = None;
        fn once<T>(slot: &Option<T>, name: &'static str) -> Result<(), String> {
            match slot {
                Some(_) => Err(format!("duplicate field `{name}`")),
                None => Ok(()),
            }
        }
        while let Some(key) = map.next_key::<String>()? {
            let dup = |r: Result<(), String>| r.map_err(A::Error::custom);
            match key.as_str() {
                "board" => {
                    dup(once(&board, "board"))?;
                    board = Some(map.next_value()?);
                }
                "leaper" => {
                    dup(once(&leaper, "leaper"))?;
                    leaper = Some(map.next_value::<Option<[u32; 2]>>()?);
                }
                "closed" => {
                    dup(once(&closed, "closed"))?;
                    closed = Some(map.next_value::<Option<bool>>()?);
                }
                "topology" => {
                    dup(once(&topology, "topology"))?;
                    topology = Some(map.next_value::<Option<String>>()?);
                }
                "algorithm" => {
                    dup(once(&algorithm, "algorithm"))?;
                    algorithm = Some(map.next_value()?);
                }
                "sections" => {
                    dup(once(&sections, "sections"))?;
                    sections = Some(map.next_value::<Option<JsonSections>>()?);
                }
                "path" => {
                    dup(once(&path, "path"))?;
                    let flat = board.as_ref().filter(|b| {
                        b.depth.is_none()
                            && b.sides.is_none()
                            && Board::new(b.width, b.height).is_ok()
                    });
                    path = Some(map.next_value_seed(CellsSeed {
                        board: flat.map(|b| (b.width, b.height)),
                        file: self.file,
                        error: self.error,
                    })?);
                }
                "kind" => {
                    dup(once(&kind, "kind"))?;
                    kind = Some(map.next_value::<Option<String>>()?);
                }
                "leaps" => {
                    dup(once(&leaps, "leaps"))?;
                    leaps = Some(map.next_value::<Option<u64>>()?);
                }
                "cycles" => {
                    dup(once(&cycles, "cycles"))?;
                    cycles = Some(map.next_value_seed(CyclesSeed {
                        file: self.file,
                        error: self.error,
                    })?);
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(JsonTour {
            board: board.ok_or_else(|| A::Error::missing_field("board"))?,
            leaper: leaper.flatten(),
            closed: closed.flatten(),
            topology: topology.flatten(),
            algorithm: algorithm.unwrap_or_default(),
            path,
            cycles,
            sections: sections.flatten(),
            kind: kind.flatten(),
            leaps: leaps.flatten(),
        })
    }
}

/// Reads a tourney's cycles, each a list of cells kept as written (a tourney file is
/// read whole: its cycles are checked on the board once it is known).
struct CyclesSeed<'a> {
    file: &'a str,
    error: &'a RefCell<Option<Error>>,
}

impl<'de> DeserializeSeed<'de> for CyclesSeed<'_> {
    type Value = Vec<Cells>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<Cells>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for CyclesSeed<'_> {
    type Value = Vec<Cells>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of cycles, each a list of cells")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Cells>, A::Error> {
        let mut cycles = Vec::new();
        let cells = || CellsSeed {
            board: None,
            file: self.file,
            error: self.error,
        };
        while let Some(c) = seq.next_element_seed(cells())? {
            cycles.push(c);
        }
        Ok(cycles)
    }
}

/// Sections as runs: `names`, and `runs` of `[label, length]` along the path.
#[derive(Deserialize)]
struct JsonSections {
    names: Vec<String>,
    runs: Vec<[u64; 2]>,
}

/// Reads a JSON tour file from `de` (its text in memory, or a reader streamed).
pub(super) fn parse_json<'de, R: serde_json::de::Read<'de>>(
    mut de: serde_json::Deserializer<R>,
    file: &str,
) -> Result<Document, Error> {
    let error = RefCell::new(None);
    let seed = TourSeed {
        file,
        error: &error,
    };
    let t = seed
        .deserialize(&mut de)
        .and_then(|t| de.end().map(|()| t))
        .map_err(|e| {
            error.take().unwrap_or_else(|| {
                let msg = e.to_string();
                // serde_json appends " at line L column C"; move the place to the front.
                let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
                parse_error(
                    file,
                    format!("line {}, column {}", e.line(), e.column()),
                    msg,
                )
            })
        })?;
    let leaper = match t.leaper {
        Some([a, b]) => {
            Leaper::new(a, b).map_err(|e| parse_error(file, "field leaper", e.to_string()))?
        }
        None => Leaper::KNIGHT,
    };
    let form = Form::of(&t, file)?;
    if let Some(sides) = board_sides(&t.board, file)? {
        match form {
            Form::Tourney => {
                return Err(parse_error(
                    file,
                    "field cycles",
                    "tourneys are read on boards of two sides only",
                ))
            }
            Form::Uncrossed => {
                return Err(parse_error(
                    file,
                    "field kind",
                    "uncrossed paths are read on boards of two sides only",
                ))
            }
            Form::Tour => {}
        }
        return parse_space(t, &sides, leaper, file)
            .map(|t| Document::Tour(Box::new(AnyTour::Space(t))));
    }
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
    let cell = |field: &dyn Fn() -> String, xy: &[i64]| match *xy {
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
    };
    let holes = (t.board.holes.iter().enumerate())
        .map(|(i, h)| cell(&|| format!("board.holes[{i}]"), h))
        .collect::<Result<Vec<_>, _>>()?;
    let board = board
        .with_holes(&holes)
        .map_err(|e| parse_error(file, "field board.holes", e.to_string()))?;
    let cells = |cells: &Cells, field: &dyn Fn(usize) -> String| {
        if cells.arity == 2 {
            (0..cells.packed.len())
                .map(|i| cell(&|| field(i), &cells.pair(i)).map(|(x, y)| board.index(x, y)))
                .collect::<Result<Vec<_>, _>>()
        } else if cells.arity != 0 {
            Err(cell(&|| field(0), &cells.get(0)).unwrap_err())
        } else {
            Ok(Vec::new())
        }
    };
    if let (Form::Tourney, Some(cycles)) = (form, &t.cycles) {
        let cycles = (cycles.iter().enumerate())
            .map(|(k, c)| cells(c, &|i| format!("cycles[{k}][{i}]")))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Document::Tourney(
            Tourney::new(board, cycles).with_algorithm(t.algorithm),
        ));
    }
    let path = match t.path {
        // Read on this board, each pair checked on it.
        Some(Cells {
            numbered: Some(path),
            ..
        }) => path,
        Some(p) => cells(&p, &|i| format!("path[{i}]"))?,
        None => Vec::new(),
    };
    let n = path.len();
    let closed = t.closed.unwrap_or(false);
    if let Form::Uncrossed = form {
        let mut p = UncrossedPath::new(board, path, closed).with_algorithm(t.algorithm);
        if let Some(leaps) = t.leaps {
            p = p.with_claim(leaps);
        }
        return Ok(Document::Uncrossed(p));
    }
    let mut tour = Tour::new(board, path, closed).with_algorithm(t.algorithm);
    if let Some(s) = t.sections {
        tour = tour.with_sections(sections_from_runs(s, n, file)?);
    }
    Ok(Document::Tour(Box::new(AnyTour::Flat(tour))))
}

/// Whether a file is a tour (`path` and `closed`) or a tourney (`cycles`), refused
/// naming the field when it is neither or both.
#[derive(Clone, Copy)]
enum Form {
    Tour,
    Tourney,
    Uncrossed,
}

impl Form {
    fn of(t: &JsonTour, file: &str) -> Result<Form, Error> {
        match t.kind.as_deref() {
            None | Some("tour") => {}
            Some("uncrossed") => {
                if t.path.is_none() || t.closed.is_none() {
                    return Err(parse_error(
                        file,
                        if t.path.is_none() {
                            "field path"
                        } else {
                            "field closed"
                        },
                        "missing: an uncrossed path has a path and says whether it is closed",
                    ));
                }
                if t.cycles.is_some() || t.sections.is_some() {
                    let field = if t.cycles.is_some() {
                        "cycles"
                    } else {
                        "sections"
                    };
                    return Err(parse_error(
                        file,
                        format!("field {field}"),
                        "an uncrossed path has neither cycles nor sections",
                    ));
                }
                return Ok(Form::Uncrossed);
            }
            Some(other) => {
                return Err(parse_error(
                    file,
                    "field kind",
                    format!("'{other}' is not a kind of file: tour (the default) or uncrossed"),
                ))
            }
        }
        if t.leaps.is_some() {
            return Err(parse_error(
                file,
                "field leaps",
                "only an uncrossed path (\"kind\": \"uncrossed\") claims its leaps",
            ));
        }
        match (&t.path, &t.cycles) {
            (Some(_), Some(_)) => Err(parse_error(
                file,
                "field cycles",
                "a file has a path (a tour) or cycles (a tourney), not both",
            )),
            (None, None) => Err(parse_error(
                file,
                "field path",
                "missing: a tour file has a path, a tourney file has cycles",
            )),
            (None, Some(_)) if t.closed == Some(false) => Err(parse_error(
                file,
                "field closed",
                "a tourney's cycles are closed: write true or leave the field out",
            )),
            (None, Some(_)) if t.sections.is_some() => Err(parse_error(
                file,
                "field sections",
                "a tourney has no sections: each cycle is its own part",
            )),
            (None, Some(_)) => Ok(Form::Tourney),
            (Some(_), None) if t.closed.is_none() => Err(parse_error(
                file,
                "field closed",
                "missing: a tour says whether it is closed (true) or open (false)",
            )),
            (Some(_), None) => Ok(Form::Tour),
        }
    }
}

/// `[0] has 1 coordinate but the 3x3 board has 2 sides`.
fn arity_message(xy: &[i64], board: &str, sides: usize) -> String {
    let written: Vec<String> = xy.iter().map(i64::to_string).collect();
    let plural = if xy.len() == 1 { "" } else { "s" };
    format!(
        "[{}] has {} coordinate{plural} but the {board} board has {sides} sides",
        written.join(", "),
        xy.len()
    )
}

/// The sides of a board of three or more sides (`None` for a 2-D board), with the
/// field that disagrees named.
fn board_sides(b: &JsonBoard, file: &str) -> Result<Option<Vec<u32>>, Error> {
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
fn parse_space(t: JsonTour, sides: &[u32], leaper: Leaper, file: &str) -> Result<SpaceTour, Error> {
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

pub(super) fn write_json(tour: &Tour, out: &mut impl Write) -> io::Result<()> {
    let b = tour.board();
    write_board(b, out)?;
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

/// Writes a tourney: the board, the leaper, the algorithm and `cycles`, one cycle a line.
pub(super) fn write_tourney_json(t: &Tourney, out: &mut impl Write) -> io::Result<()> {
    let b = t.board();
    write_board(b, out)?;
    writeln!(
        out,
        "  \"algorithm\": {},",
        serde_json::to_string(t.algorithm()).expect("a string serializes")
    )?;
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
pub(super) fn write_uncrossed_json(p: &UncrossedPath, out: &mut impl Write) -> io::Result<()> {
    let b = p.board();
    write_board(b, out)?;
    writeln!(out, "  \"kind\": \"uncrossed\",")?;
    writeln!(out, "  \"closed\": {},", p.closed())?;
    writeln!(
        out,
        "  \"algorithm\": {},",
        serde_json::to_string(p.algorithm()).expect("a string serializes")
    )?;
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
pub(super) fn write_space_json(tour: &SpaceTour, out: &mut impl Write) -> io::Result<()> {
    let s = tour.space();
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
    writeln!(
        out,
        "  \"algorithm\": {},",
        serde_json::to_string(tour.algorithm()).expect("a string serializes")
    )?;
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
