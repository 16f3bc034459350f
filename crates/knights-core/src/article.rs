//! "a" or "an" before a phrase the program makes up (`an 8x8 board`, `a 10x10 board`,
//! `an open tour`): its own module because every message that names a board or a kind
//! of tour after an article needs it, and English picks the article by the sound of the
//! word that follows, which for a board is the number read aloud.

use std::fmt::Display;

/// `phrase` after its indefinite article: `an 8x8`, `a 10x10`, `an 11x5`, `a 12x12`,
/// `an open`, `a closed`.
pub fn an(phrase: impl Display) -> String {
    let phrase = phrase.to_string();
    let article = if vowel_sound(&phrase) { "an" } else { "a" };
    format!("{article} {phrase}")
}

/// Whether `phrase` is read starting with a vowel sound: a number read "eight...",
/// "eleven..." or "eighteen..." (8, 80, 800, 8000, 11, 18, 11000, 18000, ...), or a
/// word starting with a vowel letter.
fn vowel_sound(phrase: &str) -> bool {
    let digits: String = phrase.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return phrase
            .chars()
            .next()
            .is_some_and(|c| "aeiouAEIOU".contains(c));
    }
    // Numbers are read in groups of three digits; the leading group is read first.
    let lead = &digits[..(digits.len() - 1) % 3 + 1];
    lead.starts_with('8') || lead == "11" || lead == "18"
}

#[cfg(test)]
mod tests {
    use super::an;

    #[test]
    fn reads_numbers_as_they_are_spoken() {
        for a in [
            "8x8", "80x3", "800x800", "8000x2", "11x11", "18x6", "11000x3", "open",
        ] {
            assert_eq!(an(a), format!("an {a}"));
        }
        for a in [
            "10x10", "1x8", "110x3", "180x4", "1100x2", "12x12", "6x6", "closed", "(1, 3)",
        ] {
            assert_eq!(an(a), format!("a {a}"));
        }
    }
}
