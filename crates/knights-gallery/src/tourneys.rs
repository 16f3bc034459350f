//! The tourney pages' drawings and charts, made at every build: tourneys of each
//! generator (each cycle in its colour), the neural network's tourney and the tour
//! joined from it, and the comparison of generators by `knights stats`' measures
//! (knights-lab's `stats`), one SVG each, in `tourneys/`. Everything drawn is verified
//! first.

use std::path::Path;

use knights_construct::{tourney as gen, Algo, Request};
use knights_core::atomic::write_bytes;
use knights_core::metrics::measure;
use knights_core::{verify, Board, Error, Verified};
use knights_lab::{histogram, sample};
use knights_render::{chart, Bars, Panel};
use knights_render::{Drawing, Options, Theme};
use knights_site::{Context, Exhibit};

/// The tourneys drawn: file name, generator, board side, seed.
pub const TOURNEYS: [(&str, &str, u32, u64); 4] = [
    ("neural-8x8", "neural", 8, 3),
    ("neural-20x20", "neural", 20, 1),
    ("braid-16x16", "braid", 16, 0),
    ("four-cover-12x12", "four-cover", 12, 0),
];

/// The generators compared on 12x12: label, `--algo`, `--variant`, `--blur`.
pub const COMPARED: [(&str, &str, Option<&str>, Option<u64>); 4] = [
    ("neural", "neural", None, None),
    ("warnsdorff random", "warnsdorff", Some("random"), None),
    ("search", "search", None, None),
    ("parberry blurred 200", "parberry", None, Some(200)),
];

/// Samples per compared generator.
pub const SAMPLES: u64 = 30;

/// The tourney pages' material, in `tourneys/`.
pub struct Tourneys;

impl Exhibit for Tourneys {
    fn folder(&self) -> &'static str {
        "tourneys"
    }

    fn write(&self, dir: &Path, ctx: &Context<'_>) -> Result<(), Error> {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        let opts = Options {
            theme: ctx.theme.clone(),
            ..Options::default()
        };
        for (name, algo, n, seed) in TOURNEYS {
            let t = verified(algo, n, seed)?;
            let d = Drawing::new(&t, &measure(&t), &opts)?;
            write_bytes(&dir.join(format!("{name}.svg")), d.svg().as_bytes())?;
        }
        let joined = gen::join(&*verified("neural", 20, 1)?, 1)?;
        let tour = verify::constructed(joined.tour.with_algorithm("neural"))?;
        let d = Drawing::new(&tour, &measure(&tour), &opts)?;
        write_bytes(&dir.join("neural-20x20-joined.svg"), d.svg().as_bytes())?;
        write_bytes(
            &dir.join("compare-12x12.svg"),
            compare(ctx.theme)?.as_bytes(),
        )
    }
}

/// The proved tourney `algo` builds on the `n`x`n` board with `seed`.
fn verified(algo: &str, n: u32, seed: u64) -> Result<Verified, Error> {
    verify::constructed(gen::build(&Board::new(n, n)?, algo, seed)?)
}

/// One row of panels per generator: directions, turns, crossings, time.
fn compare(_theme: &Theme) -> Result<String, Error> {
    let mut rows = Vec::new();
    for (label, algo, variant, blur) in COMPARED {
        let mut req = Request::closed(Board::new(12, 12)?);
        req.variant = variant.map(str::to_string);
        let algo: Algo = algo.parse()?;
        let s = sample(&req, algo, SAMPLES, blur)?;
        let hist = |title: String, v: &[u64]| {
            let h = histogram(v, 6);
            Panel::Bars(Bars {
                title,
                labels: h.iter().map(|b| b.0.to_string()).collect(),
                values: h.iter().map(|b| b.2 as f64).collect(),
            })
        };
        let ms = s.seconds.iter().sum::<f64>() * 1000.0 / s.seconds.len() as f64;
        let dirs = req.board.leaper().dirs();
        rows.push(chart(
            &format!(
                "{label}: {SAMPLES} tours of 12x12, {} distinct, {ms:.2} ms a tour",
                s.distinct
            ),
            &[
                Panel::Bars(Bars {
                    title: "moves by direction".into(),
                    labels: dirs.iter().map(|(x, y)| format!("{x:+},{y:+}")).collect(),
                    values: s.directions.iter().map(|&v| v as f64).collect(),
                }),
                hist("turns".into(), &s.turns),
                hist("crossings".into(), &s.crossings),
            ],
        ));
    }
    Ok(stack(&rows))
}

/// Charts one above the other, in one SVG document.
fn stack(charts: &[String]) -> String {
    let size = |svg: &str, attr: &str| -> f64 {
        let key = format!("{attr}=\"");
        let at = svg.find(&key).map(|i| i + key.len()).unwrap_or(0);
        svg[at..]
            .split('"')
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    };
    let width = charts.iter().map(|c| size(c, "width")).fold(0.0, f64::max);
    let mut y = 0.0;
    let mut body = String::new();
    for c in charts {
        body.push_str(&format!("<g transform=\"translate(0 {y})\">{c}</g>"));
        y += size(c, "height");
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {y}\" width=\"{width}\" height=\"{y}\">{body}</svg>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_show_every_drawing_made() {
        let pages = [
            crate::page("tourneys.md"),
            crate::page("neural.md"),
            crate::page("generators.md"),
        ]
        .join("");
        let mut made: Vec<String> = TOURNEYS.iter().map(|t| t.0.to_string()).collect();
        made.extend(["neural-20x20-joined".into(), "compare-12x12".into()]);
        for name in made {
            assert!(
                pages.contains(&format!("](../tourneys/{name}.svg)")),
                "{name}"
            );
        }
    }

    #[test]
    fn the_exhibit_writes_verified_drawings() {
        let dir = std::env::temp_dir().join(format!("knights-tourneys-{}", std::process::id()));
        Tourneys
            .write(
                &dir,
                &Context {
                    theme: &Theme::default(),
                    content: Path::new("content"),
                },
            )
            .unwrap();
        let svg = std::fs::read_to_string(dir.join("compare-12x12.svg")).unwrap();
        assert_eq!(svg.matches("<svg").count(), 1 + COMPARED.len());
        assert!(dir.join("braid-16x16.svg").exists());
        std::fs::remove_dir_all(&dir).ok();
    }
}
