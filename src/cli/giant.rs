//! `knights metrics WxH --algo besa` on a board too large to build: the formation
//! tour's turns and crossings counted from its layout (see
//! `knights_construct::besa::structure_counts`), in time linear in the side, instead
//! of refusing the board for want of memory.

use knights_construct::besa::{structure_counts_reporting, Besa, Variant};
use knights_construct::existence;
use knights_construct::Construction;
use knights_core::metrics::bounds::{self, Bound, Ratio};
use knights_core::{Board, Error};

use super::args::{looks_like_board, BuildArgs};
use super::progress::Progress;
use super::Failure;

/// What `knights metrics --json` prints for a board counted without being built.
#[derive(serde::Serialize)]
struct Counted<'a> {
    board: String,
    algorithm: &'static str,
    variant: Option<&'a str>,
    cells: u64,
    closed: bool,
    /// Always false: the tour was counted from the construction, not built.
    built: bool,
    turns: u64,
    crossings: u64,
    turn_lower_bound: u64,
    turn_ratio: f64,
    turns_to_bound: Ratio,
    /// The paper's asymptotic bounds on n x n boards (none on a rectangle).
    asymptotic: Vec<Bound>,
}

/// The sides of a `WxH` too large to build (more cells than a board can number, or
/// more memory than the process may use), `None` for anything else.
fn too_large(input: &str) -> Option<(u32, u32)> {
    if !looks_like_board(input) {
        return None;
    }
    let (w, h) = input.split_once(['x', 'X'])?;
    let (w, h) = (w.parse().ok()?, h.parse().ok()?);
    let refused = match Board::new(w, h) {
        Err(Error::TooLarge(_)) => true,
        Ok(b) => existence::check_memory(&b).is_err(),
        Err(_) => false,
    };
    refused.then_some((w, h))
}

/// Prints the counts of the formation tour of a board too large to build; `None` when
/// the request is not one (another algorithm, an open tour, a tour file, a board that
/// fits), which then goes the ordinary way.
pub(super) fn metrics(input: &str, args: &BuildArgs, json: bool) -> Option<Result<(), Failure>> {
    if args.algo.name() != Besa.name() || args.open || args.leaper.is_some() {
        return None;
    }
    let (w, h) = too_large(input)?;
    if let Some(t) = args.topology.filter(|t| t.wraps()) {
        let t = if t.wraps_rows() {
            t.to_string()
        } else {
            format!("{t} band")
        };
        return Some(Err(Failure::Invalid(Error::invalid(format!(
            "the {w}x{h} board is too large to build, and the formation tour's turns and crossings are counted without building only on the plane, not on a {t}: leave out --topology, or ask for a board that fits in memory"
        )))));
    }
    Some(print(w, h, args.variant.as_deref(), json))
}

fn print(w: u32, h: u32, variant: Option<&str>, json: bool) -> Result<(), Failure> {
    if let Some(v) = variant.filter(|v| !Besa.variants().contains(v)) {
        let what = knights_core::Named::Variant {
            algorithm: Besa.name(),
        };
        return Err(Error::from(knights_core::Unknown::new(what, v, Besa.variants())).into());
    }
    let v = Variant::named(variant).ok_or_else(|| {
        Error::Unsupported(knights_core::Unsupported::new(
            Besa.name(),
            format!("{w}x{h}"),
            format!(
                "the {w}x{h} board is too large to build, and a tour counted without building has the {} variants {} only: --variant {} is built, not counted",
                Besa.name(),
                Variant::NAMES.join(", "),
                variant.unwrap_or_default(),
            ),
        ))
    })?;
    let progress = Progress::new(format!("counting the turns and crossings of {w}x{h}"));
    let report = |done, total| progress.set(done, total);
    let counts = structure_counts_reporting(w, h, v, &report);
    drop(progress);
    let (turns, crossings) = counts.ok_or_else(|| {
        Error::Unsupported(knights_core::Unsupported::new(
            Besa.name(),
            format!("{w}x{h}"),
            format!(
                "the formation algorithm needs one even side of at least 16 and the other side at least 12, which the {w}x{h} board does not have"
            ),
        ))
    })?;
    let edge = 2 * (w as u64 + h as u64) - 4;
    let to_turns = Ratio::of(turns, edge, bounds::EDGE.to_string());
    let asymptotic = if w == h {
        bounds::asymptotic(w)
    } else {
        Vec::new()
    };
    let report = Counted {
        board: format!("{w}x{h}"),
        algorithm: Besa.name(),
        variant,
        cells: w as u64 * h as u64,
        closed: true,
        built: false,
        turns,
        crossings,
        turn_lower_bound: edge,
        turn_ratio: turns as f64 / edge as f64,
        turns_to_bound: to_turns,
        asymptotic,
    };
    if json {
        let text = serde_json::to_string_pretty(&report)
            .map_err(|e| Error::internal(format!("metrics as JSON: {e}")))?;
        println!("{text}");
        return Ok(());
    }
    println!("board       {}", report.board);
    println!(
        "algorithm   {}{}",
        Besa.name(),
        variant.map_or(String::new(), |v| format!(" ({v})"))
    );
    println!("cells       {}", report.cells);
    println!("tour        closed, counted from the construction's layout (too large to build: not built, not verified)");
    println!("turns       {turns}");
    println!("crossings   {crossings}");
    print_bounds(&report.turns_to_bound, &report.asymptotic);
    Ok(())
}

/// The lines of `knights metrics` on bounds: the tour's turns against the bound proved
/// for its board (the formula that gives it on this kind of tour), and on an n x n
/// board the paper's asymptotic bounds, for comparison only: they hold for n large
/// enough, so no ratio is taken to them.
pub(super) fn print_bounds(turns: &Ratio, asymptotic: &[Bound]) {
    println!(
        "turn bound  {} ({}); turns / bound = {:.3}",
        turns.bound, turns.source, turns.ratio
    );
    for b in asymptotic {
        println!(
            "asymptotic  {} >= {} on n x n, as n grows ({}; not a bound on this board)",
            b.measure, b.value, b.source
        );
    }
}
