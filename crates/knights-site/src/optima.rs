//! The "What is optimal" page's material, made at every build from the optima stored
//! in `content/optima/` (written by `knights optimum`, kept as data so that the gallery
//! needs no solver): each tour drawn with the measure it optimizes marked, each
//! uncrossed path drawn, and the plots of the optima of closed n x n tours against n
//! beside the constructions' tours and the bounds.

use std::path::Path;

use super::plots::{self, Line};
use knights_construct::{self as construct, Request};
use knights_core::atomic::write_bytes;
use knights_core::{format, metrics, uncrossed, verify, Board, Error};
use knights_render::{self as render, Show, Style, Theme};

/// The stored optima: file stem and text.
pub const STORED: &[(&str, &str)] = &include!("optima_list.rs");

/// One stored optimum, as its record says.
pub struct Entry {
    /// The file stem (`6x6-closed-turns`).
    pub stem: &'static str,
    /// The board.
    pub board: Board,
    /// Closed tour (or cycle).
    pub closed: bool,
    /// `turns`, `crossings` or `uncrossed`.
    pub measure: String,
    /// The best value found.
    pub value: u64,
    /// The solver's bound.
    pub bound: u64,
    /// Whether they meet.
    pub optimal: bool,
    text: &'static str,
}

/// Every stored optimum, read and its tour proved by the results table's reader
/// (knights-lab's `optimum::table`).
pub fn entries() -> Result<Vec<Entry>, Error> {
    STORED
        .iter()
        .map(|&(stem, text)| {
            let name = format!("content/optima/{stem}.json");
            let s = knights_lab::optimum::table::read_one(&name, stem, text)?;
            Ok(Entry {
                stem,
                board: s.spec.board,
                closed: s.spec.closed,
                measure: s.spec.measure.to_string(),
                value: s.value,
                bound: s.bound,
                optimal: s.optimal,
                text,
            })
        })
        .collect()
}

/// Writes `STEM.svg` for every entry and `turns.svg`, `crossings.svg` into `dir`.
pub fn write(dir: &Path, theme: &Theme) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let all = entries()?;
    for e in &all {
        let svg = if e.measure == "uncrossed" {
            let format::Document::Uncrossed(p) = format::parse_document(e.text, e.stem)? else {
                return Err(Error::internal(format!(
                    "content/optima/{}.json: not an uncrossed path file",
                    e.stem
                )));
            };
            let opts = render::Options {
                theme: theme.clone(),
                ..Default::default()
            };
            render::uncrossed::drawing(&uncrossed::verify(p)?, &opts)?
                .svg()
                .to_string()
        } else {
            let tour = verify::constructed(format::parse(e.text, e.stem)?)?;
            let opts = render::Options {
                theme: theme.clone(),
                show: Show::parse(&e.measure)?,
                style: Style::Detail,
                ..Default::default()
            };
            render::Drawing::new(&tour, &metrics::measure(&tour), &opts)?
                .svg()
                .to_string()
        };
        write_bytes(&dir.join(format!("{}.svg", e.stem)), svg.as_bytes())?;
    }
    for measure in ["turns", "crossings"] {
        write_bytes(
            &dir.join(format!("{measure}.svg")),
            plot(&all, measure).as_bytes(),
        )?;
    }
    Ok(())
}

/// The optima of closed n x n tours against n, beside the tour the constructions
/// build for the board (`auto`) and the lower bounds: every edge cell turns (4n - 4),
/// and the paper's asymptotic (6 - e)n turns and 4n - O(1) crossings (leading terms).
fn plot(all: &[Entry], measure: &str) -> String {
    let square = square(all, measure);
    let at = |f: &dyn Fn(&Entry) -> f64| -> Vec<(f64, f64)> {
        square
            .iter()
            .map(|e| (e.board.width() as f64, f(e)))
            .collect()
    };
    let built = |e: &Entry| {
        construct::build(&Request::closed(e.board.clone()), "auto")
            .and_then(verify::constructed)
            .map(|t| {
                let m = metrics::measure(&t);
                (if measure == "turns" {
                    m.turns
                } else {
                    m.crossings
                }) as f64
            })
            .unwrap_or(f64::NAN)
    };
    let line = |label: &str, points| Line {
        label: label.to_string(),
        points,
    };
    let values = |optimal: bool| -> Vec<(f64, f64)> {
        square
            .iter()
            .filter(|e| e.optimal == optimal)
            .map(|e| (e.board.width() as f64, e.value as f64))
            .collect()
    };
    let (proved, open) = (values(true), values(false));
    let mut lines = vec![
        line("proved optimum", proved),
        line("best tour found, not proved optimal", open),
        line("the solver's lower bound", at(&|e| e.bound as f64)),
        line("the tour knights builds (auto)", at(&built)),
    ];
    if measure == "turns" {
        lines.push(line(
            "every edge cell turns: 4n - 4",
            at(&|e| 4.0 * e.board.width() as f64 - 4.0),
        ));
        lines.push(line(
            "Besa et al.: (6 - e)n, asymptotic",
            at(&|e| 6.0 * e.board.width() as f64),
        ));
    } else {
        lines.push(line(
            "Besa et al.: 4n - O(1), asymptotic",
            at(&|e| 4.0 * e.board.width() as f64),
        ));
    }
    plots::plot_all(
        plots::WIDE,
        &format!("Fewest {measure} of a closed n x n tour"),
        "n",
        measure,
        &lines,
        &[],
    )
}

/// The closed n x n entries of `measure`, by n: each line of the plot is drawn through
/// its points in this order (the files come in name order, 10x10 before 6x6).
fn square<'a>(all: &'a [Entry], measure: &str) -> Vec<&'a Entry> {
    let mut square: Vec<&Entry> = all
        .iter()
        .filter(|e| e.measure == measure && e.closed && e.board.width() == e.board.height())
        .collect();
    square.sort_by_key(|e| e.board.width());
    square
}

/// The optima's drawings and plots, in `optima/`.
pub struct Optima;

impl super::exhibit::Exhibit for Optima {
    fn folder(&self) -> &'static str {
        "optima"
    }

    fn write(&self, dir: &Path, ctx: &super::exhibit::Context<'_>) -> Result<(), Error> {
        write(dir, ctx.theme)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file of content/optima is listed, and the page shows each entry's
    /// drawing and its row of the table.
    #[test]
    fn the_page_shows_every_stored_optimum() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
        let mut files: Vec<String> = std::fs::read_dir(root.join("optima"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
            .collect();
        files.sort();
        let mut listed: Vec<&str> = STORED.iter().map(|s| s.0).collect();
        listed.sort_unstable();
        assert_eq!(files, listed, "optima_list.rs lists content/optima/*.json");
        let page = std::fs::read_to_string(root.join("pages/optima.md")).unwrap();
        for e in entries().unwrap() {
            assert!(
                page.contains(&format!("../optima/{}.svg", e.stem)),
                "{}",
                e.stem
            );
            let verdict = if e.optimal {
                "optimal".to_string()
            } else {
                format!("gap {}", e.value.abs_diff(e.bound))
            };
            let row = page
                .lines()
                .find(|l| l.contains(&format!("[{}]", e.stem)))
                .unwrap_or_else(|| panic!("no row for {}", e.stem));
            assert!(
                row.contains(&format!("| {} |", e.value)) && row.contains(&verdict),
                "{row}"
            );
        }
    }

    #[test]
    fn the_plots_lines_run_through_their_boards_by_size() {
        let all = entries().unwrap();
        for measure in ["turns", "crossings"] {
            let n: Vec<u32> = square(&all, measure)
                .iter()
                .map(|e| e.board.width())
                .collect();
            assert!(n.len() >= 3 && n.windows(2).all(|w| w[0] < w[1]), "{n:?}");
        }
    }

    #[test]
    fn the_drawings_and_plots_are_written() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), &Theme::load("web").unwrap()).unwrap();
        for e in entries().unwrap() {
            let svg = std::fs::read_to_string(dir.path().join(format!("{}.svg", e.stem)));
            assert!(svg.unwrap().contains("<svg"), "{}", e.stem);
        }
        let turns = std::fs::read_to_string(dir.path().join("turns.svg")).unwrap();
        assert!(turns.contains("proved optimum"));
    }
}
