//! The proof of a constructed tour's move grid, and corruptions of large tours: the
//! formation tours as their construction gives them, walked from their grids.

use crate::moves::MoveGrid;
use crate::verify::{check, verify, Failure};
use crate::{Board, Tour};

use super::fixtures::walked;

#[test]
fn a_constructions_grid_is_proven_equal_to_its_path() {
    let board = Board::new(16, 12).unwrap();
    let built = || walked("besa-16x12.json");
    let t = built();
    assert!(t.attached_grid().is_some(), "besa attaches its grid");
    let v = verify(t).unwrap();
    let from_path = MoveGrid::from_path(&board, v.path(), true).unwrap();
    assert_eq!(v.grid().masks(), from_path.masks());
    // Every corruption of one cell's byte is found, at that cell.
    for c in (0..board.area() as u32).step_by(7) {
        for bit in [0, 3, 6] {
            let t = built();
            let mut masks = t.attached_grid().unwrap().masks().to_vec();
            masks[c as usize] ^= 1 << bit;
            let bad = t.with_grid(MoveGrid::from_masks(board.clone(), masks));
            let (x, y) = board.xy(c);
            assert_eq!(
                verify(bad).unwrap_err(),
                Failure::GridMismatch { x, y },
                "cell {c} bit {bit}"
            );
        }
    }
    // The moves of another tour of the same board, and a grid of another board.
    let other = Tour::new(
        board.clone(),
        v.path().iter().rev().copied().collect(),
        true,
    );
    assert!(verify(other.clone()).is_ok());
    let mirrored: Vec<u8> = (0..board.area() as u32)
        .map(|c| {
            let (x, y) = board.xy(c);
            let m = from_path.masks()[board.index(15 - x, y) as usize];
            // Mirroring left-right maps direction d to 7 - d.
            (0..8)
                .filter(|d| m & (1 << d) != 0)
                .fold(0, |a, d| a | 1 << (7 - d))
        })
        .collect();
    assert_ne!(mirrored, from_path.masks());
    let e = verify(
        other
            .clone()
            .with_grid(MoveGrid::from_masks(board.clone(), mirrored)),
    );
    assert!(matches!(e, Err(Failure::GridMismatch { .. })), "{e:?}");
    let wide = Board::new(12, 16).unwrap();
    let e = verify(other.with_grid(MoveGrid::from_masks(wide.clone(), vec![0; 192])));
    assert!(matches!(e, Err(Failure::GridBoard { .. })), "{e:?}");
}

#[test]
fn a_grids_uniform_rectangle_is_proven_before_it_stands_for_its_cells() {
    let board = Board::new(40, 30).unwrap();
    let t = walked("besa-40x30.json");
    let grid = t.attached_grid().unwrap().clone();
    let s = grid
        .straight()
        .expect("besa declares its background")
        .clone();
    assert!(s.xs.len() > 10 && s.ys.len() > 10, "{s:?}");
    let with = |masks: Vec<u8>, s: crate::trace::Straight| {
        t.clone()
            .with_grid(MoveGrid::from_masks(board.clone(), masks).with_straight(s))
    };
    assert!(verify(with(grid.masks().to_vec(), s.clone())).is_ok());
    // A wrong byte inside the rectangle: the path-order pass does not read it, the
    // proof of the rectangle finds it, and the located check names it.
    for (x, y) in [
        (s.xs.start, s.ys.start),
        (s.xs.end - 1, s.ys.end - 1),
        (s.xs.start + 5, s.ys.start + 7),
    ] {
        let mut masks = grid.masks().to_vec();
        masks[board.index(x, y) as usize] ^= 0b11;
        let e = verify(with(masks, s.clone())).unwrap_err();
        assert_eq!(e, Failure::GridMismatch { x, y });
    }
    // The right moves, but a declaration that does not hold: a wider rectangle,
    // another mask, one off the board.
    let mut wider = s.clone();
    wider.xs.start = 0;
    let e = verify(with(grid.masks().to_vec(), wider)).unwrap_err();
    assert!(matches!(e, Failure::GridStraight { x: 0, .. }), "{e:?}");
    let mut other = s.clone();
    other.mask = other.mask.rotate_left(1);
    let e = verify(with(grid.masks().to_vec(), other)).unwrap_err();
    assert_eq!(
        e,
        Failure::GridStraight {
            x: s.xs.start,
            y: s.ys.start
        }
    );
    let mut off = s.clone();
    off.ys.end = 31;
    let e = verify(with(grid.masks().to_vec(), off)).unwrap_err();
    assert!(matches!(e, Failure::GridStraight { .. }), "{e:?}");
}

#[test]
fn rejects_every_corruption_of_a_large_tour() {
    let board = Board::new(40, 30).unwrap();
    let t = walked("besa-40x30.json");
    assert!(check(&t).is_ok());
    assert!(verify(t.clone()).is_ok(), "with its grid");
    let n = t.path().len();
    let grid = t.attached_grid().unwrap().clone();
    // Each corrupted path is proven alone, and with the construction's grid (whose
    // uniform rectangle the proof jumps).
    let rejected = |p: &[u32]| {
        let alone = Tour::new(board.clone(), p.to_vec(), true);
        let with_grid = alone.clone().with_grid(grid.clone());
        check(&alone).is_err() && check(&with_grid).is_err()
    };
    for i in (0..n).step_by(37) {
        let j = (i * 7 + 13) % n;
        let mut p = t.path().to_vec();
        p.swap(i, j);
        assert!(rejected(&p), "swap {i} {j}");
        p.swap(i, j);
        p[i] = p[j]; // a repeat, and a missing cell
        assert!(rejected(&p), "repeat {i} {j}");
        p[i] = t.path()[i];
        if i >= 2 {
            // The same cells, and a step that is not a leap (from 1 on it is the tour
            // reversed and turned).
            p[i..].reverse();
            assert!(rejected(&p), "reversed from {i}");
        }
    }
    let mut reversed = t.path().to_vec();
    reversed.reverse();
    assert!(check(&Tour::new(board.clone(), reversed, true).with_grid(grid.clone())).is_ok());
    let rotated: Vec<u32> = t.path()[5..]
        .iter()
        .chain(&t.path()[..5])
        .copied()
        .collect();
    assert!(check(&Tour::new(board.clone(), rotated.clone(), true)).is_ok());
    assert!(check(&Tour::new(board.clone(), rotated, true).with_grid(grid)).is_ok());
    let cut: Vec<u32> = t.path()[..n - 1].to_vec();
    assert!(check(&Tour::new(board, cut, false)).is_err());
}
