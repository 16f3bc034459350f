//! The gadget search page's material, made at every build: the heels of Figure 11 of
//! Besa et al. and the project's own, each drawn alone at large scale with its turns
//! and crossings marked (a region of a verified 30x30 tour of each variant), and the
//! front of the heel search as a plot (turns against crossings per heel), with the
//! paper's two heels marked beside what the search finds.

use std::path::Path;

use knights_construct::besa::Besa;
use knights_construct::{self as construct, Algo, Request};
use knights_core::atomic::write_bytes;
use knights_core::{metrics, verify, Board, Error};
use knights_lab::besa::gadgets::{heel_problem, search_heels, Area};
use knights_lab::gadget::Ending;
use knights_render::{self as render, Layer, Region, Show, Style, Theme};
use knights_site::plots::{self, Line};

/// Each heel drawn: file stem and `--variant` (none for the plain heel).
pub const HEELS: [(&str, Option<&str>); 4] = [
    ("plain", None),
    ("turns", Some("turns")),
    ("crossings", Some("crossings")),
    ("best", Some("best")),
];

/// The second bottom heel of the 30x30 tour (columns 14 to 21) with the cells just
/// before and after it, where the best heel changes the moves too.
const REGION: Region = Region {
    x0: 12,
    y0: 0,
    x1: 23,
    y1: 5,
};

/// The heels the paper reports (Section 4.2, Figure 11): (turns, crossings) per heel.
pub const PAPER: [(u32, u32); 2] = [(21, 31), (22, 28)];

/// Writes `heel-*.svg` and `front.svg` into `dir`.
pub fn write(dir: &Path) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let opts = render::Options {
        theme: Theme::load("web")?,
        show: Show::only(&[Layer::Turns, Layer::Crossings]),
        style: Style::Detail,
        region: Some(REGION),
        ..Default::default()
    };
    for (stem, variant) in HEELS {
        let mut req = Request::closed(Board::new(30, 30)?);
        req.variant = variant.map(str::to_string);
        let tour = verify::constructed(construct::resolve(&req, Algo::Named(&Besa))?.build()?)?;
        let drawing = render::Drawing::new(&tour, &metrics::measure(&tour), &opts)?;
        write_bytes(
            &dir.join(format!("heel-{stem}.svg")),
            drawing.svg().as_bytes(),
        )?;
    }
    write_bytes(&dir.join("front.svg"), front_plot().as_bytes())
}

/// Turns against crossings per heel: the paper's two heels, which are the front of the
/// search over its area (tested below), the front with the ports free, and the plain
/// heel.
fn front_plot() -> String {
    let points = |area| {
        let o = search_heels(area, Ending::Any);
        o.points()
            .into_iter()
            .map(|(t, c)| (t as f64, c as f64))
            .collect::<Vec<_>>()
    };
    let line = |label: &str, points: Vec<(f64, f64)>| Line {
        label: label.to_string(),
        points,
    };
    let plain = heel_problem(Area::Paper).plain_score();
    plots::scatter(
        "Heels: turns and crossings per heel",
        "turns per heel",
        "crossings per heel",
        &[
            line(
                "the paper's heels (Figure 11), the front of its area (our search agrees)",
                PAPER.iter().map(|&(t, c)| (t as f64, c as f64)).collect(),
            ),
            line(
                "front with the knights' ports free (our search)",
                points(Area::Open),
            ),
            line("the plain heel", vec![(plain.0 as f64, plain.1 as f64)]),
        ],
    )
}

/// The heel search's figures, in `heels/`.
pub struct Heels;

impl knights_site::Exhibit for Heels {
    fn folder(&self) -> &'static str {
        "heels"
    }

    fn write(&self, dir: &Path, _: &knights_site::Context<'_>) -> Result<(), Error> {
        write(dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search page states the covers and fronts the searches find, and the paper's
    /// points are on the front of its own area.
    #[test]
    fn the_search_page_shows_what_the_search_finds() {
        let page = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/pages/heel-search.md"),
        )
        .unwrap();
        for area in [Area::Paper, Area::Open] {
            let o = search_heels(area, Ending::Any);
            for (t, c) in o.points() {
                let row = format!("| {t} | {c} |");
                assert!(page.contains(&row), "{area:?}: no row {row}");
            }
            assert!(page.contains(&format!("{} covers", o.covers)), "{area:?}");
        }
        assert_eq!(search_heels(Area::Paper, Ending::Any).points(), PAPER);
    }

    #[test]
    fn the_figures_are_written() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path()).unwrap();
        for (stem, _) in HEELS {
            let svg = std::fs::read_to_string(dir.path().join(format!("heel-{stem}.svg")));
            assert!(svg.unwrap().contains("<svg"), "{stem}");
        }
        let front = std::fs::read_to_string(dir.path().join("front.svg")).unwrap();
        assert!(front.contains("the paper&apos;s heels") || front.contains("the paper's heels"));
    }
}
