//! The paper's open question in numbers (issue 40): the fewest turns of a closed
//! n x n tour for every n whose record is stored, with the least-squares line
//! `turns ~ a n + b` through the proved ones, to set beside Besa et al.'s conjecture
//! (at least 8n turns), their lower bound ((6 - e)n) and the slope of our best
//! construction (9.25n - 12, `--variant best`). Made from the records, so the page
//! and the results table say what the files hold. A finite sequence proves nothing
//! about large n: the fit describes the stored values, not the optimum's growth.

use super::table::Stored;

/// The paper's conjecture: every tour has at least about 8n turns.
pub const CONJECTURE: f64 = 8.0;

/// The paper's lower bound: (6 - e)n turns, for every e > 0 and n large enough.
pub const LOWER: f64 = 6.0;

/// Our best construction's turns on an n x n board, n a multiple of 8 and at least
/// 32 (`--variant best`, docs/gadgets.md): 9.25n - 12.
pub const BUILT: (f64, f64) = (9.25, -12.0);

/// The closed n x n minimum-turns records, by n: those proved (the sequence) and
/// those with a gap still open, and the line fitted through the proved ones.
#[derive(Clone, Debug)]
pub struct Sequence<'a> {
    /// The proved terms, by n.
    pub proved: Vec<&'a Stored>,
    /// The records whose bound does not meet the tour yet, by n.
    pub open: Vec<&'a Stored>,
    /// The least-squares line through the proved terms (two or more).
    pub fit: Option<Fit>,
}

/// A line `value ~ slope n + intercept`, fitted by least squares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// `a`.
    pub slope: f64,
    /// `b`.
    pub intercept: f64,
    /// The largest distance of a point from the line.
    pub worst: f64,
}

impl Fit {
    /// The line at `n`.
    pub fn at(&self, n: f64) -> f64 {
        self.slope * n + self.intercept
    }
}

/// The sequence of the stored records `all`: each closed n x n record of the turns.
pub fn sequence(all: &[Stored]) -> Sequence<'_> {
    let mut square: Vec<&Stored> = all
        .iter()
        .filter(|s| {
            let b = &s.spec.board;
            s.spec.closed && s.spec.measure.to_string() == "turns" && b.width() == b.height()
        })
        .collect();
    square.sort_by_key(|s| s.spec.board.width());
    let (proved, open): (Vec<&Stored>, Vec<&Stored>) = square.into_iter().partition(|s| s.optimal);
    let points: Vec<(f64, f64)> = proved.iter().map(|s| (side(s), s.value as f64)).collect();
    Sequence {
        fit: least_squares(&points),
        proved,
        open,
    }
}

/// A square record's side, n.
pub fn side(s: &Stored) -> f64 {
    f64::from(s.spec.board.width())
}

/// The least-squares line through `points`: none unless two of them differ in x.
pub fn least_squares(points: &[(f64, f64)]) -> Option<Fit> {
    let k = points.len() as f64;
    let mean = |f: fn(&(f64, f64)) -> f64| points.iter().map(f).sum::<f64>() / k;
    let (mx, my) = (mean(|p| p.0), mean(|p| p.1));
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    if points.len() < 2 || sxx == 0.0 {
        return None;
    }
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let slope = sxy / sxx;
    let intercept = my - slope * mx;
    let worst = points
        .iter()
        .map(|p| (p.1 - slope * p.0 - intercept).abs())
        .fold(0.0, f64::max);
    Some(Fit {
        slope,
        intercept,
        worst,
    })
}

impl Sequence<'_> {
    /// What the sequence says, in plain sentences made from its numbers: the fit, the
    /// steps between terms, and where the terms lie against 8n and 6n.
    pub fn summary(&self) -> Vec<String> {
        let Some(fit) = self.fit else {
            return vec!["Fewer than two closed n x n minima are proved: no line to fit.".into()];
        };
        let ns: Vec<String> = self.proved.iter().map(|s| side(s).to_string()).collect();
        let mut out = vec![format!(
            "Least squares through the {} proved terms (n = {}): turns ~ {:.2}n {} {:.2}, every term within {:.2} of the line.",
            self.proved.len(),
            ns.join(", "),
            fit.slope,
            if fit.intercept < 0.0 { "-" } else { "+" },
            fit.intercept.abs(),
            fit.worst
        )];
        let steps: Vec<String> = self
            .proved
            .windows(2)
            .map(|w| {
                let per = (w[1].value as f64 - w[0].value as f64) / (side(w[1]) - side(w[0]));
                format!("{per:.1}")
            })
            .collect();
        out.push(format!(
            "Between consecutive terms the minimum grows by {} turns per unit of n.",
            steps.join(", ")
        ));
        let below: Vec<f64> = self
            .proved
            .iter()
            .map(|s| CONJECTURE * side(s) - s.value as f64)
            .collect();
        let slope = format!(
            "the fitted slope {:.2} is {} 8 and {} 6, but {} small boards cannot settle how the minimum grows with n",
            fit.slope,
            if fit.slope < CONJECTURE { "below" } else { "at or above" },
            if fit.slope > LOWER { "above" } else { "at or below" },
            self.proved.len()
        );
        if below.iter().all(|d| *d > 0.0) {
            let by: Vec<String> = below.iter().map(f64::to_string).collect();
            out.push(format!(
                "Every proved term lies below 8n, by {} turns: read with no constant term the conjecture fails on these boards, so it can only be meant as the paper's bounds are, up to O(1) (8n - O(1)); {slope}.",
                by.join(", ")
            ));
        } else {
            out.push(format!("Some proved terms reach 8n; {slope}."));
        }
        out
    }
}

/// The sequence as markdown: a row per term (proved or not) with its run, then what
/// it says.
pub fn markdown(s: &Sequence<'_>) -> String {
    let mut out = String::from(
        "\nThe fewest turns of a closed n x n tour, the question Besa et al. leave open (they conjecture at least 8n; they prove (6 - e)n; our best construction has 9.25n - 12), each with the run that proved it:\n\n| n | turns | bound | result | seconds | command |\n| --- | --- | --- | --- | --- | --- |\n",
    );
    let mut rows: Vec<&&Stored> = s.proved.iter().chain(&s.open).collect();
    rows.sort_by_key(|t| t.spec.board.width());
    for t in rows {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {:.1} | `{}` |\n",
            side(t),
            t.value,
            t.bound,
            t.verdict(),
            t.seconds,
            t.command
        ));
    }
    out.push('\n');
    out.push_str(&s.summary().join("\n\n"));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_through_points_on_a_line_is_that_line() {
        let fit = least_squares(&[(6.0, 36.0), (8.0, 52.0), (10.0, 68.0)]).unwrap();
        assert!((fit.slope - 8.0).abs() < 1e-12 && (fit.intercept + 12.0).abs() < 1e-12);
        assert!(fit.worst < 1e-12);
        // The five terms of issue 40 (n = 6 to 14): 7.6n - 14.4 by hand.
        let fit = least_squares(&[
            (6.0, 32.0),
            (8.0, 45.0),
            (10.0, 62.0),
            (12.0, 77.0),
            (14.0, 92.0),
        ])
        .unwrap();
        assert!((fit.slope - 7.6).abs() < 1e-9 && (fit.intercept + 14.4).abs() < 1e-9);
        assert!((fit.worst - 1.4).abs() < 1e-9, "{}", fit.worst);
        assert_eq!(least_squares(&[(6.0, 32.0)]), None);
        assert_eq!(least_squares(&[(6.0, 32.0), (6.0, 33.0)]), None);
    }

    /// The construction's line is the best variant's count, where it holds.
    #[test]
    fn the_constructions_line_is_the_best_variants_turns() {
        for n in [32u32, 40, 48] {
            let board = knights_core::Board::parse_flat(&format!("{n}x{n}")).unwrap();
            let mut req = knights_construct::Request::closed(board);
            req.variant = Some("best".into());
            let tour = knights_construct::build(&req, "besa").unwrap();
            let v = knights_core::verify::constructed(tour).unwrap();
            let turns = knights_core::metrics::measure(&v).turns as f64;
            assert_eq!(turns, BUILT.0 * f64::from(n) + BUILT.1, "{n}");
        }
    }

    /// The stored records make the sequence: 6x6 to 14x14 proved, in order, the fit
    /// between the paper's bound and the construction.
    #[test]
    fn the_stored_records_make_the_sequence() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/optima");
        let all = super::super::table::read(&dir).unwrap();
        let s = sequence(&all);
        let terms: Vec<(f64, u64)> = s.proved.iter().map(|t| (side(t), t.value)).collect();
        assert_eq!(
            terms[..5],
            [(6.0, 32), (8.0, 45), (10.0, 62), (12.0, 77), (14.0, 92)]
        );
        let fit = s.fit.unwrap();
        assert!(LOWER < fit.slope && fit.slope < BUILT.0, "{fit:?}");
        // The summary states the fit it computed and each term's distance below 8n
        // (the first five: 16, 19, 18, 19, 20).
        let text = s.summary().join(" ");
        assert!(
            text.contains(&format!("turns ~ {:.2}n", fit.slope)),
            "{text}"
        );
        assert!(text.contains("below 8n, by 16, 19, 18, 19, 20"), "{text}");
    }
}
