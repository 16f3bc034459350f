//! `motif`, `bounds`, `gadgets` and `list`: the solver, the lower bounds, the gadget
//! search and the catalogue of constructions.

use std::path::Path;

use knights_construct::{self as construct, Algo};
use knights_core::atomic::write_with;
use knights_core::format::{self, Format};
use knights_core::metrics;
use knights_core::{verify, BadOption, Board, Error, GaveUp};
use knights_lab::motif;

use super::args::{GadgetArea, GadgetEnding, MotifArgs, OutFormat, Start};
use super::Failure;

/// The motif model `args` describe on `board`.
pub(super) fn motif_spec(board: &Board, args: &MotifArgs) -> Result<motif::Spec, Error> {
    let mut spec = motif::Spec::open_default(board.width(), board.height());
    if args.closed {
        spec.ends = motif::Ends::Closed;
    } else if let motif::Ends::Open(s, t) = spec.ends {
        let from = args.from.map_or(s, |Start(x, y)| (x, y));
        let to = args.to.map_or(t, |Start(x, y)| (x, y));
        spec.ends = motif::Ends::Open(from, to);
    }
    spec.symmetry = args.symmetry.parse()?;
    for f in &args.force {
        let bad = || -> Error { BadOption::LeapSyntax { text: f.clone() }.into() };
        let (a, b) = f.split_once(':').ok_or_else(bad)?;
        let (Ok(Start(ax, ay)), Ok(Start(bx, by))) = (a.parse::<Start>(), b.parse::<Start>())
        else {
            return Err(bad());
        };
        spec.forced.push(((ax, ay), (bx, by)));
    }
    spec.repeat = args.repeat.map(|period| motif::Repeat {
        period,
        margin: args.margin,
    });
    spec.topology = args.topology;
    spec.flow = args.flow;
    spec.columns = args.columns;
    spec.copies = args.copies;
    spec.check()?;
    Ok(spec)
}

/// `knights motif`: solves the model, reports every tour found against the bound,
/// and writes the one asked for, verified.
pub(super) fn design_motif(
    board: &Board,
    args: &MotifArgs,
    fmt: OutFormat,
    output: Option<&Path>,
) -> Result<(), Failure> {
    let text_format = match fmt {
        OutFormat::Json => Format::Json,
        OutFormat::Grid => Format::Grid,
        other => {
            return Err(Failure::Usage(format!(
                "knights motif writes json or grid, not {}: render the file afterwards",
                format!("{other:?}").to_lowercase()
            )))
        }
    };
    if args.rank == 0 {
        return Err(Failure::Usage("--rank counts from 1".into()));
    }
    let spec = motif_spec(board, args)?;
    let total = std::time::Duration::from_secs(args.time_limit);
    let round = args
        .round_limit
        .map_or(total, std::time::Duration::from_secs);
    let found = solve(&spec, args.rank, motif::Limits { total, round })?;
    for (k, m) in found.iter().enumerate() {
        let verdict = if m.optimal() {
            "optimal"
        } else {
            "not proved optimal"
        };
        let winding = match spec.copies {
            Some(_) => format!(", winding {}", motif::winding(&m.tour)),
            None => String::new(),
        };
        eprintln!(
            "tour {}: {} symmetric leaps ({}), solver bound {}: {verdict}{winding}",
            k + 1,
            m.count,
            spec.symmetry,
            m.bound
        );
    }
    let Some(chosen) = found.get(args.rank - 1) else {
        return Err(Failure::Invalid(Error::GaveUp(GaveUp::Rank {
            found: found.len(),
            seconds: args.time_limit,
            rank: args.rank,
        })));
    };
    let tour = verify::constructed(chosen.tour.clone())?;
    write_with(output.unwrap_or(Path::new("-")), |out| {
        format::write(&tour, text_format, &mut &mut *out)
    })?;
    Ok(())
}

/// Solves the model, reporting each solve on stderr (a run may take minutes).
#[cfg(feature = "motif")]
fn solve(
    spec: &motif::Spec,
    rank: usize,
    limits: motif::Limits,
) -> Result<Vec<motif::Motif>, Error> {
    motif::solve_with(spec, rank, limits, &mut |r| {
        let split = match r.pieces {
            1 => "one tour".to_string(),
            n => format!("{n} pieces, cut"),
        };
        eprintln!(
            "solve {}: {} symmetric leaps, bound {}, {split} ({:.0} s)",
            r.number, r.count, r.bound, r.seconds
        );
    })
}

/// Without the solver: [`motif::solve`] says how to get it.
#[cfg(not(feature = "motif"))]
fn solve(
    spec: &motif::Spec,
    rank: usize,
    limits: motif::Limits,
) -> Result<Vec<motif::Motif>, Error> {
    motif::solve(spec, rank, limits)
}

/// `knights bounds`: each lower bound with its source.
/// `knights bounds`: the papers' lower bounds, from the sides alone (no cell is made,
/// so a board of any size that two `u32` sides write is taken).
pub(super) fn print_bounds((width, height): (u32, u32), json: bool) -> Result<(), Failure> {
    let bounds = metrics::bounds::bounds(width, height);
    if json {
        let text = serde_json::to_string_pretty(&bounds)
            .map_err(|e| Error::internal(format!("bounds as JSON: {e}")))?;
        println!("{text}");
        return Ok(());
    }
    println!("lower bounds for the {width}x{height} board");
    for b in bounds {
        let exact = if b.exact { "" } else { " (leading term)" };
        println!("{:>9} >= {:>10.1}{exact}  {}", b.measure, b.value, b.source);
    }
    Ok(())
}

/// `knights gadgets heel`: the front as a table; the pieces file when asked.
pub(super) fn gadgets(
    area: GadgetArea,
    ending: GadgetEnding,
    write: Option<&Path>,
) -> Result<(), Failure> {
    use knights_lab::besa::gadgets::{self, Area};
    use knights_lab::gadget::Ending;
    let area = match area {
        GadgetArea::Paper => Area::Paper,
        GadgetArea::Open => Area::Open,
    };
    let ending = match ending {
        GadgetEnding::Any => Ending::Any,
        GadgetEnding::Plain => Ending::Plain,
    };
    print!("{}", gadgets::report(area, ending));
    if let Some(path) = write {
        knights_core::atomic::write_bytes(path, gadgets::heels_toml().as_bytes())?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

pub(super) fn list() -> Result<(), Failure> {
    for c in construct::all() {
        println!("{}", c.name());
        println!("    {}", c.summary());
        println!("    boards:   {}", c.boards());
        if !c.variants().is_empty() {
            println!("    variants: {}", c.variants().join(", "));
        }
        if let Some(more) = c.more_sides() {
            println!(
                "    3+ sides: {} (WxHxD, WxHxDxE, ...; docs/space.md)",
                more.boards
            );
            println!("              {}", more.summary);
        }
    }
    println!("{}", Algo::Auto);
    println!("    the first of the above that supports the board (the default; on a board of three or more sides, the first with a 3+ sides line)");
    println!();
    println!("Tourneys (closed cycles covering the board: knights tourney; docs/tourneys.md):");
    for g in construct::tourney::generators() {
        println!("{}", g.name());
        println!("    {}", g.summary());
        println!("    boards:   {}", g.boards());
    }
    Ok(())
}
