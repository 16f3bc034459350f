//! Tests of the motif model: the graph and its images, the cycle split, the stored
//! motifs (every build), and with the `motif` feature the solver from scratch and
//! against brute force.

use super::*;
use crate::verify::verify;

fn chosen_of(graph: &Graph, path: &[u32], closed: bool) -> Vec<bool> {
    let mut chosen = vec![false; graph.edges().len()];
    let n = path.len();
    let steps = if closed { n } else { n - 1 };
    for i in 0..steps {
        chosen[graph.edge(path[i], path[(i + 1) % n]).unwrap()] = true;
    }
    chosen
}

#[test]
fn the_chessboard_graph_has_168_leaps_and_images_are_leaps() {
    let b = Board::new(8, 8).unwrap();
    let g = Graph::new(&b);
    assert_eq!(g.edges().len(), 168);
    for e in 0..g.edges().len() {
        let m = g.images(e, Symmetry::Mirror);
        assert_eq!(m.len(), 1);
        // The mirror is an involution; four quarter turns come back.
        assert_eq!(g.images(m[0], Symmetry::Mirror), vec![e]);
        let q = g.images(e, Symmetry::Quarter);
        assert_eq!(q.len(), 3);
        assert_eq!(g.images(q[2], Symmetry::Quarter)[0], e);
    }
}

#[test]
fn a_symmetric_cycle_counts_every_leap_and_pieces_split_cycles() {
    // The eight outer cells of the 3x3 board: a cycle with every symmetry.
    let ring = crate::examples::ring();
    let g = Graph::new(ring.board());
    let chosen = chosen_of(&g, ring.path(), true);
    assert_eq!(g.symmetric_count(&chosen, Symmetry::Mirror), 8);
    assert_eq!(g.symmetric_count(&chosen, Symmetry::Quarter), 8);
    let pieces = g.pieces(&chosen);
    // The ring, and the centre alone (it has no leap).
    assert_eq!(pieces.len(), 2);
    assert!(pieces
        .iter()
        .any(|(cells, cycle)| *cycle && cells.len() == 8));
    // Cut one leap: a path from one end to the other.
    let mut open = chosen.clone();
    open[g.edge(ring.path()[0], ring.path()[7]).unwrap()] = false;
    let pieces = g.pieces(&open);
    assert!(pieces
        .iter()
        .any(|(cells, cycle)| !*cycle && cells.len() == 8));
}

#[test]
fn specs_are_checked() {
    let mut s = Spec::open_default(8, 8);
    assert_eq!(s.ends, Ends::Open((0, 0), (6, 1)));
    assert!(s.check().is_ok());
    s.ends = Ends::Open((0, 0), (8, 1));
    assert!(s.check().unwrap_err().to_string().contains("outside"));
    s = Spec::open_default(8, 6);
    s.symmetry = Symmetry::Quarter;
    assert!(s.check().unwrap_err().to_string().contains("square"));
    s = Spec::open_default(8, 8);
    s.forced.push(((0, 0), (1, 1)));
    assert!(s
        .check()
        .unwrap_err()
        .to_string()
        .contains("not a knight's leap"));
    assert!("diagonal".parse::<Symmetry>().is_err());
}

#[test]
fn brute_force_counts_every_open_tour_of_5x5_from_a_corner() {
    // 304 open tours of the 5x5 board start in a given corner; split by their end.
    let mut tours = 0;
    for x in 0..5 {
        for y in 0..5 {
            if (x, y) == (0, 0) {
                continue;
            }
            let spec = Spec {
                ends: Ends::Open((0, 0), (x, y)),
                ..Spec::open_default(5, 5)
            };
            if let Some((best, n)) = brute::best(&spec) {
                assert!(best <= 24, "a tour has 24 leaps");
                tours += n;
            }
        }
    }
    assert_eq!(tours, 304);
    // No closed tour of a 4x4 board.
    let closed = Spec {
        ends: Ends::Closed,
        ..Spec::open_default(4, 4)
    };
    assert_eq!(brute::best(&closed), None);
}

#[test]
fn stored_motifs_are_tours_with_their_recorded_ends_and_counts() {
    assert!(!stored::all().is_empty());
    for m in stored::all() {
        let t = verify(m.tour()).unwrap_or_else(|e| panic!("{}: {e}", m.name));
        assert_eq!(t.is_closed(), m.closed, "{}", m.name);
        assert_eq!(m.recount(), m.count, "{}", m.name);
        assert!(m.count <= m.bound, "{}", m.name);
        assert!(m.command.starts_with("knights motif "), "{}", m.name);
    }
    for name in stored::HILBERT_VARIANTS {
        let m = stored::get(name).unwrap();
        let cells = m.cells();
        let side = m.side();
        assert_eq!(cells[0], (0, 0), "{name}");
        assert_eq!(cells[cells.len() - 1], (side - 2, 1), "{name}");
        assert!(!m.closed);
    }
    assert!(stored::get("nonesuch").is_err());
}

/// The gallery's motifs page lists every stored motif with its optimality figures as
/// the data has them.
#[test]
fn the_gallery_page_shows_every_stored_motifs_figures() {
    let page = include_str!("../../../content/pages/structured.md");
    for m in stored::all() {
        let verdict = if m.count == m.bound {
            "optimal"
        } else {
            "not proved optimal"
        };
        let row = format!(
            "| {} | {} | {} | {} | {verdict} | `{}` |",
            m.name, m.symmetry, m.count, m.bound, m.command
        );
        assert!(page.contains(&row), "the page lacks {row}");
    }
}

#[cfg(feature = "motif")]
mod solver {
    use std::time::Duration;

    use super::*;

    const LIMIT: Duration = Duration::from_secs(300);

    #[test]
    fn a_6x6_motif_is_solved_from_scratch_and_proved_optimal() {
        let spec = Spec::open_default(6, 6);
        let found = solve(&spec, 1, LIMIT).unwrap();
        let m = &found[0];
        let t = verify(m.tour.clone()).unwrap();
        assert!(!t.is_closed());
        assert_eq!(t.board().xy(t.path()[0]), (0, 0));
        assert_eq!(t.board().xy(t.path()[35]), (4, 1));
        assert!(m.optimal(), "count {} bound {}", m.count, m.bound);
        let g = Graph::new(t.board());
        assert_eq!(
            g.symmetric_count(&chosen_of(&g, t.path(), false), Symmetry::Mirror),
            m.count
        );
    }

    #[test]
    fn the_optimum_matches_brute_force() {
        let open = Spec::open_default(5, 5);
        let closed = Spec {
            ends: Ends::Closed,
            ..Spec::open_default(6, 5)
        };
        let quarter = Spec {
            symmetry: Symmetry::Quarter,
            ..Spec::open_default(5, 5)
        };
        for spec in [open, closed, quarter] {
            let (best, _) = brute::best(&spec).unwrap();
            let m = &solve(&spec, 1, LIMIT).unwrap()[0];
            verify(m.tour.clone()).unwrap();
            assert!(m.optimal(), "{spec:?}");
            assert_eq!(m.count, best, "{spec:?}");
        }
    }

    #[test]
    fn no_good_cuts_enumerate_distinct_tours_in_order() {
        let spec = Spec::open_default(6, 6);
        let found = solve(&spec, 3, LIMIT).unwrap();
        assert_eq!(found.len(), 3);
        assert!(found.windows(2).all(|w| w[0].count >= w[1].count));
        assert_ne!(found[0].tour.path(), found[1].tour.path());
        assert_ne!(found[1].tour.path(), found[2].tour.path());
    }

    #[test]
    fn forced_leaps_and_repetition_hold_in_the_answer() {
        let spec = Spec {
            forced: vec![((3, 3), (4, 5))],
            repeat: Some(Repeat {
                period: 4,
                margin: 2,
            }),
            ..Spec::open_default(12, 12)
        };
        let m = &solve(&spec, 1, LIMIT).unwrap()[0];
        let t = verify(m.tour.clone()).unwrap();
        let g = Graph::new(t.board());
        let chosen = chosen_of(&g, t.path(), false);
        let b = t.board();
        assert!(chosen[g.edge(b.index(3, 3), b.index(4, 5)).unwrap()]);
        let pairs = g.repeated(spec.repeat.unwrap());
        assert!(!pairs.is_empty());
        assert!(pairs.iter().all(|&(e, f)| chosen[e] == chosen[f]));
    }

    #[test]
    fn stored_8x8_motifs_have_the_optimal_count() {
        for m in stored::all().iter().filter(|m| m.side() == 8) {
            let spec = Spec {
                symmetry: m.symmetry(),
                ..Spec::open_default(8, 8)
            };
            let best = &solve(&spec, 1, LIMIT).unwrap()[0];
            assert!(best.optimal(), "{}", m.name);
            assert_eq!(best.count, m.count, "{}", m.name);
            assert_eq!(m.bound, m.count, "{}", m.name);
        }
    }
}
