//! The head of `knights metrics`' text report, the same for a board of any number of
//! sides: the board, the construction, the cells, the kind of tour and its turns.

use knights_core::TourKind;

/// Prints the lines every metrics report starts with; `board` is the board's line as
/// the caller writes it (a board of more sides adds its sides and levels).
pub(super) fn head(board: &str, algorithm: &str, cells: u64, closed: bool, turns: u64) {
    println!("board       {board}");
    println!("algorithm   {algorithm}");
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
