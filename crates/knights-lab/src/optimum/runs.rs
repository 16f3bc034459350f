//! Runs spread over several sessions (issue 40): a proof of a large board takes longer
//! than one sitting, so a run stopped by its time limit writes its record (the best
//! tour and the bound proved), and a later run continues from that record: its tour
//! is the new run's starting answer (no local search) and its bound is kept when the
//! new run proves less. Each run can append one line to a run log kept with the
//! records, so the bound's progress over the runs is on file.
//!
//! A run need not end to leave its record: after every solve (and at the
//! relaxation's end) the command rewrites it as a checkpoint, `"status": "running"`,
//! and on SIGINT or SIGTERM writes it once more, `"status": "interrupted"`, with its
//! log line, and exits; a run killed outright leaves its last checkpoint. Such a
//! record verifies as any other and `--resume` continues it; a finished run's record
//! has no status.
//!
//! What comes over: the tour (a warm start), the bound (a number, carried by taking
//! the larger) and the subtour cuts the earlier runs added (the record's `subtours`,
//! put back into the model before the first solve). What cannot: HiGHS keeps nothing
//! between two runs, so its branch-and-bound tree and its own cuts are found again.

use std::time::{SystemTime, UNIX_EPOCH};

use knights_core::Error;

use super::{table, Optimum, OptimumError, Spec};

/// Whether a record is a run's end or a checkpoint of it (the record's `status`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Status {
    /// The run ended (its time limit, or the proof): no `status` field.
    #[default]
    Finished,
    /// A checkpoint of a run still going (or killed before it could say more).
    Running,
    /// Stopped by SIGINT or SIGTERM.
    Interrupted,
}

impl Status {
    /// The record's word, none for a finished run.
    pub fn word(self) -> Option<&'static str> {
        match self {
            Status::Finished => None,
            Status::Running => Some("running"),
            Status::Interrupted => Some("interrupted"),
        }
    }

    /// The status a record's word says (none: finished), if it is one.
    pub fn of_word(word: Option<&str>) -> Option<Status> {
        match word {
            None => Some(Status::Finished),
            Some("running") => Some(Status::Running),
            Some("interrupted") => Some(Status::Interrupted),
            Some(_) => None,
        }
    }
}

/// What a stored record gives a run that continues it.
#[derive(Clone, Debug, PartialEq)]
pub struct Resumed {
    /// The record's tour, cells in order: the new run's starting answer.
    pub path: Vec<u32>,
    /// Its value.
    pub value: u64,
    /// The bound the earlier runs proved.
    pub bound: u64,
    /// The cell sets of the earlier runs' subtour cuts: the new run adds them before
    /// its first solve.
    pub subtours: Vec<Vec<u32>>,
    /// The record's file as the command line named it: the new run's command says
    /// `--resume` it.
    pub file: String,
    /// Where the record's tour came from, and the local search that found it if one
    /// did: still true of a run that ends with that tour.
    pub source: String,
    /// See `source`.
    pub improved: Option<super::Improved>,
}

/// The record `text` (of file `name`) read and checked as `--table` does, to continue
/// the run of `spec` from: it must be named for what it holds, a record of the same
/// board, kind and measure, and of a minimized measure of tours (the ones the solver
/// runs).
pub fn resume(name: &str, text: &str, spec: &Spec) -> Result<Resumed, Error> {
    let refuse = |problem: String| -> Error {
        OptimumError::Record {
            file: name.to_string(),
            problem,
        }
        .into()
    };
    if !spec.measure.tours() || spec.measure.maximized() {
        return Err(refuse(format!(
            "a run of {} cannot be continued: only the solver's minimized measures of tours can",
            spec.name()
        )));
    }
    // Checked as the table checks it: named for what it holds.
    let stem = std::path::Path::new(name)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    let stored = table::read_one(name, stem, text)?;
    if stored.spec != *spec {
        return Err(refuse(format!(
            "it holds {}, not {}",
            stored.spec.name(),
            spec.name()
        )));
    }
    Ok(Resumed {
        path: stored.path,
        value: stored.value,
        bound: stored.bound,
        subtours: stored.subtours,
        file: name.to_string(),
        source: stored.source,
        improved: stored.improved,
    })
}

/// The run's result with the earlier runs' bound carried over: every bound holds for
/// every tour of the board, so the larger one (of a minimum) is the proof. Its
/// command says the record it continued, without which it is not the same run. A run
/// that found no better tour keeps the record's (its start, turned into its least image
/// under `--strengthen`): where that came from (a local search's `improved`) stays
/// said.
pub fn carry(mut found: Optimum, earlier: &Resumed) -> Optimum {
    found.bound = found.bound.max(earlier.bound);
    if found.source == "start" {
        found.source = earlier.source.clone();
        found.improved = earlier.improved.clone();
    }
    found.given.resume = Some(earlier.file.clone());
    found
}

/// The run log's command for `found`: the record's command (which makes the run
/// again), then where it wrote its record (`-o FILE`, none for standard output) and
/// its log line (`--log FILE`).
pub fn log_command(found: &Optimum, output: Option<&str>, log: &str) -> String {
    let mut line = super::command(found);
    if let Some(out) = output {
        line = format!("{line} -o {}", super::file::shell_word(out));
    }
    format!("{line} --log {}", super::file::shell_word(log))
}

/// The run log's first line (tab-separated columns).
pub const LOG_HEAD: &str = "date\tboard\tkind\tmeasure\tseconds\tbound\tincumbent\tstatus\tcommand";

/// The run log's line for `found`, run at `date` by `command`: date, board, kind,
/// measure, seconds, bound, incumbent (the best tour's value) and status (`optimal`,
/// `stopped, gap N`, or for a run stopped by a signal `interrupted, gap N`).
pub fn log_line(found: &Optimum, date: &str, command: &str) -> String {
    let s = &found.spec;
    let status = match (found.optimal(), found.status) {
        (true, _) => "optimal".to_string(),
        (false, Status::Interrupted) => format!("interrupted, gap {}", found.gap()),
        (false, _) => format!("stopped, gap {}", found.gap()),
    };
    format!(
        "{date}\t{}\t{}\t{}\t{:.1}\t{}\t{}\t{status}\t{command}",
        s.board,
        s.kind(),
        s.measure,
        found.seconds,
        found.bound,
        found.value,
    )
}

/// The log `old` (empty for a new log) with `line` appended, under its head.
pub fn appended(old: &str, line: &str) -> String {
    let mut text = if old.is_empty() {
        format!("{LOG_HEAD}\n")
    } else {
        old.to_string()
    };
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(line);
    text.push('\n');
    text
}

/// Now, in UTC, as `2026-11-29T03:45:00Z`.
pub fn now_utc() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc(secs)
}

/// The UTC date and time `secs` seconds after 1970 (Howard Hinnant's days-to-civil
/// algorithm).
fn utc(secs: u64) -> String {
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3_600,
        rest % 3_600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates_are_the_calendars() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc(1_795_923_900), "2026-11-29T03:45:00Z");
    }

    #[test]
    fn the_log_gets_its_head_once_and_a_line_per_run() {
        let one = appended("", "a");
        assert_eq!(one, format!("{LOG_HEAD}\na\n"));
        assert_eq!(appended(&one, "b"), format!("{LOG_HEAD}\na\nb\n"));
    }

    #[test]
    fn a_record_continues_only_its_own_model() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../content/optima/6x6-closed-turns.json");
        let text = &std::fs::read_to_string(path).unwrap();
        let spec = |m: &str| Spec {
            board: knights_core::Board::parse_flat("6x6").unwrap(),
            closed: true,
            measure: super::super::Measure::parse(m, false).unwrap(),
        };
        let r = resume("6x6-closed-turns.json", text, &spec("turns")).unwrap();
        assert_eq!((r.value, r.bound, r.path.len()), (32, 32, 36));
        let e = resume("6x6-closed-turns.json", text, &spec("crossings")).unwrap_err();
        assert!(e.to_string().contains("6x6 closed crossings"), "{e}");
    }

    /// A record's subtour cuts (issue 40) are read back as cell sets; an old record
    /// has none; a set that is empty, the whole board or off it is refused, naming the
    /// field.
    #[test]
    fn a_records_subtours_are_read_back_and_bad_ones_refused() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/optima");
        let name = "6x6-closed-turns.json";
        let old = &std::fs::read_to_string(dir.join(name)).unwrap();
        let spec = Spec {
            board: knights_core::Board::parse_flat("6x6").unwrap(),
            closed: true,
            measure: super::super::Measure::parse("turns", false).unwrap(),
        };
        assert!(resume(name, old, &spec).unwrap().subtours.is_empty());
        let with = |sets: &str| {
            old.replacen(
                "\"command\"",
                &format!("\"subtours\": {sets}, \"command\""),
                1,
            )
        };
        let r = resume(name, &with("[[0, 9, 13], [35]]"), &spec).unwrap();
        assert_eq!(r.subtours, vec![vec![0, 9, 13], vec![35]]);
        let all: Vec<String> = (0..36).map(|c| c.to_string()).collect();
        for bad in [
            "[[]]",
            "[[36]]",
            "[3]",
            "{}",
            &format!("[[{}]]", all.join(", ")),
        ] {
            let e = resume(name, &with(bad), &spec).unwrap_err().to_string();
            assert!(e.contains("field optimum.subtours"), "{bad}: {e}");
        }
    }

    /// The regression of issue 40: the record and the log of a run that continued
    /// another said a command without `--resume FILE`, which makes another run.
    #[test]
    fn a_continued_runs_record_and_log_say_resume_and_its_file() {
        let name = "content/optima/6x6-closed-turns.json";
        let (spec, earlier) = stored("6x6", "turns", name);
        let mut found = run_from(&spec, &earlier, 30, "start");
        found.given.strengthen = true;
        let found = carry(found, &earlier);
        assert_eq!(found.bound, 32, "the earlier bound is kept");
        let run = "knights optimum 6x6 --minimize turns --time-limit 60 --strengthen --resume content/optima/6x6-closed-turns.json";
        assert_eq!(super::super::command(&found), run);
        let record = super::super::file_text(&found).unwrap();
        assert!(
            record.contains(&format!("\"command\": \"{run}\"")),
            "{record}"
        );
        assert_eq!(
            log_command(&found, Some(name), "my runs.log"),
            format!("{run} -o {name} --log 'my runs.log'")
        );
        assert_eq!(
            log_command(&found, None, "runs.log"),
            format!("{run} --log runs.log")
        );
    }

    /// A run continuing a record whose tour a local search found, and ending with that
    /// tour, keeps saying so: the 12x12 crossings record of issue 40 had come to say
    /// "the same run" of a tour the rotation search had found.
    #[test]
    fn a_continued_run_keeps_the_local_searchs_tour_said() {
        let (spec, earlier) = stored("10x10", "crossings", "10x10-closed-crossings.json");
        assert_eq!(earlier.source, "local search");
        let improved = earlier
            .improved
            .clone()
            .expect("the record says its local search");
        let run = |source: &str| run_from(&spec, &earlier, 70, source);
        let kept = carry(run("start"), &earlier);
        assert_eq!(kept.source, "local search");
        assert_eq!(kept.improved, Some(improved));
        // A tour the run's own solver found is the run's.
        let own = carry(run("solver"), &earlier);
        assert_eq!((own.source.as_str(), own.improved), ("solver", None));
    }

    /// The stored record of `board`'s closed `measure`, read as `--resume FILE` reads
    /// the file `name` (its last part names the record in content/optima).
    fn stored(board: &str, measure: &str, name: &str) -> (Spec, Resumed) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/optima");
        let file = std::path::Path::new(name).file_name().unwrap();
        let text = &std::fs::read_to_string(dir.join(file)).unwrap();
        let spec = Spec {
            board: knights_core::Board::parse_flat(board).unwrap(),
            closed: true,
            measure: super::super::Measure::parse(measure, false).unwrap(),
        };
        let earlier = resume(name, text, &spec).unwrap();
        (spec, earlier)
    }

    /// A run's result continuing `earlier`: its tour, that tour's value, `bound` and
    /// where its best tour came from.
    fn run_from(spec: &Spec, earlier: &Resumed, bound: u64, source: &str) -> Optimum {
        Optimum {
            spec: spec.clone(),
            path: earlier.path.clone(),
            value: earlier.value,
            bound,
            seconds: 1.0,
            how: super::super::How::Solver {
                solves: 1,
                columns: 1,
                rows: 1,
                cuts: 0,
                subtours: vec![],
            },
            source: source.into(),
            improved: None,
            limit: std::time::Duration::from_secs(60),
            given: Default::default(),
            status: Default::default(),
        }
    }
}
