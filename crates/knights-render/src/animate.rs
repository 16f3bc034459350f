//! The tour walked step by step: an SVG whose moves appear one after another (SMIL
//! animation, no script), with the knight's current square marked and a step counter,
//! and the same scene frozen after any step, which is what the GIF and the numbered
//! PNG frames rasterize.
//!
//! Each step of [`Steps`] is one `<g class="step">` holding its moves (and the step
//! numbers they reach when numbers are shown) with one `<animate>` that shows it at its
//! time; every animation shares one duration, so they stay in step while looping.

use svg::node::element::{
    Animate, AnimateTransform, Circle, ClipPath, Definitions, Group, Path as SvgPath, TSpan, Text,
};
use svg::Document;

use super::colour;
use super::frame::{num, Frame};
use super::layers::{Layer, Layers};
use super::path::{Piece, Walk};
use super::steps::{key, Steps, Timing};
use super::theme::Theme;
use super::{font, seam, squares, text};
use knights_core::verify::Verified;

/// Resolution of GIF frames and PNG frames when neither a width nor a resolution is
/// asked for: screen-sized, as they are meant for slides.
pub const FRAME_DPI: f32 = 96.0;

/// Size of the step counter's text, in points.
const COUNTER_PT: f64 = 12.0;
/// Distance between the baselines of a counter's lines, in ems.
const LEADING: f64 = 1.25;

/// A walk-through of a verified tour: the timeline and how to draw it.
pub struct Walkthrough<'a> {
    tour: &'a Verified,
    theme: &'a Theme,
    layers: Layers,
    steps: Steps,
    frame: Frame,
    /// The lines of the counter's longest label (the last: it says the tour is closed).
    counter_lines: usize,
}

/// When the scene is drawn: animated over time, or frozen after some steps.
#[derive(Clone, Copy, Debug)]
enum When {
    Animated(Timing),
    /// After this many steps (0: the knight on its first square).
    After(usize),
}

impl<'a> Walkthrough<'a> {
    /// The walk-through of `tour` drawn with `theme` and `layers` (squares, numbers and
    /// coordinates are honoured), in at most `max_steps` steps.
    pub fn new(tour: &'a Verified, theme: &'a Theme, layers: Layers, max_steps: usize) -> Self {
        let n = tour.path().len();
        let moves = if tour.is_closed() {
            n
        } else {
            n.saturating_sub(1)
        };
        let mut walk = Walkthrough {
            tour,
            theme,
            layers,
            steps: Steps::new(moves, max_steps),
            frame: Frame::new(tour.board(), theme, layers.has(Layer::Coords)),
            counter_lines: 1,
        };
        let last = walk.steps.len();
        walk.counter_lines = (last.saturating_sub(1)..=last)
            .map(|s| walk.label_lines(s).len())
            .max()
            .unwrap_or(1)
            .max(1);
        walk
    }

    /// The width of its page, in points.
    pub fn page_width_pt(&self) -> f64 {
        self.view()[2] * self.frame.cell_pt
    }

    /// The view box of the board (with room for a band's seam marks), without the
    /// counter's band.
    fn view(&self) -> [f64; 4] {
        seam::fit(
            self.tour.board(),
            &self.frame,
            self.theme,
            self.frame.view_box(),
        )
    }

    /// The timeline.
    pub fn steps(&self) -> &Steps {
        &self.steps
    }

    /// The animated SVG document.
    pub fn animated(&self, timing: Timing) -> String {
        crate::xml_safe(self.scene(When::Animated(timing)).to_string())
    }

    /// The scene once `done` steps are drawn (`done` from 0 to the number of steps).
    pub fn frozen(&self, done: usize) -> String {
        crate::xml_safe(
            self.scene(When::After(done.min(self.steps.len())))
                .to_string(),
        )
    }

    /// Height of the counter band below the board, in squares.
    fn band(&self) -> f64 {
        COUNTER_PT / self.frame.cell_pt * (1.8 + LEADING * (self.counter_lines - 1) as f64)
    }

    /// The counter's words once `s` steps are drawn.
    fn label_text(&self, s: usize) -> String {
        let total = self.steps.made(self.steps.len().checked_sub(1));
        let made = self.steps.made(s.checked_sub(1));
        let unit = if total == 1 { "move" } else { "moves" };
        let mut t = format!("{made} of {total} {unit}");
        if s == self.steps.len() && self.tour.is_closed() && total > 0 {
            t.push_str(": back at the start, the tour is closed");
        }
        t
    }

    /// The counter's words once `s` steps are drawn, in lines that fit the page's
    /// width with half an em clear each side, as the bundled font measures them.
    fn label_lines(&self, s: usize) -> Vec<String> {
        let width = self.view()[2] * self.frame.cell_pt - COUNTER_PT;
        font::wrap(&self.label_text(s), COUNTER_PT, width)
    }

    fn scene(&self, when: When) -> Document {
        let f = &self.frame;
        let mut v = self.view();
        v[3] += self.band();
        let w = v[2] * f.cell_pt;
        let h = f.page_pt().1 + self.band() * f.cell_pt;
        let mut doc = Document::new()
            .set("viewBox", v.map(num).join(" "))
            .set("width", num(w))
            .set("height", num(h))
            .set("class", "walkthrough")
            .set("data-steps", self.steps.len())
            .add(svg::node::element::Title::new(format!(
                "{} walked step by step",
                self.tour
            )))
            .add(super::frame::background(
                v,
                self.theme.page.background.as_str(),
            ))
            .add(squares::layer(
                self.tour.board(),
                f,
                self.theme,
                self.layers.has(Layer::Squares),
            ));
        let board = self.tour.board();
        if self.layers.has(Layer::Coords) {
            doc = doc.add(text::coords_clear(
                f,
                self.theme,
                seam::reach(board, f, self.theme),
            ));
        }
        if board.topology().wraps() {
            // A band's glued edges, marked as on the drawing.
            doc = doc.add(seam::layer(board, f, self.theme));
        }
        if let When::Animated(t) = when {
            doc = doc
                .set("data-step-seconds", num(t.step_seconds()))
                .set("data-hold-steps", super::steps::HOLD_STEPS);
        }
        let mut moves = self.moves(when);
        if board.topology().wraps() {
            // A band's leaps across the seam are drawn as two halves past the edges:
            // clipped to the board, off the coordinates and the counter.
            let [x, y, w, h] = f.area();
            doc = doc.add(
                Definitions::new().add(
                    ClipPath::new().set("id", "walk-board").add(
                        svg::node::element::Rectangle::new()
                            .set("x", num(x))
                            .set("y", num(y))
                            .set("width", num(w))
                            .set("height", num(h)),
                    ),
                ),
            );
            moves = moves.set("clip-path", "url(#walk-board)");
        }
        doc.add(moves)
            .add(self.knight(when))
            .add(self.counter(when))
    }

    /// One group per step drawn (all of them when animated).
    fn moves(&self, when: When) -> Group {
        let t = &self.theme.tour;
        let mut g = Group::new()
            .set("class", "walk")
            .set("fill", "none")
            .set("stroke-width", num(self.frame.size(&t.width)))
            .set("stroke-linecap", "round")
            .set("stroke-linejoin", "round");
        if self.layers.has(Layer::Numbers) {
            g = g.add(self.numbers(0..1));
        }
        let walk = Walk::new(self.tour);
        let shown = match when {
            When::Animated(_) => self.steps.len(),
            When::After(k) => k,
        };
        for k in 0..shown {
            let r = self.steps.moves(k);
            let piece = Piece {
                key: 0,
                start: r.start,
                edges: r.len(),
            };
            let mut step = Group::new()
                .set("class", "step")
                .set("data-step", k + 1)
                .add(
                    SvgPath::new()
                        .set("stroke", self.colour(r.start))
                        .set("d", walk.data(&self.frame, &piece)),
                );
            if self.layers.has(Layer::Numbers) {
                let n = self.tour.path().len();
                step = step.add(self.numbers(r.start + 1..(r.end + 1).min(n)));
            }
            if let When::Animated(timing) = when {
                step = step.set("opacity", 0).add(self.show_from(k + 1, timing));
            }
            g = g.add(step);
        }
        g
    }

    /// The colour of move `i`: its section's, else its place along the gradient.
    fn colour(&self, i: usize) -> String {
        let t = self.tour;
        match t.sections() {
            Some(s) if s.labels().len() == t.path().len() => {
                let l = s.labels()[i] as usize;
                let name = s.names().get(l).map(String::as_str).unwrap_or("");
                crate::theme::section_colour(self.theme, name, l, s.names().len())
            }
            _ => {
                let frac = i as f64 / t.path().len().max(1) as f64;
                colour::gradient(&self.theme.tour.gradient, frac).hex()
            }
        }
    }

    /// The step numbers (from 1) of path positions `range`.
    fn numbers(&self, range: std::ops::Range<usize>) -> Group {
        let t = self.tour;
        text::numbers_at(t.board(), t.path(), range, &self.frame, self.theme)
    }

    /// The knight: a ring and a knight on its current square; the ring alone when the
    /// squares are numbered, so that the glyph never covers the number it stands on.
    fn knight(&self, when: When) -> Group {
        let p = self.tour.path();
        let b = self.tour.board();
        let at = |s: usize| {
            let m = self.steps.made(s.checked_sub(1));
            self.frame.cell(b.xy(p[m % p.len()]))
        };
        let m = &self.theme.markers;
        let ring = Circle::new()
            .set("r", ".42")
            .set("fill", "none")
            .set("stroke", m.start_colour.as_str())
            .set("stroke-width", ".08");
        let glyph = Text::new("\u{265e}")
            .set("y", ".25")
            .set("font-size", ".7")
            .set("text-anchor", "middle")
            .set("font-family", "DejaVu Sans, sans-serif")
            .set("fill", m.start_colour.as_str());
        let mut g = Group::new().set("class", "knight").add(ring);
        if !self.layers.has(Layer::Numbers) {
            g = g.add(glyph);
        }
        match when {
            When::After(k) => {
                let (x, y) = at(k);
                g.set("transform", format!("translate({x} {y})"))
            }
            When::Animated(timing) => {
                let states = 0..=self.steps.len();
                let values: Vec<String> = states
                    .clone()
                    .map(|s| {
                        let (x, y) = at(s);
                        format!("{x} {y}")
                    })
                    .collect();
                let (x, y) = at(0);
                let anim = AnimateTransform::new()
                    .set("attributeName", "transform")
                    .set("type", "translate")
                    .set("calcMode", "discrete")
                    .set("values", values.join(";"))
                    .set("keyTimes", self.key_times(states));
                g.set("transform", format!("translate({x} {y})"))
                    .add(self.steps.timed(anim, &timing))
            }
        }
    }

    /// The step counter below the board: one label per state, each shown in turn.
    fn counter(&self, when: When) -> Group {
        let f = &self.frame;
        let v = self.view();
        let size = COUNTER_PT / f.cell_pt;
        let y = v[1] + v[3] + size * 1.8 * 0.62;
        let x = num(v[0] + v[2] / 2.0);
        let label = |s: usize| {
            let lines = self.label_lines(s);
            if lines.len() <= 1 {
                return Text::new(self.label_text(s))
                    .set("x", x.clone())
                    .set("y", num(y));
            }
            // Too wide for one line: a line a tspan, the band below the board as tall
            // as the most lines any label needs.
            let text = Text::new("").set("x", x.clone()).set("y", num(y));
            lines.into_iter().enumerate().fold(text, |t, (i, line)| {
                t.add(
                    TSpan::new(line)
                        .set("x", x.clone())
                        .set("y", num(y + i as f64 * size * LEADING)),
                )
            })
        };
        let g = Group::new()
            .set("class", "counter")
            .set("font-size", num(size))
            .set("font-family", "DejaVu Sans, sans-serif")
            .set("text-anchor", "middle")
            .set("fill", self.theme.text.coords_colour.as_str());
        match when {
            When::After(k) => g.add(label(k)),
            When::Animated(timing) => {
                let last = self.steps.len();
                (0..=last).fold(g, |g, s| {
                    let anim = self.steps.visible(s, (s < last).then_some(s + 1), &timing);
                    let shown = if s == 0 { "visible" } else { "hidden" };
                    g.add(label(s).set("visibility", shown).add(anim))
                })
            }
        }
    }

    /// An animation that sets `opacity` to 1 from state `s` on.
    fn show_from(&self, s: usize, timing: Timing) -> Animate {
        let anim = Animate::new()
            .set("attributeName", "opacity")
            .set("calcMode", "discrete")
            .set("values", "0;1")
            .set("keyTimes", format!("0;{}", key(self.steps.key_time(s))));
        self.steps.timed(anim, &timing)
    }

    /// `keyTimes` for the start of each of `states`.
    fn key_times(&self, states: std::ops::RangeInclusive<usize>) -> String {
        states
            .map(|s| key(self.steps.key_time(s)))
            .collect::<Vec<_>>()
            .join(";")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::tour as fixture;
    use crate::steps::Repeat;
    use crate::Resolution;

    fn count(s: &str, what: &str) -> usize {
        s.matches(what).count()
    }

    #[test]
    fn one_animated_step_per_move_with_the_knight_and_counter() {
        let theme = Theme::load("teaching").unwrap();
        for (t, moves) in [(fixture("8x8.json"), 64), (fixture("5x5-open.json"), 24)] {
            let layers = Layers::defaults(&theme.layers, t.board().width());
            let w = Walkthrough::new(&t, &theme, layers, 400);
            let svg = w.animated(Timing::default());
            assert_eq!(count(&svg, "<g class=\"step\""), moves);
            // one opacity animation per step, nothing else animates opacity
            assert_eq!(count(&svg, "attributeName=\"opacity\""), moves);
            assert_eq!(count(&svg, "<animateTransform"), 1);
            assert_eq!(count(&svg, "attributeName=\"visibility\""), moves + 1);
            assert!(svg.contains("repeatCount=\"indefinite\""));
            // numbers 1..=n each appear once
            assert_eq!(count(&svg, "<circle cx="), t.path().len());
        }
    }

    #[test]
    fn large_boards_animate_by_sections() {
        let t = fixture("40x40.json");
        let theme = Theme::load("web").unwrap();
        let w = Walkthrough::new(&t, &theme, Layers::defaults(&theme.layers, 40), 400);
        assert!(w.steps().sectioned());
        let svg = w.animated(Timing::new(10.0, Repeat::Times(2)).unwrap());
        assert_eq!(count(&svg, "<g class=\"step\""), w.steps().len());
        assert!(w.steps().len() <= 400);
        assert!(svg.contains("repeatCount=\"2\""));
    }

    #[test]
    fn frozen_scenes_draw_the_steps_done_so_far() {
        let t = fixture("6x6.json");
        let theme = Theme::load("web").unwrap();
        let w = Walkthrough::new(&t, &theme, Layers::default(), 400);
        for k in [0, 1, 17, 36] {
            let svg = w.frozen(k);
            assert_eq!(count(&svg, "<g class=\"step\""), k);
            assert!(!svg.contains("<animate"));
            let tree = super::super::font::tree(&svg).unwrap();
            super::super::raster::png(&tree, Resolution::Width(60)).unwrap();
        }
        // The last label, wrapped onto lines that fit the 6x6 page, says it all.
        let last = w.frozen(36);
        let words: String = (last.split('<'))
            .filter(|p| p.starts_with("tspan"))
            .map(|p| p.split_once('>').unwrap().1)
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(
            words,
            "36 of 36 moves: back at the start, the tour is closed"
        );
    }

    /// Every frame's counter fits its page: the last frame of the 8x8 walk cut its
    /// label ("64 of 64 moves: back at the start, the tour is cl"); it now wraps onto
    /// a second line in a taller band, clear of the coordinates, whole on the page.
    #[test]
    fn the_counter_fits_its_frame() {
        use crate::boxes::{laid_out, overlap};
        let theme = Theme::load("web").unwrap();
        for name in ["8x8.json", "6x6.json", "5x5-open.json", "8x8-torus.json"] {
            let t = fixture(name);
            let layers = Layers::defaults(&theme.layers, t.board().width());
            let w = Walkthrough::new(&t, &theme, layers, 400);
            for k in [0, w.steps().len()] {
                let svg = w.frozen(k);
                let size = |a: &str| -> f64 {
                    let v = &svg[svg.find(&format!(" {a}=\"")).unwrap() + a.len() + 3..];
                    v[..v.find('"').unwrap()].parse().unwrap()
                };
                let page = [0.0, 0.0, size("width"), size("height")];
                let laid = laid_out(&svg).unwrap();
                for (i, (text, r)) in laid.text.iter().enumerate() {
                    let inside =
                        r[0] >= page[0] && r[1] >= page[1] && r[2] <= page[2] && r[3] <= page[3];
                    assert!(
                        inside,
                        "{name} frame {k}: {text:?} {r:?} off the page {page:?}"
                    );
                    for (other, q) in &laid.text[i + 1..] {
                        assert!(
                            !overlap(r, q, 0.01),
                            "{name} frame {k}: {text:?} over {other:?}"
                        );
                    }
                }
            }
        }
        let t = fixture("8x8.json");
        let w = Walkthrough::new(&t, &theme, Layers::defaults(&theme.layers, 8), 400);
        let last = w.frozen(w.steps().len());
        assert!(
            last.contains("<tspan") && last.contains("tour is closed"),
            "{}",
            &last[last.find("class=\"counter\"").unwrap()..]
        );
    }
}
