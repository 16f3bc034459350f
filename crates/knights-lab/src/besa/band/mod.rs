//! Edge bands as an integer program: can the formation tour's edges turn the quartet
//! round with fewer turns than the heels and the double straight-up moves?
//!
//! All the turns of a formation tour are at its edges (docs/formation.md): the heels
//! cost 21 turns per 8 columns (the best one, `--variant best`) and the left and right
//! edges' double straight-up moves 8 turns per 4 rows, hence 9.25n turns. The gadget
//! search (`crate::gadget`) re-covers a region whose tour enters and leaves it only
//! outside its own copies, so it cannot take a band along the edge whose diagonals run
//! from copy to copy. This module models such a band instead: `depth` rows along the
//! bottom edge (or columns along the left), `period` long, every copy holding the same
//! solution, the tour outside the band fixed. Its leaps are taken modulo the period (a
//! leap leaving the window's far end enters the next copy), the cells just outside the
//! band whose tour enters it are its ports (each keeps its move away from the band and
//! may enter the band by any leap, as in the open heel search), and every band cell has
//! two leaps. The objective is the turns a period adds to the tour, then, at the fewest
//! turns found, the crossings, both counted as the gadget search scores a heel (its
//! cells, its ports' turns, crossings with the fixed moves and the next copies).
//! Pieces of the answer with no port (cycles in the band's copies, or paths running the
//! whole edge) are cut lazily.
//!
//! - [`problem`]: the quotient graph and its score tables (no solver);
//! - `solve.rs`: the HiGHS model, behind the `motif` feature, like `knights optimum`.

pub mod ends;
mod problem;
#[cfg(feature = "motif")]
mod solve;
#[cfg(test)]
mod tests;
mod window;
#[cfg(feature = "motif")]
mod window_solve;

use std::fmt::Write as _;
use std::time::Duration;

use knights_construct::besa::{HeelsOnly, Variant};
use knights_core::Error;

pub use problem::Problem;
pub use window::Window;
#[cfg(feature = "motif")]
pub use window_solve::{solve as solve_window, Solved};

/// Which edge of the formation tour the band runs along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// The bottom edge (the heels'; the top edge is its half turn).
    Bottom,
    /// The left edge (the double straight-up moves'; the right edge is its half turn).
    Left,
}

/// A band: `depth` rows (columns) along an edge, `period` columns (rows) a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Band {
    /// The edge.
    pub edge: Edge,
    /// How many rows (bottom) or columns (left) deep.
    pub depth: u32,
    /// The copy's length along the edge: a multiple of the formation's period (8
    /// columns along the bottom, 4 rows along the left).
    pub period: u32,
    /// Whether a port may enter the band by another leap than the tour's.
    pub free_ports: bool,
}

impl Band {
    /// The band `EDGE:DEPTHxPERIOD` (`bottom:4x8`, `left:2x4`), free ports.
    pub fn parse(s: &str) -> Result<Band, String> {
        let bad =
            || format!("'{s}' is not a band: write EDGE:DEPTHxPERIOD, as bottom:4x8 or left:2x4");
        let (edge, size) = s.split_once(':').ok_or_else(bad)?;
        let edge = match edge {
            "bottom" => Edge::Bottom,
            "left" => Edge::Left,
            _ => return Err(bad()),
        };
        let (depth, period) = size.split_once('x').ok_or_else(bad)?;
        let (depth, period): (u32, u32) = (
            depth.parse().map_err(|_| bad())?,
            period.parse().map_err(|_| bad())?,
        );
        let band = Band {
            edge,
            depth,
            period,
            free_ports: true,
        };
        band.check().map(|()| band)
    }

    /// Why the band cannot be cut, if it cannot.
    fn check(&self) -> Result<(), String> {
        let (unit, most, name) = match self.edge {
            Edge::Bottom => (8, 12, "bottom"),
            Edge::Left => (4, 8, "left"),
        };
        if self.period == 0 || !self.period.is_multiple_of(unit) || self.period > 4 * unit {
            return Err(format!(
                "a {name} band's period is a multiple of {unit} up to {}, not {}",
                4 * unit,
                self.period
            ));
        }
        if !(1..=most).contains(&self.depth) {
            return Err(format!(
                "a {name} band is 1 to {most} deep, not {}",
                self.depth
            ));
        }
        Ok(())
    }

    /// `EDGE:DEPTHxPERIOD`, as [`Band::parse`] reads it.
    pub fn name(&self) -> String {
        let e = match self.edge {
            Edge::Bottom => "bottom",
            Edge::Left => "left",
        };
        format!("{e}:{}x{}", self.depth, self.period)
    }

    /// Today's best per period: the searched heel's 21 turns per 8 columns
    /// (`--variant best`), the double straight-up move's 8 per 4 rows.
    pub fn todays_turns(&self) -> u32 {
        match self.edge {
            Edge::Bottom => 21 * self.period / 8,
            Edge::Left => 8 * self.period / 4,
        }
    }
}

/// The bands of `knights gadgets band`'s table: bottom 4, 5, 6 and 8 deep, 8 and 16
/// long; left 2, 3 and 4 deep, 4 and 8 long.
pub fn standard() -> Vec<Band> {
    let mut out = Vec::new();
    for depth in [4, 5, 6, 8] {
        for period in [8, 16] {
            out.push(Band {
                edge: Edge::Bottom,
                depth,
                period,
                free_ports: true,
            });
        }
    }
    for depth in [2, 3, 4] {
        for period in [4, 8] {
            out.push(Band {
                edge: Edge::Left,
                depth,
                period,
                free_ports: true,
            });
        }
    }
    out
}

/// The plain formation tour the bands are cut from, and the window's first cell: far
/// from every corner, with the tour around it periodic (tested).
fn base(edge: Edge) -> ((u32, u32), (i32, i32)) {
    match edge {
        // Heels start at columns 6 + 8m.
        Edge::Bottom => ((96, 32), (38, 0)),
        // Double straight-up moves fill rows 3 + 4m to 6 + 4m.
        Edge::Left => ((32, 96), (0, 39)),
    }
}

/// The band's problem, cut from the plain formation tour.
pub fn problem(band: Band) -> Problem {
    cut(band, Variant::Plain)
}

/// The best tour's heels as a solution of `p` (its warm start), when they are one
/// (the bottom bands; the left edge's best is the plain tour's).
// Used by the solver only (and its tests).
#[cfg_attr(not(feature = "motif"), allow(dead_code))]
pub(crate) fn best_start(p: &Problem) -> Option<Vec<bool>> {
    let best = cut(p.band, Variant::Best);
    let key = |q: &Problem, e: usize| {
        let l = q.leaps[e];
        (q.nodes[l.a], q.nodes[l.b], l.t, l.dir)
    };
    let mut chosen = vec![false; p.leaps.len()];
    for e in (0..best.leaps.len()).filter(|&e| best.plain[e]) {
        let k = key(&best, e);
        chosen[(0..p.leaps.len()).find(|&f| key(p, f) == k)?] = true;
    }
    (p.degrees_hold(&chosen) && p.portless(&chosen).is_empty()).then_some(chosen)
}

/// The band cut from the tour with `variant`'s heels (the tests score the searched
/// heels with it): its tour's leaps in the band are the problem's `plain`.
pub(crate) fn cut(band: Band, variant: Variant) -> Problem {
    let ((w, h), origin) = base(band.edge);
    let tour = HeelsOnly::new(w, h, variant).expect("the base boards are supported");
    Problem::new(band, origin, &|(x, y)| moves_at(&tour, (w, h), (x, y)))
}

/// The tour's moves at `(x, y)`, 0 off the board.
fn moves_at(tour: &HeelsOnly, (w, h): (u32, u32), (x, y): (i32, i32)) -> u8 {
    if x < 0 || y < 0 || x >= w as i32 || y >= h as i32 {
        0
    } else {
        tour.moves(x as u32, y as u32)
    }
}

/// How the band may join its ports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joining {
    /// Any way: the fewest turns any band has, whatever the tour outside makes of it.
    Any,
    /// As the plain tour does (each port to the same port of the same copy): the band
    /// then drops into the construction with its junctions unchanged, one cycle.
    Plain,
}

/// What a solve found for one band.
#[derive(Clone, Debug)]
pub struct Found {
    /// The band.
    pub band: Band,
    /// How it was allowed to join its ports.
    pub joining: Joining,
    /// The plain tour's turns and crossings per period.
    pub plain: (u32, u32),
    /// The fewest turns per period found, and the bound proved (equal: optimal).
    pub turns: (u32, u32),
    /// The fewest crossings found among solutions with those turns, and the bound.
    pub crossings: (u32, u32),
    /// The solution's leaps.
    pub chosen: Vec<bool>,
    /// Whether it joins the ports as the plain tour does.
    pub plain_matching: bool,
    /// Its ports' pairs where they differ from the plain tour's.
    pub matching: String,
    /// Seconds in all; solves and cuts.
    pub seconds: f64,
    /// Model solves.
    pub solves: usize,
    /// Cuts added.
    pub cuts: usize,
}

/// What `knights gadgets band` says in a build without the solver.
pub const WITHOUT_SOLVER: &str = "this build of knights has no solver: rebuild it with the `motif` feature (cargo build --release --features motif; it needs cmake, a C++ compiler and libclang)";

/// Solves `band`, each of its two phases (turns, then crossings) within `limit`.
#[cfg(feature = "motif")]
pub fn solve(band: Band, joining: Joining, limit: Duration) -> Result<Found, Error> {
    band.check().map_err(Error::internal)?;
    let p = problem(band);
    solve::solve(&p, joining, limit)
}

/// The solver is not in this build: says how to get it.
#[cfg(not(feature = "motif"))]
pub fn solve(band: Band, _joining: Joining, _limit: Duration) -> Result<Found, Error> {
    band.check().map_err(Error::internal)?;
    Err(Error::invalid(WITHOUT_SOLVER)) // not a bug: exit 1, as motif and optimum
}

/// The ports' pairs of `chosen` as text, and whether they are the plain tour's.
#[cfg_attr(not(feature = "motif"), allow(dead_code))]
pub(crate) fn describe_matching(p: &Problem, chosen: &[bool]) -> (bool, String) {
    let m = p.matching(chosen);
    let plain = p.matching(&p.plain);
    if m == plain {
        return (true, "plain".into());
    }
    let mut s = String::new();
    for &(a, b, t) in &m {
        let _ = write!(s, "{}-{} ", p.port_name(a, 0), p.port_name(b, t));
    }
    (false, s.trim_end().to_string())
}

/// The band a solution makes, in the encoding of `pieces.toml` (rows from the top; its
/// ports' moves into the band are in the rows above it, `xx` where a port keeps the
/// plain tour's leap and off the ports): the window's cells and the port row(s).
pub fn piece(f: &Found) -> String {
    let p = problem(f.band);
    let mut mask = std::collections::HashMap::new();
    for (l, _) in p.leaps.iter().zip(&f.chosen).filter(|(_, &c)| c) {
        // Both ends at their window cells: every copy holds the same moves.
        *mask.entry(p.nodes[l.a]).or_insert(0u8) |= 1 << l.dir;
        *mask.entry(p.nodes[l.b]).or_insert(0u8) |= 1 << ((l.dir + 4) % 8);
    }
    let (lo, hi) = p
        .nodes
        .iter()
        .fold(((i32::MAX, i32::MAX), (i32::MIN, i32::MIN)), |(a, b), c| {
            ((a.0.min(c.0), a.1.min(c.1)), (b.0.max(c.0), b.1.max(c.1)))
        });
    let (rows, cols) = (hi.1 - lo.1 + 1, hi.0 - lo.0 + 1);
    let at = |i: i32, j: i32| {
        let c = (lo.0 + j, hi.1 - i);
        let m = mask.get(&c).copied().unwrap_or(0);
        let plain_port = p.nodes[p.n_band..].contains(&c)
            && p.at[p.nodes.iter().position(|&n| n == c).unwrap_or(0)]
                .iter()
                .all(|&e| f.chosen[e] == p.plain[e]);
        if plain_port {
            0
        } else {
            m
        }
    };
    super::encode::piece_toml(
        &format!("band_{}", f.band.name().replace([':', 'x'], "_")),
        &format!(
            "{}: {} turns and {} crossings per period, ports joined {}; a port's cell holds only its leap into the band",
            f.band.name(),
            f.turns.0,
            f.crossings.0,
            if f.plain_matching { "as the plain tour" } else { "otherwise" }
        ),
        (0, 0),
        (rows, cols),
        at,
    )
}

/// The table of `knights gadgets band`: one row per band.
pub fn table(found: &[Found]) -> String {
    let mut s = String::from(
        "| band | cells | leaps | plain | today | joining | turns | crossings | ports joined | seconds |\n\
         | --- | ---: | ---: | ---: | ---: | --- | --- | --- | --- | ---: |\n",
    );
    for f in found {
        let p = problem(f.band);
        let verdict = |(v, b): (u32, u32)| {
            if v == b {
                format!("{v}, proved")
            } else {
                format!("{v}, bound {b}")
            }
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} / {} | {} | {} | {} | {} | {} | {:.1} |",
            f.band.name(),
            p.n_band,
            p.leaps.len(),
            f.plain.0,
            f.plain.1,
            f.band.todays_turns(),
            match f.joining {
                Joining::Any => "any",
                Joining::Plain => "plain",
            },
            verdict(f.turns),
            verdict(f.crossings),
            if f.plain_matching {
                "as plain".to_string()
            } else {
                format!("differ: {}", f.matching)
            },
            f.seconds,
        );
    }
    s
}
