//! Tours of the torus (both pairs of opposite edges glued) made of straight lines.
//!
//! On a `w` x `h` torus the cells are the group `G = Z_w x Z_h` and a leap is the
//! addition of a leap vector, so a leaper going straight on in direction `v` runs
//! round a closed line, a coset of the subgroup `H` that `v` generates, and the lines
//! of `v` cover the board. For a leap `v = (p, q)` with `p` and `q` prime to each other
//! the map `(x, y) -> p y - q x` takes `Z^2 / Z v` onto `Z`, so `G / H` is the cyclic
//! group of order `k = gcd(|q| w, |p| h)`: there are `k` lines of `L = w h / k` cells
//! each. A second leap `u` steps from line to line; it visits them all in turn when
//! `p u_y - q u_x` (the determinant of `v` and `u`) is prime to `k`. Then line `i` is
//! the coset of `b_i = i (u + v)`, and the lines are joined one to the next by the
//! exchange on the parallelogram `b_i, b_i + v, b_i + v + u, b_i + u`: the leaps
//! `b_i -> b_i + v` and `b_i + u -> b_i + u + v` are replaced by the two leaps `u`
//! between their ends. Each exchange joins two cycles into one (their removed leaps
//! are distinct, the one of line `i + 1` being `b_{i+1} - v -> b_{i+1}` and the next
//! `b_{i+1} -> b_{i+1} + v`), so after `k - 1` of them one cycle covers the torus,
//! with at most four turns per exchange: `4 (k - 1)` turns, `4n` on the n x n torus,
//! where `n` turns at least are needed (Besa et al.; see
//! [`knights_core::metrics::bounds::torus_turns`]). The pair `(v, u)` with the fewest
//! lines is taken. For the knight it exists unless 30 divides both sides (then every
//! `k` is a multiple of 30 and the determinants are 3, 4 and 5): those boards are even
//! and at least 30 x 30, and a closed tour of the plane is one of the torus too, so there
//! the formation tour of the plane (Besa et al.) tours them with O(n) turns. This is a construction of our own in the spirit of
//! the proofs for Cayley graphs of abelian groups; Watkins and Hoenigman ("Knight's
//! tours on a torus", 1997) proved that every torus has a closed knight's tour.

use super::{besa, Construction, Request};
use knights_core::Board;
use knights_core::{Error, Tour, Unsupported};

/// Tours of the torus from straight lines joined one to the next.
pub struct Torus;

impl Construction for Torus {
    fn name(&self) -> &'static str {
        "torus"
    }
    fn summary(&self) -> &'static str {
        "closed and open tours of the torus: the straight lines of one leap, joined one to the next by a second leap (about 4 turns a line)"
    }
    fn boards(&self) -> &'static str {
        "tori (--topology torus) of any leaper with steps prime to each other, when some second leap reaches every line; for the knight every torus of 3 or more cells (closed tours where 30 divides both sides: the plane's formation tour)"
    }
    fn bands(&self) -> bool {
        true
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        plan(req).map(drop)
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        let b = &req.board;
        let path = match plan(req)? {
            Plan::Trivial => (0..b.cells() as u32).collect(),
            Plan::Lines { v, u } => cycle(b, v, u),
            Plan::Plane(flat) => {
                let tour = besa::Besa.build(&flat)?;
                return Ok(Tour::new(b.clone(), tour.path().to_vec(), true));
            }
        };
        Ok(Tour::new(b.clone(), path, !req.open))
    }
}

/// How a board is toured.
#[derive(Debug)]
enum Plan {
    /// An open tour of one cell, or of two cells a leap apart.
    Trivial,
    /// The lines of leap `v`, joined by leap `u`.
    Lines { v: Leap, u: Leap },
    /// A closed tour of the plane's board of the same size (its leaps are leaps of the
    /// torus), where no pair of leaps fits.
    Plane(Request),
}

fn plan(req: &Request) -> Result<Plan, Error> {
    let b = &req.board;
    let name = Torus.name();
    let refuse = |why: String| Err(Unsupported::new(name, b, format!("{name}: {why}")).into());
    if !b.topology().wraps_rows() {
        return refuse("it tours the torus: add --topology torus".into());
    }
    if !b.holes().is_empty() {
        return refuse(format!("it tours full tori, not {b}"));
    }
    let n = b.cells();
    if req.open && n <= 2 {
        // The existence rules have seen to it that two cells are a leap apart.
        return Ok(Plan::Trivial);
    }
    let flat = Request {
        board: b.plane(),
        variant: None,
        ..req.clone()
    };
    match lines(b) {
        Some((v, u, _)) => Ok(Plan::Lines { v, u }),
        None if besa::Besa.check(&flat).is_ok() => Ok(Plan::Plane(flat)),
        None => refuse(format!(
            "no leap's lines of the {} on the {b} board are visited in turn by another leap (for the knight: 30 divides both sides); try --algo auto (the search of the torus, or a construction of the plane)",
            b.leaper().name()
        )),
    }
}

/// A leap vector `(dx, dy)`.
type Leap = (i32, i32);

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The leap `v` whose lines are fewest, a leap `u` that visits them in turn, and the
/// number of lines `k`; `None` when no pair fits (see the module's comment).
fn lines(b: &Board) -> Option<(Leap, Leap, u64)> {
    let (w, h) = (b.width() as u64, b.height() as u64);
    let n = w * h;
    let (a, s) = b.leaper().steps();
    if gcd(a as u64, s as u64) != 1 {
        return None;
    }
    let dirs = b.leaper().dirs();
    let mut best = None;
    for &v in &dirs[..4] {
        let k = gcd(v.1.unsigned_abs() as u64 * w, v.0.unsigned_abs() as u64 * h);
        if n / k < 2 || best.is_some_and(|(_, _, kb)| kb <= k) {
            continue;
        }
        let det =
            |u: (i32, i32)| (v.0 as i64 * u.1 as i64 - v.1 as i64 * u.0 as i64).unsigned_abs();
        if let Some(&u) = dirs.iter().find(|&&u| det(u) != 0 && gcd(det(u), k) == 1) {
            best = Some((v, u, k));
        }
    }
    best
}

/// The closed tour of the lines of `v` joined by `u` (see the module's comment), as a
/// path from cell 0.
fn cycle(b: &Board, v: Leap, u: Leap) -> Vec<u32> {
    let (w, h) = (b.width() as i64, b.height() as i64);
    let n = b.area() as usize;
    let add = |c: u32, (dx, dy): (i64, i64)| -> u32 {
        let (x, y) = b.xy(c);
        let x = (x as i64 + dx).rem_euclid(w);
        let y = (y as i64 + dy).rem_euclid(h);
        (y * w + x) as u32
    };
    let v = (v.0 as i64, v.1 as i64);
    let u = (u.0 as i64, u.1 as i64);
    let back = (-v.0, -v.1);
    // Each cell's two neighbours on its line (the same cell twice on a line of two).
    let mut next: Vec<[u32; 2]> = (0..n as u32).map(|c| [add(c, back), add(c, v)]).collect();
    let swap = |next: &mut Vec<[u32; 2]>, c: u32, old: u32, new: u32| {
        let slots = &mut next[c as usize];
        let i = usize::from(slots[0] != old);
        slots[i] = new;
    };
    let k = n as u64 / line_len(b, v);
    let mut base = 0u32;
    for _ in 1..k {
        let (a, a2) = (base, add(base, v));
        let (c, c2) = (add(a, u), add(a2, u));
        swap(&mut next, a, a2, c);
        swap(&mut next, a2, a, c2);
        swap(&mut next, c, c2, a);
        swap(&mut next, c2, c, a2);
        base = add(c, v);
    }
    let mut path = Vec::with_capacity(n);
    let (mut prev, mut cur) = (next[0][1], 0u32);
    for _ in 0..n {
        path.push(cur);
        let [p, q] = next[cur as usize];
        let step = if p == prev { q } else { p };
        (prev, cur) = (cur, step);
    }
    path
}

/// The cells of one line of leap `v`.
fn line_len(b: &Board, v: (i64, i64)) -> u64 {
    knights_core::metrics::bounds::torus_line(b.width(), b.height(), (v.0 as i32, v.1 as i32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{build, existence};
    use knights_core::verify::verify;
    use knights_core::{Leaper, Topology};

    fn torus(w: u32, h: u32, leaper: Leaper) -> Board {
        Board::with_leaper(w, h, leaper)
            .unwrap()
            .with_topology(Topology::Torus)
    }

    /// Every knight's torus up to 12 x 12, closed and open: the construction tours
    /// exactly those the existence rules admit, except where 30 divides both sides,
    /// and every tour is verified on the torus.
    #[test]
    fn tours_every_small_knights_torus() {
        for w in 1..=12 {
            for h in 1..=12 {
                for open in [false, true] {
                    let mut r = Request::closed(torus(w, h, Leaper::KNIGHT));
                    r.open = open;
                    let exists = existence::check(&r.board, open).is_ok();
                    assert_eq!(exists, open || w * h >= 3, "{w}x{h} open {open}");
                    if !exists {
                        continue;
                    }
                    let t = build(&r, "torus").unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
                    let v = verify(t).unwrap_or_else(|e| panic!("{w}x{h} open {open}: {e}"));
                    assert_eq!(v.is_closed(), !open);
                }
            }
        }
    }

    /// The turns stay within four a line, and on the n x n torus within 4n.
    #[test]
    fn turns_are_linear() {
        for n in [5, 8, 12, 17, 24, 31, 40] {
            let t = build(&Request::closed(torus(n, n, Leaper::KNIGHT)), "torus").unwrap();
            let m = knights_core::metrics::measure(&verify(t).unwrap());
            assert!(m.turns <= 4 * n as u64, "{n}: {}", m.turns);
            assert!(m.turns >= n as u64, "{n}: below the bound: {}", m.turns);
        }
        // One line holds the 5x3 torus: a tour with no turn.
        let t = build(&Request::closed(torus(5, 3, Leaper::KNIGHT)), "torus").unwrap();
        assert_eq!(knights_core::metrics::measure(&verify(t).unwrap()).turns, 0);
    }

    /// Other leapers: whenever the construction takes a torus its tour is verified, and
    /// it takes every connected torus of the leapers with steps prime to each other up
    /// to 10 x 10 but a few.
    #[test]
    fn tours_other_leapers() {
        let mut built = 0;
        for (a, s) in [(1, 4), (2, 3), (1, 6), (3, 4), (2, 5)] {
            let l = Leaper::new(a, s).unwrap();
            for w in 1..=10 {
                for h in 1..=10 {
                    let r = Request::closed(torus(w, h, l));
                    if existence::check(&r.board, false).is_err() || Torus.check(&r).is_err() {
                        continue;
                    }
                    let t = build(&r, "torus").unwrap();
                    verify(t).unwrap_or_else(|e| panic!("({a},{s}) {w}x{h}: {e}"));
                    built += 1;
                }
            }
        }
        assert!(built > 300, "{built}");
    }

    /// `verify` and `metrics` follow both seams: the same tour moved round the torus
    /// (every cell shifted by `(dx, dy)`, so that leaps cross other seams) is still a
    /// tour, with the same turns and crossings; cut open at the seam it is none on
    /// the plane.
    #[test]
    fn metrics_do_not_see_where_the_seams_are() {
        for (w, h) in [(8, 8), (6, 9), (10, 7), (5, 5)] {
            let b = torus(w, h, Leaper::KNIGHT);
            let t = build(&Request::closed(b.clone()), "torus").unwrap();
            let m = knights_core::metrics::measure(&verify(t.clone()).unwrap());
            for (dx, dy) in [(1, 0), (0, 1), (3, 2), (w - 1, h - 1)] {
                let moved: Vec<u32> = t
                    .path()
                    .iter()
                    .map(|&c| {
                        let (x, y) = b.xy(c);
                        b.index((x + dx) % w, (y + dy) % h)
                    })
                    .collect();
                let v = verify(Tour::new(b.clone(), moved, true)).unwrap();
                let m2 = knights_core::metrics::measure(&v);
                assert_eq!(
                    (m2.turns, m2.crossings),
                    (m.turns, m.crossings),
                    "{w}x{h} moved by ({dx}, {dy})"
                );
            }
            assert!(verify(t.with_topology(Topology::Plane)).is_err());
        }
    }

    #[test]
    fn refuses_what_it_does_not_build() {
        let e = |r: Request| Torus.check(&r).unwrap_err().to_string();
        assert!(e(Request::closed(Board::new(8, 8).unwrap())).contains("--topology torus"));
        let mut open = Request::closed(torus(30, 60, Leaper::KNIGHT));
        open.open = true;
        assert!(e(open).contains("30 divides both sides"));
    }

    /// Where 30 divides both sides no pair of leaps fits, and a closed tour is the
    /// plane's formation tour, verified on the torus, with turns linear in the side as
    /// on the other tori (within 10 a side here, where the lines take 4; the search of
    /// the torus, which `auto` took before, gave 1813 on 60 x 60).
    #[test]
    fn tours_the_boards_where_30_divides_both_sides_on_the_plane() {
        for (w, h) in [(30, 30), (30, 60), (60, 30), (60, 60), (90, 30), (60, 90)] {
            let r = Request::closed(torus(w, h, Leaper::KNIGHT));
            assert!(lines(&r.board).is_none(), "{w}x{h}");
            for algo in ["torus", "auto"] {
                let t = build(&r, algo).unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
                assert_eq!(t.board().topology(), Topology::Torus);
                let m = knights_core::metrics::measure(&verify(t).unwrap());
                assert!(m.turns <= 10 * w.max(h) as u64, "{w}x{h}: {}", m.turns);
            }
        }
    }
}
