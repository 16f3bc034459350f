//! Uncrossed paths: a leaper's path (or cycle) over some of a board's cells with no two
//! of its leaps crossing (Yarbrough 1969, "Uncrossed knight's tours"). It is not a tour
//! (it leaves cells out), so it has its own claim, [`UncrossedPath`], written in a tour
//! file as `"kind": "uncrossed"` (docs/tour-format.md), and its own proof, [`verify`]:
//! every step a leap, no cell twice, no two leaps crossing, as many leaps as claimed.

use std::fmt;
use std::ops::Deref;

use crate::board::{Board, Topology};
use crate::metrics::open_segments_cross;
use crate::Error;

/// A path (closed: a cycle) claimed to be uncrossed. Nothing is checked here: see
/// [`verify`].
#[derive(Clone, Debug)]
pub struct UncrossedPath {
    board: Board,
    path: Vec<u32>,
    closed: bool,
    algorithm: String,
    claim: Option<u64>,
}

impl UncrossedPath {
    /// The path `path` (cell numbers in visiting order; a cycle's first cell not
    /// repeated) on `board`.
    pub fn new(board: Board, path: Vec<u32>, closed: bool) -> UncrossedPath {
        UncrossedPath {
            board,
            path,
            closed,
            algorithm: String::new(),
            claim: None,
        }
    }

    /// Names what made it.
    pub fn with_algorithm(mut self, name: impl Into<String>) -> UncrossedPath {
        self.algorithm = name.into();
        self
    }

    /// The number of leaps the file claims, which [`verify`] checks.
    pub fn with_claim(mut self, leaps: u64) -> UncrossedPath {
        self.claim = Some(leaps);
        self
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The cells in visiting order.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// Whether the last cell leaps back to the first.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// What made it (empty when unknown).
    pub fn algorithm(&self) -> &str {
        &self.algorithm
    }

    /// The claimed number of leaps, if the file states one.
    pub fn claim(&self) -> Option<u64> {
        self.claim
    }

    /// The leaps: between consecutive cells, and back to the first when closed.
    pub fn leaps(&self) -> u64 {
        let n = self.path.len() as u64;
        if self.closed {
            n
        } else {
            n.saturating_sub(1)
        }
    }

    /// Leap `i` as its two cells' coordinates.
    fn segment(&self, i: usize) -> [(i32, i32); 2] {
        let n = self.path.len();
        let (a, b) = (
            self.board.xy(self.path[i]),
            self.board.xy(self.path[(i + 1) % n]),
        );
        [(a.0 as i32, a.1 as i32), (b.0 as i32, b.1 as i32)]
    }
}

/// An uncrossed path proved by [`verify`].
#[derive(Clone, Debug)]
pub struct VerifiedUncrossed(UncrossedPath);

impl Deref for VerifiedUncrossed {
    type Target = UncrossedPath;
    fn deref(&self) -> &UncrossedPath {
        &self.0
    }
}

impl fmt::Display for VerifiedUncrossed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.closed { "cycle" } else { "path" };
        write!(
            f,
            "uncrossed {kind} of {} leaps over {} of the {} cells of {}",
            self.leaps(),
            self.path.len(),
            self.board.cells(),
            self.board
        )
    }
}

impl VerifiedUncrossed {
    /// The cells where the path turns: every cell with two leaps (all of a cycle's,
    /// all but a path's ends) whose leaps are not in line.
    pub fn turns(&self) -> u64 {
        let n = self.path.len();
        let xy = |i: usize| {
            let (x, y) = self.board.xy(self.path[i % n]);
            (x as i64, y as i64)
        };
        let inner = if self.closed { 0..n } else { 1..n - 1 };
        inner
            .filter(|&i| {
                let (p, c, q) = (xy(i + n - 1), xy(i), xy(i + 1));
                (c.0 - p.0, c.1 - p.1) != (q.0 - c.0, q.1 - c.1)
            })
            .count() as u64
    }
}

/// Proves `p` an uncrossed path: on a full board of the plane, at least one leap (a
/// cycle: three), every step a leap of the board's leaper, no cell twice, no two leaps
/// whose open segments meet, and the claimed number of leaps; else the first fault, in
/// one line.
pub fn verify(p: UncrossedPath) -> Result<VerifiedUncrossed, Error> {
    let b = &p.board;
    let fault = |why: String| {
        Err(crate::NotUncrossed {
            board: b.to_string(),
            why,
        }
        .into())
    };
    if b.topology() != Topology::Plane || !b.holes().is_empty() {
        return fault("uncrossed paths lie on full boards of the plane".into());
    }
    let n = p.path.len();
    if n < 2 || (p.closed && n < 3) {
        return fault(format!("{n} cells are too few"));
    }
    let mut seen = vec![false; b.area() as usize];
    for &c in &p.path {
        if std::mem::replace(&mut seen[c as usize], true) {
            let (x, y) = b.xy(c);
            return fault(format!("[{x}, {y}] is visited twice"));
        }
    }
    let (la, lb) = b.leaper().steps();
    let steps = p.leaps() as usize;
    for i in 0..steps {
        let s = p.segment(i);
        let (dx, dy) = (s[0].0.abs_diff(s[1].0), s[0].1.abs_diff(s[1].1));
        if (dx.min(dy), dx.max(dy)) != (la.min(lb), la.max(lb)) {
            return fault(format!(
                "step {} is not a {}'s leap",
                i + 1,
                b.leaper().name()
            ));
        }
        if let Some(j) = (0..i).find(|&j| open_segments_cross(s, p.segment(j))) {
            return fault(format!("steps {} and {} cross", j + 1, i + 1));
        }
    }
    if let Some(claim) = p.claim.filter(|&c| c != p.leaps()) {
        return fault(format!(
            "the file claims {claim} leaps but the path has {}",
            p.leaps()
        ));
    }
    Ok(VerifiedUncrossed(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(b: &Board, cells: &[(u32, u32)], closed: bool) -> UncrossedPath {
        let path = cells.iter().map(|&(x, y)| b.index(x, y)).collect();
        UncrossedPath::new(b.clone(), path, closed)
    }

    #[test]
    fn an_uncrossed_path_is_proved_and_each_fault_named() {
        let b = Board::new(4, 4).unwrap();
        // The four-leap cycle around the middle of 4x4, and a path along it.
        let ring = [(0, 1), (2, 0), (3, 2), (1, 3)];
        let v = verify(path(&b, &ring, true).with_claim(4)).unwrap();
        assert_eq!(v.leaps(), 4);
        assert_eq!(verify(path(&b, &ring, false)).unwrap().leaps(), 3);
        let bad = |p: UncrossedPath, why: &str| {
            let e = verify(p).unwrap_err().to_string();
            assert!(e.contains(why) && !e.contains('\n'), "{e}");
        };
        bad(path(&b, &ring, true).with_claim(5), "claims 5 leaps");
        bad(path(&b, &[(0, 0), (1, 2), (0, 0)], false), "visited twice");
        bad(path(&b, &[(0, 0), (1, 1)], false), "step 1 is not");
        bad(path(&b, &[(0, 0)], false), "too few");
        // Steps 1 and 3 meet at (0.4, 0.8).
        bad(
            path(&b, &[(0, 1), (2, 0), (1, 2), (0, 0)], false),
            "steps 1 and 3 cross",
        );
        // The ring turns at every cell; a path turns at inner cells off line only.
        assert_eq!(v.turns(), 4);
        let b5 = Board::new(5, 5).unwrap();
        let bent = [(0, 0), (2, 1), (4, 2), (2, 3)];
        assert_eq!(verify(path(&b5, &bent, false)).unwrap().turns(), 1);
        let band = b.clone().with_topology(Topology::Cylinder);
        bad(path(&band, &ring, true), "full boards of the plane");
    }
}
