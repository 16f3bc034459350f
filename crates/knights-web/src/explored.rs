//! A tour or tourney built from an [`Ask`] and proved, then measured, drawn and written
//! on demand: the steps `knights tour`, `knights metrics --json`, `knights render` and
//! `knights tourney` take, through the same library calls, so that every answer is the
//! command line's.

use std::cell::OnceCell;

use knights_construct::{self as construct, flat_options_refused, Request};
use knights_core::format::{self, Format};
use knights_core::magic::{self, Magic};
use knights_core::metrics::{self, Metrics};
use knights_core::symmetry::{self, Symmetry};
use knights_core::{verify, BadBoard, Board, Error, Shape, Verified};
use knights_render::Drawing;

use crate::ask::{Ask, Kind};

/// A proved tour, tourney or uncrossed path (boxed: it carries its move grid), and its
/// measures once asked for: the metrics table and the drawing both need them, and a
/// drawing drawn again with other options measures nothing again.
pub struct Explored {
    tour: Box<Verified>,
    measured: OnceCell<Metrics>,
}

impl Explored {
    /// Builds and proves what `ask` names, or the one-line reason it cannot be.
    pub fn build(ask: &Ask) -> Result<Explored, Error> {
        let board = ask.board()?;
        let built = match ask.kind {
            Kind::Tour => tour(board, ask)?,
            Kind::Tourney => tourney(&board, ask)?,
        };
        Ok(Explored::new(built))
    }

    fn new(tour: Verified) -> Explored {
        Explored {
            tour: Box::new(tour),
            measured: OnceCell::new(),
        }
    }

    /// Its measures, as `metrics::measure` gives them (measured on the first call).
    pub fn metrics(&self) -> &Metrics {
        self.measured.get_or_init(|| metrics::measure(&self.tour))
    }

    /// Reads a tour file's text (a tour, tourney or uncrossed path) and proves it, as
    /// `knights verify` does.
    pub fn read(text: &str, name: &str) -> Result<Explored, Error> {
        let walk = format::parse_document(text, name)?;
        let proved = verify::verify(walk).map_err(|f| Error::not_a_tour(name.to_string(), f))?;
        Ok(Explored::new(proved))
    }

    /// The proved tour.
    pub fn tour(&self) -> &Verified {
        &self.tour
    }

    /// What `knights verify` says of it after `ok, `.
    pub fn summary(&self) -> String {
        let walk = &self.tour;
        let cells = walk.len();
        match walk.shape() {
            Shape::Tour if cells == 1 => format!("{walk} (1 cell)"),
            Shape::Tour => format!("{walk} ({cells} cells)"),
            Shape::Tourney { .. } => format!("{walk} ({cells} cells)"),
            Shape::Uncrossed { .. } => walk.to_string(),
        }
    }

    /// The drawing `knights render` makes of it with `ask`'s drawing options (a board
    /// of more sides as its levels, a tourney's cycles each in its colour).
    pub fn svg(&self, ask: &Ask) -> Result<String, Error> {
        let drawing = Drawing::new(&self.tour, self.metrics(), &ask.options()?)?;
        Ok(drawing.svg().to_string())
    }

    /// Its JSON file, as `knights tour --format json` (or `knights tourney`) writes it.
    pub fn json(&self) -> Result<String, Error> {
        let mut out = Vec::new();
        format::write(&self.tour, Format::Json, &mut out)
            .map_err(|e| Error::invalid(format!("writing the JSON: {e}")))?;
        String::from_utf8(out).map_err(|e| Error::invalid(format!("writing the JSON: {e}")))
    }

    /// Its measures as JSON: of a 2-D tour, what `knights metrics --json` prints
    /// (turns, crossings, turn angles, the bounds and ratios, the longest run,
    /// symmetry, the magic sums); of a tour of more sides, a tourney or an uncrossed
    /// path, its board, algorithm and metrics (with their levels or cycles).
    pub fn metrics_json(&self) -> String {
        let t = &self.tour;
        let value = match t.shape() {
            Shape::Tour if t.board().dims() == 2 => {
                serde_json::to_value(report(t, self.metrics())).expect("metrics serialize")
            }
            _ => {
                let mut v = serde_json::to_value(self.metrics()).expect("metrics serialize");
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
    metrics: &'a Metrics,
    asymptotic: Vec<metrics::bounds::Bound>,
    symmetry: Symmetry,
    magic: Magic,
}

fn report<'a>(tour: &'a Verified, measured: &'a Metrics) -> Report<'a> {
    let b = tour.board();
    let asymptotic = match metrics::bounds::paper_applies(b, tour.is_closed()) {
        true => metrics::bounds::asymptotic(b.width()),
        false => Vec::new(),
    };
    Report {
        board: b.to_string(),
        algorithm: tour.algorithm(),
        missing_cells: b.holes().len(),
        metrics: measured,
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
    match flat_options_refused(board, ask.start.is_some(), ask.topology) {
        Some(why) => Err(Error::invalid(why)),
        None => Ok(()),
    }
}

/// A tourney of `board` by `ask`'s generator (neural by default), as `knights tourney`
/// builds it, and proved; a board of more sides is refused as the command line does.
fn tourney(board: &Board, ask: &Ask) -> Result<Verified, Error> {
    if board.dims() > 2 {
        return Err(BadBoard::TwoSides {
            board: board.to_string(),
            sides: board.dims(),
            option: None,
        }
        .into());
    }
    let name = ask.algo.as_deref().unwrap_or("neural");
    verify::constructed(construct::tourney::build(board, name, ask.seed)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The explorer's refusal of a band drawing whose crossings would take too many
    /// tests to place (issue 39): the tour is built and measured, its drawing refused
    /// at once in one line, as `knights render` refuses it, where it drew for minutes.
    #[test]
    fn a_band_drawing_past_the_crossing_tests_bound_is_refused_at_once() {
        let ask = Ask::parse("#board=88x88&topology=torus&leaper=1%2C64").unwrap();
        let explored = Explored::build(&ask).unwrap();
        let t0 = std::time::Instant::now();
        let e = explored.svg(&ask).unwrap_err().to_string();
        assert!(
            e.starts_with("a drawing of the 88x88 torus board places its crossings"),
            "{e}"
        );
        assert!(e.contains("1026947328 in all"), "{e}");
        assert!(!e.contains('\n'), "{e}");
        assert!(t0.elapsed() < std::time::Duration::from_secs(5));
        // Within the bound it draws.
        let ask = Ask::parse("#board=12x12&topology=torus&leaper=1%2C4").unwrap();
        assert!(Explored::build(&ask).unwrap().svg(&ask).is_ok());
    }
}
