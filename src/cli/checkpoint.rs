//! A solver run's record kept on disk while it runs (issue 40): a run of hours that is
//! killed, or stopped by the end of a session, must not lose what it has learned. So
//! after every step of the solver (each solve, and the relaxation's end) the record is
//! rewritten, atomically, as a checkpoint (`"status": "running"`: the best tour, the
//! best bound so far, every subtour cut, the seconds); on SIGINT or SIGTERM the run
//! stops at once, writes its record once more (`"status": "interrupted"`) and its
//! log line, and exits with 130. The log gets one line per run, whichever way it ends.
//!
//! What a signal cannot save is the search of the solve under way: HiGHS's binding
//! cannot be asked for it, so the record holds what the last finished step knew.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use knights_core::atomic::write_bytes;
use knights_core::Error;
use knights_lab::optimum::runs::{self, Resumed, Status};
use knights_lab::optimum::{self, Optimum};

/// Where a run writes its record and its log line, and what it has so far.
pub(super) struct Checkpoints {
    state: Arc<Mutex<State>>,
}

struct State {
    /// The record's file (none: standard output, written only at the end).
    output: Option<PathBuf>,
    /// The run log.
    log: Option<PathBuf>,
    /// The stored run this one continues: its bound is carried into every record.
    resumed: Option<Resumed>,
    /// The last checkpoint and when it was taken.
    latest: Option<(Optimum, Instant)>,
    /// The record and log line of the run's end are written: nothing more to do.
    done: bool,
}

impl Checkpoints {
    /// Starts keeping the run's record: from now on SIGINT or SIGTERM writes the last
    /// checkpoint as the interrupted run's record and log line.
    pub(super) fn new(
        output: Option<&Path>,
        log: Option<&Path>,
        resumed: Option<Resumed>,
    ) -> Checkpoints {
        let state = Arc::new(Mutex::new(State {
            output: output.map(Path::to_path_buf),
            log: log.map(Path::to_path_buf),
            resumed,
            latest: None,
            done: false,
        }));
        let shared = Arc::clone(&state);
        knights_core::interrupt::on_interrupt(move || interrupted(&shared));
        Checkpoints { state }
    }

    /// A step of the run: its record so far written as a checkpoint (to a file only;
    /// standard output gets the record once, at the end).
    pub(super) fn step(&self, so_far: &Optimum) {
        let mut state = lock(&self.state);
        if state.done {
            return;
        }
        let mut found = state.carried(so_far.clone());
        found.status = Status::Running;
        if let Some(out) = state.output.clone() {
            if let Err(e) = optimum::file_text(&found).and_then(|t| write_bytes(&out, t.as_bytes()))
            {
                eprintln!("knights: warning: the checkpoint was not written: {e}");
            }
        }
        state.latest = Some((found, Instant::now()));
    }

    /// The run's end: its record (the earlier runs' bound carried) and log line.
    pub(super) fn finish(&self, found: Optimum) -> Result<Optimum, Error> {
        let mut state = lock(&self.state);
        let found = state.carried(found);
        state.write_end(&found)?;
        drop(state);
        knights_core::interrupt::clear_on_interrupt();
        Ok(found)
    }
}

impl State {
    /// `found` with the continued run's bound and `--resume FILE`.
    fn carried(&self, found: Optimum) -> Optimum {
        match &self.resumed {
            Some(r) => runs::carry(found, r),
            None => found,
        }
    }

    /// Writes the run's last record and its log line, once.
    fn write_end(&mut self, found: &Optimum) -> Result<(), Error> {
        self.done = true;
        let text = optimum::file_text(found)?;
        write_bytes(
            self.output.as_deref().unwrap_or(Path::new("-")),
            text.as_bytes(),
        )?;
        if let Some(log) = &self.log {
            append_log(log, found, self.output.as_deref())?;
        }
        Ok(())
    }
}

/// The state, even after a panic elsewhere (it is whole between two writes).
fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|e| e.into_inner())
}

/// On SIGINT or SIGTERM: the last checkpoint, its seconds brought up to now, written
/// as the interrupted run's record with its log line (unless the run's end was
/// written already, or there is no tour yet to write).
fn interrupted(state: &Mutex<State>) {
    let mut state = lock(state);
    if state.done {
        return;
    }
    let Some((mut found, at)) = state.latest.take() else {
        eprintln!("knights: interrupted before the first step: no record written");
        return;
    };
    found.status = Status::Interrupted;
    found.seconds += at.elapsed().as_secs_f64();
    match state.write_end(&found) {
        Ok(()) => eprintln!(
            "{}: interrupted: {}, bound {} ({:.1} s); --resume the record to continue",
            found.spec.name(),
            found.value,
            found.bound,
            found.seconds
        ),
        Err(e) => eprintln!("knights: the interrupted run's record was not written: {e}"),
    }
}

/// This run's line appended to the run log `log` (made with its head if missing), its
/// command the record's with where the record and the log went.
fn append_log(log: &Path, found: &Optimum, output: Option<&Path>) -> Result<(), Error> {
    let old = match log.symlink_metadata() {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        _ => knights_core::files::read_to_string(log, knights_core::files::TEXT_LIMIT)?,
    };
    let output = output.map(|o| o.display().to_string());
    let command = runs::log_command(found, output.as_deref(), &log.display().to_string());
    let line = runs::log_line(found, &runs::now_utc(), &command);
    write_bytes(log, runs::appended(&old, &line).as_bytes())
}
