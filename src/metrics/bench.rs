//! A benchmark (an ignored test): the metrics of a 10^8-cell move grid against a plain
//! sequential and parallel pass over 10^8 `u32` in the same run.
//!
//! `cargo test --lib metrics::bench -- --ignored --nocapture`

use std::hint::black_box;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::*;
use crate::board::Board;
use crate::moves::MoveGrid;

/// Knight zigzags: rows `y` and `y + 2` (`y % 4` in 0..2) hold two paths bouncing
/// between them, `(x, y) - (x + 1, y + 2) - (x + 2, y) - ...`. Every inner cell is a
/// turn and the zigzags of rows 0/2 and 1/3 cross each other all along: a worst case.
fn zigzags(side: u32) -> MoveGrid {
    let b = Board::new(side, side).unwrap();
    let (w, h) = (side as usize, side as usize);
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

#[test]
#[ignore = "benchmark: run with --ignored --nocapture"]
fn metrics_of_a_hundred_million_cells() {
    let side = 10_000u32;
    let n = side as usize * side as usize;
    let g = zigzags(side);
    assert_eq!(g.first_unmatched(), None, "every leap is answered");
    let mut buf = vec![0u32; n];
    let seq_fill = best(|| buf.iter_mut().enumerate().for_each(|(i, v)| *v = i as u32));
    let par_fill = best(|| {
        buf.par_iter_mut()
            .enumerate()
            .for_each(|(i, v)| *v = i as u32)
    });
    let seq_sum = best(|| buf.iter().map(|&v| v as u64).sum::<u64>());
    let t = best(|| turns(&g));
    let c = best(|| crossings(&g));
    let both = best(|| (turns(&g), crossings(&g)));
    let run = best(|| longest_run(&g, &buf, false));
    let base = seq_fill.as_secs_f64();
    let row = |name: &str, d: Duration| {
        println!(
            "{name:<40} {:>8.1} ms  {:>5.2} x sequential fill",
            d.as_secs_f64() * 1e3,
            d.as_secs_f64() / base
        );
    };
    println!("{n} cells, {} threads", rayon::current_num_threads());
    row("sequential fill of u32", seq_fill);
    row("parallel fill of u32", par_fill);
    row("sequential sum of u32", seq_sum);
    row("turns", t);
    row("crossings", c);
    row("turns + crossings", both);
    row("longest run (path 0..n, cost only)", run);
    println!("turns {} crossings {}", turns(&g), crossings(&g));
}
