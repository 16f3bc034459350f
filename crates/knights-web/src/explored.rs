//! A tour or tourney built from an [`Ask`] and proved, then measured, drawn and written
//! on demand: the steps `knights tour`, `knights metrics --json`, `knights render` and
//! `knights tourney` take, through the same library calls, so that every answer is the
//! command line's.

use knights_construct::{self as construct, Request};
use knights_core::format::{self, Format};
use knights_core::magic::{self, Magic};
use knights_core::metrics::{self, Metrics};
use knights_core::symmetry::{self, Symmetry};
use knights_core::{tourney, verify, BadBoard, Board, Error, Verified, VerifiedTourney};
use knights_render::{self as render, Drawing};

use crate::ask::{Ask, Kind};

/// A proved tour or tourney.
pub enum Explored {
    /// A tour of a board of any number of sides (boxed: it carries its move grid).
    Tour(Box<Verified>),
    /// A tourney (boxed, as the tour).
    Tourney(Box<VerifiedTourney>),
}

impl Explored {
    /// Builds and proves what `ask` names, or the one-line reason it cannot be.
    pub fn build(ask: &Ask) -> Result<Explored, Error> {
        let board = ask.board()?;
        match ask.kind {
            Kind::Tour => Ok(Explored::Tour(Box::new(tour(board, ask)?))),
            Kind::Tourney => tourney_of(&board, ask).map(|t| Explored::Tourney(Box::new(t))),
        }
    }

    /// Reads a tour or tourney file's text and proves it, as `knights verify` does.
    pub fn read(text: &str, name: &str) -> Result<Explored, Error> {
        match format::parse_document(text, name)? {
            format::Document::Tour(t) => verify::verify(*t)
                .map(|v| Explored::Tour(Box::new(v)))
                .map_err(|f| Error::not_a_tour(name.to_string(), f)),
            format::Document::Tourney(t) => tourney::verify(t)
                .map(|t| Explored::Tourney(Box::new(t)))
                .map_err(|f| Error::invalid(format!("{name}: not a tourney: {f}"))),
            format::Document::Uncrossed(_) => Err(Error::invalid(format!(
                "{name}: an uncrossed path: the explorer draws tours and tourneys"
            ))),
        }
    }

    /// What `knights verify` says of it after `ok, `: the tour or tourney and its cells.
    pub fn summary(&self) -> String {
        match self {
            Explored::Tour(t) => {
                let cells = t.path().len();
                let plural = if cells == 1 { "" } else { "s" };
                format!("{} ({cells} cell{plural})", t)
            }
            Explored::Tourney(t) => format!("{t} ({} cells)", t.cells()),
        }
    }

    /// The drawing `knights render` makes of it with `ask`'s drawing options.
    pub fn svg(&self, ask: &Ask) -> Result<String, Error> {
        Ok(self.drawing(&ask.options()?)?.svg().to_string())
    }

    /// The drawing with `opts`: a tour's board, or its levels on a board of more
    /// sides; a tourney's cycles.
    fn drawing(&self, opts: &render::Options) -> Result<Drawing, Error> {
        match self {
            Explored::Tour(t) if t.board().dims() > 2 => {
                render::levels::drawing(t, &metrics::measure(t), opts)
            }
            Explored::Tour(t) => Drawing::new(t, &metrics::measure(t), opts),
            Explored::Tourney(t) => render::tourney::drawing(t, &tourney::measure(t), opts),
        }
    }

    /// Its JSON file, as `knights tour --format json` (or `knights tourney`) writes it.
    pub fn json(&self) -> Result<String, Error> {
        let mut out = Vec::new();
        match self {
            Explored::Tour(t) => format::write(t, Format::Json, &mut out),
            Explored::Tourney(t) => format::write_tourney(t, &mut out),
        }
        .map_err(|e| Error::invalid(format!("writing the JSON: {e}")))?;
        String::from_utf8(out).map_err(|e| Error::invalid(format!("writing the JSON: {e}")))
    }

    /// Its measures as JSON: on a 2-D tour, what `knights metrics --json` prints (turns,
    /// crossings, turn angles, the bounds and ratios, the longest run, symmetry, the
    /// magic sums); on a tour of more sides, its metrics with their levels; on a
    /// tourney, its cycles, their lengths, turns and crossings.
    pub fn metrics_json(&self) -> String {
        let value = match self {
            Explored::Tour(t) if t.board().dims() > 2 => {
                let m = metrics::measure(t);
                serde_json::json!({
                    "board": t.board().to_string(),
                    "algorithm": t.algorithm(),
                    "metrics": m,
                })
            }
            Explored::Tour(t) => serde_json::to_value(report(t)).expect("metrics serialize"),
            Explored::Tourney(t) => {
                let m = tourney::measure(t);
                let mut v = serde_json::to_value(&m).expect("metrics serialize");
                v["board"] = t.board().to_string().into();
                v["algorithm"] = t.algorithm().into();
                v
            }
        };
        serde_json::to_string_pretty(&value).expect("metrics serialize")
    }
}

/// What `knights metrics --json` prints for a 2-D tour.
#[derive(serde::Serialize)]
struct Report<'a> {
    board: String,
    algorithm: &'a str,
    missing_cells: usize,
    #[serde(flatten)]
    metrics: Metrics,
    asymptotic: Vec<metrics::bounds::Bound>,
    symmetry: Symmetry,
    magic: Magic,
}

fn report(tour: &Verified) -> Report<'_> {
    let b = tour.board();
    let asymptotic = match metrics::bounds::paper_applies(b, tour.is_closed()) {
        true => metrics::bounds::asymptotic(b.width()),
        false => Vec::new(),
    };
    Report {
        board: b.to_string(),
        algorithm: tour.algorithm(),
        missing_cells: b.holes().len(),
        metrics: metrics::measure(tour),
        asymptotic,
        symmetry: symmetry::of_moves(tour.grid()),
        magic: magic::of_tour(tour),
    }
}

/// A tour of `board` built as `knights tour BOARD` with `ask`'s options builds it, and
/// proved.
fn tour(board: Board, ask: &Ask) -> Result<Verified, Error> {
    refuse_flat_options(&board, ask)?;
    let board = match ask.leaper {
        Some(l) if l != board.leaper() => board.for_leaper(l),
        _ => board,
    };
    let req = Request {
        board: board.with_topology(ask.topology.unwrap_or_default()),
        open: ask.open,
        variant: ask.variant.clone(),
        seed: ask.seed,
        start: ask.start,
    };
    let built = construct::resolve(&req, ask.algo()?)?.build()?;
    let built = match ask.blur {
        Some(k) if req.board.dims() == 2 => {
            construct::tourney::blur(&*verify::constructed(built)?, k, ask.seed)?
        }
        _ => built,
    };
    verify::constructed(built)
}

/// `start` and a glued `topology`, refused on a board of three or more sides as the
/// command line refuses `--start` and `--topology` there.
fn refuse_flat_options(board: &Board, ask: &Ask) -> Result<(), Error> {
    if board.dims() == 2 {
        return Ok(());
    }
    if ask.start.is_some() {
        return Err(Error::invalid(format!(
            "--start takes a square X,Y of a 2-D board; tours of the {board} board start at its corner"
        )));
    }
    if ask.topology.is_some_and(|t| t.wraps()) {
        return Err(Error::invalid(format!(
            "--topology glues the sides of a 2-D board; the {board} board has {} sides",
            board.dims()
        )));
    }
    Ok(())
}

/// A tourney of `board` by `ask`'s generator (neural by default), as `knights tourney`
/// builds it, and proved; a board of more sides is refused as the command line does.
fn tourney_of(board: &Board, ask: &Ask) -> Result<VerifiedTourney, Error> {
    if board.dims() > 2 {
        return Err(BadBoard::TwoSides {
            board: board.to_string(),
            sides: board.dims(),
            option: None,
        }
        .into());
    }
    let name = ask.algo.as_deref().unwrap_or("neural");
    let t = construct::tourney::build(board, name, ask.seed)?;
    tourney::verify(t).map_err(|f| {
        Error::internal(format!(
            "the {name} tourney of the {board} board failed verification: {f}"
        ))
    })
}
