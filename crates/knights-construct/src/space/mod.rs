//! Where a request for a tour of a board of three or more sides meets a construction:
//! the existence rule checked first, then `besa` (the formation construction of Besa
//! et al., Section 5.1) or `warnsdorff` ([`walk`]); `auto` takes the first that
//! supports the board. The constructions of 2-D boards are refused by name.

pub mod walk;

use knights_core::article::an;
use knights_core::space::{verify, Space, SpaceTour, VerifiedSpaceTour};
use knights_core::tour::TourKind;
use knights_core::{Error, GaveUp, NoTour, Theorem, Unsupported};

/// The constructions that build tours of these boards, in the order `auto` tries them.
pub const ALGORITHMS: [&str; 2] = ["besa", "warnsdorff"];

/// What each of [`ALGORITHMS`] does, in one line, for `knights list` and the gallery.
pub fn summary(algorithm: &str) -> Option<&'static str> {
    match algorithm {
        "besa" => Some("the formation algorithm on every level (Besa et al., Section 5.1)"),
        "warnsdorff" => {
            Some("Warnsdorff's rule in any number of dimensions, with Pósa rotations and restarts")
        }
        _ => None,
    }
}

/// What the user asked for.
#[derive(Clone, Debug)]
pub struct SpaceRequest {
    /// The board.
    pub space: Space,
    /// An open tour rather than a closed one.
    pub open: bool,
    /// A variant of the construction (none of these constructions has one yet).
    pub variant: Option<String>,
    /// Seed for the random choices of `warnsdorff`.
    pub seed: u64,
}

impl SpaceRequest {
    /// A closed tour of `space`, seed 0.
    pub fn closed(space: Space) -> SpaceRequest {
        SpaceRequest {
            space,
            open: false,
            variant: None,
            seed: 0,
        }
    }

    fn kind(&self) -> TourKind {
        TourKind::open_if(self.open)
    }
}

/// `Ok` when a tour of the kind asked for may exist, else the rule that forbids it. A
/// leap of a leaper `(a, b)` with `a + b` odd (the knight's) changes the sum of the
/// coordinates by an odd number, so a closed tour alternates between even and odd
/// cells and needs as many of each: a board whose sides are all odd has one more even
/// cell and no closed tour (the easy half of the theorem of Erde, Golénia and
/// Golénia, "The closed knight tour problem in higher dimensions", 2012, whose other
/// half asks for the board to be large enough, left to the constructions).
/// A board whose centre cell has no leap has no tour of either kind (the 3x3x3 board's
/// centre moves 2 along no side); the centre is the least mobile cell, since on each
/// side the coordinates that cannot move by a step form an interval around the middle.
pub fn check_exists(req: &SpaceRequest) -> Result<(), Error> {
    let s = &req.space;
    let centre: Vec<u32> = s.sides().iter().map(|&v| (v - 1) / 2).collect();
    let c = s.index(&centre);
    if s.cells() > 1 && s.leaps().iter().all(|v| s.step(c, v).is_none()) {
        return Err(NoTour::Theorem {
            board: s.to_string(),
            leaper: s.leaper(),
            kind: req.kind(),
            theorem: Theorem::IsolatedCentre,
        }
        .into());
    }
    if let Some(theorem) = crate::existence::unreachable(s.leaper(), s.sides()) {
        return Err(NoTour::Theorem {
            board: s.to_string(),
            leaper: s.leaper(),
            kind: req.kind(),
            theorem,
        }
        .into());
    }
    let (a, b) = req.space.leaper().steps();
    let odd = req.space.sides().iter().all(|s| s % 2 == 1);
    if !req.open && odd && (a + b) % 2 == 1 {
        return Err(NoTour::Theorem {
            board: req.space.to_string(),
            leaper: s.leaper(),
            kind: TourKind::Closed,
            theorem: Theorem::AllSidesOdd,
        }
        .into());
    }
    Ok(())
}

/// Refuses a board whose tour would not fit in the memory this process may use, with
/// the estimate two-sided boards get ([`knights_core::memory::check_tour`]).
pub fn check_memory(req: &SpaceRequest) -> Result<(), Error> {
    knights_core::memory::check_tour(req.space.cells(), &req.space.to_string())
}

/// Everything [`build`] would refuse without building: the existence rule, a variant,
/// an unknown construction, and a board or tour kind the construction does not take
/// (for `auto`, that neither takes). The gallery checks its catalogue with this before
/// building anything.
pub fn check(req: &SpaceRequest, algo: &str) -> Result<(), Error> {
    check_exists(req)?;
    check_memory(req)?;
    if let Some(v) = &req.variant {
        return Err(Error::invalid(format!(
            "the constructions of boards of three or more sides have no variants; leave out --variant {v}"
        )));
    }
    match algo {
        "auto" => match besa_refusal(req) {
            Some(_) => warnsdorff_refusal(req),
            None => Ok(()),
        },
        "besa" => besa_refusal(req).map_or(Ok(()), Err),
        "warnsdorff" => warnsdorff_refusal(req),
        other => Err(two_sided_only(req, other)),
    }
}

/// Why `besa` refuses `req`, or `None` when it takes it.
fn besa_refusal(req: &SpaceRequest) -> Option<Error> {
    let refuse = |why: String| Some(Unsupported::new("besa", &req.space, why).into());
    if req.open {
        return refuse("the formation construction builds closed tours; leave out --open".into());
    }
    if req.space.leaper().steps() != (1, 2) {
        return refuse(
            "the formation construction of boards of three or more sides is built for the knight only"
                .into(),
        );
    }
    crate::besa::levels::refusal(req.space.sides()).and_then(|why| {
        refuse(format!(
            "the formation tour cannot tour the {} board: {why}",
            req.space
        ))
    })
}

/// Why `warnsdorff` refuses `req` (a board too large for its walks).
fn warnsdorff_refusal(req: &SpaceRequest) -> Result<(), Error> {
    let cells = req.space.cells();
    if cells > walk::CELL_LIMIT {
        return Err(Unsupported::new(
            "warnsdorff",
            &req.space,
            format!(
                "warnsdorff walks boards of three or more sides of at most {} cells; the {} board has {cells}",
                walk::CELL_LIMIT,
                req.space
            ),
        )
        .into());
    }
    if !req.open && cells > walk::CLOSED_CELL_LIMIT {
        return Err(Unsupported::new(
            "warnsdorff",
            &req.space,
            format!(
                "warnsdorff closes tours of boards of three or more sides of at most {} cells, in time growing with the square of the cells; the {} board has {cells}, which would take {}: try --open, or a board where besa applies",
                walk::CLOSED_CELL_LIMIT,
                req.space,
                closing_minutes(cells)
            ),
        )
        .into());
    }
    Ok(())
}

/// How long a closed walk of `cells` takes, about (from the measured 73 s for 216,000
/// cells, scaled with the square of the cells).
fn closing_minutes(cells: u64) -> String {
    let x = cells as f64 / 216_000.0;
    match (73.0 * x * x / 60.0).round() as u64 {
        0..=1 => "about a minute".into(),
        m => format!("about {m} minutes"),
    }
}

/// Builds and verifies a tour as `algo` (`auto`, `besa`, `warnsdorff`) says.
pub fn build(req: &SpaceRequest, algo: &str) -> Result<VerifiedSpaceTour, Error> {
    check_exists(req)?;
    check_memory(req)?;
    if let Some(v) = &req.variant {
        return Err(Error::invalid(format!(
            "the constructions of boards of three or more sides have no variants; leave out --variant {v}"
        )));
    }
    let tour = match algo {
        "auto" => match besa(req) {
            Err(Error::Unsupported(_)) => warnsdorff(req),
            built => built,
        },
        "besa" => besa(req),
        "warnsdorff" => warnsdorff(req),
        other => Err(two_sided_only(req, other)),
    }?;
    if tour.kind() != req.kind() {
        return Err(Error::internal(format!(
            "{} built {} tour of the {} board, but {} one was asked for",
            tour.algorithm(),
            an(tour.kind()),
            req.space,
            req.kind()
        )));
    }
    verify::constructed(tour)
}

/// The formation construction on every level (Besa et al., Section 5.1).
fn besa(req: &SpaceRequest) -> Result<SpaceTour, Error> {
    if let Some(e) = besa_refusal(req) {
        return Err(e);
    }
    let (path, sections) = crate::besa::levels::build(req.space.sides())?;
    let tour = SpaceTour::new(req.space.clone(), path, true).with_algorithm("besa");
    Ok(match sections {
        Some(s) => tour.with_sections(s),
        None => tour,
    })
}

/// Warnsdorff's rule with rotations and restarts ([`walk`]).
fn warnsdorff(req: &SpaceRequest) -> Result<SpaceTour, Error> {
    warnsdorff_refusal(req)?;
    let cells = req.space.cells();
    let path = walk::tour(&req.space, req.open, req.seed).ok_or_else(|| {
        Error::from(GaveUp::Walks {
            algorithm: "warnsdorff",
            variant: None,
            board: req.space.to_string(),
            kind: req.kind(),
            walks: walk::ATTEMPTS,
            moves: cells,
            hint: if req.open {
                "try another --seed"
            } else {
                "try another --seed, or --open"
            },
        })
    })?;
    Ok(SpaceTour::new(req.space.clone(), path, !req.open).with_algorithm("warnsdorff"))
}

/// The refusal of a construction that builds only boards with two sides.
fn two_sided_only(req: &SpaceRequest, other: &str) -> Error {
    Unsupported::new(
        "auto",
        &req.space,
        format!(
            "{other} builds tours of boards with two sides; for the {} board use auto, {}",
            req.space,
            ALGORITHMS.join(" or ")
        ),
    )
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(s: &str, open: bool) -> SpaceRequest {
        SpaceRequest {
            open,
            ..SpaceRequest::closed(s.parse().unwrap())
        }
    }

    #[test]
    fn odd_boards_have_no_closed_tour_and_say_why() {
        let e = build(&req("5x5x5", false), "auto").unwrap_err().to_string();
        assert_eq!(
            e,
            "no closed knight's tour exists on a 5x5x5 board: every side is odd, so the board has an odd number of cells and a closed tour alternates colours (Erde, Golénia and Golénia 2012); try --open"
        );
        let t = build(&req("5x5x5", true), "auto").unwrap();
        assert!(!t.is_closed() && t.algorithm() == "warnsdorff");
        for board in ["3x3x3", "3x3x3x3"] {
            let e = build(&req(board, true), "auto").unwrap_err().to_string();
            assert_eq!(
                e,
                format!("no open knight's tour exists on a {board} board: its centre cell is no leap away from any other cell, so no path reaches it")
            );
        }
    }

    #[test]
    fn auto_builds_besa_where_it_applies_else_warnsdorff_and_others_are_refused() {
        let t = build(&req("6x4x3", false), "auto").unwrap();
        assert!(t.is_closed());
        assert_eq!(t.algorithm(), "warnsdorff");
        let t = build(&req("16x12x2", false), "auto").unwrap();
        assert!(t.is_closed());
        assert_eq!(t.algorithm(), "besa");
        let e = build(&req("6x4x3", false), "besa").unwrap_err();
        assert!(matches!(e, Error::Unsupported(_)), "{e}");
        let e = build(&req("20x16x6", true), "besa").unwrap_err();
        assert!(e.to_string().contains("builds closed tours"), "{e}");
        let e = build(&req("6x4x3", false), "parberry")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "parberry builds tours of boards with two sides; for the 6x4x3 board use auto, besa or warnsdorff"
        );
        // The up-front check refuses what the build refuses, with the same message.
        for (board, open, algo) in [
            ("6x4x3", false, "besa"),
            ("20x16x6", true, "besa"),
            ("6x4x3", false, "parberry"),
            ("5x5x5", false, "auto"),
            ("200x100x60", false, "warnsdorff"),
        ] {
            let r = req(board, open);
            let (c, b) = (check(&r, algo).unwrap_err(), build(&r, algo).unwrap_err());
            assert_eq!(c.to_string(), b.to_string(), "{board} {algo}");
        }
        for (board, open, algo) in [("16x12x4", false, "besa"), ("6x4x3", true, "auto")] {
            check(&req(board, open), algo).unwrap();
        }
        let mut r = req("6x4x3", false);
        r.variant = Some("roth".into());
        assert!(check(&r, "auto").is_err());
        assert!(build(&r, "auto")
            .unwrap_err()
            .to_string()
            .contains("no variants"));
    }
}
