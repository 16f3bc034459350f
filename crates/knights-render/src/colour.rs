//! Colours: parsing and checking them, the gradient along a tour, mixing two in
//! linear light, and their contrast (the WCAG's ratio, which the audit measures and a
//! mark's rim is darkened to). Which colour a named section gets is a lookup in the theme, not here.

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

/// The WCAG contrast ratio of two colours (1 to 21).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The WCAG relative luminance of a colour.
pub fn luminance(c: Rgb) -> f64 {
    let lin = |v: u8| {
        let s = v as f64 / 255.0;
        if s <= 0.03928 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
}

/// `c` darkened in its own hue (its channels scaled down together) until it has a
/// contrast of `ratio` at least against each of `grounds` (all lighter than it needs):
/// the edge a light mark is drawn with, so that it stands out against the squares.
pub fn darkened(c: Rgb, grounds: &[Rgb], ratio: f64) -> Rgb {
    let scaled = |f: f64| {
        let ch = |v: u8| (v as f64 * f).floor() as u8;
        Rgb(ch(c.0), ch(c.1), ch(c.2))
    };
    let holds = |x: Rgb| grounds.iter().all(|&g| contrast(x, g) >= ratio);
    (0..=100)
        .map(|k| scaled(1.0 - k as f64 / 100.0))
        .find(|&x| holds(x))
        .unwrap_or(Rgb(0, 0, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A light amber is darkened in its hue until it stands out 3:1 against both web
    /// squares; a dark blue already does and is kept.
    #[test]
    fn darkened_keeps_its_hue_and_reaches_the_contrast() {
        let squares = [Rgb(0xf3, 0xef, 0xe6), Rgb(0xe6, 0xdc, 0xcb)];
        let amber = Rgb(0xf6, 0xb9, 0x3b);
        let d = darkened(amber, &squares, 3.0);
        assert!(squares.iter().all(|&s| contrast(d, s) >= 3.0), "{d:?}");
        assert!(d.0 > d.1 && d.1 > d.2 && d.0 < amber.0, "{d:?}");
        let blue = Rgb(0x1f, 0x3b, 0x73);
        assert_eq!(darkened(blue, &squares, 3.0), blue);
        assert!((contrast(Rgb(0, 0, 0), Rgb(255, 255, 255)) - 21.0).abs() < 1e-9);
    }

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
