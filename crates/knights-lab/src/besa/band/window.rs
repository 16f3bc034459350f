//! The ends of a run of band copies as a finite integer program: the band tour
//! (`--variant band`) repeats the band's period along the middle of the bottom edge,
//! whose leaps run into the next copy, so each end of the run needs a transition to the
//! best heels kept next to the corners. A window of the bottom edge (whole heels' columns,
//! `depth` rows) is cut from the band tour; every cell outside it keeps its moves, the
//! leaps from outside into it are forced, and its cells take two leaps each.
//!
//! Joining: the strip of the bottom `depth` rows must join the leaps that cross its top
//! (its *boundary leaps*) as the best tour does (which joins them as the plain one), so
//! that the junctions still tie one cycle. A forced leap leads, along the fixed moves
//! outside the window, either to a boundary leap (its *end*: the label of the best
//! tour's pair of that boundary leap) or to another forced leap (a *link*: the two
//! carry one label). A taken leap carries labels across; a piece with no end (a cycle
//! through the window) is cut lazily. Needs no solver: `window_solve.rs` solves it.

use std::collections::{BTreeSet, HashMap};
use std::ops::Range;

use crate::gadget::Cell;
use knights_construct::besa::{HeelsOnly, Variant};
use knights_core::metrics::open_segments_cross;
use knights_core::Leaper;

/// How a forced leap's outside cell continues, along the fixed moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// To a boundary leap the best tour pairs in pair `j`.
    Pair(usize),
    /// To this other forced leap.
    Link(usize),
}

/// A leap from a cell outside the window into it, always taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forced {
    /// The window cell it enters.
    pub cell: usize,
    /// Its direction from that cell.
    pub dir: u8,
    /// Where the outside cell leads.
    pub end: End,
}

/// A cell's way to go straight on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Straight {
    /// Both free leaps taken.
    Pair(usize, usize),
    /// This free leap taken (the other way is forced).
    Fixed(usize),
    /// Always (both ways forced).
    Always,
}

/// The finite window's program: its cells, free and forced leaps, scores.
#[derive(Clone, Debug)]
pub struct Window {
    /// The board it is cut from.
    pub board: (u32, u32),
    /// The window's columns and rows (`y` from the bottom).
    pub cols: Range<i32>,
    /// Rows from the bottom edge.
    pub depth: i32,
    /// The window's cells.
    pub cells: Vec<Cell>,
    /// Free leaps `(a, b, dir from a)`, `a < b`, between window cells.
    pub leaps: Vec<(usize, usize, u8)>,
    /// Per cell: its free leaps.
    pub at: Vec<Vec<usize>>,
    /// Per cell: free leaps it takes (2 less its forced ones).
    pub need: Vec<u32>,
    /// The forced leaps.
    pub forced: Vec<Forced>,
    /// Labels: the best tour's pairs some forced leap ends at.
    pub pairs: usize,
    /// Each cell's ways to go straight on, with the cell.
    pub straight: Vec<(usize, Straight)>,
    /// Per free leap: the fixed moves (forced leaps included) it crosses.
    pub fixed_cross: Vec<u32>,
    /// Pairs of free leaps that cross.
    pub pair_cross: Vec<(usize, usize)>,
    /// The band tour's own leaps in the window (with transitions if stored).
    pub current: Vec<bool>,
}

/// The knight's step in direction `d`.
fn step(c: Cell, d: u8) -> Cell {
    let (dx, dy) = Leaper::KNIGHT.dirs()[d as usize];
    (c.0 + dx, c.1 + dy)
}

/// A tour's moves by cell, 0 off the board.
fn moves_of(tour: &HeelsOnly, (w, h): (u32, u32)) -> impl Fn(Cell) -> u8 + '_ {
    move |(x, y)| {
        if x < 0 || y < 0 || x >= w as i32 || y >= h as i32 {
            0
        } else {
            tour.moves(x as u32, y as u32)
        }
    }
}

/// From cell `c`, arrived at from `from`, along the tour's moves while inside the strip
/// `y < depth` and not in `stop`: the leap leaving the strip `(inside, outside)`, or
/// `Err((cell, next))` on reaching a cell of `stop` (`next` in it).
fn follow(
    moves: &dyn Fn(Cell) -> u8,
    depth: i32,
    stop: &dyn Fn(Cell) -> bool,
    (from, c): (Cell, Cell),
) -> Result<(Cell, Cell), (Cell, Cell)> {
    let (mut prev, mut cur) = (from, c);
    loop {
        if cur.1 >= depth {
            return Ok((prev, cur));
        }
        let m = moves(cur);
        let next = (0..8u8)
            .filter(|&d| m >> d & 1 == 1)
            .map(|d| step(cur, d))
            .find(|&o| o != prev)
            .expect("a tour cell has two moves");
        if stop(next) {
            return Err((cur, next));
        }
        (prev, cur) = (cur, next);
    }
}

impl Window {
    /// The window of columns `cols`, `depth` rows, on the bottom edge of the band tour
    /// of the `w x h` board (without corners: the window is far from them).
    pub fn new((w, h): (u32, u32), cols: Range<i32>, depth: i32) -> Window {
        let band = HeelsOnly::new(w, h, Variant::Band).expect("a supported board");
        let best = HeelsOnly::new(w, h, Variant::Best).expect("a supported board");
        let moves = moves_of(&band, (w, h));
        let best_moves = moves_of(&best, (w, h));
        let inside = |c: Cell| cols.contains(&c.0) && (0..depth).contains(&c.1);
        let mut cells = Vec::new();
        for y in 0..depth {
            for x in cols.clone() {
                cells.push((x, y));
            }
        }
        let index: HashMap<Cell, usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let on_board = |c: Cell| moves(c) != 0;
        let mut leaps = Vec::new();
        for (a, &c) in cells.iter().enumerate() {
            for d in 0..8u8 {
                if let Some(&b) = index.get(&step(c, d)) {
                    if b > a {
                        leaps.push((a, b, d));
                    }
                }
            }
        }
        // The forced leaps, and where their outside cells lead.
        let mut forced_at: Vec<(usize, u8, Cell)> = Vec::new();
        for (a, &c) in cells.iter().enumerate() {
            for d in 0..8u8 {
                let o = step(c, d);
                if on_board(o) && !inside(o) && moves(o) >> ((d + 4) % 8) & 1 == 1 {
                    forced_at.push((a, d, o));
                }
            }
        }
        let key = |inside_cell: Cell, out: Cell| (inside_cell, out);
        let forced_index: HashMap<(Cell, Cell), usize> = forced_at
            .iter()
            .enumerate()
            .map(|(i, &(a, _, o))| (key(cells[a], o), i))
            .collect();
        // The best tour's pairs of boundary leaps, as they are met.
        let mut pair_of: HashMap<(Cell, Cell), usize> = HashMap::new();
        let mut pairs = 0;
        let mut label = |leap: (Cell, Cell)| -> usize {
            if let Some(&j) = pair_of.get(&leap) {
                return j;
            }
            // Along the best tour's strip from the boundary leap's inside end.
            let other = follow(&best_moves, depth, &|_| false, (leap.1, leap.0))
                .expect("the best tour's strip has no window");
            pair_of.insert(leap, pairs);
            pair_of.insert(other, pairs);
            pairs += 1;
            pairs - 1
        };
        let forced = forced_at
            .iter()
            .map(|&(a, d, o)| {
                let end = if o.1 >= depth {
                    End::Pair(label((cells[a], o)))
                } else {
                    match follow(&moves, depth, &inside, (cells[a], o)) {
                        Ok(leap) => End::Pair(label(leap)),
                        Err((cur, next)) => End::Link(forced_index[&key(next, cur)]),
                    }
                };
                Forced {
                    cell: a,
                    dir: d,
                    end,
                }
            })
            .collect::<Vec<_>>();
        let mut at = vec![Vec::new(); cells.len()];
        for (e, &(a, b, _)) in leaps.iter().enumerate() {
            at[a].push(e);
            at[b].push(e);
        }
        let mut need = vec![2u32; cells.len()];
        for f in &forced {
            need[f.cell] -= 1;
        }
        let dir_from = |v: usize, e: usize| {
            let (a, _, d) = leaps[e];
            if a == v {
                d
            } else {
                (d + 4) % 8
            }
        };
        let mut straight = Vec::new();
        for (v, es) in at.iter().enumerate() {
            let free = |d: u8| es.iter().copied().find(|&e| dir_from(v, e) == d);
            let pinned = |d: u8| forced.iter().any(|f| f.cell == v && f.dir == d);
            for d in 0..4u8 {
                let s = match (free(d), free(d + 4)) {
                    (Some(e), Some(f)) => Some(Straight::Pair(e, f)),
                    (Some(e), None) if pinned(d + 4) => Some(Straight::Fixed(e)),
                    (None, Some(f)) if pinned(d) => Some(Straight::Fixed(f)),
                    (None, None) if pinned(d) && pinned(d + 4) => Some(Straight::Always),
                    _ => None,
                };
                if let Some(s) = s {
                    straight.push((v, s));
                }
            }
        }
        let seg = |e: usize| [cells[leaps[e].0], cells[leaps[e].1]];
        let mut fixed = BTreeSet::new();
        for x in cols.start - 6..cols.end + 6 {
            for y in 0..depth + 4 {
                let c = (x, y);
                for d in (0..8).filter(|&d| moves(c) >> d & 1 == 1) {
                    let o = step(c, d);
                    if !(inside(c) && inside(o)) {
                        fixed.insert((c.min(o), c.max(o)));
                    }
                }
            }
        }
        let fixed_cross = (0..leaps.len())
            .map(|e| {
                let s = seg(e);
                fixed
                    .iter()
                    .filter(|&&(p, q)| open_segments_cross(s, [p, q]))
                    .count() as u32
            })
            .collect();
        let mut pair_cross = Vec::new();
        for e in 0..leaps.len() {
            for f in e + 1..leaps.len() {
                if open_segments_cross(seg(e), seg(f)) {
                    pair_cross.push((e, f));
                }
            }
        }
        let current = leaps
            .iter()
            .map(|&(a, _, d)| moves(cells[a]) >> d & 1 == 1)
            .collect();
        Window {
            board: (w, h),
            cols,
            depth,
            cells,
            leaps,
            at,
            need,
            forced,
            pairs,
            straight,
            fixed_cross,
            pair_cross,
            current,
        }
    }

    /// The window's turns under `chosen`: its cells less those going straight on.
    pub fn turns(&self, chosen: &[bool]) -> u32 {
        let straight = self
            .straight
            .iter()
            .filter(|(_, s)| match *s {
                Straight::Pair(e, f) => chosen[e] && chosen[f],
                Straight::Fixed(e) => chosen[e],
                Straight::Always => true,
            })
            .count();
        (self.cells.len() - straight) as u32
    }

    /// The crossings `chosen`'s leaps add: with the fixed moves and with each other.
    pub fn crossings(&self, chosen: &[bool]) -> u32 {
        let linear: u32 = (0..self.leaps.len())
            .filter(|&e| chosen[e])
            .map(|e| self.fixed_cross[e])
            .sum();
        let pairs = self
            .pair_cross
            .iter()
            .filter(|&&(e, f)| chosen[e] && chosen[f])
            .count() as u32;
        linear + pairs
    }

    /// Whether every cell takes its free leaps.
    pub fn degrees_hold(&self, chosen: &[bool]) -> bool {
        (0..self.cells.len())
            .all(|v| self.at[v].iter().filter(|&&e| chosen[e]).count() as u32 == self.need[v])
    }

    /// What `chosen` breaks (degrees assumed): its cell sets reached from no boundary
    /// leap (cut: two free leaps leave them), and its paths that join two boundary
    /// leaps of different pairs (cut: not all of these free leaps).
    pub fn broken(&self, chosen: &[bool]) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
        let mut seen = vec![false; self.cells.len()];
        let mut wrong = Vec::new();
        for (i, f) in self.forced.iter().enumerate() {
            let End::Pair(j) = f.end else { continue };
            let (cells, leaps, last) = self.walk(chosen, i);
            for v in cells {
                seen[v] = true;
            }
            if last.map(|k| self.forced[k].end) != Some(End::Pair(j)) {
                wrong.push(leaps);
            }
        }
        let mut unreached = Vec::new();
        for s in 0..self.cells.len() {
            if seen[s] {
                continue;
            }
            // The cells joined to `s` by taken free leaps and links.
            let mut piece = vec![s];
            seen[s] = true;
            let mut k = 0;
            while k < piece.len() {
                let v = piece[k];
                k += 1;
                let mut next: Vec<usize> = self.at[v]
                    .iter()
                    .filter(|&&e| chosen[e])
                    .map(|&e| self.leaps[e].0 + self.leaps[e].1 - v)
                    .collect();
                for f in self.forced.iter().filter(|f| f.cell == v) {
                    if let End::Link(o) = f.end {
                        next.push(self.forced[o].cell);
                    }
                }
                for o in next {
                    if !seen[o] {
                        seen[o] = true;
                        piece.push(o);
                    }
                }
            }
            piece.sort_unstable();
            unreached.push(piece);
        }
        (unreached, wrong)
    }

    /// From forced leap `i` through the window, across links, to the forced leap that
    /// ends the path at a boundary leap: the cells passed, the free leaps taken, that
    /// last forced leap (`None` if the path breaks).
    fn walk(&self, chosen: &[bool], i: usize) -> (Vec<usize>, Vec<usize>, Option<usize>) {
        // A cell's two ways out: its forced leaps and its taken free leaps.
        #[derive(Clone, Copy, PartialEq)]
        enum Slot {
            Forced(usize),
            Free(usize),
        }
        let (mut cells, mut taken) = (Vec::new(), Vec::new());
        let (mut v, mut came) = (self.forced[i].cell, Slot::Forced(i));
        for _ in 0..=self.cells.len() + self.forced.len() {
            cells.push(v);
            let slots = self
                .forced
                .iter()
                .enumerate()
                .filter(|(_, f)| f.cell == v)
                .map(|(k, _)| Slot::Forced(k))
                .chain(
                    self.at[v]
                        .iter()
                        .filter(|&&e| chosen[e])
                        .map(|&e| Slot::Free(e)),
                );
            let Some(out) = slots.clone().find(|&s| s != came) else {
                return (cells, taken, None);
            };
            match out {
                Slot::Forced(k) => match self.forced[k].end {
                    End::Pair(_) => return (cells, taken, Some(k)),
                    End::Link(o) => (v, came) = (self.forced[o].cell, Slot::Forced(o)),
                },
                Slot::Free(e) => {
                    taken.push(e);
                    (v, came) = (self.leaps[e].0 + self.leaps[e].1 - v, Slot::Free(e));
                }
            }
        }
        (cells, taken, None)
    }

    /// Each cell's mask under `chosen` (free and forced leaps), rows from the top of the
    /// window, in the encoding of `pieces.toml`.
    pub fn masks(&self, chosen: &[bool]) -> HashMap<Cell, u8> {
        let mut m: HashMap<Cell, u8> = HashMap::new();
        for (e, &(a, b, d)) in self.leaps.iter().enumerate() {
            if chosen[e] {
                *m.entry(self.cells[a]).or_default() |= 1 << d;
                *m.entry(self.cells[b]).or_default() |= 1 << ((d + 4) % 8);
            }
        }
        for f in &self.forced {
            *m.entry(self.cells[f.cell]).or_default() |= 1 << f.dir;
        }
        m
    }
}
