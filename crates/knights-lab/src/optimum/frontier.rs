//! The longest uncrossed knight's path or cycle by dynamic programming over a frontier
//! (the transfer-matrix method; Knuth proved the 9x9 path so, with a ZDD). It gives the
//! depth-first search of `uncrossed.rs` its first best path: with a beam, in seconds.
//!
//! The board is swept cell by cell, row by row along its longer side. A leap is chosen
//! at its earlier cell; while its later cell is not yet swept it is "open". Two crossing
//! leaps are always open at the same time (a leap spans at most two rows, and one whose
//! cells are both swept ends on or below the row of any leap still to come, which
//! starts there), so a leap is refused exactly when it crosses an open one. The state
//! after a cell is the set of open leaps and how they join: two open leaps are the two
//! ends of one piece of path, or one is the only open end of a piece whose other end is
//! an end of the path. States that agree on this have the same futures, so only the most
//! leaps of each is kept, and the best state that closes into one path is optimal: the
//! tests check this exact sweep against brute force. Exact, it keeps too many states
//! beyond 7x7 (30 million over 7x7, 3 million after one cell, growing some twenty-fold
//! a side), so the search uses it with a beam: after each cell only the states of most
//! leaps are kept, which gives a long path, not a proof. The path is read back layer by
//! layer from the stored states.

use std::time::{Duration, Instant};

use knights_core::Board;
use rustc_hash::{FxHashMap, FxHashSet};

use super::crossing_pairs;
use crate::motif::Graph;

/// The forward leaps of a cell, as (columns, rows) across and up the sweep.
const SLOTS: [(i64, i64); 4] = [(-2, 1), (2, 1), (-1, 2), (1, 2)];

/// Open leaps a state can hold (their labels take five bits each of a `u128`).
const MAX_OPEN: usize = 25;

/// The widest sweep: an open leap's bit, `4 * (distance - 1) + slot`, fits a `u128`.
pub const MAX_WIDTH: u32 = 15;

/// Open leaps after a cell and how they join. Bit `4 (d - 1) + k` of `mask`: the leap of
/// slot `k` from the cell `d` before the next one is open. `labels`, five bits per open
/// leap in the order of `mask`'s bits: 0 for a leap whose piece ends the path at its
/// other end, else a number the two open ends of one piece share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    mask: u128,
    labels: u128,
}

const EMPTY: State = State { mask: 0, labels: 0 };

/// What a sweep gave.
#[derive(Clone, Debug)]
pub struct Swept {
    /// The longest path (cycle), as cells in order (a cycle's first cell not repeated);
    /// empty when there is none.
    pub path: Vec<u32>,
    /// Its leaps.
    pub leaps: u64,
    /// States kept, over all cells.
    pub states: u64,
    /// The most states kept after one cell.
    pub widest: usize,
    /// Whether every state was kept (no beam cut any): then `leaps` is optimal.
    pub exact: bool,
}

/// Why a sweep did not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The time limit came first.
    Time,
    /// The states outgrew the memory allowed, or a state had too many open leaps.
    Size,
}

/// The board as swept: cells in order, the leaps each may take, what each crosses.
struct Layout {
    /// Cells a row of the sweep holds (the shorter side).
    width: usize,
    /// Board cell at each place of the sweep.
    cell: Vec<u32>,
    /// Slots whose leap stays on the board, per place.
    exists: Vec<u8>,
    /// Per place and slot: the open leaps (as a mask before that place) its leap crosses.
    cross: Vec<[u128; 4]>,
    /// The open leaps that end at the place swept (the same bits at every place).
    ending: u128,
}

impl Layout {
    fn new(board: &Board) -> Layout {
        let (w, h) = (board.width() as usize, board.height() as usize);
        let (width, rows) = (w.min(h), w.max(h));
        let n = width * rows;
        let cell: Vec<u32> = (0..n)
            .map(|p| {
                let (c, r) = ((p % width) as u32, (p / width) as u32);
                if w <= h {
                    board.index(c, r)
                } else {
                    board.index(r, c)
                }
            })
            .collect();
        let target = |p: usize, k: usize| -> Option<usize> {
            let (c, r) = ((p % width) as i64, (p / width) as i64);
            let (dc, dr) = SLOTS[k];
            let (c2, r2) = (c + dc, r + dr);
            (c2 >= 0 && c2 < width as i64 && r2 < rows as i64)
                .then(|| r2 as usize * width + c2 as usize)
        };
        let graph = Graph::new(board);
        let crossing: FxHashSet<(usize, usize)> =
            crossing_pairs(&graph, board).into_iter().collect();
        let edge = |p: usize, q: usize| {
            graph
                .edge(cell[p], cell[q])
                .expect("a slot's leap is a leap of the board")
        };
        let mut exists = vec![0u8; n];
        let mut cross = vec![[0u128; 4]; n];
        for (p, (exists, cross)) in exists.iter_mut().zip(&mut cross).enumerate() {
            for (k, cross) in cross.iter_mut().enumerate() {
                let Some(q) = target(p, k) else { continue };
                *exists |= 1 << k;
                let e = edge(p, q);
                for d in 1..=(2 * width + 1).min(p) {
                    for j in 0..4 {
                        let Some(t) = target(p - d, j) else { continue };
                        let f = edge(p - d, t);
                        if t > p && crossing.contains(&(e.min(f), e.max(f))) {
                            *cross |= 1 << (4 * (d - 1) + j);
                        }
                    }
                }
            }
        }
        let ending = (0..4)
            .map(|k| {
                let d = (SLOTS[k].1 * width as i64 + SLOTS[k].0) as usize;
                1u128 << (4 * (d - 1) + k)
            })
            .fold(0, |a, b| a | b);
        Layout {
            width,
            cell,
            exists,
            cross,
            ending,
        }
    }

    /// The place a slot's leap from `p` ends at.
    fn target(&self, p: usize, k: usize) -> usize {
        (p as i64 + SLOTS[k].1 * self.width as i64 + SLOTS[k].0) as usize
    }
}

/// A state's next step: a state after the cell with the leaps it took, or a whole path
/// (cycle) closed at the cell.
enum Step {
    Next(State, u8),
    Closed,
}

/// The steps from `state` at place `p`: each with the slots of the leaps taken there.
/// `Err` when a state would hold more open leaps than [`MAX_OPEN`].
fn steps(
    lay: &Layout,
    p: usize,
    state: State,
    closed: bool,
    out: &mut dyn FnMut(u8, Step),
) -> Result<(), Stop> {
    let incoming = (state.mask & lay.ending).count_ones() as usize;
    if incoming > 2 {
        return Ok(());
    }
    let rest = state.mask & !lay.ending;
    // The open leaps: (bit, label), in bit order.
    let mut open = [(0u8, 0u8); MAX_OPEN];
    let (mut len, mut ins) = (0, [0u8; 2]);
    let mut ni = 0;
    let mut m = state.mask;
    while m != 0 {
        let bit = m.trailing_zeros() as u8;
        m &= m - 1;
        let label = ((state.labels >> (5 * len)) & 31) as u8;
        if lay.ending >> bit & 1 == 1 {
            ins[ni] = label;
            ni += 1;
        } else {
            open[len - ni] = (bit + 4, label);
        }
        len += 1;
    }
    let kept = &open[..len - ni];
    let singles = kept.iter().filter(|o| o.1 == 0).count();
    let exists = lay.exists[p];
    for taken in 0u8..16 {
        let t = taken.count_ones() as usize;
        if taken & !exists != 0 || incoming + t > 2 || (closed && incoming + t == 1) {
            continue;
        }
        if (0..4).any(|k| taken >> k & 1 == 1 && lay.cross[p][k] & rest != 0) {
            continue;
        }
        // The labels of the kept leaps after the joins, and of the leaps taken.
        let mut labels: Vec<(u8, u8)> = kept.to_vec();
        let relabel = |labels: &mut Vec<(u8, u8)>, from: u8, to: u8| {
            for o in labels.iter_mut().filter(|o| o.1 == from) {
                o.1 = to;
            }
        };
        let new_label = match (incoming, t) {
            (0, 0) => None,
            (0, 1) => {
                if singles >= 2 {
                    continue;
                }
                Some(0)
            }
            (0, 2) => Some(u8::MAX),
            (1, 1) => Some(ins[0]),
            (1, 0) => {
                if ins[0] == 0 {
                    if kept.is_empty() {
                        out(0, Step::Closed);
                    }
                    continue;
                }
                if singles >= 2 {
                    continue;
                }
                relabel(&mut labels, ins[0], 0);
                None
            }
            _ => {
                let (a, b) = (ins[0], ins[1]);
                if a == b {
                    // A cycle closed (a piece's two open ends), or a path's two pieces
                    // met (two leaps whose pieces end the path).
                    if kept.is_empty() && closed == (a != 0) {
                        out(0, Step::Closed);
                    }
                    continue;
                }
                if a == 0 || b == 0 {
                    relabel(&mut labels, a.max(b), 0);
                } else {
                    relabel(&mut labels, a, b);
                }
                None
            }
        };
        if labels.len() + t > MAX_OPEN {
            return Err(Stop::Size);
        }
        // New leaps have the lowest bits; canonical labels number the pieces in bit
        // order.
        let mut all: Vec<(u8, u8)> = (0..4u8)
            .filter(|k| taken >> k & 1 == 1)
            .map(|k| (k, new_label.expect("a leap taken has a label")))
            .collect();
        all.extend(labels);
        let mut map = [0u8; 256];
        let mut next = 0u8;
        let mut s = EMPTY;
        for (i, &(bit, label)) in all.iter().enumerate() {
            s.mask |= 1 << bit;
            let l = if label == 0 {
                0
            } else {
                if map[label as usize] == 0 {
                    next += 1;
                    map[label as usize] = next;
                }
                map[label as usize]
            };
            s.labels |= (l as u128) << (5 * i);
        }
        out(taken, Step::Next(s, t as u8));
    }
    Ok(())
}

/// How to sweep: the time limit; the states kept after each cell at most (a beam: the
/// ones with most leaps; none: all, which proves the answer); the states stored to read
/// the path back at most (beyond, the sweep goes on for the value alone).
#[derive(Clone, Copy, Debug)]
pub struct Sweep {
    /// The time limit.
    pub limit: Duration,
    /// The states kept after each cell at most (`None`: all, which proves the answer).
    pub beam: Option<usize>,
    /// The states stored to read the path back at most.
    pub store: u64,
}

/// The longest uncrossed path (closed: cycle) of `board` by the sweep; `progress` after
/// each row (rows swept, rows, best so far, seconds).
pub fn longest(
    board: &Board,
    closed: bool,
    how: Sweep,
    progress: &mut dyn FnMut(usize, usize, u64, f64),
) -> Result<Swept, Stop> {
    let clock = Instant::now();
    let lay = Layout::new(board);
    if lay.width > MAX_WIDTH as usize {
        return Err(Stop::Size);
    }
    let n = lay.cell.len();
    // layers[p]: the states before place p, with their most leaps.
    let mut layers: Vec<Vec<(State, u8)>> = Vec::with_capacity(n + 1);
    let mut stored = 0u64;
    let mut layer: FxHashMap<State, u8> = FxHashMap::default();
    layer.insert(EMPTY, 0);
    let mut best: Option<(usize, State, u8)> = None;
    let (mut states, mut widest, mut exact) = (0u64, 0usize, true);
    for p in 0..n {
        let mut next: FxHashMap<State, u8> = FxHashMap::default();
        for (i, (&s, &v)) in layer.iter().enumerate() {
            if i % 4096 == 0 && clock.elapsed() >= how.limit {
                return Err(Stop::Time);
            }
            steps(&lay, p, s, closed, &mut |_, step| match step {
                Step::Next(s2, t) => {
                    let e = next.entry(s2).or_insert(0);
                    *e = (*e).max(v + t);
                }
                Step::Closed => {
                    if best.is_none_or(|b| v > b.2) {
                        best = Some((p, s, v));
                    }
                }
            })?;
        }
        if let Some(cap) = how.beam.filter(|&cap| next.len() > cap) {
            let mut all: Vec<(State, u8)> = next.into_iter().collect();
            all.select_nth_unstable_by(cap, |a, b| b.1.cmp(&a.1));
            all.truncate(cap);
            next = all.into_iter().collect();
            exact = false;
        }
        states += next.len() as u64;
        widest = widest.max(next.len());
        // The layers stored are the first ones, up to `how.store` states: a path that
        // closes within them is read back.
        if stored + layer.len() as u64 <= how.store && layers.len() == p {
            stored += layer.len() as u64;
            layers.push(layer.into_iter().collect());
        }
        layer = next;
        if (p + 1) % lay.width == 0 {
            let b = best.map_or(0, |b| b.2 as u64);
            progress(
                (p + 1) / lay.width,
                n / lay.width,
                b,
                clock.elapsed().as_secs_f64(),
            );
        }
    }
    let mut swept = Swept {
        path: Vec::new(),
        leaps: best.map_or(0, |b| b.2 as u64),
        states,
        widest,
        exact,
    };
    if let Some((p, s, v)) = best {
        if layers.len() >= p {
            // Every layer before the one the path closed in is stored.
            let leaps = read_back(&lay, &layers, p, s, v, closed);
            swept.path = order(&lay, &leaps, closed);
        }
    }
    Ok(swept)
}

/// The leaps (as pairs of places) of a best path whose last state is `s` with `v`
/// leaps before place `p`: at each earlier place, a state and the leaps it took that
/// lead to the state found after it.
fn read_back(
    lay: &Layout,
    layers: &[Vec<(State, u8)>],
    p: usize,
    s: State,
    v: u8,
    closed: bool,
) -> Vec<(usize, usize)> {
    let (mut cur, mut val) = (s, v);
    let mut leaps = Vec::new();
    for q in (0..p).rev() {
        let mut found = None;
        for &(s0, v0) in &layers[q] {
            steps(lay, q, s0, closed, &mut |taken, step| {
                if let Step::Next(s2, t) = step {
                    if found.is_none() && s2 == cur && v0 + t == val {
                        found = Some((s0, v0, taken));
                    }
                }
            })
            .expect("the stored states were stepped before");
            if found.is_some() {
                break;
            }
        }
        let (s0, v0, taken) = found.expect("every stored state came from one before it");
        for k in (0..4).filter(|k| taken >> k & 1 == 1) {
            leaps.push((q, lay.target(q, k)));
        }
        (cur, val) = (s0, v0);
    }
    leaps
}

/// The cells of the path (cycle) the leaps make, in order from one end.
fn order(lay: &Layout, leaps: &[(usize, usize)], closed: bool) -> Vec<u32> {
    let mut next: FxHashMap<usize, Vec<usize>> = FxHashMap::default();
    for &(a, b) in leaps {
        next.entry(a).or_default().push(b);
        next.entry(b).or_default().push(a);
    }
    let first = if closed {
        leaps[0].0
    } else {
        *next
            .iter()
            .find(|(_, v)| v.len() == 1)
            .expect("a path has an end")
            .0
    };
    let mut path = vec![first];
    let mut prev = usize::MAX;
    let mut at = first;
    while let Some(&to) = next[&at].iter().find(|&&c| c != prev) {
        if to == first {
            break;
        }
        path.push(to);
        (prev, at) = (at, to);
    }
    path.into_iter().map(|q| lay.cell[q]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sweep's premise: of two crossing leaps, the later one is chosen while the
    /// earlier is open, and the masks refuse it then.
    #[test]
    fn crossing_leaps_are_open_together_and_refused() {
        for (w, h) in [(8, 8), (9, 9), (5, 9), (9, 5), (3, 10), (12, 4)] {
            let b = Board::new(w, h).unwrap();
            let lay = Layout::new(&b);
            let graph = Graph::new(&b);
            let mut place = vec![0; lay.cell.len()];
            for (p, &c) in lay.cell.iter().enumerate() {
                place[c as usize] = p;
            }
            // Each leap as (earlier place, slot), found among the slots.
            let slot_of = |e: usize| {
                let (a, c) = graph.edges()[e];
                let (p, q) = (
                    place[a as usize].min(place[c as usize]),
                    place[a as usize].max(place[c as usize]),
                );
                let k = (0..4)
                    .find(|&k| lay.exists[p] >> k & 1 == 1 && lay.target(p, k) == q)
                    .expect("every leap is a slot of its earlier cell");
                (p, k, q)
            };
            let pairs = crossing_pairs(&graph, &b);
            assert!(!pairs.is_empty());
            for (e, f) in pairs {
                let (mut x, mut y) = (slot_of(e), slot_of(f));
                if x.0 > y.0 {
                    std::mem::swap(&mut x, &mut y);
                }
                assert!(x.0 < y.0 && y.0 < x.2, "{b}: {x:?} {y:?}");
                let bit = 4 * (y.0 - x.0 - 1) + x.1;
                assert_eq!(lay.cross[y.0][y.1] >> bit & 1, 1, "{b}: {x:?} {y:?}");
            }
        }
    }

    #[test]
    fn past_its_store_the_sweep_gives_the_value_without_the_path() {
        let b = Board::new(5, 5).unwrap();
        let how = |store| Sweep {
            limit: Duration::from_secs(600),
            beam: None,
            store,
        };
        let none = longest(&b, false, how(10), &mut |_, _, _, _| {}).unwrap();
        assert_eq!((none.leaps, none.path.len()), (10, 0));
        let all = longest(&b, false, how(u64::MAX), &mut |_, _, _, _| {}).unwrap();
        assert_eq!((all.leaps, all.path.len()), (10, 11));
    }

    #[test]
    fn a_beam_gives_a_path_and_says_it_is_not_a_proof() {
        let b = Board::new(6, 6).unwrap();
        let how = Sweep {
            limit: Duration::from_secs(600),
            beam: Some(2000),
            store: u64::MAX,
        };
        let s = longest(&b, false, how, &mut |_, _, _, _| {}).unwrap();
        assert!(!s.exact && s.widest == 2000);
        // The beam keeps the partial paths of most leaps, not all: no proof, but here
        // the longest path (17 leaps) all the same.
        assert_eq!(s.leaps, 17);
        let p = knights_core::Tour::uncrossed(b, s.path, false);
        assert_eq!(knights_core::verify::verify(p).unwrap().leaps(), s.leaps);
    }
}
