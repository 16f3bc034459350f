//! The teaching notes' material, made at every build from verified tours: numbered
//! drawings of the 5x5 (open) and 8x8 tours, the 8x8 tour walked move by move, Warnsdorff's rule animated on 8x8, and ready worksheets (PDF)
//! for the 5x5 board (open), 6x6 and 8x8.

use std::path::Path;

use knights_construct::TieBreak;
use knights_construct::{self as construct, Request};
use knights_core::atomic::write_bytes;
use knights_core::{metrics, verify, Board, Error};
use knights_render::Walkthrough;
use knights_render::{self as render, Drawing, Layer, Layers, Options, Show, Theme};
use knights_render::{Repeat, Timing, MAX_STEPS};
use knights_site::{Context, Exhibit};
use knights_teach::Plan;

/// The teaching notes' material, in `teaching/`.
pub struct Teaching;

impl Exhibit for Teaching {
    fn folder(&self) -> &'static str {
        "teaching"
    }

    fn write(&self, dir: &Path, _: &Context<'_>) -> Result<(), Error> {
        write(dir)
    }
}

/// Writes the material into `dir`.
pub fn write(dir: &Path) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let theme = Theme::load("teaching")?;
    let tour = |w, h, open| -> Result<verify::Verified, Error> {
        let mut r = Request::closed(Board::new(w, h)?);
        r.open = open;
        verify::constructed(construct::build(&r, "auto")?)
    };
    let eight = tour(8, 8, false)?;
    let numbered = Options {
        theme: theme.clone(),
        show: Show::defaults().with(Layer::Numbers),
        ..Options::default()
    };
    for (name, t) in [("5x5-open", tour(5, 5, true)?), ("8x8", eight.clone())] {
        let drawing = Drawing::new(&t, &metrics::measure(&t), &numbered)?;
        write_bytes(
            &dir.join(format!("numbered-{name}.svg")),
            drawing.svg().as_bytes(),
        )?;
    }
    let layers = Layers::defaults(&theme.layers, 8);
    let walk = Walkthrough::new(&eight, &theme, layers, MAX_STEPS);
    write_bytes(
        &dir.join("walk-8x8.svg"),
        walk.animated(Timing::default()).as_bytes(),
    )?;
    let trace = knights_teach::trace_rule(&Board::new(8, 8)?, (0, 0), TieBreak::Roth, 5)?;
    let rule = knights_teach::animate_rule(&trace, &theme, Timing::new(2.0, Repeat::Forever)?);
    write_bytes(&dir.join("rule-8x8.svg"), rule.as_bytes())?;
    for (name, w, h, open) in [
        ("5x5-open", 5, 5, true),
        ("6x6", 6, 6, false),
        ("8x8", 8, 8, false),
    ] {
        let t = tour(w, h, open)?;
        let plan = Plan {
            count: 6,
            reveal: None,
            mistakes: 1,
            seed: 1,
        };
        let ex = knights_teach::make_exercises(&t, &plan)?;
        let title = format!("Knight's tours on the {} board", t.board());
        let pages = knights_teach::worksheet::pages(&ex, &theme, 3, &title);
        write_bytes(
            &dir.join(format!("worksheet-{name}.pdf")),
            &render::pdf_pages(&pages)?,
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_teaching_page_links_to_what_is_written() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path()).unwrap();
        let page = crate::page("teaching.md");
        let linked: Vec<&str> = page
            .split("../teaching/")
            .skip(1)
            .map(|s| s.split(')').next().unwrap())
            .collect();
        for name in [
            "numbered-5x5-open.svg",
            "numbered-8x8.svg",
            "walk-8x8.svg",
            "rule-8x8.svg",
            "worksheet-5x5-open.pdf",
            "worksheet-6x6.pdf",
            "worksheet-8x8.pdf",
        ] {
            assert!(linked.contains(&name), "the page does not show {name}");
        }
        for name in linked {
            assert!(dir.path().join(name).is_file(), "{name} is not written");
        }
        let numbered = std::fs::read_to_string(dir.path().join("numbered-8x8.svg")).unwrap();
        assert!(numbered.contains(">\n64\n</text>") || numbered.contains(">64</text>"));
    }
}
