//! Progress of a build on standard error: an indicatif bar on a terminal, one plain
//! line per tour otherwise (logs, CI), nothing when not asked for.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::built::Built;
use crate::plan::Job;

/// Where progress goes.
pub enum Progress {
    /// Not asked for.
    Silent,
    /// A terminal: a bar.
    Bar(ProgressBar),
    /// Not a terminal: `[i/n] ...` lines.
    Lines { total: usize, done: AtomicUsize },
}

impl Progress {
    /// Progress over `total` tours, if `wanted`.
    pub fn new(wanted: bool, total: usize) -> Progress {
        if !wanted {
            return Progress::Silent;
        }
        if std::io::stderr().is_terminal() {
            let bar =
                ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template(
                "{bar:40} {pos}/{len} tours, build running for {elapsed}  last: {msg}",
            )
            .expect("a valid progress template");
            bar.set_style(style);
            Progress::Bar(bar)
        } else {
            Progress::Lines {
                total,
                done: AtomicUsize::new(0),
            }
        }
    }

    /// One tour finished in `secs` (`built` is `None` when it failed; the error is
    /// reported by the caller).
    pub fn done(&self, job: &Job, built: Option<&Built>, secs: f64) {
        match self {
            Progress::Silent => {}
            Progress::Bar(bar) => {
                bar.set_message(job.slug.clone());
                bar.inc(1);
            }
            Progress::Lines { total, done } => {
                let i = done.fetch_add(1, Ordering::Relaxed) + 1;
                match built {
                    Some(b) if b.cached => eprintln!(
                        "[{i}/{total}] {}: unchanged, taken from the cache in {}",
                        job.slug,
                        fmt_secs(secs)
                    ),
                    Some(b) => eprintln!(
                        "[{i}/{total}] {}: {}, {} turns, {} crossings; this tour took {} \
                         (construct {}, verify {}, draw {})",
                        job.slug,
                        b.algorithm,
                        b.metrics.turns,
                        b.metrics.crossings,
                        fmt_secs(secs),
                        fmt_secs(b.construct_secs),
                        fmt_secs(b.verify_secs),
                        fmt_secs(b.draw_secs)
                    ),
                    None => eprintln!("[{i}/{total}] {} failed", job.slug),
                }
            }
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Progress::Bar(bar) = self {
            bar.finish_and_clear();
        }
    }
}

/// Seconds in the unit a reader expects.
pub fn fmt_secs(s: f64) -> String {
    if s < 1e-3 {
        format!("{:.0} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_naturally() {
        assert_eq!(fmt_secs(0.0000123), "12 µs");
        assert_eq!(fmt_secs(0.0123), "12.3 ms");
        assert_eq!(fmt_secs(2.5), "2.50 s");
    }
}
