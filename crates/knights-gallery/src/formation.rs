//! The formation page's drawings, made at every build from the construction's own
//! data (see [`knights_teach::formation_figures`]): the quartet moves, the junctions, the
//! heel, the corner sequences and the optimized heels, one SVG each.

use std::path::Path;

use knights_core::atomic::write_bytes;
use knights_core::Error;
use knights_render::Theme;
use knights_site::{Context, Exhibit};

/// The formation's drawings, in `formation/`, in the site's theme.
pub struct Formation;

impl Exhibit for Formation {
    fn folder(&self) -> &'static str {
        "formation"
    }

    fn write(&self, dir: &Path, ctx: &Context<'_>) -> Result<(), Error> {
        write(dir, ctx.theme)
    }
}

/// Writes every drawing into `dir` as `NAME.svg`.
pub fn write(dir: &Path, theme: &Theme) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    for f in knights_teach::formation_figures()? {
        let svg = knights_teach::draw_fragments(&f.fragments, theme, &f.caption);
        write_bytes(&dir.join(format!("{}.svg", f.name)), svg.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_formation_page_shows_every_drawing_in_the_order_they_are_made() {
        let page = crate::page("formation.md");
        let shown: Vec<&str> = page
            .split("](../formation/")
            .skip(1)
            .map(|s| s.split(".svg)").next().unwrap())
            .collect();
        let made: Vec<String> = knights_teach::formation_figures()
            .unwrap()
            .into_iter()
            .map(|f| f.name)
            .collect();
        assert_eq!(shown, made);
    }
}
