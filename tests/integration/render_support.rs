//! Tours for the render tests, made here so the tests do not depend on the
//! constructions: Warnsdorff walks with seeded random tie-breaks (retried until they
//! cover the board, and until they close when a closed tour is wanted), and the 8-cell
//! ring of the 3x3 board.

#![allow(dead_code)]

use knights_core::metrics::{measure, Metrics};
use knights_core::verify::verify;
use knights_core::{Board, Sections, Tour, Verified};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The 8 outer cells of the 3x3 board, a closed knight's cycle.
pub fn ring() -> Verified {
    verify(knights_core::examples::ring()).unwrap()
}

fn free_moves(b: &Board, seen: &[bool], c: u32) -> usize {
    (0..8)
        .filter_map(|d| b.step(c, d))
        .filter(|&n| !seen[n as usize])
        .count()
}

/// One Warnsdorff walk from cell 0: always to the neighbour with the fewest onward moves.
fn walk(b: &Board, rng: &mut ChaCha8Rng) -> Vec<u32> {
    let n = b.cells() as usize;
    let mut seen = vec![false; b.area() as usize];
    let mut path = vec![0u32];
    seen[0] = true;
    while path.len() < n {
        let c = *path.last().unwrap();
        let mut next: Vec<u32> = (0..8)
            .filter_map(|d| b.step(c, d))
            .filter(|&m| !seen[m as usize])
            .collect();
        if next.is_empty() {
            break;
        }
        next.shuffle(rng);
        let m = *next
            .iter()
            .min_by_key(|&&m| free_moves(b, &seen, m))
            .unwrap();
        seen[m as usize] = true;
        path.push(m);
    }
    path
}

/// A verified Warnsdorff tour of a `w` x `h` board, closed if asked, or `None` when
/// `tries` walks do not find one.
pub fn warnsdorff(w: u32, h: u32, closed: bool, seed: u64, tries: u32) -> Option<Verified> {
    let b = Board::new(w, h).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..tries {
        let p = walk(&b, &mut rng);
        if p.len() as u64 != b.cells() {
            continue;
        }
        if closed && b.dir_between(*p.last().unwrap(), p[0]).is_none() {
            continue;
        }
        return Some(verify(Tour::new(b.clone(), p, closed)).unwrap());
    }
    None
}

/// The same tour with its path cut into `names.len()` equal consecutive sections.
pub fn with_sections(t: &Verified, names: &[&str]) -> Verified {
    let n = t.path().len();
    let labels = (0..n).map(|i| (i * names.len() / n) as u8).collect();
    let names = names.iter().map(|s| s.to_string()).collect();
    let tour = t
        .clone()
        .into_inner()
        .with_sections(Sections::new(names, labels));
    verify(tour).unwrap()
}

/// The paper's formation section names, in tour order.
#[allow(unused_imports)] // not every test binary that includes this module draws sections
pub use knights_construct::besa::SECTION_NAMES as FORMATION;

/// A tour and its metrics.
pub fn measured(t: Verified) -> (Verified, Metrics) {
    let m = measure(&t);
    (t, m)
}

/// The formation tour (Besa et al.) of a `w` x `h` board, with its Figure 3 sections.
pub fn formation(w: u32, h: u32) -> Verified {
    let req = knights_construct::Request::closed(Board::new(w, h).unwrap());
    verify(knights_construct::build(&req, "besa").unwrap()).unwrap()
}

/// The subpaths of SVG path data: each one's points (absolute, whatever the
/// commands) and whether it ends with a close.
#[allow(dead_code)]
pub fn subpaths(d: &str) -> Vec<(Vec<(f64, f64)>, bool)> {
    use svgtypes::{SimplePathSegment as S, SimplifyingPathParser};
    let mut out: Vec<(Vec<(f64, f64)>, bool)> = Vec::new();
    for seg in SimplifyingPathParser::from(d) {
        match seg.unwrap_or_else(|e| panic!("bad path data {d}: {e}")) {
            S::MoveTo { x, y } => out.push((vec![(x, y)], false)),
            S::LineTo { x, y } => out.last_mut().expect("a move first").0.push((x, y)),
            S::ClosePath => out.last_mut().expect("a move first").1 = true,
            other => panic!("unexpected {other:?} in {d}"),
        }
    }
    out
}

/// The dots of the marker paths of class `class` (turns, crossings) in `doc`: each a
/// zero-length subpath, whose point is returned; panics on a subpath of any length.
#[allow(dead_code)]
pub fn dots(doc: &resvg::usvg::roxmltree::Document, class: &str) -> Vec<(f64, f64)> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .flat_map(|n| subpaths(n.attribute("d").expect("path data")))
        .map(|(points, _)| {
            assert!(points.len() > 1, "a dot is a zero-length line: {points:?}");
            assert!(points.iter().all(|&p| p == points[0]), "{points:?}");
            points[0]
        })
        .collect()
}
