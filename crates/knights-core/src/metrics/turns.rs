//! Turns (Definition 1 of Besa et al.): a cell whose two moves are not opposite.
//!
//! Two leaps of one leaper are collinear only when they are equal or opposite, so a
//! cell's triple is a turn exactly when its mask has two bits that are not `d, d + 4`.
//! Counting reads eight masks per 64-bit word and tests all eight at once.

use rayon::prelude::*;

use crate::moves::MoveGrid;

/// Whether a cell with these move bits is a turn: two moves that are not opposite.
/// The ends of an open tour (one move) are not turns.
pub const fn is_turn(mask: u8) -> bool {
    mask.count_ones() == 2 && (mask & 0x0f) != (mask >> 4)
}

/// [`is_turn`] of every mask, for loops that look masks up one at a time.
pub(crate) const TURN: [bool; 256] = {
    let mut t = [false; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = is_turn(m as u8);
        m += 1;
    }
    t
};

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `v` set when that byte is a turn mask.
///
/// Per byte: `c` is its number of set bits (0..=8) and `t` is nonzero when its low and
/// high nibbles differ; with exactly two bits, equal nibbles mean an opposite pair.
/// Adding `0x7f` to a byte below `0x80` sets its high bit exactly when it is nonzero,
/// and no byte carries into the next.
fn turn_bytes(v: u64) -> u64 {
    let c = v - ((v >> 1) & (0x55 * ONES));
    let c = (c & (0x33 * ONES)) + ((c >> 2) & (0x33 * ONES));
    let c = (c + (c >> 4)) & (0x0f * ONES);
    let not_two = (c ^ (2 * ONES)) + 0x7f * ONES;
    let differ = ((v ^ (v >> 4)) & (0x0f * ONES)) + 0x7f * ONES;
    differ & !not_two & HIGH
}

/// The number of turn masks in `masks`.
fn count_turns(masks: &[u8]) -> u64 {
    // Up to 255 words add their 0/1 bytes into one word of byte counters, summed at the
    // end of each block (cheaper than a popcount per word).
    masks
        .chunks(8 * 255)
        .map(|block| {
            let mut words = block.chunks_exact(8);
            let acc = words.by_ref().fold(0u64, |acc, w| {
                acc + (turn_bytes(u64::from_le_bytes(w.try_into().expect("8 bytes"))) >> 7)
            });
            let rest = words.remainder().iter().filter(|&&m| is_turn(m)).count() as u64;
            sum_bytes(acc) + rest
        })
        .sum()
}

/// The sum of the eight bytes of `v`.
fn sum_bytes(v: u64) -> u64 {
    const EVEN_BYTES: u64 = 0x00ff_00ff_00ff_00ff;
    let pairs = (v & EVEN_BYTES) + ((v >> 8) & EVEN_BYTES);
    pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48
}

/// Masks per parallel chunk: large enough to amortize scheduling.
const CHUNK: usize = 1 << 18;

/// The number of turns.
pub fn turns(grid: &MoveGrid) -> u64 {
    grid.masks().par_chunks(CHUNK).map(count_turns).sum()
}

/// The cells at which the tour turns, in increasing cell order.
pub fn turn_cells(grid: &MoveGrid) -> Vec<u32> {
    grid.masks()
        .par_chunks(CHUNK)
        .enumerate()
        .flat_map_iter(|(i, chunk)| {
            let base = (i * CHUNK) as u32;
            let mut cells = Vec::new();
            let mut words = chunk.chunks_exact(8);
            for (j, w) in words.by_ref().enumerate() {
                let mut t = turn_bytes(u64::from_le_bytes(w.try_into().expect("8 bytes")));
                while t != 0 {
                    cells.push(base + 8 * j as u32 + t.trailing_zeros() / 8);
                    t &= t - 1;
                }
            }
            let tail = base + (chunk.len() - words.remainder().len()) as u32;
            for (j, &m) in words.remainder().iter().enumerate() {
                if is_turn(m) {
                    cells.push(tail + j as u32);
                }
            }
            cells
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn straight_cells_and_ends_are_not_turns() {
        assert!(!is_turn(0x11)); // d = 0 and d = 4: straight on
        assert!(!is_turn(0x88));
        assert!(!is_turn(0x01)); // an end of an open tour
        assert!(!is_turn(0x00)); // a hole
        assert!(is_turn(0x03));
        assert!(is_turn(0x81));
    }

    #[test]
    fn the_word_test_agrees_with_the_byte_test_on_every_byte() {
        for m in 0..=255u8 {
            for pos in 0..8 {
                // The byte among neighbours that are and are not turns.
                for fill in [0x00u8, 0x03, 0x11, 0xff] {
                    let mut bytes = [fill; 8];
                    bytes[pos] = m;
                    let t = turn_bytes(u64::from_le_bytes(bytes));
                    assert_eq!(t >> (8 * pos + 7) & 1 == 1, is_turn(m), "mask {m:#04x}");
                    let want = bytes.iter().filter(|&&b| is_turn(b)).count();
                    assert_eq!(count_turns(&bytes) as usize, want);
                }
            }
        }
    }

    #[test]
    fn long_runs_fill_the_byte_counters() {
        // 255-word blocks of all-turn masks put 255 in every byte counter; lengths
        // around block ends check the remainders.
        for n in [0, 7, 8, 2039, 2040, 2041, 5000] {
            assert_eq!(count_turns(&vec![0x03; n]), n as u64);
            assert_eq!(count_turns(&vec![0x11; n]), 0);
        }
    }

    #[test]
    fn the_table_is_the_test() {
        for m in 0..=255u8 {
            assert_eq!(TURN[m as usize], is_turn(m));
        }
    }
}
