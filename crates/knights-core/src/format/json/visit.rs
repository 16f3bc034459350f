//! Reading a JSON tour file's fields as they stream by: serde visitors that take the
//! object field by field and the path pair by pair, into cell numbers as they come when
//! the board came first (as `knights` writes it), so a path takes four bytes a cell
//! while it is read. What the fields mean together is [`super::check`]'s job.

use std::cell::RefCell;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

use crate::board::Board;
use crate::board::MAX_SIDES;
use crate::format::{arity_message, parse_error};
use crate::{Bytes, Error, TooLarge};

/// A tour file's fields. Read by [`TourSeed`], which reads the path's pairs into cell
/// numbers as they come when the board came first (as `knights` writes it), so a path
/// takes four bytes a cell while it is read.
pub(super) struct JsonTour {
    pub(super) board: JsonBoard,
    pub(super) leaper: Option<[u32; 2]>,
    /// Required of a tour; a tourney's cycles are closed (`true` or absent).
    pub(super) closed: Option<bool>,
    /// Absent in files written before bands existed: the plane.
    pub(super) topology: Option<String>,
    pub(super) algorithm: String,
    /// A tour's path; a tourney has `cycles` instead.
    pub(super) path: Option<Cells>,
    /// A tourney's cycles, each a list of cells.
    pub(super) cycles: Option<Vec<Cells>>,
    pub(super) sections: Option<JsonSections>,
    /// `uncrossed`: the path covers some cells, no two leaps crossing; absent: a tour.
    pub(super) kind: Option<String>,
    /// An uncrossed path's claimed number of leaps.
    pub(super) leaps: Option<u64>,
}

#[derive(Deserialize)]
pub(super) struct JsonBoard {
    pub(super) width: u32,
    pub(super) height: u32,
    /// The third side, on boards of three or more sides.
    pub(super) depth: Option<u32>,
    /// Every side, on boards of four or more sides (the first three repeat width,
    /// height and depth).
    pub(super) sides: Option<Vec<u32>>,
    #[serde(default)]
    pub(super) holes: Vec<Vec<i64>>,
}

/// The path's cells. Pairs `[x, y]` (2-D boards) are packed as `x << 32 | y`, half
/// the memory of `[i64; 2]` on a 10^8-cell tour; cells of other lengths are kept flat.
/// Every cell has as many coordinates as the first (else the reader stops there, with
/// the line and column). The first cell whose numbers do not fit in 32 bits is kept as
/// written, for the error message.
pub(super) struct Cells {
    /// Coordinates per cell (0 for an empty path).
    pub(super) arity: usize,
    /// The cell numbers of a path read on a 2-D board known before it: then `packed`
    /// and `flat` stay empty.
    pub(super) numbered: Option<Vec<u32>>,
    packed: Vec<u64>,
    flat: Vec<u32>,
    unfit: Option<(usize, Vec<i64>)>,
}

impl Cells {
    pub(super) fn len(&self) -> usize {
        match self.arity {
            0 => 0,
            2 => self.packed.len(),
            k => self.flat.len() / k,
        }
    }

    /// Pair `i` of a path of pairs, as written, without allocating.
    pub(super) fn pair(&self, i: usize) -> [i64; 2] {
        match &self.unfit {
            Some((j, v)) if *j == i => [v[0], v[1]],
            _ => [
                (self.packed[i] >> 32) as i64,
                (self.packed[i] as u32) as i64,
            ],
        }
    }

    /// Cell `i` as written.
    pub(super) fn get(&self, i: usize) -> Vec<i64> {
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
        let mut leaper: Option<Option<[u32; 2]>> = None;
        let mut closed: Option<Option<bool>> = None;
        let (mut topology, mut kind): (Option<Option<String>>, Option<Option<String>>) =
            (None, None);
        let mut algorithm: Option<String> = None;
        let mut sections: Option<Option<JsonSections>> = None;
        let mut leaps: Option<Option<u64>> = None;
        let (mut path, mut cycles) = (None, None);
        let (file, error) = (self.file, self.error);
        while let Some(key) = map.next_key::<String>()? {
            let m = &mut map;
            match key.as_str() {
                "board" => fill(m, &mut board, "board")?,
                "leaper" => fill(m, &mut leaper, "leaper")?,
                "closed" => fill(m, &mut closed, "closed")?,
                "topology" => fill(m, &mut topology, "topology")?,
                "algorithm" => fill(m, &mut algorithm, "algorithm")?,
                "sections" => fill(m, &mut sections, "sections")?,
                "kind" => fill(m, &mut kind, "kind")?,
                "leaps" => fill(m, &mut leaps, "leaps")?,
                "path" => {
                    let flat = board.as_ref().filter(|b| {
                        b.depth.is_none()
                            && b.sides.is_none()
                            && Board::new(b.width, b.height).is_ok()
                    });
                    let board = flat.map(|b| (b.width, b.height));
                    let seed = CellsSeed { board, file, error };
                    fill_seeded(m, &mut path, "path", seed)?
                }
                "cycles" => fill_seeded(m, &mut cycles, "cycles", CyclesSeed { file, error })?,
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

/// The next value of `map` into `slot`, which must still be empty: a field given twice
/// is an error that names it.
fn fill<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    map: &mut A,
    slot: &mut Option<T>,
    name: &str,
) -> Result<(), A::Error> {
    fill_seeded(map, slot, name, std::marker::PhantomData)
}

/// [`fill`], the value read by `seed`.
fn fill_seeded<'de, A: MapAccess<'de>, S: DeserializeSeed<'de>>(
    map: &mut A,
    slot: &mut Option<S::Value>,
    name: &str,
    seed: S,
) -> Result<(), A::Error> {
    use serde::de::Error as _;
    if slot.is_some() {
        return Err(A::Error::custom(format!("duplicate field `{name}`")));
    }
    *slot = Some(map.next_value_seed(seed)?);
    Ok(())
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
pub(super) struct JsonSections {
    pub(super) names: Vec<String>,
    pub(super) runs: Vec<[u64; 2]>,
}

/// Reads a JSON tour file's fields from `de` (its text in memory, or a reader streamed).
/// An error names the field a visitor found wrong, or else serde's line and column.
pub(super) fn read_fields<'de, R: serde_json::de::Read<'de>>(
    mut de: serde_json::Deserializer<R>,
    file: &str,
) -> Result<JsonTour, Error> {
    let error = RefCell::new(None);
    let seed = TourSeed {
        file,
        error: &error,
    };
    seed.deserialize(&mut de)
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
        })
}
