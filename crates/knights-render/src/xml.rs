//! Text a user wrote (a tour file's section names and algorithm, a series title, a
//! caption) reaches the documents this crate makes. The SVG writer escapes `&`, `<`,
//! `>` and quotes, but XML 1.0 forbids the C0 control characters other than tab, line
//! feed and carriage return even escaped: one in a title made an SVG no XML reader
//! takes and a PNG or PDF that failed to parse. Every document this crate hands out or
//! parses passes [`xml_safe`], which shows each such character as its Unicode control
//! picture (U+0001 as U+2401), so a drawing is always well-formed and says what was
//! written. The markup this crate writes has none of them, so only user text changes.

use std::borrow::Cow;

/// Whether `c` is a character XML 1.0 forbids in a document (U+FFFE and U+FFFF too).
fn forbidden(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}')
}

/// `c` as it is shown: a C0 control as its control picture (U+2400 + its code), the two
/// non-characters as the replacement character.
fn shown(c: char) -> char {
    match c {
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + c as u32).expect("a control picture"),
        _ => char::REPLACEMENT_CHARACTER,
    }
}

/// `svg` with every character XML forbids shown as its control picture; borrowed when
/// there is none (the usual case: one scan, no copy).
pub fn xml_safe_str(svg: &str) -> Cow<'_, str> {
    if !svg.chars().any(forbidden) {
        return Cow::Borrowed(svg);
    }
    Cow::Owned(
        svg.chars()
            .map(|c| if forbidden(c) { shown(c) } else { c })
            .collect(),
    )
}

/// [`xml_safe_str`] of an owned document, kept without a copy when nothing changes:
/// what every document of this crate (and the teaching figures and plots) passes.
pub fn xml_safe(svg: String) -> String {
    match xml_safe_str(&svg) {
        Cow::Borrowed(_) => svg,
        Cow::Owned(s) => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_shown_as_pictures_and_the_rest_kept() {
        let s = "<text>a\u{1}b\u{1b}[31m\u{7}\t\n\r é\u{ffff}</text>";
        assert_eq!(
            xml_safe_str(s),
            "<text>a\u{2401}b\u{241b}[31m\u{2407}\t\n\r é\u{fffd}</text>"
        );
        assert!(matches!(xml_safe_str("<a>plain</a>"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_document_with_controls_in_its_text_parses_once_made_safe() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><title>S\u{1}</title><text data-x=\"a\u{1b}\">\u{0}</text></svg>";
        assert!(crate::font::tree(svg).is_ok());
        assert!(usvg_raw(svg).is_err(), "the raw document is not XML");
    }

    fn usvg_raw(svg: &str) -> Result<resvg::usvg::Tree, resvg::usvg::Error> {
        resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
    }
}
