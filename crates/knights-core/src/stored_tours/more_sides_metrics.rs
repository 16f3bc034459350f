//! The measures of tours of boards with more sides against a brute-force count, on
//! the walks of the construction for small boards.

use crate::metrics::levels::steps;
use crate::metrics::{measure, open_segments_cross};
use crate::Board;

use super::fixtures::verified;

/// Turns and crossings straight from the definitions, in quadratic time.
fn brute(s: &Board, path: &[u32], closed: bool) -> (u64, Vec<u64>, u64) {
    let edges: Vec<(u32, u32)> = steps(path, closed).collect();
    let n = path.len();
    let mut turns = 0;
    for i in 0..n {
        if !closed && (i == 0 || i == n - 1) {
            continue;
        }
        let (p, c, q) = (path[(i + n - 1) % n], path[i], path[(i + 1) % n]);
        let (a, b) = (s.coords(p), s.coords(c));
        let c2 = s.coords(q);
        let v1: Vec<i64> = a
            .iter()
            .zip(&b)
            .map(|(x, y)| *y as i64 - *x as i64)
            .collect();
        let v2: Vec<i64> = b
            .iter()
            .zip(&c2)
            .map(|(x, y)| *y as i64 - *x as i64)
            .collect();
        turns += (v1 != v2) as u64;
    }
    let mut per = vec![0; s.levels() as usize];
    let pt = |c: u32| {
        let v = s.coords(c);
        (v[0] as i32, v[1] as i32)
    };
    let mut between = 0;
    for (i, &(a, b)) in edges.iter().enumerate() {
        if s.level_of(a) != s.level_of(b) {
            between += 1;
            continue;
        }
        for &(c, d) in &edges[i + 1..] {
            let same = [c, d].iter().all(|&x| s.level_of(x) == s.level_of(a));
            if same && open_segments_cross([pt(a), pt(b)], [pt(c), pt(d)]) {
                per[s.level_of(a) as usize] += 1;
            }
        }
    }
    (turns, per, between)
}

#[test]
fn metrics_match_a_brute_force_count_on_small_boards() {
    let mut crossed = 0;
    for board in ["4x4x4", "6x5x3", "5x5x4", "4x3x3x2", "8x6x2"] {
        for open in [false, true] {
            let name = format!("walk-{board}{}.json", if open { "-open" } else { "" });
            let t = verified(&name);
            assert_eq!(t.is_closed(), !open, "{name}");
            let (s, path) = (t.board().clone(), t.path().to_vec());
            let m = measure(&t);
            let l = m.levels.as_ref().expect("a board of more sides has levels");
            let (turns, per, between) = brute(&s, &path, !open);
            assert_eq!(m.turns, turns, "{s}");
            assert_eq!(l.crossings_per_level, per, "{s}");
            assert_eq!(m.crossings, per.iter().sum::<u64>());
            assert_eq!(l.moves_between_levels, between, "{s}");
            let edges = path.len() as u64 - open as u64;
            assert_eq!(l.moves_in_levels + l.moves_between_levels, edges);
            assert!(m.turns > 0, "{s}: a walk turns");
            crossed += m.crossings;
        }
    }
    assert!(crossed > 0, "the walks cross inside levels");
}
