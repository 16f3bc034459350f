//! `tourney`, and tourney files read by `verify`, `metrics` and `render`: closed
//! cycles covering a board, generated, joined into a tour, proved, measured, drawn.

use std::path::Path;

use knights_construct::tourney as gen;
use knights_core::atomic::write_with;
use knights_core::format::{self, Format};
use knights_core::metrics::{lengths_text, Metrics};
use knights_core::{verify, Board, Verified};
use knights_render as render;

use super::args::OutFormat;
use super::draw::write_drawing;
use super::Failure;
use crate::message::escape_controls;

/// `knights tourney`'s options.
#[derive(clap::Args, Debug)]
pub(super) struct TourneyArgs {
    /// The generator: neural (Takefuji and Lee's network), braid (Parberry's concentric
    /// braid) or four-cover (4x4 blocks of 4-cycles); see `knights list`.
    #[arg(long, default_value = "neural", value_parser = super::args::tourney_generator)]
    pub(super) algo: String,
    /// Seed of the generator's random choices (and of the joining's).
    #[arg(long, default_value_t = 0)]
    pub(super) seed: u64,
    /// Join the cycles into one closed tour by exchanges of moves, write the tour and
    /// say on standard error how many exchanges it took.
    #[arg(long)]
    pub(super) join: bool,
}

/// Builds, proves and writes a tourney (or, with --join, the tour joined from it).
pub(super) fn tourney(
    board: Board,
    args: &TourneyArgs,
    fmt: OutFormat,
    output: Option<&Path>,
) -> Result<(), Failure> {
    let to_stdout = output.is_none_or(|p| p == Path::new("-"));
    if matches!(fmt, OutFormat::Png | OutFormat::Pdf) && to_stdout {
        return Err(Failure::Usage(format!(
            "--format {} writes a binary file: give it a path with -o",
            format!("{fmt:?}").to_lowercase()
        )));
    }
    if args.join {
        gen::joinable(&board)?;
    }
    let proved = verify::constructed(gen::build(&board, &args.algo, args.seed)?)?;
    let name = proved.algorithm().to_string();
    if args.join {
        let cycles = proved.cycles().len();
        let joined = gen::join(&proved, args.seed)?;
        let tour = verify::constructed(joined.tour.with_algorithm(format!("{name}+join")))?;
        eprintln!(
            "knights: joined {cycles} cycle{} into one tour by {} exchange{} of moves",
            if cycles == 1 { "" } else { "s" },
            joined.exchanges,
            if joined.exchanges == 1 { "" } else { "s" }
        );
        return match fmt {
            OutFormat::Json | OutFormat::Grid => {
                let f = if fmt == OutFormat::Json {
                    Format::Json
                } else {
                    Format::Grid
                };
                Ok(write_with(output.unwrap_or(Path::new("-")), |out| {
                    format::write(&tour, f, &mut &mut *out)
                })?)
            }
            _ => write_picture(
                &super::draw::draw(&tour, &render::Options::default())?,
                output,
                to_stdout,
            ),
        };
    }
    match fmt {
        OutFormat::Json => Ok(write_with(output.unwrap_or(Path::new("-")), |out| {
            format::write(&proved, Format::Json, &mut &mut *out)
        })?),
        OutFormat::Grid => Err(Failure::Usage(
            "the numbered grid has no form for a tourney: write json (or --join for a tour)".into(),
        )),
        _ => write_picture(
            &super::draw::draw(&proved, &render::Options::default())?,
            output,
            to_stdout,
        ),
    }
}

fn write_picture(
    d: &render::Drawing,
    output: Option<&Path>,
    to_stdout: bool,
) -> Result<(), Failure> {
    match output {
        Some(path) if !to_stdout => Ok(write_drawing(d, path)?),
        _ => Ok(write_with(Path::new("-"), |out| {
            out.write_all(d.svg().as_bytes())
        })?),
    }
}

/// What `knights metrics --json` prints for a tourney.
#[derive(serde::Serialize)]
struct Report<'a> {
    board: String,
    algorithm: &'a str,
    cells: u64,
    cycles: u64,
    lengths: &'a [u64],
    turns: u64,
    crossings: u64,
}

/// `knights metrics` of a tourney `t` measuring `m`: cycles, their lengths, turns and
/// crossings.
pub(super) fn print_metrics(t: &Verified, m: &Metrics, json: bool) -> Result<(), Failure> {
    let cycles = (m.cycles.as_ref()).expect("a tourney's metrics hold its cycles");
    if json {
        let report = Report {
            board: t.board().to_string(),
            algorithm: t.algorithm(),
            cells: m.cells,
            cycles: cycles.count,
            lengths: &cycles.lengths,
            turns: m.turns,
            crossings: m.crossings,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&report).expect("metrics serialize")
        );
        return Ok(());
    }
    println!("board       {}", t.board());
    println!("algorithm   {}", escape_controls(t.algorithm()));
    println!("cells       {}", m.cells);
    println!("tourney     {} closed cycles, verified", cycles.count);
    println!("lengths     {}", lengths_text(&cycles.lengths));
    println!("turns       {}", m.turns);
    println!("crossings   {}", m.crossings);
    Ok(())
}
