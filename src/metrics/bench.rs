//! A benchmark (an ignored test): the metrics of a 10^8-cell move grid against a plain
//! sequential and parallel pass over 10^8 `u32` in the same run.
//!
//! `cargo test --release --lib metrics::bench -- --ignored --nocapture`
//! (release: the test profile keeps overflow checks on).

use std::hint::black_box;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::*;
use crate::board::Board;
use crate::moves::MoveGrid;

/// Knight zigzags: rows `y` and `y + 2` (`y % 4` in 0..2) hold two paths bouncing
/// between them, `(x, y) - (x + 1, y + 2) - (x + 2, y) - ...`. Every inner cell is a
/// turn and the zigzags of rows 0/2 and 1/3 cross each other all along: a worst case.
pub(super) fn zigzags(width: u32, height: u32) -> MoveGrid {
    let b = Board::new(width, height).unwrap();
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

/// The best of three timings of `f`.
fn best<T>(mut f: impl FnMut() -> T) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .min()
        .unwrap()
}

/// Prints one timing and its ratio to `base`.
fn row(name: &str, d: Duration, base: Duration) {
    println!(
        "{name:<44} {:>8.1} ms  {:>5.2} x sequential fill",
        d.as_secs_f64() * 1e3,
        d.as_secs_f64() / base.as_secs_f64()
    );
}

#[test]
#[ignore = "benchmark: run with --release -- --ignored --nocapture"]
fn metrics_of_a_hundred_million_cells() {
    let n = 100_000_000usize;
    let mut buf = vec![0u32; n];
    let seq_fill = best(|| buf.iter_mut().enumerate().for_each(|(i, v)| *v = i as u32));
    let par_fill = best(|| {
        buf.par_iter_mut()
            .enumerate()
            .for_each(|(i, v)| *v = i as u32)
    });
    println!("{n} cells, {} threads", rayon::current_num_threads());
    row("sequential fill of u32", seq_fill, seq_fill);
    row("parallel fill of u32", par_fill, seq_fill);
    let g = zigzags(10_000, 10_000);
    assert_eq!(g.first_unmatched(), None, "every leap is answered");
    row("10000x10000 turns", best(|| turns(&g)), seq_fill);
    row("10000x10000 crossings", best(|| crossings(&g)), seq_fill);
    let both = best(|| (turns(&g), crossings(&g)));
    row("10000x10000 turns + crossings", both, seq_fill);
    row(
        "10000x10000 turn_cells (1e8 turns)",
        best(|| turn_cells(&g)),
        seq_fill,
    );
    // Cost only: the zigzags are many paths, so the path here is just 0..n.
    let run = best(|| longest_run(&g, &buf, false));
    row("10000x10000 longest_run (every cell a turn)", run, seq_fill);
    println!("turns {} crossings {}", turns(&g), crossings(&g));
    drop(g);
    for (w, h) in [(16, 6_250_000), (6_250_000, 16)] {
        let g = zigzags(w, h);
        row(
            &format!("{w}x{h} crossings"),
            best(|| crossings(&g)),
            seq_fill,
        );
    }
}
