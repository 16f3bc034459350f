//! `knights metrics`' report: its head, the same for a board of any number of sides
//! (the board, the construction, the cells, the kind of tour and its turns), and what
//! a board of three or more sides adds (its levels).

use knights_core::metrics::{self, Levels, CROSSINGS_NOTE};
use knights_core::{TourKind, Verified};

use super::Failure;
use crate::message::escape_controls;

/// Prints the lines every metrics report starts with; `board` is the board's line as
/// the caller writes it (a board of more sides adds its sides and levels).
pub(super) fn head(board: &str, algorithm: &str, cells: u64, closed: bool, turns: u64) {
    println!("board       {board}");
    println!("algorithm   {}", escape_controls(algorithm));
    println!("cells       {cells}");
    println!("tour        {}, verified", TourKind::open_if(!closed));
    println!("turns       {turns}");
}

/// Turns by angle on one line: `37°: 4, 90°: 12, 143°: 20` (`none` without turns).
pub(super) fn angles(by: &[knights_core::metrics::AngleTurns]) -> String {
    if by.is_empty() {
        return "none".into();
    }
    by.iter()
        .map(|a| format!("{}°: {}", a.degrees, a.turns))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What `knights metrics --json` prints for a board of three or more sides.
#[derive(serde::Serialize)]
struct LevelsReport<'a> {
    board: String,
    sides: &'a [u32],
    algorithm: &'a str,
    cells: u64,
    closed: bool,
    turns: u64,
    crossings: u64,
    #[serde(flatten)]
    levels: &'a Levels,
    crossings_note: &'static str,
}

/// `knights metrics` of a tour of a board of three or more sides: the head, the
/// crossings inside levels (with what they mean) and the moves between levels.
pub(super) fn levels(tour: &Verified, json: bool) -> Result<(), Failure> {
    let m = metrics::measure(tour);
    let s = tour.board();
    let levels = m.levels.as_ref().expect("a board of more sides has levels");
    if json {
        let report = LevelsReport {
            board: s.to_string(),
            sides: &s.sides(),
            algorithm: tour.algorithm(),
            cells: m.cells,
            closed: m.closed,
            turns: m.turns,
            crossings: m.crossings,
            levels,
            crossings_note: CROSSINGS_NOTE,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&report).expect("metrics serialize")
        );
        return Ok(());
    }
    let board = format!("{s} ({} sides, {} levels)", s.dims(), levels.levels);
    head(&board, tour.algorithm(), m.cells, m.closed, m.turns);
    println!("crossings   {} (inside levels)", m.crossings);
    println!("            {CROSSINGS_NOTE}");
    println!(
        "levels      {} moves between levels, {} inside levels",
        levels.moves_between_levels, levels.moves_in_levels
    );
    Ok(())
}
