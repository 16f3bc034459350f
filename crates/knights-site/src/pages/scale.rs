//! A count against the size of its board: the board's n (the mean of its sides) and
//! count / n^(d-1), the number a tour page, the metrics table and the plots show, so
//! that a construction whose counts grow with the boundary of its levels gives about
//! the same number on every board size.

/// The board's n: the mean of its sides. On the plane `(w + h) / 2`, the side of a
/// square board and what the per-n numbers of a rectangle divide by (its boundary is
/// `4n - 4` cells, like a square's); a cube's side.
pub fn mean_side(sides: &[u32]) -> f64 {
    sides.iter().map(|&s| s as f64).sum::<f64>() / sides.len().max(1) as f64
}

/// `count / n^(d - 1)` on a board of `d` sides: a construction whose count grows as
/// the boundary of its levels times their number (turns and crossings of the
/// formation tour: `O(n^(d-1))`) gives about the same number on every board size.
pub fn per_n(count: u64, sides: &[u32]) -> f64 {
    count as f64 / mean_side(sides).powi(sides.len() as i32 - 1)
}

/// `n`, `n²`, `n³`, ... : what [`per_n`] divides by on a board of `d` sides.
pub fn per_name(d: usize) -> String {
    const SUPERSCRIPTS: [&str; 10] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"];
    match d {
        0..=2 => "n".to_string(),
        d => {
            let e: String = (d - 1)
                .to_string()
                .bytes()
                .map(|b| SUPERSCRIPTS[(b - b'0') as usize])
                .collect();
            format!("n{e}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_n_divides_by_n_to_the_sides_less_one() {
        assert_eq!(mean_side(&[16, 12]), 14.0);
        assert_eq!(per_n(140, &[16, 12]), 10.0);
        assert_eq!(per_n(2000, &[20, 20, 20]), 5.0);
        assert_eq!(per_n(54, &[4, 2, 2, 4]), 2.0);
        assert_eq!(per_name(2), "n");
        assert_eq!(per_name(3), "n²");
        assert_eq!(per_name(12), "n¹¹");
    }
}
