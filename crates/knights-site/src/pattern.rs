//! A series' board pattern: the board written with `{...}` standing for a side that
//! grows with the series' size `n`. `{n}` is the size itself; `{An+B}` (or `{An-B}`,
//! `{An}`, `{n+B}`) a side linear in it, for board families whose two sides grow at
//! different rates, such as the giraffe's `32k + 20` by `8k + 14` boards
//! (`board = "{32n+20}x{8n+14}"`). Any number of sides may be written
//! (`"{n}x{n}x{n}"`, `"20x16x{n}"`).

/// Why a board pattern does not expand, naming the piece (one line).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// A `{` without its `}`.
    #[error("'{pattern}' opens a '{{' that no '}}' closes")]
    Unclosed {
        /// The pattern as written.
        pattern: String,
    },
    /// A piece that is not `{n}`, `{An}`, `{An+B}` or `{An-B}`.
    #[error("'{{{piece}}}' in '{pattern}' is not a side: write {{n}}, {{An}}, {{An+B}} or {{An-B}}, e.g. {{32n+20}}")]
    NotASide {
        /// The piece between the braces.
        piece: String,
        /// The pattern as written.
        pattern: String,
    },
    /// A piece whose value at this size is negative or too large for a side.
    #[error("'{{{piece}}}' in '{pattern}' is {value} at n = {n}, not a side")]
    OutOfRange {
        /// The piece between the braces.
        piece: String,
        /// The pattern as written.
        pattern: String,
        /// Its value at `n`.
        value: i64,
        /// The series' size.
        n: u32,
    },
}

/// `pattern` with each `{...}` replaced by its value at size `n`; an error naming the
/// piece when a piece is not `{n}`, `{An}`, `{An+B}` or `{An-B}`, or its value is
/// negative or too large.
pub fn expand(pattern: &str, n: u32) -> Result<String, PatternError> {
    let mut out = String::with_capacity(pattern.len());
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after.find('}').ok_or_else(|| PatternError::Unclosed {
            pattern: pattern.to_string(),
        })?;
        let piece = &after[..close];
        out.push_str(&side(piece, pattern, n)?.to_string());
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The value of `piece` (of `pattern`) at `n`, when it is a side.
fn side(piece: &str, pattern: &str, n: u32) -> Result<u32, PatternError> {
    let value = eval(piece, n).ok_or_else(|| PatternError::NotASide {
        piece: piece.to_string(),
        pattern: pattern.to_string(),
    })?;
    u32::try_from(value).map_err(|_| PatternError::OutOfRange {
        piece: piece.to_string(),
        pattern: pattern.to_string(),
        value,
        n,
    })
}

/// `An+B` at `n`, blanks ignored; `None` when it is not of that shape.
fn eval(piece: &str, n: u32) -> Option<i64> {
    let text: String = piece.chars().filter(|c| !c.is_whitespace()).collect();
    let (a, b) = text.split_once('n')?;
    let a: i64 = if a.is_empty() { 1 } else { number(a)? };
    let b: i64 = match b.as_bytes().first() {
        None => 0,
        Some(b'+') => number(&b[1..])?,
        Some(b'-') => -number(&b[1..])?,
        Some(_) => return None,
    };
    a.checked_mul(n as i64)?.checked_add(b)
}

/// A number of at most nine digits (so that the arithmetic cannot overflow).
fn number(s: &str) -> Option<i64> {
    (!s.is_empty() && s.len() <= 9 && s.bytes().all(|c| c.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_grow_linearly_with_the_size() {
        assert_eq!(expand("{n}x{n}", 16).unwrap(), "16x16");
        assert_eq!(expand("{n}x{n}x{n}", 18).unwrap(), "18x18x18");
        assert_eq!(expand("20x16x{n}", 3).unwrap(), "20x16x3");
        for k in 1..=6u32 {
            let (w, h) = (32 * k + 20, 8 * k + 14);
            assert_eq!(expand("{32n+20}x{8n + 14}", k).unwrap(), format!("{w}x{h}"));
            assert_eq!(
                expand("{2n-1}x{n}", k).unwrap(),
                format!("{}x{k}", 2 * k - 1)
            );
        }
        assert_eq!(expand("8x8", 5).unwrap(), "8x8");
    }

    #[test]
    fn bad_pieces_are_named() {
        let e = |p: &str| expand(p, 2).unwrap_err().to_string();
        assert!(
            e("{m}x{n}").contains("'{m}' in '{m}x{n}' is not a side"),
            "{}",
            e("{m}x{n}")
        );
        assert!(e("{2n*3}x8").contains("'{2n*3}'"));
        assert!(e("{n}x{n").contains("no '}' closes"));
        assert!(e("{n-5}x8").contains("is -3 at n = 2"));
        assert!(e("{9999999999n}x8").contains("not a side"));
        assert!(matches!(
            expand("{n-5}x8", 2),
            Err(PatternError::OutOfRange {
                value: -3,
                n: 2,
                ..
            })
        ));
        assert_eq!(
            expand("{n}x{n", 2),
            Err(PatternError::Unclosed {
                pattern: "{n}x{n".into()
            })
        );
    }
}
