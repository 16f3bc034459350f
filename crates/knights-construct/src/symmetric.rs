//! The classic symmetric closed tours of square boards: invariant under the half turn
//! (Euler's 8x8 of 1759 is the famous one) or under the quarter turn (the 6x6 one).
//! Its own construction because it chooses between a search and Parberry's symmetric
//! variants by board, and says why when no such tour exists.
//!
//! Which boards have one:
//! - quarter turn: exactly the n x n boards with n >= 6 and n = 2 (mod 4) (Dejter,
//!   "Equivalent conditions for Euler's problem on Z4-Hamilton cycles", 1983, as cited
//!   by Parberry, "An Efficient Algorithm for the Knight's Tour Problem", 1997);
//! - half turn: every even n >= 6 (Parberry 1997, Corollary 2.6, with Euler's 8x8;
//!   the 6x6 quarter-turn tour is one too); odd or smaller boards have no closed tour
//!   at all (Schwenk 1991).
//!
//! The search walks the orbits of the rotation rather than the cells: it builds a path
//! that visits one cell of each orbit and ends one leap from the rotated start; the
//! path and its rotated copies, one after the other, close into a tour the rotation
//! maps onto itself. Beyond [`SEARCH_LIMIT`] Parberry's `sym180` (4 | n) and `sym90`
//! (n = 2 mod 4, also invariant under the half turn) build the tour.

use knights_core::Board;
use knights_core::{Error, GaveUp, Leaper, NoTour, Tour, Unsupported};

use super::{parberry, Construction, Request};

/// Symmetric closed tours of square boards.
pub struct Symmetric;

/// The variants: the rotation the tour is invariant under.
const VARIANTS: [&str; 2] = ["half", "quarter"];

/// The largest side searched; larger boards are Parberry's.
const SEARCH_LIMIT: u32 = 12;

/// Orbits one attempt of the search may enter before it starts again elsewhere.
const ATTEMPT: u64 = 20_000;

/// Attempts before the search gives up.
const ATTEMPTS: u64 = 500;

impl Construction for Symmetric {
    /// Closed tours only (the rotated copies of its path join into a cycle).
    fn opens(&self) -> bool {
        false
    }
    /// At the peak, beyond the search's boards, Parberry's symmetric variants
    /// (see [`crate::parberry::Parberry`]): 10.4 bytes a cell measured at 7000x7000 (RSS),
    /// rounded up; the search's orbits need less.
    fn bytes_per_cell(&self, _req: &Request) -> u64 {
        crate::parberry::BYTES_PER_CELL
    }
    fn name(&self) -> &'static str {
        "symmetric"
    }
    fn summary(&self) -> &'static str {
        "closed tours invariant under the half turn (Euler's 8x8, 1759) or the quarter turn (6x6): a search over the rotation's orbits up to 12x12, Parberry's symmetric variants beyond (Parberry, An Efficient Algorithm for the Knight's Tour Problem, 1997; Dejter, Equivalent conditions for Euler's problem on Z4-Hamilton cycles, 1983)"
    }
    fn boards(&self) -> &'static str {
        "closed knight's tours of n x n; half: every even n >= 6; quarter: n >= 6, n = 2 (mod 4)"
    }
    fn variants(&self) -> &'static [&'static str] {
        &VARIANTS
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        let b = &req.board;
        let refuse = |why: &str| Err(Unsupported::new(self.name(), b, why.to_string()).into());
        if b.leaper() != Leaper::KNIGHT || b.topology().wraps() || !b.holes().is_empty() {
            return refuse(&format!(
                "symmetric tours are built for the knight on full flat boards, and the {b} board is not one"
            ));
        }
        if b.width() != b.height() {
            if let Some(why) = rectangle_refused(b, quarter(req)) {
                return refuse(&why);
            }
        }
        if req.open {
            return refuse(&format!(
                "symmetric tours of the {b} board are built closed (leave out --open)"
            ));
        }
        let n = b.width();
        if quarter(req) && n.is_multiple_of(4) {
            return Err(NoTour::Property {
                board: b.to_string(),
                kind: req.kind(),
                what: "quarter-turn symmetric".into(),
                why: "a closed tour invariant under the quarter turn exists exactly when n >= 6 and n = 2 (mod 4) (Dejter, Equivalent conditions for Euler's problem on Z4-Hamilton cycles, 1983)".into(),
            }
            .into());
        }
        Ok(())
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        let n = req.board.width();
        if n > SEARCH_LIMIT {
            let variant = if n.is_multiple_of(4) {
                "sym180"
            } else {
                "sym90"
            };
            let flat = Request {
                variant: Some(variant.into()),
                ..req.clone()
            };
            return parberry::Parberry.build(&flat);
        }
        let turns = if quarter(req) { 4 } else { 2 };
        let cells = req.board.area();
        let mut orbits = Orbits::new(&req.board, turns, req.seed);
        // A small rectangle is searched to the end at once (its attempts would only
        // repeat themselves); squares keep the attempts' tours.
        let square = req.board.width() == req.board.height();
        if cells <= EXHAUSTIVE_CELLS && !square {
            return exhaustive(&mut orbits, req);
        }
        if let Some(t) = (0..ATTEMPTS).find_map(|i| orbits.tour(((i * 7919) % cells) as u32)) {
            return Ok(t);
        }
        Err(GaveUp::Runs {
            algorithm: "symmetric",
            board: req.board.to_string(),
            what: format!(
                "{ATTEMPTS} attempts of {ATTEMPT} steps each found no tour invariant under the {} turn",
                if quarter(req) { "quarter" } else { "half" }
            ),
            hint: "try another --seed (it orders the search's ties)",
        }
        .into())
    }
}

/// Why the rectangle `b` (not square) is refused for the rotation asked for, if it is.
/// The quarter turn maps only a square onto itself; the half turn maps every
/// rectangle onto itself, and the search builds its tours on rectangles up to
/// [`SEARCH_LIMIT`] a side (Parberry's symmetric variants, beyond, are of squares).
/// The search's tours are of one kind: the second half of the cycle is the first
/// turned half round. A leap changes colour, so the cell half a cycle on has the
/// start's colour when the board has a multiple of four cells, and the other colour
/// otherwise; the half turn keeps the colour of a cell when the sides add up to an
/// even number. With both sides even that always agrees; with one side odd it needs
/// the even side to be 2 (mod 4). The other kind, which the half turn reverses, maps
/// two leaps each onto itself, and needs one side odd; it is not built.
fn rectangle_refused(b: &Board, quarter: bool) -> Option<String> {
    let (w, h) = (b.width(), b.height());
    if quarter {
        return Some(format!(
            "the {b} board is not square, and a quarter turn maps only a square board onto itself (the half turn maps it: --symmetry half)"
        ));
    }
    if w.max(h) > SEARCH_LIMIT {
        return Some(format!(
            "half-turn tours of rectangles are searched up to {SEARCH_LIMIT} a side (Parberry's symmetric variants, beyond, build squares), and the {b} board is larger"
        ));
    }
    let even = if w % 2 == 0 { w } else { h };
    if (w % 2 == 1 || h % 2 == 1) && even % 4 == 0 {
        return Some(format!(
            "the search builds tours whose second half is the first turned half round, and on the {b} board, with a side odd and the other a multiple of 4, the cell half a tour on and the turned start differ in colour; a tour the half turn reverses is not built"
        ));
    }
    None
}

/// Rectangles this small are searched to the end: every path from one square of each
/// orbit, without a step limit (a few thousand paths).
const EXHAUSTIVE_CELLS: u64 = 36;

/// Every path of `orbits` from one square of each orbit, to the end: the tour, or the
/// refusal that says none of the search's kind exists (5x6, 3x10).
fn exhaustive(orbits: &mut Orbits<'_>, req: &Request) -> Result<Tour, Error> {
    orbits.limit = u64::MAX;
    let b = &req.board;
    let mut seen = vec![false; orbits.used.len()];
    for c in 0..b.area() as u32 {
        let o = orbits.orbit[c as usize] as usize;
        if std::mem::replace(&mut seen[o], true) {
            continue;
        }
        if let Some(t) = orbits.tour(c) {
            return Ok(t);
        }
    }
    Err(Unsupported::new(
        "symmetric",
        b,
        format!(
            "the search tried every path over the {} orbits of the {b} board's cells and none closes into a tour whose second half is the first turned {}; a tour the rotation reverses is not built",
            seen.len(),
            if quarter(req) { "by quarter turns" } else { "half round" }
        ),
    )
    .into())
}

/// Whether `req` asks for the quarter turn (the variant; half otherwise).
fn quarter(req: &Request) -> bool {
    req.variant.as_deref() == Some("quarter")
}

/// The search over the orbits of a rotation of order `turns` (2 or 4).
struct Orbits<'a> {
    board: &'a Board,
    turns: u32,
    /// Each cell's orbit number.
    orbit: Vec<u32>,
    used: Vec<bool>,
    path: Vec<u32>,
    steps: u64,
    /// Steps one attempt may take ([`ATTEMPT`], or no limit when searching to the end).
    limit: u64,
    /// The state of the generator that breaks ties between equal neighbours.
    random: u64,
}

impl<'a> Orbits<'a> {
    fn new(board: &'a Board, turns: u32, seed: u64) -> Orbits<'a> {
        let cells = board.area() as usize;
        let mut orbit = vec![u32::MAX; cells];
        let mut next = 0;
        for c in 0..cells as u32 {
            if orbit[c as usize] != u32::MAX {
                continue;
            }
            let mut d = c;
            for _ in 0..turns {
                orbit[d as usize] = next;
                d = rotate(board, d, turns);
            }
            next += 1;
        }
        Orbits {
            board,
            turns,
            orbit,
            used: vec![false; next as usize],
            path: Vec::new(),
            steps: 0,
            limit: ATTEMPT,
            random: seed ^ 0x9e37_79b9_7f4a_7c15,
        }
    }

    /// A tour from `start`, if one attempt finds it: the path found, then its images
    /// under the rotation.
    fn tour(&mut self, start: u32) -> Option<Tour> {
        self.used.fill(false);
        self.path.clear();
        self.steps = 0;
        self.used[self.orbit[start as usize] as usize] = true;
        self.path.push(start);
        if !self.dfs(start) {
            return None;
        }
        let mut full = self.path.clone();
        let mut part = self.path.clone();
        for _ in 1..self.turns {
            part = part
                .iter()
                .map(|&c| rotate(self.board, c, self.turns))
                .collect();
            full.extend_from_slice(&part);
        }
        Some(Tour::new(self.board.clone(), full, true))
    }

    fn free_neighbours(&self, c: u32) -> impl Iterator<Item = u32> + '_ {
        (0..8)
            .filter_map(move |d| self.board.step(c, d))
            .filter(|&a| !self.used[self.orbit[a as usize] as usize])
    }

    fn dfs(&mut self, c: u32) -> bool {
        if self.path.len() == self.used.len() {
            let target = rotate(self.board, self.path[0], self.turns);
            return self.board.dir_between(c, target).is_some();
        }
        self.steps += 1;
        if self.steps > self.limit {
            return false;
        }
        let mut next: Vec<(usize, u64, u32)> = self
            .free_neighbours(c)
            .map(|a| (self.free_neighbours(a).count(), 0, a))
            .collect();
        for n in next.iter_mut() {
            // xorshift: ties between neighbours with as many onward leaps are broken
            // at random, so that each attempt walks differently.
            self.random ^= self.random << 13;
            self.random ^= self.random >> 7;
            self.random ^= self.random << 17;
            n.1 = self.random;
        }
        next.sort_unstable();
        for (_, _, a) in next {
            let o = self.orbit[a as usize] as usize;
            self.used[o] = true;
            self.path.push(a);
            if self.dfs(a) {
                return true;
            }
            self.path.pop();
            self.used[o] = false;
        }
        false
    }
}

/// The cell `c` goes to under the rotation of order `turns` about the centre: the
/// quarter turn `(x, y) -> (n - 1 - y, x)` of a square, or the half turn
/// `(x, y) -> (w - 1 - x, h - 1 - y)` of any rectangle.
fn rotate(board: &Board, c: u32, turns: u32) -> u32 {
    let (w, h) = (board.width() - 1, board.height() - 1);
    let (x, y) = board.xy(c);
    match turns {
        4 => board.index(w - y, x),
        _ => board.index(w - x, h - y),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_core::symmetry::of_moves;
    use knights_core::verify;

    fn build(n: u32, variant: &str) -> Result<verify::Verified, Error> {
        let mut req = Request::closed(Board::new(n, n).unwrap());
        req.variant = Some(variant.into());
        Symmetric.check(&req)?;
        verify::constructed(Symmetric.build(&req)?)
    }

    #[test]
    fn half_turn_tours_of_every_even_board_from_6_to_24() {
        for n in (6..=24).step_by(2) {
            let t = build(n, "half").unwrap();
            assert!(t.is_closed());
            assert!(of_moves(t.grid()).half_turn, "{n}");
        }
    }

    fn rect(w: u32, h: u32, variant: &str) -> Result<verify::Verified, Error> {
        let mut req = Request::closed(Board::new(w, h).unwrap());
        req.variant = Some(variant.into());
        crate::resolve(&req, "symmetric".parse().unwrap())
            .map_err(Error::from)?
            .build()
            .and_then(verify::constructed)
    }

    /// Issue 39, case 13: `tour 6x8 --symmetry half` was refused with "a rotation
    /// maps only a square board onto itself". Every rectangle up to 12 a side that
    /// has a closed tour is built or refused with the true reason.
    #[test]
    fn half_turn_tours_of_rectangles_or_the_reason() {
        let mut built = 0;
        for w in 3..=12 {
            for h in 3..=12 {
                if w == h {
                    continue;
                }
                let closed = crate::existence::check(&Board::new(w, h).unwrap(), false).is_ok();
                let odd_side = w % 2 == 1 || h % 2 == 1;
                let even = if w % 2 == 0 { w } else { h };
                match rect(w, h, "half") {
                    Ok(t) => {
                        assert!(t.is_closed());
                        assert!(of_moves(t.grid()).half_turn, "{w}x{h}");
                        built += 1;
                    }
                    Err(e) => {
                        let e = e.to_string();
                        let searched = e.contains("the search tried every path");
                        assert!(
                            !closed || (odd_side && even % 4 == 0) || searched,
                            "{w}x{h}: {e}"
                        );
                        assert!(!e.contains("--open") && !e.contains("square"), "{e}");
                    }
                }
            }
        }
        // Both sides even (6x8 ... 10x12, each way round), and one side odd with the
        // even side 2 (mod 4): 5x10, 7x6, 7x10, 9x6, 9x10, 11x6, 11x10, each way round.
        assert_eq!(built, 26);
        let e = rect(6, 8, "quarter").unwrap_err().to_string();
        assert!(e.contains("quarter turn maps only a square"), "{e}");
        let e = rect(6, 14, "half").unwrap_err().to_string();
        assert!(e.contains("up to 12 a side"), "{e}");
        let e = rect(5, 8, "half").unwrap_err().to_string();
        assert!(e.contains("differ in colour"), "{e}");
        // Searched to the end: none of the search's kind.
        for (w, h) in [(5, 6), (3, 10), (10, 3)] {
            let e = rect(w, h, "half").unwrap_err().to_string();
            assert!(e.contains("tried every path over the 15 orbits"), "{e}");
        }
    }

    /// Issue 39, case 13: `tour 7x7 --symmetry half` suggested "try --open", which
    /// `--symmetry` refuses as a usage error.
    #[test]
    fn a_board_without_closed_tours_is_refused_without_suggesting_open() {
        let e = rect(7, 7, "half").unwrap_err().to_string();
        assert_eq!(
            e,
            "no closed knight's tour exists on a 7x7 board: both sides are odd, so the board has an odd number of cells and a closed tour alternates colours (Schwenk 1991)"
        );
    }

    #[test]
    fn quarter_turn_tours_where_n_is_2_mod_4_and_refusals_elsewhere() {
        for n in (6..=30).step_by(4) {
            let t = build(n, "quarter").unwrap();
            assert!(of_moves(t.grid()).quarter_turn, "{n}");
        }
        for n in [8, 12, 16] {
            let e = build(n, "quarter").unwrap_err().to_string();
            assert!(e.contains("n = 2 (mod 4)") && e.contains("Dejter"), "{e}");
        }
    }
}
