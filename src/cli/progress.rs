//! Progress of a long command on standard error: a bar with the time left, drawn on a
//! terminal once the work has run for two seconds, so that no command runs long in
//! silence while short runs stay quiet (and pipes and logs get nothing).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long work runs before its bar is drawn.
const QUIET: Duration = Duration::from_secs(2);

/// The bar of one piece of work, cleared when dropped.
pub(super) struct Progress {
    bar: ProgressBar,
    start: Instant,
    shown: AtomicBool,
}

impl Progress {
    /// Progress of the work `what` ("counting the turns of ..."), not drawn yet.
    pub fn new(what: String) -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template(
            "{msg}: {bar:30} {percent}%, {elapsed} so far, about {eta} left",
        )
        .expect("a valid progress template");
        bar.set_style(style);
        bar.set_message(what);
        Progress {
            bar,
            start: Instant::now(),
            shown: AtomicBool::new(false),
        }
    }

    /// `done` of `total` steps are done; draws the bar once the work has run long.
    pub fn set(&self, done: u64, total: u64) {
        self.bar.set_length(total);
        self.bar.set_position(done);
        if self.start.elapsed() >= QUIET
            && std::io::stderr().is_terminal()
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
