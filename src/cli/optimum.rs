//! `knights optimum`: the fewest turns or crossings of a tour, or the longest uncrossed
//! path, by integer programming (knights-lab's `optimum`), written as a tour file
//! whose `optimum` field records the proof figures.

use std::path::{Path, PathBuf};
use std::time::Duration;

use knights_core::atomic::write_bytes;
use knights_core::format::{self, Format};
use knights_core::{metrics, verify, Board, Error, Tour};
use knights_lab::optimum::{self, Measure, Optimum, Spec};
use serde_json::json;

use super::Failure;

/// The command line of `knights optimum`.
#[derive(clap::Args, Debug)]
pub(super) struct OptimumArgs {
    /// The board, WIDTHxHEIGHT.
    #[arg(allow_hyphen_values = true)]
    pub(super) board: String,
    /// The measure to minimize: turns or crossings.
    #[arg(
        long,
        conflicts_with = "maximize",
        required_unless_present = "maximize"
    )]
    pub(super) minimize: Option<String>,
    /// The measure to maximize: uncrossed (the longest path with no two leaps crossing).
    #[arg(long)]
    pub(super) maximize: Option<String>,
    /// An open tour (uncrossed: a path; the default there).
    #[arg(long, conflicts_with = "closed")]
    pub(super) open: bool,
    /// A closed tour (the default for turns and crossings; uncrossed: a cycle).
    #[arg(long)]
    pub(super) closed: bool,
    /// Seconds the solver may take in all: then the best tour is written with its gap.
    #[arg(long, default_value_t = 600)]
    pub(super) time_limit: u64,
    /// Write the tour here instead of standard output.
    #[arg(short, long)]
    pub(super) output: Option<PathBuf>,
}

/// The model the arguments ask for, checked.
fn spec_of(args: &OptimumArgs) -> Result<Spec, Error> {
    let board: Board = args.board.parse()?;
    let measure = match (&args.minimize, &args.maximize) {
        (Some(m), _) => Measure::parse(m, false)?,
        (_, Some(m)) => Measure::parse(m, true)?,
        (None, None) => {
            return Err(Error::invalid(
                "name a measure: --minimize turns|crossings or --maximize uncrossed",
            ))
        }
    };
    let closed = match measure {
        Measure::Uncrossed => args.closed,
        _ => !args.open,
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
    let spec = spec_of(args)?;
    let limit = Duration::from_secs(args.time_limit);
    let found = solve(&spec, limit)?;
    let verdict = if found.optimal() {
        "optimal".to_string()
    } else {
        format!("not proved optimal, gap {}", found.gap())
    };
    eprintln!(
        "{}: {} {}, solver bound {}: {verdict} ({:.1} s, {} solves, {} cuts)",
        spec.name(),
        found.value,
        if spec.measure == Measure::Uncrossed {
            "leaps"
        } else {
            ""
        }
        .trim(),
        found.bound,
        found.seconds,
        found.solves,
        found.cuts
    );
    let text = write(&found)?;
    write_bytes(
        args.output.as_deref().unwrap_or(Path::new("-")),
        text.as_bytes(),
    )?;
    Ok(())
}

/// Solves, one progress line per solve on standard error.
#[cfg(feature = "motif")]
fn solve(spec: &Spec, limit: Duration) -> Result<Optimum, Error> {
    let start = start_tour(spec);
    optimum::solve(
        spec,
        optimum::Solve {
            limit,
            start,
            report: &mut |r| {
                let answer = match (r.value, r.pieces) {
                    (None, _) => "no answer".to_string(),
                    (Some(v), 1) => format!("{v:.0} in one piece"),
                    (Some(v), p) => format!("{v:.0} in {p} pieces, cut"),
                };
                let best = r.best.map_or("none".into(), |b| b.to_string());
                eprintln!(
                    "solve {}: {answer}; bound {}, best {best} ({:.1} s)",
                    r.number, r.bound, r.seconds
                );
            },
        },
    )
}

/// Without the solver: says how to get it.
#[cfg(not(feature = "motif"))]
fn solve(spec: &Spec, limit: Duration) -> Result<Optimum, Error> {
    optimum::solve(spec, limit)
}

/// The construction's tour of the board, the solver's first answer (none for the
/// uncrossed models, whose answers are not tours).
#[cfg(feature = "motif")]
fn start_tour(spec: &Spec) -> Option<Vec<u32>> {
    if spec.measure == Measure::Uncrossed {
        return None;
    }
    let req = knights_construct::Request {
        open: !spec.closed,
        ..knights_construct::Request::closed(spec.board.clone())
    };
    let tour = knights_construct::build(&req, "auto").ok()?;
    let v = verify::constructed(tour).ok()?;
    Some(v.path().to_vec())
}

/// The answer as a file: a verified tour (or a checked uncrossed path) with the
/// `optimum` field, whose value is measured again from the file's tour.
pub(super) fn write(found: &Optimum) -> Result<String, Error> {
    let spec = &found.spec;
    let measured = match spec.measure {
        Measure::Uncrossed => optimum::uncrossed_leaps(&spec.board, &found.path, spec.closed)?,
        _ => {
            let tour = Tour::new(spec.board.clone(), found.path.clone(), spec.closed);
            let m = metrics::measure(&verify::constructed(tour)?);
            if spec.measure == Measure::Turns {
                m.turns
            } else {
                m.crossings
            }
        }
    };
    if measured != found.value {
        return Err(Error::internal(format!(
            "the solver's {} tour has {measured} {}, not the {} it claims",
            spec.name(),
            spec.measure,
            found.value
        )));
    }
    let record = json!({
        "measure": spec.measure.to_string(),
        "sense": if spec.measure.maximized() { "maximize" } else { "minimize" },
        "value": found.value,
        "bound": found.bound,
        "gap": found.gap(),
        "optimal": found.optimal(),
        "seconds": (found.seconds * 10.0).round() / 10.0,
        "solves": found.solves,
        "cuts": found.cuts,
        "columns": found.columns,
        "rows": found.rows,
        "source": found.source,
        "solver": "HiGHS (highs crate 2), mip_rel_gap 0, subtour cuts after each solve",
        "time_limit": found.limit.as_secs(),
        "command": command(found),
    });
    let mut text = match spec.measure {
        Measure::Uncrossed => path_json(found),
        _ => {
            let tour = Tour::new(spec.board.clone(), found.path.clone(), spec.closed)
                .with_algorithm("optimum");
            let v = verify::constructed(tour)?;
            let mut out = Vec::new();
            format::write(&v, Format::Json, &mut out)?;
            String::from_utf8(out).map_err(|e| Error::internal(e.to_string()))?
        }
    };
    // The record goes first, a field the tour readers skip.
    let at = text.find('\n').map_or(0, |i| i + 1);
    text.insert_str(at, &format!("  \"optimum\": {record},\n"));
    Ok(text)
}

/// The command that makes this answer again.
fn command(found: &Optimum) -> String {
    let s = &found.spec;
    let (sense, kind) = match (s.measure, s.closed) {
        (Measure::Uncrossed, true) => ("--maximize", " --closed"),
        (Measure::Uncrossed, false) => ("--maximize", ""),
        (_, true) => ("--minimize", " --closed"),
        (_, false) => ("--minimize", " --open"),
    };
    format!(
        "knights optimum {} {sense} {}{kind} --time-limit {}",
        s.board,
        s.measure,
        found.limit.as_secs()
    )
}

/// An uncrossed path, in the layout of a tour file (it visits only some cells, so
/// `knights verify` does not take it: `uncrossed_leaps` checks it).
fn path_json(found: &Optimum) -> String {
    let b = &found.spec.board;
    let cells: Vec<String> = found
        .path
        .iter()
        .map(|&c| {
            let (x, y) = b.xy(c);
            format!("[{x}, {y}]")
        })
        .collect();
    format!(
        "{{\n  \"board\": {{ \"width\": {}, \"height\": {} }},\n  \"leaper\": [1, 2],\n  \"closed\": {},\n  \"algorithm\": \"optimum\",\n  \"path\": [{}]\n}}\n",
        b.width(),
        b.height(),
        found.spec.closed,
        cells.join(", ")
    )
}
