//! The two transitions of the band tour (`--variant band`), as finite windows of its
//! bottom edge (see `window.rs`): from the best heels to the first copy of the period
//! (`band_start`) and from the last copy back to the best heels (`band_end`), each the
//! columns of two heels (knights-construct's `besa::band_edge`) and `depth` rows. The
//! windows are cut from the band tour of a board whose bottom edge has room for both,
//! and written, with the period, as `band.toml`.

use std::fmt::Write as _;

use std::time::Duration;

use super::window::Window;
use knights_construct::besa::band_edge::{self, END, PERIOD, START};
use knights_construct::besa::pieces::piece;
use knights_core::Error;

/// The board the windows are cut from: ten heels along its bottom edge, far from the
/// corners (heels start at columns 6 + 8m).
pub const BASE: (u32, u32) = (96, 32);

/// The heels along the base board's bottom edge.
const HEELS: u32 = 10;

/// Which end of the run of copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transition {
    /// From the best heels to the copies (left to right along the bottom edge).
    Start,
    /// From the copies back to the best heels.
    End,
}

impl Transition {
    /// Both, in the order they are written.
    pub const BOTH: [Transition; 2] = [Transition::Start, Transition::End];

    /// Its piece's name.
    pub fn name(self) -> &'static str {
        match self {
            Transition::Start => START,
            Transition::End => END,
        }
    }

    /// Its window on the base board, `depth` rows.
    pub fn window(self, depth: i32) -> Window {
        let copies = band_edge::copies(HEELS).expect("the base board has room");
        let heel = match self {
            Transition::Start => copies.start - 1,
            Transition::End => copies.end - 1,
        };
        let x0 = 6 + 8 * heel as i32;
        let span = 8 * band_edge::TRANSITION_HEELS as i32;
        Window::new(BASE, x0..x0 + span, depth)
    }
}

/// The rows of a window's piece, from the top, in the encoding of `pieces.toml`.
pub fn piece_toml(t: Transition, win: &Window, chosen: &[bool], note: &str) -> String {
    let masks = win.masks(chosen);
    let x0 = win.cols.start;
    super::super::encode::piece_toml(
        t.name(),
        note,
        (0, 0),
        (win.depth, win.cols.len() as i32),
        |i, j| {
            masks
                .get(&(x0 + j, win.depth - 1 - i))
                .copied()
                .unwrap_or(0)
        },
    )
}

/// `band.toml`: the stored period (as the band program found it) and the transitions.
pub fn file(transitions: &[(Transition, String)], how: &str) -> String {
    let period = piece(PERIOD, false);
    let rows = period.height() as i32;
    let mut s = String::from(HEADER);
    let _ = writeln!(
        s,
        "#\n{}",
        how.lines()
            .map(|l| format!("# {l}\n"))
            .collect::<String>()
            .trim_end()
    );
    s += super::super::encode::MOVES;
    s += &super::super::encode::piece_toml(
        PERIOD,
        "bottom:4x8 joined as the plain tour: 20 turns and 30 crossings per 8 columns. Rotate 180 degrees for the top edge.",
        (0, 0),
        (rows, period.width() as i32),
        |i, j| period.at(i as u32, j as u32),
    );
    for (_, text) in transitions {
        s += text;
    }
    s
}

/// The rows of the window depth the transitions are searched at: the period's.
pub const DEPTH: i32 = 4;

/// Solves both transitions (turns, then crossings, each phase within `limit`), telling
/// `say` a line for each, and returns `band.toml`.
#[cfg(feature = "motif")]
pub fn search(limit: Duration, say: &mut dyn FnMut(String)) -> Result<String, Error> {
    let mut pieces = Vec::new();
    let mut how = String::new();
    for t in Transition::BOTH {
        let win = t.window(DEPTH);
        let s = super::solve_window(&win, limit)?;
        let verdict = |(v, b): (u32, u32)| {
            if v == b {
                format!("{v}, proved")
            } else {
                format!("{v}, bound {b}")
            }
        };
        let line = format!(
            "{}: {} cells, {} free leaps, {} forced; turns {}; crossings {}; {:.1} s",
            t.name(),
            win.cells.len(),
            win.leaps.len(),
            win.forced.len(),
            verdict(s.turns),
            verdict(s.crossings),
            s.seconds
        );
        say(line.clone());
        let _ = writeln!(how, "{}", line.rsplit_once(';').map_or(&*line, |(a, _)| a));
        let note = format!(
            "{} the copies of {PERIOD}, over the columns of {}: {} turns in its cells ({}), its leaps {} crossings. Rotate 180 degrees for the top edge.",
            match t {
                Transition::Start => "From the best heels to",
                Transition::End => "From",
            },
            match t {
                Transition::Start => "the last best heel and the first copy",
                Transition::End => "the last copy and the first best heel, back to the best heels",
            },
            s.turns.0,
            if s.turns.0 == s.turns.1 { "proved".to_string() } else { format!("bound {}", s.turns.1) },
            s.crossings.0,
        );
        pieces.push((t, piece_toml(t, &win, &s.chosen, &note)));
    }
    Ok(file(&pieces, how.trim_end()))
}

/// Without the solver: says how to get it.
#[cfg(not(feature = "motif"))]
pub fn search(_limit: Duration, _say: &mut dyn FnMut(String)) -> Result<String, Error> {
    Err(Error::invalid(super::WITHOUT_SOLVER)) // not a bug: exit 1, as motif and optimum
}

/// What `band.toml` says of itself.
const HEADER: &str =
    "# The edge band of the band formation tour (--variant band), found by the band
# integer program of knights-lab (crates/knights-lab/src/besa/band/): one period of the
# bottom edge, 4 rows deep and 8 columns long, joined as the plain tour, its leaps
# running modulo the period (into the next copy), found by
#   knights gadgets band --band bottom:4x8 --time-limit 90
# (a build with the `motif` feature: 20 turns, bound 17; 30 crossings, bound 12); and
# the transitions at the two ends of a run of copies, found by the same program over a
# finite window of the band tour's bottom edge (crates/knights-lab/src/besa/band/window.rs):
#   knights gadgets band-ends --write crates/knights-construct/src/besa/band.toml
# Checked by the tests of knights-lab; do not edit. Encoding as in pieces.toml; the
# period is pasted at the columns of a heel, a transition at those of two heels, its
# bottom row on the edge.
";
