//! Colours: parsing and checking them, the gradient along a tour, and mixing two in
//! linear light. Which colour a named section gets is a lookup in the theme, not here.

use std::str::FromStr;

/// A colour with 8-bit channels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// Text that is not a colour.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a colour: write #rrggbb, #rgb, rgb(r, g, b) or an SVG colour name")]
pub struct BadColour {
    /// The text as given.
    pub text: String,
}

/// Parses any SVG colour (`#rgb`, `#rrggbb`, `rgb(...)`, a colour name).
pub fn parse(s: &str) -> Result<Rgb, BadColour> {
    let c = svgtypes::Color::from_str(s).map_err(|_| BadColour { text: s.into() })?;
    Ok(Rgb(c.red, c.green, c.blue))
}

/// The colour a fraction `t` (0 to 1) along the gradient through `stops` (checked
/// colours, at least one), interpolated in linear light so the middle is not muddy.
pub fn gradient(stops: &[String], t: f64) -> Rgb {
    let stops: Vec<Rgb> = stops
        .iter()
        .map(|s| parse(s).unwrap_or(Rgb(0, 0, 0)))
        .collect();
    if stops.len() == 1 {
        return stops[0];
    }
    let x = t.clamp(0.0, 1.0) * (stops.len() - 1) as f64;
    let i = (x.floor() as usize).min(stops.len() - 2);
    mix(stops[i], stops[i + 1], x - i as f64)
}

/// `a` and `b` mixed in linear light, a fraction `f` of the way from `a` to `b`.
pub fn mix(a: Rgb, b: Rgb, f: f64) -> Rgb {
    let to_lin = |c: u8| (c as f64 / 255.0).powf(2.2);
    let to_srgb = |l: f64| (l.powf(1.0 / 2.2) * 255.0).round() as u8;
    let ch = |x: u8, y: u8| to_srgb(to_lin(x) * (1.0 - f) + to_lin(y) * f);
    Rgb(ch(a.0, b.0), ch(a.1, b.1), ch(a.2, b.2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_svg_colours() {
        assert_eq!(parse("#ff0000").unwrap(), Rgb(255, 0, 0));
        assert_eq!(parse("white").unwrap(), Rgb(255, 255, 255));
        assert!(parse("#ggg").is_err());
    }

    #[test]
    fn gradient_runs_from_first_to_last_stop() {
        let stops = vec!["#000000".to_string(), "#ffffff".to_string()];
        assert_eq!(gradient(&stops, 0.0), Rgb(0, 0, 0));
        assert_eq!(gradient(&stops, 1.0), Rgb(255, 255, 255));
        let mid = gradient(&stops, 0.5);
        assert!(mid.0 > 128 && mid.0 < 255);
    }
}
