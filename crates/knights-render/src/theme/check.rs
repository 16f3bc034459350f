//! What the types of a theme cannot say: its colours parse, its lists are not empty,
//! and every number is finite and within its range. A wrong field is a [`Fault`],
//! which the file reader turns into a message naming the file, line and field.

use std::ops::RangeInclusive;

use super::fields::Theme;

impl Theme {
    /// Every number of the theme with the range it must lie in (lengths in points are
    /// at most [`MAX_POINTS`]; a size's `max` and `limit` may be unbounded).
    fn numbers(&self) -> Vec<(String, f64, RangeInclusive<f64>)> {
        let mut out = vec![
            ("page.cell".to_string(), self.page.cell, 0.0..=MAX_POINTS),
            ("page.max_size".into(), self.page.max_size, 0.0..=MAX_POINTS),
            ("page.margin".into(), self.page.margin, 0.0..=MAX_POINTS),
            ("tour.opacity".into(), self.tour.opacity, 0.0..=1.0),
            (
                "tour.gradient_pieces".into(),
                self.tour.gradient_pieces as f64,
                1.0..=MAX_PIECES,
            ),
        ];
        let sizes = [
            ("board.grid_width", &self.board.grid_width),
            ("board.outline_width", &self.board.outline_width),
            ("tour.width", &self.tour.width),
            ("markers.turn", &self.markers.turn),
            ("markers.crossing", &self.markers.crossing),
            (
                "markers.crossing_stroke_width",
                &self.markers.crossing_stroke_width,
            ),
            ("markers.start", &self.markers.start),
            ("text.numbers_size", &self.text.numbers_size),
            ("text.coords_size", &self.text.coords_size),
        ];
        let owned = self.owned_sizes();
        let sizes = (sizes.into_iter().map(|(n, s)| (n.to_string(), *s))).chain(owned);
        for (name, size) in sizes {
            out.push((format!("{name}.cells"), size.cells, 0.0..=MAX_SQUARES));
            out.push((format!("{name}.min"), size.min, 0.0..=MAX_POINTS));
            out.push((format!("{name}.max"), size.max, 0.0..=f64::INFINITY));
            out.push((format!("{name}.limit"), size.limit, 0.0..=f64::INFINITY));
        }
        out
    }

    /// The colour fields, each with its name, for checking.
    fn colours(&self) -> Vec<(String, &str)> {
        let mut out: Vec<(String, &str)> = vec![
            ("page.background".into(), &self.page.background),
            ("board.light".into(), &self.board.light),
            ("board.dark".into(), &self.board.dark),
            ("board.grid".into(), &self.board.grid),
            ("board.outline".into(), &self.board.outline),
            ("board.hole".into(), &self.board.hole),
            ("tour.colour".into(), &self.tour.colour),
            ("markers.turn_colour".into(), &self.markers.turn_colour),
            ("markers.crossing_fill".into(), &self.markers.crossing_fill),
            (
                "markers.crossing_stroke".into(),
                &self.markers.crossing_stroke,
            ),
            ("markers.start_colour".into(), &self.markers.start_colour),
            ("markers.end_colour".into(), &self.markers.end_colour),
            ("text.numbers_colour".into(), &self.text.numbers_colour),
            ("text.numbers_backdrop".into(), &self.text.numbers_backdrop),
            ("text.coords_colour".into(), &self.text.coords_colour),
            ("overview.frame_colour".into(), &self.overview.frame_colour),
        ];
        out.extend(self.owned_colours());
        for (i, c) in self.tour.gradient.iter().enumerate() {
            out.push((format!("tour.gradient[{i}]"), c));
        }
        for (i, c) in self.tour.palette.iter().enumerate() {
            out.push((format!("tour.palette[{i}]"), c));
        }
        for (name, c) in &self.sections {
            out.push((format!("sections.\"{name}\""), c));
        }
        out
    }

    /// Checks what the types cannot: colours parse, lists are not empty, sizes are sane.
    pub(super) fn check(&self) -> Result<(), Fault> {
        for (field, c) in self.colours() {
            crate::colour::parse(c).map_err(|e| Fault {
                field,
                message: e.to_string(),
            })?;
        }
        let bad = |field: &str, m: &str| {
            Err(Fault {
                field: field.to_string(),
                message: m.to_string(),
            })
        };
        if self.tour.gradient.is_empty() {
            return bad("tour.gradient", "needs at least one colour");
        }
        if self.tour.palette.is_empty() {
            return bad("tour.palette", "needs at least one colour");
        }
        if !(self.page.cell > 0.0 && self.page.max_size > 0.0 && self.page.margin >= 0.0) {
            return bad(
                "page",
                "cell and max_size must be positive and margin not negative",
            );
        }
        for (field, value, range) in self.numbers() {
            if !range.contains(&value) {
                return Err(Fault {
                    field,
                    message: format!(
                        "{} is out of range: it must be from {} to {}",
                        short(value),
                        range.start(),
                        range.end()
                    ),
                });
            }
        }
        if !(0.0..=1.0).contains(&self.tour.opacity) {
            return bad("tour.opacity", "must be between 0 and 1");
        }
        let o = &self.overview;
        if !(1..=1024).contains(&o.blocks) {
            return bad("overview.blocks", "must be between 1 and 1024");
        }
        if !(0.0..=1.0).contains(&o.tint) || !(0.0..=0.5).contains(&o.marker) {
            return bad(
                "overview",
                "tint must be between 0 and 1, and marker between 0 and 0.5",
            );
        }
        if !(o.below >= 0.0 && o.full_turns > 0.0 && o.full_crossings > 0.0) {
            return bad(
                "overview",
                "below must not be negative, full_turns and full_crossings must be positive",
            );
        }
        Ok(())
    }
}

/// The largest length in points a theme may give (about 3.5 metres).
const MAX_POINTS: f64 = 10_000.0;
/// The largest length in squares (a marker ten squares across is already absurd).
const MAX_SQUARES: f64 = 100.0;
/// The most pieces a gradient may be cut into.
const MAX_PIECES: f64 = 100_000.0;

/// A number for a message: huge ones in scientific notation, not 300 digits.
fn short(v: f64) -> String {
    if v.abs() >= 1e6 {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

/// Refuses a number that is not finite (`inf`, `nan`) anywhere in a theme file's
/// `table`, naming its dotted field (`prefix` is the table's own).
pub(super) fn finite(table: &toml::Table, prefix: &str) -> Result<(), Fault> {
    for (key, value) in table {
        let field = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match value {
            toml::Value::Float(f) if !f.is_finite() => {
                return Err(Fault {
                    field,
                    message: format!("{f} is not a finite number"),
                })
            }
            toml::Value::Table(t) => finite(t, &field)?,
            _ => {}
        }
    }
    Ok(())
}

/// A field of a theme that is wrong, and what is wrong with it.
#[derive(Debug)]
pub(super) struct Fault {
    /// The dotted path of the field, e.g. `tour.width`.
    pub(super) field: String,
    /// What is wrong with it.
    pub(super) message: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_finite_and_out_of_range_numbers_are_refused_with_line_and_field() {
        let e = |text: &str| Theme::from_toml("t.toml", text).unwrap_err().to_string();
        assert_eq!(
            e("base = \"web\"\n[page]\ncell = inf\n"),
            "t.toml: line 3, field page.cell: inf is not a finite number"
        );
        assert_eq!(
            e("[tour.width]\ncells = nan\n"),
            "t.toml: line 2, field tour.width.cells: NaN is not a finite number"
        );
        assert_eq!(
            e("[board.grid_width]\ncells = -2.0\n"),
            "t.toml: line 2, field board.grid_width.cells: -2 is out of range: it must be from 0 to 100"
        );
        assert!(
            e("[page]\nmax_size = 1e300\n").contains("field page.max_size: 1e300 is out of range")
        );
        assert!(e("[markers.turn]\nmin = -1.0\n")
            .contains("field markers.turn.min: -1 is out of range"));
        assert!(Theme::from_toml("t.toml", "[tour.width]\ncells = 0.2\n").is_ok());
    }
}
