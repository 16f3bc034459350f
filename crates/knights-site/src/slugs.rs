//! Slugs: the names a tour, a series or a page gets in the output (`tours/<slug>.html`,
//! `files/<slug>.svg`...). Derived from the board and construction when the catalogue
//! gives none, checked to stay inside the output folder and safe in a URL, and claimed
//! once each, case-insensitively (names differing only in case collide on some file
//! systems).

use std::collections::HashMap;

use super::place::{Located, Place};
use knights_core::Error;
use knights_core::{Board, Leaper};

/// `8x8-besa` or `20x16x6-besa` (with the topology of a band), then the variant, the
/// leaper, `-open` and `-seedN` when they are not the defaults.
pub fn default_slug(b: &Board, algo: &str, variant: Option<&str>, open: bool, seed: u64) -> String {
    let mut s = match b.dims() {
        2 => format!("{}x{}-{algo}", b.width(), b.height()),
        _ => format!("{b}-{algo}"),
    };
    if b.topology().wraps() {
        s = format!("{}x{}-{}-{algo}", b.width(), b.height(), b.topology());
    }
    if let Some(v) = variant {
        s.push('-');
        s.extend(v.chars().map(|c| if slug_char(c) { c } else { '-' }));
    }
    s.push_str(&leaper_suffix(b.leaper()));
    if open {
        s.push_str("-open");
    }
    if seed != 0 {
        s.push_str(&format!("-seed{seed}"));
    }
    s
}

/// Nothing for the knight, `-giraffe` for the giraffe, `-leaperA-B` for others: two
/// leapers' tours of one board get two pages.
fn leaper_suffix(l: Leaper) -> String {
    match l {
        Leaper::KNIGHT => String::new(),
        Leaper::GIRAFFE => "-giraffe".into(),
        l => format!("-leaper{}-{}", l.steps().0, l.steps().1),
    }
}

fn slug_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.'
}

/// The longest slug: a file name is at most 255 bytes on common file systems, and a
/// slug gets a suffix (`-thumb.png`, `-walk.svg`...) and, while the site is staged,
/// sits in a longer path.
pub const MAX_SLUG: usize = 200;

/// A slug becomes a file name in the output: it must stay inside the output folder, be
/// safe in a URL, and short enough for a file name.
pub fn check_slug(s: &Located<String>) -> Result<(), Error> {
    let v = &s.value;
    if v.is_empty() {
        return Err(s.place.error("slug", "the slug is empty"));
    }
    if v.len() > MAX_SLUG {
        return Err(s.place.error(
            "slug",
            format!(
                "the slug is {} characters long: a slug names files, and may have at most {MAX_SLUG}",
                v.len()
            ),
        ));
    }
    if v.contains(['/', '\\']) || v.starts_with('.') || v.contains(':') {
        return Err(s.place.error(
            "slug",
            format!("slug '{v}' would escape the output folder: use letters, digits, '-', '_' and '.' (not first)"),
        ));
    }
    if !v.chars().all(slug_char) {
        return Err(s.place.error(
            "slug",
            format!("slug '{v}' may only contain letters, digits, '-', '_' and '.'"),
        ));
    }
    Ok(())
}

/// Slugs name files; names differing only in case collide on some file systems.
pub fn claim_slug(
    seen: &mut HashMap<String, Place>,
    slug: &str,
    place: &Place,
    what: &str,
) -> Result<(), Error> {
    if let Some(first) = seen.get(&slug.to_ascii_lowercase()) {
        return Err(place.error(
            "slug",
            format!(
                "duplicate {what} slug '{slug}': {}, line {} already uses it",
                first.file, first.line
            ),
        ));
    }
    seen.insert(slug.to_ascii_lowercase(), place.clone());
    Ok(())
}
