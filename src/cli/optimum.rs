//! `knights optimum`: the fewest turns, crossings or sharp turns of a tour (or a
//! weighted sum of them), the shortest longest straight run, or the longest uncrossed
//! path, by integer programming (knights-lab's `optimum`), written as a tour file
//! whose `optimum` field records the proof figures; or, with `--table`, the results
//! table of the stored optima; or, with `--improve`, a stored tour improved by the
//! local search.

use std::path::{Path, PathBuf};
use std::time::Duration;

use knights_core::atomic::write_bytes;
use knights_core::{Board, Error};
use knights_lab::optimum::{self, How, Measure, Optimum, Spec};

use super::checkpoint::Checkpoints;
use super::Failure;

/// The command line of `knights optimum`.
#[derive(clap::Args, Debug)]
pub(super) struct OptimumArgs {
    /// The board, WIDTHxHEIGHT.
    #[arg(allow_hyphen_values = true, required_unless_present_any = ["table", "improve"])]
    pub(super) board: Option<String>,
    // The measure to minimize; its help lists the measures (knights-lab's
    // `optimum::help`).
    #[arg(
        long,
        help = optimum::help(false),
        value_parser = minimized,
        conflicts_with = "maximize",
        required_unless_present_any = ["maximize", "table", "improve"]
    )]
    pub(super) minimize: Option<String>,
    // The measure to maximize, as the minimized one.
    #[arg(long, help = optimum::help(true), value_parser = maximized)]
    pub(super) maximize: Option<String>,
    /// An open tour (uncrossed: a path; the default there).
    #[arg(long, conflicts_with = "closed")]
    pub(super) open: bool,
    /// A closed tour (the default for the measures of tours; uncrossed: a cycle).
    #[arg(long)]
    pub(super) closed: bool,
    /// Seconds the solver may take in all: then the best tour is written with its gap.
    #[arg(long, default_value_t = 600)]
    pub(super) time_limit: u64,
    /// Write the tour (or the table) here instead of standard output.
    #[arg(short, long)]
    pub(super) output: Option<PathBuf>,
    /// Solve nothing: the results table (markdown) of the optima stored in DIR, each
    /// tour proved again and its record checked (no solver needed).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["board", "minimize", "maximize", "open", "closed", "improve"])]
    pub(super) table: Option<PathBuf>,
    /// Solve nothing: the tour stored in FILE (written by knights optimum) improved by
    /// the local search within the time limit, its bound kept (no solver needed).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["board", "minimize", "maximize", "open", "closed"])]
    pub(super) improve: Option<PathBuf>,
    /// With --improve: the seed of the local search, 27 unless given (each seed finds
    /// its own tour; the same seed the same one, unless the time limit stops it first).
    #[arg(long, conflicts_with_all = ["board", "table"])]
    pub(super) seed: Option<u64>,
    /// Continue the run stored in FILE (written by knights optimum for the same board
    /// and measure): its tour is the starting answer, its subtour cuts are in the model
    /// from the start, its bound kept if this run proves less (HiGHS's search itself
    /// starts again; docs/optimum.md).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["table", "improve"])]
    pub(super) resume: Option<PathBuf>,
    /// Append a line for this run (date, board, kind, measure, seconds, bound,
    /// incumbent, status, command) to the tab-separated run log FILE.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["table", "improve"])]
    pub(super) log: Option<PathBuf>,
    /// Add valid cuts and rows breaking the board's symmetries to the model: the same
    /// optimum, found or proved sooner on larger boards (docs/optimum.md).
    #[arg(long, conflicts_with_all = ["table", "improve"])]
    pub(super) strengthen: bool,
    /// How the answers are kept in one piece: `cuts` (the default: subtour cuts after
    /// each solve), `flow` (a single-commodity flow in the model) or `multiflow` (a
    /// flow to each cell, the subtour rows' relaxation): with a flow one search of the
    /// solver proves the optimum (docs/optimum.md).
    #[arg(long, value_name = "WAY", conflicts_with_all = ["table", "improve"], value_parser = connect)]
    pub(super) connect: Option<String>,
}

/// `--minimize`: a measure (or weighted sum) minimized; what is wrong with it (an
/// unknown name, a bad term, a measure only maximized) is a usage error.
fn minimized(s: &str) -> Result<String, String> {
    Measure::parse(s, false)
        .map(|_| s.to_string())
        .map_err(|e| e.to_string())
}

/// `--maximize`: a measure maximized, as [`minimized`].
fn maximized(s: &str) -> Result<String, String> {
    Measure::parse(s, true)
        .map(|_| s.to_string())
        .map_err(|e| e.to_string())
}

/// `--connect`: one of the ways the model keeps a tour in one piece.
fn connect(s: &str) -> Result<String, String> {
    s.parse::<optimum::Connect>()
        .map(|_| s.to_string())
        .map_err(|_| {
            format!(
                "'{s}' is not a way to keep the tour in one piece: choose cuts, flow or multiflow"
            )
        })
}

/// The model the arguments ask for, checked.
fn spec_of(args: &OptimumArgs) -> Result<Spec, Error> {
    let board = Board::parse_flat(args.board.as_deref().unwrap_or_default())?;
    let measure = match (&args.minimize, &args.maximize) {
        (Some(m), _) => Measure::parse(m, false)?,
        (_, Some(m)) => Measure::parse(m, true)?,
        (None, None) => {
            return Err(optimum::OptimumError::NoMeasure {
                minimized: optimum::names(false).join("|"),
                maximized: optimum::names(true).join("|"),
            }
            .into())
        }
    };
    // A tour is closed unless `--open`; an uncrossed path open unless `--closed`.
    let closed = if measure.tours() {
        !args.open
    } else {
        args.closed
    };
    let spec = Spec {
        board,
        closed,
        measure,
    };
    spec.check()?;
    Ok(spec)
}

/// `knights optimum`: solves, reports each solve, writes the verified tour with its
/// proof figures.
pub(super) fn optimum(args: &OptimumArgs) -> Result<(), Failure> {
    if let Some(dir) = &args.table {
        return table(dir, args.output.as_deref());
    }
    if let Some(file) = &args.improve {
        let seed = args.seed.unwrap_or(optimum::IMPROVE_SEED);
        return improve(file, args.output.as_deref(), args.time_limit, seed);
    }
    let spec = spec_of(args)?;
    let limit = Duration::from_secs(args.time_limit);
    let resumed = match &args.resume {
        Some(file) => Some(resumed(file, &spec)?),
        None => None,
    };
    let connect = match &args.connect {
        Some(way) => way.parse()?,
        None => optimum::Connect::Cuts,
    };
    let checkpoints =
        Checkpoints::new(args.output.as_deref(), args.log.as_deref(), resumed.clone());
    let found = solve(
        &spec,
        limit,
        resumed.as_ref(),
        args.strengthen,
        connect,
        &checkpoints,
    )?;
    let found = checkpoints.finish(found)?;
    let verdict = if found.optimal() {
        "optimal".to_string()
    } else {
        format!("not proved optimal, gap {}", found.gap())
    };
    let (unit, work) = match found.how {
        How::Solver { solves, cuts, .. } => ("", format!("{solves} solves, {cuts} cuts")),
        How::Search {
            nodes,
            searched,
            starts,
        } => (
            " leaps",
            format!("{nodes} nodes, {searched} of {starts} start cells searched"),
        ),
    };
    eprintln!(
        "{}: {}{unit}, bound {}: {verdict} ({:.1} s, {work})",
        spec.name(),
        found.value,
        found.bound,
        found.seconds,
    );
    Ok(())
}

/// The stored run `file` read back to continue it.
fn resumed(file: &Path, spec: &Spec) -> Result<optimum::runs::Resumed, Error> {
    let text = knights_core::files::read_to_string(file, knights_core::files::TEXT_LIMIT)?;
    optimum::runs::resume(&file.display().to_string(), &text, spec)
}

/// `knights optimum --table DIR`: the results table of the optima stored in `dir`.
fn table(dir: &Path, output: Option<&Path>) -> Result<(), Failure> {
    let text = optimum::table::markdown(&optimum::table::read(dir)?);
    write_bytes(output.unwrap_or(Path::new("-")), text.as_bytes())?;
    Ok(())
}

/// `knights optimum --improve FILE`: a stored tour improved by the local search.
fn improve(file: &Path, output: Option<&Path>, seconds: u64, seed: u64) -> Result<(), Failure> {
    let text = knights_core::files::read_to_string(file, knights_core::files::TEXT_LIMIT)?;
    let name = file.display().to_string();
    let stem = file
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    let (out, was, now, took) =
        optimum::table::improve_stored(&name, stem, &text, Duration::from_secs(seconds), seed)?;
    eprintln!("{name}: {was} -> {now} by the local search ({took:.1} s)");
    write_bytes(output.unwrap_or(Path::new("-")), out.as_bytes())?;
    Ok(())
}

/// Solves from the stored run's tour, or else the construction's improved, one
/// progress line per solve on standard error.
fn solve(
    spec: &Spec,
    limit: Duration,
    resumed: Option<&optimum::runs::Resumed>,
    strengthen: bool,
    connect: optimum::Connect,
    checkpoints: &Checkpoints,
) -> Result<Optimum, Error> {
    let start = match resumed {
        Some(r) => {
            eprintln!(
                "step 0: continuing a stored run: tour {}, bound {}, {} subtour cuts",
                r.value,
                r.bound,
                r.subtours.len()
            );
            Some(r.path.clone())
        }
        None => optimum::start_tour(spec, limit / 2).map(|s| {
            eprintln!(
                "step 0: local search from the construction's {}: {} ({:.1} s)",
                s.built, s.value, s.seconds
            );
            s.path
        }),
    };
    optimum::solve(
        spec,
        optimum::Solve {
            limit,
            start,
            report: &mut |r| {
                let best = r.best.map_or("none".into(), |b| b.to_string());
                // A continued run's own bound starts below the stored one: the line
                // says the proof's bound, which is the larger.
                let bound = match (r.bound, resumed.map(|s| s.bound)) {
                    (Some(b), Some(s)) if s > b => format!("{s} (stored; this run {b})"),
                    (None, Some(s)) => format!("{s} (stored)"),
                    (b, _) => b.map_or("not yet".into(), |b| b.to_string()),
                };
                // The checkpoint first: a line read is a step on disk.
                if let Some(so_far) = &r.so_far {
                    checkpoints.step(so_far);
                }
                eprintln!(
                    "step {}: {}; bound {bound}, best {best} ({:.1} s)",
                    r.number, r.answer, r.seconds
                );
            },
            strengthen,
            cutting: optimum::Cutting {
                connect,
                ..optimum::Cutting::from(resumed.map_or(Vec::new(), |r| r.subtours.clone()))
            },
        },
    )
}
