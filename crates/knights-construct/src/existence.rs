//! Which boards have a tour at all, and whether a board fits in memory: checked before
//! any construction or search starts, so that an impossible request fails at once with
//! the rule that forbids it. The one place the existence rules are stated:
//!
//! - closed knight's tours of rectangles: Schwenk, "Which rectangular chessboards have
//!   a knight's tour?", 1991;
//! - open knight's tours of rectangles: Conrad, Hindrichs, Morsy and Wegener, "Solution
//!   of the knight's Hamiltonian path problem on chessboards", 1994 (Cull and De
//!   Curtins, "Knight's tour revisited", 1978, for the large boards);
//! - other leapers: Knuth, "Leaper graphs", 1994: the (r, s) leaper, r < s, reaches
//!   every square of an m x n board, 2 <= m <= n, only when r + s is odd, r and s are
//!   prime to each other, m >= r + s and n >= 2s (a graph in pieces has no tour); and
//!   with r + s odd every leap changes colour, so a closed tour needs an even number
//!   of cells;
//! - bands (cylinders, Moebius strips): [`check_band`], which walks the leaper's graph
//!   of the band (the seam joins what the plane keeps apart);
//! - the torus: [`check_torus`]. Its leaper graph is a Cayley graph of the group
//!   `Z_w x Z_h`, connected exactly when the leaps and the sides `(w, 0)`, `(0, h)`
//!   span the whole lattice `Z^2`, and a connected Cayley graph of an abelian group of
//!   three or more elements has a Hamiltonian cycle (Chen and Quimpo, 1981; see Witte
//!   and Gallian, "A survey: Hamiltonian cycles in Cayley graphs", 1984): the knight
//!   tours every torus of three or more cells (Watkins and Hoenigman, "Knight's tours
//!   on a torus", 1997);
//! - boards of three or more sides: [`check_more_sides`], with [`unreachable`] for the
//!   leaper.

use knights_core::{Board, Leaper};
use knights_core::{Error, NoTour, Theorem, TourKind};

/// `Ok` when a tour of the kind asked for exists on `board` (or when the rule is not
/// known for this board: boards with holes, large boards of other leapers), else
/// [`Error::NoTour`] citing the rule.
pub fn check(board: &Board, open: bool) -> Result<(), Error> {
    if board.dims() > 2 {
        return check_more_sides(board, open);
    }
    if board.topology().wraps_rows() {
        return check_torus(board, open);
    }
    if board.topology().wraps() {
        return check_band(board, open);
    }
    if !board.holes().is_empty() {
        return Ok(());
    }
    let (m, n) = {
        let (w, h) = (board.width(), board.height());
        (w.min(h), w.max(h))
    };
    let none = |theorem: Theorem| Err(no_tour(board, open, theorem));
    if board.leaper() != Leaper::KNIGHT {
        return match unreachable(board.leaper(), &[m, n]) {
            Some(theorem) => none(theorem),
            None if !open && board.cells() % 2 == 1 && board.cells() > 1 => {
                none(Theorem::LeaperOddCells)
            }
            None if !open && board.cells() == 1 => none(Theorem::SingleCell),
            None => Ok(()),
        };
    }
    if m == 1 && n == 1 {
        return if open {
            Ok(())
        } else {
            none(Theorem::SingleCell)
        };
    }
    if open {
        // Conrad, Hindrichs, Morsy, Wegener (1994): m <= n has an open tour iff
        // m >= 5, or m = 4 and n >= 5, or m = 3 and n = 4 or n >= 7 (or the single cell).
        return match m {
            1 | 2 => none(Theorem::NarrowOpen),
            3 if n == 4 || n >= 7 => Ok(()),
            3 => none(Theorem::ThreeWide),
            4 if n == 4 => none(Theorem::FourByFour),
            _ => Ok(()),
        };
    }
    if m % 2 == 1 && n % 2 == 1 {
        return none(Theorem::OddCells);
    }
    if m <= 2 || m == 4 {
        return none(Theorem::NarrowClosed);
    }
    if m == 3 && matches!(n, 4 | 6 | 8) {
        return none(Theorem::ThreeByEven);
    }
    Ok(())
}

/// The rule of Knuth's "Leaper graphs" (1994) that keeps `leaper` from reaching every
/// cell of a full board with these sides (in any order), if one does: steps of even
/// sum keep the colour, steps with a common factor keep the remainders by it, and on
/// two sides an m x n board, m <= n, needs m >= r + s and n >= 2s. On three or more
/// sides only the first two rules are known. A single cell is always reached.
pub fn unreachable(leaper: Leaper, sides: &[u32]) -> Option<Theorem> {
    if sides.iter().all(|&s| s == 1) {
        return None;
    }
    let (r, s) = leaper.steps();
    if (r + s) % 2 == 0 {
        return Some(Theorem::LeaperParity);
    }
    let factor = gcd(r, s);
    if factor > 1 {
        return Some(Theorem::LeaperFactor(factor));
    }
    if let [a, b] = *sides {
        let (m, n) = (a.min(b), a.max(b));
        if m < r + s || n < 2 * s {
            return Some(Theorem::LeaperBoardTooSmall {
                short: r + s,
                long: 2 * s,
            });
        }
    }
    None
}

fn gcd64(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd64(b, a % b)
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The rules of a band (cylinder or Moebius strip), where the plane's theorems do not
/// hold: an odd band may have a closed tour (9x7 has, on the cylinder), since a leap
/// across the seam of an odd-width band joins two squares of the same colour. Only
/// what cannot exist is refused: a band of one row, where no leap stays on the board.
/// Bands narrower than two long steps plus one are not modelled: a leap there could
/// join the same two cells across the seam and directly.
fn check_band(board: &Board, open: bool) -> Result<(), Error> {
    let (_, long) = board.leaper().steps();
    if board.width() < 2 * long + 1 {
        return Err(Error::Unsupported(knights_core::Unsupported {
            algorithm: None,
            board: board.to_string(),
            reason: format!(
                "a band must be at least {} columns wide (twice the leap plus one), so that a leap across the seam never joins two cells a direct leap joins too; the {board} board is {} wide",
                2 * long + 1,
                board.width()
            ),
        }));
    }
    let none = |theorem| no_tour(board, open, theorem);
    if board.height() == 1 && board.cells() > 1 {
        return Err(none(knights_core::Theorem::OneRowBand));
    }
    if board.leaper() != Leaper::KNIGHT && board.holes().is_empty() {
        if let Some(reached) = reached(board).filter(|&r| r < board.cells()) {
            let cells = board.cells();
            return Err(none(Theorem::Unreached { reached, cells }));
        }
    }
    if board.leaper() != Leaper::KNIGHT || open || !board.holes().is_empty() {
        return Ok(());
    }
    // The chessboard colouring survives the seam when a leap across it still changes
    // colour: an even cylinder, or a Moebius strip whose width and height differ in
    // parity. Then Schwenk's argument for four rows carries over: every leap from an
    // outer row lands in an inner one, the rows keep the colours, so a closed tour would
    // alternate outer and inner cells and colours at once, and the outer rows hold both
    // colours.
    let (w, h) = (board.width(), board.height());
    let coloured = match board.topology() {
        knights_core::Topology::Moebius => (w + h) % 2 == 1,
        _ => w % 2 == 0,
    };
    if coloured && h == 4 {
        return Err(none(knights_core::Theorem::FourRowBand));
    }
    if coloured && h == 2 && board.topology() == knights_core::Topology::Cylinder {
        return Err(none(knights_core::Theorem::TwoRowCylinder));
    }
    Ok(())
}

/// The largest band whose leaper graph [`check_band`] walks (a few megabytes); on a
/// larger one only the rules that need no walk are applied.
const WALKED: u64 = 1 << 22;

/// The cells a walk along the leaps from the first cell of `board` reaches, or `None`
/// on a board larger than [`WALKED`].
pub fn reached(board: &Board) -> Option<u64> {
    if board.area() > WALKED {
        return None;
    }
    let first = (0..board.area() as u32).find(|&c| !board.is_hole(c))?;
    let mut seen = vec![false; board.area() as usize];
    seen[first as usize] = true;
    let mut todo = vec![first];
    let mut count = 1;
    while let Some(c) = todo.pop() {
        for d in 0..8 {
            if let Some(n) = board.step(c, d).filter(|&n| !seen[n as usize]) {
                seen[n as usize] = true;
                count += 1;
                todo.push(n);
            }
        }
    }
    Some(count)
}

/// The index in `Z^2` of the lattice the vectors span (0 when they span no full
/// lattice): the product of the diagonal of its Hermite form, found by Euclid's
/// algorithm on the first coordinates, then the gcd of what is left of the second.
pub fn lattice_index(vectors: &[(i64, i64)]) -> u64 {
    let mut v: Vec<(i64, i64)> = vectors.to_vec();
    loop {
        let Some(p) = (0..v.len())
            .filter(|&i| v[i].0 != 0)
            .min_by_key(|&i| v[i].0.abs())
        else {
            return 0;
        };
        let pivot = v[p];
        let mut more = false;
        for (i, u) in v.iter_mut().enumerate() {
            if i != p && u.0 != 0 {
                let q = u.0 / pivot.0;
                *u = (u.0 - q * pivot.0, u.1 - q * pivot.1);
                more |= u.0 != 0;
            }
        }
        if !more {
            let second = v
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != p)
                .fold(0u64, |g, (_, u)| gcd64(g, u.1.unsigned_abs()));
            return pivot.0.unsigned_abs() * second;
        }
    }
}

/// The refusal of a tour of `board` that `theorem` says does not exist.
fn no_tour(board: &Board, open: bool, theorem: Theorem) -> Error {
    NoTour::Theorem {
        board: board.to_string(),
        leaper: board.leaper(),
        kind: TourKind::open_if(open),
        theorem,
        hint: true,
    }
    .into()
}

/// The rules of the torus, exact for every leaper: the leaper's graph is connected
/// when its leaps and the sides span `Z^2` (lattice index 1), and then it has a closed
/// tour if the board has three cells or more (see the module's comment), an open one
/// always. Boards with holes are not judged.
pub fn check_torus(board: &Board, open: bool) -> Result<(), Error> {
    let none = |theorem: Theorem| Err(no_tour(board, open, theorem));
    if !board.holes().is_empty() {
        return Ok(());
    }
    let mut spans: Vec<(i64, i64)> = board
        .leaper()
        .dirs()
        .iter()
        .map(|&(x, y)| (x as i64, y as i64))
        .collect();
    spans.extend([(board.width() as i64, 0), (0, board.height() as i64)]);
    let index = lattice_index(&spans);
    if index > 1 && board.cells() > 1 {
        return none(Theorem::TorusPieces { index });
    }
    match board.cells() {
        1 if !open => none(Theorem::SingleCell),
        2 if !open => none(Theorem::TwoCells),
        _ => Ok(()),
    }
}

/// `Ok` when a tour of the kind asked for may exist on a board of three or more
/// sides, else the rule that forbids it. A leap of a leaper `(a, b)` with `a + b` odd
/// (the knight's) changes the sum of the coordinates by an odd number, so a closed tour
/// alternates between even and odd cells and needs as many of each: a board whose sides
/// are all odd has one more even cell and no closed tour (the easy half of the theorem
/// of Erde, Golénia and Golénia, "The closed knight tour problem in higher dimensions",
/// 2012, whose other half asks for the board to be large enough, left to the
/// constructions). A board whose centre cell has no leap has no tour of either kind
/// (the 3x3x3 board's centre moves 2 along no side); the centre is the least mobile
/// cell, since on each side the coordinates that cannot move by a step form an
/// interval around the middle.
fn check_more_sides(s: &Board, open: bool) -> Result<(), Error> {
    let kind = TourKind::open_if(open);
    let sides = s.sides();
    let no_tour = |kind, theorem| -> Result<(), Error> {
        Err(NoTour::Theorem {
            board: s.to_string(),
            leaper: s.leaper(),
            kind,
            theorem,
            hint: true,
        }
        .into())
    };
    let centre: Vec<u32> = sides.iter().map(|&v| (v - 1) / 2).collect();
    let c = s.index_of(&centre);
    if s.cells() > 1 && s.leap_vectors().iter().all(|v| s.step_by(c, v).is_none()) {
        return no_tour(kind, Theorem::IsolatedCentre);
    }
    if let Some(theorem) = unreachable(s.leaper(), &sides) {
        return no_tour(kind, theorem);
    }
    let (a, b) = s.leaper().steps();
    let odd = sides.iter().all(|s| s % 2 == 1);
    if !open && odd && (a + b) % 2 == 1 {
        return no_tour(TourKind::Closed, Theorem::AllSidesOdd);
    }
    Ok(())
}

/// Refuses, before any allocation, a board whose tour would not fit in the memory this
/// process may use (see [`knights_core::memory::available`]).
pub fn check_memory(board: &Board) -> Result<(), Error> {
    knights_core::memory::check_tour(board.area(), &board.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn closed(w: u32, h: u32) -> bool {
        check(&Board::new(w, h).unwrap(), false).is_ok()
    }

    fn open(w: u32, h: u32) -> bool {
        check(&Board::new(w, h).unwrap(), true).is_ok()
    }

    #[test]
    fn schwenks_theorem() {
        assert!(closed(8, 8) && closed(5, 6) && closed(3, 10) && closed(10, 3) && closed(6, 6));
        assert!(!closed(5, 5) && !closed(4, 9) && !closed(9, 4) && !closed(3, 8) && !closed(6, 3));
        assert!(!closed(2, 10) && !closed(1, 1) && !closed(3, 4));
    }

    #[test]
    fn open_tours() {
        assert!(open(5, 5) && open(3, 4) && open(3, 7) && open(7, 7) && open(1, 1));
        assert!(open(4, 5) && open(4, 9) && open(9, 4) && open(4, 1000));
        assert!(!open(3, 5) && !open(4, 4) && !open(2, 8) && !open(3, 6));
    }

    fn leaper(w: u32, h: u32, a: u32, b: u32, open: bool) -> Result<(), String> {
        let board = Board::with_leaper(w, h, Leaper::new(a, b).unwrap()).unwrap();
        check(&board, open).map_err(|e| e.to_string())
    }

    #[test]
    fn leapers_that_cannot_reach_every_square_have_no_tour() {
        let e = leaper(8, 8, 1, 3, false).unwrap_err();
        assert!(e.starts_with("no closed (1, 3) leaper's tour exists on an 8x8 board: its steps add up to an even number"), "{e}");
        assert!(e.contains("(Knuth, \"Leaper graphs\", 1994)"), "{e}");
        let e = leaper(8, 8, 2, 4, false).unwrap_err();
        assert!(e.contains("even number"), "{e}");
        let e = leaper(9, 9, 2, 5, true).unwrap_err();
        assert!(e.contains("leaper's tour") && e.contains("no open"), "{e}");
        let e = leaper(10, 10, 3, 6, true).unwrap_err();
        assert!(e.contains("share the factor 3"), "{e}");
        let e = leaper(64, 64, 1, 64, true).unwrap_err();
        assert!(
            e.starts_with("no open (1, 64) leaper's tour exists")
                && e.contains("at least r + s = 65"),
            "{e}"
        );
        let e = leaper(5, 7, 1, 4, true).unwrap_err();
        assert!(
            e.starts_with("no open giraffe's tour") && e.contains("2s = 8"),
            "{e}"
        );
        assert!(leaper(5, 8, 1, 4, true).is_ok());
        assert!(leaper(8, 8, 2, 3, false).is_ok());
        assert!(leaper(1, 1, 1, 3, true).is_ok());
    }

    /// Whether `board` (at most 24 cells) has a closed or open tour, by trying every
    /// path: the brute force the rules are checked against.
    fn brute(board: &Board, closed: bool) -> bool {
        let n = board.area() as u32;
        assert!(n <= 24);
        let nbrs: Vec<Vec<u32>> = (0..n)
            .map(|c| {
                let mut v: Vec<u32> = (0..8)
                    .filter_map(|d| board.step(c, d))
                    .filter(|&x| x != c)
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            })
            .collect();
        fn go(nbrs: &[Vec<u32>], c: u32, seen: u32, first: u32, closed: bool) -> bool {
            if seen.count_ones() as usize == nbrs.len() {
                return !closed || (nbrs.len() >= 3 && nbrs[c as usize].contains(&first));
            }
            nbrs[c as usize]
                .iter()
                .any(|&x| seen & (1 << x) == 0 && go(nbrs, x, seen | 1 << x, first, closed))
        }
        let starts = if closed { 0..1 } else { 0..n };
        starts.into_iter().any(|s| go(&nbrs, s, 1 << s, s, closed))
    }

    fn torus(w: u32, h: u32, l: Leaper) -> Board {
        Board::with_leaper(w, h, l)
            .unwrap()
            .with_topology(knights_core::Topology::Torus)
    }

    fn leapers(max: u32) -> impl Iterator<Item = Leaper> {
        (1..max).flat_map(move |a| (a + 1..=max).map(move |b| Leaper::new(a, b).unwrap()))
    }

    /// Knuth's rule for the plane is exactly the connectivity of the leaper's graph:
    /// over every leaper up to (5, 6) and every board up to 13 x 13, `unreachable`
    /// refuses a board exactly when a walk along the leaps misses a cell.
    #[test]
    fn knuths_rule_is_exactly_connectivity() {
        for l in leapers(6) {
            for w in 1..=13 {
                for h in 1..=13 {
                    let b = Board::with_leaper(w, h, l).unwrap();
                    let split = reached(&b).unwrap() < b.cells();
                    assert_eq!(unreachable(l, &[w, h]).is_some(), split, "{l} {w}x{h}");
                }
            }
        }
    }

    /// On the torus the rules are exact for every leaper, even ones the plane refuses
    /// at once (steps of even sum, or with a common factor: the seams join what they
    /// keep apart): a board is refused exactly when the brute force finds no tour.
    #[test]
    fn torus_rules_are_exact() {
        for l in leapers(5) {
            for w in 1..=8 {
                for h in 1..=8 {
                    let b = torus(w, h, l);
                    let split = reached(&b).unwrap() < b.cells();
                    let refused = check(&b, true).is_err();
                    assert_eq!(refused, split, "{l} {w}x{h} open");
                    if w * h <= 16 {
                        for closed in [false, true] {
                            let ok = check(&b, !closed).is_ok();
                            assert_eq!(ok, brute(&b, closed), "{l} {w}x{h} closed {closed}");
                        }
                    }
                }
            }
        }
        let e = check(&torus(8, 8, Leaper::new(1, 3).unwrap()), false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("2 separate pieces"), "{e}");
        // The seam of an odd torus joins the colours the (1, 3) leaper keeps apart.
        assert!(check(&torus(7, 8, Leaper::new(1, 3).unwrap()), false).is_ok());
        let e = check(&torus(2, 1, Leaper::KNIGHT), false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("at least 3 cells"), "{e}");
    }

    /// A plane board refused for another leaper has no tour: for a closed tour an odd
    /// number of cells is refused too (every leap of an odd leaper changes colour),
    /// and every refusal is confirmed by the brute force on the small boards.
    #[test]
    fn plane_refusals_of_other_leapers_are_right() {
        let e = leaper(5, 7, 2, 3, false).unwrap_err();
        assert!(e.contains("odd number of cells"), "{e}");
        assert!(leaper(5, 7, 2, 3, true).is_ok());
        for l in leapers(4) {
            for w in 1..=6 {
                for h in 1..=4 {
                    let b = Board::with_leaper(w, h, l).unwrap();
                    for closed in [false, true] {
                        if check(&b, !closed).is_err() {
                            assert!(!brute(&b, closed), "{l} {w}x{h} closed {closed}");
                        }
                    }
                }
            }
        }
    }

    /// The bands: a refusal is never wrong (the brute force finds no tour), and for
    /// other leapers a band in pieces is refused whatever its rule.
    #[test]
    fn band_refusals_are_right() {
        use knights_core::Topology;
        for t in [Topology::Cylinder, Topology::Moebius] {
            for l in leapers(4) {
                let (_, long) = l.steps();
                for w in 2 * long + 1..=2 * long + 3 {
                    for h in 1..=24 / w {
                        let b = Board::with_leaper(w, h, l).unwrap().with_topology(t);
                        if l != Leaper::KNIGHT {
                            let split = reached(&b).unwrap() < b.cells();
                            assert_eq!(check(&b, true).is_err(), split, "{t} {l} {w}x{h}");
                        }
                        for closed in [false, true] {
                            if check(&b, !closed).is_err() {
                                assert!(!brute(&b, closed), "{t} {l} {w}x{h} closed {closed}");
                            }
                        }
                    }
                }
            }
        }
        let e = check(
            &Board::with_leaper(8, 5, Leaper::new(1, 3).unwrap())
                .unwrap()
                .with_topology(Topology::Cylinder),
            true,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("reaches only 20 of the 40 cells"), "{e}");
    }

    #[test]
    fn lattice_index_counts_the_pieces() {
        assert_eq!(lattice_index(&[(1, 2), (2, 1)]), 3);
        assert_eq!(lattice_index(&[(1, 2), (2, 1), (1, -2)]), 1);
        assert_eq!(lattice_index(&[(2, 0), (0, 2)]), 4);
        assert_eq!(lattice_index(&[(1, 3), (3, 1), (1, -3), (8, 0), (0, 8)]), 2);
        assert_eq!(lattice_index(&[(0, 3)]), 0);
    }

    #[test]
    fn refuses_what_cannot_fit() {
        let b = Board::new(60000, 60000).unwrap();
        let e = check_memory(&b).unwrap_err().to_string();
        assert!(e.contains("needs about"), "{e}");
    }
}
