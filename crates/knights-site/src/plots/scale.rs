//! A plot's scales: the ranges its axes cover, how a value maps to pixels, round
//! ticks, and numbers written as a reader expects them.

use super::{Frame, Line, Reference};

/// Maps data to pixels.
pub(super) struct Axes {
    pub(super) frame: Frame,
    pub(super) x: (f64, f64),
    pub(super) y: (f64, f64),
    /// The radius of the dot at each data point.
    pub(super) marker: f64,
}

impl Axes {
    pub(super) fn px(&self, x: f64) -> f64 {
        self.frame.left + (x - self.x.0) / (self.x.1 - self.x.0) * self.frame.plot_w
    }
    pub(super) fn py(&self, y: f64) -> f64 {
        let f = &self.frame;
        f.top + f.plot_h - (y - self.y.0) / (self.y.1 - self.y.0) * f.plot_h
    }
}

/// Ranges covering `lines` and the references, padded to round numbers.
pub(super) fn axes_for<'a>(
    frame: Frame,
    lines: impl Iterator<Item = &'a Line> + Clone,
    refs: &[Reference],
) -> Axes {
    let xs = lines.clone().flat_map(|l| l.points.iter().map(|p| p.0));
    let (mut x0, mut x1) = min_max(xs).unwrap_or((0.0, 1.0));
    if x1 <= x0 {
        x0 -= 1.0;
        x1 += 1.0;
    }
    let ys = lines
        .flat_map(|l| l.points.iter().map(|p| p.1))
        .chain(refs.iter().map(|r| r.value));
    let (_, y1) = min_max(ys).unwrap_or((0.0, 1.0));
    let y_step = tick_step(y1.max(1.0));
    let y1 = (y1 / y_step).floor() * y_step + y_step;
    Axes {
        frame,
        x: (x0, x1),
        y: (0.0, y1),
        marker: 2.5,
    }
}

pub(super) fn min_max(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values
        .filter(|v| v.is_finite())
        .fold(None, |acc, v| match acc {
            None => Some((v, v)),
            Some((a, b)) => Some((a.min(v), b.max(v))),
        })
}

/// A round step giving about five ticks over `0..span`.
pub(super) fn tick_step(span: f64) -> f64 {
    let raw = span / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let m = raw / mag;
    let nice = if m <= 1.0 {
        1.0
    } else if m <= 2.0 {
        2.0
    } else if m <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * mag
}

pub(super) fn ticks(range: (f64, f64)) -> Vec<f64> {
    let step = tick_step(range.1 - range.0);
    let first = (range.0 / step).ceil() * step;
    let mut out = Vec::new();
    let mut v = first;
    while v <= range.1 + step * 1e-9 {
        out.push(v);
        v += step;
    }
    out
}

pub(super) fn fmt_tick(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        format!("{v:.1}")
    }
}

/// A reference value as written by hand: 9.5, 9.25, 6.
pub(super) fn fmt_value(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        assert_eq!(ticks((0.0, 14.0)), vec![0.0, 5.0, 10.0]);
        assert_eq!(ticks((0.0, 20.0)), vec![0.0, 5.0, 10.0, 15.0, 20.0]);
        assert_eq!(ticks((16.0, 200.0)), vec![50.0, 100.0, 150.0, 200.0]);
    }
}
