//! The topic pages' pictures of how a construction works that no catalogue tour's
//! drawing shows, made at every build: a hidden-Hilbert tour with the curve its blocks
//! follow drawn over it (`--show +route`). The tour it shows is built and proved here
//! like any other.

use std::path::Path;

use knights_core::atomic::write_bytes;
use knights_core::metrics;
use knights_core::{Board, Error};
use knights_render::{Drawing, Layer, Options, Show, Theme};
use knights_site::{Context, Exhibit};

/// The recipes' drawings, in `recipes/`, in the site's theme.
pub struct Recipes;

impl Exhibit for Recipes {
    fn folder(&self) -> &'static str {
        "recipes"
    }

    fn write(&self, dir: &Path, ctx: &Context<'_>) -> Result<(), Error> {
        write(dir, ctx.theme)
    }
}

/// The Hilbert recipe's drawing: the 32x32 tour (its 16 blocks show the curve; 64
/// would be too fine to follow), the curve through its blocks drawn over it.
const HILBERT_ROUTE: &str = "hilbert-route";
const HILBERT_SIDE: u32 = 32;

/// Writes every drawing into `dir` as `NAME.svg`.
pub fn write(dir: &Path, theme: &Theme) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let mut req = knights_construct::Request::closed(Board::new(HILBERT_SIDE, HILBERT_SIDE)?);
    req.open = true;
    let tour = knights_core::verify::constructed(knights_construct::build(&req, "hilbert")?)?;
    let m = metrics::measure(&tour);
    let opts = Options {
        theme: theme.clone(),
        show: Show::defaults()
            .with(Layer::Route)
            .without(Layer::Turns)
            .without(Layer::Crossings),
        ..Default::default()
    };
    let svg = Drawing::new(&tour, &m, &opts)?.svg().to_string();
    write_bytes(&dir.join(format!("{HILBERT_ROUTE}.svg")), svg.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hilbert_page_shows_the_route_drawing() {
        let page = crate::page("hilbert.md");
        assert!(page.contains(&format!("](../recipes/{HILBERT_ROUTE}.svg)")));
    }
}
