//! The search of the giraffe formation tour's pieces, which writes knights-construct's
//! `besa/giraffe.toml` (`knights gadgets giraffe --write FILE`).
//!
//! Why it exists: the pieces of Section 5.4 of Besa, Johnson, Mamano, Osegueda and
//! Williams, "Taming the Knight's Tour: Minimizing Turns and Crossings" (2020) were lost
//! with the paper's figures, so the project finds new ones with a SAT solver: BatSat, a
//! pure-Rust incremental solver, so that making the data again needs nothing but cargo.
//! docs/formation.md explains the layout and docs/regenerating.md how the data is made
//! again.
//!
//! Each piece is a cover of a region by vertex-disjoint giraffe paths between fixed
//! cells of the 4x4 formation block (module `cover`): a variable per leap, exactly two
//! leaps at a region cell and one at a block cell (`cnf`), a label per cell that every
//! used leap carries across (which fixes which block cell a path joins to which), and
//! cycles cut lazily (`cycles`). Bands: `b = y + floor(x / 4)`; the heel's descending
//! band is `[7, 10]`, its climbing band `[11, 14]` (`geometry`).
//!
//! - heel (module `heel`): periodic (32 columns, the band number +8); each free cell belongs
//!   to the heel of its window or to the previous or next one, so heels interlock. Each
//!   giraffe leaves the heel at the block cell where it entered.
//! - corner (module `pieces`): the last heel together with the right edge's first four moves
//!   up (which swap columns 1-2 and 3-4).
//! - junction, top_junction (`pieces`): two covers of the bottom-left junction; the
//!   second is used turned by a half turn at the top right, and is searched so that the
//!   two pairings of the block's sixteen cells close one cycle.
//!
//! The solver is deterministic and every collection is ordered, so the same code always
//! writes the same file.

mod cnf;
mod cover;
mod cycles;
mod error;
mod geometry;
mod heel;
mod pieces;
mod sat;
mod toml_out;

pub use error::SearchError;
pub use toml_out::{REGENERATE, STORED};

use std::fmt::Write as _;

use toml_out::Section;

/// The comment of the `junction` table.
const JUNCTION_DOC: [&str; 2] = [
    "The bottom-left junction: eight paths pairing the cells of the block at",
    "columns 0-3, rows 7-10.",
];

/// The comment of the `top_junction` table.
const TOP_JUNCTION_DOC: [&str; 1] =
    ["The top-right junction, turned by a half turn into the bottom-left one's place."];

/// The comment of the `heel` table.
const HEEL_DOC: [&str; 3] = [
    "The heel: sixteen paths from the descending block at columns 20-23, rows 2-5,",
    "to the climbing block at columns 32-35, rows 3-6, each to the cell of its own",
    "place in the block; the j-th heel is moved 32 j columns right.",
];

/// The comment of the `corner` table.
const CORNER_DOC: [&str; 3] = [
    "The last heel with the right edge's first turn up: the heel's sixteen paths and",
    "sixteen from the descending block at columns 40-43, rows 5-8, to the climbing",
    "block at columns 40-43, rows 9-12; moved 32 (k - 1) columns right.",
];

/// Searches the pieces (heel, corner, junction, top_junction) and returns the text of
/// `giraffe.toml`, telling `progress` one line per stage (the models' sizes, the rounds
/// of cycle cuts and of refused pairings).
///
/// # Errors
///
/// A [`SearchError`] if a piece has no solution, the solver gives up, or a model's
/// paths do not join block cells as they should; with the blocks as they are none
/// happens, so an error means the model or the solver changed.
pub fn search(progress: &mut dyn FnMut(&str)) -> Result<String, SearchError> {
    let found = find(progress)?;
    Ok(toml_out::render(&[
        Section {
            name: "junction",
            doc: &JUNCTION_DOC,
            paths: &found.junction,
        },
        Section {
            name: "top_junction",
            doc: &TOP_JUNCTION_DOC,
            paths: &found.top_junction,
        },
        Section {
            name: "heel",
            doc: &HEEL_DOC,
            paths: &found.heel,
        },
        Section {
            name: "corner",
            doc: &CORNER_DOC,
            paths: &found.corner,
        },
    ]))
}

/// One line per piece of a pieces file: its name, its paths and the cells they cover
/// (every path's cells but its two ends), for `knights gadgets giraffe`.
pub fn report(toml_text: &str) -> String {
    let mut s = String::from(
        "giraffe's formation tour (Section 5.4): the pieces of the bottom half, found by a SAT search\n",
    );
    let mut pieces: Vec<(&str, usize, usize)> = Vec::new();
    for line in toml_text.lines() {
        if let Some(name) = line.strip_prefix('[') {
            pieces.push((name.trim_end_matches(']'), 0, 0));
        } else if let (Some(p), true) = (pieces.last_mut(), line.starts_with("    [[")) {
            p.1 += 1;
            p.2 += line.matches("], [").count().saturating_sub(1);
        }
    }
    for (name, paths, cells) in pieces {
        let _ = writeln!(s, "{name}: {paths} paths covering {cells} cells");
    }
    s
}

/// The pieces found, each as its paths.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Found {
    junction: Vec<Vec<geometry::Cell>>,
    top_junction: Vec<Vec<geometry::Cell>>,
    heel: Vec<Vec<geometry::Cell>>,
    corner: Vec<Vec<geometry::Cell>>,
}

/// Searches the heel, then the corner and the junctions around it.
fn find(progress: &mut dyn FnMut(&str)) -> Result<Found, SearchError> {
    let heel = heel::search(progress)?;
    let corner = pieces::corner(&heel, progress)?;
    let (first, second) = pieces::junctions(&heel, progress)?;
    Ok(Found {
        junction: first.paths,
        top_junction: second.paths,
        heel: heel.paths,
        corner: corner.paths,
    })
}

#[cfg(test)]
mod tests;
