//! Parberry's divide and conquer (Ian Parberry, "An Efficient Algorithm for the Knight's
//! Tour Problem", 1997): structured closed tours built by splitting the board into four
//! quadrants, touring each the same way down to small base tiles, and joining the four
//! tours with four new moves at the centre. Linear time. Its variants: quadrisected
//! tours, tours invariant under a half or a quarter turn, and closed tours of odd
//! squares missing a corner.
//!
//! The split, the join and the structured tiles are described in docs/parberry.md;
//! the base tiles are data (`tiles.txt`), found by the tile search of knights-lab.

mod canvas;
mod split;
mod symmetric;
#[cfg(test)]
mod tests;
pub mod tiles;

use super::{unchecked_variant, Construction, Request};
use knights_core::article::an;
use knights_core::MoveGrid;
use knights_core::Sections;
use knights_core::{Board, Leaper};
use knights_core::{Error, Tour, TourKind, Unsupported};

use canvas::Canvas;
pub use split::base_sizes;
use split::{coverable, Builder, SPLIT_FROM, TILE_MAX};

/// Parberry's divide and conquer.
pub struct Parberry;

/// The variants `--variant` accepts.
const VARIANTS: [&str; 4] = ["quadrisected", "sym180", "sym90", "corner"];

/// Sections of the plain tour: quadrants this many levels down (at most 256).
const LABEL_DEPTH: usize = 4;

/// Bytes a cell at the peak of building, proving and measuring a tour made of
/// Parberry's tiles or stitched pieces (the path, the sections, the proof's grid):
/// 10.4 measured at 7000x7000 (resident), rounded up.
pub(crate) const BYTES_PER_CELL: u64 = 12;

impl Construction for Parberry {
    /// At the peak, the path, the tiles' sections and the proof's grid: 10.4 bytes a cell
    /// measured at 7000x7000 (RSS), rounded up.
    fn bytes_per_cell(&self, _req: &Request) -> u64 {
        crate::parberry::BYTES_PER_CELL
    }
    fn name(&self) -> &'static str {
        "parberry"
    }

    fn summary(&self) -> &'static str {
        "Parberry's divide and conquer: structured closed tours from four joined quadrants (Parberry, An Efficient Algorithm for the Knight's Tour Problem, 1997)"
    }

    fn boards(&self) -> &'static str {
        "closed tours with both sides >= 6 and an even number of cells whose quadrants split \
         down to base tiles (every n x n, n x (n+1), n x (n+2), sides within about a factor of \
         two); quadrisected: both sides >= 12, and 10x10; sym180: n x n, 4 | n, n >= 12; sym90: n x n, \
         n = 4k+2 >= 10; corner: odd n x n missing a corner, n >= 5"
    }

    fn variants(&self) -> &'static [&'static str] {
        &VARIANTS
    }

    fn reshapes(&self, variant: &str) -> bool {
        variant == "corner"
    }

    fn check(&self, req: &Request) -> Result<(), Error> {
        plan(req).map(|_| ())
    }

    fn build(&self, req: &Request) -> Result<Tour, Error> {
        let plan = plan(req)?;
        let tiles = tiles::tiles()?;
        let n = plan.board.width();
        let (canvas, names) = match plan.kind {
            Kind::Plain { depth } => {
                let (h, w) = (plan.board.height(), plan.board.width());
                let mut b = Builder::new(h, w, tiles, depth)?;
                b.tour((0, 0), h, w, false)?;
                (b.canvas, b.names)
            }
            Kind::SmallQuadrisected => {
                let tile = tiles.quadrisected(n).ok_or_else(|| {
                    Error::internal(format!("parberry has no {n}x{n} quadrisected tour"))
                })?;
                let mut c = Canvas::new(n, n)?;
                c.place((tile.h, tile.w), &tile.masks, (0, 0), 0);
                c.relabel(|rc| tiles::quadrant(n, rc));
                (c, symmetric::quadrant_names())
            }
            Kind::Sym180 => (symmetric::sym180(n, tiles)?, symmetric::quadrant_names()),
            Kind::Sym90 => (symmetric::sym90(n, tiles)?, symmetric::quadrant_names()),
            Kind::Corner(t) => {
                let mut b = Builder::new(n, n, tiles, LABEL_DEPTH)?;
                b.tour((0, 0), n, n, true)?;
                let mut placed = Canvas::new(n, n)?;
                placed.blit(&b.canvas, t, (0, 0), None);
                (placed, b.names)
            }
        };
        finish(plan.board, canvas, names, req.open)
    }
}

/// What to build.
enum Kind {
    /// The structured tour, its sections the quadrants `depth` levels down.
    Plain { depth: usize },
    /// A small square's quadrisected tour, kept as data.
    SmallQuadrisected,
    /// Theorem 2.2.
    Sym180,
    /// Theorem 2.5.
    Sym90,
    /// The odd square missing its top-left corner, moved to the hole's corner.
    Corner(canvas::Transform),
}

struct Plan {
    /// The board of the tour (for `corner`, with its hole).
    board: Board,
    kind: Kind,
}

/// Checks the request and says what to build, or why it cannot be built.
fn plan(req: &Request) -> Result<Plan, Error> {
    let board = &req.board;
    let (w, h) = (board.width(), board.height());
    let no = |why: String| {
        let name = Parberry.name();
        Error::from(Unsupported::new(
            name,
            board,
            format!("{name} cannot tour {} board: {why}", an(board)),
        ))
    };
    if board.leaper() != Leaper::KNIGHT {
        return Err(no(format!(
            "it builds knight's tours only, not {} leaper tours",
            board.leaper()
        )));
    }
    let variant = req.variant.as_deref();
    if variant == Some("corner") {
        return plan_corner(board);
    }
    if !board.holes().is_empty() {
        return Err(no(
            "only the corner variant tours a board with a missing cell".into(),
        ));
    }
    let square = |why: &str, ok: bool| {
        if w == h && ok {
            Ok(())
        } else {
            Err(no(why.into()))
        }
    };
    let kind = match variant {
        None => Kind::Plain { depth: LABEL_DEPTH },
        Some("quadrisected") if w == h && w < SPLIT_FROM => {
            let tiles = tiles::tiles()?;
            if tiles.quadrisected(w).is_none() {
                return Err(no(format!(
                    "this quadrisected tour, of four equal quadrants, needs both sides at least {SPLIT_FROM}, or the 10x10 board (on 6x6 and 8x8 a 3x3 or 4x4 quadrant has no knight's path through all its cells; Dudeney's 8x8 tour of four unequal compartments is not built here)"
                )));
            }
            return Ok(Plan {
                board: board.clone(),
                kind: Kind::SmallQuadrisected,
            });
        }
        Some("quadrisected") => {
            if w.min(h) < SPLIT_FROM {
                return Err(no(format!(
                    "a quadrisected tour needs both sides at least {SPLIT_FROM}, or the 10x10 board"
                )));
            }
            Kind::Plain { depth: 1 }
        }
        Some("sym180") => {
            square("the half-turn symmetric tour needs an n x n board with n divisible by 4 and n >= 12 (Theorem 2.2)", w % 4 == 0 && w >= 12)?;
            Kind::Sym180
        }
        Some("sym90") => {
            square("the quarter-turn symmetric tour needs an n x n board with n = 4k + 2 >= 10 (Theorem 2.5; Dejter: none exists when 4 divides n)", w % 4 == 2 && w >= 10)?;
            Kind::Sym90
        }
        Some(v) => return Err(unchecked_variant(&Parberry, v)),
    };
    if (w as u64 * h as u64) % 2 == 1 {
        return Err(no("both sides are odd, so no closed tour exists; try --variant corner for an odd square missing a corner".into()));
    }
    if w.min(h) < 6 {
        return Err(no(
            "both sides must be at least 6 (its smallest base tile is 6x6)".into(),
        ));
    }
    let tiles = tiles::tiles()?;
    let (side_h, side_w) = match kind {
        Kind::Sym180 => (h / 2, w / 2),
        _ => (h, w),
    };
    if let Err((th, tw, _)) = coverable(side_h, side_w, false, tiles) {
        return Err(no(format!(
            "its quadrants split down to {} part, and base tiles have one side below {SPLIT_FROM} and the other at most {TILE_MAX}; boards whose sides are within about a factor of two of each other work",
            an(format!("{tw}x{th}"))
        )));
    }
    Ok(Plan {
        board: board.clone(),
        kind,
    })
}

/// The corner variant: an odd `n` x `n` board, `n >= 5`, missing one corner (the
/// top-left one unless the board already has a corner hole).
fn plan_corner(board: &Board) -> Result<Plan, Error> {
    let (w, h) = (board.width(), board.height());
    let no = |why: &str| {
        let name = Parberry.name();
        Err(Unsupported::new(
            name,
            board,
            format!(
                "{name} cannot tour {} board with the corner variant: {why}",
                an(board)
            ),
        )
        .into())
    };
    if w != h || w % 2 == 0 || w < 5 {
        return no("it tours odd n x n boards, n >= 5, missing one corner (Lemma 2.4)");
    }
    let top_left = (0, h - 1);
    let hole_xy = match board.holes() {
        [] => top_left,
        [c] => board.xy(*c),
        _ => return no("the board may miss only one cell, a corner"),
    };
    // Canvas rows count from the top; board rows from the bottom.
    let hole_rc = (h - 1 - hole_xy.1, hole_xy.0);
    let Some(t) = symmetric::corner_transform(hole_rc, w) else {
        return no("the missing cell must be a corner");
    };
    let tiles = tiles::tiles()?;
    if let Err((th, tw, _)) = coverable(w, w, true, tiles) {
        return Err(Error::internal(format!(
            "parberry has no {tw}x{th} base tile for a corner board"
        )));
    }
    let board = Board::new(w, h)?.with_holes(&[hole_xy])?;
    Ok(Plan {
        board,
        kind: Kind::Corner(t),
    })
}

/// Parberry's quarter-turn join (Theorem 2.5) applied to another construction's
/// quadrant: `quadrant` holds the moves of a tour of an odd `m x m` board missing its
/// bottom-left cell and holding the move `(0, 1)-(2, 0)` beside it. Four turned copies
/// fill the `2m x 2m` board with the missing cells at its centre, and are joined there
/// into one closed tour invariant under a quarter turn, its sections the quadrants.
pub(crate) fn sym90_join(quadrant: &MoveGrid) -> Result<Tour, Error> {
    let m = quadrant.board().width();
    // Transposed and with its columns flipped, the board's bottom-left cell is the
    // canvas's top-left one and the move (0, 1)-(2, 0) is `HOLE_MOVE`.
    let mut q = Canvas::new(m, m)?;
    q.blit(
        &Canvas::from_grid(quadrant)?,
        canvas::Transform::QUARTER,
        (0, 0),
        None,
    );
    let canvas = symmetric::join_quarter_turns(&q, 2 * m)?;
    let board = Board::new(2 * m, 2 * m)?;
    finish(board, canvas, symmetric::quadrant_names(), false)
}

/// Walks the joined moves into a tour and labels its steps.
fn finish(board: Board, canvas: Canvas, names: Vec<String>, open: bool) -> Result<Tour, Error> {
    let (grid, labels) = canvas.finish(&board);
    let start = (0..board.area() as u32)
        .find(|&c| !board.is_hole(c))
        .unwrap_or(0);
    let trace = grid.tour_trace(start, TourKind::Closed)?;
    let steps = trace.map_cells("the tour's section labels", |c| labels[c as usize])?;
    let sections = Sections::new(names, steps);
    if open {
        // The cycle's path read as an open tour: its grid holds one move more.
        return Ok(Tour::new(board, trace.try_into_path()?, false).with_sections(sections));
    }
    // The path is written out only if asked for: proving and measuring need the grid.
    Ok(Tour::walked(board, grid, trace, true).with_sections(sections))
}
