//! Themes: every colour, line width, marker size, font and margin of a drawing.
//!
//! The built-in themes (`web`, `print`, `teaching`) are TOML files in `themes/`; a user's
//! theme file names a `base` theme and overrides any of its fields. Files are merged as
//! TOML tables and then read with unknown fields refused, so a misspelt field is an error
//! that names the file and the field, never a silently ignored setting.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::path::Path;

use serde::Deserialize;

use knights_core::Error;

/// The names of the built-in themes.
pub const BUILT_IN: [&str; 3] = ["web", "print", "teaching"];

/// A length that follows the size of a square: `cells` squares, clamped to `min..=max`
/// points, and never more than `limit` squares.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Size {
    /// The length in squares.
    pub cells: f64,
    /// The smallest length in points.
    #[serde(default)]
    pub min: f64,
    /// The largest length in points.
    #[serde(default = "unbounded")]
    pub max: f64,
    /// The largest length in squares (wins over `min`).
    #[serde(default = "unbounded")]
    pub limit: f64,
}

fn unbounded() -> f64 {
    f64::INFINITY
}

impl Size {
    /// The length in squares on a drawing where one square is `cell_pt` points.
    pub fn resolve(&self, cell_pt: f64) -> f64 {
        let pt = (self.cells * cell_pt).clamp(self.min, self.max.max(self.min));
        (pt / cell_pt).min(self.limit)
    }
}

/// The page: scale, margins, background.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    /// Points per square on small boards.
    pub cell: f64,
    /// The longer side of the board never exceeds this many points.
    pub max_size: f64,
    /// Points of empty space around the board.
    pub margin: f64,
    /// Page colour.
    pub background: String,
}

/// The board: squares, grid, outline, holes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardStyle {
    /// Checkered squares (`true`) or a plain grid.
    pub checkered: bool,
    /// Light squares (and the plain board's colour).
    pub light: String,
    /// Dark squares.
    pub dark: String,
    /// Grid lines of a plain board.
    pub grid: String,
    /// Width of the grid lines.
    pub grid_width: Size,
    /// The board's outline.
    pub outline: String,
    /// Width of the outline.
    pub outline_width: Size,
    /// Missing squares.
    pub hole: String,
}

/// The tour's line.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourStyle {
    /// The line's colour when sections are not shown.
    pub colour: String,
    /// Line width.
    pub width: Size,
    /// Line opacity, 0 to 1.
    pub opacity: f64,
    /// Colour stops of the gradient along tours without sections.
    pub gradient: Vec<String>,
    /// The gradient is drawn in at most this many pieces.
    pub gradient_pieces: u32,
    /// Colours of sections without an entry in [`Theme::sections`], by section index.
    pub palette: Vec<String>,
}

/// Markers at turns, crossings and the ends of the tour.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Markers {
    /// Radius of a turn dot.
    pub turn: Size,
    /// Colour of turn dots.
    pub turn_colour: String,
    /// Radius of a crossing disk.
    pub crossing: Size,
    /// Fill of crossing disks.
    pub crossing_fill: String,
    /// Outline of crossing disks.
    pub crossing_stroke: String,
    /// Width of the outline of crossing disks.
    pub crossing_stroke_width: Size,
    /// Radius of the start marker (the direction arrow and end marker follow it).
    pub start: Size,
    /// Colour of the start marker and the direction arrow.
    pub start_colour: String,
    /// Colour of an open tour's end marker.
    pub end_colour: String,
    /// Width of the route line through the sections' centres (the `route` layer).
    #[serde(default = "route_width")]
    pub route: Size,
    /// Colour of the route line.
    #[serde(default = "route_colour")]
    pub route_colour: String,
}

fn route_width() -> Size {
    Size {
        cells: 0.25,
        min: 0.8,
        max: 6.0,
        limit: 0.5,
    }
}

fn route_colour() -> String {
    "#222222".into()
}

/// Text: step numbers and coordinates.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextStyle {
    /// Font family (PNG and PDF always have the bundled DejaVu Sans to fall back on).
    pub font: String,
    /// Font size of step numbers.
    pub numbers_size: Size,
    /// Colour of step numbers.
    pub numbers_colour: String,
    /// The disk behind each step number.
    pub numbers_backdrop: String,
    /// Font size of coordinates.
    pub coords_size: Size,
    /// Colour of coordinates.
    pub coords_colour: String,
}

/// For each layer, the longest board side on which it is shown by default (0: never).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayerDefaults {
    /// Checkered squares or grid lines.
    pub squares: u32,
    /// Colours by section (or a gradient along the tour).
    pub sections: u32,
    /// A dot at each turn.
    pub turns: u32,
    /// A disk at each crossing.
    pub crossings: u32,
    /// Start, direction and (open tours) end markers.
    pub ends: u32,
    /// Coordinates along the edges.
    pub coords: u32,
    /// The step number in each square.
    pub numbers: u32,
    /// Onward-leap counts (Warnsdorff's degrees); never by default unless set.
    #[serde(default)]
    pub degrees: u32,
    /// The route through the sections' centres; never by default unless set.
    #[serde(default)]
    pub route: u32,
}

/// The overview style of boards whose squares are too small to draw one by one (see
/// the `overview` module).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverviewStyle {
    /// The overview is drawn when a square is smaller than this many points.
    pub below: f64,
    /// Most blocks along the board's longer side.
    pub blocks: u32,
    /// How much of a section's colour fills its blocks: 0 the board's light colour, 1
    /// the full colour.
    pub tint: f64,
    /// Radius of a density marker at full density, as a fraction of a block's side.
    pub marker: f64,
    /// Turns per cell drawn at full size.
    pub full_turns: f64,
    /// Crossings per cell drawn at full size.
    pub full_crossings: f64,
    /// Colour of the frames around the corners and busy places.
    pub frame_colour: String,
    /// Width of those frames.
    pub frame_width: Size,
    /// Font size of their numbers.
    pub label_size: Size,
}

/// Everything a drawing's look depends on.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Theme {
    /// Scale, margins and background.
    pub page: Page,
    /// Squares, grid and outline.
    pub board: BoardStyle,
    /// The tour's line.
    pub tour: TourStyle,
    /// Turn, crossing and end markers.
    pub markers: Markers,
    /// Numbers and coordinates.
    pub text: TextStyle,
    /// Which layers are shown by default.
    pub layers: LayerDefaults,
    /// The overview of large boards.
    pub overview: OverviewStyle,
    /// Colours of named sections.
    pub sections: BTreeMap<String, String>,
}

impl Theme {
    /// A built-in theme by name, or a theme file (a path, normally ending in `.toml`).
    pub fn load(spec: &str) -> Result<Theme, Error> {
        if BUILT_IN.contains(&spec) {
            return Ok(read(builtin_table(spec)).expect("built-in themes are valid"));
        }
        let path = Path::new(spec);
        if path.extension().is_none_or(|e| e != "toml") && !path.exists() {
            return Err(Error::invalid(format!(
                "unknown theme '{spec}': choose one of {} or give the path of a .toml theme file",
                BUILT_IN.join(", ")
            )));
        }
        let text = std::fs::read_to_string(path).map_err(|e| Error::io(path, e))?;
        Theme::from_toml(&path.display().to_string(), &text)
    }

    /// A theme from the text of a theme file called `file` (for messages).
    pub fn from_toml(file: &str, text: &str) -> Result<Theme, Error> {
        let mut user: toml::Table = toml::from_str(text).map_err(|e| Error::Parse {
            file: file.into(),
            place: e
                .span()
                .map(|s| format!("line {}", line_at(text, s.start)))
                .unwrap_or_else(|| "top".into()),
            message: e.message().to_string(),
        })?;
        let base = match user.remove("base") {
            None => "web".to_string(),
            Some(toml::Value::String(b)) if BUILT_IN.contains(&b.as_str()) => b,
            Some(other) => {
                return Err(Error::Parse {
                    file: file.into(),
                    place: "field base".into(),
                    message: format!(
                        "{other} is not a built-in theme: choose one of {}",
                        BUILT_IN.join(", ")
                    ),
                })
            }
        };
        let mut table = builtin_table(&base);
        let checked = finite(&user, "");
        merge(&mut table, user);
        checked
            .and_then(|()| read(table))
            .map_err(|BadField { field, message }| {
                let line = line_of_key(text, &field)
                    .map(|l| format!("line {l}, "))
                    .unwrap_or_default();
                Error::Parse {
                    file: file.into(),
                    place: format!("{line}field {field}"),
                    message,
                }
            })
    }

    /// The colour fields, each with its name, for checking.
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
        for (name, size) in sizes {
            out.push((format!("{name}.cells"), size.cells, 0.0..=MAX_SQUARES));
            out.push((format!("{name}.min"), size.min, 0.0..=MAX_POINTS));
            out.push((format!("{name}.max"), size.max, 0.0..=f64::INFINITY));
            out.push((format!("{name}.limit"), size.limit, 0.0..=f64::INFINITY));
        }
        out
    }

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
    fn check(&self) -> Result<(), BadField> {
        for (field, c) in self.colours() {
            crate::colour::parse(c).map_err(|message| BadField { field, message })?;
        }
        let bad = |field: &str, m: &str| {
            Err(BadField {
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
                return Err(BadField {
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

impl Default for Theme {
    /// The built-in `web` theme.
    fn default() -> Theme {
        Theme::load("web").expect("the built-in themes are valid")
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
fn finite(table: &toml::Table, prefix: &str) -> Result<(), BadField> {
    for (key, value) in table {
        let field = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match value {
            toml::Value::Float(f) if !f.is_finite() => {
                return Err(BadField {
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
struct BadField {
    /// The dotted path of the field, e.g. `tour.width`.
    field: String,
    message: String,
}

/// Deserializes a merged table, naming the field at fault.
fn read(table: toml::Table) -> Result<Theme, BadField> {
    let theme: Theme =
        serde_path_to_error::deserialize(toml::Value::Table(table)).map_err(|e| {
            let path = e.path().to_string();
            let message = e.into_inner().message().to_string();
            // serde_path_to_error ends the path with an unknown field's own name.
            let field = if path == "." {
                "(top level)".to_string()
            } else {
                path
            };
            BadField { field, message }
        })?;
    theme.check()?;
    Ok(theme)
}

/// The complete table of a built-in theme (its file merged over `web`).
fn builtin_table(name: &str) -> toml::Table {
    let parse = |s: &str| s.parse::<toml::Table>().expect("built-in theme parses");
    let mut web = parse(include_str!("themes/web.toml"));
    let extra = match name {
        "print" => include_str!("themes/print.toml"),
        "teaching" => include_str!("themes/teaching.toml"),
        _ => return web,
    };
    let mut over = parse(extra);
    over.remove("base");
    merge(&mut web, over);
    web
}

/// Merges `over` into `base`: tables merge key by key, any other value replaces.
fn merge(base: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// The 1-based line of byte offset `at`.
fn line_at(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// The line where the last key of a dotted field path is written, if it can be found.
fn line_of_key(text: &str, field: &str) -> Option<usize> {
    let key = field.rsplit('.').next()?.trim_matches('"');
    let key = key.split('[').next()?;
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            let header = l.strip_prefix('[').map(|h| h.trim_end_matches(']').trim());
            header.is_some_and(|h| h.rsplit('.').next() == Some(key))
                || l.strip_prefix(key)
                    .is_some_and(|r| r.trim_start().starts_with('=') || r.starts_with('.'))
        })
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_themes_load() {
        for name in BUILT_IN {
            Theme::load(name).unwrap();
        }
        assert!(!Theme::load("print").unwrap().board.checkered);
    }

    #[test]
    fn a_file_overrides_fields_of_its_base() {
        let t = Theme::from_toml(
            "t.toml",
            "base = \"print\"\n[tour]\nwidth = { max = 9.0 }\n",
        )
        .unwrap();
        assert_eq!(t.tour.width.max, 9.0);
        assert_eq!(t.tour.width.cells, 0.05); // from print
        assert_eq!(t.page.max_size, 432.0);
    }

    #[test]
    fn unknown_and_malformed_fields_are_named() {
        let e = Theme::from_toml("t.toml", "[tour]\n\ncolr = \"red\"\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.toml: line 3, field tour.colr: unknown field `colr`, expected one of `colour`, \
             `width`, `opacity`, `gradient`, `gradient_pieces`, `palette`"
        );
        let e = Theme::from_toml("t.toml", "[tour]\nwidth = \"thick\"\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("t.toml: line 2, field tour.width: invalid type"),
            "{e}"
        );
        let e = Theme::from_toml("t.toml", "[board]\nlight = \"#ggg\"\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("t.toml: line 2, field board.light: "),
            "{e}"
        );
        let e = Theme::from_toml("t.toml", "[tuor]\n").unwrap_err();
        assert!(
            e.to_string()
                .contains("line 1, field tuor: unknown field `tuor`"),
            "{e}"
        );
        let e = Theme::from_toml("t.toml", "base = \"nope\"").unwrap_err();
        assert!(e.to_string().starts_with("t.toml: field base: "), "{e}");
        let e = Theme::from_toml("t.toml", "[page\n").unwrap_err();
        assert!(e.to_string().starts_with("t.toml: line 1: "), "{e}");
        assert!(Theme::load("nosuch")
            .unwrap_err()
            .to_string()
            .contains("unknown theme 'nosuch'"));
    }

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

    #[test]
    fn sizes_follow_the_square_within_their_bounds() {
        let s = Size {
            cells: 0.1,
            min: 0.5,
            max: 2.0,
            limit: 0.3,
        };
        assert_eq!(s.resolve(10.0), 0.1); // 1 pt
        assert_eq!(s.resolve(100.0), 0.02); // capped at 2 pt
        assert!((s.resolve(2.0) - 0.25).abs() < 1e-12); // raised to 0.5 pt
        assert_eq!(s.resolve(1.0), 0.3); // 0.5 pt would be half a square: limited
    }
}
