//! `stats`: a construction studied over seeded samples (knights-lab's `stats`), printed
//! as a table and drawn as a chart (knights-render's `chart`).

use std::path::Path;

use knights_core::atomic;
use knights_core::{Board, Error, Named, Unknown};
use knights_lab::{histogram, sample_reporting, Stats};
use knights_render::{chart, Bars, Heat, Panel};
use knights_render::{svg_to_pdf, svg_to_png, Resolution};

use super::args::BuildArgs;
use super::progress::Progress;
use super::tours::request;
use super::Failure;

/// Bins of the turns and crossings histograms.
const BINS: u64 = 8;

pub(super) fn stats(
    board: Board,
    args: &BuildArgs,
    samples: u64,
    plot: Option<&Path>,
) -> Result<(), Failure> {
    if let Some(p) = plot {
        plot_format(p)?;
        atomic::check_folder(p)?;
    }
    let req = request(board, args)?;
    let progress = Progress::new(format!("sampling tours of the {} board", req.board));
    let report = &mut |done, total| progress.set(done, total);
    let s = sample_reporting(&req, args.algo, samples, args.blur, report)?;
    drop(progress);
    print_table(&s, &req.board);
    if let Some(p) = plot {
        let svg = chart(&title(&s), &panels(&s, &req.board));
        let bytes = match plot_format(p)? {
            "svg" => svg.into_bytes(),
            "png" => svg_to_png(&svg, Resolution::default())?,
            _ => svg_to_pdf(&svg)?,
        };
        atomic::write_bytes(p, &bytes)?;
    }
    Ok(())
}

/// `--plot`'s value: a path whose extension names a format (a usage error otherwise,
/// exit 2, as `render -o` refuses one).
pub(super) fn plot_path(s: &str) -> Result<std::path::PathBuf, String> {
    let p = std::path::PathBuf::from(s);
    plot_format(&p).map_err(|e| e.to_string())?;
    Ok(p)
}

/// The plot's format from its extension, refused before any sample is built.
fn plot_format(p: &Path) -> Result<&'static str, Error> {
    match p
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("svg") => Ok("svg"),
        Some("png") => Ok("png"),
        Some("pdf") => Ok("pdf"),
        _ => Err(Unknown::extension(Named::PlotFormat, p, &[".svg", ".png", ".pdf"]).into()),
    }
}

fn title(s: &Stats) -> String {
    format!(
        "{} tours of the {} board by {}",
        s.turns.len(),
        s.board,
        s.algorithm
    )
}

fn direction_label(board: &Board, d: usize) -> String {
    let (dx, dy) = board.leaper().dirs()[d];
    format!("{dx:+},{dy:+}")
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

fn spread(name: &str, v: &[u64]) {
    let f: Vec<f64> = v.iter().map(|&x| x as f64).collect();
    println!(
        "{name:<11} min {}  mean {:.1}  max {}",
        v.iter().min().unwrap_or(&0),
        mean(&f),
        v.iter().max().unwrap_or(&0)
    );
    for (lo, hi, n) in histogram(v, BINS) {
        let range = if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}-{hi}")
        };
        println!(
            "  {range:>13} {n:>6} {}",
            "#".repeat((60 * n / v.len() as u64) as usize)
        );
    }
}

/// The `n` seeds from `first`, as sampled: counting on from `u64::MAX` wraps to 0
/// (`18446744073709551615..=18446744073709551615, 0..=1`).
fn seed_range(first: u64, n: u64) -> String {
    let last = first.wrapping_add(n.saturating_sub(1));
    if last >= first {
        format!("{first}..={last}")
    } else {
        format!("{first}..={}, 0..={last}", u64::MAX)
    }
}

fn print_table(s: &Stats, board: &Board) {
    let n = s.turns.len();
    println!("{}", title(s));
    println!(
        "seeds {}, {} distinct tours",
        seed_range(s.first_seed, n as u64),
        s.distinct
    );
    let total: u64 = s.directions.iter().sum();
    println!("direction   moves   share");
    for d in 0..8 {
        println!(
            "{:<9} {:>7}  {:>5.1}%",
            direction_label(board, d),
            s.directions[d],
            100.0 * s.directions[d] as f64 / total.max(1) as f64
        );
    }
    println!("consecutive pairs (row: a move's direction, column: the next one's), in % of moves");
    print!("{:<9}", "");
    for d in 0..8 {
        print!("{:>7}", direction_label(board, d));
    }
    println!();
    for a in 0..8 {
        print!("{:<9}", direction_label(board, a));
        for b in 0..8 {
            print!(
                "{:>7.2}",
                100.0 * s.pairs[a][b] as f64 / total.max(1) as f64
            );
        }
        println!();
    }
    spread("turns", &s.turns);
    spread("crossings", &s.crossings);
    let ms: Vec<f64> = s.seconds.iter().map(|t| t * 1000.0).collect();
    println!(
        "time        mean {:.3} ms a tour  (min {:.3}, max {:.3})",
        mean(&ms),
        ms.iter().cloned().fold(f64::INFINITY, f64::min),
        ms.iter().cloned().fold(0.0, f64::max)
    );
}

fn panels(s: &Stats, board: &Board) -> Vec<Panel> {
    let labels: Vec<String> = (0..8).map(|d| direction_label(board, d)).collect();
    let hist = |title: &str, v: &[u64]| {
        let h = histogram(v, BINS);
        Panel::Bars(Bars {
            title: title.into(),
            labels: h.iter().map(|&(lo, _, _)| lo.to_string()).collect(),
            values: h.iter().map(|&(_, _, n)| n as f64).collect(),
        })
    };
    vec![
        Panel::Bars(Bars {
            title: "moves by direction (dx,dy)".into(),
            labels: labels.clone(),
            values: s.directions.iter().map(|&v| v as f64).collect(),
        }),
        Panel::Heat(Heat {
            title: "consecutive directions (row, then column)".into(),
            labels,
            cells: (s.pairs.iter())
                .map(|r| r.iter().map(|&v| v as f64).collect())
                .collect(),
        }),
        hist("turns (tours per range, from)", &s.turns),
        hist("crossings (tours per range, from)", &s.crossings),
    ]
}

#[cfg(test)]
mod tests {
    use super::seed_range;

    /// Issue 39, case 14: the seeds sampled from the last one wrap to 0, and the
    /// range says so (it said "18446744073709551615..=1", and overflowed in debug).
    #[test]
    fn the_seed_range_wraps_as_the_samples_do() {
        assert_eq!(seed_range(5, 3), "5..=7");
        assert_eq!(seed_range(u64::MAX, 1), format!("{0}..={0}", u64::MAX));
        assert_eq!(
            seed_range(u64::MAX, 3),
            format!("{0}..={0}, 0..=1", u64::MAX)
        );
        assert_eq!(
            seed_range(u64::MAX - 1, 2),
            format!("{}..={}", u64::MAX - 1, u64::MAX)
        );
    }
}
