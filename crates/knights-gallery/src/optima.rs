//! The "What is optimal" page's material, made at every build from the optima stored
//! in the content folder's `optima/` (written by `knights optimum`, kept as data so that
//! the gallery needs no solver; read at build time like any content, so a site of one's
//! own shows its own records): each tour drawn with the measure it optimizes marked, each
//! uncrossed path drawn, the plots of the optima of closed n x n tours against n
//! beside the constructions' tours and the bounds, and the page's blocks: the results
//! table (`optima/results`), read and checked by the same code as `knights optimum
//! --table`, and the drawings with their captions (`optima/tours`), so that the page
//! holds no copy of a result.

use std::path::{Path, PathBuf};

use knights_construct::{self as construct, Request};
use knights_core::atomic::write_bytes;
use knights_core::{format, metrics, verify, Board, Error, PathProblem};
use knights_lab::optimum::table::{self, Stored};
use knights_lab::optimum::{self as optimum, Cell, Measure};
use knights_render::{self as render, Show, Style, Theme};
use knights_site::escape;
use knights_site::plots::{self, Line};

/// The folder of the content that holds the stored optima, and this exhibit's folder.
const FOLDER: &str = "optima";

/// One stored optimum: its record, read and checked, its file's text, and the layers
/// its drawing marks.
pub struct Entry {
    /// The record, as `knights optimum --table` reads it.
    pub stored: Stored,
    text: String,
    /// The layers that mark its measure (none for an uncrossed path, drawn alone).
    show: Option<Show>,
}

impl Entry {
    fn stem(&self) -> &str {
        &self.stored.stem
    }

    fn board(&self) -> &Board {
        &self.stored.spec.board
    }

    fn measure(&self) -> Measure {
        self.stored.spec.measure
    }
}

/// The stored optima's files (`*.json` of `dir`), in name order, or one line naming
/// the folder when it is missing.
fn files(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let listed = std::fs::read_dir(dir).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => Error::path(
            dir,
            PathProblem::Missing,
            format!(
                "{}: no such folder; the optima exhibit draws the records kept there \
                 (the *.json that knights optimum writes)",
                dir.display()
            ),
        ),
        _ => Error::io(dir, e),
    })?;
    let mut out = Vec::new();
    for f in listed {
        let path = f.map_err(|e| Error::io(dir, e))?.path();
        if path.extension().is_some_and(|x| x == "json") {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

/// Every stored optimum of `dir`, read and its tour proved by the results table's
/// reader (knights-lab's `optimum::table`), in the table's order.
pub fn entries(dir: &Path) -> Result<Vec<Entry>, Error> {
    let mut all = Vec::new();
    for path in files(dir)? {
        let text = knights_core::files::read_to_string(&path, knights_core::files::TEXT_LIMIT)?;
        all.push(entry(&path, text)?);
    }
    all.sort_by_key(|e| e.stored.order());
    Ok(all)
}

/// The stored file at `path` read, its tour proved and the layers of its drawing
/// chosen, or one line naming the file and what is wrong.
fn entry(path: &Path, text: String) -> Result<Entry, Error> {
    let name = path.display().to_string();
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    let stored = table::read_one(&name, &stem, &text)?;
    let measure = stored.spec.measure;
    let show = measure.tours().then(|| show_of(measure));
    Ok(Entry { stored, text, show })
}

/// The layers that draw a record of `measure`: those its measure names
/// (`2*turns+crossings`: the turns and the crossings marked).
fn show_of(measure: Measure) -> Show {
    Show::only(&measure.layers())
}

/// Writes `STEM.svg` for every entry of `records` and the plots `turns.svg`,
/// `crossings.svg` (and their `-narrow.svg` layouts for phones) into `dir`.
pub fn write(dir: &Path, theme: &Theme, records: &Path) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let all = entries(records)?;
    for e in &all {
        let svg = if !e.measure().tours() {
            let p = format::parse_document(&e.text, e.stem())?;
            if !p.is_uncrossed() {
                return Err(Error::internal(format!(
                    "{}: not an uncrossed path file",
                    records.join(format!("{}.json", e.stem())).display()
                )));
            }
            let opts = render::Options {
                theme: theme.clone(),
                ..Default::default()
            };
            let p = verify::constructed(p)?;
            render::Drawing::new(&p, &metrics::measure(&p), &opts)?
                .svg()
                .to_string()
        } else {
            let tour = verify::constructed(format::parse(&e.text, e.stem())?)?;
            let opts = render::Options {
                theme: theme.clone(),
                show: e.show.unwrap_or_default(),
                style: Style::Detail,
                ..Default::default()
            };
            render::Drawing::new(&tour, &metrics::measure(&tour), &opts)?
                .svg()
                .to_string()
        };
        write_bytes(&dir.join(format!("{}.svg", e.stem())), svg.as_bytes())?;
    }
    // Each plot laid out for a wide screen and, `-narrow`, for a phone's width.
    for (suffix, frame) in [("", plots::WIDE), ("-narrow", plots::NARROW)] {
        for measure in ["turns", "crossings"] {
            write_bytes(
                &dir.join(format!("{measure}{suffix}.svg")),
                plot(&all, measure, frame).as_bytes(),
            )?;
        }
        write_bytes(
            &dir.join(format!("sequence{suffix}.svg")),
            sequence_plot(&all, frame).as_bytes(),
        )?;
    }
    Ok(())
}

/// The proved minimum turns of closed n x n tours against n, with the line fitted
/// through them and the lines they are set against: the paper's conjecture (8n), its
/// lower bound's leading term (6n) and our best construction (9.25n - 12).
fn sequence_plot(all: &[Entry], frame: plots::Frame) -> String {
    let stored: Vec<Stored> = all.iter().map(|e| e.stored.clone()).collect();
    let seq = optimum::sequence(&stored);
    let ns: Vec<f64> = seq.proved.iter().map(|s| optimum::side(s)).collect();
    let line = |label: String, f: &dyn Fn(f64) -> f64| Line {
        label,
        points: ns.iter().map(|&n| (n, f(n))).collect(),
    };
    let mut lines = vec![Line {
        label: "proved minimum".into(),
        points: seq
            .proved
            .iter()
            .map(|s| (optimum::side(s), s.value as f64))
            .collect(),
    }];
    if let Some(fit) = seq.fit {
        lines.push(line(format!("least squares: {}", fit_text(&fit)), &|n| {
            fit.at(n)
        }));
    }
    let (a, b) = optimum::BUILT;
    lines.push(line("Besa et al.'s conjecture: 8n".into(), &|n| {
        optimum::CONJECTURE * n
    }));
    lines.push(line(
        "Besa et al.'s bound: (6 - e)n, asymptotic".into(),
        &|n| optimum::LOWER * n,
    ));
    lines.push(line(
        "our best construction: 9.25n - 12 (n = 0 mod 8, from 32)".into(),
        &|n| a * n + b,
    ));
    plots::plot_all(
        frame,
        "The fewest turns of a closed n x n tour, proved",
        "n",
        "turns",
        &lines,
        &[],
    )
}

/// A fitted line in words: `7.60n - 14.40`.
fn fit_text(fit: &optimum::Fit) -> String {
    let sign = if fit.intercept < 0.0 { '-' } else { '+' };
    format!("{:.2}n {sign} {:.2}", fit.slope, fit.intercept.abs())
}

/// The optima of closed n x n tours against n, beside the tour the constructions
/// build for the board (`auto`) and the lower bounds: every edge cell turns (4n - 4),
/// and the paper's asymptotic (6 - e)n turns and 4n - O(1) crossings (leading terms).
fn plot(all: &[Entry], measure: &str, frame: plots::Frame) -> String {
    let square = square(all, measure);
    let at = |f: &dyn Fn(&Entry) -> f64| -> Vec<(f64, f64)> {
        square
            .iter()
            .map(|e| (e.board().width() as f64, f(e)))
            .collect()
    };
    let built = |e: &Entry| {
        construct::build(&Request::closed(e.board().clone()), "auto")
            .and_then(verify::constructed)
            .map(|t| {
                let m = metrics::measure(&t);
                (if measure == "turns" {
                    m.turns
                } else {
                    m.crossings
                }) as f64
            })
            .unwrap_or(f64::NAN)
    };
    let line = |label: &str, points| Line {
        label: label.to_string(),
        points,
    };
    let values = |optimal: bool| -> Vec<(f64, f64)> {
        square
            .iter()
            .filter(|e| e.stored.optimal == optimal)
            .map(|e| (e.board().width() as f64, e.stored.value as f64))
            .collect()
    };
    let (proved, open) = (values(true), values(false));
    // The bound first: a proved optimum is the bound at its boards, so its line is
    // drawn over the bound's, dashed with hollow markers (plots' `look`), where drawn
    // first it lay wholly under it (8x8 and 6x6 crossings proved, 10x10 and 12x12 not).
    let mut lines = vec![
        line("the solver's lower bound", at(&|e| e.stored.bound as f64)),
        line("proved optimum", proved),
        line("best tour found, not proved optimal", open),
        line("the tour knights builds (auto)", at(&built)),
    ];
    if measure == "turns" {
        lines.push(line(
            "every edge cell turns: 4n - 4",
            at(&|e| 4.0 * e.board().width() as f64 - 4.0),
        ));
        lines.push(line(
            "Besa et al.: (6 - e)n, asymptotic",
            at(&|e| 6.0 * e.board().width() as f64),
        ));
    } else {
        lines.push(line(
            "Besa et al.: 4n - O(1), asymptotic",
            at(&|e| 4.0 * e.board().width() as f64),
        ));
    }
    plots::plot_all(
        frame,
        &format!("Fewest {measure} of a closed n x n tour"),
        "n",
        measure,
        &lines,
        &[],
    )
}

/// The closed n x n entries of `measure`, by n: each line of the plot is drawn through
/// its points in this order (the files come in name order, 10x10 before 6x6).
fn square<'a>(all: &'a [Entry], measure: &str) -> Vec<&'a Entry> {
    let mut square: Vec<&Entry> = all
        .iter()
        .filter(|e| {
            let b = e.board();
            e.measure().to_string() == measure && e.stored.spec.closed && b.width() == b.height()
        })
        .collect();
    square.sort_by_key(|e| e.board().width());
    square
}

/// The caption of the table of the results of `s`'s measure.
fn caption(s: &Stored) -> String {
    s.spec.measure.heading()
}

/// The results: a table per measure (in the table's order), each result a row of four
/// short columns (the tour, its value, the bound, the verdict), which fit a phone's
/// width, and below it a row saying how it was obtained: the run that proved the
/// bound, the run that found the tour, their times, and the literature's value.
fn results(all: &[Entry]) -> String {
    let mut out = String::new();
    for group in all.chunk_by(|a, b| a.measure() == b.measure()) {
        out.push_str(&format!(
            "<table class=\"optima\">\n<caption>{}</caption>\n\
             <thead><tr><th scope=\"col\">tour</th><th scope=\"col\">value</th>\
             <th scope=\"col\">bound</th><th scope=\"col\">result</th></tr></thead>\n",
            escape(&caption(&group[0].stored))
        ));
        for e in group {
            let s = &e.stored;
            out.push_str(&format!(
                "<tbody id=\"{stem}\"><tr><th scope=\"row\"><a href=\"../optima/{stem}.svg\">{} {}</a></th>\
                 <td>{}</td><td>{}</td><td>{}</td></tr>\n<tr class=\"how\"><td colspan=\"4\">{}</td></tr></tbody>\n",
                s.spec.board,
                s.kind(),
                s.value,
                s.bound,
                s.verdict(),
                how(e),
                stem = escape(&s.stem),
            ));
        }
        out.push_str("</table>\n");
    }
    out
}

/// A weighted sum's counts, as its record holds them (checked against the tour when
/// it was read): `34 turns + 52 crossings`.
fn counts(e: &Entry) -> Option<String> {
    let terms: Vec<String> = e
        .stored
        .counts
        .iter()
        .map(|&(m, k, n)| match k {
            1 => format!("{n} {m}"),
            _ => format!("{k} x {n} {m}"),
        })
        .collect();
    (!terms.is_empty()).then(|| terms.join(" + "))
}

/// How a result was obtained, in HTML: a line for the bound, one for the tour, and
/// for an uncrossed search why it stopped and the literature's value.
fn how(e: &Entry) -> String {
    let s = &e.stored;
    let code = |c: &str| format!("<code>{}</code>", escape(c));
    let work = if !s.spec.measure.tours() || s.work.starts_with("none") {
        s.work.clone()
    } else {
        format!("model {}", s.work)
    };
    let mut out = match counts(e) {
        Some(c) => format!("Counts: {}.<br>", escape(&c)),
        None => String::new(),
    };
    out.push_str(&format!(
        "Bound: {} ({:.1} s; {}).",
        code(&s.command),
        s.seconds,
        escape(&work)
    ));
    if let Some(why) = s.unfinished() {
        out.push_str(&format!("<br>Stopped: {}.", escape(&why)));
    }
    let tour = if !s.spec.measure.tours() {
        if s.spec.closed {
            "Cycle"
        } else {
            "Path"
        }
    } else {
        "Tour"
    };
    match s.improvement() {
        Some((command, took)) => out.push_str(&format!(
            "<br>{tour}: the local search, {} ({}).",
            code(command),
            escape(&took)
        )),
        None => out.push_str(&format!("<br>{tour}: the same run.")),
    }
    if let Some((k, by)) = &s.known {
        out.push_str(&format!(
            "<br>The literature's value: {k} leaps ({}).",
            escape(by)
        ));
    }
    out
}

/// The plots, each the phone's layout on a narrow screen (as on the metrics page).
fn plots_block() -> String {
    ["turns", "crossings"]
        .iter()
        .map(|m| {
            format!(
                "<figure class=\"plot\"><picture><source media=\"(max-width: 600px)\" srcset=\"../optima/{m}-narrow.svg\">\
                 <img src=\"../optima/{m}.svg\" alt=\"Fewest {m} of a closed n x n tour against n\"></picture></figure>\n"
            )
        })
        .collect()
}

/// The sequence of proved closed n x n minimum turns: a row per stored record (its
/// run's time and command), what the fitted line says, and its plot.
fn sequence_block(all: &[Entry]) -> String {
    let stored: Vec<Stored> = all.iter().map(|e| e.stored.clone()).collect();
    let seq = optimum::sequence(&stored);
    let mut rows: Vec<&Stored> = seq.proved.iter().chain(&seq.open).copied().collect();
    rows.sort_by_key(|s| s.spec.board.width());
    let mut out = String::from(
        "<table class=\"optima-grid\">\n<caption>The fewest turns of a closed n x n tour</caption>\n\
         <thead><tr><th scope=\"col\">n</th><th scope=\"col\">turns</th><th scope=\"col\">bound</th>\
         <th scope=\"col\">result</th><th scope=\"col\">seconds</th></tr></thead>\n<tbody>\n",
    );
    for s in rows {
        out.push_str(&format!(
            "<tr id=\"sequence-{n}\"><th scope=\"row\"><a href=\"#{stem}\">{n}</a></th><td>{}</td><td>{}</td><td>{}</td><td>{:.1}</td></tr>\n",
            s.value,
            s.bound,
            s.verdict(),
            s.seconds,
            n = optimum::side(s),
            stem = escape(&s.stem),
        ));
    }
    out.push_str("</tbody>\n</table>\n");
    for line in seq.summary() {
        out.push_str(&format!("<p>{}</p>\n", escape(&line)));
    }
    out.push_str(
        "<figure class=\"plot\"><picture><source media=\"(max-width: 600px)\" srcset=\"../optima/sequence-narrow.svg\">\
         <img src=\"../optima/sequence.svg\" alt=\"The proved fewest turns of a closed n x n tour against n, with the fitted line, 8n, 6n and 9.25n - 12\"></picture></figure>\n",
    );
    out
}

/// The grid of closed n x m minimum turns, by the shorter side (rows) and the longer
/// (columns), each cell linking to its record's row; a cell not proved gives its bound.
fn rectangles(all: &[Entry]) -> String {
    let stored: Vec<Stored> = all.iter().map(|e| e.stored.clone()).collect();
    let g = optimum::grid(&stored, table::RECTANGLES);
    let (proved, records) = g.proved();
    let mut out = format!(
        "<table class=\"optima-grid\">\n<caption>The fewest turns of a closed n x m tour: {proved} of {records} proved</caption>\n<thead><tr><th scope=\"col\">n \\ m</th>"
    );
    for m in &g.columns {
        out.push_str(&format!("<th scope=\"col\">{m}</th>"));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for (n, row) in g.rows.iter().zip(&g.cells) {
        out.push_str(&format!("<tr><th scope=\"row\">{n}</th>"));
        for c in row {
            let td = match c {
                Cell::Stored {
                    stem, value, bound, ..
                } => format!(
                    "<td class=\"{}\"><a href=\"#{}\">{}</a></td>",
                    if value == bound { "proved" } else { "gap" },
                    escape(stem),
                    escape(&c.text())
                ),
                Cell::NoTour => "<td class=\"none\">no tour</td>".into(),
                Cell::Missing => "<td></td>".into(),
            };
            out.push_str(&td);
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    out
}

/// Every tour and path drawn, with a caption made from its record, each linking to
/// its drawing at full size; a heading and a grid per measure, as the tables.
fn tours(all: &[Entry]) -> String {
    let mut out = String::new();
    for group in all.chunk_by(|a, b| a.measure() == b.measure()) {
        out.push_str(&format!(
            "<h3>{}</h3>\n<div class=\"optima-tours\">\n",
            escape(&caption(&group[0].stored))
        ));
        for e in group {
            let s = &e.stored;
            let mut caption = format!(
                "{} {}: {} {} ({})",
                s.spec.board,
                s.kind(),
                s.goal(),
                s.value,
                s.verdict()
            );
            if let Some(c) = counts(e) {
                caption.push_str(&format!("; {c}"));
            }
            if let Some((k, by)) = s.known.as_ref().filter(|_| !s.optimal) {
                caption.push_str(&format!("; known {k} ({by})"));
            }
            out.push_str(&format!(
                "<figure><a href=\"../optima/{stem}.svg\"><img src=\"../optima/{stem}.svg\" alt=\"{caption}\" loading=\"lazy\"></a>\
                 <figcaption>{caption}</figcaption></figure>\n",
                stem = escape(e.stem()),
                caption = escape(&caption),
            ));
        }
        out.push_str("</div>\n");
    }
    out
}

/// The optima's drawings and plots, in `optima/`.
pub struct Optima;

impl knights_site::Exhibit for Optima {
    fn folder(&self) -> &'static str {
        FOLDER
    }

    fn write(&self, dir: &Path, ctx: &knights_site::Context<'_>) -> Result<(), Error> {
        write(dir, ctx.theme, &ctx.content.join(FOLDER))
    }

    fn reads(&self, ctx: &knights_site::Context<'_>) -> Result<Vec<PathBuf>, Error> {
        files(&ctx.content.join(FOLDER))
    }

    fn blocks(&self) -> &'static [&'static str] {
        &["results", "plots", "sequence", "rectangles", "tours"]
    }

    fn block(&self, name: &str, ctx: &knights_site::Context<'_>) -> Result<String, Error> {
        let all = entries(&ctx.content.join(FOLDER))?;
        match name {
            "results" => Ok(results(&all)),
            "plots" => Ok(plots_block()),
            "sequence" => Ok(sequence_block(&all)),
            "rectangles" => Ok(rectangles(&all)),
            "tours" => Ok(tours(&all)),
            _ => Err(Error::internal(format!("no optima block {name}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_site::{Context, Exhibit};

    /// The shipped catalogue's content folder, read at run time.
    fn content() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content")
    }

    fn stored() -> PathBuf {
        content().join(FOLDER)
    }

    /// How many stored optima the shipped catalogue has (its `*.json` files).
    fn count() -> usize {
        std::fs::read_dir(stored())
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .ends_with(".json")
            })
            .count()
    }

    /// Every stored file of the content folder is read (and named in the exhibit's
    /// build-cache key), and the page places the blocks made from them
    /// (tests/integration/optima.rs checks the built page against the files).
    #[test]
    fn every_stored_optimum_is_read_and_the_page_places_the_blocks() {
        let root = content();
        let theme = Theme::default();
        let ctx = Context {
            theme: &theme,
            content: &root,
        };
        let reads = Optima.reads(&ctx).unwrap();
        assert!(
            reads.len() > 80 && reads.len() == count(),
            "{}",
            reads.len()
        );
        assert!(reads.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(entries(&stored()).unwrap().len(), reads.len());
        let page = std::fs::read_to_string(root.join("pages/optima.md")).unwrap();
        for block in Optima.blocks() {
            assert!(
                page.contains(&format!("```exhibit\noptima/{block}\n```")),
                "{block}"
            );
        }
    }

    /// A content folder without stored optima: one line naming the folder, when the
    /// exhibit is written, its block made, or its cache key asked for.
    #[test]
    fn a_missing_records_folder_is_one_line_naming_it() {
        let tmp = tempfile::tempdir().unwrap();
        let theme = Theme::default();
        let ctx = Context {
            theme: &theme,
            content: tmp.path(),
        };
        let missing = tmp.path().join("optima");
        let errors = [
            Optima.reads(&ctx).unwrap_err(),
            Optima.block("results", &ctx).unwrap_err(),
            Optima.write(&tmp.path().join("out"), &ctx).unwrap_err(),
        ];
        for e in errors {
            assert!(
                matches!(&e, Error::Path { path, problem: PathProblem::Missing, .. } if *path == missing),
                "{e:?}"
            );
            let e = e.to_string();
            assert!(
                e.starts_with(&format!(
                    "{}: no such folder; the optima exhibit",
                    missing.display()
                )) && !e.contains('\n'),
                "{e}"
            );
        }
    }

    /// Each result's row of the table: its four cells, then how it was obtained.
    #[test]
    fn the_results_say_how_each_was_obtained() {
        let all = entries(&stored()).unwrap();
        let html = results(&all);
        assert_eq!(html.matches("<tbody id=").count(), count());
        let row = |stem: &str| {
            let at = html.find(&format!("<tbody id=\"{stem}\">")).unwrap();
            html[at..at + html[at..].find("</tbody>").unwrap()].to_string()
        };
        let nine = row("9x9-open-turns");
        assert!(
            nine.contains(">9x9 open</a></th><td>48</td><td>48</td><td>optimal</td>"),
            "{nine}"
        );
        assert!(
            nine.contains("Bound: <code>knights optimum 9x9 --minimize turns --open --time-limit 120</code>")
                && nine.contains("Tour: the local search, <code>knights optimum --improve 9x9-open-turns.json --time-limit 600</code>")
                && nine.contains("from 70 turns"),
            "{nine}"
        );
        let six = row("6x6-closed-turns");
        assert!(six.contains("Tour: the same run."), "{six}");
        let nine = row("9x9-path-uncrossed");
        assert!(
            nine.contains("Stopped: the search finished from none of its 15 start cells")
                && nine.contains("The literature's value: 47 leaps (Knuth 2010)"),
            "{nine}"
        );
        let tours = tours(&all);
        assert_eq!(tours.matches("<figure>").count(), count());
        assert!(tours.contains("<figcaption>9x9 open: fewest turns 48 (optimal)</figcaption>"));
    }

    #[test]
    fn the_plots_lines_run_through_their_boards_by_size() {
        let all = entries(&stored()).unwrap();
        for measure in ["turns", "crossings"] {
            let n: Vec<u32> = square(&all, measure)
                .iter()
                .map(|e| e.board().width())
                .collect();
            assert!(n.len() >= 3 && n.windows(2).all(|w| w[0] < w[1]), "{n:?}");
        }
    }

    /// A record is drawn with the layers of its measure: a sum's terms each, sharp and
    /// run their own; a file whose measure is unknown stops the page with its name.
    #[test]
    fn each_measure_is_drawn_with_its_layers() {
        use knights_render::Layer;
        let only = |layers: &[Layer]| Show::only(layers);
        let show = |m: &str| show_of(m.parse().unwrap());
        assert_eq!(show("turns"), only(&[Layer::Turns]));
        assert_eq!(show("sharp"), only(&[Layer::Sharp]));
        assert_eq!(show("run"), only(&[Layer::Run]));
        assert_eq!(
            show("turns+crossings"),
            only(&[Layer::Turns, Layer::Crossings])
        );
        assert_eq!(
            show("4*turns+crossings+2*sharp"),
            only(&[Layer::Turns, Layer::Crossings, Layer::Sharp])
        );
        // A stored file whose measure is unknown stops the page with its name.
        let path = files(&stored()).unwrap().remove(0);
        let text = std::fs::read_to_string(&path).unwrap();
        let record: serde_json::Value = serde_json::from_str(&text).unwrap();
        let measure = record["optimum"]["measure"].as_str().unwrap();
        let bad = text.replacen(
            &format!("\"measure\": \"{measure}\""),
            "\"measure\": \"zigzags\"",
            1,
        );
        assert_ne!(bad, text);
        let e = entry(&path, bad).err().expect("refused").to_string();
        assert!(
            e.starts_with(&format!("{}: ", path.display())) && e.contains("zigzags"),
            "{e}"
        );
    }

    #[test]
    fn the_drawings_and_plots_are_written() {
        use knights_render::parts::count;
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), &Theme::load("web").unwrap(), &stored()).unwrap();
        for e in entries(&stored()).unwrap() {
            let svg = std::fs::read_to_string(dir.path().join(format!("{}.svg", e.stem())));
            let svg = svg.unwrap();
            assert!(svg.contains("<svg"), "{}", e.stem());
            // Each tour's drawing marks what its record counts, and nothing else.
            let json: serde_json::Value = serde_json::from_str(&e.text).unwrap();
            let r = &json["optimum"];
            let of = |m: &str| match e.measure() {
                sum if !sum.terms().is_empty() => r["counts"][m].as_u64().unwrap_or(0),
                this if this.to_string() == m => r["value"].as_u64().unwrap(),
                _ => 0,
            };
            if e.measure().tours() {
                assert_eq!(count(&svg, "turn") as u64, of("turns"), "{}", e.stem());
                assert_eq!(
                    count(&svg, "crossing") as u64,
                    of("crossings"),
                    "{}",
                    e.stem()
                );
                assert_eq!(count(&svg, "sharp") as u64, of("sharp"), "{}", e.stem());
            }
        }
        for plot in ["turns", "turns-narrow", "crossings", "crossings-narrow"] {
            let svg = std::fs::read_to_string(dir.path().join(format!("{plot}.svg"))).unwrap();
            assert!(svg.contains("proved optimum"), "{plot}");
        }
    }
}
