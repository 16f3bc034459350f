//! The proof of an uncrossed path: on a full board of the plane, at least one leap (a
//! cycle: three), every step a leap of the board's leaper, no cell twice, no two leaps
//! whose open segments meet, and as many leaps as its file claims. Quadratic in the
//! leaps (such paths are short: the longest known on 8x8 has 35).

use super::Failure;
use crate::board::Topology;
use crate::error::Coords;
use crate::metrics::open_segments_cross;
use crate::tour::{Shape, Tour};

/// The checks of [`super::verify`] on an uncrossed path; the first fault found.
pub(super) fn proof(p: &Tour) -> Result<(), Failure> {
    let b = p.board();
    let board = || b.to_string();
    if b.dims() > 2 || b.topology() != Topology::Plane || !b.holes().is_empty() {
        return Err(Failure::UncrossedOffPlane { board: board() });
    }
    let path = p.path();
    let n = path.len();
    if n < 2 || (p.is_closed() && n < 3) {
        return Err(Failure::UncrossedTooShort {
            board: board(),
            cells: n,
        });
    }
    let mut seen = vec![false; b.area() as usize];
    for &c in path {
        if std::mem::replace(&mut seen[c as usize], true) {
            return Err(Failure::UncrossedRepeated {
                board: board(),
                cell: Coords::xy(b.xy(c)),
            });
        }
    }
    let segment = |i: usize| {
        let (a, z) = (b.xy(path[i]), b.xy(path[(i + 1) % n]));
        [(a.0 as i32, a.1 as i32), (z.0 as i32, z.1 as i32)]
    };
    let (la, lb) = b.leaper().steps();
    for i in 0..p.leaps() as usize {
        let s = segment(i);
        let (dx, dy) = (s[0].0.abs_diff(s[1].0), s[0].1.abs_diff(s[1].1));
        if (dx.min(dy), dx.max(dy)) != (la.min(lb), la.max(lb)) {
            return Err(Failure::UncrossedNotALeap {
                board: board(),
                step: i + 1,
                leaper: b.leaper().name(),
            });
        }
        if let Some(j) = (0..i).find(|&j| open_segments_cross(s, segment(j))) {
            return Err(Failure::Crossing {
                board: board(),
                first: j + 1,
                second: i + 1,
            });
        }
    }
    match p.shape() {
        Shape::Uncrossed {
            claim: Some(claimed),
        } if *claimed != p.leaps() => Err(Failure::WrongLeaps {
            board: board(),
            claimed: *claimed,
            leaps: p.leaps(),
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use crate::verify::verify;
    use crate::{Board, Topology, Tour};

    fn path(b: &Board, cells: &[(u32, u32)], closed: bool) -> Tour {
        let path = cells.iter().map(|&(x, y)| b.index(x, y)).collect();
        Tour::uncrossed(b.clone(), path, closed)
    }

    #[test]
    fn an_uncrossed_path_is_proved_and_each_fault_named() {
        let b = Board::new(4, 4).unwrap();
        // The four-leap cycle around the middle of 4x4, and a path along it.
        let ring = [(0, 1), (2, 0), (3, 2), (1, 3)];
        let v = verify(path(&b, &ring, true).with_claim(4)).unwrap();
        assert_eq!(v.leaps(), 4);
        assert_eq!(
            v.to_string(),
            "uncrossed cycle of 4 leaps over 4 of the 16 cells of 4x4"
        );
        assert_eq!(verify(path(&b, &ring, false)).unwrap().leaps(), 3);
        let bad = |p: Tour, why: &str| {
            let e = verify(p).unwrap_err();
            assert_eq!(e.refusal(), e.to_string());
            let e = e.to_string();
            assert!(e.starts_with("not an uncrossed path of 4x4"), "{e}");
            assert!(e.contains(why) && !e.contains('\n'), "{e}");
        };
        bad(
            path(&b, &ring, true).with_claim(5),
            "the file claims 5 leaps but the path has 4",
        );
        bad(
            path(&b, &[(0, 0), (1, 2), (0, 0)], false),
            "[0, 0] is visited twice",
        );
        bad(
            path(&b, &[(0, 0), (1, 1)], false),
            "step 1 is not a knight's leap",
        );
        bad(path(&b, &[(0, 0)], false), "1 cells are too few");
        // Steps 1 and 3 meet at (0.4, 0.8).
        bad(
            path(&b, &[(0, 1), (2, 0), (1, 2), (0, 0)], false),
            "steps 1 and 3 cross",
        );
        let band = b.clone().with_topology(Topology::Cylinder);
        let e = verify(path(&band, &ring, true)).unwrap_err().to_string();
        assert!(
            e.ends_with("uncrossed paths lie on full boards of the plane"),
            "{e}"
        );
    }
}
