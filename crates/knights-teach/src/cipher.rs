//! The tour as a permutation cipher, a classroom exercise the tutorial literature on
//! knight's tours suggests: write a message along the tour, one letter a square (the
//! first letter on the square visited first, and so on), then copy the board out row by
//! row, from the top row down, each left to right. The letters are the same, their
//! order is scrambled by the tour; whoever holds the tour reads them back in the order
//! of its steps. Longer messages take one board after another; the last is filled out
//! with X. Its own module because it reads a tour as a permutation of the squares,
//! which nothing else here does.

use knights_core::{BadOption, Error, Tour};

/// The letter that fills out the last board.
pub const FILL: char = 'X';

/// The letters a message carries: its letters and digits, upper case; spaces and
/// punctuation are dropped, as in the classic ciphers.
pub fn letters(message: &str) -> Vec<char> {
    message
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// Refuses a worksheet's `message` when it has no letters or digits, or more than the
/// `squares` of `board`: before any tour is built.
pub fn check(message: &str, squares: usize, board: &impl std::fmt::Display) -> Result<(), Error> {
    let n = letters(message).len();
    if n == 0 {
        return Err(bad(
            "--cipher",
            message,
            "it has no letters or digits to carry",
        ));
    }
    if n > squares {
        let why = format!(
            "it has {n} letters, more than the {squares} squares of the {board} board: a worksheet's message fits on one board"
        );
        return Err(bad("--cipher", message, &why));
    }
    Ok(())
}

/// The cells of `tour`'s board in reading order: the top row first, each left to
/// right; holes left out.
pub fn reading_order(tour: &Tour) -> Vec<u32> {
    let b = tour.board();
    let mut on = vec![false; b.area() as usize];
    for &c in tour.path() {
        on[c as usize] = true;
    }
    (0..b.height())
        .rev()
        .flat_map(|y| (0..b.width()).map(move |x| (x, y)))
        .map(|(x, y)| b.index(x, y))
        .filter(|&c| on[c as usize])
        .collect()
}

/// `message` enciphered with `tour`: written along the tour, read by rows, one board
/// after another.
pub fn encode(tour: &Tour, message: &str) -> Result<String, Error> {
    let mut text = letters(message);
    if text.is_empty() {
        return Err(bad(
            "--cipher",
            message,
            "it has no letters or digits to carry",
        ));
    }
    let n = tour.path().len();
    text.resize(text.len().div_ceil(n) * n, FILL);
    let order = reading_order(tour);
    let mut board = vec![' '; tour.board().area() as usize];
    let mut out = String::with_capacity(text.len());
    for block in text.chunks(n) {
        for (&c, &l) in tour.path().iter().zip(block) {
            board[c as usize] = l;
        }
        out.extend(order.iter().map(|&c| board[c as usize]));
    }
    Ok(out)
}

/// `cipher` read back with `tour`: written by rows, one board after another, read
/// along the tour. Fill letters stay at the end.
pub fn decode(tour: &Tour, cipher: &str) -> Result<String, Error> {
    let text = letters(cipher);
    let n = tour.path().len();
    if text.is_empty() || !text.len().is_multiple_of(n) {
        let why = format!(
            "it has {} letters, and a message enciphered on the {} board has a multiple of its {n} squares",
            text.len(),
            tour.board()
        );
        return Err(bad("--decode", cipher, &why));
    }
    let order = reading_order(tour);
    let mut board = vec![' '; tour.board().area() as usize];
    let mut out = String::with_capacity(text.len());
    for block in text.chunks(n) {
        for (&c, &l) in order.iter().zip(block) {
            board[c as usize] = l;
        }
        out.extend(tour.path().iter().map(|&c| board[c as usize]));
    }
    Ok(out)
}

fn bad(what: &'static str, text: &str, why: &str) -> Error {
    let mut shown: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        shown.push_str("...");
    }
    BadOption::Message {
        what,
        text: shown,
        why: why.to_string(),
    }
    .into()
}

/// `cipher` in groups of `width` letters, one group a row of the board it was read
/// from, so a pupil can write it back row by row.
pub fn rows(cipher: &str, width: usize) -> String {
    let chars: Vec<char> = cipher.chars().collect();
    chars
        .chunks(width.max(1))
        .map(|g| g.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_comes_back_over_many_tours_and_sizes() {
        let message =
            "The knight's tour keeps a secret: meet me at noon by the old oak tree, 1759!";
        let plain: String = letters(message).into_iter().collect();
        for (w, h) in [(5, 5), (6, 6), (8, 8), (10, 3), (3, 4), (7, 12), (12, 12)] {
            for open in [true, false] {
                let mut r =
                    knights_construct::Request::closed(knights_core::Board::new(w, h).unwrap());
                r.open = open;
                let Ok(t) = knights_construct::build(&r, "auto") else {
                    continue;
                };
                let t = knights_core::verify::verify(t).unwrap();
                let c = encode(&t, message).unwrap();
                let n = w as usize * h as usize;
                assert_eq!(c.len() % n, 0);
                assert_eq!(c.len(), plain.len().div_ceil(n) * n);
                let back = decode(&t, &c).unwrap();
                assert_eq!(
                    back.trim_end_matches(FILL),
                    plain.trim_end_matches(FILL),
                    "{w}x{h}"
                );
                // The same letters, scrambled (on any board larger than the message's first word).
                let mut a: Vec<char> = c.chars().collect();
                let mut b: Vec<char> = back.chars().collect();
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b);
                assert_ne!(c, back, "{w}x{h}");
            }
        }
    }

    #[test]
    fn the_first_letter_sits_on_the_first_square_and_is_read_where_its_row_puts_it() {
        let t = crate::tour(5, 5, true);
        let c = encode(&t, "ABCDEFGHIJKLMNOPQRSTUVWXY").unwrap();
        let (x, y) = t.board().xy(t.path()[0]);
        let at = (4 - y as usize) * 5 + x as usize;
        assert_eq!(c.chars().nth(at), Some('A'));
    }

    #[test]
    fn a_message_comes_back_on_a_board_with_holes() {
        // Regression (issue 39): arrays sized by the cells a tour visits were indexed
        // by cell number, past their end on a board with holes.
        let mut r = knights_construct::Request::closed(knights_core::Board::new(9, 9).unwrap());
        r.variant = Some("corner".into());
        let t = knights_construct::build(&r, "parberry").unwrap();
        let t = knights_core::verify::verify(t).unwrap();
        assert!(!t.board().holes().is_empty());
        let order = reading_order(&t);
        assert_eq!(order.len(), t.path().len());
        assert!(order.iter().all(|&c| !t.board().is_hole(c)));
        let c = encode(&t, "hello").unwrap();
        assert_eq!(c.len(), 80);
        assert_eq!(decode(&t, &c).unwrap().trim_end_matches(FILL), "HELLO");
    }

    #[test]
    fn a_cipher_is_grouped_by_rows() {
        assert_eq!(rows("ABCDEFG", 3), "ABC DEF G");
    }

    #[test]
    fn empty_messages_and_broken_ciphers_are_refused_in_one_line() {
        let t = crate::tour(5, 5, true);
        let e = encode(&t, " ,.!").unwrap_err().to_string();
        assert_eq!(e, "--cipher ' ,.!': it has no letters or digits to carry");
        let e = decode(&t, "ABC").unwrap_err().to_string();
        assert_eq!(e, "--decode 'ABC': it has 3 letters, and a message enciphered on the 5x5 board has a multiple of its 25 squares");
    }
}
