//! The one place where a request meets a construction: the list of constructions, the
//! [`Algo`] a user names (`auto` or one of them), and [`resolve`], which checks a
//! request once (the tour exists, fits in memory, the variant is the construction's,
//! the construction supports the board) for the command line and the gallery alike.
//! [`Resolved::build`] then stamps the construction's name on the tour and refuses a
//! tour of the other kind (open for closed) than the one asked for.

use std::fmt;
use std::str::FromStr;

use super::{
    backtrack, band_motif, besa, existence, fibonacci, hilbert, magic, parberry, search, stitch,
    symmetric, torus, tourney, warnsdorff,
};
use super::{Construction, Request};
use knights_core::article::an;
use knights_core::Tour;
use knights_core::{BadBoard, BadOption, Error, Named, Unknown, Unsupported};

/// Every construction, in the order `auto` tries them.
pub fn all() -> &'static [&'static dyn Construction] {
    &[
        &besa::Besa,
        &torus::Torus,
        &search::Search,
        &parberry::Parberry,
        &stitch::Stitch,
        &warnsdorff::Warnsdorff,
        &backtrack::Backtrack,
        &hilbert::Hilbert,
        &fibonacci::Fibonacci,
        &band_motif::BandMotif,
        &magic::Magic,
        &symmetric::Symmetric,
        &tourney::Neural,
    ]
}

/// The construction a user asks for: `auto` or one by name. Parsed once, where the
/// name comes in; an unknown name is refused there.
#[derive(Clone, Copy, Default)]
pub enum Algo {
    /// The first construction, in the order of [`all`], that supports the request.
    #[default]
    Auto,
    /// This construction.
    Named(&'static dyn Construction),
}

/// The name `auto` is written as.
const AUTO: &str = "auto";

impl Algo {
    /// `auto`, or the construction's name.
    pub fn name(&self) -> &'static str {
        match self {
            Algo::Auto => AUTO,
            Algo::Named(c) => c.name(),
        }
    }
}

impl FromStr for Algo {
    type Err = Error;
    fn from_str(name: &str) -> Result<Algo, Error> {
        if name == AUTO {
            return Ok(Algo::Auto);
        }
        match all().iter().find(|c| c.name() == name) {
            Some(&c) => Ok(Algo::Named(c)),
            None => {
                let mut names = vec![AUTO];
                names.extend(all().iter().map(|c| c.name()));
                Err(Unknown::new(Named::Algorithm, name, &names).into())
            }
        }
    }
}

impl fmt::Display for Algo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for Algo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Algo({})", self.name())
    }
}

impl PartialEq for Algo {
    fn eq(&self, other: &Algo) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Algo {}

/// The part of a request a refusal is about, so that a catalogue can point at the
/// field to change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The board (or open/closed): no tour, too large, not supported.
    Board,
    /// The variant: the construction has none of that name.
    Variant,
    /// The construction: it does not build this kind of board (one of three or more
    /// sides).
    Algorithm,
}

/// Why [`resolve`] refused a request.
#[derive(Debug)]
pub struct Refusal {
    /// What to change.
    pub part: Part,
    /// The one-line reason.
    pub error: Error,
}

impl Refusal {
    fn board(error: Error) -> Refusal {
        Refusal {
            part: Part::Board,
            error,
        }
    }
}

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Error {
        r.error
    }
}

/// A request checked and matched with the construction that will build it. It holds
/// its own copy of the request, so a caller can keep it (the site's plan keeps one per
/// tour) and build from it later without checking the request again.
#[derive(Clone)]
pub struct Resolved {
    construction: &'static dyn Construction,
    request: Request,
}

impl fmt::Debug for Resolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Resolved")
            .field("construction", &self.construction.name())
            .field("request", &self.request)
            .finish()
    }
}

impl Resolved {
    /// The construction that will build the tour.
    pub fn construction(&self) -> &'static dyn Construction {
        self.construction
    }

    /// The request it checked.
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// Builds the tour, named after its construction. A tour of the other kind than
    /// the one asked for is a bug of the construction, refused here.
    pub fn build(&self) -> Result<Tour, Error> {
        let (c, req) = (self.construction, &self.request);
        let tour = match on_plane(c, req) {
            Some(flat) => c.build(&flat)?.with_topology(req.board.topology()),
            None => c.build(req)?,
        }
        .with_algorithm(c.name());
        if tour.kind() != req.kind() {
            return Err(Error::internal(format!(
                "{} returned {} tour of the {} board when {} one was asked for",
                c.name(),
                an(tour.kind()),
                req.board,
                an(req.kind())
            )));
        }
        let Some((x, y)) = req.start else {
            return Ok(tour);
        };
        // A closed tour is turned to start where asked; `resolve` refused an open one
        // of a construction that does not start where asked.
        tour.starting_at(req.board.index(x, y)).ok_or_else(|| {
            Error::internal(format!(
                "{} gave a tour of the {} board that cannot start at [{x}, {y}]",
                c.name(),
                req.board
            ))
        })
    }
}

/// Refuses a `--start` the construction cannot honour: an open tour starts where its
/// construction starts it, except in the searches ([`Construction::starts_anywhere`]).
fn check_start(c: &dyn Construction, req: &Request) -> Result<(), Error> {
    let b = &req.board;
    if req.start.is_some() && req.open && !c.starts_anywhere() {
        return Err(Unsupported::new(
            c.name(),
            b,
            format!(
                "{} builds its open tours from a start of its own: --start X,Y takes a closed tour (turned to start there) or an open one of {}",
                c.name(),
                all()
                    .iter()
                    .filter(|c| c.starts_anywhere())
                    .map(|c| c.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
        .into());
    }
    Ok(())
}

/// The request on the flat board of the same size, when `c` builds a band's tour there
/// (see [`Construction::bands`]); `None` when `c` takes `req` as it is.
fn on_plane(c: &dyn Construction, req: &Request) -> Option<Request> {
    (req.board.topology().wraps() && !c.bands()).then(|| Request {
        board: req.board.plane(),
        ..req.clone()
    })
}

/// `c.check(req)`, for a construction that builds a band's tour on the flat board also
/// the flat board's existence rules (a band may have tours the plane has not).
fn check_on(c: &dyn Construction, req: &Request) -> Result<(), Error> {
    check_start(c, req)?;
    match on_plane(c, req) {
        Some(flat) => {
            if !flat.variant.as_deref().is_some_and(|v| c.reshapes(v)) {
                existence::check(&flat.board, flat.open).map_err(|e| {
                    Error::Unsupported(knights_core::Unsupported::new(
                        c.name(),
                        &req.board,
                        format!(
                            "{} builds a band's tour on the flat board, and {e}",
                            c.name()
                        ),
                    ))
                })?;
            }
            c.check(&flat)
        }
        None => c.check(req),
    }
}

/// The constructions `auto` tries for `req`: on a band, those that search the band
/// itself first.
fn candidates(req: &Request) -> Vec<&'static dyn Construction> {
    let mut list = all().to_vec();
    if req.board.topology().wraps() {
        list.sort_by_key(|c| !c.bands());
    }
    list
}

/// Checks `req` against `algo` before any work: the tour exists and fits in memory,
/// the variant is one of the construction's, and the construction supports the board.
/// `auto` takes the first construction (in the order of [`all`]) that has the variant
/// and supports the board. The memory estimate is checked twice: at the least bytes a
/// cell of any construction before choosing, at the chosen one's own after.
pub fn resolve(req: &Request, algo: Algo) -> Result<Resolved, Refusal> {
    let resolved = choose(req, algo)?;
    let c = resolved.construction;
    let per_cell = c.bytes_per_cell(req);
    if per_cell > knights_core::memory::BYTES_PER_CELL {
        let what = format!("{} board built by {}", an(&req.board), c.name());
        knights_core::memory::check_cells(req.board.area(), per_cell, &what)
            .map_err(Refusal::board)?;
    }
    Ok(resolved)
}

/// [`resolve`] but for the chosen construction's own memory estimate.
fn choose(req: &Request, algo: Algo) -> Result<Resolved, Refusal> {
    let no_tour = |e: Error| match (algo, e) {
        // `--open` cannot be asked of it: the refusal does not suggest it.
        (Algo::Named(c), Error::NoTour(n)) if !c.opens() => {
            Refusal::board(Error::NoTour(n.without_hint()))
        }
        (_, e) => Refusal::board(e),
    };
    check_exists(req).map_err(no_tour)?;
    if req.board.dims() > 2 {
        return resolve_more_sides(req, algo);
    }
    if let Some((x, y)) = req.start {
        let b = &req.board;
        if x >= b.width() || y >= b.height() || b.is_hole(b.index(x, y)) {
            return Err(Refusal::board(
                BadBoard::StartNotACell {
                    x,
                    y,
                    board: b.to_string(),
                }
                .into(),
            ));
        }
    }
    let resolved = |construction| Resolved {
        construction,
        request: req.clone(),
    };
    if let Algo::Named(c) = algo {
        if let Some(v) = &req.variant {
            if !c.variants().contains(&v.as_str()) {
                let what = Named::Variant {
                    algorithm: c.name(),
                };
                return Err(Refusal {
                    part: Part::Variant,
                    error: Unknown::new(what, v, c.variants()).into(),
                });
            }
            if !c.reshapes(v) {
                existence::check(&req.board, req.open).map_err(no_tour)?;
            }
        }
        check_on(c, req).map_err(Refusal::board)?;
        return Ok(resolved(c));
    }
    let mut reasons = Vec::new();
    let list = candidates(req);
    let with_variant = list.iter().filter(|c| {
        req.variant
            .as_deref()
            .is_none_or(|v| c.variants().contains(&v))
    });
    for &c in with_variant {
        match check_on(c, req) {
            Ok(()) => return Ok(resolved(c)),
            Err(e) => {
                // Some refusals already start with the construction's name.
                let e = e.to_string();
                let named = e.starts_with(&format!("{}:", c.name()));
                reasons.push(if named {
                    e
                } else {
                    format!("{}: {e}", c.name())
                })
            }
        }
    }
    if let (Some(v), true) = (&req.variant, reasons.is_empty()) {
        return Err(Refusal {
            part: Part::Variant,
            error: Unknown::new(Named::AnyVariant, v, &[]).into(),
        });
    }
    Err(Refusal::board(Error::from(Unsupported {
        algorithm: None,
        board: req.board.to_string(),
        reason: format!(
            "no construction supports {} {} tour ({})",
            an(req.kind()),
            req.board,
            reasons.join("; ")
        ),
    })))
}

/// [`resolve`] on a board of three or more sides: no variant; a construction that
/// builds such boards ([`Construction::more_sides`]); `auto` takes the first that takes
/// the board, or else gives the last one's reason.
fn resolve_more_sides(req: &Request, algo: Algo) -> Result<Resolved, Refusal> {
    if let Some(v) = &req.variant {
        return Err(Refusal {
            part: Part::Variant,
            error: BadOption::VariantOnMoreSides {
                variant: v.to_string(),
            }
            .into(),
        });
    }
    let builders = all().iter().copied().filter(|c| c.more_sides().is_some());
    let resolved = |construction| Resolved {
        construction,
        request: req.clone(),
    };
    match algo {
        Algo::Named(c) if c.more_sides().is_none() => {
            let names: Vec<&str> = builders.map(|c| c.name()).collect();
            Err(Refusal {
                part: Part::Algorithm,
                error: Unsupported::new(
                    AUTO,
                    &req.board,
                    format!(
                        "{} builds tours of boards with two sides; for the {} board use auto, {}",
                        c.name(),
                        req.board,
                        names.join(" or ")
                    ),
                )
                .into(),
            })
        }
        Algo::Named(c) => c.check(req).map(|()| resolved(c)).map_err(Refusal::board),
        Algo::Auto => {
            let mut last = None;
            for c in builders {
                match c.check(req) {
                    Ok(()) => return Ok(resolved(c)),
                    Err(e) => last = Some(e),
                }
            }
            Err(Refusal::board(last.unwrap_or_else(|| {
                Error::internal("no construction builds boards of three or more sides")
            })))
        }
    }
}

/// Builds a tour for `req` with the construction named `algo` (`auto` picks the first
/// that supports the board): [`resolve`] then [`Resolved::build`].
pub fn build(req: &Request, algo: &str) -> Result<Tour, Error> {
    resolve(req, algo.parse()?)?.build()
}

/// Refuses, before any work, a request for a tour that does not exist (citing the
/// rule) or would not fit in memory.
pub fn check_exists(req: &Request) -> Result<(), Error> {
    // A variant may change the board (Parberry's `corner` removes a corner of an odd
    // board): the construction itself judges the boards of such a variant.
    let reshaped = req
        .variant
        .as_deref()
        .is_some_and(|v| all().iter().any(|c| c.reshapes(v)));
    if !reshaped {
        existence::check(&req.board, req.open)?;
    }
    existence::check_memory(&req.board)
}

/// The error of a construction handed a variant it does not have, which [`resolve`]
/// refuses first: a construction's `build` called directly, past the registry.
pub(crate) fn unchecked_variant(c: &dyn Construction, variant: &str) -> Error {
    Error::internal(format!(
        "{} was given the variant '{variant}', which it does not have",
        c.name()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_core::Board;
    use knights_core::TourKind;

    fn req(w: u32, h: u32, open: bool, variant: Option<&str>) -> Request {
        let mut r = Request::closed(Board::new(w, h).unwrap());
        r.open = open;
        r.variant = variant.map(String::from);
        r
    }

    #[test]
    fn a_variant_does_not_skip_the_existence_rules_unless_it_changes_the_board() {
        let algo = |name: &str| name.parse::<Algo>().unwrap();
        for (name, variant) in [
            ("warnsdorff", "first"),
            ("auto", "first"),
            ("warnsdorff", "corner"),
        ] {
            let e = resolve(&req(2, 2, true, Some(variant)), algo(name))
                .err()
                .unwrap();
            assert!(
                matches!(e.error, Error::NoTour(_)),
                "{name} {variant}: {}",
                e.error
            );
        }
        // Parberry's corner variant tours 5x5 without its corner cell, which the
        // full board's rule (odd cells) does not judge.
        assert!(resolve(&req(5, 5, false, Some("corner")), algo("parberry")).is_ok());
    }

    #[test]
    fn a_closed_tour_starts_where_asked_and_an_open_one_only_in_a_search() {
        for algo in ["besa", "parberry", "auto"] {
            let mut r = req(30, 30, false, None);
            r.start = Some((1, 1));
            let t = resolve(&r, algo.parse().unwrap()).unwrap().build().unwrap();
            let t = knights_core::verify::constructed(t).unwrap();
            assert_eq!(t.path()[0], r.board.index(1, 1), "{algo}");
        }
        let mut r = req(30, 30, true, None);
        r.start = Some((1, 1));
        let e = resolve(&r, "hilbert".parse().unwrap()).err().unwrap().error;
        assert!(e.to_string().contains("from a start of its own"), "{e}");
        r.start = Some((30, 0));
        let e = resolve(&r, "search".parse().unwrap()).err().unwrap().error;
        assert!(
            e.to_string().contains("is not a cell of the 30x30 board"),
            "{e}"
        );
    }

    #[test]
    fn names_parse_once_and_print_back() {
        assert_eq!("auto".parse::<Algo>().unwrap(), Algo::Auto);
        for c in all() {
            let a: Algo = c.name().parse().unwrap();
            assert_eq!(a.to_string(), c.name());
        }
        let e = "nope".parse::<Algo>().unwrap_err().to_string();
        assert!(
            e.contains("unknown algorithm 'nope'") && e.contains("besa"),
            "{e}"
        );
    }

    #[test]
    fn the_registry_names_the_tour_and_gives_the_kind_asked_for() {
        for (w, h, open, algo) in [
            (8, 8, false, "auto"),
            (30, 30, false, "besa"),
            (7, 7, true, "auto"),
            (12, 12, false, "parberry"),
            (5, 6, true, "backtrack"),
        ] {
            let r = req(w, h, open, None);
            let resolved = resolve(&r, algo.parse().unwrap()).unwrap();
            let t = resolved.build().unwrap();
            assert_eq!(t.algorithm(), resolved.construction().name());
            assert_eq!(t.kind(), TourKind::open_if(open));
            knights_core::verify::verify(t).unwrap();
        }
    }

    #[test]
    fn refusals_say_which_part_to_change() {
        let variant = |r: &Request, a: &str| resolve(r, a.parse().unwrap()).err().unwrap();
        let r = variant(&req(8, 8, false, Some("nope")), "warnsdorff");
        assert_eq!(r.part, Part::Variant);
        assert!(r
            .error
            .to_string()
            .contains("has no variant 'nope' (it has: first"));
        let r = variant(&req(8, 8, false, Some("nope")), "auto");
        assert_eq!(r.part, Part::Variant);
        let r = variant(&req(8, 8, false, Some("roth")), "besa");
        assert!(
            r.error
                .to_string()
                .contains("(it has: turns, crossings, best, band, corner, sym90)"),
            "{}",
            r.error
        );
        let r = variant(&req(4, 4, false, None), "auto");
        assert_eq!(r.part, Part::Board);
        assert!(matches!(r.error, Error::NoTour(_)));
        let r = variant(&req(10, 10, true, None), "besa");
        assert!(
            r.error.to_string().contains("closed tours only"),
            "{}",
            r.error
        );
        // A variant that keeps the board keeps its existence rules.
        let r = variant(&req(9, 9, false, Some("quadrisected")), "auto");
        assert!(
            r.error
                .to_string()
                .starts_with("no closed knight's tour exists on a 9x9 board: both sides are odd"),
            "{}",
            r.error
        );
    }

    /// The reasons a library user matches on, as the registry raises them.
    #[test]
    fn a_library_user_matches_the_reason_a_board_gets_no_tour() {
        use knights_core::{NoTour, Theorem};
        let e = build(&req(4, 9, false, None), "auto").unwrap_err();
        assert!(
            matches!(
                &e,
                Error::NoTour(NoTour::Theorem {
                    board,
                    kind: TourKind::Closed,
                    theorem: Theorem::NarrowClosed,
                    ..
                }) if board == "4x9"
            ),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            "no closed knight's tour exists on a 4x9 board: no board with a side of 1, 2 or 4 has one (Schwenk 1991); try --open"
        );
        let e = build(&req(8, 8, false, None), "besa").unwrap_err();
        assert!(
            matches!(&e, Error::Unsupported(Unsupported { algorithm: Some("besa"), board, .. }) if board == "8x8"),
            "{e:?}"
        );
    }

    #[test]
    fn auto_skips_constructions_without_the_variant() {
        let r = req(10, 10, true, Some("corner"));
        let resolved = resolve(&r, Algo::Auto).unwrap();
        assert_eq!(resolved.construction().name(), "warnsdorff");
    }
}
