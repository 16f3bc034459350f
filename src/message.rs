//! Error messages as printed: whatever part of a message echoes the user's input (a
//! board, a file name, an unexpected argument, a field of a tour file) is cut when it
//! is huge, so that a 100,000-character argument gets a one-line answer, not a 200 KB
//! one, and its control characters (a newline, ESC, NUL) are escaped, so that the
//! answer stays one line and cannot drive the terminal.

/// Words longer than this are cut (long enough for any real path component and more).
const MAX_WORD: usize = 256;

/// What is kept of a cut word: its start, then an ellipsis and the length.
const KEPT: usize = 60;

/// `msg` with every word longer than [`MAX_WORD`] characters cut to its start.
pub fn cut_long_words(msg: &str) -> String {
    msg.split_inclusive(char::is_whitespace)
        .map(|piece| {
            let word = piece.trim_end_matches(char::is_whitespace);
            let n = word.chars().count();
            if n <= MAX_WORD {
                return piece.to_string();
            }
            let head: String = word.chars().take(KEPT).collect();
            format!("{head}… ({n} characters){}", &piece[word.len()..])
        })
        .collect()
}

/// `msg` with every control character written as its escape (`\n`, `\u{1b}`, `\0`):
/// the one line of an error, whatever text of the user's it echoes.
pub fn escape_controls(msg: &str) -> String {
    msg.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(
            escape_controls("field topology: 'a\nb\u{1b}[31m\0' é"),
            "field topology: 'a\\nb\\u{1b}[31m\\0' é"
        );
    }

    #[test]
    fn huge_words_are_cut_and_the_rest_kept() {
        let msg = format!(
            "error: '{}x8' is not a board\n\nUsage: knights",
            "9".repeat(100_000)
        );
        let cut = cut_long_words(&msg);
        assert!(cut.len() < 200, "{cut}");
        assert!(cut.starts_with("error: '999"), "{cut}");
        assert!(
            cut.contains("… (100004 characters) is not a board\n\nUsage: knights"),
            "{cut}"
        );
        let short = "knights: a/b.json: line 2: ok";
        assert_eq!(cut_long_words(short), short);
    }
}
