//! The proof of a tourney, closed cycles claimed to cover a board: every cycle at least
//! three cells long, every step and every cycle's closing step a leap, every cell of
//! the board in exactly one cycle. Linear in the cells; it gives back the cycles' move
//! grid (two moves at every cell), which the measures of tours read.

use super::Failure;
use crate::error::Coords;
use crate::moves::MoveGrid;
use crate::tour::Tour;

/// The checks of [`super::verify`] on a tourney, cycle by cycle, and its move grid.
pub(super) fn proof(t: &Tour) -> Result<MoveGrid, Failure> {
    let b = t.board();
    let cycles = t.cycles();
    if t.is_empty() && b.cells() > 0 {
        return Err(Failure::NoCycles);
    }
    let area = b.area() as usize;
    let mut seen: Vec<Option<(usize, usize)>> = vec![None; area];
    let mut masks = vec![0u8; area];
    let xy = |c: u32| Coords::xy(b.xy(c));
    for (i, cycle) in cycles.iter().enumerate() {
        if cycle.len() < 3 {
            return Err(Failure::ShortCycle {
                cycle: i,
                len: cycle.len(),
            });
        }
        for (k, &c) in cycle.iter().enumerate() {
            if c as usize >= area || b.is_hole(c) {
                let cell = if (c as usize) < area {
                    xy(c)
                } else {
                    Coords::xy((u32::MAX, u32::MAX))
                };
                return Err(Failure::CycleOffBoard {
                    cycle: i,
                    step: k,
                    cell,
                });
            }
            if let Some(first) = seen[c as usize] {
                return Err(Failure::CycleRepeated {
                    cell: xy(c),
                    first,
                    second: (i, k),
                });
            }
            seen[c as usize] = Some((i, k));
        }
        for (k, &a) in cycle.iter().enumerate() {
            let z = cycle[(k + 1) % cycle.len()];
            let Some(d) = b.dir_between(a, z) else {
                return Err(Failure::CycleNotALeap {
                    cycle: i,
                    step: k,
                    from: xy(a),
                    to: xy(z),
                    leaper: b.leaper().to_string(),
                });
            };
            masks[a as usize] |= 1 << d;
            masks[z as usize] |= 1 << b.back(a, d);
        }
    }
    let mut uncovered = (0..area as u32).filter(|&c| !b.is_hole(c) && seen[c as usize].is_none());
    if let Some(first) = uncovered.next() {
        return Err(Failure::Uncovered {
            cell: xy(first),
            count: 1 + uncovered.count() as u64,
        });
    }
    Ok(MoveGrid::from_masks(b.clone(), masks))
}

#[cfg(test)]
mod tests {
    use crate::verify::{verify, Failure};
    use crate::Tour;

    #[test]
    fn four_cycles_cover_the_4x4_board() {
        let v = verify(crate::examples::four_cover()).unwrap();
        assert_eq!(
            v.to_string(),
            "a tourney of 4 closed cycles covering the 4x4 board"
        );
        assert_eq!(v.cycles().len(), 4);
        assert_eq!(v.len(), 16);
    }

    #[test]
    fn a_tour_is_a_tourney_of_one_cycle() {
        let ring = crate::examples::ring();
        let v = verify(ring.clone().into_tourney()).unwrap();
        assert_eq!(v.cycles(), vec![ring.path()]);
        assert!(v.is_tourney());
    }

    #[test]
    fn each_failure_is_named() {
        let t = crate::examples::four_cover();
        let with = |f: &dyn Fn(&mut Vec<Vec<u32>>)| {
            let mut c: Vec<Vec<u32>> = t.cycles().iter().map(|c| c.to_vec()).collect();
            f(&mut c);
            verify(Tour::tourney(t.board().clone(), c)).unwrap_err()
        };
        let uncovered = with(&|c| {
            c.pop();
        });
        assert_eq!(
            uncovered.to_string(),
            "4 cells are in no cycle, the first [3, 0]"
        );
        assert_eq!(
            uncovered.refusal(),
            "not a tourney: 4 cells are in no cycle, the first [3, 0]"
        );
        assert_eq!(
            with(&|c| c[1].swap(0, 1)).to_string(),
            "cycle 1, step 1: [1, 0] to [2, 3] is not a (1, 2) leap"
        );
        assert!(matches!(
            with(&|c| c[3][0] = c[0][0]),
            Failure::CycleRepeated {
                first: (0, 0),
                second: (3, 0),
                ..
            }
        ));
        let short = with(&|c| c[2].truncate(2));
        assert_eq!(short, Failure::ShortCycle { cycle: 2, len: 2 });
        assert_eq!(
            short.to_string(),
            "cycle 2 has 2 cells, and a closed cycle needs at least 3"
        );
        assert_eq!(with(&|c| c.clear()), Failure::NoCycles);
        assert_eq!(
            with(&|c| c[0][1] = 99).to_string(),
            "cycle 0, step 1: [4294967295, 4294967295] is not a cell of the board"
        );
    }
}
