//! The table made again from the font through usvg, and measures checked against
//! usvg's to the bit.

use rayon::prelude::*;

use super::{parse, width, width_or_missing, STORED};
use crate::font::shaped_width;

/// The characters the table holds: printable ASCII and Latin-1, and the punctuation,
/// arrows, signs and superscripts that captions, notes and worksheets set. The soft
/// hyphen (U+00AD) is left out (usvg lays it out as nothing), and so are Greek letters:
/// a line is kerned by the script of its first letter, and the font kerns Latin pairs
/// differently in a Greek line, so pairs measured alone would not add up.
fn chars() -> Vec<char> {
    let extra = "‐–—‘’‚“”„†‡•…‰′″‹›€™←↑→↓↔⇒−√∞≈≠≤≥⁰⁴⁵⁶⁷⁸⁹";
    (' '..='~')
        .chain('\u{A0}'..='\u{FF}')
        .filter(|&c| c != '\u{AD}')
        .chain(extra.chars())
        .collect()
}

/// A width in font units, measured at one em (2048 points): an integer.
fn units(text: &str) -> i32 {
    let w = shaped_width(text, 2048.0);
    assert_eq!(w.fract(), 0.0, "{text:?} is {w} units");
    w as i32
}

/// The table's text, made from the font: each character's advance (after the
/// missing-glyph box, which kerns with nothing, so that a space, alone laid out as
/// nothing, has its advance too), each pair's kerning where it is not 0, the
/// characters laid out as nothing alone (no outline), and the missing-glyph box's
/// advance.
fn make() -> String {
    let chars = chars();
    let missing = units("\u{E000}");
    let advance: Vec<i32> = (chars.par_iter())
        .map(|c| units(&format!("\u{E000}{c}")) - missing)
        .collect();
    let blank: Vec<String> = (chars.iter())
        .filter(|c| units(&c.to_string()) == 0)
        .map(|&c| format!("blank {:04X}\n", c as u32))
        .collect();
    let kerns: Vec<String> = (0..chars.len() * chars.len())
        .into_par_iter()
        .filter_map(|k| {
            let (i, j) = (k / chars.len(), k % chars.len());
            let pair = format!("\u{E000}{}{}", chars[i], chars[j]);
            let kern = units(&pair) - missing - advance[i] - advance[j];
            (kern != 0).then(|| {
                format!(
                    "kern {:04X} {:04X} {kern}\n",
                    chars[i] as u32, chars[j] as u32
                )
            })
        })
        .collect();
    let mut s = String::from(
        "# DejaVu Sans's advances and kerning (assets/fonts/DejaVuSans.ttf), in font units\n\
         # (2048 an em), as usvg lays text out: what crates/knights-render/src/widths.rs\n\
         # measures text with.\n\
         #   KNIGHTS_REGENERATE=1 cargo test -p knights-render widths\n\
         # rewrites this file (docs/regenerating.md).\n\
         # 'advance CHAR UNITS', 'kern CHAR NEXT UNITS' (pairs not listed: 0), characters\n\
         # as hexadecimal code points; 'blank CHAR': a character without outline (a\n\
         # line of these alone is laid out as nothing); 'missing UNITS': a character\n\
         # the font lacks.\n",
    );
    for (c, a) in chars.iter().zip(&advance) {
        s += &format!("advance {:04X} {a}\n", *c as u32);
    }
    s.extend(kerns);
    s.extend(blank);
    s += &format!("missing {missing}\n");
    s
}

#[test]
fn the_stored_widths_are_the_fonts() {
    let made = make();
    if std::env::var("KNIGHTS_REGENERATE").as_deref() == Ok("1") {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/fonts/DejaVuSans.widths"
        );
        std::fs::write(path, &made).unwrap();
    }
    assert!(
        made == STORED,
        "assets/fonts/DejaVuSans.widths is not what the font gives: \
         KNIGHTS_REGENERATE=1 cargo test -p knights-render widths"
    );
    assert!(parse(&made).is_ok());
}

/// The sizes drawings set text at (notes 6 pt, captions 8 and 9, the walk-through's
/// counter 12, the worksheets' 7 to 14) and some awkward ones.
const SIZES: [f64; 8] = [6.0, 8.0, 9.0, 12.0, 7.25, 10.5, 13.7, 0.35];

#[test]
fn every_character_and_pair_measures_as_usvg_does() {
    let chars = chars();
    for &size in &SIZES {
        for c in &chars {
            let s = c.to_string();
            assert_eq!(
                width(&s, size),
                Some(shaped_width(&s, size)),
                "{s:?} at {size}"
            );
        }
    }
    (0..chars.len() * chars.len())
        .into_par_iter()
        .for_each(|k| {
            let s = format!("{}{}", chars[k / chars.len()], chars[k % chars.len()]);
            let size = SIZES[k % SIZES.len()];
            assert_eq!(
                width(&s, size),
                Some(shaped_width(&s, size)),
                "{s:?} at {size}"
            );
        });
}

/// Lines of text as drawings set them: words and numbers, spaces, kerned pairs
/// ("AV", "To", "y."), many characters summed in single precision.
#[test]
fn lines_measure_as_usvg_does() {
    let chars = chars();
    let mut lines: Vec<String> = [
        "",
        " ",
        "  two  spaces ",
        "AVAVAV To Ty. Wa, y.",
        "3  corner: columns 1-12, rows 89-100",
        "Not drawn: crossings, numbers (their marks would merge on squares of 0.71 pt at this size).",
        "Step 4,096 of 10,000: back at the start, the tour is closed",
        "42x40 × 3 — “quoted” … 4n − 3 ≤ 7⁹ → café",
        "tab\tand\nbreak",
    ]
    .map(String::from)
    .to_vec();
    // Seeded lines of every length up to 80, of all the table's characters.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for len in 0..400 {
        let line = (0..len % 81)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                chars[(state >> 33) as usize % chars.len()]
            })
            .collect();
        lines.push(line);
    }
    lines.par_iter().enumerate().for_each(|(i, line)| {
        let size = SIZES[i % SIZES.len()];
        assert_eq!(
            width(line, size),
            Some(shaped_width(line, size)),
            "{line:?} at {size}"
        );
    });
}

/// A character outside the table: no width from it (the caller measures with the font),
/// or the missing-glyph box's, which is what usvg gives for one the font lacks.
#[test]
fn a_character_outside_the_table() {
    assert_eq!(width("a\u{4E2D}", 10.0), None);
    assert_eq!(width("4.25n - εn", 10.0), None);
    let lacked = "x\u{E000}y";
    assert_eq!(width_or_missing(lacked, 10.0), shaped_width(lacked, 10.0));
}
