//! The eight sections of the paper's Figure 3, as per-step labels: the two runs of the
//! tour through each junction and the four formation knights' paths between them.
//!
//! A junction run is a maximal stretch of the tour inside a junction piece (each
//! junction piece holds exactly two such stretches, tested). Walking the path from the
//! bottom-left cell, which lies inside the first bottom-left run, the runs come in the
//! order bottom-left, top-right, bottom-left, top-right, and the formation knights fill
//! the gaps between them.

use super::layout::Layout;
pub(super) use super::layout::Role;
use knights_core::{Stretch, Trace};
use rayon::prelude::*;

/// The section names, in tour order from the bottom-left cell: each says which part
/// of the construction made it (Figure 3 colours them red, green, light red, purple,
/// blue, orange, light blue and black, the names these sections had before).
pub const NAMES: [&str; 8] = [
    "bottom-left junction, run 1",
    "formation knight 1",
    "top-right junction, run 1",
    "formation knight 2",
    "bottom-left junction, run 2",
    "formation knight 3",
    "top-right junction, run 2",
    "formation knight 4",
];

/// Where the junctions of a formation tour are: the junction that covers a cell
/// number, and whether a stretch of the walk surely meets none (so it is not looked
/// into).
pub(super) trait Junctions {
    /// [`Role::BottomLeft`] or [`Role::TopRight`] for a junction cell, else `None`.
    fn junction(&self, c: u32) -> Option<Role>;
    /// Whether the stretch lies clear of both junctions (a shortcut; `false` is safe).
    fn clear(&self, s: &Stretch) -> bool;
}

impl Junctions for Layout {
    fn junction(&self, c: u32) -> Option<Role> {
        Layout::junction(self, c)
    }

    /// A run the walk jumped between the junctions' rows: a run's cell numbers only
    /// grow or only shrink, so its two ends bound all of them.
    fn clear(&self, s: &Stretch) -> bool {
        matches!(s, Stretch::Run { .. }) && self.clear_of_junctions(s.cell(0), s.cell(s.len() - 1))
    }
}

/// The junction runs of the walk as inclusive step ranges, the first one holding step
/// 0 (it may wrap past the end of the path). Stretches clear of the junctions (the
/// long diagonal runs the walk jumped) are not looked into.
fn junction_runs(layout: &dyn Junctions, trace: &Trace) -> Vec<(usize, usize, Role)> {
    let steps = trace
        .stretches()
        .filter(|(_, s)| !layout.clear(s))
        .flat_map(|(pos, s)| {
            (0..s.len()).filter_map(move |k| layout.junction(s.cell(k)).map(|r| (pos + k, r)))
        });
    let mut runs: Vec<(usize, usize, Role)> = Vec::new();
    for (k, role) in steps {
        match runs.last_mut() {
            Some((_, end, r)) if *end + 1 == k && *r == role => *end = k,
            _ => runs.push((k, k, role)),
        }
    }
    // A run that reaches the end of the closed path continues at its start.
    if runs.len() > 1 {
        let (first, last) = (runs[0], runs[runs.len() - 1]);
        if first.0 == 0 && last.1 == trace.len() - 1 && first.2 == last.2 {
            runs[0].0 = last.0;
            runs.pop();
        }
    }
    runs
}

/// The section of every step of the walk, or `None` if the path does not have the
/// structure of Figure 3 (which the tests rule out for every supported board).
pub(super) fn labels(layout: &dyn Junctions, trace: &Trace) -> Option<Vec<u8>> {
    let runs = junction_runs(layout, trace);
    let roles: Vec<Role> = runs.iter().map(|r| r.2).collect();
    use Role::{BottomLeft as Bl, TopRight as Tr};
    let holds_start = runs.first().is_some_and(|r| r.0 == 0 || r.0 > r.1);
    if roles != [Bl, Tr, Bl, Tr] || !holds_start {
        return None;
    }
    let n = trace.len();
    // Sections 1..7 lie between the end of the first run and the start of its wrap;
    // the rest is section 0.
    let mut spans = Vec::new();
    let mut from = runs[0].1 + 1;
    for (k, run) in runs.iter().enumerate().skip(1) {
        let section = 2 * k as u8;
        spans.push((from..run.0, section - 1));
        spans.push((run.0..run.1 + 1, section));
        from = run.1 + 1;
    }
    let wrap = if runs[0].0 > runs[0].1 { runs[0].0 } else { n };
    spans.push((from..wrap, 7));
    // Filled in parallel blocks: a huge board's labels are a hundred megabytes.
    const BLOCK: usize = 1 << 16;
    let mut labels = vec![0u8; n];
    labels
        .par_chunks_mut(BLOCK)
        .enumerate()
        .for_each(|(i, block)| {
            let start = i * BLOCK;
            for (span, section) in &spans {
                let lo = span.start.max(start);
                let hi = span.end.min(start + block.len());
                if lo < hi {
                    block[lo - start..hi - start].fill(*section);
                }
            }
        });
    Some(labels)
}
