//! The formation tour on boards with more than two sides: Section 5.1 of Besa, Johnson,
//! Mamano, Osegueda and Williams, "Taming the Knight's Tour: Minimizing Turns and
//! Crossings" (2020). docs/formation.md describes it.
//!
//! A `w x h x d x ...` board is cut into *levels*, its `w x h` slices. Each level holds
//! the 2-D formation tour of Algorithm 1, but only the first and the last level keep a
//! real junction: on the others the bottom-left and top-right corners hold the pieces
//! of [`corners`] instead, where the four knights, in formation, leave the level and
//! leap one level up and two cells to the side (a knight's move), or arrive from the
//! level below. The next level is crossed the other way (top-right to bottom-left), so
//! the quartet zigzags through the levels from the first level's bottom-left junction
//! to the last level's junction. With more than three sides the levels are visited in
//! boustrophedon order: the same leap, made in the 4th (5th, ...) coordinate instead of
//! the 3rd, takes the quartet to the next 3-D block, crossed downwards.
//!
//! The two junctions tie the four knights' paths into a cycle or two; when two, the
//! first junction is replaced by one with the other matching (the paper's fix for its
//! Lemma 1), which makes one.
//!
//! Each level has the turns and crossings of a 2-D tour, O(w + h), so a board of side n
//! in d dimensions has O(n^(d-1)) of them.

pub mod corners;
mod data;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use corners::Corner;

use super::layout::orientation;
use super::pieces::piece;
use super::{cell_moves, Besa};
use crate::besa::Cell;
use crate::{Construction, Request};
use knights_core::Leaper;
use knights_core::{Error, Unsupported};
use knights_core::{Sections, Tour};

/// Why `besa` refuses a request for a board of three or more sides, or `Ok`.
pub(crate) fn check_request(req: &Request) -> Result<(), Error> {
    let refuse = |why: String| Err(Unsupported::new("besa", &req.board, why).into());
    if req.open {
        return refuse("the formation construction builds closed tours; leave out --open".into());
    }
    if req.board.leaper().steps() != (1, 2) {
        return refuse(
            "the formation construction of boards of three or more sides is built for the knight only"
                .into(),
        );
    }
    match refusal(&req.board.sides()) {
        Some(why) => refuse(format!(
            "the formation tour cannot tour the {} board: {why}",
            req.board
        )),
        None => Ok(()),
    }
}

/// The formation construction on every level of a board of three or more sides
/// (Besa et al., Section 5.1), its sections the levels.
pub(crate) fn tour(req: &Request) -> Result<Tour, Error> {
    check_request(req)?;
    let (path, sections) = build(&req.board.sides())?;
    let tour = Tour::new(req.board.clone(), path, true);
    Ok(match sections {
        Some(s) => tour.with_sections(s),
        None => tour,
    })
}

/// Why the construction cannot tour a board with these sides, naming the rule that
/// fails; `None` when it can.
pub fn refusal(sides: &[u32]) -> Option<String> {
    let why = if sides.len() < 2 {
        "a board needs at least two sides".to_string()
    } else if sides.contains(&0) {
        "every side must be at least 1".to_string()
    } else if orientation(sides[0], sides[1]).is_none() {
        "one of the first two sides must be even and at least 16, and the other at least 12 (the 2-D formation tour on each level)".to_string()
    } else if sides
        .iter()
        .try_fold(1u64, |a, &s| a.checked_mul(s as u64))
        .is_none_or(|c| c > u32::MAX as u64)
    {
        format!("it has more than {} cells", u32::MAX)
    } else {
        return None;
    };
    Some(why)
}

/// The closed formation tour of a board with sides `sides` (two or more): its cells as
/// indices `x + w*(y + h*(z + d*(...)))`, in tour order from cell 0, and its sections,
/// one per level (when there are at most 256 levels).
pub fn build(sides: &[u32]) -> Result<(Vec<u32>, Option<Sections>), Error> {
    let name = sides
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join("x");
    if let Some(why) = refusal(sides) {
        let why = format!("the formation tour cannot tour the {name} board: {why}");
        return Err(Unsupported::new(Besa.name(), &name, why).into());
    }
    let transposed = orientation(sides[0], sides[1]) == Some(true);
    let (w, h) = if transposed {
        (sides[1], sides[0])
    } else {
        (sides[0], sides[1])
    };
    let plan = Plan::new(w, h, &sides[2..]);
    let path = [Matching::Horizontal, Matching::Vertical]
        .into_iter()
        .find_map(|first| plan.trace(first))
        .ok_or_else(|| {
            Error::internal(format!(
                "the formation tour of the {name} board is not one cycle with either first junction"
            ))
        })?;
    let area = w as u64 * h as u64;
    let sections = (plan.levels.len() <= 256).then(|| {
        let labels = path
            .iter()
            .map(|&c| plan.position[(c as u64 / area) as usize] as u8)
            .collect();
        Sections::new(plan.level_names(), labels)
    });
    let path = if transposed {
        path.into_iter()
            .map(|c| {
                let (x, y, l) = (c % w, c / w % h, c as u64 / area);
                (y as u64 + h as u64 * (x as u64 + w as u64 * l)) as u32
            })
            .collect()
    } else {
        path
    };
    Ok((path, sections))
}

/// The matching of the first level's bottom-left junction (the paper's Section 3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Matching {
    /// `junction_h5_horizontal`, as in the 2-D tour.
    Horizontal,
    /// `junction_h5_vertical`, drawn for the bottom-left corner.
    Vertical,
}

/// What a corner of a level holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Role {
    /// The 2-D tour's junction, with its own matching at the bottom-left.
    Junction(Option<Matching>),
    /// The knights leave the level here.
    End,
    /// They arrive here from the level before.
    Start,
}

/// The levels of a board and what each corner of each holds.
struct Plan {
    w: u32,
    h: u32,
    /// The sides after the first two.
    rest: Vec<u32>,
    /// The levels in the order the quartet visits them: each level's linear index
    /// `z + d*(u + ...)`.
    levels: Vec<u32>,
    /// The position in that order of each linear index.
    position: Vec<u32>,
    /// The top-right corner of the board.
    top_right: Corner,
}

impl Plan {
    fn new(w: u32, h: u32, rest: &[u32]) -> Plan {
        let levels = boustrophedon(rest);
        let mut position = vec![0; levels.len()];
        for (k, &l) in levels.iter().enumerate() {
            position[l as usize] = k as u32;
        }
        Plan {
            w,
            h,
            rest: rest.to_vec(),
            levels,
            position,
            top_right: Corner::TopRight(5 + (w / 2 + h - 1) % 4),
        }
    }

    /// The corner where the quartet leaves the `k`-th level it visits: the top-right on
    /// even levels (crossed from the bottom-left), the bottom-left on odd ones.
    fn leaving(&self, k: usize) -> Corner {
        if k.is_multiple_of(2) {
            self.top_right
        } else {
            Corner::BottomLeft
        }
    }

    /// What the bottom-left and top-right corners of the `k`-th level hold.
    fn roles(&self, k: usize, first: Matching) -> (Role, Role) {
        let last = k + 1 == self.levels.len();
        let leave = if last {
            Role::Junction(None)
        } else {
            Role::End
        };
        let enter = if k == 0 {
            Role::Junction(Some(first))
        } else {
            Role::Start
        };
        if k.is_multiple_of(2) {
            (enter, leave)
        } else {
            (leave, enter)
        }
    }

    /// The in-plane moves of a level whose corners hold `roles` (an end cell has one).
    fn masks(&self, (bl, tr): (Role, Role)) -> Vec<u8> {
        let (w, h) = (self.w, self.h);
        let mut m: Vec<u8> = (0..w * h).map(|c| cell_moves(w, h, c % w, c / w)).collect();
        let mut paste = |cells: Vec<(Cell, u8, bool)>| {
            for ((x, y), mask, _) in cells {
                m[(x as u32 + w * y as u32) as usize] = mask;
            }
        };
        let pieces = data::pieces();
        for (corner, role) in [(Corner::BottomLeft, bl), (self.top_right, tr)] {
            match role {
                Role::Junction(Some(Matching::Vertical)) => {
                    let p = piece("junction_h5_vertical", false);
                    let cells = (0..p.height())
                        .flat_map(|i| (0..p.width()).map(move |j| (i, j)))
                        .filter(|&(i, j)| p.at(i, j) != 0)
                        .map(|(i, j)| ((j as i32, (p.height() - 1 - i) as i32), p.at(i, j), false))
                        .collect();
                    paste(cells);
                }
                Role::Junction(_) => {}
                Role::End => paste(pieces[&corner].end.placed(corner, w, h)),
                Role::Start => paste(pieces[&corner].start.placed(corner, w, h)),
            }
        }
        m
    }

    /// The tour from cell 0 as built (`x + w*(y + h*level)`), `None` when the moves make
    /// more than one cycle.
    fn trace(&self, first: Matching) -> Option<Vec<u32>> {
        let (w, h) = (self.w as i32, self.h as i32);
        let area = self.w * self.h;
        let n = self.levels.len();
        let mut grids: HashMap<(Role, Role), Vec<u8>> = HashMap::new();
        for k in 0..n {
            let r = self.roles(k, first);
            grids.entry(r).or_insert_with(|| self.masks(r));
        }
        let grid_of: Vec<&Vec<u8>> = (0..n).map(|k| &grids[&self.roles(k, first)]).collect();
        let shift: HashMap<Corner, Cell> = [Corner::BottomLeft, self.top_right]
            .into_iter()
            .map(|c| {
                let s = data::pieces()[&c].shift(c, self.w, self.h);
                (c, s.expect("the data's pieces have squares (tested)"))
            })
            .collect();
        let dirs = Leaper::KNIGHT.dirs();
        // The two neighbours of cell `c` on the `k`-th level: `(k, cell)`.
        let neighbours = |k: usize, c: u32| -> Vec<(usize, u32)> {
            let m = grid_of[k][c as usize];
            let (x, y) = ((c % self.w) as i32, (c / self.w) as i32);
            let mut out: Vec<(usize, u32)> = (0..8)
                .filter(|d| m >> d & 1 == 1)
                .map(|d| (x + dirs[d].0, y + dirs[d].1))
                .filter(|&(a, b)| (0..w).contains(&a) && (0..h).contains(&b))
                .map(|(a, b)| (k, (a + w * b) as u32))
                .collect();
            if m.count_ones() == 1 {
                // An end: the leap to the next level, or from the level before.
                let leave = self.leaving(k);
                let (dx, dy) = shift[&leave];
                let to_next = k + 1 < n
                    && data::pieces()[&leave]
                        .end
                        .placed(leave, self.w, self.h)
                        .iter()
                        .any(|&(p, _, end)| end && p == (x, y));
                if to_next {
                    out.push((k + 1, (x + dx + w * (y + dy)) as u32));
                } else if k > 0 {
                    let (dx, dy) = shift[&self.leaving(k - 1)];
                    out.push((k - 1, (x - dx + w * (y - dy)) as u32));
                }
            }
            out
        };
        let total = area as usize * n;
        let mut seen = vec![false; total];
        let index = |k: usize, c: u32| (self.levels[k] * area + c) as usize;
        let mut path = Vec::with_capacity(total);
        let (mut prev, mut at) = ((usize::MAX, u32::MAX), (0usize, 0u32));
        loop {
            let i = index(at.0, at.1);
            if seen[i] {
                break;
            }
            seen[i] = true;
            path.push(i as u32);
            let nb = neighbours(at.0, at.1);
            if nb.len() != 2 {
                return None;
            }
            let next = *nb.iter().find(|&&o| o != prev)?;
            (prev, at) = (at, next);
        }
        (path.len() == total && at == (0, 0)).then_some(path)
    }

    /// One name per level, in the order of the labels: its coordinates after the first
    /// two.
    fn level_names(&self) -> Vec<String> {
        let axes = ["z", "u", "v", "s", "t"];
        self.levels
            .iter()
            .map(|&l| {
                let mut rest = l;
                let coords: Vec<String> = self
                    .rest
                    .iter()
                    .enumerate()
                    .map(|(i, &side)| {
                        let c = rest % side;
                        rest /= side;
                        match axes.get(i) {
                            Some(a) => format!("{a} = {c}"),
                            None => format!("x{} = {c}", i + 3),
                        }
                    })
                    .collect();
                if coords.is_empty() {
                    "level".into()
                } else {
                    format!("level {}", coords.join(", "))
                }
            })
            .collect()
    }
}

/// The levels of a board whose sides after the first two are `rest`, in boustrophedon
/// order, as linear indices `z + d*(u + e*(...))`: the first coordinate runs up and
/// down, each later one steps by one when all before it have run their course, so
/// consecutive levels differ by one in one coordinate.
fn boustrophedon(rest: &[u32]) -> Vec<u32> {
    let n: u32 = rest.iter().product();
    (0..n)
        .map(|k| {
            let (mut below, mut linear, mut stride) = (1u32, 0u32, 1u32);
            for &side in rest {
                let q = k / below;
                let mut c = q % side;
                if (q / side) % 2 == 1 {
                    c = side - 1 - c;
                }
                linear += c * stride;
                stride *= side;
                below *= side;
            }
            linear
        })
        .collect()
}
