//! `knights bench`: times construction, verification and metrics of large tours, and in
//! the same run a plain baseline of the same number of cells (a parallel fill of a
//! `Vec<u32>` and one walk of a successor array), so the figures are ratios that mean
//! something on a shared, noisy machine. Also reports peak memory per cell.

use std::hint::black_box;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use knights_construct::Request;
use knights_core::{metrics, verify, Board, Error};

/// Memory a benchmarked board needs per cell at most: the tour's pipeline (8 bytes) and
/// the baseline's fill and successor arrays (4 bytes each).
const BENCH_BYTES_PER_CELL: u64 = 16;

/// One row of the report.
struct Row {
    cells: u64,
    construct: Duration,
    verify: Duration,
    metrics: Duration,
    /// Writing the path out of a tour built from its grid (outside the total).
    path: Duration,
    fill: Duration,
    walk: Duration,
    peak_bytes: Option<u64>,
    turns: u64,
    crossings: u64,
}

/// Runs the benchmark on square boards of the given sides and prints a table (open
/// tours when `open`, for constructions such as hilbert that build only those; the
/// construction's `variant` when given).
pub fn run(sizes: &[u32], algo: &str, open: bool, variant: Option<&str>) -> Result<(), Error> {
    // Every size is checked before the header, so a bad one prints nothing else.
    let boards = sizes
        .iter()
        .map(|&n| Board::new(n, n))
        .collect::<Result<Vec<_>, Error>>()?;
    for b in &boards {
        knights_core::memory::check(
            b.area() * BENCH_BYTES_PER_CELL,
            &format!("benchmarking {} board", knights_core::article::an(b)),
            &format!("the tour and the baseline at {BENCH_BYTES_PER_CELL} bytes a cell"),
        )?;
    }
    let named = match variant {
        Some(v) => format!("{algo} --variant {v}"),
        None => algo.to_string(),
    };
    println!(
        "algorithm {named}, {} threads; times are the best of 3 runs (1 above 20M cells)",
        rayon::current_num_threads()
    );
    println!(
        "{:>11} {:>11} {:>9} {:>9} {:>9} {:>9} {:>9} | {:>9} {:>9} {:>9} | {:>7} {:>10} {:>8} | {:>8} {:>8}",
        "board",
        "cells",
        "construct",
        "verify",
        "metrics",
        "total",
        "(path)",
        "fill",
        "walk",
        "baseline",
        "ratio",
        "Mcells/s",
        "peak B/c",
        "turns/n",
        "cross/n"
    );
    for board in &boards {
        let row = measure(board, algo, open, variant)?;
        print_row(board, &row);
    }
    println!("ratio = total / baseline; baseline = fill + walk of the same number of cells; n = the side");
    println!("(path) = writing out the path of a tour built from its grid, when a file or drawing asks for it (not in the total; peak B/c is before it)");
    Ok(())
}

fn measure(board: &Board, algo: &str, open: bool, variant: Option<&str>) -> Result<Row, Error> {
    let cells = board.area();
    let reps = if cells > 20_000_000 { 1 } else { 3 };
    let mut row = Row {
        cells,
        construct: Duration::MAX,
        verify: Duration::MAX,
        metrics: Duration::MAX,
        path: Duration::MAX,
        fill: Duration::MAX,
        walk: Duration::MAX,
        peak_bytes: None,
        turns: 0,
        crossings: 0,
    };
    for _ in 0..reps {
        reset_peak_memory();
        let before = resident_bytes();
        let t = Instant::now();
        let req = Request {
            open,
            variant: variant.map(str::to_string),
            ..Request::closed(board.clone())
        };
        let tour = knights_construct::build(&req, algo)?;
        let construct = t.elapsed();
        let t = Instant::now();
        let tour = verify::constructed(tour)?;
        let verify = t.elapsed();
        let t = Instant::now();
        let m = black_box(metrics::measure(&tour));
        let metrics = t.elapsed();
        (row.turns, row.crossings) = (m.turns, m.crossings);
        if let (Some(peak), Some(before)) = (peak_resident_bytes(), before) {
            row.peak_bytes = Some(peak.saturating_sub(before));
        }
        let t = Instant::now();
        black_box(tour.path().len());
        row.path = row.path.min(t.elapsed());
        drop(tour);
        let (fill, walk) = baseline(cells as usize);
        row.construct = row.construct.min(construct);
        row.verify = row.verify.min(verify);
        row.metrics = row.metrics.min(metrics);
        row.fill = row.fill.min(fill);
        row.walk = row.walk.min(walk);
    }
    Ok(row)
}

/// The baseline: a parallel fill of `n` u32s, and one walk of an `n`-cell successor
/// array (built untimed) from its start back to it.
fn baseline(n: usize) -> (Duration, Duration) {
    let t = Instant::now();
    let v: Vec<u32> = (0..n as u32).into_par_iter().collect();
    let fill = t.elapsed();
    let succ: Vec<u32> = v.par_iter().map(|&i| (i + 1) % n as u32).collect();
    drop(v);
    let t = Instant::now();
    let mut c = 0u32;
    let mut steps = 0u64;
    loop {
        c = succ[c as usize];
        steps += 1;
        if c == 0 {
            break;
        }
    }
    black_box(steps);
    (fill, t.elapsed())
}

fn print_row(board: &Board, r: &Row) {
    let total = r.construct + r.verify + r.metrics;
    let base = r.fill + r.walk;
    let secs = |d: Duration| format!("{:.3}s", d.as_secs_f64());
    let peak = r
        .peak_bytes
        .map(|b| format!("{:.1}", b as f64 / r.cells as f64))
        .unwrap_or_else(|| "?".into());
    println!(
        "{:>11} {:>11} {:>9} {:>9} {:>9} {:>9} {:>9} | {:>9} {:>9} {:>9} | {:>7.2} {:>10.1} {:>8} | {:>8.2} {:>8.2}",
        board.to_string(),
        r.cells,
        secs(r.construct),
        secs(r.verify),
        secs(r.metrics),
        secs(total),
        secs(r.path),
        secs(r.fill),
        secs(r.walk),
        secs(base),
        total.as_secs_f64() / base.as_secs_f64(),
        r.cells as f64 / total.as_secs_f64() / 1e6,
        peak,
        r.turns as f64 / board.width() as f64,
        r.crossings as f64 / board.width() as f64
    );
}

/// Resets the kernel's high-water mark of resident memory (Linux `clear_refs` 5).
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn status_bytes(key: &str) -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with(key))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn resident_bytes() -> Option<u64> {
    status_bytes("VmRSS:")
}

fn peak_resident_bytes() -> Option<u64> {
    status_bytes("VmHWM:")
}
