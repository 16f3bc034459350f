//! A worst case for the metrics: knight zigzags, every inner cell a turn and crossings
//! all along. Shared by the metrics tests (checked against a quadratic count) and the
//! `metrics` measurement of `benches/measure.rs`.

use rayon::prelude::*;

use crate::board::Board;
use crate::moves::MoveGrid;

/// Knight zigzags: rows `y` and `y + 2` (`y % 4` in 0..2) hold two paths bouncing
/// between them, `(x, y) - (x + 1, y + 2) - (x + 2, y) - ...`. Every inner cell is a
/// turn and the zigzags of rows 0/2 and 1/3 cross each other all along: a worst case.
pub fn zigzags(width: u32, height: u32) -> MoveGrid {
    let b = Board::new(width, height).expect("a worst case of a valid size");
    let (w, h) = (width as usize, height as usize);
    let mut masks = vec![0u8; w * h];
    masks.par_chunks_mut(w).enumerate().for_each(|(y, row)| {
        let bottom = y % 4 < 2;
        let partner = if bottom { y + 2 < h } else { true };
        if !partner {
            return;
        }
        for (x, m) in row.iter_mut().enumerate() {
            // Bottom cells leap up (1,2) = dir 0 and (-1,2) = dir 7; top cells leap
            // down (1,-2) = dir 3 and (-1,-2) = dir 4.
            let (right, left) = if bottom { (0, 7) } else { (3, 4) };
            if x + 1 < w {
                *m |= 1 << right;
            }
            if x > 0 {
                *m |= 1 << left;
            }
        }
    });
    MoveGrid::from_masks(b, masks)
}
