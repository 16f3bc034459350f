//! Progress of a long command on standard error: a bar with the time left, drawn on a
//! terminal once the work has run for two seconds, so that no command runs long in
//! silence while short runs stay quiet (and pipes and logs get nothing). Work that
//! cannot say how far it is (a search) gets a line with the time so far instead
//! ([`Busy`]).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
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

/// A line with the time so far for work that cannot say how far it is, drawn on a
/// terminal once the work has run for two seconds and ticking until dropped.
pub(super) struct Busy {
    bar: ProgressBar,
    /// Dropped to wake the thread that would draw the line.
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Busy {
    /// The line of the work `what` ("building the 8x8 tour"), not drawn yet.
    pub fn new(what: String) -> Busy {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template("{spinner} {msg}: {elapsed} so far")
            .expect("a valid progress template");
        bar.set_style(style);
        bar.set_message(what);
        if !std::io::stderr().is_terminal() {
            return Busy {
                bar,
                stop: None,
                thread: None,
            };
        }
        let (stop, wait) = mpsc::channel::<()>();
        let shown = bar.clone();
        let thread = std::thread::spawn(move || {
            if wait.recv_timeout(QUIET) == Err(mpsc::RecvTimeoutError::Timeout) {
                shown.set_draw_target(ProgressDrawTarget::stderr());
                shown.enable_steady_tick(Duration::from_millis(200));
            }
        });
        Busy {
            bar,
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

impl Busy {
    /// Says what the work is doing now (`drawing page 2 of 4`).
    pub fn say(&self, what: String) {
        self.bar.set_message(what);
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.bar.finish_and_clear();
    }
}
