//! A series' board pattern: the board written with `{...}` standing for a side that
//! grows with the series' size `n`. `{n}` is the size itself; `{An+B}` (or `{An-B}`,
//! `{An}`, `{n+B}`) a side linear in it, for board families whose two sides grow at
//! different rates, such as the giraffe's `32k + 20` by `8k + 14` boards
//! (`board = "{32n+20}x{8n+14}"`). Any number of sides may be written
//! (`"{n}x{n}x{n}"`, `"20x16x{n}"`).

/// `pattern` with each `{...}` replaced by its value at size `n`; an error (one
/// line, naming the piece) when a piece is not `{n}`, `{An}`, `{An+B}` or `{An-B}`,
/// or its value is negative or too large.
pub fn expand(pattern: &str, n: u32) -> Result<String, String> {
    let mut out = String::with_capacity(pattern.len());
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after
            .find('}')
            .ok_or_else(|| format!("'{pattern}' opens a '{{' that no '}}' closes"))?;
        let piece = &after[..close];
        let value = eval(piece, n).ok_or_else(|| {
            format!(
                "'{{{piece}}}' in '{pattern}' is not a side: write {{n}}, {{An}}, {{An+B}} or {{An-B}}, e.g. {{32n+20}}"
            )
        })?;
        if value < 0 || value > u32::MAX as i64 {
            return Err(format!(
                "'{{{piece}}}' in '{pattern}' is {value} at n = {n}, not a side"
            ));
        }
        out.push_str(&value.to_string());
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    Ok(out)
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
        let e = |p: &str| expand(p, 2).unwrap_err();
        assert!(
            e("{m}x{n}").contains("'{m}' in '{m}x{n}' is not a side"),
            "{}",
            e("{m}x{n}")
        );
        assert!(e("{2n*3}x8").contains("'{2n*3}'"));
        assert!(e("{n}x{n").contains("no '}' closes"));
        assert!(e("{n-5}x8").contains("is -3 at n = 2"));
        assert!(e("{9999999999n}x8").contains("not a side"));
    }
}
