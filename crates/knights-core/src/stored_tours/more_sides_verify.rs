//! The proof of tours of boards with more sides: every kind of failure named.

use crate::verify::{check, verify};
use crate::{Coords, Failure, Tour};

use super::fixtures::tour;

/// A closed tour of the 4x4x4 board, from the construction for small boards (it
/// is verified by this module first, then corrupted).
fn good() -> Tour {
    let t = tour("walk-4x4x4.json");
    check(&t).unwrap();
    t
}

fn bad(t: &Tour, path: Vec<u32>, closed: bool) -> Failure {
    check(&Tour::new(t.board().clone(), path, closed)).unwrap_err()
}

#[test]
fn accepts_a_closed_tour_its_open_cuts_and_rotations() {
    let t = good();
    let p = t.path().to_vec();
    assert!(verify(Tour::new(t.board().clone(), p.clone(), false)).is_ok());
    for k in [1, 17, 63] {
        let r: Vec<u32> = p[k..].iter().chain(&p[..k]).copied().collect();
        assert!(check(&Tour::new(t.board().clone(), r, true)).is_ok());
    }
    assert_eq!(
        verify(t).unwrap().to_string(),
        "a closed tour of the 4x4x4 board"
    );
}

#[test]
fn names_each_kind_of_failure() {
    let t = good();
    let s = t.board().clone();
    let p = t.path().to_vec();
    // A repeated cell.
    let mut q = p.clone();
    q[9] = q[2];
    assert_eq!(
        bad(&t, q, true),
        Failure::Repeated {
            cell: s.at(p[2]),
            first: 2,
            second: 9
        }
    );
    // A missing cell.
    let mut q = p.clone();
    q.pop();
    assert!(matches!(
        bad(&t, q.clone(), false),
        Failure::WrongLength {
            expected: 64,
            actual: 63,
            ..
        }
    ));
    assert!(matches!(bad(&t, q, true), Failure::WrongLength { .. }));
    // A step that is not a leap: two neighbours of the path swapped.
    let mut q = p.clone();
    q.swap(10, 11);
    let e = bad(&t, q, false);
    assert!(matches!(e, Failure::NotALeap { step: 10, .. }), "{e:?}");
    // A cell off the board.
    let mut q = p.clone();
    q[5] = 64;
    assert!(matches!(
        bad(&t, q, false),
        Failure::OffBoard {
            step: 5,
            cell: 64,
            ..
        }
    ));
    // A false closed claim: a Posa rotation of the tour, `p[..=j]` then `p[j+1..]`
    // reversed (a path, since `p[j]` and the last cell are a leap apart), whose
    // ends `p[0]` and `p[j + 1]` are not.
    let n = p.len();
    let j = (0..n - 2)
        .find(|&j| s.is_leap(p[j], p[n - 1]) && !s.is_leap(p[0], p[j + 1]))
        .expect("a rotation with ends apart");
    let q: Vec<u32> = p[..=j]
        .iter()
        .chain(p[j + 1..].iter().rev())
        .copied()
        .collect();
    assert!(check(&Tour::new(s.clone(), q.clone(), false)).is_ok());
    assert_eq!(
        bad(&t, q, true),
        Failure::NotClosed {
            first: s.at(p[0]),
            last: s.at(p[j + 1]),
            leaper: "(1, 2)".into()
        }
    );
    assert_eq!(
        Failure::NotClosed {
            first: Coords(vec![0, 0, 0]),
            last: Coords(vec![3, 3, 3]),
            leaper: "(1, 2)".into()
        }
        .to_string(),
        "the tour claims to be closed, but its last cell [3, 3, 3] is not a (1, 2) leap from its first [0, 0, 0]"
    );
}
