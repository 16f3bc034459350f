//! `tour`, `verify` and `metrics`: a tour built or read, proved, written or measured.

use std::io;
use std::path::Path;

use knights_construct::{self as construct, flat_options_refused, Request};
use knights_core::atomic::write_with;
use knights_core::format::{self, Format};
use knights_core::magic::{self, Magic};
use knights_core::metrics::{self, Metrics};
use knights_core::symmetry::{self, Symmetry};
use knights_core::{verify, BadBoard, Board, Error, PathProblem, Shape, Topology, Tour, Verified};
use knights_render as render;

use super::args::{looks_like_board, BuildArgs, OutFormat, Start};
use super::draw::{draw, write_drawing};
use super::progress::{Busy, Progress};
use super::Failure;

/// What the options ask to build on `board`; on a board of three or more sides the
/// options that only boards of two take are refused by name.
pub(super) fn request(board: Board, args: &BuildArgs) -> Result<Request, Error> {
    if board.dims() > 2 {
        refuse_flat_goals(&board, args)?;
    }
    let board = match args.leaper {
        Some(l) if l != board.leaper() => board.for_leaper(l),
        _ => board,
    };
    Ok(Request {
        board: board.with_topology(args.topology.unwrap_or_default()),
        open: args.open,
        variant: args.construction().1,
        seed: args.seed,
        start: args.start.map(|Start(x, y)| (x, y)),
    })
}

/// `--magic`, `--symmetry` and `--blur` (its exchanges are of a flat board's
/// moves), refused on a board of three or more sides.
fn refuse_flat_goals(board: &Board, args: &BuildArgs) -> Result<(), Error> {
    let flag = [
        (args.magic.is_some(), "--magic"),
        (args.symmetry.is_some(), "--symmetry"),
        (args.blur.is_some(), "--blur"),
    ]
    .into_iter()
    .find_map(|(given, flag)| given.then_some(flag));
    match flag {
        Some(option) => Err(BadBoard::TwoSides {
            board: board.to_string(),
            sides: board.dims(),
            option: Some(option),
        }
        .into()),
        None => Ok(()),
    }
}

/// `--start` and a glued `--topology`, refused on a board of three or more sides (its
/// tours start at its corner, its sides are not glued).
fn refuse_flat_options(board: &Board, args: &BuildArgs) -> Result<(), Failure> {
    match flat_options_refused(board, args.start.is_some(), args.topology) {
        Some(why) => Err(Failure::Usage(why)),
        None => Ok(()),
    }
}

/// Builds and verifies a tour of `board`, of any number of sides.
pub(super) fn construct(board: Board, args: &BuildArgs) -> Result<Verified, Failure> {
    refuse_flat_options(&board, args)?;
    let req = request(board, args)?;
    let blur = args.blur.filter(|_| req.board.dims() == 2);
    if let Some(k) = blur {
        construct::tourney::check_blur(k, req.board.cells(), &req.board)?;
    }
    let resolved = construct::resolve(&req, args.construction().0).map_err(Error::from)?;
    let busy = Busy::new(format!("building the {} tour", req.board));
    let tour = resolved.build()?;
    drop(busy);
    let tour = match blur {
        Some(k) => {
            let progress = Progress::new(format!("blurring the {} tour", req.board));
            construct::tourney::blur_reporting(
                &*verify::constructed(tour)?,
                k,
                args.seed,
                &|done, total| progress.set(done, total),
            )?
        }
        None => tour,
    };
    Ok(verify::constructed(tour)?)
}

/// A board of two sides (`WxH`) to build, or a tour file of one to read and verify;
/// boards of more sides are refused, for the commands that draw or use only 2-D tours.
pub(super) fn load(input: &str, args: &BuildArgs) -> Result<Verified, Failure> {
    let refuse = |board: &str, sides: usize| {
        Failure::Invalid(
            BadBoard::TwoSides {
                board: board.to_string(),
                sides,
                option: None,
            }
            .into(),
        )
    };
    if looks_like_board(input) {
        let b: Board = input.parse()?;
        if b.dims() > 2 {
            return Err(refuse(&b.to_string(), b.dims()));
        }
    }
    match load_any(input, args)? {
        t if t.board().dims() > 2 => Err(refuse(&t.board().to_string(), t.board().dims())),
        t => Ok(t),
    }
}

/// A board (`WxH`, `WxHxD`, ...) to build, or a tour file to read and verify; a
/// tourney or an uncrossed path is refused, naming the commands that read it.
pub(super) fn load_any(input: &str, args: &BuildArgs) -> Result<Verified, Failure> {
    let walk = load_document(input, args)?;
    match walk.shape() {
        Shape::Tour => Ok(walk),
        Shape::Tourney { starts } => Err(Error::parse(
            input,
            "field cycles",
            format!(
                "the file is a tourney of {} cycles, not a tour: verify, metrics and render (still drawings) read tourneys",
                starts.len()
            ),
        ).into()),
        Shape::Uncrossed { .. } => Err(Error::parse(
            input,
            "field kind",
            format!(
                "the file is an uncrossed path of {} cells, not a tour: verify, metrics and render (still drawings) read uncrossed paths",
                walk.len()
            ),
        ).into()),
    }
}

/// A board to build (a tour), or a file holding a walk of any shape (a tour, a tourney,
/// an uncrossed path) to read and prove.
pub(super) fn load_document(input: &str, args: &BuildArgs) -> Result<Verified, Failure> {
    if looks_like_board(input) {
        return construct(input.parse()?, args);
    }
    if let Some(flag) = args.given() {
        return Err(Failure::Usage(format!(
            "{flag} builds a tour of a board, but '{input}' is a tour file: leave it out"
        )));
    }
    let path = Path::new(input);
    if input != "-" && !path.exists() {
        let message = format!(
            "'{input}' is neither a board size (WIDTHxHEIGHT, e.g. 8x8, or more sides, e.g. 20x16x6) nor a tour file that exists"
        );
        return Err(Error::path(path, PathProblem::Missing, message).into());
    }
    read_verified_on(path, args.topology)
}

/// Reads a tour, tourney or uncrossed path file and proves it, naming the file when it
/// is not one; a tour on the band `topology` names, when given: a file without a
/// topology field is read on it, a file that records another one is refused. Tourneys
/// and uncrossed paths lie on the plane.
pub(super) fn read_verified_on(
    path: &Path,
    topology: Option<Topology>,
) -> Result<Verified, Failure> {
    let file = path.display().to_string();
    let tour = read_any(path, topology.unwrap_or_default())?;
    let on_plane = match tour.shape() {
        Shape::Tour => None,
        Shape::Tourney { .. } => Some(("field cycles", "tourneys")),
        Shape::Uncrossed { .. } => Some(("field kind", "uncrossed paths")),
    };
    if let (Some((field, walks)), Some(top)) = (on_plane, topology.filter(|t| t.wraps())) {
        return Err(Error::parse(
            &file,
            field,
            format!("{walks} lie on the plane and cannot be read on a {top}"),
        )
        .into());
    }
    let tour = match topology {
        Some(top) if tour.board().dims() > 2 && top.wraps() => {
            return Err(Error::parse(
                &file,
                "field board",
                format!(
                    "the {} board has {} sides and cannot be read on a {top}",
                    tour.board(),
                    tour.board().dims()
                ),
            )
            .into());
        }
        Some(top) if tour.board().dims() == 2 && on_plane.is_none() => {
            on_topology(tour, top, &file)?
        }
        _ => tour,
    };
    Ok(verify::verify(tour).map_err(|f| Error::not_a_tour(file, f))?)
}

/// A 2-D tour read on the band `topology` names: a file without a topology field is
/// read on it, a file that records another one is refused.
fn on_topology(tour: Tour, topology: Topology, file: &str) -> Result<Tour, Failure> {
    let recorded = tour.board().topology();
    if recorded.wraps() && recorded != topology {
        return Err(Error::parse(
            file,
            "field topology",
            format!("the file records a {recorded} but --topology says {topology}"),
        )
        .into());
    }
    Ok(tour.with_topology(topology))
}

/// Reads a tour file of any board, a tourney or an uncrossed path file: a file on disk
/// streamed, standard input read whole; a numbered grid on `topology` (closed when its
/// ends are a leap apart there, across a seam too).
fn read_any(path: &Path, topology: Topology) -> Result<Tour, Error> {
    if path == Path::new("-") {
        let text = format::read_text(io::stdin(), "-")?;
        return format::parse_document_on(&text, "-", topology);
    }
    format::read_path_on(path, &path.display().to_string(), topology)
}

/// Refuses a binary drawing to standard output, and a path whose extension is not the
/// format's.
fn check_drawing_output(
    fmt: OutFormat,
    output: Option<&Path>,
    to_stdout: bool,
) -> Result<(), Failure> {
    let text = matches!(fmt, OutFormat::Json | OutFormat::Grid);
    if !text && fmt != OutFormat::Svg && to_stdout {
        return Err(Failure::Usage(
            format!("--format {fmt:?} writes a binary file: give it a path with -o").to_lowercase(),
        ));
    }
    let ext = format!("{fmt:?}").to_lowercase();
    if let Some(path) = output.filter(|_| !text && !to_stdout) {
        if path.extension().and_then(|e| e.to_str()) != Some(ext.as_str()) {
            return Err(Failure::Usage(format!(
                "--format {ext} but {} does not end in .{ext}",
                path.display()
            )));
        }
    }
    Ok(())
}

/// `knights tour BOARD`: JSON, the numbered grid (two sides only) or a drawing (the
/// levels side by side on a board of more sides).
pub(super) fn tour(
    board: Board,
    args: &BuildArgs,
    fmt: OutFormat,
    output: Option<&Path>,
) -> Result<(), Failure> {
    let text_format = match fmt {
        OutFormat::Json => Some(Format::Json),
        OutFormat::Grid => Some(Format::Grid),
        _ => None,
    };
    let to_stdout = output.is_none_or(|p| p == Path::new("-"));
    if board.dims() > 2 {
        if fmt == OutFormat::Grid {
            return Err(Failure::Usage(format!(
                "the numbered grid has one number per square of a 2-D board; write the {board} board's tour with --format json"
            )));
        }
    } else {
        check_drawing_output(fmt, output, to_stdout)?;
    }
    let tour = construct(board, args)?;
    match (text_format, output) {
        (Some(f), _) => write_with(output.unwrap_or(Path::new("-")), |out| {
            format::write(&tour, f, &mut &mut *out)
        })?,
        (None, Some(path)) if !to_stdout => {
            write_drawing(&draw(&tour, &render::Options::default())?, path)?
        }
        (None, _) => {
            let drawing = draw(&tour, &render::Options::default())?;
            write_with(Path::new("-"), |out| {
                out.write_all(drawing.svg().as_bytes())
            })?
        }
    }
    Ok(())
}

pub(super) fn verify_file(file: &Path, topology: Option<Topology>) -> Result<(), Failure> {
    let walk = read_verified_on(file, topology)?;
    let cells = walk.len();
    match walk.shape() {
        Shape::Tour => {
            let plural = if cells == 1 { "" } else { "s" };
            println!("{}: ok, {walk} ({cells} cell{plural})", file.display());
        }
        Shape::Tourney { .. } => println!("{}: ok, {walk} ({cells} cells)", file.display()),
        Shape::Uncrossed { .. } => println!("{}: ok, {walk}", file.display()),
    }
    Ok(())
}

/// What `knights metrics --json` prints.
#[derive(serde::Serialize)]
struct MetricsReport<'a> {
    board: String,
    algorithm: &'a str,
    missing_cells: usize,
    #[serde(flatten)]
    metrics: &'a Metrics,
    /// The paper's asymptotic bounds, on a closed knight's tour of a full n x n board.
    asymptotic: Vec<metrics::bounds::Bound>,
    symmetry: Symmetry,
    /// The sums of the board numbered in visiting order, and whether they are magic.
    magic: Magic,
}

/// The paper's asymptotic bounds when they concern `tour` (see
/// [`metrics::bounds::paper_applies`]).
fn asymptotic(tour: &Verified) -> Vec<metrics::bounds::Bound> {
    let b = tour.board();
    if metrics::bounds::paper_applies(b, tour.is_closed()) {
        metrics::bounds::asymptotic(b.width())
    } else {
        Vec::new()
    }
}

pub(super) fn print_metrics(input: &str, args: &BuildArgs, json: bool) -> Result<(), Failure> {
    if let Some(done) = super::giant::metrics(input, args, json) {
        return done;
    }
    let tour = load_document(input, args)?;
    if tour.shape() == &Shape::Tour && tour.board().dims() > 2 {
        return super::report::levels(&tour, json);
    }
    let m = metrics::measure(&tour);
    match tour.shape() {
        Shape::Tour => {}
        Shape::Tourney { .. } => return super::tourney::print_metrics(&tour, &m, json),
        Shape::Uncrossed { .. } => return print_uncrossed_metrics(&tour, &m, json),
    }
    let sym = symmetry::of_moves(tour.grid());
    let magic = magic::of_tour(&tour);
    if json {
        let report = MetricsReport {
            board: tour.board().to_string(),
            algorithm: tour.algorithm(),
            missing_cells: tour.board().holes().len(),
            metrics: &m,
            asymptotic: asymptotic(&tour),
            symmetry: sym,
            magic,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&report).expect("metrics serialize")
        );
        return Ok(());
    }
    let board = tour.board().to_string();
    super::report::head(&board, tour.algorithm(), m.cells, m.closed, m.turns);
    println!("crossings   {}", m.crossings);
    println!("turn angles {}", super::report::angles(&m.turns_by_angle));
    println!(
        "sharp turns {} (by more than {}°)",
        metrics::sharp_turns(&m.turns_by_angle),
        metrics::SHARP_DEGREES
    );
    if let Some(r) = &m.turns_to_bound {
        super::giant::print_bounds(r, &asymptotic(&tour));
    }
    println!("longest run {} leaps", m.longest_run);
    let symmetries: Vec<&str> = [
        (sym.quarter_turn, "quarter turn"),
        (sym.half_turn, "half turn"),
        (sym.mirror, "mirror"),
    ]
    .iter()
    .filter(|(has, _)| *has)
    .map(|&(_, name)| name)
    .collect();
    let symmetries = if symmetries.is_empty() {
        "none".to_string()
    } else {
        symmetries.join(", ")
    };
    println!("symmetry    {symmetries}");
    println!("magic       {}", magic_line(&magic));
    Ok(())
}

/// What `metrics` says of the sums: the kind and the sums, or their ranges.
fn magic_line(m: &Magic) -> String {
    let range = |v: &[u64]| {
        let (lo, hi) = (v.iter().min(), v.iter().max());
        match (lo, hi) {
            (Some(lo), Some(hi)) if lo == hi => format!("{lo}"),
            (Some(lo), Some(hi)) => format!("{lo} to {hi}"),
            _ => "nothing".into(),
        }
    };
    let sums = format!("rows sum {}, columns {}", range(&m.rows), range(&m.columns));
    match (m.kind, m.diagonals) {
        (magic::Kind::None, _) => format!("no ({sums})"),
        (kind, Some([a, b])) => format!("{} ({sums}, diagonals {a} and {b})", kind.name()),
        (kind, None) => format!("{} ({sums})", kind.name()),
    }
}

/// What `knights metrics` says of an uncrossed path `p` measuring `m`: its cells, leaps
/// and turns (no crossings, by its proof).
fn print_uncrossed_metrics(p: &Verified, m: &Metrics, json: bool) -> Result<(), Failure> {
    let kind = if p.is_closed() { "cycle" } else { "path" };
    if json {
        let report = serde_json::json!({
            "board": p.board().to_string(),
            "algorithm": p.algorithm(),
            "kind": format!("uncrossed {kind}"),
            "cells": p.path().len(),
            "leaps": p.leaps(),
            "turns": m.turns,
            "crossings": m.crossings,
        });
        println!("{report:#}");
    } else {
        println!("board        {}", p.board());
        println!("kind         uncrossed {kind}");
        println!("cells        {} of {}", p.path().len(), p.board().cells());
        println!("leaps        {}", p.leaps());
        println!("turns        {}", m.turns);
        println!("crossings    {}", m.crossings);
    }
    Ok(())
}
