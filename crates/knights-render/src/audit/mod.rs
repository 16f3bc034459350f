//! The audit of a finished figure (issue 37): it reads the SVG a drawing, a plot or a
//! teaching figure wrote, as usvg lays it out with the bundled font, and says what a
//! reader would find wrong with it: text over text or over a marker, an element
//! outside the figure or its clip, lines and type too thin to print at the size the
//! figure declares, an inset's caption under the page's body type on screen, a stroke too faint against what lies under it, a legend entry for
//! a mark the figure lacks (or a mark the legend does not explain), a series hidden
//! exactly under another. Each kind of finding is one type implementing [`Check`],
//! listed once in [`CHECKS`]; `knights render --check` and the gallery's test run them
//! all.
//!
//! How a figure names its marks: the group of each layer (each plotted series) carries
//! `data-mark="NAME"`, each entry of its legend (its picture and its words)
//! `data-legend="NAME"`, naming the mark it explains.

mod bounds;
mod caption;
mod contrast;
mod figure;
mod hidden;
mod legend;
mod overlap;
mod print;

use std::collections::HashMap;
use std::fmt;

use knights_core::Error;

pub use caption::INSET_CAPTION;
pub use figure::Figure;
use figure::Item;

/// One thing wrong with a figure: one line of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// The kind (the name of the check that found it).
    pub kind: &'static str,
    /// The element: its class or tag, or a text's words.
    pub element: String,
    /// Where: its box's centre, in the figure's px (its width and height).
    pub at: [f64; 2],
    /// What is wrong, in a few words.
    pub detail: String,
    /// How many elements were found so, counted once (the segments of one faint
    /// line, the dots of one hidden layer).
    pub times: usize,
}

impl Finding {
    /// A finding of `kind` on `item`.
    fn on(kind: &'static str, item: &Item, detail: String) -> Finding {
        let b = item.bbox;
        Finding {
            kind,
            element: item.name.clone(),
            at: [(b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0],
            detail,
            times: 1,
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{}: {} at ({:.1}, {:.1}): {}",
            self.kind, self.element, self.at[0], self.at[1], self.detail
        )?;
        if self.times > 1 {
            write!(f, " ({} times)", self.times)?;
        }
        Ok(())
    }
}

/// What the audit found, and what it could not check.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The findings, one per kind, element and detail.
    pub findings: Vec<Finding>,
    /// The checks skipped, each with why (a figure of no print size, no legend).
    pub skipped: Vec<String>,
}

/// A kind of finding: one type, listed once in [`CHECKS`].
pub trait Check: Sync {
    /// Its name, the first word of each of its findings.
    fn kind(&self) -> &'static str;

    /// Its findings on `fig`, or why it does not apply to `fig`.
    fn check(&self, fig: &Figure) -> Result<Vec<Finding>, String>;
}

/// Every check, in the order a report lists their findings.
pub const CHECKS: &[&dyn Check] = &[
    &overlap::Overlap,
    &bounds::Bounds,
    &print::Print,
    &caption::Caption,
    &contrast::Contrast,
    &legend::Legend,
    &hidden::Hidden,
];

/// The audit of the SVG document `svg`: every check's findings, each kind, element and
/// detail once with how many times it was found.
pub fn audit(svg: &str) -> Result<Report, Error> {
    let fig = figure::read(svg)?;
    let mut report = Report::default();
    for check in CHECKS {
        match check.check(&fig) {
            Ok(found) => merge(&mut report.findings, found),
            Err(why) => report.skipped.push(format!("{}: {why}", check.kind())),
        }
    }
    Ok(report)
}

/// `found` added to `into`, a finding of the same kind, element and detail counted.
fn merge(into: &mut Vec<Finding>, found: Vec<Finding>) {
    let mut index: HashMap<(&'static str, String, String), usize> = (into.iter().enumerate())
        .map(|(i, f)| ((f.kind, f.element.clone(), f.detail.clone()), i))
        .collect();
    for f in found {
        let key = (f.kind, f.element.clone(), f.detail.clone());
        match index.get(&key) {
            Some(&i) => into[i].times += f.times,
            None => {
                index.insert(key, into.len());
                into.push(f);
            }
        }
    }
}

/// Whether two items can be seen at once: the same frame, or one always shown.
fn together(a: &Item, b: &Item) -> bool {
    a.frame.is_none() || b.frame.is_none() || a.frame == b.frame
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A figure 200 px wide (or `width`) holding `body`.
    fn svg(width: &str, body: &str) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"100\" \
             viewBox=\"0 0 200 100\"><rect width=\"200\" height=\"100\" fill=\"#ffffff\"/>{body}</svg>"
        )
    }

    /// The findings of `kind` on `body`.
    fn found(kind: &str, width: &str, body: &str) -> Vec<String> {
        let r = audit(&svg(width, body)).unwrap();
        (r.findings.iter())
            .filter(|f| f.kind == kind)
            .map(|f| f.to_string())
            .collect()
    }

    const DOT: &str = "<g data-mark=\"turns\"><path class=\"turn\" d=\"M50 50h0\" \
                       stroke=\"#222222\" stroke-width=\"8\" stroke-linecap=\"round\"/></g>";

    /// A label beside a dot is fine; the same label moved onto it is a finding that
    /// names the label, the marker and where.
    #[test]
    fn a_label_on_a_marker_is_found() {
        let beside = format!("{DOT}<text x=\"70\" y=\"54\" font-size=\"10\">7</text>");
        assert_eq!(found("overlap", "200", &beside), Vec::<String>::new());
        let on = format!("{DOT}<text x=\"47\" y=\"54\" font-size=\"10\">7</text>");
        let f = found("overlap", "200", &on);
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].starts_with("overlap: text \"7\" at (50.")
                && f[0].ends_with("over the marker turn"),
            "{f:?}"
        );
    }

    /// Two words set on each other are found; a line over a word is not (a number on
    /// the square a leap passes through), nor a word over its own layer's disk.
    #[test]
    fn text_over_text_is_found_and_over_lines_is_not() {
        let two = "<text x=\"10\" y=\"20\" font-size=\"10\">one</text>\
                   <text x=\"14\" y=\"22\" font-size=\"10\">two</text>";
        assert_eq!(found("overlap", "200", two).len(), 1);
        let line = "<g data-mark=\"tour\"><path d=\"M0 18L100 18\" stroke=\"#000\" stroke-width=\"2\"/></g>\
                    <text x=\"10\" y=\"20\" font-size=\"10\">one</text>";
        assert!(found("overlap", "200", line).is_empty());
        let own = "<g data-mark=\"numbers\"><circle cx=\"14\" cy=\"17\" r=\"8\" fill=\"#fff\"/>\
                   <text x=\"10\" y=\"20\" font-size=\"10\">1</text></g>";
        assert!(found("overlap", "200", own).is_empty());
    }

    /// Frames of an animation are seen one at a time: two captions hidden until
    /// their step do not overlap each other, but each does what is always shown.
    #[test]
    fn frames_are_compared_with_what_is_always_shown() {
        let frames = "<text x=\"10\" y=\"20\" font-size=\"10\" visibility=\"hidden\">step one</text>\
                      <text x=\"10\" y=\"20\" font-size=\"10\" visibility=\"hidden\">step two</text>";
        assert!(found("overlap", "200", frames).is_empty());
        let over = format!("{frames}<text x=\"12\" y=\"21\" font-size=\"10\">always</text>");
        assert_eq!(found("overlap", "200", &over).len(), 2);
    }

    /// A caption running off the figure's right edge is cut; a line cut by its clip
    /// is what the clip is for.
    #[test]
    fn text_past_the_edge_is_found() {
        let cut = "<text x=\"150\" y=\"50\" font-size=\"10\">a caption too long</text>";
        let f = found("outside", "200", cut);
        assert!(f.len() == 1 && f[0].contains("right edge"), "{f:?}");
        let clipped =
            "<defs><clipPath id=\"c\"><rect width=\"100\" height=\"100\"/></clipPath></defs>\
                       <g clip-path=\"url(#c)\"><path d=\"M50 50L300 50\" stroke=\"#000\"/></g>";
        assert!(found("outside", "200", clipped).is_empty());
    }

    /// At 50 mm wide (0.71 pt a px here) a 0.2 px line and 6 px type are too thin
    /// to print; a figure sized in px is not checked, and the report says so.
    #[test]
    fn thin_lines_and_small_type_at_the_declared_size() {
        let body = "<path d=\"M0 10L100 10\" stroke=\"#000\" stroke-width=\".2\"/>\
                    <path d=\"M0 30L100 30\" stroke=\"#000\" stroke-width=\"1\"/>\
                    <text x=\"10\" y=\"60\" font-size=\"6\">small</text>\
                    <text x=\"10\" y=\"90\" font-size=\"12\">large</text>";
        let f = found("print", "50mm", body);
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(
            f[0].contains("line 0.142 pt") && f[1].contains("type 4.25 pt"),
            "{f:?}"
        );
        let r = audit(&svg("200", body)).unwrap();
        assert!(r
            .skipped
            .iter()
            .any(|s| s.starts_with("print: the figure declares no print size")));
    }

    /// An inset's caption of 8 px on a screen figure reads small beside the page's
    /// body type; at 16 px it does not; at a print size the print check holds it.
    #[test]
    fn small_inset_captions_are_found_on_screen() {
        let caption = |size: u32| {
            format!("<text class=\"{INSET_CAPTION}\" x=\"10\" y=\"30\" font-size=\"{size}\">1  corner</text>")
        };
        let f = found("caption", "200", &caption(8));
        assert!(
            f.len() == 1 && f[0].contains("caption 8.00 px, under the body type 16 px"),
            "{f:?}"
        );
        assert!(found("caption", "200", &caption(16)).is_empty());
        let r = audit(&svg("200mm", &caption(8))).unwrap();
        assert!(r
            .skipped
            .iter()
            .any(|s| s.starts_with("caption: the figure declares a print size")));
    }

    /// A pale stroke on white is too faint; the same on a dark square is not; a
    /// white dot on a dark dot (a crossing's disk) lies on the dark dot.
    #[test]
    fn faint_strokes_are_found_against_what_lies_under_them() {
        let pale = "<g data-mark=\"tour\"><path d=\"M10 10L90 10\" stroke=\"#dddddd\" stroke-width=\"2\"/></g>";
        let f = found("contrast", "200", pale);
        assert!(
            f.len() == 1 && f[0].contains("#dddddd on #ffffff: 1.36:1"),
            "{f:?}"
        );
        let dark =
            format!("<rect x=\"0\" y=\"0\" width=\"100\" height=\"20\" fill=\"#222222\"/>{pale}");
        assert!(found("contrast", "200", &dark).is_empty());
        let disk = "<g data-mark=\"crossings\"><path d=\"M50 50h0\" stroke=\"#222222\" stroke-width=\"8\" stroke-linecap=\"round\"/>\
                    <path d=\"M50 50h0\" stroke=\"#ffffff\" stroke-width=\"5\" stroke-linecap=\"round\"/></g>";
        assert!(found("contrast", "200", disk).is_empty());
        let grid = "<path d=\"M10 10L90 10\" stroke=\"#dddddd\" stroke-width=\"2\"/>";
        assert!(found("contrast", "200", grid).is_empty());
    }

    /// A line is met at points along it: a colour that stands out on the light square
    /// where it starts but not on the dark one it leaps to is found. A pale band over a
    /// wider dark edge through the same points (a casing) passes, as does a mark on a
    /// white halo; a line crossing another mark's dot is judged on the ground.
    #[test]
    fn lines_are_met_along_their_length_and_rims_count() {
        let board = "<rect x=\"0\" y=\"0\" width=\"100\" height=\"100\" fill=\"#f3efe6\"/>\
                     <path d=\"M50 0h50v100h-50z\" fill=\"#e6dccb\"/>";
        let leap = |colour: &str| {
            format!(
                "<g data-mark=\"tour\"><path d=\"M20 50L80 50L20 60\" stroke=\"{colour}\" stroke-width=\"2\"/></g>"
            )
        };
        // 3.4:1 on the light square, 2.9:1 on the dark one.
        let f = found("contrast", "200", &format!("{board}{}", leap("#d55e00")));
        assert!(f.len() == 1 && f[0].contains("on #e6dccb"), "{f:?}");
        assert!(found("contrast", "200", &format!("{board}{}", leap("#1f3b73"))).is_empty());
        let cased = format!(
            "{board}<g data-mark=\"run\"><path d=\"M20 50L80 50\" stroke=\"#2a2010\" stroke-width=\"6\"/>\
             <path d=\"M20 50L80 50\" stroke=\"#f6b93b\" stroke-width=\"4\"/></g>"
        );
        assert!(found("contrast", "200", &cased).is_empty());
        let bare = format!(
            "{board}<g data-mark=\"run\"><path d=\"M20 50L80 50\" stroke=\"#f6b93b\" stroke-width=\"4\"/></g>"
        );
        assert_eq!(found("contrast", "200", &bare).len(), 1);
        let halo = format!(
            "{board}<g data-mark=\"sharp\"><path d=\"M20 50h0\" stroke=\"#ffffff\" stroke-width=\"9\" stroke-linecap=\"round\"/>\
             <path d=\"M20 50h0\" stroke=\"#dc267f\" stroke-width=\"7\" stroke-linecap=\"round\"/></g>"
        );
        assert!(found("contrast", "200", &halo).is_empty());
        let over_dot = format!(
            "{board}<g data-mark=\"turns\"><path d=\"M20 50h0\" stroke=\"#222222\" stroke-width=\"8\" stroke-linecap=\"round\"/></g>\
             <g data-mark=\"frames\"><path d=\"M20 50L40 50\" stroke=\"#111111\" stroke-width=\"1\"/></g>"
        );
        assert!(found("contrast", "200", &over_dot).is_empty());
    }

    /// A legend entry for a mark not drawn, and a drawn mark with no entry, are found;
    /// a figure without a legend is not checked.
    #[test]
    fn the_legend_matches_the_marks() {
        let entry = |m: &str| {
            format!("<g data-legend=\"{m}\"><path d=\"M150 80h10\" stroke=\"#000\"/></g>")
        };
        let matched = format!("{DOT}{}", entry("turns"));
        assert!(found("legend", "200", &matched).is_empty());
        let f = found("legend", "200", &format!("{DOT}{}", entry("crossings")));
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(
            f[0].contains("explains \"crossings\", which the figure does not draw"),
            "{f:?}"
        );
        assert!(
            f[1].contains("the mark \"turns\" has no legend entry"),
            "{f:?}"
        );
        let r = audit(&svg("200", DOT)).unwrap();
        assert!(r
            .skipped
            .iter()
            .any(|s| s.starts_with("legend: the figure has no legend")));
    }

    /// A series drawn exactly under a later solid one is hidden; dashed, it shows.
    #[test]
    fn a_series_under_another_is_hidden() {
        let series = |name: &str, dash: &str| {
            format!(
                "<g data-mark=\"{name}\"><polyline points=\"10,80 50,40 90,30\" fill=\"none\" \
                 stroke=\"#0072b2\" stroke-width=\"2\" stroke-dasharray=\"{dash}\"/></g>"
            )
        };
        let both = format!("{}{}", series("proved", "none"), series("bound", "none"));
        let f = found("hidden", "200", &both);
        assert!(
            f.len() == 1 && f[0].contains("\"proved\" lies wholly under \"bound\""),
            "{f:?}"
        );
        let apart = format!("{}{}", series("proved", "none"), series("bound", "6 3"));
        assert!(found("hidden", "200", &apart).is_empty());
    }
}
