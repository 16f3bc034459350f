//! The command line: clap's derive describes every subcommand of docs/cli.md, and each
//! has one thin function that calls the library. One file per group of subcommands:
//! `args` (shared options), `tours` (tour, verify, metrics), `draw` (render, animate,
//! worksheet), `research` (motif, bounds, gadgets, list), `publish` (build), `init`
//! and `serve`.

mod args;
mod check;
mod checkpoint;
mod corner;
mod draw;
mod giant;
mod init;
mod model;
mod optimum;
mod progress;
mod publish;
mod report;
mod research;
mod serve;
#[cfg(test)]
mod shown;
mod stats;
mod tourney;
mod tours;

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};

use knights_construct::Algo;
use knights_core::{Board, Error, Shape};

use args::*;
use draw::{animate, animate_rule, draw, render_levels, worksheet, write_drawing};
use init::init_site;
use optimum::OptimumArgs;
use publish::{build_site, SiteArgs};
use research::{design_motif, gadgets, list, print_bounds};
use serve::serve_site;
use tours::{load, load_document, print_metrics, tour, verify_file};

/// Knight's tours: build, prove, measure, draw and publish them.
#[derive(Parser, Debug)]
#[command(name = "knights", version, about, long_about = None)]
#[command(after_help = "Examples:
  knights tour 8x8 --format grid        a closed tour of the chessboard
  knights metrics 30x30                 turns and crossings of the formation tour
  knights verify tour.json              prove a tour file valid
  knights build                         the gallery from content/ into site/
  knights init my-tours                 a new site to build, without this repository
  knights serve                         build, serve on localhost, rebuild on changes

Exit status: 0 success; 1 invalid input or a tour that fails verification; 2 usage
error; 3 internal error (a bug of knights: please report it).")]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Builds a tour of a board and writes it (JSON by default).
    #[command(after_help = "Examples:
  knights tour 8x8 --format grid
  knights tour 30x30 -o tour30.json
  knights tour 7x7 --open
  knights tour 100x100 --format svg -o tour.svg
  knights tour 20x16x6 -o tour3d.json")]
    Tour {
        /// The board, WIDTHxHEIGHT (columns first), e.g. 8x8 or 40x24, or with more
        /// sides, e.g. 20x16x6 or 6x6x4x4.
        #[arg(allow_hyphen_values = true)]
        board: String,
        #[command(flatten)]
        build: BuildArgs,
        /// Output format: png and pdf are binary and need -o; json, grid and svg go to standard output without it.
        #[arg(long, value_enum, default_value_t = OutFormat::Json)]
        format: OutFormat,
        /// Write here instead of standard output (- is standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Builds a tourney (closed knight's cycles covering the board) and writes it, or,
    /// with --join, the tour its cycles join into.
    #[command(after_help = "Examples:
  knights tourney 8x8 --seed 3                   Takefuji and Lee's network
  knights tourney 16x16 --algo braid --format svg -o braid.svg
  knights tourney 12x12 --algo four-cover --join  a tour, and the exchanges it took")]
    Tourney {
        /// The board, WIDTHxHEIGHT.
        #[arg(allow_hyphen_values = true)]
        board: String,
        #[command(flatten)]
        args: tourney::TourneyArgs,
        /// Output format: json (cycles), svg, png or pdf (each cycle in its colour);
        /// grid only with --join.
        #[arg(long, value_enum, default_value_t = OutFormat::Json)]
        format: OutFormat,
        /// Write here instead of standard output (- is standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Proves a tour file valid: exit 0 if it is a tour, 1 (saying where) if not.
    #[command(after_help = "Examples:
  knights verify tour.json
  knights tour 8x8 --format grid | knights verify -")]
    Verify {
        /// A tour file (JSON or numbered grid), or - for standard input.
        file: PathBuf,
        /// Read a file without a topology field on this band or torus: plane, cylinder, moebius or torus.
        #[arg(long, value_parser = topology)]
        topology: Option<knights_core::Topology>,
    },
    /// Measures a tour: turns, crossings, the lower bound and the ratio to it.
    #[command(after_help = "Examples:
  knights metrics 30x30
  knights metrics tour.json --json")]
    Metrics {
        /// A board (WIDTHxHEIGHT, built with --algo) or a tour file.
        #[arg(allow_hyphen_values = true)]
        input: String,
        #[command(flatten)]
        build: BuildArgs,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Draws a tour as SVG, PNG or PDF (chosen by the file extension).
    #[command(after_help = "Examples:
  knights render 30x30 -o formation.svg
  knights render 8x8 --theme teaching --show numbers -o teach.png
  knights render tour.json --theme print -o figure.pdf
  knights render 1000x1000 --region 0,0,23,23 -o corner.png
  knights render 8x8 --animate --theme teaching -o walk.svg
  knights render 8x8 --animate --speed 8 --loop once -o walk.gif --frames frames/")]
    Render {
        /// A board (WIDTHxHEIGHT, built with --algo) or a tour file.
        #[arg(allow_hyphen_values = true)]
        input: String,
        /// The drawing: PATH.svg, PATH.png or PATH.pdf (with --animate: .svg or .gif).
        #[arg(short, long, required_unless_present = "frames", value_parser = drawing_path)]
        output: Option<PathBuf>,
        #[command(flatten)]
        build: BuildArgs,
        #[command(flatten)]
        style: StyleArgs,
        #[command(flatten)]
        walk: AnimateArgs,
        /// Audit the figure written and print what is wrong with it, one finding a
        /// line: text over text or over a marker, an element outside the figure or its
        /// clip, lines or type too thin at its declared print size, a faint stroke, a
        /// legend that does not match its marks. Exit 1 when there is any.
        #[arg(long)]
        check: bool,
    },
    /// Builds the gallery website from a catalogue.
    #[command(after_help = "Examples:
  knights build
  knights build --content my-catalogue --out public --jobs 2")]
    Build {
        #[command(flatten)]
        site: SiteArgs,
    },
    /// Builds the site, serves it on localhost, and rebuilds and reloads it on changes.
    #[command(after_help = "Examples:
  knights serve                         http://127.0.0.1:1111/, content/ watched
  knights serve --port 8000 --content my-catalogue")]
    Serve {
        #[command(flatten)]
        site: SiteArgs,
        /// The port on 127.0.0.1 (0: any free one).
        #[arg(long, default_value_t = 1111)]
        port: u16,
        /// Stop after answering this many requests (for tests).
        #[arg(long, hide = true)]
        stop_after: Option<u64>,
    },
    /// Writes a new site: a starter catalogue in DIR/content, ready for build and serve.
    #[command(after_help = "Examples:
  knights init my-tours && cd my-tours && knights build
  knights init my-tours --templates     also the built-in templates, to edit")]
    Init {
        /// The new site's folder (created; if it exists it must be empty).
        dir: PathBuf,
        /// Also write the built-in templates into DIR/content/templates, to edit.
        #[arg(long)]
        templates: bool,
    },
    /// Designs a motif by integer programming: the tour closest to symmetric.
    #[command(after_help = "Examples:
  knights motif 8x8 -o o8.json          open, bottom-left corner to next to bottom-right
  knights motif 8x8 --symmetry quarter --format grid
  knights motif 6x6 --closed
Needs a build with the solver: cargo build --release --features motif")]
    Motif {
        /// The board, WIDTHxHEIGHT.
        #[arg(allow_hyphen_values = true)]
        board: String,
        #[command(flatten)]
        motif: MotifArgs,
        /// Output format of the tour.
        #[arg(long, value_enum, default_value_t = OutFormat::Json)]
        format: OutFormat,
        /// Write the tour here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// The fewest turns or crossings of a tour, or the longest uncrossed path, proved
    /// by integer programming.
    #[command(after_help = "Examples:
  knights optimum 6x6 --minimize turns -o t6.json        closed, proved optimal
  knights optimum 5x5 --minimize crossings --open
  knights optimum 8x8 --maximize uncrossed --time-limit 300
  knights optimum --table content/optima -o content/optima/README.md
  knights optimum --improve content/optima/8x8-closed-crossings.json -o better.json
Prints each solve, then the value, the solver's bound and 'optimal' when they meet;
the file's `optimum` field records the bound, gap, time and model size.
Turns and crossings need a build with the solver: cargo build --release --features
motif. --table (the results table of stored optima), --improve (a stored tour
improved by the local search, its bound kept) and uncrossed need none.")]
    Optimum(OptimumArgs),
    /// Writes a printable worksheet (PDF): exercises on a board's tours, then answers.
    #[command(after_help = "Examples:
  knights worksheet 8x8 -o sheet.pdf
  knights worksheet 5x5 --open --reveal 6 --seed 2 --per-page 2 -o sheet.pdf
  knights worksheet 8x8 --cipher \"Meet me at noon\" -o cipher.pdf")]
    Worksheet {
        /// A board (WIDTHxHEIGHT, built with --algo) or a tour file.
        #[arg(allow_hyphen_values = true)]
        input: String,
        /// The worksheet, PATH.pdf.
        #[arg(short, long)]
        output: PathBuf,
        #[command(flatten)]
        build: BuildArgs,
        /// Numbers shown in "fill in" and moves drawn in "finish" (default: a quarter).
        #[arg(long)]
        reveal: Option<usize>,
        /// Exercises per A4 page.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=6))]
        per_page: u16,
        /// Exercises in all (default: one page).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        count: Option<u32>,
        /// Illegal steps in each "find the mistake" exercise: 1 or 2.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
        mistakes: u8,
        /// Every exercise a cipher instead: MESSAGE written along the tour (turned a
        /// different way in each), read by rows, to be read back with the tour.
        #[arg(long, value_name = "MESSAGE")]
        cipher: Option<String>,
    },
    /// A band's tour in three dimensions: an STL solid to print, or an SVG picture.
    #[command(after_help = "Examples:
  knights model 64x8 --topology cylinder -o cylinder.stl
  knights model 40x8 --topology moebius -o moebius.svg")]
    Model {
        /// A board (WIDTHxHEIGHT, built with --algo and --topology) or a band's tour file.
        #[arg(allow_hyphen_values = true)]
        input: String,
        /// The model: PATH.stl or PATH.svg.
        #[arg(short, long)]
        output: PathBuf,
        #[command(flatten)]
        build: BuildArgs,
    },
    /// Studies a construction over seeded samples: the share of each move direction and
    /// of each pair of consecutive ones, the spread of turns and crossings, the time per
    /// tour; a table, and with --plot a chart.
    #[command(after_help = "Examples:
  knights stats 8x8 --algo neural --samples 50
  knights stats 12x12 --algo warnsdorff --variant random --samples 100 --plot dirs.svg
  knights stats 10x10 --algo besa --blur 100 --samples 20 --seed 5")]
    Stats {
        /// The board, WIDTHxHEIGHT.
        #[arg(allow_hyphen_values = true)]
        board: String,
        #[command(flatten)]
        build: BuildArgs,
        /// Tours to build (seeds --seed, --seed + 1, ...), from 1 to 10000.
        #[arg(long, default_value_t = 20,
              value_parser = clap::value_parser!(u64).range(1..=knights_lab::MAX_SAMPLES))]
        samples: u64,
        /// Also draw the chart: PATH.svg, PATH.png or PATH.pdf.
        #[arg(long, value_parser = stats::plot_path)]
        plot: Option<PathBuf>,
    },
    /// Lists the constructions and the boards each supports.
    #[command(after_help = "Example:
  knights list")]
    List,
    /// Prints the known lower bounds on turns and crossings of a board, with sources.
    #[command(after_help = "Examples:
  knights bounds 30x30
  knights bounds 100x100 --json")]
    Bounds {
        /// The board, WIDTHxHEIGHT.
        #[arg(allow_hyphen_values = true)]
        board: String,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Searches gadgets (regions of a tour re-covered by its knights) and prints the
    /// Pareto front of turns and crossings.
    #[command(after_help = "Examples:
  knights gadgets heel                  the paper's heel search (Section 4.2)
  knights gadgets heel --area open      knights free to enter and leave the heel
  knights gadgets heel --write heels.toml
  knights gadgets corner --write corner.toml
  knights gadgets best-corners --write best_corners.toml
  knights gadgets levels --write levels.toml
  knights gadgets giraffe --write giraffe.toml
  knights gadgets band                  edge bands as an integer program (needs the solver)
  knights gadgets band --band bottom:4x8,left:2x4 --time-limit 120
  knights gadgets band-ends --write band.toml   the band tour's transitions (needs the solver)")]
    Gadgets {
        /// The gadget: heel (the formation algorithm's bottom-edge heel), corner (the
        /// left-edge pieces of its variant for odd boards missing a corner),
        /// best-corners (the four corners of its best tour), levels (the corners
        /// where its quartet moves between the levels of a board with more sides) or
        /// giraffe (the pieces of the giraffe's formation tour, by a SAT search), band
        /// (a periodic band along the bottom or left edge, by integer programming) or
        /// band-ends (the band tour's transitions between its band and the best heels).
        #[arg(value_enum)]
        gadget: GadgetName,
        /// paper: each knight's first and last heel cell fixed; open: free.
        #[arg(long, value_enum, default_value_t = GadgetArea::Paper)]
        area: GadgetArea,
        /// Let each knight leave at any exit (any) or only the plain heel's (plain).
        #[arg(long, value_enum, default_value_t = GadgetEnding::Any)]
        ending: GadgetEnding,
        /// Also write what the search found as a pieces file here (heel: both areas).
        #[arg(long)]
        write: Option<PathBuf>,
        /// band: the bands to solve, EDGE:DEPTHxPERIOD (bottom or left; the period a
        /// multiple of 8 columns or 4 rows); by default the table of docs/gadgets.md.
        #[arg(long, value_delimiter = ',')]
        band: Vec<String>,
        /// band, band-ends: seconds for each band's (transition's) turns, and as many
        /// for its crossings.
        #[arg(long, default_value_t = 60)]
        time_limit: u64,
    },
    /// Times construction, verification and metrics against a memory baseline.
    #[command(after_help = "Examples:
  knights bench
  knights bench --sizes 1000,4000
  knights bench --algo hilbert --open --sizes 1024,8192")]
    Bench {
        /// Square board sides to time, from 1 to 65535 (a larger side has more cells
        /// than the tool numbers).
        #[arg(long, value_delimiter = ',', default_value = "1000,4000,10000",
              value_parser = clap::value_parser!(u32).range(1..=65535))]
        sizes: Vec<u32>,
        /// The construction to time.
        #[arg(long, default_value = "besa")]
        algo: Algo,
        /// Time open tours (hilbert builds only those).
        #[arg(long)]
        open: bool,
        /// A variant of the construction to time (e.g. --algo besa --variant best).
        #[arg(long, value_parser = variant)]
        variant: Option<String>,
    },
}

/// What went wrong, and the exit status it deserves.
pub enum Failure {
    /// The input is invalid or a tour failed verification: exit 1.
    Invalid(Error),
    /// The command line is wrong: exit 2.
    Usage(String),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Invalid(e)
    }
}

/// `knights render`: the drawing, its levels, or its walk-through, written to `output`.
fn render(
    input: &str,
    output: Option<&Path>,
    build: &BuildArgs,
    style: &StyleArgs,
    walk: &AnimateArgs,
) -> Result<(), Failure> {
    if walk.rule {
        return animate_rule(input, build, style, walk, output);
    }
    let still = !walk.animate && walk.frames.is_none();
    // (An -o of another extension is refused where the drawing is written.)
    let format = output
        .filter(|_| still)
        .and_then(|out| knights_render::Format::of(out).ok());
    // What the drawing would refuse, from the board alone: before its tour is built.
    let check = |board: &Board, cells: u64| -> Result<(), Failure> {
        match format {
            Some(f) => Ok(knights_render::check_before(
                board,
                cells,
                &style.options()?,
                f,
            )?),
            None => Ok(()),
        }
    };
    if looks_like_board(input) {
        let board: Board = input.parse()?;
        check(&board, board.cells())?;
    }
    let tour = load_document(input, build)?;
    check(tour.board(), tour.len() as u64)?;
    match tour.shape() {
        Shape::Tour if tour.board().dims() > 2 => {
            return render_levels(&tour, style, !still, output);
        }
        Shape::Tour => {}
        _ if still => {
            let out = output.expect("clap requires -o without --frames");
            return Ok(write_drawing(&draw(&tour, &style.options()?)?, out)?);
        }
        Shape::Tourney { .. } => {
            return Err(Failure::Usage(format!(
                "{input} is a tourney: it is drawn still, without --animate or --frames"
            )))
        }
        Shape::Uncrossed { .. } => {
            return Err(Failure::Usage(format!(
                "{input} is an uncrossed path: it is drawn still, without --animate or --frames"
            )))
        }
    }
    match output {
        Some(out) if !walk.animate && walk.frames.is_none() => {
            Ok(write_drawing(&draw(&tour, &style.options()?)?, out)?)
        }
        _ => animate(&tour, style, walk, output),
    }
}

impl Command {
    /// The options that build a tour, for the commands that take them.
    fn build_args(&self) -> Option<&BuildArgs> {
        match self {
            Command::Tour { build, .. }
            | Command::Metrics { build, .. }
            | Command::Render { build, .. }
            | Command::Worksheet { build, .. }
            | Command::Model { build, .. }
            | Command::Stats { build, .. } => Some(build),
            _ => None,
        }
    }
}

/// Runs one command.
pub fn run(cli: Cli) -> Result<(), Failure> {
    // A variant of another construction than `--algo` names is a usage error, found
    // before anything is read or built.
    if let Some(build) = cli.command.build_args() {
        variant_of(build.algo, build.variant.as_deref())?;
    }
    if let Command::Bench { algo, variant, .. } = &cli.command {
        variant_of(*algo, variant.as_deref())?;
    }
    match cli.command {
        Command::Tour {
            board,
            build,
            format,
            output,
        } => tour(board.parse()?, &build, format, output.as_deref()),
        Command::Tourney {
            board,
            args,
            format,
            output,
        } => tourney::tourney(Board::parse_flat(&board)?, &args, format, output.as_deref()),
        Command::Verify { file, topology } => verify_file(&file, topology),
        Command::Metrics { input, build, json } => print_metrics(&input, &build, json),
        Command::Render {
            input,
            output,
            build,
            style,
            walk,
            check,
        } => {
            render(&input, output.as_deref(), &build, &style, &walk)?;
            if check {
                check::figure(&input, output.as_deref(), &build, &style, &walk)?;
            }
            Ok(())
        }
        Command::Build { site } => build_site(site),
        Command::Init { dir, templates } => init_site(&dir, templates),
        Command::Serve {
            site,
            port,
            stop_after,
        } => serve_site(site, port, stop_after),
        Command::Motif {
            board,
            motif,
            format,
            output,
        } => design_motif(
            &Board::parse_flat(&board)?,
            &motif,
            format,
            output.as_deref(),
        ),
        Command::Optimum(args) => optimum::optimum(&args),
        Command::Worksheet {
            input,
            output,
            build,
            reveal,
            per_page,
            count,
            mistakes,
            cipher,
        } => {
            // A board too large for a page of answers, or too many exercises of it,
            // is refused before it is built.
            let count = count.map_or(per_page as usize, |c| c as usize);
            if let Ok(board) = Board::parse_flat(&input) {
                knights_teach::worksheet::check(&board, per_page as usize, count as u64)?;
                if let Some(message) = &cipher {
                    knights_teach::cipher::check(message, board.cells() as usize, &board)?;
                }
            }
            let tour = load(&input, &build)?;
            let plan = knights_teach::Plan {
                count,
                reveal,
                mistakes: mistakes as usize,
                seed: build.seed,
            };
            worksheet(&tour, &plan, cipher.as_deref(), per_page as usize, &output)
        }
        Command::Model {
            input,
            output,
            build,
        } => model::model(&input, &build, &output),
        Command::Stats {
            board,
            build,
            samples,
            plot,
        } => stats::stats(Board::parse_flat(&board)?, &build, samples, plot.as_deref()),
        Command::List => list(),
        Command::Bounds { board, json } => print_bounds(knights_core::sides(&board)?, json),
        Command::Gadgets {
            gadget: GadgetName::Heel,
            area,
            ending,
            write,
            ..
        } => gadgets(area, ending, write.as_deref()),
        Command::Gadgets {
            gadget: GadgetName::Corner,
            write,
            ..
        } => corner::corner_gadgets(write.as_deref()),
        Command::Gadgets {
            gadget: GadgetName::BestCorners,
            write,
            ..
        } => corner::best_corners(write.as_deref()),
        Command::Gadgets {
            gadget: GadgetName::Levels,
            write,
            ..
        } => corner::levels(write.as_deref()),
        Command::Gadgets {
            gadget: GadgetName::Band,
            band,
            time_limit,
            ..
        } => corner::bands(&band, time_limit),
        Command::Gadgets {
            gadget: GadgetName::BandEnds,
            write,
            time_limit,
            ..
        } => corner::band_ends(write.as_deref(), time_limit),
        Command::Gadgets {
            gadget: GadgetName::Giraffe,
            write,
            ..
        } => corner::giraffe(write.as_deref()),
        Command::Bench {
            sizes,
            algo,
            open,
            variant,
        } => Ok(knights_lab::bench(
            &sizes,
            algo.name(),
            open,
            variant.as_deref(),
        )?),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
