//! The tour's rightward edges as bit-planes: for each direction 0..4 and each row, one bit
//! per cell (bit `x % 64` of word `x / 64`), set when the tour leaves that cell in that
//! direction. Every edge is stored once, at its left end.
//!
//! Planes are built per tile (a band of rows and a range of words, plus the rows above
//! and the words either side that crossing partners can reach), never for the whole
//! board: a tile fits in cache and tiles run in parallel, so memory stays small and the
//! move grid is read about once.

use crate::moves::MoveGrid;

/// Rows of first edges `[y0, y1)` and words `[k0, k1)` of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tile {
    pub y0: u32,
    pub y1: u32,
    pub k0: usize,
    pub k1: usize,
}

/// How the board is cut into tiles: rows and words (of 64 cells) per tile.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tiling {
    pub rows: u32,
    pub words: usize,
}

impl Tiling {
    /// 64 rows of 2048 cells: the planes of a tile fit in a core's L2 cache.
    pub const DEFAULT: Tiling = Tiling {
        rows: 64,
        words: 32,
    };

    /// The tiles covering a `width` x `height` board, row band by row band.
    pub fn tiles(self, width: u32, height: u32) -> Vec<Tile> {
        let words = words_per_row(width);
        let mut out = Vec::new();
        for y0 in (0..height).step_by(self.rows as usize) {
            for k0 in (0..words).step_by(self.words) {
                out.push(Tile {
                    y0,
                    y1: (y0 + self.rows).min(height),
                    k0,
                    k1: (k0 + self.words).min(words),
                });
            }
        }
        out
    }
}

/// Words of 64 cells needed for a row of `width` cells.
pub(crate) fn words_per_row(width: u32) -> usize {
    (width as usize).div_ceil(64)
}

/// Bit `d` of each of the 8 bytes of `v`, gathered into the low 8 bits.
///
/// After masking, byte `i` holds its bit at position `8i`; multiplying by the sum of
/// `2^(56 - 7j)` moves it to `56 + i`, and no two partial products land on the same bit
/// (`8i - 7j` is injective on 0..8), so there are no carries.
fn gather_bit(v: u64, d: usize) -> u64 {
    const LOW_BITS: u64 = 0x0101_0101_0101_0101;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    ((v >> d) & LOW_BITS).wrapping_mul(GATHER) >> 56
}

/// The four rightward plane words of eight cells, `v` holding cell `i` in byte `i`.
fn pack8(v: u64) -> [u64; 4] {
    [0, 1, 2, 3].map(|d| gather_bit(v, d))
}

/// The four rightward plane words of up to 64 consecutive cells.
pub(crate) fn pack_word(cells: &[u8]) -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut put = |i: usize, v: u64| {
        for (o, p) in out.iter_mut().zip(pack8(v)) {
            *o |= p << (8 * i);
        }
    };
    match <&[u8; 64]>::try_from(cells) {
        // The common case, with a fixed trip count the compiler unrolls.
        Ok(full) => {
            for (i, c) in full.chunks_exact(8).enumerate() {
                put(i, u64::from_le_bytes(c.try_into().expect("8 bytes")));
            }
        }
        Err(_) => {
            for (i, c) in cells.chunks(8).enumerate() {
                let mut b = [0u8; 8];
                b[..c.len()].copy_from_slice(c);
                put(i, u64::from_le_bytes(b));
            }
        }
    }
    out
}

/// The planes of a tile: rows `y0..y0 + rows` and words `k0 - 1 ..= k1` (the words
/// either side, and rows past the board, are zero).
pub(crate) struct Planes {
    y0: u32,
    stride: usize,
    words: Vec<u64>,
}

impl Planes {
    /// The planes of `tile` and of the `up` rows above it.
    pub fn build(grid: &MoveGrid, tile: Tile, up: u32) -> Planes {
        let b = grid.board();
        let (w, h) = (b.width() as usize, b.height());
        let stride = tile.k1 - tile.k0 + 2;
        let rows = (tile.y1 + up - tile.y0) as usize;
        let mut words = vec![0u64; rows * 4 * stride];
        let row_words = words_per_row(b.width());
        let first = tile.k0.saturating_sub(1);
        let last = (tile.k1 + 1).min(row_words);
        let rows_built = (tile.y0..(tile.y1 + up).min(h)).zip(words.chunks_exact_mut(4 * stride));
        for (y, planes) in rows_built {
            // Row y's masks, its four planes side by side, and the words this tile keeps.
            let row = &grid.masks()[y as usize * w..(y as usize + 1) * w];
            let (p0, rest) = planes.split_at_mut(stride);
            let (p1, rest) = rest.split_at_mut(stride);
            let (p2, p3) = rest.split_at_mut(stride);
            let dst = p0.iter_mut().zip(p1).zip(p2.iter_mut().zip(p3));
            let cells = row[64 * first..].chunks(64).take(last - first);
            for (c, ((q0, q1), (q2, q3))) in cells.zip(dst.skip(first + 1 - tile.k0)) {
                [*q0, *q1, *q2, *q3] = pack_word(c);
            }
        }
        Planes {
            y0: tile.y0,
            stride,
            words,
        }
    }

    /// Direction `d`'s words of row `y`: index `j` holds word `k0 - 1 + j`.
    pub fn row(&self, d: usize, y: u32) -> &[u64] {
        let at = ((y - self.y0) as usize * 4 + d) * self.stride;
        &self.words[at..at + self.stride]
    }
}

/// Word `j` of a row shifted so that bit `i` holds the row's bit `64 j + i + dx`, where
/// `src[j + 1]` is word `j` of the row and `|dx| < 64`.
pub(crate) fn shifted_word(src: &[u64], j: usize, dx: i32) -> u64 {
    let s = dx.unsigned_abs();
    match dx {
        0 => src[j + 1],
        1.. => (src[j + 1] >> s) | (src[j + 2] << (64 - s)),
        _ => (src[j + 1] << s) | (src[j] >> (64 - s)),
    }
}

/// `sum popcount(a[j] & shifted_word(src, j, dx))`, written as straight zips so the
/// compiler can vectorize it.
pub(crate) fn and_count(a: &[u64], src: &[u64], dx: i32) -> u64 {
    let n = a.len();
    let s = dx.unsigned_abs();
    let (mid, hi, lo) = (&src[1..n + 1], &src[2..n + 2], &src[..n]);
    let count = |v: u64| v.count_ones() as u64;
    match dx {
        0 => a.iter().zip(mid).map(|(x, m)| count(x & m)).sum(),
        1.. => a
            .iter()
            .zip(mid.iter().zip(hi))
            .map(|(x, (m, h))| count(x & ((m >> s) | (h << (64 - s)))))
            .sum(),
        _ => a
            .iter()
            .zip(mid.iter().zip(lo))
            .map(|(x, (m, l))| count(x & ((m << s) | (l >> (64 - s)))))
            .sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn gathering_picks_one_bit_per_byte_in_order() {
        // Bytes (cells 0..8): bit 0 set in cells 0, 3 and 7; bit 2 set in cell 1 only.
        let v = u64::from_le_bytes([0x01, 0x04, 0, 0x01, 0, 0, 0, 0xff]);
        assert_eq!(gather_bit(v, 0), 0b1000_1001);
        assert_eq!(gather_bit(v, 2), 0b1000_0010);
        assert_eq!(gather_bit(u64::MAX, 3), 0xff);
    }

    #[test]
    fn planes_hold_each_cells_rightward_bits() {
        // A 70x3 board with arbitrary masks: every plane bit matches its cell's mask bit,
        // across the word boundary at x = 64, for tiles of one row and one word.
        let b = Board::new(70, 3).unwrap();
        let masks: Vec<u8> = (0..210u32).map(|c| (c * 37 % 256) as u8).collect();
        let g = MoveGrid::from_masks(b, masks.clone());
        let tiling = Tiling { rows: 1, words: 1 };
        for t in tiling.tiles(70, 3) {
            let p = Planes::build(&g, t, 2);
            for y in t.y0..3 {
                for d in 0..4 {
                    let row = p.row(d, y);
                    for x in 0..70usize {
                        let k = x / 64;
                        if k + 1 < t.k0 || k > t.k1 {
                            continue;
                        }
                        let bit = row[k + 1 - t.k0] >> (x % 64) & 1;
                        let want = masks[y as usize * 70 + x] >> d & 1;
                        assert_eq!(bit as u8, want, "tile {t:?} d {d} ({x}, {y})");
                    }
                }
            }
        }
    }

    #[test]
    fn shifts_match_bit_by_bit() {
        let src = [0x8000_0000_0000_0001u64, 0xdead_beef_0123_4567, 0x1];
        for dx in -63..64 {
            let want: u64 = (0..64)
                .map(|i| {
                    let x = 64 + i + dx as i64; // bit index in src
                    ((src[(x / 64) as usize] >> (x % 64)) & 1) << i
                })
                .sum();
            assert_eq!(shifted_word(&src, 0, dx), want, "dx {dx}");
            assert_eq!(and_count(&[u64::MAX], &src, dx), want.count_ones() as u64);
        }
    }
}
