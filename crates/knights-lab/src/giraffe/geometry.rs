//! The giraffe formation's geometry: cells, leaps, bands and the 4x4 blocks the pieces
//! join (docs/formation.md, "The giraffe, a (1, 4)-leaper").

use std::collections::BTreeMap;

/// A cell `(x, y)`: column, and row from the bottom.
pub(crate) type Cell = (i32, i32);

/// A place `(i, j)` in the 4x4 block: column and row in the block, from 0.
pub(crate) type Place = (i32, i32);

/// The giraffe's eight leaps.
pub(crate) const LEAPS: [(i32, i32); 8] = [
    (1, 4),
    (-1, 4),
    (1, -4),
    (-1, -4),
    (4, 1),
    (4, -1),
    (-4, 1),
    (-4, -1),
];

/// Columns a heel takes along the bottom edge; its bands are numbered 8 higher.
pub(crate) const PERIOD: i32 = 32;

/// The heel's entry: the descending band `[7, 10]` at column group 5.
pub(crate) const HEEL_ENTRY: i32 = 5;

/// The heel's exit: the climbing band `[11, 14]` at column group 8.
pub(crate) const HEEL_EXIT: i32 = 8;

/// The corner's right edge: bands `[15, 18]` and `[19, 22]`, both at column group 10.
pub(crate) const CORNER_GROUP: i32 = 10;

/// The width of the board with `k = 1`, where the corner is placed.
pub(crate) const WIDTH: i32 = 52;

/// The sixteen places of the block, row by row.
pub(crate) fn places() -> impl Iterator<Item = Place> {
    (0..4).flat_map(|j| (0..4).map(move |i| (i, j)))
}

/// The band number of a cell: `y + floor(x / 4)`, which a leap `(4, -1)` keeps.
pub(crate) fn band(c: Cell) -> i32 {
    c.1 + c.0.div_euclid(4)
}

/// Which heel's window (of [`PERIOD`] columns) a cell's band falls in; the canonical
/// window, bands 7 to 14, is 0.
pub(crate) fn heel_index(c: Cell) -> i32 {
    (band(c) - 7).div_euclid(8)
}

/// A cell moved `windows` heels right.
pub(crate) fn shift(c: Cell, windows: i32) -> Cell {
    (c.0 + PERIOD * windows, c.1)
}

/// The block of the band whose lowest number is `lowest` at column group `group`: each
/// cell with its place.
pub(crate) fn block(group: i32, lowest: i32) -> BTreeMap<Cell, Place> {
    places()
        .map(|(i, j)| ((4 * group + i, lowest - group + j), (i, j)))
        .collect()
}

/// The first block, at columns 0-3, rows 7-10, which the junctions pair.
pub(crate) fn start_block() -> BTreeMap<Cell, Place> {
    places().map(|(i, j)| ((i, 7 + j), (i, j))).collect()
}

/// A place under the half turn of the block.
pub(crate) fn turn(p: Place) -> Place {
    (3 - p.0, 3 - p.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_formation_leap_keeps_the_band_and_a_period_adds_eight() {
        for c in [(0, 7), (21, 3), (37, 0), (-3, 5)] {
            assert_eq!(band((c.0 + 4, c.1 - 1)), band(c));
            assert_eq!(band(shift(c, 1)), band(c) + 8);
            assert_eq!(heel_index(shift(c, 2)), heel_index(c) + 2);
        }
        assert_eq!(band((-1, 0)), -1, "floor division");
    }

    #[test]
    fn the_heel_blocks_lie_on_their_bands() {
        let entry = block(HEEL_ENTRY, 7);
        assert_eq!(entry.len(), 16);
        assert_eq!(entry[&(20, 2)], (0, 0));
        assert_eq!(entry[&(23, 5)], (3, 3));
        assert!(entry.keys().all(|&c| (7..=10).contains(&band(c))));
        let exit = block(HEEL_EXIT, 11);
        assert_eq!(exit[&(32, 3)], (0, 0));
        assert!(exit
            .keys()
            .all(|&c| (11..=14).contains(&band(c)) && heel_index(c) == 0));
        assert_eq!(start_block()[&(3, 10)], (3, 3));
        assert_eq!(turn((0, 1)), (3, 2));
    }

    #[test]
    fn every_leap_has_its_reverse() {
        for (dx, dy) in LEAPS {
            assert!(LEAPS.contains(&(-dx, -dy)));
            assert_eq!(dx.abs() + dy.abs(), 5);
        }
    }
}
