//! Semi-magic tours of the chessboard: numbered in visiting order, every row and every
//! column sums to 260. Its own module because a semi-magic tour is a property of the
//! numbering, which the general search engine does not keep.
//!
//! The closed and the open tour that the search (`search`, run by the tests) finds
//! from its default start are stored (knights-core's `examples::MAGIC_8X8` and
//! `MAGIC_8X8_OPEN`), and so is Beverley's open tour; a request from another start
//! is answered from them, turned, reflected, read backwards or renumbered (`known`,
//! which proves these keep the sums), at once, or refused at once naming the nearest
//! square that has one: the search from most other squares runs for minutes (issue
//! 39, case 10). An open tour is open by the tour format's definition: its ends are
//! not a leap apart.
//!
//! Facts about the chessboard, from the exhaustive enumeration of Stertenbrink,
//! Meyrignac and others ("Computing Magic Knight Tours", 2003): 140 classes of
//! semi-magic 8x8 tours exist under the 16 symmetries (rotations, reflections and
//! reversed numbering), 63 of them closed and 77 open, and none is magic (no
//! tour's two diagonals also sum to 260).

mod known;
#[cfg(test)]
mod search;

#[cfg(test)]
use knights_core::Board;
use knights_core::{Error, Leaper, NoTour, Tour, Unsupported};

use super::{Construction, Request};

/// Gives a semi-magic tour.
pub struct Magic;

/// Where a tour starts when no `--start` is given: the stored tours start there (the
/// search reaches a closed semi-magic tour from it in about four million steps, while
/// from most other squares it runs past fifty million).
const START: (u32, u32) = (3, 3);

/// The variants: `semi` (rows and columns) and `full` (the diagonals too).
const VARIANTS: [&str; 2] = ["semi", "full"];

impl Construction for Magic {
    fn name(&self) -> &'static str {
        "magic"
    }
    fn summary(&self) -> &'static str {
        "semi-magic tours by search: numbered in visiting order, every row and every column sums alike (Beverley's 8x8 of 1848 is the first; Stertenbrink, Meyrignac et al., Computing Magic Knight Tours, 2003, found all 2,240 of 8x8, 140 up to symmetry, and no magic one)"
    }
    fn boards(&self) -> &'static str {
        "knight's tours of n x n boards, n = 8 (open or closed); semi: rows and columns; full (the diagonals too) is refused on 8x8, where none exists"
    }
    fn variants(&self) -> &'static [&'static str] {
        &VARIANTS
    }
    fn starts_anywhere(&self) -> bool {
        true
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        let b = &req.board;
        let refuse = |why: String| Err(Unsupported::new(self.name(), b, why).into());
        if b.leaper() != Leaper::KNIGHT || b.topology().wraps() || !b.holes().is_empty() {
            return refuse(format!(
                "magic tours are searched for the knight on full flat boards, and the {b} board is not one"
            ));
        }
        if req.variant.as_deref() == Some("full") && b.width() == 8 && b.height() == 8 {
            return Err(NoTour::Property {
                board: b.to_string(),
                kind: req.kind(),
                what: "magic".into(),
                why: "the exhaustive search of Stertenbrink, Meyrignac et al. (Computing Magic Knight Tours, 2003) found 2,240 semi-magic tours of 8x8 (140 up to the board's symmetries and reversal) and none whose diagonals sum to 260 too; ask for --magic semi".into(),
            }
            .into());
        }
        if b.width() != 8 || b.height() != 8 {
            return refuse(format!(
                "the search reaches 8x8 only (the {b} board's numbering is searched too slowly to promise a tour)"
            ));
        }
        match req.start {
            Some(start) if !stored_answers(req) && known::from(b, !req.open, start).is_none() => {
                Err(unknown_start(req, start))
            }
            _ => Ok(()),
        }
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        match (stored_answers(req), req.open) {
            (true, false) => Ok(knights_core::examples::magic_8x8()),
            (true, true) => Ok(knights_core::examples::magic_8x8_open()),
            (false, _) => {
                let start = req.start.unwrap_or(START);
                known::from(&req.board, !req.open, start).ok_or_else(|| unknown_start(req, start))
            }
        }
    }
}

/// Whether `req` asks for what the search from [`START`] finds on the chessboard: the
/// closed tour stored as [`knights_core::examples::MAGIC_8X8`] or the open one stored
/// as [`knights_core::examples::MAGIC_8X8_OPEN`], read instead of searched for again
/// (a second or two on one core for the closed one, at every gallery build; tens of
/// seconds unoptimized for the open one). The tests run the search and compare.
fn stored_answers(req: &Request) -> bool {
    let b = &req.board;
    b.width() == 8
        && b.height() == 8
        && b.leaper() == Leaper::KNIGHT
        && !b.topology().wraps()
        && b.holes().is_empty()
        && req.variant.as_deref() != Some("full")
        && req.start.unwrap_or(START) == START
}

/// The refusal of a start no stored tour reaches: where they start, the nearest such
/// square, and whether the other kind of tour starts there.
fn unknown_start(req: &Request, (x, y): (u32, u32)) -> Error {
    let b = &req.board;
    let (kind, other, ask) = match req.open {
        true => ("open", "closed", "leave out --open"),
        false => ("closed", "open", "ask for --open"),
    };
    let starts = known::starts(b, !req.open);
    let far = |&(a, c): &(u32, u32)| a.abs_diff(x).pow(2) + c.abs_diff(y).pow(2);
    let near = starts
        .iter()
        .min_by_key(|s| far(s))
        .copied()
        .unwrap_or(START);
    let there = match known::from(b, req.open, (x, y)) {
        Some(_) => format!("; an {other} one starts there ({ask})"),
        None => String::new(),
    };
    Unsupported::new(
        "magic",
        b,
        format!(
            "no {kind} semi-magic tour of the {b} board from [{x}, {y}] is known: the stored ones, turned, reflected, read backwards or renumbered where the sums allow, start on {} of its {} squares, and a search from the others may run for minutes; start from [{}, {}], the nearest of them, or leave out --start{there}",
            starts.len(),
            b.cells(),
            near.0,
            near.1
        ),
    )
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_core::magic::{self, Kind};
    use knights_core::verify;

    fn semi(start: Option<(u32, u32)>, open: bool) -> Request {
        let mut req = Request::closed(Board::new(8, 8).unwrap());
        req.variant = Some("semi".into());
        req.start = start;
        req.open = open;
        req
    }

    #[test]
    fn a_magic_tour_is_refused_and_other_boards_too() {
        let mut req = semi(None, false);
        req.variant = Some("full".into());
        let e = Magic.check(&req).unwrap_err().to_string();
        assert!(
            e.starts_with("no closed magic knight's tour exists on an 8x8 board"),
            "{e}"
        );
        req.board = Board::new(10, 10).unwrap();
        req.variant = Some("semi".into());
        assert!(Magic.check(&req).is_err());
    }

    #[test]
    fn the_stored_tour_answers_only_the_request_the_search_made_it_for() {
        let mut req = semi(None, false);
        let stored = knights_core::examples::magic_8x8();
        for start in [None, Some(START)] {
            req.start = start;
            assert!(stored_answers(&req));
            assert_eq!(Magic.build(&req).unwrap().path(), stored.path());
        }
        // The open one from the default start is stored too.
        req.open = true;
        let open = knights_core::examples::magic_8x8_open();
        assert!(stored_answers(&req));
        assert_eq!(Magic.build(&req).unwrap().path(), open.path());
        assert!(!Magic.build(&req).unwrap().is_closed());
        // Another start is answered from them, moved.
        req.open = false;
        req.start = Some((4, 4));
        assert!(!stored_answers(&req));
        assert_ne!(Magic.build(&req).unwrap().path(), stored.path());
        req.start = None;
        req.variant = Some("full".into());
        assert!(!stored_answers(&req));
    }

    /// Every start of the chessboard, closed and open: a verified semi-magic tour of
    /// that kind from that square (the sums counted afresh here, not by `known`), or a
    /// refusal at once naming a square that has one; and the moves `known` makes keep
    /// every stored numbering semi-magic (a stored tour turned by each symmetry, read
    /// backwards, is never dropped as not semi-magic).
    #[test]
    fn every_start_gets_a_semi_magic_tour_of_its_kind_or_a_refusal_naming_one() {
        let t0 = std::time::Instant::now();
        let mut answered = [0, 0];
        for open in [false, true] {
            for y in 0..8 {
                for x in 0..8 {
                    let req = semi(Some((x, y)), open);
                    match Magic.check(&req).and_then(|()| Magic.build(&req)) {
                        Ok(tour) => {
                            let t = verify::verify(tour).unwrap();
                            assert_eq!(t.is_closed(), !open, "[{x}, {y}]");
                            assert_eq!(t.board().xy(t.path()[0]), (x, y));
                            let m = magic::of_path(t.board(), t.path());
                            assert_eq!(m.kind, Kind::SemiMagic, "[{x}, {y}]");
                            assert_eq!((m.rows, m.columns), (vec![260; 8], vec![260; 8]));
                            answered[open as usize] += 1;
                        }
                        Err(e) => {
                            let e = e.to_string();
                            assert!(e.contains(&format!("from [{x}, {y}] is known")), "{e}");
                            // The square it names has one.
                            let near = e.split("start from [").nth(1).unwrap();
                            let (a, rest) = near.split_once(", ").unwrap();
                            let c = rest.split_once(']').unwrap().0;
                            let to = (a.parse().unwrap(), c.parse().unwrap());
                            assert!(Magic.build(&semi(Some(to), open)).is_ok(), "{e}");
                        }
                    }
                }
            }
        }
        // The stored closed tour renumbers from 48 squares, the open ones from 24.
        assert_eq!(answered, [48, 24]);
        // Each symmetry of each stored tour, both ways, is still semi-magic.
        assert_eq!(known::numberings(false).len(), 2 * 8 * 2);
        assert!(std::time::Instant::now() - t0 < std::time::Duration::from_secs(20));
    }

    #[test]
    fn a_corner_is_refused_at_once_with_the_nearest_start() {
        let e = Magic
            .check(&semi(Some((7, 7)), false))
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "no closed semi-magic tour of the 8x8 board from [7, 7] is known: the stored ones, turned, reflected, read backwards or renumbered where the sums allow, start on 48 of its 64 squares, and a search from the others may run for minutes; start from [5, 7], the nearest of them, or leave out --start; an open one starts there (ask for --open)"
        );
    }
}
