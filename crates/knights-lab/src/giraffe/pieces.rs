//! The pieces besides the heel: the corner (the last heel with the right edge's first
//! turn up) and the two junctions that pair the sixteen cells of the first block.

use std::collections::{BTreeMap, BTreeSet};

use super::cover::{cover, Cover, Covered, Label, Needs};
use super::cycles::{link, Adjacency};
use super::error::SearchError;
use super::geometry::{band, block, start_block, turn, Cell, Place, CORNER_GROUP, WIDTH};
use super::heel::Heel;

/// The corner's region: the last heel's cells, the canonical window's cells that the
/// (missing) next heel would have covered, and the right edge's two bands below the
/// block of the first turn up, all on the board with `k = 1`.
fn corner_region(heel: &Heel) -> BTreeSet<Cell> {
    let mut region = heel.owned(0);
    region.extend(heel.owned_by_next());
    for x in 0..WIDTH {
        for y in 0..20 {
            let (b, a) = (band((x, y)), x / 4);
            if (15..=22).contains(&b) && a > CORNER_GROUP {
                region.insert((x, y));
            }
        }
    }
    region.retain(|c| (0..WIDTH).contains(&c.0) && c.1 >= 0);
    region
}

/// The corner's block cells: the heel's two blocks (each place to itself), the
/// descending block of the right edge (band `[15, 18]`) and the climbing one (band
/// `[19, 22]`), where columns 1-2 and 3-4 of the block have changed places.
fn corner_ports(heel: &Heel) -> BTreeMap<Cell, Label> {
    let mut fixed: BTreeMap<Cell, Label> = heel
        .entry
        .iter()
        .chain(heel.exit.iter())
        .map(|(&c, &p)| (c, Label::Heel(p)))
        .collect();
    fixed.extend(
        block(CORNER_GROUP, 15)
            .into_iter()
            .map(|(c, p)| (c, Label::Up(p))),
    );
    let up = block(CORNER_GROUP, 19).into_iter();
    fixed.extend(up.map(|(c, (i, j))| (c, Label::Up((i ^ 1, j)))));
    fixed
}

/// Searches the corner.
pub(crate) fn corner(heel: &Heel, progress: &mut dyn FnMut(&str)) -> Result<Covered, SearchError> {
    let spec = Cover {
        region: corner_region(heel),
        fixed: corner_ports(heel),
        paired: BTreeSet::new(),
    };
    let found = cover(&spec, "corner", None)?;
    progress(&format!(
        "corner: {} cells, rounds of cycle cuts: {}",
        spec.region.len(),
        found.cut_rounds
    ));
    Ok(found)
}

/// The junctions' region: the cells of bands up to 6 left of column 40 that heel 0 does
/// not cover, and the cells on the board that heel -1 (which is not there) would have.
fn junction_region(heel: &Heel) -> BTreeSet<Cell> {
    let mine = heel.owned(0);
    let mut region: BTreeSet<Cell> = (0..40)
        .flat_map(|x| (0..8).map(move |y| (x, y)))
        .filter(|&c| band(c) <= 6 && !mine.contains(&c))
        .collect();
    region.extend(heel.owned(-1).into_iter().filter(|c| c.0 >= 0));
    region.retain(|c| c.0 >= 0 && c.1 >= 0);
    region
}

/// Whether a pair joins a cell of the block's columns 1-2 to one of columns 3-4.
fn crosses_halves(start: &BTreeMap<Cell, Place>, a: Cell, b: Cell) -> bool {
    (start[&a].0 < 2) != (start[&b].0 < 2)
}

/// The first junction's check: some pair must cross the block's halves.
fn mixes(pairs: &[(Cell, Cell)]) -> Option<Needs> {
    let start = start_block();
    if pairs.iter().any(|&(a, b)| crosses_halves(&start, a, b)) {
        return None;
    }
    Some(Box::new(move |a, b| crosses_halves(&start, a, b)))
}

/// The places joined to the place `from` by the pairings `m1` and `m2` together.
fn cycle_through(from: Place, m1: &[(Place, Place)], m2: &[(Place, Place)]) -> BTreeSet<Place> {
    let mut adj = Adjacency::new();
    for &(a, b) in m1.iter().chain(m2) {
        link(&mut adj, a, b);
    }
    let mut comp = BTreeSet::from([from]);
    let mut todo = vec![from];
    while let Some(u) = todo.pop() {
        for &d in adj.get(&u).map(Vec::as_slice).unwrap_or(&[]) {
            if comp.insert(d) {
                todo.push(d);
            }
        }
    }
    comp
}

/// The second junction's check: its pairing, turned by the half turn, and the first
/// junction's pairing `m1` must close one cycle through the sixteen places; else some
/// pair must leave the cycle through the first place.
fn one_cycle(m1: Vec<(Place, Place)>) -> impl Fn(&[(Cell, Cell)]) -> Option<Needs> {
    move |pairs: &[(Cell, Cell)]| {
        let start = start_block();
        let m2: Vec<(Place, Place)> = pairs
            .iter()
            .map(|&(a, b)| (turn(start[&a]), turn(start[&b])))
            .collect();
        let comp = cycle_through(m1[0].0, &m1, &m2);
        if comp.len() == 16 {
            return None;
        }
        Some(Box::new(move |a, b| {
            comp.contains(&turn(start[&a])) != comp.contains(&turn(start[&b]))
        }))
    }
}

/// Searches the two junctions: the first, then the second that closes one cycle with
/// it.
pub(crate) fn junctions(
    heel: &Heel,
    progress: &mut dyn FnMut(&str),
) -> Result<(Covered, Covered), SearchError> {
    let start = start_block();
    let paired: BTreeSet<Cell> = start.keys().copied().collect();
    let spec = Cover {
        region: junction_region(heel),
        fixed: BTreeMap::new(),
        paired,
    };
    progress(&format!("junction: {} cells", spec.region.len()));
    let first = cover(&spec, "junction", Some(&mixes))?;
    let m1: Vec<(Place, Place)> = first
        .paths
        .iter()
        .map(|p| (start[&p[0]], start[&p[p.len() - 1]]))
        .collect();
    let second = cover(&spec, "top_junction", Some(&one_cycle(m1)))?;
    progress(&format!(
        "junctions: rounds of cycle cuts: {} and {}, pairings refused: {} and {}",
        first.cut_rounds, second.cut_rounds, first.refusals, second.refusals
    ));
    Ok((first, second))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixes_accepts_a_pairing_across_the_halves_and_asks_for_one_otherwise() {
        let across = [((0, 7), (2, 7))];
        assert!(mixes(&across).is_none());
        let needs = mixes(&[((0, 7), (1, 7)), ((2, 7), (3, 7))]).expect("refused");
        assert!(needs((1, 8), (3, 9)) && !needs((0, 8), (1, 10)));
    }

    #[test]
    fn one_cycle_accepts_two_pairings_that_close_one_cycle() {
        // m1 joins each place to the next one along the rows; the turned m2 must then
        // join the remaining ends into one ring.
        let order: Vec<Place> = crate::giraffe::geometry::places().collect();
        let m1: Vec<(Place, Place)> = order.chunks(2).map(|c| (c[0], c[1])).collect();
        let start = start_block();
        let cell = |p: Place| *start.iter().find(|(_, &q)| q == turn(p)).unwrap().0;
        let ring: Vec<(Cell, Cell)> = (0..8)
            .map(|n| (cell(order[2 * n + 1]), cell(order[(2 * n + 2) % 16])))
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        assert!(one_cycle(m1.clone())(&ring).is_none());
        let same: Vec<(Cell, Cell)> = m1
            .iter()
            .map(|&(a, b)| (cell(a), cell(b)))
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        assert!(
            one_cycle(m1)(&same).is_some(),
            "a pairing with itself closes eight cycles"
        );
    }
}
