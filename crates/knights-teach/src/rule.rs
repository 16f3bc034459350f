//! Warnsdorff's rule animated: for each decision of a [`RuleTrace`], the candidate
//! squares with their onward-leap counts, the chosen one highlighted, and a caption
//! naming the tie-break when there was a tie; a dead end marked, and the board cleared
//! for the restart. SMIL, no script, on the timeline of [`Steps`]. The board has its
//! coordinates, since the captions name squares, and the band below it holds the
//! longest caption, measured in the bundled font.

use svg::node::element::{Circle, Group, Line, Text};
use svg::Document;

use crate::rule_trace::{Event, RuleTrace};
use knights_render::parts;
use knights_render::parts::{num, Frame};
use knights_render::theme::Theme;
use knights_render::{Steps, Timing};

/// Caption size, in points.
const CAPTION_PT: f64 = 11.0;
/// Highlight of the chosen square, and of a dead end.
const CHOSEN: &str = "#2e7d32";
const DEAD: &str = "#c62828";

/// The animated SVG of `trace`.
pub fn animated(trace: &RuleTrace, theme: &Theme, timing: Timing) -> String {
    let b = &trace.board;
    let frame = Frame::new(b, theme, true);
    let steps = Steps::new(trace.events.len(), trace.events.len());
    let mut v = frame.view_box();
    let size = CAPTION_PT / frame.cell_pt;
    let lines: Vec<Vec<String>> = (trace.events.iter())
        .map(|e| parts::wrap_to_width(&caption(trace, e), size, v[2] - size))
        .collect();
    let most = lines.iter().map(Vec::len).max().unwrap_or(1) as f64;
    let band = size * (1.3 + 1.25 * (most - 1.0) + 0.6);
    v[3] += band;
    let (w, h) = frame.page_pt();
    let mut doc = Document::new()
        .set("viewBox", v.map(num).join(" "))
        .set("width", num(w))
        .set("height", num(h + band * frame.cell_pt))
        .set("class", "warnsdorff")
        .set("data-steps", steps.len())
        .add(knights_render::parts::background(
            v,
            theme.page.background.as_str(),
        ))
        .add(parts::squares(b, &frame, theme, true))
        .add(parts::coords(&frame, theme, 0.0));
    // Each walk's moves stay until the next walk starts.
    let starts: Vec<usize> = trace
        .events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::Start(_)))
        .map(|(i, _)| i)
        .collect();
    let cell = |c: u32| frame.cell(b.xy(c));
    let mut moves = Group::new()
        .set("class", "moves")
        .set("stroke", theme.tour.colour.as_str())
        .set("stroke-width", num(frame.size(&theme.tour.width)))
        .set("stroke-linecap", "round");
    let mut overlays = Group::new().set("class", "decisions");
    for (i, e) in trace.events.iter().enumerate() {
        let state = i + 1;
        let next_start = starts.iter().copied().find(|&s| s > i).map(|s| s + 1);
        let mut over = Group::new()
            .set("class", "decision")
            .set("visibility", "hidden")
            .add(steps.visible(state, (state < steps.len()).then_some(state + 1), &timing));
        match e {
            Event::Start(c) => {
                over = over.add(ring(cell(*c), CHOSEN, 0.42));
            }
            Event::Step(d) => {
                over = over.add(ring(cell(d.at), CHOSEN, 0.42));
                let (x1, y1) = cell(d.at);
                let (x2, y2) = cell(d.chosen);
                moves = moves.add(
                    Line::new()
                        .set("x1", x1)
                        .set("y1", y1)
                        .set("x2", x2)
                        .set("y2", y2)
                        .set("visibility", "hidden")
                        .add(steps.visible(state, next_start, &timing)),
                );
                for &(c, k) in &d.candidates {
                    let (x, y) = cell(c);
                    let chosen = c == d.chosen;
                    over = over
                        .add(
                            Circle::new()
                                .set("class", if chosen { "chosen" } else { "candidate" })
                                .set("cx", x)
                                .set("cy", y)
                                .set("r", ".34")
                                .set("fill", if chosen { CHOSEN } else { "#ffffff" })
                                .set("stroke", CHOSEN)
                                .set("stroke-width", ".05"),
                        )
                        .add(
                            Text::new(k.to_string())
                                .set("x", x)
                                .set("y", num(y as f64 + 0.14))
                                .set("font-size", ".4")
                                .set("text-anchor", "middle")
                                .set("fill", if chosen { "#ffffff" } else { "#222222" }),
                        );
                }
            }
            Event::DeadEnd { at, .. } => {
                over = over.add(ring(cell(*at), DEAD, 0.45));
            }
        }
        let y0 = v[1] + v[3] - band + size * 1.3;
        for (k, line) in lines[i].iter().enumerate() {
            over = over.add(
                Text::new(line.as_str())
                    .set("class", "caption")
                    .set("x", num(v[0] + size * 0.5))
                    .set("y", num(y0 + k as f64 * size * 1.25))
                    .set("font-size", num(size))
                    .set("fill", "#222222"),
            );
        }
        overlays = overlays.add(over);
    }
    doc = doc
        .add(moves)
        .add(overlays.set("font-family", "DejaVu Sans, sans-serif"));
    knights_render::xml_safe(doc.to_string())
}

/// What the caption of event `e` of `trace` says.
fn caption(trace: &RuleTrace, e: &Event) -> String {
    let b = &trace.board;
    match e {
        Event::Start(c) => format!("The knight starts on {}.", square(b, *c)),
        Event::Step(d) => {
            let fewest = d.candidates.iter().map(|c| c.1).min().unwrap_or(0);
            let tie = if d.tied > 1 {
                format!(
                    " {} squares tie with {fewest}: the {} tie-break picks {}.",
                    d.tied,
                    trace.tie.name(),
                    square(b, d.chosen)
                )
            } else {
                format!(" The fewest is {fewest}, at {}.", square(b, d.chosen))
            };
            format!(
                "From {}: {} free squares, each with its onward leaps.{tie}",
                square(b, d.at),
                d.candidates.len()
            )
        }
        Event::DeadEnd { at, visited } => format!(
            "Dead end on {} after {visited} squares: no free square is a leap away. Start again.",
            square(b, *at)
        ),
    }
}

/// A ring around a square.
fn ring((x, y): (i64, i64), colour: &str, r: f64) -> Circle {
    Circle::new()
        .set("cx", x)
        .set("cy", y)
        .set("r", num(r))
        .set("fill", "none")
        .set("stroke", colour)
        .set("stroke-width", ".08")
}

/// A square's name: a1..h8 on boards up to 26 columns, else [x, y].
fn square(b: &knights_core::Board, c: u32) -> String {
    let (x, y) = b.xy(c);
    if b.width() <= 26 {
        format!("{}{}", char::from(b'a' + x as u8), y + 1)
    } else {
        format!("[{x}, {y}]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule_trace::record;
    use knights_construct::TieBreak;
    use knights_core::Board;

    #[test]
    fn every_decision_is_drawn_with_its_candidates() {
        let b = Board::new(5, 8).unwrap();
        let t = record(&b, (0, 0), TieBreak::First, 4).unwrap();
        let svg = animated(&t, &Theme::load("teaching").unwrap(), Timing::default());
        assert_eq!(svg.matches("class=\"decision\"").count(), t.events.len());
        // The captions name squares: the board is labelled, a to e and 1 to 8.
        let coords = &svg[svg.find("class=\"coords\"").expect("coordinates")..];
        for label in ["a", "e", "1", "8"] {
            assert!(coords.contains(&format!(">\n{label}\n</text>")), "{label}");
        }
        let decisions = t
            .events
            .iter()
            .filter(|e| matches!(e, Event::Step(_)))
            .count();
        assert_eq!(svg.matches("class=\"chosen\"").count(), decisions);
        // The captions' lines, joined: a caption wraps to the board's width.
        let captions: Vec<&str> = (svg.split("class=\"caption\"").skip(1))
            .filter_map(|c| c.split('>').nth(1)?.split('<').next())
            .map(str::trim)
            .collect();
        let text = captions.join(" ");
        assert!(text.contains("Dead end on"), "{text}");
        assert!(text.contains("tie-break picks"), "{text}");
    }
}
