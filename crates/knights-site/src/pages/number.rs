//! The one way a page shows a number that is not a count: at most three decimals, no
//! trailing zeros (`14`, `10.667`, `2.1`). Every fraction, ratio and mean a template
//! receives is made here, so no page shows `10.666666666666666`.

/// `v` as a page shows it: rounded to three decimals, trailing zeros dropped.
pub fn number(v: f64) -> String {
    if !v.is_finite() {
        return "–".to_string();
    }
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::number;

    #[test]
    fn numbers_have_at_most_three_decimals_and_no_trailing_zeros() {
        assert_eq!(number(32.0 / 3.0), "10.667");
        assert_eq!(number(14.0), "14");
        assert_eq!(number(2.1), "2.1");
        assert_eq!(number(2.26724), "2.267");
        assert_eq!(number(0.0), "0");
        assert_eq!(number(-0.0001), "0");
        assert_eq!(number(f64::NAN), "–");
    }
}
