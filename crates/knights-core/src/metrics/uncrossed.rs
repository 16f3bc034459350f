//! What an uncrossed path measures: its cells and its turns; its crossings are none, by
//! its proof. It leaves cells out, so it has no move grid: its turns are read from the
//! path, and the measures of a tour's drawing (runs, turn bounds, angles) are not taken.

use super::Metrics;
use crate::verify::Verified;

/// Measures a verified uncrossed path; the rest is left at zero or empty.
pub(super) fn measure(p: &Verified) -> Metrics {
    Metrics::of_counts(p, turns(p), 0)
}

/// The cells where the path turns: every cell with two leaps (all of a cycle's, all but
/// a path's ends) whose leaps are not in line.
fn turns(p: &Verified) -> u64 {
    let (b, path) = (p.board(), p.path());
    let n = path.len();
    let xy = |i: usize| {
        let (x, y) = b.xy(path[i % n]);
        (x as i64, y as i64)
    };
    let inner = if p.is_closed() { 0..n } else { 1..n - 1 };
    inner
        .filter(|&i| {
            let (p, c, q) = (xy(i + n - 1), xy(i), xy(i + 1));
            (c.0 - p.0, c.1 - p.1) != (q.0 - c.0, q.1 - c.1)
        })
        .count() as u64
}

#[cfg(test)]
mod tests {
    use crate::metrics::measure;
    use crate::verify::verify;
    use crate::{Board, Tour};

    #[test]
    fn a_cycle_turns_everywhere_a_path_off_line_only() {
        let b = Board::new(4, 4).unwrap();
        let ring = [(0, 1), (2, 0), (3, 2), (1, 3)].map(|(x, y)| b.index(x, y));
        let v = verify(Tour::uncrossed(b, ring.to_vec(), true)).unwrap();
        let m = measure(&v);
        assert_eq!((m.cells, m.turns, m.crossings), (4, 4, 0));
        let b5 = Board::new(5, 5).unwrap();
        let bent = [(0, 0), (2, 1), (4, 2), (2, 3)].map(|(x, y)| b5.index(x, y));
        let v = verify(Tour::uncrossed(b5, bent.to_vec(), false)).unwrap();
        assert_eq!(measure(&v).turns, 1);
    }
}
