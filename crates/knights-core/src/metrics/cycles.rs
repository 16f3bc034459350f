//! What a tourney measures beyond a tour's measures: its cycles, how many and how long
//! ([`Cycles`], in [`super::Metrics::cycles`]). Its turns and crossings are read from
//! its move grid as a tour's are; the measures of a single path (its longest run, the
//! turn bounds, turns by angle) are not taken.

use serde::{Deserialize, Serialize};

use super::{crossings, turns, Metrics};
use crate::verify::Verified;

/// A tourney's cycles: how many, and every cycle's length.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cycles {
    /// Number of cycles.
    pub count: u64,
    /// Every cycle's length, longest first.
    pub lengths: Vec<u64>,
}

/// Measures a verified tourney: cells, turns and crossings (between any two moves, of
/// one cycle or of two) and its cycles; the rest is left at zero or empty.
pub(super) fn measure(t: &Verified) -> Metrics {
    let cycles = t.cycles();
    let mut lengths: Vec<u64> = cycles.iter().map(|c| c.len() as u64).collect();
    lengths.sort_unstable_by(|a, b| b.cmp(a));
    let grid = t.grid();
    Metrics {
        cycles: Some(Cycles {
            count: cycles.len() as u64,
            lengths,
        }),
        ..Metrics::of_counts(t, turns(grid), crossings(grid))
    }
}

/// The cycle lengths as `64` or `4 x 16` (equal lengths counted), longest first.
pub fn lengths_text(lengths: &[u64]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < lengths.len() {
        let j = i + lengths[i..]
            .iter()
            .take_while(|&&l| l == lengths[i])
            .count();
        parts.push(match j - i {
            1 => lengths[i].to_string(),
            n => format!("{n} x {}", lengths[i]),
        });
        i = j;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::measure;
    use crate::verify::verify;

    #[test]
    fn four_cycles_of_four() {
        let v = verify(crate::examples::four_cover()).unwrap();
        let m = measure(&v);
        let c = m.cycles.as_ref().unwrap();
        assert_eq!(c.lengths, vec![4, 4, 4, 4]);
        assert_eq!(c.count, 4);
        assert_eq!(lengths_text(&c.lengths), "4 x 4");
        assert_eq!(m.cells, 16);
        assert_eq!(m.turns, 16); // no cell's two leaps are opposite
        assert_eq!(lengths_text(&[64, 8, 8, 3]), "64, 2 x 8, 3");
    }

    #[test]
    fn a_tour_as_a_tourney_keeps_its_turns_and_crossings() {
        let ring = crate::examples::ring();
        let tour = measure(&verify(ring.clone()).unwrap());
        let m = measure(&verify(ring.into_tourney()).unwrap());
        assert_eq!((m.cycles.unwrap().count, m.crossings), (1, 16));
        assert_eq!((m.turns, m.crossings), (tour.turns, tour.crossings));
        assert!(tour.cycles.is_none());
    }
}
