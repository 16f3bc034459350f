//! Turns by angle: how sharply the tour turns at each turn. A knight's two leaps at a
//! cell meet at one of five angles, so the direction of travel turns by about 37, 53,
//! 90, 127 or 143 degrees (the last the sharpest: out almost the way it came in).
//! Counted from the move masks, one histogram of the 256 masks per parallel chunk.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::turns::TURN;
use crate::board::Leaper;
use crate::moves::MoveGrid;

/// The turns of one angle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AngleTurns {
    /// How far the direction of travel turns, in whole degrees (0 would be straight on).
    pub degrees: u32,
    /// The turns of that angle.
    pub turns: u64,
}

/// The angle, in whole degrees, by which travel turns at a cell whose two leaps go
/// in directions `d` and `e` (bits of a move mask) from it.
pub fn turn_degrees(leaper: Leaper, d: usize, e: usize) -> u32 {
    let dirs = leaper.dirs();
    let (u, v) = (dirs[d], dirs[e]);
    // In along -u, out along v.
    let dot = -(u.0 * v.0 + u.1 * v.1) as f64;
    let len = ((u.0 * u.0 + u.1 * u.1) as f64).sqrt() * ((v.0 * v.0 + v.1 * v.1) as f64).sqrt();
    (dot / len).clamp(-1.0, 1.0).acos().to_degrees().round() as u32
}

/// Sharp turns turn by more than a right angle (a knight's: 127 and 143 degrees, out
/// nearly the way it came in); `knights optimum --minimize sharp` counts the same.
pub const SHARP_DEGREES: u32 = 90;

/// The sharp turns of a histogram of turns by angle (those of more than
/// [`SHARP_DEGREES`]).
pub fn sharp_turns(by: &[AngleTurns]) -> u64 {
    by.iter()
        .filter(|a| a.degrees > SHARP_DEGREES)
        .map(|a| a.turns)
        .sum()
}

/// The cells at which the tour turns sharply (by more than [`SHARP_DEGREES`]), in
/// increasing cell order: the cells [`sharp_turns`] counts, for drawing them.
pub fn sharp_cells(grid: &MoveGrid) -> Vec<u32> {
    let leaper = grid.board().leaper();
    let sharp: Vec<bool> = (0..256usize)
        .map(|mask| {
            TURN[mask] && {
                let d = mask.trailing_zeros() as usize;
                let e = (mask & (mask - 1)).trailing_zeros() as usize;
                turn_degrees(leaper, d, e) > SHARP_DEGREES
            }
        })
        .collect();
    (grid.masks().iter().enumerate())
        .filter(|&(_, &m)| sharp[m as usize])
        .map(|(c, _)| c as u32)
        .collect()
}

/// The turns of each angle that occurs, by increasing angle (their sum is the turns).
pub fn turns_by_angle(grid: &MoveGrid) -> Vec<AngleTurns> {
    let histogram = grid
        .masks()
        .par_chunks(1 << 18)
        .map(|chunk| {
            let mut h = [0u64; 256];
            for &m in chunk {
                h[m as usize] += 1;
            }
            h
        })
        .reduce(
            || [0u64; 256],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    let leaper = grid.board().leaper();
    let mut by: Vec<AngleTurns> = Vec::new();
    for (mask, &count) in histogram.iter().enumerate() {
        if count == 0 || !TURN[mask] {
            continue;
        }
        let d = mask.trailing_zeros() as usize;
        let e = (mask & (mask - 1)).trailing_zeros() as usize;
        let degrees = turn_degrees(leaper, d, e);
        match by.iter_mut().find(|a| a.degrees == degrees) {
            Some(a) => a.turns += count,
            None => by.push(AngleTurns {
                degrees,
                turns: count,
            }),
        }
    }
    by.sort_by_key(|a| a.degrees);
    by
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knight_turns_by_one_of_five_angles() {
        let mut angles: Vec<u32> = (0..8)
            .flat_map(|d| (0..8).map(move |e| (d, e)))
            .filter(|&(d, e)| d != e && (d as i32 - e as i32).abs() != 4)
            .map(|(d, e)| turn_degrees(Leaper::KNIGHT, d, e))
            .collect();
        angles.sort_unstable();
        angles.dedup();
        assert_eq!(angles, vec![37, 53, 90, 127, 143]);
        // (1, 2) and (2, 1) out of one cell: in along (-1, -2), out along (2, 1).
        assert_eq!(turn_degrees(Leaper::KNIGHT, 0, 1), 143);
    }
}
