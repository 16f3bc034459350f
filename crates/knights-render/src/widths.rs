//! Text widths in the bundled font without the font: DejaVu Sans's advances and kerning
//! for the characters drawings set, stored in `assets/fonts/DejaVuSans.widths`, summed
//! the way usvg lays a line of text out. A measure then costs a few table look-ups
//! instead of parsing a small SVG document and shaping its text, and the browser's
//! module (knights-web) carries neither the font nor a shaper. The tests make the table
//! again from the font through usvg and check that every character and every pair of
//! them measures to the very bits usvg gives (`KNIGHTS_REGENERATE=1 cargo test -p
//! knights-render widths` rewrites the file).

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

/// The stored table.
const STORED: &str = include_str!("../assets/fonts/DejaVuSans.widths");

/// DejaVu Sans's font units per em: the table's advances are in these.
const UNITS_PER_EM: f32 = 2048.0;

/// Advances and kerning, in font units.
struct Table {
    advance: FxHashMap<char, i32>,
    kern: FxHashMap<(char, char), i32>,
    /// The characters without outline: a line of these alone is laid out as nothing.
    blank: Vec<char>,
    /// The advance of a character the font does not have (its missing-glyph box).
    missing: i32,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(STORED).expect("the stored widths table is well formed"))
}

/// The width in points of `text` set in the bundled font at `size` points, as usvg lays
/// it out (the bounding box of its characters' advances), or `None` when a character
/// is not in the table.
pub(crate) fn width(text: &str, size: f64) -> Option<f64> {
    let t = table();
    let chars: Vec<char> = text.chars().map(as_laid_out).collect();
    let units: Option<Vec<i32>> = (0..chars.len()).map(|i| advance(t, &chars, i)).collect();
    Some(sum(t, &chars, &units?, size))
}

/// The width of `text` as [`width`] gives it, a character outside the table measured
/// as the font's missing-glyph box without kerning.
#[cfg_attr(not(target_family = "wasm"), allow(dead_code))]
pub(crate) fn width_or_missing(text: &str, size: f64) -> f64 {
    let t = table();
    let chars: Vec<char> = text.chars().map(as_laid_out).collect();
    let units: Vec<i32> = (0..chars.len())
        .map(|i| advance(t, &chars, i).unwrap_or(t.missing))
        .collect();
    sum(t, &chars, &units, size)
}

/// A tab or line break in preserved white space is laid out as a space.
fn as_laid_out(c: char) -> char {
    match c {
        '\t' | '\n' | '\r' => ' ',
        c => c,
    }
}

/// The advance of the `i`th character, kerned against the next one.
fn advance(t: &Table, chars: &[char], i: usize) -> Option<i32> {
    let own = *t.advance.get(&chars[i])?;
    let kern = match chars.get(i + 1) {
        Some(&next) => t.kern.get(&(chars[i], next)).copied().unwrap_or(0),
        None => 0,
    };
    Some(own + kern)
}

/// The advances in font units of `chars` laid side by side at `size` points, in usvg's
/// single precision and order: each glyph's advance scaled, the pen moved by each in
/// turn, and the width that of the box around every glyph's advance (one unit wide
/// where the advance is not positive). A line without outlines (spaces alone) is not
/// laid out: 0 wide.
fn sum(t: &Table, chars: &[char], units: &[i32], size: f64) -> f64 {
    if chars.iter().all(|c| t.blank.contains(c)) {
        return 0.0;
    }
    let scale = size as f32 / UNITS_PER_EM;
    let (mut x, mut left, mut right) = (0.0f32, f32::MAX, f32::MIN);
    for &u in units {
        let advance = u as f32 * scale;
        left = left.min(x);
        right = right.max(x + if advance <= 0.0 { 1.0 } else { advance });
        x += advance;
    }
    f64::from(right - left)
}

/// Reads the table: `advance HEX UNITS`, `kern HEX HEX UNITS`, `blank HEX` and
/// `missing UNITS` lines, `#` comments.
fn parse(text: &str) -> Result<Table, String> {
    let mut t = Table {
        advance: FxHashMap::default(),
        kern: FxHashMap::default(),
        blank: Vec::new(),
        missing: 0,
    };
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let bad = || format!("line {}: '{line}'", n + 1);
        let ch = |s: &str| u32::from_str_radix(s, 16).ok().and_then(char::from_u32);
        let units = |s: &str| s.parse::<i32>().ok();
        match fields.as_slice() {
            [] => {}
            [first, ..] if first.starts_with('#') => {}
            ["advance", c, u] => {
                t.advance
                    .insert(ch(c).ok_or_else(bad)?, units(u).ok_or_else(bad)?);
            }
            ["kern", a, b, u] => {
                let pair = (ch(a).ok_or_else(bad)?, ch(b).ok_or_else(bad)?);
                t.kern.insert(pair, units(u).ok_or_else(bad)?);
            }
            ["blank", c] => t.blank.push(ch(c).ok_or_else(bad)?),
            ["missing", u] => t.missing = units(u).ok_or_else(bad)?,
            _ => return Err(bad()),
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests;
