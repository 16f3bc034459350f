//! Themes: every colour, line width, marker size, font and margin of a drawing.
//!
//! The built-in themes (`web`, `print`, `teaching`) are TOML files in `themes/`; a user's
//! theme file names a `base` theme and overrides any of its fields. Files are merged as
//! TOML tables and then read with unknown fields refused, so a misspelt field is an error
//! that names the file and the field, never a silently ignored setting.

mod check;
mod fields;
mod file;
mod own;
mod stored;

pub use crate::layers::LayerDefaults;
pub use fields::{BoardStyle, Markers, OverviewStyle, Page, Size, TextStyle, Theme, TourStyle};
pub use file::BUILT_IN;
pub(crate) use own::{Field, Value};

use std::path::Path;
use std::sync::OnceLock;

use knights_core::{Error, Named, Unknown};

use file::read;

impl Theme {
    /// A built-in theme by name, or a theme file (a path, normally ending in `.toml`).
    /// A built-in theme is read from its stored table (its TOML's, see `stored`) once
    /// per process, then copied: every drawing asks for its theme, and the browser's
    /// module draws again and again.
    pub fn load(spec: &str) -> Result<Theme, Error> {
        static PARSED: [OnceLock<Theme>; BUILT_IN.len()] =
            [const { OnceLock::new() }; BUILT_IN.len()];
        if let Some(i) = BUILT_IN.iter().position(|b| *b == spec) {
            let theme = PARSED[i].get_or_init(|| {
                let table = stored::table(spec).expect("every built-in theme is stored");
                read(table).expect("built-in themes are valid")
            });
            return Ok(theme.clone());
        }
        Theme::check_spec(spec)?;
        let path = Path::new(spec);
        let text = knights_core::files::read_to_string(path, knights_core::files::TEXT_LIMIT)?;
        Theme::from_toml(&path.display().to_string(), &text)
    }
}

impl Theme {
    /// Whether `spec` names a theme, before anything is read: a built-in name, or a
    /// file (a path ending in `.toml`, or one that exists); else the names and the file
    /// are offered. Whether the file reads is [`Theme::load`]'s to say.
    pub fn check_spec(spec: &str) -> Result<(), Error> {
        let path = Path::new(spec);
        match BUILT_IN.contains(&spec) || path.extension().is_some_and(|e| e == "toml") {
            true => Ok(()),
            false if path.exists() => Ok(()),
            false => Err(Unknown::new(Named::Theme, spec, &BUILT_IN).into()),
        }
    }
}

impl Default for Theme {
    /// The built-in `web` theme.
    fn default() -> Theme {
        Theme::load("web").expect("the built-in themes are valid")
    }
}

/// The colour of section `index` of `count`, called `name`: `theme`'s colour for that
/// name, or else its palette's colour for the index while the palette has a colour
/// for each section (neighbours differ), or else, for a longer order (a Hilbert tour's
/// 64 blocks, a cube's 26 levels), its place along the theme's gradient: a palette
/// repeating its colours would give two sections one colour, the gradient reads as
/// their order, with its key.
pub fn section_colour(theme: &Theme, name: &str, index: usize, count: usize) -> String {
    let palette = &theme.tour.palette;
    match theme.sections.get(name) {
        Some(c) => c.clone(),
        None if count > palette.len() => {
            let t = (index as f64 + 0.5) / count as f64;
            crate::colour::gradient(&theme.tour.gradient, t).hex()
        }
        None => palette[index % palette.len()].clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_themes_load() {
        for name in BUILT_IN {
            Theme::load(name).unwrap();
        }
        assert!(!Theme::load("print").unwrap().board.checkered);
    }

    #[test]
    fn unknown_sections_take_palette_colours_by_index() {
        let t = Theme::load("web").unwrap();
        assert_eq!(
            section_colour(&t, "formation knight 1", 5, 8),
            t.sections["formation knight 1"]
        );
        let n = t.tour.palette.len();
        assert_eq!(section_colour(&t, "tile 3", 3, n), t.tour.palette[3]);
        // A longer order takes the gradient: no two sections share a colour.
        let long: Vec<String> = (0..64)
            .map(|i| section_colour(&t, &format!("block {i}"), i, 64))
            .collect();
        let distinct: std::collections::BTreeSet<&String> = long.iter().collect();
        assert!(distinct.len() > 40, "{}", distinct.len());
    }
}
