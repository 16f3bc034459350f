//! The searched pieces written in the encoding of `pieces.toml` (docs/formation.md):
//! a table per piece, its rows from the top, each cell two move digits or `xx`.

use std::fmt::Write as _;

/// The `[moves]` table every pieces file starts with: the project's direction numbers,
/// and the background's move digits.
pub(super) const MOVES: &str = "\n[moves]\nrow_delta = [-2, -1, 1, 2, 2, 1, -1, -2]\ncol_delta = [1, 2, 2, 1, -1, -2, -2, -1]\nbackground = \"26\"\n";

/// A move digit pair as the pieces data writes it, or `xx`.
pub(super) fn digits(mask: u8) -> String {
    if mask == 0 {
        return "xx".into();
    }
    (0..8u8)
        .filter(|d| mask >> d & 1 == 1)
        .map(|d| char::from(b'0' + d))
        .collect()
}

/// One piece in the pieces data's encoding: `rows x cols` cells from `(i0, j0)`
/// (rows from the top, columns from the left), `xx` where `mask` says 0.
pub(super) fn piece_toml(
    name: &str,
    description: &str,
    (i0, j0): (i32, i32),
    (rows, cols): (i32, i32),
    mask: impl Fn(i32, i32) -> u8,
) -> String {
    let mut s = format!(
        "\n[pieces.{name}]\ndescription = \"{description}\"\nwidth = {cols}\nheight = {rows}\ncells = [\n"
    );
    for i in i0..i0 + rows {
        let row: Vec<String> = (j0..j0 + cols).map(|j| digits(mask(i, j))).collect();
        let _ = writeln!(s, "  \"{}\",", row.join(" "));
    }
    s + "]\n"
}
